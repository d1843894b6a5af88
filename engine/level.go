package engine

import "math"

// Skill levels. A level below MaxLevel searches to a limited depth and
// number of nodes, scores every root move, and plays the move whose score
// plus a random error is best: the error is drawn from a normal
// distribution whose spread shrinks as the level rises, so a weak level
// misjudges close moves often and clear ones seldom. TestStrengthLevels and
// doc/BENCHMARKS.md ("Engine level ladder") measure each level against the one
// below.
type level struct {
	depth int     // the deepest iteration, 0 for no limit
	nodes int64   // the most nodes, 0 for no limit
	noise float64 // the spread of the error, in hundredths of a man
}

var levels = [MaxLevel + 1]level{
	1:  {depth: 1, noise: 250},
	2:  {depth: 1, noise: 120},
	3:  {depth: 2, noise: 80},
	4:  {depth: 3, noise: 50},
	5:  {depth: 4, noise: 30},
	6:  {depth: 5, noise: 20},
	7:  {depth: 5, noise: 10},
	8:  {nodes: 5000},
	9:  {nodes: 12000},
	10: {},
}

// chooseWithError returns res with the move chosen by the level's error
// among res's lines (every legal move), the chosen line first and then
// the best others, as many lines as multiPV in all.
func (e *Engine) chooseWithError(res Analysis, lv level, multiPV int) Analysis {
	best, bestValue := 0, math.Inf(-1)
	for i, l := range res.Lines {
		v := float64(l.Score) + lv.noise*e.rng.normal()
		if v > bestValue {
			best, bestValue = i, v
		}
	}
	l := res.Lines[best]
	res.Move, res.Score, res.PV = l.Move, l.Score, l.PV
	lines := append([]Line{l}, res.Lines[:best]...)
	lines = append(lines, res.Lines[best+1:]...)
	res.Lines = lines[:min(len(lines), max(1, multiPV))]
	return res
}

// rng is a SplitMix64 generator.
type rng struct{ state uint64 }

func newRNG(seed uint64) rng { return rng{seed} }

func (r *rng) next() uint64 {
	r.state += 0x9E3779B97F4A7C15
	z := r.state
	z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
	z = (z ^ z>>27) * 0x94D049BB133111EB
	return z ^ z>>31
}

// float returns a number in [0, 1).
func (r *rng) float() float64 { return float64(r.next()>>11) / (1 << 53) }

// normal returns a number drawn from the standard normal distribution
// (Box-Muller).
func (r *rng) normal() float64 {
	u := r.float()
	for u == 0 {
		u = r.float()
	}
	return math.Sqrt(-2*math.Log(u)) * math.Cos(2*math.Pi*r.float())
}
