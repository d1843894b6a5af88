package web

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/hexdame/hexdame"
)

// The browser tests of issue 36's board: the last move's cells, moves
// animated, and the board turned to the player's color.

// lastCells returns the cells the board marks as the last move's (its
// start, landing cells and end) and, apart, those of the pieces it took,
// each sorted.
func (b *tab) lastCells() (path, taken []string) {
	b.t.Helper()
	var v struct{ Path, Taken []string }
	b.eval(`(function(){function cells(cls){return Array.from(document.querySelectorAll("#board polygon.cell."+cls)).map(function(p){return p.getAttribute("data-cell")}).sort();}
		return {Path: cells("last"), Taken: cells("taken")};})()`, &v)
	return v.Path, v.Taken
}

// wantLast checks that the board marks move m of position p as the last
// move, with a color of its own (none for no move).
func (b *tab) wantLast(when string, p hexdame.Position, m hexdame.Move) {
	b.t.Helper()
	var path, taken []string
	if m != (hexdame.Move{}) {
		for _, c := range p.Path(m).Cells() {
			path = append(path, c.String())
		}
		for c := range m.Captured().All() {
			taken = append(taken, c.String())
		}
		slices.Sort(path)
		slices.Sort(taken)
	}
	gotPath, gotTaken := b.lastCells()
	if !slices.Equal(gotPath, path) || !slices.Equal(gotTaken, taken) {
		b.t.Errorf("%s: the last move's cells %v and taken %v, want %v and %v", when, gotPath, gotTaken, path, taken)
	}
	if len(path) == 0 {
		return
	}
	// Marked, each cell shows another color than the board's own.
	var plain int
	b.eval(`Array.from(document.querySelectorAll("#board polygon.cell.last, #board polygon.cell.taken")).filter(function(p){
		var d = document.createElementNS("http://www.w3.org/2000/svg", "polygon"); d.setAttribute("fill", p.getAttribute("fill")); p.parentNode.appendChild(d);
		var same = getComputedStyle(d).fill === getComputedStyle(p).fill; d.remove(); return same;}).length`, &plain)
	if plain > 0 {
		b.t.Errorf("%s: %d of the last move's cells look as the board's", when, plain)
	}
}

// press presses a key on the page and waits for the node shown to
// change.
func (b *tab) press(key string) {
	b.t.Helper()
	before := b.attr("data-node")
	b.run(chromedp.KeyEvent(key))
	b.waitFor(`document.body.getAttribute("data-node") !== `+quoteJS(before), 10*time.Second)
}

// lookLine is lookGame but its last move, the capture e6xe4xe2, and
// lookPositions the positions of lookGame from the start.
var lookLine = strings.Split(lookGame, ",")

func lookPositions() []hexdame.Position {
	g := hexdame.NewGame()
	ps := []hexdame.Position{g.Position()}
	for _, m := range lookLine {
		g.Play(g.Position().MustParseMove(m))
		ps = append(ps, g.Position())
	}
	return ps
}

