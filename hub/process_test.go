//go:build unix

package hub_test

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/hub"
	"github.com/hexdame/hexdame/internal/hubtest"
)

func TestMain(m *testing.M) {
	hubtest.RunIfAsked()
	os.Exit(m.Run())
}

// engines starts test engines as processes and checks, when the test
// ends, that none of them (nor anything they started) is left running.
type engines struct {
	t      *testing.T
	pidDir string
}

func newEngines(t *testing.T) *engines {
	e := &engines{t: t, pidDir: t.TempDir()}
	t.Cleanup(e.checkGone)
	return e
}

func (e *engines) checkGone() {
	pids := hubtest.Pids(e.pidDir)
	if alive := hubtest.WaitGone(pids, hubtest.GoneWait); len(alive) > 0 {
		e.t.Errorf("engine processes left running: %v", alive)
		for _, pid := range alive {
			if p, err := os.FindProcess(pid); err == nil {
				p.Kill()
			}
		}
	}
}

// hubtestCommand returns the command line and environment of a test engine.
func hubtestCommand(name string) ([]string, []string) { return hubtest.Command(name) }

func (e *engines) options(name string, opts hub.ClientOptions) ([]string, hub.ClientOptions) {
	argv, env := hubtest.Command(name)
	opts.Env = append(env, hubtest.PidDirVar+"="+e.pidDir)
	return argv, opts
}

// start starts the engine name; the client is closed when the test ends.
func (e *engines) start(name string, opts hub.ClientOptions) *hub.Client {
	e.t.Helper()
	argv, opts := e.options(name, opts)
	c, err := hub.Start(context.Background(), argv, opts)
	if err != nil {
		e.t.Fatalf("starting %s: %v", name, err)
	}
	e.t.Cleanup(func() { c.Close() })
	return c
}

func (e *engines) startErr(name string, opts hub.ClientOptions) error {
	argv, opts := e.options(name, opts)
	c, err := hub.Start(context.Background(), argv, opts)
	if err == nil {
		c.Close()
	}
	return err
}

var moveTime = hub.Limits{MoveTime: 20 * time.Millisecond}

func startSearch() hub.Search {
	return hub.Search{Position: hexdame.StartPosition(), Limits: moveTime}
}

func TestClientRandomEngine(t *testing.T) {
	e := newEngines(t)
	// The engine answers stop at once; the wait for it is wide for a busy
	// machine.
	c := e.start("random", hub.ClientOptions{Settings: []hub.Setting{{Name: "seed", Value: "5"}}, StopTimeout: hubtest.GoneWait})
	if c.ID().Name != "hexdame random mover" || hub.Pid(c) == 0 {
		t.Errorf("ID %+v, pid %d", c.ID(), hub.Pid(c))
	}
	if p, ok := param(c, "spend-time"); !ok || p.Type != hub.TypeBool {
		t.Errorf("params: %+v", c.Params())
	}
	var infos int
	d, err := c.Search(context.Background(), startSearch(), func(hub.Info) { infos++ })
	if err != nil || !hexdame.StartPosition().IsLegal(d.Move) || infos != 1 {
		t.Fatalf("Search: %v, %v, %d infos", d, err, infos)
	}
	if err := c.Ping(context.Background()); err != nil {
		t.Error(err)
	}
	if err := c.NewGame(context.Background()); err != nil {
		t.Error(err)
	}
	// A search stopped by its context still gives the move.
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel()
	s := startSearch()
	s.Limits = hub.Limits{Infinite: true}
	if d, err := c.Search(ctx, s, nil); err != nil || !d.Move.IsValid() {
		t.Errorf("stopped search: %v, %v", d, err)
	}
	pid := hub.Pid(c)
	c.Close()
	if hubtest.Alive(pid) {
		t.Error("the engine runs after Close")
	}
	if _, err := c.Search(context.Background(), startSearch(), nil); !errors.Is(err, hub.ErrClosed) {
		t.Errorf("Search after Close: %v", err)
	}
}

