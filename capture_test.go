package hexdame

import (
	"errors"
	"math/bits"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"
)

// Tests of capture.go: the capture search, by RULES.md's capture rules
// (every legal move of each position, with its path), and on hostile
// positions: the search remembers the states it has explored, so that the
// work of the heaviest positions known stays bounded. The bounds are on
// states visited (searchWork), not on time, and each says what it was
// measured as.

// Capture: each bullet of RULES.md's Capture section.
func TestRulesCaptures(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{"capture is compulsory", "W:Wc3,e5:Bf6", []string{"e5xg7"}},
		{"a man captures backwards along a rank", "W:We5:Bd5", []string{"e5xc5"}},
		{"a man captures backwards along a column", "W:We5:Bd4", []string{"e5xc3"}},
		{"a red man captures backwards", "B:Wf5:Be4", []string{"e4xg6"}},
		{"a man captures a king", "W:Wc3:BKd3", []string{"c3xe3"}},
		{"no capture without an empty cell beyond", "W:Wc3:Bd3,e3", []string{"c3-c4", "c3-d4"}},
		{"no capture off the board", "W:We8:Bf9,e9", []string{"e8-f8"}},
		{"a man does not fly", "W:Wc3:Be3", []string{"c3-c4", "c3-d3", "c3-d4"}},
		{"king captures at a distance and chooses its landing cell", "W:WKa1:Bc3",
			[]string{"a1xd4", "a1xe5", "a1xf6", "a1xg7", "a1xh8", "a1xi9"}},
		{"king must land where it can go on capturing", "W:WKa1,g7:Bc3,e7",
			[]string{"a1xe5xe8", "a1xe5xe9"}},
		{"captured pieces block a king's later line (Turkish strike)", "W:WKa1:Bc3,e4,b3",
			[]string{"a1xd4xf4", "a1xd4xg4", "a1xd4xh4", "a1xe5xe3", "a1xe5xe2", "a1xe5xe1"}},
		{"a piece is not jumped twice", "W:WKa1:Bc3,e4",
			[]string{"a1xd4xf4", "a1xd4xg4", "a1xd4xh4", "a1xe5xe3", "a1xe5xe2", "a1xe5xe1"}},
		{"a king passes over its own start cell", "W:WKe5:Bc3,d2,e7",
			[]string{"e5xb2xe2xe8", "e5xb2xe2xe9"}},
		{"a man ends a ring of captures on its start cell", "W:Wc3:Bd3,f4,g6,f7,d6,c4",
			[]string{"c3xe3xg5xg7xe7xc5xc3"}},
		{"majority: a man's two captures beat a king's one", "W:WKa1,e5:Bc3,f5,g6",
			[]string{"e5xg5xg7"}},
		{"majority: a king's two captures beat a man's one", "W:WKa1,e1:Bc3,e6,e2",
			[]string{"a1xe5xe7", "a1xe5xe8", "a1xe5xe9", "a1xf6xd6", "a1xf6xc6", "a1xf6xb6"}},
		{"majority: equally long captures are all legal", "W:Wc3,g3:Bd3,g4",
			[]string{"c3xe3", "g3xg5"}},
		{"same start and end, different pieces: two moves", "W:WKe1:Ba2,a3,c7,d7,e6,g5",
			[]string{"e1xe8xb5xh5", "e1xe8xb5xi5", "e1xe9xa5xh5", "e1xe9xa5xi5"}},
	})
}

// Two capture paths with the same start, end and captured set are one
// move: the ring above can be run either way round.
func TestRulesSameOutcomeIsOneMove(t *testing.T) {
	p := MustParseFEN("W:Wc3:Bd3,f4,g6,f7,d6,c4")
	moves := p.LegalMoves()
	if len(moves) != 1 {
		t.Fatalf("got %d moves, want 1: %v", len(moves), legalPaths(p))
	}
	m := moves[0]
	if m.From() != m.To() || m.Captured().Len() != 6 {
		t.Errorf("move %v captures %d, want c3xc3 capturing 6", m, m.Captured().Len())
	}
	// Both directions round the ring are accepted as text for it.
	for _, text := range []string{"c3xc3", "c3xe3xg5xg7xe7xc5xc3", "c3xc5xe7xg7xg5xe3xc3", "c3xg7xc3"} {
		got, err := p.ParseMove(text)
		if err != nil || got != m {
			t.Errorf("ParseMove(%q) = %v, %v; want %v", text, got, err, m)
		}
	}
	after := p.play(m)
	if after.String() != "B:Wc3:B" {
		t.Errorf("after the ring: %s, want B:Wc3:B", after.String())
	}
}

// A man jumps onto an empty cell only: not onto its own piece, nor an
// enemy one.
func TestRulesManLandsOnEmptyCells(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{"no jump onto its own piece", "W:Wc3,e3:Bd3,i9", []string{"c3-c4", "c3-d4", "e3-e4", "e3-f3", "e3-f4"}},
		{"no jump onto an enemy piece", "W:Wc3:Bd3,e3", []string{"c3-c4", "c3-d4"}},
		{"no king landing beyond a second piece", "W:Wd4,Ke5,f6:Bc5,Kg6,e7",
			[]string{"e5xa5", "e5xb5", "e5xe8", "e5xe9", "f6xh6"}},
	})
}

