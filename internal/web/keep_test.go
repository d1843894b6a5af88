package web

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// threeGames is an import of three games whose tags differ only by their
// round, as hexdame random writes them.
const threeGames = `[Event "Random game"]
[Date "????.??.??"]
[Round "1"]
[White "random"]
[Black "random"]
[Result "*"]

1. d4-e5 f6xd4 2. c3xe5 *

[Event "Random game"]
[Date "????.??.??"]
[Round "2"]
[White "random"]
[Black "random"]
[Result "*"]

1. c4-c5 i6-h5 *

[Event "Random game"]
[Date "2026.11.28"]
[Round "3"]
[White "random"]
[Black "random"]
[Result "1-1"]

1. a4-a5 1-1
`

// An edited game of an import keeps its changes while another is shown,
// and the whole session's work comes back from what the page stores.
func TestSessionKeepsEdits(t *testing.T) {
	s := NewSession(nil)
	resp := do(t, s, Request{Op: "import", PDN: threeGames})
	if len(resp.Games) != 3 {
		t.Fatalf("import: %+v", resp)
	}
	// Told apart by their round (and date, when known).
	for i, want := range []string{"1. random – random, Random game, round 1 *", "2. random – random, Random game, round 2 *", "3. random – random, Random game, round 3, 2026.11.28 1-1"} {
		if resp.Games[i].Label != want {
			t.Errorf("game %d's label %q, want %q", i+1, resp.Games[i].Label, want)
		}
	}
	if st := resp.State; st.From != 1 || st.Edited || len(st.Kept) != 0 {
		t.Errorf("after the import: from %d, edited %v, kept %v", st.From, st.Edited, st.Kept)
	}
	st := ok(t, s, Request{Op: "comment", Node: node(2), Text: "the usual"})
	if !st.Edited || !slices.Equal(st.Kept, []int{1}) {
		t.Errorf("after a comment: edited %v, kept %v", st.Edited, st.Kept)
	}
	st = ok(t, s, Request{Op: "pick", Game: 2, Keep: true})
	if st.From != 2 || st.Edited || !slices.Equal(st.Kept, []int{1}) || !strings.HasPrefix(texts(st.Tree), "1. c4-c5") {
		t.Errorf("game 2: from %d, edited %v, kept %v, %q", st.From, st.Edited, st.Kept, texts(st.Tree))
	}
	ok(t, s, Request{Op: "play", Node: node(2), Move: "c5-c6"})
	st = ok(t, s, Request{Op: "pick", Game: 1, Keep: true})
	if got := texts(st.Tree); got != "1. d4-e5 f6xd4 the usual 2. c3xe5" || !st.Edited || !slices.Equal(st.Kept, []int{1, 2}) {
		t.Errorf("game 1 again: %q, edited %v, kept %v", got, st.Edited, st.Kept)
	}
	// Picking the game shown changes nothing.
	ok(t, s, Request{Op: "goto", Node: node(2)})
	if st = ok(t, s, Request{Op: "pick", Game: 1}); st.Node != 2 || !st.Edited {
		t.Errorf("game 1 picked again: node %d, edited %v", st.Node, st.Edited)
	}

	// Saved, as JSON, and restored in another session.
	sv := do(t, s, Request{Op: "save"}).Saved
	b, err := json.Marshal(sv)
	if err != nil {
		t.Fatal(err)
	}
	var back Saved
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	s2 := NewSession(nil)
	resp = do(t, s2, Request{Op: "restore", PDN: threeGames, Saved: &back})
	if resp.Error != "" || len(resp.Games) != 3 {
		t.Fatalf("restore: %q, games %v", resp.Error, resp.Games)
	}
	st2 := resp.State
	if texts(st2.Tree) != texts(st.Tree) || st2.Node != 2 || st2.From != 1 || !st2.Edited || !slices.Equal(st2.Kept, []int{1, 2}) {
		t.Errorf("restored: %q node %d from %d edited %v kept %v", texts(st2.Tree), st2.Node, st2.From, st2.Edited, st2.Kept)
	}
	st2 = ok(t, s2, Request{Op: "pick", Game: 2})
	if !strings.Contains(texts(st2.Tree), "c5-c6") || !st2.Edited {
		t.Errorf("game 2 restored: %q, edited %v", texts(st2.Tree), st2.Edited)
	}

	// What cannot be restored leaves the session as it was.
	for _, bad := range []Request{
		{Op: "restore"},
		{Op: "restore", Saved: &Saved{Game: "1. a1-a9 *"}},
		{Op: "restore", Saved: &Saved{Game: "1. d4-e5 *", From: 4}, PDN: threeGames},
		{Op: "restore", Saved: &Saved{Game: "1. d4-e5 *", Kept: map[int]string{7: "*"}}, PDN: threeGames},
		{Op: "restore", Saved: &Saved{Game: "1. d4-e5 *", Kept: map[int]string{2: strings.Repeat("x", MaxKept+1)}}, PDN: threeGames},
		{Op: "restore", Saved: &Saved{Game: "1. d4-e5 *", KingMoves: -1}},
	} {
		if resp := do(t, s2, bad); resp.Error == "" || texts(resp.State.Tree) != texts(st2.Tree) {
			t.Errorf("%+v: error %q, tree %q", bad.Saved, resp.Error, texts(resp.State.Tree))
		}
	}
}

