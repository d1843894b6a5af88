package perft

import (
	"errors"
	"math"
	"runtime"
	"syscall"
	"testing"

	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/internal/aslimit"
)

// The counts from the start position, which RULES.md lists and
// independent implementations agree on.
func TestCountStart(t *testing.T) {
	want := []uint64{1, 15, 211, 3337, 51589, 848774}
	if testing.Short() {
		want = want[:5]
	}
	for depth, n := range want {
		if got := Count(hexdame.StartPosition(), depth, Options{}); got != n {
			t.Errorf("Count(start, %d) = %d, want %d", depth, got, n)
		}
	}
	if got := Count(hexdame.StartPosition(), 4, Options{Workers: 3}); got != want[4] {
		t.Errorf("Count(start, 4) on 3 workers = %d, want %d", got, want[4])
	}
	var sum uint64
	div := Divide(hexdame.StartPosition(), 3, Options{})
	for _, c := range div {
		sum += c.Nodes
	}
	if len(div) != 15 || sum != 3337 {
		t.Errorf("Divide(start, 3): %d moves, %d nodes", len(div), sum)
	}
}

// plain counts leaves by playing every move with Play, with no bulk
// counting and no shortcut.
func plain(p hexdame.Position, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var n uint64
	for _, m := range p.LegalMoves() {
		next, err := p.Play(m)
		if err != nil {
			panic(err)
		}
		n += plain(next, depth-1)
	}
	return n
}

// Count's bulk counting of the last level and its unchecked play agree
// with a plain count, in positions of every kind.
func TestCountMatchesPlain(t *testing.T) {
	for _, tp := range testPositions {
		p := hexdame.MustParseFEN(tp.fen)
		for depth := 1; depth <= 3; depth++ {
			if got, want := Count(p, depth, Options{}), plain(p, depth); got != want {
				t.Errorf("%s: Count(%d) = %d, plain = %d", tp.name, depth, got, want)
			}
		}
	}
}

