package hexdame

import (
	"math/bits"
	"sync"
)

// A stateSet remembers the states a capture search has explored, so that
// each is explored once however many paths lead to it. A state is the cell
// the capturing piece stands on, the set of pieces it has captured and a
// small tag (what kind of state it is, or a path matcher's progress).
//
// Capture sequences that reach the same state have the same continuations:
// the captured pieces stay on the board until the move ends, so the board
// a continuation sees depends only on the cell and the captured set. A
// search that meets a state again can skip it.
//
// The set is an open-addressing hash table that grows with the number of
// states. A set made with lossy true stops growing at maxStateSlots slots
// and then forgets old states to make room for new ones (a search using it
// stays correct, it only repeats some work), so its memory is bounded.
// Emptying a set is O(1): a slot belongs to the set only while its stamp
// is the set's.
type stateSet struct {
	slots []stateSlot
	shift uint // 64 - log2(len(slots)): a hash's top bits index the table
	stamp uint32
	count int
	lossy bool
}

type stateSlot struct {
	captured uint64
	stamp    uint32
	at       Cell
	tag      uint16
}

const (
	minStateSlots = 1 << 8
	maxStateSlots = 1 << 21 // 32 MiB of slots, for a lossy set
	maxProbes     = 8       // slots a full lossy set looks at before it evicts
)

// stateSets recycles the sets of finished searches.
var stateSets = sync.Pool{New: func() any { return new(stateSet) }}

// getStateSet returns an empty set from the pool; putStateSet gives it back.
func getStateSet(lossy bool) *stateSet {
	s := stateSets.Get().(*stateSet)
	s.reset()
	s.lossy = lossy
	return s
}

func putStateSet(s *stateSet) { stateSets.Put(s) }

// reset empties the set.
func (s *stateSet) reset() {
	s.count = 0
	s.stamp++
	if s.stamp == 0 {
		clear(s.slots)
		s.stamp = 1
	}
}

// slot returns the index where the search for a state starts: the top bits
// of a multiplicative hash, which depend on every bit of the key.
func (s *stateSet) slot(at Cell, captured uint64, tag uint16) uint64 {
	h := (captured ^ (uint64(at)<<16|uint64(tag))*0xC2B2AE3D27D4EB4F) * 0x9E3779B97F4A7C15
	return h >> s.shift
}

// insert adds the state and reports whether it was already in the set.
func (s *stateSet) insert(at Cell, captured uint64, tag uint16) (seen bool) {
	if 2*(s.count+1) > len(s.slots) {
		if s.lossy && len(s.slots) >= maxStateSlots {
			return s.replace(at, captured, tag)
		}
		s.grow()
	}
	mask := uint64(len(s.slots) - 1)
	for i := s.slot(at, captured, tag); ; i = (i + 1) & mask {
		e := &s.slots[i]
		if e.stamp != s.stamp {
			*e = stateSlot{captured: captured, stamp: s.stamp, at: at, tag: tag}
			s.count++
			return false
		}
		if e.captured == captured && e.at == at && e.tag == tag {
			return true
		}
	}
}

// replace is insert for a full lossy set: it looks at maxProbes slots and,
// when the state is not there, puts it in the first, forgetting what was
// there.
func (s *stateSet) replace(at Cell, captured uint64, tag uint16) (seen bool) {
	mask := uint64(len(s.slots) - 1)
	first := s.slot(at, captured, tag)
	for i, k := first, 0; k < maxProbes; i, k = (i+1)&mask, k+1 {
		e := &s.slots[i]
		if e.stamp == s.stamp && e.captured == captured && e.at == at && e.tag == tag {
			return true
		}
	}
	s.slots[first] = stateSlot{captured: captured, stamp: s.stamp, at: at, tag: tag}
	return false
}

// contains reports whether the state is in the set.
func (s *stateSet) contains(at Cell, captured uint64, tag uint16) bool {
	if len(s.slots) == 0 {
		return false
	}
	mask := uint64(len(s.slots) - 1)
	probes := len(s.slots)
	if s.lossy && len(s.slots) >= maxStateSlots {
		probes = maxProbes // replace may have broken longer chains
	}
	for i, k := s.slot(at, captured, tag), 0; k < probes; i, k = (i+1)&mask, k+1 {
		e := &s.slots[i]
		if e.stamp != s.stamp {
			return false
		}
		if e.captured == captured && e.at == at && e.tag == tag {
			return true
		}
	}
	return false
}

// grow doubles the table, keeping the states in it.
func (s *stateSet) grow() {
	old, stamp := s.slots, s.stamp
	size := max(minStateSlots, 2*len(old))
	s.slots = make([]stateSlot, size)
	s.shift = uint(64 - bits.TrailingZeros(uint(size)))
	s.count = 0
	s.stamp = 1
	for _, e := range old {
		if e.stamp == stamp {
			s.insert(e.at, e.captured, e.tag)
		}
	}
}
