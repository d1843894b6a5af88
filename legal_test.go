package hexdame

import (
	"errors"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// Tests of legal.go: a position's legal moves against the two reference
// generators (oracle_refboard_test.go, oracle_plainboard_test.go), the
// properties of every generated move, moves made elsewhere refused, and
// the hot paths without allocation.

func TestPropertyMatchesReference(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := anyPosition().Draw(t, "position")
		want := refMoves(refFromPosition(p), p.SideToMove())
		if diff := cmp.Diff(want, refStrings(p.LegalMoves())); diff != "" {
			t.Fatalf("%s: moves differ from the reference (-ref +got):\n%s", p.String(), diff)
		}
		if got := p.CountLegalMoves(); got != len(want) {
			t.Fatalf("%s: CountLegalMoves = %d, want %d", p.String(), got, len(want))
		}
	})
}

func TestPropertyMoves(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := anyPosition().Draw(t, "position")
		before := p
		moves := p.LegalMoves()
		us, them := p.SideToMove(), p.SideToMove().Opponent()
		usMen, usKings := count(p, us)
		anyCapture := false
		for _, m := range moves {
			anyCapture = anyCapture || m.IsCapture()
		}
		for _, m := range moves {
			if anyCapture && !m.IsCapture() {
				t.Fatalf("%s: non-capture %v offered while a capture exists", p.String(), m)
			}
			if m.Captured().Len() != moves[0].Captured().Len() {
				t.Fatalf("%s: captures of different lengths: %v and %v", p.String(), moves[0], m)
			}
			q, err := p.Play(m)
			if err != nil {
				t.Fatalf("%s: generated move %v does not play: %v", p.String(), m, err)
			}
			if q.SideToMove() != them {
				t.Fatalf("side to move not switched")
			}
			if p.PlayUnchecked(m) != q {
				t.Fatalf("%s %v: PlayUnchecked differs from Play", p.String(), m)
			}
			// The mover keeps its number of pieces.
			men, kings := count(q, us)
			if men+kings != usMen+usKings {
				t.Fatalf("%s %v: mover had %d pieces, now %d", p.String(), m, usMen+usKings, men+kings)
			}
			// Exactly the captured pieces disappear; nothing else changes
			// but the start and end cells.
			for c := Cell(1); c <= NumCells; c++ {
				switch {
				case c == m.To():
					want := p.Piece(m.From())
					if crowns(p, m) {
						want = MakePiece(us, true)
					}
					if q.Piece(c) != want {
						t.Fatalf("%s %v: end cell holds %v, want %v", p.String(), m, q.Piece(c), want)
					}
				case m.Captured().Has(c):
					if x := p.Piece(c); !(x.Color() != NoColor) || x.Color() != them || q.Piece(c) != NoPiece {
						t.Fatalf("%s %v: captured cell %v was %v, is %v", p.String(), m, c, x, q.Piece(c))
					}
				case c == m.From():
					if q.Piece(c) != NoPiece {
						t.Fatalf("%s %v: start cell not emptied", p.String(), m)
					}
				default:
					if q.Piece(c) != p.Piece(c) {
						t.Fatalf("%s %v: cell %v changed", p.String(), m, c)
					}
				}
			}
			// Men never step backwards; a man is crowned iff it ends on
			// its back row.
			mover := p.Piece(m.From())
			if !mover.IsKing() {
				onBackRow := backRow[us]&bit(m.To()) != 0
				if crowns(p, m) != onBackRow {
					t.Fatalf("%s %v: crowns %v, ends on back row %v", p.String(), m, crowns(p, m), onBackRow)
				}
				if !m.IsCapture() {
					d := lineDir[m.From()][m.To()]
					if d >= NumDirections || !p.forward(d) || neighbor[m.From()][d] != m.To() {
						t.Fatalf("%s %v: man does not step forward", p.String(), m)
					}
				}
			} else if crowns(p, m) {
				t.Fatalf("%s %v: a king promotes", p.String(), m)
			}
		}
		if p != before {
			t.Fatalf("position changed by generating and playing moves")
		}
	})
}

