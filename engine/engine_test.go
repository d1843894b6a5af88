package engine

import (
	"context"
	"errors"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hexdame/hexdame"
	"pgregory.net/rapid"
)

func TestScoreString(t *testing.T) {
	for _, tc := range []struct {
		s    Score
		want string
	}{
		{0, "+0.00"}, {75, "+0.75"}, {-120, "-1.20"}, {5, "+0.05"}, {-5, "-0.05"}, {1234, "+12.34"},
		{WinScore - 7, "win 7"}, {-(WinScore - 4), "loss 4"}, {-WinScore, "loss 0"},
	} {
		if got := tc.s.String(); got != tc.want {
			t.Errorf("Score(%d) = %q, want %q", tc.s, got, tc.want)
		}
	}
	if n, ok := (WinScore - 7).IsWin(); !ok || n != 7 {
		t.Errorf("IsWin: %d %v", n, ok)
	}
	if _, ok := Score(500).IsWin(); ok {
		t.Errorf("+5 men is a win")
	}
	if n, ok := (-(WinScore - 4)).IsLoss(); !ok || n != 4 {
		t.Errorf("IsLoss: %d %v", n, ok)
	}
}

func TestOptions(t *testing.T) {
	for _, o := range []Options{{Level: -1}, {Level: 11}, {Threads: -1}, {Threads: MaxThreads + 1}, {HashMiB: -1}, {HashMiB: MaxHashMiB + 1}} {
		if _, err := New(o); !errors.Is(err, ErrInvalidOptions) {
			t.Errorf("New(%+v): %v", o, err)
		}
	}
	var e Engine
	if o := e.Options(); o.Level != MaxLevel || o.Threads != 1 || o.HashMiB != DefaultHashMiB {
		t.Errorf("zero engine's options: %+v", o)
	}
	if err := e.SetOptions(Options{Level: 99}); !errors.Is(err, ErrInvalidOptions) {
		t.Errorf("SetOptions: %v", err)
	}
	if _, err := e.Search(context.Background(), hexdame.StartPosition(), SearchOptions{MultiPV: -1}); !errors.Is(err, ErrInvalidOptions) {
		t.Errorf("MultiPV -1: %v", err)
	}
}

// A position without legal moves is an error, not a panic.
func TestSearchNoMoves(t *testing.T) {
	var e Engine
	for _, fen := range []string{"W:W:Bi9", "B:Wa1:B", "W:Wa1:Ba2,a3,b1,b2,c1,c3"} {
		p := hexdame.MustParseFEN(fen)
		if p.CountLegalMoves() > 0 {
			t.Fatalf("%s has moves", fen)
		}
		if _, err := e.Search(context.Background(), p, SearchOptions{Limits: Limits{Depth: 3}}); !errors.Is(err, hexdame.ErrGameOver) {
			t.Errorf("%s: %v", fen, err)
		}
	}
}

// Leo Springer's problem: the key b5-c5 and a win in 7 plies.
func TestSearchSpringer(t *testing.T) {
	var e Engine
	p := hexdame.MustParseFEN("W:Wa3,a5,b4,b5,c2,d4,f3:Bc4,d6,e7,f6,f8,g5,h9")
	res, err := e.Search(context.Background(), p, SearchOptions{Limits: Limits{Depth: 12}})
	if err != nil {
		t.Fatal(err)
	}
	if p.Path(res.Move).Format(hexdame.Algebraic) != "b5-c5" {
		t.Errorf("best move %v", res.Move)
	}
	if n, ok := res.Score.IsWin(); !ok || n != 7 {
		t.Errorf("score %v, want win 7", res.Score)
	}
	if len(res.PV) < 7 {
		t.Errorf("PV %v", res.PV)
	}
}

