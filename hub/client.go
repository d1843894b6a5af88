package hub

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/hexdame/hexdame"
)

// Errors of a Client. Each wraps one of these, with details in its text.
var (
	// ErrTimeout: the engine did not answer in time (no wait or ready
	// during the handshake, or it does not read its input).
	ErrTimeout = errors.New("engine timed out")
	// ErrExited: the engine's process ended, or its output closed.
	ErrExited = errors.New("engine exited")
	// ErrVariant: the engine does not declare the variant parameter with
	// the value hexdame among its choices: it does not play HexDame.
	ErrVariant = errors.New("not a HexDame engine")
	// ErrUnknownParam: a parameter to set is not one the engine declares.
	ErrUnknownParam = errors.New("unknown engine parameter")
	// ErrDoneWithoutMove: the engine ended a search with done but no
	// move, in a position that has legal moves (Search refuses to search
	// one that has none, with an error wrapping hexdame.ErrGameOver).
	ErrDoneWithoutMove = errors.New("done without a move")
	// ErrProtocol: the engine broke the protocol in a way that leaves its
	// state unknown, such as a done when no search was running, or a line
	// longer than MaxLineLength (it may have been the done).
	ErrProtocol = errors.New("protocol violation")
	// ErrStopIgnored: the engine did not end its search after stop.
	ErrStopIgnored = errors.New("engine ignored stop")
	// ErrClosed: the client was closed.
	ErrClosed = errors.New("client closed")
)

// A Setting is a value for an engine parameter, as set-param sends it.
type Setting struct {
	Name, Value string
}

// ParseSetting reads "name=value" into a Setting. Text without "=" or with
// an empty name gives an error.
func ParseSetting(s string) (Setting, error) {
	name, value, ok := strings.Cut(s, "=")
	if !ok || name == "" {
		return Setting{}, errors.New("want name=value, not " + strconv.Quote(s))
	}
	return Setting{name, value}, nil
}

// ClientOptions configure a Client. The zero value is ready to use.
type ClientOptions struct {
	// Settings are sent with set-param during the handshake, in order,
	// before init. Each must name a parameter the engine declares.
	Settings []Setting

	// StartTimeout bounds each wait of the handshake: for wait after hub,
	// and for ready after init (default 10 s).
	StartTimeout time.Duration

	// StopTimeout is how long a search may go on after stop before the
	// engine is taken to ignore it (default 1 s).
	StopTimeout time.Duration

	// QuitTimeout is how long Close lets the engine exit after quit before
	// killing it (default 200 ms).
	QuitTimeout time.Duration

	// For Start: the working directory (default the current one), and
	// variables added to the environment ("NAME=value").
	Dir string
	Env []string

	// Stderr receives the engine process's standard error (default:
	// discarded).
	Stderr io.Writer

	// Log, when set, receives every line exchanged, "> " before the
	// lines sent to the engine and "< " before those it sent (a line too
	// long or not a command is logged as such). Writes to it are
	// serialized; their errors are the writer's to keep (the client goes
	// on without its log).
	Log io.Writer
}

func (o *ClientOptions) defaults() {
	if o.StartTimeout <= 0 {
		o.StartTimeout = 10 * time.Second
	}
	if o.StopTimeout <= 0 {
		o.StopTimeout = time.Second
	}
	if o.QuitTimeout <= 0 {
		o.QuitTimeout = 200 * time.Millisecond
	}
}

