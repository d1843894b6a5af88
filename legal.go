package hexdame

import (
	"math"
	"slices"
)

// LegalMoves returns the legal moves of the side to move, applying
// compulsory and majority capture. It returns an empty slice when the side to
// move has no move (and so has lost).
func (p Position) LegalMoves() []Move { return p.AppendLegalMoves(make([]Move, 0, 32)) }

// AppendLegalMoves appends the legal moves of the side to move to dst and
// returns the extended slice. It allocates only when dst must grow, so a
// caller that reuses dst generates moves without allocating.
//
// When a capture is possible, only the captures that take the greatest
// number of pieces are legal (men and kings count one each), and captures
// with the same start, end and captured set are one move. Otherwise every
// step of a man forward and every slide of a king is legal.
func (p Position) AppendLegalMoves(dst []Move) []Move {
	if c := p.capturers(); c != 0 {
		return p.appendCapturesFrom(dst, c)
	}
	return p.appendQuietMoves(dst)
}

// AppendLegalMovesWithin is AppendLegalMoves with a bound on its work, for
// programs that take positions from others (a server checking uploaded
// records). The capture search may visit at most workLimit states (a
// state is a cell that the capturing piece reaches with the set of pieces
// it has captured on the way). When it would visit more, it stops soon
// after, and AppendLegalMovesWithin returns dst unchanged and an error
// wrapping ErrWorkLimit that names the position. A position without a
// capture needs no search: its moves are appended whatever workLimit is.
//
// The positions of played games take a few to a few hundred states; the
// heaviest positions known are in testdata/hostile.fen, with their states
// and times in doc/BENCHMARKS.md. Once a position passes, most of its other
// methods cost about one such search: Play, IsLegal, CountLegalMoves and
// ParseMove of a move written without landing cells generate its moves
// once, FormatMove once (twice for a capture that shares its start and
// end with another), and LegalMovePaths finds every move's path in one
// search. Path and move text with landing cells search for paths, which
// cost a search of their own.
func (p Position) AppendLegalMovesWithin(dst []Move, workLimit int) ([]Move, error) {
	c := p.capturers()
	if c == 0 {
		return p.appendQuietMoves(dst), nil
	}
	out, states := p.searchCaptures(dst, c, nil, workLimit)
	if states > workLimit {
		return dst, &workLimitError{pos: p, limit: int64(max(workLimit, 0))}
	}
	return out, nil
}

// hasLegalMoves reports whether the side to move has a legal move. A side
// without one has lost.
func (p *Position) hasLegalMoves() bool {
	return p.hasCapture() || p.countQuietMoves() > 0
}

// HasCapture reports whether the side to move has a capture, and so must
// capture: every legal move of the position is then a capture. It is the
// bitboard test that AppendLegalMoves makes first, without generating any
// move, so an engine's quiescence search can tell a quiet position from
// one where the capture must be played out before it evaluates it. A
// position where the side to move has no piece gives false.
func (p Position) HasCapture() bool { return p.hasCapture() }

// CountLegalMoves returns len(p.LegalMoves()) without building the list
// when no capture is possible: 0 when the side to move has no move, and
// so has lost. It is the last level of a perft count ("bulk counting").
func (p Position) CountLegalMoves() int { return p.countLegalMoves() }

// CountLegalMovesAfter returns the number of legal moves of the position
// m leads to: p.PlayUnchecked(m).CountLegalMoves(), under PlayUnchecked's
// terms, without making the position in between (a copy of p, then of
// the result, which cost a perft count a fifth of its time). It is the
// last two levels of a perft count in one call.
func (p Position) CountLegalMovesAfter(m Move) int {
	p.playUnchecked(&m)
	return p.countLegalMoves()
}

// countLegalMoves is CountLegalMoves; the method is kept small enough to
// be inlined.
func (p *Position) countLegalMoves() int {
	if c := p.capturers(); c != 0 {
		var buf [64]Move
		return len(p.appendCapturesFrom(buf[:0], c))
	}
	return p.countQuietMoves()
}

// IsLegal reports whether m is a legal move in p.
func (p Position) IsLegal(m Move) bool { return p.isLegal(&m) }

