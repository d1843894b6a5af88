package hub

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hexdame/hexdame"
)

// gui drives Serve over pipes, as a GUI would.
type gui struct {
	t     *testing.T
	w     *io.PipeWriter
	lines chan Command
	errc  chan error // Serve's result
}

// serve runs Serve for eng behind pipes; everything is closed when the
// test ends.
func serve(t *testing.T, eng Engine) *gui {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	g := &gui{t: t, w: inW, lines: make(chan Command, 1024), errc: make(chan error, 1)}
	go func() {
		err := Serve(context.Background(), inR, outW, eng)
		outW.Close()
		g.errc <- err
	}()
	go func() {
		r := NewCommandReader(outR)
		for {
			c, err := r.ReadCommand()
			if err != nil {
				close(g.lines)
				return
			}
			g.lines <- c
		}
	}()
	t.Cleanup(func() {
		inW.Close()
		outR.Close()
		inR.Close()
	})
	return g
}

func (g *gui) send(lines ...string) {
	g.t.Helper()
	for _, l := range lines {
		if _, err := io.WriteString(g.w, l+"\n"); err != nil {
			g.t.Fatalf("sending %q: %v", l, err)
		}
	}
}

// serveWait bounds every wait for the engine: far above what it takes
// (the engines here answer at once), so that only a hang fails, on a busy
// machine too.
const serveWait = time.Minute

// next returns the next command the engine writes.
func (g *gui) next() Command {
	g.t.Helper()
	select {
	case c, ok := <-g.lines:
		if !ok {
			g.t.Fatal("the engine's output ended")
		}
		return c
	case <-time.After(serveWait):
		g.t.Fatalf("no line from the engine within %v", serveWait)
	}
	return Command{}
}

// expect reads the next command and checks its name.
func (g *gui) expect(name string) Command {
	g.t.Helper()
	c := g.next()
	if c.Name != name {
		g.t.Fatalf("got %q, want %s", c, name)
	}
	return c
}

// until reads commands up to the first called name, which it returns with
// the names of the others.
func (g *gui) until(name string) (Command, []string) {
	g.t.Helper()
	var before []string
	for {
		c := g.next()
		if c.Name == name {
			return c, before
		}
		before = append(before, c.Name)
	}
}

// quiet checks that the engine writes nothing for a moment.
func (g *gui) quiet() {
	g.t.Helper()
	select {
	case c := <-g.lines:
		g.t.Fatalf("unexpected %q", c)
	case <-time.After(50 * time.Millisecond):
	}
}

// served waits for Serve to return and gives its result.
func (g *gui) served() error {
	g.t.Helper()
	select {
	case err := <-g.errc:
		return err
	case <-time.After(serveWait):
		g.t.Fatalf("Serve did not return within %v", serveWait)
	}
	return nil
}

// legalDone checks that c is a done with a legal move of p and returns it.
func legalDone(t *testing.T, c Command, p hexdame.Position) hexdame.Move {
	t.Helper()
	text, ok := c.Value("move")
	if c.Name != "done" || !ok {
		t.Fatalf("got %q, want a done with a move", c)
	}
	m, err := ParseMove(p, text)
	if err != nil {
		t.Fatalf("done %q: %v", c, err)
	}
	return m
}

// refused reads an error line, then a done without a move: the answer to
// a go that cannot run.
func (g *gui) refused(what string) {
	g.t.Helper()
	g.expect("error")
	if done := g.expect("done"); done.Has("move") {
		g.t.Errorf("%s: %q, want a done without a move", what, done)
	}
}

