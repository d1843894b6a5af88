package main

import (
	"context"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/internal/browsertest"
)

const viewerPDN = `[Event "Good"]
[White "Ann"]
[Black "Ben"]

1. d4-e5 {<b>not bold</b> & so on} (1. c4-c5 i6-h5) f6xd4 2. c3xe5 h6-h5 2-0

[Event "Bad"]

1. d4-e5 f6xd4 2. c3xe5 h6-h5 3. a1-a2 *

[Event "Crowning and a setup"]
[FEN "W:Wh7:Bc3"]

1. h7-i8 c3-c2 /FEN "W:WKe1:BKa2,Ka3,c7,d7,e6,g5"/ 1. e1xe8xb5xh5 *
`

// browser finds headless Chromium for the browser test, which runs only
// with HEXDAME_BROWSER=1 (15 s to a minute; see browsertest.Chromium).
func browser(t *testing.T) string { return browsertest.Chromium(t) }

// viewerPage writes the viewer for viewerPDN and returns its path.
func viewerPage(t *testing.T) string {
	t.Helper()
	status, page, errOut := runCLI(t, viewerPDN, "html", "-")
	if status != 0 {
		t.Fatalf("html: exit %d, %s", status, errOut)
	}
	path := filepath.Join(t.TempDir(), "games.html")
	if err := os.WriteFile(path, []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// dumpDOM loads the page with the fragment in headless Chromium and
// returns the document as its script left it.
func dumpDOM(t *testing.T, chromium, page, fragment string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
		"--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--user-data-dir="+t.TempDir(), "--dump-dom", "file://"+page+"#"+fragment)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("chromium: %v", err)
	}
	return string(out)
}

var boardPiece = regexp.MustCompile(`<g class="piece (white|red) (man|king)"[^>]* data-cell="([a-i][1-9])"`)

// boardOf returns the pieces the page shows on its board, sorted, and the
// game and node it says it is at.
func boardOf(t *testing.T, dom string) (pieces []string, game, node string) {
	t.Helper()
	start := strings.Index(dom, `<div id="board"`)
	end := strings.Index(dom[max(start, 0):], "</svg>")
	if start < 0 || end < 0 {
		t.Fatal("no board in the page")
	}
	for _, m := range boardPiece.FindAllStringSubmatch(dom[start:start+end], -1) {
		pieces = append(pieces, m[3]+":"+m[1]+" "+m[2])
	}
	slices.Sort(pieces)
	g := regexp.MustCompile(`data-game="(\d+)"`).FindStringSubmatch(dom)
	n := regexp.MustCompile(`data-node="(\d+)"`).FindStringSubmatch(dom)
	if g == nil || n == nil {
		t.Fatalf("the page does not say where it is: %.300s", dom)
	}
	return pieces, g[1], n[1]
}

// positionPieces lists a position's pieces as boardOf does.
func positionPieces(p hexdame.Position) []string {
	var out []string
	for c := hexdame.Cell(1); c <= hexdame.NumCells; c++ {
		if x := p.Piece(c); x != hexdame.NoPiece {
			kind := "man"
			if x.IsKing() {
				kind = "king"
			}
			out = append(out, c.String()+":"+strings.ToLower(x.Color().String())+" "+kind)
		}
	}
	slices.Sort(out)
	return out
}

