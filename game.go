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

func (e *resultError) Error() string { return "hexdame: invalid result " + strconv.Quote(e.text) }
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
	Result Result
	Reason Reason
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

// A Game is a game of HexDame: its start position, the moves played, the
// positions reached, its PDN tags and its result. Unlike Position, a Game
// changes as moves are played; it is not safe for use by several goroutines
// at once.
//
// A Game tracks repetitions: the game is drawn when the same position (the
// same pieces on the same cells and the same side to move) occurs for the
// third time. It counts, in constant time per move, only the positions
// since the last capture or man move, since no earlier position can recur.
type Game struct {
	tags      []Tag
	positions []Position // positions[i] is the position before move i; the last is the current one
	moves     []Move
	window    []int              // window[i]: index of the first position that positions[i] can repeat
	counts    map[Position]int32 // occurrences of the positions in the current window
	recorded  Result             // a result set by SetResult or read from a record
	notation  Notation

	// Set when the game was read from a record: its movetext, with the
	// main line's moves resolved, and the index in it of each main-line
	// move.
	body      []Element
	bodyIndex []int
}

// NewGame returns a game from the start position.
func NewGame() *Game { return NewGameFrom(StartPosition()) }

// NewGameFrom returns a game that starts from position p.
func NewGameFrom(p Position) *Game {
	g := &Game{counts: make(map[Position]int32)}
	g.reset(p)
	return g
}

// reset makes p the current position: the start of a new game, or a
// setup that replaces the current position of a game read from a record.
func (g *Game) reset(p Position) {
	if len(g.positions) == 0 {
		g.positions = append(g.positions, p)
		g.window = append(g.window, 0)
	} else {
		g.positions[len(g.positions)-1] = p
		g.window[len(g.window)-1] = len(g.positions) - 1
	}
	clear(g.counts)
	g.counts[p] = 1
}

// StartPosition returns the position the game started from.
func (g *Game) StartPosition() Position { return g.positions[0] }

// Position returns the current position.
func (g *Game) Position() Position { return g.positions[len(g.positions)-1] }

// Moves returns the moves played, in order. The slice is a copy.
func (g *Game) Moves() []Move { return append([]Move(nil), g.moves...) }

// Positions returns the positions of the game: the start position, then the
// position after each move. The slice is a copy.
func (g *Game) Positions() []Position { return append([]Position(nil), g.positions...) }

// Ply returns the number of moves played.
func (g *Game) Ply() int { return len(g.moves) }

// Repetitions returns how many times the current position has occurred in
// the game (1 the first time); the third occurrence draws.
func (g *Game) Repetitions() int { return int(g.counts[g.Position()]) }

// Outcome returns how the game stands. The rules come first: a side to move
// with no legal move has lost, and a third occurrence of a position is a
// draw. Otherwise a result set with SetResult (or read from a record) ends
// the game by resignation, agreement or forfeit.
func (g *Game) Outcome() Outcome {
	p := g.Position()
	if !p.HasLegalMoves() {
		if p.SideToMove() == White {
			return Outcome{RedWins, NoLegalMove}
		}
		return Outcome{WhiteWins, NoLegalMove}
	}
	if g.Repetitions() >= 3 {
		return Outcome{Draw, ThreefoldRepetition}
	}
	switch g.recorded {
	case WhiteWins, RedWins:
		return Outcome{g.recorded, Resignation}
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
// result.
func (g *Game) SetResult(r Result) error {
	if r > DoubleForfeit {
		return &resultError{strconv.Itoa(int(r))}
	}
	saved := g.recorded
	g.recorded = NoResult
	if o := g.Outcome(); o.IsOver() && r != NoResult && r != o.Result {
		g.recorded = saved
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
	next, err := g.Position().Play(m)
	if err != nil {
		return err
	}
	g.push(m, next)
	return nil
}

// PlayText reads a move with Position.ParseMove and plays it.
func (g *Game) PlayText(s string) (Move, error) {
	if o := g.Outcome(); o.IsOver() {
		return Move{}, &gameError{err: ErrGameOver, msg: "the game ended " + o.String()}
	}
	m, err := g.Position().ParseMove(s)
	if err != nil {
		return Move{}, err
	}
	g.push(m, g.Position().play(m))
	return m, nil
}

// push appends a legal move and the position it leads to.
func (g *Game) push(m Move, next Position) {
	g.moves = append(g.moves, m)
	if m.IsCapture() || !m.ByKing() {
		// A capture or a man move: no earlier position can recur.
		g.positions = append(g.positions, next)
		clear(g.counts)
		g.window = append(g.window, len(g.positions)-1)
	} else {
		g.positions = append(g.positions, next)
		g.window = append(g.window, g.window[len(g.window)-1])
	}
	g.counts[next]++
}

// Undo takes back the last move and reports whether there was one. Undoing
// a move also drops a recorded result, and, for a game read from a record,
// the movetext from that move on.
func (g *Game) Undo() bool {
	n := len(g.moves)
	if n == 0 {
		return false
	}
	last := g.positions[n]
	g.moves = g.moves[:n-1]
	g.positions = g.positions[:n]
	start := g.window[n-1]
	if g.window[n] != start {
		// The undone move began a new window: count the old one again.
		clear(g.counts)
		for _, p := range g.positions[start:] {
			g.counts[p]++
		}
	} else if g.counts[last]--; g.counts[last] == 0 {
		delete(g.counts, last)
	}
	g.window = g.window[:n]
	g.recorded = NoResult
	if n-1 < len(g.bodyIndex) {
		g.body = g.body[:g.bodyIndex[n-1]]
		g.bodyIndex = g.bodyIndex[:n-1]
	}
	return true
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
// player is the "Black" tag). The FEN, SetUp, GameType and Result tags are
// written from the game itself and cannot be set.
func (g *Game) SetTag(name, value string) {
	switch name {
	case "FEN", "SetUp", "GameType", "Result":
		return
	}
	for i := range g.tags {
		if g.tags[i].Name == name {
			g.tags[i].Value = value
			return
		}
	}
	g.tags = append(g.tags, Tag{name, value})
}

// Tags returns the game's tags in order. The slice is a copy.
func (g *Game) Tags() []Tag { return append([]Tag(nil), g.tags...) }

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
		buf = g.Position().AppendLegalMoves(buf[:0])
		slices.SortFunc(buf, compareMoves)
		m := buf[rng.IntN(len(buf))]
		g.push(m, g.Position().play(m))
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
