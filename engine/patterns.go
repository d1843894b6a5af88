package engine

import (
	_ "embed"
	"errors"
	"fmt"
	"hash/crc32"
	"math/bits"
	"strconv"
	"strings"
	"sync"

	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/internal/evalweights"
)

// The pattern evaluation adds to the linear features of eval.go the
// configurations of small regions of the board, as Scan does for
// international draughts: each of the 37 inner cells (those with six
// neighbors) is the center of a hexagon of 7 cells, whose configuration
// (each cell empty, White's or Red's: 3^7 = 2,187 of them; a king counts
// as its color's piece, the linear features tell kings from men) has a
// middle-game and an ending value. The values of the 37 hexagons are
// summed with the linear features' before the taper. The symmetries of the
// rules share the values: a hexagon and its mirror image in the a1-i9
// column have the same value, and the half-turned hexagon with the colors
// swapped the opposite value, so that the evaluation keeps the symmetries
// of TestEvaluateSymmetric. That leaves numPatternWeights values (20,628;
// 54 configurations are their own color-swapped image and are worth 0).
//
// A hexagon's configuration is its index: digit k in base 3 is the state
// (0 empty, 1 White, 2 Red) of its cell k, the cells taken in the order
// of their numbers: (f-1, r-1), (f, r-1), (f-1, r), (f, r), (f+1, r),
// (f, r+1), (f+1, r+1) around the center (f, r), as runs of 2, 3 and 2
// consecutive bits of a bitboard. The search keeps the 37 indexes of each
// position of its line, updated from the cells a move changes (setChild).

const (
	numPatterns    = 37   // hexagons: one around each inner cell
	patternSize    = 7    // cells of a hexagon
	patternConfigs = 2187 // 3^patternSize
	// patternUnit is the pattern values' unit: a sixteenth of a hundredth
	// of a man (evalweights.PatternUnit).
	patternUnit = evalweights.PatternUnit
)

// patternIndexes holds the configuration of each hexagon.
type patternIndexes [numPatterns]uint16

// A patternRef is a hexagon that holds a cell, and the cell's power of 3
// in its index.
type patternRef struct {
	pattern uint8
	pow     uint16
}

// Pattern tables, made by initPatterns.
var (
	// patternCells[p][k] is cell k of hexagon p.
	patternCells [numPatterns][patternSize]int
	// patternShifts[p] are the first bits of hexagon p's three runs.
	patternShifts [numPatterns][3]uint8
	// cellPatterns[c][:cellPatternCount[c]] are the hexagons holding c.
	cellPatterns     [64][patternSize]patternRef
	cellPatternCount [64]uint8
	// ternary[m] is the base-3 number with the binary digits of m.
	ternary [1 << patternSize]uint16
)

// numPatternWeights is the number of values the symmetries leave to the
// hexagons' configurations (patternSlots counts them:
// TestPatternIndexes).
const numPatternWeights = 20628

// initPatterns makes the pattern tables: eval.go's init calls it, after
// the tables it needs.
func initPatterns() {
	n := 0
	for c := 1; c <= hexdame.NumCells; c++ {
		if cellRing[c] > 3 {
			continue
		}
		f, r := hexdame.Cell(c).File(), hexdame.Cell(c).Rank()
		for k, d := range [patternSize][2]int{{-1, -1}, {0, -1}, {-1, 0}, {0, 0}, {1, 0}, {0, 1}, {1, 1}} {
			x, _ := hexdame.CellAt(f+d[0], r+d[1])
			patternCells[n][k] = int(x)
			cellPatterns[x][cellPatternCount[x]] = patternRef{uint8(n), pow3(k)}
			cellPatternCount[x]++
		}
		cells := &patternCells[n]
		patternShifts[n] = [3]uint8{uint8(cells[0]), uint8(cells[2]), uint8(cells[5])}
		n++
	}
	for m := range ternary {
		for k := range patternSize {
			if m&(1<<k) != 0 {
				ternary[m] += pow3(k)
			}
		}
	}
}

// A patternSlotTable gives each hexagon's configurations their weights:
// configuration i of hexagon p is worth weight slot-1 for a positive
// slot, minus weight -slot-1 for a negative one, and 0 for slot 0.
type patternSlotTable [numPatterns][patternConfigs]int32

