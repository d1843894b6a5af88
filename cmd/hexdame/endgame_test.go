package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hexdame/hexdame/endgame"
)

// endgameDir builds the tables up to 3 pieces with the tool, once.
var endgameDir = sync.OnceValues(func() (string, error) {
	endgameBuilt.Store(true)
	dir, err := os.MkdirTemp("", "hexdame-cli-endgame-")
	if err != nil {
		return "", err
	}
	var out, errOut strings.Builder
	if code := run([]string{"endgame", "build", "-pieces", "3", "-workers", "2", dir}, strings.NewReader(""), &out, &errOut); code != 0 {
		return dir, usageError{errOut.String()}
	}
	buildLog = errOut.String()
	return dir, nil
})

var (
	buildLog     string
	endgameBuilt atomic.Bool // endgameDir has been called
)

func tablesDir(t *testing.T) string {
	t.Helper()
	dir, err := endgameDir()
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestEndgameBuildAndResume(t *testing.T) {
	dir := tablesDir(t)
	if !strings.Contains(buildLog, "9/9 tables done") || !strings.Contains(buildLog, "positions/s") || !strings.Contains(buildLog, "left") {
		t.Errorf("build progress: %q", buildLog)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*"))
	if len(files) != 9 {
		t.Errorf("%d files after the build: %v", len(files), files)
	}
	// Run again: every table is there, nothing is built.
	status, out, errOut := runCLI(t, "", "endgame", "build", "-pieces", "3", dir)
	if status != 0 || out != "" || !strings.Contains(errOut, "9/9 tables done") {
		t.Errorf("second build: exit %d, stdout %q, stderr %q", status, out, errOut)
	}
	// One table gone: building one material rebuilds it alone.
	work := copyDir(t, dir)
	os.Remove(filepath.Join(work, "KMvK.egt"))
	status, _, errOut = runCLI(t, "", "endgame", "build", "-material", "KvKM", work)
	if status != 0 {
		t.Fatalf("build -material KvKM: exit %d, %q", status, errOut)
	}
	a, _ := os.ReadFile(filepath.Join(dir, "KMvK.egt"))
	b, _ := os.ReadFile(filepath.Join(work, "KMvK.egt"))
	if !slices.Equal(a, b) {
		t.Errorf("KMvK.egt rebuilt alone differs from the one built with the rest")
	}
	// Run again, it keeps the table.
	status, _, errOut = runCLI(t, "", "endgame", "build", "-material", "KMvK", work)
	if status != 0 || !strings.Contains(errOut, "1 of 1 tables already there") {
		t.Errorf("build -material KMvK again: exit %d, %q", status, errOut)
	}
	if tmp, _ := filepath.Glob(filepath.Join(work, "*.tmp")); len(tmp) > 0 {
		t.Errorf("temporary files left: %v", tmp)
	}
}

func copyDir(t *testing.T, src string) string {
	t.Helper()
	dst := t.TempDir()
	files, _ := filepath.Glob(filepath.Join(src, "*.egt"))
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dst, filepath.Base(f)), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dst
}

func TestEndgameProbe(t *testing.T) {
	dir := tablesDir(t)
	tests := []struct {
		fen   string
		first string   // the first line
		moves []string // the best moves the second line may be (none: no line)
	}{
		{"W:WKa1:BKb1", "win 1", []string{"a1xc1", "a1xd1", "a1xe1"}},
		{"W:Wh8:Bi9", "loss 2", []string{"h8-h9", "h8-i8"}},
		{"W:WKe5:BKa1", "draw", nil},
		{"W:W:BKb1", "loss 0", nil},
	}
	for _, tc := range tests {
		status, out, errOut := runCLI(t, "", "endgame", "probe", "-fen", tc.fen, dir)
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if status != 0 || lines[0] != tc.first {
			t.Errorf("probe %s: exit %d, %q, %q", tc.fen, status, out, errOut)
			continue
		}
		switch {
		case tc.moves == nil && tc.first == "loss 0":
			if len(lines) != 1 {
				t.Errorf("probe %s: %q, want no move", tc.fen, out)
			}
		case tc.moves == nil: // a draw: any move that keeps it
			if len(lines) != 2 {
				t.Errorf("probe %s: %q, want a move", tc.fen, out)
			}
		default:
			if len(lines) != 2 || !slices.Contains(tc.moves, lines[1]) {
				t.Errorf("probe %s: %q, want one of %v", tc.fen, out, tc.moves)
			}
		}
	}
	status, out, _ := runCLI(t, "", "endgame", "probe", "-numeric", "-fen", "W:Wh8:Bi9", dir)
	if status != 0 || (out != "loss 2\n5-2\n" && out != "loss 2\n5-3\n") {
		t.Errorf("probe -numeric: exit %d, %q", status, out)
	}
}

func TestEndgameStatsAndMaterials(t *testing.T) {
	dir := tablesDir(t)
	status, out, _ := runCLI(t, "", "endgame", "stats", dir)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	// 9 tables, 2 of them symmetric (KvK and MvM, one line each): 16 lines.
	if status != 0 || len(lines) != 16 {
		t.Fatalf("stats: exit %d, %d lines: %q", status, len(lines), out)
	}
	if lines[0] != "KvK white to move: 3660 positions, 792 wins, 2868 draws, 0 losses; longest win 1 ply: W:WKa1:BKb1" {
		t.Errorf("stats first line %q", lines[0])
	}
	status, out, _ = runCLI(t, "", "endgame", "stats", "-pieces", "2", "-distances", dir)
	if want := "KvK white to move: 3660 positions, 792 wins, 2868 draws, 0 losses; longest win 1 ply: W:WKa1:BKb1\n  1:792\n"; status != 0 || !strings.HasPrefix(out, want) {
		t.Errorf("stats -distances: exit %d, %q, want it to begin %q", status, out, want)
	}
	status, out, _ = runCLI(t, "", "endgame", "stats", "-pieces", "2", dir)
	if lines := strings.Split(strings.TrimSpace(out), "\n"); status != 0 || len(lines) != 4 {
		t.Errorf("stats -pieces 2: exit %d, %q", status, out)
	}
	status, out, _ = runCLI(t, "", "endgame", "materials", "-pieces", "3")
	want := "0 KvK\n1 KvM\n2 MvM\n3 KKvK\n4 KKvM\n4 KMvK\n5 KMvM\n5 MMvK\n6 MMvM\n"
	if status != 0 || out != want {
		t.Errorf("materials -pieces 3: exit %d, %q, want %q", status, out, want)
	}
	// -memory adds the MiB each build takes, rounded up: what a batch job
	// asks for.
	status, out, _ = runCLI(t, "", "endgame", "materials", "-pieces", "6", "-memory")
	lines = strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if status != 0 || len(lines) != len(endgame.Materials(6)) {
		t.Fatalf("materials -pieces 6 -memory: exit %d, %d lines", status, len(lines))
	}
	for i, m := range endgame.Materials(6) {
		want := fmt.Sprintf("%d %s %d", m.Level(), m, (endgame.BuildMemory(m)+1<<20-1)>>20)
		if lines[i] != want {
			t.Errorf("materials -memory line %d: %q, want %q", i+1, lines[i], want)
		}
	}
	if want := "18 KKKvKKK 1689"; !slices.Contains(lines, want) {
		t.Errorf("materials -memory: no line %q", want)
	}
}

func TestEndgameErrors(t *testing.T) {
	dir := tablesDir(t)
	corrupt := corruptCopy(t, dir)
	missing := copyDir(t, dir)
	os.Remove(filepath.Join(missing, "KvM.egt"))
	empty := t.TempDir()
	tests := []struct {
		name   string
		args   []string
		status int
		stderr string
	}{
		{"no subcommand", []string{"endgame"}, 2, "want a subcommand"},
		{"unknown subcommand", []string{"endgame", "frob"}, 2, `unknown subcommand "frob"`},
		{"build without DIR", []string{"endgame", "build"}, 2, "want one DIR"},
		{"build two DIRs", []string{"endgame", "build", dir, dir}, 2, "want one DIR"},
		{"build bad pieces", []string{"endgame", "build", "-pieces", "9", dir}, 2, "-pieces must be from 2 to 8"},
		{"build negative pieces", []string{"endgame", "build", "-pieces", "-1", dir}, 2, "-pieces"},
		{"build both", []string{"endgame", "build", "-pieces", "3", "-material", "KvK", dir}, 2, "not both"},
		{"build bad material", []string{"endgame", "build", "-material", "KQvK", dir}, 2, `invalid material "KQvK"`},
		{"build material without a side", []string{"endgame", "build", "-material", "KKv", dir}, 2, "at least one piece"},
		{"build without dependencies", []string{"endgame", "build", "-material", "KMvK", empty}, 2, "needs the tables of KvK, KvM, KKvK first"},
		{"build unknown flag", []string{"endgame", "build", "-bogus", dir}, 2, "-bogus"},
		{"build too many workers", []string{"endgame", "build", "-workers", "1000000", dir}, 2, "-workers must be from 0 to 1024, not 1000000"},
		{"build negative workers", []string{"endgame", "build", "-workers", "-1", dir}, 2, "-workers must be from 0 to 1024, not -1"},
		{"probe corrupt table", []string{"endgame", "probe", "-fen", "W:WKa1:BKb1", corrupt}, 1, "KMvM.egt: table file corrupt: payload checksum mismatch"},
		{"probe missing table", []string{"endgame", "probe", "-fen", "W:WKa1:Be5", missing}, 1, "not in the tables: no table of KvM (KvM.egt) in " + missing},
		{"probe empty directory", []string{"endgame", "probe", empty}, 2, "no endgame tables"},
		{"probe missing directory", []string{"endgame", "probe", filepath.Join(empty, "nope")}, 2, "no such file"},
		{"probe too many pieces", []string{"endgame", "probe", dir}, 1, "32 pieces (MMMMMMMMMMMMMMMMvMMMMMMMMMMMMMMMM), the tables hold up to 3"},
		{"probe four pieces", []string{"endgame", "probe", "-fen", "W:Wa1,b1:Bi9,h9", dir}, 1, "4 pieces (MMvMM), the tables hold up to 3"},
		{"probe a side without pieces", []string{"endgame", "probe", "-fen", "W:WKa1:B", dir}, 1, "game is over"},
		{"probe bad FEN", []string{"endgame", "probe", "-fen", "W:Wa6", dir}, 2, "invalid FEN"},
		{"stats corrupt", []string{"endgame", "stats", corrupt}, 1, "KMvM.egt"},
		{"probe pieces out of range", []string{"endgame", "probe", "-pieces", "1", dir}, 2, "-pieces must be from 2"},
		{"probe more pieces than built", []string{"endgame", "probe", "-pieces", "4", "-fen", "W:Wa1,b1:Bi9,h9", dir}, 1, "4 pieces (MMvMM), the tables hold up to 3"},
		{"probe fewer pieces than asked", []string{"endgame", "probe", "-pieces", "2", "-fen", "W:WKa1,Kb2:BKe5", dir}, 1, "3 pieces (KKvK), the tables hold up to 2"},
		{"stats extra argument", []string{"endgame", "stats", dir, "x"}, 2, "want one DIR"},
		{"materials bad pieces", []string{"endgame", "materials", "-pieces", "1"}, 2, "-pieces must be from 2"},
		{"materials argument", []string{"endgame", "materials", "x"}, 2, "unexpected argument"},
		{"build help", []string{"endgame", "build", "-h"}, 0, ""},
		{"help", []string{"help", "endgame"}, 0, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			status, out, errOut := runCLI(t, "", tc.args...)
			if status != tc.status {
				t.Errorf("exit %d, want %d; stdout %q, stderr %q", status, tc.status, out, errOut)
			}
			if tc.stderr == "" {
				if errOut != "" {
					t.Errorf("stderr %q", errOut)
				}
				if out == "" {
					t.Errorf("no help on stdout")
				}
				return
			}
			if !strings.Contains(errOut, tc.stderr) || strings.Count(errOut, "\n") != 1 || !strings.HasPrefix(errOut, "hexdame endgame: ") {
				t.Errorf("stderr %q: want one line with %q", errOut, tc.stderr)
			}
			if out != "" {
				t.Errorf("stdout %q on an error", out)
			}
		})
	}
}

