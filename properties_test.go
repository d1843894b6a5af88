package hexdame

import (
	cmp2 "cmp"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// playedPosition draws a position reached from the start by random legal
// play, together with the moves that reached it.
func playedPosition() *rapid.Generator[Position] {
	return rapid.Custom(func(t *rapid.T) Position {
		p := StartPosition()
		plies := rapid.IntRange(0, 120).Draw(t, "plies")
		for range plies {
			moves := p.LegalMoves()
			if len(moves) == 0 {
				break
			}
			p = p.play(moves[rapid.IntRange(0, len(moves)-1).Draw(t, "move")])
		}
		return p
	})
}

// randomPosition draws an arbitrary position: men and kings of both sides
// scattered over the board.
func randomPosition() *rapid.Generator[Position] {
	return rapid.Custom(func(t *rapid.T) Position {
		var p Position
		n := rapid.IntRange(0, 30).Draw(t, "pieces")
		for range n {
			c := Cell(rapid.IntRange(0, NumCells-1).Draw(t, "cell"))
			x := Piece(rapid.IntRange(int(WhiteMan), int(RedKing)).Draw(t, "piece"))
			p = p.put(c, x)
		}
		return p.WithSideToMove(Color(rapid.IntRange(0, 1).Draw(t, "side")))
	})
}

func anyPosition() *rapid.Generator[Position] {
	return rapid.OneOf(playedPosition(), randomPosition())
}

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
					t.Fatalf("%s %v: Promotes %v, ends on back row %v", p.String(), m, crowns(p, m), onBackRow)
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

func TestPropertyRoundTrips(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := anyPosition().Draw(t, "position")
		for _, n := range []Notation{Algebraic, Numeric} {
			fen := p.format(n)
			q, err := ParseFEN(fen)
			if err != nil || q != p {
				t.Fatalf("FEN %q reads back as %v, %v", fen, q.String(), err)
			}
			for _, m := range p.LegalMoves() {
				for _, text := range []string{p.FormatMove(m, n), p.Path(m).Format(n)} {
					got, err := p.ParseMove(text)
					if err != nil || got != m {
						t.Fatalf("%s: move %q reads back as %v, %v; want %v", p.String(), text, got, err, m)
					}
				}
				path := p.Path(m).Cells()
				if m.IsCapture() && len(path) != m.Captured().Len()+1 {
					t.Fatalf("%s: path %v of %v", p.String(), path, m)
				}
				if err := checkPath(p, m, path); err != "" {
					t.Fatalf("%s: path %v of %v: %s", p.String(), path, m, err)
				}
			}
		}
		for c := Cell(1); c <= NumCells; c++ {
			for _, n := range []Notation{Algebraic, Numeric} {
				if got, err := ParseCell(formatCell(c, n)); err != nil || got != c {
					t.Fatalf("cell %v in %v reads back as %v, %v", c, n, got, err)
				}
			}
		}
	})
}

