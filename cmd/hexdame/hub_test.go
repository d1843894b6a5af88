package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/hub"
)

// A hubSession drives "hexdame hub" in this process over pipes, as a GUI
// would, and records every line it writes.
type hubSession struct {
	t      *testing.T
	in     *io.PipeWriter
	lines  chan string
	exit   chan int
	stderr *bytes.Buffer
	seen   []string // every line read so far
}

// hubWait bounds every wait for a line: far above what any search here
// takes (milliseconds on an idle machine), so that only a hang fails, on
// a busy machine too.
const hubWait = time.Minute

func startHub(t *testing.T, args ...string) *hubSession {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	s := &hubSession{t: t, in: inW, lines: make(chan string, 1024), exit: make(chan int, 1), stderr: new(bytes.Buffer)}
	go func() {
		code := run(append([]string{"hub"}, args...), inR, outW, s.stderr)
		inR.Close() // a writer blocked on the input returns
		outW.Close()
		s.exit <- code
	}()
	go func() {
		r := hub.NewCommandReader(outR)
		for {
			line, err := r.ReadLine()
			if err != nil {
				close(s.lines)
				return
			}
			s.lines <- line
		}
	}()
	t.Cleanup(func() {
		inW.Close()
		select {
		case <-s.exit:
		case <-time.After(hubWait):
			t.Errorf("hexdame hub did not exit after its input closed")
		}
	})
	return s
}

// send writes lines to the engine.
func (s *hubSession) send(lines ...string) {
	s.t.Helper()
	for _, l := range lines {
		if _, err := io.WriteString(s.in, l+"\n"); err != nil {
			s.t.Fatalf("writing %q: %v", l, err)
		}
	}
}

// next returns the next line, or fails the test after timeout.
func (s *hubSession) next(timeout time.Duration) (string, bool) {
	s.t.Helper()
	select {
	case l, ok := <-s.lines:
		if ok {
			s.seen = append(s.seen, l)
		}
		return l, ok
	case <-time.After(timeout):
		return "", false
	}
}

// until reads lines up to the first that begins with the command name,
// and returns it with the lines before it; it fails the test when the
// output ends or hubWait passes first.
func (s *hubSession) until(name string) (hub.Command, []hub.Command) {
	s.t.Helper()
	var before []hub.Command
	for {
		l, ok := s.next(hubWait)
		if !ok {
			s.t.Fatalf("no %s line; lines so far:\n%s", name, strings.Join(s.seen, "\n"))
		}
		c, err := hub.ParseCommand(l)
		if err != nil {
			s.t.Fatalf("engine line %q: %v", l, err)
		}
		if c.Name == name {
			return c, before
		}
		before = append(before, c)
	}
}

// handshake does hub ... init, ready and returns the params declared.
func (s *hubSession) handshake(settings ...string) map[string]hub.Param {
	s.t.Helper()
	s.send("hub")
	_, before := s.until("wait")
	params := map[string]hub.Param{}
	for _, c := range before {
		if c.Name == "param" {
			p, err := hub.ParseParam(c)
			if err != nil {
				s.t.Fatal(err)
			}
			params[p.Name] = p
		}
	}
	for _, set := range settings {
		s.send("set-param " + set)
	}
	s.send("init")
	s.until("ready")
	return params
}

// search sends the lines, then waits for done and checks that its move is
// legal in p; it returns done and the info lines read.
func (s *hubSession) search(p hexdame.Position, lines ...string) (hub.Command, []hub.Info) {
	s.t.Helper()
	s.send(lines...)
	done, before := s.until("done")
	var infos []hub.Info
	for _, c := range before {
		switch c.Name {
		case "info":
			infos = append(infos, hub.ParseInfo(c, p))
		case "error":
			s.t.Errorf("error line during the search: %v", c)
		}
	}
	mv, _ := done.Value("move")
	m, err := hub.ParseMove(p, mv)
	if err != nil {
		s.t.Fatalf("%v: %v", done, err)
	}
	if pm, ok := done.Value("ponder"); ok {
		if _, err := hub.ParseMove(p.PlayUnchecked(m), pm); err != nil {
			s.t.Errorf("%v: ponder move: %v", done, err)
		}
	}
	return done, infos
}

// waitExit waits for the command to return and gives its exit status.
func (s *hubSession) waitExit(within time.Duration) int {
	s.t.Helper()
	select {
	case code := <-s.exit:
		s.exit <- code // for the clean-up
		return code
	case <-time.After(within):
		s.t.Fatalf("hexdame hub still running after %v", within)
		return -1
	}
}