// HasCapture agrees with the moves: it is true exactly when the legal
// moves are captures.
func TestPropertyHasCapture(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := anyPosition().Draw(t, "position")
		moves := p.LegalMoves()
		want := len(moves) > 0 && moves[0].IsCapture()
		if got := p.HasCapture(); got != want {
			t.Fatalf("%s: HasCapture = %v, want %v (moves %v)", p.String(), got, want, moves)
		}
	})
}

// CountLegalMovesAfter counts the legal moves of the position a move
// leads to, as PlayUnchecked and CountLegalMoves do, for legal moves and
// for moves PlayUnchecked refuses.
func TestPropertyCountLegalMovesAfter(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := anyPosition().Draw(t, "position")
		moves := p.LegalMoves()
		moves = append(moves, Move{}, MakeMove(MustParseCell("a1"), MustParseCell("e5"), 0))
		for _, m := range moves {
			if got, want := p.CountLegalMovesAfter(m), p.PlayUnchecked(m).CountLegalMoves(); got != want {
				t.Fatalf("%v: CountLegalMovesAfter(%v) = %d, want %d", p, m, got, want)
			}
		}
	})
}

func TestIsLegalRejects(t *testing.T) {
	p := StartPosition()
	legal := p.LegalMoves()
	other := MustParseFEN("W:WKe5:Bg7").LegalMoves()
	for _, m := range append(other, Move{}, Move{from: 200, to: 3}) {
		if slices.Contains(legal, m) {
			continue
		}
		if p.IsLegal(m) {
			t.Errorf("IsLegal(%v) = true in the start position", m)
		}
		if _, err := p.Play(m); err == nil {
			t.Errorf("Play(%v) succeeded in the start position", m)
		}
	}
}

// Play and IsLegal check a Move made elsewhere (from JSON, another
// position) against the rules, not only against the generator's output.
func TestRulesForeignMovesAreIllegal(t *testing.T) {
	moveIn := func(fen, text string) Move { return MustParseFEN(fen).MustParseMove(text) }
	tests := []struct {
		name, fen string
		m         Move
	}{
		{"a quiet move onto an occupied cell", "W:Wc3,d4:Bi9", moveIn("W:Wc3:Bi9", "c3-d4")},
		{"a quiet move while a capture is compulsory", "W:Wc3,e5:Bf6", moveIn("W:Wc3:Bi9", "c3-c4")},
		{"a man stepping backwards", "W:Wd4:Bi9", moveIn("B:Wa1:Bd4", "d4-c3")},
		{"a king sliding through a piece", "W:WKa1,c3:Bi9", moveIn("W:WKa1:Bi9", "a1-e5")},
		{"a king sliding through an enemy piece", "W:WKa1:Bc3,i9,h9", moveIn("W:WKa1:Bi9", "a1-e5")},
		{"a move from an empty cell", "W:Wd3:Bi9", moveIn("W:Wc3:Bi9", "c3-c4")},
		{"a move of the other side's piece", "W:Wa1:Bc3", moveIn("W:Wc3:Ba1", "c3-c4")},
		{"a king's slide made by a man", "W:Wc3:Bi9", moveIn("W:WKc3:Bi9", "c3-c5")},
		{"a king's backward slide made by a man", "W:Wc3:Bi9", moveIn("W:WKc3:Bi9", "c3-c2")},
		{"a promotion that does not reach the back row", "W:Wd7:Bi9", moveIn("W:Wd8:Bi9", "d8-e9")},
		{"a capture of a piece that is not there", "W:Wc3:Bi9,e3", moveIn("W:Wc3:Bd3", "c3xe3")},
		{"a shorter capture than the longest", "W:Wc3:Bd3,f3,f5", moveIn("W:Wc3:Bd3", "c3xe3")},
		{"the zero Move", "W:Wa1:Bi9", Move{}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := MustParseFEN(tc.fen)
			if p.IsLegal(tc.m) {
				t.Errorf("IsLegal(%v) = true in %s", tc.m, tc.fen)
			}
			q, err := p.Play(tc.m)
			if !errors.Is(err, ErrIllegalMove) || q != p {
				t.Errorf("Play(%v) in %s = %s, %v", tc.m, tc.fen, q.String(), err)
			}
			if slices.Contains(p.LegalMoves(), tc.m) {
				t.Errorf("%v is among the legal moves of %s", tc.m, tc.fen)
			}
		})
	}
}

