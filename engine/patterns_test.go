package engine

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/internal/enginehooks"
	"github.com/hexdame/hexdame/internal/evalweights"
	"pgregory.net/rapid"
)

// patternsOf returns the configurations of p's hexagons the slow way: the
// piece on each cell of each hexagon, by Position.Piece.
func patternsOf(p hexdame.Position) patternIndexes {
	var idx patternIndexes
	for k, cells := range patternCells {
		for j, c := range cells {
			d := uint16(0)
			if x := p.Piece(hexdame.Cell(c)); x != hexdame.NoPiece {
				d = 1 + uint16(x.Color())
			}
			idx[k] += d * pow3(j)
		}
	}
	return idx
}

// The hexagons: 37 around the cells with six neighbors, each cell in
// the hexagons around itself and its inner neighbors, and the
// configurations of a few positions worked out by hand.
func TestPatternIndexes(t *testing.T) {
	n := int32(0)
	for _, slots := range patternSlots() {
		for _, sl := range slots {
			n = max(n, sl)
		}
	}
	if n != numPatternWeights {
		t.Errorf("%d pattern weights, numPatternWeights says %d", n, numPatternWeights)
	}
	e5 := hexdame.MustParseCell("e5")
	for c := 1; c <= hexdame.NumCells; c++ {
		inner := 0
		for d := range hexdame.Direction(hexdame.NumDirections) {
			if n, ok := hexdame.Cell(c).Neighbor(d); ok && cellRing[n] <= 3 {
				inner++
			}
		}
		if cellRing[c] <= 3 {
			inner++
		}
		if int(cellPatternCount[c]) != inner {
			t.Errorf("%v is in %d hexagons, want %d", hexdame.Cell(c), cellPatternCount[c], inner)
		}
	}
	for _, tc := range []struct {
		fen  string
		want map[string]uint16 // by center; the others empty
	}{
		{"W:We5:Ba1", map[string]uint16{"e5": 27, "d4": 729, "e4": 243, "d5": 81, "f5": 9, "e6": 3, "f6": 1, "b2": 2}},
		{"W:Wa1:BKe5", map[string]uint16{"e5": 54, "d4": 1458, "e4": 486, "d5": 162, "f5": 18, "e6": 6, "f6": 2, "b2": 1}},
		// Digits k = 0..6: (-1,-1), (0,-1), (-1,0), (0,0), (1,0), (0,1),
		// (1,1) from the center, worth 1, 3, 9, 27, 81, 243, 729.
		{"B:Wd4,e4,d5,e5,f5,e6,f6:Bi9", map[string]uint16{
			"e5": 1093, "d4": 27 + 81 + 243 + 729, "c3": 729, "d3": 243 + 729, "e3": 243,
			"c4": 81 + 729, "e4": 9 + 27 + 243 + 729, "f4": 9 + 243, "d5": 3 + 27 + 81 + 729,
			"f5": 1 + 9 + 27 + 243, "g5": 9, "c5": 81, "d6": 3 + 81, "e6": 1 + 3 + 27 + 81,
			"e7": 3, "f6": 1 + 3 + 9 + 27, "f7": 1 + 3, "g7": 1, "g6": 1 + 9, "h8": 2 * 729}},
	} {
		p := hexdame.MustParseFEN(tc.fen)
		var idx patternIndexes
		setPatterns(&idx, &p)
		for k, cells := range patternCells {
			center := hexdame.Cell(cells[patternSize/2]).String()
			if idx[k] != tc.want[center] {
				t.Errorf("%s: the hexagon around %s is %d, want %d", tc.fen, center, idx[k], tc.want[center])
			}
		}
		if patternsOf(p) != idx {
			t.Errorf("%s: %v, by the cells %v", tc.fen, idx, patternsOf(p))
		}
	}
	if cellRing[e5] != 0 || len(patternCells) != 37 {
		t.Errorf("e5's ring %d, %d hexagons", cellRing[e5], len(patternCells))
	}
}

// setPatterns, from the bitboards, gives what the cells give, and the
// updates along a game give what setPatterns gives from scratch.
func TestPatternsIncremental(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := anyPosition().Draw(t, "position")
		var idx patternIndexes
		setPatterns(&idx, &p)
		if want := patternsOf(p); idx != want {
			t.Fatalf("%v: setPatterns %v, the cells %v", p, idx, want)
		}
		plies := rapid.IntRange(0, 60).Draw(t, "plies")
		for range plies {
			moves := p.LegalMoves()
			if len(moves) == 0 {
				break
			}
			q := p.PlayUnchecked(moves[rapid.IntRange(0, len(moves)-1).Draw(t, "move")])
			updatePatterns(&idx, &p, &q)
			p = q
			var want patternIndexes
			setPatterns(&want, &p)
			if idx != want {
				t.Fatalf("%v: updated %v, from scratch %v", p, idx, want)
			}
		}
	})
}

