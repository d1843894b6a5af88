package main

import (
	"bytes"
	"os/exec"
	"strings"
	"testing"
)

// Under an address-space limit of 1 GiB, as some hosts set (prlimit
// --as=1073741824), the engine starts with its default hash table of 64
// MiB, every time. Built with cgo, glibc's malloc arenas took the room:
// the table fell back to 1 MiB, and under load the engine died at start
// ("fatal error: out of memory") 2 times in 10 (issue 36).
func TestEngineUnderOneGiB(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector's shadow memory does not fit in 1 GiB")
	}
	for i := range 10 {
		cmd := exec.Command("sh", "-c", `ulimit -v 1048576 && exec "$0" "$@"`, toolPath, "analyze", "-depth", "3")
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil || !bytes.HasSuffix(out, []byte("\n")) || strings.Contains(stderr.String(), "does not fit") {
			t.Fatalf("start %d under 1 GiB: %v; stdout %q; stderr %q; want a move, and the 64 MiB table", i+1, err, out, stderr.String())
		}
	}
}
