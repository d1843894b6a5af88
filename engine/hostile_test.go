package engine

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"
)

// On each of the rules package's hostile positions (the slowest known for
// the capture search) a search of 0.1 s answers with a legal move within
// the limit and the time of about one move generation: the timer stops
// the search between any two positions. The log gives, for each, the
// fastest of three generations of its moves and the worst overrun of the
// limit (of three searches with HEXDAME_LONG set, which adds the slowest
// positions):
//
//	HEXDAME_LONG=1 go test -run TestHostilePositions -v ./engine
func TestHostilePositions(t *testing.T) {
	if testing.Short() {
		t.Skip("generating the moves of the hostile positions takes seconds")
	}
	all := os.Getenv("HEXDAME_LONG") != ""
	runs := 1
	if all {
		runs = 3
	}
	e, err := New(Options{}) // the table is made here, not in a timed search
	if err != nil {
		t.Fatal(err)
	}
	const limit = 100 * time.Millisecond
	for _, np := range readPositions(t, "../testdata/hostile.fen") {
		if !all && (strings.HasPrefix(np.name, "climb30") || strings.HasPrefix(np.name, "lattice")) {
			continue // the slowest with HEXDAME_LONG set
		}
		p := np.pos
		gen := time.Duration(1 << 62)
		var n int
		for range runs {
			start := time.Now()
			n = len(p.LegalMoves())
			gen = min(gen, time.Since(start))
		}
		if n == 0 {
			continue
		}
		var worst time.Duration
		var res SearchResult
		for range runs {
			e.Clear()
			start := time.Now()
			res, err = e.Search(context.Background(), p, SearchOptions{Limits: Limits{MoveTime: limit}})
			took := time.Since(start)
			if err != nil || !p.IsLegal(res.Move) {
				t.Errorf("%s: %v, %v", np.name, res.Move, err)
			}
			worst = max(worst, took-limit)
		}
		// The root's generation, then at most one more begun before the
		// limit: twice the generation, and 200 ms of slack for a busy
		// machine, where one generation can take twice as long as
		// another (BENCHMARKS.md has the figures).
		if worst > 2*gen+200*time.Millisecond {
			t.Errorf("%s: %v over the limit with %v a generation", np.name, worst, gen)
		}
		t.Logf("%s: %d moves, a generation %v, %v over the limit at worst (depth %d, %d nodes)",
			np.name, n, gen.Round(time.Microsecond), worst.Round(time.Microsecond), res.Depth, res.Nodes)
	}
}
