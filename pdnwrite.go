package hexdame

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"strconv"
)

// A recordError says what a Writer cannot write.
type recordError struct {
	game int
	what string
}

func (e *recordError) Error() string {
	msg := ""
	if e.game > 0 {
		msg = "game " + strconv.Itoa(e.game) + ": "
	}
	return msg + "record cannot be written as PDN: " + e.what
}

func (e *recordError) Unwrap() error { return ErrInvalid }

// errNoWriter is returned by a Writer that was not made by NewWriter, or
// was made with a nil io.Writer.
var errNoWriter = errors.New("no io.Writer to write to (make the Writer with NewWriter, given one)")

// A Writer writes PDN records. It writes what a Reader reads back the
// same, and refuses, with an error wrapping ErrInvalid, a record that
// PDN cannot hold. Each record is checked and formatted in full before any
// of it is written; each WriteRecord or WriteGame then writes it and
// flushes it to the underlying writer. An error of the underlying writer
// is returned as it is.
//
// The zero Writer and a nil *Writer have nowhere to write: every write
// returns an error. Make Writers with NewWriter.
type Writer struct {
	w *bufio.Writer
	// Width is the line length the movetext is wrapped to; 0 means 79.
	Width int
	games int
	buf   bytes.Buffer // the record being written
}

// NewWriter returns a Writer writing to w. A Writer made with a nil w,
// like the zero Writer, returns an error from every write.
func NewWriter(w io.Writer) *Writer {
	if w == nil {
		return &Writer{}
	}
	return &Writer{w: bufio.NewWriter(w)}
}

// WriteGame writes the game as a record in notation n, as strict PDN 3.0
// asks: the seven tag roster first (a tag the game lacks with the value
// the standard gives for unknown, "?" or "????.??.??", which ReadGame
// reads back as no tag; see Game.SetTag), the GameType tag, the SetUp and
// FEN tags when the game does not start from the standard position, the
// game's other tags, then the movetext as Game.Movetext walks it, with
// captures in the short form unless ambiguous, and the result. For a game
// read from a record, comments, NAGs, strength marks, setups and
// variations are kept. A game that ReadGame could not read back gives an
// error wrapping ErrInvalid,
// and nothing is written: one with variations nested deeper than
// MaxVariationDepth (which only a program adding them can make), or one
// that starts from or sets up a position that cannot arise in a game (see
// Position.CheckReachable; NewGameFrom takes any position). A nil game
// gives an error wrapping ErrInvalid.
func (w *Writer) WriteGame(g *Game, n Notation) error {
	if g == nil {
		return errNilGame
	}
	if err := g.checkWritable(); err != nil {
		return err
	}
	if w == nil || w.w == nil {
		return errNoWriter
	}
	rw := w.start()
	return w.finish(rw, g.walk(n, rw))
}

// checkWritable returns an error wrapping ErrInvalid when the game
// cannot be written as a record that ReadGame reads back: when variations
// nest deeper in its tree than a record holds, or when it starts from, or
// sets up, a position that cannot arise in a game (see
// Position.CheckReachable). It walks the tree without recursion.
func (g *Game) checkWritable() error {
	g.init()
	if err := g.root.Position().CheckReachable(); err != nil {
		return &recordError{what: "the start position cannot arise in a game: " + err.(*unreachableError).why}
	}
	type item struct {
		n     *Node
		depth int // variations open at n
	}
	stack := []item{{&g.root, 0}}
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for i, c := range it.n.children {
			d := it.depth
			if i > 0 {
				d++
			}
			if d > MaxVariationDepth {
				what := "variations nested more than " + strconv.Itoa(MaxVariationDepth) + " deep (at ply " + strconv.Itoa(c.ply) + ")"
				return &recordError{what: what}
			}
			if c.setup {
				if err := c.Position().CheckReachable(); err != nil {
					return &recordError{what: "the setup at ply " + strconv.Itoa(c.ply) + " cannot arise in a game: " + err.(*unreachableError).why}
				}
			}
			stack = append(stack, item{c, d})
		}
	}
	return g.checkMainlineEnd()
}

