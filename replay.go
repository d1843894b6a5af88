package hexdame

import (
	"errors"
	"strconv"
	"strings"
)

// ReadGame reads the next game and replays it against the rules (see
// Record.Replay), as it reads. At the end of the input it returns nil,
// io.EOF. A record that is not PDN gives a nil game and a *ParseError
// wrapping ErrSyntax; a game that breaks the rules gives the game up to
// its last legal move with the error, as Replay does. Either way the
// Reader moves on to the next game.
func (r *Reader) ReadGame() (*Game, error) {
	rp := replayer{keep: true}
	rp.cache.work = r.limit()
	if err := r.readRecordTo(&rp); err != nil {
		return nil, err
	}
	return rp.finish()
}

// CheckGame reads the next game and checks it against the rules as
// ReadGame does, without keeping it: its memory does not grow with the
// game's moves, only with its tags and with the positions since the last
// capture or man move (which the repetition rule needs), besides the
// legal captures it remembers so that moves from one position share one
// generation (at most 65,536 moves, 1 MiB). It returns nil for a valid
// game, io.EOF at the end of the input, and otherwise the errors ReadGame
// would.
func (r *Reader) CheckGame() error {
	if r == nil {
		return errNilReader
	}
	if r.check == nil {
		r.check = &replayer{}
	}
	rp := r.check
	rp.reset()
	rp.cache.work = r.limit()
	if err := r.readRecordTo(rp); err != nil {
		return err
	}
	_, err := rp.finish()
	return err
}

// reset makes a replayer that only checks ready for another game, keeping
// its memory: its game, its lines and its problems' slice.
func (rp *replayer) reset() {
	g, lines, cache := rp.g, rp.lines[:0], rp.cache
	cache.reset()
	*rp = replayer{lines: lines, cache: cache}
	if g != nil {
		rp.reuse = g
	}
}

