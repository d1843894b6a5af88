package endgame

import "math/bits"

func onesCount(s uint64) int { return bits.OnesCount64(s) }
