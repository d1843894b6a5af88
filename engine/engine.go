// Package engine plays HexDame: a search that finds the best move of a
// position, with skill levels for bots, analysis lines (MultiPV) and a
// solver that proves forced wins.
//
// An Engine holds its transposition table and options; its zero value is
// ready to use at full strength (level 10) with one thread and a 64 MiB
// table. A search takes a context, the position and the game before it
// (for repetitions), and limits: a depth, a number of nodes, a time for the
// move, a clock with increment, or none (until the context ends).
//
//	var e engine.Engine
//	res, err := e.Search(ctx, p, engine.SearchOptions{Limits: engine.Limits{MoveTime: time.Second}})
//	// res.Move is the move to play, res.Score its value ("+0.75", "win 7")
//
// Several engines can search at the same time, each with its own table;
// one Engine runs one search at a time (a second call waits). The limits
// count from the call: a zero Engine's first search makes its table
// within them (New makes it at once).
//
// SearchResult, Line, Solution and SolveKey marshal to JSON with lowercase
// keys, their moves as package hexdame's Move objects and scores as text
// (ParseScore reads them back).
//
// Errors follow the module's convention (see package hexdame): sentinels
// such as ErrInvalidOptions for errors.Is, and no package name before an
// error's text. A search of a position where the game is over (no legal
// move) gives an error wrapping hexdame.ErrGameOver.
//
// The engine is built on the exported API of package hexdame only.
package engine

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/internal/enginehooks"
)

// Limits on options.
const (
	DefaultHashMiB = 64
	MaxHashMiB     = 16384 // 16 GiB
	MaxThreads     = 256
	MaxMultiPV     = 256
	MaxLevel       = 10
	MaxDepth       = 120 // the deepest iteration, in plies
)

// ErrInvalidOptions is wrapped by the errors returned for options out of
// range.
var ErrInvalidOptions = errors.New("invalid options")

// Options configure an Engine. The zero value is full strength with one
// thread and a table of DefaultHashMiB.
type Options struct {
	// Level is the playing strength, 1 (a beginner can win) to MaxLevel
	// (full strength); 0 means MaxLevel. Levels below MaxLevel limit the
	// depth and the nodes and choose among the good moves with a random
	// error that shrinks as the level rises.
	Level int
	// Threads is the number of goroutines that search together (lazy
	// SMP: they share the table), 0 for one, at most MaxThreads.
	Threads int
	// HashMiB is the size of the transposition table in MiB: 0 for
	// DefaultHashMiB, at most MaxHashMiB.
	HashMiB int
	// Endgame, when not nil, gives the value of positions of at most
	// EndgamePieces pieces (men and kings of both sides), as endgame
	// tables do: result 1 when the side to move wins, 0 for a draw, -1
	// when it loses, and for a win or a loss the plies to the end of the
	// game with best play; ok false when it does not know. The search
	// takes these values as exact. With package endgame's tables t:
	//
	//	Endgame: t.ProbeFunc(), EndgamePieces: t.MaxPieces(),
	//
	// It is called from every thread of a search at once. A win in d
	// plies at ply h of the search scores as a win at ply h+d, so the
	// fastest win and the longest defence are preferred; a root whose
	// every move leads to a position it knows is settled at depth 1; and
	// a line that ends in a won or lost position it knows is continued
	// with its best play to the end of the game.
	Endgame       func(p hexdame.Position) (result, plies int, ok bool)
	EndgamePieces int
	// Seed seeds the random error of the lower levels; 0 draws one.
	// Two engines with the same non-zero seed and options play the same
	// moves from the same searches (with one thread and node or depth
	// limits).
	Seed uint64
}

// check returns the options with their defaults filled in, or an error
// for values out of range.
func (o Options) check() (Options, error) {
	switch {
	case o.Level < 0 || o.Level > MaxLevel:
		return o, fmt.Errorf("%w: level %d is not from 1 to %d", ErrInvalidOptions, o.Level, MaxLevel)
	case o.Threads < 0 || o.Threads > MaxThreads:
		return o, fmt.Errorf("%w: %d threads is not from 1 to %d", ErrInvalidOptions, o.Threads, MaxThreads)
	case o.HashMiB < 0 || o.HashMiB > MaxHashMiB:
		return o, fmt.Errorf("%w: a hash table of %d MiB is not from 1 to %d", ErrInvalidOptions, o.HashMiB, MaxHashMiB)
	case o.EndgamePieces < 0:
		return o, fmt.Errorf("%w: EndgamePieces %d is negative", ErrInvalidOptions, o.EndgamePieces)
	}
	if o.Level == 0 {
		o.Level = MaxLevel
	}
	if o.Threads == 0 {
		o.Threads = 1
	}
	if o.HashMiB == 0 {
		o.HashMiB = DefaultHashMiB
	}
	return o, nil
}

