package hexdame

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// legalPaths returns p's legal moves in full-path algebraic notation,
// sorted.
func legalPaths(p Position) []string {
	var out []string
	for _, m := range p.LegalMoves() {
		out = append(out, p.Path(m).Format(Algebraic))
	}
	slices.Sort(out)
	return out
}

type ruleCase struct {
	name string
	fen  string
	want []string // every legal move, full path
}

func runRuleCases(t *testing.T, cases []ruleCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := MustParseFEN(tc.fen)
			want := slices.Clone(tc.want)
			slices.Sort(want)
			if diff := cmp.Diff(want, legalPaths(p)); diff != "" {
				t.Errorf("legal moves of %s (-want +got):\n%s", tc.fen, diff)
			}
		})
	}
}

// Moves without capture.
func TestRulesNonCaptures(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{"white man steps straight or obliquely forward", "W:Wc3:Bi9", []string{"c3-c4", "c3-d3", "c3-d4"}},
		{"red man steps the other way", "B:Wa1:Bf6", []string{"f6-e5", "f6-e6", "f6-f5"}},
		{"men never step backwards or onto pieces", "W:Wa1,b1,b2:Bi9", []string{"a1-a2", "b1-c1", "b1-c2", "b2-b3", "b2-c2", "b2-c3"}},
		{"a man at the edge has fewer steps", "W:Wa5:Bi9", []string{"a5-b5", "a5-b6"}},
		{"a white man on a back row cell still steps along it", "W:We9:Ba1", []string{"e9-f9"}},
		{"king slides stop before any piece", "W:Wc3,Ke3:Bg3,e9", []string{
			"c3-c4", "c3-d3", "c3-d4",
			"e3-d3", "e3-f3",
			"e3-e4", "e3-e5", "e3-e6", "e3-e7", "e3-e8", "e3-e2", "e3-e1",
			"e3-f4", "e3-g5", "e3-h6", "e3-i7", "e3-d2", "e3-c1",
		}},
		{"a blocked side has no move", "W:Wa1:Ba2,b1,b2,a3,c1,c3", nil},
		{"no pieces, no move", "W:W:Bi9", nil},
	})
}

func TestRulesFlyingKingOnEmptyBoard(t *testing.T) {
	// A king on e5 sees 8 cells along each of its three lines, with an
	// opposing piece out of the way on a corner of another line.
	p := MustParseFEN("W:WKe5:Bi5")
	got := legalPaths(p)
	if len(got) != 24-1 {
		t.Errorf("king on e5 with i5 taken has %d moves, want 23: %v", len(got), got)
	}
	if slices.Contains(got, "e5-i5") || !slices.Contains(got, "e5-h5") || !slices.Contains(got, "e5-a1") || !slices.Contains(got, "e5-e9") {
		t.Errorf("king on e5 moves: %v", got)
	}
}

// Capture: each bullet of RULES.md's Capture section.
func TestRulesCaptures(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{"capture is compulsory", "W:Wc3,e5:Bf6", []string{"e5xg7"}},
		{"a man captures backwards along a rank", "W:We5:Bd5", []string{"e5xc5"}},
		{"a man captures backwards along a column", "W:We5:Bd4", []string{"e5xc3"}},
		{"a red man captures backwards", "B:Wf5:Be4", []string{"e4xg6"}},
		{"a man captures a king", "W:Wc3:BKd3", []string{"c3xe3"}},
		{"no capture without an empty cell beyond", "W:Wc3:Bd3,e3", []string{"c3-c4", "c3-d4"}},
		{"no capture off the board", "W:We8:Bf9,e9", []string{"e8-f8"}},
		{"a man does not fly", "W:Wc3:Be3", []string{"c3-c4", "c3-d3", "c3-d4"}},
		{"king captures at a distance and chooses its landing cell", "W:WKa1:Bc3",
			[]string{"a1xd4", "a1xe5", "a1xf6", "a1xg7", "a1xh8", "a1xi9"}},
		{"king must land where it can go on capturing", "W:WKa1,g7:Bc3,e7",
			[]string{"a1xe5xe8", "a1xe5xe9"}},
		{"captured pieces block a king's later line (Turkish strike)", "W:WKa1:Bc3,e4,b3",
			[]string{"a1xd4xf4", "a1xd4xg4", "a1xd4xh4", "a1xe5xe3", "a1xe5xe2", "a1xe5xe1"}},
		{"a piece is not jumped twice", "W:WKa1:Bc3,e4",
			[]string{"a1xd4xf4", "a1xd4xg4", "a1xd4xh4", "a1xe5xe3", "a1xe5xe2", "a1xe5xe1"}},
		{"a king passes over its own start cell", "W:WKe5:Bc3,d2,e7",
			[]string{"e5xb2xe2xe8", "e5xb2xe2xe9"}},
		{"a man ends a ring of captures on its start cell", "W:Wc3:Bd3,f4,g6,f7,d6,c4",
			[]string{"c3xe3xg5xg7xe7xc5xc3"}},
		{"majority: a man's two captures beat a king's one", "W:WKa1,e5:Bc3,f5,g6",
			[]string{"e5xg5xg7"}},
		{"majority: a king's two captures beat a man's one", "W:WKa1,e1:Bc3,e6,e2",
			[]string{"a1xe5xe7", "a1xe5xe8", "a1xe5xe9", "a1xf6xd6", "a1xf6xc6", "a1xf6xb6"}},
		{"majority: equally long captures are all legal", "W:Wc3,g3:Bd3,g4",
			[]string{"c3xe3", "g3xg5"}},
		{"same start and end, different pieces: two moves", "W:WKe1:Ba2,a3,c7,d7,e6,g5",
			[]string{"e1xe8xb5xh5", "e1xe8xb5xi5", "e1xe9xa5xh5", "e1xe9xa5xi5"}},
	})
}

