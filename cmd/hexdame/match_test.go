//go:build unix

package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/hub"
	"github.com/hexdame/hexdame/internal/hubtest"
)

// runMainVar makes the test binary run the tool itself: the hexdame that
// engines and scripts started by the tests call.
const runMainVar = "HEXDAME_RUN_MAIN"

func TestMain(m *testing.M) {
	hubtest.RunIfAsked()
	if os.Getenv(runMainVar) == "1" {
		os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	if err := putToolOnPath(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(filepath.Dir(toolPath))
	removeEndgameDir()
	os.Exit(code)
}

// toolPath is a hexdame command that runs this test binary as the tool,
// first on the PATH of every test (set once, so that tests that start
// engines by name can run in parallel).
var toolPath string

func putToolOnPath() error {
	dir, err := os.MkdirTemp("", "hexdame-tool")
	if err != nil {
		return err
	}
	script := "#!/bin/sh\n" + runMainVar + "=1 exec " + shellQuote(os.Args[0]) + " \"$@\"\n"
	if err := os.WriteFile(filepath.Join(dir, "hexdame"), []byte(script), 0o755); err != nil {
		return err
	}
	toolPath = filepath.Join(dir, "hexdame")
	return os.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))
}

func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

// testEngine returns the command line of the hubtest engine name, which
// writes its pid into pidDir.
func testEngine(name, pidDir string) string {
	return "env " + hubtest.EngineVar + "=" + name + " " + hubtest.PidDirVar + "=" + shellQuote(pidDir) + " " + shellQuote(os.Args[0])
}

// checkNoEngineLeft fails the test if an engine that wrote to pidDir runs.
func checkNoEngineLeft(t *testing.T, pidDir string) {
	t.Helper()
	pids := hubtest.Pids(pidDir)
	if len(pids) == 0 {
		t.Error("no engine wrote its pid")
	}
	if alive := hubtest.WaitGone(pids, hubtest.GoneWait); len(alive) > 0 {
		t.Errorf("engine processes left running: %v", alive)
		for _, pid := range alive {
			syscall.Kill(pid, syscall.SIGKILL)
		}
	}
}

// parseLines parses every output line with the Hub syntax.
func parseLines(t *testing.T, out string) []hub.Command {
	t.Helper()
	var cmds []hub.Command
	for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		c, err := hub.ParseCommand(line)
		if err != nil {
			t.Fatalf("output line %q: %v", line, err)
		}
		cmds = append(cmds, c)
	}
	return cmds
}

func value(t *testing.T, c hub.Command, name string) string {
	t.Helper()
	v, ok := c.Value(name)
	if !ok {
		t.Fatalf("%q has no %s", c, name)
	}
	return v
}

var reasons = map[string]bool{"no-legal-move": true, "repetition": true, "king-move-rule": true, "adjudication": true, "illegal-move": true,
	"unparseable-move": true, "no-move": true, "time-forfeit": true, "hang": true, "crash": true, "protocol": true, "start-failure": true}

