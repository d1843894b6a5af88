package hexdame

import (
	"slices"
	"testing"
)

// Tests of cellset.go: the rays of a cell, the crowning rows and the
// forward directions, all of them table lookups that do not allocate.

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

// The board's geometry costs a table lookup and a few bit operations, and
// no allocation: an engine's evaluation calls it at every node. The bound,
// none, catches a ray or a row built per call (a slice, a map, a value
// that escapes); it has been none since the geometry was exported.
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
