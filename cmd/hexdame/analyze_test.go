package main

import (
	"regexp"
	"strings"
	"testing"
	"time"
)

var depthLine = regexp.MustCompile(`^depth (\d+) score ([+-]\d+\.\d\d|win \d+|loss \d+) nodes \d+ time \d+\.\d{3} pv( [a-i][1-9]([-x][a-i][1-9])+)+$`)

func TestAnalyze(t *testing.T) {
	status, out, errOut := runCLI(t, "", "analyze", "-depth", "4")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if status != 0 || len(lines) != 5 || !strings.Contains(errOut, "nodes/s") {
		t.Fatalf("analyze -depth 4: exit %d, stdout %q, stderr %q", status, out, errOut)
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
	status, out, _ = runCLI(t, "", "analyze", "-fen", "W:Wa3,a5,b4,b5,c2,d4,f3:Bc4,d6,e7,f6,f8,g5,h9", "-depth", "9")
	if status != 0 || !strings.Contains(out, "score win 7 nodes") || !strings.HasSuffix(out, "\nb5-c5\n") {
		t.Errorf("Springer: exit %d, %q", status, out)
	}
	// MultiPV: K lines a depth, numbered, best first.
	status, out, _ = runCLI(t, "", "analyze", "-depth", "2", "-multipv", "3")
	lines = strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if status != 0 || len(lines) != 7 || !strings.HasPrefix(lines[0], "depth 1 multipv 1 score") || !strings.HasPrefix(lines[5], "depth 2 multipv 3 score") {
		t.Errorf("multipv: exit %d, %q", status, out)
	}
	// A node limit, a time limit, a level and threads.
	for _, args := range [][]string{
		{"analyze", "-nodes", "2000"},
		{"analyze", "-movetime", "0.05"},
		{"analyze", "-level", "1", "-depth", "3"},
		{"analyze", "-threads", "2", "-depth", "5", "-hash", "4"},
	} {
		status, out, _ := runCLI(t, "", args...)
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if status != 0 || !strings.Contains(moves, lines[len(lines)-1]+"\n") {
			t.Errorf("%v: exit %d, %q", args, status, out)
		}
	}
}

func TestAnalyzeErrors(t *testing.T) {
	for _, tc := range []struct {
		args   []string
		status int
		stderr string
	}{
		{[]string{"analyze", "-depth", "0"}, 2, "-depth must be from 1"},
		{[]string{"analyze", "-depth", "1000"}, 2, "-depth must be from 1"},
		{[]string{"analyze", "-movetime", "0"}, 2, "-movetime must be"},
		{[]string{"analyze", "-movetime", "NaN"}, 2, "-movetime must be"},
		{[]string{"analyze", "-movetime", "1e300"}, 2, "-movetime must be"},
		{[]string{"analyze", "-nodes", "-5"}, 2, "-nodes must be"},
		{[]string{"analyze", "-depth", "3", "-nodes", "100"}, 2, "only one of"},
		{[]string{"analyze", "-level", "11"}, 2, "-level must be"},
		{[]string{"analyze", "-level", "0"}, 2, "-level must be"},
		{[]string{"analyze", "-multipv", "0"}, 2, "-multipv must be"},
		{[]string{"analyze", "-threads", "100000"}, 2, "-threads must be"},
		{[]string{"analyze", "-hash", "1000000"}, 2, "-hash must be"},
		{[]string{"analyze", "-hash", "0"}, 2, "-hash must be"},
		{[]string{"analyze", "-fen", "W:Wz9"}, 2, "invalid FEN"},
		{[]string{"analyze", "extra"}, 2, "unexpected argument"},
		{[]string{"analyze", "-fen", "W:W:Bi9"}, 1, "no legal move"},
	} {
		status, out, errOut := runCLI(t, "", tc.args...)
		if status != tc.status || out != "" || !strings.Contains(errOut, tc.stderr) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", tc.args, status, out, errOut)
		}
	}
}

