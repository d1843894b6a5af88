package hexdame

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// Tests of notation.go: move text read and written in both notations,
// ambiguous short forms, MoveError's message, and move text too long to
// read.

func TestPropertyRoundTrips(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := anyPosition().Draw(t, "position")
		for _, n := range []Notation{Algebraic, Numeric} {
			fen := p.format(n)
			q, err := ParseFEN(fen)
			if err != nil || q != p {
				t.Fatalf("FEN %q reads back as %v, %v", fen, q.String(), err)
			}
			for _, m := range p.LegalMoves() {
				for _, text := range []string{p.FormatMove(m, n), p.Path(m).Format(n)} {
					got, err := p.ParseMove(text)
					if err != nil || got != m {
						t.Fatalf("%s: move %q reads back as %v, %v; want %v", p.String(), text, got, err, m)
					}
				}
				path := p.Path(m).Cells()
				if m.IsCapture() && len(path) != m.Captured().Len()+1 {
					t.Fatalf("%s: path %v of %v", p.String(), path, m)
				}
				if err := checkPathCells(p, m, path); err != nil {
					t.Fatalf("%s: path %v of %v: %s", p.String(), path, m, err)
				}
			}
		}
		for c := Cell(1); c <= NumCells; c++ {
			for _, n := range []Notation{Algebraic, Numeric} {
				if got, err := ParseCell(formatCell(c, n)); err != nil || got != c {
					t.Fatalf("cell %v in %v reads back as %v, %v", c, n, got, err)
				}
			}
		}
	})
}

func TestRulesAmbiguousShortForm(t *testing.T) {
	p := MustParseFEN("W:WKe1:Ba2,a3,c7,d7,e6,g5")
	_, err := p.ParseMove("e1xh5")
	var me *MoveError
	if !errors.As(err, &me) || me.err != ErrAmbiguousMove || len(me.Candidates) != 2 {
		t.Fatalf("ParseMove(e1xh5) error = %v, want ambiguous with two candidates", err)
	}
	a := p.MustParseMove("e1xe8xh5")
	b := p.MustParseMove("e1xa5xh5")
	if a == b || !a.Captured().Has(MustParseCell("d7")) || !b.Captured().Has(MustParseCell("c7")) {
		t.Errorf("e1xe8xh5 = %v %v, e1xa5xh5 = %v %v", a, a.Captured(), b, b.Captured())
	}
	// The writer gives the cells where each path turns.
	if got := p.FormatMove(a, Algebraic); got != "e1xe8xb5xh5" {
		t.Errorf("FormatMove = %q, want e1xe8xb5xh5", got)
	}
	if got := p.FormatMove(b, Numeric); got != "51x11x47x19" {
		t.Errorf("FormatMove numeric = %q, want 51x11x47x19", got)
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

func TestHostileMoveTextPanics(t *testing.T) {
	long := strings.Repeat("d4-", 62) + "d4" // 63 cells
	p := StartPosition()
	if _, err := p.ParseMove(long); !errors.Is(err, ErrSyntax) {
		t.Errorf("ParseMove of 63 cells: %v", err)
	}
	if _, err := playText(NewGame(), long); !errors.Is(err, ErrSyntax) {
		t.Errorf("playText of 63 cells: %v", err)
	}
	pdn := "1. " + long + " *"
	if _, err := NewReader(strings.NewReader(pdn)).ReadGame(); !errors.Is(err, ErrSyntax) {
		t.Errorf("ReadGame: %v", err)
	}
	rec, err := NewReader(strings.NewReader(pdn)).ReadRecord()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := rec.Convert(Numeric); !errors.Is(err, ErrSyntax) {
		t.Errorf("Convert: %v", err)
	}
	var buf bytes.Buffer
	if err := convertRecord(NewReader(strings.NewReader(pdn)), NewWriter(&buf), Numeric); !errors.Is(err, ErrSyntax) || buf.Len() != 0 {
		t.Errorf("convertRecord: %v, wrote %q", err, buf.String())
	}
	// Exactly 62 cells is not too many to read (it is not legal here).
	if _, err := p.ParseMove(strings.Repeat("d4-", 61) + "d4"); !errors.Is(err, ErrIllegalMove) {
		t.Errorf("ParseMove of 62 cells: %v", err)
	}
}
