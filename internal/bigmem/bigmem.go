// Package bigmem makes large blocks of memory whose allocation can fail
// without ending the program. Go's make ends the program ("fatal error:
// out of memory") when the system refuses it memory; New returns the
// refusal as an error instead. The engine's hash table, the endgame tables
// and perft's cache, sized by their callers, come from here.
//
// Errors follow the module's convention (see package hexdame): ErrTooLarge
// for errors.Is, and no package name before an error's text.
package bigmem

import (
	"errors"
	"fmt"
	"math"
	"runtime"
	"unsafe"
)

// A Block holds values of a type T that holds no pointers, in memory of
// its own. Its memory is given back by Free, or once the Block is
// unreachable; code that uses the values after its last use of the Block
// (or of a value that points to it) must keep the Block alive
// (runtime.KeepAlive) until it is done with them. A value that points to
// the Block may be copied: the copies keep it.
type Block[T any] struct {
	values  []T
	cleanup runtime.Cleanup
}

// New returns a block of n zero values of type T. It returns an error
// when n is negative, when n values of T are more bytes than an int
// counts (wrapping ErrTooLarge), or when the system refuses the memory
// (on Unix, mmap's error: syscall.ENOMEM when the address-space limit,
// the memory or the overcommit policy forbids it).
//
// On Unix the block is mapped for itself alone, outside Go's heap, and the
// system gives its pages as they are first touched. Elsewhere it comes
// from make, whose failure ends the program.
//
// T must hold no pointers: the garbage collector does not look into the
// block.
func New[T any](n int) (*Block[T], error) {
	var zero T
	size := int(unsafe.Sizeof(zero))
	switch {
	case n < 0:
		return nil, fmt.Errorf("a block of %d values", n)
	case n == 0 || size == 0 || !canMap:
		return &Block[T]{values: make([]T, n)}, nil
	case n > (math.MaxInt-hugePage)/size:
		return nil, fmt.Errorf("a block of %d values of %d bytes: %w", n, size, ErrTooLarge)
	}
	mem, err := mapBlock(blockSize(n * size))
	if err != nil {
		return nil, err
	}
	b := &Block[T]{values: unsafe.Slice((*T)(unsafe.Pointer(unsafe.SliceData(mem))), n)}
	b.cleanup = runtime.AddCleanup(b, unmap[T], b.values)
	return b, nil
}

// CanReserve reports whether the process can still map n more bytes of
// address space: on Unix it maps them, inaccessible and without
// committing memory, and unmaps them at once, so that it is the
// address-space limit (RLIMIT_AS, ulimit -v) that answers. A program
// under such a limit asks it before it takes memory it could do without,
// to leave room for Go's heap, which grows by mappings of 64 MiB and
// ends the program when the system refuses one. Elsewhere it reports
// true.
func CanReserve(n int) bool { return n <= 0 || reserve(n) }

// ErrTooLarge is wrapped by the error New returns for a block of more
// bytes than an int counts.
var ErrTooLarge = errors.New("too large")

// Values returns the block's values; nil after Free.
func (b *Block[T]) Values() []T { return b.values }

// Free gives the block's memory back at once. Neither its values nor any
// part of them may be used afterwards. A second Free does nothing.
func (b *Block[T]) Free() {
	b.cleanup.Stop()
	unmap(b.values)
	b.values = nil
}

// Huge asks for the block to be backed by huge pages (2 MiB on x86-64
// Linux), so that reaching any part of it costs fewer page-table walks.
// Where the system has no such request, it does nothing.
func (b *Block[T]) Huge() {
	if mem := mapped(b.values); mem != nil {
		adviseHuge(mem)
	}
}

// unmap gives the memory of values, from mapBlock, back to the system.
func unmap[T any](values []T) {
	if mem := mapped(values); mem != nil {
		unmapBlock(mem)
	}
}

// mapped returns the memory mapped for values, nil when they are not in
// memory of their own.
func mapped[T any](values []T) []byte {
	if !canMap || len(values) == 0 || unsafe.Sizeof(values[0]) == 0 {
		return nil
	}
	n := len(values) * int(unsafe.Sizeof(values[0]))
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(values))), blockSize(n))
}

// hugePage is the size of a huge page. Blocks of at least that size are
// rounded up to a multiple of it, so that Huge covers their last bytes.
const hugePage = 2 << 20

// blockSize returns the bytes mapped for a block of n bytes.
func blockSize(n int) int {
	if n < hugePage {
		return n
	}
	return (n + hugePage - 1) / hugePage * hugePage
}