// TestViewerInBrowser steps through a game in headless Chromium with the
// buttons, the arrow keys and clicks on moves, and checks the board the
// page shows after each.
func TestViewerInBrowser(t *testing.T) {
	chromium := browser(t)
	page := viewerPage(t)
	positions := hexdame.NewGame()
	want := []hexdame.Position{positions.Position()}
	for _, s := range []string{"d4-e5", "f6xd4", "c3xe5", "h6-h5"} {
		positions.Play(positions.Position().MustParseMove(s))
		want = append(want, positions.Position())
	}
	tests := []struct {
		fragment string
		ply      int
	}{
		{"game=1", 0},
		{"game=1&play=next", 1},
		{"game=1&play=next,next,next", 3},
		{"game=1&play=next,next,next,prev", 2},
		{"game=1&keys=ArrowRight,ArrowRight", 2},
		{"game=1&keys=End", 4},
		{"game=1&keys=End,Home", 0},
		{"game=1&play=last,first,next", 1},
	}
	var first []string
	for _, tc := range tests {
		pieces, game, _ := boardOf(t, dumpDOM(t, chromium, page, tc.fragment))
		if game != "1" || !slices.Equal(pieces, positionPieces(want[tc.ply])) {
			t.Errorf("#%s: game %s, board %v; want ply %d: %v", tc.fragment, game, pieces, tc.ply, positionPieces(want[tc.ply]))
		}
		if tc.fragment == "game=1" {
			first = pieces
		} else if tc.ply > 0 && slices.Equal(pieces, first) {
			t.Errorf("#%s: the board did not change", tc.fragment)
		}
	}
	// Clicking the variation's second move shows it. Nodes are numbered in
	// the order of the movetext: 1. d4-e5 (1. c4-c5 i6-h5) f6xd4 ...: the
	// variation's are 2 and 3.
	dom := dumpDOM(t, chromium, page, "game=1&click=3")
	pieces, _, node := boardOf(t, dom)
	alt := hexdame.NewGame()
	alt.Play(alt.Position().MustParseMove("c4-c5"))
	alt.Play(alt.Position().MustParseMove("i6-h5"))
	if node != "3" || !slices.Equal(pieces, positionPieces(alt.Position())) {
		t.Errorf("clicking the variation's move: node %s, board %v", node, pieces)
	}
	if !strings.Contains(dom, `class="move current" data-n="3"`) && !strings.Contains(dom, `data-n="3" class="move current"`) {
		t.Error("the clicked move is not marked as the current one")
	}
	// The comment is text, not markup.
	if !strings.Contains(dom, "&lt;b&gt;not bold&lt;/b&gt;") || strings.Contains(dom, "<b>not bold</b>") {
		t.Error("the comment's markup was not escaped")
	}
	// The invalid game goes as far as its last legal move and shows the
	// error.
	dom = dumpDOM(t, chromium, page, "game=2&keys=End")
	pieces, game, _ := boardOf(t, dom)
	if game != "2" || !slices.Equal(pieces, positionPieces(want[4])) {
		t.Errorf("invalid game at its end: game %s, board %v", game, pieces)
	}
	if !strings.Contains(dom, "move a1-a2: illegal move") {
		t.Error("the invalid game's error is not shown")
	}
	// The script plays the moves on the boards: a man crowned, a setup, a
	// king's capture along its path.
	games, _ := readViewerGames(t)
	g3 := games[2].Root()
	for _, tc := range []struct {
		fragment string
		node     int
	}{{"game=3&play=next", 1}, {"game=3&play=next,next,next", 3}, {"game=3&keys=End", 4}} {
		n := g3
		for range tc.node {
			n = n.Next()
		}
		fragment := tc.fragment
		pieces, game, node := boardOf(t, dumpDOM(t, chromium, page, fragment))
		if game != "3" || node != strconv.Itoa(tc.node) || !slices.Equal(pieces, positionPieces(n.Position())) {
			t.Errorf("#%s: game %s, node %s, board %v; want %v", fragment, game, node, pieces, positionPieces(n.Position()))
		}
	}
}

// readViewerGames reads the games of viewerPDN.
func readViewerGames(t *testing.T) ([]*hexdame.Game, []error) {
	t.Helper()
	var games []*hexdame.Game
	var errs []error
	r := hexdame.NewReader(strings.NewReader(viewerPDN))
	for {
		g, err := r.ReadGame()
		if err == io.EOF {
			break
		}
		games, errs = append(games, g), append(errs, err)
	}
	if len(games) != 3 || errs[2] != nil {
		t.Fatalf("viewerPDN: %d games, errors %v", len(games), errs)
	}
	return games, errs
}

// TestViewerSelfContained checks that the page fetches nothing.
func TestViewerSelfContained(t *testing.T) {
	_, page, _ := runCLI(t, viewerPDN, "html")
	for _, external := range []string{"http://", "https://", "<link", "src=", "@import", "url(http"} {
		if external == "http://" {
			// The SVG namespace is a name, not a fetch.
			page = strings.ReplaceAll(page, "http://www.w3.org/2000/svg", "")
		}
		if strings.Contains(page, external) {
			t.Errorf("the page holds %q", external)
		}
	}
	drawings, _, _ := strings.Cut(page[strings.Index(page, `<template id="drawings">`)+1:], "</template>")
	if strings.Count(drawings, `<svg `) != 3 || !strings.Contains(page, `<script type="application/json" id="data">`) {
		t.Error("the page lacks its drawings of the board or its data")
	}
}

