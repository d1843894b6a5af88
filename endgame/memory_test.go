package endgame

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"syscall"
	"testing"

	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/internal/aslimit"
	"github.com/hexdame/hexdame/internal/bigmem"
)

// writeBlank writes a valid table file of canonical material m into dir
// whose entries are all draws: a stand-in for a dependency.
func writeBlank(t *testing.T, dir string, m Material) {
	t.Helper()
	var parts [][]byte
	for _, x := range partsOf(m) {
		parts = append(parts, make([]byte, newIndexer(x).size))
	}
	if err := writeTable(dir, m, parts, 0); err != nil {
		t.Fatal(err)
	}
}

// With 512 MiB of address space to spare, a table file of 848 MiB
// (KKKKvKK, a sparse file with a valid header) and the 1 GiB working state
// of building KKKKKvK are errors naming what could not be had, wrapping
// ENOMEM, not the end of the program. Before, make died of "fatal error:
// out of memory". The files are written before the limit (in the child as
// in the parent), and the limit leaves the Go heap room for the indexes
// Build makes: with 128 MiB to spare and the files written under the limit,
// a collection that came late on a busy machine let the runtime's own
// allocation fail (2 runs of 16, four at once), and the 92 MiB state of
// KKKKvK could fit.
func TestTablesUnderAddressLimit(t *testing.T) {
	dir := t.TempDir()
	m := MustParseMaterial("KKKKvKK")
	h := header{mat: m}
	for i, x := range partsOf(m) {
		h.parts, h.sizes[i] = i+1, newIndexer(x).size
	}
	path := filepath.Join(dir, m.FileName())
	if err := os.WriteFile(path, h.encode(), 0o644); err != nil {
		t.Fatal(err)
	}
	var size int64 = headerSize
	for _, n := range h.sizes[:h.parts] {
		size += int64(n)
	}
	if err := os.Truncate(path, size); err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{"KvK", "KKvK", "KKKvK", "KKKKvK"} {
		writeBlank(t, dir, MustParseMaterial(d))
	}
	runtime.GC()
	if !aslimit.Child(t, 512<<20) {
		return
	}

	var s partSet
	err := s.load(dir, m)
	var fe *FileError
	if !errors.As(err, &fe) || fe.Path != path || !errors.Is(err, syscall.ENOMEM) {
		t.Errorf("loading %s: %v; want a *FileError naming it and wrapping ENOMEM", path, err)
	}
	err = Build(context.Background(), dir, MustParseMaterial("KKKKKvK"), BuildOptions{})
	if !errors.Is(err, syscall.ENOMEM) {
		t.Errorf("building KKKKKvK: %v; want ENOMEM", err)
	}
}

