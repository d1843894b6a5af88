package hexdame

import (
	"math"
	"math/bits"
	"sync"
)

// This file holds the capture search, which follows one piece cell by
// cell and finds the legal captures of a position.

// A captureSearch explores every capture sequence of the side to move and
// keeps, in dst[start:], the distinct moves that capture the most pieces.
//
// During a sequence the captured pieces stay on the board (they block, and
// cannot be jumped again) and only the capturing piece has left its start
// cell, so occ is the occupancy without the capturing piece throughout.
//
// The search is a depth-first search over states: the cell the piece has
// reached and the set of pieces it has captured. Many sequences can lead
// to one state (a king chooses among landing cells, a man can take a ring
// of pieces either way round), and a state's continuations depend on
// nothing else, so once a search has visited more than memoAfter states it
// remembers them in a stateSet and explores each only once. It also skips
// a state from which even capturing every remaining capturable piece would
// not reach the longest capture already found.
//
// The moves go into a slice passed down and returned by each call, never
// stored in the search itself, so that a caller's buffer on the stack stays
// there.
type captureSearch struct {
	start int    // where this search's moves begin in dst
	best  int    // captures made by the moves in dst[start:]
	occ   uint64 // occupied cells, less the capturing piece
	enemy uint64 // the opponent's pieces
	// capturable holds the enemy pieces that may still be captured: all of
	// them at first, and once the search is large, only those with empty
	// cells on both sides along some line.
	capturable uint64
	// axisOcc holds occ, and axisEnemy the opponent's pieces, in the
	// numbering of each axis.
	axisOcc, axisEnemy [numAxes]uint64
	from               Cell // the capturing piece's start cell
	nodes              int  // states visited
	limit              int  // states it may visit
	// memo holds the states explored from the current piece, once the
	// search has visited memoAfter states; finals holds the moves found
	// since then, so that each is added once.
	memo, finals *stateSet
	// For a king: axisFree holds the enemy pieces not yet captured in the
	// numbering of each axis, and fills the masks that find, along each
	// axis, the cells from which a king can capture (see captureFrom).
	axisFree [numAxes]uint64
	fills    [numAxes][2]captureFill
	// rec, when not nil, records the path of each move found.
	rec *pathRecorder
}

// A pathRecorder keeps the path of each move a capture search finds, one
// for each of the search's moves and in their order. Recorders are
// recycled through a pool, so that a search records without allocating
// and the caller's buffer never flows into one (which would move a buffer
// on the caller's stack to the heap).
type pathRecorder struct {
	// land[k] is where the sequence being explored stands after its k-th
	// capture.
	land  [64]Cell
	paths []MovePath
}

var pathRecorders = sync.Pool{New: func() any { return new(pathRecorder) }}

// maxPooledPaths bounds the paths a recycled recorder keeps room for.
const maxPooledPaths = 1 << 10

// getPathRecorder returns an empty recorder from the pool;
// putPathRecorder gives it back.
func getPathRecorder() *pathRecorder {
	rec := pathRecorders.Get().(*pathRecorder)
	rec.paths = rec.paths[:0]
	return rec
}

func putPathRecorder(rec *pathRecorder) {
	if cap(rec.paths) <= maxPooledPaths {
		pathRecorders.Put(rec)
	}
}

// land notes, when the search records paths, that the sequence being
// explored stands on cell at after its n-th capture.
func (s *captureSearch) land(n int, at Cell) {
	if s.rec != nil {
		s.rec.land[n&63] = at
	}
}

// record appends the path of m, the move just found, which ends the
// sequence being explored after its n-th capture.
func (r *pathRecorder) record(m Move, n int) {
	mp := MovePath{Move: m, n: uint8(n + 1)}
	mp.cells[0] = m.from
	copy(mp.cells[1:n], r.land[1:n])
	mp.cells[n] = m.to
	r.paths = append(r.paths, mp)
}

// A captureFill holds, for one axis and one sense along it, the masks that
// captureFrom fills with: the cells whose next cell in that sense is empty
// (a piece there can be jumped), and the empty cells whose next 1, 2 and 4
// cells in that sense are empty too, on the same line.
type captureFill struct {
	jumpable, empty1, empty2, empty4 uint64
}