// Replay plays the record against the rules of HexDame and returns the game
// of its main line. Every move of the main line and of each variation must
// be legal where it stands; a variation is an alternative to the move before
// it, or to the next move of its line when it comes first (at the start, or
// right after a setup). A variation of the main line with no move before or
// after it is an alternative to nothing, and is a problem (ErrSyntax):
// a game's main line is its tree's first line, so such a variation would
// otherwise become the main line.
//
// The start position is the FEN tag's, if any, and a setup in the movetext
// replaces the position. Each must be a position a game can reach: at most
// 16 pieces a side and no man on the row where it would have been crowned
// (see Position.CheckReachable); one that is not is a problem of the game
// (wrapping ErrSyntax and ErrUnreachable), so that no record makes the
// rules work on a position no game reaches. The notation, algebraic or
// numeric, is detected from the first move. Where a tag is given twice,
// the first counts.
//
// The game's tags are the record's but the GameType, FEN, SetUp and
// Result tags (which the game itself gives), each name once, in the order
// Game.Tags gives. A tag of the seven tag roster holding the value the
// standard writes for unknown ("?", or "????.??.??" for Date) is no tag:
// the Writer writes that value for a roster tag a game lacks, and so a
// game written and read back has the same tags (see Game.SetTag). The
// syntax layer (ReadRecord) keeps every tag as written.
//
// The result is the one terminating the movetext, or the Result tag's when
// the input ends before a terminator. It must agree with the rules: a game
// the rules have ended (no legal move, threefold repetition) may be
// recorded with that result or "*" only, in the tag as in the movetext.
// Otherwise the Result tag and the terminator must be the same result ("*"
// against "2-0" is a disagreement). A disagreement is a problem wrapping
// ErrResultMismatch, and the game then has no recorded result; a Result
// tag that is not a PDN result (see ParseResult) is one wrapping
// ErrSyntax. A move after the end of the game is an error. The
// game's result is its Outcome, not a tag: Game.Tag reports no Result tag.
//
// Each problem is a *ParseError giving the game, line and column, and for a
// move its ply (counted from the start position, 1 for the first move) and
// text; it wraps ErrNotHexDame, a *FENError, a *MoveError, ErrGameOver,
// ErrResultMismatch, or ErrSyntax: for a Result tag that is no result, a
// variation that is an alternative to no move, a FEN tag or setup of a
// position no game reaches (with ErrUnreachable), and a record built with
// variations nested deeper than MaxVariationDepth.
//
// Problems are independent when one does not hide the other: a bad move in
// a variation stops the check of that variation only, and the main line
// goes on being checked after it; a bad move in the main line stops the
// main line, but the variations that are alternatives to that move are
// still checked. Replay reports every independent problem: the error is
// nil, one *ParseError, or, for several, an error joining them (see
// errors.Join) in the order of the text.
//
// The moves from one position (a move and its alternatives, or a
// position the record reaches twice) are parsed from one generation of
// its legal moves, which Replay keeps for the record (at most 65,536
// moves in all, 1 MiB): a record's work is one generation per position
// it holds, not one per move written.
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
var errNilRecord = errors.New("nil *Record")

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
// than MaxVariationDepth give a *ParseError wrapping ErrSyntax.
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
		// The sink is told first, so that a Writer refuses with its own
		// error.
		if err := s.open(textPos{e.Line, e.Column}); err != nil {
			return err
		}
		if depth+1 > MaxVariationDepth {
			return tooDeep(rec, e)
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
// the HexDame layer behind Replay and ReadGame. It plays the main line in
// a Game and each variation from the position before the move it is an
// alternative to, and builds the game's tree with the record's
// annotations.
type replayer struct {
	keep bool // keep the game's tree (Replay, ReadGame), not only check it
	game int  // the record's number in the input
	line int  // where it starts

	tags                  []Tag // the game's tags, when keep
	fen, gameType, result string
	hasFEN, hasGameType   bool
	hasResult             bool
	fenAt, gameTypeAt     textPos
	resultAt              textPos
	started, dead         bool // the game is set up; it cannot be (bad GameType or FEN)
	g                     *Game
	lines                 []replayLine // lines[0] is the main line, the others the open variations
	lead                  noteList     // annotations before the game is set up
	firstMove, anyMove    string       // the main line's first move, and the record's, as written
	problems              []error
	reuse                 *Game // a game to start from again, when only checking
	// loose: a variation opened on the main line before any move (or right
	// after a setup) waits, at looseAt, for the main move it is an
	// alternative to.
	loose   bool
	looseAt textPos
	// cache holds the legal captures of the positions met, so that the
	// moves from one position (a move and its alternatives, or one
	// position reached twice) share one generation.
	cache moveCache
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
	pending  noteList
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
		if !rp.hasFEN {
			rp.fen, rp.hasFEN, rp.fenAt = value, true, at
		}
	case "Result":
		if !rp.hasResult {
			rp.result, rp.hasResult, rp.resultAt = value, true, at
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
			msg: "GameType " + quoteClipped(rp.gameType) + " is not " + strconv.Itoa(gameTypeNumber)})
		rp.dead = true
		return
	}
	start := StartPosition()
	if rp.hasFEN {
		p, err := ParseFEN(rp.fen)
		if err == nil {
			err = unreachableSetup("the FEN tag", p)
		}
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
	rp.g.tags = gameTags(rp.tags, false)
	if _, err := ParseResult(rp.result); rp.hasResult && err != nil {
		rp.problem(rp.resultAt.line, rp.resultAt.col, 0, "", &gameError{err: ErrSyntax,
			msg: "the Result tag " + quoteClipped(rp.result) + " is not a PDN result"})
	}
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
				rp.lead = rp.lead.add(noteOf(e))
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
		notes.after = notes.after.add(noteOf(e))
		return
	}
	l.pending = l.pending.add(noteOf(e))
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
		if main && l.node == &rp.g.root {
			// Before the game's first move: the root's comment, where
			// Node.SetComment and the Writer put it.
			notes := l.node.note()
			notes.after = append(notes.after, l.pending...)
		} else {
			n.note().before = l.pending
		}
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
	m, err := l.pos.parseMove(e.Text, &rp.cache)
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
	rp.cache.activate() // a setup: positions may come back
	p, err := parseSetup(e.Text)
	if err == nil {
		err = unreachableSetup("the setup", p)
	}
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
	rp.cache.activate() // a second line: positions may come back
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
	if r, err := ParseResult(rp.result); rp.hasResult && err == nil {
		switch o := rp.g.rulesOutcome(); {
		case result == "":
			term = r // no terminator: the Result tag gives the result
		case o.IsOver():
			// Each of the tag and the terminator may be the rules' result
			// or "*"; SetResult checks the terminator.
			if r != NoResult && r != o.Result {
				rp.problem(rp.resultAt.line, rp.resultAt.col, 0, "", &gameError{err: ErrResultMismatch,
					msg: "the Result tag says " + quoteClipped(rp.result) + " but the game ended " + o.String()})
				return nil
			}
		case r != term:
			rp.problem(at.line, at.col, 0, "", &gameError{err: ErrResultMismatch,
				msg: "the Result tag says " + quoteClipped(rp.result) + " but the movetext ends with " + quoteClipped(result)})
			return nil
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

// unreachableSetup returns nil when p, set up by what (the FEN tag or a
// setup), can arise in a game, and otherwise the problem of the record: a
// *setupError.
func unreachableSetup(what string, p Position) error {
	if err := p.CheckReachable(); err != nil {
		return &setupError{what: what, err: err}
	}
	return nil
}

// A setupError is the problem of a record whose FEN tag or setup puts a
// position that cannot arise in a game: it wraps ErrSyntax and the
// error of Position.CheckReachable (which wraps ErrUnreachable).
type setupError struct {
	what string
	err  error
}

func (e *setupError) Error() string {
	msg := "invalid PDN: " + e.what + " sets up a position that cannot arise in a game"
	var ue *unreachableError
	if errors.As(e.err, &ue) {
		msg += ": " + ue.why
	}
	return msg
}

func (e *setupError) Unwrap() []error { return []error{ErrSyntax, e.err} }

// parseSetup reads the FEN of a setup, `FEN "W:..."`, or a bare FEN.
func parseSetup(text string) (Position, error) {
	fen := strings.TrimSpace(text)
	if rest, ok := strings.CutPrefix(fen, "FEN"); ok {
		fen = strings.TrimSpace(rest)
	}
	fen = strings.Trim(fen, `"`)
	return ParseFEN(fen)
}
