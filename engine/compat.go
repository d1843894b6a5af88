package engine

import "github.com/hexdame/hexdame"

// capturedSet returns the bitboard of the pieces m captures.
func capturedSet(m hexdame.Move) uint64 {
	if !m.IsCapture() {
		return 0
	}
	var buf [32]hexdame.Cell
	var b uint64
	for _, c := range m.AppendCaptured(buf[:0]) {
		b |= 1 << c
	}
	return b
}
