package hexdame

import (
	"errors"
	"testing"
)

func TestCells(t *testing.T) {
	for _, s := range []string{"a1", "e5", "i9", "a5", "e1", "A1", "I9"} {
		if _, err := ParseCell(s); err != nil {
			t.Errorf("ParseCell(%q): %v", s, err)
		}
	}
	for _, s := range []string{"a6", "f1", "i4", "j1", "a0", "a10", "0", "62", "", "e", "5e"} {
		if c, err := ParseCell(s); !errors.Is(err, ErrInvalidCell) || c != NoCell {
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
		if n, _ := e5.Neighbor(d.Opposite()); n.String() == s {
			t.Errorf("%v.Opposite() = %v", d, d.Opposite())
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
		t.Errorf("numeric start FEN: %v, %v", p.FEN(), err)
	}
	for fen, want := range map[string]string{
		"W:Wa1,b2,Ke5:Bi9,Kf6":  "W:Wa1,b2,Ke5:BKf6,i9",
		"B:W:Bi9":               "B:W:Bi9",
		"W:Wa1.":                "W:Wa1:B",
		" B : WK31 : B 1-2 , 5": "B:WKe5:Bh8,h9,i9",
		"W:BK61:W1":             "W:Wi9:BKa1",
	} {
		p, err := ParseFEN(fen)
		if err != nil || p.FEN() != want {
			t.Errorf("ParseFEN(%q) = %q, %v; want %q", fen, p.FEN(), err, want)
		}
	}
	if got := MustParseFEN("W:Wa1,b2,Ke5:Bi9,Kf6").Piece(MustParseCell("f6")); got != RedKing {
		t.Errorf("f6 holds %v", got)
	}
	for _, fen := range []string{"", "X:Wa1", "W:Wa6", "W:Wa1,a1", "W:Wa1:Ba1", "W:Wa1:Wb1", "W:Za1", "W:W9-3", "W:Wa1-a3", "W:W1-62", "W::B"} {
		if _, err := ParseFEN(fen); !errors.Is(err, ErrInvalidFEN) {
			t.Errorf("ParseFEN(%q): %v, want ErrInvalidFEN", fen, err)
		}
	}
}
