package web

import (
	"container/list"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net"
	"net/http"
	"net/netip"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/hexdame/hexdame/endgame"
	"github.com/hexdame/hexdame/engine"
)

// Config sets up a Server. The zero Config serves with the defaults.
type Config struct {
	// Engine is the options of the engines (threads, table size, endgame
	// tables); each search sets its level.
	Engine engine.Options
	// Tables, when not nil, give the verdicts on the positions they hold.
	Tables *endgame.Tables
	// Searches is the most searches at once (engine moves and analyses
	// together), each with its own engine and table: 0 for 2.
	Searches int
	// Streams is the most analysis streams open at once: 0 for 8.
	Streams int
	// Sessions is the most games kept (one per tab); past it the one
	// unused longest is dropped: 0 for 64.
	Sessions int
	// AnalysisTime is the longest an analysis runs: 0 for 10 minutes.
	AnalysisTime time.Duration
	// WriteTimeout is the longest a response, or one report of a stream,
	// may wait for the client to take it: 0 for 30 seconds.
	WriteTimeout time.Duration
	// ReadTimeout is the longest a client may take to send a request
	// (HTTPServer's ReadTimeout): 0 for 30 seconds.
	ReadTimeout time.Duration
	// Loopback, for a server that listens on a loopback address, answers
	// only requests whose Host names this machine: localhost, or a
	// loopback address such as 127.0.0.1 or [::1]. Others get 421
	// Misdirected Request: a site whose name its owner has pointed at
	// 127.0.0.1 (DNS rebinding) cannot use the server from its page.
	Loopback bool
}

// A Server serves the page and its protocol (see the package
// documentation). Make one with NewServer; it is an http.Handler.
type Server struct {
	cfg     Config
	files   http.Handler
	engines chan *engine.Engine // the idle engines (nil: not made yet)
	streams chan struct{}       // a token for each stream that may open

	mu       sync.Mutex
	sessions map[string]*list.Element // of *entry, most recently used first
	order    *list.List

	running atomic.Int64 // searches running
	open    atomic.Int64 // streams open

	// base is the context of every request of HTTPServer's server, which
	// Stop ends; conns are its connections, with their state and the
	// handlers running on them.
	base   context.Context
	stop   context.CancelFunc
	connMu sync.Mutex
	conns  map[net.Conn]*connInfo
}

// connInfo is what the server knows of a connection: its state, and
// how many of the server's handlers run on it.
type connInfo struct {
	state    http.ConnState
	handling int
}

// connKey is the key of a request's connection in its context.
type connKey struct{}

type entry struct {
	id string
	mu sync.Mutex // one request of a session at a time
	s  *Session
}

// NewServer returns a server with configuration cfg; its fields that are
// zero or negative take their defaults.
func NewServer(cfg Config) *Server {
	if cfg.Searches <= 0 {
		cfg.Searches = 2
	}
	if cfg.Streams <= 0 {
		cfg.Streams = 8
	}
	if cfg.Sessions <= 0 {
		cfg.Sessions = 64
	}
	if cfg.AnalysisTime <= 0 {
		cfg.AnalysisTime = 10 * time.Minute
	}
	if cfg.WriteTimeout <= 0 {
		cfg.WriteTimeout = 30 * time.Second
	}
	if cfg.ReadTimeout <= 0 {
		cfg.ReadTimeout = 30 * time.Second
	}
	s := &Server{
		cfg:      cfg,
		files:    http.FileServer(http.FS(pageFiles())),
		engines:  make(chan *engine.Engine, cfg.Searches),
		streams:  make(chan struct{}, cfg.Streams),
		sessions: make(map[string]*list.Element),
		order:    list.New(),
		conns:    make(map[net.Conn]*connInfo),
	}
	s.base, s.stop = context.WithCancel(context.Background())
	for range cfg.Searches {
		s.engines <- nil
	}
	for range cfg.Streams {
		s.streams <- struct{}{}
	}
	return s
}

// Searching returns the number of searches running.
func (s *Server) Searching() int { return int(s.running.Load()) }

// Streams returns the number of analysis streams open.
func (s *Server) Streams() int { return int(s.open.Load()) }

