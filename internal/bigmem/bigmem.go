// Package bigmem makes large blocks of memory whose allocation can fail
// without ending the program. Go's make ends the program ("fatal error:
// out of memory") when the system refuses it memory; Make returns the
// refusal as an error instead. The engine's table, the endgame tables and
// perft's table, sized by their callers, come from here.
package bigmem

import (
	"errors"
	"fmt"
	"math"
	"runtime"
	"unsafe"
)

// Make returns n zero values of type T. It returns an error when n is
// negative, when n values of T are more bytes than an int counts
// (wrapping ErrTooLarge), or when the system refuses the memory (on Unix,
// mmap's error: syscall.ENOMEM when the address-space limit, the memory or
// the overcommit policy forbids it).
//
// On Unix the block is mapped for itself alone, outside Go's heap, and the
// system gives its pages as they are first touched. Elsewhere it comes
// from make, whose failure ends the program.
//
// T must hold no pointers: the garbage collector does not look into the
// block. The block stays until Free gives it back, or, after Own, until
// its owner is unreachable.
func Make[T any](n int) ([]T, error) {
	var zero T
	size := int(unsafe.Sizeof(zero))
	switch {
	case n < 0:
		return nil, fmt.Errorf("bigmem: %d values", n)
	case n == 0 || size == 0 || !canMap:
		return make([]T, n), nil
	case n > (math.MaxInt-hugePage)/size:
		return nil, fmt.Errorf("bigmem: %d values of %d bytes: %w", n, size, ErrTooLarge)
	}
	mem, err := mapBlock(blockSize(n * size))
	if err != nil {
		return nil, err
	}
	return unsafe.Slice((*T)(unsafe.Pointer(unsafe.SliceData(mem))), n), nil
}

// ErrTooLarge is wrapped by the error Make returns for a block of more
// bytes than an int counts.
var ErrTooLarge = errors.New("too large")

// Free gives block s, from Make, back to the system. Neither s nor any
// part of it may be used afterwards; s must not be given to Free again,
// nor have an owner (Own). An empty s is ignored.
func Free[T any](s []T) {
	if b := bytesOf(s); canMap && len(b) > 0 {
		unmapBlock(unsafe.Slice(unsafe.SliceData(b), blockSize(len(b))))
	}
}

// Own frees block s, from Make, once owner is unreachable. Code that
// uses s after its last use of owner must keep owner alive
// (runtime.KeepAlive) until it is done with s. To free s before, stop the
// cleanup Own returns, then call Free.
func Own[T, O any](owner *O, s []T) runtime.Cleanup {
	if len(bytesOf(s)) == 0 {
		return runtime.Cleanup{}
	}
	return runtime.AddCleanup(owner, Free[T], s)
}

// Huge asks for block s, from Make, to be backed by huge pages (2 MiB on
// x86-64 Linux), so that reaching any part of it costs fewer page-table
// walks. Where the system has no such request, it does nothing.
func Huge[T any](s []T) {
	if b := bytesOf(s); canMap && len(b) > 0 {
		adviseHuge(unsafe.Slice(unsafe.SliceData(b), blockSize(len(b))))
	}
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

// bytesOf returns the bytes of s.
func bytesOf[T any](s []T) []byte {
	if len(s) == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s))), len(s)*int(unsafe.Sizeof(s[0])))
}