// perftPlain counts leaves by playing every move, with no bulk counting.
func perftPlain(p Position, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var n uint64
	for _, m := range p.LegalMoves() {
		n += perftPlain(p.play(m), depth-1)
	}
	return n
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

// The board's symmetries, written with the exported API alone: the mirror
// in the a1-i9 column swaps a cell's file and rank, the half turn takes
// file f, rank r to 8-f, 8-r.
func mirrorCell(c Cell) Cell { m, _ := CellAt(c.Rank(), c.File()); return m }
func turnCell(c Cell) Cell   { m, _ := CellAt(8-c.File(), 8-c.Rank()); return m }

// mapMove returns m with each of its cells mapped by f.
func mapMove(m Move, f func(Cell) Cell) Move {
	var captured CellSet
	for c := range m.Captured().All() {
		captured = (captured | CellSetOf(f(c)))
	}
	return MakeMove(f(m.From()), f(m.To()), captured)
}

// Mirror and SwapColors are involutions that commute, move every piece
// to its image (SwapColors changing its colour), and map the legal moves
// of a position onto those of the image, so that perft agrees.
func TestPropertySymmetries(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := anyPosition().Draw(t, "position")
		m, s := p.Mirror(), p.SwapColors()
		if m.Mirror() != p || s.SwapColors() != p || m.SwapColors() != s.Mirror() {
			t.Fatalf("%s: Mirror %s and SwapColors %s are not commuting involutions", p.String(), m.String(), s.String())
		}
		if m.SideToMove() != p.SideToMove() || s.SideToMove() != p.SideToMove().Opponent() {
			t.Fatalf("%s: side to move %v after Mirror, %v after SwapColors", p.String(), m.SideToMove(), s.SideToMove())
		}
		for c := range AllCells.All() {
			x := p.Piece(c)
			swapped := x
			if x != NoPiece {
				swapped = MakePiece(x.Color().Opponent(), x.IsKing())
			}
			if m.Piece(mirrorCell(c)) != x || s.Piece(turnCell(c)) != swapped {
				t.Fatalf("%s: %v holds %v, its mirror image %v, its half turn %v", p.String(), c, x, m.Piece(mirrorCell(c)), s.Piece(turnCell(c)))
			}
		}
		for _, tc := range []struct {
			name  string
			image Position
			cell  func(Cell) Cell
		}{{"Mirror", m, mirrorCell}, {"SwapColors", s, turnCell}} {
			var want []Move
			for _, mv := range p.LegalMoves() {
				want = append(want, mapMove(mv, tc.cell))
			}
			got := tc.image.LegalMoves()
			slices.SortFunc(want, compareTestMoves)
			slices.SortFunc(got, compareTestMoves)
			if !slices.Equal(got, want) {
				t.Fatalf("%s: the legal moves of its %s image %s are %v, not the images %v", p.String(), tc.name, tc.image.String(), got, want)
			}
			if a, b := perftPlain(p, 2), perftPlain(tc.image, 2); a != b {
				t.Fatalf("%s: perft 2 is %d, of its %s image %d", p.String(), a, tc.name, b)
			}
		}
	})
}

// The symmetries worked out by hand: the start position is its own mirror
// image, and its own colour swap but for the side to move; a position
// and its images, cell by cell; perft to 4 plies agrees.
func TestSymmetriesByHand(t *testing.T) {
	start := StartPosition()
	if start.Mirror() != start || start.SwapColors() != start.WithSideToMove(Red) {
		t.Errorf("Mirror %s, SwapColors %s", start.Mirror().String(), start.SwapColors().String())
	}
	p := MustParseFEN("W:Wa3,b5,Kc2,e1:Bd8,Kf6,g9,i5")
	tests := []struct {
		got  Position
		want string
	}{
		{p.Mirror(), "W:Wa5,Kb3,c1,e2:Be9,h4,Kf6,i7"},
		{p.SwapColors(), "B:Wa5,c1,Kd4,f2:Be9,Kg8,h5,i7"},
	}
	for _, tt := range tests {
		if want := MustParseFEN(tt.want); tt.got != want {
			t.Errorf("%s, want %s", tt.got.String(), want.String())
		}
	}
	q := MustParseFEN("W:Wa1,a2,b1,c3,d2,d4:Bf6,g7,h6,i9")
	for _, image := range []Position{q.Mirror(), q.SwapColors()} {
		if a, b := perftPlain(q, 4), perftPlain(image, 4); a != b {
			t.Errorf("perft 4: %d, of %s %d", a, image.String(), b)
		}
	}
}

// compareTestMoves orders moves by start cell, end cell and captured
// pieces.
func compareTestMoves(a, b Move) int {
	if c := cmpCompare(a.from, b.from); c != 0 {
		return c
	}
	if c := cmpCompare(a.to, b.to); c != 0 {
		return c
	}
	return cmpCompare(a.captured, b.captured)
}

func cmpCompare[T cmp2.Ordered](a, b T) int { return cmp2.Compare(a, b) }

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
