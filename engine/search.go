package engine

import (
	"math"
	"sync"
	"sync/atomic"
	"time"

	"github.com/hexdame/hexdame"
)

// The search: iterative deepening of a principal variation search (an
// alpha-beta search that searches the first move with the full window and
// the others with a null window, again with the full one when they beat
// it), with a transposition table, killer moves and history for the move
// order, late move reductions, an extension of positions with a single
// legal move (forced captures, mostly), and at depths of one to three plies
// reverse futility pruning, futility pruning and late move pruning of quiet
// moves; a quiescence search plays out every capture: a position whose side
// to move must capture is never evaluated. A position is a draw when it repeats a position of the
// search's own line, or one of the game's for the third time; a side with
// no legal move has lost.
//
// There is no null-move pruning: zugzwang is common in draughts, where a
// side that must move often has only bad moves.

const (
	maxPly = 128
	// mateScore is WinScore as an untyped constant, which the search's
	// int scores mix with (the declaration below keeps the two equal).
	mateScore = 30000
	// Scores beyond ±winBound are wins and losses: mateScore-n is a win
	// in n plies from the root.
	winBound = mateScore - 1000
	infinity = mateScore + 1
)

// WinScore and mateScore are one value: this does not compile if they
// differ.
var _ [1]struct{} = [WinScore - mateScore + 1]struct{}{}

// shared is the state of one search that its threads share.
type shared struct {
	stop  atomic.Bool
	nodes atomic.Uint64 // the nodes of all threads, counted in batches
	// completed is the deepest iteration the main thread has completed:
	// a helper still searching that depth or a shallower one gives it up
	// (see thread.halted).
	completed atomic.Int32
	threads   []*thread // for stopSearch
	// lateMu guards over: once the search is over, a timer or context
	// callback that runs late must not halt the engine's next search.
	lateMu    sync.Mutex
	over      bool
	start     time.Time
	deadline  time.Time       // the hard limit, zero for none
	done      <-chan struct{} // the context's Done, nil for none
	nodeLimit uint64
	pollEvery uint64 // a power of two: nodes between two looks at the limits
	// crumbs, with more than one thread, mark the nodes near the root
	// that a thread is searching (see breadcrumb); nil with one.
	crumbs *[crumbSlots]breadcrumb
}

// A breadcrumb marks a node near the root (before ply crumbPlies) that a
// thread is searching: its key, and the thread's id plus one as owner (0
// when free). Another thread that reaches the same node meanwhile reduces
// its late moves by one ply more, so that the threads of a lazy SMP
// search spread over the tree instead of searching the same nodes.
type breadcrumb struct {
	key   atomic.Uint64
	owner atomic.Int32
}

const (
	crumbSlots = 1024 // a power of two
	crumbPlies = 8
)

// markNode looks up the breadcrumb of the node at ply: it returns the
// breadcrumb thread t has claimed (to free when it leaves the node), or
// nil, and whether another thread is searching the node.
func (t *thread) markNode(ply int, key uint64) (claimed *breadcrumb, busy bool) {
	if t.sh.crumbs == nil || ply >= crumbPlies {
		return nil, false
	}
	b := &t.sh.crumbs[key&(crumbSlots-1)]
	me := int32(t.id + 1)
	switch owner := b.owner.Load(); {
	case owner == 0:
		if b.owner.CompareAndSwap(0, me) {
			b.key.Store(key)
			return b, false
		}
	case owner != me && b.key.Load() == key:
		return nil, true
	}
	return nil, false
}

// free frees breadcrumb b that this thread claimed, if any.
func (b *breadcrumb) free() {
	if b != nil {
		b.key.Store(0)
		b.owner.Store(0)
	}
}

// A frame is the state of one ply of a thread's search.
type frame struct {
	pos     hexdame.Position
	key     uint64
	rev     int // the reversible plies (king slides) that led here
	moves   []hexdame.Move
	scores  []int32
	killers [2]hexdame.Move
	// pat holds the configurations of pos's hexagons, with the pattern
	// evaluation only (see setChild).
	pat patternIndexes
}

