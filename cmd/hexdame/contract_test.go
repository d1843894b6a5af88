package main

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// The tool's contract with the scripts that run it: exit statuses, one
// line on standard error, nothing on standard output for an error.
func TestExitStatusContract(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	valid := write("valid.pdn", "1. d4-e5 f6xd4 *\n")
	invalid := write("invalid.pdn", "1. d4-e5 h6-h5 *\n")
	international := write("intl.pdn", "[GameType \"20\"]\n\n1. 32-28 19-23 *\n")
	unreadable := write("unreadable.pdn", "1. d4-e5 *\n")
	if err := os.Chmod(unreadable, 0); err != nil {
		t.Fatal(err)
	}
	canRead := true
	if f, err := os.Open(unreadable); err == nil {
		canRead = false // running as root: permissions are not enforced
		f.Close()
	}
	long := "d4-" + strings.Repeat("d4-", 61) + "d4"
	tests := []struct {
		name   string
		stdin  string
		args   []string
		status int
		stderr string // a part of the one line on standard error, "" for none
	}{
		{"no command", "", nil, 2, "usage"},
		{"unknown command", "", []string{"frobnicate"}, 2, `unknown command "frobnicate"`},
		{"unknown flag", "", []string{"show", "-bogus"}, 2, "-bogus"},
		{"bad FEN", "", []string{"show", "-fen", "W:Wa6"}, 2, "invalid FEN"},
		{"empty FEN", "", []string{"show", "-fen", ""}, 2, "empty FEN"},
		{"blank FEN", "", []string{"moves", "-fen", "  "}, 2, "empty FEN"},
		{"unexpected argument", "", []string{"moves", "extra"}, 2, "unexpected argument"},
		{"illegal move", "", []string{"play", "d4-e6"}, 1, `move 1 "d4-e6": illegal move`},
		{"ambiguous move", "", []string{"play", "-fen", "W:WKe1:Ba2,a3,c7,d7,e6,g5", "e1xh5"}, 1, "ambiguous move"},
		{"malformed move", "", []string{"play", "d4+e5"}, 2, "invalid move syntax"},
		{"unknown cell", "", []string{"play", "d4-q5"}, 2, `no cell "q5"`},
		{"63-cell move", "", []string{"play", long}, 2, "more than 62 cells"},
		{"move after threefold repetition", "", []string{"play", "-fen", "W:WKa1:BKi9",
			"a1-b1", "i9-h9", "b1-a1", "h9-i9", "a1-b1", "i9-h9", "b1-a1", "h9-i9", "a1-b1"}, 1, "move 9 \"a1-b1\": game over: the game ended 1-1 (repetition)"},
		{"move after a side has no move", "", []string{"play", "-fen", "W:Wc3:Bd3,f4,g6,f7,d6,c4", "c3xc3", "a1-a2"}, 1, "game over"},
		{"perft without depth", "", []string{"perft"}, 2, "DEPTH"},
		{"perft negative depth", "", []string{"perft", "-5"}, 2, "must not be negative"},
		{"perft negative depth after a flag", "", []string{"perft", "-workers", "1", "-3"}, 2, "must not be negative"},
		{"perft zero depth", "", []string{"perft", "0"}, 2, "from 1 to 32"},
		{"perft depth beyond the maximum", "", []string{"perft", "1000000000"}, 2, "from 1 to 32"},
		{"solve negative plies", "", []string{"solve", "-5"}, 2, "PLIES must not be negative"},
		{"solve plies beyond the maximum", "", []string{"solve", "64"}, 2, "from 1 to 63"},
		{"perft depth that is not a number", "", []string{"perft", "zero"}, 2, "whole number"},
		{"perft negative workers", "", []string{"perft", "-workers", "-1", "2"}, 2, "-workers"},
		{"validate without files", "", []string{"validate"}, 2, "want one or more"},
		{"validate missing file", "", []string{"validate", filepath.Join(dir, "missing.pdn")}, 2, "missing.pdn: no such file"},
		{"validate a directory", "", []string{"validate", dir}, 2, "is a directory"},
		{"validate an invalid game", "", []string{"validate", invalid}, 1, ""},
		{"validate a valid game", "", []string{"validate", valid}, 0, ""},
		{"validate standard input", "1. d4-e5 *", []string{"validate", "-"}, 0, ""},
		{"validate another game's record", "", []string{"validate", international}, 1, ""},
		{"convert a directory", "", []string{"convert", "-to", "numeric", dir}, 2, "is a directory"},
		{"convert a missing file", "", []string{"convert", "-to", "numeric", filepath.Join(dir, "missing.pdn")}, 2, "no such file"},
		{"convert without -to", "", []string{"convert", valid}, 2, "-to"},
		{"convert another game's record", "", []string{"convert", "-to", "numeric", international}, 1, "not a HexDame record"},
		{"convert standard input", "1. d4-e5 *", []string{"convert", "-to", "numeric", "-"}, 0, ""},
		{"random negative games", "", []string{"random", "-games", "-1"}, 2, "must not be negative"},
		{"help", "", []string{"help"}, 0, ""},
		{"help of a command", "", []string{"help", "perft"}, 0, ""},
		{"help of an unknown command", "", []string{"help", "nope"}, 2, "unknown command"},
		{"help of help", "", []string{"help", "help"}, 0, ""},
		{"help of two commands", "", []string{"help", "perft", "extra"}, 2, "want one command, not 2 arguments"},
		{"command -h", "", []string{"random", "-h"}, 0, ""},
	}
	if canRead {
		tests = append(tests, struct {
			name   string
			stdin  string
			args   []string
			status int
			stderr string
		}{"validate an unreadable file", "", []string{"validate", unreadable}, 2, "permission denied"})
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			status, out, errOut := runCLI(t, tc.stdin, tc.args...)
			if status != tc.status {
				t.Errorf("exit %d, want %d; stdout %q, stderr %q", status, tc.status, out, errOut)
			}
			if tc.stderr == "" {
				if errOut != "" && status != 0 {
					t.Logf("stderr %q", errOut)
				}
				return
			}
			if !strings.Contains(errOut, tc.stderr) {
				t.Errorf("stderr %q does not contain %q", errOut, tc.stderr)
			}
			if len(tc.args) > 0 && strings.Count(errOut, "\n") != 1 {
				t.Errorf("stderr is not one line: %q", errOut)
			}
			if strings.Contains(errOut, "goroutine") || strings.Contains(errOut, "panic") {
				t.Errorf("stderr holds a Go trace: %q", errOut)
			}
			if status == 2 && !strings.HasPrefix(tc.name, "validate") && out != "" {
				t.Errorf("stdout %q on a usage error", out)
			}
		})
	}
}

