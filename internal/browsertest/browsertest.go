// Package browsertest finds the headless Chromium that the browser tests
// drive.
package browsertest

import (
	"os"
	"os/exec"
	"testing"
)

// Chromium returns the path of Chromium for a browser test, or skips the
// test: browser tests take from seconds to minutes, so they run only with
// HEXDAME_BROWSER=1 (as .ci/run runs them). In CI
// (HEXDAME_REQUIRE_RENDERERS set) a missing browser fails the test;
// elsewhere it is skipped with a message.
func Chromium(t testing.TB) string {
	t.Helper()
	if os.Getenv("HEXDAME_BROWSER") != "1" {
		t.Skip("the browser tests run with HEXDAME_BROWSER=1 (.ci/run runs them)")
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if path, err := exec.LookPath(name); err == nil {
			return path
		}
	}
	if os.Getenv("HEXDAME_REQUIRE_RENDERERS") != "" {
		t.Fatal("headless Chromium is not installed (Debian package chromium)")
	}
	t.Skip("headless Chromium is not installed (Debian package chromium); skipping the browser test")
	return ""
}