// TestBrowserLastMove: the last move's cells (its start, landing cells
// and end; the cells of the pieces it took more lightly) are marked
// after a move, going back and forth, into a variation and back, a
// reload, an import, a game's move and a take back.
func TestBrowserLastMove(t *testing.T) {
	ps := lookPositions()
	n := len(lookLine)
	move := func(i int) hexdame.Move { return ps[i-1].MustParseMove(lookLine[i-1]) } // the move to ply i
	for _, s := range sites(t) {
		t.Run(s.name, func(t *testing.T) {
			b := newTab(t)
			b.open(s.url + "#moves=" + strings.Join(lookLine[:n-1], ","))
			b.wantLast("a shared address", ps[n-2], move(n-1))
			// The capture, by clicks: its path and the pieces it took.
			b.play(ps[n-1], move(n))
			b.wantLast("after a capture", ps[n-1], move(n))
			b.run(chromedp.Click("#board", chromedp.ByID))
			b.shotOf("#board", s.name+"-last-move")
			b.press(kb.ArrowLeft)
			b.wantLast("a move back", ps[n-2], move(n-1))
			b.press(kb.Home)
			b.wantLast("the start", hexdame.Position{}, hexdame.Move{})
			b.press(kb.End)
			b.wantLast("the end", ps[n-1], move(n))
			// A variation: another move than the capture's, after the
			// move before it; Up goes to the main line's move.
			b.press(kb.ArrowLeft)
			b.press(kb.ArrowLeft)
			alt := ps[n-2].MustParseMove("c3-d3")
			b.play(ps[n-2], alt)
			b.wantLast("a variation", ps[n-2], alt)
			b.press(kb.ArrowUp)
			b.wantLast("back to the main line's move", ps[n-2], move(n-1))
			b.press(kb.ArrowDown)
			b.wantLast("into the variation again", ps[n-2], alt)
			b.kept()
			b.open(s.url)
			b.wantLast("after a reload", ps[n-2], alt)
			// An import shows its game's start, then its end.
			b.run(chromedp.SetValue("#pdnin", "[Event \"x\"]\n\n1. "+strings.Join(lookLine[:2], " ")+" 2. "+strings.Join(lookLine[2:4], " ")+" *\n", chromedp.ByID))
			b.click("#import")
			b.answer("Its changes will be lost", true)
			b.waitFor(`document.querySelectorAll("#movetext .move").length === 4`, 10*time.Second)
			b.wantLast("after an import", hexdame.Position{}, hexdame.Move{})
			b.run(chromedp.Click("#board", chromedp.ByID))
			b.press(kb.End)
			b.wantLast("at the end of an import", ps[3], move(4))
			// A game against the engine: its move, then a take back to
			// the player's move.
			b.run(chromedp.SetValue("#level", "1", chromedp.ByID), chromedp.SetValue("#minutes", "0", chromedp.ByID))
			b.click("#newgame")
			b.waitFor(`!document.querySelector("#resign").disabled && document.body.getAttribute("data-node") === "0"`, 10*time.Second)
			start := hexdame.StartPosition()
			b.play(start, start.MustParseMove("d4-e5"))
			b.waitFor(`document.body.getAttribute("data-node") === "2"`, 20*time.Second)
			var reply string
			b.eval(`hexdame.page.st.last.text`, &reply)
			after := start.PlayUnchecked(start.MustParseMove("d4-e5"))
			b.wantLast("after the engine's move", after, after.MustParseMove(reply))
			b.waitFor(`!document.querySelector("#takeback").disabled`, 10*time.Second)
			b.click("#takeback")
			b.waitFor(`document.body.getAttribute("data-node") === "0"`, 10*time.Second)
			b.wantLast("after a take back", hexdame.Position{}, hexdame.Move{})
			b.click("#resign")
		})
	}
}

// animations returns the animations the page has started (animate.js's
// log in hexdame.timings).
type animation struct {
	Move     string
	Back     bool
	Hops     int
	MS       float64
	Captured int
	Ended    float64
	Finished bool
}

func (b *tab) animations() []animation {
	b.t.Helper()
	var a []animation
	b.eval(`(hexdame.timings.animations || []).map(function(x){return {Move:x.move, Back:x.back, Hops:x.hops, MS:x.ms, Captured:x.captured, Ended:x.ended||0, Finished:!!x.finished};})`, &a)
	return a
}

// watchAnimation arms a watcher that, from the next animation frame on,
// notes what the board shows while a piece moves (the piece, the pieces
// taken on their way out, its transform) and, when then, presses that
// key at once; hexdame.seen is then a promise of what it saw.
func (b *tab) watchAnimation(then string) {
	b.t.Helper()
	b.eval(`window.seen = new Promise(function(resolve){
		function tick(){
			var mv = document.querySelector("#board g.piece.moving");
			if (!mv) { requestAnimationFrame(tick); return; }
			var seen = {Moving: mv.getAttribute("data-cell"), Ghosts: document.querySelectorAll("#board g.piece.ghost").length, Transform: getComputedStyle(mv).transform, Running: document.querySelector("#board").getAnimations({subtree: true}).length};
			if (`+quoteJS(then)+`) { document.dispatchEvent(new KeyboardEvent("keydown", {key: `+quoteJS(then)+`, bubbles: true})); }
			resolve(seen);
		}
		requestAnimationFrame(tick);
	}), true`, nil)
}

type seenAnimation struct {
	Moving    string
	Ghosts    int
	Transform string
	Running   int
}

func (b *tab) seen() seenAnimation {
	b.t.Helper()
	var s seenAnimation
	b.eval(`window.seen`, &s)
	return s
}

// animationsDone waits for the animations on the board to end.
func (b *tab) animationsDone() {
	b.t.Helper()
	b.waitFor(`!document.querySelector("#board g.piece.moving, #board g.piece.ghost") && document.querySelector("#board").getAnimations({subtree: true}).length === 0`, 10*time.Second)
}

