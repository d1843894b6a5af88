package match

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
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
		if g.End().Ply() != 6 || g.Outcome().IsOver() || seen[g.Position()] {
			t.Errorf("opening %d: ply %d, %v, seen before %v", i, g.End().Ply(), g.Outcome(), seen[g.Position()])
		}
		seen[g.Position()] = true
	}
	again := Openings(20, 6, 1)
	for i := range ops {
		if ops[i].Position() != again[i].Position() {
			t.Fatalf("opening %d differs for the same seed", i)
		}
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
		if !o.IsOver() || g.End().Ply() > len(before)+MaxPlies {
			t.Fatalf("game of %d plies ended %v", g.End().Ply(), o)
		}
		if o.Reason == hexdame.Agreement && g.End().Ply() != len(before)+MaxPlies {
			t.Fatalf("drawn by agreement after %d plies", g.End().Ply())
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
	if g, err := Play(ctx, random, random, nil); !errors.Is(err, context.Canceled) || g.End().Ply() != 0 {
		t.Errorf("a done context: %v after %d plies", err, g.End().Ply())
	}
	tally, err := Match(context.Background(), func() Player { return random }, func() Player { return illegal },
		Openings(3, 2, 7), 1, nil)
	if !errors.Is(err, hexdame.ErrIllegalMove) {
		t.Errorf("Match with an illegal mover: %v, %v", tally, err)
	}
}

// A match plays each opening with both colors and tallies the games from
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
