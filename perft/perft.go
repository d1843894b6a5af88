// Package perft counts the leaves of the tree of legal moves of a HexDame
// position (perft, "performance test"): the number of distinct move
// sequences of a given depth. Move generators are checked against each
// other with these counts: two implementations of the rules agree on
// them, or one of them is wrong. The counts from the start position are
// 1, 15, 211, 3337, 51589 and 848774 for depths 0 to 5 (RULES.md lists
// more).
//
// The package uses only the exported API of the rules package
// (github.com/hexdame/hexdame); it counts on one goroutine or on many,
// with or without a Cache of counts shared between them.
package perft

import (
	"sync"
	"sync/atomic"

	"github.com/hexdame/hexdame"
)

// MaxDepth is the greatest depth Count and Divide count to; they return 0
// (or nil) for a greater or a negative depth. Counts that do not fit in a
// uint64 (beyond about depth 15 from the start) wrap around.
const MaxDepth = 32

// MaxWorkers is the greatest number of goroutines a count uses;
// Options.Workers beyond it counts as it. Each worker's positions and
// moves cost about 20 KiB.
const MaxWorkers = 1024

// Options tunes a count. The zero value counts on one goroutine, without a
// cache.
type Options struct {
	// Workers is the number of goroutines that share the work; 0 or 1
	// means one, and more than MaxWorkers means MaxWorkers. Use
	// runtime.GOMAXPROCS(0) for one per core.
	Workers int
	// Cache, when set, is a cache of counts that the workers share, and
	// that later calls given the same cache go on using: a subtree met
	// again, by another move order or in another call, is counted once.
	// A cache not made by NewCache (the zero Cache) holds nothing and is
	// not used.
	Cache *Cache
}

// normal returns o with Workers in 1..MaxWorkers and without a cache that
// holds nothing.
func (o Options) normal() Options {
	o.Workers = min(max(1, o.Workers), MaxWorkers)
	if o.Cache != nil && len(o.Cache.entries) == 0 {
		o.Cache = nil
	}
	return o
}

// Count returns the number of distinct move sequences of the given depth
// from p: 1 for depth 0, the number of legal moves for depth 1. Two
// capture paths with the same start, end and captured pieces are one move,
// as the rules have it. A depth below 0 or above MaxDepth gives 0.
//
// On one goroutine without a cache Count does not allocate after its
// first call. The last level is counted without playing its moves (bulk
// counting, Position.CountLegalMovesAfter).
func Count(p hexdame.Position, depth int, opts Options) uint64 {
	if depth < 0 || depth > MaxDepth {
		return 0
	}
	o := opts.normal()
	if depth <= 1 || o.Workers <= 1 && o.Cache == nil {
		return countOne(p, depth)
	}
	var total uint64
	for _, c := range run(p, depth, o) {
		total += c.Nodes
	}
	return total
}

// countOne counts on the calling goroutine, with a worker from the pool.
func countOne(p hexdame.Position, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	w := workers.Get().(*worker)
	w.cache = nil
	n := w.count(p, depth)
	workers.Put(w)
	return n
}

// A MoveCount is one legal move of a position and the number of leaves
// below it, as Divide gives them.
type MoveCount struct {
	Move  hexdame.Move `json:"move"`  // a legal move of the position counted
	Nodes uint64       `json:"nodes"` // the leaves below it: Count of depth-1 after it
}

// Divide returns, for each legal move of p in the order
// Position.LegalMoves gives them, the number of leaves below it at the
// given depth: their sum is Count(p, depth, opts). It is how two move
// generators that disagree find the move where they do. A depth below 1 or
// above MaxDepth gives nil.
func Divide(p hexdame.Position, depth int, opts Options) []MoveCount {
	if depth < 1 || depth > MaxDepth {
		return nil
	}
	return run(p, depth, opts.normal())
}

// A job is a subtree to count: a position, the depth left, and the root
// move it is below.
type job struct {
	pos   hexdame.Position
	depth int
	root  int
}

// run counts the subtrees of p's moves on o.Workers goroutines: it splits
// the tree into jobs, enough of them (64 a worker) that the workers end
// together, and hands them out one at a time.
func run(p hexdame.Position, depth int, o Options) []MoveCount {
	moves := p.LegalMoves()
	counts := make([]MoveCount, len(moves))
	jobs := make([]job, 0, len(moves))
	for i, m := range moves {
		counts[i].Move = m
		jobs = append(jobs, job{p.PlayUnchecked(m), depth - 1, i})
	}
	for o.Workers > 1 && len(jobs) < 64*o.Workers {
		var deeper []job
		for _, j := range jobs {
			if j.depth < 3 {
				deeper = nil
				break
			}
			for _, m := range j.pos.LegalMoves() {
				deeper = append(deeper, job{j.pos.PlayUnchecked(m), j.depth - 1, j.root})
			}
		}
		if deeper == nil {
			break
		}
		jobs = deeper
	}
	cache := o.Cache
	var next atomic.Int64
	nodes := make([]atomic.Uint64, len(moves))
	var wg sync.WaitGroup
	for range min(o.Workers, max(1, len(jobs))) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := &worker{moves: make([]hexdame.Move, 0, 1024), cache: cache}
			for {
				i := int(next.Add(1) - 1)
				if i >= len(jobs) {
					return
				}
				j := &jobs[i]
				if j.depth == 0 {
					nodes[j.root].Add(1)
					continue
				}
				nodes[j.root].Add(w.count(j.pos, j.depth))
			}
		}()
	}
	wg.Wait()
	for i := range counts {
		counts[i].Nodes = nodes[i].Load()
	}
	return counts
}

// A worker counts subtrees depth first: moves holds the legal moves of
// the positions on the way from the subtree's root.
type worker struct {
	moves []hexdame.Move
	cache *Cache
}

var workers = sync.Pool{New: func() any {
	return &worker{moves: make([]hexdame.Move, 0, 1024)}
}}

// count returns the leaves at depth (at least 1) below p. At depth 1 it
// counts the legal moves without playing them.
func (w *worker) count(p hexdame.Position, depth int) uint64 {
	if depth == 1 {
		return uint64(p.CountLegalMoves())
	}
	var k key
	if w.cache != nil {
		k = keyOf(&p)
		if n, ok := w.cache.get(k, depth); ok {
			return n
		}
	}
	start := len(w.moves)
	w.moves = p.AppendLegalMoves(w.moves)
	end := len(w.moves)
	var n uint64
	if depth == 2 {
		// The leaves below each move are counted in the position after
		// it, in one call of the rules package each.
		for _, m := range w.moves[start:end] {
			n += uint64(p.CountLegalMovesAfter(m))
		}
	} else {
		for i := start; i < end; i++ {
			n += w.count(p.PlayUnchecked(w.moves[i]), depth-1)
		}
	}
	w.moves = w.moves[:start]
	if w.cache != nil {
		w.cache.put(k, depth, n)
	}
	return n
}
