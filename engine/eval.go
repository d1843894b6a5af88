package engine

import (
	"math/bits"

	"github.com/hexdame/hexdame"
)

// The evaluation: what a quiet position is worth to the side to move, in
// hundredths of a man.
//
// It is linear in a set of features, each counted for White minus Red,
// with two weights per feature: one for the opening and middle game, one
// for the ending. The two sums are blended by the number of pieces on the
// board (32 or more: all middle game; none: all ending). A feature is
// the same for both colors up to the half-turn of the board that takes
// one side's start to the other's: the tables of Red's cells are White's
// turned around.
//
// The features:
//
//   - material: men and kings;
//   - a man's cell: one weight per cell, the same for a cell and its mirror
//     image across the a1-i9 column (White's three forward directions are
//     symmetric about it), so advancement, the center and the back rank
//     kept or left each have their weight where they are;
//   - a king's ring: its distance from the center e5 (0 to 4);
//   - king mobility: the empty cells a king reaches by sliding;
//   - runaways: a man that no enemy man can ever reach and with no enemy
//     king on the board, by its distance to its crowning row (1 to 4);
//   - men's mobility: the men that can step;
//   - hanging pieces: those an enemy man next to them could jump (it is
//     the side to move's, as the other side has no capture);
//   - holes: men with an empty cell behind them, straight (the a1-i9
//     column) or oblique, where a jumping enemy man would land;
//   - the first king: having a king when the opponent has none;
//   - the move: who is to move.
//
// The weights come from the tuner (internal/cmd/tune, see its doc
// comment): logistic regression of game results on these features over
// quiet positions from the engine's games against itself. features gives
// the counts the tuner fits; TestEvaluateIsFeaturesTimesWeights holds
// evaluate to exactly the weights times the counts, but for one rule the
// features cannot express: endings of kings alone that are draws (see
// drawishKings).
//
// This linear evaluation with these weights is the classic one, the
// engine's evaluation before issue 37 (the Hub parameter eval=classic).
// The default, the pattern evaluation (patterns.go), adds to these
// features the configurations of hexagons of the board, with weights of
// its own for both (engine/patterns.hxw).

// Feature indexes: each feature has an opening and an ending weight.
const (
	fMan          = 0
	fKing         = 1
	fManCell      = 2                     // + the cell's class, 0..numClasses-1
	fKingRing     = fManCell + numClasses // + the ring, 0..4
	fKingMobility = fKingRing + 5         // per empty cell
	fRunaway      = fKingMobility + 1     // + distance-1, 0..maxRunaway-1
	fManMobility  = fRunaway + maxRunaway // per empty cell
	fFirstKing    = fManMobility + 1      // a king against none
	fTempo        = fFirstKing + 1        // the side to move
	fHanging      = fTempo + 1            // pieces an enemy man could jump
	fHoleBehind   = fHanging + 1          // men with an empty cell straight behind
	fHoleAside    = fHoleBehind + 1       // men with an empty cell obliquely behind (each)
	numFeatures   = fHoleAside + 1
	numClasses    = 35 // cells up to the mirror symmetry
	maxRunaway    = 4  // the farthest runaway counted, in steps
	phasePieces   = 32 // pieces at which the evaluation is all middle game
	manValue      = 100
	maxEval       = 20000 // evaluations are kept within ±maxEval
)

// A weight pair: middle game (opening) and ending.
type weight struct{ mg, eg int32 }

