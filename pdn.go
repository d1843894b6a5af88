package hexdame

import (
	"bufio"
	"errors"
	"io"
	"iter"
	"strconv"
	"strings"
	"unicode/utf8"
)

// PDN (Portable Draughts Notation) 3.0 game records.
//
// The package reads PDN in two layers. The syntax layer (Reader.ReadRecord)
// reads any PDN file, of any draughts game, into Records: tag pairs, the
// movetext as a tree of Elements (moves with their strength marks, NAGs,
// comments, line comments, setups and nested variations), and the game's
// terminating result. The HexDame layer (Reader.ReadGame, Record.Replay,
// Reader.CheckGame) then replays the main line and every variation against
// the rules.
//
// HexDame has no official PDN GameType number. This package writes
// [GameType "42,W,9,9,A0,0"] for records in algebraic notation and
// [GameType "42,W,9,9,N2,0"] for numeric ones: 42 is the first number the
// standard sets aside for draughts games it has not numbered, W says White
// starts, 9 by 9 are the files and ranks, A0 is algebraic notation with a1
// at the bottom and N2 numeric notation with square 1 (i9) at the top.
// Records without a GameType tag are read as HexDame; records whose
// GameType names another number are rejected by the HexDame layer.
//
// Input of any size is read in time proportional to it. One comment,
// line comment, string, setup or word is at most 1 MiB (as UTF-8), one
// move at most 512 bytes and its strength mark at most 1 MiB less 512
// bytes, a NAG at most 9 digits, and variations nest at most
// MaxVariationDepth deep; longer or deeper text is a syntax error. The
// Writer keeps to the same limits (see the table below), so that what one
// takes the other gives back. A malformed construct gives one error: an
// unterminated comment, string or setup runs to the end of the input, as
// the standard has it, and its error says where it started and how far it
// ran; after an error the Reader skips to the end of the game.

// GameTypeNumber is the PDN GameType number this package uses for HexDame.
const GameTypeNumber = 42

// ErrInvalidPDN is wrapped by the errors returned for text that is not PDN,
// and for a record that no HexDame game can be (a variation that is an
// alternative to no move, a FEN tag or setup of a position no game
// reaches; see Record.Replay).
var ErrInvalidPDN = errors.New("invalid PDN")

// ErrNotHexDame is wrapped by the errors returned when a record's GameType
// names a game other than HexDame.
var ErrNotHexDame = errors.New("not a HexDame record")

// A ParseError reports a problem in a PDN record: where it is, and what was
// wrong. It wraps Err, which is ErrInvalidPDN for text that is not PDN, a
// *MoveError (wrapping ErrIllegalMove, ErrAmbiguousMove or ErrMoveSyntax) for a
// move that cannot be played, a *FENError for a bad FEN tag or setup, an
// error wrapping ErrWorkLimit for a move whose check would go past the
// Reader's WorkLimit, or ErrGameOver, ErrNotHexDame, ErrResultMismatch,
// ErrInvalidResult or ErrInvalidCell; for a FEN tag or setup of a position no game reaches,
// ErrInvalidPDN and ErrUnreachable both; for a part a Writer cannot write
// (WriteRecord, ConvertRecord), ErrInvalidRecord.
type ParseError struct {
	Game   int    // the game's number in the input, from 1
	Line   int    // the line of the problem, from 1
	Column int    // the byte of the problem in its line, from 1
	Ply    int    // the move's ply: 1 for the game's first move, counted along the line (main line or variation) that leads to it; 0 if not about a move
	Move   string // the move text, if the problem is a move
	Err    error  // what was wrong: wraps a sentinel such as ErrInvalidPDN, ErrIllegalMove or ErrResultMismatch
}

// Error returns the message: the game, line and column, then Detail. It
// never panics, whatever the fields hold.
func (e *ParseError) Error() string {
	var b strings.Builder
	b.WriteString("game ")
	b.WriteString(strconv.Itoa(e.Game))
	b.WriteString(", line ")
	b.WriteString(strconv.Itoa(e.Line))
	b.WriteString(", column ")
	b.WriteString(strconv.Itoa(e.Column))
	b.WriteString(": ")
	b.WriteString(e.Detail())
	return b.String()
}

// Detail returns the problem without the location of the game, line and
// column: for a move, "ply P, move TEXT: reason; legal: ..." (at most
// about 60 characters of the move text are quoted).
func (e *ParseError) Detail() string {
	var b []byte
	if e.Ply > 0 {
		b = append(b, "ply "...)
		b = strconv.AppendInt(b, int64(e.Ply), 10)
		b = append(b, ", "...)
	}
	if e.Move != "" {
		b = append(b, "move "...)
		b = appendClipped(b, e.Move)
		b = append(b, ": "...)
	}
	var me *MoveError
	switch {
	case e.Err == nil:
		b = append(b, "invalid record"...)
	case errors.As(e.Err, &me):
		b = append(b, me.Detail()...)
	default:
		b = append(b, e.Err.Error()...)
	}
	return string(b)
}

// Unwrap returns Err.
func (e *ParseError) Unwrap() error { return e.Err }