// Every search returns a legal move and a legal principal variation, at
// every depth and level.
func TestSearchLegal(t *testing.T) {
	e, err := New(Options{HashMiB: 1})
	if err != nil {
		t.Fatal(err)
	}
	rapid.Check(t, func(t *rapid.T) {
		p := anyPosition().Draw(t, "position")
		if p.CountLegalMoves() == 0 {
			return
		}
		level := rapid.IntRange(1, MaxLevel).Draw(t, "level")
		if err := e.SetOptions(Options{HashMiB: 1, Level: level, Seed: 1}); err != nil {
			t.Fatal(err)
		}
		res, err := e.Search(context.Background(), p, SearchOptions{Limits: Limits{Depth: rapid.IntRange(1, 4).Draw(t, "depth"), Nodes: 20000}})
		if err != nil {
			t.Fatal(err)
		}
		if !p.IsLegal(res.Move) {
			t.Fatalf("%v: illegal move %v", p, res.Move)
		}
		for _, l := range res.Lines {
			q := p
			for _, m := range l.PV {
				next, err := q.Play(m)
				if err != nil {
					t.Fatalf("%v: PV %v: %v", p, l.PV, err)
				}
				q = next
			}
		}
	})
}

// A win or loss is scored by its distance.
func TestSearchWinDistance(t *testing.T) {
	var e Engine
	for _, tc := range []struct {
		fen  string
		want string
	}{
		{"W:Wc3:Bd4", "win 1"}, // takes the last piece
		{"B:Wc3:Bd4", "win 1"}, // Red takes it first
		{"W:Wa1,b1:Ba3", "win 3"},
		{"B:Wa1,c1:Ba3", "loss 2"}, // a3-a2 is forced, and a1xa3 takes the new king
	} {
		res, err := e.Search(context.Background(), hexdame.MustParseFEN(tc.fen), SearchOptions{Limits: Limits{Depth: 10}})
		if err != nil {
			t.Fatal(err)
		}
		if got := res.Score.String(); got != tc.want {
			t.Errorf("%s: %s, want %s (pv %v)", tc.fen, got, tc.want, res.PV)
		}
	}
}

// A repeated position is a draw: the side that is behind takes the
// repetition that the game's history offers.
func TestSearchRepetition(t *testing.T) {
	var e Engine
	// Red, a man down, has only king moves; with the history below,
	// i9-h9 makes a position the third time: a draw, the best it has.
	p := hexdame.MustParseFEN("B:WKa1,Kb1,c2:BKi9")
	x, a, b := cycle(t, p, "i9-h9", "a1-a2", "h9-i9", "a2-a1")
	history := []hexdame.Position{p, x, a, b, p, x, a, b}
	depth := 6
	if testing.Short() {
		depth = 4
	}
	res, err := e.Search(context.Background(), p, SearchOptions{History: history, Limits: Limits{Depth: depth}})
	if err != nil {
		t.Fatal(err)
	}
	if res.Score != 0 || p.Path(res.Move).Format(hexdame.Algebraic) != "i9-h9" {
		t.Errorf("with the history: %v %v, want i9-h9 and a draw", res.Move, res.Score)
	}
	// Without the history, no draw is in sight for Red at once.
	e.Clear()
	res, err = e.Search(context.Background(), p, SearchOptions{Limits: Limits{Depth: 1}})
	if err != nil {
		t.Fatal(err)
	}
	if res.Score >= 0 {
		t.Errorf("without the history: %v", res.Score)
	}
}

// cycle returns the positions after the first three of the four moves
// from p, which lead back to p.
func cycle(t *testing.T, p hexdame.Position, moves ...string) (x, a, b hexdame.Position) {
	t.Helper()
	var after []hexdame.Position
	q := p
	for _, m := range moves {
		q = q.PlayUnchecked(q.MustParseMove(m))
		after = append(after, q)
	}
	if len(after) != 4 || after[3] != p {
		t.Fatalf("%v does not come back to %v", moves, p)
	}
	return after[0], after[1], after[2]
}

