package web

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/hexdame/hexdame"
)

// The browser tests of issue 36: the work a player comes back to, and
// the bugs a new user hit.

// kept waits for the browser to keep the page's work as it is now.
func (b *tab) kept() {
	b.t.Helper()
	b.waitFor(`+document.body.getAttribute("data-kept") === hexdame.page.st.version && document.body.getAttribute("data-kept") !== ""`, 10*time.Second)
}

// answer answers the page's question (ask.js) yes or no, after checking
// that it holds want.
func (b *tab) answer(want string, yes bool) {
	b.t.Helper()
	b.waitFor(`document.querySelector("dialog#ask[open]")`, 10*time.Second)
	b.shot("ask")
	if q := b.text("dialog#ask .question"); !strings.Contains(q, want) {
		b.t.Errorf("the question %q, want it to hold %q", q, want)
	}
	if yes {
		b.click("dialog#ask .yes")
	} else {
		b.click("dialog#ask .no")
	}
	b.waitFor(`!document.querySelector("dialog#ask[open]")`, 5*time.Second)
}

// waitDone waits for the answer to the operation after done.
func (b *tab) waitDone(done string) {
	b.t.Helper()
	b.waitFor(`document.body.getAttribute("data-done") !== `+quoteJS(done), 10*time.Second)
}

// importPDN imports text through the box of In and out.
func (b *tab) importPDN(text string) {
	b.t.Helper()
	done := b.attr("data-done")
	b.run(chromedp.SetValue("#pdnin", text, chromedp.ByID))
	b.click("#import")
	b.waitDone(done)
}

// movetext is the move list as the page shows it.
func (b *tab) movetext() string {
	b.t.Helper()
	return b.text("#movetext")
}

// TestBrowserKeepsWork: a comment on a move of game 1 of an import, a
// move in game 2, game 1 again: the comment is there; a reload, then a
// new tab after the tab is closed, bring back the list, both games'
// changes and the move shown; the address holds the game.
func TestBrowserKeepsWork(t *testing.T) {
	for _, s := range sites(t) {
		t.Run(s.name, func(t *testing.T) {
			// Two tabs of one browser: the first stays blank, the second
			// is closed, a third opened.
			first := newTab(t)
			b, closeTab := first.newTabInBrowser()
			b.open(s.url)
			b.importPDN(threeGames)
			b.waitFor(`document.querySelectorAll("#games li").length === 3`, 5*time.Second)
			// After an import, the address holds the game shown.
			if h := b.hash(); !strings.Contains(h, "game=1") || !strings.Contains(h, "moves=d4-e5%2Cf6xd4%2Cc3xe5") {
				t.Errorf("after the import, the address %q", h)
			}
			b.eval(`document.querySelector('#movetext [data-n="2"]').click()`, nil)
			b.waitFor(`document.body.getAttribute("data-node") === "2"`, 5*time.Second)
			b.run(chromedp.SetValue("#comment", "the usual", chromedp.ByID))
			b.eval(`document.querySelector("#commentform button").click()`, nil)
			b.waitFor(`document.querySelector("#movetext").textContent.indexOf("{the usual}") >= 0`, 5*time.Second)
			// Game 2, changed: no question, the changes of game 1 are kept.
			b.eval(`document.querySelectorAll("#games li")[1].click()`, nil)
			b.waitFor(`document.querySelector("#movetext").textContent.indexOf("c4-c5") >= 0`, 5*time.Second)
			b.waitFor(`document.querySelectorAll("#games li")[0].classList.contains("edited")`, 5*time.Second)
			b.run(chromedp.KeyEvent(kb.End))
			b.waitFor(`document.body.getAttribute("data-node") === "2"`, 5*time.Second)
			p := b.position()
			b.play(p, p.MustParseMove("c5-c6"))
			b.eval(`document.querySelectorAll("#games li")[0].click()`, nil)
			b.waitFor(`document.querySelector("#movetext").textContent.indexOf("{the usual}") >= 0`, 5*time.Second)
			if b.text("dialog#ask[open]") != "" {
				t.Error("a question on switching games, whose changes are kept")
			}
			// Step to the end: the address holds the line and where.
			b.run(chromedp.KeyEvent(kb.Home), chromedp.KeyEvent(kb.ArrowRight))
			b.waitFor(`document.body.getAttribute("data-node") === "1"`, 5*time.Second)
			if h := b.hash(); h != "#game=1&moves=d4-e5%2Cf6xd4%2Cc3xe5&at=1" {
				t.Errorf("at ply 1 of game 1, the address %q", h)
			}
			b.kept()
			b.shot(s.name + "-kept")

			check := func(when string) {
				t.Helper()
				b.waitFor(`document.querySelectorAll("#games li").length === 3`, 10*time.Second)
				if mt := b.movetext(); !strings.Contains(mt, "f6xd4 {the usual}") || b.attr("data-node") != "1" {
					t.Errorf("%s: movetext %q at node %s", when, mt, b.attr("data-node"))
				}
				if h := b.hash(); h != "#game=1&moves=d4-e5%2Cf6xd4%2Cc3xe5&at=1" {
					t.Errorf("%s: the address %q", when, h)
				}
				var marks []string
				b.eval(`Array.from(document.querySelectorAll("#games li")).map(function(li){return li.className})`, &marks)
				if len(marks) != 3 || !strings.Contains(marks[0], "current") || !strings.Contains(marks[0], "edited") || !strings.Contains(marks[1], "edited") || strings.Contains(marks[2], "edited") {
					t.Errorf("%s: the list's marks %q", when, marks)
				}
			}
			b.run(chromedp.Reload(), chromedp.WaitVisible(`body[data-ready="1"]`))
			check("after a reload")

			// The tab closed, another opened on the site's address.
			closeTab()
			b, _ = first.newTabInBrowser()
			b.open(s.url)
			check("in a new tab")
			b.eval(`document.querySelectorAll("#games li")[1].click()`, nil)
			b.waitFor(`document.querySelector("#movetext").textContent.indexOf("c5-c6") >= 0`, 5*time.Second)
			b.shot(s.name + "-kept-new-tab")
		})
	}
}