// Two capture paths with the same start, end and captured set are one
// move: the ring above can be run either way round.
func TestRulesSameOutcomeIsOneMove(t *testing.T) {
	p := MustParseFEN("W:Wc3:Bd3,f4,g6,f7,d6,c4")
	moves := p.LegalMoves()
	if len(moves) != 1 {
		t.Fatalf("got %d moves, want 1: %v", len(moves), legalPaths(p))
	}
	m := moves[0]
	if m.From() != m.To() || m.Captured().Len() != 6 {
		t.Errorf("move %v captures %d, want c3xc3 capturing 6", m, m.Captured().Len())
	}
	// Both directions round the ring are accepted as text for it.
	for _, text := range []string{"c3xc3", "c3xe3xg5xg7xe7xc5xc3", "c3xc5xe7xg7xg5xe3xc3", "c3xg7xc3"} {
		got, err := p.ParseMove(text)
		if err != nil || got != m {
			t.Errorf("ParseMove(%q) = %v, %v; want %v", text, got, err, m)
		}
	}
	after := p.play(m)
	if after.String() != "B:Wc3:B" {
		t.Errorf("after the ring: %s, want B:Wc3:B", after.String())
	}
}

func TestRulesAmbiguousShortForm(t *testing.T) {
	p := MustParseFEN("W:WKe1:Ba2,a3,c7,d7,e6,g5")
	_, err := p.ParseMove("e1xh5")
	var me *MoveError
	if !errorsAs(err, &me) || me.err != ErrAmbiguousMove || len(me.Candidates) != 2 {
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
				t.Errorf("Promotes() = %v", crowns(p, m))
			}
		})
	}
}

func TestRulesLoss(t *testing.T) {
	for _, fen := range []string{"W:W:Bi9", "W:Wa1:Ba2,b1,b2,a3,c1,c3", "B:Wa1:B"} {
		p := MustParseFEN(fen)
		o := NewGameFrom(p).Outcome()
		w, ok := winner(o)
		if !ok || w != p.SideToMove().Opponent() || p.CountLegalMoves() > 0 || o.Reason != NoLegalMove {
			t.Errorf("%s: Outcome() = %v; want a win of the opponent of the side to move", fen, o)
		}
	}
	if NewGame().Outcome().IsOver() || StartPosition().CountLegalMoves() == 0 {
		t.Error("the start position is lost")
	}
}

