package engine

import (
	"context"
	"fmt"
	"iter"
	"slices"
	"sync"
	"time"

	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/internal/enginehooks"
)

// SearchGame searches the current position of game g (the end of its main
// line), with the main line's earlier positions, since its last setup, as
// the history: opts's History is ignored.
func (e *Engine) SearchGame(ctx context.Context, g *hexdame.Game, opts SearchOptions) (Analysis, error) {
	ps := []hexdame.Position{g.Root().Position()}
	for x := range g.Root().Mainline() {
		if x.IsSetup() {
			ps = ps[:0] // no position before a setup can come back
		}
		ps = append(ps, x.Position())
	}
	opts.History = ps[:len(ps)-1]
	return e.Search(ctx, ps[len(ps)-1], opts)
}

// Search searches position p within opts's limits and returns the best
// move. It returns an Analysis with a legal move whenever p has one, even
// when the context ends before the first iteration completes (it then
// holds the first move found). For a position without legal moves,
// where the game is over, it returns an error wrapping hexdame.ErrGameOver;
// for a MultiPV out of range, an error wrapping ErrInvalidOptions; and,
// for a zero Engine whose hash table the system cannot give, the error of
// making it (see New).
func (e *Engine) Search(ctx context.Context, p hexdame.Position, opts SearchOptions) (Analysis, error) {
	var progress func(Analysis) bool
	if opts.Progress != nil {
		progress = func(r Analysis) bool { opts.Progress(r); return true }
	}
	return e.search(ctx, p, opts, progress)
}

// SearchSeq returns an iterator over the progress of a search of position
// p, as Search makes it: the Analysis of each completed depth, as
// Progress receives it, then the search's own, which Search would return
// (with the nodes and time of the whole search, and the move that a
// skill level's errors or a depth cut short may have chosen instead). A
// search that fails yields its error once, with a zero Analysis.
//
// Breaking out of the loop stops the search: when the loop ends, the
// search has returned and left no goroutine behind. The loop's body runs
// on the caller's goroutine, between two depths of the search's main
// thread, which waits for it (other threads go on); it must not call the
// engine's methods, which wait for the search to end. opts.Progress, when
// set, is called too, before each depth's Analysis is yielded. Each loop
// over the iterator runs a new search.
func (e *Engine) SearchSeq(ctx context.Context, p hexdame.Position, opts SearchOptions) iter.Seq2[Analysis, error] {
	return func(yield func(Analysis, error) bool) {
		broken := false
		progress := func(r Analysis) bool {
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
func (e *Engine) search(ctx context.Context, p hexdame.Position, opts SearchOptions, progress func(Analysis) bool) (Analysis, error) {
	if opts.MultiPV < 0 || opts.MultiPV > MaxMultiPV {
		return Analysis{}, fmt.Errorf("%w: MultiPV %d is not from 1 to %d", ErrInvalidOptions, opts.MultiPV, MaxMultiPV)
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	// The limits count from here: a zero Engine's first search makes its
	// table within its time.
	start := time.Now()
	if err := e.makeReady(); err != nil {
		return Analysis{}, err
	}
	moves := p.LegalMoves()
	if len(moves) == 0 {
		return Analysis{}, fmt.Errorf("%w: %v has no legal move", hexdame.ErrGameOver, p.SideToMove())
	}
	lv := levels[e.opts.Level]
	lim := applied(opts.Limits)
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
	soft, hard := lim.Budget()
	if !lim.HasClock() {
		soft = 0 // a move time is spent whole
	}
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
		infinite: unlimited(lim),
		tables:   rootInTables(&e.opts, p, moves),
		eval:     evaluationFor(tuning), variant: tuning.Variant,
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
	progress func(Analysis) bool // false: stop
	result   Analysis            // after the last completed depth
	eval     *evaluation
	variant  uint64 // experimental search changes (see enginehooks.Tuning)

	// With helpers: the root moves of the main thread's last completed
	// depth, in order, for the helpers to take up (see adopt).
	rootMu    sync.Mutex
	rootMoves []rootMove
}

func (r *run) search() Analysis {
	e := r.e
	e.tt.gen++
	threads := e.threads
	for _, t := range threads {
		r.prepare(t)
	}
	// The first move, in case the search ends before depth 1.
	r.result = Analysis{Move: r.moves[0], PV: []hexdame.Move{r.moves[0]},
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
	t.eval = r.eval
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
	if t.eval.patterns != nil {
		setPatterns(&f.pat, &f.pos)
	}
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
func (r *run) resultOf(t *thread, depth int) Analysis {
	res := Analysis{Depth: depth}
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
	// A proven win or loss needs no more depth than its length, and some
	// plies more to be sure of the fastest, as reductions hide a shorter
	// one: half its length and four. (With four alone, the engine's
	// tactics at 1 s stopped at depth 15 with a win in 11, while the
	// win in 9 of another root move came at depth 17.)
	if plies := mateScore - abs(best); (best > winBound || best < -winBound) && depth >= plies+4+plies/2 && r.multiPV == 1 {
		return true
	}
	if len(r.moves) == 1 && timed(r.limits) {
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
