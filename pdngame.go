package hexdame

import (
	"bufio"
	"io"
	"strconv"
	"strings"
)

// ReadGame reads the next game and replays it against the rules (see
// Record.Replay). At the end of the input it returns nil, io.EOF. A game
// that breaks the rules gives a *ParseError, and the Reader moves on to the
// next game.
func (r *Reader) ReadGame() (*Game, error) {
	rec, err := r.ReadRecord()
	if err != nil {
		return nil, err
	}
	return rec.replay(false)
}

// Replay plays the record against the rules of HexDame and returns the game
// of its main line. Every move of the main line and of each variation must
// be legal where it stands; a variation is an alternative to the move before
// it. The start position is the FEN tag's, if any, and a setup in the
// movetext replaces the position. The notation, algebraic or numeric, is
// detected from the first move.
//
// The result is the one terminating the movetext (or else the Result tag);
// it must agree with the Result tag and with the rules: a game the rules
// have ended (no legal move, threefold repetition) may be recorded with that
// result or "*" only. A move after the end of the game is an error.
//
// Errors are *ParseError values giving the game, line and column, and for a
// move its ply (counted from the start position, 1 for the first move) and
// text; they wrap ErrNotHexDame, a *FENError, a *MoveError, ErrGameOver or
// ErrResultMismatch.
func (rec *Record) Replay() (*Game, error) { return rec.replay(true) }

// replay is Replay; when the record is the caller's own (ReadGame), clone
// may be false and the game takes over its movetext.
func (rec *Record) replay(clone bool) (*Game, error) {
	fail := func(line, col, ply int, move string, err error) (*Game, error) {
		return nil, &ParseError{Game: rec.Game, Line: line, Column: col, Ply: ply, Move: move, Err: err}
	}
	start := StartPosition()
	for _, t := range rec.Tags {
		switch t.Name {
		case "GameType":
			if !isHexDameGameType(t.Value) {
				return fail(rec.Line, 1, 0, "", &gameError{err: ErrNotHexDame, msg: "GameType " + strconv.Quote(t.Value) + " is not " + strconv.Itoa(GameTypeNumber)})
			}
		case "FEN":
			p, err := ParseFEN(t.Value)
			if err != nil {
				return fail(rec.Line, 1, 0, "", err)
			}
			start = p
		}
	}
	g := NewGameFrom(start)
	for _, t := range rec.Tags {
		switch t.Name {
		case "FEN", "SetUp", "GameType", "Result":
		default:
			g.tags = append(g.tags, t)
		}
	}
	g.notation = detectNotation(rec.Body)
	if !hasMove(rec.Body) {
		if gt, ok := rec.Tag("GameType"); ok && strings.Contains(gt, ",N") {
			g.notation = Numeric
		}
	}
	g.body = rec.Body
	if clone {
		g.body = cloneElements(rec.Body)
	}
	if e := g.replayLine(g.body, start, 0, true); e != nil {
		e.Game = rec.Game
		return nil, e
	}
	// The result.
	term, _ := ParseResult(rec.Result)
	if tag, ok := rec.Tag("Result"); ok {
		if r, err := ParseResult(tag); err == nil && r != NoResult {
			if term == NoResult && rec.Result == "" {
				term = r
			} else if term != NoResult && r != term {
				return fail(rec.resultLine, rec.resultColumn, 0, "", &gameError{err: ErrResultMismatch,
					msg: "the Result tag says " + tag + " but the game ends " + rec.Result})
			}
		}
	}
	if err := g.SetResult(term); err != nil {
		return fail(rec.resultLine, rec.resultColumn, 0, "", err)
	}
	return g, nil
}

// isHexDameGameType reports whether a GameType value names HexDame: its
// number, before any comma, is GameTypeNumber.
func isHexDameGameType(v string) bool {
	num, _, _ := strings.Cut(strings.TrimSpace(v), ",")
	return strings.TrimSpace(num) == strconv.Itoa(GameTypeNumber)
}

// detectNotation returns Numeric when the first move of the movetext is
// written with numbers, Algebraic otherwise.
func detectNotation(elems []Element) Notation {
	for _, e := range elems {
		switch e.Kind {
		case MoveElement:
			if e.Text != "" && e.Text[0] >= '0' && e.Text[0] <= '9' {
				return Numeric
			}
			return Algebraic
		case VariationElement:
			// The main line's first move decides; look further.
		}
	}
	for _, e := range elems {
		if e.Kind == VariationElement {
			return detectNotation(e.Variation)
		}
	}
	return Algebraic
}