// navigate loads url without waiting for the page to be ready (it asks
// first).
func (b *tab) navigate(url string) {
	b.t.Helper()
	b.run(chromedp.Navigate(url))
}

func (b *tab) hash() string {
	b.t.Helper()
	var h string
	b.eval(`location.hash`, &h)
	return h
}

// newTabInBrowser opens another tab in b's browser, which shares its
// storage, and returns it with the function that closes it.
func (b *tab) newTabInBrowser() (*tab, func()) {
	ctx, cancel := chromedp.NewContext(b.ctx)
	b.t.Cleanup(cancel)
	if err := chromedp.Run(ctx); err != nil {
		b.t.Fatal(err)
	}
	return &tab{t: b.t, ctx: ctx}, cancel
}

// TestBrowserAsksBeforeLosing: a new game, an import and a link ask
// before they replace changes; where the browser keeps nothing, the page
// says so and asks before the tab is left.
func TestBrowserAsksBeforeLosing(t *testing.T) {
	for _, s := range sites(t) {
		t.Run(s.name, func(t *testing.T) {
			b := newTab(t)
			b.open(s.url + "#moves=d4-e5")
			leave := func() bool {
				var prevented bool
				b.eval(`(function(){var e=new Event("beforeunload",{cancelable:true}); window.dispatchEvent(e); return e.defaultPrevented;})()`, &prevented)
				return prevented
			}
			if leave() {
				t.Error("a game just opened, unchanged: the page asks before it is left")
			}
			p := b.position()
			b.play(p, p.MustParseMove("f6xd4"))
			b.kept()
			if leave() {
				t.Error("a change the browser keeps: the page asks before it is left")
			}
			// New game: asked; no keeps the game.
			b.run(chromedp.SetValue("#minutes", "0", chromedp.ByID))
			b.click("#newgame")
			b.answer("Its changes will be lost", false)
			if b.attr("data-node") != "2" || !strings.Contains(b.movetext(), "f6xd4") {
				t.Errorf("after no: node %s, %q", b.attr("data-node"), b.movetext())
			}
			b.shot(s.name + "-ask")
			// Import: asked too; yes replaces the game.
			b.run(chromedp.SetValue("#pdnin", threeGames, chromedp.ByID))
			b.click("#import")
			b.answer("Its changes will be lost", true)
			b.waitFor(`document.querySelectorAll("#games li").length === 3`, 5*time.Second)
			b.eval(`document.querySelector('#movetext [data-n="1"]').click()`, nil)
			b.waitFor(`document.body.getAttribute("data-node") === "1"`, 5*time.Second)
			b.run(chromedp.SetValue("#comment", "mine", chromedp.ByID))
			b.eval(`document.querySelector("#commentform button").click()`, nil)
			b.waitFor(`document.querySelector("#movetext").textContent.indexOf("{mine}") >= 0`, 5*time.Second)
			b.kept()
			// A link to another game: asked; "go back" keeps the work,
			// "show" opens the link's game.
			b.navigate(s.url + "?link#moves=c4-c5")
			b.answer("Show the address's game?", false)
			b.waitFor(`document.querySelector("#movetext").textContent.indexOf("{mine}") >= 0`, 10*time.Second)
			b.navigate(s.url + "?link2#moves=c4-c5")
			b.answer("Show the address's game?", true)
			b.waitFor(`document.querySelector("#movetext").textContent.indexOf("c4-c5") >= 0`, 10*time.Second)
			b.kept()
			// The browser's storage full: said, and asked before leaving.
			b.eval(`Storage.prototype.setItem = function () { throw new DOMException("full", "QuotaExceededError"); }`, nil)
			p = b.position()
			b.play(p, p.MustParseMove("i6-h5"))
			b.waitFor(`document.body.getAttribute("data-kept") === "failed"`, 10*time.Second)
			if n := b.text("#keepnote"); !strings.Contains(n, "storage for this page is full") {
				t.Errorf("the note %q", n)
			}
			if !leave() {
				t.Error("a change the browser does not keep: the page does not ask before it is left")
			}
			b.shot(s.name + "-not-kept")
		})
	}
}