// HTTPServer returns an http.Server for s at addr with timeouts that
// bound what a slow or idle client holds. Its Shutdown calls Stop, so
// that it returns as soon as the handlers have seen their requests'
// contexts end: a search or an analysis stream never goes idle by itself,
// and a connection that has sent nothing counts as idle only after five
// seconds, which Shutdown would wait for.
func (s *Server) HTTPServer(addr string) *http.Server {
	hs := &http.Server{
		Addr:              addr,
		Handler:           s,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       s.cfg.ReadTimeout,
		IdleTimeout:       60 * time.Second,
		MaxHeaderBytes:    16 << 10,
		BaseContext:       func(net.Listener) context.Context { return s.base },
		ConnContext: func(ctx context.Context, c net.Conn) context.Context {
			return context.WithValue(ctx, connKey{}, c)
		},
		ConnState: s.connState,
	}
	hs.RegisterOnShutdown(s.Stop)
	return hs
}

// Stop ends the context of every request of HTTPServer's server, so that
// the searches, analyses and reviews under way end at once, and closes
// its connections that no handler is using: those that have sent nothing
// yet (a client connected and silent), those idle, and those still
// sending a request. The server's Shutdown calls it; afterwards new
// requests' contexts are done from the start.
func (s *Server) Stop() {
	s.stop()
	s.connMu.Lock()
	defer s.connMu.Unlock()
	for c, ci := range s.conns {
		if ci.handling == 0 {
			c.Close()
		}
	}
}

// connState follows the server's connections (http.Server.ConnState);
// a connection that comes while the server stops is closed.
func (s *Server) connState(c net.Conn, state http.ConnState) {
	s.connMu.Lock()
	defer s.connMu.Unlock()
	switch state {
	case http.StateClosed, http.StateHijacked:
		delete(s.conns, c)
		return
	}
	ci := s.conns[c]
	if ci == nil {
		ci = &connInfo{}
		s.conns[c] = ci
	}
	ci.state = state
	if s.base.Err() != nil && ci.handling == 0 && state != http.StateActive {
		c.Close()
	}
}

// handling notes that a handler begins (d 1) or ends (d -1) on the
// connection of a request's context, if HTTPServer's server has one.
func (s *Server) handling(ctx context.Context, d int) {
	c, ok := ctx.Value(connKey{}).(net.Conn)
	if !ok {
		return
	}
	s.connMu.Lock()
	defer s.connMu.Unlock()
	if ci := s.conns[c]; ci != nil {
		ci.handling += d
	}
}

// maxBody bounds every request body: an import of MaxPDN bytes, as
// JSON, with room for its escapes.
const maxBody = 2*MaxPDN + 64<<10

// ServeHTTP serves the page's files and its protocol.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.handling(r.Context(), 1)
	defer s.handling(r.Context(), -1)
	w.Header().Set("X-Content-Type-Options", "nosniff")
	if s.cfg.Loopback && !isLoopbackHost(r.Host) {
		http.Error(w, "this server answers only requests for localhost or a loopback address", http.StatusMisdirectedRequest)
		return
	}
	if !strings.HasPrefix(r.URL.Path, "/api/") {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			notAllowed(w, "GET, HEAD")
			return
		}
		if !utf8.ValidString(r.URL.Path) {
			// No file has the name, which fs.Sub's file system calls
			// invalid: http.FileServer would answer 500.
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; script-src 'self' 'wasm-unsafe-eval' "+pageScriptHash()+"; frame-ancestors 'none'")
		s.deadline(w)
		s.files.ServeHTTP(w, r)
		return
	}
	var serve http.HandlerFunc
	switch r.URL.Path {
	case "/api/session":
		serve = s.create
	case "/api/do":
		serve = s.do
	case "/api/search":
		serve = s.search
	case "/api/review":
		serve = s.review
	case "/api/analyze", "/api/analyse":
		// /api/analyse is the path's former spelling, which clients
		// written before the change still call.
		serve = s.analyze
	default:
		http.NotFound(w, r)
		return
	}
	if r.Method != http.MethodPost {
		notAllowed(w, http.MethodPost)
		return
	}
	if t, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || t != "application/json" {
		s.deadline(w)
		writeError(w, http.StatusUnsupportedMediaType, "the request is not the JSON the page sends: its Content-Type must be application/json")
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, maxBody)
	serve(w, r)
}

