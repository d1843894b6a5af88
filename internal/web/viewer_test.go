package web

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hexdame/hexdame"
)

// viewerGames adds the games of a PDN text to a Viewer writing to w and
// closes it.
func viewerGames(t *testing.T, w io.Writer, pdn string) {
	t.Helper()
	v, err := NewViewer(w, "test")
	if err != nil {
		t.Fatal(err)
	}
	r := hexdame.NewReader(strings.NewReader(pdn))
	for {
		g, err := r.ReadGame()
		if err == io.EOF {
			break
		}
		if err := v.Add(g, err); err != nil {
			t.Fatal(err)
		}
	}
	if err := v.Close(); err != nil {
		t.Fatal(err)
	}
}

// The viewer searches each capture's path once, so that it costs no more
// than validating and writing the page (the moves' texts come from
// Game.Movetext, which formats the moves from one position with one
// generation of its legal moves): on records whose moves stand in the
// heaviest position known, as variations of one another or after setups
// of it, each capture's path is searched once for each position it is
// played in.
func TestViewerSearchesEachPathOnce(t *testing.T) {
	paths := 0
	oldPath := movePath
	defer func() { movePath = oldPath }()
	movePath = func(p hexdame.Position, m hexdame.Move) hexdame.MovePath {
		paths++
		return p.Path(m)
	}
	read := func(name string) string {
		data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "pdn", name))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	const heaviest = "W:WKe1,Ke9,Kf2,Kf9,Kg3,Kg9,Kh4,Kh9,Ki5,Ki7,Ki9:BKa2,Kb5,Kc1,Kc3,Kc4,c7,d2,Kd6,Ke7,Kf3,Kf4,Kf5,Kf7,f8,Kg7,Kh6"
	for _, tc := range []struct {
		name, pdn    string
		moves, paths int // capture moves, and distinct ones
	}{
		{"hostile-siblings.pdn", read("hostile-siblings.pdn"), 45, 45},
		{"hostile-setups.pdn", read("hostile-setups.pdn"), 7, 7},
		{"one move after 20 setups", strings.Repeat(`/FEN "`+heaviest+`"/ 1. e1xa4 `, 20) + "*", 20, 1},
	} {
		paths = 0
		viewerGames(t, io.Discard, tc.pdn)
		if paths != tc.paths {
			t.Errorf("%s: %d paths searched, want %d", tc.name, paths, tc.paths)
		}
		got := 0
		g, _ := hexdame.NewReader(strings.NewReader(tc.pdn)).ReadGame()
		movetext(g, g.Notation(), func(it *Item) {
			if it.Kind == "m" && strings.Contains(it.Text, "x") {
				got++
			}
		})
		if got != tc.moves {
			t.Errorf("%s: %d captures in the movetext, want %d", tc.name, got, tc.moves)
		}
	}
}
