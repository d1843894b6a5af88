package engine

import (
	"context"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/internal/match"
	"github.com/hexdame/hexdame/internal/stats"
)

// The strength tests play matches and take long: they run when
// HEXDAME_LONG is set, in full with HEXDAME_LONG=1 (about an hour on two
// cores) and reduced with HEXDAME_LONG=ci (a few minutes):
//
//	HEXDAME_LONG=1 go test -run Strength -timeout 3h -v ./engine
//	HEXDAME_LONG=ci go test -run Strength -timeout 30m -v ./engine
//
// Every match plays each opening (the start and a few random plies) with
// both colors, two games at a time.

// longTests returns the scale of the long tests: 0 to skip them, 1 for
// the full run, and a fraction for the reduced one.
func longTests(t *testing.T) float64 {
	switch os.Getenv("HEXDAME_LONG") {
	case "1":
		return 1
	case "ci":
		return 0.2
	}
	t.Skip("a strength test: set HEXDAME_LONG=1 (or ci for a reduced run)")
	return 0
}

// games returns n scaled, even and at least 10.
func games(n int, scale float64) int {
	return max(10, int(float64(n)*scale)/2*2)
}

// enginePlayer returns a player searching with a fresh engine of the
// level within the limits.
func enginePlayer(t testing.TB, level int, lim Limits, seed uint64) match.Player {
	e, err := New(Options{Level: level, HashMiB: 16, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	return match.Func(func(ctx context.Context, g *hexdame.Game) hexdame.Move {
		res, err := e.SearchGame(ctx, g, SearchOptions{Limits: lim})
		if err != nil {
			t.Error(err) // not Fatal: a match's goroutine
		}
		return res.Move // Match stops at an illegal move
	})
}

func runMatch(t *testing.T, name string, a, b func() match.Player, n int, seed uint64) stats.Tally {
	start := time.Now()
	s, err := match.Match(context.Background(), a, b, match.Openings(n/2, 6, seed), 2, nil)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	t.Logf("%s: %v in %v", name, s, time.Since(start).Round(time.Second))
	return s
}

// Level 10 at 0.1 s a move wins at least 99 games of 100 against a random
// mover.
func TestStrengthRandom(t *testing.T) {
	scale := longTests(t)
	n := games(100, scale)
	var seed atomic.Uint64 // the match's goroutines make players
	s := runMatch(t, "level 10 at 0.1 s against a random mover",
		func() match.Player { return enginePlayer(t, 10, Limits{MoveTime: 100 * time.Millisecond}, 0) },
		func() match.Player { return match.Random{Rand: rand.New(rand.NewPCG(seed.Add(1), 1))} },
		n, 1)
	if float64(s.Wins) < 0.99*float64(n) {
		t.Errorf("%d wins of %d", s.Wins, n)
	}
}

// Level 10 at 0.1 s a move scores at least 98% against the two-ply greedy
// player.
func TestStrengthGreedy(t *testing.T) {
	scale := longTests(t)
	n := games(100, scale)
	var seed atomic.Uint64
	s := runMatch(t, "level 10 at 0.1 s against the greedy player",
		func() match.Player { return enginePlayer(t, 10, Limits{MoveTime: 100 * time.Millisecond}, 0) },
		func() match.Player { return match.Greedy{Rand: rand.New(rand.NewPCG(seed.Add(1), 2))} },
		n, 2)
	if s.Mean() < 0.98 {
		t.Errorf("scored %.1f%%", 100*s.Mean())
	}
}

// Each level scores at least 60% against the one below over 200 games
// (level 10 at 0.1 s a move, the others within their own limits). The
// reduced run plays 20 games of each level against the one three below
// (4 against 1, 7 against 4, 10 against 7): a few minutes, and a gap wide
// enough that 20 games tell it.
func TestStrengthLevels(t *testing.T) {
	scale := longTests(t)
	n, step := games(200, scale), 1
	if scale < 1 {
		n, step = 20, 3
	}
	for lv := 1 + step; lv <= MaxLevel; lv += step {
		var seed atomic.Uint64
		lim := Limits{MoveTime: 100 * time.Millisecond}
		s := runMatch(t, "level "+strconv.Itoa(lv)+" against level "+strconv.Itoa(lv-step),
			func() match.Player { return enginePlayer(t, lv, lim, seed.Add(1)) },
			func() match.Player { return enginePlayer(t, lv-step, lim, seed.Add(1)) },
			n, uint64(100+lv))
		if s.Mean() < 0.6 {
			t.Errorf("level %d scored %.1f%% against level %d", lv, 100*s.Mean(), lv-step)
		}
	}
}

// At 1 s a move the engine plays the key of Leo Springer's problem.
func TestStrengthSpringer(t *testing.T) {
	longTests(t)
	e, err := New(Options{}) // the table is made here, not in a timed search
	if err != nil {
		t.Fatal(err)
	}
	p := hexdame.MustParseFEN("W:Wa3,a5,b4,b5,c2,d4,f3:Bc4,d6,e7,f6,f8,g5,h9")
	res, err := e.Search(context.Background(), p, SearchOptions{Limits: Limits{MoveTime: time.Second}})
	if err != nil {
		t.Fatal(err)
	}
	if got := p.Path(res.Move).Format(hexdame.Algebraic); got != "b5-c5" {
		t.Errorf("played %s, want b5-c5", got)
	}
}

// A tactic: a position with a forced win and every winning first move.
type tactic struct {
	name  string
	pos   hexdame.Position
	plies int
	keys  []string
}

func readTactics(t *testing.T) []tactic {
	var out []tactic
	data, err := os.ReadFile("testdata/tactics.fen")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 4 {
			t.Fatalf("bad line %q", line)
		}
		plies, err := strconv.Atoi(f[2])
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, tactic{f[0], hexdame.MustParseFEN(f[1]), plies, strings.Fields(f[3])})
	}
	return out
}

