package endgame

import (
	"context"
	"math/rand/v2"
	"os"
	"slices"
	"testing"
	"time"

	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/engine"
)

// The engine with the tables hooked in (engine.Options.Endgame): its
// scores are the tables' exact values, and playing both sides of a won
// position it wins in exactly the table's distance.

// tableEngine returns a full-strength engine that takes its endgame
// values from tb.
func tableEngine(t *testing.T, tb *Tables) *engine.Engine {
	t.Helper()
	e, err := engine.New(engine.Options{
		HashMiB:       16,
		Endgame:       tb.ProbeFunc(),
		EndgamePieces: tb.MaxPieces(),
	})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// exactScore is the engine's score of a position the tables value as v
// in plies.
func exactScore(v Value, plies int) engine.Score {
	switch v {
	case Win:
		return engine.WinScore - engine.Score(plies)
	case Loss:
		return -engine.WinScore + engine.Score(plies)
	}
	return 0
}

// playOut plays the game from p with e on both sides (each search with
// the game's positions before it as history, a node limit of nodes) until
// the game is over or maxPlies are played, and returns the game.
func playOut(t *testing.T, e *engine.Engine, tb *Tables, p hexdame.Position, maxPlies int, nodes int64) *hexdame.Game {
	t.Helper()
	g := hexdame.NewGameFrom(p)
	var history []hexdame.Position
	for !g.Outcome().IsOver() && g.End().Ply() < maxPlies {
		q := g.Position()
		res, err := e.Search(context.Background(), q, engine.SearchOptions{History: history, Limits: engine.Limits{Nodes: nodes}})
		if err != nil {
			t.Fatalf("%v: %v", q, err)
		}
		// Every score on the way is the table's.
		if v, d, ok := tb.Probe(q); ok && res.Score != exactScore(v, d) {
			t.Fatalf("from %v, at %v (ply %d): the engine scores %v, the table %v in %d", p, q, g.End().Ply(), res.Score, v, d)
		}
		if err := g.Play(res.Move); err != nil {
			t.Fatalf("from %v, at %v: the engine's move: %v", p, q, err)
		}
		history = append(history, q)
	}
	return g
}

// randomWins returns n random positions of the materials of the given
// pieces that the tables hold, which the side to move wins in at least
// minPlies, and their distances.
func randomWins(t *testing.T, tb *Tables, r *rand.Rand, n, pieces, minPlies int) ([]hexdame.Position, []int) {
	var materials []Material
	for _, m := range allOrdered(pieces) {
		if m.Pieces() == pieces && slices.Contains(tb.files, m.Canonical()) {
			materials = append(materials, m)
		}
	}
	if len(materials) == 0 {
		t.Fatalf("no tables of %d pieces", pieces)
	}
	var ps []hexdame.Position
	var ds []int
	for tries := 0; len(ps) < n; tries++ {
		if tries > 1000000 {
			t.Fatalf("only %d wins of at least %d plies in %d tries", len(ps), minPlies, tries)
		}
		m := materials[r.IntN(len(materials))]
		p := randomPosition(r, m, hexdame.Color(r.IntN(2)))
		if v, d, ok := tb.Probe(p); ok && v == Win && d >= minPlies {
			ps = append(ps, p)
			ds = append(ds, d)
		}
	}
	return ps, ds
}

// checkEngineWins plays n random won positions of the given pieces with
// the engine on both sides and checks that the side to move wins, by
// leaving the opponent without a move, in exactly the table's distance
// (the loser defends longest, so not sooner either).
func checkEngineWins(t *testing.T, tb *Tables, seed uint64, n, pieces, minPlies int) {
	e := tableEngine(t, tb)
	r := newRand(seed)
	ps, ds := randomWins(t, tb, r, n, pieces, minPlies)
	start := time.Now()
	total, longest := 0, 0
	for i, p := range ps {
		d := ds[i]
		g := playOut(t, e, tb, p, d+10, 20000)
		o := g.Outcome()
		winner, ok := winnerOf(o)
		if !ok || winner != p.SideToMove() || o.Reason != hexdame.NoLegalMove {
			t.Fatalf("%v (win in %d): after %d plies the game stands %v", p, d, g.End().Ply(), o)
		}
		if g.End().Ply() != d {
			t.Fatalf("%v: won in %d plies, the table says %d", p, g.End().Ply(), d)
		}
		total += g.End().Ply()
		longest = max(longest, d)
	}
	t.Logf("%d games of %d pieces won in exactly the table's distance (%d plies in all, the longest %d) in %v",
		len(ps), pieces, total, longest, time.Since(start))
}

// TestEngineWinsWithTables: from 20 random won positions of 3 pieces
// (wins in 5 plies or more), the engine with the tables up to 3 pieces,
// playing both sides, wins every game in the table's distance.
func TestEngineWinsWithTables(t *testing.T) {
	checkEngineWins(t, loadSmall(t), 21, 20, 3, 5)
}

// TestLongEngineWins: the check of issue 22, from 100 random won
// positions of 4 pieces (wins in 5 plies or more) with the tables up to
// 4 pieces.
func TestLongEngineWins(t *testing.T) {
	checkEngineWins(t, longTables(t), 22, 100, 4, 5)
}

// At a root the tables know, the engine stops after depth 1 with the
// exact score, a move that keeps it, and (for a win or a loss) a line of
// best play to the end of the game; the other lines of a MultiPV search
// have their moves' exact scores.
func TestEngineRootInTables(t *testing.T) {
	tb := loadSmall(t)
	e := tableEngine(t, tb)
	r := newRand(23)
	counts := map[Value]int{}
	for _, m := range allOrdered(3) {
		for range 20 {
			p := randomPosition(r, m, hexdame.Color(r.IntN(2)))
			if p.CountLegalMoves() == 0 {
				continue
			}
			v, d, _ := tb.Probe(p)
			counts[v]++
			res, err := e.Search(context.Background(), p, engine.SearchOptions{MultiPV: 3, Limits: engine.Limits{Depth: 20}})
			if err != nil {
				t.Fatal(err)
			}
			if res.Depth != 1 || res.Score != exactScore(v, d) {
				t.Fatalf("%v (%v in %d): depth %d, score %v", p, v, d, res.Depth, res.Score)
			}
			for _, l := range res.Lines {
				cv, cd, _ := tb.Probe(p.PlayUnchecked(l.Move))
				if l.Score != exactScore(cv.Opposite(), cd+1) {
					t.Fatalf("%v: move %v scored %v, the table gives %v in %d after it", p, l.Move, l.Score, cv, cd)
				}
			}
			if v == Draw {
				continue
			}
			q := p
			for _, mv := range res.PV {
				var err error
				if q, err = q.Play(mv); err != nil {
					t.Fatalf("%v: the line %v: %v", p, res.PV, err)
				}
			}
			if len(res.PV) != d || q.CountLegalMoves() > 0 {
				t.Fatalf("%v (%v in %d): the line %v (%d plies) does not end the game", p, v, d, res.PV, len(res.PV))
			}
		}
	}
	if counts[Win] == 0 || counts[Loss] == 0 || counts[Draw] == 0 {
		t.Fatalf("too few positions of some value: %v", counts)
	}
}

// In the tree: positions of 4 pieces whose every move captures (into 3
// pieces) get, from the tables up to 3 pieces, the best of their moves'
// exact values, which the engine finds.
func TestEngineTablesInTree(t *testing.T) {
	tb := loadSmall(t)
	e := tableEngine(t, tb)
	r := newRand(24)
	var materials []Material
	for _, m := range allOrdered(4) {
		if m.Pieces() == 4 {
			materials = append(materials, m)
		}
	}
	found := map[Value]int{}
	for tries := 0; found[Win]+found[Loss]+found[Draw] < 60; tries++ {
		if tries > 100000 {
			t.Fatalf("only %v positions with captures in %d tries", found, tries)
		}
		p := randomPosition(r, materials[r.IntN(len(materials))], hexdame.Color(r.IntN(2)))
		if !p.HasCapture() {
			continue
		}
		best := engine.Score(-engine.WinScore - 1)
		for _, m := range p.LegalMoves() {
			cv, cd, ok := tb.Probe(p.PlayUnchecked(m))
			if !ok {
				t.Fatalf("%v: the tables do not know the position after %v", p, m)
			}
			// The child's value seen from p, one ply further.
			best = max(best, exactScore(cv.Opposite(), cd+1))
		}
		want := best
		res, err := e.Search(context.Background(), p, engine.SearchOptions{Limits: engine.Limits{Depth: 40}})
		if err != nil {
			t.Fatal(err)
		}
		if res.Score != want {
			t.Fatalf("%v: the engine scores %v, the tables give %v", p, res.Score, want)
		}
		switch {
		case want > 0:
			found[Win]++
		case want < 0:
			found[Loss]++
		default:
			found[Draw]++
		}
	}
	t.Logf("%v", found)
}

// TestLongEngineWinsThroughSearch: the same 100 won positions of 4
// pieces, the engine with the tables up to 3 pieces only: the 4-piece
// wins must be found by the search (200,000 nodes a move), the tables
// giving the exact values once a capture or the end of a line reaches 3
// pieces. Every game is won by the side that should win (at 20,000 nodes
// a move one of them, W:WKc4,f6,g5:BKd7, a win in 17, was drawn by
// repetition); how many in the table's distance is logged. Then the
// same for 50 random wins of 21 plies or more.
func TestLongEngineWinsThroughSearch(t *testing.T) {
	tb4 := longTables(t)
	tb3, err := Load(tb4.Dir(), LoadOptions{MaxPieces: 3})
	if err != nil {
		t.Fatal(err)
	}
	checkEngineWinsThroughSearch(t, tb4, tb3, 22, 100, 4, 5, 200000)
	// And 50 long ones, wins in 21 plies or more (a minute).
	checkEngineWinsThroughSearch(t, tb4, tb3, 26, 50, 4, 21, 200000)
}

// With HEXDAME_LONG=1 and all the 5-piece tables in HEXDAME_TABLES: 100
// random won positions of 5 pieces, played by the engine with the tables
// up to 5 pieces (each won in exactly the distance), then with those up
// to 4 only (each won).
func TestLongEngineWinsFivePieces(t *testing.T) {
	dir := os.Getenv("HEXDAME_TABLES")
	if !long() || dir == "" {
		t.Skip("set HEXDAME_LONG=1 and HEXDAME_TABLES to a directory with the tables up to 5 pieces")
	}
	tb5, err := Load(dir, LoadOptions{MaxPieces: 5})
	if err != nil {
		t.Skipf("no complete 5-piece tables in %s: %v", dir, err)
	}
	t.Run("tables up to 5 pieces", func(t *testing.T) {
		checkEngineWins(t, tb5, 25, 100, 5, 5)
	})
	t.Run("tables up to 4 pieces", func(t *testing.T) {
		tb4, err := Load(dir, LoadOptions{MaxPieces: 4})
		if err != nil {
			t.Fatal(err)
		}
		checkEngineWinsThroughSearch(t, tb5, tb4, 25, 100, 5, 5, 200000)
	})
}

// checkEngineWinsThroughSearch plays n random positions of the given
// pieces that full says are won, with the engine using the smaller
// tables only and nodes a move, and checks that the side to move wins
// every game; it logs how many within full's distance.
func checkEngineWinsThroughSearch(t *testing.T, full, smaller *Tables, seed uint64, n, pieces, minPlies int, nodes int64) {
	e := tableEngine(t, smaller)
	ps, ds := randomWins(t, full, newRand(seed), n, pieces, minPlies)
	start := time.Now()
	exact, total, extra := 0, 0, 0
	for i, p := range ps {
		d := ds[i]
		g := playOut(t, e, smaller, p, d+100, nodes)
		o := g.Outcome()
		if winner, ok := winnerOf(o); !ok || winner != p.SideToMove() {
			t.Errorf("%v (win in %d): after %d plies the game stands %v", p, d, g.End().Ply(), o)
			continue
		}
		if g.End().Ply() <= d {
			exact++
		} else {
			extra += g.End().Ply() - d
		}
		total += g.End().Ply()
	}
	t.Logf("%d of %d games of %d pieces won within the table's distance, the others %d plies longer in all; %d plies in %v",
		exact, len(ps), pieces, extra, total, time.Since(start))
}

// winnerOf returns the color that won a game of outcome o, and false for a
// draw, a double loss or a game not over.
func winnerOf(o hexdame.Outcome) (hexdame.Color, bool) {
	switch o.Result {
	case hexdame.WhiteWins:
		return hexdame.White, true
	case hexdame.RedWins:
		return hexdame.Red, true
	}
	return hexdame.NoColor, false
}
