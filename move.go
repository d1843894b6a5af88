package hexdame

import (
	"cmp"
	"errors"
	"math/bits"
	"slices"
	"strconv"
)

// A Move is one legal move: the cell the piece starts from, the cell where it
// ends, the set of pieces it captures, and whether it is made by a king and
// whether it promotes a man.
//
// Following the rules ("two sequences with the same start cell, the same end
// cell and the same set of captured pieces are the same move"), a Move is
// exactly that outcome, so two Moves compare equal with == precisely when
// they are the same move, whichever capture path was taken. The landing
// cells of a capture depend on the position it is played in: get them with
// Position.Path or Position.AppendPath.
//
// Moves are made by the Position methods that generate or parse them; the
// zero Move is not a legal move in any position.
type Move struct {
	captured uint64 // bitboard of the captured pieces (Cell numbering)
	from, to Cell
	flags    uint8
}

const (
	moveByKing   uint8 = 1 << iota // the moving piece is a king
	movePromotes                   // a man ends on its back row and is crowned
)

// From returns the cell the moving piece starts from.
func (m Move) From() Cell { return m.from }

// To returns the cell where the moving piece ends.
func (m Move) To() Cell { return m.to }

// IsCapture reports whether the move captures.
func (m Move) IsCapture() bool { return m.captured != 0 }

// CaptureCount returns the number of pieces the move captures.
func (m Move) CaptureCount() int { return bits.OnesCount64(m.captured) }

// Captured returns the captured cells in Cell order (nil for a non-capture).
func (m Move) Captured() []Cell { return m.AppendCaptured(nil) }

// AppendCaptured appends the captured cells, in Cell order, to dst.
func (m Move) AppendCaptured(dst []Cell) []Cell { return appendCells(dst, m.captured) }

// Captures reports whether the move captures the piece on cell c.
func (m Move) Captures(c Cell) bool { return c.IsValid() && m.captured&bit(c) != 0 }

// ByKing reports whether the moving piece is a king.
func (m Move) ByKing() bool { return m.flags&moveByKing != 0 }

// Promotes reports whether the move crowns a man: it ends on its own back
// row.
func (m Move) Promotes() bool { return m.flags&movePromotes != 0 }

// String returns the move in short algebraic notation: "d4-e5" or "c3xe5",
// or "invalid move" for a Move that is not valid (see IsValid), such as
// the zero Move. Where two captures share start and end, only
// Position.FormatMove tells them apart.
func (m Move) String() string {
	if !m.IsValid() {
		return "invalid move"
	}
	return string(m.appendShort(nil, Algebraic))
}

func (m Move) appendShort(dst []byte, n Notation) []byte {
	dst = m.from.appendTo(dst, n)
	if m.IsCapture() {
		dst = append(dst, 'x')
	} else {
		dst = append(dst, '-')
	}
	return m.to.appendTo(dst, n)
}

// ErrIllegalMove is wrapped by the errors returned for a move that is not
// legal in the position it is played in.
var ErrIllegalMove = errors.New("illegal move")

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
		m.flags = moveByKing
		return m, lineDir[from][to] < NumDirections && between[from][to]&p.occupied() == 0
	}
	if backRow[us]&t != 0 {
		m.flags = movePromotes
	}
	return m, forwardSteps[us][from]&t != 0
}

// forward reports whether d is a forward direction for the side to move.
func (p *Position) forward(d Direction) bool { return d.positive() == (p.side == White) }

func (p *Position) occupied() uint64 { return p.pieces[0][White] | p.pieces[0][Red] }

// A MoveError reports a move that cannot be played or read: its text (when
// it came from text), why, and the legal moves of the position. It wraps
// ErrIllegalMove, ErrAmbiguousMove or ErrInvalidMoveText, and for move text that
// names a cell that does not exist ("d4-q5"), also the *CellError.
type MoveError struct {
	Text     string   // the move as written, or as printed for a Move value
	Err      error    // ErrIllegalMove, ErrAmbiguousMove or ErrInvalidMoveText
	Why      string   // what was wrong, in words
	Position Position // the position the move was tried in
	// Cause is the *CellError behind a syntax error, when the text names
	// a cell that does not exist; nil otherwise.
	Cause error
	// Candidates holds the legal moves the text could mean, when it is
	// ambiguous.
	Candidates []Move
	// Legal holds the legal moves of the position (nil for a syntax error).
	Legal []Move
	// notation in which Error lists moves.
	notation Notation
}

// maxListedMoves bounds the moves an error message lists; the rest are
// counted.
const maxListedMoves = 40

// Error returns the message: the move text (at most about 60 characters
// of it), then Detail. It never panics, whatever the fields hold.
func (e *MoveError) Error() string {
	b := []byte("hexdame: move ")
	b = appendQuotedClipped(b, e.Text)
	b = append(b, ": "...)
	return string(append(b, e.Detail()...))
}

