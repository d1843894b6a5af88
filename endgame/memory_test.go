package endgame

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/hexdame/hexdame/internal/aslimit"
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

// With 128 MiB of address space to spare, a table file of 253 MiB (KKMvKM,
// a sparse file with a valid header) and the 92 MiB working state of
// building KKKKvK are errors naming what could not be had, wrapping
// ENOMEM, not the end of the program. Before, make died of "fatal error:
// out of memory".
func TestTablesUnderAddressLimit(t *testing.T) {
	if !aslimit.Child(t, 128<<20) {
		return
	}
	dir := t.TempDir()
	m := MustParseMaterial("KKMvKM")
	h := header{mat: m}
	for i, x := range partsOf(m) {
		h.parts, h.sizes[i] = i+1, newIndexer(x).size
	}
	path := filepath.Join(dir, m.FileName())
	if err := os.WriteFile(path, h.encode(), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(path, int64(headerSize+h.sizes[0]+h.sizes[1])); err != nil {
		t.Fatal(err)
	}
	var s partSet
	err := s.load(dir, m)
	var fe *FileError
	if !errors.As(err, &fe) || fe.Path != path || !errors.Is(err, syscall.ENOMEM) {
		t.Errorf("loading %s: %v; want a *FileError naming it and wrapping ENOMEM", path, err)
	}

	for _, d := range []string{"KvK", "KKvK", "KKKvK"} {
		writeBlank(t, dir, MustParseMaterial(d))
	}
	err = Build(context.Background(), dir, MustParseMaterial("KKKKvK"), BuildOptions{})
	if !errors.Is(err, syscall.ENOMEM) {
		t.Errorf("building KKKKvK: %v; want ENOMEM", err)
	}
}