func TestServeHandshakeAndSearch(t *testing.T) {
	g := serve(t, NewRandomMover(7))
	g.send("hub")
	id := g.expect("id")
	if name, _ := id.Value("name"); name != "hexdame random mover" {
		t.Errorf("id: %q", id)
	}
	variant := g.expect("param")
	if variant.String() != `param name=variant value=hexdame type=enum values=hexdame` {
		t.Errorf("first param: %q", variant)
	}
	seed := g.expect("param")
	if v, _ := seed.Value("name"); v != "seed" {
		t.Errorf("second param: %q", seed)
	}
	g.expect("param")
	g.expect("wait")
	g.send("set-param name=seed value=42", "set-param name=variant value=hexdame", "init")
	g.expect("ready")

	p := hexdame.MustParseFEN("W:W31,40:B10,13")
	g.send("new-game", "pos pos="+FormatPosition(p), "level move-time=0.01", "go think")
	done, before := g.until("done")
	legalDone(t, done, p)
	if len(before) != 1 || before[0] != "info" {
		t.Errorf("before done: %v", before)
	}
	// moves= is played from pos=.
	start := hexdame.StartPosition()
	after := start.PlayUnchecked(start.MustParseMove("40-31"))
	g.send(`pos pos=`+hubStart+` moves="40-31"`, "go think")
	done, _ = g.until("done")
	if m := legalDone(t, done, after); FormatMove(m) != "22x40x31" {
		t.Errorf("the only reply: %s", FormatMove(m))
	}
	g.send("quit")
	if err := g.served(); err != nil {
		t.Errorf("Serve: %v", err)
	}
}

// The same seed gives the same moves.
func TestServeSeedRepeats(t *testing.T) {
	play := func() string {
		g := serve(t, NewRandomMover(0))
		g.send("set-param name=seed value=99", "level depth=1")
		var moves []string
		for range 10 {
			g.send("go")
			done, _ := g.until("done")
			v, _ := done.Value("move")
			moves = append(moves, v)
		}
		g.send("quit")
		g.served()
		return strings.Join(moves, " ")
	}
	a, b := play(), play()
	if a != b {
		t.Errorf("seed 99 gave %s, then %s", a, b)
	}
}

func TestServeUnexpectedOrder(t *testing.T) {
	g := serve(t, NewRandomMover(1))
	// stop, ponder-hit, unknown commands and blank lines when idle:
	// nothing.
	g.send("stop", "ponder-hit", "frobnicate x=1", "", " \t")
	g.quiet()
	// go before hub, init, pos and level: the start position, readied.
	g.send("level depth=1", "go think")
	done, _ := g.until("done")
	legalDone(t, done, hexdame.StartPosition())
	// set-param after init; an unknown parameter; a bad value.
	g.send("init")
	g.expect("ready")
	g.send("set-param name=spend-time value=true")
	g.send("set-param name=nope value=1")
	if msg, _ := g.expect("error").Value("message"); !strings.Contains(msg, "unknown parameter nope") {
		t.Errorf("unknown parameter: %q", msg)
	}
	g.send("set-param name=seed value=minus")
	g.expect("error")
	g.send("set-param name=variant value=international")
	g.expect("error")
	// hub again is answered again.
	g.send("hub")
	_, before := g.until("wait")
	if len(before) != 4 {
		t.Errorf("second hub: %v", before)
	}
	// ping is answered at once.
	g.send("ping")
	g.expect("pong")
	g.send("quit")
	if err := g.served(); err != nil {
		t.Error(err)
	}
}

func TestServeBadPositions(t *testing.T) {
	g := serve(t, NewRandomMover(1))
	g.send("level depth=1")
	for _, pos := range []string{"pos pos=W", `pos pos=` + hubStart + ` moves="40-30"`, `pos moves="d4-e5"`} {
		g.send(pos)
		if msg, _ := g.expect("error").Value("message"); !strings.HasPrefix(msg, "pos: ") {
			t.Errorf("%s: error %q", pos, msg)
		}
		g.send("go think")
		g.refused(pos)
	}
	// A valid pos makes go work again; a position without moves does not.
	g.send("pos pos=" + hubStart)
	g.send("go think")
	done, _ := g.until("done")
	legalDone(t, done, hexdame.StartPosition())
}

