package hexdame

import (
	"math/bits"
	"strconv"
)

// NumCells is the number of cells on the HexDame board.
const NumCells = 61

// A Cell is one of the 61 cells of the board. A cell has a file a..i and a
// rank 1..9 (file index f and rank index r in 0..8 with |f-r| <= 4), and a
// number 1..61 in numeric notation, which reads the standard diagram row
// by row from the top: i9 is 1, e5 31, a1 61.
//
// A Cell's value is not its number. The valid cells are Cell(1) through
// Cell(NumCells), counted rank by rank from a1, each rank from file a:
// Cell(1) is a1, Cell(5) e1, Cell(6) a2, Cell(31) e5 and Cell(61) i9; bit
// c of a CellSet is Cell(c), and cells compare and sets list their cells
// in that order. It is the order of the move generator's bitboards, in
// which the cells of a rank are consecutive bits: so a step along a rank
// is a one-bit shift, and a Position's CellSets cost nothing to get.
// Number and CellFromNumber convert a cell to its number and back.
//
// The zero Cell, NoCell, is not a cell, as the zero netip.Addr is no
// address: a Cell left unset, or decoded from JSON without a value, is
// invalid rather than a corner of the board; so is every value above
// NumCells. Methods on an invalid cell return zero values ("invalid cell"
// from String, 0 from Number, -1 from File and Rank).
type Cell uint8

// NoCell is the zero Cell, which denotes no cell. It is returned with
// errors and by lookups that fall off the board.
const NoCell Cell = 0

// A Direction is one of the six directions of the board, named by how it
// looks on the standard diagram with White at the bottom.
type Direction uint8

// The six directions. UpRight, UpLeft and Up are White's forward directions
// (a White man steps only along them); DownLeft, DownRight and Down are
// Red's. Each direction's opposite is (d+3)%NumDirections.
const (
	UpRight   Direction = iota // (+1, 0): along a rank, towards file i
	UpLeft                     // (0, +1): along a file, towards rank 9
	Up                         // (+1, +1): along a column, towards i9
	DownLeft                   // (-1, 0): along a rank, towards file a
	DownRight                  // (0, -1): along a file, towards rank 1
	Down                       // (-1, -1): along a column, towards a1
)

// NumDirections is the number of directions.
const NumDirections = 6

var directionNames = enumNames{kind: "direction",
	names: []string{"up-right", "up-left", "up", "down-left", "down-right", "down"}}

// String returns the direction's name, such as "up-left", or "invalid
// direction" for a value beyond Down.
func (d Direction) String() string { return directionNames.String(int(d)) }

// axis returns which of the three line directions d runs along, and
// forward reports whether it runs in that axis's increasing sense.
func (d Direction) axis() int      { return int(d) % 3 }
func (d Direction) positive() bool { return d < 3 }

var dirSteps = [NumDirections][2]int{{1, 0}, {0, 1}, {1, 1}, {-1, 0}, {0, -1}, {-1, -1}}

// The board's lines come in three axes: ranks (axis 0, direction UpRight),
// files (axis 1, UpLeft) and columns (axis 2, Up). For each axis the
// package numbers the cells so that every line of that axis is a run of
// consecutive bits, increasing in the axis's positive direction. A Position
// keeps its pieces in all three numberings, so that stepping along any line
// is a one-bit shift and sliding along it is a bit scan. Axis 0's numbering
// is the Cell value itself.
const numAxes = 3

// allCells holds the bits of the 61 cells, 1 to 61, in every numbering.
const allCells uint64 = (1<<NumCells - 1) << 1

// cellSlots is the size of the tables indexed by Cell: NoCell, then the 61
// cells.
const cellSlots = NumCells + 1

