//go:build !unix

package bigmem

// canMap is false: blocks come from make.
const canMap = false

func mapBlock(n int) ([]byte, error) { return make([]byte, n), nil }

func unmapBlock([]byte) {}

// reserve reports true: there is no address space to try here.
func reserve(int) bool { return true }