func hasMove(elems []Element) bool {
	for _, e := range elems {
		if e.Kind == MoveElement || e.Kind == VariationElement && hasMove(e.Variation) {
			return true
		}
	}
	return false
}

func cloneElements(elems []Element) []Element {
	out := make([]Element, len(elems))
	copy(out, elems)
	for i := range out {
		if out[i].Variation != nil {
			out[i].Variation = cloneElements(out[i].Variation)
		}
	}
	return out
}

// replayLine plays the moves of one line of movetext from position pos,
// whose ply is ply, resolving each move element. For the main line it also
// plays them in the game.
func (g *Game) replayLine(elems []Element, pos Position, ply int, main bool) *ParseError {
	before, beforePly := pos, ply // the position before the line's last move
	for i := range elems {
		e := &elems[i]
		switch e.Kind {
		case MoveElement:
			if main {
				if o := g.Outcome(); o.IsOver() {
					return &ParseError{Line: e.Line, Column: e.Column, Ply: ply + 1, Move: e.Text,
						Err: &gameError{err: ErrGameOver, msg: "the game ended " + o.String()}}
				}
			}
			m, err := pos.ParseMove(e.Text)
			if err != nil {
				return &ParseError{Line: e.Line, Column: e.Column, Ply: ply + 1, Move: e.Text, Err: err}
			}
			e.move, e.played = m, true
			next := pos.play(m)
			if main {
				g.push(m, next)
				g.bodyIndex = append(g.bodyIndex, i)
			}
			before, beforePly = pos, ply
			pos, ply = next, ply+1
		case VariationElement:
			if err := g.replayLine(e.Variation, before, beforePly, false); err != nil {
				return err
			}
		case SetupElement:
			p, err := parseSetup(e.Text)
			if err != nil {
				return &ParseError{Line: e.Line, Column: e.Column, Err: err}
			}
			if main {
				g.reset(p)
			}
			pos, before, beforePly = p, p, ply
		}
	}
	return nil
}

// parseSetup reads the FEN of a setup, `FEN "W:..."`, or a bare FEN.
func parseSetup(text string) (Position, error) {
	fen := strings.TrimSpace(text)
	if rest, ok := strings.CutPrefix(fen, "FEN"); ok {
		fen = strings.TrimSpace(rest)
	}
	fen = strings.Trim(fen, `"`)
	return ParseFEN(fen)
}

// setupText writes a setup's text for position p.
func setupText(p Position, n Notation) string { return `FEN "` + p.FormatFEN(n) + `"` }

// rosterDefaults are the seven tag roster and the value of each when
// unknown (Result is written from the game).
var rosterDefaults = []Tag{
	{"Event", "?"}, {"Site", "?"}, {"Date", "????.??.??"}, {"Round", "?"},
	{"White", "?"}, {"Black", "?"}, {"Result", "*"},
}

// GameType returns the GameType tag value this package writes for HexDame
// records in notation n.
func GameType(n Notation) string {
	if n == Numeric {
		return strconv.Itoa(GameTypeNumber) + ",W,9,9,N2,0"
	}
	return strconv.Itoa(GameTypeNumber) + ",W,9,9,A0,0"
}