func TestClientStartErrors(t *testing.T) {
	t.Parallel() // it mostly waits
	e := newEngines(t)
	if err := e.startErr("random", hub.ClientOptions{Settings: []hub.Setting{{Name: "level", Value: "3"}}}); !errors.Is(err, hub.ErrUnknownParam) {
		t.Errorf("undeclared parameter: %v", err)
	}
	if err := e.startErr("notvariant", hub.ClientOptions{}); !errors.Is(err, hub.ErrVariant) {
		t.Errorf("not HexDame: %v", err)
	}
	// Long enough for a busy machine to start an engine (half a second at
	// a load of 19 on two cores), short enough for the one that never
	// says ready; the wait ends well before the default ten seconds.
	start := time.Now()
	if err := e.startErr("noready", hub.ClientOptions{StartTimeout: 3 * time.Second}); !errors.Is(err, hub.ErrTimeout) || !strings.Contains(err.Error(), "no ready") {
		t.Errorf("no ready: %v", err)
	}
	if d := time.Since(start); d > 9*time.Second {
		t.Errorf("no ready took %v", d)
	}
	if _, err := hub.Start(context.Background(), []string{"/nonexistent/engine"}, hub.ClientOptions{}); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing program: %v", err)
	}
	if _, err := hub.Start(context.Background(), []string{"true"}, hub.ClientOptions{}); !errors.Is(err, hub.ErrExited) {
		t.Errorf("a program that exits: %v", err)
	}
	// A canceled context stops the handshake.
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	argv, opts := e.options("noready", hub.ClientOptions{})
	if _, err := hub.Start(ctx, argv, opts); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("canceled start: %v", err)
	}
}

// Each misbehaving engine gives its error, within a bounded time. The
// engines answer go at once, or never: a search's context ends after
// 300 ms for those that never answer (and then 200 ms for stop), and
// after a minute for the others, which a busy machine does not reach.
func TestClientHostileEngines(t *testing.T) {
	tests := []struct {
		engine string
		want   error // nil: the searches succeed
		search int   // the search that fails, from 1
	}{
		{"garbage", nil, 0},
		{"longline", hub.ErrProtocol, 1},
		{"flood", nil, 0},
		{"noping", nil, 0},
		{"nomove", hub.ErrDoneWithoutMove, 1},
		{"twodone", hub.ErrProtocol, 2},
		{"notation", hexdame.ErrSyntax, 1},
		{"illegal", hexdame.ErrIllegalMove, 1},
		{"exit", hub.ErrExited, 3},
		{"kill", hub.ErrExited, 2},
		{"ignorestop", hub.ErrStopIgnored, 1},
		{"floodhang", hub.ErrStopIgnored, 1},
		{"forker", hub.ErrStopIgnored, 1},
	}
	for _, tt := range tests {
		t.Run(tt.engine, func(t *testing.T) {
			t.Parallel()
			e := newEngines(t)
			c := e.start(tt.engine, hub.ClientOptions{StopTimeout: 200 * time.Millisecond, StartTimeout: 5 * time.Second})
			g := hexdame.NewGame()
			wait := time.Minute
			if tt.want == hub.ErrStopIgnored {
				wait = 300 * time.Millisecond
			}
			for i := 1; i <= 4; i++ {
				ctx, cancel := context.WithTimeout(context.Background(), wait)
				start := time.Now()
				d, err := c.Search(ctx, hub.Search{Position: g.Position(), Limits: hub.Limits{MoveTime: 10 * time.Millisecond}}, func(hub.Info) {})
				cancel()
				if took := time.Since(start); took > 20*time.Second {
					t.Errorf("search %d took %v", i, took)
				}
				if tt.want != nil && i == tt.search {
					if !errors.Is(err, tt.want) {
						t.Fatalf("search %d: %v, want %v", i, err, tt.want)
					}
					return
				}
				if err != nil {
					t.Fatalf("search %d: %v", i, err)
				}
				if err := g.Play(d.Move); err != nil {
					t.Fatal(err)
				}
			}
			if tt.want != nil {
				t.Errorf("no error, want %v at search %d", tt.want, tt.search)
			}
		})
	}
}