// checkMainlineEnd returns an error when the main line goes on after the
// rules ended the game (a side without a legal move, a third occurrence of
// a position): a Reader refuses such a move, so a Writer must not write
// it. Game.Play never plays one; AddMove, Promote and PromoteToMain can put
// one there.
func (g *Game) checkMainlineEnd() error {
	counts := map[packedPosition]int{}
	prev := &g.root
	counts[prev.pos] = 1
	for n := range g.root.mainLine() {
		p := prev.Position()
		if o := rulesOutcome(&p, counts[prev.pos], 0, DrawRules{}); o.IsOver() && !n.setup {
			return &recordError{what: "the main line goes on after the game ended " + o.String() + " at ply " + strconv.Itoa(prev.ply)}
		}
		if n.setup || !p.IsReversible(n.move) {
			clear(counts)
		}
		counts[n.pos]++
		prev = n
	}
	return nil
}

// WriteRecord writes one record: its tag pairs, a blank line, the movetext
// with move numbers, wrapped lines and the result (or "*"), and a blank
// line between games. Move numbers count from 1 with the side to move of
// the FEN tag, if any. A record that PDN cannot hold gives an error
// wrapping ErrInvalid and is not written; for a record read by a
// Reader the error is a *ParseError giving the game, line and column of
// the part that cannot be written. A nil record is an error.
func (w *Writer) WriteRecord(rec *Record) error {
	if w == nil || w.w == nil {
		return errNoWriter
	}
	if rec == nil {
		return errNilRecord
	}
	rw := w.start()
	return w.finish(rw, walkRecord(rec, rw))
}

// start returns a recordWriter formatting the next record into w.buf.
func (w *Writer) start() *recordWriter {
	w.buf.Reset()
	width := w.Width
	if width <= 0 {
		width = 79
	}
	return &recordWriter{out: &w.buf, width: width}
}

// finish writes the formatted record to the underlying writer, unless err
// says it could not be formatted, and returns the error.
func (w *Writer) finish(rw *recordWriter, err error) error {
	if err != nil {
		return err
	}
	if w.games > 0 {
		if err := w.w.WriteByte('\n'); err != nil {
			return err
		}
	}
	w.games++
	if _, err := w.w.Write(w.buf.Bytes()); err != nil {
		return err
	}
	if w.buf.Cap() > 1<<20 {
		w.buf = bytes.Buffer{} // do not hold on to a large record's memory
	}
	return w.w.Flush()
}

// A recordWriter is the recordSink that formats a record as PDN, checking
// that it reads back the same.
type recordWriter struct {
	out        *bytes.Buffer
	width      int
	game       int
	at         textPos // where the part being written was read, if it was
	col        int
	prefix     string // written before the next word, on the same line: "("
	tags       bool   // a tag pair has been written
	body       bool   // the movetext has started
	blackFirst bool   // the FEN tag has Red to move: the first move is ply 1
	sawFEN     bool   // a FEN tag was written (the first one counts)
	lead       []byte // the line comments met before or among the tag pairs, as written
	number     numbering
	buf        []byte
}

// fail returns the error for what cannot be written. For a part whose
// place in the text is known (a record read by a Reader) it is a
// *ParseError giving the place, wrapping the *recordError.
func (rw *recordWriter) fail(what string) error {
	if rw.at.line <= 0 {
		return &recordError{game: rw.game, what: what}
	}
	return &ParseError{Game: rw.game, Line: rw.at.line, Column: rw.at.col, Err: &recordError{what: what}}
}

func (rw *recordWriter) begin(game, line int) { rw.game, rw.at = game, textPos{line, 1} }

func (rw *recordWriter) tag(name, value string, at textPos) error {
	rw.at = at
	if rw.body {
		return rw.fail("tag pair " + quoteClipped(name) + " after the movetext")
	}
	if what := tagProblem(name, value); what != "" {
		return rw.fail(what)
	}
	if name == "FEN" && !rw.sawFEN {
		rw.sawFEN = true
		rw.blackFirst = fenRedFirst(value)
	}
	rw.tags = true
	rw.out.WriteByte('[')
	rw.out.WriteString(name)
	rw.out.WriteString(` "`)
	for i := 0; i < len(value); i++ {
		if value[i] == '"' || value[i] == '\\' {
			rw.out.WriteByte('\\')
		}
		rw.out.WriteByte(value[i])
	}
	rw.out.WriteString("\"]\n")
	return nil
}

// moveProblem says why a move with its strength mark cannot be written as
// PDN that reads back the same, or returns "".
func moveProblem(text, strength string) string {
	switch {
	case !isMoveText(text) || isResult(text) || len(text) > maxMoveTextLen:
		return "move " + quoteClipped(text) + " is not written as a move (of at most " + strconv.Itoa(maxMoveTextLen) + " bytes)"
	case !isStrength(strength):
		return "move " + quoteClipped(text) + " has the strength mark " + quoteClipped(strength)
	case len(strength) > maxStrengthLen:
		return "move " + quoteClipped(text) + " has a strength mark longer than " + strconv.Itoa(maxStrengthLen) + " bytes"
	}
	return ""
}

