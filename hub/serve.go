package hub

import (
	"bufio"
	"context"
	"errors"
	"io"
	"strconv"
	"sync"

	"github.com/hexdame/hexdame"
)

// An Engine is a HexDame engine as Serve drives it. Serve never calls two
// of its methods at the same time: the commands that arrive during a
// search wait until it ends, except stop, ping, ponder-hit and quit.
type Engine interface {
	// ID returns the engine's name, version and author, for the id line.
	ID() ID

	// Params returns the parameters the engine declares, with their
	// current values. Serve declares the variant parameter itself (the
	// only value is "hexdame"); a parameter called variant is left out.
	Params() []Param

	// SetParam sets a declared parameter. Its error, when the value is
	// not acceptable, is sent to the GUI in an error line.
	SetParam(name, value string) error

	// Init readies the engine to search, after the parameters are set: it
	// is called once, on init (or on the first go if the GUI sent no init).
	// An error is sent to the GUI, and init can be tried again.
	Init() error

	// NewGame tells the engine that the next search is unrelated to the
	// previous ones: tables may be cleared.
	NewGame()

	// Search searches s.Current(), a position with at least one legal
	// move, under s.Limits (in Analyze mode, and in Ponder mode until
	// s.PonderHit is closed, until ctx is done), calling info with what it
	// finds as often as it likes (info may be called from any goroutine
	// until Search returns, and does nothing afterwards). It must return
	// soon after ctx is done (stop, quit, or the end of the input), and
	// then still with its best move. The move must be legal in
	// s.Current(); the ponder move, when not the zero Move, legal after it.
	Search(ctx context.Context, s Search, info func(Info)) (Done, error)
}

// maxDeferred bounds the commands kept while a search runs.
const maxDeferred = 1024

// Serve runs the engine side of the protocol: it reads commands from in and
// writes the engine's answers to out, one line each, until quit, the end
// of in, or ctx being done. It returns nil after quit or the end of in,
// ctx.Err() when ctx is done, and otherwise the error that stopped it
// (reading in, or writing out, the last answers included).
//
// Serve follows HUB.md and is lenient where it is silent, so that any GUI
// can drive it: unknown commands and unknown arguments are ignored; ping is
// answered at any time, even during a search; stop and ponder-hit are
// ignored when no search runs; a pos before init, a go before pos (the
// start position is searched) or before init (the engine is readied
// first), and set-param after init are accepted; the other commands that
// arrive during a search take effect when it ends, a go first stopping it.
// A go before any level searches until stop, as level infinite does.
//
// What Serve cannot take is answered with an error line. An invalid pos,
// level or set-param is refused and the previous position, limits or value
// stay (a refused pos leaves no valid position, see below). A line that
// cannot be read (longer than MaxLineLength, or not in the protocol's
// syntax) may have been a pos, so the position becomes invalid until the
// next valid pos; so it does when more than 1024 commands arrive during one
// search, which are refused from then to its end. A go on an invalid
// position or one without legal moves gets an error line and a done line
// without a move, as does a search whose engine fails or returns a move
// that is not legal, and a go refused during a search. A line of the
// engine's that cannot be written (a param name with a double quote, say)
// is replaced by an error line.
//
// Every go is answered with exactly one done, in order. When quit, the end
// of in, or ctx being done ends Serve during a search, the search is
// stopped and answered with its done (its best move so far) before Serve
// returns, as are the go commands that were waiting for it (each stopped
// as soon as it starts); so a script piped to the engine gets its move.
// When Serve returns, the searches it started have returned too; the
// goroutine reading in may still be blocked on a read until in is closed.
//
// A nil in, out or eng is an error, returned before anything is read.
func Serve(ctx context.Context, in io.Reader, out io.Writer, eng Engine) error {
	if in == nil || out == nil || eng == nil {
		return errors.New("nothing to serve: Serve was given a nil input, output or engine")
	}
	s := &server{
		eng:     eng,
		out:     bufio.NewWriter(out),
		pos:     hexdame.StartPosition(),
		posOK:   true,
		results: make(chan searchResult, 1),
	}
	lines := make(chan readResult, 16)
	stopReading := make(chan struct{})
	go readCommands(NewCommandReader(in), lines, stopReading)
	defer close(stopReading)
	for {
		select {
		case <-ctx.Done():
			s.answerAll()
			return ctx.Err()
		case r := <-lines:
			if r.err != nil && !unreadable(r.err) {
				s.answerAll()
				if r.err == io.EOF {
					return s.writeErr()
				}
				return r.err
			}
			if s.handle(r) {
				s.answerAll()
				return s.writeErr()
			}
		case res := <-s.results:
			s.finish(res)
		}
		if err := s.writeErr(); err != nil {
			s.answerAll()
			return err
		}
	}
}

