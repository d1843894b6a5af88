package hub

import (
	"bufio"
	"context"
	"errors"
	"io"
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
// (reading in, or writing out).
//
// Serve follows HUB.md and is lenient where it is silent, so that any GUI
// can drive it: lines that are not commands, unknown commands and unknown
// arguments are ignored; ping is answered at any time, even during a
// search; stop and ponder-hit are ignored when no search runs; a pos
// before init, a go before pos (the start position is searched) or before
// init (the engine is readied first), and set-param after init are
// accepted; the other commands that arrive during a search take effect
// when it ends, a go first stopping it. An invalid pos, level or
// set-param is answered with an error line; a go on an invalid position or
// one without legal moves with an error line and a done line without a
// move, as does a search whose engine fails or returns a move that is not
// legal. Every go is answered with exactly one done. When Serve returns,
// the search it started has returned too (Serve cancels it and waits); the
// goroutine reading in may still be blocked on a read until in is closed.
func Serve(ctx context.Context, in io.Reader, out io.Writer, eng Engine) error {
	s := &server{
		eng:     eng,
		out:     bufio.NewWriter(out),
		pos:     hexdame.StartPosition(),
		posOK:   true,
		results: make(chan searchResult, 1),
	}
	lines := make(chan readResult, 16)
	stopReading := make(chan struct{})
	go readCommands(NewReader(in), lines, stopReading)
	defer close(stopReading)
	defer s.abandonSearch()
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case r := <-lines:
			if r.err != nil {
				if r.err == io.EOF {
					return nil
				}
				if errors.Is(r.err, ErrSyntax) || r.err == ErrLineTooLong {
					continue
				}
				return r.err
			}
			if s.handle(r.cmd) {
				return s.writeErr()
			}
		case res := <-s.results:
			s.finish(res)
		}
		if err := s.writeErr(); err != nil {
			return err
		}
	}
}

// A readResult is one line read: a command or an error.
type readResult struct {
	cmd Command
	err error
}

// readCommands sends the commands read from r to lines until a read error
// (sent last) or stop being closed.
func readCommands(r *Reader, lines chan<- readResult, stop <-chan struct{}) {
	for {
		c, err := r.ReadCommand()
		select {
		case lines <- readResult{c, err}:
		case <-stop:
			return
		}
		if err != nil && !errors.Is(err, ErrSyntax) && err != ErrLineTooLong {
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
	deferred []Command // commands that arrived during the search
	overflow bool      // whether some were dropped
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
		return // a command the engine made unwritable: not sent
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

// handle handles one command and reports whether Serve must return.
func (s *server) handle(c Command) (quit bool) {
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
	if s.search != nil {
		if c.Name == "go" {
			s.search.cancel()
		}
		switch {
		case len(s.deferred) < maxDeferred:
			s.deferred = append(s.deferred, c)
		case !s.overflow:
			s.overflow = true
			s.sendError("too many commands during a search: the rest are ignored")
		}
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
		l, err := ParseLimits(c)
		s.limits = l
		if err != nil {
			s.sendError(err.Error())
		}
	case "go":
		s.start(c)
	}
	return false
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

// start starts a search, or answers at once when it cannot run.
func (s *server) start(c Command) {
	mode := Think
	switch {
	case c.Has("analyze"):
		mode = Analyze
	case c.Has("ponder"):
		mode = Ponder
	}
	refuse := func(msg string) {
		s.sendError(msg)
		s.send(NewCommand("done"))
	}
	if !s.posOK {
		refuse("go: no valid position (the last pos was refused)")
		return
	}
	srch := Search{Position: s.pos, Moves: s.moves, Limits: s.limits, Mode: mode}
	current, err := srch.Current()
	if err != nil {
		refuse("go: " + err.Error())
		return
	}
	if !current.HasLegalMoves() {
		refuse("go: the position has no legal move")
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
	for i, c := range deferred {
		s.handle(c)
		if s.search != nil {
			// A go started a search: the rest wait for it in turn.
			s.deferred = append(s.deferred, deferred[i+1:]...)
			return
		}
	}
}

// abandonSearch stops the running search and waits for it, without
// answering it.
func (s *server) abandonSearch() {
	if s.search == nil {
		return
	}
	s.search.cancel()
	<-s.results
	s.search = nil
}
