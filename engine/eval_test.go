package engine

import (
	"context"
	"testing"

	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/internal/enginehooks"
	"pgregory.net/rapid"
)

// playedPosition draws a position reached from the start by random legal
// play.
func playedPosition() *rapid.Generator[hexdame.Position] {
	return rapid.Custom(func(t *rapid.T) hexdame.Position {
		p := hexdame.StartPosition()
		plies := rapid.IntRange(0, 150).Draw(t, "plies")
		for range plies {
			moves := p.LegalMoves()
			if len(moves) == 0 {
				break
			}
			p = p.PlayUnchecked(moves[rapid.IntRange(0, len(moves)-1).Draw(t, "move")])
		}
		return p
	})
}

// randomPosition draws men and kings scattered over the board.
func randomPosition() *rapid.Generator[hexdame.Position] {
	return rapid.Custom(func(t *rapid.T) hexdame.Position {
		var p hexdame.Position
		n := rapid.IntRange(0, 32).Draw(t, "pieces")
		for range n {
			f := rapid.IntRange(0, 8).Draw(t, "file")
			r := rapid.IntRange(max(0, f-4), min(8, f+4)).Draw(t, "rank")
			c, _ := hexdame.CellAt(f, r)
			x := hexdame.Piece(rapid.IntRange(int(hexdame.WhiteMan), int(hexdame.RedKing)).Draw(t, "piece"))
			p = p.WithPiece(c, x)
		}
		return p.WithSideToMove(hexdame.Color(rapid.IntRange(0, 1).Draw(t, "side")))
	})
}

func anyPosition() *rapid.Generator[hexdame.Position] {
	return rapid.OneOf(playedPosition(), randomPosition())
}

// The evaluation is exactly the tapered sum of the weights times the
// features: what the tuner fits is what the search uses.
func TestEvaluateIsFeaturesTimesWeights(t *testing.T) {
	ev := defaultEvaluator
	rapid.Check(t, func(t *rapid.T) {
		p := anyPosition().Draw(t, "position")
		f, pieces := features(&p)
		var s int64
		for i, n := range f {
			s += int64(n) * pack(ev.w[i].mg, ev.w[i].eg)
		}
		want := taper(s, pieces)
		wk, rk := p.Kings(hexdame.White).Len(), p.Kings(hexdame.Red).Len()
		if p.Men(hexdame.White)|p.Men(hexdame.Red) == 0 && drawishKings(wk, rk) {
			want /= 8
		}
		if p.SideToMove() == hexdame.Red {
			want = -want
		}
		if got := ev.evaluate(&p); got != want {
			t.Fatalf("%v: evaluate = %d, features give %d (%v)", p, got, want, f)
		}
	})
}

// The evaluation is symmetric as the rules are: the position with the
// colors swapped, and its mirror image, have the same value for their
// side to move.
func TestEvaluateSymmetric(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := anyPosition().Draw(t, "position")
		for _, q := range []hexdame.Position{p.SwapColors(), p.Mirror()} {
			if a, b := defaultEvaluator.evaluate(&p), defaultEvaluator.evaluate(&q); a != b {
				t.Fatalf("%v: %d, but %d for %v", p, a, b, q)
			}
		}
	})
}

func TestRotate(t *testing.T) {
	for c := 0; c < 64; c++ {
		cell := hexdame.Cell(c)
		if !cell.IsValid() {
			if rotate(1<<c)&allCells != 0 {
				t.Errorf("bit %d, not a cell, rotates to %#x", c, rotate(1<<c))
			}
			continue
		}
		r := rotateCell(c)
		if want, _ := hexdame.CellAt(8-cell.File(), 8-cell.Rank()); hexdame.Cell(r) != want {
			t.Errorf("%v rotates to %v, want %v", cell, hexdame.Cell(r), want)
		}
		if rotate(1<<c) != 1<<r {
			t.Errorf("rotate(%v) = %#x, want bit %d", hexdame.Cell(c), rotate(1<<c), r)
		}
	}
}

