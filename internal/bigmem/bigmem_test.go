package bigmem

import (
	"errors"
	"math"
	"runtime"
	"syscall"
	"testing"

	"github.com/hexdame/hexdame/internal/aslimit"
)

func TestMake(t *testing.T) {
	for _, n := range []int{0, 1, 1000, hugePage/8 + 1} {
		s, err := Make[uint64](n)
		if err != nil || len(s) != n {
			t.Fatalf("Make(%d): %d values, %v", n, len(s), err)
		}
		for i := range s {
			if s[i] != 0 {
				t.Fatalf("Make(%d)[%d] = %d, not zero", n, i, s[i])
			}
			s[i] = uint64(i)
		}
		Huge(s)
		Free(s)
	}
	if _, err := Make[byte](-1); err == nil {
		t.Error("Make(-1): no error")
	}
	if _, err := Make[[4]uint64](math.MaxInt / 16); !errors.Is(err, ErrTooLarge) {
		t.Errorf("Make of MaxInt/16 32-byte values: %v, want ErrTooLarge", err)
	}
}

// A block its owner no longer reaches is given back.
func TestOwn(t *testing.T) {
	type owner struct{ s []byte }
	freed := make(chan struct{})
	o := &owner{}
	var err error
	if o.s, err = Make[byte](1 << 20); err != nil {
		t.Fatal(err)
	}
	Own(o, o.s)
	runtime.AddCleanup(o, func(chan struct{}) { close(freed) }, freed)
	o = nil
	for i := 0; i < 100; i++ {
		runtime.GC()
		select {
		case <-freed:
			return
		default:
		}
	}
	t.Error("the owner was not collected")
}

// With 512 MiB of address space to spare, a block of 1 GiB is an error
// wrapping ENOMEM, and the program goes on.
func TestMakeUnderLimit(t *testing.T) {
	if !aslimit.Child(t, 512<<20) {
		return
	}
	_, err := Make[byte](1 << 30)
	if runtime.GOOS == "linux" && !errors.Is(err, syscall.ENOMEM) {
		t.Errorf("Make of 1 GiB with 512 MiB to spare: %v, want ENOMEM", err)
	}
	s, err := Make[byte](16 << 20)
	if err != nil {
		t.Fatalf("Make of 16 MiB with 512 MiB to spare: %v", err)
	}
	s[len(s)-1] = 1
	Free(s)
}
