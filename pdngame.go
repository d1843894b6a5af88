package hexdame

import (
	"errors"
	"strconv"
	"strings"
)

// ReadGame reads the next game and replays it against the rules (see
// Record.Replay), as it reads. At the end of the input it returns nil,
// io.EOF. A record that is not PDN gives a nil game and a *ParseError
// wrapping ErrInvalidPDN; a game that breaks the rules gives the game up to
// its last legal move with the error, as Replay does. Either way the
// Reader moves on to the next game.
func (r *Reader) ReadGame() (*Game, error) {
	rp := replayer{keep: true, work: r.workBudget()}
	if err := r.readRecordTo(&rp); err != nil {
		return nil, err
	}
	return rp.finish()
}

// CheckGame reads the next game and checks it against the rules as
// ReadGame does, without keeping it: its memory does not grow with the
// game's moves, only with its tags and with the positions since the last
// capture or man move (which threefold repetition needs). It returns nil
// for a valid game, io.EOF at the end of the input, and otherwise the
// errors ReadGame would.
func (r *Reader) CheckGame() error {
	if r.check == nil {
		r.check = &replayer{}
	}
	rp := r.check
	rp.reset()
	rp.work = r.workBudget()
	if err := r.readRecordTo(rp); err != nil {
		return err
	}
	_, err := rp.finish()
	return err
}

// reset makes a replayer that only checks ready for another game, keeping
// its memory: its game, its lines and its problems' slice.
func (rp *replayer) reset() {
	g, lines := rp.g, rp.lines[:0]
	*rp = replayer{lines: lines}
	if g != nil {
		rp.reuse = g
	}
}

// Replay plays the record against the rules of HexDame and returns the game
// of its main line. Every move of the main line and of each variation must
// be legal where it stands; a variation is an alternative to the move before
// it, or to the next move of its line when it comes first (at the start, or
// right after a setup). A variation of the main line with no move before or
// after it is an alternative to nothing, and is a problem (ErrInvalidPDN):
// a game's main line is its tree's first line, so such a variation would
// otherwise become the main line.
//
// The start position is the FEN tag's, if any, and a setup in the movetext
// replaces the position. The notation, algebraic or numeric, is detected
// from the first move.
//
// The result is the one terminating the movetext (or else the Result tag);
// it must agree with the Result tag and with the rules: a game the rules
// have ended (no legal move, threefold repetition) may be recorded with that
// result or "*" only. A move after the end of the game is an error.
//
// Each problem is a *ParseError giving the game, line and column, and for a
// move its ply (counted from the start position, 1 for the first move) and
// text; it wraps ErrNotHexDame, a *FENError, a *MoveError, ErrGameOver,
// ErrResultMismatch or, for a variation that is an alternative to no move
// and for a record built with variations nested deeper than
// MaxVariationDepth, ErrInvalidPDN.
//
// Problems are independent when one does not hide the other: a bad move in
// a variation stops the check of that variation only, and the main line
// goes on being checked after it; a bad move in the main line stops the
// main line, but the variations that are alternatives to that move are
// still checked. Replay reports every independent problem: the error is
// nil, one *ParseError, or, for several, an error joining them (see
// errors.Join) in the order of the text.
//
// Like encoding/csv's partial records, the game is returned with the
// error: it holds the main line up to its last legal move. It is nil only
// when the game cannot start (a GameType of another game, a bad FEN tag) or
// the record is nil.
func (rec *Record) Replay() (*Game, error) {
	if rec == nil {
		return nil, errNilRecord
	}
	return rec.replay()
}

// errNilRecord is returned for a nil *Record.
var errNilRecord = errors.New("hexdame: nil *Record")

// replay is Replay.
func (rec *Record) replay() (*Game, error) {
	rp := replayer{keep: true}
	if err := walkRecord(rec, &rp); err != nil {
		return nil, err
	}
	return rp.finish()
}

