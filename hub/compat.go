package hub

import (
	"math/bits"

	"github.com/hexdame/hexdame"
)

// This file holds the package's few uses of rules-package API that is
// changing (issue 19), so that adapting to it touches one place.

// capturedMask returns the cells m captures as a set of cell numbers: bit n
// for the cell numbered n.
func capturedMask(m hexdame.Move) uint64 {
	var mask uint64
	for c := range m.Captured().All() {
		mask |= 1 << c.Number()
	}
	return mask
}

func trailingZeros(x uint64) int { return bits.TrailingZeros64(x) }