// reversiblePlies counts the king moves without capture at the end of
// the history, and only moves: positions in a row that no legal move
// links end the count, even when their material is the same.
func TestReversiblePlies(t *testing.T) {
	play := func(q hexdame.Position, m string) hexdame.Position { return q.PlayUnchecked(q.MustParseMove(m)) }
	p := hexdame.MustParseFEN("W:WKa1,Kb1,c2:BKi9")
	a := play(p, "a1-a2") // reversible
	b := play(a, "i9-h9") // reversible
	c := play(b, "c2-c3") // a man's move
	d := play(c, "h9-i9") // reversible
	e := play(d, "a2-a1") // reversible
	swapped := hexdame.MustParseFEN("B:WKa1,Kb1,c2:BKi9").WithPiece(hexdame.MustParseCell("a1"), hexdame.NoPiece).
		WithPiece(hexdame.MustParseCell("e3"), hexdame.WhiteKing) // a's material, but no move of p leads to it
	capture := hexdame.MustParseFEN("W:WKa1:Bc3,i9")
	afterCapture := play(capture, "a1xe5")
	for _, tc := range []struct {
		name    string
		history []hexdame.Position
		p       hexdame.Position
		want    int
	}{
		{"no history", nil, p, 0},
		{"one king move", []hexdame.Position{p}, a, 1},
		{"two king moves", []hexdame.Position{p, a}, b, 2},
		{"a man's move", []hexdame.Position{p, a, b}, c, 0},
		{"king moves after a man's move", []hexdame.Position{p, a, b, c, d}, e, 2},
		{"positions no move links", []hexdame.Position{p}, swapped, 0},
		{"the same position twice", []hexdame.Position{p}, p, 0},
		{"a king's capture", []hexdame.Position{capture}, afterCapture, 0},
		{"a gap in the history", []hexdame.Position{p, b}, c, 0},
	} {
		if got := reversiblePlies(tc.history, tc.p); got != tc.want {
			t.Errorf("%s: %d, want %d", tc.name, got, tc.want)
		}
	}
}

// MultiPV gives that many lines, best first, each its own first move.
func TestSearchMultiPV(t *testing.T) {
	var e Engine
	p := hexdame.StartPosition()
	res, err := e.Search(context.Background(), p, SearchOptions{MultiPV: 4, Limits: Limits{Depth: 5}})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Lines) != 4 || res.Lines[0].Move != res.Move {
		t.Fatalf("lines %+v", res.Lines)
	}
	seen := map[hexdame.Move]bool{}
	for i, l := range res.Lines {
		if seen[l.Move] || l.PV[0] != l.Move || i > 0 && l.Score > res.Lines[i-1].Score {
			t.Errorf("line %d: %+v", i, l)
		}
		seen[l.Move] = true
	}
	// More lines than moves gives every move.
	q := hexdame.MustParseFEN("W:Wa1,b1:Ba3")
	res, err = e.Search(context.Background(), q, SearchOptions{MultiPV: 50, Limits: Limits{Depth: 3}})
	if err != nil || len(res.Lines) != q.CountLegalMoves() {
		t.Errorf("%d lines for %d moves, %v", len(res.Lines), q.CountLegalMoves(), err)
	}
}

// Progress is called after each depth, in order.
func TestSearchProgress(t *testing.T) {
	var e Engine
	var depths []int
	res, err := e.Search(context.Background(), hexdame.StartPosition(), SearchOptions{Limits: Limits{Depth: 6},
		Progress: func(r Analysis) { depths = append(depths, r.Depth) }})
	if err != nil {
		t.Fatal(err)
	}
	if len(depths) != 6 || depths[5] != 6 || res.Depth != 6 {
		t.Errorf("progress at %v, result depth %d", depths, res.Depth)
	}
}

