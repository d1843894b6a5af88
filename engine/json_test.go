package engine

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/hexdame/hexdame"
	"pgregory.net/rapid"
)

func TestScoreText(t *testing.T) {
	for _, tc := range []struct {
		score Score
		text  string
	}{
		{0, "+0.00"}, {75, "+0.75"}, {-120, "-1.20"}, {-5, "-0.05"}, {winBound, "+290.00"},
		{-winBound, "-290.00"}, {WinScore - 7, "win 7"}, {-WinScore, "loss 0"}, {-(WinScore - 2), "loss 2"},
		{WinScore - 999, "win 999"},
	} {
		got, err := tc.score.MarshalText()
		if err != nil || string(got) != tc.text {
			t.Errorf("%d: %q, %v; want %q", int32(tc.score), got, err, tc.text)
		}
		back, err := ParseScore(tc.text)
		if err != nil || back != tc.score {
			t.Errorf("ParseScore(%q) = %d, %v; want %d", tc.text, int32(back), err, int32(tc.score))
		}
	}
	for _, bad := range []string{"", "0", "+0", "+0.7", "0.75", "+00.75", "+1.-5", "+1.+5", "++1.00", "+291.00",
		"+1000.00", "win", "win -1", "win +3", "win 1000", "loss x", "win 7 ", " +0.75", "+0.750", "draw"} {
		// The error says the forms of a score (issue 27).
		if s, err := ParseScore(bad); !errors.Is(err, ErrScoreSyntax) || !strings.HasSuffix(err.Error(), ": want men with a sign and two decimals (+0.75), win N or loss N") {
			t.Errorf("ParseScore(%q) = %d, %v", bad, int32(s), err)
		}
		s := Score(42)
		if err := s.UnmarshalText([]byte(bad)); err == nil || s != 42 {
			t.Errorf("UnmarshalText(%q) changed the score to %d (%v)", bad, int32(s), err)
		}
	}
	for _, s := range []Score{WinScore + 1, -WinScore - 1} {
		if _, err := s.MarshalText(); !errors.Is(err, ErrScoreSyntax) {
			t.Errorf("%d marshalled: %v", int32(s), err)
		}
	}
}

// Every score a search can give reads back from its text.
func TestPropertyScoreText(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := Score(rapid.Int32Range(-int32(WinScore), int32(WinScore)).Draw(t, "score"))
		text, err := s.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		var back Score
		if err := back.UnmarshalText(text); err != nil || back != s {
			t.Fatalf("%d -> %q -> %d, %v", int32(s), text, int32(back), err)
		}
	})
}

// A Solution and an Analysis marshal with lowercase keys, their moves as the
// rules package's Move objects, and read back.
func TestJSON(t *testing.T) {
	var e Engine
	p := hexdame.MustParseFEN("W:Wa1,b1:Ba3")
	sol, err := e.Solve(context.Background(), p, 5, SolveOptions{All: true})
	if err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(Solution{Win: true, Plies: 3, Line: sol.Line[:1], Keys: sol.Keys[:1], Nodes: 40})
	if err != nil {
		t.Fatal(err)
	}
	key := sol.Line[0]
	from, to := key.From().String(), key.To().String()
	want := `{"win":true,"plies":3,"line":[{"from":"` + from + `","to":"` + to + `","captured":[]}],` +
		`"keys":[{"move":{"from":"` + from + `","to":"` + to + `","captured":[]},"plies":3}],"nodes":40}`
	if string(data) != want {
		t.Errorf("got  %s\nwant %s", data, want)
	}
	data, err = json.Marshal(sol)
	if err != nil {
		t.Fatal(err)
	}
	var solBack Solution
	if err := json.Unmarshal(data, &solBack); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(sol, solBack, cmp.Comparer(func(a, b hexdame.Move) bool { return a == b })); diff != "" {
		t.Errorf("Solution round trip (-want +got):\n%s", diff)
	}

	res, err := e.Search(context.Background(), p, SearchOptions{MultiPV: 2, Limits: Limits{Depth: 4}})
	if err != nil {
		t.Fatal(err)
	}
	data, err = json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(data, &fields); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"move", "score", "pv", "lines", "depth", "seldepth", "nodes", "time"} {
		if _, ok := fields[k]; !ok {
			t.Errorf("no %q in %s", k, data)
		}
	}
	if got, want := string(fields["score"]), `"`+res.Score.String()+`"`; got != want {
		t.Errorf("score %s, want %s", got, want)
	}
	var resBack Analysis
	if err := json.Unmarshal(data, &resBack); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(res, resBack, cmp.Comparer(func(a, b hexdame.Move) bool { return a == b })); diff != "" {
		t.Errorf("Analysis round trip (-want +got):\n%s", diff)
	}
}
