//go:build js && wasm

// Command wasm is the rules and the engine of the static site (hexdame
// serve -export), built with GOOS=js GOARCH=wasm. Run in a Web Worker by
// the site's worker.js, it defines three functions for it:
//
//	hexdameDo(request) -> response
//	hexdameSearch(request, report) -> final report
//	hexdameReview(request, report) -> final report
//	hexdameWarm()
//
// hexdameDo carries out a web.Request on the worker's one session and
// returns the web.Response, both as JSON text, as hexdame serve's
// /api/do does. hexdameSearch runs a web.SearchRequest, calling report
// with each web.Report as JSON text, and returns the last one, as
// /api/search and /api/analyze do. hexdameReview runs a
// web.ReviewRequest, calling report with the web.ReviewReport of each
// position, and returns the last one (with Done), as /api/review
// streams them. A search or a review holds the worker until it ends: the
// page stops one by ending the worker. hexdameWarm makes the
// engine and its table, which the first search would make, so that a
// worker kept in reserve searches at once.
package main

import (
	"context"
	"encoding/json"
	"syscall/js"

	"github.com/hexdame/hexdame/engine"
	"github.com/hexdame/hexdame/internal/web"
)

// hashMiB is the engine's table in the browser.
const hashMiB = 16

func main() {
	session := web.NewSession(nil)
	var eng *engine.Engine
	warm := func() error {
		if eng != nil {
			return nil
		}
		var err error
		eng, err = engine.New(engine.Options{HashMiB: hashMiB})
		return err
	}
	js.Global().Set("hexdameWarm", js.FuncOf(func(js.Value, []js.Value) any {
		if err := warm(); err != nil {
			return err.Error()
		}
		return nil
	}))
	js.Global().Set("hexdameDo", js.FuncOf(func(_ js.Value, args []js.Value) any {
		var req web.Request
		if len(args) < 1 || json.Unmarshal([]byte(args[0].String()), &req) != nil {
			return `{"error":"the request is not JSON"}`
		}
		return marshal(session.Do(req))
	}))
	js.Global().Set("hexdameSearch", js.FuncOf(func(_ js.Value, args []js.Value) any {
		var req web.SearchRequest
		if len(args) < 2 || json.Unmarshal([]byte(args[0].String()), &req) != nil {
			return `{"done":true,"error":"the request is not JSON"}`
		}
		if err := warm(); err != nil {
			return marshal(web.Report{Done: true, Error: err.Error()})
		}
		report := args[1]
		rep, err := web.Search(context.Background(), eng, req, func(r web.Report) {
			report.Invoke(marshal(r))
		})
		if err != nil {
			rep = web.Report{Done: true, Error: err.Error()}
		}
		return marshal(rep)
	}))
	js.Global().Set("hexdameReview", js.FuncOf(func(_ js.Value, args []js.Value) any {
		var req web.ReviewRequest
		if len(args) < 2 || json.Unmarshal([]byte(args[0].String()), &req) != nil {
			return `{"done":true,"error":"the request is not JSON"}`
		}
		if err := warm(); err != nil {
			return marshal(web.ReviewReport{Done: true, Error: err.Error()})
		}
		report := args[1]
		var last web.ReviewReport
		err := web.Review(context.Background(), eng, nil, req, 0, func(r web.ReviewReport) {
			if r.Done {
				last = r
				return
			}
			report.Invoke(marshal(r))
		})
		if err != nil {
			return marshal(web.ReviewReport{Done: true, Error: err.Error()})
		}
		return marshal(last)
	}))
	select {}
}

func marshal(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return `{"error":"internal error"}`
	}
	return string(b)
}
