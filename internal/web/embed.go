package web

import "embed"

// static holds the page: its HTML, script and style, and the worker of
// the static site.
//
//go:embed static
var static embed.FS
