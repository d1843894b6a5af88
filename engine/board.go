package engine

import (
	"math/bits"

	"github.com/hexdame/hexdame"
)

// The evaluation and the search take the board's geometry from the rules
// package (hexdame.Cell.Slide, hexdame.CellSet.Neighbors and the like):
// bit c of a bitboard is hexdame.Cell c, the cell numbered c, as in
// hexdame.CellSet.

// allCells holds the bits of the 61 cells.
const allCells = uint64(hexdame.AllCells)

// rotate returns bitboard b turned half around the board's centre e5:
// Red's pieces as White sees its own. Numeric notation numbers the cells
// in the reading order of the diagram, which the half turn reverses: cell
// n goes to cell 62-n, and the bits of a bitboard are reversed and
// shifted down by one (TestRotate).
func rotate(b uint64) uint64 { return bits.Reverse64(b) >> 1 }

// rotateCell returns the cell that c goes to by rotate.
func rotateCell(c int) int { return hexdame.NumCells + 1 - c }

// step returns the cells one step in direction d from the cells of b (the
// steps that stay on the board).
func step(b uint64, d hexdame.Direction) uint64 { return uint64(hexdame.CellSet(b).Neighbors(d)) }