// syntaxError is a PDN syntax error with its explanation; it wraps
// ErrInvalidPDN.
type syntaxError struct{ msg string }

func (e *syntaxError) Error() string { return "invalid PDN: " + e.msg }
func (e *syntaxError) Unwrap() error { return ErrInvalidPDN }

// A readError is an error of the underlying reader, with where the Reader
// was when it happened.
type readError struct {
	game, line, col int
	err             error
}

func (e *readError) Error() string {
	return "reading game " + strconv.Itoa(e.game) + " at line " + strconv.Itoa(e.line) +
		", column " + strconv.Itoa(e.col) + ": " + e.err.Error()
}

func (e *readError) Unwrap() error { return e.err }

// errNilReader is returned by a nil *Reader, the zero Reader, and a
// Reader made with a nil io.Reader.
var errNilReader = errors.New("no io.Reader to read (make the Reader with NewReader, given one)")

// A Tag is one PDN tag pair, such as [Event "Open"].
type Tag struct {
	Name  string `json:"name"`  // the tag's name, such as "Event": a letter, then letters, digits and underscores
	Value string `json:"value"` // the tag's value, without the quotes and escapes of PDN
}

// An ElementKind says what an Element of movetext is.
type ElementKind uint8

const (
	MoveElement        ElementKind = iota + 1 // a move, with its strength mark
	CommentElement                            // {text}
	LineCommentElement                        // %text, to the end of the line
	NAGElement                                // $n
	VariationElement                          // (...)
	SetupElement                              // /FEN "..."/
)

// ErrInvalidKind is wrapped by the errors of ParseElementKind and of
// marshalling an ElementKind that is none of the constants.
var ErrInvalidKind = errors.New("invalid element kind")

var kindNames = enumNames{kind: "element kind", err: ErrInvalidKind, names: []string{MoveElement: "move",
	CommentElement: "comment", LineCommentElement: "line comment", NAGElement: "NAG",
	VariationElement: "variation", SetupElement: "setup"}}

// String returns the kind in words, such as "line comment", or "invalid
// element kind" for a value that is none of the constants.
func (k ElementKind) String() string { return kindNames.String(int(k)) }

// ParseElementKind reads what ElementKind.String writes, in any case.
// Other text gives 0 and an error wrapping ErrInvalidKind.
func ParseElementKind(s string) (ElementKind, error) {
	k, err := kindNames.parse(s)
	return ElementKind(k), err
}

// AppendText appends the kind in words; a value that is none of the
// constants gives an error wrapping ErrInvalidKind.
func (k ElementKind) AppendText(b []byte) ([]byte, error) { return kindNames.appendText(b, int(k)) }

// MarshalText implements encoding.TextMarshaler with the kind in words.
func (k ElementKind) MarshalText() ([]byte, error) { return k.AppendText(nil) }

// UnmarshalText implements encoding.TextUnmarshaler with
// ParseElementKind. On error k is unchanged.
func (k *ElementKind) UnmarshalText(text []byte) error {
	return unmarshalWith(k, text, ParseElementKind)
}

// An Element is one item of movetext, in the order the record gives it.
type Element struct {
	Kind      ElementKind `json:"kind"`                // what the element is: a move, a comment, a NAG, a variation, ...
	Text      string      `json:"text,omitempty"`      // the move (without strength mark), the comment, or the setup text between the slashes
	Strength  string      `json:"strength,omitempty"`  // a move's strength mark: "!", "?", "!!", "!?", "(?)", ...
	NAG       int         `json:"nag,omitempty"`       // a NAG's number
	Variation []Element   `json:"variation,omitempty"` // a variation's elements
	Line      int         `json:"line,omitempty"`      // where the element starts, from 1
	Column    int         `json:"column,omitempty"`    // and its column: its first byte in the line, from 1
}

// A Record is one game of a PDN file as written: its tag pairs, its
// movetext and the result that terminates it. It holds no judgement on the
// rules; Replay checks it against them.
type Record struct {
	Tags []Tag     `json:"tags"` // the tag pairs, in the order written
	Body []Element `json:"body"` // the movetext's elements, in the order written, without the result
	// ResultText is the result that terminates the movetext, as written
	// ("2-0", "1-0", "1/2-1/2", "*", ...), or "" if the input ended
	// first. ParseResult reads it as a Result.
	ResultText string `json:"result"`
	Game       int    `json:"game,omitempty"` // the game's number in the input, from 1
	Line       int    `json:"line,omitempty"` // the line where the game starts

	tagPos                   []textPos // where each tag pair starts, for a record read by a Reader
	resultLine, resultColumn int       // where the result is written
}

// A textPos is a line and column (a byte in the line), from 1.
type textPos struct{ line, col int }

// tagAt returns where tag pair i starts: known for a record read by a
// Reader, the start of the game otherwise.
func (rec *Record) tagAt(i int) textPos {
	if i < len(rec.tagPos) {
		return rec.tagPos[i]
	}
	return textPos{rec.Line, 1}
}

// Tag returns the value of the first tag pair with the given name.
func (rec *Record) Tag(name string) (value string, ok bool) {
	if rec == nil {
		return "", false
	}
	for _, t := range rec.Tags {
		if t.Name == name {
			return t.Value, true
		}
	}
	return "", false
}

