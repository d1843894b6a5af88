package hexdame

import (
	"errors"
	"slices"
	"strconv"
	"testing"
)

func TestCells(t *testing.T) {
	for _, s := range []string{"a1", "e5", "i9", "a5", "e1", "A1", "I9"} {
		if _, err := ParseCell(s); err != nil {
			t.Errorf("ParseCell(%q): %v", s, err)
		}
	}
	for _, s := range []string{"a6", "f1", "i4", "j1", "a0", "a10", "0", "62", "", "e", "5e"} {
		if c, err := ParseCell(s); !errors.Is(err, ErrSyntax) || c != NoCell {
			t.Errorf("ParseCell(%q) = %v, %v; want an invalid cell", s, c, err)
		}
	}
	numbers := map[string]int{"i9": 1, "h9": 2, "i8": 3, "e5": 31, "b1": 60, "a1": 61, "a2": 59, "e9": 11, "a5": 47, "e1": 51}
	for s, n := range numbers {
		c := MustParseCell(s)
		if c.Number() != n {
			t.Errorf("%s.Number() = %d, want %d", s, c.Number(), n)
		}
		if got, ok := CellFromNumber(n); !ok || got != c {
			t.Errorf("CellFromNumber(%d) = %v, %v; want %s", n, got, ok, s)
		}
	}
	count := 0
	for f := 0; f < 9; f++ {
		for r := 0; r < 9; r++ {
			if c, ok := CellAt(f, r); ok {
				count++
				if c.File() != f || c.Rank() != r {
					t.Errorf("CellAt(%d, %d) = %v", f, r, c)
				}
			}
		}
	}
	if count != NumCells {
		t.Errorf("%d cells, want %d", count, NumCells)
	}
	if NoCell.String() != "invalid cell" || NoCell.Number() != 0 || NoCell.IsValid() || Cell(0) != NoCell {
		t.Error("NoCell methods")
	}
}

func TestDirections(t *testing.T) {
	e5 := MustParseCell("e5")
	want := map[Direction]string{UpRight: "f5", UpLeft: "e6", Up: "f6", DownLeft: "d5", DownRight: "e4", Down: "d4"}
	for d, s := range want {
		if n, ok := e5.Neighbor(d); !ok || n.String() != s {
			t.Errorf("e5.Neighbor(%v) = %v, %v; want %s", d, n, ok, s)
		}
		if n, _ := e5.Neighbor((d + 3) % NumDirections); n.String() == s {
			t.Errorf("%v.Opposite() = %v", d, (d+3)%NumDirections)
		}
	}
	if _, ok := MustParseCell("i9").Neighbor(Up); ok {
		t.Error("i9 has a neighbour up")
	}
}

func TestFEN(t *testing.T) {
	// The numeric example of RULES.md is the start position.
	p, err := ParseFEN("W:W40,44,45,48-50,52-61:B1-10,12-14,17,18,22")
	if err != nil || p != StartPosition() {
		t.Errorf("numeric start FEN: %v, %v", p.String(), err)
	}
	for fen, want := range map[string]string{
		"W:Wa1,b2,Ke5:Bi9,Kf6":  "W:Wa1,b2,Ke5:BKf6,i9",
		"B:W:Bi9":               "B:W:Bi9",
		"W:Wa1.":                "W:Wa1:B",
		" B : WK31 : B 1-2 , 5": "B:WKe5:Bh8,h9,i9",
		"W:BK61:W1":             "W:Wi9:BKa1",
	} {
		p, err := ParseFEN(fen)
		if err != nil || p.String() != want {
			t.Errorf("ParseFEN(%q) = %q, %v; want %q", fen, p.String(), err, want)
		}
	}
	if got := MustParseFEN("W:Wa1,b2,Ke5:Bi9,Kf6").Piece(MustParseCell("f6")); got != RedKing {
		t.Errorf("f6 holds %v", got)
	}
	for _, fen := range []string{"", "X:Wa1", "W:Wa6", "W:Wa1,a1", "W:Wa1:Ba1", "W:Wa1:Wb1", "W:Za1", "W:W9-3", "W:Wa1-a3", "W:W1-62", "W::B"} {
		if _, err := ParseFEN(fen); !errors.Is(err, ErrSyntax) {
			t.Errorf("ParseFEN(%q): %v, want ErrInvalidFEN", fen, err)
		}
	}
}

