package engine

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"sync/atomic"
	"time"

	"github.com/hexdame/hexdame"
)

// MaxSolvePlies is the longest horizon Solve searches.
const MaxSolvePlies = 63

// ErrInvalidPlies is wrapped by the error Solve returns for a horizon
// below 1 or above MaxSolvePlies.
var ErrInvalidPlies = errors.New("invalid number of plies")

// ErrSolveLimit is returned by Solve when the search visits more positions
// than SolveOptions.MaxNodes allows.
var ErrSolveLimit = errors.New("node limit reached")

// SolveOptions tune Solve. The zero value finds the fastest win and its
// main line.
type SolveOptions struct {
	// All asks for every first move that forces a win within the
	// horizon, not only the fastest one: what a problem composer checks
	// to see that the key is unique.
	All bool
	// MaxNodes, when positive, stops the search after about that many
	// positions; Solve then returns ErrSolveLimit.
	MaxNodes uint64
	// History holds the positions of the game before the one solved,
	// oldest first, so that a position met for the third time counting
	// them is a draw. As in SearchOptions, only the positions linked to
	// the solved one by reversible moves count.
	History []hexdame.Position
	// Progress, when not nil, is called after each horizon searched
	// (1, 3, 5, ... plies) with what is known so far.
	Progress func(SolveProgress)
}

// SolveProgress reports a horizon that Solve has searched.
type SolveProgress struct {
	Plies int           // the horizon searched
	Win   bool          // a win within Plies was found (the last report)
	Nodes uint64        // the positions visited so far
	Time  time.Duration // the time since Solve began
}

// A Solution is what Solve proves about a position. It marshals to JSON
// with lowercase keys, its moves as the rules package's Move objects:
//
//	{"win":true,"plies":3,"line":[{"from":"b1","to":"b2","captured":[]},...],"keys":null,"nodes":40}
type Solution struct {
	// Win reports whether the side to move forces a win (the opponent
	// left with no legal move) within the horizon, and Plies how many
	// plies the fastest forced win takes: 1 when a move leaves the
	// opponent no move, 3 when every reply to the key move allows one,
	// and so on (always odd).
	Win   bool `json:"win"`
	Plies int  `json:"plies"`
	// Line is the main line of the win: the key move, then each reply
	// that postpones the loss longest and the move that wins fastest
	// against it, ending with the move after which the opponent has no
	// legal move.
	Line []hexdame.Move `json:"line"`
	// Keys, with SolveOptions.All, are the first moves that force a win
	// within the horizon, fastest first, each with the plies of its
	// fastest win.
	Keys []SolveKey `json:"keys"`
	// Nodes is the number of positions the search visited.
	Nodes uint64 `json:"nodes"`
}

// A SolveKey is a first move that forces a win, and the plies of its
// fastest win.
type SolveKey struct {
	Move  hexdame.Move `json:"move"`
	Plies int          `json:"plies"`
}