// tunedWeights are the weights the tuner found (see internal/cmd/tune).
var tunedWeights = [numFeatures]weight{
	// BEGIN TUNED WEIGHTS
	0:  {100, 21},  // man
	1:  {19, 46},   // king
	2:  {-20, 6},   // man on a1/a1
	3:  {-18, 0},   // man on a2/b1
	4:  {-11, 2},   // man on a3/c1
	5:  {-5, 25},   // man on a4/d1
	6:  {17, -12},  // man on a5/e1
	7:  {-30, -16}, // man on b2/b2
	8:  {-18, -22}, // man on b3/c2
	9:  {-6, -26},  // man on b4/d2
	10: {-3, -1},   // man on b5/e2
	11: {5, 5},     // man on b6/f2
	12: {-26, -17}, // man on c3/c3
	13: {-25, -22}, // man on c4/d3
	14: {-13, -21}, // man on c5/e3
	15: {-7, -20},  // man on c6/f3
	16: {-9, -12},  // man on c7/g3
	17: {-19, -5},  // man on d4/d4
	18: {-26, -10}, // man on d5/e4
	19: {-35, 0},   // man on d6/f4
	20: {-21, -2},  // man on d7/g4
	21: {6, 49},    // man on d8/h4
	22: {-26, -7},  // man on e5/e5
	23: {-39, -3},  // man on e6/f5
	24: {-31, 9},   // man on e7/g5
	25: {14, 36},   // man on e8/h5
	26: {0, 0},     // man on e9/i5
	27: {-13, -5},  // man on f6/f6
	28: {-2, 10},   // man on f7/g6
	29: {11, 31},   // man on f8/h6
	30: {0, 0},     // man on f9/i6
	31: {3, 9},     // man on g7/g7
	32: {10, 22},   // man on g8/h7
	33: {0, 0},     // man on g9/i7
	34: {11, 18},   // man on h8/h8
	35: {0, 0},     // man on h9/i8
	36: {0, 0},     // man on i9/i9
	37: {-1, 6},    // king on ring 0
	38: {2, -4},    // king on ring 1
	39: {-1, 8},    // king on ring 2
	40: {6, 7},     // king on ring 3
	41: {14, 29},   // king on ring 4
	42: {10, 2},    // king mobility
	43: {16, 34},   // runaway 1 from crowning
	44: {5, 22},    // runaway 2 from crowning
	45: {1, 4},     // runaway 3 from crowning
	46: {1, 4},     // runaway 4 from crowning
	47: {-2, 16},   // man mobility
	48: {15, 66},   // first king
	49: {5, 2},     // tempo
	50: {-17, -23}, // hanging
	51: {-4, 15},   // hole behind
	52: {-3, 3},    // hole aside
	// END TUNED WEIGHTS
}

// An evaluator evaluates with a set of weights, kept as packed pairs (see
// pack) and, for the cells, by color and cell.
type evaluator struct {
	w              [numFeatures]weight
	packed         [numFeatures]int64
	manCellWeight  [2][64]int64 // the man's weight and its cell's
	kingCellWeight [2][64]int64 // the king's weight and its ring's
}

// defaultEvaluator evaluates with the tuned weights. It is made by init,
// after the board tables it needs.
var defaultEvaluator *evaluator

// Board tables of the features, by color and cell where they differ
// (Red's are White's turned around).
var (
	cellClass   [2][64]int8   // the mirror class of each cell, seen from the color's side
	cellRing    [64]int8      // distance from e5
	runawayZone [2][64]uint64 // the cells from which an enemy man could ever reach a man on c
	runawayDist [2][64]int8   // steps from c to the color's crowning row
	runawayFrom [2]uint64     // the cells at most maxRunaway steps from it
)

func init() {
	// The cells go rank by rank, a1 first: the order that numbers the
	// classes of a man's cell, which the tuned weights follow.
	classOf := map[[2]int]int8{}
	for r := range 9 {
		for f := range 9 {
			cell, ok := hexdame.CellAt(f, r)
			if !ok {
				continue
			}
			c := int(cell)
			key := [2]int{min(f, r), max(f, r)}
			k, ok := classOf[key]
			if !ok {
				k = int8(len(classOf))
				classOf[key] = k
			}
			cellClass[0][c], cellClass[1][rotateCell(c)] = k, k
			df, dr := f-4, r-4
			if (df < 0) == (dr < 0) {
				cellRing[c] = int8(max(abs(df), abs(dr)))
			} else {
				cellRing[c] = int8(abs(df) + abs(dr))
			}
			// A man set up on its crowning row counts as one step away.
			runawayDist[0][c] = int8(max(1, 8-max(f, r)))
			runawayDist[1][rotateCell(c)] = runawayDist[0][c]
			for x := hexdame.Cell(1); x <= hexdame.NumCells; x++ {
				if x.File() >= f-1 && x.Rank() >= r-1 && x != cell {
					runawayZone[0][c] |= 1 << x
				}
			}
			runawayZone[1][rotateCell(c)] = rotate(runawayZone[0][c])
			if runawayDist[0][c] <= maxRunaway {
				runawayFrom[0] |= 1 << c
				runawayFrom[1] |= 1 << rotateCell(c)
			}
		}
	}
	defaultEvaluator = newEvaluator(&tunedWeights)
	classicEvaluation = &evaluation{ev: defaultEvaluator}
	initPatterns()
}