// The limits of a PDN record. They are one table for both sides: the
// Reader refuses, as a syntax error, text beyond them, and the Writer
// refuses, with an error wrapping ErrInvalidRecord and before writing
// anything of the record, a record that would go beyond them, so that
// whatever one takes the other gives back. Lengths are in bytes of the
// text as UTF-8 (a Latin-1 input counts its characters as UTF-8 does).
const (
	// MaxVariationDepth is how deeply variations may nest in a record. A
	// Reader reports deeper nesting as a syntax error; Replay, Convert and
	// the Writer refuse a record or game built in code with deeper nesting.
	MaxVariationDepth = 256

	// maxTokenLen bounds one comment, line comment, string (a tag's
	// value), setup, and one word: a tag name, or a move with its strength
	// mark (the Writer writes a move's number as a word of its own).
	maxTokenLen = 1 << 20
	// maxMoveTextLen bounds one move, separators and all, without its
	// number and strength mark; maxStrengthLen its strength mark, so that
	// any move with any mark fits in one word whatever notation Convert
	// writes the move in.
	maxMoveTextLen = 512
	maxStrengthLen = maxTokenLen - maxMoveTextLen
	// maxNAG is the greatest NAG: $ and at most maxNAGDigits digits.
	maxNAG       = 999_999_999
	maxNAGDigits = 9
)

// fitsToken reports whether text of n bytes fits in one token.
func fitsToken(n int) bool { return n <= maxTokenLen }

// textProblem says why text of a record does not read back the same, or
// returns "": it must be UTF-8, no longer than a Reader reads, and without
// the characters in forbidden.
func textProblem(what, s, forbidden string) string {
	switch {
	case !utf8.ValidString(s):
		return what + " is not UTF-8"
	case !fitsToken(len(s)):
		return what + " is longer than 1 MiB"
	case forbidden != "" && strings.ContainsAny(s, forbidden):
		return what + " holds " + strconv.Quote(string(s[strings.IndexAny(s, forbidden)]))
	}
	return ""
}

// nagProblem says why a NAG cannot be written as PDN, or returns "".
func nagProblem(nag int) string {
	if nag < 0 || nag > maxNAG {
		return "NAG " + strconv.Itoa(nag) + " is not a number of at most " + strconv.Itoa(maxNAGDigits) + " digits"
	}
	return ""
}

// A Reader reads PDN records, one game at a time, from an io.Reader. Text
// may be UTF-8 or Latin-1 (a byte that is not part of valid UTF-8 is read
// as the Latin-1 character with that code). A line ends at "\n", "\r\n"
// or a lone "\r".
//
// After an error in a game the Reader skips to the next game, so a caller
// may go on reading; the games are still numbered as in the input. An
// error of the underlying reader is returned, wrapped, by that call and
// every later one.
//
// The zero Reader and a nil *Reader have nothing to read: every read
// returns an error. Make Readers with NewReader.
type Reader struct {
	// WorkLimit, when positive, bounds the work of checking the stream's
	// games against the rules (ReadGame, CheckGame, Games): the states
	// that the capture searches of all their moves, and the path searches
	// of moves written with landing cells, visit together (see
	// Position.AppendLegalMovesWithin). The move whose check would go
	// past it is a problem of its game: a *ParseError wrapping an error
	// that wraps ErrWorkLimit and names the position. Once the limit is
	// spent, every later move that needs a capture search fails the same
	// way. Zero, the default, means no limit. ReadRecord reads without
	// checking the rules, and Record.Replay is not counted.
	WorkLimit int64

	src       *bufio.Reader // nil for a Reader made with a nil io.Reader
	line, col int           // position of the next character
	offset    int64         // bytes read
	afterCR   bool          // the last character was "\r": a "\n" now starts no new line
	game      int
	peek      token // a token read ahead, when peeked
	peeked    bool
	err       error // a read error other than io.EOF
	scratch   []byte
	interned  map[string]string // short texts met before, so that a game's moves and tags cost no allocation
	check     *replayer         // the replayer CheckGame reuses
	work      workBudget        // WorkLimit and what the replays have spent of it
}

// Interning: texts up to maxInterned bytes are kept, up to maxInternedTexts
// of them; past that they are allocated as any other.
const (
	maxInterned      = 24
	maxInternedTexts = 1 << 12
)

// text returns b as a string, the same string for the same short text.
func (r *Reader) text(b []byte) string {
	if len(b) > maxInterned {
		return string(b)
	}
	if s, ok := r.interned[string(b)]; ok {
		return s
	}
	s := string(b)
	if r.interned == nil {
		r.interned = make(map[string]string)
	}
	if len(r.interned) < maxInternedTexts {
		r.interned[s] = s
	}
	return s
}

// NewReader returns a Reader reading from r. A Reader made with a nil r
// returns an error from every read.
func NewReader(r io.Reader) *Reader {
	rd := &Reader{line: 1, col: 1}
	if r != nil {
		rd.src = bufio.NewReaderSize(r, 64<<10)
	}
	return rd
}

