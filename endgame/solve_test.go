package endgame

import (
	"context"
	"math/rand/v2"
	"os"
	"testing"
	"time"

	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/engine"
)

// Package engine's Solve, an independent prover, agrees with the tables
// on random positions whose distance is at most 15 plies: a won position
// is a win in exactly the table's distance (Solve finds the shortest), and
// a drawn or lost one is no win within the horizon: 15 plies with
// HEXDAME_LONG=1, else 7 (a draw costs Solve half a second at 15). With
// -short, 100 wins only.
func TestSolveAgrees(t *testing.T) {
	tb := loadSmall(t)
	solve := newSolver(t)
	r := rand.New(rand.NewPCG(5, 6))
	materials := allOrdered(3)
	wins, others := 0, 0
	wantWins, wantOthers, horizon := 1000, 50, 7
	if long() {
		wantOthers, horizon = 300, 15
	} else if testing.Short() {
		wantWins, wantOthers = 100, 10
	}
	start := time.Now()
	for tries := 0; wins < wantWins || others < wantOthers; tries++ {
		if tries > 1000000 {
			t.Fatalf("only %d wins and %d others in %d tries", wins, others, tries)
		}
		m := materials[r.IntN(len(materials))]
		p := randomPosition(r, m, hexdame.Color(r.IntN(2)))
		v, d, _ := tb.Probe(p)
		if d > 15 || v == Win && wins >= wantWins || v != Win && others >= wantOthers {
			continue
		}
		plies := 15
		if v != Win {
			plies = horizon
		}
		sol, err := solve(p, plies)
		if err != nil {
			t.Fatal(err)
		}
		if v == Win {
			wins++
			if !sol.Win || sol.Plies != d {
				t.Fatalf("%v: the table says win in %d, Solve says win %v in %d", p, d, sol.Win, sol.Plies)
			}
		} else {
			others++
			if sol.Win {
				t.Fatalf("%v: the table says %v %d, Solve finds a win in %d", p, v, d, sol.Plies)
			}
		}
	}
	t.Logf("%d wins and %d draws or losses agree, in %v", wins, others, time.Since(start))
}

// long reports whether the long checks are asked for (HEXDAME_LONG set,
// to 1 or to ci).
func long() bool { return os.Getenv("HEXDAME_LONG") != "" }

// newSolver returns a function that proves a position to a horizon with
// package engine's Solve, all on one engine (its table is made once).
func newSolver(t *testing.T) func(p hexdame.Position, plies int) (engine.Solution, error) {
	t.Helper()
	e, err := engine.New(engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return func(p hexdame.Position, plies int) (engine.Solution, error) {
		return e.Solve(context.Background(), p, plies, engine.SolveOptions{})
	}
}
