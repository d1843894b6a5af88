package hexdame

import (
	"cmp"
	"errors"
	"math/rand/v2"
	"slices"
	"strconv"
)

// ErrGameOver is wrapped by the errors returned for a move played after the
// game has ended.
var ErrGameOver = errors.New("game over")

// ErrResultMismatch is wrapped by the errors returned when a result
// contradicts the rules (a draw recorded where a side has no legal move) or
// another result of the same record.
var ErrResultMismatch = errors.New("result does not match the game")

// ErrInvalidTag is wrapped by the errors returned for a tag that PDN cannot
// hold or that the game writes itself.
var ErrInvalidTag = errors.New("invalid tag")

// ErrInvalidResult is wrapped by the errors returned by ParseResult.
var ErrInvalidResult = errors.New("invalid result")

// A Result is the result of a game as PDN records it.
type Result uint8

const (
	NoResult      Result = iota // "*": the game goes on, or its result is unknown
	WhiteWins                   // "2-0"
	RedWins                     // "0-2"
	Draw                        // "1-1"
	DoubleForfeit               // "0-0": both players lose
)

var resultStrings = [...]string{"*", "2-0", "0-2", "1-1", "0-0"}

// String returns the result in PDN's International form: "2-0", "0-2",
// "1-1", "0-0" or "*" (and "" for an invalid Result).
func (r Result) String() string {
	if int(r) >= len(resultStrings) {
		return ""
	}
	return resultStrings[r]
}

// ParseResult reads a PDN result: the International form ("2-0", "0-2",
// "1-1", "0-0"), the default form ("1-0", "0-1", "1/2-1/2", also "½-½") or
// "*". Anything else gives NoResult and an error wrapping ErrInvalidResult.
func ParseResult(s string) (Result, error) {
	switch s {
	case "*":
		return NoResult, nil
	case "2-0", "1-0":
		return WhiteWins, nil
	case "0-2", "0-1":
		return RedWins, nil
	case "1-1", "1/2-1/2", "½-½":
		return Draw, nil
	case "0-0":
		return DoubleForfeit, nil
	}
	return NoResult, &resultError{s}
}

type resultError struct{ text string }

func (e *resultError) Error() string { return "hexdame: invalid result " + quoteClipped(e.text) }
func (e *resultError) Unwrap() error { return ErrInvalidResult }

// A Reason says why a game ended.
type Reason uint8

const (
	NotOver             Reason = iota // the game goes on
	NoLegalMove                       // the side to move had no legal move and lost
	ThreefoldRepetition               // the same position occurred for the third time: a draw
	Resignation                       // a win recorded while the loser could still move
	Agreement                         // a draw recorded before the rules ended the game
	Forfeit                           // a double forfeit recorded
)

var reasonStrings = [...]string{"not over", "no legal move", "threefold repetition", "resignation", "agreement", "forfeit"}

// String describes the reason in a few words.
func (r Reason) String() string {
	if int(r) >= len(reasonStrings) {
		return ""
	}
	return reasonStrings[r]
}

// An Outcome is how a game stands: its result and why.
type Outcome struct {
	Result Result `json:"result"`
	Reason Reason `json:"reason"`
}

// IsOver reports whether the game has ended.
func (o Outcome) IsOver() bool { return o.Reason != NotOver }

// Winner returns the winning color; ok is false for a game that is drawn,
// forfeited by both, or not over.
func (o Outcome) Winner() (c Color, ok bool) {
	switch o.Result {
	case WhiteWins:
		return White, true
	case RedWins:
		return Red, true
	}
	return White, false
}

// String describes the outcome, such as "2-0 (no legal move)".
func (o Outcome) String() string {
	if !o.IsOver() {
		return "*"
	}
	return o.Result.String() + " (" + o.Reason.String() + ")"
}

// A Game is a game of HexDame: its start position, the moves played, its
// PDN tags and its result. Unlike Position, a Game changes as moves are
// played; it is not safe for use by several goroutines at once.
//
// The zero Game is a game from the start position with no moves played,
// ready to use; NewGameFrom starts a game from another position.
//
// A Game tracks repetitions: the game is drawn when the same position (the
// same pieces on the same cells and the same side to move) occurs for the
// third time. It counts, in constant time per move, only the positions
// since the last capture or man move, since no earlier position can recur.
// It keeps the moves of the game, not its positions: a Game uses 24 bytes
// per move, and 32 or so per position since the last capture or man move.
type Game struct {
	started  bool
	tags     []Tag
	start    Position // the position the game started from
	pos      Position // the current position
	moves    []Move
	taken    []uint64    // taken[i]: the pieces moves[i] captured that were kings
	setups   []gameSetup // the setups of a game read from a record, in order
	window   int         // the first position (by ply) that the current one can repeat
	counts   map[packedPosition]int32
	recorded Result // a result set by SetResult or read from a record
	notation Notation
	ply      int  // moves played
	forget   bool // keep no moves (Reader.CheckGame): the game cannot be undone or written

	// Set when the game was read from a record: its movetext, with the
	// main line's moves resolved, and the index in it of each main-line
	// move.
	body      []Element
	bodyIndex []int
}

