package web

import (
	"crypto/sha256"
	"encoding/base64"
	"io"
	"io/fs"
	"net/http"
	"regexp"
	"strings"
	"testing"
)

// importRE finds the modules a module imports.
var importRE = regexp.MustCompile(`(?m)^import [^;]* from "([^"]+)";`)

// The page's modules are served as JavaScript, each import names a module
// of the page through the import map, and the Content-Security-Policy
// lets the import map run: else the browser runs no module at all.
func TestPageModules(t *testing.T) {
	base := testServer(t, NewServer(Config{Engine: engineOptions()}))
	resp, html := get(t, base+"/")
	m := regexp.MustCompile(`<script type="importmap">(.*?)</script>`).FindSubmatch(html)
	if m == nil {
		t.Fatal("the page has no import map")
	}
	sum := sha256.Sum256(m[1])
	if csp := resp.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "'sha256-"+base64.StdEncoding.EncodeToString(sum[:])+"'") {
		t.Errorf("the policy %q does not let the import map run", csp)
	}
	modules, err := fs.Glob(pageFiles(), "*.js")
	if err != nil {
		t.Fatal(err)
	}
	imported := map[string]bool{"app.js": true}
	for _, name := range modules {
		resp, src := get(t, base+"/"+name)
		if ct := resp.Header.Get("Content-Type"); resp.StatusCode != 200 || !strings.HasPrefix(ct, "text/javascript") {
			t.Errorf("GET /%s: %d, %q", name, resp.StatusCode, ct)
		}
		if name == "worker.js" {
			continue // a classic worker script, not a module
		}
		for _, imp := range importRE.FindAllSubmatch(src, -1) {
			file, ok := strings.CutPrefix(string(imp[1]), "hexdame/")
			if _, err := fs.Stat(pageFiles(), file); !ok || err != nil {
				t.Errorf("%s imports %q, not a module of the page", name, imp[1])
			}
			imported[file] = true
		}
		if n := strings.Count(string(src), "\n"); n > 600 {
			t.Errorf("%s has %d lines, more than 600", name, n)
		}
	}
	for _, name := range modules {
		if name != "worker.js" && !imported[name] {
			t.Errorf("no module imports %s", name)
		}
	}
}

// get returns the response to a GET of url and its body.
func get(t *testing.T, url string) (*http.Response, []byte) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, body
}

// The page names each of its modules once, as a module script (app.js
// and wasm.js) or a module to preload, so that the browser fetches them
// side by side rather than as it finds their imports; and it names no
// file it does not have, which would fail to load.
func TestPagePreloads(t *testing.T) {
	html, err := fs.ReadFile(pageFiles(), "index.html")
	if err != nil {
		t.Fatal(err)
	}
	named := map[string]int{}
	for _, m := range regexp.MustCompile(`<(?:link rel="modulepreload" href|script type="module" src)="([^"]+)">`).FindAllSubmatch(html, -1) {
		name := string(m[1])
		if _, err := fs.Stat(pageFiles(), name); err != nil || name == "worker.js" {
			t.Errorf("the page loads %q, not a module of the page", name)
		}
		named[name]++
	}
	modules, err := fs.Glob(pageFiles(), "*.js")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range modules {
		if n := named[name]; name != "worker.js" && n != 1 {
			t.Errorf("the page names %s %d times, want once", name, n)
		}
	}
}
