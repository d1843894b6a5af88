package hexdame

import (
	"slices"
	"strings"
)

// An oracle of the move rules: a deliberately plain implementation,
// written from RULES.md with board coordinates (a map from file and rank
// to piece) and no bitboards, that knows the package only through
// CellAt, Piece and the cells of a Move. legal_test.go and
// capture_test.go compare the package's generator with it on many
// positions. The other oracle of the same job, oracle_plainboard_test.go,
// is written for speed.

type refBoard map[[2]int]Piece // (file, rank) -> piece

func refFromPosition(p Position) refBoard {
	b := refBoard{}
	for f := 0; f < 9; f++ {
		for r := 0; r < 9; r++ {
			if c, ok := CellAt(f, r); ok {
				b[[2]int{f, r}] = p.Piece(c)
			}
		}
	}
	return b
}

func (b refBoard) on(f, r int) bool { _, ok := b[[2]int{f, r}]; return ok }

var refDirs = [6][2]int{{1, 1}, {1, 0}, {0, 1}, {-1, -1}, {-1, 0}, {0, -1}}

// refMoves returns the legal moves of side as strings "from-to" or
// "fromxto:captured,cells" (captured cells sorted), sorted and distinct.
func refMoves(b refBoard, side Color) []string {
	name := func(f, r int) string { c, _ := CellAt(f, r); return c.String() }
	var caps []string
	best := 0
	for pos, x := range b {
		if !(x.Color() != NoColor) || x.Color() != side {
			continue
		}
		from := pos
		var walk func(f, r int, taken [][2]int)
		walk = func(f, r int, taken [][2]int) {
			isTaken := func(q [2]int) bool { return slices.Contains(taken, q) }
			empty := func(f, r int) bool {
				if !b.on(f, r) {
					return false
				}
				if f == from[0] && r == from[1] {
					return true // the capturing piece has left its start cell
				}
				return b[[2]int{f, r}] == NoPiece
			}
			more := false
			for _, d := range refDirs {
				// Find the piece to jump: adjacent for a man, the first
				// piece along the line for a king.
				jf, jr := f+d[0], r+d[1]
				if x.IsKing() {
					for b.on(jf, jr) && empty(jf, jr) {
						jf, jr = jf+d[0], jr+d[1]
					}
				}
				if !b.on(jf, jr) {
					continue
				}
				y := b[[2]int{jf, jr}]
				if !(y.Color() != NoColor) || y.Color() == side || isTaken([2]int{jf, jr}) {
					continue
				}
				for lf, lr := jf+d[0], jr+d[1]; empty(lf, lr); lf, lr = lf+d[0], lr+d[1] {
					more = true
					walk(lf, lr, append(slices.Clone(taken), [2]int{jf, jr}))
					if !x.IsKing() {
						break
					}
				}
			}
			if !more && len(taken) > 0 {
				if len(taken) < best {
					return
				}
				if len(taken) > best {
					best, caps = len(taken), nil
				}
				var names []string
				for _, q := range taken {
					names = append(names, name(q[0], q[1]))
				}
				slices.Sort(names)
				caps = append(caps, name(from[0], from[1])+"x"+name(f, r)+":"+strings.Join(names, ","))
			}
		}
		walk(from[0], from[1], nil)
	}
	if len(caps) > 0 {
		slices.Sort(caps)
		return slices.Compact(caps)
	}
	var quiet []string
	for pos, x := range b {
		if !(x.Color() != NoColor) || x.Color() != side {
			continue
		}
		for i, d := range refDirs {
			forward := i < 3 == (side == White)
			if !x.IsKing() && !forward {
				continue
			}
			for f, r := pos[0]+d[0], pos[1]+d[1]; b.on(f, r) && b[[2]int{f, r}] == NoPiece; f, r = f+d[0], r+d[1] {
				quiet = append(quiet, name(pos[0], pos[1])+"-"+name(f, r))
				if !x.IsKing() {
					break
				}
			}
		}
	}
	slices.Sort(quiet)
	return quiet
}

// refStrings renders the package's moves the way refMoves does.
func refStrings(moves []Move) []string {
	var out []string
	for _, m := range moves {
		if !m.IsCapture() {
			out = append(out, m.String())
			continue
		}
		var names []string
		for c := range m.Captured().All() {
			names = append(names, c.String())
		}
		slices.Sort(names)
		out = append(out, m.String()+":"+strings.Join(names, ","))
	}
	slices.Sort(out)
	return out
}

// refPlay plays a move in refMoves' notation on a copy of the board.
func refPlay(b refBoard, side Color, move string) refBoard {
	out := refBoard{}
	for k, v := range b {
		out[k] = v
	}
	coords := func(s string) [2]int {
		c := MustParseCell(s)
		return [2]int{c.File(), c.Rank()}
	}
	path, captured, _ := strings.Cut(move, ":")
	sep := "-"
	if captured != "" {
		sep = "x"
	}
	fromS, toS, _ := strings.Cut(path, sep)
	from, to := coords(fromS), coords(toS)
	x := out[from]
	out[from] = NoPiece
	if captured != "" {
		for _, c := range strings.Split(captured, ",") {
			out[coords(c)] = NoPiece
		}
	}
	backRow := (side == White && (to[0] == 8 || to[1] == 8)) || (side == Red && (to[0] == 0 || to[1] == 0))
	if !x.IsKing() && backRow {
		x = MakePiece(side, true)
	}
	out[to] = x
	return out
}

func refPerft(b refBoard, side Color, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var n uint64
	for _, m := range refMoves(b, side) {
		n += refPerft(refPlay(b, side, m), side.Opponent(), depth-1)
	}
	return n
}
