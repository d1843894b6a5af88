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

// hasCapture reports whether the side to move has a capture.
func (p *Position) hasCapture() bool {
	us, them := p.side, p.side^1
	for a := 0; a < numAxes; a++ {
		enemy := p.pieces[a][them]
		empty := allCells &^ (p.pieces[a][us] | enemy)
		men := p.pieces[a][us] &^ p.kings[a]
		if men&hasJump[a][0]&(enemy>>1)&(empty>>2) != 0 ||
			men&hasJump[a][1]&(enemy<<1)&(empty<<2) != 0 {
			return true
		}
	}
	for k := p.pieces[0][us] & p.kings[0]; k != 0; {
		c := Cell(popLowest(&k))
		for a := 0; a < numAxes; a++ {
			occ := p.pieces[a][White] | p.pieces[a][Red]
			enemy := p.pieces[a][them]
			// The first piece along the ray must be an enemy with an empty
			// cell of the same line right behind it.
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
			m := Move{from: axisCell[a][i-back], to: to}
			if promo&axisBit[0][to] != 0 {
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
type captureSearch struct {
	dst   []Move
	start int    // where this search's moves begin in dst
	best  int    // captures made by the moves in dst[start:]
	occ   uint64 // occupied cells, less the capturing piece
	enemy uint64 // the opponent's pieces
	from  Cell   // the capturing piece's start cell
	flags uint8  // moveByKing for a king
	promo uint64 // the capturing side's back row
}

// appendCaptures appends the legal captures of the side to move (none when
// there is no capture).
func (p *Position) appendCaptures(dst []Move) []Move {
	s := captureSearch{dst: dst, start: len(dst), enemy: p.pieces[0][p.side^1], promo: backRow[p.side]}
	own := p.pieces[0][p.side]
	for pieces := own; pieces != 0; {
		c := Cell(popLowest(&pieces))
		s.from = c
		s.occ = p.occupied() &^ axisBit[0][c]
		if p.kings[0]&axisBit[0][c] != 0 {
			s.flags = moveByKing
			s.king(c, 0, 0)
		} else {
			s.flags = 0
			s.man(c, 0, 0)
		}
	}
	return s.dst
}

// man extends a man's capture sequence that has reached cell at after
// capturing the pieces in captured (n of them).
func (s *captureSearch) man(at Cell, captured uint64, n int) {
	jumped := false
	for d := Direction(0); d < NumDirections; d++ {
		over := neighbor[at][d]
		if over == NoCell || (s.enemy&^captured)&axisBit[0][over] == 0 {
			continue
		}
		land := neighbor[over][d]
		if land == NoCell || s.occ&axisBit[0][land] != 0 {
			continue
		}
		jumped = true
		s.man(land, captured|axisBit[0][over], n+1)
	}
	if !jumped && n > 0 {
		s.add(at, captured, n)
	}
}

// king extends a king's capture sequence the same way: along each
// direction it passes empty cells, jumps the first piece if it is an enemy
// not yet captured, and may land on any empty cell behind it.
func (s *captureSearch) king(at Cell, captured uint64, n int) {
	jumped := false
	for d := Direction(0); d < NumDirections; d++ {
		ray := &rays[at][d]
		length := int(rayLen[at][d])
		k := 0
		for k < length && s.occ&axisBit[0][ray[k]] == 0 {
			k++
		}
		if k >= length-1 || (s.enemy&^captured)&axisBit[0][ray[k]] == 0 {
			continue
		}
		over := axisBit[0][ray[k]]
		for j := k + 1; j < length && s.occ&axisBit[0][ray[j]] == 0; j++ {
			jumped = true
			s.king(ray[j], captured|over, n+1)
		}
	}
	if !jumped && n > 0 {
		s.add(at, captured, n)
	}
}

// add records a finished sequence: majority capture keeps only the longest,
// and sequences with the same start, end and captured set are one move.
func (s *captureSearch) add(to Cell, captured uint64, n int) {
	if n < s.best {
		return
	}
	if n > s.best {
		s.best = n
		s.dst = s.dst[:s.start]
	}
	for _, m := range s.dst[s.start:] {
		if m.to == to && m.captured == captured && m.from == s.from {
			return
		}
	}
	m := Move{from: s.from, to: to, captured: captured, flags: s.flags}
	if s.flags&moveByKing == 0 && s.promo&axisBit[0][to] != 0 {
		m.flags |= movePromotes
	}
	s.dst = append(s.dst, m)
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
		for k < length && s.occ&axisBit[0][ray[k]] == 0 && s.king {
			k++
		}
		if k >= length-1 || (s.target&^captured)&axisBit[0][ray[k]] == 0 {
			continue
		}
		over := axisBit[0][ray[k]]
		for j := k + 1; j < length && s.occ&axisBit[0][ray[j]] == 0; j++ {
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
		occ:    p.occupied() &^ axisBit[0][m.from],
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
