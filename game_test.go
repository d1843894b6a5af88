package hexdame

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
)

// Tests of game.go: repetitions, results set on a game, Undo, tags, nil
// and zero games, and Clone.

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

func TestUndoDropsAlternatives(t *testing.T) {
	g := NewGame()
	playAll(t, g, "d4-e5", "f6xd4")
	if _, err := addMoveText(g.Root().Next(), "f6-f5"); err == nil {
		t.Error("f6-f5 was legal while capture is compulsory")
	}
	if _, err := addMoveText(g.Root(), "c4-c5"); err != nil {
		t.Fatal(err)
	}
	g.Undo()
	g.Undo()
	if g.End().Ply() != 0 || len(g.Root().Children()) != 0 || g.Undo() {
		t.Errorf("after undoing everything: ply %d, %d children", g.End().Ply(), len(g.Root().Children()))
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

func TestSetResultRefusesNonResult(t *testing.T) {
	g := NewGame()
	if err := g.SetResult(Result(99)); !errors.Is(err, ErrInvalid) {
		t.Errorf("SetResult(99) = %v, want ErrInvalid", err)
	}
}

func TestPlayAfterTheEnd(t *testing.T) {
	// White's only man is walled in: White has lost before moving, and
	// no move is accepted, not even one made in another position.
	g := NewGameFrom(MustParseFEN("W:Wa1:Ba2,b1,b2,a3,c1,c3"))
	if err := g.Play(MustParseFEN("W:Wa1:B").MustParseMove("a1-a2")); !errors.Is(err, ErrGameOver) {
		t.Errorf("Play after the end = %v, want ErrGameOver", err)
	}
	if _, err := playText(g, "a1-a2"); !errors.Is(err, ErrGameOver) {
		t.Errorf("playText after the end = %v, want ErrGameOver", err)
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

// removeTag removes g's tag name and reports whether it had one.
func removeTag(g *Game, name string) bool {
	_, had := g.Tag(name)
	g.SetTag(name, "")
	return had
}

// A nil *Game reads as a new game and refuses changes with ErrInvalid;
// nothing panics.
func TestTrapNilGame(t *testing.T) {
	var g *Game
	if g.Position() != StartPosition() || g.Root().Position() != StartPosition() || g.End().Ply() != 0 ||
		g.Outcome().IsOver() || g.Moves() != nil || len(mainPositions(g)) != 1 ||
		g.Root() != nil || g.End() != nil || g.Tags() != nil || g.Notation() != Algebraic || g.Undo() {
		t.Error("a nil *Game does not read as a new game")
	}
	if _, ok := g.Tag("Event"); ok || removeTag(g, "Event") {
		t.Error("a nil *Game has a tag")
	}
	for range playedMoves(g) {
		t.Error("a nil *Game has a move")
	}
	g.SetDrawRules(DrawRules{KingMoves: 25})
	if g.DrawRules() != (DrawRules{}) {
		t.Error("a nil *Game keeps draw rules")
	}
	for name, err := range map[string]error{
		"Play":      g.Play(StartPosition().LegalMoves()[0]),
		"SetTag":    g.SetTag("Event", "x"),
		"SetResult": g.SetResult(Draw),
	} {
		if !errors.Is(err, ErrInvalid) {
			t.Errorf("%s on a nil *Game: %v", name, err)
		}
	}
	if _, err := playText(g, "d4-e5"); !errors.Is(err, ErrInvalid) {
		t.Errorf("playText on a nil *Game: %v", err)
	}
	var n *Node
	if n.Position() != StartPosition() || n.Move() != (Move{}) || n.Parent() != nil || n.Next() != nil ||
		n.isMainline() || n.IsInTree() || n.Comment() != "" || n.Outcome().IsOver() {
		t.Error("a nil *Node does not read as a detached node")
	}
	if _, err := addMoveText(n, "d4-e5"); !errors.Is(err, ErrInvalid) {
		t.Errorf("AddMoveText on a nil *Node: %v", err)
	}
}

func TestHostileZeroValues(t *testing.T) {
	var g Game
	if g.End().Ply() != 0 || g.Position() != StartPosition() || g.Outcome().IsOver() || g.repetitions() != 1 || g.Undo() {
		t.Errorf("zero Game: ply %d, %v, %v", g.End().Ply(), g.Outcome(), g.repetitions())
	}
	if _, err := playText(&g, "d4-e5"); err != nil || g.End().Ply() != 1 {
		t.Errorf("zero Game playText: %v", err)
	}
	if rec := recordOf((&Game{}), Algebraic); rec == nil || len(rec.Body) != 0 {
		t.Errorf("zero Game Record: %+v", rec)
	}
	if len(mainPositions((&Game{}))) != 1 || (&Game{}).Root().Position() != StartPosition() {
		t.Error("zero Game positions")
	}
	if err := (&Game{}).SetResult(Draw); err != nil {
		t.Errorf("zero Game SetResult: %v", err)
	}
	if err := (&Game{}).Play(StartPosition().MustParseMove("d4-e5")); err != nil {
		t.Errorf("zero Game Play: %v", err)
	}
	r := NewReader(nil)
	if _, err := r.ReadRecord(); err == nil || err == io.EOF {
		t.Errorf("NewReader(nil).ReadRecord: %v", err)
	}
	if _, err := r.ReadGame(); err == nil || err == io.EOF {
		t.Errorf("NewReader(nil).ReadGame: %v", err)
	}
	if err := r.CheckGame(); err == nil || err == io.EOF {
		t.Errorf("NewReader(nil).CheckGame: %v", err)
	}
	var w Writer
	if err := w.WriteRecord(&Record{}); err == nil {
		t.Error("zero Writer wrote")
	}
	if err := w.WriteGame(NewGame(), Algebraic); err == nil {
		t.Error("zero Writer wrote a game")
	}
	if err := NewWriter(io.Discard).WriteRecord(nil); err == nil {
		t.Error("WriteRecord(nil)")
	}
	if err := NewWriter(io.Discard).WriteGame(nil, Algebraic); err == nil {
		t.Error("WriteGame(nil)")
	}
	if err := convertRecord(NewReader(strings.NewReader("1. d4-e5 *")), nil, Numeric); err == nil {
		t.Error("convertRecord(nil)")
	}
	for _, e := range []error{&MoveError{}, &ParseError{}, &FENError{}} {
		if e.Error() == "" {
			t.Errorf("%T: empty message", e)
		}
	}
	var rec *Record
	if _, err := rec.Replay(); err == nil {
		t.Error("nil Record Replay")
	}
	if _, err := rec.Convert(Numeric); err == nil {
		t.Error("nil Record Convert")
	}
}

// gamePDN writes g as PDN in algebraic notation.
func gamePDN(t *testing.T, g *Game) string {
	t.Helper()
	var buf bytes.Buffer
	if err := NewWriter(&buf).WriteGame(g, Algebraic); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// setNotation sets the notation g was read in, as a Reader does.
func setNotation(g *Game, n Notation) { g.notation = n }

// A clone is the same game, as PDN writes it and as its state reads, and
// no change to one shows in the other: moves, undo, tree edits,
// annotations (appended in place), tags, results and draw rules.
func TestGameClone(t *testing.T) {
	const record = `[Event "Clone"]
[White "A"]
[Black "B"]
1. d4-e5 {center} (1. c4-c5 $1 {or} i6-h5 (1... i6-i5!?)) 1... f6xd4 2. c3xe5 g7-f6 $2 *
`
	g, err := NewReader(strings.NewReader(record)).ReadGame()
	if err != nil {
		t.Fatal(err)
	}
	g.SetDrawRules(DrawRules{KingMoves: 25})
	setNotation(g, Numeric)
	before := gamePDN(t, g)
	c := g.Clone()
	if got := gamePDN(t, c); got != before {
		t.Fatalf("the clone writes\n%s\nnot\n%s", got, before)
	}
	if c.End().Ply() != g.End().Ply() || c.Position() != g.Position() || c.Notation() != g.Notation() ||
		c.DrawRules() != g.DrawRules() || c.repetitions() != g.repetitions() || c.Outcome() != g.Outcome() {
		t.Errorf("the clone's state differs: ply %d/%d, notation %v/%v", c.End().Ply(), g.End().Ply(), c.Notation(), g.Notation())
	}
	for n := range c.Root().Mainline() {
		if n.game != c {
			t.Fatalf("a node of the clone belongs to %p, not the clone %p", n.game, c)
		}
	}
	if c.End() == g.End() || c.End().Position() != g.End().Position() || c.End().game != c {
		t.Errorf("the clone's end is not its own copy of the original's")
	}

	// Changes to the clone, of every kind.
	variation := c.Root().Children()[1]
	if err := addNAG(variation, 4); err != nil { // appended to the notes in place
		t.Fatal(err)
	}
	if err := c.Root().Next().SetComment("changed"); err != nil {
		t.Fatal(err)
	}
	if _, err := addMoveText(variation.Next(), "d4-d5"); err != nil {
		t.Fatal(err)
	}
	if err := c.SetTag("Event", "Copy"); err != nil {
		t.Fatal(err)
	}
	c.SetDrawRules(DrawRules{})
	playAll(t, c, "e5xe7")
	if err := c.SetResult(Draw); err != nil {
		t.Fatal(err)
	}
	if got := gamePDN(t, g); got != before {
		t.Errorf("the original changed with its clone:\n%s\nnot\n%s", got, before)
	}
	if g.DrawRules().KingMoves != 25 || g.End().Ply() != 4 {
		t.Errorf("the original's draw rules or ply changed: %+v, %d", g.DrawRules(), g.End().Ply())
	}
	changed := gamePDN(t, c)

	// Changes to the original.
	for range 2 {
		if !g.Undo() {
			t.Fatal("Undo")
		}
	}
	if err := addNAG(g.Root().Children()[1], 5); err != nil {
		t.Fatal(err)
	}
	if err := g.Root().Children()[1].SetComment("first"); err != nil {
		t.Fatal(err)
	}
	if got := gamePDN(t, c); got != changed {
		t.Errorf("the clone changed with the original:\n%s\nnot\n%s", got, changed)
	}

	// Nil and zero games.
	if (*Game)(nil).Clone() != nil {
		t.Error("a nil *Game's clone is not nil")
	}
	var zero Game
	z := zero.Clone()
	playAll(t, z, "d4-e5")
	if zero.End().Ply() != 0 || z.End().Ply() != 1 {
		t.Errorf("zero Game and its clone: ply %d and %d", zero.End().Ply(), z.End().Ply())
	}
}

// A clone keeps counting repetitions where the original was: a position
// seen twice in the original is drawn the third time in the clone, and
// the original's counts do not move.
func TestGameCloneRepetitions(t *testing.T) {
	g := NewGameFrom(MustParseFEN("W:WKa1:BKi9"))
	playAll(t, g, "a1-b1", "i9-h9", "b1-a1", "h9-i9", "a1-b1", "i9-h9", "b1-a1")
	c := g.Clone()
	playAll(t, c, "h9-i9")
	if o := c.Outcome(); o.Reason != Repetition {
		t.Errorf("the clone after a third occurrence: %v", o)
	}
	if o := g.Outcome(); o.IsOver() || g.repetitions() != 2 {
		t.Errorf("the original: %v, %d repetitions", o, g.repetitions())
	}
}
