package perft

import (
	"fmt"
	"runtime"
	"sync/atomic"

	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/internal/bigmem"
)

// A Cache is a cache of counts (a transposition table, in engine authors'
// words), made by NewCache and given to Count and Divide in Options. Its
// entries hold a position's count at one depth, so one cache serves any
// number of calls, depths and positions, from any number of goroutines.
//
// An entry is chosen by the position's Zobrist key (Position.Hash) and
// keeps, besides the count and the depth, a second 64-bit key of the
// position, computed another way; a count is reused only when both keys
// match. A wrong count thus needs two different positions to agree on
// 128 bits of key: about one chance in 2^64 per lookup.
type Cache struct {
	entries []entry
	mask    uint64
	mem     *bigmem.Block[entry] // holds the entries
}

// MaxCacheMiB is the size, in MiB, of the largest Cache.
const MaxCacheMiB = 1 << 14

// NewCache returns a cache of about mib MiB (rounded down to a power of
// two entries of 16 bytes); mib is at least 1 and at most MaxCacheMiB, and
// values outside are taken as those bounds. The memory is taken from the
// system as the cache fills, and given back when the cache is no longer
// reachable. When the system refuses the cache (its address space or its
// memory is short), NewCache returns the error (on Unix, wrapping
// syscall.ENOMEM); on systems without mmap the cache comes from Go's
// heap, and a program that cannot afford mib MiB must ask for less, as Go
// cannot recover from running out of memory.
//
// Bigger is not faster: the first touch of each page costs more than the
// subtrees it saves once the cache holds a good part of the tree's upper
// levels. From the start position, depth 9 took 4.5 s with 256 MiB and
// 20 s with 4096 MiB, depth 10 33 s with 1024 MiB and 57 s with 8192 MiB,
// on two cores.
func NewCache(mib int) (*Cache, error) {
	mib = min(max(1, mib), MaxCacheMiB)
	n := uint64(mib) << 20 / 16
	size := uint64(1)
	for size*2 <= n {
		size *= 2
	}
	mem, err := bigmem.New[entry](int(size))
	if err != nil {
		return nil, fmt.Errorf("a perft cache of %d MiB: %w", size*16>>20, err)
	}
	return &Cache{entries: mem.Values(), mask: size - 1, mem: mem}, nil
}

// An entry holds a count and its depth in data, and the second key xored
// with data in check, so that a torn write (data of one count, check of
// another) fails the check.
type entry struct {
	check, data atomic.Uint64
}

// depthBits is the width of the depth in an entry's data: depths up to
// 63; the count takes the other 58 bits.
const depthBits = 6

// A key is a position's two 64-bit keys: the Zobrist key that chooses the
// entry, and the second one the entry keeps.
type key struct{ h1, h2 uint64 }

// keyOf returns p's keys. The second mixes the position's bitboards with
// the finaliser of SplitMix64, independent of the Zobrist keys.
func keyOf(p *hexdame.Position) key {
	h := mix(uint64(p.Pieces(hexdame.White)) ^ 0x9e3779b97f4a7c15)
	h = mix(h ^ uint64(p.Pieces(hexdame.Red)))
	kings := uint64(p.Kings(hexdame.White) | p.Kings(hexdame.Red))
	h = mix(h ^ kings ^ uint64(p.SideToMove())<<63)
	return key{p.Hash(), h}
}

// mix is the finaliser of SplitMix64: a bijection of 64-bit words whose
// every output bit depends on every input bit.
func mix(z uint64) uint64 {
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// get returns the count of the position with key k at depth, and whether
// the cache has it.
func (t *Cache) get(k key, depth int) (uint64, bool) {
	e := &t.entries[k.h1&t.mask]
	data := e.data.Load()
	check := e.check.Load()
	runtime.KeepAlive(t) // t.mem holds the entries
	if check^data != k.h2 || int(data&(1<<depthBits-1)) != depth {
		return 0, false
	}
	return data >> depthBits, true
}

// put keeps the count n of the position with key k at depth, in place of
// what its entry held.
func (t *Cache) put(k key, depth int, n uint64) {
	if n >= 1<<(64-depthBits) {
		return // too large to keep
	}
	data := n<<depthBits | uint64(depth)
	e := &t.entries[k.h1&t.mask]
	e.data.Store(data)
	e.check.Store(k.h2 ^ data)
	runtime.KeepAlive(t)
}
