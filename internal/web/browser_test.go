package web

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image/png"
	"io/fs"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	cdruntime "github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/endgame"
	"github.com/hexdame/hexdame/engine"
	"github.com/hexdame/hexdame/internal/browsertest"
	"github.com/hexdame/hexdame/internal/random"
)

// The browser tests drive Debian's Chromium with chromedp (the DevTools
// protocol from Go, without a driver program to install). They take
// two to six minutes, as loaded as the machine is, so they run only with
// HEXDAME_BROWSER=1, as .ci/run runs them (see browsertest.Chromium).
// They take screenshots into the directory HEXDAME_SCREENSHOTS, when set;
// the README's picture, doc/board.png, is TestBrowserReadmePicture's. The
// speed figures of doc/BENCHMARKS.md are logged ("speed: ..."), not asserted.

func chromiumPath(t *testing.T) string { return browsertest.Chromium(t) }

// A tab is a page in headless Chromium.
type tab struct {
	t   *testing.T
	ctx context.Context
}

// newTab starts Chromium with a fresh profile and returns a tab that ends
// with the test.
func newTab(t *testing.T) *tab {
	t.Helper()
	path := chromiumPath(t)
	// The profile is removed after the browser has ended, as well as it
	// can be: Chromium's helpers may still be writing to it.
	profile, err := os.MkdirTemp("", "hexdame-chromium-")
	if err != nil {
		t.Fatal(err)
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(profile),
		chromedp.WindowSize(1300, 950),
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	ctx, cancelTime := context.WithTimeout(ctx, 4*time.Minute)
	t.Cleanup(func() {
		cancelTime()
		cancel()
		cancelAlloc()
		// A helper still writing can make RemoveAll fail, or bring a
		// folder back after it: try until the profile stays gone, for
		// up to 5 s.
		for i := 0; i < 25; i++ {
			if os.RemoveAll(profile) == nil {
				if _, err := os.Stat(profile); errors.Is(err, fs.ErrNotExist) {
					return
				}
			}
			time.Sleep(200 * time.Millisecond)
		}
	})
	if err := chromedp.Run(ctx); err != nil {
		t.Fatalf("starting Chromium: %v", err)
	}
	return &tab{t: t, ctx: ctx}
}

func (b *tab) run(actions ...chromedp.Action) {
	b.t.Helper()
	if err := chromedp.Run(b.ctx, actions...); err != nil {
		b.t.Fatal(err)
	}
}

// eval evaluates a JavaScript expression, awaiting a promise.
func (b *tab) eval(expr string, res any) {
	b.t.Helper()
	b.run(chromedp.Evaluate(expr, res, func(p *cdruntime.EvaluateParams) *cdruntime.EvaluateParams { return p.WithAwaitPromise(true) }))
}

// open loads the page and waits for it to be ready.
func (b *tab) open(url string) {
	b.t.Helper()
	b.run(chromedp.Navigate(url), chromedp.WaitVisible(`body[data-ready="1"]`))
}

func (b *tab) attr(name string) string {
	b.t.Helper()
	var v string
	b.eval(`document.body.getAttribute(`+quoteJS(name)+`) || ""`, &v)
	return v
}

func (b *tab) text(sel string) string {
	b.t.Helper()
	var v string
	b.eval(`(document.querySelector(`+quoteJS(sel)+`) || {}).textContent || ""`, &v)
	return v
}

func quoteJS(s string) string { return fmt.Sprintf("%q", s) }

// waitFor polls a JavaScript condition until it holds.
func (b *tab) waitFor(cond string, within time.Duration) {
	b.t.Helper()
	deadline := time.Now().Add(within)
	for {
		var ok bool
		b.eval("!!("+cond+")", &ok)
		if ok {
			return
		}
		if time.Now().After(deadline) {
			b.shot("timeout")
			b.t.Fatalf("waited %v for %s; status %q, error %q", within, cond, b.text("#status"), b.text("#error"))
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// clickCell clicks the center of a cell of the board.
func (b *tab) clickCell(c string) {
	b.t.Helper()
	var xy []float64
	b.eval(`(function(){var r=document.querySelector('#board polygon.cell[data-cell="`+c+`"]').getBoundingClientRect();return [r.x+r.width/2,r.y+r.height/2];})()`, &xy)
	b.run(chromedp.MouseClickXY(xy[0], xy[1]))
}

func (b *tab) click(sel string) {
	b.t.Helper()
	b.eval(`document.querySelector(`+quoteJS(sel)+`).click()`, nil)
}

// shot saves a screenshot as NAME.png in HEXDAME_SCREENSHOTS, if set.
func (b *tab) shot(name string) {
	dir := os.Getenv("HEXDAME_SCREENSHOTS")
	if dir == "" {
		return
	}
	var png []byte
	if err := chromedp.Run(b.ctx, chromedp.FullScreenshot(&png, 100)); err != nil {
		b.t.Logf("screenshot %s: %v", name, err)
		return
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644); err != nil {
		b.t.Error(err)
	}
}

// site is what a test drives: the page served by a Server, or the
// static export.
type site struct {
	url    string
	server *Server // nil for the static site
	name   string
}

func serve(t *testing.T, cfg Config) *site {
	t.Helper()
	if cfg.Engine.HashMiB == 0 {
		cfg.Engine.HashMiB = 16
	}
	s := NewServer(cfg)
	ts := httptest.NewServer(s)
	t.Cleanup(ts.Close)
	return &site{url: ts.URL + "/", server: s, name: "serve"}
}

// staticSite serves the static site with a plain file server: no
// hexdame serve. The site is exported once for all the tests.
func staticSite(t *testing.T) *site {
	t.Helper()
	export.once.Do(func() {
		export.dir, export.err = os.MkdirTemp("", "hexdame-site-")
		if export.err != nil {
			return
		}
		start := time.Now()
		var files []string
		if files, export.err = Export(context.Background(), export.dir, nil); export.err != nil {
			return
		}
		info, err := os.Stat(filepath.Join(export.dir, "hexdame.wasm"))
		if export.err = err; err == nil {
			t.Logf("speed: export of %d files in %v; hexdame.wasm is %d bytes", len(files), time.Since(start).Round(time.Millisecond), info.Size())
		}
	})
	if export.err != nil {
		t.Fatal(export.err)
	}
	ts := httptest.NewServer(http.FileServer(http.Dir(export.dir)))
	t.Cleanup(ts.Close)
	return &site{url: ts.URL + "/", name: "static"}
}

// export is the static site of the tests, removed by TestMain.
var export struct {
	once sync.Once
	dir  string
	err  error
}

func TestMain(m *testing.M) {
	code := m.Run()
	if export.dir != "" {
		os.RemoveAll(export.dir)
	}
	os.Exit(code)
}

// sites returns the served page and, unless -short, the static one.
func sites(t *testing.T) []*site {
	chromiumPath(t)
	out := []*site{serve(t, Config{})}
	if !testing.Short() {
		out = append(out, staticSite(t))
	}
	return out
}

// noSearchLeft waits for the server's searches to end: after a stop, none
// is left running.
func noSearchLeft(t *testing.T, s *site) {
	t.Helper()
	if s.server == nil {
		return
	}
	deadline := time.Now().Add(5 * time.Second)
	for s.server.Searching() > 0 || s.server.Streams() > 0 {
		if time.Now().After(deadline) {
			t.Fatalf("%d searches and %d streams still running after the stop", s.server.Searching(), s.server.Streams())
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// play plays move m of position p by clicks: its start and its end,
// then, while the page asks for landing cells (when other captures end
// there too), the landing cells along its path.
func (b *tab) play(p hexdame.Position, m hexdame.Move) {
	b.t.Helper()
	before := b.attr("data-node")
	path := p.Path(m).Cells()
	b.clickCell(path[0].String())
	b.clickCell(path[len(path)-1].String())
	for _, c := range path[1 : len(path)-1] {
		var choosing bool
		b.eval(`!!document.querySelector("#board polygon.cell.via")`, &choosing)
		if !choosing {
			break
		}
		done := b.attr("data-done")
		b.clickCell(c.String())
		b.waitFor(`document.body.getAttribute("data-done") !== `+quoteJS(done), 10*time.Second)
	}
	b.waitFor(`document.body.getAttribute("data-node") !== `+quoteJS(before), 10*time.Second)
}

func (b *tab) position() hexdame.Position {
	b.t.Helper()
	p, err := hexdame.ParseFEN(b.attr("data-fen"))
	if err != nil {
		b.t.Fatal(err)
	}
	return p
}

// TestBrowserPlayLevel1 plays a whole game against level 1 by clicks,
// from a position where White's first move is a capture that two paths
// with different pieces make to one cell: the page asks for the landing
// cells, and a click on one chooses. White's moves are the engine's to
// depth 8, so that the game ends soon, with the 25-king-move rule on.
func TestBrowserPlayLevel1(t *testing.T) {
	for _, s := range sites(t) {
		t.Run(s.name, func(t *testing.T) {
			b := newTab(t)
			b.open(s.url + "#fen=" + twoPaths)
			b.run(chromedp.SetValue("#level", "1", chromedp.ByID), chromedp.SetValue("#minutes", "0", chromedp.ByID))
			b.click("#kingrule") // 25 moves each of kings alone draw: the game ends
			b.click("#newhere")
			b.waitFor(`!document.querySelector("#resign").disabled`, 5*time.Second)
			// The capture: g3 to a1 names two moves; the page asks.
			b.clickCell("g3")
			b.clickCell("a1")
			b.waitFor(`document.querySelectorAll("#board polygon.cell.via").length === 2`, 5*time.Second)
			var via []string
			b.eval(`Array.from(document.querySelectorAll("#board polygon.cell.via")).map(function(p){return p.getAttribute("data-cell")}).sort()`, &via)
			if !slices.Equal(via, []string{"e3", "g5"}) || !strings.Contains(b.text("#status"), "click the landing cells") {
				t.Errorf("choosing the capture: landing cells %v, status %q", via, b.text("#status"))
			}
			b.shot(s.name + "-capture-choice")
			b.clickCell("e3")
			start := hexdame.MustParseFEN(twoPaths)
			want := start.PlayUnchecked(start.MustParseMove("g3xe3xe5xc3xa1"))
			b.waitFor(`document.body.getAttribute("data-node") !== "0"`, 5*time.Second)
			if got := b.position(); got != want {
				t.Fatalf("after the chosen capture: %v, want %v", got, want)
			}
			b.shot(s.name + "-capture")
			eng, err := engine.New(engine.Options{HashMiB: 16})
			if err != nil {
				t.Fatal(err)
			}
			history := []hexdame.Position{start, want} // for the engine to see repetitions
			for moves := 0; b.attr("data-over") == ""; moves++ {
				if moves > 200 {
					t.Fatal("the game did not end in 200 moves")
				}
				// The engine's reply, then ours.
				b.waitFor(`document.body.getAttribute("data-over") || document.body.getAttribute("data-fen").charAt(0) === "W"`, 20*time.Second)
				if b.attr("data-over") != "" {
					break
				}
				p := b.position()
				res, err := eng.Search(context.Background(), p, engine.SearchOptions{History: history, Limits: engine.Limits{Depth: 8}})
				if err != nil {
					t.Fatal(err)
				}
				history = append(history, p, p.PlayUnchecked(res.Move))
				b.play(p, res.Move)
				if moves == 3 {
					b.shot(s.name + "-game")
				}
			}
			b.shot(s.name + "-game-over")
			// White, with the engine at depth 8 against level 1, wins
			// most games; the rules may also draw one, and level 1 won
			// one in CI. Whatever the result, it must be the rules' own
			// for the position the page ends on.
			over := b.attr("data-over")
			t.Logf("the game ended %s", over)
			end := b.position()
			switch over {
			case "2-0 (no legal move)", "0-2 (no legal move)":
				loser := hexdame.Red
				if over[0] == '0' {
					loser = hexdame.White
				}
				if end.CountLegalMoves() > 0 || end.SideToMove() != loser {
					t.Errorf("the game ended %q at %v, which is not that", over, end)
				}
			case "1-1 (repetition)", "1-1 (king-move rule)":
				if end.CountLegalMoves() == 0 {
					t.Errorf("the game ended %q at %v, where the side to move has no move", over, end)
				}
			default:
				t.Errorf("the game ended %q, not as the rules end a game", over)
			}
			var clicks []float64
			b.eval(`hexdame.timings.clicks`, &clicks)
			slices.Sort(clicks)
			t.Logf("speed: %s: destinations lit after a click: median %.1f ms, most %.1f ms, over %d clicks", s.name, clicks[len(clicks)/2], clicks[len(clicks)-1], len(clicks))
		})
	}
}

// TestBrowserImportAndKeys imports a PDN file of several games with
// variations and comments, steps through the first with the keys, and
// picks another from the list.
func TestBrowserImportAndKeys(t *testing.T) {
	pdn, err := os.ReadFile("../../testdata/pdn/features.pdn")
	if err != nil {
		t.Fatal(err)
	}
	g := hexdame.NewGame()
	var want []hexdame.Position
	want = append(want, g.Position())
	for _, m := range []string{"d4-e5", "f6xd4", "c3xe5", "g7-f6", "e5xg5"} {
		g.Play(g.Position().MustParseMove(m))
		want = append(want, g.Position())
	}
	for _, s := range sites(t) {
		t.Run(s.name, func(t *testing.T) {
			b := newTab(t)
			b.open(s.url)
			b.run(chromedp.SetValue("#pdnin", string(pdn), chromedp.ByID))
			b.click("#import")
			b.waitFor(`document.querySelectorAll("#games li").length >= 3`, 5*time.Second)
			if mt := b.text("#movetext"); !strings.Contains(mt, "{alternative}") || !strings.Contains(mt, "(1... i6-i5?)") {
				t.Errorf("movetext %q lacks the comment or the variation", mt)
			}
			b.run(chromedp.Click("#board", chromedp.ByID)) // the focus off the text area
			for i, tc := range []struct {
				key string
				alt bool
				ply int
			}{
				{kb.Home, false, 0}, {kb.ArrowRight, false, 1}, {kb.ArrowRight, false, 2}, {kb.ArrowRight, false, 3}, {kb.ArrowLeft, false, 2}, {kb.End, false, 5}, {kb.Home, false, 0},
				// With the focus on a checkbox (as after turning the
				// engine on), the keys still move; with Alt they are
				// the browser's (back, forward): Alt+Right, then Right.
				{kb.End, false, 5}, {kb.Home, false, 0}, {kb.ArrowRight, true, 0}, {kb.ArrowRight, false, 1},
			} {
				if i == 7 {
					b.run(chromedp.Click("#kingrule", chromedp.ByID))
				}
				before := b.attr("data-fen")
				if tc.alt {
					b.run(chromedp.KeyEvent(tc.key, chromedp.KeyModifiers(input.ModifierAlt)))
					// The board turned and back: their answers come
					// after that of any move the key made.
					for _, below := range []string{`y("i9") > y("a1")`, `y("i9") < y("a1")`} {
						b.click("#flip")
						b.waitFor(`(function(){function y(c){return document.querySelector('#board polygon.cell[data-cell="'+c+'"]').getBoundingClientRect().y;} return `+below+`;})()`, 5*time.Second)
					}
					if got := b.position(); got != want[tc.ply] {
						t.Errorf("after Alt+Right: %v, want ply %d: %v", got, tc.ply, want[tc.ply])
					}
					continue
				}
				b.run(chromedp.KeyEvent(tc.key))
				if want[tc.ply].String() != before {
					b.waitFor(`document.body.getAttribute("data-fen") !== `+quoteJS(before), 5*time.Second)
				}
				if got := b.position(); got != want[tc.ply] {
					t.Errorf("after %q: %v, want ply %d: %v", tc.key, got, tc.ply, want[tc.ply])
				}
			}
			// Click the variation's second move.
			b.eval(`Array.from(document.querySelectorAll("#movetext .move")).filter(function(m){return m.textContent.indexOf("i6-h5")>=0})[0].click()`, nil)
			alt := hexdame.NewGame()
			alt.Play(alt.Position().MustParseMove("c4-c5"))
			alt.Play(alt.Position().MustParseMove("i6-h5"))
			b.waitFor(`document.body.getAttribute("data-fen") === `+quoteJS(alt.Position().String()), 5*time.Second)
			b.shot(s.name + "-import")
			// The variation made the main line, a comment and a NAG on
			// its move, then the move deleted.
			b.click("#mainline")
			b.waitFor(`document.querySelector("#movetext .move").textContent === "1. c4-c5"`, 5*time.Second)
			b.run(chromedp.SetValue("#comment", "the other way", chromedp.ByID))
			b.eval(`document.querySelector("#commentform button").click()`, nil)
			b.waitFor(`document.querySelector("#movetext").textContent.indexOf("i6-h5 {the other way}") >= 0`, 5*time.Second)
			b.eval(`(function(){var n=document.querySelector("#nag"); n.value="5"; n.dispatchEvent(new Event("change"));})()`, nil)
			// Right after the move, glued to it as PDN writes a move's
			// quality, before the comment.
			b.waitFor(`document.querySelector("#movetext").textContent.indexOf("i6-h5!? {the other way}") >= 0`, 5*time.Second)
			b.click("#delete")
			b.waitFor(`document.querySelector("#movetext").textContent.indexOf("i6-h5") < 0`, 5*time.Second)
			if got, want := b.attr("data-fen"), hexdame.StartPosition().PlayUnchecked(hexdame.StartPosition().MustParseMove("c4-c5")).String(); got != want {
				t.Errorf("after the delete: %s, want %s", got, want)
			}
			b.eval(`document.querySelectorAll("#games li")[1].click()`, nil)
			b.waitFor(`document.querySelector("#movetext").textContent.indexOf("51x16x43x19(?)") >= 0`, 5*time.Second)
		})
	}
}

// TestBrowserAnalysis starts the analysis, sees lines and depths arrive,
// and stops it: no search is left on the server.
func TestBrowserAnalysis(t *testing.T) {
	for _, s := range sites(t) {
		t.Run(s.name, func(t *testing.T) {
			b := newTab(t)
			b.open(s.url + "#moves=d4-e5,f6xd4,c3xe5")
			if s.server == nil {
				// The static site's engine starts after the page is
				// ready: the time to the first line is the analysis's.
				b.waitFor(`hexdame.timings.engineReady`, 30*time.Second)
			}
			b.click("#analyze")
			b.waitFor(`+document.body.getAttribute("data-depth") >= 6 && document.querySelectorAll("#lines li").length === 3`, 30*time.Second)
			if d := b.text("#depth"); !strings.Contains(d, "nodes/s") {
				t.Errorf("depth line %q", d)
			}
			b.waitFor(`document.querySelector("#board g.arrow")`, 5*time.Second)
			b.shot(s.name + "-analysis")
			// The arrow reaches from its move's start cell to its end.
			var best string
			b.eval(`(function(){var a=document.querySelector("#lines li .pv").textContent.split(" "); return /\.$/.test(a[0]) ? a[1] : a[0];})()`, &best)
			p := b.position()
			m, err := p.ParseMove(best)
			if err != nil {
				t.Fatalf("the best line's move %q: %v", best, err)
			}
			path := p.Path(m).Cells()
			var inside bool
			b.eval(`(function(){
				function box(e){return e.getBBox();}
				var a=box(document.querySelector("#board g.arrow"));
				return [`+quoteJS(path[0].String())+`, `+quoteJS(path[len(path)-1].String())+`].every(function(c){
					var r=box(document.querySelector('#board polygon.cell[data-cell="'+c+'"]')), x=r.x+r.width/2, y=r.y+r.height/2;
					return x >= a.x-0.5 && x <= a.x+a.width+0.5 && y >= a.y-0.5 && y <= a.y+a.height+0.5;
				});})()`, &inside)
			if !inside {
				t.Errorf("the arrow of %s does not reach from the center of %v to that of %v", best, path[0], path[len(path)-1])
			}
			if s.server != nil && s.server.Searching() != 1 {
				t.Errorf("%d searches running during the analysis, want 1", s.server.Searching())
			}
			// A line played into the tree.
			before := b.attr("data-node")
			b.click("#lines li")
			b.waitFor(`document.body.getAttribute("data-node") !== `+quoteJS(before), 5*time.Second)
			// The analysis goes on in the new position.
			b.waitFor(`hexdame.timings.firstLine.length >= 2`, 10*time.Second)
			b.click("#analyze") // off
			noSearchLeft(t, s)
			var first []float64
			b.eval(`hexdame.timings.firstLine`, &first)
			t.Logf("speed: %s: first analysis line after %.1f ms, then after a move %.1f ms", s.name, first[0], first[1])
		})
	}
}

// graphInk counts the pixels of the evaluation graph drawn in its line's
// blue (#1565c0), as a screenshot of the graph shows them.
func (b *tab) graphInk() int {
	b.t.Helper()
	var buf []byte
	b.run(chromedp.Screenshot("#graph", &buf, chromedp.ByID))
	img, err := png.Decode(bytes.NewReader(buf))
	if err != nil {
		b.t.Fatal(err)
	}
	n := 0
	for y := img.Bounds().Min.Y; y < img.Bounds().Max.Y; y++ {
		for x := img.Bounds().Min.X; x < img.Bounds().Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			if near(r>>8, 0x15) && near(g>>8, 0x65) && near(bl>>8, 0xc0) {
				n++
			}
		}
	}
	return n
}

func near(v, want uint32) bool { return v+40 >= want && v <= want+40 }

// step clicks the navigation button sel (#first, #next, ...) and waits for
// the position to change; the depth the page shows is then none, until
// the analysis of the new position reports.
func (b *tab) step(sel string) {
	b.t.Helper()
	b.eval(`document.body.setAttribute("data-depth", "0")`, nil)
	before := b.attr("data-fen")
	b.click(sel)
	b.waitFor(`document.body.getAttribute("data-fen") !== `+quoteJS(before), 5*time.Second)
}

// analyzed waits for the analysis of the position shown to reach depth.
func (b *tab) analyzed(depth int) {
	b.t.Helper()
	b.waitFor(`document.querySelectorAll("#lines li").length > 0 && +document.body.getAttribute("data-depth") >= `+strconv.Itoa(depth), 30*time.Second)
}

// TestBrowserGraph analyzes positions of a game out of order and sees
// their evaluations on the graph of the game (one alone is a dot); a click
// on the graph goes to that move.
func TestBrowserGraph(t *testing.T) {
	moves := []string{"d4-e5", "f6xd4", "c3xe5", "g7-f6", "e5xg5"}
	g := hexdame.NewGame()
	fens := []string{g.Position().String()}
	for _, m := range moves {
		g.Play(g.Position().MustParseMove(m))
		fens = append(fens, g.Position().String())
	}
	for _, s := range sites(t) {
		t.Run(s.name, func(t *testing.T) {
			b := newTab(t)
			b.open(s.url + "#moves=" + strings.Join(moves, ","))
			if ink := b.graphInk(); ink != 0 {
				t.Fatalf("the graph before any evaluation has %d pixels of ink", ink)
			}
			b.click("#analyze")
			b.analyzed(4)
			if ink := b.graphInk(); ink == 0 {
				t.Error("the graph shows nothing after the last position's analysis")
			}
			for _, ply := range []int{0, 1, 2} {
				b.step(map[int]string{0: "#first", 1: "#next", 2: "#next"}[ply])
				b.analyzed(4)
			}
			var box struct{ Width, Height float64 }
			b.eval(`(function(){var r=document.querySelector("#graph g.evals").getBBox();return {Width:r.width,Height:r.height};})()`, &box)
			var dots int
			b.eval(`document.querySelectorAll("#graph g.evals circle").length`, &dots)
			if box.Width <= 0 || box.Height <= 0 || dots != 4 {
				t.Errorf("the graph after four positions analyzed: %d dots, extent %+v", dots, box)
			}
			b.shot(s.name + "-graph")
			b.click("#analyze") // off
			noSearchLeft(t, s)
			// A click on the graph at the fourth move goes there.
			var xy []float64
			b.eval(`(function(){var r=document.querySelector("#graph").getBoundingClientRect();return [r.x+4+(r.width-8)*4/5,r.y+r.height/2];})()`, &xy)
			b.run(chromedp.MouseClickXY(xy[0], xy[1]))
			b.waitFor(`document.body.getAttribute("data-fen") === `+quoteJS(fens[4]), 5*time.Second)
		})
	}
}

// TestBrowserEditor sets up a position in the editor and has the engine
// play in it.
func TestBrowserEditor(t *testing.T) {
	for _, s := range sites(t) {
		t.Run(s.name, func(t *testing.T) {
			b := newTab(t)
			b.open(s.url)
			b.click("#edit")
			b.waitFor(`!document.querySelector("#edittools").hidden`, 5*time.Second)
			b.click("#editclear")
			b.waitFor(`document.querySelector("#editproblem").textContent !== ""`, 5*time.Second)
			place := func(piece, cell string) {
				done := b.attr("data-done")
				b.eval(`document.querySelector('input[name="piece"][value="`+piece+`"]').checked = true`, nil)
				b.clickCell(cell)
				b.waitFor(`document.body.getAttribute("data-done") !== `+quoteJS(done), 5*time.Second)
			}
			place("w", "i8") // a man on White's crowning row: unreachable
			b.waitFor(`document.querySelector("#editproblem").textContent.indexOf("unreachable") >= 0`, 5*time.Second)
			place(".", "i8")
			place("W", "e5")
			place("w", "c3")
			place("r", "g7")
			place("R", "b6")
			b.waitFor(`document.querySelector("#editproblem").textContent === ""`, 5*time.Second)
			b.shot(s.name + "-editor")
			b.click("#editdone")
			want := "W:Wc3,Ke5:BKb6,g7"
			b.waitFor(`document.body.getAttribute("data-fen") === `+quoteJS(want), 5*time.Second)
			// The engine plays White from here.
			b.run(chromedp.SetValue("#you", "red", chromedp.ByID), chromedp.SetValue("#minutes", "0", chromedp.ByID))
			b.click("#newhere")
			b.waitFor(`document.body.getAttribute("data-fen").charAt(0) === "B"`, 10*time.Second)
			if p := b.position(); p.Pieces(hexdame.White) == 0 || p.String() == want {
				t.Errorf("after the engine's move: %v", p)
			}
		})
	}
}

// TestBrowserTables shows the tables' verdicts in a 3-piece ending and
// a 2-piece one, in moves, with the plies where they differ, worded as
// the engine's scores are.
func TestBrowserTables(t *testing.T) {
	chromiumPath(t)
	tables := buildTables(t, 3)
	s := serve(t, Config{Tables: tables})
	b := newTab(t)
	fen := "W:WKe5,c3:BKg7"
	b.open(s.url + "#fen=" + fen)
	verdict := func(v endgame.Value, plies int) string {
		if v == endgame.Draw {
			return "draws"
		}
		return map[endgame.Value]string{endgame.Win: "wins ", endgame.Loss: "loses "}[v] + inMoves(plies)
	}
	v, d, _ := tables.Probe(hexdame.MustParseFEN(fen))
	want := "Endgame tables: White " + verdict(v, d)
	if v == endgame.Draw {
		want = "Endgame tables: a draw"
	}
	got := b.text("#tables")
	if !strings.HasPrefix(got, want) {
		t.Errorf("tables: %q, want %q", got, want)
	}
	// Each move's verdict, for White, who plays it.
	p := hexdame.MustParseFEN(fen)
	for _, m := range p.LegalMoves() {
		v, d, _ := tables.Probe(p.PlayUnchecked(m))
		mv := p.FormatMove(m, hexdame.Algebraic) + " " + verdict(v.Opposite(), d+1)
		if !strings.Contains(got, mv) {
			t.Errorf("tables: %q, want %q", got, mv)
		}
	}
	// A game of no move yet: the graph's mark of the current move is at
	// its start.
	var at float64
	b.eval(`+document.querySelector("#graph line.current").getAttribute("x1")`, &at)
	if at > 5 {
		t.Errorf("the graph marks the position of a game without moves at x %v, not at its start", at)
	}
	b.shot("serve-tables")
	// A lone man against a king loses in 6 plies: 3 moves of the king.
	b.open(s.url + "?again#fen=W:Wa1:BKe5")
	want = "Endgame tables: White loses in 3 moves (6 plies)a1-b1 loses in 3 moves (6 plies), a1-a2 loses in 3 moves (6 plies), a1-b2 loses in 1 move (2 plies)"
	if got := b.text("#tables"); got != want {
		t.Errorf("tables: %q, want %q", got, want)
	}
}

// inMoves is graph.js's wording of a distance in plies.
func inMoves(plies int) string {
	moves := (plies + 1) / 2
	s := fmt.Sprintf("in %d move", moves)
	if moves != 1 {
		s += "s"
	}
	if moves != plies {
		s += fmt.Sprintf(" (%d plies)", plies)
	}
	return s
}

// TestBrowserNarrow opens the page as wide as a phone, 400 pixels: it
// fits without scrolling sideways, and a move played by clicks on the
// smaller board plays.
func TestBrowserNarrow(t *testing.T) {
	chromiumPath(t)
	s := serve(t, Config{})
	b := newTab(t)
	b.run(chromedp.EmulateViewport(400, 850))
	b.open(s.url + "#moves=d4-e5,f6xd4")
	fits := func(when string) {
		var over []string
		b.eval(`(function(){var w=document.documentElement.clientWidth, out=[];
			if (document.documentElement.scrollWidth > w) { out.push("the page is " + document.documentElement.scrollWidth + " px wide"); }
			document.querySelectorAll("#board, #evalbar, #nav, .panel, #graph, #movetext, #lines").forEach(function(e){
				var r=e.getBoundingClientRect(); if (r.right > w || r.left < 0) { out.push((e.id || e.className) + " from " + r.left + " to " + r.right); }
			});
			return out;})()`, &over)
		if len(over) > 0 {
			t.Errorf("at 400 px, %s: %s", when, strings.Join(over, "; "))
		}
	}
	fits("at the start")
	p := b.position()
	b.play(p, p.MustParseMove("c3xe5"))
	b.click("#analyze")
	b.analyzed(6)
	fits("with the analysis")
	b.shot("serve-narrow")
	b.click("#analyze")
	noSearchLeft(t, s)
}

// TestBrowserSharedAddress opens a shared address and sees its position;
// a bad PDN shows its located error.
func TestBrowserSharedAddress(t *testing.T) {
	for _, s := range sites(t) {
		t.Run(s.name, func(t *testing.T) {
			b := newTab(t)
			b.open(s.url + "#moves=d4-e5,f6xd4,c3xe5")
			g := hexdame.NewGame()
			for _, m := range []string{"d4-e5", "f6xd4", "c3xe5"} {
				g.Play(g.Position().MustParseMove(m))
			}
			if got := b.position(); got != g.Position() {
				t.Errorf("shared address: %v, want %v", got, g.Position())
			}
			if !strings.Contains(b.text("#movetext"), "2. c3xe5") {
				t.Errorf("movetext %q", b.text("#movetext"))
			}
			var ready float64
			b.eval(`hexdame.timings.ready`, &ready)
			// Again, in the browser now started.
			var again []float64
			for range 3 {
				b.open(s.url + "?again=" + strconv.Itoa(len(again)) + "#moves=d4-e5,f6xd4")
				var r float64
				b.eval(`hexdame.timings.ready`, &r)
				again = append(again, r)
			}
			var detail string
			b.eval(`JSON.stringify(hexdame.timings)`, &detail)
			t.Logf("speed: %s: page ready %.0f ms after the navigation began in a browser just started, then %.0f ms (%s)", s.name, ready, again, detail)
			var right, rightAfter float64
			b.eval(`document.querySelector("#right").getBoundingClientRect().x`, &right)
			b.run(chromedp.SetValue("#pdnin", "[Event \"x\"]\n\n1. d4-e5 f6xd4 2. a1-a3 *\n", chromedp.ByID))
			b.click("#import")
			b.waitFor(`document.querySelector("#error").textContent !== ""`, 5*time.Second)
			if e := b.text("#error"); !strings.HasPrefix(e, "line 3, column 19: ply 3, move a1-a3: illegal move") {
				t.Errorf("bad PDN: error %q", e)
			}
			// The message wraps under the board: the panels stay put.
			b.eval(`document.querySelector("#right").getBoundingClientRect().x`, &rightAfter)
			if rightAfter != right {
				t.Errorf("the panels moved from x %v to %v with the error message", right, rightAfter)
			}
			b.shot(s.name + "-bad-pdn")
			b.run(chromedp.SetValue("#fenin", "W:Wa1,zz:B", chromedp.ByID))
			b.eval(`document.querySelector("#fenform button").click()`, nil)
			b.waitFor(`document.querySelector("#error").textContent.indexOf("FEN, at column") === 0`, 5*time.Second)
		})
	}
}

// TestBrowserEngineSpeed compares the engine's speed in the browser, as
// WebAssembly, with its speed here: searches to a fixed depth of five
// middle-game positions, in turns, each with a 16 MiB table (in the
// browser after a first search of another position, which gives the
// browser the time to compile the hot functions with its optimizing
// compiler: a first search runs at about half the speed).
func TestBrowserEngineSpeed(t *testing.T) {
	chromiumPath(t)
	if testing.Short() {
		t.Skip("the static site is not built with -short")
	}
	s := staticSite(t)
	b := newTab(t)
	b.open(s.url)
	const depth = 13
	var rep Report
	b.eval(`hexdame.backend.search({fen: `+quoteJS(hexdame.StartPosition().String())+`, depth: 11})`, &rep)
	var ratios []float64
	for seed := range uint64(5) {
		g := random.Game(rand.New(rand.NewPCG(29, seed)), 12)
		if g.Position().CountLegalMoves() == 0 {
			continue
		}
		b.eval(`hexdame.backend.search({fen: `+quoteJS(g.Position().String())+`, depth: `+strconv.Itoa(depth)+`})`, &rep)
		eng, err := engine.New(engine.Options{HashMiB: 16})
		if err != nil {
			t.Fatal(err)
		}
		res, err := eng.Search(context.Background(), g.Position(), engine.SearchOptions{Limits: engine.Limits{Depth: depth}})
		if err != nil {
			t.Fatal(err)
		}
		if rep.Depth != depth || rep.NPS <= 0 {
			t.Fatalf("the browser's search: %+v", rep)
		}
		ratios = append(ratios, rep.NPS/res.NodesPerSecond())
		t.Logf("speed: engine to depth %d: WebAssembly %d nodes in %d ms, %.0f nodes/s; native %d nodes in %d ms, %.0f nodes/s; ratio %.2f",
			depth, rep.Nodes, rep.Millis, rep.NPS, res.Nodes, res.Time.Milliseconds(), res.NodesPerSecond(), rep.NPS/res.NodesPerSecond())
	}
	slices.Sort(ratios)
	t.Logf("speed: WebAssembly against native nodes per second: median ratio %.2f of %d positions", ratios[len(ratios)/2], len(ratios))
}

// TestBrowserPlayControls plays the engine with clocks: a move, a take
// back, a draw offer, and a resignation.
func TestBrowserPlayControls(t *testing.T) {
	for _, s := range sites(t) {
		t.Run(s.name, func(t *testing.T) {
			b := newTab(t)
			b.open(s.url)
			b.run(chromedp.SetValue("#level", "1", chromedp.ByID), chromedp.SetValue("#minutes", "1", chromedp.ByID), chromedp.SetValue("#increment", "2", chromedp.ByID))
			b.click("#newgame")
			b.waitFor(`document.querySelector("#clock-white").textContent !== ""`, 5*time.Second)
			if c := b.text("#clock-white"); c != "White 1:00" && c != "White 0:59" {
				t.Errorf("White's clock %q", c)
			}
			start := hexdame.StartPosition()
			b.play(start, start.MustParseMove("d4-e5"))
			b.waitFor(`document.body.getAttribute("data-fen").charAt(0) === "W"`, 10*time.Second)
			b.shot(s.name + "-clocks")
			if c := b.text("#clock-red"); !strings.HasPrefix(c, "Red 1:0") && !strings.HasPrefix(c, "Red 0:") {
				t.Errorf("Red's clock after its move %q", c)
			}
			b.click("#takeback")
			b.waitFor(`document.body.getAttribute("data-node") === "0"`, 5*time.Second)
			if b.position() != start {
				t.Errorf("after the take back: %v", b.position())
			}
			b.play(start, start.MustParseMove("c4-c5"))
			b.waitFor(`document.body.getAttribute("data-fen").charAt(0) === "W"`, 10*time.Second)
			b.click("#offerdraw")
			b.waitFor(`/accepts|declines/.test(document.querySelector("#playstatus").textContent)`, 10*time.Second)
			if strings.Contains(b.text("#playstatus"), "accepts") {
				b.waitFor(`document.body.getAttribute("data-over").indexOf("1-1") === 0`, 5*time.Second)
				return
			}
			b.click("#resign")
			b.waitFor(`document.body.getAttribute("data-over").indexOf("0-2") === 0`, 5*time.Second)
		})
	}
}

// TestBrowserLossOnTime lets the player's clock run out: the page
// announces a loss on time, and the PDN records one.
func TestBrowserLossOnTime(t *testing.T) {
	for _, s := range sites(t) {
		t.Run(s.name, func(t *testing.T) {
			b := newTab(t)
			b.open(s.url)
			// 1.2 seconds for White, the player, who does not move.
			b.run(chromedp.SetValue("#level", "1", chromedp.ByID), chromedp.SetValue("#minutes", "0.02", chromedp.ByID), chromedp.SetValue("#increment", "0", chromedp.ByID))
			b.click("#newgame")
			b.waitFor(`document.body.getAttribute("data-over") !== ""`, 15*time.Second)
			b.waitFor(`document.querySelector("#playstatus").textContent.indexOf("lost on time") >= 0`, 5*time.Second)
			b.shot(s.name + "-loss-on-time")
			if over, status := b.attr("data-over"), b.text("#status"); over != "0-2 (loss on time)" || status != "Game over: 0-2 (loss on time)" {
				t.Errorf("the end: %q, status %q", over, status)
			}
			if ps := b.text("#playstatus"); ps != "White lost on time. 0-2" {
				t.Errorf("the announcement: %q", ps)
			}
			// The clocks stop, White's at nothing; the game is over.
			var resign bool
			b.eval(`document.querySelector("#resign").disabled`, &resign)
			if c := b.text("#clock-white"); c != "White 0:00" || !resign {
				t.Errorf("after the loss on time: White's clock %q, resign disabled %v", c, resign)
			}
			var pdn string
			b.eval(`hexdame.backend.do({op: "pdn"}).then(function(r){return r.pdn})`, &pdn)
			if !strings.Contains(pdn, `[Termination "time-forfeit"]`) || !strings.Contains(pdn, "0-2") {
				t.Errorf("the PDN of a loss on time:\n%s", pdn)
			}
		})
	}
}

// TestBrowserReadmePicture makes the README's picture of the page, with
// HEXDAME_PICTURE=FILE: a game with variations and comments, at its end,
// with the analysis on, which has seen each position of the main line.
//
//	HEXDAME_BROWSER=1 HEXDAME_PICTURE=$PWD/doc/board.png go test -run TestBrowserReadmePicture ./internal/web
func TestBrowserReadmePicture(t *testing.T) {
	file := os.Getenv("HEXDAME_PICTURE")
	chromiumPath(t)
	if file == "" {
		t.Skip("HEXDAME_PICTURE=FILE makes the README's picture")
	}
	pdn := `[Event "Club evening"]
[White "Ann"]
[Black "Ben"]

1. d4-e5 f6xd4 2. c3xe5 {the usual recapture} h6-h5 (2... g7-f6 3. e5xg5 {or} (3. e5xe7)) 3. b4-c5 i7-h6 4. c4-d5 $1 *
`
	s := serve(t, Config{})
	b := newTab(t)
	b.open(s.url)
	b.run(chromedp.SetValue("#pdnin", pdn, chromedp.ByID))
	b.click("#import")
	b.waitFor(`document.querySelector("#movetext .move")`, 5*time.Second)
	if e := b.text("#error"); e != "" {
		t.Fatalf("the picture's game: %s", e)
	}
	b.eval(`document.querySelector("#pdnin").value = ""`, nil)
	// Through the main line with the engine on, for the graph.
	b.click("#analyze")
	b.analyzed(8)
	for range 7 {
		b.step("#next")
		b.analyzed(8)
	}
	b.analyzed(10)
	var pic []byte
	b.run(chromedp.CaptureScreenshot(&pic))
	if err := os.WriteFile(file, pic, 0o644); err != nil {
		t.Fatal(err)
	}
	b.click("#analyze")
	noSearchLeft(t, s)
}

// TestBrowserBoardInput moves a piece by dragging it, types a move in
// numeric notation, goes back by a click on the graph, turns the board,
// and writes the game as PDN in numeric notation.
func TestBrowserBoardInput(t *testing.T) {
	for _, s := range sites(t) {
		t.Run(s.name, func(t *testing.T) {
			b := newTab(t)
			b.open(s.url)
			center := func(c string) []float64 {
				var xy []float64
				b.eval(`(function(){var r=document.querySelector('#board polygon.cell[data-cell="`+c+`"]').getBoundingClientRect();return [r.x+r.width/2,r.y+r.height/2];})()`, &xy)
				return xy
			}
			from, to := center("d4"), center("e5")
			b.run(
				chromedp.MouseEvent("mousePressed", from[0], from[1], chromedp.ButtonLeft),
				chromedp.MouseEvent("mouseMoved", (from[0]+to[0])/2, (from[1]+to[1])/2, chromedp.ButtonLeft),
				chromedp.MouseEvent("mouseMoved", to[0], to[1], chromedp.ButtonLeft),
				chromedp.MouseEvent("mouseReleased", to[0], to[1], chromedp.ButtonLeft),
			)
			b.waitFor(`document.body.getAttribute("data-node") === "1"`, 5*time.Second)
			p := b.position()
			m := p.MustParseMove("f6xd4")
			b.run(chromedp.SetValue("#moveinput", p.FormatMove(m, hexdame.Numeric), chromedp.ByID))
			b.eval(`document.querySelector("#moveform button").click()`, nil)
			b.waitFor(`document.body.getAttribute("data-node") === "2"`, 5*time.Second)
			if got, want := b.position(), p.PlayUnchecked(m); got != want {
				t.Errorf("after the typed move: %v, want %v", got, want)
			}
			// The graph's left end is the start.
			var r []float64
			b.eval(`(function(){var r=document.querySelector("#graph").getBoundingClientRect();return [r.x+2,r.y+r.height/2];})()`, &r)
			b.run(chromedp.MouseClickXY(r[0], r[1]))
			b.waitFor(`document.body.getAttribute("data-node") === "0"`, 5*time.Second)
			// Turned, the board has i9 at the bottom.
			b.click("#flip")
			b.waitFor(`(function(){function y(c){return document.querySelector('#board polygon.cell[data-cell="'+c+'"]').getBoundingClientRect().y;} return y("i9") > y("a1");})()`, 5*time.Second)
			var pdn string
			b.eval(`hexdame.backend.do({op: "pdn", notation: "numeric"}).then(function(r){return r.pdn})`, &pdn)
			if !strings.Contains(pdn, "1. 40-31 22x40") {
				t.Errorf("the PDN in numeric notation:\n%s", pdn)
			}
		})
	}
}