// newEvaluator returns an evaluator with weights w.
func newEvaluator(w *[numFeatures]weight) *evaluator {
	ev := &evaluator{w: *w}
	for i, x := range w {
		ev.packed[i] = pack(x.mg, x.eg)
	}
	for c := 1; c <= hexdame.NumCells; c++ {
		k := w[fKingRing+int(cellRing[c])]
		for col := range 2 {
			m := w[fManCell+int(cellClass[col][c])]
			ev.manCellWeight[col][c] = pack(w[fMan].mg+m.mg, w[fMan].eg+m.eg)
			ev.kingCellWeight[col][c] = pack(w[fKing].mg+k.mg, w[fKing].eg+k.eg)
		}
	}
	return ev
}

// featureNames returns the names of the features, for the tuner.
func featureNames() []string {
	names := make([]string, numFeatures)
	names[fMan], names[fKing] = "man", "king"
	for c := hexdame.Cell(1); c <= hexdame.NumCells; c++ {
		if f, r := c.File(), c.Rank(); f <= r {
			mirror, _ := hexdame.CellAt(r, f)
			names[fManCell+int(cellClass[0][c])] = "man on " + c.String() + "/" + mirror.String()
		}
	}
	for i := range 5 {
		names[fKingRing+i] = "king on ring " + string(rune('0'+i))
	}
	names[fKingMobility] = "king mobility"
	for i := range maxRunaway {
		names[fRunaway+i] = "runaway " + string(rune('1'+i)) + " from crowning"
	}
	names[fManMobility] = "man mobility"
	names[fFirstKing] = "first king"
	names[fTempo] = "tempo"
	names[fHanging] = "hanging"
	names[fHoleBehind] = "hole behind"
	names[fHoleAside] = "hole aside"
	return names
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// pack holds a middle-game and an ending value in one integer, so that
// sums of packed values are the packed sums.
func pack(mg, eg int32) int64 { return int64(mg)<<32 + int64(eg) }

func unpack(s int64) (mg, eg int32) { return int32((s + 1<<31) >> 32), int32(s) }

// evaluate returns the value of p, a position whose side to move has no
// capture, for the side to move.
func (ev *evaluator) evaluate(p *hexdame.Position) int {
	v, _ := ev.evaluateMoves(p)
	return v
}

// evaluateMoves returns what evaluate returns, and whether the side to
// move has a legal move (in p, without a capture, a man's step or a
// king's), which the evaluation's structure tells at no cost.
func (ev *evaluator) evaluateMoves(p *hexdame.Position) (int, bool) {
	return ev.evaluateExtra(p, 0)
}

// evaluateExtra returns what evaluateMoves returns with extra, packed
// middle-game and ending values in patternUnits (the pattern
// evaluation's), added to the features' before the taper.
func (ev *evaluator) evaluateExtra(p *hexdame.Position, extra int64) (int, bool) {
	wm, wk := uint64(p.Men(hexdame.White)), uint64(p.Kings(hexdame.White))
	rm, rk := uint64(p.Men(hexdame.Red)), uint64(p.Kings(hexdame.Red))
	s := ev.side(0, wm, wk, rm, rk) - ev.side(1, rm, rk, wm, wk)
	st := structureOf(wm, wk, rm, rk, p.SideToMove())
	s += int64(st.mobile[0]-st.mobile[1])*ev.packed[fManMobility] +
		int64(st.hanging[0]-st.hanging[1])*ev.packed[fHanging] +
		int64(st.behind[0]-st.behind[1])*ev.packed[fHoleBehind] +
		int64(st.aside[0]-st.aside[1])*ev.packed[fHoleAside]
	stm := p.SideToMove()
	if stm == hexdame.White {
		s += ev.packed[fTempo]
	} else {
		s -= ev.packed[fTempo]
	}
	v := taperUnits(s*patternUnit+extra, bits.OnesCount64(wm|wk|rm|rk), patternUnit)
	if wm|rm == 0 && drawishKings(bits.OnesCount64(wk), bits.OnesCount64(rk)) {
		v /= 8
	}
	if stm == hexdame.Red {
		v = -v
	}
	return v, st.mobile[stm&1] > 0 || st.kingMoves
}

// drawishKings reports whether an ending of kings alone, w White's against
// r Red's, is one that Solve finds no win in: one king against one or two,
// and two or more against two or more, are not won within 15 to 21 plies
// from the positions tried, while three kings against one win within 7.
// Such an ending's evaluation is cut to an eighth, so that the search does
// not play for it as for a win (the linear features cannot say so).
func drawishKings(w, r int) bool {
	strong, weak := max(w, r), min(w, r)
	return weak >= 1 && (strong <= 2 || weak >= 2)
}

// taper blends the packed middle-game and ending sums by the number of
// pieces on the board, and keeps the result within ±maxEval.
func taper(s int64, pieces int) int { return taperUnits(s, pieces, 1) }

// taperUnits is taper of packed sums in units of 1/unit of a hundredth
// of a man. (The quotient is truncated as taper's: taperUnits(s*u, n, u)
// is taper(s, n).)
func taperUnits(s int64, pieces int, unit int64) int {
	mg, eg := unpack(s)
	ph := int64(min(pieces, phasePieces))
	v := int((int64(mg)*ph + int64(eg)*(phasePieces-ph)) / (phasePieces * unit))
	return max(-maxEval, min(maxEval, v))
}

// side returns the packed sum of the features of color col (0 White, 1
// Red) with men and kings, against the opponent's.
func (ev *evaluator) side(col int, men, kings, oppMen, oppKings uint64) int64 {
	var s int64
	cells := &ev.manCellWeight[col]
	for b := men; b != 0; b &= b - 1 {
		s += cells[bits.TrailingZeros64(b)]
	}
	if oppKings == 0 {
		zone, dist := &runawayZone[col], &runawayDist[col]
		for b := men & runawayFrom[col]; b != 0; b &= b - 1 {
			if c := bits.TrailingZeros64(b); zone[c]&oppMen == 0 {
				s += ev.packed[fRunaway+int(dist[c])-1]
			}
		}
	}
	if kings != 0 {
		occupied := men | kings | oppMen | oppKings
		reach := 0
		for b := kings; b != 0; b &= b - 1 {
			c := bits.TrailingZeros64(b)
			s += ev.kingCellWeight[col][c]
			reach += kingReach(c, occupied)
		}
		s += int64(reach) * ev.packed[fKingMobility]
		if oppKings == 0 {
			s += ev.packed[fFirstKing]
		}
	}
	return s
}

// The structure: for each side its mobile men (those with an empty cell
// to step to), its men with holes behind them, and the side to move's
// hanging pieces (the other side has none: the side to move would have a
// capture), all from the same shifted bitboards.
type structure struct {
	mobile, hanging, behind, aside [2]int
	kingMoves                      bool // a king of the side to move has an empty neighbor
}

func structureOf(wm, wk, rm, rk uint64, stm hexdame.Color) structure {
	white, red := wm|wk, rm|rk
	empty := allCells &^ (white | red)
	// e[d]: the cells one step in direction d from an empty cell.
	e := [hexdame.NumDirections]uint64{step0(empty), step1(empty), step2(empty), step3(empty), step4(empty), step5(empty)}
	up, upLeft, upRight := hexdame.Up, hexdame.UpLeft, hexdame.UpRight
	down, downLeft, downRight := hexdame.Down, hexdame.DownLeft, hexdame.DownRight
	var s structure
	// A White man on c steps up to c+Up when c is a step Down from an
	// empty cell.
	s.mobile[0] = bits.OnesCount64(wm & (e[down] | e[downLeft] | e[downRight]))
	s.mobile[1] = bits.OnesCount64(rm & (e[up] | e[upLeft] | e[upRight]))
	s.behind[0] = bits.OnesCount64(wm & e[up])
	s.behind[1] = bits.OnesCount64(rm & e[down])
	s.aside[0] = bits.OnesCount64(wm&e[upLeft]) + bits.OnesCount64(wm&e[upRight])
	s.aside[1] = bits.OnesCount64(rm&e[downLeft]) + bits.OnesCount64(rm&e[downRight])
	// A piece on c hangs when an enemy piece is next to it and the cell
	// beyond it, on the same line, is empty, or when it is the first
	// piece an enemy king meets along a line and the cell beyond it is
	// empty.
	own, enemy, enemyKings := white, red, rk
	if stm == hexdame.Red {
		own, enemy, enemyKings = red, white, wk
	}
	h := step0(enemy)&e[downLeft] | step1(enemy)&e[downRight] | step2(enemy)&e[down] |
		step3(enemy)&e[upRight] | step4(enemy)&e[upLeft] | step5(enemy)&e[up]
	for b := enemyKings; b != 0; b &= b - 1 {
		h |= kingTargets(bits.TrailingZeros64(b), white|red, &e)
	}
	s.hanging[stm&1] = bits.OnesCount64(own & h)
	ownKings := wk
	if stm == hexdame.Red {
		ownKings = rk
	}
	s.kingMoves = ownKings&(e[0]|e[1]|e[2]|e[3]|e[4]|e[5]) != 0
	return s
}

// kingTargets returns the pieces a king on c could jump: along each line,
// the first piece it meets, when the cell beyond that piece is empty (e
// as structureOf makes it: e[d] holds the cells one step in direction d
// from an empty cell, so a piece with an empty cell beyond it in direction
// d is in e[d.Opposite()]). The pieces may be of either color. Along
// White's forward directions (0 to 2) the first piece is the lowest cell
// of the ray, along the others the highest (see hexdame.Cell.Ray).
func kingTargets(c int, occupied uint64, e *[hexdame.NumDirections]uint64) uint64 {
	var t uint64
	for d := range 3 {
		if blk := rays[c][d] & occupied; blk != 0 {
			t |= blk & -blk & e[d+3]
		}
	}
	for d := 3; d < hexdame.NumDirections; d++ {
		if blk := rays[c][d] & occupied; blk != 0 {
			t |= 1 << (63 - bits.LeadingZeros64(blk)) & e[d-3]
		}
	}
	return t
}

// kingReach returns the number of empty cells a king on c reaches by
// sliding: along each ray, the cells before the first occupied one.
func kingReach(c int, occupied uint64) int {
	n := 0
	for d := range 3 {
		ray := rays[c][d]
		if blk := ray & occupied; blk != 0 {
			ray &= blk&-blk - 1
		}
		n += bits.OnesCount64(ray)
	}
	for d := 3; d < hexdame.NumDirections; d++ {
		ray := rays[c][d]
		if blk := ray & occupied; blk != 0 {
			ray &^= 2<<(63-bits.LeadingZeros64(blk)) - 1
		}
		n += bits.OnesCount64(ray)
	}
	return n
}

// features returns the feature counts of p, White minus Red, and the
// number of pieces that blends the two weights: evaluate(p) is, for White
// to move, taper of the weights times these counts (for Red, its
// negation).
func features(p *hexdame.Position) (f [numFeatures]int, pieces int) {
	wm, wk := uint64(p.Men(hexdame.White)), uint64(p.Kings(hexdame.White))
	rm, rk := uint64(p.Men(hexdame.Red)), uint64(p.Kings(hexdame.Red))
	sideFeatures(&f, 0, wm, wk, rm, rk)
	sideFeatures(&f, 1, rm, rk, wm, wk)
	stm := p.SideToMove()
	st := structureOf(wm, wk, rm, rk, stm)
	f[fManMobility] = st.mobile[0] - st.mobile[1]
	f[fHanging] = st.hanging[0] - st.hanging[1]
	f[fHoleBehind] = st.behind[0] - st.behind[1]
	f[fHoleAside] = st.aside[0] - st.aside[1]
	sign := 1
	if stm == hexdame.Red {
		sign = -1
	}
	f[fTempo] += sign
	return f, bits.OnesCount64(wm | wk | rm | rk)
}

// sideFeatures adds the features of color col (0 White, 1 Red) to f,
// with a sign: + for White, - for Red.
func sideFeatures(f *[numFeatures]int, col int, men, kings, oppMen, oppKings uint64) {
	sign := 1 - 2*col
	occupied := men | kings | oppMen | oppKings
	for b := men; b != 0; b &= b - 1 {
		c := bits.TrailingZeros64(b)
		f[fMan] += sign
		f[fManCell+int(cellClass[col][c])] += sign
		if oppKings == 0 && runawayFrom[col]&(1<<c) != 0 && runawayZone[col][c]&oppMen == 0 {
			f[fRunaway+int(runawayDist[col][c])-1] += sign
		}
	}
	for b := kings; b != 0; b &= b - 1 {
		c := bits.TrailingZeros64(b)
		f[fKing] += sign
		f[fKingRing+int(cellRing[c])] += sign
		f[fKingMobility] += sign * kingReach(c, occupied)
	}
	if kings != 0 && oppKings == 0 {
		f[fFirstKing] += sign
	}
}
