package main

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/endgame"
)

// analyze -tables: a position the tables hold is settled at depth 1 with
// its exact score and, for a win or a loss, a line to the end of the game.
func TestAnalyzeTables(t *testing.T) {
	dir := tablesDir(t)
	for _, tc := range []struct {
		fen   string
		score string
		plies int // of the line, for a win or a loss
	}{
		{"W:WKa1:BKb1", "win 1", 1},
		{"W:Wh8:Bi9", "loss 2", 2},
		{"W:WKe5:BKa1", "+0.00", 0},
		{"B:WKd1:Bi7", "loss 8", 8},
	} {
		status, out, errOut := runCLI(t, "", "analyze", "-tables", dir, "-hash", "1", "-fen", tc.fen, "-depth", "12")
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if status != 0 || len(lines) != 2 || !strings.HasPrefix(lines[0], "depth 1 score "+tc.score+" nodes ") {
			t.Errorf("analyze -tables -fen %s: exit %d, stdout %q, stderr %q", tc.fen, status, out, errOut)
			continue
		}
		pv := strings.Fields(lines[0][strings.Index(lines[0], " pv ")+4:])
		if lines[1] != pv[0] {
			t.Errorf("%s: best move %q, the line starts with %q", tc.fen, lines[1], pv[0])
		}
		if tc.plies == 0 {
			continue
		}
		p := hexdame.MustParseFEN(tc.fen)
		for _, m := range pv {
			var err error
			if p, _, err = playText(p, m); err != nil {
				t.Fatalf("%s: the line %v: %v", tc.fen, pv, err)
			}
		}
		if len(pv) != tc.plies || p.CountLegalMoves() > 0 {
			t.Errorf("%s: the line %v does not end the game in %d plies", tc.fen, pv, tc.plies)
		}
	}
}

// playText plays a move written in the notation of hexdame moves.
func playText(p hexdame.Position, s string) (hexdame.Position, hexdame.Move, error) {
	m, err := p.ParseMove(s)
	if err != nil {
		return p, m, err
	}
	q, err := p.Play(m)
	return q, m, err
}

// solve -tables gives the answer solve gives without them, for random
// positions of up to 3 pieces: the same first line and keys, and a main
// line that wins in the plies announced.
func TestSolveTables(t *testing.T) {
	dir := tablesDir(t)
	r := rand.New(rand.NewPCG(31, 32))
	materials := endgame.Materials(3)
	wins := 0
	for i := 0; i < 30; i++ {
		m := materials[r.IntN(len(materials))]
		p, err := endgame.RandomPosition(r, m, hexdame.Color(r.IntN(2)))
		if err != nil {
			t.Fatal(err)
		}
		fen := p.String()
		plies := strconv.Itoa(1 + 2*r.IntN(4))
		status, want, errWant := runCLI(t, "", "solve", "-all", "-hash", "1", "-fen", fen, plies)
		if status != 0 {
			t.Fatalf("solve %s %s: exit %d, %q", fen, plies, status, errWant)
		}
		status, got, errOut := runCLI(t, "", "solve", "-all", "-tables", dir, "-fen", fen, plies)
		if status != 0 || !strings.HasPrefix(errOut, "endgame tables: ") || strings.Count(errOut, "\n") != 2 {
			t.Fatalf("solve -tables %s %s: exit %d, stderr %q", fen, plies, status, errOut)
		}
		if first(want) != first(got) || keys(want) != keys(got) {
			t.Fatalf("solve %s %s: without the tables %q, with them %q", fen, plies, want, got)
		}
		if first(got) == "none" {
			continue
		}
		wins++
		n, _ := strconv.Atoi(strings.TrimPrefix(first(got), "win "))
		q := p
		var line []string
		for _, l := range strings.Split(strings.TrimSuffix(got, "\n"), "\n")[1:] {
			if !strings.HasPrefix(l, "key ") {
				line = append(line, l)
			}
		}
		for _, mv := range line {
			if q, _, err = playText(q, mv); err != nil {
				t.Fatalf("%s: the line %v: %v", fen, line, err)
			}
		}
		if len(line) != n || q.CountLegalMoves() > 0 {
			t.Fatalf("%s: the line %v does not win in %d", fen, line, n)
		}
	}
	if wins == 0 {
		t.Fatal("no win among the positions")
	}
}

func first(out string) string { return strings.SplitN(out, "\n", 2)[0] }

func keys(out string) string {
	var b strings.Builder
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "key ") {
			b.WriteString(l + "\n")
		}
	}
	return b.String()
}