// Record returns the game as a PDN record in notation n, as strict PDN 3.0
// asks: the seven tag roster first (unknown values as "?"), the GameType,
// SetUp and FEN tags when the game does not start from the standard
// position, the game's other tags, and the movetext with captures in the
// short form unless ambiguous. For a game read from a record, comments,
// NAGs, strength marks, setups and variations are kept.
func (g *Game) Record(n Notation) *Record {
	rec := &Record{}
	result := g.Outcome().Result.String()
	for _, d := range rosterDefaults {
		v, ok := g.Tag(d.Name)
		if !ok || v == "" {
			v = d.Value
		}
		if d.Name == "Result" {
			v = result
		}
		rec.Tags = append(rec.Tags, Tag{d.Name, v})
	}
	rec.Tags = append(rec.Tags, Tag{"GameType", GameType(n)})
	if start := g.StartPosition(); start != StartPosition() {
		rec.Tags = append(rec.Tags, Tag{"SetUp", "1"}, Tag{"FEN", start.FormatFEN(n)})
	}
	for _, t := range g.tags {
		if !isRosterTag(t.Name) {
			rec.Tags = append(rec.Tags, t)
		}
	}
	rec.Body = formatElements(g.body, g.StartPosition(), n)
	pos := g.StartPosition()
	if len(g.bodyIndex) > 0 {
		pos = g.positions[len(g.bodyIndex)]
	}
	for _, m := range g.moves[len(g.bodyIndex):] {
		rec.Body = append(rec.Body, Element{Kind: MoveElement, Text: pos.FormatMove(m, n), move: m, played: true})
		pos = pos.play(m)
	}
	rec.Result = result
	return rec
}

func isRosterTag(name string) bool {
	for _, d := range rosterDefaults {
		if d.Name == name {
			return true
		}
	}
	return false
}

// formatElements copies replayed movetext, a line starting from position
// pos, with every move written in notation n in the form FormatMove gives,
// and setups in notation n. It follows the positions as replayLine does.
func formatElements(elems []Element, pos Position, n Notation) []Element {
	out := cloneElements(elems)
	before := pos
	for i := range out {
		e := &out[i]
		switch e.Kind {
		case MoveElement:
			if e.played {
				e.Text = pos.FormatMove(e.move, n)
				before = pos
				pos = pos.play(e.move)
			}
		case SetupElement:
			if p, err := parseSetup(e.Text); err == nil {
				e.Text = setupText(p, n)
				pos, before = p, p
			}
		case VariationElement:
			e.Variation = formatElements(e.Variation, before, n)
		}
	}
	return out
}

// Convert returns a copy of the record with every square written in
// notation n: the moves (their separators, strength marks and form kept),
// the FEN tag, setups and a HexDame GameType tag. Everything else is kept
// as it is. A square that is not a HexDame cell gives a *ParseError
// wrapping ErrInvalidCell.
func (rec *Record) Convert(n Notation) (*Record, error) {
	out := *rec
	out.Tags = append([]Tag(nil), rec.Tags...)
	for i, t := range out.Tags {
		switch t.Name {
		case "FEN":
			p, err := ParseFEN(t.Value)
			if err != nil {
				return nil, &ParseError{Game: rec.Game, Line: rec.Line, Column: 1, Err: err}
			}
			out.Tags[i].Value = p.FormatFEN(n)
		case "GameType":
			if isHexDameGameType(t.Value) {
				out.Tags[i].Value = GameType(n)
			}
		}
	}
	body, err := convertElements(rec.Body, n)
	if err != nil {
		err.Game = rec.Game
		return nil, err
	}
	out.Body = body
	return &out, nil
}

func convertElements(elems []Element, n Notation) ([]Element, *ParseError) {
	out := cloneElements(elems)
	for i := range out {
		e := &out[i]
		switch e.Kind {
		case MoveElement:
			text, ok := convertMoveText(e.Text, n)
			if !ok {
				return nil, &ParseError{Line: e.Line, Column: e.Column, Move: e.Text, Err: &CellError{Text: e.Text}}
			}
			e.Text = text
			e.played = false
		case SetupElement:
			p, err := parseSetup(e.Text)
			if err != nil {
				return nil, &ParseError{Line: e.Line, Column: e.Column, Err: err}
			}
			e.Text = setupText(p, n)
		case VariationElement:
			v, err := convertElements(e.Variation, n)
			if err != nil {
				return nil, err
			}
			e.Variation = v
		}
	}
	return out, nil
}

// convertMoveText rewrites the squares of a move in notation n, keeping its
// separators; squares written without a separator get "-" (or "x" when the
// move has other captures).
func convertMoveText(text string, n Notation) (string, bool) {
	t, reason, badCell := scanMove(text)
	if reason != "" || badCell != "" {
		return "", false
	}
	var b []byte
	for k := 0; k < t.n; k++ {
		if k > 0 {
			sep := t.seps[k]
			switch {
			case sep != 0:
			case t.capture:
				sep = 'x'
			default:
				sep = '-'
			}
			b = append(b, sep)
		}
		b = t.cells[k].appendTo(b, n)
	}
	return string(b), true
}

