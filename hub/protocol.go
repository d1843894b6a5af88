package hub

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/hexdame/hexdame"
)

// An ID is what an engine says about itself in its id line.
type ID struct {
	Name    string
	Version string
	Author  string
}

// Command returns the id line: "id name=... version=... author=...",
// leaving out empty fields and making the others writable (CleanValue).
func (id ID) Command() Command {
	c := NewCommand("id")
	for _, f := range [...]struct{ name, value string }{{"name", id.Name}, {"version", id.Version}, {"author", id.Author}} {
		if f.value != "" {
			c = c.With(f.name, CleanValue(f.value))
		}
	}
	return c
}

// String returns the name and the version, as a player's name: "Scan 3.1".
func (id ID) String() string {
	return strings.TrimSpace(id.Name + " " + id.Version)
}

// parseID reads an id command's fields.
func parseID(c Command) ID {
	var id ID
	id.Name, _ = c.Value("name")
	id.Version, _ = c.Value("version")
	id.Author, _ = c.Value("author")
	return id
}

// Parameter types of the param command.
const (
	TypeBool   = "bool"
	TypeInt    = "int"
	TypeReal   = "real"
	TypeString = "string"
	TypeEnum   = "enum"
)

// A Param is a parameter an engine declares: its name, its current value,
// its type (TypeBool, TypeInt, TypeReal, TypeString, TypeEnum, or another
// an engine names), and for numbers optional bounds, for an enum its
// choices.
type Param struct {
	Name   string
	Value  string
	Type   string
	Min    string   // the least value of an int or real, "" if not given
	Max    string   // the greatest value of an int or real, "" if not given
	Values []string // the choices of an enum
}

// Command returns the param line declaring p.
func (p Param) Command() Command {
	c := NewCommand("param").With("name", p.Name).With("value", CleanValue(p.Value))
	if p.Type != "" {
		c = c.With("type", p.Type)
	}
	if p.Min != "" {
		c = c.With("min", p.Min)
	}
	if p.Max != "" {
		c = c.With("max", p.Max)
	}
	if len(p.Values) > 0 {
		c = c.With("values", CleanValue(strings.Join(p.Values, " ")))
	}
	return c
}

// ErrParam is wrapped by the errors for a param line without a name.
var ErrParam = errors.New("invalid param")

// ParseParam reads a param command. A param without a name gives an error
// wrapping ErrParam; unknown arguments are ignored.
func ParseParam(c Command) (Param, error) {
	var p Param
	p.Name, _ = c.Value("name")
	if p.Name == "" {
		return Param{}, ErrParam
	}
	p.Value, _ = c.Value("value")
	p.Type, _ = c.Value("type")
	p.Min, _ = c.Value("min")
	p.Max, _ = c.Value("max")
	if v, ok := c.Value("values"); ok {
		p.Values = strings.Fields(v)
	}
	return p, nil
}

// A Mode is how a search is run: the argument of go.
type Mode uint8

const (
	Think   Mode = iota // go think: find a move to play under the limits
	Ponder              // go ponder: think on the opponent's time until ponder-hit or stop
	Analyze             // go analyze: search until stopped, whatever the limits
)

// String returns the go argument: "think", "ponder" or "analyze".
func (m Mode) String() string {
	switch m {
	case Ponder:
		return "ponder"
	case Analyze:
		return "analyze"
	}
	return "think"
}

// Limits say how long a search may run: the arguments of level. Zero
// fields set no limit. Clock and Increment are a clock: the time left for
// the game (or for MovesToGo moves, when MovesToGo is positive) and the
// time added after each move. The zero Limits sets no limit at all: the
// search runs until it is stopped, as with Infinite.
//
// A limit that leaves nothing is a limit, never the absence of one: the
// engine moves at once. In a level line that is a value of 0 (move-time,
// depth, nodes, or a clock with neither time nor increment), which
// ParseLimits reads as the least limit: LeastTime, depth 1, one node. In
// a Limits it is a negative MoveTime, Depth, Nodes or Clock, which Command
// writes as that least limit.
//
// Limits has the fields of package engine's Limits, with the same names
// and types in the same order, so that each converts to the other without
// loss: engine.Limits(l). The protocol's words for them (time, inc,
// moves) are only in the level line.
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

// Budget returns a simple choice of how long to think under the limits,
// for engines that want one: the move time when there is one; with a
// clock, the time left shared among the moves to go (30 when not given)
// plus three quarters of the increment, never more than three quarters
// of the time left (the increment comes after the move: with no time
// left, the budget is LeastTime); the smaller of both when both are set.
// It returns 0 when the limits set no time (Infinite, depth, nodes, or
// nothing), and at least LeastTime when they do, however little they
// leave.
func (l Limits) Budget() time.Duration {
	if l.Infinite || l.MoveTime == 0 && !l.HasClock() {
		return 0
	}
	b := time.Duration(math.MaxInt64)
	if l.HasClock() {
		moves := l.MovesToGo
		if moves <= 0 {
			moves = 30
		}
		left := max(l.Clock, 0)
		b = min(left/time.Duration(moves)+max(l.Increment, 0)*3/4, left*3/4)
	}
	if l.MoveTime != 0 {
		b = min(b, l.MoveTime)
	}
	return max(b, LeastTime)
}

