//go:build !amd64

package engine

// prefetch does nothing where the engine has no prefetch instruction.
func prefetch(addr uintptr) {}