func (p *Position) isLegal(m *Move) bool {
	if !m.from.IsValid() || !m.to.IsValid() || m.captured&^allCells != 0 {
		return false
	}
	if m.captured == 0 {
		// A non-capture is legal when it is the step or slide the piece on
		// m.from can make to the empty m.to, and no capture exists.
		want, ok := p.quietMove(m.from, m.to)
		return ok && want == *m && !p.hasCapture()
	}
	var buf [32]Move
	for _, l := range p.appendCaptures(buf[:0]) {
		if l == *m {
			return true
		}
	}
	return false
}

// quietMove returns the non-capturing move of the piece of the side to
// move on from to the empty cell to: a man's step forward or a king's
// slide. It reports false when there is no such move (it does not check
// that no capture exists). from and to must be valid cells.
func (p *Position) quietMove(from, to Cell) (Move, bool) {
	us, f, t := p.side&1, bit(from), bit(to)
	if p.pieces[0][us]&f == 0 || p.occupied()&t != 0 {
		return Move{}, false
	}
	m := Move{from: from, to: to}
	if p.kings[0]&f != 0 {
		return m, lineDir[from][to] < NumDirections && between[from][to]&p.occupied() == 0
	}
	return m, forwardSteps[us][from]&t != 0
}

// illegalMove returns the error for m, a move that is not legal in p.
func illegalMove(p Position, m Move) *MoveError {
	return &MoveError{Text: m.String(), Why: "not a legal move in this position", err: ErrIllegalMove, pos: p, legal: p.LegalMoves()}
}

// Play returns the position after the side to move plays m. It returns p
// unchanged and a *MoveError wrapping ErrIllegalMove when m is not legal in
// p. p itself is never changed.
func (p Position) Play(m Move) (Position, error) {
	if !p.isLegal(&m) {
		return p, illegalMove(p, m)
	}
	p.apply(&m)
	return p, nil
}

// LegalMovePaths returns the legal moves of the side to move, as
// LegalMoves does and in the same order, each with its path as Path gives
// it. The moves and their paths come from one capture search: listing the
// paths of all the legal moves costs about what generating the moves
// costs, where calling Path for each move searches again for each.
func (p Position) LegalMovePaths() []MovePath {
	var buf [64]Move
	c := p.capturers()
	if c == 0 {
		var out []MovePath
		for _, m := range p.appendQuietMoves(buf[:0]) {
			mp := MovePath{Move: m, n: 2}
			mp.cells[0], mp.cells[1] = m.from, m.to
			out = append(out, mp)
		}
		return out
	}
	rec := getPathRecorder()
	p.searchCaptures(buf[:0], c, rec, math.MaxInt)
	out := slices.Clone(rec.paths)
	putPathRecorder(rec)
	return out
}

// Path returns m, a legal move of p, with its path: the start cell and
// every landing cell (for a non-capture the start and the end; for a
// capture the cell after each captured piece, ending with To). When
// several paths give the same move, Path gives the first found, trying
// directions in the order UpRight, UpLeft, Up, DownLeft, DownRight, Down
// and, for a king, the nearest landing cell first. A move that no piece of
// the side to move makes in p gives the zero MovePath.
//
// For a capture, Path searches for a path of the piece on m's start that
// captures m's pieces, without checking that no other capture takes more
// (IsLegal does that): so the paths of the moves LegalMoves gives cost a
// path search each, not a move generation, and LegalMovePaths gives them
// all from one search.
func (p Position) Path(m Move) MovePath {
	if !m.IsCapture() {
		if !p.isLegal(&m) {
			return MovePath{}
		}
		return p.pathOf(m)
	}
	if !p.canApply(&m) {
		return MovePath{}
	}
	return p.pathOf(m)
}

// pathOf returns the path of m, a legal move of p, or, for a capture no
// path of the piece on its start makes, the zero MovePath.
func (p *Position) pathOf(m Move) MovePath {
	mp := MovePath{Move: m}
	if !m.IsCapture() {
		mp.cells[0], mp.cells[1], mp.n = m.from, m.to, 2
		return mp
	}
	path, ok := p.findPath(mp.cells[:0], m, pathAny, nil, nil)
	if !ok {
		return MovePath{}
	}
	mp.n = uint8(len(path))
	return mp
}