func TestHostileKingCaptureWork(t *testing.T) {
	p := MustParseFEN(hostileKingFEN)
	var moves []Move
	gen := searchWork(func() { moves = p.LegalMoves() })
	if len(moves) != 37 {
		t.Fatalf("%d legal moves, want 37", len(moves))
	}
	// The bound catches a search that no longer remembers the states it
	// has explored, or explores more of them: the exhaustive search of
	// issue 7 visited 5.0 million states here. Measured: 237,935 states on
	// 2026-11-28, and 237,928 when the bound was set (dd9c3fa,
	// 2026-11-22, whose comment said 142,000, a figure this count never
	// gave): the bound is 5% above.
	if gen > 250_000 {
		t.Errorf("LegalMoves visited %d states, want at most 250,000", gen)
	}
	// Each move's path is one path search, not a move generation: the
	// bound catches Path generating the moves for each move (37
	// generations). Measured: 355,949 states for the 37 paths, 1.5
	// generations, on 2026-11-28.
	paths := searchWork(func() {
		for _, m := range moves {
			p.Path(m).Format(Algebraic)
		}
	})
	if paths > 4*gen {
		t.Errorf("formatting the paths of the 37 moves visited %d states, want at most %d", paths, 4*gen)
	}
	// The paths of all the moves together come from the search that
	// finds the moves.
	if w := searchWork(func() { listPaths(p) }); w != gen {
		t.Errorf("listing the paths of the 37 moves visited %d states, want %d (one generation)", w, gen)
	}
	// An illegal move's message lists the legal moves, generating them
	// once: the bound catches the old code's generation per move listed
	// (37). Measured: 478,408 states on 2026-11-28, two generations
	// (ParseMove's and the message's) and a few paths.
	errWork := searchWork(func() {
		_, err := p.ParseMove("d2-d3")
		if !errors.Is(err, ErrIllegalMove) {
			t.Fatalf("d2-d3: %v", err)
		}
		if msg := err.Error(); !strings.Contains(msg, "capture is compulsory") {
			t.Errorf("message %q", msg)
		}
	})
	if errWork > 2*gen+paths {
		t.Errorf("the illegal move's message visited %d states, want at most %d", errWork, 2*gen+paths)
	}
}

// hostileWork bounds the capture-search states of each position of
// testdata/hostile.fen: a tenth above what was measured when each
// position was added (0720a58 to 259ff07, 2026-11-22 to 2026-11-24), so
// that a search that does more work, or remembers fewer states, fails.
// Measured again on 2026-11-28: within 0.05% of these (climb16-edge
// 318,732, climb30-a 4,986,533, climb30-b 4,187,818, lattice19
// 2,652,307; the others the same).
var hostileWork = map[string]int{
	"climb16-kings": 813_000,   // measured 738,980
	"climb16-edge":  351_000,   // 318,742
	"climb30-a":     5_490_000, // 4,986,528
	"climb30-b":     4_610_000, // 4,186,496
	"lattice19":     2_920_000, // 2,652,331
	"climb16-rim":   1_423_000, // 1,293,477
	"lattice16":     492_000,   // 446,618
}

func TestHostileFENWork(t *testing.T) {
	if testing.Short() {
		t.Skip("about five seconds of capture search")
	}
	for _, nf := range hostileFENs(t) {
		bound, ok := hostileWork[nf.name]
		if !ok {
			t.Errorf("%s: no bound in hostileWork", nf.name)
			continue
		}
		p := MustParseFEN(nf.fen)
		w := searchWork(func() { p.LegalMoves() })
		if w > bound {
			t.Errorf("%s: LegalMoves visited %d states, want at most %d", nf.name, w, bound)
		}
		// Listing every move with its path (hexdame moves) costs one
		// generation, not one search per move (issue 19: 15 times the
		// generation on climb16-kings).
		if strings.HasPrefix(nf.name, "climb16") {
			if l := searchWork(func() { listPaths(p) }); l != w {
				t.Errorf("%s: listing the moves with their paths visited %d states, want %d (one generation)", nf.name, l, w)
			}
		}
	}
}

// listPaths writes every legal move of p with its path, in both
// notations, as hexdame moves does.
func listPaths(p Position) []string {
	var out []string
	for _, mp := range p.LegalMovePaths() {
		out = append(out, mp.Format(Algebraic), mp.Format(Numeric))
	}
	return out
}

