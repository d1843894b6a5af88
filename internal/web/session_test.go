package web

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/endgame"
	"github.com/hexdame/hexdame/hub"
)

// twoPaths is a position where White's man on g3 has two captures that
// end on a1 with different pieces taken (by g5 or by e3), and one more.
const twoPaths = "W:Wb4,c1,g3:Bb2,c2,d4,e4,f3,f5,g4"

func do(t *testing.T, s *Session, req Request) Response {
	t.Helper()
	resp := s.Do(req)
	if resp.State == nil {
		t.Fatalf("%+v: no state", req)
	}
	return resp
}

func ok(t *testing.T, s *Session, req Request) *State {
	t.Helper()
	resp := do(t, s, req)
	if resp.Error != "" {
		t.Fatalf("%+v: %s", req, resp.Error)
	}
	return resp.State
}

func node(n int) *int { return &n }

// texts returns the movetext's items as one string.
func texts(tr *Tree) string {
	var b []string
	for _, it := range tr.Items {
		switch it.Kind {
		case "m", "s", "c":
			b = append(b, it.Text)
		case "n":
			b = append(b, "$"+strconv.Itoa(it.NAG))
		case "r":
			if it.Text != "*" {
				b = append(b, it.Text)
			}
		default:
			b = append(b, it.Kind)
		}
	}
	return strings.Join(strings.Fields(strings.Join(b, " ")), " ")
}

func TestSessionPlayAndTree(t *testing.T) {
	s := NewSession(nil)
	st := ok(t, s, Request{Op: "play", Moves: []string{"d4-e5", "f6xd4", "c3xe5"}})
	if st.Node != 3 || len(st.Main) != 4 || !slices.Equal(st.Line, []string{"d4-e5", "f6xd4", "c3xe5"}) {
		t.Fatalf("after three moves: node %d, main %v, line %v", st.Node, st.Main, st.Line)
	}
	if got := texts(st.Tree); got != "1. d4-e5 f6xd4 2. c3xe5" {
		t.Errorf("movetext %q", got)
	}
	// The main line's positions, for the page's graph of evaluations.
	if m := st.Tree.Main; len(m) != 4 || m[0] != hexdame.StartPosition().String() || m[3] != st.FEN {
		t.Errorf("the main line's positions: %q, want 4 from the start to %s", m, st.FEN)
	}
	// A move off the main line makes a variation; the page that holds
	// the current tree is not sent it again.
	st = ok(t, s, Request{Op: "play", Node: node(0), Move: "c4-c5", Version: st.Version})
	if st.Tree == nil || texts(st.Tree) != "1. d4-e5 ( 1. c4-c5 ) 1... f6xd4 2. c3xe5" {
		t.Fatalf("variation: %+v", st.Tree)
	}
	v := st.Node
	if st2 := ok(t, s, Request{Op: "prev", Version: st.Version}); st2.Tree != nil || st2.Node != 0 {
		t.Errorf("prev: node %d, tree sent again %v", st2.Node, st2.Tree != nil)
	}
	st = ok(t, s, Request{Op: "promote", Node: node(v)})
	if got := texts(st.Tree); got != "1. c4-c5 ( 1. d4-e5 f6xd4 2. c3xe5 )" {
		t.Errorf("promoted: %q", got)
	}
	c5 := hexdame.StartPosition().PlayUnchecked(hexdame.StartPosition().MustParseMove("c4-c5")).String()
	if m := st.Tree.Main; len(m) != 2 || m[1] != c5 {
		t.Errorf("the main line's positions after the promotion: %q, want 2 to %s", m, c5)
	}
	st = ok(t, s, Request{Op: "delete", Node: node(2)})
	if got := texts(st.Tree); got != "1. c4-c5" || st.Node != 0 {
		t.Errorf("deleted: %q at node %d", got, st.Node)
	}
	// A stale node number is refused.
	if resp := do(t, s, Request{Op: "goto", Node: node(5), Version: st.Version}); resp.Error == "" {
		t.Error("goto a node that is not there: no error")
	}
	if resp := do(t, s, Request{Op: "goto", Node: node(0), Version: st.Version - 1}); resp.Error == "" {
		t.Error("goto in an old tree: no error")
	}
	st = ok(t, s, Request{Op: "last"})
	st = ok(t, s, Request{Op: "comment", Text: "good", Node: node(st.Node)})
	st = ok(t, s, Request{Op: "nags", NAGs: []int{1}, Node: node(st.Node)})
	// NAGs $1 to $6 are the move's strength mark, glued to it, before
	// its comment.
	if got := texts(st.Tree); got != "1. c4-c5! good" || st.Comment != "good" {
		t.Errorf("annotated: %q, comment %q", got, st.Comment)
	}
	st = ok(t, s, Request{Op: "takeback"})
	if st.Node != 0 || len(st.Main) != 1 {
		t.Errorf("takeback: node %d, main %v", st.Node, st.Main)
	}
}

