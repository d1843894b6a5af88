package engine

import (
	"fmt"
	"math/bits"
	"sync/atomic"
	"unsafe"

	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/internal/bigmem"
)

// The transposition table: a fixed number of buckets of four entries, 64
// bytes a bucket (one cache line). An entry is two words, written and read
// with atomic operations so that the threads of a search share the table
// without locks: the data, and the key exclusive-or the data. A reader
// takes the entry only when its key exclusive-or the data it read gives
// the key it looks for, so an entry torn by two writers is seen as absent
// (Hyatt and Mann's lockless hashing).
//
// The first three entries of a bucket keep the deepest searches, older
// searches' entries going first; a search that is shallower than all of
// them goes into the fourth, which always takes the newest.
type table struct {
	buckets []bucket
	gen     uint8                 // the search generation, for ageing
	mem     *bigmem.Block[bucket] // holds the buckets
}

type bucket [4]entry

type entry struct{ key, data atomic.Uint64 }

// Entry data: the move (from, to and a fingerprint of the captured set,
// with a bit saying there is one), the score, the depth, the bound and the
// generation.
const (
	boundNone  = 0
	boundUpper = 1 // the score is at most this (failed low)
	boundLower = 2 // at least this (failed high)
	boundExact = 3

	moveBits   = 21
	scoreShift = moveBits
	depthShift = scoreShift + 16
	boundShift = depthShift + 8
	genShift   = boundShift + 2
)

// bucketBytes is the size of a bucket.
const bucketBytes = 64

// newTable returns a table of mib MiB, or the system's error when it
// refuses the memory. The buckets are mapped for the table alone (see
// package bigmem) and marked for huge pages: a probe of a large table then
// costs one cache miss instead of a cache miss and a page-table walk,
// which makes the search a fifth faster or more. Their memory is written
// once, so that the system has given it all before the first search (a
// fresh table's first touches would otherwise cost a timed search
// dearly). It is given back by free, or when the table is no longer
// reachable.
func newTable(mib int) (*table, error) {
	mem, err := bigmem.New[bucket](max(1, mib<<20/bucketBytes))
	if err != nil {
		return nil, fmt.Errorf("a hash table of %d MiB: %w", mib, err)
	}
	mem.Huge()
	t := &table{buckets: mem.Values(), mem: mem}
	t.clear()
	return t, nil
}

// free gives the table's memory back at once. The table must not be used
// afterwards.
func (t *table) free() {
	t.mem.Free()
	t.buckets = nil
}

// clear empties the table. No search may run meanwhile.
func (t *table) clear() {
	clear(t.buckets)
}

func (t *table) bucket(key uint64) *bucket {
	hi, _ := bits.Mul64(key, uint64(len(t.buckets)))
	return &t.buckets[hi]
}

// prefetch asks for key's bucket to be brought into the cache, so that a
// probe of key soon after does not wait for memory.
func (t *table) prefetch(key uint64) {
	prefetch(uintptr(unsafe.Pointer(t.bucket(key))))
}

// A ttHit is what the table knows of a position.
type ttHit struct {
	move  uint32 // a packed move (packMove), 0 for none
	score int
	depth int
	bound int
}

// probe looks key up.
func (t *table) probe(key uint64) (ttHit, bool) {
	b := t.bucket(key)
	for i := range b {
		d := b[i].data.Load()
		if b[i].key.Load()^d == key && d != 0 {
			return ttHit{
				move:  uint32(d & (1<<moveBits - 1)),
				score: int(int16(d >> scoreShift)),
				depth: int(uint8(d >> depthShift)),
				bound: int(d>>boundShift) & 3,
			}, true
		}
	}
	return ttHit{}, false
}

// store records a search of key. A move of 0 keeps the move the entry
// had for the same position.
func (t *table) store(key uint64, move uint32, score, depth, bound int) {
	b := t.bucket(key)
	depth = max(0, min(255, depth))
	slot := -1
	for i := range b {
		d := b[i].data.Load()
		if d != 0 && b[i].key.Load()^d == key {
			old := int(uint8(d >> depthShift))
			// Keep a deeper exact or bounded result of this search,
			// unless the new one is exact.
			if bound != boundExact && old > depth+2 && uint8(d>>genShift) == t.gen {
				return
			}
			if move == 0 {
				move = uint32(d & (1<<moveBits - 1))
			}
			slot = i
			break
		}
	}
	if slot < 0 {
		// The weakest of the depth-preferred entries, if the new search
		// is as deep; else the always-replace entry.
		weakest, worth := 0, 1<<30
		for i := 0; i < 3; i++ {
			d := b[i].data.Load()
			w := int(uint8(d>>depthShift)) - 8*int(t.gen-uint8(d>>genShift))
			if d == 0 {
				w = -1 << 20
			}
			if w < worth {
				weakest, worth = i, w
			}
		}
		slot = 3
		if depth >= worth {
			slot = weakest
		}
	}
	d := uint64(move) | uint64(uint16(int16(score)))<<scoreShift | uint64(depth)<<depthShift |
		uint64(bound)<<boundShift | uint64(t.gen)<<genShift
	b[slot].data.Store(d)
	b[slot].key.Store(key ^ d)
}

// packMove returns the move's entry in the table: its start, its end,
// a fingerprint of its captured set, and a bit that is never 0.
func packMove(m hexdame.Move) uint32 {
	fp := uint32((capturedSet(m) * 0x9E3779B97F4A7C15) >> 56)
	return uint32(m.From()) | uint32(m.To())<<6 | fp<<12 | 1<<20
}

// sameMoveEnds reports whether packed move pm has m's start and end, the
// quick test before packMove's fingerprint.
func sameMoveEnds(pm uint32, m hexdame.Move) bool {
	return pm&(1<<12-1) == uint32(m.From())|uint32(m.To())<<6
}

// The solver's entries share the table, under keys changed by solveSalt
// so that they never answer the search's lookups. An entry keeps the
// fewest plies known to win (in the score field, 0 for none) and the
// most plies known not to (in the move field); its depth, which decides
// what stays, is the greater of the two.
const solveSalt = 0x5EED5011E5EED501

// probeSolve returns what the table knows of the solver's position key.
func (t *table) probeSolve(key uint64) (win, fail int, ok bool) {
	h, ok := t.probe(key ^ solveSalt)
	if !ok {
		return 0, 0, false
	}
	return h.score, int(h.move), true
}

// storeSolve records that the attacker wins within d plies (win) or
// does not.
func (t *table) storeSolve(key uint64, d int, win bool) {
	w, f, _ := t.probeSolve(key)
	if win {
		if w == 0 || w > d {
			w = d
		}
	} else if f < d {
		f = d
	}
	t.store(key^solveSalt, uint32(f), w, max(w, f), boundExact)
}
