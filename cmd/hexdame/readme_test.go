package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// The README as a newcomer reads it: its Go code, and its two commands.

var goBlock = regexp.MustCompile("(?s)```go\n(.*?)```")

// readmeSnippets returns the Go blocks of the README, each as a file:
// a block that starts with a package clause as it is, any other as the
// body of main with the imports fmt, errors, os and hexdame.
func readmeSnippets(t *testing.T) (root string, files []string) {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range goBlock.FindAllSubmatch(readme, -1) {
		code := string(m[1])
		if !strings.HasPrefix(code, "package ") {
			code = "package main\n\nimport (\n\t\"errors\"\n\t\"fmt\"\n\t\"os\"\n\n\t\"github.com/hexdame/hexdame\"\n)\n\n" +
				"var _, _, _, _ = errors.New, fmt.Sprint, os.Exit, hexdame.StartPosition\n\nfunc main() {\n" + code + "}\n"
		}
		files = append(files, code)
	}
	if len(files) == 0 {
		t.Fatal("no Go code in README.md")
	}
	return root, files
}

// goCommand returns a go command run in dir, for a module that uses the
// module at root in place of the published one, without the network.
func goCommand(t *testing.T, dir string, args ...string) *exec.Cmd {
	t.Helper()
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Fatal("the go command is not on PATH")
	}
	cmd := exec.CommandContext(t.Context(), gobin, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod", "GOPROXY=off")
	return cmd
}

// Every Go block of the README compiles and passes go vet, against this
// copy of the module; those that are whole programs run without error
// (with a PDN file on standard input).
func TestReadmeGoCode(t *testing.T) {
	t.Parallel() // waits, mostly
	root, files := readmeSnippets(t)
	dir := t.TempDir()
	goMod := "module readme\n\ngo 1.24\n\nrequire github.com/hexdame/hexdame v0.0.0\n\nreplace github.com/hexdame/hexdame => " + strconv.Quote(root) + "\n"
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(goMod), 0o644); err != nil {
		t.Fatal(err)
	}
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o644); err != nil {
		t.Fatal(err)
	}
	for i, code := range files {
		sub := filepath.Join(dir, fmt.Sprintf("block%d", i+1))
		if err := os.Mkdir(sub, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(sub, "main.go"), []byte(code), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if out, err := goCommand(t, dir, "vet", "./...").CombinedOutput(); err != nil {
		t.Fatalf("the README's Go code (block N is the Nth ```go block) does not build or vet: %v\n%s", err, out)
	}
	if testing.Short() {
		return
	}
	games, err := os.ReadFile(filepath.Join(root, "testdata", "pdn", "features.pdn"))
	if err != nil {
		t.Fatal(err)
	}
	for i, code := range files {
		if !strings.HasPrefix(code, "package main") || !strings.Contains(code, "func main()") {
			continue
		}
		cmd := goCommand(t, dir, "run", fmt.Sprintf("./block%d", i+1))
		cmd.Stdin = bytes.NewReader(games)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("README block %d: go run: %v\n%s", i+1, err, out)
		}
	}
}

// The README shows a newcomer one command that runs the tool and one that
// runs the tests; the tool's command works (for serve, the board: it
// starts, and the section names the address it listens on).
func TestReadmeTwoCommands(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(readme), "\n## The two commands\n")
	if !ok {
		t.Fatal(`README.md has no section "## The two commands"`)
	}
	section, _, _ = strings.Cut(section, "\n## ")
	var tool []string
	hasTest := false
	for _, line := range strings.Split(section, "\n") {
		cmd, _, _ := strings.Cut(line, "#")
		f := strings.Fields(cmd)
		switch {
		case len(f) > 2 && f[0] == "go" && f[1] == "run" && f[2] == "./cmd/hexdame":
			tool = f[3:]
		case strings.Join(f, " ") == "go test ./...":
			hasTest = true
		}
	}
	if tool == nil || !hasTest {
		t.Fatalf("the two commands section lacks go run ./cmd/hexdame or go test ./...:\n%s", section)
	}
	if tool[0] == "serve" {
		// The board: the address the section sends the reader to is the
		// one serve listens on by default, and serve starts (on a port of
		// its own, so that a server already on the default port does not
		// fail the test; the tests' servers stop once started).
		_, help, _ := runCLI(t, "", "help", "serve")
		m := serveDefaultAddr.FindStringSubmatch(help)
		if m == nil {
			t.Fatalf("help serve gives no default -addr:\n%s", help)
		}
		if url := "http://" + m[1] + "/"; !strings.Contains(section, url) {
			t.Errorf("the two commands section does not send the reader to %s, where serve listens by default:\n%s", url, section)
		}
		tool = append(tool, "-addr", "127.0.0.1:0")
		if status, out, errOut := runCLI(t, "", tool...); status != 0 || !strings.HasPrefix(out, "serving the board at http://127.0.0.1:") {
			t.Errorf("hexdame %q: exit %d, stdout %q, stderr %q", tool, status, out, errOut)
		}
		return
	}
	if status, out, errOut := runCLI(t, "", tool...); status != 0 || out == "" {
		t.Errorf("hexdame %q: exit %d, stdout %q, stderr %q", tool, status, out, errOut)
	}
}

// serveDefaultAddr finds the default of serve's -addr in its help.
var serveDefaultAddr = regexp.MustCompile(`-addr HOST:PORT\n[^\n]*\(default "([^"]+)"\)`)
