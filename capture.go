package hexdame

import "math/bits"

// This file holds move generation: the bitboard tests and non-capturing
// moves, which work on all three axis numberings at once, and the capture
// search, which follows one piece cell by cell.

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
	us, them := p.side&1, (p.side^1)&1
	enemy := p.pieces[a][them]
	empty := allCells &^ (p.pieces[a][us] | enemy)
	men := p.pieces[a][us] &^ p.kings[a]
	return men&hasJump[a][0]&(enemy>>1)&(empty>>2) | men&hasJump[a][1]&(enemy<<1)&(empty<<2)
}

// kingCanCapture reports whether the king on c can capture a piece of
// color them.
func (p *Position) kingCanCapture(c Cell, them Color) bool {
	for a := 0; a < numAxes; a++ {
		occ := p.pieces[a][White] | p.pieces[a][Red]
		enemy := p.pieces[a][them&1]
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
	promo := backRow[p.side]
	for a := 0; a < numAxes; a++ {
		for t := p.manSteps(a); t != 0; {
			i := popLowest(&t)
			to := axisCell[a][i]
			m := Move{from: axisCell[a][(i-back)&63], to: to}
			if promo&bit(to) != 0 {
				m.flags = movePromotes
			}
			dst = append(dst, m)
		}
	}
	for k := p.pieces[0][p.side] & p.kings[0]; k != 0; {
		c := Cell(popLowest(&k))
		for a := 0; a < numAxes; a++ {
			for dir := 0; dir < 2; dir++ {
				for t := p.kingSlides(c, a, dir == 1); t != 0; {
					dst = append(dst, Move{from: c, to: axisCell[a][popLowest(&t)], flags: moveByKing})
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
	for k := p.pieces[0][p.side] & p.kings[0]; k != 0; {
		c := Cell(popLowest(&k))
		for a := 0; a < numAxes; a++ {
			n += bits.OnesCount64(p.kingSlides(c, a, false) | p.kingSlides(c, a, true))
		}
	}
	return n
}

// A captureSearch explores every capture sequence of the side to move and
// keeps, in dst[start:], the distinct moves that capture the most pieces.
//
// During a sequence the captured pieces stay on the board (they block, and
// cannot be jumped again) and only the capturing piece has left its start
// cell, so occ is the occupancy without the capturing piece throughout.
//
// The moves go into a slice passed down and returned by each call, never
// stored in the search itself, so that a caller's buffer on the stack stays
// there.
type captureSearch struct {
	start int    // where this search's moves begin in dst
	best  int    // captures made by the moves in dst[start:]
	occ   uint64 // occupied cells, less the capturing piece
	enemy uint64 // the opponent's pieces
	// axisOcc holds occ in the numbering of each axis.
	axisOcc [numAxes]uint64
	from    Cell   // the capturing piece's start cell
	flags   uint8  // moveByKing for a king
	promo   uint64 // the capturing side's back row
}

// appendCaptures appends the legal captures of the side to move (none when
// there is no capture).
func (p *Position) appendCaptures(dst []Move) []Move {
	return p.appendCapturesFrom(dst, p.capturers())
}

// appendCapturesFrom appends the legal captures of the side to move, given
// the pieces that can capture.
func (p *Position) appendCapturesFrom(dst []Move, capturers uint64) []Move {
	s := captureSearch{start: len(dst), enemy: p.pieces[0][p.side^1], promo: backRow[p.side]}
	for pieces := capturers; pieces != 0; {
		c := Cell(popLowest(&pieces))
		s.from = c
		s.occ = p.occupied() &^ bit(c)
		if p.kings[0]&bit(c) != 0 {
			s.flags = moveByKing
			for a := range s.axisOcc {
				s.axisOcc[a] = (p.pieces[a][White] | p.pieces[a][Red]) &^ cellBits[c][a]
			}
			dst = s.king(dst, c, 0, 0)
		} else {
			s.flags = 0
			dst = s.man(dst, c, 0, 0)
		}
	}
	return dst
}

// man extends a man's capture sequence that has reached cell at after
// capturing the pieces in captured (n of them).
func (s *captureSearch) man(dst []Move, at Cell, captured uint64, n int) []Move {
	jumped := false
	for d := Direction(0); d < NumDirections; d++ {
		over := neighbor[at][d]
		if over == NoCell || (s.enemy&^captured)&bit(over) == 0 {
			continue
		}
		land := neighbor[over][d]
		if land == NoCell || s.occ&bit(land) != 0 {
			continue
		}
		jumped = true
		dst = s.man(dst, land, captured|bit(over), n+1)
	}
	if !jumped && n > 0 {
		dst = s.add(dst, at, captured, n)
	}
	return dst
}

// king extends a king's capture sequence the same way: along each
// direction it passes empty cells, jumps the first piece if it is an enemy
// not yet captured, and may land on any empty cell behind it, nearest
// first. It looks along the lines with the axis numberings, in which the
// first piece of a ray is a bit scan away.
func (s *captureSearch) king(dst []Move, at Cell, captured uint64, n int) []Move {
	jumped := false
	for d := 0; d < NumDirections; d++ {
		a, backward := d%3, d >= 3
		occ := s.axisOcc[a]
		ray := rayMask[a][d/3][at]
		blk := ray & occ
		if blk == 0 {
			continue
		}
		// i: the first piece along the ray; behind: the empty cells
		// after it, up to the next piece.
		var i int
		var behind uint64
		if !backward {
			i = bits.TrailingZeros64(blk)
			behind = ray &^ (2<<i - 1)
			if next := behind & occ; next != 0 {
				behind &= next&-next - 1
			}
		} else {
			i = 63 - bits.LeadingZeros64(blk)
			behind = ray & (1<<i - 1)
			if next := behind & occ; next != 0 {
				behind &^= 2<<(63-bits.LeadingZeros64(next)) - 1
			}
		}
		over := bit(axisCell[a][i&63])
		if behind == 0 || (s.enemy&^captured)&over == 0 {
			continue
		}
		jumped = true
		for behind != 0 {
			var j int
			if !backward {
				j = popLowest(&behind)
			} else {
				j = 63 - bits.LeadingZeros64(behind)
				behind &^= 1 << j
			}
			dst = s.king(dst, axisCell[a][j&63], captured|over, n+1)
		}
	}
	if !jumped && n > 0 {
		dst = s.add(dst, at, captured, n)
	}
	return dst
}

// add records a finished sequence: majority capture keeps only the longest,
// and sequences with the same start, end and captured set are one move.
func (s *captureSearch) add(dst []Move, to Cell, captured uint64, n int) []Move {
	if n < s.best {
		return dst
	}
	if n > s.best {
		s.best = n
		dst = dst[:s.start]
	}
	for _, m := range dst[s.start:] {
		if m.to == to && m.captured == captured && m.from == s.from {
			return dst
		}
	}
	m := Move{from: s.from, to: to, captured: captured, flags: s.flags}
	if s.flags&moveByKing == 0 && s.promo&bit(to) != 0 {
		m.flags |= movePromotes
	}
	return append(dst, m)
}

// pathSearch enumerates the landing cells of the capture sequences that
// make a given capture move, calling visit with each complete path (the
// start cell first, then every landing cell) until visit returns false.
type pathSearch struct {
	occ, target uint64
	to          Cell
	king        bool
	path        []Cell
	visit       func(path []Cell) bool
}

// walk extends the path ending at cell at (having captured captured) and
// reports whether the enumeration should go on.
func (s *pathSearch) walk(at Cell, captured uint64) bool {
	if captured == s.target {
		if at == s.to {
			return s.visit(s.path)
		}
		return true
	}
	for d := Direction(0); d < NumDirections; d++ {
		ray := &rays[at][d]
		length := int(rayLen[at][d])
		k := 0
		for k < length && s.occ&bit(ray[k]) == 0 && s.king {
			k++
		}
		if k >= length-1 || (s.target&^captured)&bit(ray[k]) == 0 {
			continue
		}
		over := bit(ray[k])
		for j := k + 1; j < length && s.occ&bit(ray[j]) == 0; j++ {
			s.path = append(s.path, ray[j])
			more := s.walk(ray[j], captured|over)
			s.path = s.path[:len(s.path)-1]
			if !more {
				return false
			}
			if !s.king {
				break
			}
		}
	}
	return true
}

// eachPath calls visit with each capture path of m in p (start cell and
// every landing cell), or once with [from, to] for a non-capture.
func (p Position) eachPath(m Move, visit func(path []Cell) bool) {
	if !m.IsCapture() {
		visit([]Cell{m.from, m.to})
		return
	}
	s := pathSearch{
		occ:    p.occupied() &^ bit(m.from),
		target: m.captured,
		to:     m.to,
		king:   m.ByKing(),
		path:   make([]Cell, 1, 1+bits.OnesCount64(m.captured)),
		visit:  visit,
	}
	s.path[0] = m.from
	s.walk(m.from, 0)
}

// Path returns the start cell and every landing cell of m played in p: for
// a non-capture [from, to], for a capture the cell after each captured
// piece, ending with To. When several paths give the same move, Path
// returns the first found, trying directions in the order UpRight, UpLeft,
// Up, DownLeft, DownRight, Down and, for a king, the nearest landing cell
// first. It returns nil when m is not legal in p.
func (p Position) Path(m Move) []Cell { return p.AppendPath(nil, m) }

// AppendPath appends what Path returns to dst; for a move not legal in p it
// returns dst unchanged.
func (p Position) AppendPath(dst []Cell, m Move) []Cell {
	if !p.IsLegal(m) {
		return dst
	}
	p.eachPath(m, func(path []Cell) bool {
		dst = append(dst, path...)
		return false
	})
	return dst
}
