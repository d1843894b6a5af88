package hexdame

import (
	"errors"
	"testing"
)

// Tests of board.go: which cells exist, their names and numbers, and
// their neighbors in each direction.

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
		t.Error("i9 has a neighbor up")
	}
}

func TestInvalidCellFileRank(t *testing.T) {
	for _, c := range []Cell{NoCell, NumCells + 1, 200} {
		if c.File() != -1 || c.Rank() != -1 {
			t.Errorf("Cell(%d): File %d, Rank %d; want -1, -1", c, c.File(), c.Rank())
		}
	}
}