// workBudget returns the budget of the Reader's replays, nil when it has
// no WorkLimit.
func (r *Reader) workBudget() *workBudget {
	if r == nil || r.WorkLimit <= 0 {
		return nil
	}
	r.work.limit = r.WorkLimit
	return &r.work
}

type tokenKind uint8

const (
	tokEOF tokenKind = iota
	tokWord
	tokString
	tokComment
	tokLineComment
	tokNAG
	tokSetup
	tokLBracket
	tokRBracket
	tokLParen
	tokRParen
	tokAsterisk
	tokError // text that is not a token; text holds the message
)

type token struct {
	kind      tokenKind
	text      string
	line, col int
}

// unread makes t the next token next returns.
func (r *Reader) unread(t token) { r.peek, r.peeked = t, true }

// noteErr keeps the first error of the underlying reader other than
// io.EOF.
func (r *Reader) noteErr(err error) {
	if err != io.EOF && r.err == nil {
		r.err = err
	}
}

// readRune reads one character, decoding UTF-8 and falling back to Latin-1,
// and keeps count of lines and columns.
func (r *Reader) readRune() (rune, bool) {
	b, err := r.src.ReadByte()
	if err != nil {
		r.noteErr(err)
		return 0, false
	}
	r.offset++
	c, size := rune(b), 1
	if b >= utf8.RuneSelf {
		_ = r.src.UnreadByte()
		c, size, _ = r.src.ReadRune()
		r.offset += int64(size - 1)
		if c == utf8.RuneError && size == 1 {
			c = rune(b) // not UTF-8: the Latin-1 character
		}
	}
	switch c {
	case '\n':
		if !r.afterCR {
			r.line++
		}
		r.col = 1
	case '\r':
		r.line++
		r.col = 1
	default:
		r.col += size
	}
	r.afterCR = c == '\r'
	return c, true
}

// peekByte returns the next byte without reading it.
func (r *Reader) peekByte() (byte, bool) {
	b, err := r.src.Peek(1)
	if err != nil {
		r.noteErr(err)
		return 0, false
	}
	return b[0], true
}

func isSpace(c rune) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v' || c == 0xA0 || c == 0xFEFF
}

// isDelimiter reports whether c ends a word.
func isDelimiter(c byte) bool {
	switch c {
	case ' ', '\t', '\n', '\r', '\f', '\v', '{', '}', '(', ')', '[', ']', '"', '$', '%':
		return true
	}
	return false
}

// next returns the next token.
func (r *Reader) next() token {
	if r.peeked {
		r.peeked = false
		return r.peek
	}
	for {
		b, ok := r.peekByte()
		if !ok {
			return token{kind: tokEOF, line: r.line, col: r.col}
		}
		if b == ' ' || b == '\t' || b == '\n' || b == '\r' || b == '\f' || b == '\v' || b >= 0x80 {
			if b >= 0x80 {
				// Non-ASCII white space (no-break space, byte order mark)
				// is skipped; anything else starts a word.
				line, col := r.line, r.col
				c, _ := r.readRune()
				if isSpace(c) {
					continue
				}
				return r.word(c, line, col)
			}
			r.readRune()
			continue
		}
		break
	}
	line, col := r.line, r.col
	c, _ := r.readRune()
	t := token{line: line, col: col}
	switch c {
	case '[':
		t.kind = tokLBracket
	case ']':
		t.kind = tokRBracket
	case '(':
		t.kind = tokLParen
	case ')':
		t.kind = tokRParen
	case '*':
		t.kind = tokAsterisk
	case '"':
		return r.delimited(t, tokString, '"', true, "string")
	case '{':
		return r.delimited(t, tokComment, '}', false, "comment")
	case '/':
		return r.delimited(t, tokSetup, '/', false, "setup")
	case '%':
		return r.lineComment(t)
	case '$':
		t.kind = tokNAG
		buf := r.scratch[:0]
		for {
			b, ok := r.peekByte()
			if !ok || b < '0' || b > '9' {
				break
			}
			r.readRune()
			if len(buf) <= maxNAGDigits {
				buf = append(buf, b)
			}
		}
		r.scratch = buf[:0]
		if len(buf) == 0 || len(buf) > maxNAGDigits {
			t.kind, t.text = tokError, "NAG must be $ and a number of at most "+strconv.Itoa(maxNAGDigits)+" digits"
		} else {
			t.text = string(buf)
		}
	case '}':
		t.kind, t.text = tokError, "} without {"
	default:
		return r.word(c, line, col)
	}
	return t
}

// delimited reads text up to the closing character end. A string (escapes
// true) reads \" as " and \\ as \. Text longer than maxTokenLen, or not
// closed before the end of the input, is read to its end and gives an
// error token; for text not closed, the error says how far it ran.
func (r *Reader) delimited(t token, kind tokenKind, end rune, escapes bool, what string) token {
	buf := r.scratch[:0]
	long := false
	start := r.offset - 1 // the opening character
	for {
		c, ok := r.readRune()
		if !ok {
			r.scratch = buf[:0]
			t.kind, t.text = tokError, unclosed(what, string(end), t, r.offset-start, r.line-t.line)
			return t
		}
		if escapes && c == '\\' {
			if b, ok := r.peekByte(); ok && (b == '"' || b == '\\') {
				r.readRune()
				c = rune(b)
			}
		} else if c == end {
			break
		}
		if long || !fitsToken(len(buf)+utf8.RuneLen(c)) {
			long = true
			continue
		}
		buf = utf8.AppendRune(buf, c)
	}
	r.scratch = buf[:0]
	if long {
		t.kind, t.text = tokError, what+" longer than 1 MiB"
		return t
	}
	t.kind, t.text = kind, r.text(buf)
	return t
}

