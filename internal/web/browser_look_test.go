package web

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// The browser tests of issue 36's finished look: the layout at the
// widths of a phone to a wide screen, the controls in the board's
// colors, the editor beside the board. They take screenshots of what a
// player sees at each size (the viewport, not the whole page) into
// HEXDAME_SCREENSHOTS, when set.

// lookSizes are the viewports the look is checked at.
var lookSizes = []struct {
	name string
	w, h int64
}{
	{"390", 390, 844}, {"800", 800, 1000}, {"1300", 1300, 1000}, {"1440", 1440, 900}, {"1920", 1920, 1080},
}

// lookGame is a short game with a capture and a variation, for the
// look tests.
const lookGame = "a4-b5,f7-e7,d3-e3,f6-e6,b4-c5,i6-i5,d4-e5,e6xe2"

// viewport sets the size of the tab's viewport and waits for the page
// to be laid out again at it.
func (b *tab) viewport(w, h int64) {
	b.t.Helper()
	b.run(chromedp.EmulateViewport(w, h))
	b.waitFor(`window.innerWidth === `+fmt.Sprint(w)+` && window.innerHeight === `+fmt.Sprint(h), 5*time.Second)
	b.eval(`new Promise(function(r){requestAnimationFrame(function(){requestAnimationFrame(r)})})`, nil)
}

// shotView saves a screenshot of the viewport as NAME.png in
// HEXDAME_SCREENSHOTS, if set.
func (b *tab) shotView(name string) {
	dir := os.Getenv("HEXDAME_SCREENSHOTS")
	if dir == "" {
		return
	}
	var png []byte
	if err := chromedp.Run(b.ctx, chromedp.CaptureScreenshot(&png)); err != nil {
		b.t.Logf("screenshot %s: %v", name, err)
		return
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644); err != nil {
		b.t.Error(err)
	}
}

// shotOf saves a screenshot of the element sel as NAME.png in
// HEXDAME_SCREENSHOTS, if set.
func (b *tab) shotOf(sel, name string) {
	dir := os.Getenv("HEXDAME_SCREENSHOTS")
	if dir == "" {
		return
	}
	var png []byte
	if err := chromedp.Run(b.ctx, chromedp.Screenshot(sel, &png, chromedp.ByQuery)); err != nil {
		b.t.Logf("screenshot %s: %v", name, err)
		return
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644); err != nil {
		b.t.Error(err)
	}
}

// rect is an element's box on the screen.
type rect struct{ Left, Top, Right, Bottom, Width, Height float64 }

func (b *tab) rect(sel string) rect {
	b.t.Helper()
	var r rect
	b.eval(`(function(){var e=document.querySelector(`+quoteJS(sel)+`); if (!e) { return {}; } var r=e.getBoundingClientRect(); return {Left:r.left,Top:r.top,Right:r.right,Bottom:r.bottom,Width:r.width,Height:r.height};})()`, &r)
	return r
}

// TestBrowserLayout opens a game at the width of a phone, of a small
// window, and of screens of 1300 to 1920 pixels: the page never scrolls
// sideways; from 1190 pixels the panels stand beside the board, the
// whole board is in view, the board grows with the height of the
// window, and the page uses the width (no empty band wider than a
// tenth of it beside the panels). Screenshots of each size, plain and
// with the engine's lines and a review shown.
func TestBrowserLayout(t *testing.T) {
	for _, s := range sites(t) {
		t.Run(s.name, func(t *testing.T) {
			b := newTab(t)
			b.open(s.url + "#moves=" + lookGame)
			check := func(size string, w, h int64) {
				var scroll float64
				b.eval(`document.documentElement.scrollWidth - document.documentElement.clientWidth`, &scroll)
				if scroll > 0 {
					t.Errorf("%s: the page scrolls %v px sideways", size, scroll)
				}
				board, right := b.rect("#board"), b.rect("#right")
				if w < 1190 {
					return
				}
				if right.Left < board.Right {
					t.Errorf("%s: the panels (from x %v) are not beside the board (to x %v)", size, right.Left, board.Right)
				}
				if board.Top < 0 || board.Bottom > float64(h) {
					t.Errorf("%s: the board, from y %v to %v, is not all in view", size, board.Top, board.Bottom)
				}
				if min := 0.7 * float64(h); board.Height < min {
					t.Errorf("%s: the board is %v px high, less than %v", size, board.Height, min)
				}
				var edges []float64
				b.eval(`(function(){var l=Infinity, r=-Infinity; document.querySelectorAll("#left, #right .panel").forEach(function(e){var x=e.getBoundingClientRect(); if (x.width) { l=Math.min(l,x.left); r=Math.max(r,x.right); }}); return [l, r];})()`, &edges)
				if band := float64(w) - edges[1] + edges[0]; band > 0.1*float64(w) {
					t.Errorf("%s: the page leaves %v px of %d empty beside its content (from x %v to %v)", size, band, w, edges[0], edges[1])
				}
			}
			for _, z := range lookSizes {
				b.viewport(z.w, z.h)
				check(z.name, z.w, z.h)
				b.shotView("layout-" + s.name + "-" + z.name)
			}
			// The engine's lines, and a review.
			b.viewport(1300, 1000)
			if s.server == nil {
				b.waitFor(`hexdame.timings.engineReady`, 30*time.Second)
			}
			b.click("#analyze")
			b.analyzed(6)
			b.run(chromedp.SetValue("#reviewtime", "100", chromedp.ByID))
			b.click("#review")
			b.waitFor(`document.body.getAttribute("data-reviewed") !== null`, 60*time.Second)
			for _, z := range lookSizes {
				b.viewport(z.w, z.h)
				check(z.name+" with the engine", z.w, z.h)
				b.shotView("layout-" + s.name + "-" + z.name + "-engine")
			}
			b.shot("layout-" + s.name + "-whole-page")
			b.click("#analyze")
			noSearchLeft(t, s)
		})
	}
}

