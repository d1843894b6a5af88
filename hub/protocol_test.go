package hub

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/hexdame/hexdame"
)

func TestLimitsCommand(t *testing.T) {
	tests := []struct {
		l    Limits
		line string
	}{
		{Limits{MoveTime: 10 * time.Millisecond}, "level move-time=0.01"},
		{Limits{MoveTime: 2 * time.Second}, "level move-time=2"},
		{Limits{Depth: 12}, "level depth=12"},
		{Limits{Nodes: 1000000}, "level nodes=1000000"},
		{Limits{Infinite: true, Depth: 3}, "level infinite"},
		{Limits{}, "level infinite"},
		{Limits{Clock: 60 * time.Second, Increment: 500 * time.Millisecond}, "level time=60 inc=0.5"},
		{Limits{Clock: 90 * time.Second, MovesToGo: 40}, "level moves=40 time=90"},
		{Limits{Increment: time.Second}, "level time=0 inc=1"},
		{Limits{Clock: LeastTime}, "level time=0.000000001"},
		{Limits{MoveTime: LeastTime}, "level move-time=0.000000001"},
	}
	for _, tt := range tests {
		c := tt.l.Command()
		if got := c.String(); got != tt.line {
			t.Errorf("%+v: %q, want %q", tt.l, got, tt.line)
		}
		back, err := ParseLimits(c)
		want := tt.l
		if want.Infinite || want == (Limits{}) {
			want = Limits{Infinite: true}
		}
		if err != nil || back != want {
			t.Errorf("ParseLimits(%q) = %+v, %v; want %+v", tt.line, back, err, want)
		}
	}
}

func TestParseLimitsErrors(t *testing.T) {
	c, _ := ParseCommand("level move-time=abc depth=5 time=-1 nodes=1e3 inc=NaN moves=x")
	l, err := ParseLimits(c)
	if !errors.Is(err, ErrLimits) || l != (Limits{Depth: 5}) {
		t.Errorf("ParseLimits = %+v, %v", l, err)
	}
	c, _ = ParseCommand("level move-time=1e300 think")
	l, err = ParseLimits(c)
	if err != nil || l.MoveTime != time.Duration(maxSeconds*float64(time.Second)) {
		t.Errorf("a huge time: %+v, %v", l, err)
	}
}

// A limit of 0, or a time too small for a Duration, leaves nothing: it is
// read as the least limit, never as no limit (which searched without
// end), and written back as one.
func TestParseLimitsNothingLeft(t *testing.T) {
	tests := []struct {
		line string
		want Limits
	}{
		{"level move-time=0", Limits{MoveTime: LeastTime}},
		{"level move-time=0.0", Limits{MoveTime: LeastTime}},
		{"level move-time=1e-300", Limits{MoveTime: LeastTime}},
		{"level move-time=0.0000000004", Limits{MoveTime: LeastTime}},
		{"level time=0", Limits{Clock: LeastTime}},
		{"level time=0 inc=0", Limits{Clock: LeastTime}},
		{"level moves=10 time=0", Limits{Clock: LeastTime, MovesToGo: 10}},
		{"level time=1e-20", Limits{Clock: LeastTime}},
		{"level inc=1e-20", Limits{Increment: LeastTime}},
		{"level time=0 inc=2", Limits{Increment: 2 * time.Second}},
		{"level depth=0", Limits{Depth: 1}},
		{"level nodes=0", Limits{Nodes: 1}},
		{"level moves=0 time=5", Limits{Clock: 5 * time.Second}},
	}
	for _, tt := range tests {
		c, _ := ParseCommand(tt.line)
		l, err := ParseLimits(c)
		if err != nil || l != tt.want {
			t.Errorf("%s: %+v, %v; want %+v", tt.line, l, err, tt.want)
		}
		if _, hard := l.Budget(); hard == 0 && (l.MoveTime != 0 || l.HasClock()) {
			t.Errorf("%s: a time limit without a budget", tt.line)
		}
		back, err := ParseLimits(l.Command())
		if err != nil || back != l {
			t.Errorf("%s: written %q, read back %+v, %v", tt.line, l.Command(), back, err)
		}
	}
	// Limits that leave nothing are written as the least limit, never as
	// no limit.
	for _, l := range []Limits{{MoveTime: -time.Second}, {Clock: -time.Second}, {Depth: -1}, {Nodes: -5}, {Clock: -1, Increment: time.Second}} {
		c := l.Command()
		back, err := ParseLimits(c)
		if err != nil || back.Infinite || back == (Limits{}) {
			t.Errorf("%+v: written %q, read back %+v, %v", l, c, back, err)
		}
	}
}