// A capture that several paths make with different pieces is never
// guessed: the short text is ambiguous and names the candidates, and the
// landing cells choose.
// The tree's moves are in the notation the page asks for, also when it
// asks for another after the tree was sent.
func TestSessionTreeNotation(t *testing.T) {
	s := NewSession(nil)
	st := ok(t, s, Request{Op: "new", Moves: []string{"d4-e5", "f6xd4"}, Notation: "algebraic"})
	if got := texts(st.Tree); got != "1. d4-e5 f6xd4" {
		t.Fatalf("algebraic: %q", got)
	}
	st = ok(t, s, Request{Op: "state", Notation: "numeric"})
	if got := texts(st.Tree); got != "1. 40-31 22x40" {
		t.Errorf("numeric after algebraic: %q", got)
	}
}

func TestSessionCaptureChoice(t *testing.T) {
	s := NewSession(nil)
	st := ok(t, s, Request{Op: "new", FEN: twoPaths})
	ending := 0
	for _, m := range st.Moves {
		if m.Path[0] == "g3" && m.Path[len(m.Path)-1] == "a1" {
			ending++
		}
	}
	if ending != 2 {
		t.Fatalf("moves %+v: want two from g3 to a1", st.Moves)
	}
	resp := do(t, s, Request{Op: "play", Move: "g3xa1"})
	if resp.Error == "" || len(resp.Candidates) != 2 || resp.State.Node != 0 {
		t.Fatalf("g3xa1: error %q, candidates %+v, node %d", resp.Error, resp.Candidates, resp.State.Node)
	}
	st = ok(t, s, Request{Op: "play", Move: "g3xe3xa1"})
	want := hexdame.MustParseFEN(twoPaths)
	want = want.PlayUnchecked(want.MustParseMove("g3xe3xe5xc3xa1"))
	if st.FEN != want.String() || st.Last == nil || !slices.Equal(st.Last.Path, []string{"g3", "e3", "e5", "c3", "a1"}) {
		t.Errorf("g3xe3xa1: %s, last %+v", st.FEN, st.Last)
	}
	if !strings.Contains(st.SVG, `<g class="move last"`) || !strings.Contains(st.SVG, `class="captured" data-cell="b2"`) || strings.Contains(st.SVG, "<?xml") {
		t.Error("the board does not show the last move and its captures, or holds an XML declaration")
	}
}

func TestSessionImport(t *testing.T) {
	pdn, err := os.ReadFile("../../testdata/pdn/features.pdn")
	if err != nil {
		t.Fatal(err)
	}
	s := NewSession(nil)
	resp := do(t, s, Request{Op: "import", PDN: string(pdn)})
	if resp.Error != "" || len(resp.Games) < 3 || resp.State.Imported != len(resp.Games) {
		t.Fatalf("import: error %q, %d games", resp.Error, len(resp.Games))
	}
	got := texts(resp.State.Tree)
	// A Red move after a NAG has its number, as after a comment (PGN's
	// section 8.2.2.2: a NAG is an annotation): 2. c3xe5! $1 2... g7-f6!?.
	want := "A HexDame record using every PDN feature the reader knows. A comment before the first move 1. d4-e5 ( 1. c4-c5 alternative 1... i6-h5 ( 1... i6-i5? ) 2. d4-d5 ) 1... f6xd4 2. c3xe5! $1 2... g7-f6!? a line comment 3. e5xg5 $14 three pieces are gone"
	if !strings.HasPrefix(got, want) {
		t.Errorf("the first game's movetext:\n%s\nwant it to begin\n%s", got, want)
	}
	st := ok(t, s, Request{Op: "pick", Game: 2})
	if st.Notation != "numeric" || !strings.HasPrefix(texts(st.Tree), "1. 51x16x43x19(?) 29-34") {
		t.Errorf("game 2: notation %s, %q", st.Notation, texts(st.Tree))
	}
	// Bad PDN: the problem is located; the game stops at its last legal
	// move.
	resp = do(t, s, Request{Op: "import", PDN: "[Event \"x\"]\n\n1. d4-e5 f6xd4 2. a1-a3 *\n"})
	if !strings.HasPrefix(resp.Error, "line 3, column 19: ply 3, move a1-a3: illegal move") || len(resp.State.Main) != 3 {
		t.Errorf("bad PDN: %q, main line %v", resp.Error, resp.State.Main)
	}
	resp = do(t, s, Request{Op: "import", PDN: "1. d4-e5 (((("})
	if !strings.HasPrefix(resp.Error, "line 1, column") {
		t.Errorf("unreadable PDN: %q", resp.Error)
	}
	if resp := do(t, s, Request{Op: "pdn"}); resp.Error != "" || !strings.Contains(resp.PDN, "1. d4-e5") {
		t.Errorf("pdn: %q, %q", resp.Error, resp.PDN)
	}
}

