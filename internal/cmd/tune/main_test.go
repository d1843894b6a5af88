package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The tuner's steps run end to end on a small scale: two games of
// selfplay, a few steps of fit, a two-game match, write into a copy of
// eval.go's weights block, and tactics on a position with a known win.
func TestSteps(t *testing.T) {
	dir := t.TempDir()
	games := filepath.Join(dir, "games.txt")
	weights := filepath.Join(dir, "weights.txt")
	steps := [][]string{
		{"selfplay", "-games", "2", "-nodes", "300", "-out", games},
		{"fit", "-iters", "3", "-out", weights, games},
		{"match", "-b", weights, "-games", "2", "-nodes", "300"},
	}
	for _, args := range steps {
		if err := run(args); err != nil {
			t.Fatalf("%s: %v", args[0], err)
		}
	}
	data, err := os.ReadFile(games)
	if err != nil || !strings.Contains(string(data), "\n") {
		t.Fatalf("selfplay wrote %q, %v", data, err)
	}
	w, err := readWeights(weights)
	if err != nil || len(w) == 0 {
		t.Fatalf("fit wrote weights that read as %v, %v", w, err)
	}

	eval := filepath.Join(dir, "eval.go")
	src := "package engine\n\nvar w = x{\n\t// BEGIN TUNED WEIGHTS\n\told\n\t// END TUNED WEIGHTS\n}\n"
	if err := os.WriteFile(eval, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := run([]string{"write", "-weights", weights, eval}); err != nil {
		t.Fatal(err)
	}
	out, err := os.ReadFile(eval)
	if err != nil || strings.Contains(string(out), "old") || !strings.Contains(string(out), "// man\n") {
		t.Errorf("write made\n%s", out)
	}

	// A win in 3 plies from engine/testdata/tactics.fen, as selfplay
	// writes positions.
	fens := filepath.Join(dir, "tactics-in.txt")
	if err := os.WriteFile(fens, []byte("B:WKd4:BKa5,Kb3 0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tactics := filepath.Join(dir, "tactics.fen")
	if err := run([]string{"tactics", "-n", "1", "-plies", "3", "-out", tactics, fens}); err != nil {
		t.Fatal(err)
	}
	if out, err := os.ReadFile(tactics); err != nil || !strings.Contains(string(out), "B:WKd4:BKa5,Kb3\t3\tb3-b4") {
		t.Errorf("tactics wrote\n%s", out)
	}

	for _, args := range [][]string{nil, {"nonsense"}, {"selfplay"}, {"fit", "-nonsense"}} {
		if err := run(args); err == nil {
			t.Errorf("%q: no error", args)
		}
	}
}
