package bigmem

import (
	"errors"
	"math"
	"runtime"
	"syscall"
	"testing"

	"github.com/hexdame/hexdame/internal/aslimit"
)

func TestNew(t *testing.T) {
	for _, n := range []int{0, 1, 1000, hugePage/8 + 1} {
		b, err := New[uint64](n)
		if err != nil || len(b.Values()) != n {
			t.Fatalf("New(%d): %v", n, err)
		}
		s := b.Values()
		for i := range s {
			if s[i] != 0 {
				t.Fatalf("New(%d)[%d] = %d, not zero", n, i, s[i])
			}
			s[i] = uint64(i)
		}
		b.Huge()
		b.Free()
		if b.Values() != nil {
			t.Errorf("New(%d): values after Free", n)
		}
		b.Free()
	}
	if _, err := New[byte](-1); err == nil {
		t.Error("New(-1): no error")
	}
	if _, err := New[[4]uint64](math.MaxInt / 16); !errors.Is(err, ErrTooLarge) {
		t.Errorf("New of MaxInt/16 32-byte values: %v, want ErrTooLarge", err)
	}
}

// A block no longer reachable gives its memory back.
func TestCleanup(t *testing.T) {
	b, err := New[byte](1 << 20)
	if err != nil {
		t.Fatal(err)
	}
	freed := make(chan struct{})
	runtime.AddCleanup(b, func(chan struct{}) { close(freed) }, freed)
	b = nil
	for range 100 {
		runtime.GC()
		select {
		case <-freed:
			return
		default:
		}
	}
	t.Error("the block was not collected")
}

// With 512 MiB of address space to spare, a block of 1 GiB is an error
// wrapping ENOMEM, and the program goes on; blocks given back make room.
func TestNewUnderLimit(t *testing.T) {
	if !aslimit.Child(t, 512<<20) {
		return
	}
	if _, err := New[byte](1 << 30); !errors.Is(err, syscall.ENOMEM) {
		t.Errorf("New of 1 GiB with 512 MiB to spare: %v, want ENOMEM", err)
	}
	for i := range 8 {
		b, err := New[byte](200 << 20)
		if err != nil {
			t.Fatalf("block %d of 200 MiB, the others freed: %v", i, err)
		}
		b.Values()[len(b.Values())-1] = 1
		b.Free()
	}
}

// CanReserve tells address space that can still be mapped from address
// space that cannot, under an address-space limit, and leaves nothing
// mapped.
func TestCanReserve(t *testing.T) {
	if !aslimit.Child(t, 64<<20) {
		return
	}
	if CanReserve(1 << 30) {
		t.Errorf("1 GiB can be reserved with 64 MiB of address space to spare")
	}
	for range 100 { // each reservation is given back
		if !CanReserve(16 << 20) {
			t.Fatalf("16 MiB cannot be reserved with 64 MiB of address space to spare")
		}
	}
	if !CanReserve(0) {
		t.Errorf("nothing cannot be reserved")
	}
}