// SearchSeq yields every completed depth, as Progress sees it, then the
// search's result, the one Search gives; an error once.
func TestSearchSeq(t *testing.T) {
	p := hexdame.MustParseFEN("W:Wa1,a2,a3,b1,b2,b4,c1,c2,c4,d1,d3,e3,e4,f4:Bf6,f8,g6,g7,g8,h6,h7,h8,h9,i6,i7,i9,e7,d6")
	opts := SearchOptions{Limits: Limits{Depth: 5}}
	var seen []Analysis
	e1, _ := New(Options{HashMiB: 4, Seed: 1})
	var fromProgress []int
	opts.Progress = func(r Analysis) { fromProgress = append(fromProgress, r.Depth) }
	for r, err := range e1.SearchSeq(context.Background(), p, opts) {
		if err != nil {
			t.Fatal(err)
		}
		seen = append(seen, r)
	}
	e2, _ := New(Options{HashMiB: 4, Seed: 1})
	opts.Progress = nil
	want, err := e2.Search(context.Background(), p, opts)
	if err != nil {
		t.Fatal(err)
	}
	if len(seen) != 6 || len(fromProgress) != 5 {
		t.Fatalf("%d results yielded (%d reported by Progress), want 5 depths and the result", len(seen), len(fromProgress))
	}
	for i, r := range seen[:5] {
		if r.Depth != i+1 || fromProgress[i] != i+1 {
			t.Errorf("result %d at depth %d (Progress: %d)", i, r.Depth, fromProgress[i])
		}
	}
	last := seen[5]
	if last.Depth != 5 || last.Move != want.Move || last.Score != want.Score || last.Nodes < seen[4].Nodes {
		t.Errorf("last result: depth %d, %v %v, %d nodes; Search gives depth %d, %v %v", last.Depth, last.Move, last.Score, last.Nodes, want.Depth, want.Move, want.Score)
	}

	n := 0
	for r, err := range e1.SearchSeq(context.Background(), hexdame.MustParseFEN("W:W:Bi9"), SearchOptions{}) {
		n++
		if !errors.Is(err, hexdame.ErrGameOver) || r.Depth != 0 {
			t.Errorf("no moves: %v, depth %d", err, r.Depth)
		}
	}
	if n != 1 {
		t.Errorf("the error was yielded %d times", n)
	}
}

// Breaking out of SearchSeq's loop stops a search without limits at once:
// the loop ends, no goroutine is left, and the engine is free for the
// next search. (Without the stop the search would run until the
// context's minute is up.)
func TestSearchSeqBreak(t *testing.T) {
	p := hexdame.MustParseFEN("W:Wa1,a2,a3,b1,b2,b4,c1,c2,c4,d1,d3,e3,e4,f4:Bf6,f8,g6,g7,g8,h6,h7,h8,h9,i6,i7,i9,e7,d6")
	for _, threads := range []int{1, 3} {
		e, err := New(Options{HashMiB: 4, Threads: threads})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := e.Search(context.Background(), p, SearchOptions{Limits: Limits{Depth: 1}}); err != nil {
			t.Fatal(err) // the helpers' first search, so that they exist before counting
		}
		before := runtime.NumGoroutine()
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		depth := 0
		for r, err := range e.SearchSeq(ctx, p, SearchOptions{}) {
			if err != nil {
				t.Fatal(err)
			}
			if depth = r.Depth; depth == 3 {
				break
			}
		}
		if ctx.Err() != nil || depth != 3 {
			t.Fatalf("threads %d: the loop ended at depth %d, context %v", threads, depth, ctx.Err())
		}
		cancel()
		// Goroutines that ended may take a moment to be counted out.
		for i := 0; runtime.NumGoroutine() > before; i++ {
			if i == 500 {
				t.Fatalf("threads %d: %d goroutines after the break, %d before", threads, runtime.NumGoroutine(), before)
			}
			time.Sleep(10 * time.Millisecond)
		}
		if res, err := e.Search(context.Background(), p, SearchOptions{Limits: Limits{Depth: 2}}); err != nil || res.Depth != 2 {
			t.Fatalf("threads %d: the next search: depth %d, %v", threads, res.Depth, err)
		}
	}
}