// Board tables, computed once at package initialization. The entries for
// NoCell say it has no neighbor, no ray and no bit.
var (
	cellFile   [cellSlots]int8
	cellRank   [cellSlots]int8
	cellAt     [9][9]Cell                 // [file][rank], NoCell off the board
	cellNumber [cellSlots]int8            // 1..61
	numberCell [NumCells + 1]Cell         // inverse of cellNumber; [0] is NoCell
	axisBit    [numAxes][cellSlots]uint64 // the cell's bit in each axis numbering
	cellBits   [cellSlots][numAxes]uint64 // the same, grouped by cell
	axisCell   [numAxes][64]Cell          // inverse of axisBit, NoCell for bits 0, 62 and 63
	neighbor   [cellSlots][NumDirections]Cell
	// rays[c][d] lists the cells from c (exclusive) to the edge in
	// direction d, nearest first; raySet[c][d] holds them.
	rays    [cellSlots][NumDirections][8]Cell
	rayLen  [cellSlots][NumDirections]int8
	raySet  [cellSlots][NumDirections]uint64
	rayMask [numAxes][2][cellSlots]uint64 // [axis][0 forward, 1 backward][cell], in the axis numbering
	// hasStep[a][0] holds the cells (axis numbering) with a neighbor in the
	// positive direction of axis a, hasStep[a][1] those with one in the
	// negative direction; hasJump likewise for two cells.
	hasStep [numAxes][2]uint64
	hasJump [numAxes][2]uint64
	// between[from][to]: canonical bitboard of the cells strictly between two
	// cells of one line (0 when not on a line or adjacent); lineDir gives the
	// direction from one to the other, or 255.
	between [cellSlots][cellSlots]uint64
	lineDir [cellSlots][cellSlots]Direction
	// crossing[a] holds the two axes other than a.
	crossing = [numAxes][2]int{{1, 2}, {0, 2}, {0, 1}}
	// runPrefix[a][b][i] holds, in the numbering of axis b, the cells whose
	// index in axis a's numbering is below i: the cells of a run from lo to
	// hi in a's numbering are runPrefix[a][b][hi+1] ^ runPrefix[a][b][lo]
	// in b's.
	runPrefix [numAxes][numAxes][64]uint64
	// Promotion rows, canonical bitboards.
	backRow [2]uint64
	// forwardSteps[color][c]: the cells a man of that color on c steps to.
	forwardSteps [2][cellSlots]uint64
)

func validFR(f, r int) bool {
	return f >= 0 && f < 9 && r >= 0 && r < 9 && f-r <= 4 && r-f <= 4
}

