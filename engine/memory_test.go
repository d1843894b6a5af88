package engine

import (
	"context"
	"errors"
	"syscall"
	"testing"

	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/internal/aslimit"
)

// With 512 MiB of address space to spare, a table of 2 GiB is an error
// (ENOMEM) from New and SetOptions, not the end of the program; SetOptions
// then changes nothing; and a change of size gives the old table's memory
// back at once (tables of 150 and 200 MiB in turn fit only so).
func TestTableUnderAddressLimit(t *testing.T) {
	if !aslimit.Child(t, 512<<20) {
		return
	}
	if e, err := New(Options{HashMiB: 2048}); e != nil || !errors.Is(err, syscall.ENOMEM) {
		t.Errorf("New with a table of 2048 MiB: %v, %v; want ENOMEM", e, err)
	}
	e, err := New(Options{HashMiB: 16, Level: 3})
	if err != nil {
		t.Fatal(err)
	}
	if err := e.SetOptions(Options{HashMiB: 2048, Level: 5}); !errors.Is(err, syscall.ENOMEM) {
		t.Errorf("SetOptions with a table of 2048 MiB: %v; want ENOMEM", err)
	}
	if o := e.Options(); o.HashMiB != 16 || o.Level != 3 {
		t.Errorf("after a refused SetOptions: %+v, want the old options", o)
	}
	for i := range 6 {
		mib := []int{150, 200}[i%2]
		if err := e.SetOptions(Options{HashMiB: mib}); err != nil {
			t.Fatalf("change %d to a table of %d MiB: %v", i, mib, err)
		}
	}
	if _, err := e.Search(context.Background(), hexdame.StartPosition(), SearchOptions{Limits: Limits{Depth: 2}}); err != nil {
		t.Errorf("search after the changes: %v", err)
	}
}
