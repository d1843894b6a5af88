//go:build linux

package main

import (
	"bufio"
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// SIGTERM during serve -export stops the build: the tool exits with
// status 2, no process of the build is left, and nothing is written into
// DIR, then or later. The tool used to die at the signal and leave go
// build and its compilers running, to write hexdame.wasm into DIR after
// the command had failed (issue 36).
func TestServeExportTerminated(t *testing.T) {
	t.Parallel() // waits, mostly
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	cache := t.TempDir() // an empty build cache: a build of a minute
	t.Cleanup(func() { exec.Command("chmod", "-R", "u+w", cache).Run() })
	dir := filepath.Join(t.TempDir(), "site")
	cmd := exec.Command(os.Args[0], "serve", "-export", dir)
	cmd.Env = append(os.Environ(), runMainVar+"=1", "GOCACHE="+cache)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := make(chan string, 100)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	var said []string
	select { // the build has started (or, before the fix, the time it takes)
	case l := <-lines:
		said = append(said, l)
	case <-time.After(5 * time.Second):
	}
	time.Sleep(time.Second) // the compilers at work
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	for l := range lines {
		said = append(said, l)
	}
	err = cmd.Wait()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 2 || len(said) == 0 || !strings.Contains(said[len(said)-1], "-export: interrupted") {
		t.Errorf("exit %v, stderr %q; want exit status 2 and the interruption said", err, said)
	}
	var left []string
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		if left = processesWithEnv("GOCACHE=" + cache); len(left) == 0 || time.Now().After(deadline) {
			break
		}
	}
	if len(left) > 0 {
		t.Errorf("processes of the build left running: %q", left)
		for _, p := range left {
			if pid, err := strconv.Atoi(p[:strings.IndexByte(p, ':')]); err == nil {
				syscall.Kill(pid, syscall.SIGKILL)
			}
		}
	}
	time.Sleep(time.Second)
	if _, err := os.Lstat(dir); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the interrupted export made %s: %v", dir, err)
	}
}

// processesWithEnv returns "PID: command line" of the running processes
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
