// Package aslimit runs a test in a child process whose address space is
// limited (RLIMIT_AS, as prlimit --as does), so that a test can check that
// an allocation the system refuses is an error and not the end of the
// program. It is for tests only.
package aslimit

import (
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
)

// childVar is the environment variable that marks the child.
const childVar = "HEXDAME_ASLIMIT_CHILD"

// Child reports whether the calling test is the child: true in a process
// of the test binary started by Child, whose address space is limited to
// room bytes above the address space it has when the test starts; the
// test then goes on with the work to check under the limit. In the test's
// own process Child runs the test again in such a child, fails the test
// if the child fails (or dies, as of "fatal error: out of memory"), and
// returns false. It skips the test where the limit cannot be set (not
// Linux) or would not leave the test room to run (the race detector's
// shadow memory).
func Child(t *testing.T, room uint64) bool {
	t.Helper()
	if !supported {
		t.Skip("no address-space limit here (Linux only, and not under the race detector)")
	}
	if os.Getenv(childVar) != "" {
		if err := limit(room); err != nil {
			t.Fatal(err)
		}
		return true
	}
	var run []string
	for _, part := range strings.Split(t.Name(), "/") {
		run = append(run, "^"+regexp.QuoteMeta(part)+"$")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, "-test.run="+strings.Join(run, "/"), "-test.v", "-test.count=1")
	cmd.Env = append(os.Environ(), childVar+"=1")
	out, err := cmd.CombinedOutput()
	if err != nil || strings.Contains(string(out), "fatal error") || !strings.Contains(string(out), "--- PASS") {
		t.Errorf("under an address-space limit of %d MiB more than the test had: %v; output:\n%s", room>>20, err, out)
	}
	return false
}
