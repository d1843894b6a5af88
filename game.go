package hexdame

import (
	"maps"
	"slices"
)

// A Game is a game of HexDame: its start position, its moves, its PDN tags
// and its result. Unlike Position, a Game changes as moves are played; it
// is not safe for use by several goroutines at once.
//
// The moves form a tree (see Node): the main line, from Root through the
// first child of each node to End, and the variations, alternatives that a
// record gives or a program adds. Play, Undo, Position, Moves and Outcome
// are about the main line.
//
// The zero Game is a game from the start position with no moves played,
// ready to use; NewGameFrom starts a game from another position. A Game
// holds pointers into its tree: copy one with Clone, not by assignment.
//
// A Game tracks repetitions: the game is drawn when the same position (the
// same pieces on the same cells and the same side to move) occurs for the
// third time. It counts, in constant time per move, only the positions
// since the last capture or man move, since no earlier position can recur.
// Draw rules of draughts federations can be added with SetDrawRules; they
// are off by default, as Freeling's rules have none.
type Game struct {
	started  bool
	forget   bool // keep no moves (Reader.CheckGame): no tree, only the main line's state
	tags     []Tag
	root     Node
	end      *Node                    // the last node of the main line
	pos      Position                 // the position at end
	ply      int                      // the moves of the main line
	window   int                      // the ply of the first position that the current one can repeat
	counts   map[packedPosition]int32 // occurrences of the positions since window, when there are two or more
	dirty    bool                     // the tree was edited: end, pos, ply, window and counts are out of date
	recorded Result                   // a result set by SetResult or read from a record
	notation Notation
	rules    DrawRules
}

// NewGame returns a game from the start position.
func NewGame() *Game { return NewGameFrom(StartPosition()) }

// NewGameFrom returns a game that starts from position p, whatever p is
// (WriteGame refuses a game from a position that fails
// Position.CheckReachable, as ReadGame would refuse its record).
func NewGameFrom(p Position) *Game {
	g := &Game{}
	g.begin(p)
	return g
}

// begin starts the game from position p, with no moves.
func (g *Game) begin(p Position) {
	g.started = true
	g.root = Node{game: g, pos: p.pack()}
	g.end, g.pos, g.ply, g.window, g.dirty = &g.root, p, 0, 0, false
	if g.counts == nil {
		g.counts = make(map[packedPosition]int32)
	}
	clear(g.counts)
	g.counts[p.pack()] = 1
}

// init makes a zero Game a game from the start position, and brings the
// main line's state up to date after an edit of the tree.
func (g *Game) init() {
	if !g.started {
		g.begin(StartPosition())
	}
	if g.dirty {
		g.sync()
	}
}

// sync recomputes the main line's state from the tree.
func (g *Game) sync() {
	g.dirty = false
	n := &g.root
	for len(n.children) > 0 {
		n = n.children[0]
	}
	g.end, g.pos, g.ply = n, n.Position(), n.ply
	g.recount()
}

// recount counts the positions that the current one can repeat, going back
// along the main line to the last capture, man move or setup.
func (g *Game) recount() {
	clear(g.counts)
	n := g.end
	g.counts[n.pos]++
	for n.parent != nil && !n.setup && n.parent.pos.isReversible(n.move) {
		n = n.parent
		g.counts[n.pos]++
	}
	g.window = n.ply
}

// reset makes p the current position: the start of the game before any
// move, or a setup that replaces the current position of a game read from
// a record.
func (g *Game) reset(p Position) {
	g.init()
	if g.end == &g.root && len(g.root.children) == 0 {
		// Before any move: the game starts there.
		g.root.pos, g.root.setup = p.pack(), true
	} else if !g.forget {
		g.end = g.end.addMain(&Node{game: g, setup: true, pos: p.pack(), ply: g.ply})
	}
	g.pos = p
	g.window = g.ply
	clear(g.counts)
	g.counts[p.pack()] = 1
}

var errNilGame = &gameError{err: ErrInvalid, what: "nil *Game", msg: "the method was called on a nil *Game"}

// Root returns the root of the game's tree: the start position, before
// any move. A nil *Game has no tree: Root returns nil.
func (g *Game) Root() *Node {
	if g == nil {
		return nil
	}
	g.init()
	return &g.root
}

// End returns the last node of the main line: the current position. A
// nil *Game has no tree: End returns nil.
func (g *Game) End() *Node {
	if g == nil {
		return nil
	}
	g.init()
	return g.end
}

// Position returns the current position: the main line's last
// (StartPosition for a nil *Game).
func (g *Game) Position() Position {
	if g == nil {
		return StartPosition()
	}
	g.init()
	return g.pos
}

// Moves returns the moves of the main line, in order (nil for a nil
// *Game).
func (g *Game) Moves() []Move {
	if g == nil {
		return nil
	}
	g.init()
	out := make([]Move, 0, g.ply)
	for n := range g.root.mainLine() {
		if !n.setup {
			out = append(out, n.move)
		}
	}
	return out
}

