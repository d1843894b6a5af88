package hexdame

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// Tests of move.go: a Move is its start, end and captured cells; playing
// it (crowning, PlayUnchecked on any move), IsReversible, and its JSON.

// A move is its start, end and captured set: Play and IsLegal take a move
// given by those alone, whatever piece the caller thought made it, and
// take the rest (a king moving, a man crowned) from the position.
func TestRulesMoveIsItsIdentity(t *testing.T) {
	tests := []struct {
		fen      string
		from, to string
		captured []string
		after    string
	}{
		{"W:WKa1:Bi9", "a1", "b1", nil, "B:WKb1:Bi9"},
		{"W:Wa1:Bi9", "a1", "b1", nil, "B:Wb1:Bi9"},
		{"W:Wd8:Bi9", "d8", "e9", nil, "B:WKe9:Bi9"},
		{"W:Wc3:Bd4,f5,h8", "c3", "g5", []string{"d4", "f5"}, "B:Wg5:Bh8"},
		{"W:WKa1:Bc3,i9", "a1", "e5", []string{"c3"}, "B:WKe5:Bi9"},
	}
	for _, tc := range tests {
		p := MustParseFEN(tc.fen)
		var captured CellSet
		for _, c := range tc.captured {
			captured = (captured | CellSetOf(MustParseCell(c)))
		}
		m := MakeMove(MustParseCell(tc.from), MustParseCell(tc.to), captured)
		if !p.IsLegal(m) {
			t.Errorf("%s: IsLegal(%v) = false", tc.fen, m)
			continue
		}
		q, err := p.Play(m)
		if err != nil || q.String() != tc.after {
			t.Errorf("%s: Play(%v) = %s, %v; want %s", tc.fen, m, q.String(), err, tc.after)
		}
		if !slices.Contains(p.LegalMoves(), m) {
			t.Errorf("%s: %v is not among the legal moves %v", tc.fen, m, p.LegalMoves())
		}
		var fromJSON Move
		js := `{"from":"` + tc.from + `","to":"` + tc.to + `"}`
		if len(tc.captured) > 0 {
			js = `{"from":"` + tc.from + `","to":"` + tc.to + `","captured":["` + strings.Join(tc.captured, `","`) + `"]}`
		}
		if err := json.Unmarshal([]byte(js), &fromJSON); err != nil || fromJSON != m {
			t.Errorf("%s: %s decodes to %v, %v; want %v", tc.fen, js, fromJSON, err, m)
		}
	}
}

// Promotion.
func TestRulesPromotion(t *testing.T) {
	tests := []struct {
		name, fen, move string
		at              string
		want            Piece
	}{
		{"white man stepping onto rank 9 is crowned", "W:Wd8:Ba1", "d8-e9", "e9", WhiteKing},
		{"white man stepping onto file i is crowned", "W:Wh5:Ba1", "h5-i5", "i5", WhiteKing},
		{"red man stepping onto file a is crowned", "B:Wi9:Bb5", "b5-a5", "a5", RedKing},
		{"red man stepping onto rank 1 is crowned", "B:Wi9:Bd2", "d2-d1", "d1", RedKing},
		{"a man passing the back row mid-capture stays a man", "W:Wd7:Be8,f8", "d7xf9xf7", "f7", WhiteMan},
		{"a man ending its capture on the back row is crowned", "W:Wg7:Bh8", "g7xi9", "i9", WhiteKing},
		{"promotion ends the move", "W:Wg7:Bh8,g9", "g7xi9", "i9", WhiteKing},
		{"a king is not promoted again", "W:WKd8:Ba1", "d8-e9", "e9", WhiteKing},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := MustParseFEN(tc.fen)
			m, err := p.ParseMove(tc.move)
			if err != nil {
				t.Fatal(err)
			}
			if legal := legalPaths(p); tc.name == "promotion ends the move" && !slices.Equal(legal, []string{"g7xi9"}) {
				t.Errorf("legal moves %v, want only g7xi9", legal)
			}
			q, err := p.Play(m)
			if err != nil {
				t.Fatal(err)
			}
			if got := q.Piece(MustParseCell(tc.at)); got != tc.want {
				t.Errorf("after %s: %s holds %v, want %v", tc.move, tc.at, got, tc.want)
			}
			king := p.Piece(m.From()).IsKing()
			if crowns(p, m) != (!king && tc.want.IsKing()) {
				t.Errorf("crowns = %v", crowns(p, m))
			}
		})
	}
}

