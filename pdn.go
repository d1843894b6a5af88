package hexdame

import (
	"errors"
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
// Game.Movetext and Record.Movetext walk a movetext in the order a record
// writes it, with its move numbers; the Writer writes either.
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

// gameTypeNumber is the PDN GameType number this package uses for HexDame.
const gameTypeNumber = 42

// A ParseError reports a problem in a PDN record: where it is, and what was
// wrong. It wraps Err, which is ErrSyntax for text that is not PDN, a
// *MoveError (wrapping ErrIllegalMove, ErrAmbiguousMove or ErrSyntax) for a
// move that cannot be played, a *FENError for a bad FEN tag or setup, an
// error wrapping ErrWorkLimit for a move whose check would go past the
// Reader's WorkLimit, or ErrGameOver, ErrNotHexDame, ErrResultMismatch or
// ErrSyntax (a Result tag that is no result); for a FEN tag or setup of a
// position no game reaches, ErrSyntax and ErrUnreachable both; for a part
// a Writer cannot write (WriteRecord), ErrInvalid. ParseErrors collects
// the ParseErrors of one game's problems.
type ParseError struct {
	Game   int    // the game's number in the input, from 1
	Line   int    // the line of the problem, from 1
	Column int    // the byte of the problem in its line, from 1
	Ply    int    // the move's ply: 1 for the game's first move, counted along the line (main line or variation) that leads to it; 0 if not about a move
	Move   string // the move text, if the problem is a move
	Err    error  // what was wrong: wraps a sentinel such as ErrSyntax, ErrIllegalMove or ErrResultMismatch
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

// ParseErrors returns the *ParseError values err holds, in order: err
// itself, or those an error joins (Replay and ReadGame join the
// independent problems of one game with errors.Join), looking into each
// as errors.As does. It returns nil for an error that holds none, such as
// an error of the underlying reader, and for nil.
func ParseErrors(err error) []*ParseError {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		var out []*ParseError
		for _, e := range j.Unwrap() {
			out = append(out, ParseErrors(e)...)
		}
		return out
	}
	var pe *ParseError
	if errors.As(err, &pe) {
		return []*ParseError{pe}
	}
	return nil
}

// syntaxError is a PDN syntax error with its explanation; it wraps
// ErrSyntax.
type syntaxError struct{ msg string }

func (e *syntaxError) Error() string { return "invalid PDN: " + e.msg }
func (e *syntaxError) Unwrap() error { return ErrSyntax }

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
	Name  string // the tag's name, such as "Event": a letter, then letters, digits and underscores
	Value string // the tag's value, without the quotes and escapes of PDN
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

var kindNames = enumNames{kind: "element kind", names: []string{MoveElement: "move",
	CommentElement: "comment", LineCommentElement: "line comment", NAGElement: "NAG",
	VariationElement: "variation", SetupElement: "setup"}}

// String returns the kind in words, such as "line comment", or "invalid
// element kind" for a value that is none of the constants.
func (k ElementKind) String() string { return kindNames.String(int(k)) }

// An Element is one item of movetext, in the order the record gives it.
type Element struct {
	Kind      ElementKind // what the element is: a move, a comment, a NAG, a variation, ...
	Text      string      // the move (without strength mark), the comment, or the setup text between the slashes
	Strength  string      // a move's strength mark: "!", "?", "!!", "!?", "(?)", ...
	NAG       int         // a NAG's number
	Variation []Element   // a variation's elements
	Line      int         // where the element starts, from 1
	Column    int         // and its column: its first byte in the line, from 1
}

// A Record is one game of a PDN file as written: its tag pairs, its
// movetext and the result that terminates it. It holds no judgement on the
// rules; Replay checks it against them.
type Record struct {
	Tags []Tag     // the tag pairs, in the order written
	Body []Element // the movetext's elements, in the order written, without the result
	// ResultText is the result that terminates the movetext, as written
	// ("2-0", "1-0", "1/2-1/2", "*", ...), or "" if the input ended
	// first. ParseResult reads it as a Result.
	ResultText string
	Game       int // the game's number in the input, from 1
	Line       int // the line where the game starts

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

// The limits of a PDN record. They are one table for both sides: the
// Reader refuses, as a syntax error, text beyond them, and the Writer
// refuses, with an error wrapping ErrInvalid and before writing
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
