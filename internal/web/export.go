package web

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// modulePath is the module whose source the static site's WebAssembly is
// built from.
const modulePath = "github.com/hexdame/hexdame"

// Export writes the static site into dir, which it makes if needed: the
// page, its modules and style, the worker, the WebAssembly of the rules
// and the engine (hexdame.wasm), and the go command's wasm_exec.js that
// runs it. It returns the names of the files written.
//
// The WebAssembly is built from the module's source by the go command
// found on PATH (GOOS=js GOARCH=wasm go build), in the module that the
// current directory belongs to or requires: a clone of the module, or a
// module that depends on it. Without the go command or the source, Export
// fails with an error that says so, and writes nothing.
func Export(dir string) ([]string, error) {
	gobin, err := exec.LookPath("go")
	if err != nil {
		return nil, errors.New("the WebAssembly is built with the go command, which is not on PATH: install Go (https://go.dev/dl/)")
	}
	src, err := goOutput(gobin, "", "list", "-m", "-f", "{{.Dir}}", modulePath)
	if err != nil || src == "" {
		return nil, fmt.Errorf("the WebAssembly is built from the source of %s: run the export in a clone of it (go run ./cmd/hexdame serve -export DIR) or in a module that requires it (%s)", modulePath, oneLine(err))
	}
	goroot, err := goOutput(gobin, src, "env", "GOROOT")
	if err != nil {
		return nil, err
	}
	runner, err := readFirst(filepath.Join(goroot, "lib", "wasm", "wasm_exec.js"), filepath.Join(goroot, "misc", "wasm", "wasm_exec.js"))
	if err != nil {
		return nil, fmt.Errorf("the go command's wasm_exec.js is not in %s: %v", goroot, err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	wasm := filepath.Join(abs, "hexdame.wasm")
	cmd := exec.Command(gobin, "build", "-trimpath", "-ldflags=-s -w", "-o", wasm, "./internal/web/wasm")
	cmd.Dir = src
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	if out, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("building the WebAssembly (GOOS=js GOARCH=wasm go build in %s): %v: %s", src, err, oneLine(errors.New(string(out))))
	}
	files := []string{"hexdame.wasm"}
	write := func(name string, data []byte) error {
		files = append(files, name)
		return os.WriteFile(filepath.Join(abs, name), data, 0o644)
	}
	if err := write("wasm_exec.js", runner); err != nil {
		return nil, err
	}
	page := pageFiles()
	entries, err := fs.ReadDir(page, ".")
	if err != nil {
		return nil, err
	}
	for _, e := range entries {
		name := e.Name()
		data, err := fs.ReadFile(page, name)
		if err != nil {
			return nil, err
		}
		if name == "index.html" {
			data = bytes.Replace(data, []byte(`data-mode="server"`), []byte(`data-mode="static"`), 1)
		}
		if err := write(name, data); err != nil {
			return nil, err
		}
	}
	return files, nil
}

// goOutput runs the go command in dir and returns its output, trimmed.
func goOutput(gobin, dir string, args ...string) (string, error) {
	cmd := exec.Command(gobin, args...)
	cmd.Dir = dir
	var errOut bytes.Buffer
	cmd.Stderr = &errOut
	out, err := cmd.Output()
	if err != nil {
		if errOut.Len() > 0 {
			return "", errors.New(strings.TrimSpace(errOut.String()))
		}
		return "", err
	}
	return strings.TrimSpace(string(out)), nil
}

// readFirst reads the first of the files that exists.
func readFirst(names ...string) ([]byte, error) {
	var err error
	for _, name := range names {
		var data []byte
		if data, err = os.ReadFile(name); err == nil {
			return data, nil
		}
	}
	return nil, err
}

// oneLine returns an error's message on one line, "" for nil.
func oneLine(err error) string {
	if err == nil {
		return ""
	}
	return strings.Join(strings.Fields(err.Error()), " ")
}
