package hexdame

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// Lines that the mutation run found no -short test reaching: the text
// diagram's coordinates and flipping, invalid cells' file and rank, the
// cells of one colour, a result that is not a result, a move after the end,
// replacing a tag, and the message for a side with no legal move.

func TestInvalidCellFileRank(t *testing.T) {
	for _, c := range []Cell{NoCell, NumCells + 1, 200} {
		if c.File() != -1 || c.Rank() != -1 {
			t.Errorf("Cell(%d): File %d, Rank %d; want -1, -1", c, c.File(), c.Rank())
		}
	}
}

func TestCellsOfColor(t *testing.T) {
	p := MustParseFEN("W:Wc3,a1,Ke5:Bi9,Kg7")
	if got, want := slices.Collect(p.Pieces(White).All()), []Cell{MustParseCell("a1"), MustParseCell("c3"), MustParseCell("e5")}; !slices.Equal(got, want) {
		t.Errorf("Cells(White) = %v, want %v", got, want)
	}
	if got, want := slices.Collect(p.Pieces(Red).All()), []Cell{MustParseCell("g7"), MustParseCell("i9")}; !slices.Equal(got, want) {
		t.Errorf("Cells(Red) = %v, want %v", got, want)
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
		t.Errorf("PlayText after the end = %v, want ErrGameOver", err)
	}
}

func TestSetTagReplaces(t *testing.T) {
	g := NewGame()
	for _, v := range []string{"first", "second"} {
		if err := g.SetTag("Event", v); err != nil {
			t.Fatal(err)
		}
	}
	n := 0
	for _, tag := range g.Tags() {
		if tag.Name == "Event" {
			n++
		}
	}
	if v, _ := g.Tag("Event"); v != "second" || n != 1 {
		t.Errorf("after two SetTag: Event %q, %d Event tags; want \"second\", 1", v, n)
	}
}

func TestNoLegalMoveMessage(t *testing.T) {
	const noMoveFEN = "W:Wa1:Ba2,b1,b2,a3,c1,c3" // the man on a1 is walled in
	p := MustParseFEN(noMoveFEN)
	if len(p.LegalMoves()) != 0 {
		t.Fatalf("%s has legal moves %v", noMoveFEN, p.LegalMoves())
	}
	from := slices.Collect(p.Pieces(White).All())[0]
	_, err := p.ParseMove(from.String() + "-" + from.String())
	if !errors.Is(err, ErrIllegalMove) || !strings.Contains(err.Error(), "White has no legal move") {
		t.Errorf("ParseMove in a blocked position = %v, want an illegal move saying White has no legal move", err)
	}
}