// A gameSetup is a setup in the movetext of a game read from a record: it
// replaced the position before after ply moves.
type gameSetup struct {
	ply           int
	before, after Position
}

// packedPosition is a Position in 24 bytes: each side's pieces and the
// kings in the Cell numbering, the side to move in the kings' top bit.
type packedPosition [3]uint64

func (p *Position) pack() packedPosition {
	return packedPosition{p.pieces[0][White], p.pieces[0][Red], p.kings[0] | uint64(p.side&1)<<63}
}

// NewGame returns a game from the start position.
func NewGame() *Game { return NewGameFrom(StartPosition()) }

// NewGameFrom returns a game that starts from position p.
func NewGameFrom(p Position) *Game {
	g := &Game{}
	g.begin(p)
	return g
}

// begin starts the game from position p.
func (g *Game) begin(p Position) {
	g.started = true
	g.start, g.pos = p, p
	g.counts = map[packedPosition]int32{p.pack(): 1}
}

// init makes a zero Game a game from the start position.
func (g *Game) init() {
	if !g.started {
		g.begin(StartPosition())
	}
}

// reset makes p the current position: the start of the game before any
// move, or a setup that replaces the current position of a game read from
// a record.
func (g *Game) reset(p Position) {
	g.init()
	if g.ply == 0 {
		g.setups = g.setups[:0]
		g.begin(p)
		return
	}
	if !g.forget {
		g.setups = append(g.setups, gameSetup{ply: g.ply, before: g.pos, after: p})
	}
	g.pos = p
	g.window = g.ply
	clear(g.counts)
	g.counts[p.pack()] = 1
}

// StartPosition returns the position the game started from.
func (g *Game) StartPosition() Position {
	g.init()
	return g.start
}

// Position returns the current position.
func (g *Game) Position() Position {
	g.init()
	return g.pos
}

// Moves returns the moves played, in order. The slice is a copy.
func (g *Game) Moves() []Move { return slices.Clone(g.moves) }

// Positions returns the positions of the game: the start position, then the
// position after each move. The slice is a new one, computed by playing the
// moves again.
func (g *Game) Positions() []Position {
	g.init()
	out := make([]Position, 0, len(g.moves)+1)
	p, setups := g.start, g.setups
	for i := 0; ; i++ {
		for len(setups) > 0 && setups[0].ply == i {
			p, setups = setups[0].after, setups[1:]
		}
		out = append(out, p)
		if i == len(g.moves) {
			return out
		}
		p = p.play(g.moves[i])
	}
}

// Ply returns the number of moves played.
func (g *Game) Ply() int { return g.ply }

// Repetitions returns how many times the current position has occurred in
// the game (1 the first time); the third occurrence draws.
func (g *Game) Repetitions() int {
	g.init()
	return int(g.counts[g.pos.pack()])
}

// Outcome returns how the game stands. The rules come first: a side to move
// with no legal move has lost, and a third occurrence of a position is a
// draw. Otherwise a result set with SetResult (or read from a record) ends
// the game by resignation, agreement or forfeit.
func (g *Game) Outcome() Outcome {
	g.init()
	return outcome(&g.pos, g.Repetitions(), g.recorded)
}

// outcome is how a game stands in position p, which has occurred reps
// times, with the result recorded.
func outcome(p *Position, reps int, recorded Result) Outcome {
	if !p.HasLegalMoves() {
		if p.SideToMove() == White {
			return Outcome{RedWins, NoLegalMove}
		}
		return Outcome{WhiteWins, NoLegalMove}
	}
	if reps >= 3 {
		return Outcome{Draw, ThreefoldRepetition}
	}
	switch recorded {
	case WhiteWins, RedWins:
		return Outcome{recorded, Resignation}
	case Draw:
		return Outcome{Draw, Agreement}
	case DoubleForfeit:
		return Outcome{DoubleForfeit, Forfeit}
	}
	return Outcome{NoResult, NotOver}
}

// SetResult records a result decided by the players: a resignation, a draw
// by agreement, a forfeit; NoResult clears it. It returns an error wrapping
// ErrResultMismatch when the rules have already ended the game with another
// result, and one wrapping ErrInvalidResult for a Result that is none of
// the constants.
func (g *Game) SetResult(r Result) error {
	if r > DoubleForfeit {
		return &resultError{strconv.Itoa(int(r))}
	}
	g.init()
	if o := outcome(&g.pos, g.Repetitions(), NoResult); o.IsOver() && r != NoResult && r != o.Result {
		return &gameError{err: ErrResultMismatch, msg: "the game ended " + o.String() + ", not " + r.String()}
	}
	g.recorded = r
	return nil
}

type gameError struct {
	err error
	msg string
}

func (e *gameError) Error() string { return "hexdame: " + e.err.Error() + ": " + e.msg }
func (e *gameError) Unwrap() error { return e.err }

