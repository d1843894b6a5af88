//go:build unix

package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// An openings file is read as a stream: /dev/zero, a line without end, is
// refused at once, where os.ReadFile read it until the memory ran out.
func TestMatchOpeningsEndlessFile(t *testing.T) {
	done := make(chan struct{})
	go func() {
		defer close(done)
		status, out, errOut := runCLI(t, "", "match", "-engine", "hexdame hub-random", "-engine", "hexdame hub-random", "-openings", "/dev/zero")
		want := "hexdame match: -openings: /dev/zero line 1: a line longer than 65536 bytes: not a file of openings\n"
		if status != 2 || out != "" || errOut != want {
			t.Errorf("exit %d, stdout %q, stderr %q; want exit 2 and %q", status, out, errOut, want)
		}
	}()
	select {
	case <-done:
	case <-time.After(time.Minute):
		t.Fatal("still reading /dev/zero after a minute")
	}
}

// The openings: FEN lines after comments and blank lines, PDN games, and
// what is refused, each read through a pipe as well as a file (a pipe
// cannot be read twice, so the lines read to tell FEN from PDN are kept).
func TestReadOpenings(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name, text string
		labels     []string
		err        string
	}{
		{"fen", "# a comment\n\nW:W40:B10\n  B:W40:B10  \n", []string{"line 3", "line 4"}, ""},
		{"fen-crlf", "W:W40:B10\r\nB:W40:B10", []string{"line 1", "line 2"}, ""},
		{"fen-bom", "\ufeffW:W40:B10\r\nB:W40:B10\r\n", []string{"line 1", "line 2"}, ""},
		{"bom-comment", "\ufeff# a comment\nW:W40:B10\n", []string{"line 2"}, ""},
		{"pdn", "% a comment\n\n[Event \"x\"]\n1. d4-e5 *\n\n[Event \"y\"]\n1. d4-d5 *\n", []string{"game 1", "game 2"}, ""},
		{"bad-fen", "W:W40:B10\nW:Wz9\n", nil, "line 2: "},
		{"no-move", "W:W40:B10\nW:W1:B61\n", nil, "line 2: the side to move has no legal move"},
		{"long", "W:W40:B10\n" + strings.Repeat("x", maxOpeningLine+1) + "\n", nil, "line 2: a line longer than 65536 bytes"},
		{"empty", "\n\n", nil, "holds no opening"},
		{"bad-pdn", "1. d4-e5 *\n\n1. d4-e5 ) *\n", nil, ":3:10: game 2, invalid PDN: ) without ("},
	}
	for _, tc := range tests {
		file := filepath.Join(dir, tc.name)
		if err := os.WriteFile(file, []byte(tc.text), 0o644); err != nil {
			t.Fatal(err)
		}
		pipe := filepath.Join(dir, tc.name+".pipe")
		if err := syscall.Mkfifo(pipe, 0o644); err != nil {
			t.Fatal(err)
		}
		go func() {
			// The writer of the pipe: it ends when the reader has read
			// all or closed the pipe.
			w, err := os.OpenFile(pipe, os.O_WRONLY, 0)
			if err != nil {
				return
			}
			defer w.Close()
			w.WriteString(tc.text)
		}()
		for _, path := range []string{file, pipe} {
			book, err := readOpenings(path)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Errorf("%s: error %v, want one with %q", path, err, tc.err)
				}
				continue
			}
			if err != nil {
				t.Errorf("%s: %v", path, err)
				continue
			}
			var labels []string
			for _, o := range book {
				labels = append(labels, strings.TrimPrefix(o.label, path+" "))
			}
			if strings.Join(labels, ",") != strings.Join(tc.labels, ",") {
				t.Errorf("%s: openings %q, want %q", path, labels, tc.labels)
			}
		}
		if tc.err != "" {
			// The pipe's writer waits for a reader that may not have read
			// all: open and drain it so that the writer ends.
			if r, err := os.OpenFile(pipe, os.O_RDONLY|syscall.O_NONBLOCK, 0); err == nil {
				r.Close()
			}
		}
	}
}

// Until the match starts, an interrupt ends hexdame match at once: it
// used to catch the signal before reading the openings, and so waited on a
// named pipe without a writer until it was killed.
func TestMatchOpeningsPipeInterrupted(t *testing.T) {
	tool := toolPath
	pipe := filepath.Join(t.TempDir(), "openings")
	if err := syscall.Mkfifo(pipe, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(tool, "match", "-engine", "hexdame hub-random", "-engine", "hexdame hub-random", "-openings", pipe)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	time.Sleep(200 * time.Millisecond) // a moment to reach the open; earlier, SIGTERM ends it too
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case <-exited:
	case <-time.After(time.Minute):
		cmd.Process.Kill()
		<-exited
		t.Fatalf("hexdame match still ran a minute after SIGTERM (stderr %q)", stderr.String())
	}
}