// A Client is the GUI side of a connection to a Hub engine: Start starts an
// engine process, Connect speaks to an engine over any pipe. A client does
// one search at a time (Search is not safe for concurrent use), but Close
// may be called from any goroutine at any time. A nil or zero Client
// speaks to no engine: its searches, Ping, NewGame and Close return an
// error wrapping ErrClosed.
//
// The engine cannot harm the client: lines are read with a bounded length
// (CommandReader; a longer line is an ErrProtocol fault), lines that are not
// commands are ignored, info lines are read and dropped as they come, and
// every wait is bounded by a time-out or a context. After an engine fault
// that leaves its state unknown (ErrExited, ErrProtocol, ErrStopIgnored,
// ErrTimeout), every further search returns the same error: close the
// client and start another.
type Client struct {
	opts   ClientOptions
	id     ID
	params []Param

	wmu   sync.Mutex
	w     io.Writer
	wfile *os.File // w, when it has deadlines
	wbuf  []byte

	events chan readResult // commands read, then the read error
	closed chan struct{}   // closed by Close
	once   sync.Once
	logmu  sync.Mutex

	proc     *exec.Cmd
	exited   chan struct{} // closed when the process has been waited for
	waitErr  error
	rfile    *os.File // the engine's output, for Start
	closers  []io.Closer
	readDone chan struct{} // closed when the reader goroutine ends

	pings   bool   // the engine answers ping
	broken  error  // the fault that left the engine's state unknown
	lastErr string // the last error line's message
}

// Start starts the engine command argv (the program and its arguments; see
// SplitCommandLine) in its own process group, then does the handshake as
// Connect does. On any error the process group is killed before Start
// returns. Close the client to end the engine: it kills the process group
// too, so that nothing the engine started outlives it.
func Start(ctx context.Context, argv []string, opts ClientOptions) (*Client, error) {
	if len(argv) == 0 || argv[0] == "" {
		return nil, errors.New("empty engine command")
	}
	opts.defaults()
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = opts.Dir
	if len(opts.Env) > 0 {
		cmd.Env = append(os.Environ(), opts.Env...)
	}
	setProcAttr(cmd)
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, fmt.Errorf("starting %s: %w", argv[0], err)
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return nil, fmt.Errorf("starting %s: %w", argv[0], err)
	}
	cmd.Stdin, cmd.Stdout = inR, outW
	if opts.Stderr != nil {
		cmd.Stderr = opts.Stderr
		cmd.WaitDelay = time.Second
	}
	err = cmd.Start()
	inR.Close()
	outW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		return nil, fmt.Errorf("starting %s: %w", argv[0], err)
	}
	c := newClient(outR, inW, opts)
	c.proc, c.wfile, c.rfile = cmd, inW, outR
	c.exited = make(chan struct{})
	go func() {
		c.waitErr = cmd.Wait()
		// The engine is gone: end what it left behind, and stop waiting
		// for output that an orphan holding the pipe could keep open.
		killGroup(cmd.Process)
		outR.SetReadDeadline(time.Now().Add(200 * time.Millisecond))
		close(c.exited)
	}()
	if err := c.handshake(ctx); err != nil {
		c.Close()
		return nil, err
	}
	return c, nil
}

// Connect speaks to an engine that reads w and writes r (an engine in the
// same program, behind pipes, for one) and does the handshake: hub, the id
// and param lines up to wait, the settings, init and ready. It fails with
// ErrVariant for an engine that does not play HexDame, ErrUnknownParam
// for a setting of an undeclared parameter, ErrTimeout, ErrExited, or
// ctx.Err(). Close closes r and w when they are io.Closers. A nil r or w
// is an error.
func Connect(ctx context.Context, r io.Reader, w io.Writer, opts ClientOptions) (*Client, error) {
	if r == nil || w == nil {
		return nil, errors.New("no engine to speak to: Connect was given a nil io.Reader or io.Writer")
	}
	opts.defaults()
	c := newClient(r, w, opts)
	for _, x := range []any{w, r} {
		if cl, ok := x.(io.Closer); ok {
			c.closers = append(c.closers, cl)
		}
	}
	if err := c.handshake(ctx); err != nil {
		c.Close()
		return nil, err
	}
	return c, nil
}

func newClient(r io.Reader, w io.Writer, opts ClientOptions) *Client {
	c := &Client{
		opts:     opts,
		w:        w,
		events:   make(chan readResult, 64),
		closed:   make(chan struct{}),
		readDone: make(chan struct{}),
	}
	go c.read(NewCommandReader(r))
	return c
}

