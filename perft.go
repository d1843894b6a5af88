package hexdame

import (
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/hexdame/hexdame/internal/bigmem"
)

// MaxPerftDepth is the greatest depth the perft functions count to; they
// return 0 (or nil) for a greater or a negative depth. Counts that do not
// fit in a uint64 (beyond about depth 15 from the start) wrap around.
const MaxPerftDepth = 32

// MaxPerftWorkers is the greatest number of goroutines a perft count
// uses; PerftOptions.Workers beyond it counts as it. Each worker's stack
// of positions and moves costs about 20 KiB.
const MaxPerftWorkers = 1024

// PerftOptions tunes a perft count. The zero value counts on one
// goroutine, without a cache.
type PerftOptions struct {
	// Workers is the number of goroutines that share the work; 0 or 1
	// means one, and more than MaxPerftWorkers means MaxPerftWorkers.
	// Use runtime.GOMAXPROCS(0) for one per core.
	Workers int
	// Cache, when set, is a cache of counts that the workers share, and
	// that later calls given the same cache go on using: a subtree met
	// again, by another move order or in another call, is counted once.
	// A cache not made by NewPerftCache (the zero PerftCache) holds
	// nothing and is not used.
	Cache *PerftCache
}

// A PerftCache is a cache of perft counts (a transposition table, in
// engine authors' words), made by NewPerftCache and given to Perft and
// PerftDivide in PerftOptions. Its entries hold a position's count at one
// depth, so one cache serves any number of calls, depths and positions,
// from any number of goroutines.
//
// Each entry keeps, besides the count and the depth, a second 64-bit
// Zobrist key of the position, independent of the one that chooses the
// entry; a count is reused only when both keys match. A wrong count thus
// needs two different positions to agree on 128 bits of key: about one
// chance in 2^64 per lookup.
type PerftCache struct {
	entries []perftEntry
	mask    uint64
	mem     *bigmem.Block[perftEntry] // holds the entries
}

// MaxPerftCacheMiB is the size, in MiB, of the largest PerftCache.
const MaxPerftCacheMiB = 1 << 14

// NewPerftCache returns a cache of about mib MiB (rounded down to a power
// of two entries of 16 bytes); mib is at least 1 and at most
// MaxPerftCacheMiB, and values outside are taken as those bounds. The
// memory is taken from the system as the cache fills, and given back when
// the cache is no longer reachable. When the system refuses the cache
// (its address space or its memory is short), NewPerftCache returns the
// error (on Unix, wrapping syscall.ENOMEM); on systems without mmap the
// cache comes from Go's heap, and a program that cannot afford mib MiB
// must ask for less, as Go cannot recover from running out of memory.
//
// Bigger is not faster: the first touch of each page costs more than the
// subtrees it saves once the cache holds a good part of the tree's upper
// levels. From the start
// position, depth 9 took 4.5 s with 256 MiB and 20 s with 4096 MiB, depth
// 10 33 s with 1024 MiB and 57 s with 8192 MiB, on two cores.
func NewPerftCache(mib int) (*PerftCache, error) {
	mib = min(max(1, mib), MaxPerftCacheMiB)
	n := uint64(mib) << 20 / 16
	size := uint64(1)
	for size*2 <= n {
		size *= 2
	}
	mem, err := bigmem.New[perftEntry](int(size))
	if err != nil {
		return nil, fmt.Errorf("a perft cache of %d MiB: %w", size*16>>20, err)
	}
	return &PerftCache{entries: mem.Values(), mask: size - 1, mem: mem}, nil
}

// Perft returns the number of distinct move sequences of the given depth
// from p (the leaf nodes of the legal-move tree), the standard check of a
// move generator. Captures with the same start, end and captured pieces
// count once, as they are one move. Perft of depth 0 is 1; a negative depth,
// or one greater than MaxPerftDepth, gives 0. With the zero PerftOptions,
// Perft counts on one goroutine without a cache.
//
// On one goroutine without a cache Perft does not allocate after its
// first use. The last level is counted without playing its moves ("bulk
// counting").
func Perft(p Position, depth int, opts PerftOptions) uint64 {
	if depth < 0 || depth > MaxPerftDepth {
		return 0
	}
	o := opts.normal()
	if depth <= 1 || o.Workers <= 1 && o.Cache == nil {
		return perftOne(p, depth)
	}
	var total uint64
	for _, c := range perftRun(p, depth, o) {
		total += c.Nodes
	}
	return total
}

