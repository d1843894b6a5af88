package endgame

import (
	"math/bits"

	"github.com/hexdame/hexdame"
)

// The tables number the cells 0 to 60 rank by rank from a1 (a1=0, b1=1,
// ..., e1=4, a2=5, ..., i9=60), and a set of cells is a uint64 with bit k
// for cell k. The files index positions by these numbers (index.go ranks
// sets of them), so they are the file format's, fixed as long as its
// version is. They are the rules package's Cell values less one (cell k
// is hexdame.Cell(k+1), and a hexdame.CellSet is our set shifted left by
// one), as that package documents its Cell values; TestNumbering checks
// it. The half turn, which swaps the colors, maps cell k to cell 60-k,
// so turned, a bit reversal, does it; the rest of the board's geometry
// comes from the rules package (Cell.Neighbor, Color.CrowningRow).

const numCells = 61

var (
	mirrorOf [numCells]int8 // (f, r) -> (r, f)
	// backRow holds where White's (0) and Red's (1) men are crowned,
	// manDomain where they may stand: not on their back row.
	backRow   [2]uint64
	manDomain [2]uint64
	allSet    uint64 = 1<<numCells - 1
)

func init() {
	for k := range mirrorOf {
		c := cellOf(k)
		m, _ := hexdame.CellAt(c.Rank(), c.File())
		mirrorOf[k] = int8(m - 1)
	}
	backRow[0] = fromLib(uint64(hexdame.White.CrowningRow()))
	backRow[1] = fromLib(uint64(hexdame.Red.CrowningRow()))
	manDomain[0] = allSet &^ backRow[0]
	manDomain[1] = allSet &^ backRow[1]
}

// cellOf returns the rules package's Cell of our cell k.
func cellOf(k int) hexdame.Cell { return hexdame.Cell(k + 1) }

// bitOf returns the set of our numbering holding the rules package's cell
// c, a valid cell or NoCell (the empty set).
func bitOf(c hexdame.Cell) uint64 { return 1 << c >> 1 }

// fromLib maps a set of the rules package's cells (a hexdame.CellSet) to
// ours.
func fromLib(s uint64) uint64 { return s >> 1 }

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
// with the colors exchanged: Red's position with Red to move becomes the
// same position for White with White to move.
func (b board) swapped() board {
	return board{
		men:   [2]uint64{turned(b.men[1]), turned(b.men[0])},
		kings: [2]uint64{turned(b.kings[1]), turned(b.kings[0])},
	}
}

// turned returns the set turned by a half turn. In the rank order of our
// numbering the half turn maps cell k to cell 60-k (TestNumbering): the
// set's bits reversed.
func turned(s uint64) uint64 { return bits.Reverse64(s) >> (64 - numCells) }
