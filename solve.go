package hexdame

import (
	"cmp"
	"errors"
	"slices"
	"strconv"
)

// MaxSolvePlies is the longest horizon Solve searches.
const MaxSolvePlies = 63

// ErrInvalidPlies is wrapped by the error Solve returns for a horizon
// below 1 or above MaxSolvePlies.
var ErrInvalidPlies = errors.New("invalid number of plies")

// SolveOptions tunes Solve. The zero value finds the fastest win and its
// main line.
type SolveOptions struct {
	// All asks for every first move that forces a win within the
	// horizon, not only the fastest one: what a problem composer checks
	// to see that the key is unique.
	All bool
	// MaxNodes, when positive, stops the search after about that many
	// positions; Solve then returns ErrSolveLimit.
	MaxNodes uint64
}

// ErrSolveLimit is returned by Solve when the search visits more positions
// than SolveOptions.MaxNodes allows.
var ErrSolveLimit = errors.New("hexdame: solve: node limit reached")

// A Solution is what Solve proves about a position.
type Solution struct {
	// Win reports whether the side to move forces a win (the opponent
	// left with no legal move) within the horizon, and Plies how many
	// plies the fastest forced win takes: 1 when a move leaves the
	// opponent no move, 3 when every reply to the key move allows one,
	// and so on (always odd).
	Win   bool
	Plies int
	// Line is the main line of the win: the key move, then each reply
	// that postpones the loss longest and the move that wins fastest
	// against it, ending with the move after which the opponent has no
	// legal move.
	Line []Move
	// Keys, with SolveOptions.All, are the first moves that force a win
	// within the horizon, fastest first, each with the plies of its
	// fastest win.
	Keys []SolveKey
	// Nodes is the number of positions the search visited.
	Nodes uint64
}

// A SolveKey is a first move that forces a win, and the plies of its
// fastest win.
type SolveKey struct {
	Move  Move `json:"move"`
	Plies int  `json:"plies"`
}

// Solve proves whether the side to move in p can force a win within plies
// plies: a win is the opponent left with no legal move on its turn, and a
// third occurrence of a position on the way is a draw, not a win. It
// searches with iterative deepening over the odd horizons 1, 3, 5, ... and
// a table of the positions proven and refuted, and returns the fastest win
// and its main line (see Solution). At most one SolveOptions may be
// given. A horizon below 1 or above MaxSolvePlies gives an error wrapping
// ErrInvalidPlies.
func Solve(p Position, plies int, opts ...SolveOptions) (Solution, error) {
	if plies < 1 || plies > MaxSolvePlies {
		return Solution{}, &valueError{kind: "number of plies", text: strconv.Itoa(plies), err: ErrInvalidPlies}
	}
	var o SolveOptions
	if len(opts) > 0 {
		o = opts[0]
	}
	s := &solver{table: map[packedPosition]solveEntry{}, path: map[packedPosition]int{p.pack(): 1}, limit: o.MaxNodes}
	var sol Solution
	for d := 1; d <= plies; d += 2 {
		win, err := s.attack(p, d)
		if err != nil {
			sol.Nodes = s.nodes
			return sol, err
		}
		if win {
			sol.Win, sol.Plies = true, d
			break
		}
	}
	if sol.Win {
		line, err := s.mainLine(p, sol.Plies)
		if err != nil {
			sol.Nodes = s.nodes
			return sol, err
		}
		sol.Line = line
	}
	if o.All {
		for _, m := range p.LegalMoves() {
			q := p.play(m)
			s.path[q.pack()]++
			for d := 1; d <= plies; d += 2 {
				lost, err := s.defendLost(q, d-1)
				if err != nil {
					sol.Nodes = s.nodes
					return sol, err
				}
				if lost {
					sol.Keys = append(sol.Keys, SolveKey{m, d})
					break
				}
			}
			s.path[q.pack()]--
		}
		slices.SortStableFunc(sol.Keys, func(a, b SolveKey) int {
			if c := cmp.Compare(a.Plies, b.Plies); c != 0 {
				return c
			}
			return compareMoves(a.Move, b.Move)
		})
	}
	sol.Nodes = s.nodes
	return sol, nil
}

// A solver proves wins. Its table keeps, for positions with the attacker
// to move, the fewest plies known to win and the most plies known not to.
// path counts the positions on the line being searched, for threefold
// repetition.
type solver struct {
	table map[packedPosition]solveEntry
	path  map[packedPosition]int
	nodes uint64
	limit uint64
}

type solveEntry struct {
	win  int8 // the attacker wins within this many plies (0: not known)
	fail int8 // the attacker does not win within this many plies (0: not known)
}

// attack reports whether the side to move in p wins within d plies (d odd).
func (s *solver) attack(p Position, d int) (bool, error) {
	win, _, err := s.attackPath(p, d)
	return win, err
}