// lineComment reads a line comment, from after the % to the end of the
// line.
func (r *Reader) lineComment(t token) token {
	buf := r.scratch[:0]
	long := false
	for {
		b, ok := r.peekByte()
		if !ok || b == '\n' || b == '\r' {
			break
		}
		c, _ := r.readRune()
		if long || !fitsToken(len(buf)+utf8.RuneLen(c)) {
			long = true
			continue
		}
		buf = utf8.AppendRune(buf, c)
	}
	r.scratch = buf[:0]
	if long {
		t.kind, t.text = tokError, "line comment longer than 1 MiB"
		return t
	}
	t.kind, t.text = tokLineComment, string(buf)
	return t
}

// word reads the rest of a word whose first character is first. A move
// glued to a parenthesised strength mark, "29-23(?)", is one word.
func (r *Reader) word(first rune, line, col int) token {
	buf := utf8.AppendRune(r.scratch[:0], first)
	long := false
	for {
		b, ok := r.peekByte()
		if !ok {
			break
		}
		if b == '(' {
			// "(?)", "(!?)": a strength mark, not a variation.
			if mark, ok := r.peekStrength(); ok {
				for range mark {
					r.readRune()
				}
				long = long || !fitsToken(len(buf)+len(mark))
				if !long {
					buf = append(buf, mark...)
				}
			}
			break
		}
		if isDelimiter(b) {
			break
		}
		c, _ := r.readRune()
		if isSpace(c) {
			break // a non-ASCII space
		}
		if long || !fitsToken(len(buf)+utf8.RuneLen(c)) {
			long = true
			continue
		}
		buf = utf8.AppendRune(buf, c)
	}
	r.scratch = buf[:0]
	if long {
		return token{kind: tokError, text: "word longer than 1 MiB", line: line, col: col}
	}
	return token{kind: tokWord, text: r.text(buf), line: line, col: col}
}

// unclosed returns the message for a comment, string or setup whose
// opening character, at token t, is never closed: it runs n bytes, over
// lines more lines, to the end of the input, taking in whatever followed
// (the standard does not let a reader end it sooner).
func unclosed(what, closer string, t token, n int64, lines int) string {
	msg := what + " not closed with " + closer + ": it runs from line " + strconv.Itoa(t.line) +
		", column " + strconv.Itoa(t.col) + " to the end of the input, " + strconv.FormatInt(n, 10) + " bytes"
	if lines > 0 {
		msg += " and " + strconv.Itoa(lines) + " more lines"
	}
	return msg
}

// peekStrength reports whether the input continues with a parenthesised
// strength mark such as "(?)" and returns it.
func (r *Reader) peekStrength() (string, bool) {
	for n := 3; n <= 8; n++ {
		b, err := r.src.Peek(n)
		if len(b) < n {
			if err != nil {
				r.noteErr(err)
			}
			return "", false
		}
		if b[n-1] == ')' {
			for _, c := range b[1 : n-1] {
				if c != '!' && c != '?' {
					return "", false
				}
			}
			return string(b), true
		}
		if b[n-1] != '!' && b[n-1] != '?' {
			return "", false
		}
	}
	return "", false
}

// isResult reports whether s is a game-terminating result a reader
// accepts.
func isResult(s string) bool {
	switch s {
	case "2-0", "0-2", "1-1", "0-0", "1-0", "0-1", "1/2-1/2", "½-½":
		return true
	}
	return false
}

// splitWord splits a movetext word into a move number ("12." or "12..."),
// a move or result, and a strength mark.
func splitWord(w string) (number, body, strength string) {
	i := 0
	for i < len(w) && w[i] >= '0' && w[i] <= '9' {
		i++
	}
	if i > 0 && i < len(w) && w[i] == '.' {
		j := i
		for j < len(w) && w[j] == '.' {
			j++
		}
		number, w = w[:j], w[j:]
	}
	end := len(w)
	if strings.HasSuffix(w, ")") {
		if k := strings.LastIndexByte(w, '('); k > 0 {
			end = k
		}
	} else {
		for end > 0 && (w[end-1] == '!' || w[end-1] == '?' || w[end-1] == '*') {
			end--
		}
	}
	return number, w[:end], w[end:]
}