// newCache returns a cache of mib MiB, or ends the test.
func newCache(t *testing.T, mib int) *Cache {
	t.Helper()
	c, err := NewCache(mib)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// Count gives the same counts with any number of workers and with or
// without a cache, and Divide's counts add up to it.
func TestOptionsAgree(t *testing.T) {
	shared := newCache(t, 2) // used by every position and depth
	for _, tp := range testPositions {
		p := hexdame.MustParseFEN(tp.fen)
		for depth := 1; depth <= 4; depth++ {
			want := Count(p, depth, Options{})
			for _, o := range []Options{{Workers: 2}, {Workers: 3, Cache: newCache(t, 1)}, {Cache: newCache(t, 1)}, {Workers: 1, Cache: shared}} {
				if got := Count(p, depth, o); got != want {
					t.Errorf("%s: Count(%d, %+v) = %d, want %d", tp.name, depth, o, got, want)
				}
				var sum uint64
				for _, c := range Divide(p, depth, o) {
					sum += c.Nodes
				}
				if sum != want {
					t.Errorf("%s: Divide(%d, %+v) sums to %d, want %d", tp.name, depth, o, sum, want)
				}
			}
		}
	}
}

// Divide lists the legal moves in the order LegalMoves gives them.
func TestDivideOrder(t *testing.T) {
	p := hexdame.MustParseFEN(testPositions[1].fen)
	moves := p.LegalMoves()
	div := Divide(p, 2, Options{Workers: 2})
	if len(div) != len(moves) {
		t.Fatalf("Divide gives %d moves, LegalMoves %d", len(div), len(moves))
	}
	for i, c := range div {
		next, _ := p.Play(c.Move)
		if c.Move != moves[i] || c.Nodes != uint64(len(next.LegalMoves())) {
			t.Errorf("Divide[%d] = %v %d, want %v %d", i, c.Move, c.Nodes, moves[i], len(next.LegalMoves()))
		}
	}
}

// Depths out of range give nothing, and take no time, whatever the
// position and the workers.
func TestDepthLimits(t *testing.T) {
	if n := Count(hexdame.StartPosition(), math.MaxInt, Options{}); n != 0 {
		t.Errorf("Count(start, MaxInt) = %d", n)
	}
	if n := Count(hexdame.Position{}, 1<<30, Options{}); n != 0 {
		t.Errorf("Count(empty, 1<<30) = %d", n)
	}
	if n := Count(hexdame.StartPosition(), math.MaxInt, Options{Workers: 2}); n != 0 {
		t.Errorf("Count(start, MaxInt) on 2 workers = %d", n)
	}
	if n := Count(hexdame.StartPosition(), -1, Options{}); n != 0 {
		t.Errorf("Count(start, -1) = %d", n)
	}
	if d := Divide(hexdame.StartPosition(), MaxDepth+1, Options{}); d != nil {
		t.Errorf("Divide beyond the maximum: %v", d)
	}
	if d := Divide(hexdame.StartPosition(), 0, Options{}); d != nil {
		t.Errorf("Divide at depth 0: %v", d)
	}
	// The empty board: White, to move, has no move, at any depth.
	if n := Count(hexdame.Position{}, MaxDepth, Options{}); n != 0 {
		t.Errorf("Count(empty, MaxDepth) = %d", n)
	}
}

// A million workers are MaxWorkers: the count stays right and its memory
// bounded.
func TestManyWorkers(t *testing.T) {
	if got := (Options{Workers: 1_000_000}).normal().Workers; got != MaxWorkers {
		t.Errorf("a million workers normalise to %d", got)
	}
	p := hexdame.StartPosition()
	if got, want := Count(p, 3, Options{Workers: 1_000_000}), Count(p, 3, Options{}); got != want {
		t.Errorf("Count with a million workers = %d, want %d", got, want)
	}
}

// A zero Cache is no cache: it neither breaks the count on one worker nor
// on several.
func TestZeroCache(t *testing.T) {
	p := hexdame.StartPosition()
	want := Count(p, 4, Options{})
	for _, workers := range []int{1, 3} {
		o := Options{Workers: workers, Cache: &Cache{}}
		if got := Count(p, 4, o); got != want {
			t.Errorf("Count with a zero cache and %d workers = %d, want %d", workers, got, want)
		}
		var sum uint64
		for _, c := range Divide(p, 4, o) {
			sum += c.Nodes
		}
		if sum != want {
			t.Errorf("Divide with a zero cache and %d workers sums to %d, want %d", workers, sum, want)
		}
	}
}

// With 512 MiB of address space to spare, a cache of 2 GiB is an error
// (ENOMEM), not the end of the program, and a small one still works.
func TestCacheUnderAddressLimit(t *testing.T) {
	if !aslimit.Child(t, 512<<20) {
		return
	}
	if c, err := NewCache(2048); c != nil || !errors.Is(err, syscall.ENOMEM) {
		t.Errorf("NewCache(2048): %v, %v; want ENOMEM", c, err)
	}
	if n := Count(hexdame.StartPosition(), 4, Options{Cache: newCache(t, 16), Workers: 2}); n != 51589 {
		t.Errorf("Count(4) with a cache: %d, want 51589", n)
	}
}

// A copy of a Cache keeps its memory when the original is gone.
func TestCacheCopy(t *testing.T) {
	c := newCache(t, 1)
	copied := *c
	c = nil
	for range 5 {
		runtime.GC()
	}
	if n := Count(hexdame.StartPosition(), 4, Options{Cache: &copied, Workers: 2}); n != 51589 {
		t.Errorf("Count(4) with the copy of a cache: %d, want 51589", n)
	}
}

// The two keys of an entry are independent: positions that share a
// Zobrist key's low bits (an entry) still differ in the second key.
func TestKeysDiffer(t *testing.T) {
	seen := map[uint64]hexdame.Position{}
	for _, tp := range testPositions {
		p := hexdame.MustParseFEN(tp.fen)
		for _, m := range p.LegalMoves() {
			q := p.PlayUnchecked(m)
			k := keyOf(&q)
			if k.h2 == k.h1 {
				t.Errorf("%v: both keys are %#x", q, k.h1)
			}
			if o, ok := seen[k.h2]; ok && o != q {
				t.Errorf("%v and %v share the second key %#x", o, q, k.h2)
			}
			seen[k.h2] = q
		}
	}
}

// On one goroutine without a cache, counting does not allocate once the
// pool holds a worker.
func TestCountDoesNotAllocate(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	p := hexdame.MustParseFEN(testPositions[1].fen)
	Count(p, 3, Options{})
	if n := testing.AllocsPerRun(5, func() { Count(p, 3, Options{}) }); n > 0 {
		t.Errorf("Count allocates %v times a call", n)
	}
}
