package hexdame

import (
	"errors"
	"math"
	"strconv"
)

// This file bounds the work of the capture search for servers: a limit on
// one generation (Position.AppendLegalMovesWithin) and on all the replays
// of one PDN stream (Reader.WorkLimit).

// ErrWorkLimit is wrapped by the errors returned when a capture search
// would visit more states than a work limit allows: the limit given to
// Position.AppendLegalMovesWithin, or what is left of a Reader's
// WorkLimit.
var ErrWorkLimit = errors.New("work limit exceeded")

// A workLimitError reports a position whose capture search went past a
// work limit. It wraps ErrWorkLimit.
type workLimitError struct {
	pos    Position
	limit  int64 // the limit: of the search, or the Reader's WorkLimit
	reader bool
}

func (e *workLimitError) Error() string {
	b := append([]byte(ErrWorkLimit.Error()), ": the capture search of "...)
	b = append(b, e.pos.FEN()...)
	if e.reader {
		b = append(b, " takes the Reader past its WorkLimit of "...)
	} else {
		b = append(b, " visits more than "...)
	}
	b = strconv.AppendInt(b, e.limit, 10)
	return string(append(b, " states"...))
}

func (e *workLimitError) Unwrap() error { return ErrWorkLimit }

// A workBudget is a limit on the states that capture searches and path
// searches may visit together (a Reader's WorkLimit), and what they have
// spent of it. A nil *workBudget is no limit.
type workBudget struct {
	limit, spent int64
}

// left returns the states the next search may visit.
func (b *workBudget) left() int {
	if b == nil {
		return math.MaxInt
	}
	return int(max(b.limit-b.spent, 0))
}

// spend takes the states a search visited from the budget and reports
// whether they fitted in it.
func (b *workBudget) spend(states int) bool {
	if b == nil {
		return true
	}
	b.spent += int64(states)
	return b.spent <= b.limit
}

// over reports whether the searches have gone past the budget.
func (b *workBudget) over() bool { return b != nil && b.spent > b.limit }

// exceeded returns the error for a search of p that went past the budget.
func (b *workBudget) exceeded(p Position) error {
	return &workLimitError{pos: p, limit: b.limit, reader: true}
}

// captures appends the legal captures of p, whose pieces capturers can
// capture, within the budget; past it, it returns dst and false.
func (b *workBudget) captures(dst []Move, p *Position, capturers uint64) ([]Move, bool) {
	out, states := p.searchCaptures(dst, capturers, nil, b.left())
	if !b.spend(states) {
		return dst, false
	}
	return out, true
}

// AppendLegalMovesWithin is AppendLegalMoves with a bound on its work, for
// programs that take positions from others (a server checking uploaded
// records). The capture search may visit at most maxStates states (a
// state is a cell that the capturing piece reaches with the set of pieces
// it has captured on the way). When it would visit more, it stops soon
// after, and AppendLegalMovesWithin returns dst unchanged and an error
// wrapping ErrWorkLimit that names the position. A position without a
// capture needs no search: its moves are appended whatever maxStates is.
//
// The positions of played games take a few to a few hundred states; the
// heaviest positions known are in testdata/hostile.fen, with their states
// and times in BENCHMARKS.md. Once a position passes, most of its other
// methods cost about one such search: Play, IsLegal, CountLegalMoves and
// ParseMove of a move written without landing cells generate its moves
// once, FormatMove once (twice for a capture that shares its start and
// end with another), and LegalMovePaths finds every move's path in one
// search. Path, FormatMovePath and move text with landing cells search
// for paths, which cost a search of their own.
func (p Position) AppendLegalMovesWithin(dst []Move, maxStates int) ([]Move, error) {
	c := p.capturers()
	if c == 0 {
		return p.appendQuietMoves(dst), nil
	}
	out, states := p.searchCaptures(dst, c, nil, maxStates)
	if states > maxStates {
		return dst, &workLimitError{pos: p, limit: int64(max(maxStates, 0))}
	}
	return out, nil
}

// workBudget returns the budget of the Reader's replays, nil when it has
// no WorkLimit.
func (r *Reader) workBudget() *workBudget {
	if r.WorkLimit <= 0 {
		return nil
	}
	r.work.limit = r.WorkLimit
	return &r.work
}