// patternSlots returns the slots, made at the first call (a few
// milliseconds: the classic evaluation never needs them).
var patternSlots = sync.OnceValue(func() *patternSlotTable {
	// The symmetries: the mirror image keeps the colors, the half turn
	// and the half turn of the mirror image swap them (and the value's
	// sign). Each maps hexagon p to hexagon to[p], its cell k to cell
	// perm[p][k] there.
	mirror := func(c int) int {
		m, _ := hexdame.CellAt(hexdame.Cell(c).Rank(), hexdame.Cell(c).File())
		return int(m)
	}
	type symmetry struct {
		to   [numPatterns]int
		perm [numPatterns][patternSize]int
		swap bool
	}
	var syms [3]symmetry
	for s, cell := range []func(int) int{mirror, rotateCell, func(c int) int { return rotateCell(mirror(c)) }} {
		sym := &syms[s]
		sym.swap = s > 0
		for p := range numPatterns {
			for q := range numPatterns {
				if patternCells[q][patternSize/2] == cell(patternCells[p][patternSize/2]) {
					sym.to[p] = q
				}
			}
			for k, c := range patternCells[p] {
				for kq, cq := range patternCells[sym.to[p]] {
					if cq == cell(c) {
						sym.perm[p][k] = kq
					}
				}
			}
		}
	}
	// Each orbit's value is its first member's: the members are visited
	// in order, and a member's slot is its first image's, which comes
	// before it (the images of a member are the orbit).
	slots := new(patternSlotTable)
	n := int32(0)
	for p := range numPatterns {
		for i := range patternConfigs {
			var digits [patternSize]int
			for k, x := 0, i; k < patternSize; k, x = k+1, x/3 {
				digits[k] = x % 3
			}
			slot, zero := int32(0), false
			first := p*patternConfigs + i
			for s := range syms {
				sym := &syms[s]
				q, j := sym.to[p], 0
				for k, d := range digits {
					if sym.swap && d != 0 {
						d = 3 - d
					}
					j += d * int(pow3(sym.perm[p][k]))
				}
				sign := int32(1)
				if sym.swap {
					sign = -1
				}
				if q == p && j == i && sign < 0 {
					zero = true
				}
				if k := q*patternConfigs + j; k < first {
					first, slot = k, sign*slots[q][j]
				}
			}
			switch {
			case zero:
				slot = 0
			case first == p*patternConfigs+i:
				n++
				slot = n
			}
			slots[p][i] = slot
		}
	}
	return slots
})

// pow3 returns 3^k.
func pow3(k int) uint16 {
	n := uint16(1)
	for range k {
		n *= 3
	}
	return n
}

// evalLayout returns the fingerprint of the evaluation's features, which
// a weights file carries: the CRC-32 of the linear features' names and a
// description of the hexagons. A file made for other features is refused.
var evalLayout = sync.OnceValue(func() uint32 {
	var b strings.Builder
	b.WriteString("hexdame evaluation\n")
	for _, n := range featureNames() {
		b.WriteString(n + "\n")
	}
	b.WriteString("hexagons: " + strconv.Itoa(numPatterns) + " of " + strconv.Itoa(patternSize) +
		" cells, empty/White/Red, mirror and color symmetry, " + strconv.Itoa(numPatternWeights) + " weights\n")
	return crc32.ChecksumIEEE([]byte(b.String()))
})

// gather returns the bits of b on hexagon p's cells, cell k as bit k.
func gather(b uint64, s *[3]uint8) uint64 {
	return b>>s[0]&3 | (b>>s[1]&7)<<2 | (b>>s[2]&3)<<5
}

// setPatterns sets idx to the configurations of position p's hexagons.
func setPatterns(idx *patternIndexes, p *hexdame.Position) {
	white, red := uint64(p.Pieces(hexdame.White)), uint64(p.Pieces(hexdame.Red))
	for i := range idx {
		s := &patternShifts[i]
		idx[i] = ternary[gather(white, s)] + 2*ternary[gather(red, s)]
	}
}

