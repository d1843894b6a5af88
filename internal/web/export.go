package web

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"
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
// fails with an error that says so, and writes nothing. The build takes
// seconds, or about a minute with an empty build cache: progress, when
// not nil, is told what Export does in a line of words, when the build
// starts, every ExportProgressEvery while it runs (with the package the
// go command is at) and when it ends.
//
// The build goes into a directory of its own; Export writes into dir only
// once it has succeeded. When ctx ends first, the build is stopped (the
// go command and the compilers it runs, in a process group of their own,
// are killed) and Export returns an error wrapping ctx's, having written
// nothing into dir.
//
// Export never writes through a symbolic link: each file is written into
// a new file in dir, which then takes the file's name. A file of that name
// in dir is replaced, and so is a symbolic link of that name (the link,
// not what it points to, which is left as it was); a directory of that
// name is an error.
func Export(ctx context.Context, dir string, progress func(string)) ([]string, error) {
	say := func(format string, args ...any) {
		if progress != nil {
			progress(fmt.Sprintf(format, args...))
		}
	}
	if strings.TrimSpace(dir) == "" {
		return nil, errors.New("no directory to write the site into")
	}
	gobin, err := exec.LookPath("go")
	if err != nil {
		return nil, errors.New("the WebAssembly is built with the go command, which is not on PATH: install Go (https://go.dev/dl/)")
	}
	src, err := goOutput(ctx, gobin, "", "list", "-m", "-f", "{{.Dir}}", modulePath)
	if err != nil || src == "" {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, fmt.Errorf("the WebAssembly is built from the source of %s: run the export in a clone of it (go run ./cmd/hexdame serve -export DIR) or in a module that requires it (%s)", modulePath, oneLine(err))
	}
	goroot, err := goOutput(ctx, gobin, src, "env", "GOROOT")
	if err != nil {
		return nil, err
	}
	runner, err := readFirst(filepath.Join(goroot, "lib", "wasm", "wasm_exec.js"), filepath.Join(goroot, "misc", "wasm", "wasm_exec.js"))
	if err != nil {
		return nil, fmt.Errorf("the go command's wasm_exec.js is not in %s: %v", goroot, err)
	}
	// A dir that cannot take the site is said before the build.
	if info, err := os.Stat(dir); err == nil && !info.IsDir() {
		return nil, fmt.Errorf("%s is not a directory", dir)
	}
	tmp, err := os.MkdirTemp("", "hexdame-export-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	wasmFile := filepath.Join(tmp, "hexdame.wasm")
	if err := buildWasm(ctx, gobin, src, wasmFile, say); err != nil {
		return nil, err
	}
	wasm, err := os.ReadFile(wasmFile)
	if err != nil {
		return nil, err
	}
	files := []siteFile{{"hexdame.wasm", wasm}, {"wasm_exec.js", runner}}
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
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	say("writing %d files into %s", len(files), dir)
	return writeSite(dir, files)
}

// ExportProgressEvery is how often Export reports a build that is still
// running.
var ExportProgressEvery = 10 * time.Second

// buildStarted, when set (by tests), is told the process id of the go
// command, which leads the build's process group, once it has started.
var buildStarted func(pid int)

// buildWasm builds the WebAssembly into the file out with the go command
// gobin in the module's source directory src, reporting to say.
func buildWasm(ctx context.Context, gobin, src, out string, say func(string, ...any)) error {
	cmd := exec.CommandContext(ctx, gobin, "build", "-v", "-trimpath", "-ldflags=-s -w", "-o", out, "./internal/web/wasm")
	cmd.Dir = src
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	var log buildLog
	cmd.Stdout, cmd.Stderr = &log, &log
	cmd.WaitDelay = 5 * time.Second // for output pipes a stray process would hold
	inOwnGroup(cmd)
	start := time.Now()
	say("building the WebAssembly (GOOS=js GOARCH=wasm go build in %s): seconds, or about a minute with an empty build cache", src)
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("building the WebAssembly: %v", err)
	}
	if buildStarted != nil {
		buildStarted(cmd.Process.Pid)
	}
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		t := time.NewTicker(ExportProgressEvery)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				msg := fmt.Sprintf("still building the WebAssembly: %v", time.Since(start).Round(time.Second))
				if pkg := log.lastLine(); pkg != "" {
					msg += ", at " + pkg
				}
				say("%s", msg)
			}
		}
	}()
	err := cmd.Wait()
	close(done)
	wg.Wait()
	if ctx.Err() != nil {
		_ = killGroup(cmd) // whatever the go command's end left
		return fmt.Errorf("building the WebAssembly: stopped: %w", ctx.Err())
	}
	if err != nil {
		return fmt.Errorf("building the WebAssembly (GOOS=js GOARCH=wasm go build in %s): %v: %s", src, err, oneLine(errors.New(log.problems())))
	}
	info, err := os.Stat(out)
	if err != nil {
		return err
	}
	say("built hexdame.wasm (%.1f MB) in %v", float64(info.Size())/1e6, time.Since(start).Round(100*time.Millisecond))
	return nil
}

// A buildLog keeps the go command's output: its last line, and the end
// of it for an error's message, at most maxBuildLog bytes.
type buildLog struct {
	mu   sync.Mutex
	text []byte
}

const maxBuildLog = 16 << 10

func (b *buildLog) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.text = append(b.text, p...)
	if len(b.text) > 2*maxBuildLog {
		b.text = append(b.text[:0], b.text[len(b.text)-maxBuildLog:]...)
	}
	return len(p), nil
}

// lastLine returns the last complete line, with go build -v the package
// it has built last.
func (b *buildLog) lastLine() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	text := strings.TrimRight(string(b.text), "\n")
	if !bytes.HasSuffix(b.text, []byte("\n")) {
		if i := strings.LastIndexByte(text, '\n'); i >= 0 {
			text = text[:i]
		} else {
			return ""
		}
	}
	return text[strings.LastIndexByte(text, '\n')+1:]
}

// problems returns the output but for the packages go build -v lists,
// which are lines of one word: the compiler's messages; all of it when
// none is left.
func (b *buildLog) problems() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	var keep []string
	for _, line := range strings.Split(string(b.text), "\n") {
		if line != "" && strings.ContainsAny(line, " \t:") {
			keep = append(keep, line)
		}
	}
	if len(keep) == 0 {
		return string(b.text)
	}
	return strings.Join(keep, "\n")
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
func goOutput(ctx context.Context, gobin, dir string, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, gobin, args...)
	cmd.Dir = dir
	inOwnGroup(cmd)
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