// The one time budget of the module: package engine's search takes it
// as it is (engine.Limits is Limits), so these figures are the engine's.
func TestBudget(t *testing.T) {
	s, ms := time.Second, time.Millisecond
	tests := []struct {
		l          Limits
		soft, hard time.Duration
	}{
		{Limits{MoveTime: 250 * ms}, 250 * ms, 250 * ms},
		{Limits{Clock: 60 * s}, 1998333333, 7993333332},                // 50 ms kept back, a 30th, 4 times that
		{Limits{Clock: 60 * s, MovesToGo: 10}, 5995 * ms, 19983333333}, // a 10th; a third at most
		{Limits{Clock: 60 * s, Increment: 4 * s}, 4998333333, 19993333332},
		{Limits{Clock: 300 * ms}, 9500 * time.Microsecond, 38 * ms}, // a 20th kept back
		{Limits{Clock: 2 * s, Increment: 10 * s, MovesToGo: 1}, 1950 * ms, 1950 * ms},
		{Limits{Increment: s}, 0, ms}, // no time left: the increment comes after the move
		{Limits{Clock: 60 * s, MoveTime: s}, s, s},
		{Limits{Depth: 5}, 0, 0},
		{Limits{Clock: LeastTime}, 0, ms},
		{Limits{Clock: LeastTime, Increment: s}, LeastTime, ms},
		{Limits{Clock: -s}, 0, ms},
		{Limits{MoveTime: -s, Clock: 60 * s}, 0, ms},
		{Limits{MoveTime: LeastTime}, LeastTime, ms},
		{Limits{Infinite: true}, 0, 0},
		{Limits{Infinite: true, MoveTime: s, Clock: 60 * s}, 0, 0}, // Infinite: the other fields do not count
		{Limits{MovesToGo: 5}, 0, 0},
		{Limits{}, 0, 0},
	}
	for _, tt := range tests {
		if soft, hard := tt.l.Budget(); soft != tt.soft || hard != tt.hard {
			t.Errorf("%+v: Budget %v, %v; want %v, %v", tt.l, soft, hard, tt.soft, tt.hard)
		}
	}
}

// Whatever the limits, the soft budget is at most the hard one, and the
// hard one keeps within the move time and the clock.
func TestBudgetBounds(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	times := []time.Duration{-time.Second, 0, 1, time.Millisecond, 37 * time.Millisecond, time.Second, time.Hour}
	for range 20000 {
		l := Limits{MoveTime: times[rng.IntN(len(times))], Clock: times[rng.IntN(len(times))],
			Increment: times[rng.IntN(len(times))], MovesToGo: rng.IntN(40) - 2}
		soft, hard := l.Budget()
		timed := l.MoveTime != 0 || l.HasClock()
		switch {
		case soft < 0 || soft > hard:
			t.Fatalf("%+v: soft %v, hard %v", l, soft, hard)
		case timed != (hard > 0):
			t.Fatalf("%+v: hard %v", l, hard)
		case timed && hard < time.Millisecond:
			t.Fatalf("%+v: hard %v, less than a millisecond", l, hard)
		case l.MoveTime > time.Millisecond && hard > l.MoveTime:
			t.Fatalf("%+v: hard %v beyond the move time", l, hard)
		case l.Clock > time.Millisecond && hard > l.Clock:
			t.Fatalf("%+v: hard %v beyond the clock", l, hard)
		}
	}
}

func TestInfo(t *testing.T) {
	start := hexdame.StartPosition()
	m1 := start.MustParseMove("40-31")
	m2 := start.PlayUnchecked(m1).LegalMoves()[0]
	in := Info{Depth: 7, MeanDepth: 8.25, Score: -50, HasScore: true, Nodes: 12345, Time: 1500 * time.Millisecond, NPS: 8230, PV: []hexdame.Move{m1, m2}}
	c := in.Command()
	want := `info depth=7 mean-depth=8.2 score=-0.50 nodes=12345 time=1.500 nps=8230 pv="40-31 22x40x31"`
	if c.String() != want {
		t.Errorf("Command: %q, want %q", c, want)
	}
	back := ParseInfo(c, start)
	in.MeanDepth = 8.2
	if diff := cmp.Diff(in, back, cmp.Comparer(func(a, b hexdame.Move) bool { return a == b })); diff != "" {
		t.Errorf("ParseInfo (-want +got):\n%s", diff)
	}
	// Lenient: bad fields are left out, the pv stops at the first bad move.
	c, _ = ParseCommand(`info depth=x score=0 nodes=-5 nps=inf time=abc pv="40-31 40-31 22x40x31" mean-depth=NaN`)
	got := ParseInfo(c, start)
	if got.Depth != 0 || !got.HasScore || got.Score != 0 || got.Nodes != 0 || got.NPS != 0 || got.Time != 0 || len(got.PV) != 1 || got.MeanDepth != 0 {
		t.Errorf("lenient ParseInfo: %+v", got)
	}
	if s := (Info{MeanDepth: math.Inf(1), NPS: math.Inf(1)}).Command().String(); s != "info" {
		t.Errorf("Info with Inf: %q", s)
	}
	// The score is read in hundredths of a man, rounded; one that is not
	// a number, or beyond any engine's, is left out.
	for text, want := range map[string]int{"0.75": 75, "-1.2": -120, "299.81": 29981, "-299.93": -29993, "0.004": 0, "0.005": 1, "12.345": 1235, "1e7": 1e9} {
		c, _ := ParseCommand("info score=" + text)
		if in := ParseInfo(c, start); !in.HasScore || in.Score != want {
			t.Errorf("score=%s: %d, %v; want %d", text, in.Score, in.HasScore, want)
		}
	}
	for _, text := range []string{"NaN", "inf", "-Inf", "1e8", "-1e300", "x"} {
		c, _ := ParseCommand("info score=" + text)
		if in := ParseInfo(c, start); in.HasScore || in.Score != 0 {
			t.Errorf("score=%s: %d, %v; want none", text, in.Score, in.HasScore)
		}
	}
	if s := (Info{Score: 29981, HasScore: true}).Command().String(); s != "info score=299.81" {
		t.Errorf("a win in 19 plies: %q", s)
	}
}

