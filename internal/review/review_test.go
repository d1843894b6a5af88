package review

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/endgame"
	"github.com/hexdame/hexdame/engine"
)

// play returns the game of the moves from the position fen (the start
// position when "").
func play(t testing.TB, fen string, moves ...string) *hexdame.Game {
	t.Helper()
	p := hexdame.StartPosition()
	if fen != "" {
		var err error
		if p, err = hexdame.ParseFEN(fen); err != nil {
			t.Fatal(err)
		}
	}
	g := hexdame.NewGameFrom(p)
	for _, s := range moves {
		m, err := g.Position().ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// pdn writes g and reads it back.
func pdn(t testing.TB, g *hexdame.Game) (string, *hexdame.Game) {
	t.Helper()
	var b bytes.Buffer
	if err := hexdame.NewWriter(&b).WriteGame(g, g.Notation()); err != nil {
		t.Fatal(err)
	}
	back, err := hexdame.NewReader(strings.NewReader(b.String())).ReadGame()
	if err != nil {
		t.Fatalf("the reviewed game does not read back: %v\n%s", err, b.String())
	}
	return b.String(), back
}

// oneSpace returns s with each run of white space one space.
func oneSpace(s string) string { return strings.Join(strings.Fields(s), " ") }

func newEngine(t testing.TB) *engine.Engine {
	t.Helper()
	e, err := engine.New(engine.Options{HashMiB: 16})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func TestFormatParseEval(t *testing.T) {
	for _, tc := range []struct {
		white engine.Score
		text  string
	}{
		{0, "[%eval +0.00]"},
		{35, "[%eval +0.35]"},
		{-120, "[%eval -1.20]"},
		{engine.WinScore - 7, "[%eval #+7]"},
		{-(engine.WinScore - 7), "[%eval #-7]"},
		{-engine.WinScore, "[%eval #-0]"},
		{engine.WinScore, "[%eval #+0]"},
	} {
		if got := FormatEval(tc.white); got != tc.text {
			t.Errorf("FormatEval(%v) = %q, want %q", tc.white, got, tc.text)
		}
		if got, ok := ParseEval("before " + tc.text + " after"); !ok || got != tc.white {
			t.Errorf("ParseEval(%q) = %v, %v, want %v", tc.text, got, ok, tc.white)
		}
	}
	for text, want := range map[string]engine.Score{
		"[%eval 0.35]": 35, "[%eval -1.2]": -120, "[%eval #7]": engine.WinScore - 7, "[%eval 3]": 300, "[%eval  -0.05 ]": -5,
	} {
		if got, ok := ParseEval(text); !ok || got != want {
			t.Errorf("ParseEval(%q) = %v, %v, want %v", text, got, ok, want)
		}
	}
	for _, text := range []string{"", "no eval", "[%eval]", "[%eval abc]", "[%eval 300.00]", "[%eval #1000]", "[%eval 1e3]", "[%eval #+-3]", "[%clk 0:01:00]"} {
		if got, ok := ParseEval(text); ok {
			t.Errorf("ParseEval(%q) = %v, true", text, got)
		}
	}
}

func TestExpected(t *testing.T) {
	if e := Expected(0); e != 0.5 {
		t.Errorf("Expected(0) = %v", e)
	}
	if e := Expected(100); math.Abs(e-0.913) > 0.001 {
		t.Errorf("Expected(a man) = %v, want about 0.913", e)
	}
	if Expected(engine.WinScore-40) != 1 || Expected(-(engine.WinScore-40)) != 0 {
		t.Error("a win is not 1 or a loss not 0")
	}
	// Increasing up to 10 men (beyond, 1 - E is below the float's
	// step at 1 from about 16 men), never decreasing, and symmetric.
	for s := engine.Score(-2000); s < 2000; s += 50 {
		increasing := Expected(s) < Expected(s+50) || s < -1000 || s >= 1000
		if !increasing || Expected(s) > Expected(s+50) || math.Abs(Expected(s)+Expected(-s)-1) > 1e-12 {
			t.Fatalf("Expected is not increasing and symmetric at %v", s)
		}
	}
}

func TestSummaryText(t *testing.T) {
	s := Summary{Moves: 40, Inaccuracies: 2, Mistakes: 1, Loss: 0.23}
	const text = "moves=40 inaccuracies=2 mistakes=1 blunders=0 loss=0.23"
	if s.String() != text {
		t.Errorf("String() = %q", s.String())
	}
	if back, err := ParseSummary(text); err != nil || back != s {
		t.Errorf("ParseSummary = %+v, %v", back, err)
	}
	if _, err := ParseSummary("moves=x"); err == nil {
		t.Error("ParseSummary of no summary: no error")
	}
}

// evalsOf returns made-up evaluations of g's main line: scores[i] for
// position i, side to move's view, each with the line lines[i].
func evalsOf(t *testing.T, g *hexdame.Game, scores []engine.Score, lines [][]string) []Eval {
	t.Helper()
	var evals []Eval
	for i, p := range MainLine(g) {
		ev := Eval{Position: p, Score: scores[i], Depth: 5}
		q := p
		for _, s := range lines[i] {
			m, err := q.ParseMove(s)
			if err != nil {
				t.Fatal(err)
			}
			ev.Line = append(ev.Line, m)
			q = q.PlayUnchecked(m)
		}
		evals = append(evals, ev)
	}
	return evals
}

// Judge's verdicts from evaluations it is given, and what Annotate writes.
func TestJudgeAndAnnotate(t *testing.T) {
	g := play(t, "", "d4-e5", "f6xd4", "c3xe5", "g7-f6", "e5xe7")
	// Red's g7-f6 gives a man: from +0.14 to -0.87 for Red, and White's
	// e5xe7 loses 0.07 men.
	scores := []engine.Score{0, 0, 0, 14, 87, -80}
	lines := [][]string{{"d4-e5"}, {"f6xd4"}, {"c3xe5"}, {"f7-e7", "b4-c5"}, {"e5xe7"}, {"f8xd6"}}
	g.Root().Next().SetComment("the usual opening")
	r, err := Judge(g, evalsOf(t, g, scores, lines), 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Moves) != 5 {
		t.Fatalf("%d moves judged, want 5", len(r.Moves))
	}
	m := r.Moves[3]
	if m.Ply != 4 || m.Color != hexdame.Red || m.Judgement != BlunderedMove || len(m.Better) != 2 {
		t.Errorf("g7-f6 judged %+v", m)
	}
	for i, m := range r.Moves {
		if i != 3 && m.Judgement != Good {
			t.Errorf("move %d judged %v", m.Ply, m.Judgement)
		}
	}
	if want := (Summary{Moves: 2, Blunders: 1, Loss: 0.51}); r.Red != want {
		t.Errorf("Red's summary %+v, want %+v", r.Red, want)
	}
	if want := (Summary{Moves: 3, Loss: 0.07}); r.White != want {
		t.Errorf("White's summary %+v, want %+v", r.White, want)
	}
	r.Annotator = Annotator(engine.Limits{})
	if err := r.Annotate(g); err != nil {
		t.Fatal(err)
	}
	text, back := pdn(t, g)
	for _, want := range []string{
		`[Annotator "hexdame review: 0.2 s a position"]`,
		`[WhiteReview "moves=3 inaccuracies=0 mistakes=0 blunders=0 loss=0.07"]`,
		`[RedReview "moves=2 inaccuracies=0 mistakes=0 blunders=1 loss=0.51"]`,
		"] 1. d4-e5 {[%eval +0.00] the usual opening}",
		"g7-f6 $4 {[%eval +0.87] Blunder: -0.14 to +0.87. f7-e7 was best.} (2... f7-e7 3. b4-c5)",
	} {
		if !strings.Contains(oneSpace(text), want) {
			t.Errorf("the record lacks %q:\n%s", want, text)
		}
	}
	// The record reads back with the same evaluations.
	i := 1
	for n := range back.Root().Mainline() {
		if got, ok := ParseEval(n.Comment()); !ok || got != r.Evals[i].White() {
			t.Errorf("ply %d: the comment %q gives %v, %v", i, n.Comment(), got, ok)
		}
		i++
	}
	// Annotated again, the record is the same.
	if err := r.Annotate(back); err != nil {
		t.Fatal(err)
	}
	if again, _ := pdn(t, back); again != text {
		t.Errorf("annotated twice:\n%s\nonce:\n%s", again, text)
	}
	// A second review that finds no error clears the NAG and the words.
	scores[4] = -14
	r2, _ := Judge(back, evalsOf(t, back, scores, lines), 0)
	if err := r2.Annotate(back); err != nil {
		t.Fatal(err)
	}
	text2, _ := pdn(t, back)
	if strings.Contains(text2, "$4") || strings.Contains(text2, "Blunder") || !strings.Contains(oneSpace(text2), "g7-f6 {[%eval -0.14]}") {
		t.Errorf("reviewed again without the error:\n%s", text2)
	}
}

// The engine's own move is never an error, whatever the search after it
// says.
func TestEngineMoveIsNoError(t *testing.T) {
	g := play(t, "", "d4-e5", "f6xd4")
	r, _ := Judge(g, evalsOf(t, g, []engine.Score{0, 500, 0}, [][]string{{"d4-e5"}, {"f6xd4"}, {}}), 0)
	for _, m := range r.Moves {
		if m.Judgement != Good || m.Better != nil {
			t.Errorf("ply %d: %+v", m.Ply, m)
		}
	}
}

// Judge takes the evaluations of the main line's positions only, and
// checks their lines.
func TestJudgeHostileEvals(t *testing.T) {
	g := play(t, "", "d4-e5", "f6xd4")
	evals := evalsOf(t, g, []engine.Score{0, 0, 0}, [][]string{{"d4-e5"}, {"f6xd4"}, {"c3xe5"}})
	evals[0].Line = append(evals[0].Line, hexdame.MakeMove(hexdame.Cell(1), hexdame.Cell(2), 0)) // not legal after d4-e5
	other := hexdame.StartPosition()
	bad := append(append([]Eval(nil), evals...), Eval{Position: other})
	r, err := Judge(g, bad, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Evals) != 3 || len(r.Evals[0].Line) != 1 {
		t.Errorf("evals %d, line %v", len(r.Evals), r.Evals[0].Line)
	}
	evals[1].Position = other // not the main line's: the review stops there
	if r, _ := Judge(g, evals, 0); len(r.Evals) != 1 || len(r.Moves) != 0 {
		t.Errorf("evals %d, moves %d", len(r.Evals), len(r.Moves))
	}
	if _, err := Judge(nil, evals, 0); err == nil {
		t.Error("Judge of no game: no error")
	}
	// A budget too small for any capture search drops the lines from
	// positions with a capture (here the one after d4-e5), not the others.
	evals = evalsOf(t, g, []engine.Score{0, 0, 0}, [][]string{{"d4-e5"}, {"f6xd4"}, {"c3xe5"}})
	r, _ = Judge(g, evals, 1)
	if len(r.Evals[0].Line) != 1 || len(r.Evals[1].Line) != 0 {
		t.Errorf("lines with a budget of 1: %v, %v", r.Evals[0].Line, r.Evals[1].Line)
	}
}

// FuzzJudge: any evaluations a page may send, as JSON, are judged and
// annotated without a panic, and the record reads back.
func FuzzJudge(f *testing.F) {
	g := play(f, "", "d4-e5", "f6xd4", "c3xe5")
	evals := []Eval{}
	for _, p := range MainLine(g) {
		evals = append(evals, Eval{Position: p, Score: 12, Line: p.LegalMoves()[:1]})
	}
	b, _ := json.Marshal(evals)
	f.Add(b)
	f.Add([]byte(`[{"fen":"W:W1-16:B46-61","score":"win 3","line":[{"from":"d4","to":"e5"},{"from":"f6","to":"d4","captured":["e5"]}]}]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var evals []Eval
		if json.Unmarshal(data, &evals) != nil {
			return
		}
		g := play(t, "", "d4-e5", "f6xd4", "c3xe5")
		r, err := Judge(g, evals, 100_000)
		if err != nil {
			t.Fatal(err)
		}
		if err := r.Annotate(g); err != nil {
			t.Fatal(err)
		}
		pdn(t, g)
	})
}

// A review with the engine: every position evaluated, a man given away
// judged an error with a better line, and the record read back.
func TestGame(t *testing.T) {
	g := play(t, "", "d4-e5", "f6xd4", "c3xe5", "g7-f6")
	var seen []Progress
	r, err := Game(context.Background(), newEngine(t), g, Options{Limits: engine.Limits{Depth: 6}, Progress: func(p Progress) { seen = append(seen, p) }})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Evals) != 5 || !r.Complete(g) || len(seen) != 5 || seen[4].Done != 5 || seen[4].Total != 5 {
		t.Fatalf("%d evals, progress %+v", len(r.Evals), seen)
	}
	m := r.Moves[3]
	if m.Judgement < MistakenMove || len(m.Better) == 0 || m.Better[0] == m.Move {
		t.Errorf("g7-f6 judged %+v", m)
	}
	if r.Annotator != "hexdame review: depth 6 a position" {
		t.Errorf("Annotator %q", r.Annotator)
	}
	if err := r.Annotate(g); err != nil {
		t.Fatal(err)
	}
	text, back := pdn(t, g)
	if !strings.Contains(text, "g7-f6 $") || len(back.End().Parent().Children()) != 2 {
		t.Errorf("no NAG or better line after g7-f6:\n%s", text)
	}
	if v, _ := back.Tag(TagRed); !strings.HasPrefix(v, "moves=2 ") {
		t.Errorf("RedReview %q", v)
	}
}

// A game over: its last position is scored by the rules, without a
// search.
func TestGameOverPositions(t *testing.T) {
	// White's c3 has no move once it has captured: Red has none either.
	g := play(t, "W:Wc3:Bd3,f4,g6,f7,d6,c4", "c3xc3")
	r, err := Game(context.Background(), newEngine(t), g, Options{Limits: engine.Limits{Depth: 3}})
	if err != nil {
		t.Fatal(err)
	}
	last := r.Evals[len(r.Evals)-1]
	if _, ok := last.Score.IsLoss(); !ok || last.Depth != 0 || FormatEval(last.White()) != "[%eval #+0]" {
		t.Errorf("the last position: %+v, %s", last, FormatEval(last.White()))
	}
	// A third repetition is a draw.
	g = play(t, "W:WKa1:BKi9", "a1-b1", "i9-h9", "b1-a1", "h9-i9", "a1-b1", "i9-h9", "b1-a1", "h9-i9")
	evals, err := Evaluate(context.Background(), newEngine(t), MainLine(g), Options{Limits: engine.Limits{Depth: 3}})
	if err != nil {
		t.Fatal(err)
	}
	if last := evals[len(evals)-1]; last.Score != 0 || last.Depth != 0 {
		t.Errorf("the third repetition: %+v", last)
	}
}

// Canceled, a review returns what it has; bounded, it refuses a long game
// or stops at its time.
func TestStopAndBounds(t *testing.T) {
	g := play(t, "", "d4-e5", "f6xd4", "c3xe5", "g7-f6", "e5xe7", "f8xd6")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	r, err := Game(ctx, newEngine(t), g, Options{Limits: engine.Limits{Depth: 4}, Progress: func(p Progress) {
		if p.Done == 3 {
			cancel()
		}
	}})
	if !errors.Is(err, context.Canceled) || r == nil || len(r.Evals) != 3 || len(r.Moves) != 2 || r.Complete(g) {
		t.Fatalf("canceled: %v, %+v", err, r)
	}
	if err := r.Annotate(g); err != nil {
		t.Fatal(err)
	}
	if _, err := Game(context.Background(), newEngine(t), g, Options{MaxPositions: 6}); !errors.Is(err, ErrTooLong) {
		t.Errorf("7 positions with MaxPositions 6: %v", err)
	}
	r, err = Game(context.Background(), newEngine(t), g, Options{MaxTime: 1, Limits: engine.Limits{Depth: 4}})
	if !errors.Is(err, ErrTimeLimit) || r == nil {
		t.Errorf("MaxTime 1ns: %v", err)
	}
}

// With the tables, the positions they hold are judged exactly, and a
// move that turns their win into a draw is a blunder with their best
// play as the better line.
func TestTables(t *testing.T) {
	dir := t.TempDir()
	for _, m := range []string{"KvK", "KKvK"} {
		if err := endgame.Build(context.Background(), dir, endgame.MustParseMaterial(m), endgame.BuildOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	tables, err := endgame.Load(dir, endgame.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	// White wins in 5, but f2-a2 draws.
	g := play(t, "W:WKa4,Kf2:BKd3", "f2-a2")
	r, err := Game(context.Background(), newEngine(t), g, Options{Limits: engine.Limits{Depth: 4}, Tables: tables})
	if err != nil {
		t.Fatal(err)
	}
	before, after := r.Evals[0], r.Evals[1]
	if !before.Tables || !after.Tables || before.Score.String() != "win 5" || after.Score != 0 || len(before.Line) != 5 {
		t.Errorf("evals %+v, %+v", before, after)
	}
	if m := r.Moves[0]; m.Judgement != BlunderedMove || m.Loss != 0.5 {
		t.Errorf("f2-a2 judged %+v", m)
	}
	if err := r.Annotate(g); err != nil {
		t.Fatal(err)
	}
	if text, _ := pdn(t, g); !strings.Contains(oneSpace(text), "{[%eval +0.00] Blunder: #+5 to +0.00.") {
		t.Errorf("the record:\n%s", text)
	}
}