// contrastJS defines, in the page, contrast(el): the contrast ratio of
// an element's text with the background it stands on (the colors of
// the element and its ancestors, blended), as WCAG 2 reckons it.
const contrastJS = `
function rgba(s) { var m = (s.match(/[\d.]+/g) || [0, 0, 0, 0]).map(Number); return [m[0], m[1], m[2], m.length > 3 ? m[3] : 1]; }
function over(top, under) { return [0, 1, 2].map(function (k) { return top[k] * top[3] + under[k] * (1 - top[3]); }); }
function background(el) {
	var layers = [];
	for (var x = el; x && x.nodeType === 1; x = x.parentElement) {
		var c = rgba(getComputedStyle(x).backgroundColor);
		if (c[3] > 0) { layers.push(c); if (c[3] >= 1) { break; } }
	}
	var rgb = [255, 255, 255];
	for (var i = layers.length - 1; i >= 0; i--) { rgb = over(layers[i], rgb); }
	return rgb;
}
function luminance(rgb) {
	var v = rgb.map(function (c) { c /= 255; return c <= 0.03928 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4); });
	return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2];
}
function ratio(a, b) { var x = luminance(a), y = luminance(b); return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05); }
function contrast(el, color) {
	var bg = background(el);
	return ratio(over(rgba(color || getComputedStyle(el).color), bg), bg);
}
`

