package hexdame

import (
	"slices"
	"testing"

	"pgregory.net/rapid"
)

// Tests of position.go: the pieces of a side, and the board's two
// symmetries, Mirror and SwapColors.

func TestCellsOfColor(t *testing.T) {
	p := MustParseFEN("W:Wc3,a1,Ke5:Bi9,Kg7")
	if got, want := slices.Collect(p.Pieces(White).All()), []Cell{MustParseCell("a1"), MustParseCell("c3"), MustParseCell("e5")}; !slices.Equal(got, want) {
		t.Errorf("Cells(White) = %v, want %v", got, want)
	}
	if got, want := slices.Collect(p.Pieces(Red).All()), []Cell{MustParseCell("g7"), MustParseCell("i9")}; !slices.Equal(got, want) {
		t.Errorf("Cells(Red) = %v, want %v", got, want)
	}
}

// The board's symmetries, written with the exported API alone: the mirror
// in the a1-i9 column swaps a cell's file and rank, the half turn takes
// file f, rank r to 8-f, 8-r.
func mirrorCell(c Cell) Cell { m, _ := CellAt(c.Rank(), c.File()); return m }

func turnCell(c Cell) Cell { m, _ := CellAt(8-c.File(), 8-c.Rank()); return m }

// mapMove returns m with each of its cells mapped by f.
func mapMove(m Move, f func(Cell) Cell) Move {
	var captured CellSet
	for c := range m.Captured().All() {
		captured = (captured | CellSetOf(f(c)))
	}
	return MakeMove(f(m.From()), f(m.To()), captured)
}

// Mirror and SwapColors are involutions that commute, move every piece
// to its image (SwapColors changing its color), and map the legal moves
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
// image, and its own color swap but for the side to move; a position
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