func TestSessionFENAndEditor(t *testing.T) {
	s := NewSession(nil)
	resp := do(t, s, Request{Op: "new", FEN: "W:Wa1,q3:Bi9"})
	if !strings.HasPrefix(resp.Error, "FEN, at column") {
		t.Errorf("bad FEN: %q", resp.Error)
	}
	resp = do(t, s, Request{Op: "new", FEN: "W:Wa1,i9:Bi8"})
	if !strings.Contains(resp.Error, "unreachable") || resp.State.FEN != hexdame.StartPosition().String() {
		t.Errorf("unreachable FEN: %q, %s", resp.Error, resp.State.FEN)
	}
	resp = do(t, s, Request{Op: "edit", FEN: "W:Wa1:Bi8", Cell: "i9", Piece: "w"})
	if resp.Edit == nil || resp.Edit.FEN != "W:Wa1,i9:Bi8" || !strings.Contains(resp.Edit.Problem, "unreachable") || !strings.Contains(resp.Edit.SVG, `data-cell="i9"`) {
		t.Errorf("edit: %+v", resp.Edit)
	}
	resp = do(t, s, Request{Op: "edit", FEN: "W:Wa1,i9:Bi8", Cell: "i9", Piece: "W", Side: "red"})
	if resp.Edit == nil || resp.Edit.FEN != "B:Wa1,Ki9:Bi8" || resp.Edit.Problem != "" {
		t.Errorf("edit: %+v", resp.Edit)
	}
	st := ok(t, s, Request{Op: "new", FEN: resp.Edit.FEN})
	if st.Start != "B:Wa1,Ki9:Bi8" || st.Side != "red" {
		t.Errorf("from the editor: %+v", st)
	}
}

// The history is what a search needs: the positions since the last
// capture or man move.
func TestSessionHistory(t *testing.T) {
	s := NewSession(nil)
	st := ok(t, s, Request{Op: "new", FEN: "W:WKa1,b1:BKi9", Moves: []string{"b1-b2", "i9-i8", "a1-a2", "i8-i9"}})
	want := []string{"B:WKa1,b2:BKi9", "W:WKa1,b2:BKi8", "B:WKa2,b2:BKi8"}
	if !slices.Equal(st.History, want) {
		t.Errorf("history %v, want %v", st.History, want)
	}
}

func TestResponseJSON(t *testing.T) {
	s := NewSession(nil)
	b, err := json.Marshal(s.Do(Request{Op: "state"}))
	if err != nil || !strings.Contains(string(b), `{"text":"a4-a5","path":["a4","a5"]}`) {
		t.Errorf("%v: %.300s", err, b)
	}
}

