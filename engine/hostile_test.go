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
// the search between any two positions. The bound is on the processor
// time the search takes, against that of a generation: on a busy machine
// the wall-clock time of a generation varies by a factor of two or more
// between one and the next (doc/BENCHMARKS.md), while the work does not. The
// log gives, for each, the fastest of three generations of its moves and
// the worst overrun of the limit, in processor time and in wall-clock
// time (of three searches with HEXDAME_LONG set, which adds the slowest
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
		gen, genCPU := time.Duration(1<<62), time.Duration(1<<62)
		var n int
		for range runs {
			start, cpu := time.Now(), cpuTime()
			n = len(p.LegalMoves())
			gen, genCPU = min(gen, time.Since(start)), min(genCPU, cpuTime()-cpu)
		}
		if n == 0 {
			continue
		}
		var worst, worstCPU time.Duration
		var res Analysis
		for range runs {
			e.Clear()
			start, cpu := time.Now(), cpuTime()
			res, err = e.Search(context.Background(), p, SearchOptions{Limits: Limits{MoveTime: limit}})
			took, tookCPU := time.Since(start), cpuTime()-cpu
			if err != nil || !p.IsLegal(res.Move) {
				t.Errorf("%s: %v, %v", np.name, res.Move, err)
			}
			worst, worstCPU = max(worst, took-limit), max(worstCPU, tookCPU-limit)
		}
		// The root's generation, then at most one more begun before the
		// limit: twice the generation, and 200 ms of slack. (A search
		// that looked at the timer only every thousand positions or
		// after each root move would take many generations.) cpuTime is
		// 0 where the processor time is not known: no bound there.
		if worstCPU > 2*genCPU+200*time.Millisecond {
			t.Errorf("%s: %v of processor time over the limit with %v a generation", np.name, worstCPU, genCPU)
		}
		t.Logf("%s: %d moves, a generation %v (processor %v), %v over the limit at worst (processor %v; depth %d, %d nodes)",
			np.name, n, gen.Round(time.Microsecond), genCPU.Round(time.Microsecond), worst.Round(time.Microsecond),
			worstCPU.Round(time.Microsecond), res.Depth, res.Nodes)
	}
}
