package engine

import (
	"math/bits"

	"github.com/hexdame/hexdame"
)

// Board geometry for the evaluation and the search, from the rules
// package's exported API: bit c of a bitboard is hexdame.Cell c, as in
// hexdame.CellSet.

const noCell = 255

var (
	allCells   uint64          // the bits of the 61 cells
	cellFile   [64]int8        // file index 0..8 of each cell, -1 for other bits
	cellRank   [64]int8        // rank index 0..8, -1 for other bits
	cellAt     [9][9]uint8     // [file][rank] -> cell, noCell off the board
	neighbours [64][6]uint8    // the adjacent cell in each direction, or noCell
	rays       [64][6][8]uint8 // the cells from c to the edge in each direction
	rayLen     [64][6]int8
	// whiteSteps[c]: the cells a White man on c steps to.
	whiteSteps [64]uint64
	// rotateShift turns a bit reversal into the half-turn of the board:
	// the cell at (f, r) goes to (8-f, 8-r), so that Red's pieces can be
	// seen from White's side (see rotate).
	rotateShift uint
)

func init() {
	for f := range cellAt {
		for r := range cellAt[f] {
			cellAt[f][r] = noCell
		}
	}
	for i := range cellFile {
		cellFile[i], cellRank[i] = -1, -1
	}
	for f := 0; f < 9; f++ {
		for r := 0; r < 9; r++ {
			c, ok := hexdame.CellAt(f, r)
			if !ok {
				continue
			}
			cellAt[f][r] = uint8(c)
			cellFile[c], cellRank[c] = int8(f), int8(r)
			allCells |= 1 << c
		}
	}
	a1, i9 := cellAt[0][0], cellAt[8][8]
	rotateShift = uint(63 - int(a1) - int(i9))
	for c := 0; c < 64; c++ {
		for d := range neighbours[c] {
			neighbours[c][d] = noCell
		}
		if cellFile[c] < 0 {
			continue
		}
		f, r := int(cellFile[c]), int(cellRank[c])
		for d := hexdame.Direction(0); d < hexdame.NumDirections; d++ {
			df, dr := d.Step()
			k := 0
			for x, y := f+df, r+dr; x >= 0 && x < 9 && y >= 0 && y < 9 && cellAt[x][y] != noCell; x, y = x+df, y+dr {
				rays[c][d][k] = cellAt[x][y]
				k++
			}
			rayLen[c][d] = int8(k)
			if k > 0 {
				neighbours[c][d] = rays[c][d][0]
				if d < hexdame.DownLeft {
					whiteSteps[c] |= 1 << rays[c][d][0]
				}
			}
		}
	}
}

// rotate returns bitboard b turned half around the board's centre e5:
// Red's pieces as White sees its own.
func rotate(b uint64) uint64 { return bits.Reverse64(b) >> rotateShift }

// rotateCell returns the cell that c goes to by rotate.
func rotateCell(c int) int { return 63 - int(rotateShift) - c }
