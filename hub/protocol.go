package hub

import (
	"errors"
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

// Info is what an engine reports during a search in its info lines. Zero
// fields were not given, except that Score holds only when HasScore is set.
//
// Score is the search's score for the side to move in hundredths of a man,
// as package engine's Score: a man is 100, and a win in n plies (to the
// end of the game, with best play) is 30000 - n, a loss -(30000 - n). The
// info line gives it in men, with two decimals: 0.75 for 75, 299.81 for a
// win in 19 plies.
type Info struct {
	Depth     int
	MeanDepth float64
	Score     int // in hundredths of a man, for the side to move
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
	if in.HasScore {
		c = c.With("score", strconv.FormatFloat(float64(in.Score)/100, 'f', 2, 64))
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

// maxScoreMen bounds the scores ParseInfo reads, in men: far beyond any
// engine's, so that every one read fits an Info's Score.
const maxScoreMen = 1e7

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
			if f, err := strconv.ParseFloat(a.Value, 64); err == nil && math.Abs(f) <= maxScoreMen {
				in.Score, in.HasScore = int(math.Round(f*100)), true
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