// walkRecord passes the parts of a record to s as a Reader reading it
// would, elements by pointer into the record. Variations nested deeper
// than MaxVariationDepth give a *ParseError wrapping ErrInvalidPDN.
func walkRecord(rec *Record, s recordSink) error {
	s.begin(rec.Game, rec.Line)
	for i, t := range rec.Tags {
		if err := s.tag(t.Name, t.Value, rec.tagAt(i)); err != nil {
			return err
		}
	}
	if err := walkElements(rec, rec.Body, s, 0); err != nil {
		return err
	}
	return s.end(rec.ResultText, textPos{rec.resultLine, rec.resultColumn})
}

func walkElements(rec *Record, elems []Element, s recordSink, depth int) error {
	for i := range elems {
		e := &elems[i]
		if e.Kind != VariationElement {
			if err := s.element(e); err != nil {
				return err
			}
			continue
		}
		if depth+1 > MaxVariationDepth {
			return tooDeep(rec, e)
		}
		if err := s.open(textPos{e.Line, e.Column}); err != nil {
			return err
		}
		if err := walkElements(rec, e.Variation, s, depth+1); err != nil {
			return err
		}
		if err := s.close(); err != nil {
			return err
		}
	}
	return nil
}

// tooDeep returns the error for variation e of rec, nested deeper than
// MaxVariationDepth.
func tooDeep(rec *Record, e *Element) *ParseError {
	return &ParseError{Game: rec.Game, Line: e.Line, Column: e.Column,
		Err: &syntaxError{"variations nested more than " + strconv.Itoa(MaxVariationDepth) + " deep"}}
}

// A replayer is the recordSink that checks a record against the rules:
// the HexDame layer behind Replay, ReadGame and CheckGame. It plays the
// main line in a Game and each variation from the position before the
// move it is an alternative to; when it keeps the game, it builds the
// game's tree with the record's annotations.
type replayer struct {
	keep bool // keep the game's tree (Replay, ReadGame), not only check it
	game int  // the record's number in the input
	line int  // where it starts

	tags                  []Tag // the game's tags, when keep
	fen, gameType, result string
	hasFEN, hasGameType   bool
	hasResult             bool
	fenAt, gameTypeAt     textPos
	started, dead         bool // the game is set up; it cannot be (bad GameType or FEN)
	g                     *Game
	lines                 []replayLine // lines[0] is the main line, the others the open variations
	lead                  []Element    // annotations before the game is set up
	firstMove, anyMove    string       // the main line's first move, and the record's, as written
	problems              []error
	reuse                 *Game // a game to start from again, when only checking
	// loose: a variation opened on the main line before any move (or right
	// after a setup) waits, at looseAt, for the main move it is an
	// alternative to.
	loose   bool
	looseAt textPos

	// work is the Reader's WorkLimit, or nil for no limit.
	work *workBudget
}

// A replayLine is the state of the main line or of a variation.
type replayLine struct {
	pos, before    Position // the current position, and the one before the last move
	ply, beforePly int
	// bad: a move of the line could not be played, so the later ones
	// cannot be checked; lost: a move or setup followed, so the position
	// before the last move is not known either.
	bad, lost bool

	// When the tree is kept: the line's last node (its start before its
	// first move), whether it has a node of its own yet, whether a
	// variation came after that node, and the annotations waiting for
	// the line's next move.
	node     *Node
	moved    bool
	afterVar bool
	pending  []Element
}

// anchor returns the node that an alternative to the line's last move, or
// to its next move when it has none, follows.
func (l *replayLine) anchor() *Node {
	if !l.moved || l.node.setup {
		return l.node
	}
	return l.node.parent
}

func (rp *replayer) begin(game, line int) { rp.game, rp.line = game, line }