// TestBrowserNewGameClearsAnalysis: the engine on, then a new game: the
// score, the depth, the lines and the bar go.
func TestBrowserNewGameClearsAnalysis(t *testing.T) {
	for _, s := range sites(t) {
		t.Run(s.name, func(t *testing.T) {
			b := newTab(t)
			b.open(s.url)
			if s.server == nil {
				b.waitFor(`hexdame.timings.engineReady`, 30*time.Second)
			}
			b.click("#analyze")
			b.analyzed(4)
			if b.text("#evalscore") == "" || b.text("#depth") == "" {
				t.Fatalf("the analysis shows no score or depth")
			}
			b.run(chromedp.SetValue("#minutes", "0", chromedp.ByID))
			b.click("#newgame")
			b.waitFor(`!document.querySelector("#resign").disabled`, 5*time.Second)
			var bar bool
			b.eval(`document.querySelector("#evalbar").classList.contains("off")`, &bar)
			if sc, d, n := b.text("#evalscore"), b.text("#depth"), b.text("#lines"); sc != "" || d != "" || n != "" || !bar {
				t.Errorf("after a new game: score %q, depth %q, lines %q, bar off %v", sc, d, n, bar)
			}
			noSearchLeft(t, s)
		})
	}
}

// TestBrowserCaptureChoiceCleared: where several captures end on one
// cell, the landing cell clicked plays the move, and the page stops
// asking.
func TestBrowserCaptureChoiceCleared(t *testing.T) {
	for _, s := range sites(t) {
		t.Run(s.name, func(t *testing.T) {
			b := newTab(t)
			start := "W:Wb5,c3,e3,Ke9,f3,f4:Bf6,g5,g6,g8,g9,h6,h8"
			b.open(s.url + "#fen=" + start)
			b.clickCell("e9")
			b.clickCell("d3")
			b.waitFor(`document.querySelector("#status").textContent.indexOf("several captures end on d3") >= 0`, 5*time.Second)
			b.clickCell("i9")
			b.waitFor(`document.body.getAttribute("data-node") === "1"`, 5*time.Second)
			var lit int
			b.eval(`document.querySelectorAll("#board polygon.cell.via, #board polygon.cell.chosen, #board polygon.cell.selected, #board polygon.cell.dest").length`, &lit)
			if st := b.text("#status"); strings.Contains(st, "several captures") || lit != 0 {
				t.Errorf("after the capture: status %q, %d cells lit", st, lit)
			}
			p := hexdame.MustParseFEN(start)
			if got, want := b.position(), p.PlayUnchecked(p.MustParseMove("e9xi9xg7xe5xh5xh7xd3")); got != want {
				t.Errorf("after the capture: %v, want %v", got, want)
			}
		})
	}
}

