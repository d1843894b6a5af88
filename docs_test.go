package hexdame

import (
	"bufio"
	"go/ast"
	"go/parser"
	gotoken "go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The tests of documents and conventions are the files docs_*_test.go:
//
//   - docs_links_test.go: the links of the Markdown files and of the
//     comments and doc comments of the Go files, the test functions the
//     documents name, and the Markdown files the root holds;
//   - docs_rules_test.go: the lists of legal moves in RULES.md;
//   - docs_files_test.go: the order of the package's files in doc.go's
//     file map;
//   - docs_errors_test.go: the convention of the errors' texts (the
//     package doc's "Errors").
//
// They read the module's files as text (docs_rules_test.go also asks the
// package for the legal moves of RULES.md's positions). This file holds
// what they share. The README's samples are checked by
// package cmd/hexdame's tests (readme_test.go, readme_sample_test.go),
// which run the tool.

// moduleRoot is the directory of go.mod: the root package's directory,
// where its tests run.
const moduleRoot = "."

// skipDir reports whether a walk of the module leaves out a directory:
// hidden ones (.git, .ci) and test data, which holds documents of others.
func skipDir(name string) bool {
	return name != "." && (strings.HasPrefix(name, ".") || name == "testdata")
}

// moduleFiles returns the module's files (slash-separated, relative to
// its root) whose names end in one of the suffixes.
func moduleFiles(t *testing.T, suffixes ...string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(moduleRoot, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if skipDir(d.Name()) {
				return filepath.SkipDir
			}
			return nil
		}
		for _, s := range suffixes {
			if strings.HasSuffix(p, s) {
				out = append(out, filepath.ToSlash(p))
				break
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// goComments returns the comment groups of a Go file, with the file set.
func parseGoFile(t *testing.T, fset *gotoken.FileSet, name string) *ast.File {
	t.Helper()
	f, err := parser.ParseFile(fset, name, nil, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// modulePath reads the module's path from go.mod.
func modulePath(t *testing.T) string {
	t.Helper()
	f, err := os.Open("go.mod")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(sc.Text()), "module "); ok {
			return strings.Trim(strings.TrimSpace(rest), `"`)
		}
	}
	t.Fatal("go.mod names no module")
	return ""
}
