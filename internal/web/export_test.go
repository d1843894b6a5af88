package web

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// The site is written without following symbolic links: a link planted
// in the directory under a file's name is replaced by the file, and what
// it pointed at (a file, or a name where a file would be made) is left as
// it was. Export used to write through them with os.WriteFile (issue 36).
func TestExportReplacesLinks(t *testing.T) {
	outside := t.TempDir()
	victim := filepath.Join(outside, "victim")
	if err := os.WriteFile(victim, []byte("keep"), 0o600); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	links := map[string]string{
		"index.html": victim,                                  // an existing file
		"app.js":     filepath.Join(outside, "planted.js"),    // a file that would be made
		"app.css":    filepath.Join(outside, "missing/x.css"), // a link that leads nowhere
	}
	for name, target := range links {
		if err := os.Symlink(target, filepath.Join(dir, name)); err != nil {
			t.Skip("no symbolic links here:", err)
		}
	}
	files := []siteFile{{"index.html", []byte("page")}, {"app.js", []byte("script")}, {"app.css", []byte("style")}, {"hexdame.wasm", []byte("wasm")}}
	names, err := writeSite(dir, files)
	if err != nil || len(names) != len(files) {
		t.Fatalf("writeSite: %v, %v", names, err)
	}
	if b, _ := os.ReadFile(victim); string(b) != "keep" {
		t.Errorf("the file a link pointed at holds %q", b)
	}
	if _, err := os.Lstat(filepath.Join(outside, "planted.js")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a file was made where a link pointed: %v", err)
	}
	for _, f := range files {
		path := filepath.Join(dir, f.name)
		info, err := os.Lstat(path)
		if err != nil || !info.Mode().IsRegular() || info.Mode().Perm() != 0o644 {
			t.Errorf("%s: %v, %v; want a regular file of mode 0644", f.name, info.Mode(), err)
			continue
		}
		if b, _ := os.ReadFile(path); !bytes.Equal(b, f.data) {
			t.Errorf("%s holds %q, want %q", f.name, b, f.data)
		}
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != len(files) {
		t.Errorf("%d entries in the directory, want %d (no temporary file left)", len(entries), len(files))
	}

	// A directory of a file's name is an error, with no file left behind.
	dir2 := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir2, "app.js"), 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := writeSite(dir2, files[1:2]); err == nil {
		t.Errorf("writeSite over a directory: no error")
	}
	if entries, _ := os.ReadDir(dir2); len(entries) != 1 {
		t.Errorf("%d entries after the failed write, want the directory alone", len(entries))
	}
}