// Solve proves whether the side to move in p can force a win within plies
// plies: a win is the opponent left with no legal move on its turn, and a
// third occurrence of a position on the way is a draw, not a win. It
// searches with iterative deepening over the odd horizons 1, 3, 5, ...,
// trying first the moves that leave the defender fewest replies, and keeps
// the positions proven and refuted in the engine's transposition table
// (apart from the search's entries), so its memory is the table's. It
// returns the fastest win and its main line (see Solution).
//
// A horizon below 1 or above MaxSolvePlies gives an error wrapping
// ErrInvalidPlies; the node limit reached gives ErrSolveLimit, and the
// context ending its error; the Solution then holds the nodes visited. A
// zero Engine whose table the system cannot give returns the error of
// making it (see New).
func (e *Engine) Solve(ctx context.Context, p hexdame.Position, plies int, opts SolveOptions) (Solution, error) {
	if plies < 1 || plies > MaxSolvePlies {
		return Solution{}, fmt.Errorf("%w: %d is not from 1 to %d", ErrInvalidPlies, plies, MaxSolvePlies)
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if err := e.makeReady(); err != nil {
		return Solution{}, err
	}
	e.tt.gen++
	s := &solver{tt: e.tt, limit: opts.MaxNodes, start: time.Now()}
	defer context.AfterFunc(ctx, func() { s.stop.Store(true) })()
	// The history's positions, then p's; the last rev of them were
	// reached by reversible moves.
	n, rev := len(opts.History), reversiblePlies(opts.History, p)
	for i, h := range opts.History {
		s.push(h.Hash(), i > n-rev)
	}
	s.push(p.Hash(), rev > 0)
	sol, err := s.solve(p, plies, opts)
	sol.Nodes = s.nodes
	if err == errSolveStopped {
		err = ctx.Err()
	}
	return sol, err
}

// errSolveStopped stops the solver when its context ends.
var errSolveStopped = errors.New("stopped")

// A solver proves wins. The table keeps, for positions with the attacker
// to move, the fewest plies known to win and the most plies known not to.
// path holds the keys of the positions of the line being searched, for
// threefold repetition (and rev, for each, the reversible moves that led
// to it).
type solver struct {
	tt    *table
	path  []uint64
	rev   []int
	nodes uint64
	limit uint64
	stop  atomic.Bool
	start time.Time
	plies [MaxSolvePlies + 2]solveBuffers
}

// solveBuffers are the move lists of one ply, kept between positions.
type solveBuffers struct {
	moves    []hexdame.Move
	children []hexdame.Position
	replies  []int
	order    []int
}

func (s *solver) solve(p hexdame.Position, plies int, opts SolveOptions) (Solution, error) {
	var sol Solution
	for d := 1; d <= plies; d += 2 {
		win, err := s.attack(p, d, 0)
		if err != nil {
			return sol, err
		}
		if opts.Progress != nil {
			opts.Progress(SolveProgress{Plies: d, Win: win, Nodes: s.nodes, Time: time.Since(s.start)})
		}
		if win {
			sol.Win, sol.Plies = true, d
			break
		}
	}
	if sol.Win {
		line, err := s.mainLine(p, sol.Plies)
		if err != nil {
			return sol, err
		}
		sol.Line = line
	}
	if opts.All {
		for _, m := range p.LegalMoves() {
			q := p.PlayUnchecked(m)
			s.pushChild(p, m, q)
			for d := 1; d <= plies; d += 2 {
				lost, err := s.defendLost(q, d-1, 1)
				if err != nil {
					s.pop()
					return sol, err
				}
				if lost {
					sol.Keys = append(sol.Keys, SolveKey{m, d})
					break
				}
			}
			s.pop()
		}
		slices.SortStableFunc(sol.Keys, func(a, b SolveKey) int {
			if c := cmp.Compare(a.Plies, b.Plies); c != 0 {
				return c
			}
			return compareMoves(a.Move, b.Move)
		})
	}
	return sol, nil
}

// compareMoves orders moves by start, end and captured pieces.
func compareMoves(a, b hexdame.Move) int {
	if c := cmp.Compare(a.From(), b.From()); c != 0 {
		return c
	}
	if c := cmp.Compare(a.To(), b.To()); c != 0 {
		return c
	}
	return cmp.Compare(capturedSet(a), capturedSet(b))
}

// push adds a position's key to the path; reversible says whether the
// move to it could be taken back (a king's slide).
func (s *solver) push(key uint64, reversible bool) {
	r := 0
	if reversible && len(s.rev) > 0 {
		r = s.rev[len(s.rev)-1] + 1
	}
	s.path = append(s.path, key)
	s.rev = append(s.rev, r)
}

func (s *solver) pop() {
	s.path = s.path[:len(s.path)-1]
	s.rev = s.rev[:len(s.rev)-1]
}

// pushChild pushes q, the position after move m in p.
func (s *solver) pushChild(p hexdame.Position, m hexdame.Move, q hexdame.Position) {
	s.push(q.Hash(), p.IsReversible(m))
}

// seen returns how many times the position with key, reached from the
// top of the path by a move reversible or not, is on the path already.
func (s *solver) seen(key uint64, reversible bool) int {
	n := len(s.path)
	if !reversible || n == 0 {
		return 0
	}
	r := s.rev[n-1] + 1 // the reversible plies that would lead to key
	count := 0
	for i := n - 2; i >= n-r && i >= 0; i -= 2 {
		if s.path[i] == key {
			count++
		}
	}
	return count
}

// count counts a position and stops at the limits.
func (s *solver) count() error {
	s.nodes++
	if s.limit > 0 && s.nodes > s.limit {
		return ErrSolveLimit
	}
	if s.nodes&1023 == 0 && s.stop.Load() {
		return errSolveStopped
	}
	return nil
}

// attack reports whether the side to move in p wins within d plies (d
// odd); ply is p's distance from the root.
func (s *solver) attack(p hexdame.Position, d, ply int) (bool, error) {
	win, _, err := s.attackPath(p, d, ply)
	return win, err
}

// attackPath is attack, also reporting whether the answer depended on a
// repetition on the current path (and so must not go into the table).
func (s *solver) attackPath(p hexdame.Position, d, ply int) (win, byHistory bool, err error) {
	key := s.path[len(s.path)-1]
	if w, f, ok := s.tt.probeSolve(key); ok {
		if w != 0 && w <= d {
			return true, false, nil
		}
		if f >= d {
			return false, false, nil
		}
	}
	if err := s.count(); err != nil {
		return false, false, err
	}
	b := &s.plies[ply]
	b.moves = p.AppendLegalMoves(b.moves[:0])
	b.children = b.children[:0]
	b.replies = b.replies[:0]
	for _, m := range b.moves {
		q := p.PlayUnchecked(m)
		n := q.CountLegalMoves()
		if n == 0 {
			// No legal move loses, before any repetition counts.
			s.tt.storeSolve(key, d, true)
			return true, false, nil
		}
		b.children = append(b.children, q)
		b.replies = append(b.replies, n)
	}
	if d >= 3 {
		// The moves that leave the defender fewest replies first.
		b.order = b.order[:0]
		for i := range b.moves {
			b.order = append(b.order, i)
		}
		slices.SortStableFunc(b.order, func(x, y int) int { return cmp.Compare(b.replies[x], b.replies[y]) })
		for _, i := range b.order {
			m, q := b.moves[i], b.children[i]
			rev := p.IsReversible(m)
			qk := q.Hash()
			if s.seen(qk, rev) >= 2 {
				byHistory = true // a third occurrence: a draw
				continue
			}
			s.push(qk, rev)
			lost, hist, err := s.defendLostPath(q, d-1, ply+1)
			s.pop()
			if err != nil {
				return false, false, err
			}
			byHistory = byHistory || hist
			if lost {
				if !hist {
					s.tt.storeSolve(key, d, true)
				}
				return true, hist, nil
			}
		}
	}
	if !byHistory {
		s.tt.storeSolve(key, d, false)
	}
	return false, byHistory, nil
}

// defendLost reports whether the side to move in q, the defender, loses
// within d plies (d even): it has no legal move, or every reply leaves the
// attacker a win within d-1.
func (s *solver) defendLost(q hexdame.Position, d, ply int) (bool, error) {
	lost, _, err := s.defendLostPath(q, d, ply)
	return lost, err
}

func (s *solver) defendLostPath(q hexdame.Position, d, ply int) (lost, byHistory bool, err error) {
	b := &s.plies[ply]
	b.moves = q.AppendLegalMoves(b.moves[:0])
	if len(b.moves) == 0 {
		return true, false, nil
	}
	if d < 2 {
		return false, false, nil
	}
	for i := 0; i < len(b.moves); i++ {
		r := b.moves[i]
		a := q.PlayUnchecked(r)
		rev := q.IsReversible(r)
		ak := a.Hash()
		if s.seen(ak, rev) >= 2 {
			return false, true, nil // the defender draws by repetition
		}
		s.push(ak, rev)
		win, hist, err := s.attackPath(a, d-1, ply+1)
		s.pop()
		if err != nil {
			return false, false, err
		}
		byHistory = byHistory || hist
		if !win {
			return false, byHistory, nil
		}
	}
	return true, byHistory, nil
}

// fastest returns the fewest plies (odd, at most d) in which the side to
// move in p wins, or 0 if it does not within d.
func (s *solver) fastest(p hexdame.Position, d, ply int) (int, error) {
	for k := 1; k <= d; k += 2 {
		win, err := s.attack(p, k, ply)
		if err != nil || win {
			return k, err
		}
	}
	return 0, nil
}

// mainLine returns the line of a win in d plies from p: the attacker's
// fastest move, the defender's longest defense, and so on.
func (s *solver) mainLine(p hexdame.Position, d int) ([]hexdame.Move, error) {
	base := len(s.path)
	defer func() {
		s.path, s.rev = s.path[:base], s.rev[:base]
	}()
	var line []hexdame.Move
	for ply := 0; d >= 1; ply += 2 {
		// The attacker: a move after which the defender loses within d-1.
		var key hexdame.Move
		found := false
		for _, m := range sortedLegal(p) {
			q := p.PlayUnchecked(m)
			rev := p.IsReversible(m)
			if s.seen(q.Hash(), rev) >= 2 {
				continue
			}
			s.push(q.Hash(), rev)
			lost, err := s.defendLost(q, d-1, ply+1)
			s.pop()
			if err != nil {
				return nil, err
			}
			if lost {
				key, found = m, true
				break
			}
		}
		if !found {
			return line, nil // cannot happen for a proven win
		}
		line = append(line, key)
		q := p.PlayUnchecked(key)
		s.pushChild(p, key, q)
		p = q
		replies := sortedLegal(p)
		if len(replies) == 0 {
			return line, nil
		}
		// The defender: the reply after which the win takes longest.
		longest, best := -1, hexdame.Move{}
		for _, r := range replies {
			a := p.PlayUnchecked(r)
			s.pushChild(p, r, a)
			k, err := s.fastest(a, d-2, ply+2)
			s.pop()
			if err != nil {
				return nil, err
			}
			if k > longest {
				longest, best = k, r
			}
		}
		line = append(line, best)
		q = p.PlayUnchecked(best)
		s.pushChild(p, best, q)
		p = q
		d = longest
	}
	return line, nil
}

// sortedLegal returns p's legal moves in a fixed order.
func sortedLegal(p hexdame.Position) []hexdame.Move {
	moves := p.LegalMoves()
	slices.SortFunc(moves, compareMoves)
	return moves
}