// notAllowed answers 405 with the methods allowed.
func notAllowed(w http.ResponseWriter, allow string) {
	w.Header().Set("Allow", allow)
	http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
}

// create makes a session and answers with its name.
func (s *Server) create(w http.ResponseWriter, r *http.Request) {
	s.deadline(w)
	writeJSON(w, http.StatusOK, map[string]string{"session": s.newSession()})
}

// deadline bounds the time the response may take to write.
func (s *Server) deadline(w http.ResponseWriter) {
	_ = http.NewResponseController(w).SetWriteDeadline(time.Now().Add(s.cfg.WriteTimeout))
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		status, b = http.StatusInternalServerError, []byte(`{"error":"internal error"}`)
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_, _ = w.Write(b) // a client gone is no error of the server's
}

func writeError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, map[string]string{"error": msg})
}

// readJSON reads the body into v, or answers the error and returns false.
// It reads the body to its end: only then does net/http watch the
// connection, and end the request's context as soon as the client
// leaves, which stops a search or an analysis stream at once (before,
// the stream saw it only when a report could not be written, seconds
// later at a deep depth).
func readJSON(w http.ResponseWriter, r *http.Request, v any) bool {
	err := json.NewDecoder(r.Body).Decode(v)
	if err == nil {
		_, err = io.Copy(io.Discard, r.Body) // at most maxBody
	}
	if err == nil {
		return true
	}
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		writeError(w, http.StatusRequestEntityTooLarge, "the request is larger than the server takes")
		return false
	}
	// The decoder's error may quote the request (a number of 100,000
	// digits): clipped.
	writeError(w, http.StatusBadRequest, "the request is not the JSON the page sends: "+clipBytes(err.Error(), maxProblemBytes))
	return false
}

// newSession makes a session and returns its name, dropping the one
// unused longest when there are too many.
func (s *Server) newSession() string {
	var b [16]byte
	_, _ = rand.Read(b[:]) // never fails (crypto/rand)
	e := &entry{id: hex.EncodeToString(b[:]), s: NewSession(s.cfg.Tables)}
	s.mu.Lock()
	defer s.mu.Unlock()
	for s.order.Len() >= s.cfg.Sessions {
		old := s.order.Back()
		s.order.Remove(old)
		delete(s.sessions, old.Value.(*entry).id)
	}
	s.sessions[e.id] = s.order.PushFront(e)
	return e.id
}

func (s *Server) session(id string) *entry {
	s.mu.Lock()
	defer s.mu.Unlock()
	el, ok := s.sessions[id]
	if !ok {
		return nil
	}
	s.order.MoveToFront(el)
	return el.Value.(*entry)
}

// do carries out a request on the session named by the query's s.
func (s *Server) do(w http.ResponseWriter, r *http.Request) {
	s.deadline(w)
	e := s.session(r.URL.Query().Get("s"))
	if e == nil {
		writeError(w, http.StatusNotFound, "unknown session")
		return
	}
	var req Request
	if !readJSON(w, r, &req) {
		return
	}
	e.mu.Lock()
	resp := e.s.Do(req)
	e.mu.Unlock()
	writeJSON(w, http.StatusOK, resp)
}

// acquire takes an idle engine, waiting at most a second for one; nil
// when none comes or ctx ends.
func (s *Server) acquire(ctx context.Context) (*engine.Engine, bool) {
	t := time.NewTimer(time.Second)
	defer t.Stop()
	select {
	case e := <-s.engines:
		if e == nil {
			var err error
			if e, err = engine.New(s.cfg.Engine); err != nil {
				s.engines <- nil
				return nil, false
			}
		}
		s.running.Add(1)
		return e, true
	case <-t.C:
	case <-ctx.Done():
	}
	return nil, false
}

func (s *Server) release(e *engine.Engine) {
	s.running.Add(-1)
	s.engines <- e
}

const busy = "the server is running as many searches as it allows; try again"

