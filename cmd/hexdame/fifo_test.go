//go:build unix

package main

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// A named pipe with a table's name, or given as the tables' directory, is
// refused in one line, at once; before, the tool blocked forever opening
// it.
func TestEndgameNamedPipe(t *testing.T) {
	tables := copyDir(t, tablesDir(t))
	pipe := filepath.Join(tables, "KvM.egt")
	if err := os.Remove(pipe); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(pipe, 0o644); err != nil {
		t.Fatal(err)
	}
	pipeDir := filepath.Join(t.TempDir(), "tables")
	if err := syscall.Mkfifo(pipeDir, 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		args   []string
		status int
		stderr string
	}{
		{[]string{"endgame", "probe", "-fen", "W:WKa1:BKb1", tables}, 1, "hexdame endgame: " + pipe + ": table file corrupt: a named pipe, not a table\n"},
		{[]string{"endgame", "stats", "-pieces", "2", tables}, 1, "hexdame endgame: " + pipe + ": table file corrupt: a named pipe, not a table\n"},
		{[]string{"endgame", "probe", pipeDir}, 2, "hexdame endgame: " + pipeDir + ": no endgame tables: not a directory\n"},
		{[]string{"analyze", "-depth", "1", "-tables", pipeDir}, 2, "hexdame analyze: -tables: " + pipeDir + ": no endgame tables: not a directory\n"},
		{[]string{"endgame", "build", "-pieces", "2", pipeDir}, 2, "hexdame endgame: mkdir " + pipeDir + ": not a directory\n"},
	}
	for _, tc := range tests {
		done := make(chan struct{})
		go func() {
			defer close(done)
			status, out, errOut := runCLI(t, "", tc.args...)
			if status != tc.status || out != "" || errOut != tc.stderr {
				t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit %d and %q", tc.args, status, out, errOut, tc.status, tc.stderr)
			}
		}()
		select {
		case <-done:
		case <-time.After(time.Minute):
			t.Fatalf("%q: still blocked after a minute", tc.args)
		}
	}
}