// TestRulesIsReversible: a king's move without a capture is reversible;
// a capture, a man's move and anything that is not a move of the side to
// move are not.
func TestRulesIsReversible(t *testing.T) {
	tests := []struct {
		name, fen, move string
		want            bool
	}{
		{"a king's step", "W:WKd4:Bi9", "d4-e5", true},
		{"a king's slide", "W:WKa1:Bi9", "a1-e5", true},
		{"a Red king's slide", "B:Wa1:BKe5,i9", "e5-e9", true},
		{"a king's capture", "W:WKa1:Bc3", "a1xe5", false},
		{"a king's capture of several pieces", "W:WKa1:Bc3,f8", "a1xd8", false},
		{"a man's step", "W:Wd4:Bi9", "d4-e5", false},
		{"a man's crowning step", "W:Wd8:Ba1", "d8-e9", false},
		{"a man's capture", "W:Wd4:Be5", "d4xf6", false},
		{"a man's capture that crowns", "W:Wg7:Bh8", "g7xi9", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := MustParseFEN(tc.fen)
			m, err := p.ParseMove(tc.move)
			if err != nil {
				t.Fatal(err)
			}
			if got := p.IsReversible(m); got != tc.want {
				t.Errorf("IsReversible(%s) in %s = %v, want %v", tc.move, tc.fen, got, tc.want)
			}
		})
	}
	// Moves that are not the side to move's: the start's piece decides.
	cell := MustParseCell
	others := []struct {
		name, fen string
		m         Move
		want      bool
	}{
		{"the zero Move", "W:WKd4:Bi9", Move{}, false},
		{"from an empty cell", "W:WKd4:Bi9", MakeMove(cell("a1"), cell("a2"), 0), false},
		{"from the opponent's king", "W:WKd4:BKi9", MakeMove(cell("i9"), cell("h9"), 0), false},
		{"an illegal slide of a king", "W:WKd4:Bi9", MakeMove(cell("d4"), cell("a1"), 0), true},
		{"from a cell beyond the board", "W:WKd4:Bi9", Move{from: 64 + cell("d4"), to: cell("e5")}, false},
	}
	for _, tc := range others {
		if got := MustParseFEN(tc.fen).IsReversible(tc.m); got != tc.want {
			t.Errorf("%s: IsReversible = %v, want %v", tc.name, got, tc.want)
		}
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

func TestMoveJSON(t *testing.T) {
	p := MustParseFEN("W:Wc3,g7:Bd4,f5,h8")
	m := p.MustParseMove("c3xe5xg5")
	js, _ := json.Marshal(m)
	if want := `{"from":"c3","to":"g5","captured":["d4","f5"]}`; string(js) != want {
		t.Errorf("json %s, want %s", js, want)
	}
	if js, _ := json.Marshal(StartPosition().MustParseMove("d4-e5")); string(js) != `{"from":"d4","to":"e5","captured":[]}` {
		t.Errorf("json of a non-capture %s", js)
	}
	if js, _ := json.Marshal(Move{}); string(js) != "null" || (Move{}).String() != "invalid move" || (Move{}).IsValid() {
		t.Errorf("the zero Move: %s, %q", js, Move{})
	}
	var back Move
	if err := json.Unmarshal([]byte("null"), &back); err != nil || back != (Move{}) {
		t.Errorf("null: %v, %v", back, err)
	}
	numeric := fmt.Sprintf(`{"from":"%d","to":"%d","captured":["%d"]}`, MustParseCell("c3").Number(), MustParseCell("e5").Number(), MustParseCell("d4").Number())
	if err := json.Unmarshal([]byte(numeric), &back); err != nil || back != MustParseFEN("W:Wc3:Bd4").MustParseMove("c3xe5") {
		t.Errorf("numeric cells: %v, %v", back, err)
	}
	for _, bad := range []string{
		`{"from":"c3","to":"c3"}`,
		`{"from":"c3","to":"e5","captured":["c3"]}`,
		`{"to":"e5"}`,
		`{"from":"c3"}`,
		`{"from":"","to":"e5"}`,
		`{}`,
		`{"from":"j9","to":"e5"}`,
		`{"from":"c3","to":"e5","captured":["q1"]}`,
		`{"from":"c3","to":"e5","captured":[null]}`,
		`{"from":"c3","to":"e5","captured":["d4","d4"]}`,
		`{"from":"c3","to":"e5","captured":[""]}`,
	} {
		if err := json.Unmarshal([]byte(bad), &back); !errors.Is(err, ErrSyntax) {
			t.Errorf("%s: %v, want an error wrapping ErrSyntax", bad, err)
		}
	}
	// A decoded move from another position is refused by Play.
	var foreign Move
	json.Unmarshal([]byte(`{"from":"c3","to":"c4","captured":[],"king":false,"promotes":false}`), &foreign)
	if _, err := MustParseFEN("W:Wd3:Bi9").Play(foreign); !errors.Is(err, ErrIllegalMove) {
		t.Errorf("a foreign move plays: %v", err)
	}
}

// A move marshals to a self-describing object and decodes to an equal
// Move, which Play then checks like any other.
func TestPropertyMoveJSON(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := anyPosition().Draw(t, "position")
		for _, m := range p.LegalMoves() {
			js, err := json.Marshal(m)
			if err != nil || !strings.HasPrefix(string(js), `{"from":`) {
				t.Fatalf("%v marshals to %s, %v", m, js, err)
			}
			var back Move
			if err := json.Unmarshal(js, &back); err != nil || back != m {
				t.Fatalf("%s reads back as %v, %v; want %v", js, back, err, m)
			}
			if _, err := p.Play(back); err != nil {
				t.Fatalf("%s does not play: %v", js, err)
			}
		}
	})
}