// Asked to keep changes (Keep), the operations that replace the game ask
// first; without, they go on.
func TestSessionAsksBeforeLosing(t *testing.T) {
	s := NewSession(nil)
	if resp := do(t, s, Request{Op: "new", Keep: true}); resp.Error != "" || resp.Confirm != "" {
		t.Errorf("new, nothing to lose: %q, %q", resp.Error, resp.Confirm)
	}
	ok(t, s, Request{Op: "play", Moves: []string{"d4-e5", "f6xd4"}})
	for _, req := range []Request{
		{Op: "new", Keep: true},
		{Op: "import", PDN: threeGames, Keep: true},
	} {
		resp := do(t, s, req)
		if resp.Confirm == "" || resp.Error == "" || len(resp.State.Main) != 3 {
			t.Errorf("%s of an edited game: confirm %q, error %q, main %v", req.Op, resp.Confirm, resp.Error, resp.State.Main)
		}
	}
	ok(t, s, Request{Op: "import", PDN: threeGames})
	ok(t, s, Request{Op: "new", Moves: []string{"c4-c5"}})
	ok(t, s, Request{Op: "play", Move: "i6-h5"})
	// A game of no import is lost by a pick: it asks.
	if resp := do(t, s, Request{Op: "pick", Game: 1, Keep: true}); resp.Confirm == "" || resp.State.From != 0 {
		t.Errorf("pick over a new game: confirm %q, from %d", resp.Confirm, resp.State.From)
	}
	if st := ok(t, s, Request{Op: "pick", Game: 1}); st.From != 1 || st.Edited {
		t.Errorf("pick without keep: from %d, edited %v", st.From, st.Edited)
	}
	ok(t, s, Request{Op: "comment", Node: node(1), Text: "x"})
	ok(t, s, Request{Op: "pick", Game: 2, Keep: true})
	// The import would lose game 1's changes, kept.
	if resp := do(t, s, Request{Op: "import", PDN: threeGames, Keep: true}); !strings.Contains(resp.Confirm, "1 edited game") {
		t.Errorf("import over kept changes: confirm %q", resp.Confirm)
	}
	if st := ok(t, s, Request{Op: "import", PDN: threeGames}); len(st.Kept) != 0 || st.Edited {
		t.Errorf("after the import: kept %v, edited %v", st.Kept, st.Edited)
	}
}