// checkContract checks the output of a finished match against the
// contract, and returns the game lines by number and the result line.
func checkContract(t *testing.T, out string, games int) (map[int]hub.Command, hub.Command) {
	t.Helper()
	lines := parseLines(t, out)
	byNumber := map[int]hub.Command{}
	var points float64
	var result hub.Command
	for i, c := range lines {
		switch {
		case c.Name == "game" && i < games:
			n, err := strconv.Atoi(value(t, c, "number"))
			if err != nil || n < 1 || byNumber[n].Name != "" {
				t.Fatalf("game number in %q", c)
			}
			byNumber[n] = c
			if op := value(t, c, "opening"); op != strconv.Itoa((n+1)/2) {
				t.Errorf("game %d: opening %s", n, op)
			}
			score := value(t, c, "score")
			want := map[string]map[bool]string{"2-0": {true: "1", false: "0"}, "0-2": {true: "0", false: "1"}, "1-1": {true: "0.5", false: "0.5"}}
			r := value(t, c, "result")
			if want[r] == nil || want[r][n%2 == 1] != score {
				t.Errorf("game %d: result %s, score %s", n, r, score)
			}
			f, _ := strconv.ParseFloat(score, 64)
			points += f
			if !reasons[value(t, c, "reason")] || value(t, c, "detail") == "" {
				t.Errorf("game %d: reason %q", n, c)
			}
			if _, err := strconv.Atoi(value(t, c, "plies")); err != nil {
				t.Errorf("game %d: plies %q", n, c)
			}
			value(t, c, "white")
			value(t, c, "red")
		case c.Name == "result" && i == games:
			result = c
		case c.Name == "sprt" && i == games+1:
		default:
			t.Fatalf("line %d: %q", i+1, c)
		}
	}
	if len(byNumber) != games || result.Name != "result" {
		t.Fatalf("want %d game lines and a result line:\n%s", games, out)
	}
	w, _ := strconv.Atoi(value(t, result, "wins"))
	d, _ := strconv.Atoi(value(t, result, "draws"))
	l, _ := strconv.Atoi(value(t, result, "losses"))
	if value(t, result, "games") != strconv.Itoa(games) || w+d+l != games || float64(w)+float64(d)/2 != points {
		t.Errorf("result %q does not add up to the games (%v points)", result, points)
	}
	for _, k := range []string{"score", "los"} {
		if v := value(t, result, k); len(v) != 6 || v[1] != '.' {
			t.Errorf("%s=%s", k, v)
		}
	}
	for _, k := range []string{"elo", "elo-low", "elo-high"} {
		v := value(t, result, k)
		if _, err := strconv.ParseFloat(v, 64); err != nil && v != "inf" && v != "-inf" {
			t.Errorf("%s=%s", k, v)
		}
	}
	value(t, result, "engine1")
	value(t, result, "engine2")
	return byNumber, result
}

// readPDN reads the games of a PDN file.
func readPDN(t *testing.T, path string) []*hexdame.Game {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var games []*hexdame.Game
	r := hexdame.NewReader(f)
	for {
		g, err := r.ReadGame()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		games = append(games, g)
	}
	return games
}

func tag(g *hexdame.Game, name string) string {
	v, _ := g.Tag(name)
	return v
}