// memoAfter is the number of states a capture search visits before it
// starts remembering them. Most captures visit a handful; remembering
// costs more than it saves until a search branches widely.
const memoAfter = 48

// appendCaptures appends the legal captures of the side to move (none when
// there is no capture).
func (p *Position) appendCaptures(dst []Move) []Move {
	return p.appendCapturesFrom(dst, p.capturers())
}

// appendCapturesFrom appends the legal captures of the side to move, given
// the pieces that can capture.
func (p *Position) appendCapturesFrom(dst []Move, capturers uint64) []Move {
	dst, _ = p.searchCaptures(dst, capturers, nil, math.MaxInt)
	return dst
}

// searchCaptures appends the legal captures of the side to move, given the
// pieces that can capture, and returns them with the number of states the
// search visited. When rec is not nil it records their paths. A search
// that would visit more than limit states stops soon after (the moves it
// returns are then incomplete, and the states more than limit).
func (p *Position) searchCaptures(dst []Move, capturers uint64, rec *pathRecorder, limit int) ([]Move, int) {
	s := captureSearch{start: len(dst), enemy: p.pieces[0][p.side^1], rec: rec, limit: limit}
	s.capturable = s.enemy
	dst = s.run(p, dst, capturers)
	if s.memo != nil {
		putStateSet(s.memo)
		putStateSet(s.finals)
	}
	if searchHook != nil {
		searchHook(s.nodes)
	}
	return dst, s.nodes
}

// searchHook, when set (by tests), is told the number of states each
// capture search and path search visited.
var searchHook func(nodes int)

// run searches the captures of each of the pieces.
func (s *captureSearch) run(p *Position, dst []Move, pieces uint64) []Move {
	for pieces != 0 {
		c := Cell(popLowest(&pieces))
		s.from = c
		s.occ = p.occupied() &^ bit(c)
		if s.memo != nil {
			s.memo.reset()
			s.finals.reset()
			s.capturable = capturable(s.occ, s.enemy)
		}
		if p.kings[0]&bit(c) != 0 {
			for a := range s.axisOcc {
				occ := (p.pieces[a][White] | p.pieces[a][Red]) &^ cellBits[c][a]
				s.axisOcc[a] = occ
				s.axisEnemy[a] = p.pieces[a][p.side^1]
				s.axisFree[a] = s.axisEnemy[a]
				empty := allCells &^ occ
				up, down := empty&hasStep[a][0], empty&hasStep[a][1]
				up2, down2 := up&(up>>1), down&(down<<1)
				s.fills[a] = [2]captureFill{
					{empty >> 1 & hasStep[a][0], up, up2, up2 & (up2 >> 2)},
					{empty << 1 & hasStep[a][1], down, down2, down2 & (down2 << 2)},
				}
			}
			dst = s.king(dst, c)
		} else {
			dst = s.man(dst, c, 0, 0)
		}
	}
	return dst
}

// capturable returns the enemy pieces that have an empty cell on each side
// along some line: the only pieces any capture can take.
func capturable(occ, enemy uint64) uint64 {
	var out uint64
	for e := enemy; e != 0; {
		c := popLowest(&e)
		for d := Direction(0); d < 3; d++ {
			a, b := neighbor[c][d], neighbor[c][d+3]
			if a != NoCell && b != NoCell && occ&(bit(a)|bit(b)) == 0 {
				out |= 1 << c
				break
			}
		}
	}
	return out
}

// Tags of the states a captureSearch remembers: a man or a king on a
// cell, and a king that may stand on any cell of a run along one of the
// axes (tagRun+axis).
const (
	tagCell = 0
	tagRun  = 1 // 1, 2, 3 for axes 0, 1, 2
)

// explore counts a visit to a state and reports whether to explore it: not
// if it was explored before, nor if it cannot lead to a capture as long as
// the longest found.
func (s *captureSearch) explore(dst []Move, at Cell, captured uint64, tag uint16, n int) bool {
	s.nodes++
	if n+bits.OnesCount64(s.capturable&^captured) < s.best {
		return false
	}
	if s.memo == nil {
		if s.nodes <= memoAfter {
			return true
		}
		s.startMemo(dst)
	}
	if s.nodes > s.limit {
		return false // past the limit: the search unwinds
	}
	return !s.memo.insert(at, captured, tag)
}