// A move's NAGs are written right after it, before its comment, the
// move-quality ones ($1 to $6) as its strength mark: from the menu and
// from an import alike.
func TestSessionNAGsNextToTheMove(t *testing.T) {
	s := NewSession(nil)
	ok(t, s, Request{Op: "play", Moves: []string{"d4-e5", "f6xd4", "c3xe5", "g7-f6", "e5xg5"}})
	ok(t, s, Request{Op: "comment", Node: node(5), Text: "a sharper try"})
	st := ok(t, s, Request{Op: "nags", Node: node(5), NAGs: []int{5}})
	if got := texts(st.Tree); !strings.HasSuffix(got, "3. e5xg5!? a sharper try") {
		t.Errorf("a NAG from the menu: %q", got)
	}
	pdn := do(t, s, Request{Op: "pdn"}).PDN
	if !strings.Contains(pdn, "e5xg5!? {a sharper try}") {
		t.Errorf("its PDN:\n%s", pdn)
	}
	st = ok(t, s, Request{Op: "nags", Node: node(5), NAGs: []int{14, 1}})
	if got := texts(st.Tree); !strings.HasSuffix(got, "3. e5xg5! $14 a sharper try") {
		t.Errorf("two NAGs: %q", got)
	}
	st = ok(t, s, Request{Op: "nags", Node: node(5), NAGs: nil})
	if got := texts(st.Tree); !strings.HasSuffix(got, "3. e5xg5 a sharper try") {
		t.Errorf("NAGs removed: %q", got)
	}
	if resp := do(t, s, Request{Op: "nags", Node: node(0), NAGs: []int{1}}); resp.Error == "" {
		t.Error("a NAG on the root: no error")
	}
	// Imported: the same.
	st = ok(t, s, Request{Op: "import", PDN: "1. d4-e5 {a sharper try} $5 f6xd4! $1 {x} $14 2. c3xe5 $18 *"})
	if got := texts(st.Tree); got != "1. d4-e5!? a sharper try 1... f6xd4! $1 $14 x 2. c3xe5 $18" {
		t.Errorf("imported: %q", got)
	}
	if pdn := do(t, s, Request{Op: "pdn"}).PDN; !strings.Contains(pdn, "1. d4-e5!? {a sharper try} 1... f6xd4! $1 $14 {x} 2. c3xe5 $18 *") {
		t.Errorf("imported, written:\n%s", pdn)
	}
	if st.Edited {
		t.Error("an import whose NAGs were put in order is taken as edited")
	}
}

// Promote and main line say why they do nothing; deep in a variation,
// promote promotes the variation.
func TestSessionPromoteSaysWhy(t *testing.T) {
	s := NewSession(nil)
	ok(t, s, Request{Op: "play", Moves: []string{"d4-e5", "f6xd4"}})
	for _, op := range []string{"promote", "mainline"} {
		for _, n := range []int{0, 2} {
			if resp := do(t, s, Request{Op: op, Node: node(n)}); !strings.Contains(resp.Error, "main line") {
				t.Errorf("%s on the main line, node %d: %q", op, n, resp.Error)
			}
		}
	}
	st := ok(t, s, Request{Op: "play", Node: node(0), Moves: []string{"c4-c5", "i6-h5"}})
	st = ok(t, s, Request{Op: "promote", Node: node(st.Node)})
	if got := texts(st.Tree); got != "1. c4-c5 ( 1. d4-e5 f6xd4 ) 1... i6-h5" {
		t.Errorf("promoted from the variation's second move: %q", got)
	}
}