// repetitions returns how many times the current position has occurred
// in the game (1 the first time); the third occurrence draws.
func (g *Game) repetitions() int {
	g.init()
	if g.window == g.ply {
		return 1 // the position alone: counts needs not hold it
	}
	return int(g.counts[g.pos.pack()])
}

// SetDrawRules sets the draw rules the game applies besides Freeling's
// (see DrawRules). The zero DrawRules removes them. On a nil *Game it
// does nothing.
func (g *Game) SetDrawRules(r DrawRules) {
	if g != nil {
		g.rules = r
	}
}

// DrawRules returns the draw rules the game applies besides Freeling's
// (none for a nil *Game).
func (g *Game) DrawRules() DrawRules {
	if g == nil {
		return DrawRules{}
	}
	return g.rules
}

// Outcome returns how the game stands. The rules come first: a side to move
// with no legal move has lost, and a third occurrence of a position is a
// draw; then the draw rules set with SetDrawRules. Otherwise a result set
// with SetResult (or read from a record) ends the game by resignation,
// agreement or forfeit. A nil *Game is not over.
func (g *Game) Outcome() Outcome {
	if g == nil {
		return Outcome{NoResult, NotOver}
	}
	g.init()
	if o := g.rulesOutcome(); o.IsOver() {
		return o
	}
	return recordedOutcome(g.recorded)
}

// rulesOutcome is how the rules (and the draw rules set) have the game
// stand, leaving recorded results aside.
func (g *Game) rulesOutcome() Outcome {
	return rulesOutcome(&g.pos, g.repetitions(), g.ply-g.window, g.rules)
}

// recordedOutcome is the outcome of a result the players decided.
func recordedOutcome(r Result) Outcome {
	switch r {
	case WhiteWins, RedWins:
		return Outcome{r, Resignation}
	case Draw:
		return Outcome{Draw, Agreement}
	case BothLose:
		return Outcome{BothLose, DoubleForfeit}
	}
	return Outcome{NoResult, NotOver}
}

// SetResult records a result decided by the players: a resignation, a draw
// by agreement, a double forfeit; NoResult clears it. It returns an error
// wrapping ErrResultMismatch when the rules have already ended the game
// with another result, one wrapping ErrInvalid for a Result that is none
// of the constants or for a nil *Game.
func (g *Game) SetResult(r Result) error {
	if r > BothLose {
		_, err := resultNames.appendText(nil, int(r))
		return err
	}
	if g == nil {
		return errNilGame
	}
	g.init()
	if o := g.rulesOutcome(); o.IsOver() && r != NoResult && r != o.Result {
		return &gameError{err: ErrResultMismatch, msg: "the game ended " + o.String() + ", not " + r.String()}
	}
	g.recorded = r
	return nil
}

// Play plays move m at the end of the main line. It returns an error
// wrapping ErrGameOver when the game has ended, the *MoveError of
// Position.Play when m is not legal, and an error wrapping ErrInvalid for
// a nil *Game; the game is then unchanged.
func (g *Game) Play(m Move) error {
	if g == nil {
		return errNilGame
	}
	if o := g.Outcome(); o.IsOver() {
		return &gameError{err: ErrGameOver, msg: "the game ended " + o.String()}
	}
	next, err := g.pos.Play(m)
	if err != nil {
		return err
	}
	g.push(m, next)
	return nil
}

// push appends a legal move and the position it leads to to the main line
// and returns its node (the root for a game that keeps no tree).
func (g *Game) push(m Move, next Position) *Node {
	g.ply++
	if !g.forget {
		g.end = g.end.addMain(&Node{game: g, move: m, pos: next.pack(), ply: g.ply})
	}
	if !g.pos.IsReversible(m) {
		// A capture or a man move: no earlier position can recur. The
		// window is the new position alone, which counts needs not hold.
		g.pos, g.window = next, g.ply
		return g.end
	}
	if g.window == g.ply-1 {
		// The window held only the position before the move, which counts
		// may not hold.
		if g.counts == nil {
			g.counts = make(map[packedPosition]int32)
		}
		clear(g.counts)
		g.counts[g.pos.pack()] = 1
	}
	g.pos = next
	g.counts[next.pack()]++
	return g.end
}

// Undo takes back the last move of the main line and reports whether there
// was one. It removes from the tree that move, the variations that are
// alternatives to it, and any setup after it, and drops a recorded result.
// The nodes it removes are detached (see Node). A nil *Game has no move
// to take back.
func (g *Game) Undo() bool {
	if g == nil {
		return false
	}
	g.init()
	last := g.end
	for last.setup && last.parent != nil {
		last = last.parent
	}
	if last.parent == nil {
		return false
	}
	before := last.parent
	setupAfter := last != g.end
	for _, c := range before.children {
		c.detach()
	}
	before.children = nil
	g.end, g.pos, g.ply = before, before.Position(), before.ply
	g.recorded = NoResult
	if setupAfter || g.window > g.ply {
		g.recount()
	} else if key := last.pos; g.counts[key] > 1 {
		g.counts[key]--
	} else {
		delete(g.counts, key)
	}
	return true
}