// startMemo starts remembering states. The moves this piece has already
// found go into finals, so that they are not added again.
func (s *captureSearch) startMemo(dst []Move) {
	s.memo, s.finals = getStateSet(true), getStateSet(false)
	s.capturable = capturable(s.occ, s.enemy)
	for _, m := range dst[s.start:] {
		if m.from == s.from {
			s.finals.insert(m.to, m.captured, 0)
		}
	}
}

// man extends a man's capture sequence that has reached cell at after
// capturing the pieces in captured (n of them). A state with no jump is
// final and is not remembered: finding that out again costs less than
// remembering it.
func (s *captureSearch) man(dst []Move, at Cell, captured uint64, n int) []Move {
	s.land(n, at)
	var jumps uint8 // bit d: the man can jump along direction d
	free := s.enemy &^ captured
	for d := Direction(0); d < NumDirections; d++ {
		if over := neighbor[at][d]; over != NoCell && free&bit(over) != 0 {
			if land := neighbor[over][d]; land != NoCell && s.occ&bit(land) == 0 {
				jumps |= 1 << d
			}
		}
	}
	if jumps == 0 {
		s.nodes++
		if n > 0 {
			dst = s.add(dst, 0, bit(at), captured, n)
		}
		return dst
	}
	if !s.explore(dst, at, captured, tagCell, n) {
		return dst
	}
	for d := Direction(0); d < NumDirections; d++ {
		if jumps&(1<<d) != 0 {
			over := neighbor[at][d]
			dst = s.man(dst, neighbor[over][d], captured|bit(over), n+1)
		}
	}
	return dst
}

// A king's capture search works on runs: after jumping a piece along a
// line, a king may land on any empty cell behind it up to the next piece,
// and where it lands matters only for the lines that cross there. Along
// the line it arrived on, every cell of the run sees the same pieces: the
// one just captured (which cannot be jumped again) at one end and the next
// piece at the other. So the search's state after a jump is the whole run
// and the captured set; from it the king may go on along the line past
// the piece at either end, or turn at any cell of the run onto a crossing
// line. It may stop only on a cell of the run from which no capture is
// possible at all.

// king searches the captures of the king that stands on cell from. It
// tries the directions in the order UpRight, UpLeft, Up, DownLeft,
// DownRight, Down (see kingRun for why the order matters).
func (s *captureSearch) king(dst []Move, from Cell) []Move {
	if !s.explore(dst, from, 0, tagCell, 0) {
		return dst
	}
	for _, backward := range [2]bool{false, true} {
		for a := 0; a < numAxes; a++ { // direction a, or a+3 backward
			if rayMask[a][b2i(backward)][from]&s.axisEnemy[a] == 0 {
				continue // no enemy piece that way
			}
			if over, run := s.jumpFrom(from, a, backward, 0); run != 0 {
				s.flip(over)
				dst = s.kingRun(dst, a, backward, run, bit(over), 1)
				s.flip(over)
			}
		}
	}
	return dst
}

// flip marks the piece on c captured in axisFree, or no longer captured
// when it was.
func (s *captureSearch) flip(c Cell) {
	for a := range s.axisFree {
		s.axisFree[a] ^= cellBits[c][a]
	}
}

// captureFrom returns, in the numbering of axis a, the cells from which a
// king can capture along a: those from which the first piece along the
// line, in either sense, is a free enemy piece with an empty cell right
// behind it. It works on all lines of the axis at once, filling from each
// such piece back over the empty cells before it (at most seven).
func (s *captureSearch) captureFrom(a int) uint64 {
	f := &s.fills[a]
	free := s.axisFree[a]
	up := free & f[0].jumpable
	up |= f[0].empty1 & (up >> 1)
	up |= f[0].empty2 & (up >> 2)
	up |= f[0].empty4 & (up >> 4)
	down := free & f[1].jumpable
	down |= f[1].empty1 & (down << 1)
	down |= f[1].empty2 & (down << 2)
	down |= f[1].empty4 & (down << 4)
	return up>>1&hasStep[a][0] | down<<1&hasStep[a][1]
}