// An Engine searches positions. Its zero value is ready to use with the
// zero Options; New makes one with others. An Engine must not be copied
// after first use. Its methods may be called from several goroutines: one
// search runs at a time.
type Engine struct {
	mu      sync.Mutex
	ready   bool
	opts    Options
	tt      *table
	threads []*thread
	// crumbs are the breadcrumbs its threads share (with more than one).
	crumbs *[crumbSlots]breadcrumb
	rng    rng
	// The tools' weights and experimental variant (enginehooks.Of).
	tuningHolder
}

// New returns an engine with options o, or an error wrapping
// ErrInvalidOptions for options out of range. The table is allocated
// here: when the system refuses its memory, New returns the error (on
// Unix, wrapping syscall.ENOMEM).
func New(o Options) (*Engine, error) {
	e := &Engine{}
	if err := e.SetOptions(o); err != nil {
		return nil, err
	}
	return e, nil
}

// SetOptions changes the engine's options, waiting for a search that runs
// to end. A new table size empties the table; other changes keep it. The
// new table is made before the old one is given back, so a change of size
// needs the memory of both for a moment. It returns an error, and changes
// nothing, for options out of range (wrapping ErrInvalidOptions) and for a
// table whose memory the system refuses (on Unix, wrapping
// syscall.ENOMEM).
func (e *Engine) SetOptions(o Options) error {
	o, err := o.check()
	if err != nil {
		return err
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.setOptions(o)
}

// setOptions sets checked options o, or returns the error of making their
// table and changes nothing.
func (e *Engine) setOptions(o Options) error {
	if e.tt == nil || e.opts.HashMiB != o.HashMiB {
		tt, err := newTable(o.HashMiB)
		if err != nil {
			return err
		}
		if e.tt != nil {
			e.tt.free()
		}
		e.tt = tt
	}
	for len(e.threads) < o.Threads {
		e.threads = append(e.threads, newThread(len(e.threads)))
	}
	e.threads = e.threads[:o.Threads]
	if o.Seed != 0 {
		e.rng = newRNG(o.Seed)
	} else if !e.ready || e.opts.Seed != 0 {
		e.rng = newRNG(uint64(time.Now().UnixNano()))
	}
	e.opts = o
	e.ready = true
	return nil
}

// makeReady gives an engine still at its zero value the zero Options and
// their table, or returns the error of making the table.
func (e *Engine) makeReady() error {
	if e.ready {
		return nil
	}
	o, _ := Options{}.check()
	return e.setOptions(o)
}

// Options returns the engine's options, with the defaults filled in.
func (e *Engine) Options() Options {
	e.mu.Lock()
	defer e.mu.Unlock()
	if !e.ready {
		o, _ := Options{}.check()
		return o
	}
	return e.opts
}

// Clear forgets what earlier searches learnt (the table, the move order
// statistics): for a new game, or to time searches alike.
func (e *Engine) Clear() {
	e.mu.Lock()
	defer e.mu.Unlock()
	if !e.ready {
		return
	}
	e.tt.clear()
	for _, t := range e.threads {
		t.history = [2][64 * 64]int32{}
	}
}

// Limits bound a search. A search ends at the first limit reached, or when
// its context ends; with no limit it goes on until the context ends or it
// has searched MaxDepth plies: so it does with the zero Limits, and with
// Infinite, whatever the other fields. With a limit it also ends early
// when the result cannot change: a win or loss proven to its end, or,
// with a time limit, a single legal move.
//
// A zero field sets no limit. A limit that leaves nothing is still a
// limit, never the absence of one: a negative MoveTime, Depth, Nodes or
// Clock, a clock of a few nanoseconds, or a clock with only its Increment
// (Clock 0) makes the search answer at once, with the best move of what it
// searched in about a millisecond or to depth 1.
//
// Limits has the fields of package hub's Limits, in the same order, so
// that each converts to the other without loss: engine.Limits(l) for the
// limits l of a Hub search.
type Limits struct {
	// MoveTime is the time for this move.
	MoveTime time.Duration
	// Depth is the deepest iteration, in plies (at most MaxDepth).
	Depth int
	// Nodes is about the most positions to visit (over all threads).
	Nodes int64
	// Infinite searches until the context ends, ignoring the other
	// fields.
	Infinite bool
	// Clock is the time the side to move has left for the game, and
	// Increment what it gains after each move; the engine spends a part
	// of it. MovesToGo, when positive, is the number of moves before the
	// clock gets more time (0: the game goes on with the increment only).
	// With Clock and Increment both 0 there is no clock.
	Clock     time.Duration
	Increment time.Duration
	MovesToGo int
}

// applied returns the limits a search applies: none for Infinite, and
// the least limit, depth 1 or one node, for a negative Depth or Nodes.
func (l Limits) applied() Limits {
	if l.Infinite {
		return Limits{}
	}
	if l.Depth < 0 {
		l.Depth = 1
	}
	if l.Nodes < 0 {
		l.Nodes = 1
	}
	return l
}

// timed reports whether l limits the time: a move time or a clock.
func (l Limits) timed() bool {
	return l.MoveTime != 0 || l.hasClock()
}

// hasClock reports whether l holds a clock, even one without time left.
func (l Limits) hasClock() bool {
	return l.Clock != 0 || l.Increment > 0
}

// unlimited reports whether l, applied, sets no limit.
func (l Limits) unlimited() bool {
	return l.Depth == 0 && l.Nodes == 0 && !l.timed()
}

// SearchOptions say what a search takes besides the position.
type SearchOptions struct {
	// History holds the positions of the game before the one searched,
	// oldest first (the searched one excluded), so that the search sees
	// repetitions: a position met for the third time is a draw. Only the
	// positions since the last capture or man move matter: the search
	// goes back from the searched position as long as each position
	// follows the one before it by a reversible move
	// (hexdame.Position.IsReversible); a position that does not, by any
	// legal move, ends the history there.
	History []hexdame.Position
	Limits
	// MultiPV is the number of best moves to search with exact scores,
	// for analysis: 0 or 1 for the best only, at most MaxMultiPV.
	MultiPV int
	// Progress, when not nil, is called by the search's goroutine after
	// each completed depth with the result so far. (SearchSeq gives the
	// same results as an iterator.)
	Progress func(SearchResult)
}

// A SearchResult is what a search found. It marshals to JSON with lowercase
// keys: the moves as the rules package's Move objects, the scores as
// their text ("+0.75", "win 7") and the time in nanoseconds.
type SearchResult struct {
	// Move is the best move, Score its value for the side to move, and PV
	// the principal variation: the line the search expects, Move first.
	Move  hexdame.Move   `json:"move"`
	Score Score          `json:"score"`
	PV    []hexdame.Move `json:"pv"`
	// Lines are the best moves searched with exact scores, best first:
	// one line, or as many as SearchOptions.MultiPV asked (as many as
	// there are legal moves at most). Lines[0] is Move, Score and PV.
	Lines []Line `json:"lines"`
	// Depth is the last completed iteration, SelDepth the deepest ply
	// reached in it; Nodes counts the positions visited by all threads,
	// and Time is the time since the search began.
	Depth    int           `json:"depth"`
	SelDepth int           `json:"seldepth"`
	Nodes    uint64        `json:"nodes"`
	Time     time.Duration `json:"time"`
}

// A Line is a move with its score and principal variation (PV[0] is
// Move). It marshals to JSON as a SearchResult does.
type Line struct {
	Move  hexdame.Move   `json:"move"`
	Score Score          `json:"score"`
	PV    []hexdame.Move `json:"pv"`
}

// NodesPerSecond returns the search's speed.
func (r SearchResult) NodesPerSecond() float64 {
	if r.Time <= 0 {
		return 0
	}
	return float64(r.Nodes) / r.Time.Seconds()
}

// A Score is the value of a position for the side to move: in hundredths
// of a man (a man is 100, positive when the side to move stands better),
// or a win or a loss in a number of plies.
type Score int32

// WinScore is the score of a win on the move, 30000: a win in n plies is
// WinScore - n and a loss in n plies -(WinScore - n).
const WinScore Score = 30000

// Men returns the score in men (a win or a loss gives a number beyond
// ±290).
func (s Score) Men() float64 { return float64(s) / manValue }

// IsWin reports whether the score is a forced win, and in how many plies.
func (s Score) IsWin() (plies int, ok bool) {
	if s > winBound {
		return int(WinScore - s), true
	}
	return 0, false
}

// IsLoss reports whether the score is a forced loss, and in how many
// plies (0: the side to move has no move).
func (s Score) IsLoss() (plies int, ok bool) {
	if s < -winBound {
		return int(WinScore + s), true
	}
	return 0, false
}

// String returns the score in men with a sign and two decimals ("+0.75",
// "-1.20", "+0.00"), or "win N" or "loss N" with N in plies.
func (s Score) String() string {
	if n, ok := s.IsWin(); ok {
		return "win " + strconv.Itoa(n)
	}
	if n, ok := s.IsLoss(); ok {
		return "loss " + strconv.Itoa(n)
	}
	return formatMen(int(s))
}

// ErrScoreSyntax is wrapped by the error ParseScore and
// Score.UnmarshalText return for a text that is no score.
var ErrScoreSyntax = errors.New("invalid score")

// ParseScore parses what Score.String returns: men with a sign and two
// decimals ("+0.75", "-1.20"), or "win N" or "loss N" with N in plies
// from 0 to 999. Anything else, or a number of men beyond ±290.00 (where
// wins begin), gives an error wrapping ErrScoreSyntax.
func ParseScore(s string) (Score, error) {
	bad := func() (Score, error) {
		return 0, fmt.Errorf("%w %q: want men with a sign and two decimals (+0.75), win N or loss N", ErrScoreSyntax, truncate(s, 40))
	}
	if rest, ok := strings.CutPrefix(s, "win "); ok {
		n, err := strconv.Atoi(rest)
		if err != nil || n < 0 || n > mateScore-winBound-1 || rest[0] == '+' {
			return bad()
		}
		return WinScore - Score(n), nil
	}
	if rest, ok := strings.CutPrefix(s, "loss "); ok {
		n, err := strconv.Atoi(rest)
		if err != nil || n < 0 || n > mateScore-winBound-1 || rest[0] == '+' {
			return bad()
		}
		return -(WinScore - Score(n)), nil
	}
	if len(s) < 5 || s[0] != '+' && s[0] != '-' || s[len(s)-3] != '.' {
		return bad()
	}
	whole, frac := s[1:len(s)-3], s[len(s)-2:]
	if len(whole) > 3 || whole != strconv.Itoa(atoiOr(whole, -1)) {
		return bad()
	}
	f := atoiOr(frac, -1)
	if f < 0 || frac[0] == '+' || frac[0] == '-' {
		return bad()
	}
	v := atoiOr(whole, -1)*100 + f
	if v > winBound {
		return bad()
	}
	if s[0] == '-' {
		v = -v
	}
	return Score(v), nil
}

func atoiOr(s string, bad int) int {
	n, err := strconv.Atoi(s)
	if err != nil {
		return bad
	}
	return n
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n] + "..."
	}
	return s
}

