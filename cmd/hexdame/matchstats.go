package main

import "math"

// The statistics of hexdame match, from the first engine's point of view.
//
// The model is trinomial: each game is an independent draw of 1 (a win),
// 1/2 (a draw) or 0 (a loss). With n games, W wins, D draws and L losses:
//
//	score     s  = (W + D/2) / n
//	variance  v  = (W (1-s)^2 + D (1/2-s)^2 + L s^2) / n   (per game)
//	Elo       E(x) = -400 log10(1/x - 1)                  (logistic)
//	interval  E(s - z sqrt(v/n)) .. E(s + z sqrt(v/n)),  z = 1.959964 (95 %)
//	LOS       1/2 (1 + erf((W - L) / sqrt(2 (W + L))))
//
// The games of an opening pair (both colours) are counted as independent,
// which is conservative: the colour swap cancels the opening's bias, so the
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
// (the log-likelihood ratio of two normal distributions of the mean score,
// centred on s1 and s0, with the observed variance). The test accepts H1
// (the first engine is stronger by elo1) when LLR >= ln((1-beta)/alpha),
// H0 (by elo0 only) when LLR <= ln(beta/(1-alpha)), and goes on between.
// While v is 0 (all games with one result) the LLR is 0.

// tally counts the results of a match from the first engine's side.
type tally struct {
	wins, draws, losses int
}

func (t tally) games() int { return t.wins + t.draws + t.losses }

// score returns the mean score per game (0.5 for no games).
func (t tally) score() float64 {
	n := t.games()
	if n == 0 {
		return 0.5
	}
	return (float64(t.wins) + float64(t.draws)/2) / float64(n)
}

// variance returns the variance of one game's score.
func (t tally) variance() float64 {
	n := t.games()
	if n == 0 {
		return 0
	}
	s := t.score()
	return (float64(t.wins)*(1-s)*(1-s) + float64(t.draws)*(0.5-s)*(0.5-s) + float64(t.losses)*s*s) / float64(n)
}

// eloOf returns the logistic Elo difference of a score: -Inf for 0 or less,
// +Inf for 1 or more.
func eloOf(s float64) float64 {
	switch {
	case s <= 0:
		return math.Inf(-1)
	case s >= 1:
		return math.Inf(1)
	}
	return -400 * math.Log10(1/s-1)
}

// scoreOf returns the expected score of an Elo difference.
func scoreOf(elo float64) float64 {
	return 1 / (1 + math.Pow(10, -elo/400))
}

// z95 is the two-sided 95 % quantile of the normal distribution.
const z95 = 1.959963984540054

// elo returns the Elo difference and its 95 % interval.
func (t tally) elo() (elo, low, high float64) {
	n := t.games()
	s := t.score()
	if n == 0 {
		return 0, math.Inf(-1), math.Inf(1)
	}
	margin := z95 * math.Sqrt(t.variance()/float64(n))
	return eloOf(s), eloOf(s - margin), eloOf(s + margin)
}

// los returns the likelihood of superiority: the probability that the
// first engine is the stronger, from the decisive games.
func (t tally) los() float64 {
	decisive := t.wins + t.losses
	if decisive == 0 {
		return 0.5
	}
	return 0.5 * (1 + math.Erf(float64(t.wins-t.losses)/math.Sqrt(2*float64(decisive))))
}

// sprt is a sequential probability ratio test.
type sprt struct {
	elo0, elo1, alpha, beta float64
}

// bounds returns the LLR bounds: accept H0 at or below lower, H1 at or
// above upper.
func (p sprt) bounds() (lower, upper float64) {
	return math.Log(p.beta / (1 - p.alpha)), math.Log((1 - p.beta) / p.alpha)
}

// llr returns the log-likelihood ratio of H1 against H0 for the tally.
func (p sprt) llr(t tally) float64 {
	v := t.variance()
	if v == 0 {
		return 0
	}
	s0, s1 := scoreOf(p.elo0), scoreOf(p.elo1)
	return float64(t.games()) * (s1 - s0) * (2*t.score() - s0 - s1) / (2 * v)
}

// verdict returns "H1", "H0" or "undecided".
func (p sprt) verdict(t tally) string {
	llr := p.llr(t)
	lower, upper := p.bounds()
	switch {
	case llr >= upper:
		return "H1"
	case llr <= lower:
		return "H0"
	}
	return "undecided"
}