// A rootMove is a legal move of the root with its latest score and line.
type rootMove struct {
	move     hexdame.Move
	score    int // this iteration's score, -infinity until searched
	prev     int // the last completed iteration's score
	pv       []hexdame.Move
	selDepth int
}

// A thread searches; a search runs one or more of them over one table.
type thread struct {
	id int
	sh *shared
	// halt tells the thread to leave its iteration: set by stopSearch
	// for all, by poll for a helper whose depth is completed.
	halt    atomic.Bool
	tt      *table
	eval    *evaluation
	variant uint64
	// lmrAlt selects the second table of late move reductions
	// (lmrTable2): helpers use it, the main thread lmrTable, so that the
	// threads' searches differ (see run.iterate); the variant's bit 4
	// swaps them. (A copy of the table in the thread, 4 KB between the
	// thread's other fields, made one thread 1.3% slower.)
	lmrAlt bool
	// endgame gives the values of positions of at most endgamePieces
	// pieces (see Options.Endgame); endgamePieces is -1 without it.
	endgame       func(hexdame.Position) (int, int, bool)
	endgamePieces int
	nodes         uint64
	polled        uint64 // nodes already added to sh.nodes
	selDepth      int
	stack         [maxPly + 2]frame
	pv            [maxPly + 1][maxPly + 1]hexdame.Move
	pvLen         [maxPly + 1]int
	history       [2][64 * 64]int32
	// keys holds the keys of the game's positions before the root, then
	// of the positions of the current line from the root; rootIndex is
	// the root's index.
	keys      []uint64
	rootIndex int
	rootMoves []rootMove
	pvIdx     int // with MultiPV: the root moves before pvIdx are excluded
	pvLast    int // and those from pvLast on
	rootDepth int
}

func newThread(id int) *thread {
	t := &thread{id: id}
	for i := range t.stack {
		t.stack[i].moves = make([]hexdame.Move, 0, 64)
		t.stack[i].scores = make([]int32, 0, 64)
	}
	t.keys = make([]uint64, 0, 256)
	return t
}

// lmrTable[d][i]: how many plies a late quiet move is reduced at depth d
// as the i-th move. lmrTable2 reduces more: the helper threads use it, so
// that they run ahead of the main thread on other lines and leave it table
// entries it can use (see run.iterate).
var lmrTable, lmrTable2 [64][64]int8

func init() {
	for d := 1; d < 64; d++ {
		for i := 1; i < 64; i++ {
			lmrTable[d][i] = int8(0.5 + math.Log(float64(d))*math.Log(float64(i))/1.75)
			lmrTable2[d][i] = int8(0.75 + math.Log(float64(d))*math.Log(float64(i))/1.4)
		}
	}
}

// poll adds the thread's nodes to the shared count and stops the search
// when a limit is reached; it halts a helper whose depth the main thread
// has completed.
func (t *thread) poll() {
	sh := t.sh
	total := sh.nodes.Add(t.nodes - t.polled)
	t.polled = t.nodes
	if sh.nodeLimit > 0 && total >= sh.nodeLimit {
		sh.stopSearch()
	}
	// The search's timer and context watcher stop it too, but they may
	// have to wait for a processor while every processor searches.
	if sh.done != nil {
		select {
		case <-sh.done:
			sh.stopSearch()
		default:
		}
	}
	if !sh.deadline.IsZero() && !time.Now().Before(sh.deadline) {
		sh.stopSearch()
	}
	if sh.stop.Load() || t.id > 0 && int(sh.completed.Load()) >= t.rootDepth {
		t.halt.Store(true)
	}
}

