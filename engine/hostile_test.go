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
// the search between any two positions.
func TestHostilePositions(t *testing.T) {
	if testing.Short() {
		t.Skip("generating the moves of the hostile positions takes seconds")
	}
	all := os.Getenv("HEXDAME_LONG") != ""
	var e Engine
	const limit = 100 * time.Millisecond
	for _, np := range readPositions(t, "../testdata/hostile.fen") {
		if !all && (strings.HasPrefix(np.name, "climb30") || strings.HasPrefix(np.name, "lattice")) {
			continue // the slowest with HEXDAME_LONG set
		}
		p := np.pos
		start := time.Now()
		moves := p.LegalMoves()
		gen := time.Since(start)
		if len(moves) == 0 {
			continue
		}
		start = time.Now()
		res, err := e.Search(context.Background(), p, SearchOptions{Limits: Limits{MoveTime: limit}})
		took := time.Since(start)
		if err != nil || !p.IsLegal(res.Move) {
			t.Errorf("%s: %v, %v", np.name, res.Move, err)
		}
		// The root's generation, then at most one more begun before the
		// limit; twice the generation and 50 ms of slack for a busy
		// machine.
		if took > limit+2*gen+50*time.Millisecond {
			t.Errorf("%s: answered in %v with %v a generation", np.name, took, gen)
		}
		t.Logf("%s: %v (a generation %v), depth %d, %d nodes", np.name, took, gen, res.Depth, res.Nodes)
	}
}
