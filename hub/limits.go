package hub

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"time"
)

// Limits say how long a search may run: the arguments of level, and the
// limits of package engine's searches (engine.Limits is this type). Zero
// fields set no limit. Clock and Increment are a clock: the time left for
// the game (or for MovesToGo moves, when MovesToGo is positive) and the
// time added after each move. The zero Limits sets no limit at all: the
// search runs until it is stopped, as with Infinite. Budget says how much
// of the time they give a search is to take.
//
// A limit that leaves nothing is a limit, never the absence of one: the
// engine moves at once. In a level line that is a value of 0 (move-time,
// depth, nodes, or a clock with neither time nor increment), which
// ParseLimits reads as the least limit: LeastTime, depth 1, one node. In
// a Limits it is a negative MoveTime, Depth, Nodes or Clock, which Command
// writes as that least limit. The protocol's words for the fields (time,
// inc, moves) are only in the level line.
type Limits struct {
	MoveTime  time.Duration // the time for this move (move-time)
	Depth     int           // the greatest depth in plies (depth)
	Nodes     int64         // the greatest number of nodes (nodes)
	Infinite  bool          // search until stopped, whatever the other fields (infinite)
	Clock     time.Duration // the time left on the clock (time)
	Increment time.Duration // the increment added after each move (inc)
	MovesToGo int           // the moves to play in Clock, 0 for the rest of the game (moves)
}

// LeastTime is the least time limit: what ParseLimits reads for a time of
// 0, or one that rounds to less than a nanosecond. It leaves no time: the
// engine moves at once.
const LeastTime = time.Nanosecond

// HasClock reports whether the limits include a clock: a Clock (a negative
// one is a clock run out) or an Increment.
func (l Limits) HasClock() bool { return l.Clock != 0 || l.Increment > 0 }

// Command returns the level line for the limits: "level infinite" for
// Infinite or limits that set none (the zero Limits, or MovesToGo without a
// clock), else each limit set, a negative one as the least limit (see
// Limits).
func (l Limits) Command() Command {
	c := NewCommand("level")
	if l.Infinite {
		return c.WithFlag("infinite")
	}
	if l.MoveTime != 0 {
		c = c.With("move-time", formatSeconds(max(l.MoveTime, LeastTime)))
	}
	if l.Depth != 0 {
		c = c.With("depth", strconv.Itoa(max(l.Depth, 1)))
	}
	if l.Nodes != 0 {
		c = c.With("nodes", strconv.FormatInt(max(l.Nodes, 1), 10))
	}
	if l.HasClock() {
		if l.MovesToGo > 0 {
			c = c.With("moves", strconv.Itoa(l.MovesToGo))
		}
		t := max(l.Clock, 0)
		if t == 0 && l.Increment <= 0 {
			t = LeastTime // a clock run out, without increment
		}
		c = c.With("time", formatSeconds(t))
		if l.Increment > 0 {
			c = c.With("inc", formatSeconds(l.Increment))
		}
	}
	if len(c.Args) == 0 {
		c = c.WithFlag("infinite")
	}
	return c
}

// ErrLimits is wrapped by the errors for an argument of a level command
// (the protocol's word for the limits) that is not a valid number.
var ErrLimits = errors.New("invalid limits")