// stopSearch stops the search: every thread halts.
func (sh *shared) stopSearch() {
	sh.stop.Store(true) // before the threads' flags: see thread.resume
	for _, t := range sh.threads {
		t.halt.Store(true)
	}
}

// stopLate stops the search unless it is over: the timer's and the
// context's callbacks, which may run after the search has returned.
func (sh *shared) stopLate() {
	sh.lateMu.Lock()
	defer sh.lateMu.Unlock()
	if !sh.over {
		sh.stopSearch()
	}
}

// finish marks the search over, for stopLate.
func (sh *shared) finish() {
	sh.lateMu.Lock()
	sh.over = true
	sh.lateMu.Unlock()
}

// halted reports whether the thread must leave its current iteration:
// the search is stopped, or (for a helper) the main thread has completed
// the depth.
func (t *thread) halted() bool {
	return t.halt.Load()
}

// resume clears the thread's halt for a new iteration, unless the search
// is stopped. (Clearing before looking at sh.stop, which stopSearch sets
// before the threads' flags, leaves no moment where a stop is lost.)
func (t *thread) resume() {
	t.halt.Store(false)
	if t.sh.stop.Load() {
		t.halt.Store(true)
	}
}

// count counts a node and looks at the limits from time to time.
func (t *thread) count() {
	t.nodes++
	if t.nodes&(t.sh.pollEvery-1) == 0 {
		t.poll()
	}
}

// setChild makes ply+1's frame the position after m.
func (t *thread) setChild(ply int, m hexdame.Move) {
	f, c := &t.stack[ply], &t.stack[ply+1]
	c.pos = f.pos.PlayUnchecked(m)
	c.key = f.pos.HashAfter(f.key, m)
	if t.eval.patterns != nil {
		c.pat = f.pat
		updatePatterns(&c.pat, &f.pos, &c.pos)
	}
	if f.pos.IsReversible(m) {
		c.rev = f.rev + 1
	} else {
		c.rev = 0
	}
	k := t.rootIndex + ply + 1
	if k < len(t.keys) {
		t.keys[k] = c.key
		t.keys = t.keys[:k+1]
	} else {
		t.keys = append(t.keys, c.key)
	}
}

// isDraw reports whether the position at ply is drawn by repetition: it
// repeats a position of the line searched from the root, or one of the
// game's for the third time.
func (t *thread) isDraw(ply int) bool {
	f := &t.stack[ply]
	if f.rev < 4 {
		return false
	}
	idx := t.rootIndex + ply
	seen := 0
	for i := idx - 4; i >= idx-f.rev && i >= 0; i -= 2 {
		if t.keys[i] == f.key {
			if i >= t.rootIndex {
				return true
			}
			seen++
			if seen >= 2 {
				return true
			}
		}
	}
	return false
}

// toTT and fromTT convert win and loss scores between distances from the
// root and from the position stored.
func toTT(score, ply int) int {
	switch {
	case score > winBound:
		return score + ply
	case score < -winBound:
		return score - ply
	}
	return score
}

func fromTT(score, ply int) int {
	switch {
	case score > winBound:
		return score - ply
	case score < -winBound:
		return score + ply
	}
	return score
}

// matchesPacked reports whether m is the move packed as pm.
func matchesPacked(pm uint32, m hexdame.Move) bool {
	if pm == 0 || !sameMoveEnds(pm, m) {
		return false
	}
	return !m.IsCapture() || packMove(m) == pm
}

// Move order scores.
const (
	orderTT      = 1 << 30
	orderCapture = 1 << 25
	orderKiller1 = 1 << 24
	orderKiller2 = 1<<24 - 1
	historyMax   = 1 << 14
)

// rfpMargin is the margin per ply of reverse futility pruning.
const rfpMargin = 60

// futilityMargin is the margin per ply of futility pruning.
const futilityMargin = 80