func posLine(p hexdame.Position, moves ...string) string {
	l := "pos pos=" + hub.FormatPosition(p)
	if len(moves) > 0 {
		l += ` moves="` + strings.Join(moves, " ") + `"`
	}
	return l
}

var hubStart = hexdame.StartPosition()

func TestHubHandshake(t *testing.T) {
	s := startHub(t, "-hash", "1", "-level", "7")
	params := s.handshake()
	want := map[string]string{"variant": "hexdame", "level": "7", "threads": "1", "hash": "1", "tables": ""}
	for name, value := range want {
		if p, ok := params[name]; !ok || p.Value != value {
			t.Errorf("param %s: %+v, want value %q", name, p, value)
		}
	}
	if p := params["level"]; p.Type != hub.TypeInt || p.Min != "1" || p.Max != "10" {
		t.Errorf("level: %+v", p)
	}
	if !strings.HasPrefix(s.seen[0], "id name=hexdame ") {
		t.Errorf("first line %q", s.seen[0])
	}
	s.send("quit")
	if code := s.waitExit(hubWait); code != 0 {
		t.Errorf("exit %d", code)
	}
}

// Every kind of level gives one done with a legal move, and info lines
// (the last, under a depth limit, for the move played). A search whose
// time is all but gone may end before its first depth (engine.Search then
// answers with a legal move and no depth), so those are asked for the
// move only; a search with time to spare completes depth 1 (well under a
// millisecond here) and reports it. No bound here is on time: a search
// that ignored its limits would not end, and until fails it after hubWait.
func TestHubSearchLimits(t *testing.T) {
	s := startHub(t, "-hash", "1")
	s.handshake()
	p := hexdame.MustParseFEN("W:W40,44,45,48,49,50,52,53,54,55,56,57,58,59,60,61:B1,2,3,4,5,6,7,8,9,10,12,13,14,17,18,22")
	for _, tc := range []struct {
		level    string
		maxDepth int
		noTime   bool // the search may end before depth 1
	}{
		{"level depth=3", 3, false},
		{"level nodes=3000", 0, false},
		{"level move-time=0.5", 0, false},
		{"level time=2 inc=0.1 moves=20", 0, false},
		{"level move-time=0.01", 0, true},
		{"level time=0.01", 0, true},               // hardly any time left
		{"level depth=1 move-time=1000", 1, false}, // the depth ends it, not the time
	} {
		done, infos := s.search(p, posLine(p), tc.level, "go think")
		if len(infos) == 0 {
			if !tc.noTime {
				t.Errorf("%s: no info line", tc.level)
			}
			continue
		}
		last := infos[len(infos)-1]
		if tc.maxDepth > 0 && last.Depth != tc.maxDepth {
			t.Errorf("%s: last depth %d", tc.level, last.Depth)
		}
		if !last.HasScore || last.Nodes <= 0 || len(last.PV) == 0 || last.Depth < 1 {
			t.Errorf("%s: last info %+v", tc.level, last)
		}
		if mv, _ := done.Value("move"); tc.maxDepth > 0 && mv != hub.FormatMove(last.PV[0]) {
			t.Errorf("%s: done %v, pv %v", tc.level, done, last.PV)
		}
	}
	// The info line as written: every field.
	s.send(posLine(p), "level depth=4", "go think")
	c, _ := s.until("info")
	for _, f := range []string{"depth", "score", "nodes", "time", "nps", "pv"} {
		if _, ok := c.Value(f); !ok {
			t.Errorf("%v: no %s", c, f)
		}
	}
	s.until("done")
}

