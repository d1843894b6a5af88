package endgame

import (
	"math/bits"

	"github.com/hexdame/hexdame"
)

// This file is the package's whole contact with the rules package's
// representation: a Position to our board and back, and what a Move does.

// boardOf returns p's pieces in our numbering.
func boardOf(p hexdame.Position) board {
	var b board
	for c := hexdame.White; c <= hexdame.Red; c++ {
		b.men[c] = fromLib(uint64(p.Men(c)))
		b.kings[c] = fromLib(uint64(p.Kings(c)))
	}
	return b
}

// position returns the rules package's position of board b with side to
// move.
func (b *board) position(side hexdame.Color) hexdame.Position {
	var p hexdame.Position
	for c := hexdame.White; c <= hexdame.Red; c++ {
		for s := b.men[c]; s != 0; s &= s - 1 {
			p = p.WithPiece(cellOf(bits.TrailingZeros64(s)), hexdame.MakePiece(c, false))
		}
		for s := b.kings[c]; s != 0; s &= s - 1 {
			p = p.WithPiece(cellOf(bits.TrailingZeros64(s)), hexdame.MakePiece(c, true))
		}
	}
	return p.WithSideToMove(side)
}

// after returns the board after the side to move (mover) plays m in b: the
// moving piece goes from m.From() to m.To(), the captured pieces go, and a
// man that ends on its back row is crowned. m must be a legal move of b.
func (b board) after(m hexdame.Move, mover int) board {
	from, to := bitOf(m.From()), bitOf(m.To())
	if b.kings[mover]&from != 0 {
		b.kings[mover] = b.kings[mover]&^from | to
	} else {
		b.men[mover] &^= from
		if backRow[mover]&to != 0 {
			b.kings[mover] |= to
		} else {
			b.men[mover] |= to
		}
	}
	if cap := fromLib(uint64(m.Captured())); cap != 0 {
		b.men[mover^1] &^= cap
		b.kings[mover^1] &^= cap
	}
	return b
}