// Info is what an engine reports during a search in its info lines. Zero
// fields were not given, except that Score holds only when HasScore is set.
type Info struct {
	Depth     int
	MeanDepth float64
	Score     float64 // in men (a man is 1.0), from the side to move's point of view
	HasScore  bool
	Nodes     int64
	Time      time.Duration
	NPS       float64
	PV        []hexdame.Move // the principal variation from the searched position
}

// Command returns the info line with the fields that are set.
func (in Info) Command() Command {
	c := NewCommand("info")
	if in.Depth > 0 {
		c = c.With("depth", strconv.Itoa(in.Depth))
	}
	if in.MeanDepth > 0 && !math.IsInf(in.MeanDepth, 0) {
		c = c.With("mean-depth", strconv.FormatFloat(in.MeanDepth, 'f', 1, 64))
	}
	if in.HasScore && !math.IsNaN(in.Score) && !math.IsInf(in.Score, 0) {
		c = c.With("score", strconv.FormatFloat(in.Score, 'f', 2, 64))
	}
	if in.Nodes > 0 {
		c = c.With("nodes", strconv.FormatInt(in.Nodes, 10))
	}
	if in.Time > 0 {
		c = c.With("time", strconv.FormatFloat(in.Time.Seconds(), 'f', 3, 64))
	}
	if in.NPS > 0 && !math.IsInf(in.NPS, 0) {
		c = c.With("nps", strconv.FormatFloat(in.NPS, 'f', 0, 64))
	}
	if len(in.PV) > 0 {
		c = c.With("pv", string(AppendMoves(nil, in.PV)))
	}
	return c
}

// ParseInfo reads an info command about a search of position p. It is
// lenient, as info is for display: a field that is not a valid number is
// left out, and the pv stops before its first move that is not legal
// where it stands.
func ParseInfo(c Command, p hexdame.Position) Info {
	var in Info
	for _, a := range c.Args {
		if a.Flag {
			continue
		}
		switch a.Name {
		case "depth":
			if n, err := strconv.Atoi(a.Value); err == nil && n > 0 {
				in.Depth = n
			}
		case "mean-depth":
			if f, err := strconv.ParseFloat(a.Value, 64); err == nil && f > 0 && !math.IsInf(f, 0) {
				in.MeanDepth = f
			}
		case "score":
			if f, err := strconv.ParseFloat(a.Value, 64); err == nil && !math.IsNaN(f) && !math.IsInf(f, 0) {
				in.Score, in.HasScore = f, true
			}
		case "nodes":
			if n, err := strconv.ParseInt(a.Value, 10, 64); err == nil && n > 0 {
				in.Nodes = n
			}
		case "time":
			if d, ok := parseSeconds(a.Value); ok {
				in.Time = d
			}
		case "nps":
			if f, err := strconv.ParseFloat(a.Value, 64); err == nil && f > 0 && !math.IsInf(f, 0) {
				in.NPS = f
			}
		case "pv":
			q := p
			for _, w := range strings.Fields(a.Value) {
				m, err := ParseMove(q, w)
				if err != nil || len(in.PV) >= 256 {
					break
				}
				in.PV = append(in.PV, m)
				q = q.PlayUnchecked(m)
			}
		}
	}
	return in
}

// A Search is one search: the position, the reversible moves played since
// it, the limits and the mode. The engine searches the position reached
// after the moves; it sees the moves so that it can tell repetitions.
type Search struct {
	Position hexdame.Position // the position before Moves
	Moves    []hexdame.Move   // the moves since the last capture or man move, oldest first
	Limits   Limits
	Mode     Mode

	// PonderHit, for an engine's search in Ponder mode, is closed when the
	// GUI sends ponder-hit: the opponent played the expected move, and the
	// search goes on under Limits as a Think search. It is nil otherwise.
	PonderHit <-chan struct{}
}

// Current returns the position to search: Position after Moves. It gives
// a *hexdame.MoveError when one of the moves is not legal where it stands.
func (s Search) Current() (hexdame.Position, error) {
	p := s.Position
	for _, m := range s.Moves {
		q, err := p.Play(m)
		if err != nil {
			return s.Position, err
		}
		p = q
	}
	return p, nil
}

// posCommand returns the pos line of the search.
func (s Search) posCommand() Command {
	c := NewCommand("pos").With("pos", FormatPosition(s.Position))
	if len(s.Moves) > 0 {
		c = c.With("moves", string(AppendMoves(nil, s.Moves)))
	}
	return c
}

// A Done is the answer to a search: the move to play and, optionally, the
// move the engine expects in reply (the zero Move when none).
type Done struct {
	Move   hexdame.Move
	Ponder hexdame.Move
}
