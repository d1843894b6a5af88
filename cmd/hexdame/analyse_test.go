package main

import (
	"regexp"
	"strings"
	"testing"
	"time"
)

var depthLine = regexp.MustCompile(`^depth (\d+) score ([+-]\d+\.\d\d|win \d+|loss \d+) nodes \d+ time \d+\.\d{3} pv( [a-i][1-9]([-x][a-i][1-9])+)+$`)

func TestAnalyse(t *testing.T) {
	status, out, errOut := runCLI(t, "", "analyse", "-depth", "4")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if status != 0 || len(lines) != 5 || !strings.Contains(errOut, "nodes/s") {
		t.Fatalf("analyse -depth 4: exit %d, stdout %q, stderr %q", status, out, errOut)
	}
	for i, l := range lines[:4] {
		m := depthLine.FindStringSubmatch(l)
		if m == nil || m[1] != string(rune('1'+i)) {
			t.Errorf("line %d: %q", i+1, l)
		}
	}
	// The last line is the best move alone, a legal move of the start.
	_, moves, _ := runCLI(t, "", "moves")
	if !strings.Contains(moves, lines[4]+"\n") {
		t.Errorf("last line %q is not a legal move", lines[4])
	}
	// Leo Springer's problem: the key and the win.
	status, out, _ = runCLI(t, "", "analyse", "-fen", "W:Wa3,a5,b4,b5,c2,d4,f3:Bc4,d6,e7,f6,f8,g5,h9", "-depth", "9")
	if status != 0 || !strings.Contains(out, "score win 7 nodes") || !strings.HasSuffix(out, "\nb5-c5\n") {
		t.Errorf("Springer: exit %d, %q", status, out)
	}
	// MultiPV: K lines a depth, numbered, best first.
	status, out, _ = runCLI(t, "", "analyse", "-depth", "2", "-multipv", "3")
	lines = strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if status != 0 || len(lines) != 7 || !strings.HasPrefix(lines[0], "depth 1 multipv 1 score") || !strings.HasPrefix(lines[5], "depth 2 multipv 3 score") {
		t.Errorf("multipv: exit %d, %q", status, out)
	}
	// A node limit, a time limit, a level and threads.
	for _, args := range [][]string{
		{"analyse", "-nodes", "2000"},
		{"analyse", "-movetime", "0.05"},
		{"analyse", "-level", "1", "-depth", "3"},
		{"analyse", "-threads", "2", "-depth", "5", "-hash", "4"},
	} {
		status, out, _ := runCLI(t, "", args...)
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if status != 0 || !strings.Contains(moves, lines[len(lines)-1]+"\n") {
			t.Errorf("%v: exit %d, %q", args, status, out)
		}
	}
}

func TestAnalyseErrors(t *testing.T) {
	for _, tc := range []struct {
		args   []string
		status int
		stderr string
	}{
		{[]string{"analyse", "-depth", "0"}, 2, "-depth must be from 1"},
		{[]string{"analyse", "-depth", "1000"}, 2, "-depth must be from 1"},
		{[]string{"analyse", "-movetime", "0"}, 2, "-movetime must be"},
		{[]string{"analyse", "-movetime", "NaN"}, 2, "-movetime must be"},
		{[]string{"analyse", "-movetime", "1e300"}, 2, "-movetime must be"},
		{[]string{"analyse", "-nodes", "-5"}, 2, "-nodes must be"},
		{[]string{"analyse", "-depth", "3", "-nodes", "100"}, 2, "only one of"},
		{[]string{"analyse", "-level", "11"}, 2, "-level must be"},
		{[]string{"analyse", "-level", "0"}, 2, "-level must be"},
		{[]string{"analyse", "-multipv", "0"}, 2, "-multipv must be"},
		{[]string{"analyse", "-threads", "100000"}, 2, "-threads must be"},
		{[]string{"analyse", "-hash", "1000000"}, 2, "-hash must be"},
		{[]string{"analyse", "-hash", "0"}, 2, "-hash must be"},
		{[]string{"analyse", "-fen", "W:Wz9"}, 2, "invalid FEN"},
		{[]string{"analyse", "extra"}, 2, "unexpected argument"},
		{[]string{"analyse", "-fen", "W:W:Bi9"}, 1, "no legal move"},
	} {
		status, out, errOut := runCLI(t, "", tc.args...)
		if status != tc.status || out != "" || !strings.Contains(errOut, tc.stderr) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", tc.args, status, out, errOut)
		}
	}
}

// A move time too small for a Duration is still a limit: the search
// answers at once. It used to become no limit, and a search without end.
func TestAnalyseTinyMoveTime(t *testing.T) {
	for _, mt := range []string{"1e-300", "0.0000000001"} {
		type result struct {
			status      int
			out, errOut string
		}
		done := make(chan result, 1)
		go func() {
			status, out, errOut := runCLI(t, "", "analyse", "-movetime", mt, "-hash", "1")
			done <- result{status, out, errOut}
		}()
		select {
		case r := <-done:
			if r.status != 0 || !strings.HasSuffix(r.out, "\n") || r.errOut == "" {
				t.Errorf("-movetime %s: exit %d, stdout %q, stderr %q", mt, r.status, r.out, r.errOut)
			}
		case <-time.After(30 * time.Second):
			t.Fatalf("-movetime %s: no answer within 30 s", mt)
		}
	}
}