func TestParam(t *testing.T) {
	p := Param{Name: "level", Value: "3", Type: TypeInt, Min: "0", Max: "10"}
	if s := p.Command().String(); s != "param name=level value=3 type=int min=0 max=10" {
		t.Errorf("Command: %q", s)
	}
	e := Param{Name: "variant", Value: "hexdame", Type: TypeEnum, Values: []string{"hexdame", "other"}}
	c := e.Command()
	if s := c.String(); s != `param name=variant value=hexdame type=enum values="hexdame other"` {
		t.Errorf("Command: %q", s)
	}
	back, err := ParseParam(c)
	if err != nil || !cmp.Equal(back, e) {
		t.Errorf("ParseParam: %+v, %v", back, err)
	}
	if _, err := ParseParam(NewCommand("param").With("value", "1")); !errors.Is(err, ErrParam) {
		t.Errorf("a param without a name: %v", err)
	}
}

func TestID(t *testing.T) {
	id := ID{Name: "Hex \"Dame\"", Version: "1.0", Author: ""}
	if s := id.Command().String(); s != `id name="Hex 'Dame'" version=1.0` {
		t.Errorf("Command: %q", s)
	}
	if id.String() != `Hex "Dame" 1.0` {
		t.Errorf("String: %q", id.String())
	}
}

func TestSearchCurrent(t *testing.T) {
	start := hexdame.StartPosition()
	m := start.MustParseMove("40-31")
	s := Search{Position: start, Moves: []hexdame.Move{m}}
	if p, err := s.Current(); err != nil || p != start.PlayUnchecked(m) {
		t.Errorf("Current: %v", err)
	}
	s.Moves = append(s.Moves, m)
	if _, err := s.Current(); !errors.Is(err, hexdame.ErrIllegalMove) {
		t.Errorf("Current with an illegal move: %v", err)
	}
	if c := s.posCommand().String(); c != "pos pos="+hubStart+` moves="40-31 40-31"` {
		t.Errorf("posCommand: %q", c)
	}
}

func TestSplitCommandLine(t *testing.T) {
	tests := []struct {
		line string
		want []string
	}{
		{"hexdame hub", []string{"hexdame", "hub"}},
		{"  scan   hub  ", []string{"scan", "hub"}},
		{`"/opt/my engine/run" -x`, []string{"/opt/my engine/run", "-x"}},
		{`a 'b c' "d \"e\" \$f \g" h\ i`, []string{"a", "b c", `d "e" $f \g`, "h i"}},
		{`a''b ""`, []string{"ab", ""}},
		{"a\\\nb", []string{"ab"}},
	}
	for _, tt := range tests {
		got, err := SplitCommandLine(tt.line)
		if err != nil || !cmp.Equal(got, tt.want) {
			t.Errorf("SplitCommandLine(%q) = %q, %v; want %q", tt.line, got, err, tt.want)
		}
	}
	for _, bad := range []string{"", "   ", `a "b`, "a 'b", `a\`} {
		if _, err := SplitCommandLine(bad); !errors.Is(err, ErrCommandLine) {
			t.Errorf("SplitCommandLine(%q): %v", bad, err)
		}
	}
}

func TestParseSetting(t *testing.T) {
	s, err := ParseSetting("level=3=x")
	if err != nil || s != (Setting{"level", "3=x"}) {
		t.Errorf("ParseSetting: %v %v", s, err)
	}
	if s, err := ParseSetting("book="); err != nil || s != (Setting{"book", ""}) {
		t.Errorf("empty value: %v %v", s, err)
	}
	for _, bad := range []string{"level", "=3", ""} {
		if _, err := ParseSetting(bad); err == nil {
			t.Errorf("ParseSetting(%q) accepted", bad)
		}
	}
}