// jumpFrom returns the capture the king can start from cell at along axis
// a, forward (towards higher indexes in a's numbering) or backward, having
// captured the pieces in captured: the first piece it meets, if that is an
// enemy piece not yet captured, and the run of empty cells behind it (in
// a's numbering), or an empty run. It does not recurse, so that the
// search's recursion stays in kingRun alone: the compiler then keeps the
// caller's move buffer on its stack.
func (s *captureSearch) jumpFrom(at Cell, a int, backward bool, captured uint64) (over Cell, run uint64) {
	var i int // the first piece's index in a's numbering
	if !backward {
		blk := rayMask[a][0][at] & s.axisOcc[a]
		if blk == 0 {
			return NoCell, 0
		}
		i = bits.TrailingZeros64(blk)
	} else {
		blk := rayMask[a][1][at] & s.axisOcc[a]
		if blk == 0 {
			return NoCell, 0
		}
		i = 63 - bits.LeadingZeros64(blk)
	}
	over = axisCell[a][i&63]
	if s.enemy&^captured&bit(over) == 0 {
		return NoCell, 0
	}
	return over, s.runBeyond(a, i, backward)
}

// runBeyond returns, in the numbering of axis a, the empty cells right
// behind the piece at index i of that numbering, seen forward (towards
// higher indexes) or backward, up to the next piece or the edge.
func (s *captureSearch) runBeyond(a, i int, backward bool) uint64 {
	occ := s.axisOcc[a]
	c := axisCell[a][i&63]
	if !backward {
		ray := rayMask[a][0][c]
		if next := ray & occ; next != 0 {
			ray &= next&-next - 1
		}
		return ray
	}
	ray := rayMask[a][1][c]
	if next := ray & occ; next != 0 {
		ray &^= 2<<(63-bits.LeadingZeros64(next)) - 1
	}
	return ray
}

// kingRun explores a king that has just captured its n-th piece (captured
// holds them all) and may stand on any cell of run, a run of empty cells
// along axis a given in that axis's numbering, having jumped along a
// towards lower indexes (backward) or higher ones.
//
// The search goes through the capture sequences in the order of their
// paths (the landing cells, see Position.Path): by the cells of the run
// nearest the piece just captured first, and from each cell by the
// directions in the order UpRight, UpLeft, Up, DownLeft, DownRight, Down.
// Going on along the line from any cell of the run leads to the same
// state, so it is explored once, from the nearest cell, in its place
// among that cell's directions. A state met again was met first on a
// path that comes before, so the first path found to each move is its
// first path in that order: the one Path gives.
func (s *captureSearch) kingRun(dst []Move, a int, backward bool, run uint64, captured uint64, n int) []Move {
	lo, hi := bits.TrailingZeros64(run), 63-bits.LeadingZeros64(run)
	// Along the line: past the piece at the far end of the run (at the
	// near end is the piece just captured). The run is maximal, so a
	// neighbor of an end cell on the line is a piece. near is the run's
	// cell next to the piece just captured, edge the one at the other end
	// and far the piece beyond it.
	near, edge, far := lo, hi, hi+1
	if backward {
		near, edge, far = hi, lo, lo-1
	}
	var along uint64 // the run beyond that piece
	if hasStep[a][b2i(backward)]&(1<<edge) != 0 && s.enemy&^captured&bit(axisCell[a][far&63]) != 0 {
		along = s.runBeyond(a, far, backward)
	}
	// Turning onto a crossing line: the jumps the king can start from the
	// cells of the run. A state that goes on along the line is not final
	// whatever the turns, so it is looked up first, and a state met before
	// costs no search for them.
	if along != 0 && !s.explore(dst, axisCell[a][lo&63], captured, tagRun+uint16(a), n) {
		return dst
	}
	// Whether it can turn anywhere is found for the whole run at once,
	// on both crossing axes; the jumps only where it can.
	b, c := crossing[a][0], crossing[a][1]
	turn := [2]uint64{
		(runPrefix[a][b][hi+1] ^ runPrefix[a][b][lo]) & s.captureFrom(b),
		(runPrefix[a][c][hi+1] ^ runPrefix[a][c][lo]) & s.captureFrom(c),
	}
	var turns uint64 // the cells where it can turn, in a's numbering
	for t := turn[0]; t != 0; {
		turns |= cellBits[axisCell[b][popLowest(&t)]][a]
	}
	for t := turn[1]; t != 0; {
		turns |= cellBits[axisCell[c][popLowest(&t)]][a]
	}
	if along == 0 {
		if turns == 0 {
			// Final: the king stops on any cell of the run.
			s.nodes++
			return s.add(dst, a, run, captured, n)
		}
		if !s.explore(dst, axisCell[a][lo&63], captured, tagRun+uint16(a), n) {
			return dst
		}
	}
	// The cell nearest the piece just captured comes first, and there the
	// king also goes on along the line, in that direction's place among
	// the turns (see kingJumps).
	cells := turns
	if along != 0 {
		cells &^= 1 << near
		at := axisCell[a][near]
		slot := a + 2*b2i(backward)
		jumps := kingJumps(at, a, turn)
		jumps = jumps&(1<<slot-1) | jumps>>slot<<(slot+1) | 1<<slot
		for jumps != 0 {
			j := bits.TrailingZeros(jumps)
			jumps &= jumps - 1
			s.land(n, at)
			if j == slot {
				over := axisCell[a][far&63]
				s.flip(over)
				dst = s.kingRun(dst, a, backward, along, captured|bit(over), n+1)
				s.flip(over)
				continue
			}
			if j > slot {
				j--
			}
			x, back := crossing[a][j&1], j >= 2
			if over, run := s.jumpFrom(at, x, back, captured); run != 0 {
				s.flip(over)
				dst = s.kingRun(dst, x, back, run, captured|bit(over), n+1)
				s.flip(over)
			}
		}
	}
	for cells != 0 {
		var i int // nearest first
		if backward {
			i = 63 - bits.LeadingZeros64(cells)
			cells &^= 1 << i
		} else {
			i = popLowest(&cells)
		}
		at := axisCell[a][i]
		for jumps := kingJumps(at, a, turn); jumps != 0; jumps &= jumps - 1 {
			j := bits.TrailingZeros(jumps)
			x, back := crossing[a][j&1], j >= 2
			if over, run := s.jumpFrom(at, x, back, captured); run != 0 {
				s.land(n, at)
				s.flip(over)
				dst = s.kingRun(dst, x, back, run, captured|bit(over), n+1)
				s.flip(over)
			}
		}
	}
	if along == 0 {
		// The cells where it cannot turn are where the move may end.
		dst = s.add(dst, a, run&^turns, captured, n)
	}
	return dst
}