// A readResult is one line read: a command or an error. In the commands
// deferred during a search, a readResult with err errRefused stands for
// commands refused there, gos of them go commands.
type readResult struct {
	cmd Command
	err error
	gos int
}

// errRefused marks the commands refused during a search (see readResult).
var errRefused = errors.New("too many commands during a search")

// unreadable reports whether err is a line that could not be read, after
// which reading goes on.
func unreadable(err error) bool {
	return errors.Is(err, ErrSyntax) || err == ErrLineTooLong
}

// readCommands sends the commands read from r to lines until a read error
// (sent last) or stop being closed.
func readCommands(r *CommandReader, lines chan<- readResult, stop <-chan struct{}) {
	for {
		c, err := r.ReadCommand()
		select {
		case lines <- readResult{cmd: c, err: err}:
		case <-stop:
			return
		}
		if err != nil && !unreadable(err) {
			return
		}
	}
}

// server is the state of Serve.
type server struct {
	eng Engine

	mu   sync.Mutex // guards out, werr and the running search's live flag
	out  *bufio.Writer
	werr error
	buf  []byte

	inited bool
	pos    hexdame.Position // the pos command's position
	moves  []hexdame.Move   // and its moves
	posOK  bool             // whether the last pos command was valid
	limits Limits

	search   *running // the running search, nil when idle
	results  chan searchResult
	deferred []readResult // the lines that arrived during the search
	overflow bool         // whether some were refused
}

// running is a search in progress.
type running struct {
	cancel    context.CancelFunc
	ponderHit chan struct{}
	hit       bool
	current   hexdame.Position
	live      bool // info lines are written while set (guarded by server.mu)
}

// searchResult is what a search returned.
type searchResult struct {
	done Done
	err  error
}

// send writes one command line and flushes it.
func (s *server) send(c Command) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.sendLocked(c)
}

func (s *server) sendLocked(c Command) {
	if s.werr != nil {
		return
	}
	b, err := c.AppendText(s.buf[:0])
	if err != nil {
		// A line the engine made unwritable (a param whose name holds a
		// double quote, say): an error line says so in its place.
		msg := c.Name + " line not written: " + err.Error()
		b, _ = NewCommand("error").With("message", CleanValue(msg)).AppendText(s.buf[:0])
	}
	b = append(b, '\n')
	s.buf = b[:0]
	if _, err := s.out.Write(b); err != nil {
		s.werr = err
		return
	}
	s.werr = s.out.Flush()
}

func (s *server) writeErr() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.werr
}

// sendError sends an error line.
func (s *server) sendError(msg string) {
	s.send(NewCommand("error").With("message", CleanValue(msg)))
}

// handle handles one line read and reports whether Serve must return.
func (s *server) handle(r readResult) (quit bool) {
	c := r.cmd
	if r.err == nil {
		switch c.Name {
		case "quit":
			return true
		case "ping":
			s.send(NewCommand("pong"))
			return false
		case "stop":
			if s.search != nil {
				s.search.cancel()
			}
			return false
		case "ponder-hit":
			if s.search != nil && !s.search.hit {
				s.search.hit = true
				close(s.search.ponderHit)
			}
			return false
		}
	}
	if s.search != nil {
		if r.err == nil && c.Name == "go" {
			s.search.cancel()
		}
		s.wait(r)
		return false
	}
	switch {
	case r.err == errRefused:
		s.posOK = false
		for range r.gos {
			s.refuseGo("go: refused: too many commands during a search")
		}
		return false
	case r.err == ErrLineTooLong:
		s.posOK = false
		s.sendError("a line longer than " + strconv.Itoa(MaxLineLength) + " bytes was skipped: no valid position until the next pos")
		return false
	case r.err != nil:
		s.posOK = false
		s.sendError(r.err.Error() + ": no valid position until the next pos")
		return false
	}
	switch c.Name {
	case "hub":
		s.send(s.eng.ID().Command())
		s.send(Param{Name: "variant", Value: "hexdame", Type: TypeEnum, Values: []string{"hexdame"}}.Command())
		for _, p := range s.eng.Params() {
			if p.Name != "variant" {
				s.send(p.Command())
			}
		}
		s.send(NewCommand("wait"))
	case "init":
		if s.ready() {
			s.send(NewCommand("ready"))
		}
	case "set-param":
		s.setParam(c)
	case "new-game":
		s.eng.NewGame()
	case "pos":
		s.setPosition(c)
	case "level":
		if l, err := ParseLimits(c); err != nil {
			s.sendError(err.Error() + " (the limits before it stay)")
		} else {
			s.limits = l
		}
	case "go":
		s.start(c)
	}
	return false
}