// A bad -tables directory is a one-line error: missing or without tables
// exit 2, a corrupt table exit 1, for every command with the flag (hub
// gave exit 2 for a corrupt table).
func TestTablesFlagErrors(t *testing.T) {
	dir := tablesDir(t)
	corrupt := corruptCopy(t, dir)
	empty := t.TempDir()
	for _, cmd := range [][]string{{"analyze", "-depth", "2"}, {"solve", "3"}, {"hub"}, {"serve", "-addr", "127.0.0.1:0"}, {"match", "-engine", "x", "-engine", "y"}} {
		for _, tc := range []struct {
			dir    string
			status int
			stderr string
		}{
			{filepath.Join(empty, "nope"), 2, "-tables: " + filepath.Join(empty, "nope") + ": no such file"},
			{empty, 2, "-tables: " + empty + ": no endgame tables"},
			{corrupt, 1, "-tables: " + filepath.Join(corrupt, "KMvM.egt") + ": table file corrupt"},
		} {
			args := append([]string{cmd[0], "-tables", tc.dir}, cmd[1:]...)
			status, out, errOut := runCLI(t, "", args...)
			if status != tc.status || out != "" || !strings.HasPrefix(errOut, "hexdame "+cmd[0]+": "+tc.stderr) || strings.Count(errOut, "\n") != 1 {
				t.Errorf("%v: exit %d, stdout %q, stderr %q", args, status, out, errOut)
			}
		}
	}
}

