package hexdame

import (
	"bufio"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

// This file holds the Reader and its tokenizer: the text read as UTF-8
// or Latin-1, in tokens (tags, strings, comments, words), within the
// limits of a record.

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
	// games against the rules (ReadGame, CheckGame): the states that the
	// capture searches of all their moves, and the path searches of moves
	// written with landing cells, visit together (see
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
	work      workLimit         // WorkLimit and what the replays have spent of it
	check     *replayer         // the replayer CheckGame reuses
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

// workLimit returns the budget of the Reader's replays, nil when it has
// no WorkLimit.
func (r *Reader) limit() *workLimit {
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
	text := tokenText{buf: r.scratch[:0]}
	start := r.offset - 1 // the opening character
	for {
		c, ok := r.readRune()
		if !ok {
			r.scratch = text.buf[:0]
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
		text.add(c)
	}
	return r.finish(t, kind, &text, what)
}

// A tokenText collects the text of a token up to maxTokenLen bytes; past
// them it only notes that the token is too long, and reads on to its end.
type tokenText struct {
	buf  []byte
	long bool
}

// add appends c to the text, or notes that it no longer fits.
func (b *tokenText) add(c rune) {
	if b.long || !fitsToken(len(b.buf)+utf8.RuneLen(c)) {
		b.long = true
		return
	}
	b.buf = utf8.AppendRune(b.buf, c)
}

// finish returns token t of the kind with the text, or, for text that did
// not fit, an error token saying that the token (what it is) is too long;
// the text's buffer goes back to the Reader.
func (r *Reader) finish(t token, kind tokenKind, text *tokenText, what string) token {
	r.scratch = text.buf[:0]
	if text.long {
		t.kind, t.text = tokError, what+" longer than 1 MiB"
		return t
	}
	t.kind, t.text = kind, r.text(text.buf)
	return t
}

// lineComment reads a line comment, from after the % to the end of the
// line.
func (r *Reader) lineComment(t token) token {
	text := tokenText{buf: r.scratch[:0]}
	for {
		b, ok := r.peekByte()
		if !ok || b == '\n' || b == '\r' {
			break
		}
		c, _ := r.readRune()
		text.add(c)
	}
	return r.finish(t, tokLineComment, &text, "line comment")
}

// word reads the rest of a word whose first character is first. A move
// glued to a parenthesised strength mark, "29-23(?)", is one word.
func (r *Reader) word(first rune, line, col int) token {
	text := tokenText{buf: utf8.AppendRune(r.scratch[:0], first)}
	for {
		b, ok := r.peekByte()
		if !ok {
			break
		}
		if b == '(' {
			// "(?)", "(!?)": a strength mark, not a variation.
			if mark, ok := r.peekStrength(); ok {
				for _, c := range mark {
					r.readRune()
					text.add(c)
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
		text.add(c)
	}
	return r.finish(token{line: line, col: col}, tokWord, &text, "word")
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
