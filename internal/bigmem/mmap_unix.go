//go:build unix

package bigmem

import "syscall"

const canMap = true

// mapBlock maps n bytes of zeroed private memory.
func mapBlock(n int) ([]byte, error) {
	return syscall.Mmap(-1, 0, n, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
}

// unmapBlock unmaps b, from mapBlock.
func unmapBlock(b []byte) { _ = syscall.Munmap(b) }

// reserve reports whether n bytes of address space can still be mapped,
// mapping them inaccessible and without committing memory (so that only
// the address-space limit, RLIMIT_AS, can refuse them), then unmapping
// them.
func reserve(n int) bool {
	b, err := syscall.Mmap(-1, 0, n, syscall.PROT_NONE, syscall.MAP_PRIVATE|syscall.MAP_ANON|syscall.MAP_NORESERVE)
	if err != nil {
		return false
	}
	_ = syscall.Munmap(b)
	return true
}
