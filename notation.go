package hexdame

import (
	"errors"
	"strconv"
)

// ErrSyntax is wrapped by the errors returned for move text that is not
// written as a move at all.
var ErrSyntax = errors.New("invalid move syntax")

// ErrAmbiguousMove is wrapped by the errors returned for move text that
// names more than one legal move.
var ErrAmbiguousMove = errors.New("ambiguous move")

// maxMoveCells bounds the cells in one move text: a start, an end and one
// landing cell per captured piece.
const maxMoveCells = NumCells + 1

// moveText is move text split into its cells.
type moveText struct {
	cells    [maxMoveCells]Cell
	seps     [maxMoveCells]byte // seps[k]: the separator written before cells[k], 0 if none
	n        int
	capture  bool // written with x or :
	notation Notation
}

// scanMove splits text such as "d4-e5", "c3xe5xg5", "40-31", "49x31",
// "C3:E5", "05-10" or, with the separators left out, "4031" or "d4e5" into
// cells. It accepts - x X and : as separators.
func scanMove(s string) (moveText, bool) {
	var t moveText
	if s == "" {
		return t, false
	}
	isDigit := func(b byte) bool { return b >= '0' && b <= '9' }
	if isDigit(s[0]) {
		t.notation = Numeric
	}
	i := 0
	for i < len(s) {
		if t.n > 0 {
			switch s[i] {
			case '-':
				t.seps[t.n] = s[i]
				i++
			case 'x', 'X', ':':
				t.seps[t.n] = s[i]
				t.capture = true
				i++
			}
		}
		j := i
		switch {
		case i < len(s) && isDigit(s[i]):
			for j < len(s) && isDigit(s[j]) {
				j++
			}
			if j-i == 4 && t.n == 0 && j == len(s) {
				// "4031": two numbers written without a separator.
				j = i + 2
			}
		case i+1 < len(s) && isDigit(s[i+1]):
			j = i + 2
		default:
			return t, false
		}
		c, ok := parseCellBytes(s[i:j])
		if !ok || t.n == maxMoveCells {
			return t, false
		}
		t.cells[t.n] = c
		t.n++
		i = j
	}
	return t, t.n >= 2
}

// ParseMove reads a move in algebraic or numeric notation and returns the
// legal move of p it names. A non-capture is "from-to" ("d4-e5", "40-31");
// a capture "fromxto" ("c3xe5", "49x31"), possibly with landing cells
// between ("c3xe5xg5"). ":" is also read as a capture separator, separators
// may be left out ("4031"), leading zeros and upper-case letters are
// accepted.
//
// The short form "fromxto" is accepted when exactly one legal move goes
// from there to there. Landing cells in between select among the legal
// captures: a move matches when the cells are one of its capture paths
// (every landing cell), or the squares where such a path turns, or else
// appear in that order among its landing cells (a king's landing cell may
// be any cell it could land on there).
//
// Errors are *MoveError values wrapping ErrSyntax (the text is not a move),
// ErrIllegalMove (no legal move matches; the error lists the legal moves)
// or ErrAmbiguousMove (several match; the error lists them).
func (p Position) ParseMove(s string) (Move, error) {
	t, ok := scanMove(s)
	if !ok {
		return Move{}, &MoveError{Text: s, Err: ErrSyntax, Reason: "expected cells such as d4-e5, c3xe5 or 40-31", Position: p}
	}
	var buf [64]Move
	legal := p.AppendLegalMoves(buf[:0])
	from, to := t.cells[0], t.cells[t.n-1]
	via := t.cells[1 : t.n-1]
	found, count := Move{}, 0
	if len(via) == 0 {
		for _, m := range legal {
			if m.from == from && m.to == to {
				found = m
				count++
			}
		}
	} else {
		// A copy, so that the text stays on the stack when via is empty.
		via = append([]Cell(nil), via...)
		found, count = p.matchPath(legal, from, to, via)
	}
	if count == 1 {
		return found, nil
	}
	e := &MoveError{Text: s, Err: ErrIllegalMove, Position: p, Legal: append([]Move(nil), legal...), notation: t.notation}
	if count > 1 {
		e.Err = ErrAmbiguousMove
		e.Reason = "several legal moves match; give the landing cells"
		for _, m := range legal {
			if m.from == from && m.to == to && (len(via) == 0 || p.pathLevel(m, via) > 0) {
				e.Candidates = append(e.Candidates, m)
			}
		}
		return Move{}, e
	}
	e.Reason = p.whyIllegal(legal, from, to)
	return Move{}, e
}

// matchPath finds the captures from from to to whose paths match via best
// (see pathLevel), returning one of them and how many share that level.
func (p Position) matchPath(legal []Move, from, to Cell, via []Cell) (Move, int) {
	best, level, count := Move{}, 0, 0
	for _, m := range legal {
		if m.from != from || m.to != to || !m.IsCapture() {
			continue
		}
		switch l := p.pathLevel(m, via); {
		case l > level:
			best, level, count = m, l, 1
		case l == level && l > 0:
			count++
		}
	}
	return best, count
}