func init() {
	for f := range cellAt {
		for r := range cellAt[f] {
			cellAt[f][r] = NoCell
		}
	}
	for c := range lineDir {
		for t := range lineDir[c] {
			lineDir[c][t] = 255
		}
	}
	// Axis 0: rank by rank, files ascending. This is the Cell numbering,
	// from 1.
	n := 1
	for r := 0; r < 9; r++ {
		for f := 0; f < 9; f++ {
			if validFR(f, r) {
				cellFile[n], cellRank[n] = int8(f), int8(r)
				cellAt[f][r] = Cell(n)
				n++
			}
		}
	}
	cellFile[NoCell], cellRank[NoCell] = -1, -1
	// Axis 1: file by file, ranks ascending. Axis 2: column by column
	// (f-r from -4 to 4), files ascending. Each numbering uses bits 1 to
	// 61, as the Cell numbering does, so that allCells serves all three.
	orders := [numAxes]func(yield func(f, r int)){
		func(yield func(f, r int)) {
			for r := 0; r < 9; r++ {
				for f := 0; f < 9; f++ {
					yield(f, r)
				}
			}
		},
		func(yield func(f, r int)) {
			for f := 0; f < 9; f++ {
				for r := 0; r < 9; r++ {
					yield(f, r)
				}
			}
		},
		func(yield func(f, r int)) {
			for d := -4; d <= 4; d++ {
				for f := 0; f < 9; f++ {
					yield(f, f-d)
				}
			}
		},
	}
	for a := range orders {
		i := 1
		orders[a](func(f, r int) {
			if validFR(f, r) {
				c := cellAt[f][r]
				axisBit[a][c] = 1 << i
				cellBits[c][a] = 1 << i
				axisCell[a][i] = c
				i++
			}
		})
	}
	for a := range runPrefix {
		for b := range runPrefix[a] {
			for i := 1; i < 63; i++ {
				runPrefix[a][b][i+1] = runPrefix[a][b][i] | axisBit[b][axisCell[a][i]]
			}
		}
	}
	// Numbers: diagram rows (f+r constant) from the top, left to right
	// (files ascending).
	n = 1
	for s := 16; s >= 0; s-- {
		for f := 0; f < 9; f++ {
			if r := s - f; validFR(f, r) {
				c := cellAt[f][r]
				cellNumber[c] = int8(n)
				numberCell[n] = c
				n++
			}
		}
	}
	for c := Cell(1); c <= NumCells; c++ {
		f, r := int(cellFile[c]), int(cellRank[c])
		for d := Direction(0); d < NumDirections; d++ {
			df, dr := dirSteps[d][0], dirSteps[d][1]
			if validFR(f+df, r+dr) {
				n := cellAt[f+df][r+dr]
				neighbor[c][d] = n
				if d.positive() {
					forwardSteps[White][c] |= bit(neighbor[c][d])
				} else {
					forwardSteps[Red][c] |= bit(neighbor[c][d])
				}
			}
			k := 0
			for x, y := f+df, r+dr; validFR(x, y); x, y = x+df, y+dr {
				rays[c][d][k] = cellAt[x][y]
				k++
			}
			rayLen[c][d] = int8(k)
			a, back := d.axis(), 0
			if !d.positive() {
				back = 1
			}
			var m, path uint64
			for j := 0; j < k; j++ {
				t := rays[c][d][j]
				m |= axisBit[a][t]
				between[c][t] = path
				lineDir[c][t] = d
				path |= bit(t)
			}
			rayMask[a][back][c] = m
			raySet[c][d] = path
			if k >= 1 {
				hasStep[a][back] |= axisBit[a][c]
			}
			if k >= 2 {
				hasJump[a][back] |= axisBit[a][c]
			}
		}
		if r == 8 || f == 8 {
			backRow[White] |= bit(c)
		}
		if r == 0 || f == 0 {
			backRow[Red] |= bit(c)
		}
	}
	startPosition = newStartPosition()
}

// CellAt returns the cell with file index f (0 for a .. 8 for i) and rank
// index r (0 for 1 .. 8 for 9). ok is false, and the cell NoCell, when there
// is no such cell.
func CellAt(f, r int) (c Cell, ok bool) {
	if !validFR(f, r) {
		return NoCell, false
	}
	return cellAt[f][r], true
}

// CellFromNumber returns the cell with the given number 1..61 in the numeric
// notation (which is not the Cell's value: CellFromNumber(1) is i9, Cell(1)
// a1). ok is false, and the cell NoCell, for other numbers.
func CellFromNumber(n int) (c Cell, ok bool) {
	if n < 1 || n > NumCells {
		return NoCell, false
	}
	return numberCell[n], true
}

// cellError returns the error for text that names no cell, or a cell
// that cannot be where it was given (why, when the text alone does not
// say): it wraps ErrSyntax.
func cellError(text, why string) error {
	t := quoteClipped(text)
	if why != "" {
		t += ": " + why
	}
	return &valueError{kind: "cell", text: t, err: ErrSyntax}
}

// ParseCell parses a cell in algebraic notation ("e5", also "E5") or numeric
// notation ("31", also with leading zeros). Any other text, including a
// letter and digit that name no cell such as "a6", gives NoCell and an
// error wrapping ErrSyntax.
func ParseCell(s string) (Cell, error) {
	if c, ok := parseCellBytes(s); ok {
		return c, nil
	}
	return NoCell, cellError(s, "")
}

// MustParseCell is like ParseCell but panics on an invalid cell. It is for
// constants in programs and tests.
func MustParseCell(s string) Cell {
	c, err := ParseCell(s)
	if err != nil {
		panic(err)
	}
	return c
}

