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

// With 150 MiB of address space to spare, the default table (HashMiB 0)
// is the largest power of two that leaves fitHeadroom free, and the
// engine searches with it; a table asked for by its size that does not
// fit is still refused. Under prlimit --as=1073741824 the default
// table of 64 MiB did not fit, and hexdame hub and analyze could not play
// (issue 36). (With 48 MiB to spare, the room of the first versions of
// this test, the Go heap could not take a second arena once the first
// search read the pattern weights: it died, 1 run of CI in 2.)
func TestDefaultTableFallsBack(t *testing.T) {
	if !aslimit.Child(t, 150<<20) {
		return
	}
	if e, err := New(Options{HashMiB: 256}); e != nil || !errors.Is(err, syscall.ENOMEM) {
		t.Errorf("New with a table of 256 MiB asked for: %v, %v; want ENOMEM", e, err)
	}
	e, err := New(Options{})
	if err != nil {
		t.Fatalf("New with the default table: %v", err)
	}
	if mib := e.Options().HashMiB; mib < 1 || mib >= DefaultHashMiB || mib&(mib-1) != 0 {
		t.Errorf("the default table fell back to %d MiB; want a power of two below %d", mib, DefaultHashMiB)
	}
	if _, err := e.Search(context.Background(), hexdame.StartPosition(), SearchOptions{Limits: Limits{Depth: 4}}); err != nil {
		t.Errorf("search with the smaller table: %v", err)
	}
	// The zero Engine makes the default table at its first search.
	var z Engine
	if _, err := z.Search(context.Background(), hexdame.StartPosition(), SearchOptions{Limits: Limits{Depth: 2}}); err != nil {
		t.Errorf("the zero Engine's search: %v", err)
	}
	// Options as Options returns them keep the table.
	o := e.Options()
	o.Level = 4
	if err := e.SetOptions(o); err != nil || e.Options().HashMiB != o.HashMiB {
		t.Errorf("SetOptions with the size made: %v, %d MiB", err, e.Options().HashMiB)
	}
}

// Where the system gives it, the default table is DefaultHashMiB.
func TestDefaultTable(t *testing.T) {
	e, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	if mib := e.Options().HashMiB; mib != DefaultHashMiB {
		t.Errorf("default table of %d MiB, want %d", mib, DefaultHashMiB)
	}
}
