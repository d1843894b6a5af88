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
