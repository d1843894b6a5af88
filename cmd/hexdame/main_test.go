package main

import (
	"bytes"
	"flag"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/hexdame/hexdame"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// runCLI runs the command line and returns its exit status and outputs.
func runCLI(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(args, strings.NewReader(stdin), &out, &errOut)
	return code, out.String(), errOut.String()
}

// golden compares got with testdata/name, or rewrites it with -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("output differs from %s:\ngot:\n%s\nwant:\n%s", path, got, want)
	}
}

func TestShow(t *testing.T) {
	code, out, _ := runCLI(t, "", "show")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	golden(t, "show-start.golden", out)
	code, out, _ = runCLI(t, "", "show", "-fen", "B:WKe5:B1-3")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || lines[len(lines)-1] != "B:WKe5:Bh9,i8,i9" {
		t.Errorf("show -fen: exit %d, last line %q", code, lines[len(lines)-1])
	}
}

func TestMoves(t *testing.T) {
	code, out, _ := runCLI(t, "", "moves")
	if code != 0 || len(strings.Fields(out)) != 15 || !strings.Contains(out, "d4-e5\n") {
		t.Errorf("moves: exit %d, output %q", code, out)
	}
	code, out, _ = runCLI(t, "", "moves", "-fen", "W:WKe1:Ba2,a3,c7,d7,e6,g5")
	want := "e1xe8xb5xh5\ne1xe8xb5xi5\ne1xe9xa5xh5\ne1xe9xa5xi5\n"
	if code != 0 || out != want {
		t.Errorf("moves: exit %d, output %q, want %q", code, out, want)
	}
	code, out, _ = runCLI(t, "", "moves", "-numeric", "-fen", "W:WKe5:Bc3,d2,e7")
	if code != 0 || out != "31x57x46x11\n31x57x46x16\n" {
		t.Errorf("moves -numeric: exit %d, output %q", code, out)
	}
}

func TestPlay(t *testing.T) {
	code, out, errOut := runCLI(t, "", "play", "d4-e5", "f6xd4", "c3xe5")
	first, _, _ := strings.Cut(out, "\n")
	if code != 0 || first != "B:Wa1,a2,a3,a4,b1,b2,b3,b4,c1,c2,c4,d1,d2,d3,e5:Bf7,f8,f9,g6,g7,g8,g9,h6,h7,h8,h9,i6,i7,i8,i9" {
		t.Errorf("play: exit %d, first line %q, stderr %q", code, first, errOut)
	}
	golden(t, "play-diagram.golden", out)

	code, out, errOut = runCLI(t, "", "play", "d4-e5", "h6-h5")
	if code != 1 || out != "" || !strings.Contains(errOut, `move 2 "h6-h5"`) || !strings.Contains(errOut, "legal: f6xd4") {
		t.Errorf("illegal move: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	code, _, errOut = runCLI(t, "", "play", "-fen", "W:WKe1:Ba2,a3,c7,d7,e6,g5", "e1xh5")
	if code != 1 || !strings.Contains(errOut, "ambiguous") || !strings.Contains(errOut, "e1xe8xb5xh5") {
		t.Errorf("ambiguous move: exit %d, stderr %q", code, errOut)
	}
	code, _, errOut = runCLI(t, "", "play", "d4+e5")
	if code != 2 || strings.Count(errOut, "\n") != 1 {
		t.Errorf("malformed move: exit %d, stderr %q", code, errOut)
	}
}

// perftSummary is perft's line on standard error: the last depth's count,
// time and speed, then the nodes and time of the whole run.
var perftSummary = regexp.MustCompile(`^depth (\d+): (\d+) nodes in [0-9.]+[µm]?s, \d+ nodes/s; whole run: (\d+) nodes in [0-9.]+[µm]?s\n$`)

func TestPerft(t *testing.T) {
	for _, args := range [][]string{{"perft", "4"}, {"perft", "-workers", "1", "4"}, {"perft", "-hash", "1", "4"}} {
		code, out, errOut := runCLI(t, "", args...)
		m := perftSummary.FindStringSubmatch(errOut)
		if code != 0 || out != "1 15\n2 211\n3 3337\n4 51589\n" || m == nil || m[1] != "4" || m[2] != "51589" || m[3] != "55152" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out, errOut)
		}
	}
	code, out, errOut := runCLI(t, "", "perft", "-divide", "2")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) != 2+15 || lines[1] != "2 211" {
		t.Errorf("perft -divide: exit %d, output %q", code, out)
	}
	// The whole run counts the divide too: 15 + 211 + 211.
	if m := perftSummary.FindStringSubmatch(errOut); m == nil || m[1] != "2" || m[2] != "211" || m[3] != "437" {
		t.Errorf("perft -divide: stderr %q", errOut)
	}
}

func TestUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{},
		{"frobnicate"},
		{"show", "-fen", "W:Wa6"},
		{"show", "-bogus"},
		{"moves", "-fen", "nonsense"},
		{"perft"},
		{"perft", "zero"},
		{"perft", "0"},
		{"play", "-fen", "W:Wz9"},
		{"play", "a6-a7"},
	} {
		code, out, errOut := runCLI(t, "", args...)
		if code != 2 || out != "" || errOut == "" || (len(args) > 0 && strings.Count(errOut, "\n") != 1) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q", args, code, out, errOut)
		}
	}
}

func TestValidate(t *testing.T) {
	code, out, _ := runCLI(t, "", "validate", "../../testdata/pdn/features.pdn", "../../testdata/pdn/random.pdn")
	if code != 0 || out != "2 files, 54 games, 54 valid, 0 problems\n" {
		t.Errorf("valid files: exit %d, output %q", code, out)
	}
	code, out, _ = runCLI(t, "", "validate", "../../testdata/pdn/problems.pdn")
	if code != 1 {
		t.Errorf("problems: exit %d", code)
	}
	golden(t, "validate-problems.golden", out)
	code, out, _ = runCLI(t, "", "validate", "-syntax", "../../testdata/pdn/problems.pdn")
	if code != 1 || !strings.Contains(out, "game 6, invalid PDN") || strings.Contains(out, "game 1,") {
		t.Errorf("-syntax: exit %d, output %q", code, out)
	}
	if code, _, _ := runCLI(t, "", "validate"); code != 2 {
		t.Errorf("no files: exit %d", code)
	}
	if code, _, errOut := runCLI(t, "", "validate", "no-such-file.pdn"); code != 2 || !strings.Contains(errOut, "no-such-file.pdn") {
		t.Errorf("missing file: exit %d, stderr %q", code, errOut)
	}
}

func TestConvert(t *testing.T) {
	code, numeric, errOut := runCLI(t, "", "convert", "-to", "numeric", "../../testdata/pdn/features.pdn")
	if code != 0 || !strings.Contains(numeric, "1. 40-31 (1. 44-39") || !strings.Contains(numeric, `[FEN "W:WK61:BK1"]`) {
		t.Fatalf("convert -to numeric: exit %d, stderr %q, output:\n%s", code, errOut, numeric)
	}
	code, algebraic, _ := runCLI(t, numeric, "convert", "-to", "algebraic")
	if code != 0 || !strings.Contains(algebraic, "1. d4-e5 (1. c4-c5") || !strings.Contains(algebraic, "/FEN \"W:Wc3:Bc4,d3,d6,f4,f7,g6\"/") {
		t.Errorf("convert -to algebraic: exit %d, output:\n%s", code, algebraic)
	}
	if code, _, _ := runCLI(t, "", "convert", "-to", "klingon"); code != 2 {
		t.Errorf("bad -to: exit %d", code)
	}
	// Every record converted has the GameType tag WriteGame writes, the
	// records without one too (issue 27).
	records := 0
	r := hexdame.NewReader(strings.NewReader(numeric))
	for {
		rec, err := r.ReadRecord()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		records++
		var types []string
		for _, tag := range rec.Tags {
			if tag.Name == "GameType" {
				types = append(types, tag.Value)
			}
		}
		if len(types) != 1 || types[0] != "42,W,9,9,N2,0" {
			t.Errorf("convert -to numeric: record %d has the GameType tags %q", records, types)
		}
	}
	if records < 4 {
		t.Errorf("convert -to numeric: %d records", records)
	}
}

func TestRandom(t *testing.T) {
	code, out, _ := runCLI(t, "", "random", "-games", "3", "-seed", "5")
	if code != 0 || strings.Count(out, "[Event ") != 3 {
		t.Fatalf("random: exit %d, output %q", code, out)
	}
	_, again, _ := runCLI(t, "", "random", "-games", "3", "-seed", "5")
	if again != out {
		t.Error("the same seed gave different games")
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "r.pdn")
	if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, v, _ := runCLI(t, "", "validate", path); code != 0 || !strings.HasSuffix(v, "3 games, 3 valid, 0 problems\n") {
		t.Errorf("validating random games: exit %d, %q", code, v)
	}
	if !strings.Contains(out, "[Result \"") || strings.Contains(out, "[Result \"*\"]") {
		t.Errorf("random games need results:\n%s", out)
	}
}

// hexdame help lists the commands in two columns, the summaries lined up
// after the longest name with two spaces at least: "hub-random run a Hub
// engine" ran the two together (issue 36).
func TestHelpColumns(t *testing.T) {
	code, out, _ := runCLI(t, "", "help")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	col := -1
	for _, c := range commands {
		re := regexp.MustCompile(`(?m)^  ` + regexp.QuoteMeta(c.name) + `( {2,})` + regexp.QuoteMeta(c.summary) + `$`)
		m := re.FindStringSubmatchIndex(out)
		if m == nil {
			t.Errorf("no line \"  %s  %s\" in:\n%s", c.name, c.summary, out)
			continue
		}
		at := 2 + len(c.name) + (m[3] - m[2])
		if col >= 0 && at != col {
			t.Errorf("%s's summary starts at column %d, another's at %d:\n%s", c.name, at, col, out)
		}
		col = at
	}
}