// search finds the engine's move and answers with the final report.
func (s *Server) search(w http.ResponseWriter, r *http.Request) {
	var req SearchRequest
	if !readJSON(w, r, &req) {
		return
	}
	if req.MoveTime == 0 && req.Clock == 0 && req.Depth == 0 {
		req.MoveTime = 1000
	}
	e, ok := s.acquire(r.Context())
	if !ok {
		writeError(w, http.StatusServiceUnavailable, busy)
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), s.cfg.AnalysisTime)
	rep, err := Search(ctx, e, req, nil)
	cancel()
	s.release(e)
	s.deadline(w)
	if err != nil {
		writeError(w, http.StatusBadRequest, message(err))
		return
	}
	writeJSON(w, http.StatusOK, rep)
}

// openStream takes one of the server's places for a stream (an analysis
// or a review) and an engine for it. When the server has no place or no
// engine free, it answers 503 and returns ok false. Otherwise the caller
// calls end when the stream is over, and releases e.
func (s *Server) openStream(w http.ResponseWriter, r *http.Request) (e *engine.Engine, end func(), ok bool) {
	select {
	case <-s.streams:
	default:
		s.deadline(w)
		writeError(w, http.StatusServiceUnavailable, "the server has as many analyses open as it allows; try again")
		return nil, nil, false
	}
	s.open.Add(1)
	end = func() {
		s.open.Add(-1)
		s.streams <- struct{}{}
	}
	if e, ok = s.acquire(r.Context()); !ok {
		end()
		s.deadline(w)
		writeError(w, http.StatusServiceUnavailable, busy)
		return nil, nil, false
	}
	return e, end, true
}

// analyze streams an analysis as Server-Sent Events, one report a
// depth, until the client stops it (by closing the connection), the
// search ends, or AnalysisTime passes. A client that does not take a
// report within WriteTimeout is dropped. Reports the client has not
// taken yet are replaced by newer ones, so that a slow client never
// holds the search back or makes the server hold more than one.
func (s *Server) analyze(w http.ResponseWriter, r *http.Request) {
	var req SearchRequest
	if !readJSON(w, r, &req) {
		return
	}
	if _, _, _, err := req.parse(); err != nil {
		s.deadline(w)
		writeError(w, http.StatusBadRequest, message(err))
		return
	}
	e, end, ok := s.openStream(w, r)
	if !ok {
		return
	}
	defer end()
	ctx, cancel := context.WithTimeout(r.Context(), s.cfg.AnalysisTime)
	defer cancel()
	latest := make(chan Report, 1)
	done := make(chan Report, 1)
	go func() {
		defer s.release(e)
		rep, err := Search(ctx, e, req, func(rep Report) {
			select {
			case latest <- rep:
			default:
				select {
				case <-latest:
				default:
				}
				latest <- rep
			}
		})
		if err != nil {
			rep = Report{Done: true, Error: message(err)}
		}
		done <- rep
	}()
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	rc := http.NewResponseController(w)
	send := func(rep Report) bool {
		b, err := json.Marshal(rep)
		if err != nil {
			return false
		}
		_ = rc.SetWriteDeadline(time.Now().Add(s.cfg.WriteTimeout))
		if _, err := io.WriteString(w, "data: "+string(b)+"\n\n"); err != nil {
			return false
		}
		return rc.Flush() == nil
	}
	w.WriteHeader(http.StatusOK)
	if rc.Flush() != nil {
		cancel()
	}
	for {
		select {
		case rep := <-latest:
			if !send(rep) {
				cancel()
			}
		case rep := <-done:
			select {
			case last := <-latest:
				if ctx.Err() == nil {
					send(last)
				}
			default:
			}
			if ctx.Err() == nil || errors.Is(ctx.Err(), context.DeadlineExceeded) && r.Context().Err() == nil {
				send(rep)
			}
			return
		}
	}
}

// isLoopbackHost reports whether a Host header (a name or address, with
// or without a port) names this machine: localhost, a name under
// .localhost, or a loopback address.
func isLoopbackHost(host string) bool {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	host = strings.TrimSuffix(strings.ToLower(host), ".")
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	ip, err := netip.ParseAddr(host)
	return err == nil && ip.IsLoopback()
}