// With helper threads the main thread still completes and reports every
// depth in order, and the result is its last one: a legal line, also with
// MultiPV and with a helper a depth ahead (the third thread).
func TestSearchThreadsProgress(t *testing.T) {
	p := hexdame.MustParseFEN("W:Wa1,a2,a3,b1,b2,b4,c1,c2,c4,d1,d3,e3,e4,f4:Bf6,f8,g6,g7,g8,h6,h7,h8,h9,i6,i7,i9,e7,d6")
	for _, threads := range []int{2, 3} {
		for _, multiPV := range []int{1, 3} {
			e, err := New(Options{HashMiB: 4, Threads: threads})
			if err != nil {
				t.Fatal(err)
			}
			var reports []Analysis
			res, err := e.Search(context.Background(), p, SearchOptions{Limits: Limits{Depth: 9}, MultiPV: multiPV,
				Progress: func(r Analysis) { reports = append(reports, r) }})
			if err != nil {
				t.Fatal(err)
			}
			for i, r := range reports {
				if r.Depth != i+1 {
					t.Fatalf("threads %d, MultiPV %d: report %d at depth %d", threads, multiPV, i, r.Depth)
				}
			}
			if len(reports) != 9 || res.Depth != 9 || res.Move != reports[8].Move || len(res.Lines) != multiPV {
				t.Fatalf("threads %d, MultiPV %d: %d reports, result depth %d, %d lines", threads, multiPV, len(reports), res.Depth, len(res.Lines))
			}
			for _, l := range res.Lines {
				q := p
				for _, m := range l.PV {
					if q, err = q.Play(m); err != nil {
						t.Fatalf("threads %d, MultiPV %d: %v in %v", threads, multiPV, err, l.PV)
					}
				}
			}
		}
	}
}

// Cancelling a search's context after the search has returned, or its
// timer firing late, does not stop the engine's next search: each search
// stops only through its own limits. (The stale cancellations here come
// while the next search runs.)
func TestSearchStaleCancel(t *testing.T) {
	p := hexdame.MustParseFEN("W:Wa1,a2,a3,b1,b2,b4,c1,c2,c4,d1,d3,e3,e4,f4:Bf6,f8,g6,g7,g8,h6,h7,h8,h9,i6,i7,i9,e7,d6")
	for _, threads := range []int{1, 2} {
		e, err := New(Options{HashMiB: 4, Threads: threads})
		if err != nil {
			t.Fatal(err)
		}
		for i := range 200 {
			// The first search's timer and context end it at about the
			// same time: the search may see either first and return
			// while the other's callback is still to run.
			ctx, cancel := context.WithTimeout(context.Background(), time.Millisecond)
			if _, err := e.Search(ctx, p, SearchOptions{Limits: Limits{MoveTime: time.Millisecond}}); err != nil {
				t.Fatal(err)
			}
			cancel()
			res, err := e.Search(context.Background(), p, SearchOptions{Limits: Limits{Depth: 7}})
			if err != nil {
				t.Fatal(err)
			}
			if res.Depth != 7 {
				t.Fatalf("threads %d, round %d: the search stopped at depth %d", threads, i, res.Depth)
			}
		}
	}
}