// ParseLimits reads a level command. Every argument it knows (move-time,
// depth, nodes, infinite, moves, time, inc) that holds a valid number is
// read; the first one that does not gives an error wrapping ErrLimits, with
// the limits read from the others. Times are in seconds, with a fraction;
// a positive time below a nanosecond is read as LeastTime. A limit of 0
// leaves nothing and is read as the least limit, so that the engine moves
// at once: move-time=0 and time=0 (without inc) as LeastTime, depth=0 as
// depth 1, nodes=0 as one node.
func ParseLimits(c Command) (Limits, error) {
	var l Limits
	var first error
	clock := false // a time or inc was read
	bad := func(name, v string) {
		if first == nil {
			first = fmt.Errorf("%w: %s=%q is not a valid number", ErrLimits, name, clipName(v))
		}
	}
	for _, a := range c.Args {
		if a.Name == "infinite" {
			l.Infinite = true
			continue
		}
		if a.Flag {
			continue
		}
		switch a.Name {
		case "move-time", "time", "inc":
			d, ok := parseSeconds(a.Value)
			if !ok {
				bad(a.Name, a.Value)
				continue
			}
			switch a.Name {
			case "move-time":
				l.MoveTime = max(d, LeastTime)
			case "time":
				l.Clock, clock = d, true
			default:
				l.Increment, clock = d, true
			}
		case "depth", "moves":
			n, err := strconv.Atoi(a.Value)
			if err != nil || n < 0 {
				bad(a.Name, a.Value)
				continue
			}
			if a.Name == "depth" {
				l.Depth = max(n, 1)
			} else {
				l.MovesToGo = n
			}
		case "nodes":
			n, err := strconv.ParseInt(a.Value, 10, 64)
			if err != nil || n < 0 {
				bad(a.Name, a.Value)
				continue
			}
			l.Nodes = max(n, 1)
		}
	}
	if clock && l.Clock == 0 && l.Increment == 0 {
		l.Clock = LeastTime
	}
	return l, first
}

// maxSeconds bounds the times read, so that they fit a time.Duration.
const maxSeconds = 1e9

// parseSeconds reads a non-negative number of seconds. A positive number
// is at least LeastTime, never the zero Duration.
func parseSeconds(s string) (time.Duration, bool) {
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(f) || f < 0 {
		return 0, false
	}
	if f > maxSeconds {
		f = maxSeconds
	}
	d := time.Duration(f * float64(time.Second))
	if f > 0 {
		d = max(d, LeastTime)
	}
	return d, true
}

// formatSeconds writes d in seconds, with as many decimals as it needs.
func formatSeconds(d time.Duration) string {
	if d < 0 {
		d = 0
	}
	return strconv.FormatFloat(d.Seconds(), 'f', -1, 64)
}

// Budget returns how long a search under the limits is to take: soft,
// the time to aim at, and hard, the time it must not exceed, with soft
// at most hard. Both are 0 when the limits set no time (Infinite, or
// only a depth, nodes or MovesToGo).
//
// A move time is both (a negative one leaves nothing). A clock keeps
// back a twentieth of its time, at most 50 ms, for what the engine's own
// clock does not see; of the rest, soft is a share for the moves to go
// (MovesToGo, at most 30; 30 when not given) plus three quarters of the
// increment, and hard four times that share, at most a third of the rest
// plus three quarters of the increment, and at most the rest (the
// increment comes after the move: with no time left, soft is 0). With
// both a move time and a clock, each is the smaller of the two. However
// little the limits leave, hard is at least a millisecond.
//
// Package engine's search takes the hard limit, and with a clock starts
// no iteration after half of soft; an engine that simply thinks for a
// time can take soft.
func (l Limits) Budget() (soft, hard time.Duration) {
	if l.Infinite || l.MoveTime == 0 && !l.HasClock() {
		return 0, 0
	}
	soft, hard = math.MaxInt64, math.MaxInt64
	if l.MoveTime != 0 {
		soft = max(l.MoveTime, 0)
		hard = soft
	}
	if l.HasClock() {
		movesLeft := time.Duration(30)
		if l.MovesToGo > 0 {
			movesLeft = time.Duration(min(l.MovesToGo, 30))
		}
		clock, inc := max(l.Clock, 0), max(l.Increment, 0)
		left := clock - min(clock/20, 50*time.Millisecond)
		share := left/movesLeft + inc*3/4
		soft = min(soft, share, left)
		hard = min(hard, share*4, left/3+inc*3/4, left)
	}
	return min(soft, hard), max(hard, time.Millisecond)
}