// In each position of testdata/tactics.fen (a forced win of at most 9
// plies, proven by Solve, in the engine's own games) the engine plays a
// winning key at 1 s a move; the reduced run searches 1,000,000 nodes a
// move instead, which gives the same answers on a machine of any load
// (200,000 are enough for all 60 positions, 100,000 for 57).
func TestStrengthTactics(t *testing.T) {
	scale := longTests(t)
	lim, within := Limits{MoveTime: time.Second}, "1 s"
	if scale < 1 {
		lim, within = Limits{Nodes: 1000000}, "1,000,000 nodes"
	}
	tactics := readTactics(t)
	if len(tactics) < 50 {
		t.Errorf("%d tactics, want at least 50", len(tactics))
	}
	e, err := New(Options{}) // the table is made here, not in a timed search
	if err != nil {
		t.Fatal(err)
	}
	solved, deepest := 0, 0
	var longest time.Duration
	for _, tc := range tactics {
		e.Clear()
		res, err := e.Search(context.Background(), tc.pos, SearchOptions{Limits: lim})
		if err != nil {
			t.Fatal(err)
		}
		deepest, longest = max(deepest, res.Depth), max(longest, res.Time)
		played := tc.pos.Path(res.Move).Format(hexdame.Algebraic)
		if !slices.Contains(tc.keys, played) {
			t.Errorf("%s %v: played %s (%v), the keys are %v", tc.name, tc.pos, played, res.Score, tc.keys)
			continue
		}
		solved++
	}
	t.Logf("%d of %d tactics solved within %s a move (the search stops once it has proven the win: the longest took %v, the deepest reached depth %d)",
		solved, len(tactics), within, longest.Round(time.Millisecond), deepest)
}

// The short tactics (wins in 3 and 5 plies) at 50,000 nodes a move: the
// quick version of TestStrengthTactics that runs by default.
func TestTacticsQuick(t *testing.T) {
	e, err := New(Options{HashMiB: 16})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, tc := range readTactics(t) {
		if tc.plies > 5 || testing.Short() && n == 4 {
			continue
		}
		n++
		e.Clear()
		res, err := e.Search(context.Background(), tc.pos, SearchOptions{Limits: Limits{Nodes: 50000}})
		if err != nil {
			t.Fatal(err)
		}
		if played := tc.pos.Path(res.Move).Format(hexdame.Algebraic); !slices.Contains(tc.keys, played) {
			t.Errorf("%s %v: played %s (%v), the keys are %v", tc.name, tc.pos, played, res.Score, tc.keys)
		}
	}
}

// A proven win does not stop the search before the fastest one: in
// win9-50 the search proves f7-g7's win in 9 at depth 17, and d8-e9's win
// in 11 at depth 15, where the rule of the win's length and four plies
// stopped it (with the pattern evaluation, issue 37).
func TestFastestWinNotCutShort(t *testing.T) {
	e, err := New(Options{HashMiB: 16})
	if err != nil {
		t.Fatal(err)
	}
	p := hexdame.MustParseFEN("W:Wd1,d2,d8,Ke1,f7:BKf9,h8,i7")
	res, err := e.Search(context.Background(), p, SearchOptions{Limits: Limits{Depth: 40}})
	if err != nil {
		t.Fatal(err)
	}
	if got := p.Path(res.Move).Format(hexdame.Algebraic); got != "f7-g7" || res.Score.String() != "win 9" {
		t.Errorf("%s %v at depth %d, want f7-g7 win 9", got, res.Score, res.Depth)
	}
}

// Every position of testdata/tactics.fen is what its line says: Solve
// with All finds the fastest win in the plies given and exactly the keys
// listed within 9 plies. In the default run (and with -short) the first 10
// are checked, all of them with HEXDAME_LONG set.
func TestTacticsFile(t *testing.T) {
	tactics := readTactics(t)
	if len(tactics) < 50 {
		t.Errorf("%d tactics, want at least 50", len(tactics))
	}
	if os.Getenv("HEXDAME_LONG") == "" {
		tactics = tactics[:10]
	}
	e, err := New(Options{HashMiB: 16})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range tactics {
		if tc.plies > 9 {
			t.Errorf("%s: a win in %d plies, want at most 9", tc.name, tc.plies)
		}
		e.Clear()
		sol, err := e.Solve(context.Background(), tc.pos, 9, SolveOptions{All: true})
		if err != nil {
			t.Fatal(err)
		}
		var keys []string
		for _, k := range sol.Keys {
			keys = append(keys, tc.pos.Path(k.Move).Format(hexdame.Algebraic))
		}
		if !sol.Win || sol.Plies != tc.plies || !slices.Equal(keys, tc.keys) {
			t.Errorf("%s %v: Solve finds %v in %d plies with keys %v; the file says %d plies, keys %v",
				tc.name, tc.pos, sol.Win, sol.Plies, keys, tc.plies, tc.keys)
		}
	}
}