func (rp *replayer) tag(name, value string, at textPos) error {
	switch name {
	case "GameType":
		if !rp.hasGameType {
			rp.gameType, rp.hasGameType, rp.gameTypeAt = value, true, at
		}
	case "FEN":
		rp.fen, rp.hasFEN, rp.fenAt = value, true, at
	case "Result":
		if !rp.hasResult {
			rp.result, rp.hasResult = value, true
		}
	case "SetUp":
	default:
		if rp.keep {
			rp.tags = append(rp.tags, Tag{name, value})
		}
	}
	return nil
}

// problem records a problem of the game.
func (rp *replayer) problem(line, col, ply int, move string, err error) {
	rp.problems = append(rp.problems, &ParseError{Game: rp.game, Line: line, Column: col, Ply: ply, Move: move, Err: err})
}

// start sets the game up from the tags, once, before the first move, setup,
// variation or result.
func (rp *replayer) start() {
	if rp.started {
		return
	}
	rp.started = true
	if rp.hasGameType && !isHexDameGameType(rp.gameType) {
		rp.problem(rp.gameTypeAt.line, rp.gameTypeAt.col, 0, "", &gameError{err: ErrNotHexDame,
			msg: "GameType " + quoteClipped(rp.gameType) + " is not " + strconv.Itoa(GameTypeNumber)})
		rp.dead = true
		return
	}
	start := StartPosition()
	if rp.hasFEN {
		p, err := ParseFEN(rp.fen)
		if err != nil {
			rp.problem(rp.fenAt.line, rp.fenAt.col, 0, "", err)
			rp.dead = true
			return
		}
		start = p
	}
	if rp.reuse != nil && !rp.keep {
		rp.g = rp.reuse
		counts := rp.g.counts
		*rp.g = Game{counts: counts} // a new game, in the old one's memory
		rp.g.begin(start)
	} else {
		rp.g = NewGameFrom(start)
	}
	rp.g.forget = !rp.keep
	rp.g.tags = rp.tags
	rp.lines = append(rp.lines[:0], replayLine{pos: start, before: start, node: &rp.g.root, pending: rp.lead})
	rp.lead = nil
}

func (rp *replayer) element(e *Element) error {
	switch e.Kind {
	case MoveElement:
		if rp.anyMove == "" {
			rp.anyMove = e.Text
		}
		if rp.firstMove == "" && len(rp.lines) <= 1 {
			rp.firstMove = e.Text
		}
		rp.start()
	case SetupElement:
		rp.start()
	default:
		if !rp.started {
			if rp.keep {
				rp.lead = append(rp.lead, *e)
			}
			return nil
		}
	}
	if rp.dead {
		return nil
	}
	switch e.Kind {
	case MoveElement:
		rp.move(e)
	case SetupElement:
		rp.setup(e)
	default:
		rp.annotate(e)
	}
	return nil
}

// annotate keeps a comment, line comment or NAG in the tree: after the
// line's last move, or for its next move.
func (rp *replayer) annotate(e *Element) {
	l := &rp.lines[len(rp.lines)-1]
	if !rp.keep || l.bad {
		return
	}
	if l.moved && !l.afterVar {
		notes := l.node.note()
		notes.after = append(notes.after, *e)
		return
	}
	l.pending = append(l.pending, *e)
}

// place puts node n, the line's next move or setup, into the tree, with the
// annotations waiting for it.
func (rp *replayer) place(l *replayLine, n *Node, main bool) {
	switch {
	case main:
		// Game.push or reset placed it.
	case l.moved:
		l.node.addMain(n)
	default:
		l.node.add(n, false)
	}
	if len(l.pending) > 0 {
		n.note().before = l.pending
		l.pending = nil
	}
	l.node, l.moved, l.afterVar = n, true, false
}

