package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/internal/enginehooks"
	"github.com/hexdame/hexdame/internal/evalweights"
)

// The test binary is the tool when TUNE_RUN_MAIN is set, for the tests
// that stop it with signals.
func TestMain(m *testing.M) {
	if os.Getenv("TUNE_RUN_MAIN") != "" {
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// runOK runs the tool's command args and fails the test on an error.
func runOK(t *testing.T, args ...string) {
	t.Helper()
	if err := run(context.Background(), args); err != nil {
		t.Fatalf("%q: %v", args, err)
	}
}

// shardLines returns the game lines of a shard, sorted.
func shardLines(t *testing.T, name string) []string {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	games := slices.Clone(lines[1:])
	slices.Sort(games)
	return games
}

// The tool's steps run end to end on a small scale: selfplay, fit, a
// match, write into a copy of eval.go's weights block and of the
// patterns file, and tactics on a position with a known win.
func TestSteps(t *testing.T) {
	dir := t.TempDir()
	weights := filepath.Join(dir, "w.hxw")
	linear := filepath.Join(dir, "linear.hxw")
	runOK(t, "selfplay", "-dir", dir, "-games", "4", "-nodes", "300", "-workers", "2")
	runOK(t, "fit", "-dir", dir, "-out", weights, "-epochs", "2", "-batch", "64", "-holdout", "0.3")
	runOK(t, "fit", "-dir", dir, "-out", linear, "-epochs", "1", "-patterns=false")
	runOK(t, "match", "-a", "patterns", "-b", weights, "-games", "2", "-nodes", "300")
	w, err := evalweights.ReadFile(weights)
	if err != nil || len(w.Patterns) != enginehooks.NumPatternWeights || w.Layout != enginehooks.Layout() {
		t.Fatalf("fit wrote a weights file that reads as %v patterns, %v", len(w.Patterns), err)
	}

	eval := filepath.Join(dir, "eval.go")
	src := "package engine\n\nvar w = x{\n\t// BEGIN TUNED WEIGHTS\n\told\n\t// END TUNED WEIGHTS\n}\n"
	if err := os.WriteFile(eval, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := run(context.Background(), []string{"write", "-weights", weights, eval}); err == nil {
		t.Error("the linear weights of a fit with patterns written into eval.go")
	}
	runOK(t, "write", "-weights", linear, eval)
	out, err := os.ReadFile(eval)
	if err != nil || strings.Contains(string(out), "old") || !strings.Contains(string(out), "// man\n") {
		t.Errorf("write made\n%s", out)
	}
	copied := filepath.Join(dir, "patterns.hxw")
	runOK(t, "write", "-weights", weights, copied)
	if a, b := mustRead(t, weights), mustRead(t, copied); !bytes.Equal(a, b) {
		t.Error("write's copy differs from the file")
	}

	// A win in 3 plies from engine/testdata/tactics.fen, as the position
	// after a game's first move.
	tdir := filepath.Join(dir, "tactics")
	if err := os.Mkdir(tdir, 0o755); err != nil {
		t.Fatal(err)
	}
	shard := shardVersion + "\n0\t0-2\t0\tW:WKe4:BKa5,Kb3\te4-d4 b3-b4\t0 0\n"
	if err := os.WriteFile(filepath.Join(tdir, "games-1.txt"), []byte(shard), 0o644); err != nil {
		t.Fatal(err)
	}
	tactics := filepath.Join(dir, "tactics.fen")
	runOK(t, "tactics", "-n", "1", "-plies", "3", "-dir", tdir, "-out", tactics)
	if out, err := os.ReadFile(tactics); err != nil || !strings.Contains(string(out), "B:WKd4:BKa5,Kb3\t3\tb3-b4") {
		t.Errorf("tactics wrote\n%s", out)
	}

	for _, args := range [][]string{nil, {"nonsense"}, {"selfplay"}, {"fit", "-nonsense"}, {"fit", "-dir", t.TempDir(), "-out", weights},
		{"match", "-a", filepath.Join(dir, "games-1.txt")}, {"selfplay", "-dir", dir, "-games", "4", "-nodes", "301"}} {
		if err := run(context.Background(), args); err == nil {
			t.Errorf("%q: no error", args)
		}
	}
}

func mustRead(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// A game's line reads back as the game: its moves (captures with the
// cells they pass where the ends do not tell them apart), result,
// opening and scores.
func TestGameLine(t *testing.T) {
	dir := t.TempDir()
	runOK(t, "selfplay", "-dir", dir, "-games", "3", "-nodes", "200", "-plies", "2")
	n := 0
	for g, err := range readGames([]string{filepath.Join(dir, "games-1.txt")}) {
		if err != nil {
			t.Fatal(err)
		}
		n++
		line := g.appendLine(nil)
		back, err := parseGameLine(g.shard, strings.TrimSuffix(string(line), "\n"))
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(back.moves, g.moves) || !slices.Equal(back.scores, g.scores) || back.result != g.result ||
			back.opening != 2 || back.start != hexdame.StartPosition() || back.number != g.number {
			t.Errorf("game %d reads back as %+v", g.number, back)
		}
		quiet := 0
		for p := range g.quietPositions() {
			if p.pos.HasCapture() || p.pos.CountLegalMoves() == 0 || p.game != g {
				t.Errorf("game %d: position %v is not quiet", g.number, p.pos)
			}
			quiet++
		}
		if quiet == 0 {
			t.Errorf("game %d: no quiet position", g.number)
		}
	}
	if n != 3 {
		t.Errorf("%d games, want 3", n)
	}
	for _, bad := range []string{"", "x\t2-0\t0\tW:W:B\t\t", "0\t*\t0\tW:Wa1:Bi9\t\t", "0\t2-0\t1\tW:Wa1:Bi9\t\t",
		"0\t2-0\t0\tW:Wa1:Bi9\ta1-a2\t", "0\t2-0\t0\tW:Wa1:Bi9\ta1-a5\t7", "0\t2-0\t0\tW:Wa1:Bi9\t\t1"} {
		if g, err := parseGameLine("s", bad); err == nil {
			t.Errorf("%q read as %+v", bad, g)
		}
	}
}

// selfplay's games depend on their openings alone, not on the number of
// games played at once; a run stopped part way and resumed, or with a
// game cut short at the end of its shard, ends with the games of a run
// without a stop.
func TestSelfplayResume(t *testing.T) {
	one, two := t.TempDir(), t.TempDir()
	runOK(t, "selfplay", "-dir", one, "-games", "6", "-nodes", "200", "-workers", "1")
	want := shardLines(t, filepath.Join(one, "games-1.txt"))
	if len(want) != 6 {
		t.Fatalf("%d games, want 6", len(want))
	}
	// Four games, then the fifth cut short by a kill.
	runOK(t, "selfplay", "-dir", two, "-games", "4", "-nodes", "200", "-workers", "2")
	name := filepath.Join(two, "games-1.txt")
	f, err := os.OpenFile(name, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString(want[5][:len(want[5])/2]); err != nil {
		t.Fatal(err)
	}
	f.Close()
	runOK(t, "selfplay", "-dir", two, "-games", "6", "-nodes", "200", "-workers", "2")
	if got := shardLines(t, name); !slices.Equal(got, want) {
		t.Errorf("resumed:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// A shard made with other flags is not mixed with.
	if err := run(context.Background(), []string{"selfplay", "-dir", two, "-games", "7", "-nodes", "300"}); err == nil {
		t.Error("a shard resumed with other flags")
	}
}

// selfplay killed (SIGKILL) while it plays leaves a shard that reads back
// whole, and the run after it completes the games; stopped by SIGINT or
// SIGTERM it says so and exits with status 1, keeping its games.
func TestSelfplayKilled(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the tool as a process")
	}
	dir := t.TempDir()
	name := filepath.Join(dir, "games-1.txt")
	args := []string{"selfplay", "-dir", dir, "-games", "40", "-nodes", "3000", "-workers", "2"}
	for _, sig := range []os.Signal{syscall.SIGKILL, os.Interrupt, syscall.SIGTERM} {
		cmd := exec.Command(os.Args[0], args...)
		cmd.Env = append(os.Environ(), "TUNE_RUN_MAIN=1")
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// Wait for a game more, then stop the run.
		before := 1 // the header
		if data, err := os.ReadFile(name); err == nil {
			before = bytes.Count(data, []byte("\n"))
		}
		for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
			if data, err := os.ReadFile(name); err == nil && bytes.Count(data, []byte("\n")) > before {
				break
			}
		}
		if err := cmd.Process.Signal(sig); err != nil {
			t.Fatal(err)
		}
		err := cmd.Wait()
		var exit *exec.ExitError
		if !errors.As(err, &exit) {
			t.Fatalf("%v: the run ended with %v (it finished before the signal?)", sig, err)
		}
		if sig != syscall.SIGKILL && (exit.ExitCode() != 1 || !strings.Contains(stderr.String(), "interrupted")) {
			t.Errorf("%v: exit %d, standard error:\n%s", sig, exit.ExitCode(), stderr.String())
		}
		n := 0
		for _, err := range readGames([]string{name}) {
			if err != nil {
				t.Fatalf("%v: %v", sig, err)
			}
			n++
		}
		t.Logf("%v: %d games kept", sig, n)
	}
	runOK(t, "selfplay", "-dir", dir, "-games", "12", "-nodes", "3000", "-workers", "2")
	games := shardLines(t, name)
	numbers := map[int]bool{}
	for _, g := range games {
		num, _, _ := strings.Cut(g, "\t")
		n, _ := strconv.Atoi(num)
		if numbers[n] {
			t.Errorf("game %d twice", n)
		}
		numbers[n] = true
	}
	for n := range 12 {
		if !numbers[n] {
			t.Errorf("no game %d", n)
		}
	}
}

// A fit stopped part way and resumed from its checkpoint, and a fit run
// again with more epochs, give the weights of the fit without a stop, to
// the bit; the loss falls.
func TestFitResume(t *testing.T) {
	dir := t.TempDir()
	runOK(t, "selfplay", "-dir", dir, "-games", "6", "-nodes", "300", "-workers", "2")
	fitArgs := func(out string, epochs string) []string {
		return []string{"fit", "-dir", dir, "-out", out, "-epochs", epochs, "-batch", "50", "-holdout", "0.3", "-prate", "2"}
	}
	whole := filepath.Join(dir, "whole.hxw")
	runOK(t, fitArgs(whole, "3")...)

	parts := filepath.Join(dir, "parts.hxw")
	runOK(t, fitArgs(parts, "1")...)
	// Stop the second epoch after its third batch.
	ctx, cancel := context.WithCancel(context.Background())
	afterBatch = func(epoch, batch int) {
		if epoch == 1 && batch == 3 {
			cancel()
		}
	}
	err := run(ctx, fitArgs(parts, "3"))
	afterBatch = nil
	if !errors.Is(err, errInterrupted) {
		t.Fatalf("the stopped fit: %v", err)
	}
	c, err := loadCheckpoint(parts + ".ckpt")
	if err != nil || c.Epoch != 1 || c.Batch != 3 {
		t.Fatalf("the checkpoint: %+v, %v", c, err)
	}
	runOK(t, fitArgs(parts, "3")...)
	if !bytes.Equal(mustRead(t, whole), mustRead(t, parts)) {
		t.Error("the resumed fit's weights differ from the whole fit's")
	}
	a, err1 := loadCheckpoint(whole + ".ckpt")
	b, err2 := loadCheckpoint(parts + ".ckpt")
	if err1 != nil || err2 != nil || !slices.Equal(a.W, b.W) || !slices.Equal(a.Log[1:], b.Log[1:]) {
		t.Errorf("the checkpoints differ:\n%s\n%s", strings.Join(a.Log, "\n"), strings.Join(b.Log, "\n"))
	}
	t.Log("\n" + strings.Join(a.Log, "\n"))
	// Another fit's flags do not resume the checkpoint.
	if err := run(context.Background(), append(fitArgs(parts, "4"), "-l2", "0")); err == nil {
		t.Error("a checkpoint resumed with other flags")
	}
}
