package hexdame

import (
	"encoding/json"
	"errors"
	"math"
	"testing"
)

// Tests of outcome.go: results and their text, the outcome of a side
// with no legal move, the king-move draw rule, and an Outcome's JSON.

// A side with no legal move has lost, whether it has no piece left or its
// pieces cannot move (not drawn); the result set on the game cannot say
// otherwise. The start position is not lost.
func TestRulesLoss(t *testing.T) {
	for _, tc := range []struct {
		fen  string
		want Outcome
	}{
		{"W:Wa1:Ba2,b1,b2,a3,c1,c3", Outcome{RedWins, NoLegalMove}},
		{"B:Wg7,g9,h8,h9,i7,i8:Bi9", Outcome{WhiteWins, NoLegalMove}},
		{"W:W:Bi9", Outcome{RedWins, NoLegalMove}},
		{"B:Wa1:B", Outcome{WhiteWins, NoLegalMove}},
	} {
		p := MustParseFEN(tc.fen)
		g := NewGameFrom(p)
		if o := g.Outcome(); o != tc.want || p.CountLegalMoves() > 0 {
			t.Errorf("%s: Outcome() = %v with %d legal moves, want %v", tc.fen, o, p.CountLegalMoves(), tc.want)
		}
		if err := g.SetResult(Draw); !errors.Is(err, ErrResultMismatch) {
			t.Errorf("%s: SetResult(Draw) = %v, want a mismatch", tc.fen, err)
		}
	}
	if NewGame().Outcome().IsOver() || StartPosition().CountLegalMoves() == 0 {
		t.Error("the start position is lost")
	}
}

func TestParseResult(t *testing.T) {
	for s, want := range map[string]Result{
		"2-0": WhiteWins, "1-0": WhiteWins, "0-2": RedWins, "0-1": RedWins,
		"1-1": Draw, "1/2-1/2": Draw, "0-0": BothLose, "*": NoResult,
	} {
		if got, err := ParseResult(s); err != nil || got != want {
			t.Errorf("ParseResult(%q) = %v, %v", s, got, err)
		}
	}
	for _, s := range []string{"", "4-6", "2-1", "draw"} {
		if _, err := ParseResult(s); !errors.Is(err, ErrSyntax) {
			t.Errorf("ParseResult(%q): %v", s, err)
		}
	}
	if WhiteWins.String() != "2-0" || NoResult.String() != "*" {
		t.Error("Result.String")
	}
}

func TestDrawRulesKingMoves(t *testing.T) {
	shuffle := []string{"a1-b1", "i9-h9", "b1-c1", "h9-g9", "c1-d1", "g9-f9", "d1-e1", "f9-e9"}
	g := NewGameFrom(MustParseFEN("W:WKa1,a3:BKi9"))
	playAll(t, g, shuffle...)
	if g.Outcome().IsOver() {
		t.Fatalf("over without draw rules: %v", g.Outcome())
	}
	g.SetDrawRules(DrawRules{KingMoves: 4})
	if o := g.Outcome(); o != (Outcome{Draw, KingMoveRule}) {
		t.Errorf("after 4 king moves each: %v", o)
	}
	if _, err := playText(g, "e1-e2"); !errors.Is(err, ErrGameOver) {
		t.Errorf("move after the draw: %v", err)
	}
	g.Undo()
	if g.Outcome().IsOver() {
		t.Errorf("after undoing one ply: %v", g.Outcome())
	}
	// A man move starts the count again.
	g = NewGameFrom(MustParseFEN("W:WKa1,a3:BKi9"))
	g.SetDrawRules(DrawRules{KingMoves: 4})
	playAll(t, g, shuffle[:6]...)
	playAll(t, g, "a3-a4", "f9-e9", "d1-e1", "e9-f9", "e1-d1", "f9-g9", "d1-c1", "g9-h9")
	if g.Outcome().IsOver() {
		t.Errorf("7 plies after a man move: %v", g.Outcome())
	}
	playAll(t, g, "c1-b1")
	if g.Outcome().Reason != KingMoveRule {
		t.Errorf("8 plies after a man move: %v", g.Outcome())
	}
}

// A king-move rule too large to count to never draws: the count does not
// overflow.
func TestTrapDrawRulesOverflow(t *testing.T) {
	for _, k := range []int{math.MaxInt, 1 << 62, math.MaxInt / 2} {
		g := NewGame()
		g.SetDrawRules(DrawRules{KingMoves: k})
		if o := g.Outcome(); o.IsOver() {
			t.Errorf("KingMoves %d: the start position is %v", k, o)
		}
	}
	// The rule still counts: one king move each after the last man move.
	g2 := NewGameFrom(MustParseFEN("W:WKa1,a3:BKi9,i7"))
	g2.SetDrawRules(DrawRules{KingMoves: 1})
	for _, s := range []string{"a1-b1", "i9-h9"} {
		if _, err := playText(g2, s); err != nil {
			t.Fatal(err)
		}
	}
	if o := g2.Outcome(); o != (Outcome{Draw, KingMoveRule}) {
		t.Errorf("KingMoves 1 after a king move each: %v", o)
	}
}

// An Outcome encodes its result as PDN writes it and its reason in
// words, and decodes back; values beyond the constants do not encode, and
// JSON that names none does not decode.
func TestOutcomeJSON(t *testing.T) {
	for r := NoResult; r <= BothLose; r++ {
		for reason := NotOver; reason <= KingMoveRule; reason++ {
			o := Outcome{r, reason}
			js, err := json.Marshal(o)
			if err != nil {
				t.Fatal(err)
			}
			var back Outcome
			if err := json.Unmarshal(js, &back); err != nil || back != o {
				t.Errorf("%s reads back as %v, %v", js, back, err)
			}
		}
	}
	if js, _ := json.Marshal(Outcome{RedWins, NoLegalMove}); string(js) != `{"result":"0-2","reason":"no legal move"}` {
		t.Errorf("Outcome: %s", js)
	}
	for _, o := range []Outcome{{Result(9), NotOver}, {Draw, Reason(99)}} {
		if _, err := json.Marshal(o); !errors.Is(err, ErrInvalid) {
			t.Errorf("%+v marshals: %v", o, err)
		}
	}
	want := Outcome{Draw, Agreement}
	for _, js := range []string{`{"result":"3-0","reason":"agreement"}`, `{"result":"1-1","reason":"boredom"}`, `"1-1"`, `{"result":1}`} {
		o := want
		if err := json.Unmarshal([]byte(js), &o); !errors.Is(err, ErrSyntax) || o != want {
			t.Errorf("%s decodes: %v, %v", js, o, err)
		}
	}
	var o Outcome
	if err := json.Unmarshal([]byte(`{"result":"1/2-1/2","reason":"Repetition"}`), &o); err != nil || o != (Outcome{Draw, Repetition}) {
		t.Errorf("another form of a result, a reason in another case: %v, %v", o, err)
	}
}
