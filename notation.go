package hexdame

import (
	"cmp"
	"math"
	"slices"
	"strconv"
)

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
// cells. It accepts - x X and : as separators. When the text is not a
// move it returns why, and the text of the cell that is not a cell if that
// is the reason.
func scanMove(s string) (t moveText, reason, badCell string) {
	if s == "" {
		return t, "empty move", ""
	}
	isDigit := func(b byte) bool { return b >= '0' && b <= '9' }
	if isDigit(s[0]) {
		t.notation = Numeric
	}
	i := 0
	for i < len(s) {
		if t.n == maxMoveCells {
			return t, "more than " + strconv.Itoa(maxMoveCells) + " cells", ""
		}
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
		case i+1 < len(s) && isDigit(s[i+1]) && isLetter(s[i]):
			j = i + 2
		case i == len(s):
			return t, "move ends with a separator", ""
		default:
			return t, "expected a cell at " + quoteClipped(s[i:]), ""
		}
		c, ok := parseCellBytes(s[i:j])
		if !ok {
			return t, "", s[i:j]
		}
		t.cells[t.n] = c
		t.n++
		i = j
	}
	if t.n < 2 {
		return t, "a move needs a start cell and an end cell", ""
	}
	return t, "", ""
}

func isLetter(b byte) bool { return b|0x20 >= 'a' && b|0x20 <= 'z' }

// syntaxError returns the *MoveError for text s that scanMove rejected.
func (p Position) syntaxError(s, reason, badCell string) *MoveError {
	e := &MoveError{Text: s, Why: reason, err: ErrSyntax, pos: p}
	if badCell != "" {
		e.Why = "no cell " + quoteClipped(badCell)
	}
	return e
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
func (p Position) ParseMove(s string) (Move, error) { return p.parseMove(s, nil) }

// parseMove is ParseMove, taking the legal captures from cache when it is
// not nil, so that the moves from one position share one generation, and
// keeping the capture and path searches within the cache's work budget:
// past it, it returns an error wrapping ErrWorkLimit.
func (p Position) parseMove(s string, cache *moveCache) (Move, error) {
	t, reason, badCell := scanMove(s)
	if reason != "" || badCell != "" {
		return Move{}, p.syntaxError(s, reason, badCell)
	}
	from, to := t.cells[0], t.cells[t.n-1]
	via := t.cells[1 : t.n-1]
	c := p.capturers()
	if c == 0 && len(via) == 0 {
		if m, ok := p.quietMove(from, to); ok {
			return m, nil // the one legal move from from to to
		}
	}
	// The move buffer is made only past that shortcut, which it would
	// otherwise cost the zeroing of.
	var buf [64]Move
	legal := buf[:0]
	work := cache.budget()
	switch {
	case c != 0 && cache != nil:
		var ok bool
		if legal, ok = cache.captures(&p, c); !ok {
			return Move{}, work.exceeded(p)
		}
	case c != 0:
		legal = p.appendCapturesFrom(legal, c)
	default:
		legal = p.appendQuietMoves(legal)
	}
	found, level, count := Move{}, 0, 0
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
		found, level, count = p.matchPath(legal, from, to, via, work)
		if work.over() {
			return Move{}, work.exceeded(p)
		}
	}
	if count == 1 {
		return found, nil
	}
	e := &MoveError{Text: s, err: ErrIllegalMove, pos: p, legal: append([]Move(nil), legal...), notation: t.notation}
	if count > 1 {
		e.err = ErrAmbiguousMove
		e.Why = "several legal moves match; give the landing cells"
		for _, m := range legal {
			if m.from == from && m.to == to && (len(via) == 0 || p.pathLevel(m, via, nil) == level) {
				e.Candidates = append(e.Candidates, m)
			}
		}
		return Move{}, e
	}
	e.Why = p.whyIllegal(legal, from, to)
	return Move{}, e
}

// matchPath finds the captures from from to to whose paths match via best
// (see pathLevel), returning one of them, that level, and how many moves
// share it.
func (p Position) matchPath(legal []Move, from, to Cell, via []Cell, work *workLimit) (found Move, level, count int) {
	for _, m := range legal {
		if m.from != from || m.to != to || !m.IsCapture() {
			continue
		}
		switch l := p.pathLevel(m, via, work); {
		case l > level:
			found, level, count = m, l, 1
		case l == level && l > 0:
			count++
		}
	}
	return found, level, count
}

