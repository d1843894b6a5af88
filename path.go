package hexdame

import "math/bits"

// This file holds the path search: the landing cells of a capture, for
// Position.Path, for move text written with landing cells, and for the
// text that tells apart captures with the same start and end.

// A pathMode says which capture paths a pathSearch looks for.
type pathMode uint8

const (
	pathAny     pathMode = iota // any path of the move
	pathExact                   // a path whose inner landing cells are exactly via
	pathTurns                   // a path that turns exactly at the cells via
	pathInOrder                 // a path whose inner landing cells include via, in order
)

// A pathSearch finds a capture path of a given move: the landing cell
// after each captured piece, jumping only the move's pieces and ending on
// its end cell. It tries directions in the order UpRight, UpLeft, Up,
// DownLeft, DownRight, Down and, for a king, the nearest landing cell
// first, and returns the first path that matches its mode.
//
// Like captureSearch, it is a search over states (the cell reached, the
// pieces captured, and how much of via has been matched), and once it has
// visited memoAfter of them it remembers the states from which no path
// matches, so that it never explores one twice.
type pathSearch struct {
	occ, target uint64
	// last holds the pieces of target that a last jump onto to can take:
	// a path that has captured them all before the end is dead.
	last uint64
	to   Cell
	king bool
	mode pathMode
	// via[:nvia] are the cells to match, path[:npath] the path so far (the
	// start cell, then the landings). Arrays rather than slices, so that
	// the caller's buffers stay on its stack.
	via   [maxMoveCells]Cell
	nvia  int
	path  [maxMoveCells + 1]Cell
	npath int
	nodes int
	limit int // states it may visit
	dead  *stateSet
}

// walk extends the path, which has reached cell at after capturing
// captured and matching via[:j], arriving along direction in (or
// NumDirections at the start), and reports whether it completed a path.
func (s *pathSearch) walk(at Cell, captured uint64, j int, in Direction) bool {
	if captured == s.target {
		return at == s.to && (s.mode == pathAny || j == s.nvia)
	}
	if s.last&^captured == 0 {
		return false
	}
	tag := uint16(j)<<3 | uint16(in)
	s.nodes++
	if s.nodes > s.limit {
		return false // past the limit: the search unwinds
	}
	if s.dead == nil && s.nodes > memoAfter {
		s.dead = getStateSet(true)
	}
	if s.dead != nil && s.dead.contains(at, captured, tag) {
		return false
	}
	for d := Direction(0); d < NumDirections; d++ {
		jt := j
		if s.mode == pathTurns && s.npath > 1 && d != in {
			// at is a turning cell: it must be the next of via.
			if jt == s.nvia || s.via[jt] != at {
				continue
			}
			jt++
		}
		ray := &rays[at][d]
		length := int(rayLen[at][d])
		k := 0
		for k < length && s.occ&bit(ray[k]) == 0 && s.king {
			k++
		}
		if k >= length-1 || (s.target&^captured)&bit(ray[k]) == 0 {
			continue
		}
		over := bit(ray[k])
		last := captured|over == s.target
		end := length // a king lands anywhere behind the piece, a man right behind it
		if !s.king {
			end = k + 2
		}
		for l := k + 1; l < end && s.occ&bit(ray[l]) == 0; l++ {
			land, jl := ray[l], jt
			if !last {
				switch s.mode {
				case pathExact:
					if jl == s.nvia || s.via[jl] != land {
						continue
					}
					jl++
				case pathInOrder:
					if jl < s.nvia && s.via[jl] == land {
						jl++
					}
				}
			}
			s.path[s.npath] = land
			s.npath++
			if s.walk(land, captured|over, jl, d) {
				return true
			}
			s.npath--
		}
	}
	if s.dead != nil {
		s.dead.insert(at, captured, tag)
	}
	return false
}

// lastJumps returns the pieces of target that a capture can take last,
// landing on cell to: along some line from to, the cells up to the piece
// are empty (a king; for a man the piece is adjacent) and the cell on the
// piece's other side exists and is empty.
func lastJumps(occ, target uint64, to Cell, king bool) uint64 {
	var out uint64
	for d := Direction(0); d < NumDirections; d++ {
		ray := &rays[to][d]
		length := int(rayLen[to][d])
		k := 0
		for k < length && occ&bit(ray[k]) == 0 && king {
			k++
		}
		if k < length-1 && target&bit(ray[k]) != 0 && occ&bit(ray[k+1]) == 0 {
			out |= bit(ray[k])
		}
	}
	return out
}

// findPath appends to dst the start cell and landing cells of the first
// capture path of m in p that matches mode and via, and reports whether
// there is one. m must be a legal capture of p. The search spends its
// states from work (nil for no limit), and past it reports no path.
func (p Position) findPath(dst []Cell, m Move, mode pathMode, via []Cell, work *workLimit) ([]Cell, bool) {
	if len(via) > maxMoveCells || bits.OnesCount64(m.captured) > maxMoveCells {
		return dst, false
	}
	s := pathSearch{
		occ:    p.occupied() &^ bit(m.from),
		target: m.captured,
		to:     m.to,
		king:   p.kings[0]&bit(m.from) != 0,
		mode:   mode,
		limit:  work.left(),
	}
	s.nvia = copy(s.via[:], via)
	s.path[0], s.npath = m.from, 1
	s.last = lastJumps(s.occ, m.captured, m.to, s.king)
	found := s.walk(m.from, 0, 0, NumDirections)
	if s.dead != nil {
		putStateSet(s.dead)
	}
	if searchHook != nil {
		searchHook(s.nodes)
	}
	if !work.spend(s.nodes) || !found {
		return dst, false
	}
	return append(dst, s.path[:s.npath]...), true
}
