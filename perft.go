package hexdame

import "sync"

// MaxPerftDepth is the greatest depth the perft functions count to; they
// return 0 (or nil) for a greater or a negative depth. Counts that do not
// fit in a uint64 (beyond about depth 15 from the start) wrap around.
const MaxPerftDepth = 32

// PerftOptions tunes a perft count. The zero value counts on one
// goroutine.
type PerftOptions struct {
	// Workers is the number of goroutines that share the work (the
	// moves at the root); 0 or 1 means one. Use runtime.GOMAXPROCS(0)
	// for one per core.
	Workers int
}

// Perft returns the number of distinct move sequences of the given depth
// from p (the leaf nodes of the legal-move tree), the standard check of a
// move generator. Captures with the same start, end and captured pieces
// count once, as they are one move. Perft of depth 0 is 1; a negative depth,
// or one greater than MaxPerftDepth, gives 0. At most one PerftOptions
// may be given; without one, Perft counts on one goroutine.
//
// On one goroutine Perft does not allocate after its first use. The last
// level is counted without playing its moves ("bulk counting").
func Perft(p Position, depth int, opts ...PerftOptions) uint64 {
	if depth < 0 || depth > MaxPerftDepth {
		return 0
	}
	if depth > 1 && workers(opts) > 1 {
		var total uint64
		for _, c := range perftDivide(p, depth, workers(opts)) {
			total += c.Nodes
		}
		return total
	}
	return perftOne(p, depth)
}

func workers(opts []PerftOptions) int {
	if len(opts) == 0 {
		return 1
	}
	return max(1, opts[0].Workers)
}

// perftOne counts on the calling goroutine.
func perftOne(p Position, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	w := perftPool.Get().(*perftWorker)
	if len(w.stack) < depth+1 {
		w.stack = make([]Position, depth+1)
	}
	w.stack[0] = p
	n := w.count(0, depth)
	perftPool.Put(w)
	return n
}

// A PerftCount is the perft count below one root move.
type PerftCount struct {
	Move  Move   `json:"move"`
	Nodes uint64 `json:"nodes"`
}

// PerftDivide returns, for each legal move of p in generation order, the
// perft count of depth-1 after it (the "divide" form used to find where two
// move generators disagree); their sum is Perft(p, depth). A depth below 1
// or above MaxPerftDepth gives nil. At most one PerftOptions may be given.
func PerftDivide(p Position, depth int, opts ...PerftOptions) []PerftCount {
	if depth < 1 || depth > MaxPerftDepth {
		return nil
	}
	return perftDivide(p, depth, workers(opts))
}

// perftDivide counts below each root move, the moves shared among workers
// goroutines.
func perftDivide(p Position, depth, workers int) []PerftCount {
	moves := p.LegalMoves()
	counts := make([]PerftCount, len(moves))
	workers = min(workers, len(moves))
	next := make(chan int, len(moves))
	for i := range moves {
		next <- i
	}
	close(next)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				counts[i] = PerftCount{Move: moves[i], Nodes: perftOne(p.play(moves[i]), depth-1)}
			}
		}()
	}
	wg.Wait()
	return counts
}

// A perftWorker keeps the move buffer and the position of each ply of one
// perft search, reused across calls through perftPool.
type perftWorker struct {
	moves []Move
	stack []Position
}

var perftPool = sync.Pool{New: func() any {
	return &perftWorker{moves: make([]Move, 0, 1024), stack: make([]Position, 32)}
}}

// count returns the perft of w.stack[ply] to depth.
func (w *perftWorker) count(ply, depth int) uint64 {
	p := &w.stack[ply]
	if depth == 1 {
		if c := p.capturers(); c != 0 {
			start := len(w.moves)
			w.moves = p.appendCapturesFrom(w.moves, c)
			n := len(w.moves) - start
			w.moves = w.moves[:start]
			return uint64(n)
		}
		return uint64(p.countQuietMoves())
	}
	start := len(w.moves)
	w.moves = p.AppendLegalMoves(w.moves)
	end := len(w.moves)
	var n uint64
	child := &w.stack[ply+1]
	for i := start; i < end; i++ {
		*child = *p
		child.apply(&w.moves[i])
		n += w.count(ply+1, depth-1)
	}
	w.moves = w.moves[:start]
	return n
}