// Play and IsLegal check a Move made elsewhere (from JSON, another
// position) against the rules, not only against the generator's output.
func TestRulesForeignMovesAreIllegal(t *testing.T) {
	moveIn := func(fen, text string) Move { return MustParseFEN(fen).MustParseMove(text) }
	tests := []struct {
		name, fen string
		m         Move
	}{
		{"a quiet move onto an occupied cell", "W:Wc3,d4:Bi9", moveIn("W:Wc3:Bi9", "c3-d4")},
		{"a quiet move while a capture is compulsory", "W:Wc3,e5:Bf6", moveIn("W:Wc3:Bi9", "c3-c4")},
		{"a man stepping backwards", "W:Wd4:Bi9", moveIn("B:Wa1:Bd4", "d4-c3")},
		{"a king sliding through a piece", "W:WKa1,c3:Bi9", moveIn("W:WKa1:Bi9", "a1-e5")},
		{"a king sliding through an enemy piece", "W:WKa1:Bc3,i9,h9", moveIn("W:WKa1:Bi9", "a1-e5")},
		{"a move from an empty cell", "W:Wd3:Bi9", moveIn("W:Wc3:Bi9", "c3-c4")},
		{"a move of the other side's piece", "W:Wa1:Bc3", moveIn("W:Wc3:Ba1", "c3-c4")},
		{"a king's slide made by a man", "W:Wc3:Bi9", moveIn("W:WKc3:Bi9", "c3-c5")},
		{"a king's backward slide made by a man", "W:Wc3:Bi9", moveIn("W:WKc3:Bi9", "c3-c2")},
		{"a promotion that does not reach the back row", "W:Wd7:Bi9", moveIn("W:Wd8:Bi9", "d8-e9")},
		{"a capture of a piece that is not there", "W:Wc3:Bi9,e3", moveIn("W:Wc3:Bd3", "c3xe3")},
		{"a shorter capture than the longest", "W:Wc3:Bd3,f3,f5", moveIn("W:Wc3:Bd3", "c3xe3")},
		{"the zero Move", "W:Wa1:Bi9", Move{}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := MustParseFEN(tc.fen)
			if p.IsLegal(tc.m) {
				t.Errorf("IsLegal(%v) = true in %s", tc.m, tc.fen)
			}
			q, err := p.Play(tc.m)
			if !errors.Is(err, ErrIllegalMove) || q != p {
				t.Errorf("Play(%v) in %s = %s, %v", tc.m, tc.fen, q.String(), err)
			}
			if slices.Contains(p.LegalMoves(), tc.m) {
				t.Errorf("%v is among the legal moves of %s", tc.m, tc.fen)
			}
		})
	}
}

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

// A king's capture test looks for the opponent's pieces only: a king next
// to its own piece with an empty cell behind it cannot capture.
func TestRulesKingDoesNotCaptureOwnPieces(t *testing.T) {
	for _, tc := range []struct {
		fen     string
		capture bool
	}{
		{"W:WKa1,b2:Bi9", false},
		{"W:WKa1,c3:Bi9", false},
		{"B:WKa1:BKe5,f6", false},
		{"W:WKa1:Bc3", true},
		{"B:WKf6:BKe5", true},
		{"W:Wc3,d3:Bi9", false},
		{"W:Wc3:Bd3", true},
	} {
		p := MustParseFEN(tc.fen)
		if got := p.hasCapture(); got != tc.capture {
			t.Errorf("%s: hasCapture() = %v, want %v", tc.fen, got, tc.capture)
		}
		if got := p.capturers() != 0; got != tc.capture {
			t.Errorf("%s: capturers() = %v, want %v", tc.fen, got, tc.capture)
		}
		if n := p.CountLegalMoves(); n != len(p.LegalMoves()) {
			t.Errorf("%s: CountLegalMoves() = %d, LegalMoves has %d", tc.fen, n, len(p.LegalMoves()))
		}
	}
	runRuleCases(t, []ruleCase{
		{"a king passes no move over its own piece", "W:WKa1,b2:Bi9",
			[]string{"a1-a2", "a1-a3", "a1-a4", "a1-a5", "a1-b1", "a1-c1", "a1-d1", "a1-e1", "b2-b3", "b2-c2", "b2-c3"}},
	})
}

// Counting the non-capturing moves (what perft does at its last level)
// gives as many as listing them: a king slides to every empty cell up to
// the first piece, eight at most along the long lines, and a cell between
// two kings on one line is a move for each.
func TestRulesKingSlideCount(t *testing.T) {
	for _, tc := range []struct {
		fen  string
		want int
	}{
		// a1: 4 up the a-file, 4 along row 1, 8 up the long diagonal to i9.
		{"W:WKa1:Bi5", 4 + 4 + 8},
		// a1: 4, 3 (e1 is at the edge), 7; i9 the same, with 4 along row 9.
		{"W:WKa1,Ki9:Be1", 4 + 3 + 7 + 4 + 4 + 7},
		// a1: 3 (a5 at the edge), 4, 3; e5: 8 on the e-file, 3 + 4 on row
		// 5, 3 + 3 on the diagonal; i9: 4, 4, 3.
		{"W:WKa1,Ke5,Ki9:Ba5", 3 + 4 + 3 + 8 + 3 + 4 + 3 + 3 + 4 + 4 + 3},
		// e5: 8 on the file, 3 + 3 on row 5, 8 on the diagonal.
		{"W:WKe5:Ba5,i5", 8 + 6 + 8},
		// e5: 4 down the file, 8 on row 5, 3 down the diagonal; the man on
		// e6: e7 and f7; f6: 4 + 3 on the file, 3 on row 6, 3 on the
		// diagonal.
		{"W:WKe5,e6,Kf6:Ba1", 4 + 8 + 3 + 2 + 7 + 3 + 3},
	} {
		p := MustParseFEN(tc.fen)
		if n := len(p.LegalMoves()); n != tc.want {
			t.Errorf("%s: %d legal moves, want %d", tc.fen, n, tc.want)
		}
		if n := p.CountLegalMoves(); n != tc.want {
			t.Errorf("%s: CountLegalMoves() = %d, want %d", tc.fen, n, tc.want)
		}
	}
}