// move checks and plays a move of the innermost open line.
func (rp *replayer) move(e *Element) {
	l := &rp.lines[len(rp.lines)-1]
	main := len(rp.lines) == 1
	if l.bad {
		l.lost = true
		return
	}
	fail := func(err error) {
		rp.problem(e.Line, e.Column, l.ply+1, e.Text, err)
		l.bad = true
		l.before, l.beforePly = l.pos, l.ply
	}
	if main {
		if o := rp.g.Outcome(); o.IsOver() {
			fail(&gameError{err: ErrGameOver, msg: "the game ended " + o.String()})
			return
		}
	}
	m, err := l.pos.parseMove(e.Text, rp.work)
	if err != nil {
		fail(err)
		return
	}
	next := l.pos.play(m)
	if main {
		rp.loose = false
		n := rp.g.push(m, next)
		if rp.keep {
			rp.place(l, n, true)
		}
	} else if rp.keep {
		rp.place(l, &Node{game: rp.g, move: m, pos: next.pack(), ply: l.ply + 1}, false)
	}
	if rp.keep && e.Strength != "" {
		l.node.note().strength = e.Strength
	}
	l.before, l.beforePly = l.pos, l.ply
	l.pos, l.ply = next, l.ply+1
}

// setup replaces the position of the innermost open line.
func (rp *replayer) setup(e *Element) {
	l := &rp.lines[len(rp.lines)-1]
	if l.bad {
		l.lost = true
		return
	}
	p, err := parseSetup(e.Text)
	if err != nil {
		rp.problem(e.Line, e.Column, 0, "", err)
		l.bad, l.lost = true, true
		return
	}
	if len(rp.lines) == 1 {
		rp.loose = false // the setup is what the variation is an alternative to
		rp.g.reset(p)
		if rp.keep && rp.g.end != &rp.g.root {
			rp.place(l, rp.g.end, true)
		}
	} else if rp.keep {
		rp.place(l, &Node{game: rp.g, setup: true, pos: p.pack(), ply: l.ply}, false)
	}
	l.pos, l.before, l.beforePly = p, p, l.ply
}

func (rp *replayer) open(at textPos) error {
	rp.start()
	if rp.dead {
		return nil
	}
	parent := &rp.lines[len(rp.lines)-1]
	if len(rp.lines) == 1 && parent.beforePly == parent.ply && !parent.bad && !rp.loose {
		rp.loose, rp.looseAt = true, at
	}
	parent.afterVar = true
	v := replayLine{pos: parent.before, before: parent.before, ply: parent.beforePly, beforePly: parent.beforePly,
		bad: parent.lost, lost: parent.lost}
	if rp.keep && !parent.lost {
		v.node = parent.anchor()
	}
	rp.lines = append(rp.lines, v)
	return nil
}

func (rp *replayer) close() error {
	if rp.dead || len(rp.lines) < 2 {
		return nil
	}
	rp.endLine(&rp.lines[len(rp.lines)-1])
	rp.lines = rp.lines[:len(rp.lines)-1]
	return nil
}

// endLine keeps the annotations at the end of a line after its last node.
func (rp *replayer) endLine(l *replayLine) {
	if !rp.keep || l.bad || len(l.pending) == 0 || l.node == nil {
		return
	}
	notes := l.node.note()
	if l.moved || l.node == &rp.g.root {
		if l.moved {
			notes.tail = append(notes.tail, l.pending...)
		} else {
			notes.after = append(notes.after, l.pending...)
		}
	} else {
		// A variation with annotations and no move: they follow its
		// anchor's variations.
		notes.tail = append(notes.tail, l.pending...)
	}
	l.pending = nil
}

