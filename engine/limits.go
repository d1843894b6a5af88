package engine

import (
	"math"
	"time"

	"github.com/hexdame/hexdame"
)

// Limits bound a search. A search ends at the first limit reached, or when
// its context ends; with no limit it goes on until the context ends or it
// has searched MaxDepth plies: so it does with the zero Limits, and with
// Infinite, whatever the other fields. With a limit it also ends early
// when the result cannot change: a win or loss proven to its end, or,
// with a time limit, a single legal move.
//
// A zero field sets no limit. A limit that leaves nothing is still a
// limit, never the absence of one: a negative MoveTime, Depth, Nodes or
// Clock, a clock of a few nanoseconds, or a clock with only its Increment
// (Clock 0) makes the search answer at once, with the best move of what it
// searched in about a millisecond or to depth 1.
//
// Limits has the fields of package hub's Limits, in the same order, so
// that each converts to the other without loss: engine.Limits(l) for the
// limits l of a Hub search.
type Limits struct {
	// MoveTime is the time for this move.
	MoveTime time.Duration
	// Depth is the deepest iteration, in plies (at most MaxDepth).
	Depth int
	// Nodes is about the most positions to visit (over all threads).
	Nodes int64
	// Infinite searches until the context ends, ignoring the other
	// fields.
	Infinite bool
	// Clock is the time the side to move has left for the game, and
	// Increment what it gains after each move; the engine spends a part
	// of it. MovesToGo, when positive, is the number of moves before the
	// clock gets more time (0: the game goes on with the increment only).
	// With Clock and Increment both 0 there is no clock.
	Clock     time.Duration
	Increment time.Duration
	MovesToGo int
}

// applied returns the limits a search applies: none for Infinite, and
// the least limit, depth 1 or one node, for a negative Depth or Nodes.
func (l Limits) applied() Limits {
	if l.Infinite {
		return Limits{}
	}
	if l.Depth < 0 {
		l.Depth = 1
	}
	if l.Nodes < 0 {
		l.Nodes = 1
	}
	return l
}

// timed reports whether l limits the time: a move time or a clock.
func (l Limits) timed() bool {
	return l.MoveTime != 0 || l.hasClock()
}

// hasClock reports whether l holds a clock, even one without time left.
func (l Limits) hasClock() bool {
	return l.Clock != 0 || l.Increment > 0
}

// unlimited reports whether l, applied, sets no limit.
func (l Limits) unlimited() bool {
	return l.Depth == 0 && l.Nodes == 0 && !l.timed()
}

// SearchOptions say what a search takes besides the position.
type SearchOptions struct {
	// History holds the positions of the game before the one searched,
	// oldest first (the searched one excluded), so that the search sees
	// repetitions: a position met for the third time is a draw. Only the
	// positions since the last capture or man move matter: the search
	// goes back from the searched position as long as each position
	// follows the one before it by a reversible move
	// (hexdame.Position.IsReversible); a position that does not, by any
	// legal move, ends the history there.
	History []hexdame.Position
	Limits
	// MultiPV is the number of best moves to search with exact scores,
	// for analysis: 0 or 1 for the best only, at most MaxMultiPV.
	MultiPV int
	// Progress, when not nil, is called by the search's goroutine after
	// each completed depth with the result so far. (SearchSeq gives the
	// same results as an iterator.)
	Progress func(SearchResult)
}

// timeBudget returns the time a search means to spend (soft: it starts no
// depth after half of it, zero for no such bound) and the time it must
// not exceed (hard, zero for none). A time limit gives a hard limit of at
// least a millisecond, however little time it leaves.
func timeBudget(l Limits) (soft, hard time.Duration) {
	if !l.timed() {
		return 0, 0
	}
	hard = math.MaxInt64
	if l.MoveTime != 0 {
		hard = max(l.MoveTime, 0)
	}
	if l.hasClock() {
		movesLeft := time.Duration(30)
		if l.MovesToGo > 0 {
			movesLeft = time.Duration(min(l.MovesToGo, 30))
		}
		clock, inc := max(l.Clock, 0), max(l.Increment, 0)
		margin := min(clock/20, 50*time.Millisecond)
		left := clock - margin
		base := left/movesLeft + inc*3/4
		soft = min(base, left)
		hard = min(hard, base*4, left/3+inc*3/4, left)
	}
	return soft, max(hard, time.Millisecond)
}