// A line the engine cannot read gets an error line, and since it may have
// been a pos, the position is invalid until the next valid pos: a go gets
// an error and a done without a move, never a move of the position before.
// The line used to be dropped in silence, and the next go answered a move
// of the old position.
func TestServeUnreadableLines(t *testing.T) {
	long := "pos pos=" + hubStart + ` moves="` + strings.Repeat("40-35 ", MaxLineLength/6) + `"`
	for _, line := range []string{long, `pos pos="` + hubStart, "pos =x", "pos pos=\x01" + hubStart, "pos pos=" + hubStart + "\xff"} {
		g := serve(t, NewRandomMover(1))
		g.send("level depth=1", "pos pos="+hubStart, line)
		if msg, _ := g.expect("error").Value("message"); !strings.Contains(msg, "no valid position until the next pos") {
			t.Errorf("%.40q: error %q", line, msg)
		}
		g.send("go think")
		g.refused(fmt.Sprintf("%.40q", line))
		lone := hexdame.MustParseFEN("B:W61:B1")
		g.send("pos pos="+FormatPosition(lone), "go think")
		done, _ := g.until("done")
		legalDone(t, done, lone)

		// During a search, the line waits its turn like a pos would.
		g.send("level infinite", "go think", line, "level depth=1", "go think")
		first, before := g.until("done")
		legalDone(t, first, lone)
		if slices.Contains(before, "error") {
			t.Errorf("%.40q: before the first done: %v", line, before)
		}
		g.expect("error")
		g.refused(fmt.Sprintf("%.40q: during a search", line))
		g.send("quit")
		g.served()
	}
}

// A long record is taken: a king ending of 14,400 reversible moves makes
// a pos line of 86 KB, which used to be skipped in silence.
func TestServeLongPos(t *testing.T) {
	p := hexdame.MustParseFEN("W:WK61:BK1")
	var moves []string
	q := p
	for len(moves) < 14400 {
		m := q.LegalMoves()[len(moves)/2%2]
		moves = append(moves, FormatMove(m))
		q = q.PlayUnchecked(m)
	}
	line := "pos pos=" + FormatPosition(p) + ` moves="` + strings.Join(moves, " ") + `"`
	if len(line) < 72<<10 {
		t.Fatalf("the line has %d bytes", len(line))
	}
	g := serve(t, NewRandomMover(1))
	g.send("level depth=1", line, "go think")
	done, before := g.until("done")
	legalDone(t, done, q)
	if slices.Contains(before, "error") {
		t.Errorf("before done: %v", before)
	}
}

// A level line that is refused keeps the limits before it. It used to
// leave none: the next go searched without end.
func TestServeRefusedLevel(t *testing.T) {
	g := serve(t, NewRandomMover(1))
	g.send("level move-time=0.1", "level move-time=-1")
	if msg, _ := g.expect("error").Value("message"); !strings.Contains(msg, "before it stay") {
		t.Errorf("error %q", msg)
	}
	g.send("go think")
	done, _ := g.until("done")
	legalDone(t, done, hexdame.StartPosition())
}

// A limit of 0 leaves no time: the engine moves at once. It used to mean
// no limit, and the search went on until stop.
func TestServeZeroLimits(t *testing.T) {
	for _, level := range []string{"level move-time=0", "level time=0", "level time=0 inc=0", "level depth=0", "level nodes=0", "level move-time=1e-300"} {
		g := serve(t, NewRandomMover(1))
		g.send(level, "go think")
		done, _ := g.until("done")
		legalDone(t, done, hexdame.StartPosition())
		g.send("quit")
		g.served()
	}
}

func TestServeNoLegalMove(t *testing.T) {
	g := serve(t, NewRandomMover(1))
	lost := hexdame.MustParseFEN("W:W:B1")
	g.send("pos pos="+FormatPosition(lost), "go think")
	g.refused("no legal move")
	g.send("level move-time=abc")
	g.expect("error")
}