// MaxMemory refuses, before any work, tables that take more: Load with
// an error naming the directory, Build and BuildAll before writing or
// reporting anything.
func TestMaxMemory(t *testing.T) {
	src, err := smallTables()
	if err != nil {
		t.Fatal(err)
	}
	var need uint64 // the tables up to 3 pieces
	for _, m := range Materials(3) {
		need += tableMemory(m)
	}
	if _, err := Load(src, LoadOptions{MaxMemory: need}); err != nil {
		t.Errorf("Load with MaxMemory %d, as much as the tables take: %v", need, err)
	}
	_, err = Load(src, LoadOptions{MaxMemory: need - 1})
	var fe *FileError
	if !errors.As(err, &fe) || fe.Path != src || !errors.Is(err, ErrMemory) {
		t.Errorf("Load with MaxMemory %d, a byte less than the tables take: %v; want a *FileError naming %s, wrapping ErrMemory", need-1, err, src)
	}

	// Only the tables there count: KvK and KKvK.
	some := copyTables(t, src, "KvK", "KKvK")
	need = tableMemory(MustParseMaterial("KvK")) + tableMemory(MustParseMaterial("KKvK"))
	if _, err := Load(some, LoadOptions{MaxMemory: need}); err != nil {
		t.Errorf("Load of KvK and KKvK with MaxMemory %d, as much as they take: %v", need, err)
	}
	if _, err := Load(some, LoadOptions{MaxMemory: need - 1}); !errors.Is(err, ErrMemory) {
		t.Errorf("Load of KvK and KKvK with MaxMemory a byte short: %v, want ErrMemory", err)
	}

	kmvm := MustParseMaterial("KMvM")
	want := 2*tableSize(kmvm) + tableMemory(kmvm)
	for _, d := range kmvm.Dependencies() {
		want += tableMemory(d)
	}
	if got := BuildMemory(kmvm); got != want || got == 0 {
		t.Errorf("BuildMemory(KMvM) = %d, want %d", got, want)
	}
	if got := BuildMemory(Material{}); got != 0 {
		t.Errorf("BuildMemory of no material = %d, want 0", got)
	}
	dir := t.TempDir()
	var others []string // the tables up to 3 pieces but KMvM's
	for _, m := range Materials(3) {
		if m == kmvm {
			continue
		}
		others = append(others, m.FileName())
		b, err := os.ReadFile(filepath.Join(src, m.FileName()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, m.FileName()), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	reported := false
	opts := BuildOptions{MaxMemory: want - 1, Progress: func(Progress) { reported = true }}
	if err := Build(context.Background(), dir, kmvm, opts); !errors.Is(err, ErrMemory) {
		t.Errorf("Build of KMvM with MaxMemory a byte short: %v, want ErrMemory", err)
	}
	if err := BuildAll(context.Background(), dir, 3, opts); !errors.Is(err, ErrMemory) {
		t.Errorf("BuildAll of 3 pieces with MaxMemory a byte short of KMvM's build: %v, want ErrMemory", err)
	}
	if files, _ := filepath.Glob(filepath.Join(dir, "*")); reported || len(files) != len(others) {
		t.Errorf("refused builds reported progress (%v) or wrote files: %v", reported, files)
	}
	opts.MaxMemory = want
	if err := Build(context.Background(), dir, kmvm, opts); err != nil {
		t.Errorf("Build of KMvM with MaxMemory as much as it takes: %v", err)
	}
}

// A block of more bytes than an int counts (a table of 6 pieces or more on
// a 32-bit system) is an error, not a wrapped-around size.
func TestNewBlockTooLarge(t *testing.T) {
	if _, err := newBlock(1 << 63); !errors.Is(err, bigmem.ErrTooLarge) {
		t.Errorf("newBlock(2^63): %v, want ErrTooLarge", err)
	}
}

// The memory of a build is counted without making its indexes: BuildAll
// of 8 pieces with 1 GiB refuses at once, with nothing written. Before,
// counting the sizes of the tables of 6 to 8 pieces made their indexes'
// lead tables (gigabytes) and took 6 minutes.
func TestBuildMemoryOfLargeTables(t *testing.T) {
	dir := t.TempDir()
	leadMu.Lock()
	start := len(leadCache)
	leadMu.Unlock()
	err := BuildAll(context.Background(), dir, MaxPieces, BuildOptions{MaxMemory: 1 << 30})
	if !errors.Is(err, ErrMemory) {
		t.Errorf("BuildAll of %d pieces with 1 GiB: %v, want ErrMemory", MaxPieces, err)
	}
	if files, _ := filepath.Glob(filepath.Join(dir, "*")); len(files) > 0 {
		t.Errorf("files written: %v", files)
	}
	big := MustParseMaterial("KKKMMvKKM")
	if n := BuildMemory(big); n < 3*3176826843960 {
		t.Errorf("BuildMemory(%v) = %d, want at least 3 bytes for each of its 3,176,826,843,960 positions", big, n)
	}
	leadMu.Lock()
	defer leadMu.Unlock()
	if n := len(leadCache); n > start {
		t.Errorf("%d lead tables made", n-start)
	}
}

// A copy of Tables keeps their memory when the original is gone.
func TestTablesCopy(t *testing.T) {
	tb := loadSmall(t)
	c := *tb
	tb = nil
	for range 5 {
		runtime.GC()
	}
	if v, d, ok := c.Probe(hexdame.MustParseFEN("W:Wh8:Bi9")); v != Loss || d != 2 || !ok {
		t.Errorf("Probe of a copy: %v %d %v, want loss 2 true", v, d, ok)
	}
}
