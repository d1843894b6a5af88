package hexdame

import (
	"errors"
	"runtime"
	"syscall"
	"testing"

	"github.com/hexdame/hexdame/internal/aslimit"
)

// With 512 MiB of address space to spare, a perft cache of 2 GiB is an
// error (ENOMEM), not the end of the program, and a small one still works.
func TestPerftCacheUnderAddressLimit(t *testing.T) {
	if !aslimit.Child(t, 512<<20) {
		return
	}
	if tb, err := NewPerftCache(2048); tb != nil || !errors.Is(err, syscall.ENOMEM) {
		t.Errorf("NewPerftCache(2048): %v, %v; want ENOMEM", tb, err)
	}
	tb := newPerftCache(t, 16)
	if n := Perft(StartPosition(), 4, PerftOptions{Cache: tb, Workers: 2}); n != 51589 {
		t.Errorf("Perft(4) with a cache: %d, want 51589", n)
	}
}

// A copy of a PerftCache keeps its memory when the original is gone.
func TestPerftCacheCopy(t *testing.T) {
	tb := newPerftCache(t, 1)
	c := *tb
	tb = nil
	for range 5 {
		runtime.GC()
	}
	if n := Perft(StartPosition(), 4, PerftOptions{Cache: &c, Workers: 2}); n != 51589 {
		t.Errorf("Perft(4) with the copy of a cache: %d, want 51589", n)
	}
}