// AppendText implements encoding.TextAppender: it appends String's text,
// or returns an error wrapping ErrScoreSyntax for a score beyond
// ±WinScore, which no search gives.
func (s Score) AppendText(dst []byte) ([]byte, error) {
	if s > WinScore || s < -WinScore {
		return dst, fmt.Errorf("%w: %d is beyond ±WinScore", ErrScoreSyntax, int32(s))
	}
	return append(dst, s.String()...), nil
}

// MarshalText implements encoding.TextMarshaler with String's text.
func (s Score) MarshalText() ([]byte, error) { return s.AppendText(nil) }

// UnmarshalText implements encoding.TextUnmarshaler with ParseScore; on
// an error s is unchanged.
func (s *Score) UnmarshalText(text []byte) error {
	v, err := ParseScore(string(text))
	if err != nil {
		return err
	}
	*s = v
	return nil
}

func formatMen(v int) string {
	sign := "+"
	if v < 0 {
		sign, v = "-", -v
	}
	frac := strconv.Itoa(v % 100)
	if len(frac) < 2 {
		frac = "0" + frac
	}
	return sign + strconv.Itoa(v/100) + "." + frac
}

// SearchGame searches the current position of game g (the end of its main
// line), with the main line's earlier positions as the history: opts's
// History is ignored.
func (e *Engine) SearchGame(ctx context.Context, g *hexdame.Game, opts SearchOptions) (SearchResult, error) {
	ps := g.Positions()
	opts.History = ps[:len(ps)-1]
	return e.Search(ctx, ps[len(ps)-1], opts)
}