// TestFENErrorColumn checks that a FENError says where the problem is as
// the package doc's convention has it: the byte in the text, from 1.
func TestFENErrorColumn(t *testing.T) {
	for _, tc := range []struct {
		fen    string
		column int
		why    string
	}{
		{"X:Wa1", 1, "side to move must be W or B"},
		{"W:Wa1,a6", 7, `invalid cell "a6"`},
		{"W: Wa1 ,é", 9, `invalid cell "é"`},
		{"W:Wa1:Ba1", 8, "cell a1 given twice"},
	} {
		_, err := ParseFEN(tc.fen)
		var fe *FENError
		if !errors.As(err, &fe) || fe.Column != tc.column || fe.Why != tc.why || fe.fen != tc.fen {
			t.Errorf("ParseFEN(%q): %#v, want column %d, why %q", tc.fen, err, tc.column, tc.why)
			continue
		}
		want := "invalid FEN " + strconv.Quote(tc.fen) + " at column " + strconv.Itoa(tc.column) + ": " + tc.why
		if err.Error() != want {
			t.Errorf("ParseFEN(%q): %q, want %q", tc.fen, err, want)
		}
	}
}

// walk returns the cells from c to the edge in direction d, nearest first,
// one Neighbor at a time.
func walk(c Cell, d Direction) []Cell {
	var cells []Cell
	for n, ok := c.Neighbor(d); ok; n, ok = n.Neighbor(d) {
		cells = append(cells, n)
	}
	return cells
}

func TestRay(t *testing.T) {
	for c := Cell(1); c <= NumCells; c++ {
		for d := Direction(0); d < NumDirections; d++ {
			cells := walk(c, d)
			if got := c.Ray(d); got != CellSetOf(cells...) {
				t.Errorf("%v.Ray(%v) = %v, want %v", c, d, got, cells)
			}
			// Ray's doc: values rise along White's forward directions.
			if rising := slices.IsSorted(cells); len(cells) > 1 && rising != d.IsForward(White) {
				t.Errorf("%v.Ray(%v): %v runs the wrong way", c, d, cells)
			}
		}
	}
	for _, c := range []Cell{NoCell, NumCells + 1, 64, 255} {
		if c.Ray(Up) != 0 {
			t.Errorf("Cell(%d).Ray(Up) = %v", c, c.Ray(Up))
		}
	}
	e5 := MustParseCell("e5")
	if e5.Ray(NumDirections) != 0 || e5.Ray(255) != 0 {
		t.Error("a ray in an invalid direction")
	}
}

func TestForwardAndCrowningRow(t *testing.T) {
	for d := Direction(0); d < NumDirections; d++ {
		white := d == UpRight || d == UpLeft || d == Up
		if d.IsForward(White) != white || d.IsForward(Red) == white || d.IsForward(NoColor) {
			t.Errorf("%v.IsForward: White %v, Red %v, NoColor %v", d, d.IsForward(White), d.IsForward(Red), d.IsForward(NoColor))
		}
	}
	if Direction(NumDirections).IsForward(White) || Direction(255).IsForward(Red) {
		t.Error("an invalid direction is forward")
	}
	// RULES.md §5.
	for c, want := range map[Color]string{
		White:   "{i5 i6 i7 i8 e9 f9 g9 h9 i9}",
		Red:     "{a1 b1 c1 d1 e1 a2 a3 a4 a5}",
		NoColor: "{}",
		9:       "{}",
	} {
		if got := c.CrowningRow().String(); got != want {
			t.Errorf("%v.CrowningRow() = %s, want %s", c, got, want)
		}
	}
}