// kingJumps returns the crossing lines along which a king on cell at of a
// run along axis a may start a capture, turn holding for each crossing
// axis (crossing[a][0] and [1]) the cells from which a capture along it
// starts (in its own numbering). Bit j of the result stands for crossing
// axis crossing[a][j&1], forward for j < 2 and backward for j >= 2: the
// four crossing directions in the order UpRight, UpLeft, Up, DownLeft,
// DownRight, Down. (Along a itself the direction a + 3*backward, which a
// run reached going backward or forward goes on in, takes place a +
// 2*backward among them.) Which of the two senses holds a capture is for
// jumpFrom to say.
func kingJumps(at Cell, a int, turn [2]uint64) uint {
	var jumps uint
	if cellBits[at][crossing[a][0]]&turn[0] != 0 {
		jumps |= 0b0101
	}
	if cellBits[at][crossing[a][1]]&turn[1] != 0 {
		jumps |= 0b1010
	}
	return jumps
}

// b2i returns 1 for true, 0 for false.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// add records the finished sequences that capture the pieces in captured
// (n of them) and end on one of the cells ends, given in the numbering of
// axis a: majority capture keeps only the longest, and sequences with the
// same start, end and captured set are one move.
func (s *captureSearch) add(dst []Move, a int, ends uint64, captured uint64, n int) []Move {
	if n < s.best {
		return dst
	}
	if n > s.best {
		s.best = n
		dst = dst[:s.start]
		if s.rec != nil {
			s.rec.paths = s.rec.paths[:0]
		}
	}
	if s.finals == nil && n > 1 { // one piece's capture lands where no other does
		for _, m := range dst[s.start:] {
			if m.captured == captured && m.from == s.from {
				ends &^= cellBits[m.to][a]
			}
		}
	}
	for ends != 0 {
		to := axisCell[a][popLowest(&ends)]
		if s.finals != nil && s.finals.insert(to, captured, 0) {
			continue
		}
		dst = append(dst, Move{from: s.from, to: to, captured: captured})
		if s.rec != nil {
			s.rec.record(dst[len(dst)-1], n)
		}
	}
	return dst
}