// The slots follow the symmetries: a configuration and its mirror image
// share a weight with the same sign, and the half-turned one with the
// colors swapped has the opposite sign.
func TestPatternSlotsSymmetric(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := anyPosition().Draw(t, "position")
		var a, m, s patternIndexes
		setPatterns(&a, &p)
		mp, sp := p.Mirror(), p.SwapColors()
		setPatterns(&m, &mp)
		setPatterns(&s, &sp)
		slots := func(idx *patternIndexes) map[int32]int {
			n := map[int32]int{}
			for k, i := range idx {
				if sl := patternSlots()[k][i]; sl != 0 {
					n[sl]++
				}
			}
			return n
		}
		neg := map[int32]int{}
		for sl, n := range slots(&s) {
			neg[-sl] = n
		}
		want := slots(&a)
		for name, got := range map[string]map[int32]int{"mirror": slots(&m), "colors swapped": neg} {
			if len(got) != len(want) {
				t.Fatalf("%v: the %s's slots %v, want %v", p, name, got, want)
			}
			for sl, n := range want {
				if got[sl] != n {
					t.Fatalf("%v: the %s's slots %v, want %v", p, name, got, want)
				}
			}
		}
	})
}

// randomPatternFile returns a weights file of the engine's layout with
// the tuned linear weights and random pattern weights.
func randomPatternFile(seed uint64) *evalweights.File {
	r := rand.New(rand.NewPCG(seed, 1))
	f := &evalweights.File{Layout: evalLayout(), Linear: enginehooks.Tuned(), Patterns: make([][2]int16, numPatternWeights)}
	for i := range f.Patterns {
		f.Patterns[i] = [2]int16{int16(r.IntN(4001) - 2000), int16(r.IntN(4001) - 2000)}
	}
	return f
}

// The pattern evaluation is symmetric as the rules are, exactly, with any
// weights; with the tuned linear weights and no patterns it is the
// default evaluation; and it is the linear features' sum plus the
// hexagons' values, tapered.
func TestPatternEvaluation(t *testing.T) {
	withPatterns, err := newEvaluation(randomPatternFile(1))
	if err != nil {
		t.Fatal(err)
	}
	embedded, err := embeddedPatterns()
	if err != nil {
		t.Fatal(err)
	}
	linear := randomPatternFile(2)
	linear.Patterns = nil
	plain, err := newEvaluation(linear)
	if err != nil {
		t.Fatal(err)
	}
	eval := func(e *evaluation, p hexdame.Position) int {
		var idx patternIndexes
		setPatterns(&idx, &p)
		v, _ := e.evaluateMoves(&p, &idx)
		return v
	}
	rapid.Check(t, func(t *rapid.T) {
		p := anyPosition().Draw(t, "position")
		for _, e := range []*evaluation{withPatterns, embedded} {
			v := eval(e, p)
			for _, q := range []hexdame.Position{p.SwapColors(), p.Mirror()} {
				if w := eval(e, q); w != v {
					t.Fatalf("%v: %d, but %d for %v", p, v, w, q)
				}
			}
		}
		if a, b := eval(plain, p), defaultEvaluator.evaluate(&p); a != b {
			t.Fatalf("%v: %d without patterns, the default %d", p, a, b)
		}
		// The sum, as the tuner computes it.
		f, pieces := features(&p)
		var mg, eg int64
		for i, n := range f {
			mg += int64(n) * int64(tunedWeights[i].mg) * patternUnit
			eg += int64(n) * int64(tunedWeights[i].eg) * patternUnit
		}
		var idx patternIndexes
		setPatterns(&idx, &p)
		pw := randomPatternFile(1).Patterns
		for k, i := range idx {
			switch sl := patternSlots()[k][i]; {
			case sl > 0:
				mg, eg = mg+int64(pw[sl-1][0]), eg+int64(pw[sl-1][1])
			case sl < 0:
				mg, eg = mg-int64(pw[-sl-1][0]), eg-int64(pw[-sl-1][1])
			}
		}
		want := taperUnits(pack(int32(mg), int32(eg)), pieces, patternUnit)
		wk, rk := p.Kings(hexdame.White).Len(), p.Kings(hexdame.Red).Len()
		if p.Men(hexdame.White)|p.Men(hexdame.Red) == 0 && drawishKings(wk, rk) {
			want /= 8
		}
		if p.SideToMove() == hexdame.Red {
			want = -want
		}
		if got := eval(withPatterns, p); got != want {
			t.Fatalf("%v: %d, the features and hexagons give %d", p, got, want)
		}
	})
}

