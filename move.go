package hexdame

import (
	"encoding/json"
	"math/bits"
	"slices"
	"strconv"
)

// A Move is one move: the cell the piece starts from, the cell where it
// ends, and the set of pieces it captures.
//
// Following the rules ("two sequences with the same start cell, the same end
// cell and the same set of captured pieces are the same move"), a Move is
// exactly that outcome, so two Moves compare equal with == precisely when
// they are the same move, whichever capture path was taken. What else a
// move does follows from the position it is played in: whether a king
// moves (p.Piece(m.From()).IsKing()), whether it crowns a man (a man of
// p becomes a king on m.To()), whether it can be undone by later moves
// (Position.IsReversible), and the landing cells of a capture
// (Position.Path).
//
// Moves come from the Position methods that generate or parse them, or
// from MakeMove; the zero Move is not a move.
type Move struct {
	captured uint64 // bitboard of the captured pieces (Cell numbering)
	from, to Cell
}

// MakeMove returns the move from from to to that captures the pieces on
// the cells of captured. It checks nothing: whether the result describes
// a move at all is for IsValid to say, and whether it is legal in a
// position for Position.IsLegal and Position.Play. Bits of captured that
// denote no cell are dropped.
func MakeMove(from, to Cell, captured CellSet) Move {
	return Move{from: from, to: to, captured: uint64(captured & AllCells)}
}

// From returns the cell the moving piece starts from.
func (m Move) From() Cell { return m.from }

// To returns the cell where the moving piece ends.
func (m Move) To() Cell { return m.to }

// IsCapture reports whether the move captures.
func (m Move) IsCapture() bool { return m.captured != 0 }

// Captured returns the set of cells whose pieces the move captures (empty
// for a non-capture).
func (m Move) Captured() CellSet { return CellSet(m.captured) }

// IsValid reports whether m describes a move: its start and end are cells
// of the board, a non-capture moves, and no captured cell is its start or
// end. Every Move a Position gives is valid; the zero Move is not. A valid
// Move need not be legal in a given position.
func (m Move) IsValid() bool {
	switch {
	case !m.from.IsValid() || !m.to.IsValid() || m.captured&^allCells != 0:
		return false
	case m.captured == 0 && m.from == m.to:
		return false
	case m.captured&(bit(m.from)|bit(m.to)) != 0:
		return false
	}
	return true
}

// String returns the move in short algebraic notation: "d4-e5" or "c3xe5",
// or "invalid move" for a Move that is not valid (see IsValid), such as
// the zero Move. Where two captures share start and end, only
// Position.FormatMove tells them apart.
func (m Move) String() string {
	return string(m.appendShort(nil, Algebraic))
}

// appendShort appends the move in the short form in notation n, or
// "invalid move" for a Move that is not valid.
func (m Move) appendShort(dst []byte, n Notation) []byte {
	if !m.IsValid() {
		return append(dst, "invalid move"...)
	}
	dst = m.from.appendTo(dst, n)
	if m.IsCapture() {
		dst = append(dst, 'x')
	} else {
		dst = append(dst, '-')
	}
	return m.to.appendTo(dst, n)
}

// A MoveError reports a move that cannot be played or read: its text (when
// it came from text), why, and, for move text that several legal moves
// match, those moves. It wraps ErrIllegalMove, ErrAmbiguousMove or
// ErrSyntax (text that is not a move at all).
type MoveError struct {
	Text       string // the move as written, or as printed for a Move value
	Why        string // what was wrong, in words
	Candidates []Move // the legal moves the text could mean, when it is ambiguous

	err      error    // ErrIllegalMove, ErrAmbiguousMove or ErrSyntax
	pos      Position // the position the move was tried in
	legal    []Move   // the legal moves of pos (nil for a syntax error)
	notation Notation // in which Error lists moves
}

// Unwrap returns ErrIllegalMove, ErrAmbiguousMove or ErrSyntax.
func (e *MoveError) Unwrap() error { return e.err }

