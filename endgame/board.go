package endgame

import (
	"math/bits"

	"github.com/hexdame/hexdame"
)

// The tables number the cells themselves, independently of the rules
// package's Cell values, so that a file's meaning depends only on the
// board's geometry: cell k (0..60) is the k-th cell in rank order, rank 1
// first and files ascending within a rank (a1=0, b1=1, ..., e1=4, a2=5,
// ..., i9=60). A set of cells is a uint64 with bit k for cell k.

const numCells = 61

// A direction as a (file, rank) step: White's three forward steps first
// (RULES.md's Up, UpRight and UpLeft), then their opposites.
var steps = [6][2]int{{1, 1}, {1, 0}, {0, 1}, {-1, -1}, {-1, 0}, {0, -1}}

var (
	cellAtFR  [9][9]int8 // [file][rank] -> cell, -1 off the board
	cellFile  [numCells]int8
	cellRank  [numCells]int8
	neighbor  [numCells][6]int8 // -1 off the board
	mirrorOf  [numCells]int8    // (f, r) -> (r, f)
	turnOf    [numCells]int8    // (f, r) -> (8-f, 8-r)
	backRow   [2]uint64         // where White's (0) and Red's (1) men are crowned
	manDomain [2]uint64         // where White's and Red's men may stand: not on their back row
	allSet    uint64            = 1<<numCells - 1
	// rays[k][d] lists the cells from k (exclusive) to the edge along d.
	rays   [numCells][6][8]int8
	rayLen [numCells][6]int8
	// libCell maps our cell to the rules package's Cell; ourCell the other
	// way (-1 for values that are no cell).
	libCell [numCells]hexdame.Cell
	ourCell [256]int8
)

func init() {
	for f := range cellAtFR {
		for r := range cellAtFR[f] {
			cellAtFR[f][r] = -1
		}
	}
	k := 0
	for r := 0; r < 9; r++ {
		for f := 0; f < 9; f++ {
			if f-r <= 4 && r-f <= 4 {
				cellAtFR[f][r] = int8(k)
				cellFile[k], cellRank[k] = int8(f), int8(r)
				k++
			}
		}
	}
	for i := range ourCell {
		ourCell[i] = -1
	}
	for k := 0; k < numCells; k++ {
		f, r := int(cellFile[k]), int(cellRank[k])
		mirrorOf[k] = cellAtFR[r][f]
		turnOf[k] = cellAtFR[8-f][8-r]
		for d, s := range steps {
			neighbor[k][d] = at(f+s[0], r+s[1])
			n := 0
			for x, y := f+s[0], r+s[1]; at(x, y) >= 0; x, y = x+s[0], y+s[1] {
				rays[k][d][n] = at(x, y)
				n++
			}
			rayLen[k][d] = int8(n)
		}
		if r == 8 || f == 8 {
			backRow[0] |= 1 << k
		}
		if r == 0 || f == 0 {
			backRow[1] |= 1 << k
		}
		c, ok := hexdame.CellAt(f, r)
		if !ok {
			panic("endgame: the rules package has no cell " + string(rune('a'+f)) + string(rune('1'+r)))
		}
		libCell[k] = c
		ourCell[uint8(c)] = int8(k)
	}
	manDomain[0] = allSet &^ backRow[0]
	manDomain[1] = allSet &^ backRow[1]
	libShift = -1
	if s := int(libCell[0]); s < 64-numCells+1 {
		libShift = s
		for k := range libCell {
			if int(libCell[k]) != k+s {
				libShift = -1
			}
		}
	}
	for k := range turnOf {
		if int(turnOf[k]) != numCells-1-k {
			panic("endgame: the half turn is not the reversal of the rank order")
		}
	}
}

// libShift is s when the rules package's Cell c is our cell c-s for every
// cell (so that a set of its cells is ours shifted left by s), else -1.
var libShift int

// at returns the cell with file index f and rank index r, or -1.
func at(f, r int) int8 {
	if f < 0 || f > 8 || r < 0 || r > 8 {
		return -1
	}
	return cellAtFR[f][r]
}

// mapSet applies a cell map to every cell of a set.
func mapSet(s uint64, m *[numCells]int8) uint64 {
	var out uint64
	for s != 0 {
		out |= 1 << m[bits.TrailingZeros64(s)]
		s &= s - 1
	}
	return out
}

// A board is a position in our numbering: the men and kings of White (0)
// and Red (1), the side to move being given apart.
type board struct {
	men, kings [2]uint64
}

func (b *board) pieces(c int) uint64 { return b.men[c] | b.kings[c] }
func (b *board) occupied() uint64    { return b.men[0] | b.men[1] | b.kings[0] | b.kings[1] }

// mirrored returns the board reflected in the a1-i9 column, (f, r) -> (r,
// f), which keeps every rule (it swaps the two oblique forward steps).
func (b board) mirrored() board {
	for c := 0; c < 2; c++ {
		b.men[c] = mapSet(b.men[c], &mirrorOf)
		b.kings[c] = mapSet(b.kings[c], &mirrorOf)
	}
	return b
}

// swapped returns the board turned by a half turn, (f, r) -> (8-f, 8-r),
// with the colours exchanged: Red's position with Red to move becomes the
// same position for White with White to move.
func (b board) swapped() board {
	return board{
		men:   [2]uint64{turned(b.men[1]), turned(b.men[0])},
		kings: [2]uint64{turned(b.kings[1]), turned(b.kings[0])},
	}
}

// turned returns the set turned by a half turn. In the rank order of our
// numbering the half turn maps cell k to cell 60-k (init checks it): the
// set's bits reversed.
func turned(s uint64) uint64 { return bits.Reverse64(s) >> (64 - numCells) }
