package engine

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/hexdame/hexdame"
)

// lineText writes a line of moves from p with their full paths.
func lineText(p hexdame.Position, line []hexdame.Move) []string {
	var out []string
	for _, m := range line {
		out = append(out, p.Path(m).Format(hexdame.Algebraic))
		p = p.PlayUnchecked(m)
	}
	return out
}

func TestSolveProblems(t *testing.T) {
	tests := []struct {
		name, fen string
		plies     int
		win       bool
		want      int
		line      []string
	}{
		// The only Red piece stands where White takes it: the opponent
		// is left with no piece, a win in one ply.
		{"win in 1", "W:Wc3:Bd4", 5, true, 1, []string{"c3xe5"}},
		// 1. b1-c1 leaves Red one move, a3-a2, crowning on the back row,
		// and 2. a1xa3 takes the new king. No win in one: after every
		// White move Red can still move (a3-a2, or a3xa1 after a1-a2).
		{"win in 3", "W:Wa1,b1:Ba3", 5, true, 3, []string{"b1-c1", "a3-a2", "a1xa3"}},
		// Red has sixteen men and White three moves: no win.
		{"none", "W:Wa1,a2,a3,a4,b1,b2,b3,b4,c1,c2,c3,c4,d1,d2,d3,d4:Bf6,f7,f8,f9,g6,g7,g8,g9,h6,h7,h8,h9,i6,i7,i8,i9", 5, false, 0, nil},
		// A side with no move has lost already: nothing to win.
		{"no move", "W:W:Bi9", 3, false, 0, nil},
		// Leo Springer's HexDame problem (the seeds' Zillions package):
		// White to play and win.
		{"Springer", "W:Wa3,a5,b4,b5,c2,d4,f3:Bc4,d6,e7,f6,f8,g5,h9", 9, true, 7,
			[]string{"b5-c5", "c4xa4xa2", "f3-g4", "a2xd2xd5xb5", "g4xg6xe6xe8xg8", "h9xf7", "a5xc5xe7xg7"}},
	}
	var e Engine
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := hexdame.MustParseFEN(tc.fen)
			var reports []int
			sol, err := e.Solve(context.Background(), p, tc.plies, SolveOptions{Progress: func(r SolveProgress) {
				reports = append(reports, r.Plies)
			}})
			if err != nil {
				t.Fatal(err)
			}
			if sol.Win != tc.win || sol.Plies != tc.want || !slices.Equal(lineText(p, sol.Line), tc.line) {
				t.Errorf("Solve = win %v in %d, line %v; want win %v in %d, line %v", sol.Win, sol.Plies, lineText(p, sol.Line), tc.win, tc.want, tc.line)
			}
			// Every horizon is reported, up to the win or the last.
			last := tc.plies
			if tc.win {
				last = tc.want
			}
			var want []int
			for d := 1; d <= last; d += 2 {
				want = append(want, d)
			}
			if !slices.Equal(reports, want) {
				t.Errorf("progress at %v, want %v", reports, want)
			}
			// The main line is legal and ends with the opponent unable
			// to move.
			q := p
			for _, m := range sol.Line {
				next, err := q.Play(m)
				if err != nil {
					t.Fatalf("the main line's %v: %v", m, err)
				}
				q = next
			}
			if tc.win && q.CountLegalMoves() > 0 {
				t.Errorf("after the main line, %s can still move", q.SideToMove())
			}
		})
	}
}

func TestSolveAll(t *testing.T) {
	var e Engine
	ctx := context.Background()
	p := hexdame.MustParseFEN("W:Wa1,b1:Ba3")
	sol, err := e.Solve(ctx, p, 3, SolveOptions{All: true})
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for _, k := range sol.Keys {
		keys = append(keys, p.Path(k.Move).Format(hexdame.Algebraic)+":"+strconv.Itoa(k.Plies))
	}
	// b1-b2 and b1-c2 win in 3 as well: Red's reply is still forced.
	if !slices.Equal(keys, []string{"b1-c1:3", "b1-b2:3", "b1-c2:3"}) {
		t.Errorf("keys %v", keys)
	}
	if _, err := e.Solve(ctx, p, 0, SolveOptions{}); !errors.Is(err, ErrInvalidPlies) {
		t.Errorf("Solve(0): %v", err)
	}
	if _, err := e.Solve(ctx, p, MaxSolvePlies+1, SolveOptions{}); !errors.Is(err, ErrInvalidPlies) {
		t.Errorf("Solve(%d): %v", MaxSolvePlies+1, err)
	}
	if _, err := e.Solve(ctx, hexdame.StartPosition(), 9, SolveOptions{MaxNodes: 100}); !errors.Is(err, ErrSolveLimit) {
		t.Errorf("a node limit: %v", err)
	}
}

