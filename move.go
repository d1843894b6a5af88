package hexdame

import (
	"cmp"
	"encoding/json"
	"errors"
	"math"
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
// moves (p.Piece(m.From()).IsKing()), whether it crowns a man
// (Position.Crowns), whether it can be undone by later moves
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
		return m, lineDir[from][to] < NumDirections && between[from][to]&p.occupied() == 0
	}
	return m, forwardSteps[us][from]&t != 0
}

// A MoveError reports a move that cannot be played or read: its text (when
// it came from text), why, and the legal moves of the position. It wraps
// ErrIllegalMove, ErrAmbiguousMove or ErrMoveSyntax, and for move text that
// names a cell that does not exist ("d4-q5"), also the *CellError.
type MoveError struct {
	Text     string   // the move as written, or as printed for a Move value
	Err      error    // ErrIllegalMove, ErrAmbiguousMove or ErrMoveSyntax
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
	b := []byte("move ")
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
	if e.Err != ErrMoveSyntax {
		b = append(b, "; legal: "...)
		if len(e.Legal) == 0 {
			b = append(b, "none"...)
		}
		b = e.Position.appendMoveList(b, e.Legal, e.Legal, e.notation)
	}
	return string(b)
}

// Unwrap returns Err (ErrIllegalMove, ErrAmbiguousMove or ErrMoveSyntax) and,
// when set, Cause.
func (e *MoveError) Unwrap() []error {
	if e.Cause != nil {
		return []error{e.Err, e.Cause}
	}
	return []error{e.Err}
}

// appendMoveList appends the moves, comma separated and in board order, in
// the form FormatMove gives them, legal being the legal moves of p. It
// lists at most maxListedMoves of them. When some of them share their
// start and end with another legal move, the paths that tell them apart
// come from one search of p (LegalMovePaths).
func (p Position) appendMoveList(b []byte, moves, legal []Move, n Notation) []byte {
	var paths []MovePath
	if sharesEnds(moves, legal) {
		paths = p.LegalMovePaths()
	}
	sorted := p.sortedMoves(moves, paths, n)
	for i, m := range sorted {
		if i == maxListedMoves {
			b = append(b, " and "...)
			b = strconv.AppendInt(b, int64(len(sorted)-i), 10)
			return append(b, " more"...)
		}
		if i > 0 {
			b = append(b, ", "...)
		}
		if paths == nil || !isAmbiguous(m, legal) {
			b = m.appendShort(b, n)
		} else {
			b = p.appendAmbiguous(b, m, paths, n)
		}
	}
	return b
}

// isAmbiguous reports whether m, a capture among legal, shares its start
// and end with another move of legal.
func isAmbiguous(m Move, legal []Move) bool {
	in, shared := false, false
	for _, o := range legal {
		in = in || o == m
		shared = shared || o != m && o.from == m.from && o.to == m.to
	}
	return m.IsCapture() && in && shared
}

// sharesEnds reports whether some capture among moves shares its start
// and end with another move of legal.
func sharesEnds(moves, legal []Move) bool {
	type ends struct{ from, to Cell }
	seen := make(map[ends]int, len(legal))
	for _, m := range legal {
		seen[ends{m.from, m.to}]++
	}
	for _, m := range moves {
		if m.IsCapture() && seen[ends{m.from, m.to}] > 1 {
			return true
		}
	}
	return false
}

// sortedMoves returns a copy of moves in board order: by start cell, then
// end cell, in the order of notation n (a1, a2, ..., i9 for algebraic, 1 to
// 61 for numeric); moves with the same start and end by their paths in p,
// taken from paths (the legal moves of p with their paths) or, for a move
// not there, searched.
func (p Position) sortedMoves(moves []Move, paths []MovePath, n Notation) []Move {
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
			path, ok := pathIn(paths, out[i].m)
			if !ok {
				path, _ = p.findPath(buf[:0], out[i].m, pathAny, nil, nil)
			}
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

// pathIn returns the path of m among paths, and whether it is there.
func pathIn(paths []MovePath, m Move) ([]Cell, bool) {
	for i := range paths {
		if paths[i].Move == m {
			return paths[i].cells[:min(int(paths[i].n), len(paths[i].cells))], true
		}
	}
	return nil, false
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
	if !p.canApply(&m) {
		return p
	}
	p.apply(&m)
	return p
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

// Crowns reports whether m, played in p, crowns a man: a man of the side
// to move ends its move on its back row. It reports false for a move that
// no man of the side to move on m's start could make.
func (p Position) Crowns(m Move) bool {
	us := p.side & 1
	return m.IsValid() && (p.pieces[0][us]&^p.kings[0])&bit(m.from) != 0 && backRow[us]&bit(m.to) != 0
}

// IsReversible reports whether m, played in p, is reversible: a king's
// move without a capture. Only such moves keep every piece and every
// man's place, so only after them can an earlier position of the game
// occur again; a capture or a man's move (a crowning one too) is
// irreversible, and no position before it can recur. The repetition
// rule (Game.Repetitions) and the king-move draw rule
// (DrawRules.KingMoves) count the reversible moves since the last
// irreversible one.
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
	From     Cell    `json:"from"`
	To       Cell    `json:"to"`
	Captured CellSet `json:"captured"`
}

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
	return json.Marshal(moveJSON{From: m.from, To: m.to, Captured: m.Captured()})
}

// UnmarshalJSON implements json.Unmarshaler, reading what MarshalJSON
// writes (null as the zero Move); "captured" may be left out for a
// non-capture, and other members are ignored. JSON of another shape (a
// string such as "d4-e5", an object whose "from" is a number) and an
// object that describes no move (no "from" or "to", a captured cell that
// is the start or the end, a non-capture that does not move) give an
// error wrapping ErrMoveSyntax that says the form of a move, a name that
// is no cell one wrapping ErrInvalidCell; m is then unchanged. The move is
// not checked against any position: Play and IsLegal do that.
func (m *Move) UnmarshalJSON(data []byte) error {
	if string(data) == "null" {
		*m = Move{}
		return nil
	}
	return m.unmarshalJSON(data, moveForm)
}