// TestBrowserDrawOffer: the engine declines a draw while a capture is
// pending (level 1 took one at move 2, with the player's recapture to
// make) and when it sees itself ahead, and accepts one when it sees
// itself behind; after the draw, there is nothing to take back.
func TestBrowserDrawOffer(t *testing.T) {
	start := hexdame.StartPosition().String()
	for _, s := range sites(t) {
		t.Run(s.name, func(t *testing.T) {
			b := newTab(t)
			n := 0
			offer := func(fen, want string) {
				t.Helper()
				n++
				b.open(s.url + "?" + strconv.Itoa(n) + "#fen=" + fen)
				if s.server == nil {
					b.waitFor(`hexdame.timings.engineReady`, 30*time.Second)
				}
				b.run(chromedp.SetValue("#level", "1", chromedp.ByID), chromedp.SetValue("#minutes", "0", chromedp.ByID))
				b.click("#newhere")
				b.waitFor(`!document.querySelector("#offerdraw").disabled`, 5*time.Second)
				b.click("#offerdraw")
				b.waitFor(`/accepts|declines/.test(document.querySelector("#playstatus").textContent)`, 30*time.Second)
				if ps := b.text("#playstatus"); !strings.Contains(ps, want) {
					t.Errorf("%s: %q, want %q", fen, ps, want)
				}
			}
			// After 1. d4-e5 f6xd4, White (the player) has a recapture to
			// make.
			afterCapture := hexdame.MustParseFEN(start)
			afterCapture = afterCapture.PlayUnchecked(afterCapture.MustParseMove("d4-e5"))
			afterCapture = afterCapture.PlayUnchecked(afterCapture.MustParseMove("f6xd4"))
			offer(afterCapture.String(), "declines the draw: a capture is pending")
			// Red, the engine, a man ahead (White's a1 gone), then a man
			// behind (its i9 gone).
			offer(strings.Replace(start, "Wa1,", "W", 1), "declines the draw: it sees itself ahead")
			offer(strings.Replace(start, ",i9", "", 1), "accepts the draw")
			b.waitFor(`document.body.getAttribute("data-over").indexOf("1-1") === 0`, 5*time.Second)
			var takeback bool
			b.eval(`document.querySelector("#takeback").disabled`, &takeback)
			if !takeback {
				t.Error("take back enabled after the draw")
			}
			b.shot(s.name + "-draw")
		})
	}
}

// TestBrowserTakeback: take back is enabled only once the player has a
// move to take back, and not while the engine thinks.
func TestBrowserTakeback(t *testing.T) {
	chromiumPath(t)
	s := serve(t, Config{})
	b := newTab(t)
	b.open(s.url)
	b.run(chromedp.SetValue("#level", "1", chromedp.ByID), chromedp.SetValue("#minutes", "0", chromedp.ByID))
	b.click("#newgame")
	b.waitFor(`!document.querySelector("#resign").disabled`, 5*time.Second)
	disabled := func() bool {
		var d bool
		b.eval(`document.querySelector("#takeback").disabled`, &d)
		return d
	}
	if !disabled() {
		t.Error("take back enabled before the player's first move")
	}
	p := b.position()
	b.play(p, p.MustParseMove("c4-c5"))
	b.waitFor(`document.body.getAttribute("data-fen").charAt(0) === "W" && !document.querySelector("#takeback").disabled`, 10*time.Second)
	b.click("#resign")
	b.waitFor(`document.body.getAttribute("data-over") !== ""`, 5*time.Second)
	if !disabled() {
		t.Error("take back enabled after a resignation")
	}
}

// TestBrowserEngineDistance: the engine's proven win is worded in moves,
// with the plies, as the endgame tables' verdicts are: Springer's
// problem is a win in 7 plies, 4 moves of White.
func TestBrowserEngineDistance(t *testing.T) {
	for _, s := range sites(t) {
		t.Run(s.name, func(t *testing.T) {
			b := newTab(t)
			b.open(s.url + "#fen=W:Wa3,a5,b4,b5,c2,d4,f3:Bc4,d6,e7,f6,f8,g5,h9")
			if s.server == nil {
				b.waitFor(`hexdame.timings.engineReady`, 30*time.Second)
			}
			b.click("#analyze")
			b.waitFor(`document.querySelector("#evalscore").textContent.indexOf("wins") >= 0`, 30*time.Second)
			if sc := b.text("#evalscore"); sc != "White wins in 4 moves (7 plies)" {
				t.Errorf("the score %q", sc)
			}
			if l := b.text("#lines li .score"); l != "White wins in 4 moves (7 plies)" {
				t.Errorf("the best line's score %q", l)
			}
			b.click("#analyze")
			noSearchLeft(t, s)
		})
	}
}