// Play plays move m. It returns an error wrapping ErrGameOver when the game
// has ended, or the *MoveError of Position.Play when m is not legal; the
// game is then unchanged.
func (g *Game) Play(m Move) error {
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

// push appends a legal move and the position it leads to.
func (g *Game) push(m Move, next Position) {
	if !g.forget {
		g.moves = append(g.moves, m)
		g.taken = append(g.taken, m.captured&g.pos.kings[0])
	}
	g.ply++
	g.pos = next
	if m.IsCapture() || !m.ByKing() {
		// A capture or a man move: no earlier position can recur.
		clear(g.counts)
		g.window = g.ply
	}
	g.counts[next.pack()]++
}

// Undo takes back the last move and reports whether there was one. Undoing
// a move also drops a recorded result and, for a game read from a record,
// the movetext from that move on (a setup after it included).
func (g *Game) Undo() bool {
	n := len(g.moves)
	if n == 0 {
		return false
	}
	recount := g.window >= n // the undone position began the window
	for len(g.setups) > 0 && g.setups[len(g.setups)-1].ply == n {
		g.pos = g.setups[len(g.setups)-1].before
		g.setups = g.setups[:len(g.setups)-1]
		recount = true
	}
	last := g.pos
	g.pos = g.pos.unapply(g.moves[n-1], g.taken[n-1])
	g.moves, g.taken = g.moves[:n-1], g.taken[:n-1]
	g.ply--
	if recount {
		g.recount()
	} else if key := last.pack(); g.counts[key] > 1 {
		g.counts[key]--
	} else {
		delete(g.counts, key)
	}
	g.recorded = NoResult
	if n-1 < len(g.bodyIndex) {
		g.body = g.body[:g.bodyIndex[n-1]]
		g.bodyIndex = g.bodyIndex[:n-1]
	}
	return true
}

// recount counts the positions that the current one can repeat again,
// going back from it to the last capture, man move or setup.
func (g *Game) recount() {
	clear(g.counts)
	p := g.pos
	g.counts[p.pack()] = 1
	i := len(g.moves)
	for i > 0 && g.moves[i-1].ByKing() && !g.moves[i-1].IsCapture() &&
		(len(g.setups) == 0 || g.setups[len(g.setups)-1].ply != i) {
		p = p.unapply(g.moves[i-1], 0)
		g.counts[p.pack()]++
		i--
	}
	g.window = i
}

// Tag returns the value of the game's tag with the given name.
func (g *Game) Tag(name string) (value string, ok bool) {
	for _, t := range g.tags {
		if t.Name == name {
			return t.Value, true
		}
	}
	return "", false
}

// SetTag sets a PDN tag of the game, such as "Event" or "White" (the Red
// player is the "Black" tag). A name is a letter followed by letters,
// digits and underscores, and a value is UTF-8 text; other names and
// values give an error wrapping ErrInvalidTag, as do the FEN, SetUp,
// GameType and Result tags, which are written from the game itself.
func (g *Game) SetTag(name, value string) error {
	if err := checkTag(name, value); err != nil {
		return err
	}
	switch name {
	case "FEN", "SetUp", "GameType", "Result":
		return &gameError{err: ErrInvalidTag, msg: "the " + name + " tag is written from the game"}
	}
	for i := range g.tags {
		if g.tags[i].Name == name {
			g.tags[i].Value = value
			return nil
		}
	}
	g.tags = append(g.tags, Tag{name, value})
	return nil
}

// checkTag returns an error wrapping ErrInvalidTag when a tag pair cannot
// be written as PDN that reads back the same.
func checkTag(name, value string) error {
	if what := tagProblem(name, value); what != "" {
		return &gameError{err: ErrInvalidTag, msg: what}
	}
	return nil
}

// Tags returns the game's tags in order. The slice is a copy.
func (g *Game) Tags() []Tag { return slices.Clone(g.tags) }

// Notation returns the notation the game was read in (Algebraic for a game
// not read from a record).
func (g *Game) Notation() Notation { return g.notation }

// RandomGame plays a game of uniformly random legal moves, drawn from rng,
// until the rules end it or maxPlies moves are played; a game still
// undecided then is drawn by agreement. It is meant for tests and
// demonstrations. The same rng state gives the same game in every version
// of the package: the moves are drawn from the legal moves in a fixed
// order (by start cell, end cell and captured pieces, in Cell order).
func RandomGame(rng *rand.Rand, maxPlies int) *Game {
	g := NewGame()
	var buf []Move
	for g.Ply() < maxPlies && !g.Outcome().IsOver() {
		buf = g.pos.AppendLegalMoves(buf[:0])
		slices.SortFunc(buf, compareMoves)
		m := buf[rng.IntN(len(buf))]
		g.push(m, g.pos.play(m))
	}
	if !g.Outcome().IsOver() {
		g.recorded = Draw
	}
	return g
}

// compareMoves orders moves by start cell, end cell and captured pieces,
// in Cell order.
func compareMoves(a, b Move) int {
	if c := cmp.Compare(a.from, b.from); c != 0 {
		return c
	}
	if c := cmp.Compare(a.to, b.to); c != 0 {
		return c
	}
	return cmp.Compare(a.captured, b.captured)
}