// PlayUnchecked returns the position after the side to move plays m,
// without checking that m is legal in p. It is for engines and searches
// that play the moves AppendLegalMoves gave them for p, where a full check
// (a move generation) is wasted work.
//
// What the caller owes: m is a legal move of p. PlayUnchecked checks, at
// the cost of a few bit operations, only what keeps the result a valid
// position (one that FEN writes and ParseFEN reads back): that m is
// valid, that its start holds a piece of the side to move, that its end
// is empty (or is its start), and that it captures only pieces of the
// opponent. A move that fails these checks returns p unchanged. A move
// that passes them but is not legal (a man stepping backwards, a capture
// that is not the longest) gives a valid position that the rules do not
// reach from p; use Play for moves from elsewhere.
func (p Position) PlayUnchecked(m Move) Position {
	p.playUnchecked(&m)
	return p
}

// playUnchecked is PlayUnchecked in place; PlayUnchecked is kept small
// enough to be inlined, so that a caller's copy of the position is the
// only one.
func (p *Position) playUnchecked(m *Move) {
	if p.canApply(m) {
		p.apply(m)
	}
}

// canApply reports whether apply would give a valid position: m is
// valid, its start holds a piece of the side to move, its end is empty or
// its start, and it captures only the opponent's pieces.
func (p *Position) canApply(m *Move) bool {
	us := p.side & 1
	own, them := p.pieces[0][us], p.pieces[0][us^1]
	// Cells beyond 63 would wrap around in bit; 0, 62 and 63 are no
	// cells, and never among the pieces nor in allCells. A capture's
	// pieces are the opponent's, so neither its start (ours) nor its end
	// (empty, or its start) is among them.
	end := allCells &^ (own | them)
	if m.captured != 0 {
		end |= bit(m.from)
	}
	return m.from|m.to < 64 && own&bit(m.from) != 0 && end&bit(m.to) != 0 && m.captured&^them == 0
}

// IsReversible reports whether m, played in p, is reversible: a king's
// move without a capture. Only such moves keep every piece and every
// man's place, so only after them can an earlier position of the game
// occur again; a capture or a man's move (a crowning one too) is
// irreversible, and no position before it can recur. The repetition
// rule and the king-move draw rule (DrawRules.KingMoves) count the
// reversible moves since the last irreversible one.
//
// It looks only at m's start and its captures: it reports true for a
// move that captures nothing from a cell holding a king of the side to
// move, legal or not, and false for any other move, the zero Move
// included.
func (p Position) IsReversible(m Move) bool {
	return reversible(m, p.pieces[0][p.side&1]&p.kings[0])
}

// reversible is IsReversible's rule for a move m of a side whose kings
// are the bits of kings (in the Cell numbering).
func reversible(m Move, kings uint64) bool {
	return m.captured == 0 && m.from < 64 && kings&bit(m.from) != 0
}

