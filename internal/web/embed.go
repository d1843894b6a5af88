package web

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/base64"
	"io/fs"
	"sync"
)

// static holds the page: its HTML, its modules and style, and the worker
// of the static site.
//
//go:embed static
var static embed.FS

// pageFiles returns the page's files.
func pageFiles() fs.FS {
	sub, err := fs.Sub(static, "static")
	if err != nil {
		panic(err) // the embedded directory is there: a build error
	}
	return sub
}

// importMapTag opens the page's import map, which names the page's
// modules: "hexdame/NAME.js" is the module NAME.js.
const importMapTag = `<script type="importmap">`

// pageScriptHash is the Content-Security-Policy source that lets the page's
// import map, an inline script, run: its SHA-256.
var pageScriptHash = sync.OnceValue(func() string {
	html, err := fs.ReadFile(pageFiles(), "index.html")
	if err != nil {
		panic(err) // embedded: a build error
	}
	_, m, _ := bytes.Cut(html, []byte(importMapTag))
	m, _, _ = bytes.Cut(m, []byte("</script>"))
	sum := sha256.Sum256(m)
	return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
})