// A node limit, a move time and a canceled context end the search with
// a legal move. The bounds on time are wide, for a busy machine: a search
// that ignored its limit would not end.
func TestSearchLimits(t *testing.T) {
	var e Engine
	p := hexdame.MustParseFEN("W:Wa1,a2,a3,b1,b2,b4,c1,c2,c4,d1,d3,e3,e4,f4:Bf6,f8,g6,g7,g8,h6,h7,h8,h9,i6,i7,i9,e7,d6")
	res, err := e.Search(context.Background(), p, SearchOptions{Limits: Limits{Nodes: 5000}})
	if err != nil || !p.IsLegal(res.Move) || res.Nodes > 5000+1100 {
		t.Errorf("nodes 5000: %v nodes, %v", res.Nodes, err)
	}
	res, err = e.Search(context.Background(), p, SearchOptions{Limits: Limits{MoveTime: 50 * time.Millisecond}})
	if err != nil || !p.IsLegal(res.Move) || res.Time > 20*time.Second {
		t.Errorf("move time 50 ms: %v, %v", res.Time, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err = e.Search(ctx, p, SearchOptions{})
	if err != nil || !p.IsLegal(res.Move) {
		t.Errorf("canceled: %v, %v", res.Move, err)
	}
	// An analysis canceled after its third depth gives the result of the
	// depths it completed.
	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	res, err = e.Search(ctx, p, SearchOptions{Progress: func(r Analysis) {
		if r.Depth == 3 {
			cancel()
		}
	}})
	if err != nil || !p.IsLegal(res.Move) || res.Depth < 3 {
		t.Errorf("infinite, canceled after depth 3: %+v, %v", res, err)
	}
	// A clock of 2 s: the search spends a part of it (about 0.3 s at most
	// here), and never all.
	res, err = e.Search(context.Background(), p, SearchOptions{Limits: Limits{Clock: 2 * time.Second, Increment: 20 * time.Millisecond}})
	if err != nil || !p.IsLegal(res.Move) || res.Time >= 2*time.Second {
		t.Errorf("clock 2 s: %v, %v", res.Time, err)
	}
}

// Engines side by side do not interfere, and one engine serves several
// goroutines, one search at a time; with -race this is the race test.
func TestConcurrentEngines(t *testing.T) {
	p := hexdame.MustParseFEN("W:Wa1,a2,a3,b1,b2,b4,c1,c2,c4,d1,d3,e3,e4,f4:Bf6,f8,g6,g7,g8,h6,h7,h8,h9,i6,i7,i9,e7,d6")
	depth := 7
	if testing.Short() {
		depth = 5
	}
	alone, err := New(Options{HashMiB: 4})
	if err != nil {
		t.Fatal(err)
	}
	want, err := alone.Search(context.Background(), p, SearchOptions{Limits: Limits{Depth: depth}})
	if err != nil {
		t.Fatal(err)
	}
	shared, err := New(Options{HashMiB: 4, Threads: 2})
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	results := make([]Analysis, 8)
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			e, _ := New(Options{HashMiB: 4, Threads: 1 + i%2})
			if i%4 == 3 {
				e = shared
			}
			res, err := e.Search(context.Background(), p, SearchOptions{Limits: Limits{Depth: depth}})
			if err != nil {
				t.Error(err)
			}
			results[i] = res
		}()
	}
	wg.Wait()
	for i, r := range results {
		if !p.IsLegal(r.Move) || r.Depth != depth {
			t.Errorf("engine %d: %+v", i, r)
		}
		// One thread and a fresh table: the same search as alone.
		if i%2 == 0 && i%4 != 3 && (r.Move != want.Move || r.Score != want.Score || r.Nodes != want.Nodes) {
			t.Errorf("engine %d: %v %v %d nodes, alone %v %v %d", i, r.Move, r.Score, r.Nodes, want.Move, want.Score, want.Nodes)
		}
	}
}

// Once the table exists, a search allocates only for its result: the
// same few allocations at depth 4 and at depth 8, whatever the nodes.
func TestSearchAllocations(t *testing.T) {
	if testing.Short() {
		t.Skip("searches to depth 8")
	}
	e, err := New(Options{HashMiB: 16})
	if err != nil {
		t.Fatal(err)
	}
	p := hexdame.MustParseFEN("W:Wa1,a2,a3,b1,b2,b4,c1,c2,c4,d1,d3,e3,e4,f4:Bf6,f8,g6,g7,g8,h6,h7,h8,h9,i6,i7,i9,e7,d6")
	search := func(depth int) float64 {
		return testing.AllocsPerRun(3, func() {
			_, _ = e.Search(context.Background(), p, SearchOptions{Limits: Limits{Depth: depth}})
		})
	}
	search(8) // the first search grows the move buffers
	a4, a8 := search(4), search(8)
	t.Logf("allocations per search: %v at depth 4, %v at depth 8", a4, a8)
	if a8 > a4+16 || a8 > 100 {
		t.Errorf("allocations: %v at depth 4, %v at depth 8", a4, a8)
	}
}