// A move time too small for a Duration is still a limit: the search
// answers at once. It used to become no limit, and a search without end.
func TestAnalyzeTinyMoveTime(t *testing.T) {
	for _, mt := range []string{"1e-300", "0.0000000001"} {
		type result struct {
			status      int
			out, errOut string
		}
		done := make(chan result, 1)
		go func() {
			status, out, errOut := runCLI(t, "", "analyze", "-movetime", mt, "-hash", "1")
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

// hexdame analyse, the command's name until issue 35, still runs hexdame
// analyze: the same output and exit status, its errors under the command's
// name, the same help (which says analyse is accepted). The list of
// commands shows analyze only.
func TestAnalyseAlias(t *testing.T) {
	times := regexp.MustCompile(` time \d+\.\d{3} `)
	for _, args := range [][]string{
		{"-depth", "4"},
		{"-fen", "W:Wa3,a5,b4,b5,c2,d4,f3:Bc4,d6,e7,f6,f8,g5,h9", "-depth", "9", "-multipv", "2"},
		{"-depth", "0"},
		{"-fen", "W:W:Bi9"},
		{"extra"},
	} {
		status, out, errOut := runCLI(t, "", append([]string{"analyze"}, args...)...)
		aStatus, aOut, aErrOut := runCLI(t, "", append([]string{"analyse"}, args...)...)
		out, aOut = times.ReplaceAllString(out, " time T "), times.ReplaceAllString(aOut, " time T ")
		if aStatus != status || aOut != out || (status != 0 && aErrOut != errOut) {
			t.Errorf("analyse %q: exit %d, stdout %q, stderr %q; analyze: exit %d, stdout %q, stderr %q", args, aStatus, aOut, aErrOut, status, out, errOut)
		}
		if status != 0 && !strings.HasPrefix(aErrOut, "hexdame analyze: ") {
			t.Errorf("analyse %q: stderr %q, want it under the name hexdame analyze", args, aErrOut)
		}
	}
	_, help, _ := runCLI(t, "", "help", "analyze")
	for _, args := range [][]string{{"help", "analyse"}, {"analyse", "-h"}} {
		if status, out, _ := runCLI(t, "", args...); status != 0 || out != help {
			t.Errorf("%q: exit %d, output %q; want hexdame help analyze's", args, status, out)
		}
	}
	if !strings.HasPrefix(help, "usage: hexdame analyze ") || !strings.Contains(help, "hexdame analyse, the command's former name, is accepted too.") {
		t.Errorf("help analyze does not name analyze, or not say that analyse is accepted:\n%s", help)
	}
	_, list, _ := runCLI(t, "", "help")
	if !strings.Contains(list, "\n  analyze ") || strings.Contains(list, "analyse") {
		t.Errorf("the list of commands should show analyze and not analyse:\n%s", list)
	}
}

// Every flag that takes seconds says so when given a duration with a
// unit, and what the value is in seconds: -movetime 1s said "parse
// error" (issue 36).
func TestSecondsFlagsSayWhatTheyWant(t *testing.T) {
	e := []string{"-engine", "hexdame hub-random", "-engine", "hexdame hub-random"}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"analyze", "-movetime", "1s"}, `-movetime must be a number of seconds, such as 0.5, without a unit: not "1s" (1s is 1)`},
		{[]string{"analyze", "-movetime", "500ms"}, `(500ms is 0.5)`},
		{append([]string{"match", "-movetime", "1s"}, e...), `-movetime must be a number of seconds, such as 0.5, without a unit: not "1s" (1s is 1)`},
		{append([]string{"match", "-margin", "2s"}, e...), `-margin must be a number of seconds`},
		{append([]string{"match", "-start-timeout", "1m"}, e...), `(1m is 60)`},
		{append([]string{"match", "-tc", "1m+1s"}, e...), `-tc must be SECONDS+INC`},
		{append([]string{"match", "-tc", "1m+1s"}, e...), `(1m+1s is 60+1)`},
		{append([]string{"match", "-tc", "x"}, e...), `such as 60+0.5`},
	} {
		status, out, errOut := runCLI(t, "", tc.args...)
		if status != 2 || out != "" || !strings.Contains(errOut, tc.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2 and %q", tc.args, status, out, errOut, tc.want)
		}
	}
}