// checkText returns the error for text of a record that does not read back
// the same (see textProblem), or nil.
func (rw *recordWriter) checkText(what, s, forbidden string) error {
	if p := textProblem(what, s, forbidden); p != "" {
		return rw.fail(p)
	}
	return nil
}

// startBody starts the movetext: a blank line after the tag pairs, and
// the main line's numbering.
func (rw *recordWriter) startBody() {
	if rw.body {
		return
	}
	rw.body = true
	if rw.tags {
		rw.out.WriteByte('\n')
	}
	rw.number.start(rw.blackFirst)
	rw.out.Write(rw.lead)
	rw.lead = nil
}

func (rw *recordWriter) element(e *Element) error {
	rw.at = textPos{e.Line, e.Column}
	if e.Kind == LineCommentElement && !rw.body {
		// A line comment before or among the tag pairs: written at the
		// start of the movetext, where a Record keeps it.
		if err := rw.checkText("line comment", e.Text, "\r\n"); err != nil {
			return err
		}
		rw.lead = append(append(append(rw.lead, '%'), e.Text...), '\n')
		return nil
	}
	rw.startBody()
	switch e.Kind {
	case MoveElement:
		if what := moveProblem(e.Text, e.Strength); what != "" {
			return rw.fail(what)
		}
		if rw.buf = rw.number.move(rw.buf[:0]); len(rw.buf) > 0 {
			rw.word(string(rw.buf))
		}
		rw.word(e.Text + e.Strength)
	case NAGElement:
		if what := nagProblem(e.NAG); what != "" {
			return rw.fail(what)
		}
		rw.word("$" + strconv.Itoa(e.NAG))
		rw.number.annotation()
	case CommentElement:
		if err := rw.checkText("comment", e.Text, "}"); err != nil {
			return err
		}
		rw.word("{" + e.Text + "}")
		rw.number.annotation()
	case LineCommentElement:
		if err := rw.checkText("line comment", e.Text, "\r\n"); err != nil {
			return err
		}
		if rw.prefix != "" {
			rw.word("")
		}
		rw.endLine()
		rw.out.WriteByte('%')
		rw.out.WriteString(e.Text)
		rw.out.WriteByte('\n')
		rw.number.annotation()
	case SetupElement:
		if err := rw.checkText("setup", e.Text, "/"); err != nil {
			return err
		}
		rw.word("/" + e.Text + "/")
		rw.number.setup(e.Text)
	default:
		return rw.fail("unknown element kind " + strconv.Itoa(int(e.Kind)))
	}
	return nil
}

func (rw *recordWriter) open(at textPos) error {
	rw.at = at
	rw.startBody()
	if len(rw.number.lines) > MaxVariationDepth {
		return rw.fail("variations nested more than " + strconv.Itoa(MaxVariationDepth) + " deep")
	}
	rw.prefix += "("
	rw.number.open()
	return nil
}

func (rw *recordWriter) close() error {
	if !rw.number.close() {
		return rw.fail("empty variation")
	}
	rw.out.WriteByte(')')
	rw.col++
	return nil
}

func (rw *recordWriter) end(result string, at textPos) error {
	rw.at = at
	if !rw.tags && !rw.body && len(rw.lead) == 0 {
		return rw.fail("a record needs a tag pair or movetext")
	}
	rw.startBody()
	if result == "" {
		result = "*"
	}
	if result != "*" && !isResult(result) {
		return rw.fail("result " + quoteClipped(result) + " is not a PDN result")
	}
	rw.word(result)
	rw.endLine()
	return nil
}

// word writes a word of movetext, wrapping the line before it when it
// would pass the width.
func (rw *recordWriter) word(s string) {
	if rw.prefix != "" {
		s, rw.prefix = rw.prefix+s, ""
	}
	space := rw.col > 0
	if rw.col > 0 && rw.col+1+len(s) > rw.width {
		rw.out.WriteByte('\n')
		rw.col, space = 0, false
	}
	if space {
		rw.out.WriteByte(' ')
		rw.col++
	}
	rw.out.WriteString(s)
	rw.col += len(s)
}

func (rw *recordWriter) endLine() {
	if rw.col > 0 {
		rw.out.WriteByte('\n')
		rw.col = 0
	}
}
