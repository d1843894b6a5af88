package hexdame

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"slices"
	"strings"
	"testing"
	"testing/iotest"
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
				b.WriteString("/" + x.Position().FEN() + "/")
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
	alt, err := root.AddMoveText("c4-c5")
	if err != nil {
		t.Fatal(err)
	}
	if alt.IsMainline() || alt.Ply() != 1 || alt.Before() != StartPosition() || g.Ply() != 3 {
		t.Errorf("variation: main %v, ply %d, game ply %d", alt.IsMainline(), alt.Ply(), g.Ply())
	}
	a2, _ := alt.AddMoveText("i6-h5")
	if _, err := a2.AddMoveText("d4-d5"); err != nil {
		t.Fatal(err)
	}
	if _, err := alt.AddMoveText("i6-i5"); err != nil {
		t.Fatal(err)
	}
	if again, _ := root.AddMoveText("c4-c5"); again != alt {
		t.Error("adding a move twice made two nodes")
	}
	if _, err := root.AddMoveText("d4-e6"); !errors.Is(err, ErrIllegalMove) {
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
	if g.Ply() != 3 || g.End().Move().String() != "d4-d5" || g.Moves()[0].String() != "c4-c5" || !alt.IsMainline() {
		t.Errorf("after promotion: ply %d, end %v, moves %v", g.Ply(), g.End().Move(), g.Moves())
	}
	if got := treeString(root); got != "c4-c5 (d4-e5 f6xd4 c3xe5) i6-h5 (i6-i5) d4-d5" {
		t.Errorf("tree after promotion: %s", got)
	}
	if err := first.Promote(); err != nil || g.Moves()[0].String() != "d4-e5" || g.Ply() != 3 {
		t.Errorf("Promote: %v, moves %v", err, g.Moves())
	}
	// Playing goes on from the main line's end.
	playAll(t, g, "g7-f6")
	if g.End().Parent().Move().String() != "c3xe5" || g.Ply() != 4 {
		t.Errorf("played after the edits: %v", g.Moves())
	}
	// Removing the main continuation makes the variation the main line.
	if err := first.Remove(); err != nil {
		t.Fatal(err)
	}
	if g.Moves()[0].String() != "c4-c5" || g.Ply() != 3 || g.Position() != g.End().Position() {
		t.Errorf("after Remove: %v", g.Moves())
	}
	if err := first.Remove(); !errors.Is(err, ErrNotInTree) {
		t.Errorf("removing twice: %v", err)
	}
	if err := root.Remove(); !errors.Is(err, ErrRootNode) {
		t.Errorf("removing the root: %v", err)
	}
	if err := root.Promote(); !errors.Is(err, ErrRootNode) {
		t.Errorf("promoting the root: %v", err)
	}
	// Annotations.
	if err := alt.SetComment("the other way"); err != nil || alt.Comment() != "the other way" {
		t.Errorf("SetComment: %v, %q", err, alt.Comment())
	}
	if err := alt.SetComment("a } b"); !errors.Is(err, ErrInvalidAnnotation) {
		t.Errorf("SetComment with }: %v", err)
	}
	if err := alt.AddNAG(3); err != nil || !slices.Equal(alt.NAGs(), []int{3}) {
		t.Errorf("AddNAG: %v, %v", err, alt.NAGs())
	}
	if err := alt.AddNAG(-1); !errors.Is(err, ErrInvalidAnnotation) {
		t.Errorf("AddNAG(-1): %v", err)
	}
	if err := alt.SetStrength("!?"); err != nil || alt.Strength() != "!?" {
		t.Errorf("SetStrength: %v", err)
	}
	if err := alt.SetStrength("good"); !errors.Is(err, ErrInvalidAnnotation) {
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
	if _, err := g.Root().Next().AddMoveText("f6-f5"); err == nil {
		t.Error("f6-f5 was legal while capture is compulsory")
	}
	if _, err := g.Root().AddMoveText("c4-c5"); err != nil {
		t.Fatal(err)
	}
	g.Undo()
	g.Undo()
	if g.Ply() != 0 || len(g.Root().Children()) != 0 || g.Undo() {
		t.Errorf("after undoing everything: ply %d, %d children", g.Ply(), len(g.Root().Children()))
	}
}

func TestGameJSON(t *testing.T) {
	g := NewGameFrom(MustParseFEN("W:WKa1,a3:BKi9"))
	playAll(t, g, "a1-b1", "i9-h9")
	g.SetTag("Event", "JSON")
	g.SetDrawRules(DrawRules{KingMoves: 25})
	if err := g.SetResult(Draw); err != nil {
		t.Fatal(err)
	}
	js, err := json.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"tags":[{"name":"Event","value":"JSON"}],"start":"W:WKa1,a3:BKi9","notation":"algebraic","moves":[` +
		`{"from":"a1","to":"b1","captured":[]},{"from":"i9","to":"h9","captured":[]}],` +
		`"result":"1-1","outcome":{"result":"1-1","reason":"agreement"},"drawRules":{"kingMoves":25}}`
	if string(js) != want {
		t.Errorf("JSON:\n%s\nwant\n%s", js, want)
	}
	var back Game
	if err := json.Unmarshal(js, &back); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(back.Moves(), g.Moves()) || back.Outcome() != g.Outcome() || back.DrawRules() != g.DrawRules() ||
		!slices.Equal(back.Tags(), g.Tags()) || back.InitialPosition() != g.InitialPosition() {
		t.Errorf("read back: %v %v %v", back.Moves(), back.Outcome(), back.Tags())
	}
	// The decoded game is a game: it plays on, and its tree is its own.
	back.SetResult(NoResult)
	playAll(t, &back, "b1-c1")
	if back.End().Game() != &back || back.Root().Next().Parent() != back.Root() {
		t.Error("the decoded game's nodes point elsewhere")
	}
	// A move that is not legal where the JSON puts it is refused.
	bad := strings.Replace(string(js), `"from":"i9","to":"h9"`, `"from":"i9","to":"a9"`, 1)
	if err := json.Unmarshal([]byte(bad), &back); !errors.Is(err, ErrIllegalMove) && !errors.Is(err, ErrInvalidCell) {
		t.Errorf("an illegal move in JSON: %v", err)
	}
	// A setup in the main line.
	r, _ := NewReader(strings.NewReader("1. d4-e5 /FEN \"B:WKa1:BKi9\"/ 1... i9-h9 *")).ReadGame()
	js, _ = json.Marshal(r)
	if !strings.Contains(string(js), `{"setup":"B:WKa1:BKi9"}`) {
		t.Errorf("setup in JSON: %s", js)
	}
	var withSetup Game
	if err := json.Unmarshal(js, &withSetup); err != nil || !slices.Equal(withSetup.Positions(), r.Positions()) {
		t.Errorf("setup read back: %v", err)
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
	if _, err := g.PlayText("e1-e2"); !errors.Is(err, ErrGameOver) {
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
	for g, err := range NewReader(strings.NewReader(text)).Games() {
		if err != nil {
			errs++
			continue
		}
		games++
		var plies []string
		for p := range g.PlayedMoves() {
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
	for rec, err := range NewReader(strings.NewReader(text)).Records() {
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
	for _, err := range NewReader(io.MultiReader(strings.NewReader("1. d4-e5 * 1. d4-"), iotest.ErrReader(broken))).Records() {
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
	for depth, e := range rec.Movetext() {
		got = append(got, itoaTest(depth)+":"+e.Kind.String())
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
		for _, m := range p.MovesFrom(MustParseCell(tc.cell)) {
			got = append(got, p.FormatMovePath(m, Algebraic))
		}
		if strings.Join(got, " ") != strings.Join(tc.want, " ") {
			t.Errorf("MovesFrom(%s) = %v, want %v", tc.cell, got, tc.want)
		}
	}
	if got := p.MovesFrom(NoCell); len(got) != 0 {
		t.Errorf("MovesFrom(NoCell) = %v", got)
	}
	buf := make([]Move, 0, 64)
	if n := testing.AllocsPerRun(100, func() { buf = StartPosition().AppendMovesFrom(buf[:0], MustParseCell("d4")) }); n != 0 || len(buf) != 3 {
		t.Errorf("AppendMovesFrom: %v allocations, %d moves", n, len(buf))
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
	if g == nil || g.Ply() != 3 || treeString(g.Root()) != "d4-e5 f6xd4 c3xe5" {
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
	if g2 == nil || g2.Ply() != 3 || err2 == nil || err2.Error() != err.Error() && len(err2.Error()) == 0 {
		t.Errorf("Replay: %v, %v", g2, err2)
	}
	if err3 := NewReader(strings.NewReader(text)).CheckGame(); err3 == nil || strings.Count(err3.Error(), "\n") != 2 {
		t.Errorf("CheckGame: %v", err3)
	}
}

// AnnotationsSeq yields what Annotations returns, and stops when asked;
// each annotation survives the tree's compact form: NAGs of 9 digits,
// comments of any UTF-8 text, empty ones.
func TestAnnotationsSeq(t *testing.T) {
	text := "%lead\n{before} 1. d4-e5 $999999999 {é \xe2\x80\xa8 after} {} %\n" +
		"(1. c4-c5 $1 {x}) {tail} %last\n1... f6xd4 $3 $0 *"
	g, err := NewReader(strings.NewReader(text)).ReadGame()
	if err != nil {
		t.Fatal(err)
	}
	nodes := 0
	var walk func(n *Node)
	walk = func(n *Node) {
		nodes++
		b, a, tl := n.Annotations()
		sb, sa, stl := n.AnnotationsSeq()
		for i, pair := range []struct {
			want []Element
			seq  func(func(Element) bool)
		}{{b, sb}, {a, sa}, {tl, stl}} {
			if got := slices.Collect(pair.seq); !slices.EqualFunc(got, pair.want, sameAnnotation) {
				t.Errorf("node at ply %d, part %d: AnnotationsSeq %q, Annotations %q", n.Ply(), i, got, pair.want)
			}
			for range pair.seq {
				break // the iterator stops when asked
			}
		}
		for _, c := range n.Children() {
			walk(c)
		}
	}
	walk(g.Root())
	_, after, _ := g.Root().Next().Annotations()
	want := []Element{{Kind: NAGElement, NAG: 999999999}, {Kind: CommentElement, Text: "é \u2028 after"}, {Kind: CommentElement}, {Kind: LineCommentElement}}
	if !slices.EqualFunc(after, want, sameAnnotation) {
		t.Errorf("annotations after d4-e5: %q, want %q", after, want)
	}
	if nodes != 4 {
		t.Errorf("%d nodes", nodes)
	}
}

func sameAnnotation(a, b Element) bool { return a.Kind == b.Kind && a.Text == b.Text && a.NAG == b.NAG }

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
	if err := g.SetNotation(Numeric); err != nil {
		t.Fatal(err)
	}
	before := gamePDN(t, g)
	c := g.Clone()
	if got := gamePDN(t, c); got != before {
		t.Fatalf("the clone writes\n%s\nnot\n%s", got, before)
	}
	if c.Ply() != g.Ply() || c.Position() != g.Position() || c.Notation() != g.Notation() ||
		c.DrawRules() != g.DrawRules() || c.Repetitions() != g.Repetitions() || c.Outcome() != g.Outcome() {
		t.Errorf("the clone's state differs: ply %d/%d, notation %v/%v", c.Ply(), g.Ply(), c.Notation(), g.Notation())
	}
	for n := range c.Root().Mainline() {
		if n.Game() != c {
			t.Fatalf("a node of the clone belongs to %p, not the clone %p", n.Game(), c)
		}
	}
	if c.End() == g.End() || c.End().Position() != g.End().Position() || c.End().Game() != c {
		t.Errorf("the clone's end is not its own copy of the original's")
	}

	// Changes to the clone, of every kind.
	variation := c.Root().Children()[1]
	if err := variation.AddNAG(4); err != nil { // appended to the notes in place
		t.Fatal(err)
	}
	if err := c.Root().Next().SetComment("changed"); err != nil {
		t.Fatal(err)
	}
	if _, err := variation.Next().AddMoveText("d4-d5"); err != nil {
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
	if g.DrawRules().KingMoves != 25 || g.Ply() != 4 {
		t.Errorf("the original's draw rules or ply changed: %+v, %d", g.DrawRules(), g.Ply())
	}
	changed := gamePDN(t, c)

	// Changes to the original.
	for range 2 {
		if !g.Undo() {
			t.Fatal("Undo")
		}
	}
	if err := g.Root().Children()[1].AddNAG(5); err != nil {
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
	if zero.Ply() != 0 || z.Ply() != 1 {
		t.Errorf("zero Game and its clone: ply %d and %d", zero.Ply(), z.Ply())
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
	if o := c.Outcome(); o.Reason != ThreefoldRepetition {
		t.Errorf("the clone after a third occurrence: %v", o)
	}
	if o := g.Outcome(); o.IsOver() || g.Repetitions() != 2 {
		t.Errorf("the original: %v, %d repetitions", o, g.Repetitions())
	}
}