// orderMoves scores the moves at ply for the move order.
func (t *thread) orderMoves(ply int, ttMove uint32) {
	f := &t.stack[ply]
	n := len(f.moves)
	if cap(f.scores) < n {
		f.scores = make([]int32, n, 2*n)
	}
	scores := f.scores[:n]
	f.scores = scores
	hist := &t.history[f.pos.SideToMove()&1]
	moves := f.moves[:n]
	if n > 0 && moves[0].IsCapture() {
		// A position with a capture has only captures.
		for i := range moves {
			m := &moves[i]
			if matchesPacked(ttMove, *m) {
				scores[i] = orderTT
			} else {
				scores[i] = orderCapture + hist[int(m.From())<<6|int(m.To())]
			}
		}
		return
	}
	k0, k1 := f.killers[0], f.killers[1]
	for i := range moves {
		m := moves[i]
		var s int32
		switch {
		case ttMove != 0 && sameMoveEnds(ttMove, m):
			s = orderTT
		case m == k0:
			s = orderKiller1
		case m == k1:
			s = orderKiller2
		default:
			s = hist[int(m.From())<<6|int(m.To())]
		}
		scores[i] = s
	}
}

// pick moves the best-scored move from i on to i and returns it: the
// first of the best, if several score the same.
func (f *frame) pick(i int) hexdame.Move {
	scores := f.scores[i:len(f.moves)]
	best, bestScore := 0, scores[0]
	for j := 1; j < len(scores); j++ {
		if s := scores[j]; s > bestScore {
			best, bestScore = j, s
		}
	}
	best += i
	f.moves[i], f.moves[best] = f.moves[best], f.moves[i]
	scores[0], scores[best-i] = bestScore, scores[0]
	return f.moves[i]
}

// updateHistory rewards the quiet move that failed high at depth and
// penalises the quiet moves tried before it.
func (t *thread) updateHistory(ply, depth int, best hexdame.Move, tried int) {
	f := &t.stack[ply]
	hist := &t.history[f.pos.SideToMove()&1]
	bonus := int32(min(depth*depth, 400))
	for _, m := range f.moves[:tried] {
		if m.IsCapture() {
			continue
		}
		h := &hist[int(m.From())<<6|int(m.To())]
		b := -bonus
		if m == best {
			b = bonus
		}
		*h += b - *h*abs32(b)/historyMax
	}
	if !best.IsCapture() && f.killers[0] != best {
		f.killers[1] = f.killers[0]
		f.killers[0] = best
	}
}

func abs32(x int32) int32 {
	if x < 0 {
		return -x
	}
	return x
}

// updatePV makes the line at ply m followed by the line at ply+1.
func (t *thread) updatePV(ply int, m hexdame.Move) {
	t.pv[ply][ply] = m
	n := t.pvLen[ply+1]
	copy(t.pv[ply][ply+1:n], t.pv[ply+1][ply+1:n])
	t.pvLen[ply] = max(n, ply+1)
}

