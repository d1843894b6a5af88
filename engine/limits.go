package engine

import (
	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/hub"
)

// Limits bound a search: package hub's Limits, the limits of the Hub
// protocol's level line, with their time budget (hub.Limits.Budget). A
// search ends at the first limit reached, or when its context ends; with
// no limit it goes on until the context ends or it has searched MaxDepth
// plies: so it does with the zero Limits, and with Infinite, whatever the
// other fields. With a limit it also ends early when the result cannot
// change: a win or loss proven to its end, or, with a time limit, a
// single legal move.
//
// A search never takes longer than the hard budget. It spends the whole
// of a move time (MoveTime: the time for this move); with a clock (Clock
// the time the side to move has left, Increment what it gains after each
// move, MovesToGo the moves before the clock gets more time) it starts no
// depth after half of the soft budget. Depth is the deepest iteration, in
// plies (at most MaxDepth), and Nodes about the most positions to visit
// (over all threads).
//
// A zero field sets no limit. A limit that leaves nothing is still a
// limit, never the absence of one: a negative MoveTime, Depth, Nodes or
// Clock, a clock of a few nanoseconds, or a clock with only its Increment
// (Clock 0) makes the search answer at once, with the best move of what it
// searched in about a millisecond or to depth 1.
type Limits = hub.Limits

// applied returns the limits a search applies: none for Infinite, and
// the least limit, depth 1 or one node, for a negative Depth or Nodes.
func applied(l Limits) Limits {
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
func timed(l Limits) bool {
	return l.MoveTime != 0 || l.HasClock()
}

// unlimited reports whether l, applied, sets no limit.
func unlimited(l Limits) bool {
	return l.Depth == 0 && l.Nodes == 0 && !timed(l)
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
	// Limits bound the search.
	Limits Limits
	// MultiPV is the number of best moves to search with exact scores,
	// for analysis: 0 or 1 for the best only, at most MaxMultiPV.
	MultiPV int
	// Progress, when not nil, is called by the search's goroutine after
	// each completed depth with the analysis so far. (SearchSeq gives the
	// same as an iterator.)
	Progress func(Analysis)
}