// Detail returns the error without the move text: the kind of error
// ("illegal move", "ambiguous move" or "invalid move text"), why, then
// "; candidates: ..." for an ambiguous move and "; legal: ..." with the
// legal moves of the position in board order (none for a syntax error).
// Long lists end with the number of moves left out.
func (e *MoveError) Detail() string {
	var b []byte
	if e.Err != nil {
		b = append(b, e.Err.Error()...)
	} else {
		b = append(b, "invalid move"...)
	}
	if e.Why != "" {
		b = append(b, ": "...)
		b = append(b, e.Why...)
	}
	if len(e.Candidates) > 0 {
		b = append(b, "; candidates: "...)
		b = e.Position.appendMoveList(b, e.Candidates, e.Legal, e.notation)
	}
	if e.Err != ErrInvalidMoveText {
		b = append(b, "; legal: "...)
		if len(e.Legal) == 0 {
			b = append(b, "none"...)
		}
		b = e.Position.appendMoveList(b, e.Legal, e.Legal, e.notation)
	}
	return string(b)
}

// Unwrap returns Err (ErrIllegalMove, ErrAmbiguousMove or ErrInvalidMoveText) and,
// when set, Cause.
func (e *MoveError) Unwrap() []error {
	if e.Cause != nil {
		return []error{e.Err, e.Cause}
	}
	return []error{e.Err}
}

// appendMoveList appends the moves, comma separated and in board order, in
// the form FormatMove gives them, legal being the legal moves of p. It
// lists at most maxListedMoves of them.
func (p Position) appendMoveList(b []byte, moves, legal []Move, n Notation) []byte {
	sorted := p.sortedMoves(moves, n)
	for i, m := range sorted {
		if i == maxListedMoves {
			b = append(b, " and "...)
			b = strconv.AppendInt(b, int64(len(sorted)-i), 10)
			return append(b, " more"...)
		}
		if i > 0 {
			b = append(b, ", "...)
		}
		b = p.appendMoveIn(b, m, legal, n)
	}
	return b
}

// sortedMoves returns a copy of moves in board order: by start cell, then
// end cell, in the order of notation n (a1, a2, ..., i9 for algebraic, 1 to
// 61 for numeric); moves with the same start and end by their paths in p,
// each found once.
func (p Position) sortedMoves(moves []Move, n Notation) []Move {
	type keyed struct {
		m    Move
		path []int // the path's cells as keys, for moves sharing start and end
	}
	key := func(c Cell) int {
		if !c.IsValid() {
			return 1 << 10
		}
		if n == Numeric {
			return int(cellNumber[c])
		}
		return int(cellFile[c])*9 + int(cellRank[c])
	}
	out := make([]keyed, len(moves))
	for i, m := range moves {
		out[i].m = m
	}
	byEnds := func(a, b keyed) int {
		if c := cmp.Compare(key(a.m.from), key(b.m.from)); c != 0 {
			return c
		}
		return cmp.Compare(key(a.m.to), key(b.m.to))
	}
	slices.SortFunc(out, byEnds)
	for i := range out {
		shared := i > 0 && byEnds(out[i-1], out[i]) == 0 || i+1 < len(out) && byEnds(out[i], out[i+1]) == 0
		if shared && out[i].m.IsCapture() {
			var buf [maxMoveCells]Cell
			path, _ := p.findPath(buf[:0], out[i].m, pathAny, nil)
			for _, c := range path {
				out[i].path = append(out[i].path, key(c))
			}
		}
	}
	slices.SortStableFunc(out, func(a, b keyed) int {
		if c := byEnds(a, b); c != 0 {
			return c
		}
		return slices.Compare(a.path, b.path)
	})
	sorted := make([]Move, len(out))
	for i := range out {
		sorted[i] = out[i].m
	}
	return sorted
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

// PlayUnchecked returns the position after the side to move plays m,
// without checking that m is legal in p. It is for engines and searches
// that play the moves AppendLegalMoves gave them for p, where checking again
// is wasted work. For a move that is not legal in p the result is a
// Position that may break the rules (it never panics); use Play for moves
// from elsewhere.
func (p Position) PlayUnchecked(m Move) Position {
	p.apply(&m)
	return p
}

// play returns the position after a move known to be legal.
func (p Position) play(m Move) Position {
	p.apply(&m)
	return p
}

// apply plays a move known to be legal on p in place.
func (p *Position) apply(m *Move) {
	us, them := p.side&1, (p.side^1)&1
	from, to := &cellBits[m.from], &cellBits[m.to]
	// XOR moves the piece; it is zero when a capture returns to its start.
	x0, x1, x2 := from[0]^to[0], from[1]^to[1], from[2]^to[2]
	p.pieces[0][us] ^= x0
	p.pieces[1][us] ^= x1
	p.pieces[2][us] ^= x2
	if m.flags&moveByKing != 0 {
		p.kings[0] ^= x0
		p.kings[1] ^= x1
		p.kings[2] ^= x2
	} else if m.flags&movePromotes != 0 {
		p.kings[0] |= to[0]
		p.kings[1] |= to[1]
		p.kings[2] |= to[2]
	}
	if m.captured != 0 {
		p.pieces[0][them] &^= m.captured
		p.kings[0] &^= m.captured
		for c := m.captured; c != 0; {
			b := &cellBits[popLowest(&c)]
			p.pieces[1][them] &^= b[1]
			p.pieces[2][them] &^= b[2]
			p.kings[1] &^= b[1]
			p.kings[2] &^= b[2]
		}
	}
	p.side = them
}
