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
//
// Export never writes through a symbolic link: each file is written into
// a new file in dir, which then takes the file's name. A file of that name
// in dir is replaced, and so is a symbolic link of that name (the link,
// not what it points to, which is left as it was); a directory of that
// name is an error.
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
	// The build writes into a directory of its own, and its file then
	// takes the name hexdame.wasm: go build -o would write through a
	// symbolic link.
	tmp, err := os.MkdirTemp(abs, ".hexdame-export-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	wasm := filepath.Join(tmp, "hexdame.wasm")
	cmd := exec.Command(gobin, "build", "-trimpath", "-ldflags=-s -w", "-o", wasm, "./internal/web/wasm")
	cmd.Dir = src
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	if out, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("building the WebAssembly (GOOS=js GOARCH=wasm go build in %s): %v: %s", src, err, oneLine(errors.New(string(out))))
	}
	if err := os.Rename(wasm, filepath.Join(abs, "hexdame.wasm")); err != nil {
		return nil, err
	}
	files := []siteFile{{"wasm_exec.js", runner}}
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
		files = append(files, siteFile{name, data})
	}
	names, err := writeSite(abs, files)
	return append([]string{"hexdame.wasm"}, names...), err
}

// A siteFile is a file of the static site: its name in the directory and
// its content.
type siteFile struct {
	name string
	data []byte
}

// writeSite writes files into dir, which it makes if needed, without
// following symbolic links: each goes into a new file in dir (a name no
// one could have planted, made with O_EXCL), which is then renamed to the
// file's name, replacing whatever file or symbolic link had it. It
// returns the names written.
func writeSite(dir string, files []siteFile) ([]string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	var names []string
	for _, f := range files {
		if strings.ContainsAny(f.name, `/\`) || f.name == "." || f.name == ".." {
			return names, fmt.Errorf("%q is not a file name", f.name)
		}
		if err := replaceFile(dir, f.name, f.data); err != nil {
			return names, err
		}
		names = append(names, f.name)
	}
	return names, nil
}

// replaceFile writes data into a new file in dir and renames it to name.
func replaceFile(dir, name string, data []byte) error {
	tmp, err := os.CreateTemp(dir, ".hexdame-export-*")
	if err != nil {
		return err
	}
	_, err = tmp.Write(data)
	if err == nil {
		err = tmp.Chmod(0o644)
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), filepath.Join(dir, name))
	}
	if err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("writing %s: %w", filepath.Join(dir, name), err)
	}
	return nil
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
