package match

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/internal/stats"
)

// Openings are distinct games of the plies asked, not over, and the same
// for the same seed.
func TestOpenings(t *testing.T) {
	ops := Openings(20, 6, 1)
	if len(ops) != 20 {
		t.Fatalf("%d openings, want 20", len(ops))
	}
	seen := map[hexdame.Position]bool{}
	for i, g := range ops {
		if g.Ply() != 6 || g.Outcome().IsOver() || seen[g.Position()] {
			t.Errorf("opening %d: ply %d, %v, seen before %v", i, g.Ply(), g.Outcome(), seen[g.Position()])
		}
		seen[g.Position()] = true
	}
	again := Openings(20, 6, 1)
	for i := range ops {
		if ops[i].Position() != again[i].Position() {
			t.Fatalf("opening %d differs for the same seed", i)
		}
	}
	if g := RandomGame(rand.New(rand.NewPCG(1, 1)), 0); g.Ply() != 0 {
		t.Errorf("RandomGame of 0 plies: %d plies", g.Ply())
	}
}

// A random game is the same for the same seed in every version of the
// module: hexdame random -seed S writes the same games, and the match
// openings of -random-plies are the same. The game of seed 28 was
// recorded before RandomMove existed, when the rules package's RandomGame
// drew its moves itself; this is its copy.
func TestRandomGameIsStable(t *testing.T) {
	g := RandomGame(rand.New(rand.NewPCG(28, 1)), 30)
	var moves []string
	p := g.InitialPosition()
	for _, m := range g.Moves() {
		sep := "-"
		if m.IsCapture() {
			sep = "x"
		}
		var cells []string
		for _, c := range p.Path(m) {
			cells = append(cells, c.String())
		}
		moves = append(moves, strings.Join(cells, sep))
		p = p.PlayUnchecked(m)
	}
	const want = "d4-d5 f9-e8 b4-c5 g6-f5 d3-e4 f5xd3 c3xe3 f8-e7 d5-d6 h6-g5 d6xf8xd8 g7-g6 a4-b4 i7-h6 c4-d5 f6-e6 d8-e9 e6xc4xa4 a3xa5 i6-i5 e9-e4 g5-f4 e3xg5xg7xi7xg5 f7-e6 e4xe9 g8-f8 a5-b5 h8-h7 g5-h5 i5xg5"
	if got := strings.Join(moves, " "); got != want {
		t.Errorf("the game of seed 28:\n%s\nwant\n%s", got, want)
	}
	if g.Outcome().IsOver() || g.Ply() != 30 {
		t.Errorf("the game of seed 28: %v after %d plies", g.Outcome(), g.Ply())
	}
	// It stops where the rules end the game: no legal move for the side
	// to move, or a third repetition.
	for seed := range uint64(20) {
		g := RandomGame(rand.New(rand.NewPCG(seed, 1)), 1000)
		if g.Ply() < 1000 && !g.Outcome().IsOver() {
			t.Errorf("seed %d: %v after %d plies", seed, g.Outcome(), g.Ply())
		}
	}
	if g := RandomGame(nil, 10); g.Ply() == 0 {
		t.Errorf("RandomGame(nil, 10) played no move")
	}
}

// Play goes on from the opening without changing it and ends the game by
// the rules or by MaxPlies; the result is the game's.
func TestPlay(t *testing.T) {
	opening := Openings(1, 4, 2)[0]
	before := opening.Moves()
	r := rand.New(rand.NewPCG(3, 4))
	for range 20 {
		g, err := Play(context.Background(), Random{r}, Greedy{r}, opening)
		if err != nil {
			t.Fatal(err)
		}
		o := g.Outcome()
		if !o.IsOver() || g.Ply() > len(before)+MaxPlies {
			t.Fatalf("game of %d plies ended %v", g.Ply(), o)
		}
		if o.Reason == hexdame.Agreement && g.Ply() != len(before)+MaxPlies {
			t.Fatalf("drawn by agreement after %d plies", g.Ply())
		}
		if got := g.Moves()[:len(before)]; len(opening.Moves()) != len(before) || !slices.Equal(got, before) {
			t.Fatalf("the opening changed, or the game does not start with it")
		}
	}
}

// A player's illegal move ends the game with an error, and so does a
// context that is done; Match stops at the first such error.
func TestPlayErrors(t *testing.T) {
	illegal := Func(func(context.Context, *hexdame.Game) hexdame.Move { return hexdame.Move{} })
	random := Random{rand.New(rand.NewPCG(5, 6))}
	if _, err := Play(context.Background(), random, illegal, hexdame.NewGame()); !errors.Is(err, hexdame.ErrIllegalMove) {
		t.Errorf("an illegal move: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if g, err := Play(ctx, random, random, nil); !errors.Is(err, context.Canceled) || g.Ply() != 0 {
		t.Errorf("a done context: %v after %d plies", err, g.Ply())
	}
	tally, err := Match(context.Background(), func() Player { return random }, func() Player { return illegal },
		Openings(3, 2, 7), 1, nil)
	if !errors.Is(err, hexdame.ErrIllegalMove) {
		t.Errorf("Match with an illegal mover: %v, %v", tally, err)
	}
}

// A match plays each opening with both colours and tallies the games from
// the first player's side: the greedy player beats the random mover.
func TestMatch(t *testing.T) {
	var seed atomic.Uint64
	games := 0
	tally, err := Match(context.Background(),
		func() Player { return Greedy{rand.New(rand.NewPCG(seed.Add(1), 1))} },
		func() Player { return Random{rand.New(rand.NewPCG(seed.Add(1), 2))} },
		Openings(10, 4, 3), 2, func(t stats.Tally, g *hexdame.Game, opening int) {
			games++
			if opening != 4 || !g.Outcome().IsOver() {
				panic("a game not over, or an opening of the wrong length")
			}
		})
	if err != nil {
		t.Fatal(err)
	}
	if tally.Games() != 20 || games != 20 {
		t.Fatalf("%v: %d games, %d reported", tally, tally.Games(), games)
	}
	if tally.Mean() < 0.75 {
		t.Errorf("the greedy player scored only %v against the random mover", tally)
	}
}

func TestPoints(t *testing.T) {
	tests := []struct {
		r          hexdame.Result
		white, red float64
	}{
		{hexdame.WhiteWins, 1, 0},
		{hexdame.RedWins, 0, 1},
		{hexdame.Draw, 0.5, 0.5},
		{hexdame.BothLose, 0, 0},
	}
	for _, tt := range tests {
		if w, r := Points(tt.r, hexdame.White), Points(tt.r, hexdame.Red); w != tt.white || r != tt.red {
			t.Errorf("%v: %v and %v, want %v and %v", tt.r, w, r, tt.white, tt.red)
		}
	}
}
