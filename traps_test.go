package hexdame

import (
	"encoding/json"
	"errors"
	"math"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// The traps a new user fell into (issue 19), each as the user met it.

// A node taken out of the tree by Undo or Remove refuses edits; removing
// it again says so, not that it is the root.
func TestTrapDetachedNodes(t *testing.T) {
	g := NewGame()
	for _, s := range []string{"d4-e5", "f6xd4", "c3xe5"} {
		if _, err := playText(g, s); err != nil {
			t.Fatal(err)
		}
	}
	last := g.End()
	alt, err := addMoveText(last.Parent(), "d3xd5")
	if err != nil {
		t.Fatal(err)
	}
	if !g.Undo() {
		t.Fatal("Undo")
	}
	for _, n := range []*Node{last, alt} {
		if n.IsInTree() || n.isMainline() {
			t.Errorf("%v: in the tree after Undo", n.Move())
		}
		if err := n.SetComment("x"); !errors.Is(err, ErrInvalid) {
			t.Errorf("SetComment on an undone node: %v", err)
		}
		if _, err := addMoveText(n, "h6-h5"); !errors.Is(err, ErrInvalid) {
			t.Errorf("AddMoveText on an undone node: %v", err)
		}
		if err := n.PromoteToMain(); !errors.Is(err, ErrInvalid) {
			t.Errorf("PromoteToMain on an undone node: %v", err)
		}
		if err := n.Remove(); !errors.Is(err, ErrInvalid) {
			t.Errorf("Remove of an undone node: %v", err)
		}
		if err := n.Promote(); !errors.Is(err, ErrInvalid) {
			t.Errorf("Promote of an undone node: %v", err)
		}
	}
	// Remove detaches what follows the node too.
	second := g.Root().Next().Next()
	first := g.Root().Next()
	if err := first.Remove(); err != nil {
		t.Fatal(err)
	}
	if second.IsInTree() {
		t.Error("a node after a removed one is still in the tree")
	}
	if err := first.Remove(); !errors.Is(err, ErrInvalid) {
		t.Errorf("removing a node twice: %v", err)
	}
	if g.End().Ply() != 0 || g.Position() != StartPosition() {
		t.Errorf("after removing the first move: ply %d, %v", g.End().Ply(), g.Position())
	}
	if err := g.Root().Remove(); !errors.Is(err, ErrInvalid) {
		t.Errorf("removing the root: %v", err)
	}
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
		t.Errorf("PlayText on a nil *Game: %v", err)
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

// Zero values mean nothing by accident.
func TestTrapZeroValues(t *testing.T) {
	if Cell(0).IsValid() || NoCell.IsValid() {
		t.Error("the zero Cell is a cell")
	}
	var m Move
	if err := json.Unmarshal([]byte(`{"to":"b1"}`), &m); !errors.Is(err, ErrSyntax) {
		t.Errorf(`{"to":"b1"} decodes: %v, %v`, m, err)
	}
	if c := NoPiece.Color(); c != NoColor || c == White || c == Red {
		t.Errorf("NoPiece.Color() = %v", c)
	}
	if MakePiece(NoColor, false) != NoPiece || NoColor.Opponent() != NoColor || White.Opponent() != Red {
		t.Error("NoColor makes a piece or has an opponent")
	}
	if p := StartPosition().WithSideToMove(NoColor); p.SideToMove() != White {
		t.Error("WithSideToMove(NoColor) changed the side to move")
	}
	if got := (Move{}).String(); got != "invalid move" || StartPosition().FormatMove(Move{}, Numeric) != got ||
		StartPosition().Path(Move{}).Format(Algebraic) != got {
		t.Errorf("the zero Move prints %q, %q", got, StartPosition().FormatMove(Move{}, Numeric))
	}
	for _, s := range []interface{ String() string }{Color(5), Piece(9), Direction(9), Notation(5), Result(9),
		Reason(99), ElementKind(0), Cell(0), Cell(99)} {
		if got := s.String(); !strings.HasPrefix(got, "invalid ") {
			t.Errorf("%T(%v) prints %q", s, s, got)
		}
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

// PlayUnchecked never makes a position that FEN writes and ParseFEN
// refuses, whatever move it is given.
func TestTrapPlayUncheckedStaysValid(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := drawPosition(t)
		cell := func(label string) Cell { return Cell(rapid.IntRange(0, NumCells+1).Draw(t, label)) }
		var captured CellSet
		for range rapid.IntRange(0, 4).Draw(t, "captures") {
			captured = (captured | CellSetOf(cell("captured")))
		}
		m := MakeMove(cell("from"), cell("to"), captured)
		q := p.PlayUnchecked(m)
		back, err := ParseFEN(q.String())
		if err != nil || back != q {
			t.Fatalf("%s after %v: FEN %s reads back as %v, %v", p.String(), m, q.String(), back, err)
		}
		text, _ := q.MarshalText()
		var u Position
		if err := u.UnmarshalText(text); err != nil || u != q {
			t.Fatalf("MarshalText %s does not read back: %v", text, err)
		}
	})
}

// drawPosition draws a random position: any pieces on any cells, either
// side to move.
func drawPosition(t *rapid.T) Position {
	var p Position
	for c := Cell(1); c <= NumCells; c++ {
		p = p.WithPiece(c, Piece(rapid.IntRange(0, 4).Draw(t, "piece")))
	}
	return p.WithSideToMove(Color(rapid.IntRange(0, 1).Draw(t, "side")))
}

// A move from another position played unchecked: from an empty cell, onto
// an occupied one, capturing a friend; each leaves the position as it was.
func TestTrapPlayUncheckedForeign(t *testing.T) {
	p := MustParseFEN("W:Wc3,d4:Be5")
	for _, m := range []Move{
		MakeMove(MustParseCell("a1"), MustParseCell("b1"), 0),
		MakeMove(MustParseCell("c3"), MustParseCell("d4"), 0),
		MakeMove(MustParseCell("c3"), MustParseCell("e5"), 0),
		MakeMove(MustParseCell("c3"), MustParseCell("e3"), CellSetOf(MustParseCell("d4"))),
		{},
	} {
		if q := p.PlayUnchecked(m); q != p {
			t.Errorf("PlayUnchecked(%v) = %s", m, q.String())
		}
	}
}

// The main line ends where the rules end the game: AddMove will not go on
// from there, and a tree edited to do so is not written, as a Reader would
// refuse the record.
func TestTrapMainlineAfterEnd(t *testing.T) {
	g := NewGameFrom(MustParseFEN("W:WKa1,a3:BKi9,i7"))
	for _, s := range []string{"a1-b1", "i9-h9", "b1-a1", "h9-i9", "a1-b1", "i9-h9", "b1-a1", "h9-i9"} {
		if _, err := playText(g, s); err != nil {
			t.Fatal(err)
		}
	}
	if o := g.Outcome(); o.Reason != Repetition {
		t.Fatalf("outcome %v", o)
	}
	if _, err := addMoveText(g.End(), "a1-b1"); !errors.Is(err, ErrGameOver) {
		t.Errorf("AddMove after threefold repetition on the main line: %v", err)
	}
	// A variation may go on after the end, and is written and read back.
	v, err := g.End().Parent().AddMove(g.End().Move())
	if err != nil || v != g.End() {
		t.Fatalf("AddMove of the main move: %v", err)
	}
	alt := g.End().Position().LegalMoves()[0]
	if _, err := g.End().Parent().AddMove(g.End().Parent().Position().LegalMoves()[1]); err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := NewWriter(&b).WriteGame(g, Algebraic); err != nil {
		t.Fatalf("the game with its variation: %v", err)
	}
	if _, err := NewReader(strings.NewReader(b.String())).ReadGame(); err != nil {
		t.Errorf("the written game does not read back: %v\n%s", err, b.String())
	}
	// A move after the end put on the main line by an edit: the record a
	// Reader would refuse is not written.
	end := g.End()
	parent := end.Parent()
	if err := end.Remove(); err != nil {
		t.Fatal(err)
	}
	// The variation is now the main continuation; put the end back as a
	// variation with a move after it, and promote it.
	back, err := parent.AddMove(end.Move())
	if err != nil {
		t.Fatal(err)
	}
	if back.Outcome().Reason != Repetition {
		t.Fatalf("the re-added end: %v", back.Outcome())
	}
	after, err := back.AddMove(alt)
	if err != nil {
		t.Fatalf("a move after the end in a variation: %v", err)
	}
	if err := after.PromoteToMain(); err != nil {
		t.Fatal(err)
	}
	b.Reset()
	if err := NewWriter(&b).WriteGame(g, Algebraic); !errors.Is(err, ErrInvalid) || b.Len() != 0 {
		t.Errorf("writing a main line that goes on after the end: %v\n%s", err, b.String())
	}
}

// ParseError.Ply is the move's ply in the game, counted along the line
// that leads to it: a variation's moves continue the count of the move
// they replace.
func TestTrapParseErrorPly(t *testing.T) {
	for _, tc := range []struct {
		movetext string
		ply      int
		move     string
	}{
		{"1. d4-e5 i9-h9 *", 2, "i9-h9"},
		{"1. d4-e5 f6xd4 2. c3xe5 (2. e3xc5) *", 3, "e3xc5"},
		{"1. d4-e5 f6xd4 2. c3xe5 (2. d3xd5 i9-h9) *", 4, "i9-h9"},
		{"1. d4-e5 (1. a1-a9) *", 1, "a1-a9"},
	} {
		_, err := NewReader(strings.NewReader("[Event \"x\"]\n\n" + tc.movetext + "\n")).ReadGame()
		var pe *ParseError
		if !errors.As(err, &pe) || pe.Ply != tc.ply || pe.Move != tc.move {
			t.Errorf("%s: error %v; want a *ParseError at ply %d, move %s", tc.movetext, err, tc.ply, tc.move)
		}
	}
}