// buildTables builds the endgame tables of up to pieces pieces in a
// directory of the test and loads them.
func buildTables(t *testing.T, pieces int) *endgame.Tables {
	t.Helper()
	dir := t.TempDir()
	if err := endgame.BuildAll(context.Background(), dir, pieces, endgame.BuildOptions{Workers: 2}); err != nil {
		t.Fatal(err)
	}
	tables, err := endgame.Load(dir, endgame.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return tables
}

// Each legal move's verdict is the tables' for the side that plays it,
// counted from before it: a king that captures the last piece wins in
// one ply; a man that steps where the king takes it loses in two.
func TestSessionTablesVerdicts(t *testing.T) {
	s := NewSession(buildTables(t, 2))
	for _, tc := range []struct {
		fen, verdict string
		moves        map[string]string
	}{
		// White's king takes Red's: each capture wins at once.
		{"W:WKe5:BKg7", "win 1", map[string]string{"e5xh8": "win 1", "e5xi9": "win 1"}},
		{"W:Wa1:BKe5", "loss 6", map[string]string{"a1-b1": "loss 6", "a1-a2": "loss 6", "a1-b2": "loss 2"}},
		{"W:Wh6:Bb4", "draw", map[string]string{"h6-i6": "draw", "h6-h7": "draw", "h6-i7": "draw"}},
	} {
		st := ok(t, s, Request{Op: "new", FEN: tc.fen})
		if st.Tables != tc.verdict {
			t.Errorf("%s: %q, want %q", tc.fen, st.Tables, tc.verdict)
		}
		got := map[string]string{}
		for _, m := range st.Moves {
			got[m.Text] = m.Tables
		}
		if !maps.Equal(got, tc.moves) {
			t.Errorf("%s: moves' verdicts %v, want %v", tc.fen, got, tc.moves)
		}
	}
}

// A loss on time is announced and recorded as one, not as a
// resignation: the outcome says so, and the PDN has the Termination tag
// that hexdame match writes; a take back, which goes on with the game,
// drops it.
func TestSessionLossOnTime(t *testing.T) {
	if timeForfeit != hub.TimeForfeit.String() {
		t.Fatalf("timeForfeit %q is not hub's word %q", timeForfeit, hub.TimeForfeit)
	}
	s := NewSession(nil)
	ok(t, s, Request{Op: "play", Moves: []string{"d4-e5", "f6xd4"}})
	st := ok(t, s, Request{Op: "result", Result: "0-2", Reason: timeForfeit})
	if !st.Over || st.Outcome != "0-2 (loss on time)" || st.Result != "0-2" {
		t.Errorf("after the loss on time: over %v, outcome %q, result %q", st.Over, st.Outcome, st.Result)
	}
	pdn := do(t, s, Request{Op: "pdn"}).PDN
	if !strings.Contains(pdn, `[Termination "time-forfeit"]`) || !strings.Contains(pdn, "f6xd4 0-2") {
		t.Errorf("the PDN of a loss on time:\n%s", pdn)
	}
	// Read back, it is a loss on time again.
	ok(t, s, Request{Op: "import", PDN: pdn})
	st = ok(t, s, Request{Op: "last"})
	if st.Outcome != "0-2 (loss on time)" {
		t.Errorf("read back: outcome %q", st.Outcome)
	}
	st = ok(t, s, Request{Op: "takeback"})
	if st.Over || strings.Contains(do(t, s, Request{Op: "pdn"}).PDN, "Termination") {
		t.Errorf("after a take back: over %v, PDN\n%s", st.Over, do(t, s, Request{Op: "pdn"}).PDN)
	}
	// A resignation is one.
	st = ok(t, s, Request{Op: "result", Result: "2-0"})
	if st.Outcome != "2-0 (resignation)" || strings.Contains(do(t, s, Request{Op: "pdn"}).PDN, "Termination") {
		t.Errorf("a resignation: %q", st.Outcome)
	}
	for _, bad := range []Request{
		{Op: "result", Result: "1-1", Reason: timeForfeit}, // a draw is no loss on time
		{Op: "result", Result: "0-2", Reason: "boredom"},
	} {
		if resp := do(t, s, bad); resp.Error == "" || resp.State.Outcome != "2-0 (resignation)" {
			t.Errorf("%+v: error %q, outcome %q", bad, resp.Error, resp.State.Outcome)
		}
	}
}

// The comments and NAGs of a session's game are bounded by MaxNotes: a
// page could set a comment of 1 MiB on each of 20,000 nodes (a server of
// 1.2 GB after 120 of them, each answer carrying them all).
func TestSessionNotesBound(t *testing.T) {
	s := NewSession(nil)
	ok(t, s, Request{Op: "play", Moves: []string{"d4-e5", "f6xd4", "c3xe5"}})
	half := strings.Repeat("x", MaxNotes/2)
	ok(t, s, Request{Op: "comment", Node: node(1), Text: half})
	ok(t, s, Request{Op: "comment", Node: node(1), Text: half + "y"}) // replaced, not added
	resp := do(t, s, Request{Op: "comment", Node: node(2), Text: half})
	if st := ok(t, s, Request{Op: "goto", Node: node(2)}); resp.Error != errTooManyNotes.Error() || st.Comment != "" {
		t.Errorf("a second comment of half MaxNotes: %q, the comment %.20q", resp.Error, st.Comment)
	}
	nags := make([]int, MaxNotes/noteBytes/2)
	for i := range nags {
		nags[i] = i + len(glyphs) // not the move-quality NAGs, which are strength marks
	}
	if resp := do(t, s, Request{Op: "nags", Node: node(3), NAGs: nags}); resp.Error != errTooManyNotes.Error() {
		t.Errorf("%d NAGs after a comment of half MaxNotes: %q", len(nags), resp.Error)
	}
	// Removed, the comment makes room for the others.
	ok(t, s, Request{Op: "comment", Node: node(1), Text: ""})
	ok(t, s, Request{Op: "comment", Node: node(2), Text: half})
	ok(t, s, Request{Op: "nags", Node: node(3), NAGs: nags[:len(nags)-10]})
	// An import may bring more; what grows the annotations is refused,
	// what shrinks them is not.
	var many strings.Builder
	for i := range 110_000 {
		fmt.Fprintf(&many, "$%d ", i+len(glyphs))
	}
	ok(t, s, Request{Op: "import", PDN: "1. d4-e5 " + many.String() + "f6xd4 *"})
	if resp := do(t, s, Request{Op: "comment", Node: node(2), Text: "more"}); resp.Error != errTooManyNotes.Error() {
		t.Errorf("a comment past the bound an import brought: %q", resp.Error)
	}
	ok(t, s, Request{Op: "nags", Node: node(1), NAGs: []int{1}})
	ok(t, s, Request{Op: "comment", Node: node(2), Text: "more"})
}
