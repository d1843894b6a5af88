package hexdame

import (
	"testing"

	"pgregory.net/rapid"
)

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

// HashAfter gives the key of the position after every legal move:
// steps, slides, crownings and captures of men and kings.
func TestPropertyHashAfter(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := anyPosition().Draw(t, "position")
		h := p.Hash()
		for _, m := range p.LegalMoves() {
			if got, want := p.HashAfter(h, m), p.PlayUnchecked(m).Hash(); got != want {
				t.Fatalf("%s: HashAfter(%v) = %#x, want %#x", p.String(), m, got, want)
			}
		}
	})
}

func TestHashAfterCases(t *testing.T) {
	for _, tc := range []struct{ name, fen, move string }{
		{"man step", StartPosition().String(), "d4-e5"},
		{"crowning step", "W:We8:Bi9", "e8-e9"},
		{"crowning capture", "W:Wd7:Be8,a1", "d7xf9"},
		{"king slide", "W:WKe5:Ba5,i5", "e5-e9"},
		{"man takes a king", "W:Wc3:BKd4,f6", "c3xe5xg7"},
		{"king takes men and a king", "W:WKe1:Ba2,a3,c7,d7,Ke6,g5,c4,h7", ""},
		{"Red to move", "B:Wc3:Bd4", "d4xb2"},
	} {
		p := MustParseFEN(tc.fen)
		for _, m := range p.LegalMoves() {
			if tc.move != "" && m != p.MustParseMove(tc.move) {
				continue
			}
			if got, want := p.HashAfter(p.Hash(), m), p.PlayUnchecked(m).Hash(); got != want {
				t.Errorf("%s: HashAfter(%v) = %#x, want %#x", tc.name, m, got, want)
			}
		}
	}
	// A move that is not legal gives some key, without a panic.
	p := StartPosition()
	for _, m := range []Move{{}, {from: NoCell, to: 3}, {from: 40, to: 41, captured: 1 << 62}} {
		_ = p.HashAfter(p.Hash(), m)
	}
}

func TestEngineEntryPointsDoNotAllocate(t *testing.T) {
	p := MustParseFEN("W:WKe1:Ba2,a3,c7,d7,e6,g5,c4,h7")
	m := p.LegalMoves()[0]
	h := p.Hash()
	if n := testing.AllocsPerRun(50, func() { _ = p.HasCapture(); _ = p.HashAfter(h, m) }); n != 0 {
		t.Errorf("HasCapture and HashAfter make %v allocations", n)
	}
}

func BenchmarkHashAfter(b *testing.B) {
	p := MustParseFEN("W:Wa1,a2,a3,b1,b2,b4,c1,c2,c4,d1,d3,e3,e4,f4:Bf6,f8,g6,g7,g8,h6,h7,h8,h9,i6,i7,i9,e7,d6")
	moves := p.LegalMoves()
	h := p.Hash()
	b.Run("incremental", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			h ^= p.HashAfter(h, moves[i%len(moves)])
		}
	})
	b.Run("full", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			h ^= p.PlayUnchecked(moves[i%len(moves)]).Hash()
		}
	})
}
