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
		s = s.With(c)
	}
	return s
}

// Has reports whether c is in the set (false for an invalid cell).
func (s CellSet) Has(c Cell) bool { return c.IsValid() && s&CellSet(bit(c)) != 0 }

// With returns the set with c added; an invalid cell leaves it unchanged.
func (s CellSet) With(c Cell) CellSet {
	if !c.IsValid() {
		return s
	}
	return s | CellSet(bit(c))
}

// Without returns the set with c removed.
func (s CellSet) Without(c Cell) CellSet {
	if !c.IsValid() {
		return s
	}
	return s &^ CellSet(bit(c))
}

// Len returns the number of cells in the set.
func (s CellSet) Len() int { return bits.OnesCount64(uint64(s & AllCells)) }

// IsEmpty reports whether the set holds no cell.
func (s CellSet) IsEmpty() bool { return s&AllCells == 0 }

// First returns the first cell of the set in Cell order (a1, b1, c1, ...
// rank by rank), and false for an empty set.
func (s CellSet) First() (Cell, bool) {
	s &= AllCells
	if s == 0 {
		return NoCell, false
	}
	return Cell(bits.TrailingZeros64(uint64(s))), true
}

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

// Neighbors returns the cells one step in direction d from the cells of
// s: the neighbour in direction d of each cell of s that has one. With it
// an evaluation looks at every piece at once: White's men with an empty
// cell straight behind them are men & empty.Neighbors(Up). It costs a few
// table lookups and bit operations. An invalid direction gives the empty
// set.
func (s CellSet) Neighbors(d Direction) CellSet {
	if d >= NumDirections {
		return 0
	}
	t, b := &steps[d], uint64(s)
	return CellSet(bits.RotateLeft64(b&t.mask[0], int(t.shift[0])) | bits.RotateLeft64(b&t.mask[1], int(t.shift[1])) |
		bits.RotateLeft64(b&t.mask[2], int(t.shift[2])) | bits.RotateLeft64(b&t.mask[3], int(t.shift[3])))
}

// Cells returns the cells of the set in Cell order (nil for an empty set).
func (s CellSet) Cells() []Cell {
	if s.IsEmpty() {
		return nil
	}
	return s.AppendCells(make([]Cell, 0, s.Len()))
}

// AppendCells appends the cells of the set, in Cell order, to dst.
func (s CellSet) AppendCells(dst []Cell) []Cell { return appendCells(dst, uint64(s&AllCells)) }

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

// MarshalJSON implements json.Marshaler: the cells as an array of
// algebraic names in Cell order, such as ["d4","f5"]; [] for the empty set.
func (s CellSet) MarshalJSON() ([]byte, error) {
	b := []byte{'['}
	for c := range s.All() {
		if len(b) > 1 {
			b = append(b, ',')
		}
		b = append(b, '"')
		b = c.appendTo(b, Algebraic)
		b = append(b, '"')
	}
	return append(b, ']'), nil
}

// UnmarshalJSON implements json.Unmarshaler, reading an array of cells in
// either notation (or null, the empty set). JSON of another shape (a
// string, an array holding a number), a cell that is not a cell, a null
// or empty name, or a cell given twice gives an error wrapping
// ErrInvalidCell; the set is then unchanged.
func (s *CellSet) UnmarshalJSON(data []byte) error {
	var names []*string
	if err := decodeJSON(data, &names, "cell set", `null or an array of cell names such as ["d4","f5"]`, ErrInvalidCell); err != nil {
		return err
	}
	var v CellSet
	for _, name := range names {
		if name == nil {
			return &CellError{Text: "null"}
		}
		c, err := ParseCell(*name)
		if err != nil {
			return err
		}
		if v.Has(c) {
			return &CellError{Text: *name, Why: "given twice"}
		}
		v = v.With(c)
	}
	*s = v
	return nil
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

func appendCells(dst []Cell, b uint64) []Cell {
	for b != 0 {
		dst = append(dst, Cell(popLowest(&b)))
	}
	return dst
}