// TestBrowserControls: no button, list, field or box keeps the
// browser's own look: each is drawn by the page, with one radius; a
// button says it is disabled, and changes under the pointer; the focus,
// moved by the keyboard, shows one ring, in the move's blue, which
// stands out from what is around it; every text of the page, the
// controls' and their placeholders' too, meets WCAG AA's contrast (4.5,
// 3 for large text), with the engine's lines and a review shown.
func TestBrowserControls(t *testing.T) {
	for _, s := range sites(t) {
		t.Run(s.name, func(t *testing.T) {
			b := newTab(t)
			b.open(s.url + "#moves=" + lookGame)
			b.run(chromedp.SetValue("#pdnin", threeGames, chromedp.ByID))
			b.click("#import")
			b.waitFor(`document.querySelectorAll("#games li").length === 3`, 10*time.Second)
			if s.server == nil {
				b.waitFor(`hexdame.timings.engineReady`, 30*time.Second)
			}
			b.click("#analyze")
			b.analyzed(4)
			b.click("#help summary")
			var problems []string
			b.eval(`(function(){`+contrastJS+`
				var out = [], root = getComputedStyle(document.documentElement), radius = root.getPropertyValue("--radius").trim();
				function visible(e) { var r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== "hidden"; }
				function name(e) { return e.tagName.toLowerCase() + (e.id ? "#" + e.id : e.name ? "[name=" + e.name + "]" : e.className ? "." + e.className : ""); }
				document.querySelectorAll("button, select, input, textarea").forEach(function (e) {
					if (!visible(e)) { return; }
					var cs = getComputedStyle(e);
					if (cs.appearance !== "none") { out.push(name(e) + ": the browser's look (appearance " + cs.appearance + ")"); }
					if (e.type === "file") { cs = getComputedStyle(e, "::file-selector-button"); }
					if (e.type !== "checkbox" && e.type !== "radio" && cs.borderTopLeftRadius !== radius) { out.push(name(e) + ": radius " + cs.borderTopLeftRadius + ", not " + radius); }
					if (e.placeholder) {
						var pc = contrast(e, getComputedStyle(e, "::placeholder").color);
						if (pc < 4.5) { out.push(name(e) + ": placeholder contrast " + pc.toFixed(2)); }
					}
				});
				// Every text, where it is.
				var walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
				for (var n = walk.nextNode(); n; n = walk.nextNode()) {
					var el = n.parentElement;
					if (!n.textContent.trim() || !visible(el) || el.closest("svg, script, style, template, :disabled, [hidden], #evalbar")) { continue; }
					var cs = getComputedStyle(el), px = parseFloat(cs.fontSize), large = px >= 24 || px >= 18.66 && +cs.fontWeight >= 700;
					var c = contrast(el);
					if (c < (large ? 3 : 4.5)) { out.push(name(el) + " " + JSON.stringify(n.textContent.trim().slice(0, 30)) + ": contrast " + c.toFixed(2)); }
				}
				return out;
			})()`, &problems)
			for _, p := range problems {
				t.Error(p)
			}
			// Disabled: another look, and the pointer says so.
			var looks struct{ Off, On [3]string }
			b.eval(`(function(){function look(id){var cs=getComputedStyle(document.getElementById(id)); return [cs.backgroundColor, cs.color, cs.cursor];}
				return {Off: look("takeback"), On: look("newhere")};})()`, &looks)
			if looks.Off[0] == looks.On[0] || looks.Off[1] == looks.On[1] || looks.Off[2] != "not-allowed" {
				t.Errorf("a disabled button (background, text, pointer) %v, an enabled one %v", looks.Off, looks.On)
			}
			// Under the pointer, a button changes.
			r := b.rect("#newhere")
			var before string
			b.eval(`getComputedStyle(document.querySelector("#newhere")).backgroundColor`, &before)
			b.run(chromedp.MouseEvent("mouseMoved", r.Left+r.Width/2, r.Top+r.Height/2))
			b.waitFor(`getComputedStyle(document.querySelector("#newhere")).backgroundColor !== `+quoteJS(before), 5*time.Second)
			b.run(chromedp.MouseEvent("mouseMoved", 1, 1))
			// The keyboard's focus: one ring, the move's blue, seen.
			b.eval(`document.activeElement.blur()`, nil)
			b.run(chromedp.KeyEvent(kb.Tab))
			var ring struct {
				Tag, Style, Color, Want string
				Width, Contrast         float64
				Visible                 bool
			}
			b.eval(`(function(){`+contrastJS+`
				var e = document.activeElement, cs = getComputedStyle(e);
				return {Tag: e.tagName + "#" + e.id, Style: cs.outlineStyle, Width: parseFloat(cs.outlineWidth), Color: cs.outlineColor,
					Want: getComputedStyle(document.documentElement).getPropertyValue("--move").trim(), Visible: e.matches(":focus-visible"),
					Contrast: contrast(e.parentElement, cs.outlineColor)};
			})()`, &ring)
			if !ring.Visible || ring.Style != "solid" || ring.Width < 2 || ring.Color != "rgb(21, 101, 192)" || ring.Want != "#1565c0" || ring.Contrast < 3 {
				t.Errorf("the focus ring of %s: %+v", ring.Tag, ring)
			}
			b.shotView("controls-" + s.name)
			b.click("#analyze")
			noSearchLeft(t, s)
		})
	}
}

// TestBrowserEditorBeside: the position editor opens beside the board,
// in the place of the other panels, so that at 1300 by 1000 pixels the
// whole board and the editor are in view without scrolling, with the
// panels as a player has them (a list of games, the engine's lines); on
// a phone it opens under the board, in view.
func TestBrowserEditorBeside(t *testing.T) {
	for _, s := range sites(t) {
		t.Run(s.name, func(t *testing.T) {
			b := newTab(t)
			b.open(s.url)
			b.importPDN(threeGames)
			if s.server == nil {
				b.waitFor(`hexdame.timings.engineReady`, 30*time.Second)
			}
			b.click("#analyze")
			b.analyzed(4)
			inView := func(size string, sels ...string) {
				var w, h float64
				b.eval(`window.innerWidth`, &w)
				b.eval(`window.innerHeight`, &h)
				for _, sel := range sels {
					r := b.rect(sel)
					if r.Width == 0 || r.Left < 0 || r.Top < 0 || r.Right > w || r.Bottom > h {
						t.Errorf("%s: %s, from (%v, %v) to (%v, %v), is not all in the %v by %v view", size, sel, r.Left, r.Top, r.Right, r.Bottom, w, h)
					}
				}
			}
			b.viewport(1300, 1000)
			b.click("#edit")
			b.waitFor(`!document.querySelector("#edittools").hidden`, 5*time.Second)
			inView("1300 by 1000", "#board", "#editpanel", "#palette", "#editdone")
			b.shotView("editor-" + s.name + "-1300")
			b.click("#editcancel")
			b.waitFor(`document.querySelector("#edittools").hidden`, 5*time.Second)
			b.viewport(390, 844)
			b.eval(`window.scrollTo(0, document.body.scrollHeight)`, nil)
			b.click("#edit")
			b.waitFor(`!document.querySelector("#edittools").hidden`, 5*time.Second)
			b.eval(`new Promise(function(r){requestAnimationFrame(function(){requestAnimationFrame(r)})})`, nil)
			inView("390 by 844", "#editpanel")
			if board, panel := b.rect("#board"), b.rect("#editpanel"); panel.Top < board.Bottom {
				t.Errorf("on a phone, the editor (from y %v) is not under the board (to y %v)", panel.Top, board.Bottom)
			}
			b.shotView("editor-" + s.name + "-390")
		})
	}
}

