package enginehub_test

import (
	"context"
	"io"
	"slices"
	"testing"
	"time"

	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/endgame"
	"github.com/hexdame/hexdame/engine"
	"github.com/hexdame/hexdame/enginehub"
	"github.com/hexdame/hexdame/hub"
)

// connect serves eng with hub.Serve behind pipes and returns a client of
// it; both end with the test.
func connect(t *testing.T, eng hub.Engine) *hub.Client {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	served := make(chan error, 1)
	go func() {
		err := hub.Serve(context.Background(), inR, outW, eng)
		outW.Close()
		served <- err
	}()
	c, err := hub.Connect(context.Background(), outR, inW, hub.ClientOptions{StopTimeout: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		c.Close()
		if err := <-served; err != nil {
			t.Errorf("Serve: %v", err)
		}
	})
	return c
}

func newEngine(t *testing.T, o enginehub.Options) *enginehub.Engine {
	t.Helper()
	e, err := enginehub.New(o)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// A Go program serves the engine over Hub with the adapter alone: it
// plays a game, refereed by hub.PlayGame, against a random mover, from a
// position it wins in five plies.
func TestServePlayGame(t *testing.T) {
	white := connect(t, newEngine(t, enginehub.Options{Engine: engine.Options{HashMiB: 1}}))
	red := connect(t, hub.NewRandomMover(3))
	if id := white.ID(); id != enginehub.DefaultID {
		t.Errorf("id %+v", id)
	}
	infos := 0
	res, err := hub.PlayGame(context.Background(), white, red, hub.GameOptions{
		Start:     hexdame.MustParseFEN("W:WKe5,Kc3:Bi8"),
		MoveTime:  500 * time.Millisecond,
		Margin:    10 * time.Second, // a busy machine may be slow to answer
		DrawRules: hexdame.DrawRules{KingMoves: 25},
		Info: func(side hexdame.Color, in hub.Info) {
			if side == hexdame.White && in.Depth > 0 && len(in.PV) > 0 {
				infos++
			}
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	if res.Result != hexdame.WhiteWins || res.Reason != hub.NoLegalMove || res.Plies > 5 || infos == 0 {
		t.Errorf("%v %v %q after %d plies, %d info lines", res.Result, res.Reason, res.Detail, res.Plies, infos)
	}
}

// A search in Analyze mode, or under no limit, goes on until stopped, even
// when its result is proven at once: its done never comes before stop.
func TestSearchUntilStopped(t *testing.T) {
	c := connect(t, newEngine(t, enginehub.Options{Engine: engine.Options{HashMiB: 1}}))
	p := hexdame.MustParseFEN("W:Wd4:Be5") // one legal move, which wins
	for _, s := range []hub.Search{
		{Position: p, Mode: hub.Analyze, Limits: hub.Limits{Depth: 1}},
		{Position: p, Limits: hub.Limits{Infinite: true, Depth: 1}},
		{Position: p},
	} {
		const wait = 300 * time.Millisecond
		start := time.Now() // before the deadline is set: a busy machine may pause between the two
		ctx, cancel := context.WithTimeout(context.Background(), wait)
		done, err := c.Search(ctx, s, nil)
		elapsed := time.Since(start)
		cancel()
		if err != nil || done.Move != p.MustParseMove("d4xf6") || elapsed < wait {
			t.Errorf("%v %+v: %v after %v, %v", s.Mode, s.Limits, done.Move, elapsed, err)
		}
	}
	// Under a limit the same search answers at once.
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	start := time.Now()
	if _, err := c.Search(ctx, hub.Search{Position: p, Limits: hub.Limits{Depth: 1}}, nil); err != nil || time.Since(start) > 30*time.Second {
		t.Errorf("depth 1: %v after %v", err, time.Since(start))
	}
}

// buildTables builds the endgame tables of 2 pieces in a directory of the
// test and loads them.
func buildTables(t *testing.T) *endgame.Tables {
	t.Helper()
	dir := t.TempDir()
	if err := endgame.BuildAll(context.Background(), dir, 2, endgame.BuildOptions{}); err != nil {
		t.Fatal(err)
	}
	tables, err := endgame.Load(dir, endgame.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return tables
}

// Endgame tables, from Options or from the parameter tables, settle a
// position they hold at depth 1 with its exact score.
func TestServeTables(t *testing.T) {
	tables := buildTables(t)
	p := hexdame.MustParseFEN("W:Wc1:Bi9") // a win in 19 plies
	want := engine.WinScore - 19
	byParam := newEngine(t, enginehub.Options{Engine: engine.Options{HashMiB: 1}})
	if err := byParam.SetParam("tables", tables.Dir()); err != nil {
		t.Fatal(err)
	}
	for name, eng := range map[string]*enginehub.Engine{
		"Options.Tables": newEngine(t, enginehub.Options{Engine: engine.Options{HashMiB: 1}, Tables: tables}),
		"set-param":      byParam,
	} {
		c := connect(t, eng)
		params := c.Params()
		if i := slices.IndexFunc(params, func(p hub.Param) bool { return p.Name == "tables" }); i < 0 || params[i].Value != tables.Dir() {
			t.Errorf("%s: the parameters are %+v, want tables %q", name, params, tables.Dir())
		}
		var first hub.Info
		_, err := c.Search(context.Background(), hub.Search{Position: p, Limits: hub.Limits{Depth: 5}}, func(in hub.Info) {
			if first.Depth == 0 {
				first = in
			}
		})
		if err != nil || first.Depth != 1 || first.Score != int(want) {
			t.Errorf("%s: first info %+v, %v; want depth 1, score %v", name, first, err, want.Men())
		}
	}
}