// TestBrowserAnimation: a move slides its piece along its path, hop by
// hop, in 150 to 250 ms a hop, the pieces it takes fading; a step back
// plays it backwards; a jump (Home, End) is not animated; a key pressed
// during an animation ends it at once; the setting turns animations off,
// and is kept across a reload; a system that asks for reduced motion
// gets none unless the player asks.
func TestBrowserAnimation(t *testing.T) {
	const king = "W:Wb5,c3,e3,Ke9,f3,f4:Bf6,g5,g6,g8,g9,h6,h8" // e9xi9xg7xe5xh5xh7xd3: six hops, six pieces
	p0 := hexdame.MustParseFEN(king)
	p1 := p0.PlayUnchecked(p0.MustParseMove("e9xi9xg7xe5xh5xh7xd3"))
	r := p1.LegalMoves()[0]
	p2 := p1.PlayUnchecked(r)
	w := p2.LegalMoves()[0]
	for _, s := range sites(t) {
		t.Run(s.name, func(t *testing.T) {
			b := newTab(t)
			b.open(s.url + "#fen=" + king)
			var on bool
			b.eval(`document.querySelector("#animate").checked`, &on)
			if !on {
				t.Fatal("moves are not animated by default")
			}
			typed := func(move string) {
				done := b.attr("data-node")
				b.run(chromedp.SetValue("#moveinput", move, chromedp.ByID))
				b.eval(`document.querySelector("#moveform button").click()`, nil)
				b.waitFor(`document.body.getAttribute("data-node") !== `+quoteJS(done), 10*time.Second)
			}
			b.watchAnimation("")
			typed("e9xi9xg7xe5xh5xh7xd3")
			if seen := b.seen(); seen.Moving != "d3" || seen.Ghosts != 6 || seen.Transform == "none" || seen.Running < 7 {
				t.Errorf("during the king's capture: %+v, want the piece of d3 on its way and the 6 pieces it takes fading", seen)
			}
			b.animationsDone()
			a := b.animations()
			if len(a) != 1 || a[0].Move != "e9xi9xg7xe5xh5xh7xd3" || a[0].Hops != 6 || a[0].Captured != 6 || !a[0].Finished {
				t.Fatalf("the animations: %+v", a)
			}
			if per := a[0].MS / 6; per < 150 || per > 250 {
				t.Errorf("a hop takes %v ms, not 150 to 250", per)
			}
			b.shot(s.name + "-animated")
			typed(p1.FormatMove(r, hexdame.Algebraic))
			b.animationsDone()
			typed(p2.FormatMove(w, hexdame.Algebraic))
			b.animationsDone()
			b.eval(`document.activeElement.blur()`, nil)
			// A jump is not animated.
			b.press(kb.Home)
			if got := len(b.animations()); got != 3 {
				t.Errorf("Home animated: %d animations, want 3", got)
			}
			// A key pressed while a piece is on its way: the animation
			// ends at once.
			b.watchAnimation("End")
			b.run(chromedp.KeyEvent(kb.ArrowRight))
			if seen := b.seen(); seen.Moving != "d3" {
				t.Errorf("Right: %+v, want the king's capture animated", seen)
			}
			b.waitFor(`document.body.getAttribute("data-node") === "3"`, 10*time.Second)
			var left bool
			b.eval(`!!document.querySelector("#board g.piece.moving, #board g.piece.ghost") || document.querySelector("#board").getAnimations({subtree: true}).length > 0`, &left)
			a = b.animations()
			if left || len(a) != 4 || a[3].Finished || a[3].Ended <= 0 || a[3].Ended >= a[3].MS {
				t.Errorf("End during an animation: animations left %v, log %+v", left, a)
			}
			// Back: the piece goes back, the pieces it took come back.
			b.press(kb.ArrowLeft)
			b.animationsDone()
			b.press(kb.ArrowLeft)
			b.animationsDone()
			b.watchAnimation("")
			b.press(kb.ArrowLeft)
			if seen := b.seen(); seen.Moving != "e9" || seen.Ghosts != 0 || seen.Running < 7 {
				t.Errorf("a step back: %+v, want the king of e9 on its way back and the pieces it took coming back", seen)
			}
			b.animationsDone()
			if a = b.animations(); len(a) != 7 || !a[6].Back {
				t.Errorf("the animations: %+v", a)
			}
			// Off, and kept off across a reload.
			b.click("#animate")
			b.press(kb.ArrowRight)
			if got := len(b.animations()); got != 7 {
				t.Errorf("with the animations off, a step animated")
			}
			b.open(s.url + "#fen=" + king)
			b.eval(`document.querySelector("#animate").checked`, &on)
			if on {
				t.Error("the animations are on again after a reload")
			}
			// Reduced motion: off by default, in a new browser.
			rm := newTab(t)
			rm.run(emulation.SetEmulatedMedia().WithFeatures([]*emulation.MediaFeature{{Name: "prefers-reduced-motion", Value: "reduce"}}))
			rm.open(s.url + "#moves=d4-e5")
			rm.eval(`document.querySelector("#animate").checked`, &on)
			rm.press(kb.ArrowLeft)
			if on || len(rm.animations()) != 0 {
				t.Errorf("with reduced motion: the setting %v, animations %+v", on, rm.animations())
			}
		})
	}
}