// wait keeps a line that arrived during a search for when it ends. Past
// maxDeferred lines, the rest are refused: one error line says so, and
// a mark in their place counts their go commands, to be answered.
func (s *server) wait(r readResult) {
	if len(s.deferred) < maxDeferred {
		s.deferred = append(s.deferred, r)
		return
	}
	if !s.overflow {
		s.overflow = true
		s.sendError("too many commands during a search: the rest until it ends are refused, and there is no valid position until the next pos")
	}
	if last := &s.deferred[len(s.deferred)-1]; last.err != errRefused {
		s.deferred = append(s.deferred, readResult{err: errRefused})
	}
	if r.err == nil && r.cmd.Name == "go" {
		s.deferred[len(s.deferred)-1].gos++
	}
}

// ready inits the engine if it is not yet, and reports whether it is.
func (s *server) ready() bool {
	if s.inited {
		return true
	}
	if err := s.eng.Init(); err != nil {
		s.sendError("init: " + err.Error())
		return false
	}
	s.inited = true
	return true
}

func (s *server) setParam(c Command) {
	name, _ := c.Value("name")
	value, _ := c.Value("value")
	if name == "variant" {
		if value != "hexdame" {
			s.sendError("variant " + value + " is not played: only hexdame")
		}
		return
	}
	for _, p := range s.eng.Params() {
		if p.Name == name {
			if err := s.eng.SetParam(name, value); err != nil {
				s.sendError("set-param " + name + ": " + err.Error())
			}
			return
		}
	}
	s.sendError("unknown parameter " + name)
}

func (s *server) setPosition(c Command) {
	p := hexdame.StartPosition()
	if text, ok := c.Value("pos"); ok {
		var err error
		if p, err = ParsePosition(text); err != nil {
			s.posOK = false
			s.sendError("pos: " + err.Error())
			return
		}
	}
	var moves []hexdame.Move
	if text, ok := c.Value("moves"); ok {
		var err error
		if moves, _, err = ParseMoves(p, text); err != nil {
			s.posOK = false
			s.sendError("pos: " + err.Error())
			return
		}
	}
	s.pos, s.moves, s.posOK = p, moves, true
}

// refuseGo answers a go that cannot run: an error line, then a done
// without a move.
func (s *server) refuseGo(msg string) {
	s.sendError(msg)
	s.send(NewCommand("done"))
}

// start starts a search, or answers at once when it cannot run.
func (s *server) start(c Command) {
	mode := Think
	switch {
	case c.Has("analyze"):
		mode = Analyze
	case c.Has("ponder"):
		mode = Ponder
	}
	if !s.posOK {
		s.refuseGo("go: no valid position (the last pos was refused)")
		return
	}
	srch := Search{Position: s.pos, Moves: s.moves, Limits: s.limits, Mode: mode}
	current, err := srch.Current()
	if err != nil {
		s.refuseGo("go: " + err.Error())
		return
	}
	if current.CountLegalMoves() == 0 {
		s.refuseGo("go: the position has no legal move")
		return
	}
	if !s.ready() {
		s.send(NewCommand("done"))
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	r := &running{cancel: cancel, current: current, live: true}
	if mode == Ponder {
		r.ponderHit = make(chan struct{})
		srch.PonderHit = r.ponderHit
	}
	s.search = r
	info := func(in Info) {
		s.mu.Lock()
		defer s.mu.Unlock()
		if r.live {
			s.sendLocked(in.Command())
		}
	}
	go func() {
		defer cancel()
		d, err := s.eng.Search(ctx, srch, info)
		s.mu.Lock()
		r.live = false
		s.mu.Unlock()
		s.results <- searchResult{d, err}
	}()
}

// finish answers the search that returned, then handles the commands that
// waited for it.
func (s *server) finish(res searchResult) {
	r := s.search
	s.search = nil
	switch {
	case res.err != nil:
		s.sendError("search: " + res.err.Error())
		s.send(NewCommand("done"))
	case !r.current.IsLegal(res.done.Move):
		s.sendError("search: the engine's move is not legal")
		s.send(NewCommand("done"))
	default:
		c := NewCommand("done").With("move", FormatMove(res.done.Move))
		if after := r.current.PlayUnchecked(res.done.Move); res.done.Ponder.IsValid() && after.IsLegal(res.done.Ponder) {
			c = c.With("ponder", FormatMove(res.done.Ponder))
		}
		s.send(c)
	}
	deferred := s.deferred
	s.deferred, s.overflow = nil, false
	for i, r := range deferred {
		s.handle(r)
		if s.search != nil {
			// A go started a search: the rest wait for it in turn.
			s.deferred = append(s.deferred, deferred[i+1:]...)
			return
		}
	}
}

// answerAll stops the running search and answers it, then handles the
// lines that waited for it, stopping each search they start as soon as it
// starts, so that every go gets its done before Serve returns.
func (s *server) answerAll() {
	for s.search != nil {
		s.search.cancel()
		s.finish(<-s.results)
	}
}
