package enginehub

import (
	"errors"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/hexdame/hexdame/engine"
	"github.com/hexdame/hexdame/hub"
	"github.com/hexdame/hexdame/internal/enginehooks"
)

// The protocol's limits are the engine's, field for field: a conversion,
// and back, loses nothing.
func TestLimitsConvert(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 1000 {
		l := hub.Limits{
			MoveTime:  time.Duration(r.Int64()),
			Depth:     r.Int(),
			Nodes:     r.Int64() - r.Int64(),
			Infinite:  r.IntN(2) == 0,
			Clock:     time.Duration(r.Int64() - r.Int64()),
			Increment: time.Duration(r.Int64()),
			MovesToGo: r.Int() - r.Int(),
		}
		if back := hub.Limits(engine.Limits(l)); back != l {
			t.Fatalf("%+v came back as %+v", l, back)
		}
	}
}

// The limits a search gets: the protocol's, a positive move time less the
// margin, never to nothing.
func TestLimits(t *testing.T) {
	s := time.Second
	ms := time.Millisecond
	for _, tc := range []struct {
		margin func(time.Duration) time.Duration
		in     hub.Limits
		want   engine.Limits
	}{
		{nil, hub.Limits{}, engine.Limits{}},
		{nil, hub.Limits{Infinite: true, Depth: 3, MoveTime: s}, engine.Limits{Infinite: true, Depth: 3, MoveTime: s - 10*ms}},
		{nil, hub.Limits{Depth: 500}, engine.Limits{Depth: 500}},
		{nil, hub.Limits{Depth: -1, Nodes: -1, MoveTime: -s}, engine.Limits{Depth: -1, Nodes: -1, MoveTime: -s}},
		{nil, hub.Limits{MoveTime: hub.LeastTime}, engine.Limits{MoveTime: hub.LeastTime}},
		{nil, hub.Limits{Clock: hub.LeastTime}, engine.Limits{Clock: hub.LeastTime}},
		{nil, hub.Limits{Nodes: 7, MoveTime: s}, engine.Limits{Nodes: 7, MoveTime: s - 10*ms}},
		{nil, hub.Limits{MoveTime: 100 * ms}, engine.Limits{MoveTime: 95 * ms}},
		{nil, hub.Limits{Clock: 60 * s, Increment: s, MovesToGo: 40}, engine.Limits{Clock: 60 * s, Increment: s, MovesToGo: 40}},
		{func(time.Duration) time.Duration { return 0 }, hub.Limits{MoveTime: s}, engine.Limits{MoveTime: s}},
		{func(t time.Duration) time.Duration { return t / 2 }, hub.Limits{MoveTime: s}, engine.Limits{MoveTime: s / 2}},
		// A margin that would leave no time, or less, leaves the least.
		{func(t time.Duration) time.Duration { return t }, hub.Limits{MoveTime: s}, engine.Limits{MoveTime: hub.LeastTime}},
		{func(time.Duration) time.Duration { return 1 << 62 }, hub.Limits{MoveTime: s}, engine.Limits{MoveTime: hub.LeastTime}},
		{func(time.Duration) time.Duration { return -s }, hub.Limits{MoveTime: s}, engine.Limits{MoveTime: s}},
	} {
		e, err := New(Options{MoveTimeMargin: tc.margin})
		if err != nil {
			t.Fatal(err)
		}
		if got := e.limits(tc.in); got != tc.want {
			t.Errorf("limits(%+v) = %+v, want %+v", tc.in, got, tc.want)
		}
	}
}

func TestNewErrors(t *testing.T) {
	for _, o := range []engine.Options{
		{Level: -1}, {Level: engine.MaxLevel + 1}, {Threads: -1}, {Threads: engine.MaxThreads + 1},
		{HashMiB: -1}, {HashMiB: engine.MaxHashMiB + 1},
	} {
		if e, err := New(Options{Engine: o}); !errors.Is(err, ErrSetting) || e != nil {
			t.Errorf("%+v: %v, %v", o, e, err)
		}
	}
}

// Parameters: New's values, then set-param's; a refused value keeps the
// old one; CheckHash is asked about a new hash size only.
func TestParams(t *testing.T) {
	var asked []int
	e, err := New(Options{Engine: engine.Options{Level: 5, HashMiB: 2}, CheckHash: func(mib int) error {
		asked = append(asked, mib)
		if mib > 100 {
			return errors.New("no room")
		}
		return nil
	}})
	if err != nil {
		t.Fatal(err)
	}
	values := func() map[string]string {
		m := map[string]string{}
		for _, p := range e.Params() {
			m[p.Name] = p.Value
		}
		return m
	}
	want := map[string]string{"level": "5", "threads": "1", "hash": "2", "tables": "", "eval": "patterns"}
	check := func(what string) {
		t.Helper()
		got := values()
		for k, v := range want {
			if got[k] != v {
				t.Errorf("%s: %s = %q, want %q", what, k, got[k], v)
			}
		}
	}
	check("from New")
	for _, s := range [][2]string{
		{"level", "0"}, {"level", "11"}, {"level", "x"}, {"level", ""}, {"threads", "0"}, {"threads", "257"},
		{"hash", "0"}, {"hash", "16385"}, {"hash", "-5"}, {"variant", "hexdame"}, {"nothing", "1"},
		{"eval", ""}, {"eval", "Patterns"},
	} {
		if err := e.SetParam(s[0], s[1]); !errors.Is(err, ErrSetting) {
			t.Errorf("set-param %s=%q: %v", s[0], s[1], err)
		}
	}
	if err := e.SetParam("hash", "200"); err == nil || errors.Is(err, ErrSetting) || err.Error() != "no room" {
		t.Errorf("hash 200: %v", err)
	}
	if err := e.SetParam("tables", t.TempDir()); err == nil {
		t.Error("tables from an empty directory")
	}
	check("after refused values")
	if err := e.SetParam("hash", "2"); err != nil || len(asked) != 1 || asked[0] != 200 {
		t.Errorf("the same hash: %v, CheckHash asked %v", err, asked)
	}
	if err := e.Init(); err != nil {
		t.Fatal(err)
	}
	if enginehooks.Of(e.eng).Eval != nil {
		t.Error("eval=patterns, the default, is not the engine's default")
	}
	for _, s := range [][2]string{{"level", "10"}, {"threads", "2"}, {"hash", "4"}, {"eval", "classic"}} {
		if err := e.SetParam(s[0], s[1]); err != nil {
			t.Errorf("set-param %s=%s after init: %v", s[0], s[1], err)
		}
		want[s[0]] = s[1]
	}
	check("after init")
	if o := e.eng.Options(); o.Level != 10 || o.Threads != 2 || o.HashMiB != 4 {
		t.Errorf("the engine's options: %+v", o)
	}
	if ev := enginehooks.Of(e.eng).Eval; ev == nil || ev.Impl() != enginehooks.ClassicEval().Impl() {
		t.Error("eval=classic did not reach the engine")
	}
	pe, _ := enginehooks.PatternEval()
	if err := e.SetParam("eval", "patterns"); err != nil || enginehooks.Of(e.eng).Eval.Impl() != pe.Impl() {
		t.Errorf("eval=patterns: %v", err)
	}
}
