// Package aslimit runs a test in a child process whose address space is
// limited (RLIMIT_AS, as prlimit --as does), so that a test can check that
// an allocation the system refuses is an error and not the end of the
// program. It is for tests only.
package aslimit

import (
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// The environment variables that mark the child: the limit to set, and
// that it is set.
const (
	limitVar = "HEXDAME_ASLIMIT"
	setVar   = "HEXDAME_ASLIMIT_SET"
)

// Child reports whether the calling test is the child: true in a process
// of the test binary started by Child, whose address space is limited to
// limit bytes; the test then goes on with the work to check under the
// limit. In the test's own process Child runs the test again in such a
// child, fails the test if the child fails (or dies, as of "fatal error:
// out of memory"), and returns false. It skips the test where the limit
// cannot be set (not Linux) or would not leave the test room to run (the
// race detector's shadow memory).
func Child(t *testing.T, limit uint64) bool {
	t.Helper()
	if !supported {
		t.Skip("no address-space limit here (Linux only, and not under the race detector)")
	}
	if v := os.Getenv(limitVar); v != "" {
		if os.Getenv(setVar) == "" {
			// Set the limit, then start this program again under it: the
			// Go runtime sizes its own reservations when it starts.
			n, err := strconv.ParseUint(v, 10, 64)
			if err != nil {
				t.Fatalf("%s=%q: %v", limitVar, v, err)
			}
			t.Fatal(limitAndExec(n, append(os.Environ(), setVar+"=1")))
		}
		return true
	}
	var run []string
	for _, part := range strings.Split(t.Name(), "/") {
		run = append(run, "^"+regexp.QuoteMeta(part)+"$")
	}
	cmd := exec.Command(os.Args[0], "-test.run="+strings.Join(run, "/"), "-test.v", "-test.count=1")
	cmd.Env = append(os.Environ(), limitVar+"="+strconv.FormatUint(limit, 10))
	out, err := cmd.CombinedOutput()
	if err != nil || strings.Contains(string(out), "fatal error") || !strings.Contains(string(out), "--- PASS") {
		t.Errorf("under an address-space limit of %d MiB: %v; output:\n%s", limit>>20, err, out)
	}
	return false
}