// search returns the score of the position at ply (ply > 0) searched to
// depth within the window (alpha, beta).
func (t *thread) search(ply, depth, alpha, beta int) int {
	pvNode := beta-alpha > 1
	t.pvLen[ply] = ply
	if t.halted() {
		return 0
	}
	if t.isDraw(ply) {
		return 0
	}
	// A win cannot come faster than the next move, nor a loss.
	alpha = max(alpha, -mateScore+ply)
	beta = min(beta, mateScore-ply-1)
	if alpha >= beta {
		return alpha
	}
	if depth <= 0 {
		// Variant 1: a threatened side gets one more ply to answer.
		f := &t.stack[ply]
		if t.variant&1 == 0 || ply >= 2*t.rootDepth || f.pos.HasCapture() ||
			!f.pos.WithSideToMove(f.pos.SideToMove().Opponent()).HasCapture() {
			return t.qsearch(ply, alpha, beta)
		}
		depth = 1
	}
	t.count()
	if ply > t.selDepth {
		t.selDepth = ply
	}
	f := &t.stack[ply]
	if ply >= maxPly {
		return t.qsearch(ply, alpha, beta)
	}
	var ttMove uint32
	if hit, ok := t.tt.probe(f.key); ok {
		ttMove = hit.move
		if !pvNode && hit.depth >= depth {
			s := fromTT(hit.score, ply)
			if hit.bound == boundExact || (hit.bound == boundLower && s >= beta) || (hit.bound == boundUpper && s <= alpha) {
				return s
			}
		}
	}
	// Endgame tables know the value of positions with few pieces.
	if t.endgamePieces >= 0 {
		if s, ok := t.probeTables(ply); ok {
			return s
		}
	}
	// A node without a table move is searched a ply shallower (internal
	// iterative reduction): it is likely one not worth the depth.
	if ttMove == 0 && depth >= 4 {
		depth--
	}
	// A quiet position whose evaluation is far above beta at a small
	// depth is taken to fail high (reverse futility pruning).
	// The evaluation is kept for futility pruning below.
	staticEval, evaluated := 0, false
	if !pvNode && depth <= 3 && beta > -winBound && beta < winBound && !f.pos.HasCapture() {
		var canMove bool
		staticEval, canMove = t.eval.evaluateMoves(&f.pos, &f.pat)
		evaluated = true
		if staticEval-rfpMargin*depth >= beta && canMove {
			return staticEval - rfpMargin*depth
		}
	}
	f.moves = f.pos.AppendLegalMoves(f.moves[:0])
	if len(f.moves) == 0 {
		return -mateScore + ply
	}
	// A forced move costs no choice: look one ply further.
	if len(f.moves) == 1 && ply < 2*t.rootDepth {
		depth++
	}
	if depth >= 2 {
		// The children will probe the table: ask for their buckets now,
		// so that memory is read while the moves are ordered and the
		// first ones searched.
		for _, m := range f.moves {
			t.tt.prefetch(f.pos.HashAfter(f.key, m))
		}
	}
	t.orderMoves(ply, ttMove)
	t.stack[ply+2].killers = [2]hexdame.Move{}
	crumb, busy := t.markNode(ply, f.key)
	best, bestMove := -infinity, hexdame.Move{}
	origAlpha := alpha
	// At the frontier, quiet moves cannot lift a position far below
	// alpha (futility pruning).
	futile := false
	if !pvNode && depth <= 2 && alpha > -winBound && alpha < winBound && !f.moves[0].IsCapture() {
		if !evaluated {
			staticEval, _ = t.eval.evaluateMoves(&f.pos, &f.pat)
		}
		futile = staticEval+futilityMargin*depth <= alpha
	}
	for i := range f.moves {
		m := f.pick(i)
		// At small depths the late quiet moves are not searched (late
		// move pruning).
		if !pvNode && depth <= 3 && i >= 3+2*depth*depth && f.scores[i] < orderKiller2 && !m.IsCapture() && best > -winBound {
			break
		}
		if futile && i > 0 && f.scores[i] < orderKiller2 {
			if best < alpha {
				best = alpha // what is skipped could not do better
			}
			break
		}
		t.setChild(ply, m)
		newDepth := depth - 1
		var score int
		if i == 0 {
			score = -t.search(ply+1, newDepth, -beta, -alpha)
		} else {
			r := 0
			if depth >= 3 && i >= 2 && !m.IsCapture() && f.scores[i] < orderKiller2 {
				if t.lmrAlt {
					r = int(lmrTable2[min(depth, 63)][min(i, 63)])
				} else {
					r = int(lmrTable[min(depth, 63)][min(i, 63)])
				}
				if pvNode {
					r--
				}
				if busy {
					r++
				}
				r = max(0, min(r, newDepth-1))
			}
			score = -t.search(ply+1, newDepth-r, -alpha-1, -alpha)
			if score > alpha && r > 0 {
				score = -t.search(ply+1, newDepth, -alpha-1, -alpha)
			}
			if score > alpha && score < beta {
				score = -t.search(ply+1, newDepth, -beta, -alpha)
			}
		}
		if t.halted() {
			crumb.free()
			return 0
		}
		if score > best {
			best = score
			if score > alpha {
				bestMove = m
				alpha = score
				if pvNode {
					t.updatePV(ply, m)
				}
				if score >= beta {
					t.updateHistory(ply, depth, m, i+1)
					break
				}
			}
		}
	}
	crumb.free()
	bound := boundUpper
	switch {
	case best >= beta:
		bound = boundLower
	case best > origAlpha:
		bound = boundExact
	}
	var pm uint32
	if bestMove.IsValid() {
		pm = packMove(bestMove)
	}
	t.tt.store(f.key, pm, toTT(best, ply), depth, bound)
	return best
}

