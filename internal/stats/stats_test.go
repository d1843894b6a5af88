package stats

import (
	"math"
	"testing"
)

func near(a, b, tol float64) bool {
	if math.IsInf(b, 0) {
		return a == b
	}
	return math.Abs(a-b) <= tol
}

// The figures by hand, for 10 wins, 20 draws, 10 losses: s = 0.5,
// v = (10·0.25 + 20·0 + 10·0.25)/40 = 0.125, sqrt(v/n) = 0.0559017, so the
// interval of the mean is 0.5 ± 1.959964·0.0559017 = 0.5 ± 0.109566 and
// E(0.609566) = -400·log10(1/0.609566 - 1) = -400·log10(0.640513) = 77.39.
// For elo0 = 0, elo1 = 10: s0 = 0.5, s1 = 1/(1+10^-0.025) = 0.514387, and
// LLR = 40·0.014387·(1 - 0.5 - 0.514387)/(2·0.125) = -0.03312. The other
// rows were computed with the same formulas in double precision.
func TestMatchStatistics(t *testing.T) {
	tests := []struct {
		t                    Tally
		mean, elo, lo, hi    float64
		los                  float64
		llr0to10, llrMinus50 float64 // LLR for (0, 10) and (-5, 0)
	}{
		{Tally{10, 20, 10}, 0.5, 0, -77.3887439093, 77.3887439093, 0.5, -0.0331185709, math.NaN()},
		{Tally{60, 20, 20}, 0.7, 147.1907141178, 86.2250152003, 218.2517776411, 0.9999961279, 1.7337133119, math.NaN()},
		{Tally{3, 1, 0}, 0.875, 338.0392160057, 117.4194849060, math.Inf(1), 0.9583677417, math.NaN(), math.NaN()},
		{Tally{120, 300, 80}, 0.54, 27.8543712566, 8.6908720512, 47.1886725900, 0.9976611325, math.NaN(), 1.5939424226},
	}
	for _, tt := range tests {
		elo, lo, hi := tt.t.Elo()
		if !near(tt.t.Mean(), tt.mean, 1e-12) || !near(elo, tt.elo, 1e-6) || !near(lo, tt.lo, 1e-6) || !near(hi, tt.hi, 1e-6) || !near(tt.t.LOS(), tt.los, 1e-9) {
			t.Errorf("%+v: mean %v, elo %v [%v, %v], los %v", tt.t, tt.t.Mean(), elo, lo, hi, tt.t.LOS())
		}
		if !math.IsNaN(tt.llr0to10) {
			if got := (SPRT{0, 10, 0.05, 0.05}).LLR(tt.t); !near(got, tt.llr0to10, 1e-8) {
				t.Errorf("%+v: LLR(0,10) = %v, want %v", tt.t, got, tt.llr0to10)
			}
		}
		if !math.IsNaN(tt.llrMinus50) {
			if got := (SPRT{-5, 0, 0.05, 0.05}).LLR(tt.t); !near(got, tt.llrMinus50, 1e-8) {
				t.Errorf("%+v: LLR(-5,0) = %v, want %v", tt.t, got, tt.llrMinus50)
			}
		}
	}
	if got := (SPRT{0, 5, 0.05, 0.05}).LLR(Tally{120, 300, 80}); !near(got, 1.3308875405, 1e-8) {
		t.Errorf("LLR(0,5) = %v", got)
	}
}

func TestSPRTBoundsAndVerdict(t *testing.T) {
	p := SPRT{0, 10, 0.05, 0.05}
	lower, upper := p.Bounds()
	if !near(lower, -2.9444389792, 1e-9) || !near(upper, 2.9444389792, 1e-9) {
		t.Errorf("bounds %v %v", lower, upper)
	}
	if v := p.Verdict(Tally{10, 20, 10}); v != Undecided {
		t.Errorf("verdict %s", v)
	}
	if v := p.Verdict(Tally{600, 200, 200}); v != AcceptH1 {
		t.Errorf("a clear win: %s (LLR %v)", v, p.LLR(Tally{600, 200, 200}))
	}
	if v := p.Verdict(Tally{3000, 4000, 3000}); v != AcceptH0 {
		t.Errorf("equal: %s (LLR %v)", v, p.LLR(Tally{3000, 4000, 3000}))
	}
	// Games all of one result carry no variance: no decision.
	if llr := p.LLR(Tally{5, 0, 0}); llr != 0 {
		t.Errorf("all wins: LLR %v", llr)
	}
}

func TestMatchStatisticsEdges(t *testing.T) {
	var none Tally
	if elo, lo, hi := none.Elo(); elo != 0 || !math.IsInf(lo, -1) || !math.IsInf(hi, 1) || none.LOS() != 0.5 || none.Mean() != 0.5 {
		t.Errorf("no games: %v %v %v", elo, lo, hi)
	}
	if elo, _, _ := (Tally{0, 0, 4}).Elo(); !math.IsInf(elo, -1) {
		t.Errorf("all losses: %v", elo)
	}
	if s := MeanOf(EloOf(0.8)); !near(s, 0.8, 1e-12) {
		t.Errorf("MeanOf(EloOf(0.8)) = %v", s)
	}
}

func TestTallyString(t *testing.T) {
	tests := []struct {
		t    Tally
		want string
	}{
		{Tally{60, 20, 20}, "+60 =20 -20 (70.0%, Elo +147 [+86, +218])"},
		{Tally{3, 1, 0}, "+3 =1 -0 (87.5%, Elo +338 [+117, +Inf])"},
		{Tally{}, "+0 =0 -0 (50.0%, Elo +0 [-Inf, +Inf])"},
	}
	for _, tt := range tests {
		if got := tt.t.String(); got != tt.want {
			t.Errorf("%#v: %q, want %q", tt.t, got, tt.want)
		}
	}
}

func TestTallyAdd(t *testing.T) {
	var tally Tally
	for _, p := range []float64{1, 0.5, 0, 1, 0.5, 1} {
		tally.Add(p)
	}
	if tally != (Tally{3, 2, 1}) || tally.Points() != 4 {
		t.Errorf("%+v, %v points", tally, tally.Points())
	}
}