// The evaluation of a few positions, pinned: the features' numbering and
// the board's geometry must stay what the weights were tuned for.
func TestEvaluatePinned(t *testing.T) {
	for _, tc := range []struct {
		fen  string
		want int
	}{
		{"W:Wa1,a2,a3,b1,b2,b4,c1,c2,c4,d1,d3,e3,e4,f4:Bd6,e7,f6,f8,g6,g7,g8,h6,h7,h8,h9,i6,i7,i9", 2},
		{"W:Wa5,b4,c2,e3,g4:Bd5,d7,e5,g9,h7,i5,i9", -109},
		{"W:Wa1,a2,a3,a4,b1,b2,b3,b4,c1,c2,c5,d1,d2,d3,e5:Be7,e8,f6,f8,g7,g8,g9,h5,h7,h8,h9,i6,i7,i8,i9", -17},
		{"B:Wa1,a2,a4,b6,c1,c3,d1,d5,e3:Be7,f9,g5,g7,g9,h9,i6,i8,i9", -12},
		{"B:Wa1,a4,b5,c1,c3,c4,e5,f2:Bd6,d7,e7,g4,g6,g7,g9,h5,h9,i6", 94},
		{"W:Wa1,a2,a4,a5,b1,b2,b3,c1,c6,d1,d4,e2:Be6,e9,f7,f8,g7,g9,h4,h8,h9,i6,i7,i9", 30},
		{"W:Wa1,a2,a3,a4,b1,b2,b4,c1,c2,c3,c4,d3,d4,d5,f2:Be9,f6,f7,f8,f9,g5,g7,g8,h7,h8,h9,i6,i7,i8,i9", -31},
		{"B:Wa1,a2,a3,a4,b1,b2,c1,c4,c5,d1,d3,e3:Be7,f6,f9,g7,g8,g9,h5,h9,i6,i7,i8,i9", 31},
		{"W:WKb2,d1,Ke5,Kg3:BKc6,Kf8,Kh6,i9", 38},
	} {
		p := hexdame.MustParseFEN(tc.fen)
		if got := defaultEvaluator.evaluate(&p); got != tc.want {
			t.Errorf("evaluate(%s) = %d, want %d", tc.fen, got, tc.want)
		}
	}
}

func TestFeatureNames(t *testing.T) {
	seen := map[string]bool{}
	for i, n := range featureNames() {
		if n == "" || seen[n] {
			t.Errorf("feature %d: name %q empty or repeated", i, n)
		}
		seen[n] = true
	}
}

func BenchmarkEvaluate(b *testing.B) {
	for _, fen := range []string{
		"W:Wa1,a2,a3,b1,b2,b4,c1,c2,c4,d1,d3,e3,e4,f4:Bf6,f8,g6,g7,g8,h6,h7,h8,h9,i6,i7,i9,e7,d6",
		"W:WKb2,Ke5,Kg3,d1:BKf8,Kh6,Kc6,i9",
	} {
		p := hexdame.MustParseFEN(fen)
		b.Run(fen[:12], func(b *testing.B) {
			b.ReportAllocs()
			s := 0
			for b.Loop() {
				s += defaultEvaluator.evaluate(&p)
			}
		})
	}
}

// step moves each cell of a set one step in a direction, as the rules
// package's Cell.Neighbor moves one cell; bits that are no cell go
// nowhere.
func TestStep(t *testing.T) {
	for d := range hexdame.Direction(hexdame.NumDirections) {
		for c := 0; c < 64; c++ {
			var want uint64
			if n, ok := hexdame.Cell(c).Neighbor(d); ok {
				want = uint64(hexdame.CellSetOf(n))
			}
			if got := step(1<<c, d); got != want {
				t.Errorf("step(bit %d, %v) = %#x, want %#x", c, d, got, want)
			}
		}
	}
}

// ray returns the cells from c to the edge in direction d, nearest first.
func ray(c hexdame.Cell, d hexdame.Direction) []hexdame.Cell {
	var cells []hexdame.Cell
	for n, ok := c.Neighbor(d); ok; n, ok = n.Neighbor(d) {
		cells = append(cells, n)
	}
	return cells
}

// kingReach counts the empty cells along each ray up to the first piece.
func TestKingReach(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		occupied := rapid.Uint64().Draw(t, "occupied") & allCells
		c := rapid.IntRange(1, hexdame.NumCells).Draw(t, "cell")
		want := 0
		for d := range hexdame.Direction(hexdame.NumDirections) {
			for _, x := range ray(hexdame.Cell(c), d) {
				if occupied&(1<<x) != 0 {
					break
				}
				want++
			}
		}
		if got := kingReach(c, occupied); got != want {
			t.Fatalf("kingReach(%v, %#x) = %d, want %d", hexdame.Cell(c), occupied, got, want)
		}
	})
}

