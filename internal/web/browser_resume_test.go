package web

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/hexdame/hexdame"
)

// The browser tests of what a reload brings back besides the work: a
// game against the engine with its clocks, the notation, the board
// shown behind the page's question; and the viewer of hexdame html.

// TestBrowserResumesGame: a game against the engine with clocks, the
// player Red, reloaded on the player's turn: the game goes on, with the
// player's color, the level and the clocks as they stood, and the page
// says so; the engine answers the player's next move.
func TestBrowserResumesGame(t *testing.T) {
	for _, s := range sites(t) {
		t.Run(s.name, func(t *testing.T) {
			b := newTab(t)
			b.open(s.url)
			b.run(chromedp.SetValue("#you", "red", chromedp.ByID), chromedp.SetValue("#level", "1", chromedp.ByID),
				chromedp.SetValue("#minutes", "3", chromedp.ByID), chromedp.SetValue("#increment", "2", chromedp.ByID))
			b.click("#newgame")
			b.waitFor(`document.body.getAttribute("data-node") === "1"`, 20*time.Second)
			p := b.position()
			b.play(p, p.LegalMoves()[0])
			b.waitFor(`document.body.getAttribute("data-node") === "3"`, 20*time.Second)
			b.kept()
			red := b.text("#clock-red")
			b.open(s.url)
			b.waitFor(`!document.querySelector("#clocks").hidden`, 10*time.Second)
			var v struct {
				Resign, Draw bool
				You, Level   string
			}
			b.eval(`({Resign: !document.querySelector("#resign").disabled, Draw: !document.querySelector("#offerdraw").disabled, You: document.querySelector("#you").value, Level: document.querySelector("#level").value})`, &v)
			if !v.Resign || !v.Draw || v.You != "red" || v.Level != "1" {
				t.Errorf("after a reload: %+v, want the game against level 1 going on, the player Red", v)
			}
			// Red's clock stood still while the page was away: two seconds
			// at most have run since.
			if got := b.text("#clock-red"); seconds(t, got) > seconds(t, red) || seconds(t, got) < seconds(t, red)-2 {
				t.Errorf("Red's clock %q after the reload, %q before", got, red)
			}
			if ps := b.text("#playstatus"); !strings.Contains(ps, "goes on after the reload") || !strings.Contains(ps, "clocks as they stood") {
				t.Errorf("the play status after the reload: %q", ps)
			}
			b.shot(s.name + "-resumed")
			p = b.position()
			b.play(p, p.LegalMoves()[0])
			b.waitFor(`document.body.getAttribute("data-node") === "5"`, 20*time.Second)
			b.click("#resign")
			b.waitFor(`document.body.getAttribute("data-over") !== ""`, 10*time.Second)
			// Over, the game is not resumed.
			b.kept()
			b.open(s.url)
			b.eval(`!document.querySelector("#resign").disabled`, &v.Resign)
			if v.Resign {
				t.Error("a game over is resumed after a reload")
			}
		})
	}
}

// seconds returns the time a clock shows ("Red 2:57"), in seconds.
func seconds(t *testing.T, clock string) int {
	t.Helper()
	var m, s int
	if _, err := fmt.Sscanf(clock[strings.LastIndex(clock, " ")+1:], "%d:%d", &m, &s); err != nil {
		t.Fatalf("the clock %q: %v", clock, err)
	}
	return 60*m + s
}

// TestBrowserAsksOverBoard: where a link names another game than the
// work the browser keeps, the page shows the kept work behind its
// question, not an empty board.
func TestBrowserAsksOverBoard(t *testing.T) {
	for _, s := range sites(t) {
		t.Run(s.name, func(t *testing.T) {
			b := newTab(t)
			b.open(s.url + "#moves=d4-e5")
			p := b.position()
			b.play(p, p.MustParseMove("f6xd4"))
			b.kept()
			b.navigate(s.url + "?link#moves=c4-c5")
			b.waitFor(`document.querySelector("dialog#ask[open]")`, 20*time.Second)
			var pieces int
			b.eval(`document.querySelectorAll("#board g.piece").length`, &pieces)
			if pieces == 0 || !strings.Contains(b.movetext(), "f6xd4") {
				t.Errorf("behind the question: %d pieces on the board, the moves %q", pieces, b.movetext())
			}
			b.shotView("ask-over-board-" + s.name)
			b.answer("Show the address's game?", true)
			b.waitFor(`document.querySelector("#movetext").textContent.indexOf("c4-c5") >= 0`, 10*time.Second)
			if mt := b.movetext(); strings.Contains(mt, "f6xd4") {
				t.Errorf("the address's game shows %q", mt)
			}
		})
	}
}

// TestBrowserViewerLook: the page of hexdame html ends its move list
// with the result, marks the last move's cells and animates a step.
func TestBrowserViewerLook(t *testing.T) {
	chromiumPath(t)
	dir := t.TempDir()
	f, err := os.Create(filepath.Join(dir, "games.html"))
	if err != nil {
		t.Fatal(err)
	}
	viewerGames(t, f, "[Result \"2-0\"]\n\n1. d4-e5 f6xd4 2. c3xe5 2-0\n\n[Result \"*\"]\n\n1. c4-c5 *\n")
	f.Close()
	ts := httptest.NewServer(http.FileServer(http.Dir(dir)))
	t.Cleanup(ts.Close)
	b := newTab(t)
	b.open(ts.URL + "/games.html#game=1&keys=End")
	var last string
	b.eval(`(function(){var r=document.querySelectorAll("#movetext > *"); return r.length ? r[r.length-1].className + " " + r[r.length-1].textContent : "";})()`, &last)
	if last != "result 2-0" {
		t.Errorf("the move list ends with %q, want the result 2-0", last)
	}
	g := hexdame.NewGame()
	for _, m := range []string{"d4-e5", "f6xd4"} {
		g.Play(g.Position().MustParseMove(m))
	}
	b.wantLast("the viewer at the end", g.Position(), g.Position().MustParseMove("c3xe5"))
	b.shot("viewer")
	b.press(kb.ArrowLeft)
	b.animationsDone()
	if a := b.animations(); len(a) != 1 || !a[0].Back || a[0].Move != "c3xe5" {
		t.Errorf("a step back in the viewer: animations %+v", a)
	}
	b.eval(`(function(){var r=document.querySelectorAll("#games li"); r[1].click();})()`, nil)
	b.waitFor(`document.body.getAttribute("data-game") === "2"`, 10*time.Second)
	b.waitFor(`document.querySelector("#movetext .result")`, 10*time.Second)
	if r := b.text("#movetext .result"); r != "*" {
		t.Errorf("game 2's move list ends with %q", r)
	}
}
