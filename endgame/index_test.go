package endgame

import (
	"math/bits"
	"math/rand/v2"
	"os"
	"testing"
)

func TestSelectBit(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 1000 {
		s := r.Uint64()
		x := r.IntN(bits.OnesCount64(s) + 1)
		if x == bits.OnesCount64(s) {
			continue
		}
		want, t2 := -1, s
		for i := 0; i <= x; i++ {
			want = bits.TrailingZeros64(t2)
			t2 &= t2 - 1
		}
		if got := selectBit(s, x); got != want {
			t.Fatalf("selectBit(%#x, %d) = %d, want %d", s, x, got, want)
		}
	}
}

// Every index of every material of up to 3 pieces is a hole or the
// canonical orientation of a position, and every position's index gives
// it back or its mirror image.
func TestIndexRoundTrip(t *testing.T) {
	for _, m := range allOrdered(3) {
		ix := newIndexer(m)
		var positions uint64
		for i := uint64(0); i < ix.size; i++ {
			b, ok := ix.board(i)
			if !ok {
				continue
			}
			if b.material() != m {
				t.Fatalf("%v: index %d gives material %v", m, i, b.material())
			}
			j, ok := ix.index(&b)
			if !ok || j != i {
				t.Fatalf("%v: index %d gives a board whose index is %d, %v", m, i, j, ok)
			}
			mb := b.mirrored()
			if j, ok := ix.index(&mb); !ok || j != i {
				t.Fatalf("%v: the mirror image of index %d has index %d, %v", m, i, j, ok)
			}
			positions += 2
			if mb == b {
				positions--
			}
		}
		if want := countPositions(m); positions != want {
			t.Errorf("%v: the index holds %d positions, want %d", m, positions, want)
		}
	}
}

// allOrdered returns every valid ordered material of 2..n pieces.
func allOrdered(n int) []Material {
	var out []Material
	for _, c := range Materials(n) {
		out = append(out, c)
		if !c.IsSymmetric() {
			out = append(out, c.Swapped())
		}
	}
	return out
}

// countPositions counts the positions of m (White to move) by brute
// force over the men's cells: C(61 - men, kings) placements of the kings
// for every placement of the men.
func countPositions(m Material) uint64 {
	var count func(g int, occ uint64) uint64
	sizes := []int{m.WhiteMen, m.RedMen}
	count = func(g int, occ uint64) uint64 {
		if g == 2 {
			free := numCells - bits.OnesCount64(occ)
			return binom[free][m.WhiteKings] * binom[free-m.WhiteKings][m.RedKings]
		}
		var n uint64
		var rec func(k int, from int, occ uint64)
		rec = func(k int, from int, occ uint64) {
			if k == 0 {
				n += count(g+1, occ)
				return
			}
			for c := from; c < numCells; c++ {
				if manDomain[g]&(1<<c) != 0 && occ&(1<<c) == 0 {
					rec(k-1, c+1, occ|1<<c)
				}
			}
		}
		rec(sizes[g], 0, occ)
		return n
	}
	return count(0, 0)
}

// indexSize counts, without making the lead tables, the indexes and the
// lead table's bytes that newIndexer makes, for every ordered material up
// to 5 pieces (and, with HEXDAME_LONG, 6).
func TestIndexSize(t *testing.T) {
	pieces := 5
	if os.Getenv("HEXDAME_LONG") != "" {
		pieces = 6
	}
	for _, m := range allOrdered(pieces) {
		size, leadBytes := indexSize(m)
		ix := newIndexer(m)
		if want := uint64(4*len(ix.lead.canon) + 17*len(ix.lead.sets)); size != ix.size || leadBytes != want {
			t.Errorf("%v: indexSize = %d, %d bytes; newIndexer: %d, %d bytes", m, size, leadBytes, ix.size, want)
		}
	}
}