// Down and up go into the variations and among them.
func TestSessionVariationKeys(t *testing.T) {
	s := NewSession(nil)
	ok(t, s, Request{Op: "play", Moves: []string{"c4-c5", "i6-h5"}})
	ok(t, s, Request{Op: "play", Node: node(1), Moves: []string{"i6-i5"}})
	ok(t, s, Request{Op: "play", Node: node(1), Moves: []string{"h6-g5"}})
	// 1. c4-c5 i6-h5 (1... i6-i5) (1... h6-g5)
	line := func(st *State) string { return strings.Join(st.Line, " ") }
	st := ok(t, s, Request{Op: "goto", Node: node(1)})
	for _, tc := range []struct{ op, want string }{
		{"down", "c4-c5 i6-i5"}, {"down", "c4-c5 h6-g5"}, {"down", "c4-c5 h6-g5"},
		{"up", "c4-c5 i6-i5"}, {"up", "c4-c5 i6-h5"}, {"up", "c4-c5 i6-h5"},
		{"prev", "c4-c5"}, {"up", "c4-c5"},
	} {
		st = ok(t, s, Request{Op: tc.op, Version: st.Version})
		if line(st) != tc.want {
			t.Errorf("%s: %q, want %q", tc.op, line(st), tc.want)
		}
	}
}

// A list of moves pasted plays from the position shown, as a variation
// where the tree has other moves; one that cannot be played is named,
// and nothing is played.
func TestSessionPaste(t *testing.T) {
	s := NewSession(nil)
	st := ok(t, s, Request{Op: "paste", Text: "1. c4-c5 i6-h5 2. d4-e5 *"})
	if got := texts(st.Tree); got != "1. c4-c5 i6-h5 2. d4-e5" || st.Node != 3 || !st.Edited {
		t.Errorf("pasted at the start: %q, node %d", got, st.Node)
	}
	ok(t, s, Request{Op: "goto", Node: node(1)})
	st = ok(t, s, Request{Op: "paste", Text: "1...i6-i5! 2.d4-e5 f6xd4"})
	if got := texts(st.Tree); got != "1. c4-c5 i6-h5 ( 1... i6-i5 2. d4-e5 f6xd4 ) 2. d4-e5" {
		t.Errorf("pasted as a variation: %q", got)
	}
	before := texts(st.Tree)
	for _, tc := range []struct{ text, want string }{
		{"1. c4-c5 i6-h5 2. a1-a3", "nothing played: move 1 of the list, c4-c5, cannot be played here"},
		{"i6-i5 d4-e5 a1-a9", "move 3 of the list, a1-a9, cannot be played after d4-e5"},
		{"[Event \"x\"] 1. d4-e5", `"[Event" is not a move`},
		{"  ", "no move"},
	} {
		ok(t, s, Request{Op: "goto", Node: node(1)})
		resp := do(t, s, Request{Op: "paste", Text: tc.text})
		if !strings.Contains(resp.Error, tc.want) || texts(resp.State.Tree) != before || resp.State.Node != 1 {
			t.Errorf("paste %q: error %q, want %q; tree %q, node %d", tc.text, resp.Error, tc.want, texts(resp.State.Tree), resp.State.Node)
		}
	}
}

// The state has what the page's address needs: the line to the node and
// the rest of it; a new game from an address shows the ply it names. The
// movetext ends with the result.
func TestSessionAddressAndResult(t *testing.T) {
	s := NewSession(nil)
	moves := []string{"d4-e5", "f6xd4", "c3xe5"}
	st := ok(t, s, Request{Op: "new", Moves: moves, At: node(1)})
	if !slices.Equal(st.Line, moves[:1]) || !slices.Equal(st.Rest, moves[1:]) || st.Edited {
		t.Errorf("at ply 1: line %v, rest %v, edited %v", st.Line, st.Rest, st.Edited)
	}
	items := st.Tree.Items
	if last := items[len(items)-1]; last.Kind != "r" || last.Text != "*" {
		t.Errorf("the movetext ends with %+v", last)
	}
	st = ok(t, s, Request{Op: "result", Result: "1-1"})
	if last := st.Tree.Items[len(st.Tree.Items)-1]; last.Text != "1-1" {
		t.Errorf("after a draw, the movetext ends with %+v", last)
	}
}