func TestDrawishKings(t *testing.T) {
	for _, tc := range []struct {
		w, r int
		want bool
	}{{1, 1, true}, {2, 1, true}, {1, 2, true}, {2, 2, true}, {4, 2, true}, {3, 1, false}, {5, 1, false}, {3, 0, false}, {0, 0, false}} {
		if got := drawishKings(tc.w, tc.r); got != tc.want {
			t.Errorf("drawishKings(%d, %d) = %v", tc.w, tc.r, got)
		}
	}
	// A king more, alone, is not a win.
	p := hexdame.MustParseFEN("W:WKa1,Kb1:BKi9")
	if v := defaultEvaluator.evaluate(&p); v > 100 {
		t.Errorf("two kings against one: %d", v)
	}
}

// The hanging pieces of the side to move, counted cell by cell: an enemy
// piece next to it with the cell beyond empty, or an enemy king whose
// line reaches it over empty cells with the cell beyond empty.
func TestHanging(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := anyPosition().Draw(t, "position")
		stm := p.SideToMove()
		want := 0
		for c := hexdame.Cell(1); c <= hexdame.NumCells; c++ {
			x := p.Piece(c)
			if x == hexdame.NoPiece || x.Color() != stm {
				continue
			}
			hangs := false
			for d := range hexdame.Direction(hexdame.NumDirections) {
				beyond, ok := c.Neighbor((d + 3) % hexdame.NumDirections) // where a piece coming from d lands
				if !ok || p.Piece(beyond) != hexdame.NoPiece {
					continue
				}
				// Walk from c in direction d over empty cells.
				for k, y := range ray(c, d) {
					q := p.Piece(y)
					if q == hexdame.NoPiece {
						continue
					}
					if q.Color() != stm && (k == 0 || q.IsKing()) {
						hangs = true
					}
					break
				}
			}
			if hangs {
				want++
			}
		}
		wm, wk := uint64(p.Men(hexdame.White)), uint64(p.Kings(hexdame.White))
		rm, rk := uint64(p.Men(hexdame.Red)), uint64(p.Kings(hexdame.Red))
		if got := structureOf(wm, wk, rm, rk, stm).hanging[stm]; got != want {
			t.Fatalf("%v: %d hanging, want %d", p, got, want)
		}
	})
}

// evaluateMoves tells whether the side to move, without a capture, has a
// legal move, as HasLegalMoves does.
func TestEvaluateMoves(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := anyPosition().Draw(t, "position")
		if p.HasCapture() {
			t.Skip("a capture")
		}
		v, canMove := defaultEvaluator.evaluateMoves(&p)
		if canMove != (p.CountLegalMoves() > 0) || v != defaultEvaluator.evaluate(&p) {
			t.Fatalf("%v: %d, %v; HasLegalMoves %v", p, v, canMove, p.CountLegalMoves() > 0)
		}
	})
}

// The weights and variant the tools set through enginehooks reach the
// engine's next search, and nil weights bring the tuned ones back.
func TestTuningReachesSearch(t *testing.T) {
	var e Engine
	p := hexdame.MustParseFEN("W:Wa1,b1,e3:Bi9") // White a man ahead, no capture
	search := func() Score {
		res, err := e.Search(context.Background(), p, SearchOptions{Limits: Limits{Depth: 1}})
		if err != nil {
			t.Fatal(err)
		}
		return res.Score
	}
	tuned := search()
	w := enginehooks.Tuned()
	w[fMan] = [2]int32{w[fMan][0] + 300, w[fMan][1] + 300}
	*enginehooks.Of(&e) = enginehooks.Tuning{Weights: w, Variant: 5}
	if got := search(); got < tuned+200 {
		t.Errorf("a man worth 3 more: %v, with the tuned weights %v", got, tuned)
	}
	if v := e.threads[0].variant; v != 5 {
		t.Errorf("the search's variant is %d, not 5", v)
	}
	enginehooks.Of(&e).Weights = nil
	if got := search(); got != tuned {
		t.Errorf("back to the tuned weights: %v, not %v", got, tuned)
	}
}