// updatePatterns changes idx, the configurations of position from's
// hexagons, into those of position to's: only the hexagons of the cells
// that differ change.
func updatePatterns(idx *patternIndexes, from, to *hexdame.Position) {
	movePieces(idx, uint64(from.Pieces(hexdame.White)), uint64(to.Pieces(hexdame.White)), 1)
	movePieces(idx, uint64(from.Pieces(hexdame.Red)), uint64(to.Pieces(hexdame.Red)), 2)
}

// movePieces changes idx for one color's pieces going from the cells
// before to the cells after, digit being the color's digit. (The
// arithmetic is modulo 2^16: the indexes end where they should.)
func movePieces(idx *patternIndexes, before, after uint64, digit uint16) {
	for b := before ^ after; b != 0; b &= b - 1 {
		c := bits.TrailingZeros64(b)
		d := digit
		if after&(1<<c) == 0 {
			d = -digit
		}
		for _, r := range cellPatterns[c][:cellPatternCount[c]] {
			idx[r.pattern] += d * r.pow
		}
	}
}

// A patternTable holds each hexagon's value by configuration, packed (see
// pack) in patternUnits, with the symmetries' signs applied.
type patternTable [numPatterns][patternConfigs]int64

// sum returns the packed value of the configurations idx.
func (pt *patternTable) sum(idx *patternIndexes) int64 {
	var s int64
	for p, i := range idx {
		s += pt[p][i]
	}
	return s
}

// An evaluation is the linear evaluator and, for the pattern evaluation,
// the hexagons' values (nil for the linear features alone).
type evaluation struct {
	ev       *evaluator
	patterns *patternTable
}

// errLayout is wrapped by the error for a weights file of other features.
var errLayout = errors.New("weights for other features")

// newEvaluation returns the evaluation with the weights of file f: its
// linear weights, and its pattern weights if it has any. A file of
// another layout, or with other counts, is an error.
func newEvaluation(f *evalweights.File) (*evaluation, error) {
	switch {
	case f.Layout != evalLayout():
		return nil, fmt.Errorf("%w: layout %08x, the engine's is %08x", errLayout, f.Layout, evalLayout())
	case len(f.Linear) != numFeatures:
		return nil, fmt.Errorf("%w: %d linear weights, the engine has %d", errLayout, len(f.Linear), numFeatures)
	case len(f.Patterns) != 0 && len(f.Patterns) != numPatternWeights:
		return nil, fmt.Errorf("%w: %d pattern weights, the engine has %d", errLayout, len(f.Patterns), numPatternWeights)
	}
	var w [numFeatures]weight
	for i, x := range f.Linear {
		w[i] = weight{x[0], x[1]}
	}
	e := &evaluation{ev: newEvaluator(&w)}
	if len(f.Patterns) > 0 {
		pt, slots := new(patternTable), patternSlots()
		for p := range pt {
			for i, slot := range slots[p] {
				switch {
				case slot > 0:
					x := f.Patterns[slot-1]
					pt[p][i] = pack(int32(x[0]), int32(x[1]))
				case slot < 0:
					x := f.Patterns[-slot-1]
					pt[p][i] = -pack(int32(x[0]), int32(x[1]))
				}
			}
		}
		e.patterns = pt
	}
	return e, nil
}

// evaluateMoves returns the value of the position p, whose hexagons'
// configurations are idx, as evaluator.evaluateMoves does.
func (e *evaluation) evaluateMoves(p *hexdame.Position, idx *patternIndexes) (int, bool) {
	var extra int64
	if e.patterns != nil {
		extra = e.patterns.sum(idx)
	}
	return e.ev.evaluateExtra(p, extra)
}

// patternsFile is the weights file of the pattern evaluation (see package
// evalweights for its format).
//
//go:embed patterns.hxw
var patternsFile []byte

// embeddedPatterns returns the pattern evaluation of patternsFile, made
// at its first call, or the error of reading the file.
var embeddedPatterns = sync.OnceValues(func() (*evaluation, error) {
	f, err := evalweights.Decode(patternsFile)
	if err != nil {
		return nil, fmt.Errorf("engine/patterns.hxw: %w", err)
	}
	return newEvaluation(f)
})
