package hexdame

import (
	"bufio"
	"errors"
	"io"
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
// terminating result. The HexDame layer (Reader.ReadGame, Record.Replay)
// then replays the main line and every variation against the rules.
//
// HexDame has no official PDN GameType number. This package writes
// [GameType "42,W,9,9,A0,0"] for records in algebraic notation and
// [GameType "42,W,9,9,N2,0"] for numeric ones: 42 is the first number the
// standard sets aside for draughts games it has not numbered, W says White
// starts, 9 by 9 are the files and ranks, A0 is algebraic notation with a1
// at the bottom and N2 numeric notation with square 1 (i9) at the top.
// Records without a GameType tag are read as HexDame; records whose
// GameType names another number are rejected by the HexDame layer.

// GameTypeNumber is the PDN GameType number this package uses for HexDame.
const GameTypeNumber = 42

// ErrPDNSyntax is wrapped by the errors returned for text that is not PDN.
var ErrPDNSyntax = errors.New("PDN syntax error")

// ErrNotHexDame is wrapped by the errors returned when a record's GameType
// names a game other than HexDame.
var ErrNotHexDame = errors.New("not a HexDame record")

// A ParseError reports a problem in a PDN record: where it is, and what was
// wrong. It wraps Err, which is ErrPDNSyntax for text that is not PDN, a
// *MoveError (wrapping ErrIllegalMove, ErrAmbiguousMove or ErrSyntax) for a
// move that cannot be played, a *FENError for a bad FEN tag or setup, or
// ErrGameOver, ErrNotHexDame or ErrResultMismatch.
type ParseError struct {
	Game   int    // the game's number in the input, from 1
	Line   int    // the line of the problem, from 1
	Column int    // the column of the problem, in characters from 1
	Ply    int    // the ply of the move within its line (main line or variation), from 1; 0 if not about a move
	Move   string // the move text, if the problem is a move
	Err    error
}

// Error returns the message: the game, line and column, then Reason.
func (e *ParseError) Error() string {
	var b strings.Builder
	b.WriteString("pdn: game ")
	b.WriteString(strconv.Itoa(e.Game))
	b.WriteString(", line ")
	b.WriteString(strconv.Itoa(e.Line))
	b.WriteString(", column ")
	b.WriteString(strconv.Itoa(e.Column))
	b.WriteString(": ")
	b.WriteString(e.Reason())
	return b.String()
}

// Reason returns the problem without the location of the game, line and
// column: for a move, "ply P, move TEXT: reason; legal: ...".
func (e *ParseError) Reason() string {
	var b strings.Builder
	if e.Ply > 0 {
		b.WriteString("ply ")
		b.WriteString(strconv.Itoa(e.Ply))
		b.WriteString(", ")
	}
	if e.Move != "" {
		b.WriteString("move ")
		b.WriteString(e.Move)
		b.WriteString(": ")
	}
	var me *MoveError
	if errors.As(e.Err, &me) {
		b.WriteString(me.Detail())
	} else {
		b.WriteString(strings.TrimPrefix(e.Err.Error(), "hexdame: "))
	}
	return b.String()
}

// Unwrap returns Err.
func (e *ParseError) Unwrap() error { return e.Err }

// syntaxError is a PDN syntax error with its explanation.
type syntaxError struct{ msg string }

func (e *syntaxError) Error() string { return "PDN syntax error: " + e.msg }
func (e *syntaxError) Unwrap() error { return ErrPDNSyntax }

// A Tag is one PDN tag pair, such as [Event "Open"].
type Tag struct {
	Name  string
	Value string
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

// An Element is one item of movetext, in the order the record gives it.
type Element struct {
	Kind      ElementKind
	Text      string    // the move (without strength mark), the comment, or the setup text between the slashes
	Strength  string    // a move's strength mark: "!", "?", "!!", "!?", "(?)", ...
	NAG       int       // a NAG's number
	Variation []Element // a variation's elements
	Line      int       // where the element starts, from 1
	Column    int

	// Set by Replay on moves: the move the text stands for.
	move   Move
	played bool
}

// A Record is one game of a PDN file as written: its tag pairs, its
// movetext and the result that terminates it. It holds no judgement on the
// rules; Replay checks it against them.
type Record struct {
	Tags   []Tag
	Body   []Element
	Result string // the terminating result as written ("2-0", "1-0", "1/2-1/2", "*", ...), "" if the input ended first
	Game   int    // the game's number in the input, from 1
	Line   int    // the line where the game starts

	resultLine, resultColumn int // where the result is written
}

// Tag returns the value of the first tag pair with the given name.
func (r *Record) Tag(name string) (value string, ok bool) {
	for _, t := range r.Tags {
		if t.Name == name {
			return t.Value, true
		}
	}
	return "", false
}

// MaxVariationDepth is how deeply variations may nest in a record read by a
// Reader; deeper nesting is reported as a syntax error.
const MaxVariationDepth = 256

// maxTokenLen bounds one comment, string, setup or word.
const maxTokenLen = 1 << 20

// A Reader reads PDN records, one game at a time, from an io.Reader. Text
// may be UTF-8 or Latin-1 (a byte that is not part of valid UTF-8 is read
// as the Latin-1 character with that code).
//
// After an error the Reader skips to the next game, so a caller may go on
// reading; the games are still numbered as in the input.
type Reader struct {
	r         *bufio.Reader
	line, col int // position of the next character
	game      int
	peek      token // a token read ahead, when peeked
	peeked    bool
	err       error // a read error other than io.EOF
	scratch   []byte
}

// NewReader returns a Reader reading from r.
func NewReader(r io.Reader) *Reader {
	return &Reader{r: bufio.NewReaderSize(r, 64<<10), line: 1, col: 1}
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
	tokError // text that cannot start a token; text holds the message
)

type token struct {
	kind      tokenKind
	text      string
	line, col int
}

// unread makes t the next token next returns.
func (r *Reader) unread(t token) { r.peek, r.peeked = t, true }

// readRune reads one character, decoding UTF-8 and falling back to Latin-1.
func (r *Reader) readRune() (rune, bool) {
	b, err := r.r.ReadByte()
	if err != nil {
		if err != io.EOF && r.err == nil {
			r.err = err
		}
		return 0, false
	}
	c := rune(b)
	if b >= utf8.RuneSelf {
		_ = r.r.UnreadByte()
		var size int
		c, size, _ = r.r.ReadRune()
		if c == utf8.RuneError && size == 1 {
			c = rune(b) // not UTF-8: the Latin-1 character
		}
	}
	if c == '\n' {
		r.line++
		r.col = 1
	} else {
		r.col++
	}
	return c, true
}

// peekByte returns the next byte without reading it.
func (r *Reader) peekByte() (byte, bool) {
	b, err := r.r.Peek(1)
	if err != nil {
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
		if b == ' ' || b == '\t' || b == '\n' || b == '\r' || b >= 0x80 {
			if b >= 0x80 {
				// Non-ASCII white space (no-break space, byte order mark)
				// is skipped; anything else starts a word.
				line, col := r.line, r.col
				c, _ := r.readRune()
				if isSpace(c) {
					continue
				}
				return r.word(string(c), line, col)
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
		return r.delimited(t, tokString, '"', true, "unterminated string")
	case '{':
		return r.delimited(t, tokComment, '}', false, "unterminated comment")
	case '/':
		return r.delimited(t, tokSetup, '/', false, "unterminated setup")
	case '%':
		t.kind = tokLineComment
		var sb strings.Builder
		for {
			b, ok := r.peekByte()
			if !ok || b == '\n' || b == '\r' {
				break
			}
			c, _ := r.readRune()
			if sb.Len() < maxTokenLen {
				sb.WriteRune(c)
			}
		}
		t.text = sb.String()
	case '$':
		t.kind = tokNAG
		var sb strings.Builder
		for {
			b, ok := r.peekByte()
			if !ok || b < '0' || b > '9' {
				break
			}
			r.readRune()
			sb.WriteByte(b)
		}
		if sb.Len() == 0 || sb.Len() > 9 {
			t.kind, t.text = tokError, "NAG must be $ and a number"
		} else {
			t.text = sb.String()
		}
	case '}':
		t.kind, t.text = tokError, "} without {"
	default:
		return r.word(string(c), line, col)
	}
	return t
}

// delimited reads up to the closing character.
func (r *Reader) delimited(t token, kind tokenKind, end rune, escapes bool, unterminated string) token {
	var sb strings.Builder
	for {
		c, ok := r.readRune()
		if !ok {
			t.kind, t.text = tokError, unterminated
			return t
		}
		if escapes && c == '\\' {
			if b, ok := r.peekByte(); ok && b == '"' {
				r.readRune()
				c = '"'
			}
		} else if c == end {
			break
		}
		if sb.Len() >= maxTokenLen {
			t.kind, t.text = tokError, "text longer than 1 MiB"
			return t
		}
		sb.WriteRune(c)
	}
	t.kind, t.text = kind, sb.String()
	return t
}

// word reads the rest of a word whose first characters are start. A move
// glued to a parenthesised strength mark, "29-23(?)", is one word.
func (r *Reader) word(start string, line, col int) token {
	buf := append(r.scratch[:0], start...)
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
				buf = append(buf, mark...)
			}
			break
		}
		if isDelimiter(b) {
			break
		}
		c, _ := r.readRune()
		if len(buf) >= maxTokenLen {
			r.scratch = buf[:0]
			return token{kind: tokError, text: "word longer than 1 MiB", line: line, col: col}
		}
		buf = utf8.AppendRune(buf, c)
	}
	r.scratch = buf[:0]
	return token{kind: tokWord, text: string(buf), line: line, col: col}
}

// peekStrength reports whether the input continues with a parenthesised
// strength mark such as "(?)" and returns it.
func (r *Reader) peekStrength() (string, bool) {
	for n := 3; n <= 8; n++ {
		b, err := r.r.Peek(n)
		if len(b) < n {
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
		if b[n-1] != '!' && b[n-1] != '?' || err != nil {
			return "", false
		}
	}
	return "", false
}

// results are the game-terminating results a reader accepts.
var results = map[string]bool{
	"2-0": true, "0-2": true, "1-1": true, "0-0": true,
	"1-0": true, "0-1": true, "1/2-1/2": true, "½-½": true,
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

// ReadRecord reads the next game's record with the syntax layer: it checks
// PDN syntax only, so it reads records of any draughts game. At the end of
// the input it returns nil, io.EOF. Errors are *ParseError values wrapping
// ErrPDNSyntax, or the underlying reader's error.
func (r *Reader) ReadRecord() (*Record, error) {
	if r.err != nil {
		return nil, r.err
	}
	t := r.next()
	if t.kind == tokEOF {
		return nil, io.EOF
	}
	r.game++
	rec := &Record{Game: r.game, Line: t.line}
	fail := func(t token, msg string) (*Record, error) {
		r.skipGame(t)
		if r.err != nil {
			return nil, r.err
		}
		return nil, &ParseError{Game: rec.Game, Line: t.line, Column: t.col, Err: &syntaxError{msg}}
	}
	// Tag pairs, and line comments among them.
	var lead []Element
	for t.kind == tokLBracket || t.kind == tokLineComment {
		if t.kind == tokLineComment {
			lead = append(lead, Element{Kind: LineCommentElement, Text: t.text, Line: t.line, Column: t.col})
			t = r.next()
			continue
		}
		name := r.next()
		if name.kind != tokWord || !isTagName(name.text) {
			return fail(name, "tag pair must start with a name")
		}
		value := r.next()
		if value.kind != tokString {
			if value.kind == tokError {
				return fail(value, value.text)
			}
			return fail(value, "tag "+name.text+" needs a quoted value")
		}
		if end := r.next(); end.kind != tokRBracket {
			return fail(end, "tag "+name.text+" must end with ]")
		}
		rec.Tags = append(rec.Tags, Tag{Name: name.text, Value: value.text})
		t = r.next()
	}
	r.unread(t)
	body, result, errTok, msg := r.readBody(0)
	if msg != "" {
		return fail(errTok, msg)
	}
	rec.Body, rec.Result = append(lead, body...), result
	rec.resultLine, rec.resultColumn = errTok.line, errTok.col
	if len(rec.Tags) == 0 && len(rec.Body) == 0 {
		return fail(errTok, "empty game")
	}
	if r.err != nil {
		return nil, r.err
	}
	return rec, nil
}

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

// readBody reads movetext up to the end of a variation (depth > 0) or of
// the game. It returns the elements, the result that ended the game, and on
// error the token where it happened and a message.
func (r *Reader) readBody(depth int) (elems []Element, result string, at token, msg string) {
	var number token // a move number waiting for its move, if numbered
	numbered := false
	for {
		t := r.next()
		if numbered && t.kind != tokWord {
			return nil, "", number, "move number " + number.text + " is not followed by a move"
		}
		switch t.kind {
		case tokEOF:
			if depth > 0 {
				return nil, "", t, "variation not closed with )"
			}
			return elems, "", t, ""
		case tokError:
			return nil, "", t, t.text
		case tokAsterisk:
			if depth > 0 {
				return nil, "", t, "game ends inside a variation"
			}
			return elems, "*", t, ""
		case tokComment:
			elems = append(elems, Element{Kind: CommentElement, Text: t.text, Line: t.line, Column: t.col})
		case tokLineComment:
			elems = append(elems, Element{Kind: LineCommentElement, Text: t.text, Line: t.line, Column: t.col})
		case tokSetup:
			elems = append(elems, Element{Kind: SetupElement, Text: t.text, Line: t.line, Column: t.col})
		case tokNAG:
			n, _ := strconv.Atoi(t.text)
			elems = append(elems, Element{Kind: NAGElement, NAG: n, Line: t.line, Column: t.col})
		case tokLParen:
			if depth+1 > MaxVariationDepth {
				return nil, "", t, "variations nested more than " + strconv.Itoa(MaxVariationDepth) + " deep"
			}
			v, _, at, msg := r.readBody(depth + 1)
			if msg != "" {
				return nil, "", at, msg
			}
			if len(v) == 0 {
				return nil, "", t, "empty variation"
			}
			elems = append(elems, Element{Kind: VariationElement, Variation: v, Line: t.line, Column: t.col})
		case tokRParen:
			if depth == 0 {
				return nil, "", t, ") without ("
			}
			return elems, "", t, ""
		case tokLBracket:
			return nil, "", t, "tag pair inside movetext (is the previous game's result missing?)"
		case tokRBracket:
			return nil, "", t, "] without ["
		case tokString:
			return nil, "", t, "unexpected string in movetext"
		case tokWord:
			// A move written with a space after its separator, "1- 6"
			// or "28x 6", is read as one word.
			for strings.HasSuffix(t.text, "-") || strings.HasSuffix(t.text, "x") || strings.HasSuffix(t.text, ":") {
				more := r.next()
				if more.kind != tokWord {
					r.unread(more)
					break
				}
				t.text += more.text
			}
			num, body, strength := splitWord(t.text)
			isMove := isMoveText(body) && !results[body]
			if numbered && (num != "" || !(body == "..." || isMove)) {
				return nil, "", number, "move number " + number.text + " is not followed by a move"
			}
			if num != "" && results[body] {
				return nil, "", t, "move number " + num + " is not followed by a move"
			}
			numbered = false
			switch {
			case body == "" && num != "" && strength == "":
				// a move number on its own, before its move
				number, numbered = t, true
			case body == "..." && strength == "":
				// an unknown or skipped move: "1. ... 7-12"
			case results[body] && strength == "" && num == "":
				if depth > 0 {
					return nil, "", t, "game ends inside a variation"
				}
				return elems, body, t, ""
			case isMove:
				col := t.col + len([]rune(num))
				elems = append(elems, Element{Kind: MoveElement, Text: body, Strength: strength, Line: t.line, Column: col})
			default:
				return nil, "", t, "unexpected " + strconv.Quote(t.text) + " in movetext"
			}
		}
	}
}

// skipGame skips the rest of a game after an error: up to and including
// the next result or "*" outside comments, or up to the next tag pair.
func (r *Reader) skipGame(at token) {
	if at.kind == tokAsterisk || at.kind == tokEOF {
		return
	}
	if at.kind == tokWord {
		if _, body, _ := splitWord(at.text); results[body] {
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
		switch t.kind {
		case tokWord:
			if _, body, s := splitWord(t.text); results[body] && s == "" {
				return
			}
		}
	}
}