// A Writer writes PDN records. Records are buffered; each WriteRecord or
// WriteGame flushes them to the underlying writer.
type Writer struct {
	w *bufio.Writer
	// Width is the line length the movetext is wrapped to; 0 means 79.
	Width int
	games int
}

// NewWriter returns a Writer writing to w.
func NewWriter(w io.Writer) *Writer { return &Writer{w: bufio.NewWriter(w)} }

// WriteGame writes the game in notation n; see Game.Record.
func (w *Writer) WriteGame(g *Game, n Notation) error { return w.WriteRecord(g.Record(n)) }

// WriteRecord writes one record: its tag pairs, a blank line, the movetext
// with move numbers, wrapped lines and the result (or "*"), and a blank
// line between games. Move numbers count from 1 with the side to move of
// the FEN tag, if any. Text that PDN cannot hold is adjusted: a "}" in a
// comment is written as ")" and a "/" in a setup as " ".
func (w *Writer) WriteRecord(rec *Record) error {
	if w.games > 0 {
		w.w.WriteByte('\n')
	}
	w.games++
	for _, t := range rec.Tags {
		w.w.WriteByte('[')
		w.w.WriteString(t.Name)
		w.w.WriteString(` "`)
		w.w.WriteString(strings.ReplaceAll(t.Value, `"`, `\"`))
		w.w.WriteString("\"]\n")
	}
	if len(rec.Tags) > 0 {
		w.w.WriteByte('\n')
	}
	lw := lineWriter{w: w.w, width: w.Width}
	if lw.width <= 0 {
		lw.width = 79
	}
	ply := 0
	if fen, ok := rec.Tag("FEN"); ok && strings.HasPrefix(strings.TrimSpace(fen), "B") {
		ply = 1
	}
	lw.writeElements(rec.Body, ply)
	result := rec.Result
	if result == "" {
		result = "*"
	}
	lw.word(result)
	lw.end()
	return w.w.Flush()
}

// lineWriter wraps movetext words into lines.
type lineWriter struct {
	w          *bufio.Writer
	width      int
	col        int
	prefix     string // written before the next word, on the same line: "("
	needNumber bool   // the next Red move needs "N..."
}

func (l *lineWriter) word(s string) {
	if l.prefix != "" {
		s, l.prefix = l.prefix+s, ""
	}
	space := l.col > 0
	if l.col > 0 && l.col+1+len(s) > l.width {
		l.w.WriteByte('\n')
		l.col, space = 0, false
	}
	if space {
		l.w.WriteByte(' ')
		l.col++
	}
	l.w.WriteString(s)
	l.col += len(s)
}

func (l *lineWriter) end() {
	if l.col > 0 {
		l.w.WriteByte('\n')
		l.col = 0
	}
}

// writeElements writes one line of movetext whose first move is at ply
// (0 for White's first move).
func (l *lineWriter) writeElements(elems []Element, ply int) {
	l.needNumber = true
	before := ply
	for _, e := range elems {
		switch e.Kind {
		case MoveElement:
			if ply%2 == 0 {
				l.word(strconv.Itoa(ply/2+1) + ".")
			} else if l.needNumber {
				l.word(strconv.Itoa(ply/2+1) + "...")
			}
			l.word(e.Text + e.Strength)
			l.needNumber = false
			before = ply
			ply++
		case NAGElement:
			l.word("$" + strconv.Itoa(e.NAG))
		case CommentElement:
			l.word("{" + strings.ReplaceAll(e.Text, "}", ")") + "}")
			l.needNumber = true
		case LineCommentElement:
			if l.prefix != "" {
				l.word("")
			}
			l.end()
			l.w.WriteString("%" + e.Text + "\n")
			l.needNumber = true
		case SetupElement:
			l.word("/" + strings.ReplaceAll(e.Text, "/", " ") + "/")
			if p, err := parseSetup(e.Text); err == nil && int(p.SideToMove()) != ply%2 {
				ply++
			}
			before = ply
			l.needNumber = true
		case VariationElement:
			l.prefix += "("
			l.writeElements(e.Variation, before)
			l.w.WriteByte(')')
			l.col++
			l.needNumber = true
		}
	}
}