// A man jumps onto an empty cell only: not onto its own piece, nor an
// enemy one.
func TestRulesManLandsOnEmptyCells(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{"no jump onto its own piece", "W:Wc3,e3:Bd3,i9", []string{"c3-c4", "c3-d4", "e3-e4", "e3-f3", "e3-f4"}},
		{"no jump onto an enemy piece", "W:Wc3:Bd3,e3", []string{"c3-c4", "c3-d4"}},
		{"no king landing beyond a second piece", "W:Wd4,Ke5,f6:Bc5,Kg6,e7",
			[]string{"e5xa5", "e5xb5", "e5xe8", "e5xe9", "f6xh6"}},
	})
}

// Every path Path returns is a capture sequence of the move: each step
// runs along a line over exactly one piece not yet captured, onto empty
// cells, and the pieces jumped are the move's.
func TestRulesCapturePathsAreValid(t *testing.T) {
	p := MustParseFEN("W:Wc1,Kd3,Ke4:Bc3,c4,c6,f4,f8")
	want := []string{"d3xb3xf7xf9xa4", "d3xb3xf7xf9xb5", "e4xa4xe8xh8xa1", "e4xa4xe8xh8xb2", "e4xa4xf9xf7xf2", "e4xa4xf9xf7xf3"}
	if diff := cmp.Diff(want, legalPaths(p)); diff != "" {
		t.Errorf("paths (-want +got):\n%s", diff)
	}
	for _, m := range p.LegalMoves() {
		if err := checkPath(p, m, p.Path(m).Cells()); err != "" {
			t.Errorf("%v: %s", m, err)
		}
	}
	// After jumping d5 towards the down-left, the first direction tried
	// from c5 runs back over d5: it is captured and cannot be jumped again.
	q := MustParseFEN("W:WKe5:Bd5,b4")
	if diff := cmp.Diff([]string{"e5xb5xb1", "e5xb5xb2", "e5xb5xb3", "e5xc5xa3"}, legalPaths(q)); diff != "" {
		t.Errorf("paths (-want +got):\n%s", diff)
	}
	for _, m := range q.LegalMoves() {
		if err := checkPath(q, m, q.Path(m).Cells()); err != "" {
			t.Errorf("%v: %s", m, err)
		}
	}
}

// checkPath says what is wrong with path as a capture sequence of m in p,
// or returns "".
func checkPath(p Position, m Move, path []Cell) string {
	if len(path) < 2 || path[0] != m.From() || path[len(path)-1] != m.To() {
		return "path " + fmt.Sprint(path) + " does not run from start to end"
	}
	if !m.IsCapture() {
		return ""
	}
	occ := p.occupied() &^ bit(m.From())
	var taken uint64
	for i := 1; i < len(path); i++ {
		a, b := path[i-1], path[i]
		if lineDir[a][b] >= NumDirections {
			return fmt.Sprintf("%v and %v are not on a line", a, b)
		}
		between := between[a][b] & occ
		if bits.OnesCount64(between) != 1 || between&m.captured == 0 || between&taken != 0 {
			return fmt.Sprintf("step %v-%v does not jump one new captured piece", a, b)
		}
		if !p.Piece(m.From()).IsKing() && neighbor[a][lineDir[a][b]] != Cell(bits.TrailingZeros64(between)) {
			return fmt.Sprintf("man step %v-%v is not a jump of an adjacent piece", a, b)
		}
		if occ&bit(b) != 0 {
			return fmt.Sprintf("landing cell %v is occupied", b)
		}
		taken |= between
	}
	if taken != m.captured {
		return "the path does not take the move's pieces"
	}
	return ""
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
