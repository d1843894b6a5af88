package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hexdame/hexdame"
)

const viewerPDN = `[Event "Good"]
[White "Ann"]
[Black "Ben"]

1. d4-e5 {<b>not bold</b> & so on} (1. c4-c5 i6-h5) f6xd4 2. c3xe5 h6-h5 2-0

[Event "Bad"]

1. d4-e5 f6xd4 2. c3xe5 h6-h5 3. a1-a2 *
`

// browser finds headless Chromium; in CI (HEXDAME_REQUIRE_RENDERERS=1) a
// missing browser fails the test, elsewhere it is skipped.
func browser(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if path, err := exec.LookPath(name); err == nil {
			return path
		}
	}
	if os.Getenv("HEXDAME_REQUIRE_RENDERERS") != "" {
		t.Fatal("headless Chromium is not installed (Debian package chromium)")
	}
	t.Skip("headless Chromium is not installed (Debian package chromium); skipping the browser test")
	return ""
}

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
	start := strings.Index(dom, `<svg id="board"`)
	end := strings.Index(dom[start:], "</svg>")
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
		positions.PlayText(s)
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
	// Clicking the variation's second move shows it. Nodes are numbered
	// depth first, the main line first: the variation's are 5 and 6.
	dom := dumpDOM(t, chromium, page, "game=1&click=6")
	pieces, _, node := boardOf(t, dom)
	alt := hexdame.NewGame()
	alt.PlayText("c4-c5")
	alt.PlayText("i6-h5")
	if node != "6" || !slices.Equal(pieces, positionPieces(alt.Position())) {
		t.Errorf("clicking the variation's move: node %s, board %v", node, pieces)
	}
	if !strings.Contains(dom, `class="move current" data-n="6"`) && !strings.Contains(dom, `data-n="6" class="move current"`) {
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
	if strings.Count(page, `<svg id="`) != 3 || !strings.Contains(page, `<script type="application/json" id="data">`) {
		t.Error("the page lacks its boards or its data")
	}
}
