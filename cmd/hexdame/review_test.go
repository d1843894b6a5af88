package main

import (
	"bufio"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/internal/review"
)

// readGames reads the games of a PDN text, failing on any problem.
func readGames(t *testing.T, text string) []*hexdame.Game {
	t.Helper()
	var games []*hexdame.Game
	r := hexdame.NewReader(strings.NewReader(text))
	for {
		g, err := r.ReadGame()
		if err == io.EOF {
			return games
		}
		if err != nil {
			t.Fatalf("%v in\n%s", err, text)
		}
		games = append(games, g)
	}
}

// checkReviewed checks that g is reviewed: an evaluation after each move
// of its main line, and the summary tags.
func checkReviewed(t *testing.T, g *hexdame.Game) {
	t.Helper()
	for n := range g.Root().Mainline() {
		if _, ok := review.ParseEval(n.Comment()); !ok {
			t.Errorf("ply %d: no evaluation in %q", n.Ply(), n.Comment())
		}
	}
	for _, tag := range []string{review.TagAnnotator, review.TagWhite, review.TagRed} {
		if v, ok := g.Tag(tag); !ok || v == "" {
			t.Errorf("no %s tag", tag)
		}
	}
}

// review writes games that validate accepts and the Reader reads back,
// in the notation they came in, keeping what they held.
func TestReviewCommand(t *testing.T) {
	in := "[White \"Ann\"]\n{a game} 1. 40-31 22x40 2. 45x35 {an exchange} 18-22 *\n\n" +
		"1. d4-e5 f6xd4 2. c3xe5 g7-f6 (2... f7-e7) 3. e5xe7 f8xd6 *\n"
	status, out, errOut := runCLI(t, in, "review", "-depth", "5")
	if status != 0 {
		t.Fatalf("exit %d, stderr %q", status, errOut)
	}
	games := readGames(t, out)
	if len(games) != 2 {
		t.Fatalf("%d games:\n%s", len(games), out)
	}
	for _, g := range games {
		checkReviewed(t, g)
	}
	if games[0].Notation() != hexdame.Numeric || !strings.Contains(out, "an exchange") || !strings.Contains(out, "{a game}") {
		t.Errorf("the first game lost its notation or comments:\n%s", out)
	}
	if v, _ := games[1].Tag(review.TagRed); !strings.Contains(v, "blunders=1") && !strings.Contains(v, "mistakes=1") {
		t.Errorf("g7-f6 is no error: RedReview %q\n%s", v, out)
	}
	if strings.Count(errOut, "\n") != 2 || !strings.Contains(errOut, "review: game 2, 7 positions in ") {
		t.Errorf("stderr %q", errOut)
	}
	path := filepath.Join(t.TempDir(), "reviewed.pdn")
	if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	if status, vout, _ := runCLI(t, "", "validate", path); status != 0 || !strings.Contains(vout, "2 games, 2 valid, 0 problems") {
		t.Errorf("validate of the reviewed games: exit %d, %q", status, vout)
	}
	// Reviewed again, from the file, the games come out the same.
	if status, again, _ := runCLI(t, "", "review", "-depth", "5", path); status != 0 || again != out {
		t.Errorf("reviewed twice: exit %d\n%s\nonce:\n%s", status, again, out)
	}
}

// A game that cannot be replayed is left out with its located problem,
// the others are reviewed, and the exit status is 1; usage errors are 2.
func TestReviewErrors(t *testing.T) {
	in := "1. d4-e5 f6xd4 *\n\n1. d4-e5 h6-h5 *\n\n1. d4-e5 *\n"
	status, out, errOut := runCLI(t, in, "review", "-depth", "3")
	if status != 1 || len(readGames(t, out)) != 2 {
		t.Errorf("exit %d, stdout\n%s", status, out)
	}
	if !strings.Contains(errOut, "hexdame review: standard input:3:") || !strings.Contains(errOut, "game 2, ply 2, move h6-h5: illegal move") {
		t.Errorf("stderr %q", errOut)
	}
	dir := t.TempDir()
	for _, tc := range []struct {
		args []string
		msg  string
	}{
		{[]string{"review", "-depth", "0"}, "-depth must be from 1"},
		{[]string{"review", "-movetime", "-1"}, "-movetime must be more than 0"},
		{[]string{"review", "-hash", "0"}, "-hash must be from 1"},
		{[]string{"review", "a.pdn", "b.pdn"}, "want at most one FILE"},
		{[]string{"review", filepath.Join(dir, "missing.pdn")}, "no such file"},
		{[]string{"review", dir}, "is a directory"},
		{[]string{"review", "-tables-pieces", "3"}, "-tables-pieces needs -tables"},
	} {
		status, out, errOut := runCLI(t, "", tc.args...)
		if status != 2 || out != "" || !strings.Contains(errOut, tc.msg) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%q: exit %d, stdout %q, stderr %q", tc.args, status, out, errOut)
		}
	}
}

// Interrupted, review writes the games done and the one under way as far
// as it got, and exits with status 2.
func TestReviewInterrupted(t *testing.T) {
	tool := toolPath
	_, long, _ := runCLI(t, "", "random", "-seed", "4", "-maxplies", "120")
	in := "1. d4-e5 f6xd4 *\n\n" + long
	cmd := exec.Command(tool, "review", "-movetime", "0.05")
	cmd.Stdin = strings.NewReader(in)
	var stdout strings.Builder
	cmd.Stdout = &stdout
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill() })
	r := bufio.NewReader(stderr)
	line, err := r.ReadString('\n')
	if err != nil || !strings.Contains(line, "game 1, 3 positions") {
		t.Fatalf("the first line on standard error: %q, %v", line, err)
	}
	time.Sleep(500 * time.Millisecond) // into the second game
	cmd.Process.Signal(syscall.SIGINT)
	rest, _ := io.ReadAll(r)
	err = cmd.Wait()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 2 || !strings.Contains(string(rest), "hexdame review: interrupted: ") {
		t.Fatalf("exit %v, stderr %q", err, rest)
	}
	games := readGames(t, stdout.String())
	switch {
	case len(games) == 2 && strings.Contains(string(rest), "interrupted: 2 games written, the last reviewed as far as position"):
		if v, _ := games[1].Tag(review.TagWhite); !strings.HasPrefix(v, "moves=") {
			t.Errorf("the game under way has no summary: %q", v)
		}
	case len(games) == 1 && strings.Contains(string(rest), "interrupted: 1 games written\n"):
		t.Log("interrupted before the second game's first position")
	default:
		t.Fatalf("%d games written, stderr %q", len(games), rest)
	}
	checkReviewed(t, games[0])
}