// unmarshalJSON reads a move's object, whose errors name form as the JSON
// wanted.
func (m *Move) unmarshalJSON(data []byte, form string) error {
	var j moveJSON
	if err := decodeJSON(data, &j, "move", form, ErrMoveSyntax); err != nil {
		return err
	}
	v := MakeMove(j.From, j.To, j.Captured)
	if !v.IsValid() {
		why := "not a move"
		switch {
		case j.From == NoCell:
			why = "no start cell (\"from\")"
		case j.To == NoCell:
			why = "no end cell (\"to\")"
		}
		return &valueError{kind: "move", text: strconv.Quote(clipped(string(data))) + ": " + why, err: ErrMoveSyntax}
	}
	*m = v
	return nil
}

// A MovePath is a move with its path: the start cell and every landing
// cell, as Position.Path gives them. Position.AppendLegalMovePaths gives
// the legal moves of a position with their paths from one search. The
// zero MovePath holds the zero Move and no cell.
type MovePath struct {
	Move  Move // the move
	cells [maxMoveCells]Cell
	n     uint8 // cells[:n] is the path
}

// Cells returns the path: for a capture the start cell and the cell after
// each captured piece, ending with the move's end; for a non-capture the
// start and the end. It returns nil for the zero MovePath.
func (mp MovePath) Cells() []Cell { return mp.AppendCells(nil) }

// AppendCells appends the cells Cells returns to dst.
func (mp MovePath) AppendCells(dst []Cell) []Cell {
	return append(dst, mp.cells[:min(int(mp.n), len(mp.cells))]...)
}

// String returns the move with its path in algebraic notation, as
// Position.FormatMovePath writes it: "d4-e5", "c3xe5xg5".
func (mp MovePath) String() string { return mp.Format(Algebraic) }

// Format returns the move with its path in notation n, as
// Position.FormatMovePath writes it; the zero MovePath gives "invalid
// move", as Move.String does.
func (mp MovePath) Format(n Notation) string { return string(mp.AppendFormat(nil, n)) }

// AppendFormat appends Format(n) to dst.
func (mp MovePath) AppendFormat(dst []byte, n Notation) []byte {
	if mp.n < 2 || !mp.Move.IsValid() {
		return mp.Move.appendShort(dst, n)
	}
	sep := byte('-')
	if mp.Move.IsCapture() {
		sep = 'x'
	}
	return appendPath(dst, mp.cells[:min(int(mp.n), len(mp.cells))], sep, n)
}

// movePathJSON is the JSON form of a MovePath.
type movePathJSON struct {
	From     Cell    `json:"from"`
	To       Cell    `json:"to"`
	Captured CellSet `json:"captured"`
	Path     []Cell  `json:"path"`
}

// MarshalJSON implements json.Marshaler: the move as Move writes it, with
// its path,
//
//	{"from":"c3","to":"g5","captured":["d4","f5"],"path":["c3","e5","g5"]}
//
// and null for the zero MovePath.
func (mp MovePath) MarshalJSON() ([]byte, error) {
	if mp.n < 2 || !mp.Move.IsValid() {
		return []byte("null"), nil
	}
	return json.Marshal(movePathJSON{From: mp.Move.from, To: mp.Move.to, Captured: mp.Move.Captured(), Path: mp.Cells()})
}

// UnmarshalJSON implements json.Unmarshaler, reading what MarshalJSON
// writes (null as the zero MovePath). JSON of another shape, and an
// object that describes no move with a path (see Move.UnmarshalJSON; a
// path that does not run from the start to the end, or, for a capture,
// does not land once per captured piece, or holds a cell that is none),
// give an error wrapping ErrMoveSyntax or ErrInvalidCell, and mp is then
// unchanged. Neither the move nor the path is checked against a position.
func (mp *MovePath) UnmarshalJSON(data []byte) error {
	if string(data) == "null" {
		*mp = MovePath{}
		return nil
	}
	var j movePathJSON
	if err := decodeJSON(data, &j, "move path", movePathForm, ErrMoveSyntax); err != nil {
		return err
	}
	m := MakeMove(j.From, j.To, j.Captured)
	want := 2
	if m.IsCapture() {
		want = m.Captured().Len() + 1
	}
	var why string
	switch {
	case !m.IsValid():
		why = "not a move"
	case len(j.Path) != want:
		why = "a path of " + strconv.Itoa(len(j.Path)) + " cells for " + strconv.Itoa(want-1) + " steps"
	case j.Path[0] != m.from || j.Path[len(j.Path)-1] != m.to:
		why = "the path does not run from the start to the end"
	case slices.Contains(j.Path, NoCell):
		why = "no cell in the path"
	}
	if why != "" {
		return &valueError{kind: "move path", text: strconv.Quote(clipped(string(data))) + ": " + why, err: ErrMoveSyntax}
	}
	*mp = MovePath{Move: m}
	mp.n = uint8(copy(mp.cells[:], j.Path))
	return nil
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

// The JSON forms the errors of UnmarshalJSON describe.
const (
	moveForm     = `null or an object such as {"from":"c3","to":"g5","captured":["d4","f5"]}`
	movePathForm = `null or an object such as {"from":"c3","to":"g5","captured":["d4","f5"],"path":["c3","e5","g5"]}`
	plyForm      = `an object such as {"from":"c3","to":"g5","captured":["d4","f5"]}, or {"setup":FEN} for a setup`
)