// qsearch returns the score of the position at ply with every capture
// played out: a position whose side to move must capture is searched on,
// one without a capture is evaluated.
func (t *thread) qsearch(ply, alpha, beta int) int {
	t.count()
	t.pvLen[ply] = ply
	if t.halted() {
		return 0
	}
	if ply > t.selDepth {
		t.selDepth = ply
	}
	// The tables know positions reached by captures, or at the horizon.
	if t.endgamePieces >= 0 {
		if s, ok := t.probeTables(ply); ok {
			return s
		}
	}
	f := &t.stack[ply]
	if !f.pos.HasCapture() {
		v, canMove := t.eval.evaluateMoves(&f.pos, &f.pat)
		if !canMove {
			return -mateScore + ply
		}
		return v
	}
	if ply >= maxPly {
		v, _ := t.eval.evaluateMoves(&f.pos, &f.pat)
		return v
	}
	f.moves = f.pos.AppendLegalMoves(f.moves[:0])
	best := -infinity
	for i := range f.moves {
		m := f.moves[i]
		t.setChild(ply, m)
		score := -t.qsearch(ply+1, -beta, -alpha)
		if t.halted() {
			return 0
		}
		if score > best {
			best = score
			if score > alpha {
				alpha = score
				if score >= beta {
					break
				}
			}
		}
	}
	return best
}

// searchRoot searches the root moves pvIdx..pvLast-1 to depth within
// (alpha, beta), in their order, and records their scores and lines; it
// returns the best score.
func (t *thread) searchRoot(depth, alpha, beta int) int {
	t.pvLen[0] = 0
	best := -infinity
	for i := t.pvIdx; i < t.pvLast; i++ {
		rm := &t.rootMoves[i]
		m := rm.move
		t.setChild(0, m)
		t.selDepth = 0
		newDepth := depth - 1
		if t.pvLast-t.pvIdx == 1 && t.rootDepth > 1 {
			newDepth++ // a single move: look further, as search does
		}
		var score int
		if i == t.pvIdx {
			score = -t.search(1, newDepth, -beta, -alpha)
		} else {
			score = -t.search(1, newDepth, -alpha-1, -alpha)
			if score > alpha && score < beta {
				score = -t.search(1, newDepth, -beta, -alpha)
			}
		}
		if t.halted() {
			return best
		}
		if score > best {
			best = score
		}
		if i == t.pvIdx || score > alpha {
			rm.score = score
			rm.selDepth = t.selDepth
			rm.pv = append(rm.pv[:0], m)
			rm.pv = append(rm.pv, t.pv[1][1:t.pvLen[1]]...)
			if score > alpha {
				alpha = score
				// Keep the moves in order: the new best first.
				if i > t.pvIdx {
					moved := *rm
					copy(t.rootMoves[t.pvIdx+1:i+1], t.rootMoves[t.pvIdx:i])
					t.rootMoves[t.pvIdx] = moved
				}
				if score >= beta {
					return score
				}
			}
		} else {
			rm.score = -infinity
		}
	}
	return best
}
