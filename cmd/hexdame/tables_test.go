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

// analyse -tables: a position the tables hold is settled at depth 1 with
// its exact score and, for a win or a loss, a line to the end of the game.
func TestAnalyseTables(t *testing.T) {
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
		status, out, errOut := runCLI(t, "", "analyse", "-tables", dir, "-hash", "1", "-fen", tc.fen, "-depth", "12")
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if status != 0 || len(lines) != 2 || !strings.HasPrefix(lines[0], "depth 1 score "+tc.score+" nodes ") {
			t.Errorf("analyse -tables -fen %s: exit %d, stdout %q, stderr %q", tc.fen, status, out, errOut)
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
		if len(pv) != tc.plies || p.HasLegalMoves() {
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
		if len(line) != n || q.HasLegalMoves() {
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
// exit 2, a corrupt table exit 1.
func TestTablesFlagErrors(t *testing.T) {
	dir := tablesDir(t)
	corrupt := corruptCopy(t, dir)
	empty := t.TempDir()
	for _, cmd := range [][]string{{"analyse", "-depth", "2"}, {"solve", "3"}} {
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
	withTool(t)
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