// isMoveText reports whether s has the form of a move: two or more
// squares (one or two digits, or a letter and one or two digits) joined by
// -, x, X or :, or written without separators ("3228", "a3b4").
func isMoveText(s string) bool {
	squares := 0
	for i := 0; i < len(s); {
		if squares > 0 && (s[i] == '-' || s[i] == 'x' || s[i] == 'X' || s[i] == ':') {
			i++
		}
		if i < len(s) && (s[i] >= 'a' && s[i] <= 'z' || s[i] >= 'A' && s[i] <= 'Z') && s[i] != 'x' && s[i] != 'X' {
			i++
		}
		digits, value := 0, 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' && digits < 2 {
			value = value*10 + int(s[i]-'0')
			i++
			digits++
		}
		if digits == 0 || value == 0 {
			return false
		}
		squares++
	}
	return squares >= 2
}

// isStrength reports whether s is a strength mark the Reader reads glued to
// a move.
func isStrength(s string) bool {
	if s == "" {
		return true
	}
	if inner, ok := strings.CutPrefix(s, "("); ok {
		inner, ok = strings.CutSuffix(inner, ")")
		return ok && len(inner) >= 1 && len(inner) <= 6 && strings.Trim(inner, "!?") == ""
	}
	return strings.Trim(s, "!?*") == ""
}

// A recordSink receives the parts of a record, in the order of the text,
// as a Reader reads them: tag pairs (with line comments among them passed
// as elements), then the movetext's elements, with the start and end of
// each variation, then the result ("" when the input ends first). An error
// from a sink stops further calls for that record; the Reader reads the
// record to its end and returns the error.
type recordSink interface {
	begin(game, line int) // a record starts: its number in the input and its first line
	tag(name, value string, at textPos) error
	element(e *Element) error // anything but a variation
	open(at textPos) error    // a variation starts
	close() error             // the innermost variation ends
	end(result string, at textPos) error
}

// Records returns an iterator over the records of the input, read with
// ReadRecord: each record with a nil error, or a nil record and the error
// of a game that is not PDN, after which the iteration goes on with the
// next game. It stops at the end of the input, and after an error of the
// underlying reader, which it yields first.
func (r *Reader) Records() iter.Seq2[*Record, error] {
	return func(yield func(*Record, error) bool) {
		for {
			rec, err := r.ReadRecord()
			if err == io.EOF || !yield(rec, err) || (err != nil && !isRecordError(err)) {
				return
			}
		}
	}
}

// isRecordError reports whether err is about a record's content (after
// which a Reader goes on with the next game), not about reading.
func isRecordError(err error) bool {
	var pe *ParseError
	return errors.As(err, &pe)
}

// Movetext returns an iterator over the elements of the record's movetext
// in the order of the text, with their depth: 0 for the main line, 1
// inside a variation, and so on. A variation is yielded itself, then its
// elements. Elements nested deeper than MaxVariationDepth are not yielded.
func (rec *Record) Movetext() iter.Seq2[int, *Element] {
	return func(yield func(int, *Element) bool) {
		if rec != nil {
			walkMovetext(rec.Body, 0, yield)
		}
	}
}

func walkMovetext(elems []Element, depth int, yield func(int, *Element) bool) bool {
	for i := range elems {
		if !yield(depth, &elems[i]) {
			return false
		}
		if elems[i].Kind == VariationElement && depth < MaxVariationDepth {
			if !walkMovetext(elems[i].Variation, depth+1, yield) {
				return false
			}
		}
	}
	return true
}

// ReadRecord reads the next game's record with the syntax layer: it checks
// PDN syntax only, so it reads records of any draughts game. At the end of
// the input it returns nil, io.EOF. Errors are *ParseError values wrapping
// ErrInvalidPDN, or an error of the underlying reader, wrapped.
func (r *Reader) ReadRecord() (*Record, error) {
	b := treeBuilder{rec: &Record{}}
	if err := r.readRecordTo(&b); err != nil {
		return nil, err
	}
	return b.rec, nil
}

// CheckRecord reads the next game's record and checks its PDN syntax as
// ReadRecord does, without keeping it: its memory does not grow with the
// record, where ReadRecord's takes an 88-byte Element for each part (a
// million empty line comments, 2 MB of text, make a Record of 88 MB). It
// returns nil for a record that is PDN, io.EOF at the end of the input,
// and otherwise the error ReadRecord would.
func (r *Reader) CheckRecord() error { return r.readRecordTo(discard{}) }

// discard is the recordSink that keeps nothing.
type discard struct{}

func (discard) begin(game, line int)                     {}
func (discard) tag(name, value string, at textPos) error { return nil }
func (discard) element(e *Element) error                 { return nil }
func (discard) open(at textPos) error                    { return nil }
func (discard) close() error                             { return nil }
func (discard) end(result string, at textPos) error      { return nil }

// readRecordTo reads the next record and passes its parts to s. It returns
// io.EOF at the end of the input, a read error, a *ParseError for a syntax
// error, or the first error s returned.
func (r *Reader) readRecordTo(s recordSink) error {
	if r == nil || r.src == nil {
		return errNilReader
	}
	if r.err != nil {
		return &readError{r.game, r.line, r.col, r.err}
	}
	t := r.next()
	if t.kind == tokEOF {
		if r.err != nil {
			// The error came before the next record's first token:
			// it is that record's, numbered as a record would be.
			r.game++
			return &readError{r.game, r.line, r.col, r.err}
		}
		return io.EOF
	}
	r.game++
	s.begin(r.game, t.line)
	p := recordParser{r: r, sink: s}
	err := p.record(t)
	if r.err != nil {
		return &readError{r.game, r.line, r.col, r.err}
	}
	if err != nil {
		return err
	}
	return p.sinkErr
}

