package web

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

// The site is written without following symbolic links: a link planted
// in the directory under a file's name is replaced by the file, and what
// it pointed at (a file, or a name where a file would be made) is left as
// it was. Export used to write through them with os.WriteFile (issue 36).
func TestExportReplacesLinks(t *testing.T) {
	outside := t.TempDir()
	victim := filepath.Join(outside, "victim")
	if err := os.WriteFile(victim, []byte("keep"), 0o600); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	links := map[string]string{
		"index.html": victim,                                  // an existing file
		"app.js":     filepath.Join(outside, "planted.js"),    // a file that would be made
		"app.css":    filepath.Join(outside, "missing/x.css"), // a link that leads nowhere
	}
	for name, target := range links {
		if err := os.Symlink(target, filepath.Join(dir, name)); err != nil {
			t.Skip("no symbolic links here:", err)
		}
	}
	files := []siteFile{{"index.html", []byte("page")}, {"app.js", []byte("script")}, {"app.css", []byte("style")}, {"hexdame.wasm", []byte("wasm")}}
	names, err := writeSite(dir, files)
	if err != nil || len(names) != len(files) {
		t.Fatalf("writeSite: %v, %v", names, err)
	}
	if b, _ := os.ReadFile(victim); string(b) != "keep" {
		t.Errorf("the file a link pointed at holds %q", b)
	}
	if _, err := os.Lstat(filepath.Join(outside, "planted.js")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a file was made where a link pointed: %v", err)
	}
	for _, f := range files {
		path := filepath.Join(dir, f.name)
		info, err := os.Lstat(path)
		if err != nil || !info.Mode().IsRegular() || info.Mode().Perm() != 0o644 {
			t.Errorf("%s: %v, %v; want a regular file of mode 0644", f.name, info.Mode(), err)
			continue
		}
		if b, _ := os.ReadFile(path); !bytes.Equal(b, f.data) {
			t.Errorf("%s holds %q, want %q", f.name, b, f.data)
		}
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != len(files) {
		t.Errorf("%d entries in the directory, want %d (no temporary file left)", len(entries), len(files))
	}

	// A directory of a file's name is an error, with no file left behind.
	dir2 := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir2, "app.js"), 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := writeSite(dir2, files[1:2]); err == nil {
		t.Errorf("writeSite over a directory: no error")
	}
	if entries, _ := os.ReadDir(dir2); len(entries) != 1 {
		t.Errorf("%d entries after the failed write, want the directory alone", len(entries))
	}
}

// An export stopped by its context during the build kills the go command
// and the compilers it runs, leaves no process behind and writes nothing
// into the directory, then or later; while it builds it says how it goes.
// hexdame serve -export interrupted used to leave go build and its
// compilers running, which would have written hexdame.wasm into the
// directory after the command had failed (issue 36).
func TestExportStopped(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the processes are looked for in /proc")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	cache := t.TempDir() // an empty build cache: a build of a minute
	t.Setenv("GOCACHE", cache)
	t.Cleanup(func() { exec.Command("chmod", "-R", "u+w", cache).Run() })
	saved := ExportProgressEvery
	ExportProgressEvery = 100 * time.Millisecond
	t.Cleanup(func() { ExportProgressEvery = saved })

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var mu sync.Mutex
	var said []string
	progress := func(msg string) {
		mu.Lock()
		said = append(said, msg)
		mu.Unlock()
		if strings.HasPrefix(msg, "still building the WebAssembly") && strings.Contains(msg, ", at ") {
			cancel() // the compilers are at work
		}
	}
	dir := filepath.Join(t.TempDir(), "site")
	start := time.Now()
	files, err := Export(ctx, dir, progress)
	if !errors.Is(err, context.Canceled) || files != nil {
		t.Fatalf("Export: %v, %v; want context.Canceled", files, err)
	}
	if d := time.Since(start); d > time.Minute {
		t.Errorf("the stopped export took %v", d)
	}
	mu.Lock()
	if len(said) < 2 || !strings.HasPrefix(said[0], "building the WebAssembly") {
		t.Errorf("progress: %q", said)
	}
	mu.Unlock()
	// Every process of the build has the empty cache in its environment.
	var left []string
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		if left = processesWithEnv("GOCACHE=" + cache); len(left) == 0 || time.Now().After(deadline) {
			break
		}
	}
	if len(left) > 0 {
		t.Errorf("processes of the build still running: %q", left)
	}
	time.Sleep(500 * time.Millisecond)
	if _, err := os.Lstat(dir); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the stopped export made %s: %v", dir, err)
	}
}

// processesWithEnv returns the command lines of the running processes
// (not zombies) whose environment holds the variable kv.
func processesWithEnv(kv string) []string {
	var found []string
	dirs, _ := filepath.Glob("/proc/[0-9]*")
	for _, d := range dirs {
		env, err := os.ReadFile(filepath.Join(d, "environ"))
		if err != nil || !bytes.Contains(append([]byte{0}, env...), []byte("\x00"+kv+"\x00")) {
			continue
		}
		if stat, _ := os.ReadFile(filepath.Join(d, "stat")); bytes.Contains(stat, []byte(") Z ")) {
			continue
		}
		cmd, _ := os.ReadFile(filepath.Join(d, "cmdline"))
		found = append(found, filepath.Base(d)+": "+string(bytes.ReplaceAll(cmd, []byte{0}, []byte{' '})))
	}
	return found
}