// The score is in men for the side to move, and pos's moves are the
// history: with them, the side that is behind draws by a third
// repetition; without, it sees its loss of material.
func TestHubRepetition(t *testing.T) {
	s := startHub(t, "-hash", "1")
	s.handshake()
	p1 := hexdame.MustParseFEN("B:WKa5:Be8,f8,g8,Ki9") // Red to move
	moves := []string{"1-10", "47-61", "10-1", "61-47", "1-10", "47-61", "10-1"}
	p0 := hexdame.MustParseFEN("W:WKa1:Be8,f8,g8,Ki9") // after the moves, for the second time
	score := func(infos []hub.Info) int {
		t.Helper()
		if len(infos) == 0 {
			t.Fatal("no info")
		}
		return infos[len(infos)-1].Score
	}
	done, infos := s.search(p0, posLine(p1, moves...), "level depth=2", "go think")
	if mv, _ := done.Value("move"); mv != "61-47" || score(infos) != 0 {
		t.Errorf("with the history: %v, score %d; want 61-47, a draw", done, score(infos))
	}
	s.send("new-game")
	_, infos = s.search(p0, posLine(p0), "level depth=2", "go think")
	if sc := score(infos); sc > -50 {
		t.Errorf("without the history: score %d, want White well behind", sc)
	}
	// Red's view of the same material.
	_, infos = s.search(p1, posLine(p1), "level depth=2", "go think")
	if sc := score(infos); sc < 50 {
		t.Errorf("Red to move: score %d, want Red well ahead", sc)
	}
}

// new-game clears the table: the same search after it costs what it cost
// the first time, and less without it.
func TestHubNewGame(t *testing.T) {
	s := startHub(t, "-hash", "1")
	s.handshake()
	nodes := func() int64 {
		_, infos := s.search(hubStart, posLine(hubStart), "level depth=7", "go think")
		return infos[len(infos)-1].Nodes
	}
	first := nodes()
	again := nodes()
	s.send("new-game")
	cleared := nodes()
	if again >= first || cleared != first {
		t.Errorf("nodes: %d, then %d with the table, %d after new-game; want fewer, then %d", first, again, cleared, first)
	}
}

// Searches that go on until stop: infinite, analyze, ponder. ping is
// answered during them, and stop ends each with one done.
func TestHubStopAndPing(t *testing.T) {
	s := startHub(t, "-hash", "1")
	s.handshake()
	// A win on the move: the search reaches its deepest iteration at once,
	// and must still wait for stop.
	won := hexdame.MustParseFEN("W:WKe5:Bc3,d2")
	for _, lines := range [][]string{
		{posLine(hubStart), "level infinite", "go think"},
		{posLine(hubStart), "level depth=1", "go analyze"}, // analyze: the limits do not end it
		{posLine(hubStart), "level move-time=0.01", "go ponder"},
		{posLine(won), "level infinite", "go think"},
		{posLine(won), "level depth=1", "go analyze"},
		{posLine(won), "level depth=1", "go ponder"},
	} {
		s.send(lines...)
		s.send("ping")
		if _, before := s.until("pong"); hasDone(before) {
			t.Errorf("%v: done before stop", lines)
		}
		time.Sleep(200 * time.Millisecond)
		s.send("ping")
		if _, before := s.until("pong"); hasDone(before) {
			t.Errorf("%v: done before stop", lines)
		}
		start := time.Now()
		s.send("stop")
		s.until("done")
		if d := time.Since(start); d > stopWait {
			t.Errorf("%v: done %v after stop", lines, d)
		}
		s.send("stop", "ping") // stop with no search: ignored
		if _, before := s.until("pong"); hasDone(before) {
			t.Errorf("%v: a second done", lines)
		}
	}
	// ponder-hit: the search goes on under the limits and ends alone.
	s.send(posLine(hubStart), "level depth=3", "go ponder")
	time.Sleep(100 * time.Millisecond)
	s.send("ping")
	if _, before := s.until("pong"); hasDone(before) {
		t.Error("pondering: done before ponder-hit")
	}
	s.send("ponder-hit")
	_, before := s.until("done")
	if last := before[len(before)-1]; last.Name != "info" || hub.ParseInfo(last, hubStart).Depth != 3 {
		t.Errorf("after ponder-hit with level depth=3: %v", last)
	}
	s.send("ping")
	if _, before := s.until("pong"); hasDone(before) {
		t.Error("a second done after ponder-hit")
	}
}

// stopWait bounds the time from stop to done: the search looks at its
// flag every thousand positions or so (a millisecond), and the bound is
// wide for a busy machine.
const stopWait = 10 * time.Second

func hasDone(cmds []hub.Command) bool {
	for _, c := range cmds {
		if c.Name == "done" {
			return true
		}
	}
	return false
}

