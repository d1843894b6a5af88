package endgame

import (
	"math/bits"
	"sync"
)

// Indexing. A table of material X holds the positions of X with White to
// move (Red to move is the color-swapped table, see board.swapped). Its
// pieces fall into up to four groups, in this order: White's men (on the
// 52 cells off White's back row), Red's men (52 cells), White's kings and
// Red's kings (61 cells each). A group of k pieces on a domain of n cells
// is ranked as a k-subset in the combinatorial number system (colex):
// cells x1 < ... < xk of the domain, numbered 0..n-1, have rank
// C(x1,1) + C(x2,2) + ... + C(xk,k). A king group is ranked among the
// cells its domain leaves free of all earlier groups' pieces (their number
// is fixed), a men group in its whole domain (Red's men may then collide
// with White's: such indexes are holes).
//
// The first group, and the second when the first is a single piece (and
// the pair has at most 1<<22 raw ranks), form the lead. The mirror in the
// a1-i9 column maps the lead's configurations onto each other in pairs or
// onto themselves; only the configuration with the lower raw rank of each
// pair is kept (numbered densely in raw order). A position whose lead is
// its own mirror image is kept in the orientation whose rest (the other
// groups' mixed-radix rank) is lower; the other orientation's index is a
// hole. So every position and its mirror image have one index:
//
//	index = lead number × restSize + rest rank
//
// and the rest rank is Σ rank(group) × (product of the radixes of the
// later groups).

// binom[n][k] = C(n, k) for n <= 64, k <= MaxPieces.
var binom [65][MaxPieces + 1]uint64

func init() {
	for n := range binom {
		binom[n][0] = 1
		for k := 1; k <= MaxPieces && k <= n; k++ {
			binom[n][k] = binom[n-1][k-1] + binom[n-1][k]
		}
	}
}

// rankSet returns the colex rank of set s among the k-subsets of free
// (s must be a subset of free).
func rankSet(s, free uint64) uint64 {
	var r uint64
	for i := 1; s != 0; i++ {
		c := bits.TrailingZeros64(s)
		r += binom[bits.OnesCount64(free&(1<<c-1))][i]
		s &= s - 1
	}
	return r
}

// unrankSet returns the k-subset of free with colex rank r.
func unrankSet(r uint64, k int, free uint64) uint64 {
	var s uint64
	x := bits.OnesCount64(free)
	for i := k; i >= 1; i-- {
		x--
		for binom[x][i] > r {
			x--
		}
		r -= binom[x][i]
		s |= 1 << selectBit(free, x)
	}
	return s
}

// selectBit returns the index of the x-th (from 0) set bit of s.
func selectBit(s uint64, x int) int {
	off := 0
	if lo := bits.OnesCount32(uint32(s)); x >= lo {
		x -= lo
		s >>= 32
		off = 32
	}
	for ; x > 0; x-- {
		s &= s - 1
	}
	return off + bits.TrailingZeros64(s)
}

// A group is the pieces of one kind of a material, as the index sees them.
type group struct {
	color, king int // 0 White, 1 Red; 0 men, 1 kings
	size        int
	domain      uint64
	compact     bool   // ranked among the domain cells free of earlier groups
	radix       uint64 // number of ranks
	mult        uint64 // the rest rank's weight of this group (rest groups only)
}

func (g *group) set(b *board) uint64 {
	if g.king == 1 {
		return b.kings[g.color]
	}
	return b.men[g.color]
}

func (g *group) put(b *board, s uint64) {
	if g.king == 1 {
		b.kings[g.color] = s
	} else {
		b.men[g.color] = s
	}
}

// An indexer maps the positions of one material, White to move, to the
// numbers 0..size-1 and back.
type indexer struct {
	mat      Material
	groups   []group // the non-empty groups in index order
	nLead    int     // how many groups form the lead (1 or 2)
	lead     *leadTable
	restSize uint64
	size     uint64
}

// A leadTable numbers the configurations of a lead that are kept.
type leadTable struct {
	radixB uint64 // raw rank = rank A × radixB + rank B (radixB 1 for one group)
	// canon maps a raw rank to its lead number n as 2n+1 if the
	// configuration is its own mirror image, else 2n; or to leadMirror or
	// leadHole. (One array, so that index looks up one cache line.)
	canon []int32
	sets  [][2]uint64
	sym   []bool // the configuration is its own mirror image
}

const (
	leadMirror = -1 // the mirror image has the lower raw rank
	leadHole   = -2 // the two groups collide
)

