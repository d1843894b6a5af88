package hub

import (
	"errors"
	"strconv"

	"github.com/hexdame/hexdame"
)

// PositionLength is the length of a position in the Hub dialect: the side
// to move, then one character for each of the 61 cells.
const PositionLength = 1 + hexdame.NumCells

// ErrPosition is wrapped by the errors for text that is not a position in
// the Hub dialect.
var ErrPosition = errors.New("invalid position")

// A TextError reports a position or move text that cannot be read, or a
// move that is not legal: the text, where, and why. It wraps ErrPosition
// for text that is not a position in the Hub dialect,
// hexdame.ErrSyntax for text that is not a move in the Hub dialect's
// notation (such as "d4-e5", a move in another notation, or a capture
// without its captured cells), or hexdame.ErrIllegalMove for a move that
// is not legal.
type TextError struct {
	Text   string // the text, clipped to 80 bytes
	Column int    // the byte of the problem, from 1; 0 when not about one place
	Err    error  // ErrPosition, hexdame.ErrSyntax or hexdame.ErrIllegalMove
	Why    string // what was wrong, in words
}

// Error returns the message: what the text should have been, the text, and
// what was wrong.
func (e *TextError) Error() string {
	what := "invalid move"
	switch e.Err {
	case ErrPosition:
		what = "invalid position"
	case hexdame.ErrIllegalMove:
		what = "illegal move"
	}
	s := what + " " + strconv.Quote(e.Text)
	if e.Column > 0 {
		s += " at column " + strconv.Itoa(e.Column)
	}
	if e.Why != "" {
		s += ": " + e.Why
	}
	return s
}

// Unwrap returns Err.
func (e *TextError) Unwrap() error { return e.Err }

func textError(text string, col int, why string, err error) *TextError {
	if len(text) > 80 {
		text = clipName(text)
	}
	return &TextError{Text: text, Column: col, Err: err, Why: why}
}

// pieceLetters maps a piece to its letter: w W b B, e for an empty cell.
func pieceLetter(x hexdame.Piece) byte {
	if x.Color() == hexdame.NoColor {
		return 'e'
	}
	switch {
	case x.Color() == hexdame.White && x.IsKing():
		return 'W'
	case x.Color() == hexdame.White:
		return 'w'
	case x.IsKing():
		return 'B'
	}
	return 'b'
}

// ParsePosition reads a position in the Hub dialect: W or B (Red) for the
// side to move, then one character for each of the 61 cells in numeric
// order, cell 1 first: w and W for a white man and king, b and B for a
// red man and king, e for an empty cell. Text of any other length, or with
// another character, gives a *TextError wrapping ErrPosition.
func ParsePosition(s string) (hexdame.Position, error) {
	if len(s) != PositionLength {
		return hexdame.Position{}, textError(s, 0, "want "+strconv.Itoa(PositionLength)+" characters, not "+strconv.Itoa(len(s)), ErrPosition)
	}
	var p hexdame.Position
	switch s[0] {
	case 'W':
		p = p.WithSideToMove(hexdame.White)
	case 'B':
		p = p.WithSideToMove(hexdame.Red)
	default:
		return hexdame.Position{}, textError(s, 1, "the side to move must be W or B", ErrPosition)
	}
	for n := 1; n <= hexdame.NumCells; n++ {
		var x hexdame.Piece
		switch s[n] {
		case 'e':
			continue
		case 'w':
			x = hexdame.MakePiece(hexdame.White, false)
		case 'W':
			x = hexdame.MakePiece(hexdame.White, true)
		case 'b':
			x = hexdame.MakePiece(hexdame.Red, false)
		case 'B':
			x = hexdame.MakePiece(hexdame.Red, true)
		default:
			return hexdame.Position{}, textError(s, n+1, "cell "+strconv.Itoa(n)+" must be one of w W b B e", ErrPosition)
		}
		c, _ := hexdame.CellFromNumber(n)
		p = p.WithPiece(c, x)
	}
	return p, nil
}

// FormatPosition returns p in the Hub dialect (PositionLength
// characters), as ParsePosition reads it.
func FormatPosition(p hexdame.Position) string {
	var buf [PositionLength]byte
	dst := buf[:0]
	if p.SideToMove() == hexdame.White {
		dst = append(dst, 'W')
	} else {
		dst = append(dst, 'B')
	}
	for n := 1; n <= hexdame.NumCells; n++ {
		c, _ := hexdame.CellFromNumber(n)
		dst = append(dst, pieceLetter(p.Piece(c)))
	}
	return string(dst)
}

// A moveText is a move read from Hub notation, before it is matched with
// a legal move: its start, its end and its captured cells as a set of
// cell numbers (bit n for cell n).
type moveText struct {
	from, to int
	captured uint64
	capture  bool
}