// The message of an illegal move names the move text once.
func TestPlayNamesTheMoveOnce(t *testing.T) {
	_, _, errOut := runCLI(t, "", "play", "d4-e6")
	if strings.Count(errOut, "d4-e6") != 1 {
		t.Errorf("stderr %q names the move %d times", errOut, strings.Count(errOut, "d4-e6"))
	}
}

// Every command's help names its flags with their meaning.
func TestHelpDescribesFlags(t *testing.T) {
	for _, c := range commands {
		status, out, _ := runCLI(t, "", "help", c.name)
		_, out2, _ := runCLI(t, "", c.name, "-h")
		if status != 0 || !strings.HasPrefix(out, "usage: hexdame "+c.name) || out != out2 {
			t.Errorf("help %s: exit %d, output %q, -h output %q", c.name, status, out, out2)
		}
	}
	_, out, _ := runCLI(t, "", "help", "random")
	for _, flag := range []string{"-games", "-seed", "-maxplies", "-numeric"} {
		if !strings.Contains(out, flag) {
			t.Errorf("help random does not describe %s:\n%s", flag, out)
		}
	}
}

// validate reports each problem of a game: a bad variation does not hide
// a bad main-line move after it.
func TestValidateReportsEveryProblem(t *testing.T) {
	status, out, _ := runCLI(t, "1. d4-e5 (1. d4-d6) f6xd4 2. a1-a2 *\n", "validate", "-")
	if status != 1 || strings.Count(out, "standard input:") != 2 || !strings.Contains(out, "1 games, 0 valid, 2 problems") {
		t.Errorf("exit %d, output %q", status, out)
	}
}