// Hostile lines: each gets at most an error line, never a done that is
// not asked for, and the engine goes on answering and searching.
func TestHubHostileLines(t *testing.T) {
	s := startHub(t, "-hash", "1")
	s.handshake()
	noMoves, err := hub.ParsePosition("Wb" + strings.Repeat("e", 60)) // White has nothing
	if err != nil || noMoves.CountLegalMoves() > 0 {
		t.Fatal(noMoves, err)
	}
	for _, tc := range []struct {
		lines []string
		error bool // an error line is expected
	}{
		{[]string{`pos pos="abc`}, true}, // not a command: it may have been a pos
		{[]string{`"`, "=", "\x01", "go\x7f", "pos pos=\xff"}, true},
		{[]string{strings.Repeat("x", hub.MaxLineLength+10)}, true},
		{[]string{"frobnicate now=1", "level frob=2", "went sideways", "hub-random"}, false},
		{[]string{"pos pos=XYZ"}, true},
		{[]string{"pos pos=" + strings.Repeat("e", 62)}, true},
		{[]string{posLine(hubStart, "40-31", "99-1")}, true},
		{[]string{posLine(hubStart, "52-47", "40-31")}, true}, // 40-31: Red to move
		{[]string{posLine(hubStart, "garbage")}, true},
		{[]string{"level depth=x"}, true},
		{[]string{"level move-time=-1"}, true},
		{[]string{"set-param name=level value=0"}, true},
		{[]string{"set-param name=nonsense value=1"}, true},
		{[]string{"set-param"}, true},
	} {
		s.send(tc.lines...)
		s.send("ping")
		_, before := s.until("pong")
		gotError := false
		for _, c := range before {
			switch c.Name {
			case "error":
				gotError = true
			default:
				t.Errorf("%q: unexpected %v", tc.lines, c)
			}
		}
		if gotError != tc.error {
			t.Errorf("%q: error line %v, want %v", tc.lines, gotError, tc.error)
		}
		// A search still works, and after a refused pos it is of the
		// last valid position or refused: never an illegal move.
		s.send(posLine(hubStart), "level depth=2", "go think")
		done, _ := s.until("done")
		if mv, _ := done.Value("move"); !hubStart.IsLegal(mustHubMove(t, hubStart, mv)) {
			t.Errorf("%q: then %v", tc.lines, done)
		}
	}
	// A position without legal moves, and a refused position, given to
	// go: an error line and a done without a move.
	for _, pos := range []string{posLine(noMoves), "pos pos=XYZ"} {
		s.send("level depth=2", pos, "go think")
		done, before := s.until("done")
		if mv, ok := done.Value("move"); ok && mv != "" {
			t.Errorf("%s: %v", pos, done)
		}
		if len(before) == 0 || before[len(before)-1].Name != "error" {
			t.Errorf("%s: no error line before %v: %v", pos, done, before)
		}
	}
}

func mustHubMove(t *testing.T, p hexdame.Position, s string) hexdame.Move {
	t.Helper()
	m, err := hub.ParseMove(p, s)
	if err != nil {
		t.Fatalf("move %q: %v", s, err)
	}
	return m
}

// Parameters: a bad value gets an error line and the old value stays; a
// good one takes effect, also mid-search (after the search). Bad flags
// are a usage error.
func TestHubParams(t *testing.T) {
	dir := t.TempDir()
	s := startHub(t, "-hash", "2")
	s.handshake("name=level value=3")
	for _, set := range []string{
		"name=level value=0", "name=level value=11", "name=level value=x", "name=level value=",
		"name=threads value=0", "name=threads value=257", "name=hash value=0",
		"name=hash value=16385", "name=hash value=-5", "name=tables value=/nonexistent/dir",
		"name=tables value=" + dir, // no tables there
		"name=variant value=checkers",
	} {
		s.send("set-param "+set, "ping")
		c, before := s.until("pong")
		if len(before) != 1 || before[0].Name != "error" {
			t.Errorf("set-param %s: %v then %v", set, before, c)
		}
	}
	params := s.handshake() // hub again lists the values
	for name, want := range map[string]string{"level": "3", "threads": "1", "hash": "2", "tables": ""} {
		if got := params[name].Value; got != want {
			t.Errorf("%s = %q after refused values, want %q", name, got, want)
		}
	}
	// Mid-search: the new values take effect after the search.
	s.send(posLine(hubStart), "level infinite", "go think", "set-param name=threads value=2", "set-param name=hash value=4", "set-param name=level value=10", "ping")
	s.until("pong")
	s.send("stop")
	s.until("done")
	params = s.handshake()
	for name, want := range map[string]string{"level": "10", "threads": "2", "hash": "4"} {
		if got := params[name].Value; got != want {
			t.Errorf("%s = %q after set-param mid-search, want %q", name, got, want)
		}
	}
	s.search(hubStart, "level depth=5", "go think")

	for _, args := range [][]string{{"-level", "0"}, {"-level", "11"}, {"-threads", "0"}, {"-hash", "0"}, {"-tables", "/nonexistent/dir"}, {"extra"}} {
		code, out, errOut := runCLI(t, "hub\n", append([]string{"hub"}, args...)...)
		if code != 2 || out != "" || strings.Count(errOut, "\n") != 1 || !strings.HasPrefix(errOut, "hexdame hub: ") {
			t.Errorf("hub %q: exit %d, stdout %q, stderr %q", args, code, out, errOut)
		}
	}
}