// parseMoveText reads the syntax of a Hub move.
func parseMoveText(s string) (moveText, error) {
	var mt moveText
	fail := func(i int, why string) (moveText, error) {
		return moveText{}, textError(s, i+1, why, hexdame.ErrSyntax)
	}
	if s == "" {
		return fail(-1, "empty")
	}
	i := 0
	number := func() (int, bool) {
		start := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' && i-start < 3 {
			i++
		}
		if i == start || s[start] == '0' {
			return 0, false
		}
		n, _ := strconv.Atoi(s[start:i])
		return n, n >= 1 && n <= hexdame.NumCells
	}
	var ok bool
	if mt.from, ok = number(); !ok {
		return fail(0, "want a cell number from 1 to 61 first")
	}
	if i == len(s) || (s[i] != '-' && s[i] != 'x') {
		return fail(i, "want - or x after the start cell")
	}
	mt.capture = s[i] == 'x'
	i++
	at := i
	if mt.to, ok = number(); !ok {
		return fail(at, "want the end cell's number, from 1 to 61")
	}
	if !mt.capture {
		if i != len(s) {
			return fail(i, "text after the end cell of a move without capture")
		}
		return mt, nil
	}
	for i < len(s) {
		if s[i] != 'x' {
			return fail(i, "want x between the captured cells")
		}
		i++
		at := i
		c, ok := number()
		if !ok {
			return fail(at, "want a captured cell's number, from 1 to 61")
		}
		if mt.captured&(1<<c) != 0 {
			return fail(at, "cell "+strconv.Itoa(c)+" captured twice")
		}
		mt.captured |= 1 << c
	}
	if mt.captured == 0 {
		return fail(len(s), "a capture lists its captured cells: FROMxTOxC1...")
	}
	return mt, nil
}

// ParseMove reads a move in the Hub dialect's notation and returns the legal
// move of p it names. A move without capture is FROM-TO ("40-31"); a
// capture is FROMxTOxC1xC2... with the start, the end and every captured
// cell in any order ("38x16x27x22"); cells are numbers from 1 to 61 without
// leading zeros. Text in any other form gives a *TextError wrapping
// hexdame.ErrSyntax; a move that is not legal in p (a capture that leaves out
// or adds a captured cell included) one wrapping hexdame.ErrIllegalMove.
func ParseMove(p hexdame.Position, s string) (hexdame.Move, error) {
	mt, err := parseMoveText(s)
	if err != nil {
		return hexdame.Move{}, err
	}
	var buf [64]hexdame.Move
	for _, m := range p.AppendLegalMoves(buf[:0]) {
		if m.From().Number() != mt.from || m.To().Number() != mt.to || m.IsCapture() != mt.capture {
			continue
		}
		if !mt.capture || capturedMask(m) == mt.captured {
			return m, nil
		}
	}
	return hexdame.Move{}, textError(s, 0, "", hexdame.ErrIllegalMove)
}

// AppendMove appends m in the Hub dialect's notation to dst: FROM-TO, or
// FROMxTOxC1... with the captured cells in increasing order. A move that
// is not valid (the zero Move) appends nothing.
func AppendMove(dst []byte, m hexdame.Move) []byte {
	if !m.IsValid() {
		return dst
	}
	dst = strconv.AppendInt(dst, int64(m.From().Number()), 10)
	if !m.IsCapture() {
		dst = append(dst, '-')
		return strconv.AppendInt(dst, int64(m.To().Number()), 10)
	}
	dst = append(dst, 'x')
	dst = strconv.AppendInt(dst, int64(m.To().Number()), 10)
	for mask := capturedMask(m); mask != 0; mask &= mask - 1 {
		dst = append(dst, 'x')
		dst = strconv.AppendInt(dst, int64(trailingZeros(mask)), 10)
	}
	return dst
}

// FormatMove returns m in the Hub dialect's notation ("" for a move that
// is not valid).
func FormatMove(m hexdame.Move) string {
	var buf [64]byte
	return string(AppendMove(buf[:0], m))
}

// AppendMoves appends the moves in Hub notation separated by spaces, as
// the moves= argument of pos and the pv= argument of info list them.
func AppendMoves(dst []byte, moves []hexdame.Move) []byte {
	for i, m := range moves {
		if i > 0 {
			dst = append(dst, ' ')
		}
		dst = AppendMove(dst, m)
	}
	return dst
}

// ParseMoves reads a list of moves in Hub notation separated by spaces,
// played in turn from p, and returns them with the position they lead to.
// The first move that ParseMove refuses gives its error, with the index of
// the move (from 1) in front of the message.
func ParseMoves(p hexdame.Position, s string) ([]hexdame.Move, hexdame.Position, error) {
	var moves []hexdame.Move
	i := 0
	for i < len(s) {
		for i < len(s) && isSpace(s[i]) {
			i++
		}
		start := i
		for i < len(s) && !isSpace(s[i]) {
			i++
		}
		if start == i {
			break
		}
		m, err := ParseMove(p, s[start:i])
		if err != nil {
			var te *TextError
			if errors.As(err, &te) {
				te.Why = joinWhy("move "+strconv.Itoa(len(moves)+1), te.Why)
			}
			return nil, p, err
		}
		moves = append(moves, m)
		p = p.PlayUnchecked(m)
	}
	return moves, p, nil
}

func joinWhy(a, b string) string {
	if b == "" {
		return a
	}
	return a + ": " + b
}