// removeEndgameDir removes the tables endgameDir built, if it did; for
// TestMain.
func removeEndgameDir() {
	if endgameBuilt.Load() {
		if dir, _ := endgameDir(); dir != "" {
			os.RemoveAll(dir)
		}
	}
}

// probe, stats and a subcommand's help whose output fails say so, exit
// 2, and nothing else, as every command (see TestWriteFailure).
func TestEndgameWriteFailure(t *testing.T) {
	dir := tablesDir(t)
	for _, args := range [][]string{
		{"endgame", "probe", "-fen", "W:WKa1:BKb1", dir},
		{"endgame", "stats", "-distances", dir},
		{"endgame", "build", "-h"},
	} {
		counter := &fullDisk{writes: 1 << 30}
		var errOut strings.Builder
		if status := run(args, strings.NewReader(""), counter, &errOut); status != 0 || counter.calls == 0 {
			t.Fatalf("%q: exit %d after %d writes, stderr %q", args, status, counter.calls, errOut.String())
		}
		for _, writes := range []int{0, counter.calls / 2, counter.calls - 1} {
			var errOut strings.Builder
			status := run(args, strings.NewReader(""), &fullDisk{writes: writes}, &errOut)
			want := "hexdame endgame: writing standard output: no space left on device\n"
			if status != 2 || errOut.String() != want {
				t.Errorf("%q failing after %d of %d writes: exit %d, stderr %q; want exit 2, %q", args, writes, counter.calls, status, errOut.String(), want)
			}
		}
	}
}

