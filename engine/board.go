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
	rayMask    [64][6]uint64 // the cells of rays[c][d]
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
			for _, x := range rays[c][d][:k] {
				rayMask[c][d] |= 1 << x
			}
			if k > 0 {
				neighbours[c][d] = rays[c][d][0]
			}
		}
	}
}

// rotate returns bitboard b turned half around the board's centre e5:
// Red's pieces as White sees its own.
func rotate(b uint64) uint64 { return bits.Reverse64(b) >> rotateShift }

// rotateCell returns the cell that c goes to by rotate.
func rotateCell(c int) int { return 63 - int(rotateShift) - c }

// Steps as shifts: moving one step in a direction moves the cells of each
// rank that have a neighbour there by the same number of bits, and the
// ranks need at most four different numbers, all of one sign: positive for
// the forward directions (UpRight, UpLeft, Up), negative for the others.
// step0 to step5 hold, for each direction, the cells that move by each
// shift as constant masks, so that the evaluation's calls are inlined
// with constant shifts; TestStep checks them against the neighbours of
// every cell.

// step returns the cells one step in direction d from the cells of b (the
// steps that stay on the board).
func step(b uint64, d int) uint64 {
	switch d {
	case 0:
		return step0(b)
	case 1:
		return step1(b)
	case 2:
		return step2(b)
	case 3:
		return step3(b)
	case 4:
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