// Commands out of order: go before pos and before init (the start
// position is searched), two go's (one done each), quit mid-search.
func TestHubOutOfOrder(t *testing.T) {
	s := startHub(t, "-hash", "1")
	s.search(hubStart, "level depth=2", "go think") // no hub, no init, no pos
	s.send("level infinite", "go think", "go think")
	s.until("done") // the first, stopped by the second go
	s.until("info") // the second runs
	s.send("stop")
	s.until("done")
	s.send("ping")
	if _, before := s.until("pong"); hasDone(before) {
		t.Error("a third done for two go's")
	}
	s.send("init", "init", "hub")
	s.until("wait")
	s.send("go analyze")
	s.send("quit")
	code := s.waitExit(hubWait)
	if code != 0 {
		t.Errorf("quit mid-search: exit %d, stderr %q", code, s.stderr)
	}
	dones := 0 // the search's done comes before the engine quits
	for l, ok := s.next(time.Second); ok; l, ok = s.next(time.Second) {
		if strings.HasPrefix(l, "done") {
			dones++
		}
	}
	if dones != 1 {
		t.Errorf("%d done lines after quit, want 1", dones)
	}
}

// A script piped to the engine gets its move: quit or the end of the
// input during a search answers it with done before the engine exits.
// The done used to be lost.
func TestHubPipedScript(t *testing.T) {
	p := hexdame.MustParseFEN("W:W40,44,45,48,49,50,52,53,54,55,56,57,58,59,60,61:B1,2,3,4,5,6,7,8,9,10,12,13,14,17,18,22")
	for _, script := range []string{
		"hub\ninit\n" + posLine(p) + "\nlevel depth=3\ngo think\nquit\n",
		"hub\ninit\n" + posLine(p) + "\nlevel depth=3\ngo think\n",
		posLine(p) + "\nlevel infinite\ngo think\n",
		posLine(p) + "\nlevel infinite\ngo analyze\ngo ponder\nquit\n",
	} {
		code, out, errOut := runCLI(t, script, "hub", "-hash", "1")
		if code != 0 || errOut != "" {
			t.Errorf("%q: exit %d, stderr %q", script, code, errOut)
		}
		var dones []hub.Command
		for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
			if c, err := hub.ParseCommand(l); err == nil && c.Name == "done" {
				dones = append(dones, c)
			}
		}
		if want := strings.Count(script, "go "); len(dones) != want {
			t.Errorf("%q: %d done lines, want %d:\n%s", script, len(dones), want, out)
		}
		for _, d := range dones {
			mv, _ := d.Value("move")
			mustHubMove(t, p, mv)
		}
	}
}

// A limit that leaves no time makes the engine move at once, and a refused
// level line keeps the limits before it. Each used to mean no limit: the
// search went on without end.
func TestHubNoTimeLeft(t *testing.T) {
	s := startHub(t, "-hash", "1")
	s.handshake()
	for _, level := range [][]string{
		{"level move-time=0"}, {"level time=0"}, {"level time=0 inc=0"}, {"level moves=5 time=0"},
		{"level depth=0"}, {"level nodes=0"}, {"level move-time=1e-300"},
		{"level move-time=0.1", "level move-time=-1"},
	} {
		s.send(posLine(hubStart))
		s.send(level...)
		s.send("go think")
		for {
			l, ok := s.next(30 * time.Second)
			if !ok {
				t.Fatalf("%q: no done within 30 s", level)
			}
			if c, err := hub.ParseCommand(l); err == nil && c.Name == "done" {
				mv, _ := c.Value("move")
				mustHubMove(t, hubStart, mv)
				break
			}
		}
	}
}

