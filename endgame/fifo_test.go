//go:build unix

package endgame

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// within runs f and fails the test if it has not returned after a minute
// (a blocking open of a named pipe never returns).
func within(t *testing.T, what string, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	select {
	case <-done:
	case <-time.After(time.Minute):
		t.Fatalf("%s: still blocked after a minute", what)
	}
}

// A named pipe, or a directory, with a table's name is refused as corrupt
// without blocking; so is a named pipe given as the directory. BuildAll
// builds the table in place of such a pipe.
func TestTableNotRegular(t *testing.T) {
	dir := t.TempDir()
	kvk := filepath.Join(dir, MustParseMaterial("KvK").FileName())
	if err := syscall.Mkfifo(kvk, 0o644); err != nil {
		t.Fatal(err)
	}
	fifoDir := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifoDir, 0o644); err != nil {
		t.Fatal(err)
	}
	subdir := t.TempDir()
	if err := os.Mkdir(filepath.Join(subdir, "KvK.egt"), 0o755); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		dir  string
		opts LoadOptions
		path string // the path the error names
		want error
	}{
		{dir, LoadOptions{}, kvk, ErrCorrupt},
		{dir, LoadOptions{MaxPieces: 2}, kvk, ErrCorrupt},
		{subdir, LoadOptions{MaxPieces: 2}, filepath.Join(subdir, "KvK.egt"), ErrCorrupt},
		{fifoDir, LoadOptions{}, fifoDir, ErrNoTables},
		{fifoDir, LoadOptions{MaxPieces: 2}, fifoDir, ErrNoTables},
	}
	for _, tc := range tests {
		within(t, "Load "+tc.dir, func() {
			_, err := Load(tc.dir, tc.opts)
			var fe *FileError
			if !errors.As(err, &fe) || fe.Path != tc.path || !errors.Is(err, tc.want) {
				t.Errorf("Load(%s, %+v): %v; want a *FileError naming %s, wrapping %v", tc.dir, tc.opts, err, tc.path, tc.want)
			}
		})
	}
	within(t, "BuildAll", func() {
		if err := BuildAll(context.Background(), dir, 2, BuildOptions{}); err != nil {
			t.Fatal(err)
		}
	})
	if _, err := Load(dir, LoadOptions{}); err != nil {
		t.Errorf("Load after BuildAll: %v", err)
	}
}
