package endgame

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"testing"
	"time"

	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/engine"
)

// The long checks run with HEXDAME_LONG=1. They use the tables up to 4
// pieces in HEXDAME_TABLES when it is set (any missing ones are built
// there), else they build them in a temporary directory (a few minutes).

func longTables(t *testing.T) *Tables {
	t.Helper()
	if !long() {
		t.Skip("set HEXDAME_LONG=1 for the checks on the 4-piece tables")
	}
	dir := os.Getenv("HEXDAME_TABLES")
	if dir == "" {
		dir = t.TempDir()
	}
	start := time.Now()
	if err := BuildAll(context.Background(), dir, 4, BuildOptions{Workers: 2}); err != nil {
		t.Fatal(err)
	}
	tb, err := Load(dir, LoadOptions{MaxPieces: 4})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("tables up to 4 pieces in %s, built or checked and loaded in %v", dir, time.Since(start))
	return tb
}

func TestLongTables(t *testing.T) {
	tb := longTables(t)
	solve := newSolver(t)
	r := rand.New(rand.NewPCG(11, 12))
	t.Run("consistent with the rules", func(t *testing.T) {
		for _, m := range allOrdered(4) {
			for side := hexdame.White; side <= hexdame.Red; side++ {
				for range 3000 {
					checkConsistent(t, tb, randomPosition(r, m, side))
				}
			}
		}
	})
	t.Run("best moves play out the distance", func(t *testing.T) {
		for _, m := range allOrdered(4) {
			if m.Pieces() < 4 {
				continue
			}
			for range 200 {
				p := randomPosition(r, m, hexdame.Color(r.IntN(2)))
				v, d, _ := tb.Probe(p)
				if v == Draw {
					continue
				}
				q := p
				ply := 0
				for ; q.CountLegalMoves() > 0; ply++ {
					mv, ok := tb.BestMove(q)
					if !ok || ply > d {
						t.Fatalf("%v (%v %d): no best move or not over after %d plies, at %v", p, v, d, ply, q)
					}
					q = q.PlayUnchecked(mv)
				}
				if ply != d || (q.SideToMove() == p.SideToMove()) != (v == Loss) {
					t.Fatalf("%v (%v %d): over after %d plies, %v to move without a move", p, v, d, ply, q.SideToMove())
				}
			}
		}
	})
	// 300 wins of 4 pieces (the default run checks 1,000 of 2 and 3):
	// about half a minute of CPU.
	t.Run("Solve agrees", func(t *testing.T) {
		var four []Material
		for _, m := range allOrdered(4) {
			if m.Pieces() == 4 {
				four = append(four, m)
			}
		}
		proveRandomWins(t, tb, solve, r, four, 300)
	})
}

// With HEXDAME_LONG=1 and HEXDAME_TABLES holding 5-piece tables (a
// finished 5-piece build, or part of one), every 5-piece table there whose
// dependencies are there too is checked against the rules on random
// positions of both sides to move, and 100 random wins of those tables are
// proven by Solve.
func TestLongFivePieces(t *testing.T) {
	dir := os.Getenv("HEXDAME_TABLES")
	if !long() || dir == "" {
		t.Skip("set HEXDAME_LONG=1 and HEXDAME_TABLES to a directory with 5-piece tables")
	}
	tb, err := Load(dir, LoadOptions{MaxPieces: 4})
	if err != nil {
		t.Fatal(err)
	}
	tb.maxPieces = 5
	solve := newSolver(t)
	have := map[Material]bool{}
	for _, m := range Materials(4) {
		have[m] = true
	}
	r := rand.New(rand.NewPCG(15, 16))
	checked := 0
	for _, m := range Materials(5) {
		if m.Pieces() < 5 {
			continue
		}
		if err := tb.parts.load(dir, m); errors.Is(err, ErrMissing) {
			continue
		} else if err != nil {
			t.Fatal(err)
		}
		have[m] = true
		ready := true
		for _, d := range m.Dependencies() {
			ready = ready && have[d]
		}
		if !ready {
			continue
		}
		checked++
		for _, x := range []Material{m, m.Swapped()} {
			for side := hexdame.White; side <= hexdame.Red; side++ {
				for range 2000 {
					checkConsistent(t, tb, randomPosition(r, x, side))
				}
			}
		}
	}
	t.Logf("%d tables of 5 pieces checked", checked)
	// And Solve proves 100 random wins of at most 15 plies of those
	// tables in exactly their distance.
	var ready []Material
	for _, m := range allOrdered(5) {
		if m.Pieces() == 5 && tb.parts.parts[m.code()] != nil {
			ready = append(ready, m)
		}
	}
	proveRandomWins(t, tb, solve, r, ready, 100)
}

