// Package stats holds the statistics of a match between two players, from
// the first player's point of view: the Elo difference its tally implies,
// with a 95 % interval, the likelihood of superiority, and the sequential
// probability ratio test. hexdame match, the engine's strength tests and
// the tuner use it.
//
// The model is trinomial: each game is an independent draw of 1 point (a
// win), 1/2 (a draw) or 0 (a loss). With n games, W wins, D draws and L
// losses:
//
//	mean      s  = (W + D/2) / n
//	variance  v  = (W (1-s)^2 + D (1/2-s)^2 + L s^2) / n   (of one game)
//	Elo       E(x) = -400 log10(1/x - 1)                  (logistic)
//	interval  E(s - z sqrt(v/n)) .. E(s + z sqrt(v/n)),  z = 1.959964 (95 %)
//	LOS       1/2 (1 + erf((W - L) / sqrt(2 (W + L))))
//
// The games of an opening pair (both colors) are counted as independent,
// which is conservative: the color swap cancels the opening's bias, so the
// pair's two results are correlated and a pentanomial model (pairs as the
// unit) would give a narrower interval.
//
// The SPRT is the generalized SPRT in its normal approximation on logistic
// Elo (the formula of the Chess Programming Wiki's "Match Statistics" page;
// fishtest's current test is a refinement of it on game pairs): with
// s0 = 1/(1+10^(-elo0/400)) and s1 = 1/(1+10^(-elo1/400)),
//
//	LLR = n (s1 - s0) (2s - s0 - s1) / (2 v)
//
// (the log-likelihood ratio of two normal distributions of the mean,
// centered on s1 and s0, with the observed variance). The test accepts H1
// (the first player is stronger by elo1) when LLR >= ln((1-beta)/alpha),
// H0 (by elo0 only) when LLR <= ln(beta/(1-alpha)), and goes on between.
// While v is 0 (all games with one result) the LLR is 0.
package stats

import (
	"fmt"
	"math"
)

// A Tally counts the results of a match from the first player's side.
// Negative counts are not meaningful; the methods treat a tally with no
// games (or a negative total) as no games.
type Tally struct {
	Wins, Draws, Losses int
}

// Add counts a game in which the first player scored points: 1 a win, 0
// a loss, and anything between (1/2) a draw.
func (t *Tally) Add(points float64) {
	switch {
	case points >= 1:
		t.Wins++
	case points <= 0:
		t.Losses++
	default:
		t.Draws++
	}
}

// Games returns the number of games.
func (t Tally) Games() int { return t.Wins + t.Draws + t.Losses }

// Points returns the first player's points: 1 a win, 1/2 a draw.
func (t Tally) Points() float64 { return float64(t.Wins) + float64(t.Draws)/2 }

// Mean returns the first player's mean points per game, 0.5 for no games.
func (t Tally) Mean() float64 {
	n := t.Games()
	if n <= 0 {
		return 0.5
	}
	return t.Points() / float64(n)
}

// Variance returns the variance of one game's points (0 for no games).
func (t Tally) Variance() float64 {
	n := t.Games()
	if n <= 0 {
		return 0
	}
	s := t.Mean()
	return (float64(t.Wins)*(1-s)*(1-s) + float64(t.Draws)*(0.5-s)*(0.5-s) + float64(t.Losses)*s*s) / float64(n)
}

// z95 is the two-sided 95 % quantile of the normal distribution.
const z95 = 1.959963984540054

// Elo returns the Elo difference of the first player over the second that
// the tally implies, and its 95 % interval low..high. An end beyond every
// finite Elo is ±Inf: all wins give +Inf, all losses -Inf, and no games 0
// in (-Inf, +Inf).
func (t Tally) Elo() (elo, low, high float64) {
	n := t.Games()
	if n <= 0 {
		return 0, math.Inf(-1), math.Inf(1)
	}
	s := t.Mean()
	margin := z95 * math.Sqrt(t.Variance()/float64(n))
	return EloOf(s), EloOf(s - margin), EloOf(s + margin)
}

// LOS returns the likelihood of superiority: the probability that the
// first player is the stronger, from the decisive games (0.5 for none).
func (t Tally) LOS() float64 {
	decisive := t.Wins + t.Losses
	if decisive <= 0 {
		return 0.5
	}
	return 0.5 * (1 + math.Erf(float64(t.Wins-t.Losses)/math.Sqrt(2*float64(decisive))))
}

// String writes the tally as "+60 =20 -20 (70.0%, Elo +147 [+86, +218])".
func (t Tally) String() string {
	elo, low, high := t.Elo()
	return fmt.Sprintf("+%d =%d -%d (%.1f%%, Elo %+.0f [%+.0f, %+.0f])", t.Wins, t.Draws, t.Losses, 100*t.Mean(), elo, low, high)
}

// EloOf returns the logistic Elo difference of a mean score: -Inf for 0 or
// less, +Inf for 1 or more, NaN for NaN.
func EloOf(mean float64) float64 {
	switch {
	case mean <= 0:
		return math.Inf(-1)
	case mean >= 1:
		return math.Inf(1)
	}
	return -400 * math.Log10(1/mean-1)
}

// MeanOf returns the expected mean score of an Elo difference, the
// inverse of EloOf: 0 for -Inf, 1 for +Inf.
func MeanOf(elo float64) float64 {
	return 1 / (1 + math.Pow(10, -elo/400))
}

// An SPRT is a sequential probability ratio test of H1, the first player
// is stronger by Elo1, against H0, by Elo0, with error rates Alpha (of
// accepting H1 when H0 holds) and Beta (the other way). A meaningful test
// has Elo0 < Elo1 and Alpha, Beta in (0, 1); the methods compute with
// other values without failing, giving NaN or infinite bounds.
type SPRT struct {
	Elo0, Elo1, Alpha, Beta float64
}

// Bounds returns the LLR bounds: the test accepts H0 at or below lower,
// H1 at or above upper.
func (p SPRT) Bounds() (lower, upper float64) {
	return math.Log(p.Beta / (1 - p.Alpha)), math.Log((1 - p.Beta) / p.Alpha)
}

// LLR returns the log-likelihood ratio of H1 against H0 for tally t; 0
// while the games carry no variance (none, or all with one result).
func (p SPRT) LLR(t Tally) float64 {
	v := t.Variance()
	if v == 0 {
		return 0
	}
	s0, s1 := MeanOf(p.Elo0), MeanOf(p.Elo1)
	return float64(t.Games()) * (s1 - s0) * (2*t.Mean() - s0 - s1) / (2 * v)
}

// A Verdict is what an SPRT concludes. Its value is the word hexdame
// match writes.
type Verdict string

// The verdicts.
const (
	Undecided Verdict = "undecided" // go on playing
	AcceptH0  Verdict = "H0"        // the first player is not stronger by Elo1
	AcceptH1  Verdict = "H1"        // the first player is stronger by Elo1
)

// Verdict returns the test's verdict on tally t.
func (p SPRT) Verdict(t Tally) Verdict {
	llr := p.LLR(t)
	lower, upper := p.Bounds()
	switch {
	case llr >= upper:
		return AcceptH1
	case llr <= lower:
		return AcceptH0
	}
	return Undecided
}