// The page is written as the games are read: the memory html holds does
// not grow with the number of games.
func TestViewerStreams(t *testing.T) {
	games := strings.Repeat("[Event \"e\"]\n\n1. d4-e5 {c} f6xd4 *\n\n", 40_000)
	// The live heap, measured after a collection every 4 writes, so
	// that garbage not yet collected does not count.
	var peak uint64
	writes := 0
	w := writerFunc(func(p []byte) (int, error) {
		if writes++; writes%4 == 0 {
			runtime.GC()
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			peak = max(peak, ms.HeapAlloc)
		}
		return len(p), nil
	})
	runtime.GC()
	var base runtime.MemStats
	runtime.ReadMemStats(&base)
	if err := writeHTML(w, strings.NewReader(games), "flood", "flood"); err != nil {
		t.Fatal(err)
	}
	// The old viewer held every game and the whole page, 46 MB here.
	grown := int64(peak) - int64(base.HeapAlloc)
	t.Logf("%d writes, the live heap grew by at most %d bytes", writes, grown)
	if writes < 100 {
		t.Fatalf("only %d writes: too few to watch the heap", writes)
	}
	if grown > 4<<20 {
		t.Errorf("the heap grew by %d bytes while writing the page of 40,000 games", grown)
	}
}

// The memory of the page of a game with a flood of annotations (300,000
// empty line comments, comments or NAGs) is in proportion to the page:
// all html allocates, garbage included, is a few times the page (issue
// 27: a million empty line comments took 206 MB for a page of 4 MB, and a
// peak of 174 MB; the tree kept each in 24 bytes, and the page copied them
// twice as 88-byte Elements).
func TestViewerAnnotationFloods(t *testing.T) {
	for _, text := range []string{
		strings.Repeat("%\n", 300_000) + "1. d4-e5 *\n",
		"1. d4-e5 " + strings.Repeat("{} ", 300_000) + "*\n",
		"1. d4-e5 " + strings.Repeat("$1 ", 300_000) + "*\n",
		"1. d4-e5 (1. c4-c5)\n" + strings.Repeat("% x\n", 150_000) + "*\n",
		"1. d4-e5 " + strings.Repeat("{a comment} ", 60_000) + "*\n",
	} {
		page := 0
		w := writerFunc(func(p []byte) (int, error) { page += len(p); return len(p), nil })
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		if err := writeHTML(w, strings.NewReader(text), "flood", "flood"); err != nil {
			t.Fatal(err)
		}
		runtime.ReadMemStats(&after)
		// Measured: 2.8 to 6.5 times the page.
		n := after.TotalAlloc - before.TotalAlloc
		limit := 10*uint64(page) + 2<<20
		if raceEnabled {
			limit *= 2
		}
		if n > limit {
			t.Errorf("html of %q... (%d bytes): a page of %d bytes, %d bytes allocated", text[:12], len(text), page, n)
		}
	}
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }

// A pageGame is a game's data in a page the viewer wrote.
type pageGame struct {
	Info  struct{ Label string }
	Nodes []struct {
		Parent int `json:"p"`
	}
	Items []struct {
		Kind string `json:"k"`
		Text string `json:"t"`
	}
}

// pageData returns the games' data of a page the viewer wrote.
func pageData(t *testing.T, page string) []pageGame {
	t.Helper()
	const open = `<script type="application/json" id="data">`
	i := strings.Index(page, open)
	j := strings.Index(page[max(i, 0):], "</script>")
	if i < 0 || j < 0 {
		t.Fatal("no data in the page")
	}
	var games []pageGame
	if err := json.Unmarshal([]byte(page[i+len(open):i+j]), &games); err != nil {
		t.Fatal(err)
	}
	return games
}

// Each move and setup of the movetext is a node of the data, in order:
// the root's setup is the root, and a setup after a variation opened
// before any move is a node.
func TestViewerTextMatchesNodes(t *testing.T) {
	features, err := os.ReadFile("../../testdata/pdn/features.pdn")
	if err != nil {
		t.Fatal(err)
	}
	for _, text := range []string{
		string(features),
		viewerPDN,
		"(1. c4-c5) /FEN \"B:WKa1:BKi9\"/ 1... i9-h9 *",
		"/FEN \"B:WKa1:BKi9\"/ {start} 1... i9-h9 (1... i9-i8 /FEN \"W:WKa1:BKi9\"/ 1. a1-a2) 2. a1-b1 *",
		"{only a comment} *",
	} {
		code, page, errOut := runCLI(t, text, "html")
		if code != 0 {
			t.Fatalf("%q: exit %d, %s", text, code, errOut)
		}
		for i, g := range pageData(t, page) {
			nodes := 0
			for _, item := range g.Items {
				if item.Kind == "m" || item.Kind == "s" {
					nodes++
				}
			}
			if nodes != len(g.Nodes)-1 {
				t.Errorf("%q, game %d: %d moves and setups in the text, %d nodes besides the root: %+v", text, i+1, nodes, len(g.Nodes)-1, g.Items)
			}
			for k, node := range g.Nodes[1:] {
				if p := node.Parent; p < 0 || p > k {
					t.Errorf("%q, game %d: node %d has parent %d", text, i+1, k+1, p)
				}
			}
		}
	}
}