// read sends the commands the engine writes to c.events, then the error
// that ends the input.
func (c *Client) read(r *CommandReader) {
	defer close(c.readDone)
	for {
		line, err := r.ReadLine()
		var cmd Command
		switch {
		case err == ErrLineTooLong:
			c.log("< (a line longer than " + strconv.Itoa(MaxLineLength) + " bytes, skipped)")
			select {
			case c.events <- readResult{err: err}:
			case <-c.closed:
				return
			}
			continue
		case err != nil:
			select {
			case c.events <- readResult{err: err}:
			case <-c.closed:
			}
			return
		}
		c.log("< " + line)
		if strings.TrimLeft(line, " \t\r") == "" {
			continue
		}
		if cmd, err = ParseCommand(line); err != nil {
			continue // not a command: ignored
		}
		select {
		case c.events <- readResult{cmd: cmd}:
		case <-c.closed:
			return
		}
	}
}

func (c *Client) log(line string) {
	if c.opts.Log == nil {
		return
	}
	c.logmu.Lock()
	defer c.logmu.Unlock()
	io.WriteString(c.opts.Log, line+"\n")
}

// send writes the commands, one line each, in one write. A write that
// fails is a fault that leaves the engine's state unknown: c.broken.
func (c *Client) send(cmds ...Command) error {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	b := c.wbuf[:0]
	for _, cmd := range cmds {
		start := len(b)
		var err error
		if b, err = cmd.AppendText(b); err != nil {
			return err
		}
		c.log("> " + string(b[start:]))
		b = append(b, '\n')
	}
	c.wbuf = b[:0]
	if c.wfile != nil {
		c.wfile.SetWriteDeadline(time.Now().Add(c.opts.StartTimeout))
	}
	if _, err := c.w.Write(b); err != nil {
		c.broken = c.exitError()
		if errors.Is(err, os.ErrDeadlineExceeded) {
			c.broken = fmt.Errorf("%w: it does not read its input", ErrTimeout)
		}
		return c.broken
	}
	return nil
}

// readFault returns the fault that a read error of the engine's output
// is: a line too long, or the end of the output.
func (c *Client) readFault(err error) error {
	if err == ErrLineTooLong {
		return fmt.Errorf("%w: a line longer than %d bytes", ErrProtocol, MaxLineLength)
	}
	return c.exitError()
}

// exitError returns the ErrExited error, with how the process ended when
// it is known within a moment.
func (c *Client) exitError() error {
	if c.exited == nil {
		return fmt.Errorf("%w: its output closed", ErrExited)
	}
	select {
	case <-c.exited:
	case <-time.After(200 * time.Millisecond):
		return fmt.Errorf("%w: its output closed", ErrExited)
	}
	if c.waitErr == nil {
		return fmt.Errorf("%w with status 0", ErrExited)
	}
	var ee *exec.ExitError
	if errors.As(c.waitErr, &ee) && ee.Exited() {
		return fmt.Errorf("%w with status %d", ErrExited, ee.ExitCode())
	}
	return fmt.Errorf("%w: %w", ErrExited, c.waitErr) // "engine exited: signal: killed"
}

// next returns the next command the engine sends, waiting until the timer
// channel fires (ok false) or ctx is done.
func (c *Client) next(ctx context.Context, timer <-chan time.Time) (cmd Command, ok bool, err error) {
	select {
	case r := <-c.events:
		if r.err != nil {
			c.broken = c.readFault(r.err)
			return Command{}, false, c.broken
		}
		if r.cmd.Name == "error" {
			c.lastErr, _ = r.cmd.Value("message")
		}
		return r.cmd, true, nil
	case <-timer:
		return Command{}, false, nil
	case <-ctx.Done():
		return Command{}, false, ctx.Err()
	case <-c.closed:
		return Command{}, false, ErrClosed
	}
}

// maxParams bounds the parameters kept from the handshake.
const maxParams = 1000