// pathLevel tells how well the intermediate cells via match a capture path
// of m, a legal capture of p: 3 when they are all its landing cells, 2 when
// they are the cells where it turns, 1 when they appear in order among its
// landing cells, 0 when no path of m matches (or the searches go past
// work).
func (p Position) pathLevel(m Move, via []Cell, work *workLimit) int {
	var buf [maxMoveCells]Cell
	for _, lm := range [...]struct {
		level int
		mode  pathMode
	}{{3, pathExact}, {2, pathTurns}, {1, pathInOrder}} {
		if _, ok := p.findPath(buf[:0], m, lm.mode, via, work); ok {
			return lm.level
		}
	}
	return 0
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
		n := legal[0].Captured().Len()
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
// alone do not tell the moves apart (another move's path turns at, or
// lands on, exactly those cells). A move that is not legal in p is written
// in the short form, and a Move that is not valid (the zero Move) as
// "invalid move", as Move.String writes it.
func (p Position) FormatMove(m Move, n Notation) string { return string(p.appendMove(nil, m, n)) }

// appendMove appends FormatMove(m, n) to dst.
func (p *Position) appendMove(dst []byte, m Move, n Notation) []byte {
	if !m.IsCapture() {
		return m.appendShort(dst, n)
	}
	var buf [64]Move
	return p.appendMoveIn(dst, m, p.AppendLegalMoves(buf[:0]), n)
}

// appendMoveIn is appendMove given legal, the legal moves of p.
func (p Position) appendMoveIn(dst []byte, m Move, legal []Move, n Notation) []byte {
	isLegal, ambiguous := false, false
	for _, o := range legal {
		switch {
		case o == m:
			isLegal = true
		case o.from == m.from && o.to == m.to:
			ambiguous = true
		}
	}
	if !m.IsCapture() || !isLegal || !ambiguous {
		return m.appendShort(dst, n) // nearly every capture
	}
	// The legal moves and their paths from one search (in a recorder's
	// buffer, which the pool recycles): the cost of a second generation,
	// where a path search for the move alone can cost more.
	var buf [64]Move
	rec := getPathRecorder()
	p.searchCaptures(buf[:0], p.capturers(), rec, math.MaxInt)
	dst = p.appendAmbiguous(dst, m, rec.paths, n)
	putPathRecorder(rec)
	return dst
}

// appendAmbiguous is appendMove for m, a legal capture of p that shares
// its start and end with another, given paths, the legal moves of p with
// their paths.
func (p Position) appendAmbiguous(dst []byte, m Move, paths []MovePath, n Notation) []byte {
	path, ok := pathIn(paths, m)
	if !ok {
		return m.appendShort(dst, n)
	}
	var turnBuf [maxMoveCells + 1]Cell
	turns := append(turnBuf[:0], m.from)
	for i := 1; i+1 < len(path); i++ {
		if lineDir[path[i-1]][path[i]] != lineDir[path[i]][path[i+1]] {
			turns = append(turns, path[i])
		}
	}
	// The turns identify the move, as the PDN standard reads them, unless
	// another move has a path that turns at exactly those cells or lands
	// on exactly them.
	unique := len(turns) > 1
	for i := range paths {
		if o := paths[i].Move; unique && o != m && o.from == m.from && o.to == m.to {
			var buf [maxMoveCells]Cell
			_, exact := p.findPath(buf[:0], o, pathExact, turns[1:], nil)
			_, turnsToo := p.findPath(buf[:0], o, pathTurns, turns[1:], nil)
			unique = !exact && !turnsToo
		}
	}
	if unique {
		return appendPath(dst, append(turns, m.to), 'x', n)
	}
	return appendPath(dst, path, 'x', n)
}

// A MoveError's message lists moves in move text, and so is written here;
// the type is in move.go, below the files that return one.

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
	switch e.err {
	case nil:
		b = append(b, "invalid move"...)
	case ErrSyntax:
		b = append(b, "invalid move syntax"...)
	default:
		b = append(b, e.err.Error()...)
	}
	if e.Why != "" {
		b = append(b, ": "...)
		b = append(b, e.Why...)
	}
	if len(e.Candidates) > 0 {
		b = append(b, "; candidates: "...)
		b = e.pos.appendMoveList(b, e.Candidates, e.legal, e.notation)
	}
	if e.err != ErrSyntax {
		b = append(b, "; legal: "...)
		if len(e.legal) == 0 {
			b = append(b, "none"...)
		}
		b = e.pos.appendMoveList(b, e.legal, e.legal, e.notation)
	}
	return string(b)
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