// A forced win is never one that lets the defender repeat a position a
// third time: two kings shuffling cannot be beaten.
func TestSolveRepetitionDraws(t *testing.T) {
	var e Engine
	sol, err := e.Solve(context.Background(), hexdame.MustParseFEN("W:WKa1:BKi9"), 11, SolveOptions{})
	if err != nil || sol.Win {
		t.Errorf("king against king: %+v, %v", sol, err)
	}
}

// The game's history counts for repetitions: a key whose position has
// been seen twice in the game makes its third occurrence, a draw.
func TestSolveHistory(t *testing.T) {
	var e Engine
	ctx := context.Background()
	// a1-d1 and i5-f2 both win in 5.
	p := hexdame.MustParseFEN("W:WKa1,Ki5:BKd2")
	x, a, b := cycle(t, p, "a1-d1", "d2-d8", "d1-a1", "d8-d2")
	keys := func(history []hexdame.Position) []string {
		sol, err := e.Solve(ctx, p, 5, SolveOptions{All: true, History: history})
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, k := range sol.Keys {
			out = append(out, p.Path(k.Move).Format(hexdame.Algebraic))
		}
		return out
	}
	if got := keys(nil); !slices.Equal(got, []string{"a1-d1", "i5-f2"}) {
		t.Errorf("without history: keys %v", got)
	}
	if got := keys([]hexdame.Position{x, a, b, p, x, a, b}); !slices.Equal(got, []string{"i5-f2"}) {
		t.Errorf("with x twice in the history: keys %v, want i5-f2 alone", got)
	}
	// Once is not enough for a draw.
	if got := keys([]hexdame.Position{x, a, b}); !slices.Equal(got, []string{"a1-d1", "i5-f2"}) {
		t.Errorf("with x once in the history: keys %v", got)
	}
}

// A context ends the search: a long horizon from a middle game stops soon
// after the context is canceled, with the context's error, and its memory
// is the engine's table.
func TestSolveCancel(t *testing.T) {
	e, err := New(Options{HashMiB: 1})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	p := hexdame.MustParseFEN("W:Wa1,a2,a3,b1,b2,b4,c1,c2,c4,d1,d3,e3,e4,f4:Bf6,f8,g6,g7,g8,h6,h7,h8,h9,i6,i7,i9,e7,d6")
	start := time.Now()
	sol, err := e.Solve(ctx, p, MaxSolvePlies, SolveOptions{})
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Solve: %+v, %v; want the context's deadline", sol, err)
	}
	if d := time.Since(start); d > 20*time.Second { // without the context: hours
		t.Errorf("Solve took %v after a 50 ms deadline", d)
	}
	if sol.Nodes == 0 {
		t.Errorf("no nodes counted")
	}
}

// BenchmarkSolve proves the deepest problems at hand: Leo Springer's
// problem (win in 7), the same with every winning first move asked for,
// and a king ending that a search over random endings found to be the
// longest forced win within 13 plies (win in 13: three white kings and
// men against two red men and a man about to crown). The table is
// emptied before each run.
func BenchmarkSolve(b *testing.B) {
	problems := []struct {
		name, fen string
		plies     int
		all       bool
		want      int
	}{
		{"springer/win7", "W:Wa3,a5,b4,b5,c2,d4,f3:Bc4,d6,e7,f6,f8,g5,h9", 9, false, 7},
		{"springer/win7/all", "W:Wa3,a5,b4,b5,c2,d4,f3:Bc4,d6,e7,f6,f8,g5,h9", 9, true, 7},
		{"ending/win13", "W:WKd7,Ke7,f8,g4:Bc4,e1,i7", 13, false, 13},
	}
	e, err := New(Options{HashMiB: 64})
	if err != nil {
		b.Fatal(err)
	}
	for _, pr := range problems {
		if pr.want > 7 && testing.Short() {
			continue
		}
		b.Run(pr.name, func(b *testing.B) {
			p := hexdame.MustParseFEN(pr.fen)
			b.ReportAllocs()
			var sol Solution
			for b.Loop() {
				b.StopTimer()
				e.Clear()
				b.StartTimer()
				var err error
				sol, err = e.Solve(context.Background(), p, pr.plies, SolveOptions{All: pr.all})
				if err != nil {
					b.Fatal(err)
				}
			}
			if !sol.Win || sol.Plies != pr.want {
				b.Fatalf("Solve = win %v in %d, want a win in %d", sol.Win, sol.Plies, pr.want)
			}
			b.ReportMetric(float64(sol.Nodes), "positions")
		})
	}
}