// Search searches position p within opts's limits and returns the best
// move. It returns a result with a legal move whenever p has one, even
// when the context ends before the first iteration completes (the result
// then holds the first move found). For a position without legal moves,
// where the game is over, it returns an error wrapping hexdame.ErrGameOver;
// for a MultiPV out of range, an error wrapping ErrInvalidOptions; and,
// for a zero Engine whose hash table the system cannot give, the error of
// making it (see New).
func (e *Engine) Search(ctx context.Context, p hexdame.Position, opts SearchOptions) (SearchResult, error) {
	var progress func(SearchResult) bool
	if opts.Progress != nil {
		progress = func(r SearchResult) bool { opts.Progress(r); return true }
	}
	return e.search(ctx, p, opts, progress)
}

// SearchSeq returns an iterator over the progress of a search of position
// p, as Search makes it: the result of each completed depth, as Progress
// receives it, then the search's own result, which Search would return
// (with the nodes and time of the whole search, and the move that a
// skill level's errors or a depth cut short may have chosen instead). A
// search that fails yields its error once, with a zero SearchResult.
//
// Breaking out of the loop stops the search: when the loop ends, the
// search has returned and left no goroutine behind. The loop's body runs
// on the caller's goroutine, between two depths of the search's main
// thread, which waits for it (other threads go on); it must not call the
// engine's methods, which wait for the search to end. opts.Progress, when
// set, is called too, before each depth's result is yielded. Each loop
// over the iterator runs a new search.
func (e *Engine) SearchSeq(ctx context.Context, p hexdame.Position, opts SearchOptions) iter.Seq2[SearchResult, error] {
	return func(yield func(SearchResult, error) bool) {
		broken := false
		progress := func(r SearchResult) bool {
			if opts.Progress != nil {
				opts.Progress(r)
			}
			broken = broken || !yield(r, nil)
			return !broken
		}
		res, err := e.search(ctx, p, opts, progress)
		if !broken {
			yield(res, err)
		}
	}
}

