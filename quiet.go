package hexdame

import "math/bits"

// This file holds the bitboard tests of move generation and the moves
// without capture, which work on all three axis numberings at once.

// manSteps returns, in the numbering of axis a, the empty cells that the
// side to move's men can step to along a in their forward sense. A White
// man's forward sense is the positive one on every axis, a Red man's the
// negative one.
func (p *Position) manSteps(a int) uint64 {
	empty := allCells &^ (p.pieces[a][White] | p.pieces[a][Red])
	men := p.pieces[a][p.side] &^ p.kings[a]
	if p.side == White {
		return (men & hasStep[a][0]) << 1 & empty
	}
	return (men & hasStep[a][1]) >> 1 & empty
}

// kingSlides returns, in the numbering of axis a, the empty cells a king on
// c reaches by sliding along a: forward (positive sense) or backward, up to
// the first occupied cell.
func (p *Position) kingSlides(c Cell, a int, backward bool) uint64 {
	occ := p.pieces[a][White] | p.pieces[a][Red]
	if backward {
		ray := rayMask[a][1][c]
		if blk := ray & occ; blk != 0 {
			ray &^= 2<<(63-bits.LeadingZeros64(blk)) - 1
		}
		return ray
	}
	ray := rayMask[a][0][c]
	if blk := ray & occ; blk != 0 {
		ray &= blk&-blk - 1
	}
	return ray
}

// hasCapture reports whether the side to move has a capture: the test of
// capturers, stopping at the first piece found.
func (p *Position) hasCapture() bool {
	if p.manJumpers(0)|p.manJumpers(1)|p.manJumpers(2) != 0 {
		return true
	}
	them := (p.side ^ 1) & 1
	for k := p.pieces[0][p.side&1] & p.kings[0]; k != 0; {
		if p.kingCanCapture(Cell(popLowest(&k)), them) {
			return true
		}
	}
	return false
}

// capturers returns the pieces of the side to move that can capture (in
// the Cell numbering). A man can when, along some axis and in either sense,
// the next cell holds an enemy piece and the one after is empty; a king
// when the first piece it meets along a line is an enemy with an empty cell
// right behind it.
func (p *Position) capturers() uint64 {
	us, them := p.side&1, (p.side^1)&1
	var found uint64
	for a := 0; a < numAxes; a++ {
		m := p.manJumpers(a)
		if a == 0 {
			found |= m
			continue
		}
		for m != 0 {
			found |= bit(axisCell[a][popLowest(&m)])
		}
	}
	for k := p.pieces[0][us] & p.kings[0]; k != 0; {
		c := Cell(popLowest(&k))
		if p.kingCanCapture(c, them) {
			found |= bit(c)
		}
	}
	return found
}

// manJumpers returns, in the numbering of axis a, the men of the side to
// move that can jump an adjacent enemy piece along a, in either sense.
func (p *Position) manJumpers(a int) uint64 {
	pc := &p.pieces[a]
	us := p.side & 1
	return jumpers(pc[us]&^p.kings[a], pc[us^1], allCells&^(pc[0]|pc[1]), &hasJump[a])
}

// jumpers returns the men that can jump an adjacent enemy piece along an
// axis, in either sense, all given in that axis's numbering with jump the
// axis's hasJump masks. It is apart from manJumpers so that both stay
// small enough for the compiler to inline into the compulsory-capture
// test.
func jumpers(men, enemy, empty uint64, jump *[2]uint64) uint64 {
	return men & (jump[0]&(enemy>>1)&(empty>>2) | jump[1]&(enemy<<1)&(empty<<2))
}

// kingCanCapture reports whether the king on c can capture a piece of
// color them.
func (p *Position) kingCanCapture(c Cell, them Color) bool {
	for a := 0; a < numAxes; a++ {
		enemy := p.pieces[a][them&1]
		if (rayMask[a][0][c]|rayMask[a][1][c])&enemy == 0 {
			continue // no enemy on the line
		}
		occ := p.pieces[a][White] | p.pieces[a][Red]
		ray := rayMask[a][0][c]
		if blk := ray & occ; blk != 0 {
			first := blk & -blk
			if first&enemy != 0 && ray&^occ&(first<<1) != 0 {
				return true
			}
		}
		ray = rayMask[a][1][c]
		if blk := ray & occ; blk != 0 {
			first := uint64(1) << (63 - bits.LeadingZeros64(blk))
			if first&enemy != 0 && ray&^occ&(first>>1) != 0 {
				return true
			}
		}
	}
	return false
}

// appendQuietMoves appends the non-capturing moves of the side to move.
func (p *Position) appendQuietMoves(dst []Move) []Move {
	back := 1 // a White man arrives from the cell below in the axis numbering
	if p.side == Red {
		back = -1
	}
	for a := 0; a < numAxes; a++ {
		for t := p.manSteps(a); t != 0; {
			i := popLowest(&t)
			dst = append(dst, Move{from: axisCell[a][(i-back)&63], to: axisCell[a][i]})
		}
	}
	for k := p.pieces[0][p.side] & p.kings[0]; k != 0; {
		c := Cell(popLowest(&k))
		for a := 0; a < numAxes; a++ {
			for dir := 0; dir < 2; dir++ {
				for t := p.kingSlides(c, a, dir == 1); t != 0; {
					dst = append(dst, Move{from: c, to: axisCell[a][popLowest(&t)]})
				}
			}
		}
	}
	return dst
}

// countQuietMoves returns the number of moves appendQuietMoves would append.
func (p *Position) countQuietMoves() int {
	n := 0
	for a := 0; a < numAxes; a++ {
		n += bits.OnesCount64(p.manSteps(a))
	}
	if p.pieces[0][p.side&1]&p.kings[0] == 0 {
		return n
	}
	for a := 0; a < numAxes; a++ {
		pc := &p.pieces[a]
		kings, empty := pc[p.side&1]&p.kings[a], allCells&^(pc[0]|pc[1])
		n += bits.OnesCount64(slidesUp(kings, empty&hasStep[a][1])) +
			bits.OnesCount64(slidesDown(kings, empty&hasStep[a][0]))
	}
	return n
}

// slidesUp returns the cells that the kings reach by sliding along an axis
// towards higher indexes over the cells of path (the empty cells with a
// neighbor on the line below them), all in the axis's numbering. Each
// cell is reached by one king at most, the nearest below it, so the count
// of the result is the count of the slides.
func slidesUp(kings, path uint64) uint64 {
	g := kings | path&(kings<<1) // the kings and the cells 1 step on
	p := path & (path << 1)
	g |= p & (g << 2)            // up to 3 steps
	g |= p & (p << 2) & (g << 4) // 7
	g |= path & (g << 1)         // 8, the longest slide
	return g &^ kings
}

// slidesDown is slidesUp towards lower indexes, with path the empty cells
// with a neighbor on the line above them.
func slidesDown(kings, path uint64) uint64 {
	g := kings | path&(kings>>1)
	p := path & (path >> 1)
	g |= p & (g >> 2)
	g |= p & (p >> 2) & (g >> 4)
	g |= path & (g >> 1)
	return g &^ kings
}