// pathLevel tells how well the intermediate cells via match a capture path
// of m: 3 when they are all its landing cells, 2 when they are the cells
// where it turns, 1 when they appear in order among its landing cells, 0
// when no path of m matches.
func (p Position) pathLevel(m Move, via []Cell) int {
	level := 0
	p.eachPath(m, func(path []Cell) bool {
		inner := path[1 : len(path)-1]
		switch {
		case equalCells(inner, via):
			level = 3
			return false
		case level < 2 && turnsEqual(path, via):
			level = 2
		case level < 1 && isSubsequence(via, inner):
			level = 1
		}
		return true
	})
	return level
}

func equalCells(a, b []Cell) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// turnsEqual reports whether via is exactly the list of cells where path
// changes direction.
func turnsEqual(path, via []Cell) bool {
	k := 0
	for i := 1; i+1 < len(path); i++ {
		if lineDir[path[i-1]][path[i]] != lineDir[path[i]][path[i+1]] {
			if k == len(via) || via[k] != path[i] {
				return false
			}
			k++
		}
	}
	return k == len(via)
}

func isSubsequence(sub, seq []Cell) bool {
	k := 0
	for _, c := range seq {
		if k < len(sub) && sub[k] == c {
			k++
		}
	}
	return k == len(sub)
}

// whyIllegal explains, for the error message, why no legal move goes from
// from to to.
func (p Position) whyIllegal(legal []Move, from, to Cell) string {
	x := p.Piece(from)
	switch {
	case x == NoPiece:
		return "no piece on " + from.String()
	case x.Color() != p.side:
		return from.String() + " holds a piece of " + x.Color().String() + ", but " + p.side.String() + " is to move"
	case len(legal) == 0:
		return p.side.String() + " has no legal move"
	}
	for _, m := range legal {
		if m.from == from && m.to == to {
			return "no legal capture takes that path"
		}
	}
	if legal[0].IsCapture() {
		n := legal[0].CaptureCount()
		if n == 1 {
			return "capture is compulsory"
		}
		return "capture is compulsory, and the legal captures take " + strconv.Itoa(n) + " pieces"
	}
	return "the piece on " + from.String() + " cannot move to " + to.String()
}

// MustParseMove is like ParseMove but panics on error. It is for constants
// in programs and tests.
func (p Position) MustParseMove(s string) Move {
	m, err := p.ParseMove(s)
	if err != nil {
		panic(err)
	}
	return m
}

// FormatMove returns m, a legal move of p, in the notation PDN asks for:
// the short form "d4-e5" or "c3xe5", unless another legal move has the same
// start and end, in which case the cells where the capture path turns are
// written between them ("c3xe5xg5"), or every landing cell when the turns
// alone do not tell the moves apart. A move that is not legal in p is
// written in the short form.
func (p Position) FormatMove(m Move, n Notation) string { return string(p.AppendMove(nil, m, n)) }

// AppendMove appends FormatMove(m, n) to dst.
func (p Position) AppendMove(dst []byte, m Move, n Notation) []byte {
	if !m.IsCapture() {
		return m.appendShort(dst, n)
	}
	var buf [64]Move
	legal := p.AppendLegalMoves(buf[:0])
	ambiguous := false
	for _, o := range legal {
		if o != m && o.from == m.from && o.to == m.to {
			ambiguous = true
		}
	}
	if !ambiguous || !p.IsLegal(m) {
		return m.appendShort(dst, n)
	}
	path := p.Path(m)
	var turns []Cell
	for i := 1; i+1 < len(path); i++ {
		if lineDir[path[i-1]][path[i]] != lineDir[path[i]][path[i+1]] {
			turns = append(turns, path[i])
		}
	}
	// The turns identify the move for a reader that matches them anywhere
	// among the landing cells only if no other move's path contains them.
	unique := len(turns) > 0
	for _, o := range legal {
		if unique && o != m && o.from == m.from && o.to == m.to && p.pathLevel(o, turns) > 0 {
			unique = false
		}
	}
	if unique {
		return appendPath(dst, append(append([]Cell{m.from}, turns...), m.to), 'x', n)
	}
	return appendPath(dst, path, 'x', n)
}

// FormatMovePath returns m, a legal move of p, with its start cell and every
// landing cell: "d4-e5", "c3xe5xg5". A king that captures two pieces in one
// straight run shows the cell where it landed between them. A move that is
// not legal in p is written in the short form.
func (p Position) FormatMovePath(m Move, n Notation) string {
	return string(p.AppendMovePath(nil, m, n))
}

// AppendMovePath appends FormatMovePath(m, n) to dst.
func (p Position) AppendMovePath(dst []byte, m Move, n Notation) []byte {
	if !m.IsCapture() || !p.IsLegal(m) {
		return m.appendShort(dst, n)
	}
	var cells [maxMoveCells]Cell
	return appendPath(dst, p.AppendPath(cells[:0], m), 'x', n)
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

func appendQuoted(b []byte, s string) []byte { return strconv.AppendQuote(b, s) }