type leadKey struct {
	domA, domB     uint64
	sizeA, sizeB   int
	compactB, twoG bool
}

var (
	leadMu    sync.Mutex
	leadCache = map[leadKey]*leadTable{}
)

func newIndexer(m Material) *indexer {
	ix := layout(m)
	ix.lead = leadFor(ix.groups[0], ix.groups[1], ix.nLead == 2)
	ix.size = uint64(len(ix.lead.sets)) * ix.restSize
	return ix
}

// layout returns m's indexer without its lead table (and so without its
// size): its groups, how many form the lead, and the rest's size.
func layout(m Material) *indexer {
	ix := &indexer{mat: m}
	kinds := []group{
		{color: 0, king: 0, size: m.WhiteMen, domain: manDomain[0]},
		{color: 1, king: 0, size: m.RedMen, domain: manDomain[1]},
		{color: 0, king: 1, size: m.WhiteKings, domain: allSet},
		{color: 1, king: 1, size: m.RedKings, domain: allSet},
	}
	before := 0
	for _, g := range kinds {
		if g.size == 0 {
			continue
		}
		n := bits.OnesCount64(g.domain)
		if g.king == 1 && len(ix.groups) > 0 {
			g.compact = true
			n -= before
		}
		g.radix = binom[n][g.size]
		ix.groups = append(ix.groups, g)
		before += g.size
	}
	ix.nLead = 1
	if ix.groups[0].size == 1 && ix.groups[0].radix*ix.groups[1].radix <= 1<<22 {
		ix.nLead = 2
	}
	ix.restSize = 1
	for i := len(ix.groups) - 1; i >= ix.nLead; i-- {
		ix.groups[i].mult = ix.restSize
		ix.restSize *= ix.groups[i].radix
	}
	return ix
}

// indexSize returns the number of indexes of material m (White to move),
// and the bytes of its lead table, counted without making them: the lead
// table of a large material (7 men of a side: 1.6 GB) is costly to make,
// and its size is needed before (see BuildMemory).
func indexSize(m Material) (size, leadBytes uint64) {
	ix := layout(m)
	a, b := ix.groups[0], ix.groups[1]
	raw, kept := a.radix, orbits(a.domain, a.size)
	if ix.nLead == 2 {
		// A lone piece of A on x, and B's pieces on the cells of B's
		// domain but x: the configurations whose pieces do not collide,
		// in pairs under the mirror, but for those with x on the mirror's
		// axis and B's pieces symmetric.
		raw *= b.radix
		var all, fixed uint64
		for s := a.domain; s != 0; s &= s - 1 {
			x := bits.TrailingZeros64(s)
			free := b.domain &^ (1 << x)
			all += binom[bits.OnesCount64(free)][b.size]
			if int(mirrorOf[x]) == x {
				fixed += symmetricSets(free, b.size)
			}
		}
		kept = (all + fixed) / 2
	}
	// canon: 4 bytes a raw rank; sets and sym: 17 bytes a kept one.
	return kept * ix.restSize, 4*raw + 17*kept
}

// orbits returns the number of k-subsets of domain (which the mirror maps
// onto itself) up to the mirror: each pair of mirror images once, and
// each set that is its own mirror image.
func orbits(domain uint64, k int) uint64 {
	return (binom[bits.OnesCount64(domain)][k] + symmetricSets(domain, k)) / 2
}

// symmetricSets returns the number of k-subsets of domain (which the
// mirror maps onto itself) that are their own mirror image: j pairs of
// mirror cells and k-2j cells on the mirror's axis.
func symmetricSets(domain uint64, k int) uint64 {
	var pairs, axis int
	for s := domain; s != 0; s &= s - 1 {
		c := bits.TrailingZeros64(s)
		switch m := int(mirrorOf[c]); {
		case m == c:
			axis++
		case m > c:
			pairs++
		}
	}
	var n uint64
	for j := 0; 2*j <= k; j++ {
		if j <= pairs && k-2*j <= axis {
			n += binom[pairs][j] * binom[axis][k-2*j]
		}
	}
	return n
}

