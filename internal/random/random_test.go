package random

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/hexdame/hexdame"
)

// The games of a seed are part of the module's promise: hexdame random
// writes them.
func TestGameIsStable(t *testing.T) {
	g := Game(rand.New(rand.NewPCG(28, 1)), 30)
	var moves []string
	for x := range g.Root().Mainline() {
		moves = append(moves, x.Parent().Position().Path(x.Move()).String())
	}
	const want = "d4-d5 f9-e8 b4-c5 g6-f5 d3-e4 f5xd3 c3xe3 f8-e7 d5-d6 h6-g5 d6xf8xd8 g7-g6 a4-b4 i7-h6 c4-d5 f6-e6 d8-e9 e6xc4xa4 a3xa5 i6-i5 e9-e4 g5-f4 e3xg5xg7xi7xg5 f7-e6 e4xe9 g8-f8 a5-b5 h8-h7 g5-h5 i5xg5"
	if got := strings.Join(moves, " "); got != want {
		t.Errorf("the game of seed 28:\n%s\nwant\n%s", got, want)
	}
	if o := g.Outcome(); o != (hexdame.Outcome{Result: hexdame.Draw, Reason: hexdame.Agreement}) {
		t.Errorf("a game not over after 30 plies ends %v, want a draw by agreement", o)
	}
	if g := Game(nil, 10); g.End().Ply() == 0 {
		t.Errorf("Game(nil, 10) played no move")
	}
}

// Move draws among the legal moves in a fixed order, and reports a
// position without one.
func TestMove(t *testing.T) {
	p := hexdame.StartPosition()
	seen := map[hexdame.Move]bool{}
	r := rand.New(rand.NewPCG(1, 2))
	for range 300 {
		m, ok := Move(p, r)
		if !ok || !p.IsLegal(m) {
			t.Fatalf("Move = %v, %v: not a legal move", m, ok)
		}
		seen[m] = true
	}
	if len(seen) != len(p.LegalMoves()) {
		t.Errorf("300 draws gave %d of the %d legal moves", len(seen), len(p.LegalMoves()))
	}
	if m, ok := Move(hexdame.MustParseFEN("W:W:Bi9"), r); ok {
		t.Errorf("Move without a legal move = %v, true", m)
	}
	if _, ok := Move(p, nil); !ok {
		t.Errorf("Move with a nil source found no move")
	}
}

// An opening that the rules end is nil; others have the plies asked for.
func TestOpening(t *testing.T) {
	g := Opening(rand.New(rand.NewPCG(3, 4)), 6)
	if g == nil || g.End().Ply() != 6 || g.Outcome().IsOver() {
		t.Fatalf("Opening(6) = %v", g)
	}
	if g := Opening(nil, 0); g == nil || g.End().Ply() != 0 {
		t.Errorf("Opening(0) = %v", g)
	}
}

// Move draws each legal move about equally often.
func TestMoveIsUniform(t *testing.T) {
	p := hexdame.StartPosition()
	legal := p.LegalMoves()
	r := rand.New(rand.NewPCG(1, 2))
	const draws = 15000
	seen := map[hexdame.Move]int{}
	for range draws {
		m, _ := Move(p, r)
		seen[m]++
	}
	// Each of the 15 moves is expected 1000 times, with a standard
	// deviation of about 31: 800 and 1200 are over 6 deviations away.
	for _, m := range legal {
		if n := seen[m]; n < 800 || n > 1200 {
			t.Errorf("%v drawn %d times of %d, expected about %d", m, n, draws, draws/len(legal))
		}
	}
}