// A weights file for other features is refused.
func TestPatternFileRefused(t *testing.T) {
	for name, change := range map[string]func(f *evalweights.File){
		"layout":          func(f *evalweights.File) { f.Layout++ },
		"linear weights":  func(f *evalweights.File) { f.Linear = f.Linear[1:] },
		"pattern weights": func(f *evalweights.File) { f.Patterns = f.Patterns[1:] },
	} {
		f := randomPatternFile(3)
		change(f)
		if _, err := newEvaluation(f); !errors.Is(err, errLayout) {
			t.Errorf("%s changed: %v", name, err)
		}
	}
}

// The embedded weights file reads, and a corrupted copy of it does not.
func TestEmbeddedPatterns(t *testing.T) {
	f, err := evalweights.Decode(patternsFile)
	if err != nil {
		t.Fatal(err)
	}
	if f.Layout != evalLayout() || len(f.Linear) != numFeatures || len(f.Patterns) != numPatternWeights {
		t.Fatalf("layout %08x, %d and %d weights; want %08x, %d and %d", f.Layout, len(f.Linear), len(f.Patterns), evalLayout(), numFeatures, numPatternWeights)
	}
	t.Logf("engine/patterns.hxw: %d bytes", len(patternsFile))
	for _, at := range []int{0, 10, evalweights.HeaderSize + 3, len(patternsFile) / 2, len(patternsFile) - 1} {
		c := bytes.Clone(patternsFile)
		c[at] ^= 0x10
		if _, err := evalweights.Decode(c); !errors.Is(err, evalweights.ErrFormat) {
			t.Errorf("byte %d changed: %v", at, err)
		}
	}
}

// A search with the pattern evaluation, the default, searches with it:
// its indexes follow the moves (the pinned score of a search that sees
// many positions), and it allocates nothing per node; the classic one is
// chosen through enginehooks.
func TestPatternSearch(t *testing.T) {
	pe, err := enginehooks.PatternEval()
	if err != nil {
		t.Fatal(err)
	}
	e, err := New(Options{HashMiB: 16})
	if err != nil {
		t.Fatal(err)
	}
	p := hexdame.MustParseFEN("W:Wa1,a2,a3,b1,b2,b4,c1,c2,c4,d1,d3,e3,e4,f4:Bf6,f8,g6,g7,g8,h6,h7,h8,h9,i6,i7,i9,e7,d6")
	search := func(depth int) Analysis {
		res, err := e.Search(context.Background(), p, SearchOptions{Limits: Limits{Depth: depth}})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	*enginehooks.Of(e) = enginehooks.Tuning{Eval: enginehooks.ClassicEval()}
	classic := search(1)
	*enginehooks.Of(e) = enginehooks.Tuning{Eval: pe}
	withPatterns := search(1)
	// At depth 1 the score is the best child's evaluation, or deeper
	// where a capture follows: set up each child by hand.
	best := -infinity
	ev, _ := embeddedPatterns()
	for _, m := range p.LegalMoves() {
		q := p.PlayUnchecked(m)
		if q.HasCapture() {
			continue
		}
		var idx patternIndexes
		setPatterns(&idx, &q)
		v, _ := ev.evaluateMoves(&q, &idx)
		best = max(best, -v)
	}
	if int(withPatterns.Score) < best {
		t.Errorf("depth 1 with patterns: %v, the quiet children's best %d (classic %v)", withPatterns.Score, best, classic.Score)
	}
	if testing.Short() {
		return
	}
	search(8)
	a4 := testing.AllocsPerRun(3, func() { search(4) })
	a8 := testing.AllocsPerRun(3, func() { search(8) })
	if a8 > a4+16 || a8 > 100 {
		t.Errorf("allocations: %v at depth 4, %v at depth 8", a4, a8)
	}
	enginehooks.Of(e).Eval = nil
	if got := search(1); got.Score != withPatterns.Score {
		t.Errorf("the default evaluation: %v, not the patterns' %v", got.Score, withPatterns.Score)
	}
}

// BenchmarkPatterns times setPatterns from scratch, the update of a quiet
// move, and the hexagons' sum.
func BenchmarkPatterns(b *testing.B) {
	p := hexdame.MustParseFEN("W:Wa1,a2,a3,b1,b2,b4,c1,c2,c4,d1,d3,e3,e4,f4:Bf6,f8,g6,g7,g8,h6,h7,h8,h9,i6,i7,i9,e7,d6")
	q := p.PlayUnchecked(p.LegalMoves()[0])
	ev, err := newEvaluation(randomPatternFile(1))
	if err != nil {
		b.Fatal(err)
	}
	var idx patternIndexes
	b.Run("scratch", func(b *testing.B) {
		for b.Loop() {
			setPatterns(&idx, &p)
		}
	})
	b.Run("update", func(b *testing.B) {
		for b.Loop() {
			updatePatterns(&idx, &p, &q)
			updatePatterns(&idx, &q, &p)
		}
	})
	b.Run("evaluate", func(b *testing.B) {
		s := 0
		for b.Loop() {
			v, _ := ev.evaluateMoves(&p, &idx)
			s += v
		}
	})
}