// parseCellBytes parses a whole string as an algebraic or numeric cell.
func parseCellBytes(s string) (Cell, bool) {
	if len(s) == 0 {
		return NoCell, false
	}
	if s[0] >= '0' && s[0] <= '9' {
		n := 0
		for i := 0; i < len(s); i++ {
			if s[i] < '0' || s[i] > '9' || n > NumCells {
				return NoCell, false
			}
			n = n*10 + int(s[i]-'0')
		}
		if n < 1 || n > NumCells {
			return NoCell, false
		}
		return numberCell[n], true
	}
	if len(s) != 2 {
		return NoCell, false
	}
	f := int(s[0]|0x20) - 'a'
	r := int(s[1]) - '1'
	if !validFR(f, r) {
		return NoCell, false
	}
	return cellAt[f][r], true
}

// IsValid reports whether c is one of the 61 cells: false for NoCell,
// the zero Cell, and for every value above NumCells.
func (c Cell) IsValid() bool { return c-1 < NumCells }

// File returns the file index 0..8 (a..i), or -1 for an invalid cell.
func (c Cell) File() int {
	if !c.IsValid() {
		return -1
	}
	return int(cellFile[c])
}

// Rank returns the rank index 0..8 (ranks 1..9), or -1 for an invalid cell.
func (c Cell) Rank() int {
	if !c.IsValid() {
		return -1
	}
	return int(cellRank[c])
}

// Number returns the cell's number 1..61 in numeric notation, or 0 for an
// invalid cell.
func (c Cell) Number() int {
	if !c.IsValid() {
		return 0
	}
	return int(cellNumber[c])
}

// String returns the cell in algebraic notation, such as "e5", or
// "invalid cell" for an invalid cell.
func (c Cell) String() string {
	if !c.IsValid() {
		return "invalid cell"
	}
	return string(c.appendTo(nil, Algebraic))
}

// AppendText appends the cell in algebraic notation to b. NoCell, the
// zero Cell, appends nothing (as the zero netip.Addr does); any other
// invalid cell gives an error wrapping ErrInvalid.
func (c Cell) AppendText(b []byte) ([]byte, error) {
	if !c.IsValid() && c != NoCell {
		return b, &valueError{kind: "cell", text: strconv.Itoa(int(c)), err: ErrInvalid}
	}
	return c.appendTo(b, Algebraic), nil
}

// appendTo appends c in notation n, and nothing for an invalid cell.
func (c Cell) appendTo(b []byte, n Notation) []byte {
	if !c.IsValid() {
		return b
	}
	if n == Numeric {
		return strconv.AppendInt(b, int64(cellNumber[c]), 10)
	}
	return append(b, 'a'+byte(cellFile[c]), '1'+byte(cellRank[c]))
}

// MarshalText implements encoding.TextMarshaler with the algebraic name,
// and "" for NoCell. Any other invalid cell gives an error wrapping
// ErrInvalid.
func (c Cell) MarshalText() ([]byte, error) { return c.AppendText(nil) }

// UnmarshalText implements encoding.TextUnmarshaler, accepting what
// ParseCell accepts, and "" as NoCell.
func (c *Cell) UnmarshalText(text []byte) error {
	if len(text) == 0 {
		*c = NoCell
		return nil
	}
	v, err := ParseCell(string(text))
	if err != nil {
		return err
	}
	*c = v
	return nil
}

// Neighbor returns the cell adjacent to c in direction d. ok is false, and
// the cell NoCell, when c is invalid or the step leaves the board.
func (c Cell) Neighbor(d Direction) (n Cell, ok bool) {
	if !c.IsValid() || d >= NumDirections {
		return NoCell, false
	}
	n = neighbor[c][d]
	return n, n != NoCell
}

// IsForward reports whether d is one of the forward directions of color
// c, along which its men step: UpRight, UpLeft and Up for White, DownLeft,
// DownRight and Down for Red. NoColor has none.
func (d Direction) IsForward(c Color) bool {
	return d < NumDirections && c <= Red && d.positive() == (c == White)
}

// bit returns the bitboard of cell c in the Cell (axis 0) numbering.
func bit(c Cell) uint64 { return 1 << (c & 63) }

// popLowest removes the lowest set bit of *b and returns its index.
func popLowest(b *uint64) int {
	i := bits.TrailingZeros64(*b) & 63
	*b &= *b - 1
	return i
}