// TestBrowserPageLoad measures the page's load at a first visit, three
// times, each in a browser just started with an empty cache (and ended
// before the next): the time from the navigation's start to
// DOMContentLoaded, and to the board drawn (the page ready), with where
// the time went. Logged, not asserted; the figures of doc/BENCHMARKS.md.
func TestBrowserPageLoad(t *testing.T) {
	for _, s := range sites(t) {
		t.Run(s.name, func(t *testing.T) {
			var dcl, ready []float64
			var detail []string
			for i := range 3 {
				t.Run(fmt.Sprint(i), func(t *testing.T) { // a browser each, ended with its run
					b := newTab(t)
					b.open(s.url + "#moves=" + lookGame)
					var v struct {
						DCL, Ready float64
						Detail     string
					}
					// Where the time went, in ms since the navigation's
					// start: the document received and parsed, the
					// modules run, and on the static site the WebAssembly
					// compiled, the rules' worker ready and its first
					// answer.
					b.eval(`(function(){var n = performance.getEntriesByType("navigation")[0], t = hexdame.timings, ran = t.ready - t.start;
						var d = [["document", n.responseEnd], ["parsed", n.domInteractive], ["modules run", ran]];
						if (t.rulesReady) { d.push(["compiled", t.compiled], ["rules", ran + t.rulesReady], ["answer", t.answered]); }
						return {DCL: n.domContentLoadedEventEnd, Ready: t.ready, Detail: d.map(function (e) { return e[0] + " " + Math.round(e[1]); }).join(", ")};})()`, &v)
					dcl, ready, detail = append(dcl, v.DCL), append(ready, v.Ready), append(detail, v.Detail)
				})
			}
			t.Logf("speed: %s: first visit, empty cache: DOMContentLoaded at %.0f ms, the board ready at %.0f ms (in ms: %s)", s.name, dcl, ready, strings.Join(detail, "; "))
		})
	}
}

// TestBrowserCommentField: a move's comment that holds an evaluation (as
// a review writes one after every move) shows in the comment's field
// without it, as the move list shows it; a comment set keeps it, so that
// the graph keeps its point.
func TestBrowserCommentField(t *testing.T) {
	for _, s := range sites(t) {
		t.Run(s.name, func(t *testing.T) {
			b := newTab(t)
			b.open(s.url)
			b.importPDN("[Event \"x\"]\n\n1. d4-e5 {a start [%eval +0.10]} f6xd4 {[%eval -0.20]} *\n")
			b.eval(`document.querySelector('#movetext [data-n="1"]').click()`, nil)
			b.waitFor(`document.body.getAttribute("data-node") === "1"`, 5*time.Second)
			var field string
			b.eval(`document.querySelector("#comment").value`, &field)
			if field != "a start" {
				t.Errorf("the comment's field shows %q, want %q", field, "a start")
			}
			b.run(chromedp.SetValue("#comment", "a better start", chromedp.ByID))
			b.eval(`document.querySelector("#commentform button").click()`, nil)
			b.waitFor(`hexdame.page.st.comment.indexOf("a better start") >= 0`, 5*time.Second)
			var comment string
			b.eval(`hexdame.page.st.comment`, &comment)
			if comment != "a better start [%eval +0.10]" {
				t.Errorf("the comment set: %q", comment)
			}
			b.eval(`document.querySelector('#movetext [data-n="2"]').click()`, nil)
			b.waitFor(`document.body.getAttribute("data-node") === "2"`, 5*time.Second)
			b.eval(`document.querySelector("#comment").value`, &field)
			if field != "" {
				t.Errorf("an evaluation alone shows in the comment's field as %q", field)
			}
		})
	}
}