// search is Search, calling progress after each completed depth; it stops
// once progress returns false.
func (e *Engine) search(ctx context.Context, p hexdame.Position, opts SearchOptions, progress func(SearchResult) bool) (SearchResult, error) {
	if opts.MultiPV < 0 || opts.MultiPV > MaxMultiPV {
		return SearchResult{}, fmt.Errorf("%w: MultiPV %d is not from 1 to %d", ErrInvalidOptions, opts.MultiPV, MaxMultiPV)
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	// The limits count from here: a zero Engine's first search makes its
	// table within its time.
	start := time.Now()
	if err := e.makeReady(); err != nil {
		return SearchResult{}, err
	}
	moves := p.LegalMoves()
	if len(moves) == 0 {
		return SearchResult{}, fmt.Errorf("%w: %v has no legal move", hexdame.ErrGameOver, p.SideToMove())
	}
	lv := levels[e.opts.Level]
	lim := opts.Limits.applied()
	if lv.depth > 0 && (lim.Depth == 0 || lim.Depth > lv.depth) {
		lim.Depth = lv.depth
	}
	if lv.nodes > 0 && (lim.Nodes == 0 || lim.Nodes > lv.nodes) {
		lim.Nodes = lv.nodes
	}
	multiPV := max(1, opts.MultiPV)
	if lv.noise > 0 {
		multiPV = len(moves) // every move needs a score to choose among them
	}
	multiPV = min(multiPV, len(moves))
	sh := &shared{start: start, nodeLimit: uint64(lim.Nodes), pollEvery: 1024, done: ctx.Done(), threads: e.threads}
	for _, t := range e.threads {
		t.halt.Store(false)
	}
	defer sh.finish()
	if len(e.threads) > 1 {
		if e.crumbs == nil {
			e.crumbs = new([crumbSlots]breadcrumb)
		}
		sh.crumbs = e.crumbs
	}
	if lim.Nodes > 0 {
		for sh.pollEvery > 16 && sh.pollEvery*16 > uint64(lim.Nodes) {
			sh.pollEvery >>= 1
		}
	}
	soft, hard := timeBudget(lim)
	if hard > 0 {
		// A timer stops the search, so that it stops on time even where
		// a single move generation takes long (see testdata/hostile.fen
		// in the rules package): the search looks at the flag between
		// any two positions. The threads also look at the clock every
		// thousand nodes or so.
		sh.deadline = start.Add(hard)
		timer := time.AfterFunc(hard-time.Since(start), sh.stopLate)
		defer timer.Stop()
		if time.Since(start) >= hard {
			// The root's generation took the time: answer with its
			// first move rather than begin a search whose first
			// position may take as long, before the timer has run.
			sh.stopSearch()
		}
	}
	defer context.AfterFunc(ctx, sh.stopLate)()
	tuning := enginehooks.Of(&e.tuningHolder)
	r := &run{
		e: e, sh: sh, root: p, history: opts.History, rev: reversiblePlies(opts.History, p), moves: moves,
		limits: lim, soft: soft, multiPV: multiPV, progress: progress,
		infinite: lim.unlimited(),
		tables:   rootInTables(&e.opts, p, moves),
		ev:       evaluatorFor(tuning.Weights), variant: tuning.Variant,
	}
	res := r.search()
	if lv.noise > 0 && res.Depth > 0 {
		res = e.chooseWithError(res, lv, opts.MultiPV)
	}
	return res, nil
}

// run is one search.
type run struct {
	e        *Engine
	sh       *shared
	root     hexdame.Position
	history  []hexdame.Position
	rev      int // the reversible plies that led to root (see reversiblePlies)
	moves    []hexdame.Move
	limits   Limits
	soft     time.Duration
	infinite bool
	tables   bool // the endgame tables know every root move's position
	multiPV  int
	progress func(SearchResult) bool // false: stop
	result   SearchResult            // after the last completed depth
	ev       *evaluator
	variant  uint64 // experimental search changes (see enginehooks.Tuning)

	// With helpers: the root moves of the main thread's last completed
	// depth, in order, for the helpers to take up (see adopt).
	rootMu    sync.Mutex
	rootMoves []rootMove
}

func (r *run) search() SearchResult {
	e := r.e
	e.tt.gen++
	threads := e.threads
	for _, t := range threads {
		r.prepare(t)
	}
	// The first move, in case the search ends before depth 1.
	r.result = SearchResult{Move: r.moves[0], PV: []hexdame.Move{r.moves[0]},
		Lines: []Line{{Move: r.moves[0], PV: []hexdame.Move{r.moves[0]}}}}
	var wg sync.WaitGroup
	for _, t := range threads[1:] {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r.iterate(t)
		}()
	}
	r.iterate(threads[0])
	r.sh.stopSearch()
	wg.Wait()
	main := threads[0]
	res := r.result
	if len(main.rootMoves) > 0 && res.Depth > 0 && main.rootDepth == res.Depth+1 {
		// An iteration cut short that has already found a better move.
		best := main.rootMoves[0]
		if best.move != res.Move && best.score > -infinity && best.score > int(res.Score) {
			res.Move, res.Score = best.move, Score(best.score)
			res.PV = slices.Clone(best.pv)
			res.Lines[0] = Line{Move: res.Move, Score: res.Score, PV: res.PV}
		}
	}
	var nodes uint64
	for _, t := range threads {
		nodes += t.nodes
	}
	res.Nodes = nodes
	res.Time = time.Since(r.sh.start)
	return res
}