func (c *Client) handshake(ctx context.Context) error {
	if err := c.send(NewCommand("hub")); err != nil {
		return err
	}
	timer := time.NewTimer(c.opts.StartTimeout)
	defer timer.Stop()
	for waiting := true; waiting; {
		cmd, ok, err := c.next(ctx, timer.C)
		switch {
		case err != nil:
			return err
		case !ok:
			return fmt.Errorf("%w: no wait within %v of hub", ErrTimeout, c.opts.StartTimeout)
		}
		switch cmd.Name {
		case "id":
			c.id = parseID(cmd)
		case "param":
			if p, err := ParseParam(cmd); err == nil && len(c.params) < maxParams {
				c.params = append(c.params, p)
			}
		case "wait":
			waiting = false
		}
	}
	var set []Command
	variant, ok := c.param("variant")
	switch {
	case !ok:
		return fmt.Errorf("%w: it declares no variant parameter", ErrVariant)
	case variant.Value == "hexdame":
	case contains(variant.Values, "hexdame"):
		set = append(set, setParamCommand(Setting{"variant", "hexdame"}))
	default:
		return fmt.Errorf("%w: its variant is %q", ErrVariant, variant.Value)
	}
	for _, s := range c.opts.Settings {
		if _, ok := c.param(s.Name); !ok {
			return fmt.Errorf("%w %q", ErrUnknownParam, s.Name)
		}
		set = append(set, setParamCommand(s))
	}
	if err := c.send(append(set, NewCommand("init"))...); err != nil {
		return err
	}
	timer.Reset(c.opts.StartTimeout)
	for {
		cmd, ok, err := c.next(ctx, timer.C)
		switch {
		case err != nil:
			return err
		case !ok:
			said := ""
			if c.lastErr != "" {
				said = " (it said: " + c.lastErr + ")"
			}
			return fmt.Errorf("%w: no ready within %v of init%s", ErrTimeout, c.opts.StartTimeout, said)
		}
		if cmd.Name == "ready" {
			// Find out whether the engine answers ping, as HUB.md asks
			// (NewGame and Search rely on it when it does): one that does
			// not answer within a second is still played, without that
			// check.
			return c.ping(ctx, min(c.opts.StartTimeout, time.Second), false)
		}
	}
}

