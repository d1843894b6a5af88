package bigmem

import "syscall"

// adviseHuge marks b for transparent huge pages (MADV_HUGEPAGE); where the
// kernel does not have them, b keeps small pages.
func adviseHuge(b []byte) { _ = syscall.Madvise(b, 14) }
