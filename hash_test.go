package hexdame

import (
	"testing"

	"pgregory.net/rapid"
)

// Tests of hash.go: the Zobrist keys are pinned, equal positions have
// equal keys, and HashAfter gives the key after a move.

// The Zobrist keys are fixed: these values are part of the package's
// promise, for opening books and databases.
func TestHashPinned(t *testing.T) {
	for fen, want := range map[string]uint64{
		StartPosition().String(): 0xd0863fde4ccda65f,
		"W:W:B":                  0x0,
		"B:W:B":                  0x88620aa16b3c8ecb,
		"W:WKe5:Bi9":             0xd5d44715b891af57,
		"B:Wa1,b2:BKf6":          0xa6b67b90703bf53a,
	} {
		if got := MustParseFEN(fen).Hash(); got != want {
			t.Errorf("Hash(%s) = %#x, want %#x", fen, got, want)
		}
	}
	// The keys are SplitMix64's numbers from the documented seed.
	state := uint64(0x48455844414D45)
	splitmix := func() uint64 {
		state += 0x9E3779B97F4A7C15
		z := state
		z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
		z = (z ^ z>>27) * 0x94D049BB133111EB
		return z ^ z>>31
	}
	for k := range 4 {
		for c := Cell(1); c <= NumCells; c++ {
			if got := splitmix(); zobristPieces[k][c] != got {
				t.Fatalf("key of piece %d on %v is %#x, SplitMix64 gives %#x", k+1, Cell(c), zobristPieces[k][c], got)
			}
		}
	}
	if splitmix() != zobristRed {
		t.Error("the key of Red to move is not SplitMix64's next number")
	}
}

// Equal positions have equal keys, and Hash is the XOR of the keys of
// what differs.
func TestPropertyHash(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := anyPosition().Draw(t, "position")
		q, err := ParseFEN(p.String())
		if err != nil || q.Hash() != p.Hash() || q.hash2() != p.hash2() {
			t.Fatalf("%s: the same position has another key", p.String())
		}
		if p.WithSideToMove(p.SideToMove().Opponent()).Hash() != p.Hash()^zobristRed {
			t.Fatalf("%s: the side's key", p.String())
		}
		for _, m := range p.LegalMoves() {
			a, b := p.play(m).Hash(), p.PlayUnchecked(m).Hash()
			if a != b {
				t.Fatalf("%s %v: Play and PlayUnchecked give different keys", p.String(), m)
			}
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
	// Every legal move of the benchmark positions.
	for _, nf := range benchmarkFENs(t) {
		p := MustParseFEN(nf.fen)
		for _, m := range p.LegalMoves() {
			if got, want := p.HashAfter(p.Hash(), m), p.PlayUnchecked(m).Hash(); got != want {
				t.Errorf("%s: HashAfter(%v) = %#x, want %#x", nf.name, m, got, want)
			}
		}
	}
	// A move that is not legal gives some key, without a panic.
	p := StartPosition()
	for _, m := range []Move{{}, {from: NoCell, to: 3}, {from: 40, to: 41, captured: 1 << 62}} {
		_ = p.HashAfter(p.Hash(), m)
	}
}

// HasCapture and HashAfter, which an engine's search calls at every node,
// do not allocate: the bound, none, catches a buffer of moves or a
// position that escapes to the heap (a capture search in HasCapture, a
// PlayUnchecked in HashAfter); they have allocated nothing since they
// were added.
func TestEngineEntryPointsDoNotAllocate(t *testing.T) {
	p := MustParseFEN("W:WKe1:Ba2,a3,c7,d7,e6,g5,c4,h7")
	m := p.LegalMoves()[0]
	h := p.Hash()
	if n := testing.AllocsPerRun(50, func() { _ = p.HasCapture(); _ = p.HashAfter(h, m) }); n != 0 {
		t.Errorf("HasCapture and HashAfter make %v allocations", n)
	}
}

// BenchmarkHash weighs the two ways of keeping a Zobrist key: computing it
// from the bitboards when asked (what Hash does), against updating it
// with each move played (HashAfter, which Play would have to do for
// every move, whether or not anyone asks for the key). The tests once
// held their own incremental form, hashAfter, to measure this; HashAfter
// is that form, and the benchmark measures it.
func BenchmarkHash(b *testing.B) {
	for _, nf := range benchmarkFENs(b) {
		p := MustParseFEN(nf.fen)
		moves := p.LegalMoves()
		if len(moves) == 0 {
			continue
		}
		m := moves[len(moves)-1]
		b.Run("computed/"+nf.name, func(b *testing.B) {
			b.ReportAllocs()
			var h uint64
			for b.Loop() {
				h ^= p.Hash()
			}
			_ = h
		})
		b.Run("incremental/"+nf.name, func(b *testing.B) {
			b.ReportAllocs()
			h := p.Hash()
			for b.Loop() {
				h = p.HashAfter(h, m)
			}
		})
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
