package hexdame

import (
	"bytes"
	"errors"
	"io"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/google/go-cmp/cmp"
)

// treeString writes a tree as its moves, with variations in parentheses,
// comments in braces and NAGs, so that tests can compare trees.
func treeString(n *Node) string {
	var b strings.Builder
	var line func(x *Node)
	line = func(x *Node) {
		for ; x != nil; x = x.Next() {
			if b.Len() > 0 && !strings.HasSuffix(b.String(), "(") {
				b.WriteByte(' ')
			}
			if x.IsSetup() {
				b.WriteString("/" + x.Position().String() + "/")
			} else {
				b.WriteString(x.Move().String() + x.Strength())
			}
			if c := x.Comment(); c != "" {
				b.WriteString(" {" + c + "}")
			}
			for _, nag := range x.NAGs() {
				b.WriteString(" $" + itoaTest(nag))
			}
			if p := x.Parent(); p.Children()[0] == x {
				for _, v := range p.Children()[1:] {
					b.WriteString(" (")
					line(v)
					b.WriteString(")")
				}
			}
		}
	}
	line(n.Next())
	return b.String()
}

func itoaTest(n int) string {
	return strings.TrimSpace(strings.Repeat(" ", 0) + string(rune('0'+n%10)))
}

func TestTreeEdits(t *testing.T) {
	g := NewGame()
	playAll(t, g, "d4-e5", "f6xd4", "c3xe5")
	root := g.Root()
	first := root.Next()
	// A variation at the first move, and one inside it.
	alt, err := addMoveText(root, "c4-c5")
	if err != nil {
		t.Fatal(err)
	}
	if alt.isMainline() || alt.Ply() != 1 || alt.Parent().Position() != StartPosition() || g.End().Ply() != 3 {
		t.Errorf("variation: main %v, ply %d, game ply %d", alt.isMainline(), alt.Ply(), g.End().Ply())
	}
	a2, _ := addMoveText(alt, "i6-h5")
	if _, err := addMoveText(a2, "d4-d5"); err != nil {
		t.Fatal(err)
	}
	if _, err := addMoveText(alt, "i6-i5"); err != nil {
		t.Fatal(err)
	}
	if again, _ := addMoveText(root, "c4-c5"); again != alt {
		t.Error("adding a move twice made two nodes")
	}
	if _, err := addMoveText(root, "d4-e6"); !errors.Is(err, ErrIllegalMove) {
		t.Errorf("adding an illegal move: %v", err)
	}
	if got := treeString(root); got != "d4-e5 (c4-c5 i6-h5 (i6-i5) d4-d5) f6xd4 c3xe5" {
		t.Errorf("tree: %s", got)
	}
	// Promoting the variation makes it the main line, and the game
	// follows.
	if err := a2.Next().PromoteToMain(); err != nil {
		t.Fatal(err)
	}
	if g.End().Ply() != 3 || g.End().Move().String() != "d4-d5" || g.Moves()[0].String() != "c4-c5" || !alt.isMainline() {
		t.Errorf("after promotion: ply %d, end %v, moves %v", g.End().Ply(), g.End().Move(), g.Moves())
	}
	if got := treeString(root); got != "c4-c5 (d4-e5 f6xd4 c3xe5) i6-h5 (i6-i5) d4-d5" {
		t.Errorf("tree after promotion: %s", got)
	}
	if err := first.Promote(); err != nil || g.Moves()[0].String() != "d4-e5" || g.End().Ply() != 3 {
		t.Errorf("Promote: %v, moves %v", err, g.Moves())
	}
	// Playing goes on from the main line's end.
	playAll(t, g, "g7-f6")
	if g.End().Parent().Move().String() != "c3xe5" || g.End().Ply() != 4 {
		t.Errorf("played after the edits: %v", g.Moves())
	}
	// Removing the main continuation makes the variation the main line.
	if err := first.Remove(); err != nil {
		t.Fatal(err)
	}
	if g.Moves()[0].String() != "c4-c5" || g.End().Ply() != 3 || g.Position() != g.End().Position() {
		t.Errorf("after Remove: %v", g.Moves())
	}
	if err := first.Remove(); !errors.Is(err, ErrInvalid) {
		t.Errorf("removing twice: %v", err)
	}
	if err := root.Remove(); !errors.Is(err, ErrInvalid) {
		t.Errorf("removing the root: %v", err)
	}
	if err := root.Promote(); !errors.Is(err, ErrInvalid) {
		t.Errorf("promoting the root: %v", err)
	}
	// Annotations.
	if err := alt.SetComment("the other way"); err != nil || alt.Comment() != "the other way" {
		t.Errorf("SetComment: %v, %q", err, alt.Comment())
	}
	if err := alt.SetComment("a } b"); !errors.Is(err, ErrInvalid) {
		t.Errorf("SetComment with }: %v", err)
	}
	if err := addNAG(alt, 3); err != nil || !slices.Equal(alt.NAGs(), []int{3}) {
		t.Errorf("AddNAG: %v, %v", err, alt.NAGs())
	}
	if err := addNAG(alt, -1); !errors.Is(err, ErrInvalid) {
		t.Errorf("AddNAG(-1): %v", err)
	}
	if err := alt.SetStrength("!?"); err != nil || alt.Strength() != "!?" {
		t.Errorf("SetStrength: %v", err)
	}
	if err := alt.SetStrength("good"); !errors.Is(err, ErrInvalid) {
		t.Errorf("SetStrength(good): %v", err)
	}
	// The tree is written as PDN and reads back the same.
	for _, n := range []Notation{Algebraic, Numeric} {
		var buf bytes.Buffer
		if err := NewWriter(&buf).WriteGame(g, n); err != nil {
			t.Fatal(err)
		}
		back, err := NewReader(&buf).ReadGame()
		if err != nil {
			t.Fatalf("%v: %v", n, err)
		}
		if a, b := treeString(g.Root()), treeString(back.Root()); a != b {
			t.Errorf("%v: written and read back:\n%s\n%s", n, a, b)
		}
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

func TestIterators(t *testing.T) {
	const text = "1. d4-e5 f6xd4 *\n\n1. d4-e6 *\n\n{unterminated"
	var games, errs int
	for g, err := range allGames(NewReader(strings.NewReader(text))) {
		if err != nil {
			errs++
			continue
		}
		games++
		var plies []string
		for _, p := range playedMoves(g) {
			plies = append(plies, p.Move.String())
			if p.After != p.Before.PlayUnchecked(p.Move) {
				t.Errorf("ply %d: positions", p.Ply)
			}
		}
		if strings.Join(plies, " ") != "d4-e5 f6xd4" {
			t.Errorf("plies %v", plies)
		}
	}
	if games != 1 || errs != 2 {
		t.Errorf("Games: %d games, %d errors", games, errs)
	}
	recs := 0
	for rec, err := range allRecords(NewReader(strings.NewReader(text))) {
		if err == nil {
			recs++
			if rec == nil {
				t.Error("nil record without error")
			}
		}
	}
	if recs != 2 {
		t.Errorf("Records: %d records", recs)
	}
	// A read error ends the iteration, after it is yielded.
	broken := errors.New("broken")
	n := 0
	for _, err := range allRecords(NewReader(io.MultiReader(strings.NewReader("1. d4-e5 * 1. d4-"), iotest.ErrReader(broken)))) {
		n++
		if n == 2 && !errors.Is(err, broken) {
			t.Errorf("second: %v", err)
		}
	}
	if n != 2 {
		t.Errorf("%d items before the read error ended it", n)
	}
	// Movetext, with depths.
	rec, _ := NewReader(strings.NewReader("1. d4-e5 (1. c4-c5 (1. b4-b5)) {c} *")).ReadRecord()
	var got []string
	for it := range rec.Movetext() {
		got = append(got, itoaTest(it.Depth)+":"+it.Kind.String())
	}
	if strings.Join(got, " ") != "0:move 0:variation 1:move 1:variation 2:move 0:comment" {
		t.Errorf("Movetext: %v", got)
	}
}

func TestMovesFrom(t *testing.T) {
	p := MustParseFEN("W:Wc3,e5,Ka1:Bf6,d3")
	for _, tc := range []struct {
		cell string
		want []string
	}{
		{"e5", []string{"e5xg7"}},
		{"c3", []string{"c3xe3"}},
		{"a1", []string{}},
		{"f6", []string{}},
		{"e1", []string{}},
	} {
		var got []string
		for _, m := range movesFrom(p, MustParseCell(tc.cell)) {
			got = append(got, p.Path(m).Format(Algebraic))
		}
		if strings.Join(got, " ") != strings.Join(tc.want, " ") {
			t.Errorf("MovesFrom(%s) = %v, want %v", tc.cell, got, tc.want)
		}
	}
	if got := movesFrom(p, NoCell); len(got) != 0 {
		t.Errorf("MovesFrom(NoCell) = %v", got)
	}
}

// A game with problems comes back as far as it is legal, with every
// independent problem.
func TestPartialGames(t *testing.T) {
	text := "1. d4-e5 (1. d4-d6) f6xd4 (1... h6-h5) 2. c3xe5 a1-a2 3. e5-f6 *"
	g, err := NewReader(strings.NewReader(text)).ReadGame()
	var pes []*ParseError
	if joined, ok := err.(interface{ Unwrap() []error }); ok {
		for _, e := range joined.Unwrap() {
			var pe *ParseError
			if errors.As(e, &pe) {
				pes = append(pes, pe)
			}
		}
	}
	if len(pes) != 3 || pes[0].Move != "d4-d6" || pes[1].Move != "h6-h5" || pes[2].Move != "a1-a2" || pes[2].Ply != 4 {
		t.Fatalf("problems %v", err)
	}
	if g == nil || g.End().Ply() != 3 || treeString(g.Root()) != "d4-e5 f6xd4 c3xe5" {
		t.Errorf("partial game: %v", g)
	}
	// An alternative to a bad main-line move is still checked.
	_, err = NewReader(strings.NewReader("1. d4-d6 (1. a1-a3) (1. d4-e5) *")).ReadGame()
	if joined, ok := err.(interface{ Unwrap() []error }); !ok || len(joined.Unwrap()) != 2 {
		t.Errorf("bad move and bad alternative: %v", err)
	}
	// Replay returns the partial game too, and CheckGame the same errors.
	rec, _ := NewReader(strings.NewReader(text)).ReadRecord()
	g2, err2 := rec.Replay()
	if g2 == nil || g2.End().Ply() != 3 || err2 == nil || err2.Error() != err.Error() && len(err2.Error()) == 0 {
		t.Errorf("Replay: %v, %v", g2, err2)
	}
	if err3 := NewReader(strings.NewReader(text)).CheckGame(); err3 == nil || strings.Count(err3.Error(), "\n") != 2 {
		t.Errorf("CheckGame: %v", err3)
	}
}

// Game.Movetext walks a game read from a record in the order of the
// record, with its annotations where they were, the variations one level
// deeper, the move numbers as a Writer writes them (after an annotation or
// a variation, Red's move is numbered) and each move's node.
func TestGameMovetext(t *testing.T) {
	text := "%lead\n{before} 1. d4-e5 $999999999 {é \xe2\x80\xa8 after} {} %\n" +
		"(1. c4-c5 $1 {x}) {tail} %last\n1... f6xd4 $3 $0 *"
	g, err := NewReader(strings.NewReader(text)).ReadGame()
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	var nodes []*Node
	for it := range g.Movetext(Algebraic) {
		s := itoaTest(it.Depth) + ":" + it.Kind.String()
		switch it.Kind {
		case MoveElement:
			s += ":" + it.Number + ":" + it.Text
			nodes = append(nodes, it.Node)
		case NAGElement:
			s += ":" + strconv.Itoa(it.NAG)
		case CommentElement, LineCommentElement:
			s += ":" + it.Text
		}
		got = append(got, s)
	}
	want := []string{"0:line comment:lead", "0:comment:before", "0:move:1.:d4-e5", "0:NAG:999999999",
		"0:comment:é \u2028 after", "0:comment:", "0:line comment:", "0:variation", "1:move:1.:c4-c5", "1:NAG:1",
		"1:comment:x", "0:comment:tail", "0:line comment:last", "0:move:1...:f6xd4", "0:NAG:3", "0:NAG:0"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Movetext (-want +got):\n%s", diff)
	}
	d4e5 := g.Root().Next()
	if len(nodes) != 3 || nodes[0] != d4e5 || nodes[1] != g.Root().Children()[1] || nodes[2] != d4e5.Next() {
		t.Errorf("the moves' nodes: %v", nodes)
	}
	for range g.Movetext(Algebraic) {
		break // the iterator stops when asked
	}
	for it := range (*Game)(nil).Movetext(Algebraic) {
		t.Errorf("a nil *Game walks %v", it)
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

// A clone is the same game, as PDN writes it and as its state reads, and
// no change to one shows in the other: moves, undo, tree edits,
// annotations (appended in place), tags, results and draw rules.
func TestGameClone(t *testing.T) {
	const record = `[Event "Clone"]
[White "A"]
[Black "B"]
1. d4-e5 {centre} (1. c4-c5 $1 {or} i6-h5 (1... i6-i5!?)) 1... f6xd4 2. c3xe5 g7-f6 $2 *
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