func TestServeInfiniteStopPing(t *testing.T) {
	g := serve(t, NewRandomMover(1))
	g.send("level infinite", "go think")
	g.quiet()
	g.send("ping")
	g.expect("pong")
	g.send("stop")
	done, _ := g.until("done")
	legalDone(t, done, hexdame.StartPosition())
	// analyze ignores the limits and runs until stop.
	g.send("level move-time=0.001", "go analyze")
	g.quiet()
	g.send("stop")
	g.until("done")
}

func TestServePonder(t *testing.T) {
	g := serve(t, NewRandomMover(1))
	g.send("level move-time=0.001", "go ponder")
	g.quiet()
	g.send("ponder-hit")
	done, _ := g.until("done")
	legalDone(t, done, hexdame.StartPosition())
	g.send("go ponder")
	g.quiet()
	g.send("stop")
	g.until("done")
}

// Commands during a search wait for it; a go stops it first. Every go gets
// exactly one done.
func TestServeCommandsDuringSearch(t *testing.T) {
	g := serve(t, NewRandomMover(1))
	lone := hexdame.MustParseFEN("B:W61:B1")
	g.send("level infinite", "go think")
	g.send("pos pos="+FormatPosition(lone), "level depth=1", "go think")
	first, _ := g.until("done")
	legalDone(t, first, hexdame.StartPosition())
	second, _ := g.until("done")
	legalDone(t, second, lone)
	g.send("ping")
	g.expect("pong")
}

// quit, the end of the input or ctx during a search: the search is
// stopped and answered with its move before Serve returns, and so is a go
// that waited for it. They used to be left without a done.
func TestServeEndMidSearch(t *testing.T) {
	for _, end := range []string{"quit", "eof", "ctx"} {
		t.Run(end, func(t *testing.T) {
			eng := &stubbornEngine{RandomMover: NewRandomMover(1)}
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			inR, inW := io.Pipe()
			defer inR.Close()
			outR, outW := io.Pipe()
			errc := make(chan error, 1)
			go func() {
				err := Serve(ctx, inR, outW, eng)
				outW.Close()
				errc <- err
			}()
			lone := hexdame.MustParseFEN("B:W61:B1")
			io.WriteString(inW, "level infinite\ngo think\npos pos="+FormatPosition(lone)+"\ngo think\n")
			switch end {
			case "quit":
				io.WriteString(inW, "quit\n")
			case "eof":
				inW.Close()
			case "ctx":
				// ctx ends Serve once the lines are read: the pong to a
				// ping says they are.
				io.WriteString(inW, "ping\n")
			}
			r := NewCommandReader(outR)
			var dones []Command
			for {
				c, err := r.ReadCommand()
				if err != nil {
					break
				}
				switch c.Name {
				case "pong":
					cancel()
				case "done":
					dones = append(dones, c)
				}
			}
			var err error
			select {
			case err = <-errc:
			case <-time.After(serveWait):
				t.Fatalf("Serve did not return within %v", serveWait)
			}
			if (end == "ctx") != errors.Is(err, context.Canceled) || (end != "ctx" && err != nil) {
				t.Errorf("Serve: %v", err)
			}
			if len(dones) != 2 {
				t.Fatalf("%d done lines, want 2: %q", len(dones), dones)
			}
			legalDone(t, dones[0], hexdame.StartPosition())
			legalDone(t, dones[1], lone)
			if eng.searching.Load() {
				t.Error("Serve returned while the search ran")
			}
			inW.Close()
		})
	}
}