// prepare readies thread t for the search: the root, its history and the
// root moves.
func (r *run) prepare(t *thread) {
	t.sh = r.sh
	t.tt = r.e.tt
	t.variant = r.variant
	t.lmrAlt = (t.id > 0) != (t.variant&4 != 0)
	t.endgame, t.endgamePieces = r.e.opts.Endgame, r.e.opts.EndgamePieces
	if t.endgame == nil {
		t.endgamePieces = -1
	}
	t.ev = r.ev
	t.nodes, t.polled = 0, 0
	t.keys = t.keys[:0]
	for _, h := range r.history {
		t.keys = append(t.keys, h.Hash())
	}
	t.rootIndex = len(t.keys)
	f := &t.stack[0]
	f.pos = r.root
	f.key = r.root.Hash()
	f.rev = r.rev
	t.keys = append(t.keys, f.key)
	for i := range t.stack {
		t.stack[i].killers = [2]hexdame.Move{}
	}
	t.rootMoves = t.rootMoves[:0]
	for _, m := range r.moves {
		t.rootMoves = append(t.rootMoves, rootMove{move: m, score: -infinity, prev: -infinity})
	}
	// Helpers try the moves in the main thread's order: the breadcrumbs
	// (see breadcrumb) make them part ways below the root. (Shuffling
	// their root moves instead was 5% slower to the same depth.)
}