// A line of megabytes is a protocol fault (it may have been the done),
// read with bounded memory. It used to be skipped in silence.
func TestClientLongLineBoundedMemory(t *testing.T) {
	e := newEngines(t)
	c := e.start("longline", hub.ClientOptions{})
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := c.Search(context.Background(), startSearch(), nil)
	if !errors.Is(err, hub.ErrProtocol) || !strings.Contains(err.Error(), "longer than") || !errors.Is(c.Err(), hub.ErrProtocol) {
		t.Fatalf("search: %v, client: %v", err, c.Err())
	}
	runtime.ReadMemStats(&after)
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 4<<20 {
		t.Errorf("allocated %d bytes for a search with a 4 MiB line", grew)
	}
}

// The exit status of a crashed engine is in the error.
func TestClientExitStatus(t *testing.T) {
	e := newEngines(t)
	c := e.start("exit", hub.ClientOptions{})
	var err error
	for range 3 {
		if _, err = c.Search(context.Background(), startSearch(), nil); err != nil {
			break
		}
	}
	if !errors.Is(err, hub.ErrExited) || !strings.Contains(err.Error(), "status 3") {
		t.Errorf("exit: %v", err)
	}
	if c.Err() == nil {
		t.Error("Err is nil after the engine exited")
	}
	if _, err2 := c.Search(context.Background(), startSearch(), nil); !errors.Is(err2, hub.ErrExited) {
		t.Errorf("after the exit: %v", err2)
	}
}

// An engine that does not read its input cannot block the client: a write
// that does not go through within StartTimeout fails.
func TestClientEngineNotReading(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	t.Parallel() // it mostly waits
	argv := []string{"sh", "-c", `echo "id name=deaf"; echo "param name=variant value=hexdame"; echo wait; echo ready; exec sleep 60`}
	c, err := hub.Start(context.Background(), argv, hub.ClientOptions{StartTimeout: 2 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	// Kings going to and fro: a pos line longer than a pipe's buffer.
	p := hexdame.MustParseFEN("W:WK61:BK1")
	var moves []hexdame.Move
	q := p
	for range 40000 {
		m := q.LegalMoves()[0]
		moves = append(moves, m)
		q = q.PlayUnchecked(m)
	}
	start := time.Now()
	_, err = c.Search(context.Background(), hub.Search{Position: p, Moves: moves, Limits: moveTime}, nil)
	if !errors.Is(err, hub.ErrTimeout) || !strings.Contains(err.Error(), "does not read") {
		t.Errorf("Search: %v", err)
	}
	if d := time.Since(start); d > 20*time.Second { // without the deadline: until sleep 60 ends
		t.Errorf("took %v", d)
	}
}

// A nil or zero Client speaks to no engine: every method answers, with an
// error wrapping ErrClosed where it has one. Close of a zero Client
// panicked in a goroutine of its own, which ended the program.
func TestZeroClient(t *testing.T) {
	for name, c := range map[string]*hub.Client{"nil": nil, "zero": {}} {
		ctx := context.Background()
		if err := c.Close(); !errors.Is(err, hub.ErrClosed) {
			t.Errorf("%s: Close: %v", name, err)
		}
		if _, err := c.Search(ctx, hub.Search{Position: hexdame.StartPosition()}, nil); !errors.Is(err, hub.ErrClosed) {
			t.Errorf("%s: Search: %v", name, err)
		}
		if err := c.Ping(ctx); !errors.Is(err, hub.ErrClosed) {
			t.Errorf("%s: Ping: %v", name, err)
		}
		if err := c.NewGame(ctx); !errors.Is(err, hub.ErrClosed) {
			t.Errorf("%s: NewGame: %v", name, err)
		}
		if err := c.Err(); !errors.Is(err, hub.ErrClosed) {
			t.Errorf("%s: Err: %v", name, err)
		}
		if _, ok := param(c, "variant"); ok || c.Params() != nil || c.ID() != (hub.ID{}) || c.LastError() != "" || hub.Pid(c) != 0 {
			t.Errorf("%s: the engine's declarations are not empty", name)
		}
	}
}

// param returns the parameter called name that c's engine declared.
func param(c *hub.Client, name string) (hub.Param, bool) {
	i := slices.IndexFunc(c.Params(), func(p hub.Param) bool { return p.Name == name })
	if i < 0 {
		return hub.Param{}, false
	}
	return c.Params()[i], true
}