// isReversible is Position.IsReversible for the position k packs.
func (k packedPosition) isReversible(m Move) bool {
	return reversible(m, k[k[2]>>63]&k[2])
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
	if p.kings[0]&from[0] != 0 {
		p.kings[0] ^= x0
		p.kings[1] ^= x1
		p.kings[2] ^= x2
	} else if backRow[us]&to[0] != 0 {
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

// moveJSON is the JSON form of a Move.
type moveJSON struct {
	From     Cell   `json:"from"`
	To       Cell   `json:"to"`
	Captured []Cell `json:"captured"`
}

// moveForm is the form of a move's JSON, for the errors of
// Move.UnmarshalJSON.
const moveForm = `null or an object such as {"from":"c3","to":"g5","captured":["d4","f5"]}`

// MarshalJSON implements json.Marshaler. A move is an object with its
// start and end cells and the captured cells in Cell order:
//
//	{"from":"c3","to":"g5","captured":["d4","f5"]}
//
// A Move that is not valid (the zero Move among them) is null.
func (m Move) MarshalJSON() ([]byte, error) {
	if !m.IsValid() {
		return []byte("null"), nil
	}
	captured := make([]Cell, 0, bits.OnesCount64(m.captured))
	for c := range m.Captured().All() {
		captured = append(captured, c)
	}
	return json.Marshal(moveJSON{From: m.from, To: m.to, Captured: captured})
}

// UnmarshalJSON implements json.Unmarshaler, reading what MarshalJSON
// writes (null as the zero Move), with cells in either notation;
// "captured" may be left out for a non-capture, and other members are
// ignored. JSON of another shape (a string such as "d4-e5", an object
// whose "from" is a number), a name that is no cell, and an object that
// describes no move (no "from" or "to", a captured cell given twice, or
// that is the start or the end, a non-capture that does not move) give an
// error wrapping ErrSyntax that says what was wrong; m is then unchanged.
// The move is not checked against any position: Play does that.
func (m *Move) UnmarshalJSON(data []byte) error {
	if string(data) == "null" {
		*m = Move{}
		return nil
	}
	var j moveJSON
	if err := decodeJSON(data, &j, "move", moveForm, ErrSyntax); err != nil {
		return err
	}
	captured := CellSetOf(j.Captured...)
	why := ""
	switch {
	case j.From == NoCell:
		why = "no start cell (\"from\")"
	case j.To == NoCell:
		why = "no end cell (\"to\")"
	case slices.Contains(j.Captured, NoCell):
		why = "no cell among the captured"
	case captured.Len() != len(j.Captured):
		why = "a captured cell given twice"
	}
	v := MakeMove(j.From, j.To, captured)
	if why == "" && !v.IsValid() {
		why = "not a move"
	}
	if why != "" {
		return &valueError{kind: "move", text: strconv.Quote(clipped(string(data))) + ": " + why, err: ErrSyntax}
	}
	*m = v
	return nil
}

// maxMoveCells bounds the cells in one move text: a start, an end and one
// landing cell per captured piece.
const maxMoveCells = NumCells + 1

// A MovePath is a move with its path: the start cell and every landing
// cell, as Position.Path gives them. Position.LegalMovePaths gives the
// legal moves of a position with their paths from one search. The zero
// MovePath holds the zero Move and no cell.
type MovePath struct {
	Move  Move // the move
	cells [maxMoveCells]Cell
	n     uint8 // cells[:n] is the path
}

// Cells returns the path: for a capture the start cell and the cell after
// each captured piece, ending with the move's end; for a non-capture the
// start and the end. It returns nil for the zero MovePath.
func (mp MovePath) Cells() []Cell {
	if mp.n == 0 {
		return nil
	}
	return append([]Cell(nil), mp.path()...)
}

// path returns the path's cells, without copying.
func (mp *MovePath) path() []Cell { return mp.cells[:min(int(mp.n), len(mp.cells))] }

// String returns the move with its path in algebraic notation: "d4-e5",
// "c3xe5xg5".
func (mp MovePath) String() string { return mp.Format(Algebraic) }

// Format returns the move with its path in notation n: "d4-e5" or
// "32-26", "c3xe5xg5" or "43x34x25". A king that captures two pieces in
// one straight run shows the cell where it landed between them. The zero
// MovePath gives "invalid move", as Move.String does.
func (mp MovePath) Format(n Notation) string { return string(mp.appendFormat(nil, n)) }

// appendFormat appends Format(n) to dst.
func (mp *MovePath) appendFormat(dst []byte, n Notation) []byte {
	if mp.n < 2 || !mp.Move.IsValid() {
		return mp.Move.appendShort(dst, n)
	}
	sep := byte('-')
	if mp.Move.IsCapture() {
		sep = 'x'
	}
	return appendPath(dst, mp.path(), sep, n)
}

func appendPath(dst []byte, path []Cell, sep byte, n Notation) []byte {
	for i, c := range path {
		if i > 0 {
			dst = append(dst, sep)
		}
		dst = c.appendTo(dst, n)
	}
	return dst
}