// normal returns the options with Workers between 1 and MaxPerftWorkers,
// and no Cache for a PerftCache that holds no entries (the zero
// PerftCache).
func (o PerftOptions) normal() PerftOptions {
	o.Workers = min(max(1, o.Workers), MaxPerftWorkers)
	if o.Cache != nil && len(o.Cache.entries) == 0 {
		o.Cache = nil
	}
	return o
}

// perftOne counts on the calling goroutine without a cache.
func perftOne(p Position, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	w := perftPool.Get().(*perftWorker)
	w.cache = nil
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
	Move  Move   `json:"move"`  // a legal move of the position counted
	Nodes uint64 `json:"nodes"` // the leaves below it: perft of depth-1 after it
}

// PerftDivide returns, for each legal move of p in generation order, the
// perft count of depth-1 after it (the "divide" form used to find where two
// move generators disagree); their sum is Perft(p, depth). A depth below 1
// or above MaxPerftDepth gives nil.
func PerftDivide(p Position, depth int, opts PerftOptions) []PerftCount {
	if depth < 1 || depth > MaxPerftDepth {
		return nil
	}
	return perftRun(p, depth, opts.normal())
}

// A perftJob is a subtree to count: a position, the depth left, and the
// root move it is below.
type perftJob struct {
	pos   Position
	depth int
	root  int
}

// perftRun counts below each root move of p. It splits the tree below the
// root into jobs until there are enough for the workers to share evenly,
// and the workers take the jobs in turn.
func perftRun(p Position, depth int, o PerftOptions) []PerftCount {
	moves := p.LegalMoves()
	counts := make([]PerftCount, len(moves))
	jobs := make([]perftJob, 0, len(moves))
	for i, m := range moves {
		counts[i].Move = m
		jobs = append(jobs, perftJob{p.play(m), depth - 1, i})
	}
	for o.Workers > 1 && len(jobs) < 64*o.Workers {
		var deeper []perftJob
		for _, j := range jobs {
			if j.depth < 3 {
				deeper = nil
				break
			}
			for _, m := range j.pos.LegalMoves() {
				deeper = append(deeper, perftJob{j.pos.play(m), j.depth - 1, j.root})
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
			w := &perftWorker{moves: make([]Move, 0, 1024), stack: make([]Position, depth+1), cache: cache}
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
				w.stack[0] = j.pos
				nodes[j.root].Add(w.count(0, j.depth))
			}
		}()
	}
	wg.Wait()
	for i := range counts {
		counts[i].Nodes = nodes[i].Load()
	}
	return counts
}

// An entry of a PerftCache is two words: the data (the count and the
// depth) and the check, the position's second key XOR the data, so that
// an entry torn by two workers writing at once does not check.
type perftEntry struct {
	check, data atomic.Uint64
}

const perftDepthBits = 6 // depths up to 63; the count takes the other 58 bits

// get returns the count of the position with keys h1 and h2 at depth, if
// the cache has it.
func (t *PerftCache) get(h1, h2 uint64, depth int) (uint64, bool) {
	e := &t.entries[h1&t.mask]
	data := e.data.Load()
	check := e.check.Load()
	runtime.KeepAlive(t) // t.mem holds the entries
	if check^data != h2 || int(data&(1<<perftDepthBits-1)) != depth {
		return 0, false
	}
	return data >> perftDepthBits, true
}

// put keeps the count of the position with keys h1 and h2 at depth.
func (t *PerftCache) put(h1, h2 uint64, depth int, n uint64) {
	if n >= 1<<(64-perftDepthBits) {
		return // too large to keep
	}
	data := n<<perftDepthBits | uint64(depth)
	e := &t.entries[h1&t.mask]
	e.data.Store(data)
	e.check.Store(h2 ^ data)
	runtime.KeepAlive(t)
}

// A perftWorker keeps the move buffer and the position of each ply of one
// perft search, reused across calls through perftPool, and the cache it
// uses, if any.
type perftWorker struct {
	moves []Move
	stack []Position
	cache *PerftCache
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
	var h1, h2 uint64
	if w.cache != nil {
		h1, h2 = p.Hash(), p.hash2()
		if n, ok := w.cache.get(h1, h2, depth); ok {
			return n
		}
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
	if w.cache != nil {
		w.cache.put(h1, h2, depth, n)
	}
	return n
}