// A recordParser parses one record's tokens and passes its parts to a
// sink.
type recordParser struct {
	r       *Reader
	sink    recordSink
	sinkErr error
	depth   int                         // variations open
	filled  [MaxVariationDepth + 1]bool // filled[d]: the variation open at depth d has an element
	parts   int                         // tag pairs and elements so far
	cur     Element                     // the element passed to the sink
}

// fail reports a syntax error at token t and skips the rest of the game.
func (p *recordParser) fail(t token, msg string) error {
	p.r.skipGame(t)
	return &ParseError{Game: p.r.game, Line: t.line, Column: t.col, Err: &syntaxError{msg}}
}

func (p *recordParser) element(e Element) {
	p.parts++
	p.filled[p.depth] = true
	if p.sinkErr == nil {
		// One Element per record is passed, not a new one per call.
		p.cur = e
		p.sinkErr = p.sink.element(&p.cur)
	}
}

// record parses a record whose first token is t.
func (p *recordParser) record(t token) error {
	r := p.r
	// Tag pairs, and line comments among them.
	for t.kind == tokLBracket || t.kind == tokLineComment {
		if t.kind == tokLineComment {
			p.element(Element{Kind: LineCommentElement, Text: t.text, Line: t.line, Column: t.col})
			t = r.next()
			continue
		}
		name := r.next()
		if name.kind != tokWord || !isTagName(name.text) {
			return p.fail(name, "tag pair must start with a name")
		}
		value := r.next()
		if value.kind != tokString {
			if value.kind == tokError {
				return p.fail(value, value.text)
			}
			return p.fail(value, "tag "+clipped(name.text)+" needs a quoted value")
		}
		if end := r.next(); end.kind != tokRBracket {
			return p.fail(end, "tag "+clipped(name.text)+" must end with ]")
		}
		p.parts++
		if p.sinkErr == nil {
			p.sinkErr = p.sink.tag(name.text, value.text, textPos{t.line, t.col})
		}
		t = r.next()
	}
	r.unread(t)
	return p.movetext()
}

// movetext parses the movetext and the result.
func (p *recordParser) movetext() error {
	r := p.r
	var number token // a move number waiting for its move, if numbered
	numbered := false
	for {
		t := r.next()
		if numbered && t.kind != tokWord {
			return p.fail(number, "move number "+clipped(number.text)+" is not followed by a move")
		}
		switch t.kind {
		case tokEOF:
			if p.depth > 0 {
				return p.fail(t, "variation not closed with )")
			}
			return p.end("", t)
		case tokError:
			return p.fail(t, t.text)
		case tokAsterisk:
			if p.depth > 0 {
				return p.fail(t, "game ends inside a variation")
			}
			return p.end("*", t)
		case tokComment:
			p.element(Element{Kind: CommentElement, Text: t.text, Line: t.line, Column: t.col})
		case tokLineComment:
			p.element(Element{Kind: LineCommentElement, Text: t.text, Line: t.line, Column: t.col})
		case tokSetup:
			p.element(Element{Kind: SetupElement, Text: t.text, Line: t.line, Column: t.col})
		case tokNAG:
			n, _ := strconv.Atoi(t.text)
			p.element(Element{Kind: NAGElement, NAG: n, Line: t.line, Column: t.col})
		case tokLParen:
			if p.depth+1 > MaxVariationDepth {
				return p.fail(t, "variations nested more than "+strconv.Itoa(MaxVariationDepth)+" deep")
			}
			p.filled[p.depth] = true
			p.depth++
			p.filled[p.depth] = false
			p.parts++
			if p.sinkErr == nil {
				p.sinkErr = p.sink.open(textPos{t.line, t.col})
			}
		case tokRParen:
			if p.depth == 0 {
				return p.fail(t, ") without (")
			}
			if !p.filled[p.depth] {
				return p.fail(t, "empty variation")
			}
			p.depth--
			if p.sinkErr == nil {
				p.sinkErr = p.sink.close()
			}
		case tokLBracket:
			return p.fail(t, "tag pair inside movetext (is the previous game's result missing?)")
		case tokRBracket:
			return p.fail(t, "] without [")
		case tokString:
			return p.fail(t, "unexpected string in movetext")
		case tokWord:
			// A move written with a space after its separator, "1- 6"
			// or "28x 6", is read as one word.
			if isJoinable(t.text) {
				var ok bool
				if t, ok = p.join(t); !ok {
					return p.fail(t, "move longer than "+strconv.Itoa(maxMoveTextLen)+" bytes")
				}
			}
			num, body, strength := splitWord(t.text)
			isMove := isMoveText(body) && !isResult(body)
			if numbered && (num != "" || !(body == "..." || isMove)) {
				return p.fail(number, "move number "+clipped(number.text)+" is not followed by a move")
			}
			if num != "" && isResult(body) {
				return p.fail(t, "move number "+clipped(num)+" is not followed by a move")
			}
			numbered = false
			switch {
			case body == "" && num != "" && strength == "":
				// a move number on its own, before its move
				number, numbered = t, true
			case body == "..." && strength == "":
				// an unknown or skipped move: "1. ... 7-12"
			case isResult(body) && strength == "" && num == "":
				if p.depth > 0 {
					return p.fail(t, "game ends inside a variation")
				}
				return p.end(body, t)
			case isMove && len(body) > maxMoveTextLen:
				// The limit a joined move has, and the longest the writer writes.
				return p.fail(t, "move longer than "+strconv.Itoa(maxMoveTextLen)+" bytes")
			case isMove && len(strength) > maxStrengthLen:
				return p.fail(t, "strength mark longer than "+strconv.Itoa(maxStrengthLen)+" bytes")
			case isMove:
				col := t.col + len(num)
				p.element(Element{Kind: MoveElement, Text: body, Strength: strength, Line: t.line, Column: col})
			default:
				return p.fail(t, "unexpected "+quoteClipped(t.text)+" in movetext")
			}
		}
	}
}