// movesFrom returns the legal moves of the piece on c.
func movesFrom(p Position, c Cell) []Move {
	var out []Move
	for _, m := range p.LegalMoves() {
		if m.From() == c {
			out = append(out, m)
		}
	}
	return out
}

func TestMovesFromHelper(t *testing.T) {
	p := MustParseFEN("W:Wc3,e5,Ka1:Bf6,d3")
	for _, tc := range []struct {
		cell string
		want []string
	}{
		{"e5", []string{"e5xg7"}},
		{"c3", []string{"c3xe3"}},
		{"a1", []string{}},
		{"f6", []string{}},
		{"e1", []string{}},
	} {
		var got []string
		for _, m := range movesFrom(p, MustParseCell(tc.cell)) {
			got = append(got, p.Path(m).Format(Algebraic))
		}
		if strings.Join(got, " ") != strings.Join(tc.want, " ") {
			t.Errorf("movesFrom(%s) = %v, want %v", tc.cell, got, tc.want)
		}
	}
	if got := movesFrom(p, NoCell); len(got) != 0 {
		t.Errorf("movesFrom(NoCell) = %v", got)
	}
}

// TestPerftMatchesReference counts perft with the plain reference rules
// and compares it with Perft. The start position goes deeper: depth 4 in
// the default run, and with HEXDAME_LONG depth 5 (848,774 leaves, 13 s of
// processor time for the reference).
func TestPerftMatchesReference(t *testing.T) {
	depth, start := 3, 4
	switch {
	case os.Getenv("HEXDAME_LONG") != "":
		start = 5
	case testing.Short():
		depth, start = 2, 2
	}
	for _, nf := range benchmarkFENs(t) {
		p := MustParseFEN(nf.fen)
		d := depth
		if nf.name == "start" {
			d = start
		}
		want := refPerft(refFromPosition(p), p.SideToMove(), d)
		if got := perftPlain(p, d); got != want {
			t.Errorf("%s: Perft(%d) = %d, reference %d", nf.name, d, got, want)
		}
	}
}

// manyPiecesPosition draws positions crowded with men and kings of both
// sides: where king captures branch most, and bitboard code hides its
// bugs.
func manyPiecesPosition(rng *rand.Rand) Position {
	var p Position
	for range 14 + rng.IntN(20) {
		x := Piece(1 + rng.IntN(4))
		if rng.IntN(2) == 0 {
			x = MakePiece(Color(rng.IntN(2)), true)
		}
		p = p.put(Cell(1+rng.IntN(NumCells)), x) // a1 to i9
	}
	return p.WithSideToMove(Color(rng.IntN(2)))
}

// TestPerftMatchesReferenceCrowded counts perft with the reference rules
// on crowded random positions, in -short mode too.
func TestPerftMatchesReferenceCrowded(t *testing.T) {
	rng := rand.New(rand.NewPCG(2026, 8))
	positions, depth := 40, 3
	if testing.Short() {
		positions, depth = 30, 2
	}
	for range positions {
		p := manyPiecesPosition(rng)
		want := refPerft(refFromPosition(p), p.SideToMove(), depth)
		if got := perftPlain(p, depth); got != want {
			t.Errorf("%s: Perft(%d) = %d, reference %d", p.String(), depth, got, want)
		}
		if diff := cmp.Diff(refMoves(refFromPosition(p), p.SideToMove()), refStrings(p.LegalMoves())); diff != "" {
			t.Errorf("%s: moves (-reference +got):\n%s", p.String(), diff)
		}
	}
}

func TestPlainBoardMatches(t *testing.T) {
	for _, nf := range benchmarkFENs(t) {
		p := MustParseFEN(nf.fen)
		for depth := 1; depth <= 3; depth++ {
			if got, want := plainPerft(p, depth), perftPlain(p, depth); got != want {
				t.Errorf("%s: plain perft(%d) = %d, package %d", nf.name, depth, got, want)
			}
		}
	}
}