func setParamCommand(s Setting) Command {
	return NewCommand("set-param").With("name", s.Name).With("value", s.Value)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// ID returns what the engine said about itself.
func (c *Client) ID() ID {
	if c == nil {
		return ID{}
	}
	return c.id
}

// Params returns the parameters the engine declared, with the values it
// declared (before the settings).
func (c *Client) Params() []Param {
	if c == nil {
		return nil
	}
	return append([]Param(nil), c.params...)
}

// param returns the declared parameter called name.
func (c *Client) param(name string) (Param, bool) {
	for _, p := range c.params {
		if p.Name == name {
			return p, true
		}
	}
	return Param{}, false
}

// LastError returns the message of the last error line the engine sent, or
// "". Like Search, it must not be called during a search.
func (c *Client) LastError() string {
	if c == nil {
		return ""
	}
	return c.lastErr
}

// NewGame tells the engine that the next search is unrelated to the
// previous ones, and, when the engine answers ping, waits for it to be done
// with that (clearing its tables, say) before it returns, so that the next
// search's time does not include it: it sends ping after new-game and
// waits for pong up to StartTimeout (ErrTimeout) or ctx.
func (c *Client) NewGame(ctx context.Context) error {
	if err := c.usable(); err != nil {
		return err
	}
	if err := c.send(NewCommand("new-game")); err != nil {
		return err
	}
	if !c.pings {
		return nil
	}
	return c.Ping(ctx)
}

// drain reads what the engine sent while no search ran. A done then is a
// protocol violation (a second done for one search, say); info, pong and
// lines that are not commands are dropped. It reads at most what the
// channel holds and a little more, so that an engine flooding its output
// cannot hold it.
func (c *Client) drain() error {
	for range 2 * cap(c.events) {
		select {
		case r := <-c.events:
			if r.err != nil {
				c.broken = c.readFault(r.err)
				return c.broken
			}
			switch r.cmd.Name {
			case "done":
				c.broken = errDoneWithoutSearch
				return c.broken
			case "error":
				c.lastErr, _ = r.cmd.Value("message")
			}
		default:
			return nil
		}
	}
	return nil
}

// Search runs a search: it sends pos, level and go, passes every info line
// to info (when not nil) and returns the engine's done. When ctx is done
// first, Search sends stop and waits StopTimeout more for done, which is
// then returned as usual; after that it gives up with ErrStopIgnored. A
// ctx done before the call asks for a move at once: the search is sent,
// then stop.
//
// The move must be legal in s.Current(): a done without a move gives
// ErrDoneWithoutMove, a move that is not in the Hub dialect's notation a *TextError
// wrapping hexdame.ErrMoveSyntax, a move that is not legal one wrapping
// hexdame.ErrIllegalMove (and Done.Move is then the zero Move). A ponder
// move that is not legal after the move is dropped. A search of a
// position without legal moves, or moves that are not legal, is refused
// with the *hexdame.MoveError or an error wrapping hexdame.ErrGameOver.
//
// To tell a late second done from the answer, Search sends ping before
// the search: an engine that has answered ping with pong (the handshake
// checks) must answer before its done, and a done before the pong is a
// protocol violation.
func (c *Client) Search(ctx context.Context, s Search, info func(Info)) (Done, error) {
	if err := c.usable(); err != nil {
		return Done{}, err
	}
	select {
	case <-c.closed:
		return Done{}, ErrClosed
	default:
	}
	current, err := s.Current()
	if err != nil {
		return Done{}, err
	}
	if current.CountLegalMoves() == 0 {
		return Done{}, fmt.Errorf("search of a position without legal moves: %w", hexdame.ErrGameOver)
	}
	if err := c.drain(); err != nil {
		return Done{}, err
	}
	goCmd := NewCommand("go").WithFlag(s.Mode.String())
	if err := c.send(NewCommand("ping"), s.posCommand(), s.Limits.Command(), goCmd); err != nil {
		return Done{}, err
	}
	var stopTimer <-chan time.Time
	pong := false
	for {
		cmd, ok, err := c.next(ctx, stopTimer)
		switch {
		case err == ctx.Err() && err != nil:
			// ctx is done: stop the search and wait a little for done.
			if err := c.send(NewCommand("stop")); err != nil {
				return Done{}, err
			}
			t := time.NewTimer(c.opts.StopTimeout)
			defer t.Stop()
			stopTimer = t.C
			ctx = context.Background()
			continue
		case err != nil:
			return Done{}, err
		case !ok:
			c.broken = fmt.Errorf("%w: no done within %v of stop", ErrStopIgnored, c.opts.StopTimeout)
			return Done{}, c.broken
		}
		switch cmd.Name {
		case "pong":
			pong, c.pings = true, true
		case "info":
			if info != nil {
				info(ParseInfo(cmd, current))
			}
		case "done":
			if c.pings && !pong {
				c.broken = fmt.Errorf("%w: a done before the search started (two done for one go?)", ErrProtocol)
				return Done{}, c.broken
			}
			return parseDone(cmd, current)
		}
	}
}

// parseDone reads the move of a done line.
func parseDone(cmd Command, p hexdame.Position) (Done, error) {
	text, ok := cmd.Value("move")
	if !ok || text == "" {
		return Done{}, ErrDoneWithoutMove
	}
	m, err := ParseMove(p, text)
	if err != nil {
		return Done{}, err
	}
	d := Done{Move: m}
	if text, ok := cmd.Value("ponder"); ok {
		if pm, err := ParseMove(p.PlayUnchecked(m), text); err == nil {
			d.Ponder = pm
		}
	}
	return d, nil
}

// Ping sends ping and waits for pong, up to StartTimeout or ctx: a check
// that the engine is alive and reading. It must not be called during a
// search. An engine that does not answer in time gives ErrTimeout, and the
// client is then unusable (Err).
func (c *Client) Ping(ctx context.Context) error {
	if err := c.usable(); err != nil {
		return err
	}
	return c.ping(ctx, c.opts.StartTimeout, true)
}

// ping sends ping, after reading what the engine sent while no search ran
// (drain), and waits up to wait for pong, which sets c.pings. An engine
// that does not answer in time is a fault (ErrTimeout) when required, and
// otherwise one that does not answer ping. A done while it waits is a
// protocol violation.
func (c *Client) ping(ctx context.Context, wait time.Duration, required bool) error {
	if err := c.drain(); err != nil {
		return err
	}
	if err := c.send(NewCommand("ping")); err != nil {
		return err
	}
	timer := time.NewTimer(wait)
	defer timer.Stop()
	for {
		cmd, ok, err := c.next(ctx, timer.C)
		switch {
		case err != nil:
			return err
		case !ok && required:
			c.broken = fmt.Errorf("%w: no pong within %v of ping", ErrTimeout, wait)
			return c.broken
		case !ok:
			return nil
		case cmd.Name == "pong":
			c.pings = true
			return nil
		case cmd.Name == "done":
			c.broken = errDoneWithoutSearch
			return c.broken
		}
	}
}

// Close ends the connection: it sends quit, gives the engine QuitTimeout
// to exit, then kills its process group (for Start) or closes the pipes
// (for Connect). It returns once the process has been waited for; it is
// safe to call more than once and from any goroutine.
func (c *Client) Close() error {
	if c == nil || c.events == nil {
		return errNoEngine
	}
	c.once.Do(func() {
		if c.wfile != nil {
			c.wfile.SetWriteDeadline(time.Now().Add(50 * time.Millisecond))
		}
		// Say quit, without waiting long for an engine that does not read
		// (a write to a pipe without deadlines can block).
		wrote := make(chan struct{})
		go func() {
			defer close(wrote)
			c.wmu.Lock()
			defer c.wmu.Unlock()
			c.w.Write([]byte("quit\n"))
			c.log("> quit")
		}()
		select {
		case <-wrote:
		case <-time.After(c.opts.QuitTimeout):
		}
		close(c.closed)
		if c.proc != nil {
			c.wfile.Close()
			select {
			case <-c.exited:
			case <-time.After(c.opts.QuitTimeout):
			}
			killGroup(c.proc.Process)
			<-c.exited
			c.rfile.Close()
			<-c.readDone
			return
		}
		for _, cl := range c.closers {
			cl.Close()
		}
	})
	return nil
}

// errDoneWithoutSearch is the fault of a done while no search runs.
var errDoneWithoutSearch = fmt.Errorf("%w: a done while no search was running (two done for one go?)", ErrProtocol)

// errNoEngine is the error of a nil or zero Client, which speaks to no
// engine.
var errNoEngine = fmt.Errorf("%w: a Client not made by Start or Connect", ErrClosed)

// usable returns why c cannot search: it was not made by Start or
// Connect (an error wrapping ErrClosed), or a fault left its engine's
// state unknown (Err).
func (c *Client) usable() error {
	if c == nil || c.events == nil {
		return errNoEngine
	}
	return c.broken
}

// pid returns the engine process's id, or 0 for a client made by Connect.
func (c *Client) pid() int {
	if c == nil || c.proc == nil || c.proc.Process == nil {
		return 0
	}
	return c.proc.Process.Pid
}

// Err returns the fault that left the engine's state unknown (an error
// wrapping ErrExited, ErrProtocol, ErrStopIgnored or ErrTimeout; for a
// Client not made by Start or Connect, one wrapping ErrClosed), or nil
// while the client can still search.
func (c *Client) Err() error { return c.usable() }