// The README's picture is what "hexdame svg -coords" draws.
func TestReadmePicture(t *testing.T) {
	status, out, _ := runCLI(t, "", "svg", "-coords")
	if status != 0 {
		t.Fatalf("svg -coords: exit %d", status)
	}
	path := filepath.Join("..", "..", "doc", "start-position.svg")
	if *update {
		if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if out != string(want) {
		t.Errorf("%s is not what hexdame svg -coords draws (go test ./cmd/hexdame -update rewrites it)", path)
	}
}

func TestSVGCommand(t *testing.T) {
	status, out, _ := runCLI(t, "", "svg", "-fen", "W:WKe1:Ba2,a3,c7,d7,e6,g5", "-move", "e1xe8xb5xh5", "-flip", "-size", "300")
	if status != 0 || !strings.HasPrefix(out, "<?xml") || !strings.Contains(out, `width="300"`) || strings.Count(out, `class="captured"`) != 3 {
		t.Errorf("svg with a move: exit %d, %.200q", status, out)
	}
	for _, tc := range []struct {
		args   []string
		stderr string
	}{
		{[]string{"svg", "-move", "d4-e6"}, "illegal move"},
		{[]string{"svg", "-move", "d4+e6"}, "invalid move syntax"},
		{[]string{"svg", "-size", "0"}, "-size"},
		{[]string{"svg", "-fen", "W:Wz1"}, "invalid FEN"},
		{[]string{"svg", "extra"}, "unexpected argument"},
		{[]string{"html", "a", "b"}, "at most one FILE"},
		{[]string{"html", "no-such-file.pdn"}, "no such file"},
	} {
		status, out, errOut := runCLI(t, "", tc.args...)
		if status != 2 || out != "" || !strings.Contains(errOut, tc.stderr) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d, stdout %.40q, stderr %q", tc.args, status, out, errOut)
		}
	}
}

func TestSolveCommand(t *testing.T) {
	status, out, errOut := runCLI(t, "", "solve", "-fen", "W:Wa3,a5,b4,b5,c2,d4,f3:Bc4,d6,e7,f6,f8,g5,h9", "-all", "9")
	want := "win 7\nb5-c5\nc4xa4xa2\nf3-g4\na2xd2xd5xb5\ng4xg6xe6xe8xg8\nh9xf7\na5xc5xe7xg7\nkey b5-c5 7\n"
	if status != 0 || out != want || !strings.Contains(errOut, "positions") {
		t.Errorf("solve Springer: exit %d, stdout %q, stderr %q", status, out, errOut)
	}
	if status, out, _ := runCLI(t, "", "solve", "3"); status != 0 || out != "none\n" {
		t.Errorf("solve the start: exit %d, %q", status, out)
	}
	// A node limit reached before an answer: "unknown", and what is known.
	middle := "W:Wa1,a2,a3,b1,b2,b4,c1,c2,c4,d1,d3,e3,e4,f4:Bf6,f8,g6,g7,g8,h6,h7,h8,h9,i6,i7,i9,e7,d6"
	if status, out, errOut := runCLI(t, "", "solve", "-fen", middle, "-nodes", "20000", "63"); status != 0 || out != "unknown\n" ||
		!strings.Contains(errOut, "node limit reached after ") || !strings.Contains(errOut, "to 63 not searched to their end") {
		t.Errorf("solve -nodes: exit %d, stdout %q, stderr %q", status, out, errOut)
	}
	if status, out, _ := runCLI(t, "", "solve", "-fen", "W:Wa3,a5,b4,b5,c2,d4,f3:Bc4,d6,e7,f6,f8,g5,h9", "-nodes", "1000000", "9"); status != 0 || !strings.HasPrefix(out, "win 7\nb5-c5\n") {
		t.Errorf("solve -nodes with enough nodes: exit %d, %q", status, out)
	}
	for _, args := range [][]string{{"solve"}, {"solve", "0"}, {"solve", "-3"}, {"solve", "64"}, {"solve", "x"}, {"solve", "-fen", "W:Wq1", "3"}, {"solve", "-nodes", "x", "3"}, {"solve", "-nodes", "-1", "3"}} {
		if status, out, errOut := runCLI(t, "", args...); status != 2 || out != "" || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, status, out, errOut)
		}
	}
}

// A fullDisk takes the first writes calls to Write, counting them in
// calls; the next call writes half its bytes and fails as a full disk
// does, and so does every later one.
type fullDisk struct{ writes, calls int }

func (d *fullDisk) Write(p []byte) (int, error) {
	d.calls++
	if d.calls <= d.writes {
		return len(p), nil
	}
	return len(p) / 2, &os.PathError{Op: "write", Path: "/dev/stdout", Err: syscall.ENOSPC}
}