// corruptCopy returns a copy of the tables in dir with one bit of
// KMvM.egt flipped near its end.
func corruptCopy(t *testing.T, dir string) string {
	t.Helper()
	corrupt := copyDir(t, dir)
	path := filepath.Join(corrupt, "KMvM.egt")
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	b[len(b)-3] ^= 1
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return corrupt
}

// The time left is estimated only once 2% of the work is done and 10 s
// have passed. The first report of "-pieces 4" comes after the few
// thousand positions of KvK, whose fixed costs made it say "about 32h30m
// left" of a build of 2 minutes.
func TestEstimateLeft(t *testing.T) {
	const total = 90_000_000
	tests := []struct {
		done    uint64
		elapsed time.Duration
		want    time.Duration // -1: estimating
	}{
		{0, 0, -1},
		{3660, 50 * time.Millisecond, -1},
		{16384, time.Hour, -1},              // an hour, but too little work
		{total / 100, 30 * time.Second, -1}, // 1%
		{total / 10, 5 * time.Second, -1},   // 10%, but 5 s
		{total / 50, 10 * time.Second, 490 * time.Second},
		{total / 4, 30 * time.Second, 90 * time.Second},
		{total - 1, 2 * time.Minute, 0},
		{total, 2 * time.Minute, 0},
		{total + 5, 2 * time.Minute, 0},
	}
	for _, tc := range tests {
		got, ok := estimateLeft(tc.done, total, tc.elapsed)
		if tc.want < 0 && ok || tc.want >= 0 && (!ok || got != tc.want) {
			t.Errorf("estimateLeft(%d of %d, %v) = %v, %v; want %v", tc.done, total, tc.elapsed, got, ok, tc.want)
		}
	}
	if got, ok := estimateLeft(0, 0, 0); !ok || got != 0 {
		t.Errorf("estimateLeft of no work = %v, %v; want 0, true", got, ok)
	}
}
