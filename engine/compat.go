package engine

import "github.com/hexdame/hexdame"

// capturedSet returns the bitboard of the pieces m captures.
func capturedSet(m hexdame.Move) uint64 { return uint64(m.Captured()) }
