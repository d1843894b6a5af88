package hexdame

import (
	"iter"
	"math/bits"
)

// A CellSet is a set of cells: a bitboard, bit c holding Cell c. It is a
// plain uint64, so sets combine with the operators & (both), | (either)
// and &^ (the first without the second), and compare with ==.
//
// The sets the package returns hold only the bits 1 to 61 of the valid
// cells. A CellSet made by a program may have other bits set (0, 62 and
// 63 denote no cell); the methods ignore them, and AllCells masks them off:
// s & AllCells.
type CellSet uint64

// AllCells is the set of the 61 cells of the board.
const AllCells = CellSet(allCells)

// CellSetOf returns the set of the given cells. Invalid cells, such as
// NoCell, are left out.
func CellSetOf(cells ...Cell) CellSet {
	var s CellSet
	for _, c := range cells {
		if c.IsValid() {
			s |= CellSet(bit(c))
		}
	}
	return s
}

// Has reports whether c is in the set (false for an invalid cell).
func (s CellSet) Has(c Cell) bool { return c.IsValid() && s&CellSet(bit(c)) != 0 }

// Len returns the number of cells in the set.
func (s CellSet) Len() int { return bits.OnesCount64(uint64(s & AllCells)) }

// All returns an iterator over the cells of the set, in Cell order.
func (s CellSet) All() iter.Seq[Cell] {
	return func(yield func(Cell) bool) {
		for b := uint64(s & AllCells); b != 0; b &= b - 1 {
			if !yield(Cell(bits.TrailingZeros64(b))) {
				return
			}
		}
	}
}

// String returns the cells in algebraic notation between braces, in Cell
// order: "{d4 f5}"; "{}" for the empty set.
func (s CellSet) String() string {
	b := []byte{'{'}
	for c := range s.All() {
		if len(b) > 1 {
			b = append(b, ' ')
		}
		b = c.appendTo(b, Algebraic)
	}
	return string(append(b, '}'))
}

// Ray returns the cells from c, not included, to the edge of the board in
// direction d: the cells a king on c could reach along d on an empty
// board. An invalid cell or direction gives the empty set.
//
// Cell values rise along White's forward directions (UpRight, UpLeft,
// Up) and fall along Red's, as they count the cells rank by rank from a1
// (see Cell). So the first piece a king on c meets along d, among the
// occupied cells s, is the lowest cell of c.Ray(d) & s for the first
// three, the highest for the others.
func (c Cell) Ray(d Direction) CellSet {
	if !c.IsValid() || d >= NumDirections {
		return 0
	}
	return CellSet(raySet[c][d])
}

// CrowningRow returns the cells where a man of color c is crowned: for
// White rank 9 and file i (e9 to i9 to i5), for Red rank 1 and file a
// (a5 to a1 to e1). NoColor gives the empty set.
func (c Color) CrowningRow() CellSet {
	if c > Red {
		return 0
	}
	return CellSet(backRow[c])
}