// The input closing mid-search ends the command promptly, and nothing of
// it is left running.
func TestHubInputClosed(t *testing.T) {
	before := runtime.NumGoroutine()
	for _, mode := range []string{"think", "analyze", "ponder"} {
		s := startHub(t, "-hash", "1", "-threads", "2")
		s.handshake()
		s.send(posLine(hubStart), "level infinite", "go "+mode, "ping")
		s.until("pong")
		s.in.Close()
		if code := s.waitExit(hubWait); code != 0 {
			t.Errorf("%s: input closed mid-search: exit %d, stderr %q", mode, code, s.stderr)
		}
		for _, ok := s.next(time.Second); ok; _, ok = s.next(time.Second) {
		}
	}
	deadline := time.Now().Add(hubWait)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before {
		buf := make([]byte, 1<<16)
		t.Errorf("%d goroutines, %d before:\n%s", n, before, buf[:runtime.Stack(buf, true)])
	}
}

// Endgame tables: with them the engine knows a table win at once.
func TestHubTables(t *testing.T) {
	dir := tablesDir(t)
	p := hexdame.MustParseFEN("W:WKe5,Kc3:Bi8") // a win in 5 plies
	for _, args := range [][]string{{"-tables", dir}, nil} {
		s := startHub(t, append([]string{"-hash", "1"}, args...)...)
		params := s.handshake()
		_, infos := s.search(p, posLine(p), "level depth=3", "go think")
		sc := infos[len(infos)-1].Score
		if args != nil && (sc < 25000 || params["tables"].Value != dir) {
			t.Errorf("with the tables: score %d, tables %q; want a win", sc, params["tables"].Value)
		}
		if args == nil && sc > 25000 {
			t.Errorf("without tables: score %d", sc)
		}
	}
	s := startHub(t, "-hash", "1")
	s.handshake("name=tables value=" + dir)
	_, infos := s.search(p, posLine(p), "level depth=3", "go think")
	if sc := infos[len(infos)-1].Score; sc < 25000 {
		t.Errorf("tables by set-param: score %d", sc)
	}
}

// Eight engines searching at once in one process; with -race this is the
// race test of the adapter.
func TestHubConcurrent(t *testing.T) {
	var wg sync.WaitGroup
	moves := make([]string, 8)
	sessions := make([]*hubSession, 8)
	for i := range sessions {
		sessions[i] = startHub(t, "-hash", "1", "-threads", strconv.Itoa(1+i%2))
		sessions[i].handshake()
	}
	for i, s := range sessions {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s.send(posLine(hubStart, "52-47"), "level depth=5", "go think")
			for l, ok := s.next(hubWait); ok; l, ok = s.next(hubWait) {
				if strings.HasPrefix(l, "done ") {
					moves[i] = l
					return
				}
			}
		}()
	}
	wg.Wait()
	p := hubStart.PlayUnchecked(mustHubMove(t, hubStart, "52-47"))
	for i, l := range moves {
		c, err := hub.ParseCommand(l)
		if err != nil {
			t.Fatalf("engine %d: %q", i, l)
		}
		mv, _ := c.Value("move")
		mustHubMove(t, p, mv)
	}
}

// A short match of hexdame hub against hexdame hub-random through hexdame
// match: legal games, won by the engine. The engine plays level 8 (5,000
// nodes a move, a few milliseconds) under a move time it never reaches, so
// that its games are the same on a busy machine; the margin is wide, so
// that no move is late there.
func TestHubMatch(t *testing.T) {
	games := 2
	if os.Getenv("HEXDAME_LONG") != "" {
		games = 20
	}
	code, out, errOut := runCLI(t, "", "match", "-engine", "hexdame hub -hash 4 -level 8", "-engine", "hexdame hub-random -seed 3",
		"-games", strconv.Itoa(games), "-movetime", "1", "-margin", "10", "-random-plies", "2")
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	cmds := parseLines(t, out)
	if len(cmds) != games+1 {
		t.Fatalf("output:\n%s", out)
	}
	for _, c := range cmds[:games] {
		reason, _ := c.Value("reason")
		score, _ := c.Value("score")
		if reason != "no-legal-move" || score != "1" {
			t.Errorf("%v", c)
		}
	}
	if wins, _ := cmds[games].Value("wins"); wins != fmt.Sprint(games) {
		t.Errorf("%v", cmds[games])
	}
}