func leadFor(a, b group, two bool) *leadTable {
	key := leadKey{domA: a.domain, sizeA: a.size}
	if two {
		key = leadKey{a.domain, b.domain, a.size, b.size, b.compact, true}
	}
	leadMu.Lock()
	defer leadMu.Unlock()
	if t := leadCache[key]; t != nil {
		return t
	}
	t := &leadTable{radixB: 1}
	if two {
		t.radixB = b.radix
	}
	raw := func(sa, sb uint64) uint64 {
		r := rankSet(sa, a.domain) * t.radixB
		if two {
			free := b.domain
			if b.compact {
				free &^= sa
			}
			r += rankSet(sb, free)
		}
		return r
	}
	t.canon = make([]int32, a.radix*t.radixB)
	for ra := uint64(0); ra < a.radix; ra++ {
		sa := unrankSet(ra, a.size, a.domain)
		for rb := uint64(0); rb < t.radixB; rb++ {
			r := ra*t.radixB + rb
			var sb uint64
			if two {
				free := b.domain
				if b.compact {
					free &^= sa
				}
				sb = unrankSet(rb, b.size, free)
				if sa&sb != 0 {
					t.canon[r] = leadHole
					continue
				}
			}
			rm := raw(mapSet(sa, &mirrorOf), mapSet(sb, &mirrorOf))
			if rm < r {
				t.canon[r] = leadMirror
				continue
			}
			t.canon[r] = int32(2 * len(t.sets))
			if rm == r {
				t.canon[r]++
			}
			t.sets = append(t.sets, [2]uint64{sa, sb})
			t.sym = append(t.sym, rm == r)
		}
	}
	leadCache[key] = t
	return t
}

// restRank returns the rank of b's groups after the lead. ok is false
// when a piece stands outside its group's domain or on an earlier piece.
func (ix *indexer) restRank(b *board) (r uint64, ok bool) {
	var occ uint64
	for i := 0; i < ix.nLead; i++ {
		occ |= ix.groups[i].set(b)
	}
	for i := ix.nLead; i < len(ix.groups); i++ {
		g := &ix.groups[i]
		s := g.set(b)
		free := g.domain &^ occ
		if s&^free != 0 {
			return 0, false
		}
		if !g.compact {
			free = g.domain
		}
		r += rankSet(s, free) * g.mult
		occ |= s
	}
	return r, true
}

// index returns the index of board b, a position of the indexer's
// material with White to move. ok is false only for a board that is not
// one (pieces outside their domain or sharing a cell).
//
// The lead configuration kept of b and its mirror image is the one with
// the lower raw rank: both ranks are computed, and the table is looked up
// once.
func (ix *indexer) index(b *board) (uint64, bool) {
	a := &ix.groups[0]
	sa := a.set(b)
	sam := mapSet(sa, &mirrorOf)
	if sa&^a.domain != 0 {
		return 0, false
	}
	raw := rankSet(sa, a.domain) * ix.lead.radixB
	rawM := rankSet(sam, a.domain) * ix.lead.radixB
	if ix.nLead == 2 {
		g := &ix.groups[1]
		sb := g.set(b)
		free, freeM := g.domain, g.domain
		if g.compact {
			free &^= sa
			freeM &^= sam
		}
		if sb&^free != 0 {
			return 0, false
		}
		raw += rankSet(sb, free)
		rawM += rankSet(mapSet(sb, &mirrorOf), freeM)
	}
	if rawM < raw {
		raw = rawM
		m := b.mirrored()
		b = &m
	}
	e := ix.lead.canon[raw]
	if e < 0 {
		return 0, false
	}
	c := uint64(e >> 1)
	r, ok := ix.restRank(b)
	if !ok {
		return 0, false
	}
	if e&1 != 0 {
		m := b.mirrored()
		rm, _ := ix.restRank(&m)
		r = min(r, rm)
	}
	return c*ix.restSize + r, true
}

// board returns the position with index i. ok is false for a hole: an
// index that names no position, or one kept under its mirror image's
// index.
func (ix *indexer) board(i uint64) (b board, ok bool) {
	if i >= ix.size {
		return b, false
	}
	c, rest := i/ix.restSize, i%ix.restSize
	ls := &ix.lead.sets[c]
	ix.groups[0].put(&b, ls[0])
	occ := ls[0]
	if ix.nLead == 2 {
		ix.groups[1].put(&b, ls[1])
		occ |= ls[1]
	}
	for j := ix.nLead; j < len(ix.groups); j++ {
		g := &ix.groups[j]
		free := g.domain
		if g.compact {
			free &^= occ
		}
		s := unrankSet(rest/g.mult%g.radix, g.size, free)
		if s&occ != 0 {
			return b, false
		}
		g.put(&b, s)
		occ |= s
	}
	if ix.lead.sym[c] {
		m := b.mirrored()
		if rm, _ := ix.restRank(&m); rm < rest {
			return b, false
		}
	}
	return b, true
}