// TestBrowserPasteMoves: a list of moves pasted on the board plays from
// the position shown; pasted in the PDN box at another move it is a
// variation, which a reload keeps; one that cannot be played is named,
// and nothing is played.
func TestBrowserPasteMoves(t *testing.T) {
	for _, s := range sites(t) {
		t.Run(s.name, func(t *testing.T) {
			b := newTab(t)
			b.open(s.url)
			paste := func(sel, text string) {
				t.Helper()
				done := b.attr("data-done")
				b.eval(`(function(){var dt=new DataTransfer(); dt.setData("text/plain", `+quoteJS(text)+`);
					document.querySelector(`+quoteJS(sel)+`).dispatchEvent(new ClipboardEvent("paste", {clipboardData: dt, bubbles: true, cancelable: true}));})()`, nil)
				b.waitDone(done)
			}
			paste("#board", "1. d4-e5 f6xd4 2. c3xe5")
			if mt := b.movetext(); b.attr("data-node") != "3" || !strings.HasPrefix(mt, "1. d4-e5 f6xd4 2. c3xe5") {
				t.Errorf("pasted on the board: node %s, %q", b.attr("data-node"), mt)
			}
			b.run(chromedp.KeyEvent(kb.ArrowLeft))
			b.waitFor(`document.body.getAttribute("data-node") === "2"`, 5*time.Second)
			paste("#pdnin", "2. d3xd5 g7-f6")
			if mt := b.movetext(); !strings.Contains(mt, "(2. d3xd5 g7-f6)") {
				t.Errorf("pasted as a variation: %q", mt)
			}
			if v := b.text("#pdnin"); v != "" {
				t.Errorf("the box holds %q: the moves were played, not pasted", v)
			}
			before := b.movetext()
			paste("#fenin", "3. a1-a9")
			if e := b.text("#error"); !strings.Contains(e, "move 1 of the list, a1-a9, cannot be played") || b.movetext() != before {
				t.Errorf("a move that cannot be played: error %q, movetext %q", e, b.movetext())
			}
			b.shot(s.name + "-paste")
			// Down goes into the variation, Up back; Shift+Right too.
			b.run(chromedp.KeyEvent(kb.Home), chromedp.KeyEvent(kb.ArrowRight), chromedp.KeyEvent(kb.ArrowRight))
			b.waitFor(`document.body.getAttribute("data-node") === "2"`, 5*time.Second)
			b.run(chromedp.KeyEvent(kb.ArrowDown))
			b.waitFor(`document.querySelector("#movetext .current").textContent === "2. d3xd5"`, 5*time.Second)
			b.run(chromedp.KeyEvent(kb.ArrowUp))
			b.waitFor(`document.querySelector("#movetext .current").textContent === "2. c3xe5"`, 5*time.Second)
			b.run(chromedp.KeyEvent(kb.ArrowLeft))
			b.waitFor(`document.body.getAttribute("data-node") === "2"`, 5*time.Second)
			b.run(chromedp.KeyEvent(kb.ArrowRight, chromedp.KeyModifiers(input.ModifierShift)))
			b.waitFor(`document.querySelector("#movetext .current").textContent === "2. d3xd5"`, 5*time.Second)
			if h := b.text("#help"); !strings.Contains(h, "Down") || !strings.Contains(h, "Paste a list of moves") {
				t.Errorf("the help %q", h)
			}
			// At the end of the main line, a reload keeps the variation.
			b.run(chromedp.KeyEvent(kb.ArrowUp), chromedp.KeyEvent(kb.End))
			b.waitFor(`document.querySelector("#movetext .current").textContent === "2. c3xe5"`, 5*time.Second)
			b.kept()
			b.run(chromedp.Reload(), chromedp.WaitVisible(`body[data-ready="1"]`))
			if mt := b.movetext(); !strings.Contains(mt, "(2. d3xd5 g7-f6)") || b.text("#movetext .current") != "2. c3xe5" {
				t.Errorf("after a reload: %q at %q", mt, b.text("#movetext .current"))
			}
		})
	}
}