// writeFailureCases runs every command with output; each command of the
// tool needs one. Standard input is stdin (match's engines are this test
// binary, the tool on the PATH).
var writeFailureCases = []struct {
	name string
	args []string
}{
	{"show", []string{"show"}},
	{"moves", []string{"moves"}},
	{"play", []string{"play", "d4-e5"}},
	{"perft", []string{"perft", "-divide", "3"}},
	{"validate", []string{"validate", "../../testdata/pdn/features.pdn"}},
	{"validate", []string{"validate", "../../testdata/pdn/problems.pdn"}},
	{"convert", []string{"convert", "-to", "numeric", "../../testdata/pdn/features.pdn"}},
	{"random", []string{"random", "-games", "3"}},
	{"svg", []string{"svg"}},
	{"html", []string{"html", "../../testdata/pdn/features.pdn"}},
	{"solve", []string{"solve", "3"}},
	{"analyze", []string{"analyze", "-depth", "4"}},
	{"review", []string{"review", "-depth", "3", "../../testdata/pdn/features.pdn"}},
	{"match", []string{"match", "-engine", "hexdame hub-random -seed 1", "-engine", "hexdame hub-random -seed 2", "-games", "2"}},
	{"hub", []string{"hub", "-hash", "1"}},
	{"hub-random", []string{"hub-random"}},
	{"endgame", []string{"endgame", "materials", "-pieces", "5"}}, // probe and stats: endgame_test.go
	{"serve", []string{"serve", "-addr", "127.0.0.1:0", "-hash", "1"}},
	{"help", []string{"help"}},
	{"help", []string{"help", "perft"}},
	{"help", []string{"perft", "-h"}},
}

// A failed write is an error: every command, its output failing at its
// first write, a middle one or its last, exits 2 with a line on standard
// error saying why, its last. (Cut by writes, not bytes, because match's
// output varies with the engines' timing, but not its number of writes.)
func TestWriteFailure(t *testing.T) {
	const stdin = "hub\nping\nquit\n" // for hub and hub-random
	covered := map[string]bool{}
	for _, tc := range writeFailureCases {
		covered[tc.name] = true
		counter := &fullDisk{writes: math.MaxInt}
		var errOut strings.Builder
		status := run(tc.args, strings.NewReader(stdin), counter, &errOut)
		if status == 2 || counter.calls == 0 {
			t.Fatalf("%q: exit %d after %d writes, stderr %q", tc.args, status, counter.calls, errOut.String())
		}
		prefix := "hexdame " + tc.name
		if tc.name == "help" && tc.args[0] != "help" {
			prefix = "hexdame " + tc.args[0]
		}
		for _, writes := range []int{0, counter.calls / 2, counter.calls - 1} {
			var errOut strings.Builder
			status := run(tc.args, strings.NewReader(stdin), &fullDisk{writes: writes}, &errOut)
			want := prefix + ": writing standard output: no space left on device\n"
			lines := strings.Count(errOut.String(), "\n")
			if tc.name == "match" || tc.name == "solve" || tc.name == "analyze" || tc.name == "review" { // and their progress lines
				lines = strings.Count(errOut.String(), prefix+":")
			}
			if status != 2 || !strings.HasSuffix(errOut.String(), want) || lines != 1 {
				t.Errorf("%q failing after %d of %d writes: exit %d, stderr %q; want exit 2, %q", tc.args, writes, counter.calls, status, errOut.String(), want)
			}
		}
	}
	for _, c := range commands {
		if !covered[c.name] {
			t.Errorf("command %s has no case in writeFailureCases", c.name)
		}
	}
}

// The same on a real full disk, when the system has /dev/full.
func TestWriteToDevFull(t *testing.T) {
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skip("no /dev/full:", err)
	}
	defer full.Close()
	for _, args := range [][]string{{"validate", "../../testdata/pdn/features.pdn"}, {"help"}, {"random", "-games", "50"}} {
		var errOut strings.Builder
		status := run(args, strings.NewReader(""), full, &errOut)
		if status != 2 || !strings.HasSuffix(errOut.String(), ": writing standard output: no space left on device\n") {
			t.Errorf("%q > /dev/full: exit %d, stderr %q", args, status, errOut.String())
		}
	}
}