func (rp *replayer) end(result string, at textPos) error {
	rp.start()
	if rp.dead {
		return nil
	}
	rp.endLine(&rp.lines[0])
	if rp.lines[0].bad {
		return nil
	}
	if rp.loose {
		// PDN's variation is an alternative to the move before it (here to
		// the next one, when it comes first); a game's tree has no place
		// for one that is an alternative to no move.
		rp.problem(rp.looseAt.line, rp.looseAt.col, rp.lines[0].ply, "",
			&syntaxError{"variation is an alternative to no move: no move of the main line comes before or after it"})
		return nil
	}
	term, _ := ParseResult(result)
	if rp.hasResult {
		if r, err := ParseResult(rp.result); err == nil && r != NoResult {
			if term == NoResult && result == "" {
				term = r
			} else if term != NoResult && r != term {
				rp.problem(at.line, at.col, 0, "", &gameError{err: ErrResultMismatch,
					msg: "the Result tag says " + quoteClipped(rp.result) + " but the game ends " + result})
				return nil
			}
		}
	}
	if err := rp.g.SetResult(term); err != nil {
		rp.problem(at.line, at.col, 0, "", err)
	}
	return nil
}

// finish returns the game (nil if it could not start) and the problems
// found.
func (rp *replayer) finish() (*Game, error) {
	rp.start()
	var err error
	switch len(rp.problems) {
	case 0:
	case 1:
		err = rp.problems[0]
	default:
		err = errors.Join(rp.problems...)
	}
	if rp.dead {
		return nil, err
	}
	g := rp.g
	first := rp.firstMove
	if first == "" {
		first = rp.anyMove
	}
	switch {
	case first != "":
		if first[0] >= '0' && first[0] <= '9' {
			g.notation = Numeric
		}
	case strings.Contains(rp.gameType, ",N"):
		g.notation = Numeric
	}
	return g, err
}

// isHexDameGameType reports whether a GameType value names HexDame: its
// number, before any comma, is GameTypeNumber.
func isHexDameGameType(v string) bool {
	num, _, _ := strings.Cut(strings.TrimSpace(v), ",")
	return strings.TrimSpace(num) == strconv.Itoa(GameTypeNumber)
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
	g.init()
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
	if start := g.root.Position(); start != StartPosition() {
		rec.Tags = append(rec.Tags, Tag{"SetUp", "1"}, Tag{"FEN", start.FormatFEN(n)})
	}
	for _, t := range g.tags {
		if !isRosterTag(t.Name) {
			rec.Tags = append(rec.Tags, t)
		}
	}
	rec.Body = g.movetext(n)
	rec.ResultText = result
	return rec
}

// movetext returns the game's tree as movetext in notation n: each node's
// annotations before its move, the move (in the form FormatMove gives) or
// setup, the annotations after it, the variations that are alternatives to
// it, and the annotations after them.
func (g *Game) movetext(n Notation) []Element {
	var out []Element
	if g.root.setup {
		out = append(out, Element{Kind: SetupElement, Text: setupText(g.root.Position(), n)})
	}
	if g.root.notes != nil {
		out = append(out, g.root.notes.after...)
	}
	return appendLine(out, g.root.Next(), n, 0)
}

// appendLine appends the line of movetext that starts at node x, nested
// depth variations deep. Variations nested deeper than MaxVariationDepth
// (which only a program adding them can make) are left out.
func appendLine(out []Element, x *Node, n Notation, depth int) []Element {
	for ; x != nil; x = x.Next() {
		notes := x.notes
		if notes == nil {
			notes = &nodeNotes{}
		}
		out = append(out, notes.before...)
		if x.setup {
			out = append(out, Element{Kind: SetupElement, Text: setupText(x.Position(), n)})
		} else {
			out = append(out, Element{Kind: MoveElement, Text: x.parent.Position().FormatMove(x.move, n), Strength: notes.strength})
		}
		out = append(out, notes.after...)
		if p := x.parent; p.children[0] == x && depth < MaxVariationDepth {
			for _, v := range p.children[1:] {
				out = append(out, Element{Kind: VariationElement, Variation: appendLine(nil, v, n, depth+1)})
			}
		}
		out = append(out, notes.tail...)
	}
	return out
}

func isRosterTag(name string) bool {
	for _, d := range rosterDefaults {
		if d.Name == name {
			return true
		}
	}
	return false
}