// Tag returns the value of the game's tag with the given name. The
// GameType, FEN, SetUp and Result tags are not the game's tags but written
// from the game (its Notation, Root and Outcome), so Tag
// reports them absent, for a game read from a record too.
func (g *Game) Tag(name string) (value string, ok bool) {
	if g == nil {
		return "", false
	}
	for _, t := range g.tags {
		if t.Name == name {
			return t.Value, true
		}
	}
	return "", false
}

// SetTag sets a PDN tag of the game, such as "Event" or "White" (the Red
// player is the "Black" tag, as PDN names the second player). A name is a
// letter followed by letters, digits and underscores, and a value is
// UTF-8 text that a PDN record can hold; other names
// and values give an error wrapping ErrInvalid, as do the FEN, SetUp,
// GameType and Result tags, which are written from the game itself. A nil
// *Game gives an error wrapping ErrInvalid.
//
// An empty value removes the tag. So does a value of PDN's seven tag
// roster set to the value the standard writes for "unknown" ("?" for
// Event, Site, Round, White and Black, "????.??.??" for Date): a Writer
// writes that value for a roster tag the game lacks, and ReadGame reads it
// back as no tag, so that a game written and read back has the same tags.
func (g *Game) SetTag(name, value string) error {
	if g == nil {
		return errNilGame
	}
	if err := g.checkSettable(name, value); err != nil {
		return err
	}
	if value == "" || isUnknownRosterValue(name, value) {
		g.tags = slices.DeleteFunc(g.tags, func(t Tag) bool { return t.Name == name })
		return nil
	}
	for i := range g.tags {
		if g.tags[i].Name == name {
			g.tags[i].Value = value
			return nil
		}
	}
	g.tags = insertTag(g.tags, Tag{name, value})
	return nil
}

// checkSettable returns the error SetTag gives for a tag it refuses.
func (g *Game) checkSettable(name, value string) error {
	if err := checkTag(name, value); err != nil {
		return err
	}
	switch name {
	case "FEN", "SetUp", "GameType", "Result":
		return &gameError{err: ErrInvalid, what: "invalid tag", msg: "the " + name + " tag is written from the game"}
	}
	return nil
}

// Tags returns the game's tags in the order a record writes them: those
// of the seven tag roster first, in the roster's order (Event, Site,
// Date, Round, White, Black), then the others in the order they were set
// or read. The slice is a copy.
func (g *Game) Tags() []Tag {
	if g == nil {
		return nil
	}
	return slices.Clone(g.tags)
}

// Notation returns the notation the game was read in (Algebraic for a game
// not read from a record).
func (g *Game) Notation() Notation {
	if g == nil {
		return Algebraic
	}
	return g.notation
}

// Clone returns a deep copy of the game: its tags, its tree of moves with
// every variation, setup and annotation, its recorded result, draw rules
// and notation. The two share nothing that either can change: playing,
// undoing, editing a node or setting a tag in one leaves the other as it
// was. The copy's nodes are its own (Node.Game returns the copy); the
// original's nodes stay the original's. Detached nodes are not part of
// the tree and are not copied. A nil *Game gives nil. Clone walks the tree
// without recursion, in time and memory in proportion to its nodes.
func (g *Game) Clone() *Game {
	if g == nil {
		return nil
	}
	g.init()
	c := &Game{
		started: g.started, forget: g.forget, tags: slices.Clone(g.tags),
		pos: g.pos, ply: g.ply, window: g.window, counts: maps.Clone(g.counts),
		recorded: g.recorded, notation: g.notation, rules: g.rules,
	}
	c.root = g.root.copyFor(c, nil)
	c.end = &c.root
	type pair struct{ from, to *Node }
	stack := []pair{{&g.root, &c.root}}
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if p.from == g.end {
			c.end = p.to
		}
		if len(p.from.children) == 0 {
			continue
		}
		kids := p.to.first[:1:1]
		if len(p.from.children) > 1 {
			kids = make([]*Node, len(p.from.children))
		}
		for i, k := range p.from.children {
			n := k.copyFor(c, p.to)
			kids[i] = &n
			stack = append(stack, pair{k, &n})
		}
		p.to.children = kids
	}
	return c
}

// copyFor returns a copy of n for game g, under parent, without children:
// its annotations copied, since a noteList is appended to in place.
func (n *Node) copyFor(g *Game, parent *Node) Node {
	c := Node{game: g, parent: parent, move: n.move, pos: n.pos, ply: n.ply, setup: n.setup}
	if x := n.notes; x != nil {
		c.notes = &nodeNotes{strength: x.strength, before: slices.Clone(x.before), after: slices.Clone(x.after), tail: slices.Clone(x.tail)}
	}
	return c
}