// attackPath is attack, also reporting whether the answer depended on a
// repetition on the current path (and so must not go into the table).
func (s *solver) attackPath(p Position, d int) (win, byHistory bool, err error) {
	key := p.pack()
	if e, ok := s.table[key]; ok {
		if e.win != 0 && int(e.win) <= d {
			return true, false, nil
		}
		if int(e.fail) >= d {
			return false, false, nil
		}
	}
	s.nodes++
	if s.limit > 0 && s.nodes > s.limit {
		return false, false, ErrSolveLimit
	}
	var buf [64]Move
	moves := p.AppendLegalMoves(buf[:0])
	children := make([]Position, len(moves))
	replies := make([]int, len(moves))
	for i, m := range moves {
		children[i] = p.play(m)
		replies[i] = children[i].CountLegalMoves()
		if replies[i] == 0 {
			// No legal move loses, before any repetition counts.
			s.store(key, d, true)
			return true, false, nil
		}
	}
	if d >= 3 {
		// The moves that leave the defender fewest replies first.
		order := make([]int, len(moves))
		for i := range order {
			order[i] = i
		}
		slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(replies[a], replies[b]) })
		for _, i := range order {
			q := children[i]
			qk := q.pack()
			if s.path[qk] >= 2 {
				byHistory = true // a third occurrence: a draw
				continue
			}
			s.path[qk]++
			lost, hist, err := s.defendLostPath(q, d-1)
			s.path[qk]--
			if err != nil {
				return false, false, err
			}
			byHistory = byHistory || hist
			if lost {
				if !hist {
					s.store(key, d, true)
				}
				return true, hist, nil
			}
		}
	}
	if !byHistory {
		s.store(key, d, false)
	}
	return false, byHistory, nil
}

// defendLost reports whether the side to move in q, the defender, loses
// within d plies (d even): it has no legal move, or every reply leaves the
// attacker a win within d-1.
func (s *solver) defendLost(q Position, d int) (bool, error) {
	lost, _, err := s.defendLostPath(q, d)
	return lost, err
}

func (s *solver) defendLostPath(q Position, d int) (lost, byHistory bool, err error) {
	var buf [64]Move
	replies := q.AppendLegalMoves(buf[:0])
	if len(replies) == 0 {
		return true, false, nil
	}
	if d < 2 {
		return false, false, nil
	}
	for _, r := range replies {
		a := q.play(r)
		ak := a.pack()
		if s.path[ak] >= 2 {
			return false, true, nil // the defender draws by repetition
		}
		s.path[ak]++
		win, hist, err := s.attackPath(a, d-1)
		s.path[ak]--
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

func (s *solver) store(key packedPosition, d int, win bool) {
	e := s.table[key]
	if win {
		if e.win == 0 || int(e.win) > d {
			e.win = int8(d)
		}
	} else if int(e.fail) < d {
		e.fail = int8(d)
	}
	s.table[key] = e
}

// fastest returns the fewest plies (odd, at most d) in which the side to
// move in p wins, or 0 if it does not within d.
func (s *solver) fastest(p Position, d int) (int, error) {
	for k := 1; k <= d; k += 2 {
		win, err := s.attack(p, k)
		if err != nil || win {
			return k, err
		}
	}
	return 0, nil
}

// mainLine returns the line of a win in d plies from p: the attacker's
// fastest move, the defender's longest defence, and so on.
func (s *solver) mainLine(p Position, d int) ([]Move, error) {
	saved := make(map[packedPosition]int, len(s.path))
	for k, v := range s.path {
		saved[k] = v
	}
	defer func() { s.path = saved }()
	var line []Move
	for d >= 1 {
		// The attacker: a move after which the defender loses within d-1.
		var key Move
		found := false
		for _, m := range sortedLegal(p) {
			q := p.play(m)
			qk := q.pack()
			if s.path[qk] >= 2 {
				continue
			}
			s.path[qk]++
			lost, err := s.defendLost(q, d-1)
			s.path[qk]--
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
		p = p.play(key)
		s.path[p.pack()]++
		replies := sortedLegal(p)
		if len(replies) == 0 {
			return line, nil
		}
		// The defender: the reply after which the win takes longest.
		longest, best := -1, Move{}
		for _, r := range replies {
			a := p.play(r)
			ak := a.pack()
			s.path[ak]++
			k, err := s.fastest(a, d-2)
			s.path[ak]--
			if err != nil {
				return nil, err
			}
			if k > longest {
				longest, best = k, r
			}
		}
		line = append(line, best)
		p = p.play(best)
		s.path[p.pack()]++
		d = longest
	}
	return line, nil
}

// sortedLegal returns p's legal moves in a fixed order.
func sortedLegal(p Position) []Move {
	moves := p.LegalMoves()
	slices.SortFunc(moves, compareMoves)
	return moves
}