// flipped reports whether the board is turned: Red's side, i9, at the
// bottom, and the coordinates with it (the label 1 over the label 9).
func (b *tab) flipped() bool {
	b.t.Helper()
	var v struct{ Cells, Labels bool }
	b.eval(`(function(){function y(c){return document.querySelector('#board polygon.cell[data-cell="'+c+'"]').getBoundingClientRect().y;}
		function label(t){return Array.from(document.querySelectorAll("#board g.coordinates text")).filter(function(e){return e.textContent===t;})[0].getBoundingClientRect().y;}
		return {Cells: y("i9") > y("a1"), Labels: label("1") < label("9")};})()`, &v)
	if v.Cells != v.Labels {
		b.t.Errorf("the board turned %v, its coordinates %v", v.Cells, v.Labels)
	}
	return v.Cells
}

// TestBrowserTurnsBoard: playing Red against the engine turns the board,
// Red at the bottom; playing White turns it back; the flip button turns
// it by hand; a reload keeps it as it was.
func TestBrowserTurnsBoard(t *testing.T) {
	for _, s := range sites(t) {
		t.Run(s.name, func(t *testing.T) {
			b := newTab(t)
			b.open(s.url)
			if b.flipped() {
				t.Fatal("the board is turned at the start")
			}
			b.run(chromedp.SetValue("#you", "red", chromedp.ByID), chromedp.SetValue("#level", "1", chromedp.ByID), chromedp.SetValue("#minutes", "0", chromedp.ByID))
			b.click("#newgame")
			b.waitFor(`document.body.getAttribute("data-node") === "1"`, 20*time.Second)
			if !b.flipped() {
				t.Error("playing Red, the board is not turned")
			}
			b.shot(s.name + "-red-at-the-bottom")
			b.kept()
			b.open(s.url)
			if !b.flipped() {
				t.Error("playing Red, after a reload, the board is not turned")
			}
			done := b.attr("data-done")
			b.click("#flip")
			b.waitDone(done)
			if b.flipped() {
				t.Error("the flip button did not turn the board")
			}
			b.open(s.url)
			if b.flipped() {
				t.Error("after the flip button and a reload, the board is turned")
			}
			done = b.attr("data-done")
			b.click("#flip")
			b.waitDone(done)
			b.run(chromedp.SetValue("#you", "white", chromedp.ByID))
			b.click("#newgame")
			b.answer("", true)
			b.waitFor(`!document.querySelector("#resign").disabled && hexdame.page.game.you === "white"`, 10*time.Second)
			b.waitFor(`document.querySelector('#board polygon.cell[data-cell="a1"]').getBoundingClientRect().y > document.querySelector('#board polygon.cell[data-cell="i9"]').getBoundingClientRect().y`, 10*time.Second)
			if b.flipped() {
				t.Error("playing White, the board is turned")
			}
		})
	}
}

// TestBrowserKeepsNotation: the notation of the moves is kept across a
// reload.
func TestBrowserKeepsNotation(t *testing.T) {
	for _, s := range sites(t) {
		t.Run(s.name, func(t *testing.T) {
			b := newTab(t)
			b.open(s.url + "#moves=d4-e5,f6xd4")
			b.eval(`(function(){var n=document.querySelector("#notation"); n.value="numeric"; n.dispatchEvent(new Event("change"));})()`, nil)
			b.waitFor(`document.querySelector("#movetext").textContent.indexOf("1. 40-31") >= 0`, 10*time.Second)
			b.kept()
			b.open(s.url + "?again#moves=d4-e5,f6xd4")
			b.waitFor(`document.querySelector("#movetext").textContent.indexOf("1. 40-31") >= 0`, 10*time.Second)
			var v string
			b.eval(`document.querySelector("#notation").value`, &v)
			if v != "numeric" {
				t.Errorf("after a reload, the notation is %q", v)
			}
		})
	}
}