// match -tables: a game that reaches a position the tables hold ends with
// their result, reason adjudication; the other lines keep their contract.
func TestMatchTables(t *testing.T) {
	dir := tablesDir(t)
	work := t.TempDir()
	fens := filepath.Join(work, "o.fen")
	os.WriteFile(fens, []byte("W:WKe5,Kd4:BKb1\nW:Wh8:BKc5\nB:WKd1:Bi7,Ki9\n"), 0o644)
	pdn := filepath.Join(work, "games.pdn")
	code, out, errOut := runCLI(t, "", "match", "-engine", "hexdame hub-random -seed 5", "-engine", "hexdame hub-random",
		"-openings", fens, "-games", "6", "-movetime", "1", "-margin", "10", "-tables", dir, "-pdn", pdn)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	games, _ := checkContract(t, out, 6)
	tb, err := endgame.Load(dir, endgame.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range readPDN(t, pdn) {
		n, _ := strconv.Atoi(tag(g, "Round"))
		line := games[n]
		if value(t, line, "reason") != "adjudication" || value(t, line, "plies") != "1" ||
			!strings.HasPrefix(value(t, line, "detail"), "endgame tables: ") {
			t.Errorf("game %d: %v", n, line)
			continue
		}
		// The result is the tables' value of the position after the move.
		p := g.Position()
		v, d, _ := tb.Probe(p)
		want := map[endgame.Value]string{endgame.Draw: "1-1", endgame.Win: "2-0", endgame.Loss: "0-2"}[v]
		if p.SideToMove() == hexdame.Red && v != endgame.Draw {
			want = map[endgame.Value]string{endgame.Win: "0-2", endgame.Loss: "2-0"}[v]
		}
		if value(t, line, "result") != want || tag(g, "Termination") != "adjudication" {
			t.Errorf("game %d after %s: the tables say %v in %d, the game %v", n, p, v, d, line)
		}
	}
	if code, _, errOut := runCLI(t, "", "match", "-engine", "x", "-engine", "y", "-tables", work); code != 2 || !strings.HasPrefix(errOut, "hexdame match: -tables: ") || strings.Count(errOut, "\n") != 1 {
		t.Errorf("match -tables without tables: exit %d, %q", code, errOut)
	}
}

// A directory with the tables of some materials (here kings only, KvK and
// KKvK) answers the positions of those: probe, stats, analyze and solve
// -tables. Before, every command refused it: "KvM.egt: table file
// missing", exit 2.
func TestSomeTables(t *testing.T) {
	src := tablesDir(t)
	dir := t.TempDir()
	for _, name := range []string{"KvK.egt", "KKvK.egt"} {
		b, err := os.ReadFile(filepath.Join(src, name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	status, out, errOut := runCLI(t, "", "endgame", "probe", "-fen", "W:WKa1:BKb1", dir)
	if status != 0 || first(out) != "win 1" {
		t.Errorf("probe KvK: exit %d, %q, %q", status, out, errOut)
	}
	status, out, errOut = runCLI(t, "", "endgame", "stats", dir)
	if lines := strings.Split(strings.TrimSpace(out), "\n"); status != 0 || len(lines) != 3 || !strings.HasPrefix(lines[2], "KKvK red to move: ") {
		t.Errorf("stats: exit %d, %q, %q", status, out, errOut)
	}
	status, out, errOut = runCLI(t, "", "analyze", "-tables", dir, "-hash", "1", "-fen", "W:WKa1:BKb1", "-depth", "3")
	if status != 0 || !strings.HasPrefix(out, "depth 1 score win 1 ") {
		t.Errorf("analyze -tables: exit %d, %q, %q", status, out, errOut)
	}
	// KvM is not there: searched.
	status, out, errOut = runCLI(t, "", "analyze", "-tables", dir, "-hash", "1", "-fen", "W:WKa1:Bi5", "-depth", "3")
	if status != 0 || !strings.HasPrefix(out, "depth 1 score ") || !strings.Contains(out, "\ndepth 3 score ") {
		t.Errorf("analyze -tables of a material not there: exit %d, %q, %q", status, out, errOut)
	}
	status, out, errOut = runCLI(t, "", "solve", "-tables", dir, "-fen", "W:WKa3,Kc1:BKb2", "11")
	if status != 0 || first(out) != "win 11" || !strings.HasPrefix(errOut, "endgame tables: win in 11\n") {
		t.Errorf("solve -tables: exit %d, %q, %q", status, out, errOut)
	}
	// The hub's engine knows KKvK's win in 11 at depth 3, unless
	// -tables-pieces 2 leaves KKvK out.
	p := hexdame.MustParseFEN("W:WKa3,Kc1:BKb2")
	for _, pieces := range []string{"", "2"} {
		args := []string{"-hash", "1", "-tables", dir}
		if pieces != "" {
			args = append(args, "-tables-pieces", pieces)
		}
		s := startHub(t, args...)
		s.handshake()
		_, infos := s.search(p, posLine(p), "level depth=3", "go think")
		if sc := infos[len(infos)-1].Score; (sc > 25000) != (pieces == "") {
			t.Errorf("hub %v: score %d", args, sc)
		}
	}
}

// -tables-pieces N loads only the tables of at most N pieces: solve
// -tables-pieces 2 of a 3-piece position searches; a count out of range,
// or without -tables (but for hub, whose tables parameter may be set
// later), is a usage error.
func TestTablesPieces(t *testing.T) {
	dir := tablesDir(t)
	fen := "W:WKa3,Kc1:BKb2"
	status, out, errOut := runCLI(t, "", "solve", "-tables", dir, "-fen", fen, "11")
	if status != 0 || first(out) != "win 11" || !strings.HasPrefix(errOut, "endgame tables: win in 11\n") {
		t.Errorf("solve -tables: exit %d, %q, %q", status, out, errOut)
	}
	status, out, errOut = runCLI(t, "", "solve", "-tables", dir, "-tables-pieces", "2", "-fen", fen, "11")
	if status != 0 || first(out) != "win 11" || strings.Contains(errOut, "endgame tables") {
		t.Errorf("solve -tables -tables-pieces 2: exit %d, %q, %q", status, out, errOut)
	}
	for _, cmd := range [][]string{{"analyze", "-depth", "1"}, {"solve", "1"}, {"match", "-engine", "x", "-engine", "y"}, {"serve"}, {"hub"}} {
		for _, tc := range []struct {
			args   []string
			stderr string
		}{
			{[]string{"-tables", dir, "-tables-pieces", "9"}, "-tables-pieces must be from 2 to 8, not 9"},
			{[]string{"-tables", dir, "-tables-pieces", "1"}, "-tables-pieces must be from 2 to 8, not 1"},
			{[]string{"-tables-pieces", "3"}, "-tables-pieces needs -tables"},
		} {
			if cmd[0] == "hub" && tc.stderr == "-tables-pieces needs -tables" {
				continue // set-param tables may come later
			}
			args := append(append([]string{cmd[0]}, tc.args...), cmd[1:]...)
			status, out, errOut := runCLI(t, "", args...)
			if status != 2 || out != "" || !strings.HasPrefix(errOut, "hexdame "+cmd[0]+": ") || !strings.Contains(errOut, tc.stderr) || strings.Count(errOut, "\n") != 1 {
				t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2, %q", args, status, out, errOut, tc.stderr)
			}
		}
	}
}