// reversiblePlies returns how many of the last moves of a game were
// reversible (hexdame.Position.IsReversible): the plies since the last
// capture or man move, as far as history, the positions before p (oldest
// first), goes back. Two positions in a row that no legal reversible move
// links end the count, as an irreversible move does. It generates the
// moves of the positions it goes back over, and only their quiet moves.
func reversiblePlies(history []hexdame.Position, p hexdame.Position) int {
	n := 0
	for i := len(history) - 1; i >= 0 && followsReversibly(history[i], p); i-- {
		p = history[i]
		n++
	}
	return n
}

// followsReversibly reports whether a legal reversible move of a leads
// to b.
func followsReversibly(a, b hexdame.Position) bool {
	if a.SideToMove() == b.SideToMove() || a.HasCapture() {
		return false // a capture is compulsory, and irreversible
	}
	var buf [64]hexdame.Move
	for _, m := range a.AppendLegalMoves(buf[:0]) {
		if a.IsReversible(m) && a.PlayUnchecked(m) == b {
			return true
		}
	}
	return false
}

// iterate runs thread t's iterative deepening. The main thread (t.id 0)
// makes the result: it completes every depth in turn, reports it, and
// decides when the time is up. Helpers fill the table: they use other
// reductions (thread.lmrAlt), every other one searches a depth further, and
// when the main thread completes the depth a helper is searching, the
// helper gives it up and starts the next one from the main thread's root
// moves. A helper that completes the last depth searches it again.
func (r *run) iterate(t *thread) {
	maxDepth := MaxDepth
	if r.limits.Depth > 0 {
		maxDepth = min(maxDepth, r.limits.Depth)
	}
	multiPV := r.multiPV
	for depth := 1; ; depth++ {
		if t.id > 0 {
			depth = max(depth, int(r.sh.completed.Load())+1)
			if t.id%2 == 0 {
				depth++
			}
			depth = min(depth, maxDepth)
		} else if depth > maxDepth {
			return
		}
		t.rootDepth = depth
		if t.id > 0 {
			t.resume()
		}
		for i := range t.rootMoves {
			t.rootMoves[i].score = -infinity
		}
		for pvIdx := 0; pvIdx < multiPV && !t.halted(); pvIdx++ {
			t.pvIdx, t.pvLast = pvIdx, len(t.rootMoves)
			prev := t.rootMoves[pvIdx].prev
			alpha, beta := -infinity, infinity
			delta := 25
			if depth >= 4 && prev > -winBound && prev < winBound {
				alpha, beta = prev-delta, prev+delta
			}
			for {
				score := t.searchRoot(depth, alpha, beta)
				sortRootMoves(t.rootMoves[pvIdx:])
				if t.halted() {
					break
				}
				if score <= alpha {
					beta = (alpha + beta) / 2
					alpha = max(score-delta, -infinity)
				} else if score >= beta {
					beta = min(score+delta, infinity)
				} else {
					break
				}
				delta += delta / 2
				if delta > 1000 {
					alpha, beta = -infinity, infinity
				}
			}
			sortRootMoves(t.rootMoves[:pvIdx+1])
		}
		if r.sh.stop.Load() {
			return
		}
		if t.id > 0 {
			if t.halted() {
				r.adopt(t)
			} else {
				for i := range t.rootMoves {
					t.rootMoves[i].prev = t.rootMoves[i].score
				}
			}
			continue
		}
		for i := range t.rootMoves {
			t.rootMoves[i].prev = t.rootMoves[i].score
		}
		if !r.complete(t, depth) || r.enough(t, depth) {
			return
		}
	}
}