// Convert returns a copy of the record with every square written in
// notation n: the moves (their separators, strength marks and form kept),
// the FEN tag, setups and the GameType tag. Everything else is kept as it
// is. A record whose GameType names another game gives a *ParseError
// wrapping ErrNotHexDame; a square that is not a HexDame cell one wrapping
// ErrInvalidCell (or a move that is not written as a move, ErrMoveSyntax); a
// bad FEN one wrapping ErrInvalidFEN.
func (rec *Record) Convert(n Notation) (*Record, error) {
	if rec == nil {
		return nil, errNilRecord
	}
	out := &Record{}
	if err := walkRecord(rec, &converter{n: n, next: &treeBuilder{rec: out}}); err != nil {
		return nil, err
	}
	out.Game, out.Line = rec.Game, rec.Line
	out.tagPos = rec.tagPos
	out.resultLine, out.resultColumn = rec.resultLine, rec.resultColumn
	return out, nil
}

// ConvertRecord reads the next record, writes it to w with every square in
// notation n as Record.Convert does, and flushes w. It reads and writes as
// it goes, so its memory does not grow with the record's moves beyond the
// text written. At the end of the input it returns io.EOF. A record that
// cannot be converted, or read, gives the error Convert or ReadRecord
// would, and nothing is written for it.
func (r *Reader) ConvertRecord(w *Writer, n Notation) error {
	if w == nil || w.w == nil {
		return errNoWriter
	}
	rw := w.start()
	err := r.readRecordTo(&converter{n: n, next: rw})
	return w.finish(rw, err)
}

// A converter is a recordSink that rewrites the squares of a record in
// notation n and passes it on.
type converter struct {
	n    Notation
	next recordSink
	game int
	out  Element // the element passed on, one per record
}

func (c *converter) begin(game, line int) {
	c.game = game
	c.next.begin(game, line)
}

func (c *converter) tag(name, value string, at textPos) error {
	switch name {
	case "FEN":
		p, err := ParseFEN(value)
		if err != nil {
			return &ParseError{Game: c.game, Line: at.line, Column: at.col, Err: err}
		}
		value = p.FormatFEN(c.n)
	case "GameType":
		if !isHexDameGameType(value) {
			return &ParseError{Game: c.game, Line: at.line, Column: at.col, Err: &gameError{err: ErrNotHexDame,
				msg: "GameType " + quoteClipped(value) + " is not " + strconv.Itoa(GameTypeNumber)}}
		}
		value = GameType(c.n)
	}
	return c.next.tag(name, value, at)
}

func (c *converter) element(e *Element) error {
	c.out = *e
	out := &c.out
	switch e.Kind {
	case MoveElement:
		text, err := convertMoveText(e.Text, c.n)
		if err != nil {
			return &ParseError{Game: c.game, Line: e.Line, Column: e.Column, Move: e.Text, Err: err}
		}
		out.Text = text
	case SetupElement:
		p, err := parseSetup(e.Text)
		if err != nil {
			return &ParseError{Game: c.game, Line: e.Line, Column: e.Column, Err: err}
		}
		out.Text = setupText(p, c.n)
	}
	return c.next.element(out)
}

func (c *converter) open(at textPos) error { return c.next.open(at) }
func (c *converter) close() error          { return c.next.close() }
func (c *converter) end(result string, at textPos) error {
	return c.next.end(result, at)
}

// convertMoveText rewrites the squares of a move in notation n, keeping its
// separators; squares written without a separator get "-" (or "x" when the
// move has other captures), and a move that would read as a result ("1-1")
// gets a leading zero. Text that is not a move gives the *MoveError
// ParseMove would.
func convertMoveText(text string, n Notation) (string, error) {
	t, reason, badCell := scanMove(text)
	if reason != "" || badCell != "" {
		return "", Position{}.syntaxError(text, reason, badCell)
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
	if isResult(string(b)) {
		// "1-1", from i9 to i9, reads as a draw: write "01-1".
		b = append([]byte{'0'}, b...)
	}
	return string(b), nil
}
