package hexdame

import "testing"

// The hot paths that engines and game servers call for every move do not
// allocate: Play and IsLegal check a move against the legal moves in a
// buffer on their own stack, and AppendLegalMoves and CountLegalMoves use
// only the caller's buffer. Captures are the case to watch: the capture
// search recurses, and a change to it can make the compiler move the
// buffer to the heap without any other test noticing.
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

// The board's geometry costs a table lookup and a few bit operations.
func TestGeometryDoesNotAllocate(t *testing.T) {
	e5, occupied := MustParseCell("e5"), StartPosition().Pieces(White)
	var sink CellSet
	if n := testing.AllocsPerRun(100, func() {
		for d := Direction(0); d < NumDirections; d++ {
			sink |= e5.Ray(d) | occupied&e5.Ray(d)
			if d.IsForward(White) {
				sink |= White.CrowningRow()
			}
		}
	}); n != 0 {
		t.Errorf("%v allocations", n)
	}
	_ = sink
}
