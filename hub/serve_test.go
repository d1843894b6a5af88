package hub

import (
	"context"
	"errors"
	"io"
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
		r := NewReader(outR)
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
	// stop, ponder-hit and unknown commands when idle: nothing.
	g.send("stop", "ponder-hit", "frobnicate x=1", `garbage "`, "=x", "")
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
		g.expect("error")
		if done := g.expect("done"); done.Has("move") {
			t.Errorf("%s: %q", pos, done)
		}
	}
	// A valid pos makes go work again; a position without moves does not.
	g.send("pos pos=" + hubStart)
	g.send("go think")
	done, _ := g.until("done")
	legalDone(t, done, hexdame.StartPosition())
}

func TestServeNoLegalMove(t *testing.T) {
	g := serve(t, NewRandomMover(1))
	lost := hexdame.MustParseFEN("W:W:B1")
	g.send("pos pos="+FormatPosition(lost), "go think")
	g.expect("error")
	if done := g.expect("done"); done.Has("move") {
		t.Errorf("%q", done)
	}
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

func TestServeQuitMidSearch(t *testing.T) {
	eng := &stubbornEngine{RandomMover: NewRandomMover(1)}
	g := serve(t, eng)
	g.send("level infinite", "go think")
	g.quiet()
	g.send("quit")
	if err := g.served(); err != nil {
		t.Error(err)
	}
	if eng.searching.Load() {
		t.Error("Serve returned while the search ran")
	}
}

func TestServeInputClosedMidSearch(t *testing.T) {
	eng := &stubbornEngine{RandomMover: NewRandomMover(1)}
	g := serve(t, eng)
	g.send("level infinite", "go think")
	g.quiet()
	g.w.Close()
	if err := g.served(); err != nil {
		t.Error(err)
	}
	if eng.searching.Load() {
		t.Error("Serve returned while the search ran")
	}
}

func TestServeContextCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	inR, inW := io.Pipe()
	defer inW.Close()
	errc := make(chan error)
	go func() { errc <- Serve(ctx, inR, io.Discard, NewRandomMover(1)) }()
	io.WriteString(inW, "level infinite\ngo think\n")
	cancel()
	select {
	case err := <-errc:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("Serve: %v", err)
		}
	case <-time.After(serveWait):
		t.Fatal("Serve did not return")
	}
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
