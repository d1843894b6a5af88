package hexdame

import (
	"math"
	"strconv"
)

// This file holds the work limit of the capture search, for servers:
// ErrWorkLimit, and the limit that capture and path searches spend. A
// program sets one on one generation (Position.AppendLegalMovesWithin, in
// legal.go) or on all the replays of one PDN stream (Reader.WorkLimit).
// Work is counted in states: a state is a cell that a capturing piece
// reaches with the set of pieces it has captured on the way.

// A workLimitError reports a position whose capture search went past a
// work limit. It wraps ErrWorkLimit.
type workLimitError struct {
	pos    Position
	limit  int64 // the limit: of the search, or the Reader's WorkLimit
	reader bool
}

func (e *workLimitError) Error() string {
	b := append([]byte(ErrWorkLimit.Error()), ": the capture search of "...)
	b = e.pos.appendFEN(b, Algebraic)
	if e.reader {
		b = append(b, " takes the Reader past its WorkLimit of "...)
	} else {
		b = append(b, " visits more than "...)
	}
	b = strconv.AppendInt(b, e.limit, 10)
	return string(append(b, " states"...))
}

func (e *workLimitError) Unwrap() error { return ErrWorkLimit }

// A workLimit is a limit on the states that capture searches and path
// searches may visit together (a Reader's WorkLimit), and what they have
// spent of it. A nil *workLimit is no limit.
type workLimit struct {
	limit, spent int64
}

// left returns the states the next search may visit.
func (b *workLimit) left() int {
	if b == nil {
		return math.MaxInt
	}
	return int(max(b.limit-b.spent, 0))
}

// spend takes the states a search visited from the budget and reports
// whether they fitted in it.
func (b *workLimit) spend(states int) bool {
	if b == nil {
		return true
	}
	b.spent += int64(states)
	return b.spent <= b.limit
}

// over reports whether the searches have gone past the budget.
func (b *workLimit) over() bool { return b != nil && b.spent > b.limit }

// exceeded returns the error for a search of p that went past the budget.
func (b *workLimit) exceeded(p Position) error {
	return &workLimitError{pos: p, limit: b.limit, reader: true}
}