// A go among commands refused during a search (more than maxDeferred) is
// still answered, and the position is invalid until the next pos: a pos
// may have been refused. The go used to get no done.
func TestServeTooManyCommandsDuringSearch(t *testing.T) {
	eng := &gatedEngine{RandomMover: NewRandomMover(1), gate: make(chan struct{})}
	g := serve(t, eng)
	g.send("level depth=1", "go think")
	for range maxDeferred + 10 {
		g.send("level depth=1")
	}
	lone := hexdame.MustParseFEN("B:W61:B1")
	g.send("pos pos="+FormatPosition(lone), "go think", "go think", "level depth=2")
	if msg, _ := g.expect("error").Value("message"); !strings.Contains(msg, "too many commands") {
		t.Errorf("error %q", msg)
	}
	// ping is answered at once, after the lines before it are handled.
	g.send("ping")
	g.expect("pong")
	close(eng.gate)
	legalDone(t, g.expect("done"), hexdame.StartPosition())
	for range 2 {
		g.refused("a refused go")
	}
	g.send("go think")
	g.refused("a go after a refused pos")
	g.send("pos pos="+FormatPosition(lone), "go think")
	done, _ := g.until("done")
	legalDone(t, done, lone)
}

// gatedEngine searches until its gate is closed, whatever ctx says.
type gatedEngine struct {
	*RandomMover
	gate chan struct{}
}

func (e *gatedEngine) Search(ctx context.Context, s Search, info func(Info)) (Done, error) {
	<-e.gate
	return e.RandomMover.Search(ctx, s, nil)
}

// A broken output ends Serve with the write error.
func TestServeWriteError(t *testing.T) {
	inR, inW := io.Pipe()
	defer inW.Close()
	errc := make(chan error)
	go func() { errc <- Serve(context.Background(), inR, failingWriter{}, NewRandomMover(1)) }()
	io.WriteString(inW, "ping\n")
	select {
	case err := <-errc:
		if err == nil || !strings.Contains(err.Error(), "broken") {
			t.Errorf("Serve: %v", err)
		}
	case <-time.After(serveWait):
		t.Fatal("Serve did not return")
	}
}

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("broken pipe") }

// An engine that fails, or returns an illegal move, gets an error line and
// a done without a move.
func TestServeEngineFaults(t *testing.T) {
	for _, eng := range []Engine{&faultyEngine{err: errors.New("out of memory")}, &faultyEngine{}} {
		g := serve(t, eng)
		g.send("level depth=1", "go think")
		if msg, _ := g.expect("error").Value("message"); !strings.HasPrefix(msg, "search: ") {
			t.Errorf("error %q", msg)
		}
		if done := g.expect("done"); done.Has("move") {
			t.Errorf("%q", done)
		}
	}
	g := serve(t, &faultyEngine{initErr: errors.New("no tables")})
	g.send("init")
	g.expect("error")
	g.send("go think")
	g.expect("error")
	g.expect("done")
}

// stubbornEngine searches until stopped, and records whether it is
// searching.
type stubbornEngine struct {
	*RandomMover
	searching atomic.Bool
}

func (e *stubbornEngine) Search(ctx context.Context, s Search, info func(Info)) (Done, error) {
	e.searching.Store(true)
	defer e.searching.Store(false)
	<-ctx.Done()
	time.Sleep(20 * time.Millisecond) // a search takes a moment to wind down
	return e.RandomMover.Search(ctx, s, info)
}

// faultyEngine fails its searches with err, or returns the zero Move.
type faultyEngine struct {
	RandomMover
	err, initErr error
}

func (e *faultyEngine) Init() error { return e.initErr }

func (e *faultyEngine) Search(ctx context.Context, s Search, info func(Info)) (Done, error) {
	return Done{}, e.err
}

// A line the engine makes unwritable is replaced by an error line, not
// left out in silence.
func TestServeUnwritableLine(t *testing.T) {
	g := serve(t, badParamEngine{NewRandomMover(1)})
	g.send("hub")
	_, before := g.until("wait")
	if !slices.Contains(before, "error") {
		t.Errorf("before wait: %v", before)
	}
}

// badParamEngine declares a parameter whose name cannot be written.
type badParamEngine struct{ *RandomMover }

func (badParamEngine) Params() []Param { return []Param{{Name: `a"b`, Type: TypeString}} }
