package hexdame

import (
	"errors"
	"testing"
)

func playAll(t *testing.T, g *Game, moves ...string) {
	t.Helper()
	for _, s := range moves {
		if _, err := playText(g, s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
}

func TestThreefoldRepetition(t *testing.T) {
	g := NewGameFrom(MustParseFEN("W:WKa1:BKi9"))
	shuffle := []string{"a1-b1", "i9-h9", "b1-a1", "h9-i9"}
	wantReps := []int{1, 1, 1, 2, 2, 2, 2, 3}
	if g.repetitions() != 1 {
		t.Fatalf("start: %d repetitions", g.repetitions())
	}
	for i := range 8 {
		playAll(t, g, shuffle[i%4])
		if got := g.repetitions(); got != wantReps[i] {
			t.Errorf("after ply %d: Repetitions() = %d, want %d", i+1, got, wantReps[i])
		}
		over := g.Outcome().IsOver()
		if over != (i == 7) {
			t.Errorf("after ply %d: Outcome() = %v", i+1, g.Outcome())
		}
	}
	if o := g.Outcome(); o != (Outcome{Draw, Repetition}) {
		t.Errorf("Outcome() = %v, want a draw by threefold repetition", o)
	}
	if _, err := playText(g, "a1-b1"); !errors.Is(err, ErrGameOver) {
		t.Errorf("move after the draw: %v, want ErrGameOver", err)
	}
	// Undo goes back to the second occurrence of the position before.
	if !g.Undo() || g.repetitions() != 2 || g.Outcome().IsOver() {
		t.Errorf("after Undo: %d repetitions, %v", g.repetitions(), g.Outcome())
	}
}

func TestRepetitionResetByIrreversibleMoves(t *testing.T) {
	// A man move between the shuffles starts the count anew: the
	// positions after it are new ones.
	g := NewGameFrom(MustParseFEN("W:WKa1,a3:BKi9"))
	playAll(t, g, "a1-b1", "i9-h9", "b1-a1", "h9-i9") // the start position, twice
	if g.repetitions() != 2 {
		t.Fatalf("Repetitions() = %d, want 2", g.repetitions())
	}
	playAll(t, g, "a3-a4", "i9-h9", "a1-b1", "h9-i9", "b1-a1")
	if g.repetitions() != 2 || g.Outcome().IsOver() {
		t.Errorf("after the man move and a shuffle: %d repetitions, %v; want 2, not over", g.repetitions(), g.Outcome())
	}
	playAll(t, g, "i9-h9", "a1-b1", "h9-i9", "b1-a1")
	if o := g.Outcome(); o.Reason != Repetition {
		t.Errorf("Outcome() = %v, want threefold repetition", o)
	}
	// Undoing the man move counts the window before it again.
	for g.End().Ply() > 4 {
		g.Undo()
	}
	if g.repetitions() != 2 {
		t.Errorf("after undoing to ply 4: %d repetitions, want 2", g.repetitions())
	}

	// After a capture the count starts from the position it reaches.
	g = NewGameFrom(MustParseFEN("W:WKa1,a3:BKi9,b4"))
	playAll(t, g, "a3xc5")
	for i, want := range []int{1, 1, 1, 2, 2, 2, 2, 3} {
		playAll(t, g, []string{"i9-h9", "a1-b1", "h9-i9", "b1-a1"}[i%4])
		if g.repetitions() != want {
			t.Errorf("ply %d after the capture: %d repetitions, want %d", i+1, g.repetitions(), want)
		}
	}
	if g.Outcome().Reason != Repetition {
		t.Errorf("Outcome() = %v", g.Outcome())
	}
}

func TestOutcome(t *testing.T) {
	g := NewGameFrom(MustParseFEN("W:Wc3:Bd3,f4,g6,f7,d6,c4"))
	playAll(t, g, "c3xc3")
	if o := g.Outcome(); o != (Outcome{WhiteWins, NoLegalMove}) {
		t.Errorf("Outcome() = %v", o)
	}
	if w, ok := winner(g.Outcome()); !ok || w != White {
		t.Errorf("Winner() = %v, %v", w, ok)
	}
	if err := g.SetResult(Draw); !errors.Is(err, ErrResultMismatch) {
		t.Errorf("SetResult(Draw) after a win: %v", err)
	}
	if err := g.SetResult(WhiteWins); err != nil {
		t.Errorf("SetResult(WhiteWins): %v", err)
	}

	g = NewGame()
	if o := g.Outcome(); o.IsOver() || o.String() != "*" {
		t.Errorf("new game: %v", o)
	}
	for _, tc := range []struct {
		r    Result
		want Outcome
	}{
		{WhiteWins, Outcome{WhiteWins, Resignation}},
		{RedWins, Outcome{RedWins, Resignation}},
		{Draw, Outcome{Draw, Agreement}},
		{BothLose, Outcome{BothLose, DoubleForfeit}},
	} {
		if err := g.SetResult(tc.r); err != nil || g.Outcome() != tc.want {
			t.Errorf("SetResult(%v): %v, %v", tc.r, g.Outcome(), err)
		}
		if _, err := playText(g, "d4-e5"); !errors.Is(err, ErrGameOver) {
			t.Errorf("move after %v: %v", tc.r, err)
		}
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

func TestGameMovesAndTags(t *testing.T) {
	g := NewGame()
	playAll(t, g, "d4-e5", "f6xd4")
	if g.End().Ply() != 2 || len(mainPositions(g)) != 3 || mainPositions(g)[0] != StartPosition() || g.Moves()[1].Captured().Len() != 1 {
		t.Errorf("ply %d, positions %d", g.End().Ply(), len(mainPositions(g)))
	}
	if err := g.Play(g.Moves()[0]); !errors.Is(err, ErrIllegalMove) {
		t.Errorf("replaying an old move: %v", err)
	}
	g.SetTag("White", "Alice")
	g.SetTag("FEN", "ignored")
	if v, ok := g.Tag("White"); !ok || v != "Alice" {
		t.Errorf("Tag(White) = %q, %v", v, ok)
	}
	if _, ok := g.Tag("FEN"); ok {
		t.Error("FEN tag was set")
	}
}

// A side that still has pieces but cannot move has lost, not drawn.
func TestOutcomeBlockedSideLoses(t *testing.T) {
	for _, tc := range []struct {
		fen  string
		want Outcome
	}{
		{"W:Wa1:Ba2,b1,b2,a3,c1,c3", Outcome{RedWins, NoLegalMove}},
		{"B:Wg7,g9,h8,h9,i7,i8:Bi9", Outcome{WhiteWins, NoLegalMove}},
		{"W:W:Bi9", Outcome{RedWins, NoLegalMove}},
		{"B:Wa1:B", Outcome{WhiteWins, NoLegalMove}},
	} {
		g := NewGameFrom(MustParseFEN(tc.fen))
		if o := g.Outcome(); o != tc.want {
			t.Errorf("%s: Outcome() = %v, want %v", tc.fen, o, tc.want)
		}
		if err := g.SetResult(Draw); !errors.Is(err, ErrResultMismatch) {
			t.Errorf("%s: SetResult(Draw) = %v, want a mismatch", tc.fen, err)
		}
	}
}

// Undo takes back the move's occurrence: playing it again counts the same.
func TestUndoCountsRepetitionsBack(t *testing.T) {
	g := NewGameFrom(MustParseFEN("W:WKa1:BKi9"))
	playAll(t, g, "a1-b1", "i9-h9", "b1-a1", "h9-i9", "a1-b1") // a1-b1 position, twice
	if g.repetitions() != 2 {
		t.Fatalf("Repetitions() = %d, want 2", g.repetitions())
	}
	for range 3 {
		g.Undo()
		if g.repetitions() != 2 { // the start position, occurred twice
			t.Fatalf("after Undo: Repetitions() = %d, want 2", g.repetitions())
		}
		playAll(t, g, "a1-b1")
		if g.repetitions() != 2 || g.Outcome().IsOver() {
			t.Fatalf("after playing again: Repetitions() = %d, %v; want 2, not over", g.repetitions(), g.Outcome())
		}
	}
	// Undoing back to the start, the counts are those of a new game.
	for g.Undo() {
	}
	if g.repetitions() != 1 || g.End().Ply() != 0 || g.Position() != MustParseFEN("W:WKa1:BKi9") {
		t.Errorf("undone to the start: %d repetitions, ply %d", g.repetitions(), g.End().Ply())
	}
	// Undo of a capture restores the captured pieces, kings included.
	g = NewGameFrom(MustParseFEN("W:WKa1,c3:BKd3,Kg4,e5"))
	before := g.Position()
	m, err := playText(g, "c3xe3")
	if err != nil {
		t.Fatal(err)
	}
	if !g.Undo() || g.Position() != before {
		t.Errorf("undoing %v: %s, want %s", m, g.Position().String(), before.String())
	}
}