// isJoinable reports whether a word ends with a move separator, so that
// the next word may finish the move.
func isJoinable(w string) bool {
	return strings.HasSuffix(w, "-") || strings.HasSuffix(w, "x") || strings.HasSuffix(w, ":")
}

// join appends to word t the words that follow it while it ends with a
// separator. It reports false, with the token to blame, when the move
// grows longer than maxMoveTextLen.
func (p *recordParser) join(t token) (token, bool) {
	text := t.text
	for isJoinable(text) {
		more := p.r.next()
		if more.kind != tokWord {
			p.r.unread(more)
			break
		}
		if len(text)+len(more.text) > maxMoveTextLen {
			return t, false
		}
		text += more.text // at most maxMoveTextLen bytes in all
	}
	t.text = text
	return t, true
}

// end finishes the record with its result, written at token t.
func (p *recordParser) end(result string, t token) error {
	if p.parts == 0 {
		return p.fail(t, "empty game")
	}
	if p.sinkErr == nil {
		p.sinkErr = p.sink.end(result, textPos{t.line, t.col})
	}
	return nil
}

// isTagName reports whether s can name a tag: a letter, then letters,
// digits and underscores.
func isTagName(s string) bool {
	if s == "" || !(s[0] >= 'A' && s[0] <= 'Z' || s[0] >= 'a' && s[0] <= 'z') {
		return false
	}
	for i := 1; i < len(s); i++ {
		c := s[i]
		if !(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_') {
			return false
		}
	}
	return true
}

// skipGame skips the rest of a game after an error at token at: up to and
// including the next result or "*" outside comments, or up to the next tag
// pair.
func (r *Reader) skipGame(at token) {
	if at.kind == tokAsterisk || at.kind == tokEOF {
		return
	}
	if at.kind == tokWord {
		if _, body, _ := splitWord(at.text); isResult(body) {
			return
		}
	}
	inMovetext := at.kind == tokLBracket
	if inMovetext {
		r.unread(at)
		return
	}
	for {
		t := r.next()
		switch t.kind {
		case tokEOF, tokAsterisk:
			return
		case tokLBracket:
			if inMovetext {
				r.unread(t)
				return
			}
		case tokRBracket, tokString:
		default:
			inMovetext = true
		}
		if t.kind == tokWord {
			if _, body, s := splitWord(t.text); isResult(body) && s == "" {
				return
			}
		}
	}
}

// A treeBuilder is the recordSink of ReadRecord: it builds the Record.
type treeBuilder struct {
	rec   *Record
	lines [][]Element // lines[0] is the movetext, lines[d] the variation open at depth d
	at    []textPos   // where each open variation starts
}

func (b *treeBuilder) begin(game, line int) { b.rec.Game, b.rec.Line = game, line }

func (b *treeBuilder) tag(name, value string, at textPos) error {
	b.rec.Tags = append(b.rec.Tags, Tag{name, value})
	b.rec.tagPos = append(b.rec.tagPos, at)
	return nil
}

func (b *treeBuilder) element(e *Element) error {
	if len(b.lines) == 0 {
		b.lines = append(b.lines, nil)
	}
	top := len(b.lines) - 1
	b.lines[top] = append(b.lines[top], *e)
	return nil
}

func (b *treeBuilder) open(at textPos) error {
	if len(b.lines) == 0 {
		b.lines = append(b.lines, nil)
	}
	b.lines = append(b.lines, nil)
	b.at = append(b.at, at)
	return nil
}

func (b *treeBuilder) close() error {
	top := len(b.lines) - 1
	v, at := b.lines[top], b.at[len(b.at)-1]
	b.lines, b.at = b.lines[:top], b.at[:len(b.at)-1]
	b.lines[top-1] = append(b.lines[top-1], Element{Kind: VariationElement, Variation: v, Line: at.line, Column: at.col})
	return nil
}

func (b *treeBuilder) end(result string, at textPos) error {
	if len(b.lines) > 0 {
		b.rec.Body = b.lines[0]
	}
	b.rec.ResultText = result
	b.rec.resultLine, b.rec.resultColumn = at.line, at.col
	return nil
}