// complete records the result of a completed depth of the main thread,
// reports it, and hands its root moves to the helpers. It returns false,
// having stopped the search, when the report asks to stop.
func (r *run) complete(t *thread, depth int) bool {
	r.result = r.resultOf(t, depth)
	if r.progress != nil && !r.progress(r.result) {
		r.sh.stopSearch()
		return false
	}
	if len(r.e.threads) == 1 {
		return true
	}
	r.rootMu.Lock()
	defer r.rootMu.Unlock()
	if len(r.rootMoves) != len(t.rootMoves) {
		r.rootMoves = make([]rootMove, len(t.rootMoves))
	}
	copyRootMoves(r.rootMoves, t.rootMoves)
	r.sh.completed.Store(int32(depth))
	return true
}

// adopt gives helper t the root moves of the main thread's last completed
// depth: their order, scores and lines.
func (r *run) adopt(t *thread) {
	r.rootMu.Lock()
	defer r.rootMu.Unlock()
	if len(r.rootMoves) != len(t.rootMoves) {
		return
	}
	copyRootMoves(t.rootMoves, r.rootMoves)
}

// copyRootMoves copies the root moves src, with their scores as the last
// completed depth's, into dst of the same length, reusing dst's lines.
func copyRootMoves(dst, src []rootMove) {
	for i, rm := range src {
		dst[i] = rootMove{move: rm.move, score: rm.score, prev: rm.score,
			pv: append(dst[i].pv[:0], rm.pv...), selDepth: rm.selDepth}
	}
}

// sortRootMoves orders root moves by score, best first, keeping the order
// of equal ones.
func sortRootMoves(rms []rootMove) {
	slices.SortStableFunc(rms, func(a, b rootMove) int { return b.score - a.score })
}

// resultOf returns the result of thread t's completed depth.
func (r *run) resultOf(t *thread, depth int) SearchResult {
	res := SearchResult{Depth: depth}
	for i := 0; i < r.multiPV; i++ {
		rm := &t.rootMoves[i]
		pv := slices.Clone(rm.pv)
		if rm.score > winBound || rm.score < -winBound {
			pv = extendLine(&r.e.opts, r.root, pv)
		}
		res.Lines = append(res.Lines, Line{Move: rm.move, Score: Score(rm.score), PV: pv})
		res.SelDepth = max(res.SelDepth, rm.selDepth)
	}
	best := res.Lines[0]
	res.Move, res.Score, res.PV = best.Move, best.Score, best.PV
	// The other threads' nodes since they last added theirs are left
	// out: at most a poll's worth each.
	res.Nodes = r.sh.nodes.Load() + t.nodes - t.polled
	res.Time = time.Since(r.sh.start)
	return res
}

// enough reports whether the main thread should stop after depth: the
// time budget is nearly spent, or the result cannot change.
func (r *run) enough(t *thread, depth int) bool {
	if r.infinite {
		return false
	}
	// The tables give every root move its exact score from depth 1.
	if r.tables {
		return true
	}
	best := t.rootMoves[0].score
	// A proven win or loss needs no more depth than its length, and a
	// few plies to be sure of the fastest.
	if (best > winBound || best < -winBound) && depth >= mateScore-abs(best)+4 && r.multiPV == 1 {
		return true
	}
	if len(r.moves) == 1 && r.limits.timed() {
		return true // a forced move takes no thought
	}
	if r.soft > 0 {
		elapsed := time.Since(r.sh.start)
		if elapsed >= r.soft/2 {
			return true // the next depth would not finish in time
		}
	}
	return false
}

// timeBudget returns the time a search means to spend (soft: it starts no
// depth after half of it, zero for no such bound) and the time it must
// not exceed (hard, zero for none). A time limit gives a hard limit of at
// least a millisecond, however little time it leaves.
func timeBudget(l Limits) (soft, hard time.Duration) {
	if !l.timed() {
		return 0, 0
	}
	hard = math.MaxInt64
	if l.MoveTime != 0 {
		hard = max(l.MoveTime, 0)
	}
	if l.hasClock() {
		movesLeft := time.Duration(30)
		if l.MovesToGo > 0 {
			movesLeft = time.Duration(min(l.MovesToGo, 30))
		}
		clock, inc := max(l.Clock, 0), max(l.Increment, 0)
		margin := min(clock/20, 50*time.Millisecond)
		left := clock - margin
		base := left/movesLeft + inc*3/4
		soft = min(base, left)
		hard = min(hard, base*4, left/3+inc*3/4, left)
	}
	return soft, max(hard, time.Millisecond)
}