// The hot paths that engines and game servers call for every move do not
// allocate: Play and IsLegal check a move against the legal moves in a
// buffer on their own stack, and AppendLegalMoves and CountLegalMoves use
// only the caller's buffer. Captures are the case to watch: the capture
// search recurses, and a change to it can make the compiler move the
// buffer to the heap without any other test noticing. The bound is none:
// they have allocated nothing since the buffers were kept on the
// caller's stack (dd9c3fa, 2026-11-22).
func TestHotPathsDoNotAllocate(t *testing.T) {
	for _, tc := range []struct{ name, fen, move string }{
		{"man step", StartPosition().String(), "d4-e5"},
		{"king slide", "W:WKe5:Ba5,i5", "e5-e9"},
		{"man capture", "W:Wc3:Bd4,f6", "c3xg7"},
		{"five-piece king capture", "W:WKe1:Ba2,a3,c7,d7,e6,g5,c4,h7", ""},
		{"king capture with turns", "W:WKa1,Kc3,Kd2,e4:BKi9,Kg7,Kh8,f6", ""},
	} {
		p := MustParseFEN(tc.fen)
		m := p.LegalMoves()[0]
		if tc.move != "" {
			m = p.MustParseMove(tc.move)
		}
		buf := make([]Move, 0, 256)
		for _, f := range []struct {
			name string
			run  func()
		}{
			{"Play", func() { _, _ = p.Play(m) }},
			{"IsLegal", func() { _ = p.IsLegal(m) }},
			{"PlayUnchecked", func() { _ = p.PlayUnchecked(m) }},
			{"AppendLegalMoves", func() { buf = p.AppendLegalMoves(buf[:0]) }},
			{"CountLegalMoves", func() { _ = p.CountLegalMoves() }},
		} {
			if n := testing.AllocsPerRun(50, f.run); n != 0 {
				t.Errorf("%s: %s(%v) makes %v allocations", tc.name, f.name, m, n)
			}
		}
	}
}

func BenchmarkLegalMoves(b *testing.B) {
	for _, nf := range benchmarkFENs(b) {
		p := MustParseFEN(nf.fen)
		b.Run(nf.name, func(b *testing.B) {
			b.ReportAllocs()
			buf := make([]Move, 0, 256)
			for b.Loop() {
				buf = p.AppendLegalMoves(buf[:0])
			}
		})
	}
}

func BenchmarkPlay(b *testing.B) {
	start := StartPosition()
	king := MustParseFEN("W:WKe1:Ba2,a3,c7,d7,e6,g5,c4,h7")
	for _, bc := range []struct {
		name string
		p    Position
		m    Move
	}{
		{"quiet", start, start.MustParseMove("d4-e5")},
		{"capture", king, king.LegalMoves()[0]},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			var q Position
			for b.Loop() {
				q, _ = bc.p.Play(bc.m)
			}
			_ = q
		})
		b.Run(bc.name+"-unchecked", func(b *testing.B) {
			b.ReportAllocs()
			var q Position
			for b.Loop() {
				q = bc.p.PlayUnchecked(bc.m)
			}
			_ = q
		})
	}
}

// BenchmarkVersusPlain counts perft with the package and with the plain
// array-board generator on the same positions, in the same run, and
// reports each one's leaves per second and their ratio.
func BenchmarkVersusPlain(b *testing.B) {
	depths := map[string]int{"start": 6, "middle": 4, "kings": 4, "long-king-capture": 4, "ring": 4, "king-ending": 6}
	for _, nf := range benchmarkFENs(b) {
		depth := depths[nf.name]
		if depth == 0 {
			continue
		}
		if testing.Short() {
			depth = min(depth, 4)
		}
		p := MustParseFEN(nf.fen)
		b.Run(nf.name, func(b *testing.B) {
			var pkg, plain time.Duration
			var n uint64
			for b.Loop() {
				start := time.Now()
				n = perftPlain(p, depth)
				pkg += time.Since(start)
				start = time.Now()
				if m := plainPerft(p, depth); m != n {
					b.Fatalf("plain %d, package %d", m, n)
				}
				plain += time.Since(start)
			}
			leaves := float64(n) * float64(b.N)
			b.ReportMetric(leaves/pkg.Seconds(), "pkg-leaves/s")
			b.ReportMetric(leaves/plain.Seconds(), "plain-leaves/s")
			b.ReportMetric(plain.Seconds()/pkg.Seconds(), "ratio")
			b.ReportMetric(float64(depth), "depth")
		})
	}
}