func TestMatchOutputContract(t *testing.T) {
	pdn := filepath.Join(t.TempDir(), "games.pdn")
	args := []string{"match", "-engine", "hexdame hub-random -seed 1", "-engine", "hexdame hub-random", "-param", "seed=2",
		"-games", "4", "-movetime", "1", "-margin", "10", "-draw", "40", "-random-plies", "4", "-seed", "7", "-pdn", pdn}
	code, out, errOut := runCLI(t, "", args...)
	if code != 0 || !strings.Contains(errOut, "match: 4 of 4 games") {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	games, result := checkContract(t, out, 4)
	name1, name2 := value(t, result, "engine1"), value(t, result, "engine2")
	if name1 != "hexdame random mover 1" || name2 != "hexdame random mover 1 seed=2" {
		t.Errorf("names %q, %q", name1, name2)
	}
	for n, c := range games {
		white, red := name1, name2
		if n%2 == 0 {
			white, red = red, white
		}
		if value(t, c, "white") != white || value(t, c, "red") != red {
			t.Errorf("game %d: %q", n, c)
		}
	}
	// The PDN holds the games in the order of the lines, with their tags.
	records := readPDN(t, pdn)
	if len(records) != 4 {
		t.Fatalf("%d games in the PDN", len(records))
	}
	for _, g := range records {
		n, _ := strconv.Atoi(tag(g, "Round"))
		c := games[n]
		if tag(g, "White") != value(t, c, "white") || tag(g, "Black") != value(t, c, "red") || g.Outcome().Result.String() != value(t, c, "result") ||
			tag(g, "Termination") != value(t, c, "reason") || tag(g, "TerminationDetails") != value(t, c, "detail") ||
			tag(g, "TimeControl") != "1/move" || tag(g, "OpeningPlies") != "4" || tag(g, "Opening") != "random 4 plies, seed 7, #"+strconv.Itoa((n+1)/2) {
			t.Errorf("game %d: tags %v, line %q", n, g.Tags(), c)
		}
		if strconv.Itoa(g.End().Ply()-4) != value(t, c, "plies") {
			t.Errorf("game %d: %d plies in the PDN, line %q", n, g.End().Ply(), c)
		}
	}
	// Both games of a pair start with the same opening.
	byRound := map[string]*hexdame.Game{}
	for _, g := range records {
		byRound[tag(g, "Round")] = g
	}
	for _, pair := range [][2]string{{"1", "2"}, {"3", "4"}} {
		a, b := byRound[pair[0]].Moves()[:4], byRound[pair[1]].Moves()[:4]
		for i := range a {
			if a[i] != b[i] {
				t.Errorf("games %s and %s have different openings", pair[0], pair[1])
			}
		}
	}
	// The same seeds give the same match.
	_, again, _ := runCLI(t, "", args...)
	if again != out {
		t.Errorf("a second run differs:\n%s\nthen\n%s", out, again)
	}
}

func TestMatchProtocolLog(t *testing.T) {
	logPath := filepath.Join(t.TempDir(), "match.log")
	code, _, errOut := runCLI(t, "", "match", "-engine", "hexdame hub-random", "-engine", "hexdame hub-random", "-games", "2", "-concurrency", "2",
		"-movetime", "1", "-log", logPath)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	data, err := os.ReadFile(logPath)
	if err != nil {
		t.Fatal(err)
	}
	log := string(data)
	for _, want := range []string{" e1/1 > hub\n", " e2/1 < ready\n", " e1/2 > init\n", " e2/2 > go think\n", " e1/1 < done move=", " e2/1 > quit\n"} {
		if !strings.Contains(log, want) {
			t.Errorf("the log has no %q", want)
		}
	}
	for _, line := range strings.Split(strings.TrimSuffix(log, "\n"), "\n") {
		if f := strings.Fields(line); len(f) < 3 || (f[2] != ">" && f[2] != "<") {
			t.Fatalf("log line %q", line)
		}
	}
	if code, _, errOut := runCLI(t, "", "match", "-engine", "x", "-engine", "y", "-log", t.TempDir()); code != 2 || !strings.Contains(errOut, "-log") {
		t.Errorf("a directory as -log: exit %d, %q", code, errOut)
	}
}

func TestMatchSPRTStops(t *testing.T) {
	pids := t.TempDir()
	code, out, errOut := runCLI(t, "", "match", "-engine", "hexdame hub-random -seed 3", "-engine", testEngine("blunder", pids),
		"-games", "2000", "-concurrency", "2", "-movetime", "1", "-margin", "10", "-draw", "30", "-sprt", "0,100,0.05,0.05")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	lines := parseLines(t, out)
	last := lines[len(lines)-1]
	if last.Name != "sprt" || value(t, last, "verdict") != "H1" || value(t, last, "upper") != "2.944" || value(t, last, "lower") != "-2.944" {
		t.Fatalf("last line %q", last)
	}
	if llr, _ := strconv.ParseFloat(value(t, last, "llr"), 64); llr < 2.944 {
		t.Errorf("llr %v", llr)
	}
	games := len(lines) - 2
	checkContract(t, out, games)
	if games >= 2000 {
		t.Errorf("the SPRT did not stop the match")
	}
	checkNoEngineLeft(t, pids)
}

// A misbehaving engine loses each game with its reason, is started again
// for the next, and nothing is left running. The random mover answers at
// once and has a second of margin, so that it loses no game on a busy
// machine. The slow engine sleeps three times its move time and 20 ms
// more before it answers: with 0.5 s a move, 1.52 s after go, which is
// always after its time and the margin (1.5 s), and a second before the
// runner gives up waiting (stop, then the margin again: 2.5 s), so that
// it loses on time and not by a hang. The matches, which mostly wait,
// run side by side.
func TestMatchHostileEngines(t *testing.T) {
	for _, tt := range []struct {
		engine, reason string
		games          int
		moveTime       string
	}{
		{"exit", "crash", 4, "0.05"},
		{"illegal", "illegal-move", 2, "0.05"},
		{"twodone", "protocol", 2, "0.05"},
		{"ignorestop", "hang", 2, "0.05"},
		{"slow", "time-forfeit", 2, "0.5"},
	} {
		t.Run(tt.engine, func(t *testing.T) {
			t.Parallel()
			pids := t.TempDir()
			pdn := filepath.Join(t.TempDir(), "games.pdn")
			code, out, errOut := runCLI(t, "", "match", "-engine", "hexdame hub-random", "-engine", testEngine(tt.engine, pids),
				"-games", strconv.Itoa(tt.games), "-movetime", tt.moveTime, "-margin", "1", "-pdn", pdn)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			games, result := checkContract(t, out, tt.games)
			for n, c := range games {
				if value(t, c, "reason") != tt.reason || value(t, c, "score") != "1" {
					t.Errorf("game %d: %q", n, c)
				}
			}
			if value(t, result, "wins") != strconv.Itoa(tt.games) {
				t.Errorf("%q", result)
			}
			for _, g := range readPDN(t, pdn) {
				if tag(g, "Termination") != tt.reason {
					t.Errorf("PDN Termination %q", tag(g, "Termination"))
				}
			}
			checkNoEngineLeft(t, pids)
		})
	}
}

// An engine that cannot be started again loses its games by start-failure,
// and after three failures in a row the match stops. (The engine's later
// processes exit during the handshake, so that no start waits for a
// timeout: TestMatchEngineCannotStart has the engine that never says
// ready.)
func TestMatchEngineFailsToRestart(t *testing.T) {
	pids := t.TempDir()
	pdn := filepath.Join(t.TempDir(), "games.pdn")
	code, out, errOut := runCLI(t, "", "match", "-engine", "hexdame hub-random", "-engine", testEngine("flaky", pids),
		"-games", "10", "-movetime", "1", "-margin", "10", "-pdn", pdn)
	if code != 2 || !strings.Contains(errOut, "engine 2 failed to start 3 times in a row: engine exited") {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	games, result := checkContract(t, out, 3)
	want := map[int]string{1: "crash", 2: "start-failure", 3: "start-failure"}
	for n, c := range games {
		if value(t, c, "reason") != want[n] || value(t, c, "score") != "1" {
			t.Errorf("game %d: %q", n, c)
		}
	}
	if value(t, result, "wins") != "3" || len(readPDN(t, pdn)) != 3 {
		t.Errorf("%q", result)
	}
	checkNoEngineLeft(t, pids)
}

// An engine that cannot start stops the match before it begins. The start
// timeout is long enough for a busy machine to start a process (half a
// second at a load of 19 on two cores), short enough for the engine that
// never says ready.
func TestMatchEngineCannotStart(t *testing.T) {
	for _, tt := range []struct{ engine, msg string }{
		{"notvariant", "not a HexDame engine"},
	} {
		pids := t.TempDir()
		// The time-out is far above what the handshake takes, even with
		// -race on a busy machine: at 0.3 s the first engine timed out
		// there, once.
		code, out, errOut := runCLI(t, "", "match", "-engine", "hexdame hub-random", "-engine", testEngine(tt.engine, pids), "-start-timeout", "10")
		if code != 2 || out != "" || !strings.Contains(errOut, "engine 2") || !strings.Contains(errOut, tt.msg) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%s: exit %d, stdout %q, stderr %q", tt.engine, code, out, errOut)
		}
		checkNoEngineLeft(t, pids)
	}
	code, _, errOut := runCLI(t, "", "match", "-engine", "/nonexistent/engine", "-engine", "hexdame hub-random")
	if code != 2 || !strings.Contains(errOut, "engine 1") || !strings.Contains(errOut, "no such file") {
		t.Errorf("missing program: exit %d, %q", code, errOut)
	}
	code, _, errOut = runCLI(t, "", "match", "-engine", "hexdame hub-random", "-param", "level=3", "-engine", "hexdame hub-random")
	if code != 2 || !strings.Contains(errOut, `unknown engine parameter "level"`) {
		t.Errorf("undeclared parameter: exit %d, %q", code, errOut)
	}
	// A value the engine refuses: it answers with an error line and keeps
	// its seed, so that the match would have been named after a setting
	// that never took. It used to run.
	code, out, errOut := runCLI(t, "", "match", "-engine", "hexdame hub-random", "-param", "seed=abc", "-engine", "hexdame hub-random", "-games", "2", "-movetime", "0.05")
	if code != 2 || out != "" || !strings.Contains(errOut, "engine 1") || !strings.Contains(errOut, "refused a -param") ||
		!strings.Contains(errOut, "not 'abc'") || strings.Count(errOut, "\n") != 1 {
		t.Errorf("refused parameter value: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}

// An engine that never says ready loses its games by start-failure, with
// the reason, and the match goes on. It used to end the match with exit 2
// before the first game.
func TestMatchEngineNeverReady(t *testing.T) {
	t.Parallel() // waits, mostly
	pids := t.TempDir()
	code, out, errOut := runCLI(t, "", "match", "-engine", "hexdame hub-random", "-engine", testEngine("noready", pids),
		"-games", "2", "-movetime", "1", "-start-timeout", "2")
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	games, result := checkContract(t, out, 2)
	for n, c := range games {
		if value(t, c, "reason") != "start-failure" || value(t, c, "score") != "1" || !strings.Contains(value(t, c, "detail"), "could not be started: engine timed out") {
			t.Errorf("game %d: %q", n, c)
		}
	}
	if value(t, result, "wins") != "2" {
		t.Errorf("%q", result)
	}
	checkNoEngineLeft(t, pids)
}

// A -log that cannot be written is an error, as a -pdn is: exit 2 with
// one line. It used to be lost in silence, with exit 0.
func TestMatchLogWriteError(t *testing.T) {
	if f, err := os.OpenFile("/dev/full", os.O_WRONLY, 0); err != nil {
		t.Skip("no /dev/full:", err)
	} else {
		f.Close()
	}
	pids := t.TempDir()
	code, _, errOut := runCLI(t, "", "match", "-engine", "hexdame hub-random", "-engine", testEngine("random", pids),
		"-games", "2", "-movetime", "0.05", "-log", "/dev/full")
	if code != 2 || !strings.HasPrefix(errOut, "hexdame match: -log: ") || !strings.Contains(errOut, "no space left on device") || strings.Count(errOut, "\n") != 1 {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
	checkNoEngineLeft(t, pids)
}

func TestMatchUsageErrors(t *testing.T) {
	dir := t.TempDir()
	badFEN := filepath.Join(dir, "bad.fen")
	os.WriteFile(badFEN, []byte("W:W40:B1\nW:Wz9:B1\n"), 0o644)
	over := filepath.Join(dir, "over.fen")
	os.WriteFile(over, []byte("W:W:B1\n"), 0o644)
	book := filepath.Join(dir, "book.pdn")
	os.WriteFile(book, []byte("1. d4-e5 *\n"), 0o644)
	newFile := filepath.Join(dir, "new.pdn")
	e := []string{"-engine", "x", "-engine", "y"}
	for _, tt := range []struct {
		args []string
		msg  string
	}{
		{[]string{}, "want two -engine flags, not 0"},
		{[]string{"-engine", "x"}, "not 1"},
		{[]string{"-engine", "a", "-engine", "b", "-engine", "c"}, "not 3"},
		{[]string{"-engine", ""}, "no command"},
		{[]string{"-engine", `"open`}, "unterminated"},
		{[]string{"-name", "n", "-engine", "x"}, "-name must follow"},
		{append([]string{"-param", "level"}, e...), "NAME=VALUE"},
		{append([]string{"-param", `book="x"`}, e...), "cannot be sent"},
		{append([]string{"-movetime", "1", "-tc", "1+1"}, e...), "exclude each other"},
		{append([]string{"-movetime", "-1"}, e...), "-movetime must be"},
		{append([]string{"-movetime", "0"}, e...), "more than 0"},
		{append([]string{"-tc", "x+1"}, e...), "-tc must be"},
		{append([]string{"-tc", "0+0"}, e...), "some time"},
		{append([]string{"-margin", "NaN"}, e...), "-margin"},
		{append([]string{"-games", "-1"}, e...), "-games"},
		{append([]string{"-concurrency", "0"}, e...), "-concurrency"},
		{append([]string{"-draw", "-2"}, e...), "-draw"},
		{append([]string{"-random-plies", "2", "-openings", badFEN}, e...), "exclude each other"},
		{append([]string{"-sprt", "0,10,0.05"}, e...), "-sprt"},
		{append([]string{"-sprt", "10,0,0.05,0.05"}, e...), "-sprt"},
		{append([]string{"-sprt", "0,10,0,0.05"}, e...), "-sprt"},
		{append([]string{"-openings", filepath.Join(dir, "missing")}, e...), "no such file"},
		{append([]string{"-openings", badFEN}, e...), "line 2"},
		{append([]string{"-openings", over}, e...), "no legal move"},
		{append([]string{"-start-timeout", "0"}, e...), "-start-timeout"},
		{append([]string{"-openings", book, "-log", book}, e...), "-openings and -log name the same file"},
		{append([]string{"-openings", book, "-pdn", filepath.Join(dir, ".", "book.pdn")}, e...), "-openings and -pdn name the same file"},
		{append([]string{"-pdn", newFile, "-log", newFile}, e...), "-pdn and -log name the same file"},
		{append([]string{"extra"}, e...), "unexpected argument"},
	} {
		code, out, errOut := runCLI(t, "", append([]string{"match"}, tt.args...)...)
		if code != 2 || out != "" || !strings.Contains(errOut, tt.msg) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want %q", tt.args, code, out, errOut, tt.msg)
		}
	}
	// The refusals touched no file: the book is whole, no output made.
	if text, err := os.ReadFile(book); err != nil || string(text) != "1. d4-e5 *\n" {
		t.Errorf("the book is now %q (%v)", text, err)
	}
	if _, err := os.Stat(newFile); err == nil {
		t.Errorf("%s was created", newFile)
	}
}

// -draw N is the king-move rule of hexdame.DrawRules: from a king against
// a king, where the engine never lets its king be taken and the game is
// too short for a third repetition, each game is drawn after N moves a
// side, 2N plies, with the reason king-move-rule. It used to count plies,
// and call the draw an adjudication.
func TestMatchDrawRule(t *testing.T) {
	dir := t.TempDir()
	fens := filepath.Join(dir, "kings.fen")
	os.WriteFile(fens, []byte("W:WK61:BK1\n"), 0o644)
	pdn := filepath.Join(dir, "games.pdn")
	code, out, errOut := runCLI(t, "", "match", "-engine", "hexdame hub -hash 1", "-engine", "hexdame hub -hash 1", "-openings", fens,
		"-games", "2", "-movetime", "0.05", "-margin", "5", "-draw", "3", "-pdn", pdn)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	games, _ := checkContract(t, out, 2)
	for n, c := range games {
		if value(t, c, "reason") != "king-move-rule" || value(t, c, "plies") != "6" || value(t, c, "result") != "1-1" {
			t.Errorf("game %d: %q", n, c)
		}
	}
	for _, g := range readPDN(t, pdn) {
		if tag(g, "Termination") != "king-move-rule" || g.End().Ply() != 6 {
			t.Errorf("PDN: termination %q after %d plies", tag(g, "Termination"), g.End().Ply())
		}
	}
}

func TestMatchOpeningFiles(t *testing.T) {
	dir := t.TempDir()
	fens := filepath.Join(dir, "o.fen")
	os.WriteFile(fens, []byte("# two endings\nW:W40,44,45:B10,13,17\n\nB:W40,44,45:B10,13,17\n"), 0o644)
	pdn := filepath.Join(dir, "games.pdn")
	code, out, errOut := runCLI(t, "", "match", "-engine", "hexdame hub-random", "-engine", "hexdame hub-random", "-openings", fens,
		"-games", "4", "-movetime", "1", "-margin", "10", "-draw", "20", "-pdn", pdn)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	checkContract(t, out, 4)
	for _, g := range readPDN(t, pdn) {
		n, _ := strconv.Atoi(tag(g, "Round"))
		line := map[int]string{1: "2", 2: "2", 3: "4", 4: "4"}[n]
		want := hexdame.MustParseFEN(map[string]string{"2": "W:W40,44,45:B10,13,17", "4": "B:W40,44,45:B10,13,17"}[line])
		if initialPosition(g) != want || tag(g, "Opening") != fens+" line "+line || tag(g, "OpeningPlies") != "0" {
			t.Errorf("game %d: starts at %s, tags %v", n, initialPosition(g).String(), g.Tags())
		}
	}
	// A PDN file: each game's start and main line.
	book := filepath.Join(dir, "book.pdn")
	os.WriteFile(book, []byte("1. d4-e5 f6xd4 *\n\n[FEN \"W:W40,44,45:B10,13,17\"]\n*\n"), 0o644)
	code, out, errOut = runCLI(t, "", "match", "-engine", "hexdame hub-random", "-engine", "hexdame hub-random", "-openings", book,
		"-games", "6", "-movetime", "1", "-margin", "10", "-draw", "20", "-pdn", pdn)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	checkContract(t, out, 6)
	for _, g := range readPDN(t, pdn) {
		n, _ := strconv.Atoi(tag(g, "Round"))
		pair := (n + 1) / 2
		want := map[int]string{1: "2", 2: "0", 3: "2"}[pair]
		if tag(g, "OpeningPlies") != want {
			t.Errorf("game %d: opening plies %s, want %s", n, tag(g, "OpeningPlies"), want)
		}
		if pair == 2 && initialPosition(g) != hexdame.MustParseFEN("W:W40,44,45:B10,13,17") {
			t.Errorf("game %d starts at %s", n, initialPosition(g).String())
		}
		if pair != 2 && g.Moves()[0] != hexdame.StartPosition().MustParseMove("d4-e5") {
			t.Errorf("game %d does not start with the book's moves", n)
		}
	}
}

// A Hub engine written in POSIX sh, that knows only HUB.md and the hexdame
// tool, plays a match with no change to the project.
func TestMatchThirdPartyShellEngine(t *testing.T) {
	t.Parallel() // waits, mostly
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	if raceEnabled && testing.Short() {
		t.Skip("the shell engine starts the race-built tool twice a move, which takes seconds")
	}
	for _, tool := range []string{"sed", "awk", "head"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skip("no " + tool)
		}
	}
	dir := t.TempDir()
	fens := filepath.Join(dir, "o.fen")
	os.WriteFile(fens, []byte("W:W40,44,45,48:B10,13,17,18\n"), 0o644)
	script, err := filepath.Abs("testdata/randomhub.sh")
	if err != nil {
		t.Fatal(err)
	}
	// The shell engine starts the tool twice a move: a fraction of a second
	// on an idle machine, seconds on a busy one. It answers as soon as it
	// can, so the wide margin costs nothing.
	code, out, errOut := runCLI(t, "", "match", "-engine", "sh "+shellQuote(script), "-engine", "hexdame hub-random",
		"-openings", fens, "-games", "2", "-movetime", "2", "-margin", "60", "-draw", "15")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	games, result := checkContract(t, out, 2)
	if value(t, result, "engine1") != "sh random 1" {
		t.Errorf("%q", result)
	}
	for n, c := range games {
		if reason := value(t, c, "reason"); reason != "no-legal-move" && reason != "repetition" && reason != "king-move-rule" {
			t.Errorf("game %d: %q", n, c)
		}
		if p, _ := strconv.Atoi(value(t, c, "plies")); p < 2 {
			t.Errorf("game %d: %q", n, c)
		}
	}
}

// An interrupted match kills its engines, prints and writes the games
// that finished, and exits with status 2; a runner killed outright takes
// its engines with it.
func TestMatchInterrupted(t *testing.T) {
	tool := toolPath
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGKILL} {
		t.Run(sig.String(), func(t *testing.T) {
			pids := t.TempDir()
			pdn := filepath.Join(t.TempDir(), "games.pdn")
			cmd := exec.Command(tool, "match", "-engine", testEngine("random", pids), "-engine", testEngine("random", pids),
				"-games", "100000", "-concurrency", "2", "-movetime", "1", "-draw", "30", "-pdn", pdn)
			stdout, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			var stderr strings.Builder
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { cmd.Process.Kill() })
			r := bufio.NewReader(stdout)
			var out strings.Builder
			for range 3 {
				line, err := r.ReadString('\n')
				if err != nil {
					t.Fatalf("reading the games: %v, stderr %s", err, stderr.String())
				}
				out.WriteString(line)
			}
			cmd.Process.Signal(sig)
			rest := make(chan string)
			go func() {
				var b strings.Builder
				bufio.NewReader(r).WriteTo(&b)
				rest <- b.String()
			}()
			var tail string
			select {
			case tail = <-rest:
			case <-time.After(time.Minute):
				t.Fatal("the match did not stop within a minute")
			}
			err = cmd.Wait()
			out.WriteString(tail)
			checkNoEngineLeft(t, pids)
			if sig == syscall.SIGKILL {
				return
			}
			if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 2 || !strings.Contains(stderr.String(), "interrupted after") {
				t.Fatalf("exit %v, stderr %q", err, stderr.String())
			}
			lines := parseLines(t, out.String())
			games := len(lines) - 1
			checkContract(t, out.String(), games)
			if n := len(readPDN(t, pdn)); n != games {
				t.Errorf("%d games in the PDN, %d printed", n, games)
			}
		})
	}
}

func TestMovesAndPlayInHubNotation(t *testing.T) {
	code, out, _ := runCLI(t, "", "moves", "-hub", "-fen", "W:WKe5:Bc3,d2,e7")
	if code != 0 || out != "31x11x21x49x50\n31x16x21x49x50\n" {
		t.Errorf("moves -hub: exit %d, %q", code, out)
	}
	hubStart := hub.FormatPosition(hexdame.StartPosition())
	code, out, _ = runCLI(t, "", "moves", "-hub", "-fen", hubStart)
	if code != 0 || len(strings.Fields(out)) != 15 || !strings.Contains(out, "40-31\n") {
		t.Errorf("moves -hub from a Hub position: exit %d, %q", code, out)
	}
	code, out, _ = runCLI(t, "", "play", "-hub", "-fen", hubStart, "40-31", "22x40x31")
	if first, _, _ := strings.Cut(out, "\n"); code != 0 || first != "W:Wa1,a2,a3,a4,b1,b2,b3,b4,c1,c2,c3,c4,d1,d2,d3:Bd4,f7,f8,f9,g6,g7,g8,g9,h6,h7,h8,h9,i6,i7,i8,i9" {
		t.Errorf("play -hub: exit %d, %q", code, first)
	}
	for _, tt := range []struct {
		args   []string
		status int
		msg    string
	}{
		{[]string{"play", "-hub", "d4-e5"}, 2, "not a move in the Hub notation"},
		{[]string{"play", "-hub", "40-30"}, 1, `move 1 "40-30": illegal move`},
		{[]string{"play", "-hub", "40-31", "22x40"}, 2, "lists its captured cells"},
		{[]string{"moves", "-hub", "-numeric"}, 2, "exclude each other"},
		{[]string{"moves", "-fen", "X" + hubStart[1:]}, 2, "side to move must be W or B"},
	} {
		code, out, errOut := runCLI(t, "", tt.args...)
		if code != tt.status || out != "" || !strings.Contains(errOut, tt.msg) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%q: exit %d, stdout %q, stderr %q", tt.args, code, out, errOut)
		}
	}
}
