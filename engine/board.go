package engine

import (
	"math/bits"

	"github.com/hexdame/hexdame"
)

// The evaluation takes the board's geometry from the rules package: bit c
// of a bitboard is hexdame.Cell c, as in hexdame.CellSet, and a king's
// rays are hexdame.Cell.Ray. Only the steps below are written here, as
// constants, for speed.

// allCells holds the bits of the 61 cells.
const allCells = uint64(hexdame.AllCells)

// rays[c][d] is hexdame.Cell(c).Ray(d), kept in a table that the
// evaluation indexes without the checks Ray makes (its entries for the
// bits that are no cell are empty): with Ray itself a king's evaluation
// takes 7% more instructions.
var rays [64][hexdame.NumDirections]uint64

func init() {
	for c := range rays {
		for d := range rays[c] {
			rays[c][d] = uint64(hexdame.Cell(c).Ray(hexdame.Direction(d)))
		}
	}
}

// rotate returns bitboard b turned half around the board's center e5:
// Red's pieces as White sees its own. Cell values count the cells rank by
// rank from a1 (1) to i9 (61), an order the half turn reverses: cell c
// goes to cell 62-c, and the bits of a bitboard are reversed and shifted
// down by one (TestRotate).
func rotate(b uint64) uint64 { return bits.Reverse64(b) >> 1 }

// rotateCell returns the cell that c goes to by rotate.
func rotateCell(c int) int { return hexdame.NumCells + 1 - c }

// Steps as shifts: moving one step in a direction moves the cells of each
// rank that have a neighbor there by the same number of bits, and the
// ranks need at most four different numbers, all of one sign: positive for
// White's forward directions (UpRight, UpLeft, Up), negative for the
// others. step0 to step5 are hexdame.CellSet.Neighbors in each direction
// with the masks and shifts as constants, which the compiler folds into
// the evaluation's code: Neighbors, which must load them from a table,
// costs the search about 5% more instructions. TestStep checks them
// against Neighbors for every cell.

// step returns the cells one step in direction d from the cells of b (the
// steps that stay on the board).
func step(b uint64, d hexdame.Direction) uint64 {
	switch d {
	case hexdame.UpRight:
		return step0(b)
	case hexdame.UpLeft:
		return step1(b)
	case hexdame.Up:
		return step2(b)
	case hexdame.DownLeft:
		return step3(b)
	case hexdame.DownRight:
		return step4(b)
	}
	return step5(b)
}

// step0 to step5 are step in directions 0 to 5.
func step0(b uint64) uint64 { return (b & 0x1efbf7f7fbfbf7de) << 1 }

func step1(b uint64) uint64 {
	return (b&0x1f000000000003e)<<5 | (b&0x7e00000000fc0)<<6 | (b&0xfe00007f000)<<7 | (b&0xff7f80000)<<8
}

func step2(b uint64) uint64 {
	return (b&0xf800000000003e)<<6 | (b&0x3f00000000fc0)<<7 | (b&0x7f00007f000)<<8 | (b&0x7fff80000)<<9
}

func step3(b uint64) uint64 { return (b & 0x3df7efeff7f7efbc) >> 1 }

func step4(b uint64) uint64 {
	return (b&0x3e000000000007c0)>>5 | (b&0x1f800000003f000)>>6 | (b&0x7f00003f80000)>>7 | (b&0xff7f8000000)>>8
}

func step5(b uint64) uint64 {
	return (b&0x3e00000000000f80)>>6 | (b&0x1f800000007e000)>>7 | (b&0x7f00007f00000)>>8 | (b&0xffff0000000)>>9
}