// The capture search is exact whatever it remembers: on the hostile
// position and those found by climbing, it gives the moves the plain
// reference generator gives. The reference takes seconds on each, so its
// answers are kept in testdata/hostile.moves; go test -update computes
// them again.
func TestHostilePositionsMatchReference(t *testing.T) {
	fens := append([]namedFEN{{"issue-7", hostileKingFEN}}, hostileFENs(t)...)
	golden := "testdata/hostile.moves"
	if *update {
		var b strings.Builder
		b.WriteString("# The reference generator's moves of testdata/hostile.fen's positions:\n")
		b.WriteString("# a name, a tab, the moves (from-to or fromxto:captured cells) separated by spaces.\n")
		for _, nf := range fens {
			if strings.HasPrefix(nf.name, "climb30") {
				continue // the reference takes minutes
			}
			p := MustParseFEN(nf.fen)
			b.WriteString(nf.name + "\t" + strings.Join(refMoves(refFromPosition(p), p.SideToMove()), " ") + "\n")
		}
		if err := os.WriteFile(golden, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want := map[string][]string{}
	for _, line := range strings.Split(readFile(t, golden), "\n") {
		if name, moves, ok := strings.Cut(line, "\t"); ok && !strings.HasPrefix(line, "#") {
			want[name] = strings.Fields(moves)
		}
	}
	if len(want) < 3 {
		t.Fatalf("%s holds %d positions", golden, len(want))
	}
	for _, nf := range fens {
		w, ok := want[nf.name]
		if !ok {
			continue
		}
		p := MustParseFEN(nf.fen)
		if got := refStrings(p.LegalMoves()); !slices.Equal(got, w) {
			t.Errorf("%s: %d moves, reference %d", nf.name, len(got), len(w))
		}
	}
}

// climbSlowPositions hill-climbs towards positions whose legal moves take
// the capture search many states: it starts from random pieces and keeps a
// random change (adding, removing or replacing pieces) whenever it does
// not make the search lighter. At most maxPerSide pieces of a side stand
// on the board; with maxPerSide 16, only positions a game can reach
// (CheckReachable: no man on its own crowning row either). It returns the
// heaviest position met and its work.
func climbSlowPositions(rng *rand.Rand, steps, maxPerSide int) (Position, int) {
	work := func(p Position) int { return searchWork(func() { p.LegalMoves() }) }
	var cur Position
	for range rng.IntN(16) + 4 {
		cur = cur.put(Cell(rng.IntN(NumCells)), Piece(1+rng.IntN(4)))
	}
	if maxPerSide == 16 {
		cur.kings[0] |= cur.pieces[0][White]&backRow[White] | cur.pieces[0][Red]&backRow[Red]
		cur = MustParseFEN(cur.String()) // the other numberings follow
	}
	curWork := work(cur)
	best, bestWork := cur, curWork
	for range steps {
		q := cur
		for range 1 + rng.IntN(3) {
			c := Cell(rng.IntN(NumCells))
			if rng.IntN(3) == 0 {
				q = q.put(c, NoPiece)
			} else {
				q = q.put(c, Piece(1+rng.IntN(4)))
			}
		}
		if bits.OnesCount64(q.pieces[0][White]) > maxPerSide || bits.OnesCount64(q.pieces[0][Red]) > maxPerSide {
			continue
		}
		if maxPerSide == 16 && q.CheckReachable() != nil {
			continue
		}
		if w := work(q); w >= curWork {
			cur, curWork = q, w
		}
		if curWork > bestWork {
			best, bestWork = cur, curWork
		}
	}
	return best, bestWork
}

// TestClimbSlowPositions climbs from a fixed seed with the piece counts of
// a game (16 a side) and checks the heaviest position it finds against a
// bound on work; the worst positions found this way are the benchmarks'
// hostile positions (testdata/hostile.fen), which TestHostileFENWork
// bounds one by one. The climb's cost grows with its height: 150 steps
// take a tenth of a second of processor time (the heaviest 83,547
// states), 800 steps 11 s (547,698), so the default run takes the short
// climb and HEXDAME_LONG the long one.
func TestClimbSlowPositions(t *testing.T) {
	steps := 150
	if os.Getenv("HEXDAME_LONG") != "" {
		steps = 1500
	}
	p, w := climbSlowPositions(rand.New(rand.NewPCG(7, 11)), steps, 16)
	t.Logf("heaviest after %d steps: %d states, %s", steps, w, p.String())
	// The bound is twice the heaviest position a game can reach that is
	// known (climb16-rim, 1,293,477 states, rounded up to a million in
	// the package doc): it catches a change that makes the search of
	// such positions cost more, which a climb finds before any fixed
	// position shows it. Measured: 83,547 states after the default 150
	// steps on 2026-11-28, as when the default run took the short climb
	// (beb9339, 2026-11-26).
	if w > 2_000_000 {
		t.Errorf("%s: %d states", p.String(), w)
	}
}

// BenchmarkLegalMovesHostile generates the moves of the heaviest positions
// known for the capture search.
func BenchmarkLegalMovesHostile(b *testing.B) {
	for _, nf := range append([]namedFEN{{"issue-7", hostileKingFEN}}, hostileFENs(b)...) {
		p := MustParseFEN(nf.fen)
		b.Run(nf.name, func(b *testing.B) {
			b.ReportAllocs()
			buf := make([]Move, 0, 1024)
			for b.Loop() {
				buf = p.AppendLegalMoves(buf[:0])
			}
			b.ReportMetric(float64(searchWork(func() { p.LegalMoves() })), "states")
		})
	}
}
