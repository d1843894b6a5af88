package main

import (
	"os"
	"strings"
	"testing"
)

func init() {
	// The tests' servers stop as soon as they have started and said where.
	serveStop = func() <-chan struct{} {
		c := make(chan struct{})
		close(c)
		return c
	}
}

func TestServe(t *testing.T) {
	status, out, errOut := runCLI(t, "", "serve", "-addr", "127.0.0.1:0")
	if status != 0 || !strings.HasPrefix(out, "serving the board at http://127.0.0.1:") || errOut != "" {
		t.Errorf("serve: exit %d, stdout %q, stderr %q", status, out, errOut)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"serve", "-addr", "nonsense"}, "hexdame serve: -addr: "},
		{[]string{"serve", "-addr", ""}, "hexdame serve: -addr: empty address"},
		{[]string{"serve", "-addr", " "}, "hexdame serve: -addr: empty address"},
		{[]string{"serve", "-hash", "0"}, "hexdame serve: -hash must be from 1 to"},
		{[]string{"serve", "-threads", "0"}, "hexdame serve: -threads must be from 1 to"},
		{[]string{"serve", "-tables", t.TempDir()}, "hexdame serve: -tables: "},
		{[]string{"serve", "extra"}, "hexdame serve: "},
	} {
		status, _, errOut := runCLI(t, "", tc.args...)
		if status != 2 || !strings.HasPrefix(errOut, tc.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%q: exit %d, stderr %q; want exit 2 and %q", tc.args, status, errOut, tc.want)
		}
	}
	_, help, _ := runCLI(t, "", "help", "serve")
	for _, s := range []string{"127.0.0.1", "public address", "-export", "WebAssembly"} {
		if !strings.Contains(help, s) {
			t.Errorf("help serve does not say %q", s)
		}
	}
}

// Outside a module that holds the source, -export says where to run it
// and writes nothing.
func TestServeExportWithoutSource(t *testing.T) {
	dir := t.TempDir()
	site := dir + "/site"
	t.Chdir(dir)
	status, out, errOut := runCLI(t, "", "serve", "-export", site)
	if status != 2 || out != "" || !strings.Contains(errOut, "run the export in a clone of it") || strings.Count(errOut, "\n") != 1 {
		t.Errorf("exit %d, stdout %q, stderr %q", status, out, errOut)
	}
	if entries, _ := os.ReadDir(site); len(entries) != 0 {
		t.Errorf("the export wrote %d files", len(entries))
	}
}

// -addr 9000 says that HOST:PORT is wanted and suggests the loopback
// address with that port; net.Listen said only "missing port in address"
// (issue 36).
func TestServeAddrSaysWhatItWants(t *testing.T) {
	for _, tc := range []struct{ addr, want string }{
		{"9000", "127.0.0.1:9000"},
		{"localhost", "localhost:8080"},
		{"::1", "[::1]:8080"},
	} {
		status, out, errOut := runCLI(t, "", "serve", "-addr", tc.addr)
		if status != 2 || out != "" || !strings.HasPrefix(errOut, "hexdame serve: -addr: want HOST:PORT") ||
			!strings.Contains(errOut, tc.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("-addr %q: exit %d, stdout %q, stderr %q; want exit 2 and a hint of %s", tc.addr, status, out, errOut, tc.want)
		}
	}
}

// A server on every interface says so on standard error, with what it
// exposes and how to keep it to this machine; one on a loopback address
// says nothing (issue 36: -addr :8091 served every interface silently).
func TestServePublicWarning(t *testing.T) {
	status, out, errOut := runCLI(t, "", "serve", "-addr", ":0")
	if status != 0 || !strings.HasPrefix(out, "serving the board at http://") {
		t.Fatalf("exit %d, stdout %q, stderr %q", status, out, errOut)
	}
	for _, s := range []string{"hexdame serve: warning: ", "every interface", "no password", "-addr 127.0.0.1:"} {
		if !strings.Contains(errOut, s) {
			t.Errorf("stderr %q does not say %q", errOut, s)
		}
	}
	if strings.Count(errOut, "\n") != 1 {
		t.Errorf("stderr %q: want one line", errOut)
	}
}

// -export "" is refused, as -addr "" is: it used to serve on
// 127.0.0.1:8080 (issue 36).
func TestServeExportEmpty(t *testing.T) {
	for _, dir := range []string{"", " "} {
		status, out, errOut := runCLI(t, "", "serve", "-export", dir, "-addr", "127.0.0.1:0")
		if status != 2 || out != "" || errOut != "hexdame serve: -export: empty directory, want the DIR to write the site into\n" {
			t.Errorf("-export %q: exit %d, stdout %q, stderr %q", dir, status, out, errOut)
		}
	}
}