// With HEXDAME_LONG=1 and HEXDAME_TABLES6 holding tables of kings only up
// to 6 pieces (KKKKKvK, KKKKvKK, KKKvKKK, or some of them, with the
// kings-only tables below them), each 6-piece table there is checked as
// the 5-piece ones are: against the rules on 2,000 random positions of
// each coloring and side to move; 100 random wins of at most 15 plies
// proven by Solve in exactly their distance; and the engine with the
// tables hooked in, playing both sides of 50 random won positions (wins
// of 5 plies or more), wins each in exactly the table's distance.
func TestLongSixKings(t *testing.T) {
	dir := os.Getenv("HEXDAME_TABLES6")
	if !long() || dir == "" {
		t.Skip("set HEXDAME_LONG=1 and HEXDAME_TABLES6 to a directory with the tables of kings only up to 6 pieces")
	}
	tb, err := Load(dir, LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var six []Material
	for _, m := range tb.Materials() {
		if m.Pieces() == 6 && m.Men() == 0 {
			six = append(six, m)
		}
	}
	if len(six) == 0 {
		t.Skipf("no 6-piece tables of kings only in %s", dir)
	}
	t.Logf("checking %v", six)
	r := rand.New(rand.NewPCG(17, 18))
	t.Run("consistent with the rules", func(t *testing.T) {
		for _, m := range six {
			for _, x := range []Material{m, m.Swapped()} {
				for side := hexdame.White; side <= hexdame.Red; side++ {
					for range 2000 {
						checkConsistent(t, tb, randomPosition(r, x, side))
					}
				}
			}
		}
	})
	t.Run("Solve agrees", func(t *testing.T) {
		solve := newSolver(t)
		start := time.Now()
		var both []Material
		for _, m := range six {
			both = append(both, m, m.Swapped())
		}
		proveRandomWins(t, tb, solve, r, both, 100)
		t.Logf("100 wins proven in %v", time.Since(start))
	})
	t.Run("the engine converts", func(t *testing.T) {
		checkEngineWins(t, tb, 28, 50, 6, 5)
	})
}

// proveRandomWins draws random positions of the materials ms, either side
// to move, until n of them are wins of at most 15 plies, and proves each
// with solve (checkSolvedWin). No materials, no check.
func proveRandomWins(t *testing.T, tb *Tables, solve func(hexdame.Position, int) (engine.Solution, error), r *rand.Rand, ms []Material, n int) {
	t.Helper()
	for wins := 0; wins < n && len(ms) > 0; {
		p := randomPosition(r, ms[r.IntN(len(ms))], hexdame.Color(r.IntN(2)))
		v, d, _ := tb.Probe(p)
		if v != Win || d > 15 {
			continue
		}
		wins++
		checkSolvedWin(t, solve, p, d)
	}
}

// checkSolvedWin proves position p, which the tables say is won in d
// plies (at most 15), with solve: a win in exactly d plies.
func checkSolvedWin(t *testing.T, solve func(hexdame.Position, int) (engine.Solution, error), p hexdame.Position, d int) {
	t.Helper()
	sol, err := solve(p, 15)
	if err != nil {
		t.Fatal(err)
	}
	if !sol.Win || sol.Plies != d {
		t.Fatalf("%v: the table says win in %d, Solve says win %v in %d", p, d, sol.Win, sol.Plies)
	}
}