// The endgame tables' values are taken as exact: a table that calls every
// position of four pieces or fewer a loss in 4 for the side to move makes
// the move that leads to one a win in 5.
func TestSearchEndgame(t *testing.T) {
	calls := 0
	var mu sync.Mutex
	e, err := New(Options{HashMiB: 1, EndgamePieces: 4, Endgame: func(p hexdame.Position) (int, int, bool) {
		mu.Lock()
		calls++
		mu.Unlock()
		return -1, 4, true
	}})
	if err != nil {
		t.Fatal(err)
	}
	// White must take a man, and leaves four pieces.
	p := hexdame.MustParseFEN("W:Wc3,a1:Bd4,i9,h9")
	res, err := e.Search(context.Background(), p, SearchOptions{Limits: Limits{Depth: 4}})
	if err != nil {
		t.Fatal(err)
	}
	if res.Score.String() != "win 5" || calls == 0 {
		t.Errorf("score %v after %d probes, want win 5", res.Score, calls)
	}
	if _, err := New(Options{EndgamePieces: -1}); !errors.Is(err, ErrInvalidOptions) {
		t.Errorf("EndgamePieces -1: %v", err)
	}
}

// A lower level chooses among every move but reports the lines asked for,
// the chosen one first.
func TestLevelLines(t *testing.T) {
	e, err := New(Options{Level: 1, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []int{0, 1, 3} {
		res, err := e.Search(context.Background(), hexdame.StartPosition(), SearchOptions{MultiPV: k, Limits: Limits{Depth: 3}})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Lines) != max(1, k) || res.Lines[0].Move != res.Move {
			t.Errorf("MultiPV %d: %d lines, first %v, move %v", k, len(res.Lines), res.Lines[0].Move, res.Move)
		}
	}
}

// A time limit that leaves no time (a clock of a few nanoseconds, a clock
// with only its increment, a negative time) is a limit: the search answers
// at once, where it used to read it as no limit and search without end.
func TestSearchNoTimeLeft(t *testing.T) {
	var e Engine
	p := hexdame.StartPosition()
	for _, lim := range []Limits{
		{Clock: 10 * time.Nanosecond},
		{Clock: time.Nanosecond, MovesToGo: 1},
		{Increment: time.Second},
		{Clock: -time.Second},
		{MoveTime: -time.Millisecond},
		{Clock: -time.Second, Depth: 200},
	} {
		// The context only ends a test that fails: the search must end
		// on its own, long before.
		ctx, cancel := context.WithTimeout(context.Background(), 40*time.Second)
		start := time.Now()
		res, err := e.Search(ctx, p, SearchOptions{Limits: lim})
		elapsed := time.Since(start)
		cancel()
		if err != nil || !p.IsLegal(res.Move) || elapsed > 30*time.Second {
			t.Errorf("%+v: %v after %v, %v", lim, res.Move, elapsed, err)
		}
	}
}

// A negative depth or node count is the least limit, as in package hub:
// depth 1, one node. Infinite searches until the context ends, whatever
// the other limits say.
func TestSearchLeastAndInfiniteLimits(t *testing.T) {
	var e Engine
	p := hexdame.StartPosition()
	for _, lim := range []Limits{{Depth: -1}, {Depth: -1 << 40}, {Nodes: -5}, {Depth: 30, Nodes: -1}} {
		// The context only ends a test that fails.
		ctx, cancel := context.WithTimeout(context.Background(), 40*time.Second)
		res, err := e.Search(ctx, p, SearchOptions{Limits: lim})
		late := ctx.Err()
		cancel()
		if err != nil || !p.IsLegal(res.Move) || res.Depth > 1 || late != nil {
			t.Errorf("%+v: depth %d, %v, %v", lim, res.Depth, res.Move, err)
		}
	}
	// Infinite with a depth of 1: the search runs on until canceled.
	ctx, cancel := context.WithCancel(context.Background())
	var depths atomic.Int32
	done := make(chan Analysis)
	go func() {
		res, _ := e.Search(ctx, p, SearchOptions{Limits: Limits{Infinite: true, Depth: 1, Nodes: 1}, Progress: func(r Analysis) { depths.Store(int32(r.Depth)) }})
		done <- res
	}()
	for depths.Load() < 3 {
		select {
		case res := <-done:
			t.Fatalf("Infinite ended by itself at depth %d", res.Depth)
		case <-time.After(time.Millisecond):
		}
	}
	cancel()
	if res := <-done; res.Depth < 3 {
		t.Errorf("Infinite: depth %d", res.Depth)
	}
}
