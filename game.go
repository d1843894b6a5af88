package hexdame

import (
	"encoding/json"
	"errors"
	"iter"
	"maps"
	"math/rand/v2"
	"slices"
	"strconv"
)

// ErrResultMismatch is wrapped by the errors returned when a result
// contradicts the rules (a draw recorded where a side has no legal move) or
// another result of the same record.
var ErrResultMismatch = errors.New("result does not match the game")

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

// ErrNilGame is wrapped by the errors that the methods of a nil *Game
// return for a change: a nil *Game reads as a game from the start
// position with no moves, and cannot be changed.
var ErrNilGame = errors.New("nil *Game")

var errNilGame = &gameError{err: ErrNilGame, msg: "the method was called on a nil *Game"}

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

// InitialPosition returns the position the game started from: the
// root's (StartPosition for a nil *Game).
func (g *Game) InitialPosition() Position {
	if g == nil {
		return StartPosition()
	}
	g.init()
	return g.root.Position()
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

// Positions returns the positions of the main line: the start position,
// then the position after each move (a setup's own position is not
// listed). A nil *Game gives the start position alone.
func (g *Game) Positions() []Position {
	if g == nil {
		return []Position{StartPosition()}
	}
	g.init()
	out := make([]Position, 1, g.ply+1)
	out[0] = g.root.Position()
	for n := range g.root.mainLine() {
		if !n.setup {
			out = append(out, n.Position())
		}
	}
	return out
}

// A PlayedMove is one move of a game's main line with the positions
// around it.
type PlayedMove struct {
	Ply    int      `json:"ply"`    // the move's number in the game: 1 for the first move
	Move   Move     `json:"move"`   // the move
	Before Position `json:"before"` // the position it was played in
	After  Position `json:"after"`  // the position it led to
}

// PlayedMoves returns an iterator over the moves of the main line in
// order, each with the positions before and after it (none for a nil
// *Game).
func (g *Game) PlayedMoves() iter.Seq[PlayedMove] {
	return func(yield func(PlayedMove) bool) {
		if g == nil {
			return
		}
		g.init()
		for n := range g.root.mainLine() {
			if !n.setup && !yield(PlayedMove{Ply: n.ply, Move: n.move, Before: n.Before(), After: n.Position()}) {
				return
			}
		}
	}
}

// Ply returns the number of moves of the main line (0 for a nil *Game).
func (g *Game) Ply() int {
	if g == nil {
		return 0
	}
	g.init()
	return g.ply
}

// Repetitions returns how many times the current position has occurred in
// the game (1 the first time); the third occurrence draws.
func (g *Game) Repetitions() int {
	if g == nil {
		return 1
	}
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
	return rulesOutcome(&g.pos, g.Repetitions(), g.ply-g.window, g.rules)
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
// with another result, one wrapping ErrInvalidResult for a Result that is
// none of the constants, and one wrapping ErrNilGame for a nil *Game.
func (g *Game) SetResult(r Result) error {
	if r > BothLose {
		_, err := r.AppendText(nil)
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
// Position.Play when m is not legal, and an error wrapping ErrNilGame for
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

// PlayText reads a move with Position.ParseMove and plays it. It returns
// the move, or an error as Play does or as ParseMove does.
func (g *Game) PlayText(s string) (Move, error) {
	if g == nil {
		return Move{}, errNilGame
	}
	if o := g.Outcome(); o.IsOver() {
		return Move{}, &gameError{err: ErrGameOver, msg: "the game ended " + o.String()}
	}
	m, err := g.pos.ParseMove(s)
	if err != nil {
		return Move{}, err
	}
	g.push(m, g.pos.play(m))
	return m, nil
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
// from the game (its Notation, InitialPosition and Outcome), so Tag
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
// and values give an error wrapping ErrInvalidTag, as do the FEN, SetUp,
// GameType and Result tags, which are written from the game itself. A nil
// *Game gives an error wrapping ErrNilGame.
//
// A tag of PDN's seven tag roster set to the value the standard writes
// for "unknown" ("?" for Event, Site, Round, White and Black,
// "????.??.??" for Date) is removed instead: a Writer writes that value
// for a roster tag the game lacks, and ReadGame reads it back as no tag,
// so that a game written and read back has the same tags.
func (g *Game) SetTag(name, value string) error {
	if g == nil {
		return errNilGame
	}
	if err := g.checkSettable(name, value); err != nil {
		return err
	}
	if isUnknownRosterValue(name, value) {
		g.RemoveTag(name)
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
		return &gameError{err: ErrInvalidTag, msg: "the " + name + " tag is written from the game"}
	}
	return nil
}

// RemoveTag removes the game's tag with the given name and reports
// whether it had one.
func (g *Game) RemoveTag(name string) bool {
	if g == nil {
		return false
	}
	i := slices.IndexFunc(g.tags, func(t Tag) bool { return t.Name == name })
	if i < 0 {
		return false
	}
	g.tags = slices.Delete(g.tags, i, i+1)
	return true
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

// SetNotation sets the notation the game is written in by default (see
// Game.Notation). A Notation that is neither Algebraic nor Numeric gives
// an error wrapping ErrInvalidNotation; a nil *Game one wrapping
// ErrNilGame.
func (g *Game) SetNotation(n Notation) error {
	if _, err := n.AppendText(nil); err != nil {
		return err
	}
	if g == nil {
		return errNilGame
	}
	g.notation = n
	return nil
}

// RandomGame plays a game of random legal moves, drawn with
// Position.RandomMove from rng (nil: math/rand/v2's top-level source),
// until the rules end it or maxPlies moves are played; a game still
// undecided then is drawn by agreement. It is meant for tests and
// demonstrations. The same rng state gives the same game in every version
// of the package.
func RandomGame(rng *rand.Rand, maxPlies int) *Game {
	g := NewGame()
	for g.ply < maxPlies && !g.Outcome().IsOver() {
		m, _ := g.pos.RandomMove(rng)
		g.push(m, g.pos.play(m))
	}
	if !g.Outcome().IsOver() {
		g.recorded = Draw
	}
	return g
}

// gameForm is the form of a Game's JSON that the errors of UnmarshalJSON
// give.
const gameForm = `an object such as {"tags":[{"name":"Event","value":"Club"}],"start":FEN,"notation":"algebraic","moves":[{"from":"d4","to":"e5"},{"setup":FEN}],"result":"*"}`

// plyForm is the form of a move of a Game's JSON, or of a setup, that the
// errors of UnmarshalJSON give.
const plyForm = `an object such as {"from":"c3","to":"g5","captured":["d4","f5"]}, or {"setup":FEN} for a setup`

// gameJSON is the JSON form of a Game.
type gameJSON struct {
	Tags      []Tag      `json:"tags"`
	Start     *Position  `json:"start"`
	Notation  Notation   `json:"notation"`
	Moves     []plyJSON  `json:"moves"`
	Result    Result     `json:"result"`
	Outcome   *Outcome   `json:"outcome,omitempty"`
	DrawRules *DrawRules `json:"drawRules,omitempty"`
}

// plyJSON is a move of the main line, or a setup in it.
type plyJSON struct {
	Move  Move
	Setup *Position
}

func (p plyJSON) MarshalJSON() ([]byte, error) {
	if p.Setup != nil {
		return json.Marshal(struct {
			Setup *Position `json:"setup"`
		}{p.Setup})
	}
	return p.Move.MarshalJSON()
}

func (p *plyJSON) UnmarshalJSON(data []byte) error {
	var s struct {
		Setup json.RawMessage `json:"setup"`
	}
	if json.Unmarshal(data, &s) == nil && s.Setup != nil {
		// An object with a "setup": its FEN.
		var pos Position
		if string(s.Setup) == "null" {
			return &valueError{kind: "setup", text: "null, where a setup is a FEN string", err: ErrInvalidFEN}
		}
		if err := decodeJSON(s.Setup, &pos, "setup", "a FEN string", ErrInvalidFEN); err != nil {
			return err
		}
		p.Setup = &pos
		return nil
	}
	if string(data) == "null" {
		return &valueError{kind: "move", text: "null, where a move is " + plyForm, err: ErrMoveSyntax}
	}
	return p.Move.unmarshalJSON(data, plyForm)
}

// MarshalJSON implements json.Marshaler. A game is an object with its
// tags, its start position (FEN), the notation it was read in, the moves
// of its main line (each as a Move marshals, or {"setup": FEN} for a
// setup), the result the players recorded (SetResult), its outcome and,
// when set, its draw rules:
//
//	{"tags":[{"name":"Event","value":"Club"}],"start":"W:W...:B...","notation":"algebraic",
//	 "moves":[{"from":"d4","to":"e5","captured":[]}],"result":"*","outcome":{"result":"*","reason":"not over"}}
//
// Variations and annotations are not part of it: PDN keeps them. A nil
// *Game marshals as null.
func (g *Game) MarshalJSON() ([]byte, error) {
	if g == nil {
		return []byte("null"), nil
	}
	g.init()
	start := g.root.Position()
	o := g.Outcome()
	j := gameJSON{Tags: g.tags, Start: &start, Notation: g.notation, Moves: []plyJSON{}, Result: g.recorded, Outcome: &o}
	if j.Tags == nil {
		j.Tags = []Tag{}
	}
	for n := range g.root.mainLine() {
		if n.setup {
			p := n.Position()
			j.Moves = append(j.Moves, plyJSON{Setup: &p})
		} else {
			j.Moves = append(j.Moves, plyJSON{Move: n.move})
		}
	}
	if g.rules != (DrawRules{}) {
		j.DrawRules = &g.rules
	}
	return json.Marshal(j)
}

// UnmarshalJSON implements json.Unmarshaler: it replaces the game with the
// one MarshalJSON wrote, playing its moves from the start position. Every
// member may be left out: without "start" the game starts from
// StartPosition, as the zero Game does, and {} is a new game. JSON of
// another shape (an array, a "moves" member that is a string) gives an
// error that says the form of a game's JSON. A move that
// is not legal where it stands gives the error Play gives, wrapped with
// the move's number; a start position or setup that no game reaches (see
// Position.CheckReachable) an error wrapping ErrUnreachable, as in a PDN
// record; a tag that SetTag refuses the error it gives. Tags
// are kept as SetTag keeps them (a tag given twice keeps its last value,
// a roster tag holding the value for unknown is left out, the roster's
// tags come first); the outcome written is not read (the
// moves decide it). On error the game is unchanged. Nodes of the game's
// old tree are detached from it (see Node).
func (g *Game) UnmarshalJSON(data []byte) error {
	if g == nil {
		return errNilGame
	}
	var j gameJSON
	if err := decodeJSON(data, &j, "game", gameForm, nil); err != nil {
		return err
	}
	start := StartPosition()
	if j.Start != nil {
		start = *j.Start
	}
	if err := start.CheckReachable(); err != nil {
		return &contextError{context: "the game's start position", err: err}
	}
	var ng Game
	ng.begin(start)
	ng.notation = j.Notation
	if j.DrawRules != nil {
		ng.rules = *j.DrawRules
	}
	for i, p := range j.Moves {
		if p.Setup != nil {
			if err := p.Setup.CheckReachable(); err != nil {
				return &contextError{context: "the setup at move " + strconv.Itoa(i+1) + " of the game's JSON", err: err}
			}
			ng.reset(*p.Setup)
			continue
		}
		if err := ng.Play(p.Move); err != nil {
			return &contextError{context: "move " + strconv.Itoa(i+1) + " of the game's JSON", err: err}
		}
	}
	for _, t := range j.Tags {
		if err := ng.checkSettable(t.Name, t.Value); err != nil {
			return err
		}
	}
	ng.tags = gameTags(j.Tags, true)
	if err := ng.SetResult(j.Result); err != nil {
		return err
	}
	g.detachTree()
	*g = ng
	g.fixOwner()
	return nil
}

// A contextError says where an error happened.
type contextError struct {
	context string
	err     error
}

func (e *contextError) Error() string {
	return e.context + ": " + e.err.Error()
}

func (e *contextError) Unwrap() error { return e.err }

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

// fixOwner points the tree's nodes at g, after g was copied from another
// Game value: the root is part of the Game, so its children's parent, and
// every node's game, must be set again. It walks the tree without
// recursion, as a main line may be a million moves long.
func (g *Game) fixOwner() {
	g.root.parent = nil
	if len(g.root.children) == 1 {
		g.root.first[0] = g.root.children[0]
		g.root.children = g.root.first[:1:1]
	}
	stack := []*Node{&g.root}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		n.game = g
		for _, c := range n.children {
			c.parent = n
			stack = append(stack, c)
		}
	}
	g.end = &g.root
	for len(g.end.children) > 0 {
		g.end = g.end.children[0]
	}
}

// detachTree detaches every node of the game's tree but the root, which
// belongs to the Game.
func (g *Game) detachTree() {
	for _, c := range g.root.children {
		c.detach()
	}
}
