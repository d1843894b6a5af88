package hexdame

import (
	"cmp"
	"math"
	"math/rand/v2"
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
// records). The capture search may visit at most maxStates states (a
// state is a cell that the capturing piece reaches with the set of pieces
// it has captured on the way). When it would visit more, it stops soon
// after, and AppendLegalMovesWithin returns dst unchanged and an error
// wrapping ErrWorkLimit that names the position. A position without a
// capture needs no search: its moves are appended whatever maxStates is.
//
// The positions of played games take a few to a few hundred states; the
// heaviest positions known are in testdata/hostile.fen, with their states
// and times in doc/BENCHMARKS.md. Once a position passes, most of its other
// methods cost about one such search: Play, IsLegal, CountLegalMoves and
// ParseMove of a move written without landing cells generate its moves
// once, FormatMove once (twice for a capture that shares its start and
// end with another), and LegalMovePaths finds every move's path in one
// search. Path, FormatMovePath and move text with landing cells search
// for paths, which cost a search of their own.
func (p Position) AppendLegalMovesWithin(dst []Move, maxStates int) ([]Move, error) {
	c := p.capturers()
	if c == 0 {
		return p.appendQuietMoves(dst), nil
	}
	out, states := p.searchCaptures(dst, c, nil, maxStates)
	if states > maxStates {
		return dst, &workLimitError{pos: p, limit: int64(max(maxStates, 0))}
	}
	return out, nil
}

// MovesFrom returns the legal moves of the piece on cell c (majority
// capture applies across all pieces: when another piece can capture more,
// the piece on c has no legal move). It returns an empty slice for an
// empty or invalid cell or a piece of the side not to move.
func (p Position) MovesFrom(c Cell) []Move { return p.AppendMovesFrom(make([]Move, 0, 16), c) }

// AppendMovesFrom appends MovesFrom(c) to dst. Like AppendLegalMoves it
// allocates only when dst must grow.
func (p Position) AppendMovesFrom(dst []Move, c Cell) []Move {
	if !c.IsValid() || p.pieces[0][p.side&1]&bit(c) == 0 {
		return dst
	}
	start := len(dst)
	dst = p.AppendLegalMoves(dst)
	out := dst[:start]
	for _, m := range dst[start:] {
		if m.from == c {
			out = append(out, m)
		}
	}
	return out
}

// HasLegalMoves reports whether the side to move has a legal move. A side
// without one has lost.
func (p Position) HasLegalMoves() bool {
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
// when no capture is possible.
func (p Position) CountLegalMoves() int {
	if p.hasCapture() {
		var buf [64]Move
		return len(p.appendCaptures(buf[:0]))
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

// Play returns the position after the side to move plays m. It returns p
// unchanged and a *MoveError wrapping ErrIllegalMove when m is not legal in
// p. p itself is never changed.
func (p Position) Play(m Move) (Position, error) {
	if !p.isLegal(&m) {
		return p, &MoveError{Text: m.String(), Err: ErrIllegalMove, Why: "not a legal move in this position",
			Position: p, Legal: p.LegalMoves()}
	}
	p.apply(&m)
	return p, nil
}

// LegalMovePaths returns the legal moves of the side to move, as
// LegalMoves does and in the same order, each with its path as Path gives
// it.
func (p Position) LegalMovePaths() []MovePath { return p.AppendLegalMovePaths(nil) }

// AppendLegalMovePaths appends LegalMovePaths() to dst. The moves and
// their paths come from one capture search: listing the paths of all the
// legal moves costs about what generating the moves costs, where calling
// Path or FormatMovePath for each move searches again for each.
func (p Position) AppendLegalMovePaths(dst []MovePath) []MovePath {
	var buf [64]Move
	c := p.capturers()
	if c == 0 {
		for _, m := range p.appendQuietMoves(buf[:0]) {
			mp := MovePath{Move: m, n: 2}
			mp.cells[0], mp.cells[1] = m.from, m.to
			dst = append(dst, mp)
		}
		return dst
	}
	rec := getPathRecorder()
	p.searchCaptures(buf[:0], c, rec, math.MaxInt)
	dst = append(dst, rec.paths...)
	putPathRecorder(rec)
	return dst
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
	return p.appendPathOf(dst, m)
}

// appendPathOf appends the path of m, a legal move of p.
func (p Position) appendPathOf(dst []Cell, m Move) []Cell {
	if !m.IsCapture() {
		return append(dst, m.from, m.to)
	}
	dst, _ = p.findPath(dst, m, pathAny, nil, nil)
	return dst
}

// RandomMove returns a uniformly random legal move of p, drawn with one
// call of r.IntN, and false when p has no legal move (r is then not used).
// A nil r draws from math/rand/v2's top-level source. It is the random
// player of tests, demonstrations and baseline opponents. The same r state
// gives the same move in every version of the package: the move is drawn
// from the legal moves in a fixed order (by start cell, end cell and
// captured pieces, in Cell order).
func (p Position) RandomMove(r *rand.Rand) (Move, bool) {
	var buf [64]Move
	moves := p.AppendLegalMoves(buf[:0])
	if len(moves) == 0 {
		return Move{}, false
	}
	slices.SortFunc(moves, compareMoves)
	if r == nil {
		return moves[rand.IntN(len(moves))], true
	}
	return moves[r.IntN(len(moves))], true
}

// compareMoves orders moves by start cell, end cell and captured pieces,
// in Cell order.
func compareMoves(a, b Move) int {
	if c := cmp.Compare(a.from, b.from); c != 0 {
		return c
	}
	if c := cmp.Compare(a.to, b.to); c != 0 {
		return c
	}
	return cmp.Compare(a.captured, b.captured)
}
