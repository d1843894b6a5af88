package hexdame

import (
	"io"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// Tests of movecache.go: the moves from one position, in a record or a
// game, share one generation of its legal moves.

// Moves from one position share one generation: reading, checking and
// writing a record whose moves stand in the heaviest position known, as
// variations of one another or after setups of it, costs one generation
// of that position per pass (the work counted in capture-search states).
func TestMovesShareOneGeneration(t *testing.T) {
	p := MustParseFEN(hostileFEN(t, "climb16-kings"))
	gen := searchWork(func() { p.LegalMoves() })
	for _, name := range []string{"hostile-siblings.pdn", "hostile-setups.pdn"} {
		text := readFile(t, "testdata/pdn/"+name)
		var g *Game
		passes := map[string]func(){
			"CheckGame": func() {
				if err := NewReader(strings.NewReader(text)).CheckGame(); err != nil {
					t.Fatal(err)
				}
			},
			"ReadGame": func() {
				var err error
				if g, err = NewReader(strings.NewReader(text)).ReadGame(); err != nil {
					t.Fatal(err)
				}
			},
			"Replay": func() {
				rec, err := NewReader(strings.NewReader(text)).ReadRecord()
				if err != nil {
					t.Fatal(err)
				}
				if _, err := rec.Replay(); err != nil {
					t.Fatal(err)
				}
			},
		}
		// The bound, a generation and a tenth, catches a pass that
		// generates the position's moves again for a sibling or a setup
		// (a second generation) and leaves room for path searches.
		// Measured: exactly one generation, 738,980 states, for every
		// pass and notation, on 2026-11-28.
		for pass, f := range passes {
			if w := searchWork(f); w > gen+gen/10 {
				t.Errorf("%s: %s visited %d states; one generation of the position is %d", name, pass, w, gen)
			}
		}
		passes["ReadGame"]()
		for _, n := range []Notation{Algebraic, Numeric} {
			if w := searchWork(func() { NewWriter(io.Discard).WriteGame(g, n) }); w > gen+gen/10 {
				t.Errorf("%s: WriteGame in %v visited %d states; one generation is %d", name, n, w, gen)
			}
		}
	}
}

// The cache gives each position's legal moves, whatever the order in
// which positions come, when it is activated and when it starts again;
// once active, a position it holds costs no search.
func TestPropertyMoveCache(t *testing.T) {
	var positions []Position
	for _, fen := range []string{"W:WKe1:BKa2,Ka3,c7,d7,e6,g5", "B:WKe1:BKa2,Ka3,c7,d7,e6,g5", "W:Wc3:Bd3,f4,g6,f7,d6,c4", "W:WK51:B23,25-26,29,K56,K59", "W:Wd4:Be5,f6"} {
		positions = append(positions, MustParseFEN(fen))
	}
	rapid.Check(t, func(t *rapid.T) {
		var c moveCache
		if rapid.Bool().Draw(t, "small") {
			c.moves = make([]Move, 0, 4)
		}
		for range rapid.IntRange(1, 30).Draw(t, "steps") {
			if rapid.IntRange(0, 5).Draw(t, "activate") == 0 {
				c.activate()
			}
			if rapid.IntRange(0, 9).Draw(t, "reset") == 0 {
				c.reset()
			}
			p := positions[rapid.IntRange(0, len(positions)-1).Draw(t, "position")]
			_, held := c.index[p.pack()]
			var got []Move
			work := searchWork(func() { got = c.legal(&p, nil) })
			if want := p.LegalMoves(); !slices.Equal(got, want) {
				t.Fatalf("%s: cache gives %v, want %v", p.String(), got, want)
			}
			if c.active && held && work != 0 {
				t.Fatalf("%s: held in the cache, and searched again (%d states)", p.String(), work)
			}
		}
	})
}
