package endgame

import (
	"runtime"

	"github.com/hexdame/hexdame"
)

// Stats sums up one material's table for one side to move.
type Stats struct {
	Material   Material
	SideToMove hexdame.Color
	// Positions, Wins, Draws and Losses count positions (a position and
	// its mirror image in the a1-i9 column count as two when they
	// differ), won, drawn and lost for the side to move.
	Positions, Wins, Draws, Losses uint64
	// LongestWin is the longest distance of a won position (0 when none is
	// won) and LongestWinPosition the first such position in index order;
	// likewise for the losses.
	LongestWin          int
	LongestWinPosition  hexdame.Position
	LongestLoss         int
	LongestLossPosition hexdame.Position
	// ByDistance[d] counts the positions decided at distance d: won when d
	// is odd, lost when it is even. Its length is LongestWin or
	// LongestLoss plus one, whichever is more.
	ByDistance []uint64
}

// Stats counts the wins, draws and losses of material m with side to
// move, and finds its longest win and loss. ok is false when m is not in
// the loaded tables. It reads the whole table: a second or so per
// hundred million positions.
func (t *Tables) Stats(m Material, side hexdame.Color) (s Stats, ok bool) {
	if t == nil {
		t = &noTables
	}
	x := m
	if side == hexdame.Red {
		x = m.Swapped()
	}
	c := x.code()
	if c < 0 || t.parts.parts[c] == nil {
		return s, false
	}
	pt := t.parts.parts[c]
	defer runtime.KeepAlive(t) // t.parts.blocks hold the entries
	s.Material, s.SideToMove = m, side
	ix := pt.ix
	bestWin, bestLoss := uint64(0), uint64(0)
	haveWin, haveLoss := false, false
	for i, b := range pt.data {
		if b == valueHole {
			continue
		}
		w := uint64(2)
		if ix.lead.sym[uint64(i)/ix.restSize] {
			if bd, _ := ix.board(uint64(i)); bd.mirrored() == bd {
				w = 1
			}
		}
		s.Positions += w
		v, d, _ := decode(b)
		if v != Draw {
			for len(s.ByDistance) <= d {
				s.ByDistance = append(s.ByDistance, 0)
			}
			s.ByDistance[d] += w
		}
		switch v {
		case Win:
			s.Wins += w
			if !haveWin || d > s.LongestWin {
				s.LongestWin, bestWin, haveWin = d, uint64(i), true
			}
		case Loss:
			s.Losses += w
			if !haveLoss || d > s.LongestLoss {
				s.LongestLoss, bestLoss, haveLoss = d, uint64(i), true
			}
		default:
			s.Draws += w
		}
	}
	pos := func(i uint64) hexdame.Position {
		bd, _ := ix.board(i)
		p := bd.position(hexdame.White) // the part holds White to move
		if side == hexdame.Red {
			p = p.SwapColors()
		}
		return p
	}
	if haveWin {
		s.LongestWinPosition = pos(bestWin)
	}
	if haveLoss {
		s.LongestLossPosition = pos(bestLoss)
	}
	return s, true
}