// TestBrowserSmallThings: promote says why it does nothing; the PDN
// downloads are named after the game and the notation; games of an
// import that differ by their round are told apart; the move list ends
// with the result; an imported NAG after a comment is shown, and
// written, right after its move.
func TestBrowserSmallThings(t *testing.T) {
	for _, s := range sites(t) {
		t.Run(s.name, func(t *testing.T) {
			b := newTab(t)
			// An address alone (nothing kept yet): the line, at its ply.
			b.open(s.url + "#moves=d4-e5,f6xd4,c3xe5&at=1")
			if mt := b.movetext(); b.attr("data-node") != "1" || !strings.HasPrefix(mt, "1. d4-e5 f6xd4 2. c3xe5") {
				t.Errorf("the address's game: node %s, %q", b.attr("data-node"), mt)
			}
			b.click("#promote")
			b.waitFor(`document.querySelector("#error").textContent !== ""`, 5*time.Second)
			if e := b.text("#error"); !strings.Contains(e, "nothing to promote") {
				t.Errorf("promote on the main line: %q", e)
			}
			if r := b.text("#movetext .result"); r != "*" {
				t.Errorf("the move list ends with %q", r)
			}
			b.importPDN(`[Event "Club"]
[Date "2026.11.28"]
[White "Ann Lee"]
[Black "Ben"]
[Result "2-0"]

1. d4-e5 {a sharper try} $5 f6xd4 2-0
`)
			if mt := b.movetext(); !strings.HasPrefix(mt, "1. d4-e5!? {a sharper try} 1... f6xd4 2-0") {
				t.Errorf("the imported game: %q", mt)
			}
			// The downloads' names, as the page gives them to the browser.
			b.eval(`window.names = []; HTMLAnchorElement.prototype.click = function () { if (this.download) { window.names.push(this.download); } }`, nil)
			b.click("#pdnalg")
			b.click("#pdnnum")
			b.waitFor(`window.names.length === 2`, 5*time.Second)
			var names []string
			b.eval(`window.names`, &names)
			if len(names) != 2 || names[0] != "ann-lee-vs-ben-2026-11-28.pdn" || names[1] != "ann-lee-vs-ben-2026-11-28-numeric.pdn" {
				t.Errorf("the downloads' names %q", names)
			}
			var pdn string
			b.eval(`hexdame.backend.do({op: "pdn"}).then(function(r){return r.pdn})`, &pdn)
			if !strings.Contains(pdn, "1. d4-e5!? {a sharper try}") {
				t.Errorf("the PDN written:\n%s", pdn)
			}
			b.importPDN(threeGames)
			var labels []string
			b.eval(`Array.from(document.querySelectorAll("#games li")).map(function(li){return li.textContent})`, &labels)
			if len(labels) != 3 || labels[0] == labels[1] || labels[1] == labels[2] {
				t.Errorf("the list %q", labels)
			}
			b.shot(s.name + "-small-things")
		})
	}
}

// TestBrowserTwoTabs: two tabs of one browser, each with its game; the
// one changed last is kept, and the other says so and asks before it is
// left, until it is changed again.
func TestBrowserTwoTabs(t *testing.T) {
	chromiumPath(t)
	s := serve(t, Config{})
	first := newTab(t)
	a, _ := first.newTabInBrowser()
	a.open(s.url + "#moves=d4-e5")
	p := a.position()
	a.play(p, p.MustParseMove("f6xd4"))
	a.kept()
	b, _ := first.newTabInBrowser()
	b.navigate(s.url + "?b#moves=c4-c5")
	b.answer("Show the address's game?", true)
	b.waitFor(`document.body.getAttribute("data-ready") === "1"`, 10*time.Second)
	p = b.position()
	b.play(p, p.MustParseMove("i6-h5"))
	b.kept()
	a.waitFor(`document.body.getAttribute("data-kept") === "other"`, 10*time.Second)
	if n := a.text("#keepnote"); !strings.Contains(n, "Another tab") {
		t.Errorf("the note of the tab whose game is no longer kept: %q", n)
	}
	var prevented bool
	a.eval(`(function(){var e=new Event("beforeunload",{cancelable:true}); window.dispatchEvent(e); return e.defaultPrevented;})()`, &prevented)
	if !prevented {
		t.Error("the tab whose changes are no longer kept does not ask before it is left")
	}
	// Changed again, it is the one kept.
	p = a.position()
	a.play(p, p.MustParseMove("c3xe5"))
	a.kept()
	if n := a.text("#keepnote"); n != "" {
		t.Errorf("the note after the change: %q", n)
	}
}
