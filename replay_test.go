package hexdame

import (
	"bytes"
	"errors"
	"io"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Tests of replay.go: records played against the rules (ReadGame,
// CheckGame, Record.Replay): the games read, their problems with where
// they are, the Result tag, setups, and the memory of a long game.

func TestReadFeatures(t *testing.T) {
	games, errs := readGames(t, readFile(t, "testdata/pdn/features.pdn"))
	if len(errs) > 0 || len(games) != 4 {
		t.Fatalf("%d games, errors %v", len(games), errs)
	}
	g := games[0]
	if v, _ := g.Tag("Annotator"); v != `hexdame "tests"` {
		t.Errorf("Annotator = %q", v)
	}
	if g.End().Ply() != 5 || g.Outcome().IsOver() || g.Notation() != Algebraic {
		t.Errorf("game 1: ply %d, %v, %v", g.End().Ply(), g.Outcome(), g.Notation())
	}
	// The record's movetext comes back from the game's tree.
	body := recordOf(g, Algebraic).Body
	kinds := []ElementKind{}
	for _, e := range body {
		kinds = append(kinds, e.Kind)
	}
	want := []ElementKind{LineCommentElement, CommentElement, MoveElement, VariationElement, MoveElement, MoveElement, NAGElement,
		MoveElement, LineCommentElement, MoveElement, NAGElement, CommentElement}
	if diff := cmp.Diff(want, kinds); diff != "" {
		t.Errorf("game 1 elements (-want +got):\n%s", diff)
	}
	if body[5].Strength != "!" || body[7].Strength != "!?" || body[6].NAG != 1 {
		t.Errorf("strength marks and NAG: %q %q %d", body[5].Strength, body[7].Strength, body[6].NAG)
	}
	v := body[3].Variation
	if len(v) != 5 || v[3].Kind != VariationElement || v[3].Variation[0].Strength != "?" {
		t.Errorf("nested variation: %+v", v)
	}
	// The tree itself.
	root := g.Root()
	first := root.Next()
	if len(root.Children()) != 2 || first.Move().String() != "d4-e5" || !first.isMainline() {
		t.Fatalf("root children %v", root.Children())
	}
	// The annotations before the first move are the root's, which
	// Node.SetComment sets at the root.
	if _, after, _ := annotations(root); len(after) != 2 || after[1].Text != "A comment before the first move" || root.Comment() != "A comment before the first move" {
		t.Errorf("annotations before the first move: %+v", after)
	}
	if before, _, _ := annotations(first); len(before) != 0 {
		t.Errorf("the first move has annotations before it: %+v", before)
	}
	alt := root.Children()[1]
	if alt.Move().String() != "c4-c5" || alt.Comment() != "alternative" || alt.isMainline() || alt.Ply() != 1 {
		t.Errorf("variation: %v %q", alt.Move(), alt.Comment())
	}
	if kids := alt.Children(); len(kids) != 2 || kids[1].Strength() != "?" || kids[0].Next().Move().String() != "d4-d5" || kids[0].Next().Ply() != 3 {
		t.Errorf("nested variation: %v", kids)
	}
	third := first.Next().Next()
	if third.Strength() != "!" || !slices.Equal(third.NAGs(), []int{1}) || third.Parent().Position() != first.Next().Position() {
		t.Errorf("2. c3xe5!: strength %q, NAGs %v", third.Strength(), third.NAGs())
	}
	if g.End().Comment() != "three pieces are gone" || g.End() != third.Next().Next() {
		t.Errorf("end: %v %q", g.End().Move(), g.End().Comment())
	}
	g2 := games[1]
	if g2.Notation() != Numeric || g2.Outcome() != (Outcome{WhiteWins, Resignation}) || g2.Root().Position().String() != "W:WKe1:BKa2,Ka3,c7,d7,e6,g5" {
		t.Errorf("game 2: %v, %v, %s", g2.Notation(), g2.Outcome(), g2.Root().Position().String())
	}
	if got := g2.Moves()[0].Captured(); got.Len() != 3 || !g2.Moves()[0].Captured().Has(MustParseCell("d7")) {
		t.Errorf("game 2 first move captures %v", got)
	}
	if o := games[2].Outcome(); o != (Outcome{Draw, Repetition}) {
		t.Errorf("game 3: %v", o)
	}
	if o := games[3].Outcome(); o != (Outcome{WhiteWins, NoLegalMove}) || games[3].Root().Position().String() != "W:Wc3:Bc4,d3,d6,f4,f7,g6" {
		t.Errorf("game 4 (setup): %v", o)
	}
}

func TestReadProblems(t *testing.T) {
	_, errs := readGames(t, readFile(t, "testdata/pdn/problems.pdn"))
	want := []struct {
		game, line, col, ply int
		move                 string
		err                  error
	}{
		{1, 3, 10, 2, "h6-h5", ErrIllegalMove},
		{2, 8, 4, 1, "e1xh5", ErrAmbiguousMove},
		{3, 13, 64, 9, "a1-b1", ErrGameOver},
		{4, 18, 10, 0, "", ErrResultMismatch},
		{5, 21, 1, 0, "", ErrSyntax},
		{6, 27, 20, 0, "", ErrSyntax},
		{7, 30, 1, 0, "", ErrNotHexDame},
	}
	if len(errs) != len(want) {
		t.Fatalf("got %d errors, want %d: %v", len(errs), len(want), errs)
	}
	for i, w := range want {
		var pe *ParseError
		if !errors.As(errs[i], &pe) || !errors.Is(errs[i], w.err) {
			t.Errorf("error %d: %v, want one wrapping %v", i, errs[i], w.err)
			continue
		}
		if pe.Game != w.game || pe.Line != w.line || pe.Column != w.col || pe.Ply != w.ply || pe.Move != w.move {
			t.Errorf("error %d at game %d, %d:%d, ply %d, move %q; want game %d, %d:%d, ply %d, move %q",
				i, pe.Game, pe.Line, pe.Column, pe.Ply, pe.Move, w.game, w.line, w.col, w.ply, w.move)
		}
	}
	var me *MoveError
	if errors.As(errs[0], &me) && (len(me.legal) != 1 || me.legal[0].String() != "f6xd4") {
		t.Errorf("legal moves in the error: %v", me.legal)
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

// A variation is an alternative to the move before it, or to the next
// one when it comes first; one with no main-line move on either side is
// a problem of the game, found alike when reading a game and when only
// checking it, and the game's tree never gets a variation as its main
// line.
func TestVariationNeedsAMove(t *testing.T) {
	for _, tc := range []struct {
		pdn       string
		line, col int // where the problem is; 0 when the game is valid
	}{
		{"1. d4-e5 (1. c4-c5) *", 0, 0},
		{"(1. c4-c5) 1. d4-e5 *", 0, 0},
		{"(1. d4-e5) *", 1, 1},
		{"((1. d4-e5)) *", 1, 1},
		{"{a comment} (1. d4-e5) (1. c4-c5) *", 1, 13},
		{"[FEN \"W:WKa1:BKi9\"]\n\n(1. a1-b1) *", 3, 1},
		{"1. d4-e5 /FEN \"B:WKa1:BKi9\"/ (1... i9-h9) *", 1, 30},
		{"1. d4-e5 /FEN \"B:WKa1:BKi9\"/ (1... i9-h9) 1... i9-h8 *", 0, 0},
		{"(1. c4-c5) /FEN \"B:WKa1:BKi9\"/ *", 0, 0},
	} {
		g, readErr := NewReader(strings.NewReader(tc.pdn)).ReadGame()
		checkErr := NewReader(strings.NewReader(tc.pdn)).CheckGame()
		if tc.line == 0 {
			if readErr != nil || checkErr != nil {
				t.Errorf("%q: ReadGame %v, CheckGame %v; want valid", tc.pdn, readErr, checkErr)
				continue
			}
			// The main line of the tree is the game's.
			var line []Move
			for n := g.Root().Next(); n != nil; n = n.Next() {
				if !n.IsSetup() {
					line = append(line, n.Move())
				}
			}
			if !slices.Equal(line, g.Moves()) {
				t.Errorf("%q: the tree's main line %v, the game's moves %v", tc.pdn, line, g.Moves())
			}
			continue
		}
		for name, err := range map[string]error{"ReadGame": readErr, "CheckGame": checkErr} {
			var pe *ParseError
			if !errors.As(err, &pe) || !errors.Is(err, ErrSyntax) || pe.Line != tc.line || pe.Column != tc.col ||
				!strings.Contains(err.Error(), "alternative to no move") {
				t.Errorf("%q: %s: %v; want an invalid PDN error at %d:%d", tc.pdn, name, err, tc.line, tc.col)
			}
		}
	}
}

// A Result tag is checked against the terminator and the rules: a
// disagreement is a problem, not a tag dropped in silence (issue 27).
func TestResultTag(t *testing.T) {
	const over = `[FEN "W:Wd4:Be5"] ` // after d4xf6 Red has no piece: 2-0
	tests := []struct {
		record  string
		err     error // nil for none
		col     int   // where the problem is
		outcome Result
	}{
		{`[Result "2-0"] 1. d4-e5 *`, ErrResultMismatch, 25, NoResult},
		{`[Result "*"] 1. d4-e5 2-0`, ErrResultMismatch, 23, NoResult},
		{`[Result "1-1"] 1. d4-e5 *`, ErrResultMismatch, 25, NoResult},
		{`[Result "2-0"] 1. d4-e5 0-2`, ErrResultMismatch, 25, NoResult},
		{`[Result "foo"] 1. d4-e5 *`, ErrSyntax, 1, NoResult},
		{`[Result ""] 1. d4-e5 2-0`, ErrSyntax, 1, WhiteWins},
		{`[Result "2-0"] 1. d4-e5`, nil, 0, WhiteWins}, // no terminator: the tag's
		{`[Result "1-0"] 1. d4-e5 2-0`, nil, 0, WhiteWins},
		{`[Result "*"] 1. d4-e5 *`, nil, 0, NoResult},
		{`[Result "0-2"] [Result "2-0"] 1. d4-e5 0-2`, nil, 0, RedWins}, // the first counts
		{over + `[Result "2-0"] 1. d4xf6 *`, nil, 0, WhiteWins},
		{over + `[Result "*"] 1. d4xf6 2-0`, nil, 0, WhiteWins},
		{over + `[Result "0-2"] 1. d4xf6 *`, ErrResultMismatch, 19, WhiteWins},
		{over + `[Result "1-1"] 1. d4xf6 2-0`, ErrResultMismatch, 19, WhiteWins},
		{over + `[Result "2-0"] 1. d4xf6 0-2`, ErrResultMismatch, 43, WhiteWins},
	}
	for _, tc := range tests {
		for _, check := range []bool{false, true} {
			r := NewReader(strings.NewReader(tc.record))
			var g *Game
			var err error
			if check {
				err = r.CheckGame()
			} else {
				g, err = r.ReadGame()
			}
			if tc.err == nil {
				if err != nil {
					t.Errorf("%s: %v", tc.record, err)
				}
			} else if pe, ok := err.(*ParseError); !ok || !errors.Is(err, tc.err) || pe.Line != 1 || pe.Column != tc.col {
				t.Errorf("%s: %v; want one problem at 1:%d wrapping %v", tc.record, err, tc.col, tc.err)
			}
			if check {
				continue
			}
			if g.Outcome().Result != tc.outcome {
				t.Errorf("%s: outcome %v, want %v", tc.record, g.Outcome(), tc.outcome)
			}
			if v, ok := g.Tag("Result"); ok {
				t.Errorf("%s: Tag(Result) = %q, true; the result is the game's Outcome", tc.record, v)
			}
		}
	}
}

// A record whose FEN tag or setup puts a position no game reaches is a
// problem of the game, located, found alike by ReadGame and CheckGame,
// and costs no move generation of that position.
func TestRecordSetupsMustBeReachable(t *testing.T) {
	climb30 := "W:WKa5,Ke7,Kf9,Ki5,Ki9:BKa2,Kb2,Kb5,c1,Kc2,Kc3,c4,Kc5,Kc7,d2,Kd6,Ke3,Ke5,Ke8,Ke9,Kf2,Kf3,Kf4,f5,Kf6,Kf7,Kg5,Kg7,Kg9,Kh5,Kh6,Kh7,Kh8,i7"
	for _, tc := range []struct {
		pdn       string
		line, col int
		want      string
	}{
		{"[FEN \"" + climb30 + "\"]\n\n1. a5xa1 *", 1, 1, "Red has 29 pieces"},
		{"[Event \"x\"]\n[FEN \"W:Wi5:Bi9\"]\n\n1. i5-i6 *", 2, 1, "a White man stands on i5"},
		{"1. d4-e5 /FEN \"B:Wd4:Ba4\"/ 1... a4-a3 *", 1, 10, "a Red man stands on a4"},
		{"1. d4-e5 (/FEN \"W:WK1-17:BKa1\"/ 1. e9-e8) f6xd4 *", 1, 11, "White has 17 pieces"},
	} {
		g, readErr := NewReader(strings.NewReader(tc.pdn)).ReadGame()
		checkErr := NewReader(strings.NewReader(tc.pdn)).CheckGame()
		for name, err := range map[string]error{"ReadGame": readErr, "CheckGame": checkErr} {
			var pe *ParseError
			if !errors.As(err, &pe) || !errors.Is(err, ErrSyntax) || !errors.Is(err, ErrUnreachable) ||
				pe.Game != 1 || pe.Line != tc.line || pe.Column != tc.col || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("%q: %s: %v; want an error at %d:%d wrapping ErrSyntax and ErrUnreachable saying %q", tc.pdn, name, err, tc.line, tc.col, tc.want)
			}
		}
		if strings.HasPrefix(tc.pdn, "[") && g != nil {
			t.Errorf("%q: a game from an unreachable FEN tag: %v", tc.pdn, g.Root().Position().String())
		}
		// The setup is refused before its moves are generated: the bound
		// catches a replay that generates them first (climb30's
		// generation is 4.99 million states). Measured: 0 states on
		// 2026-11-28.
		if w := searchWork(func() { NewReader(strings.NewReader(tc.pdn)).CheckGame() }); w > 1000 {
			t.Errorf("%q: checking it visited %d capture-search states", tc.pdn, w)
		}
	}
	// What ReadGame refuses, WriteGame does not write.
	for _, fen := range []string{climb30, "W:Wi5:Bi9"} {
		var buf strings.Builder
		err := NewWriter(&buf).WriteGame(NewGameFrom(MustParseFEN(fen)), Algebraic)
		if !errors.Is(err, ErrInvalid) || buf.Len() != 0 {
			t.Errorf("WriteGame from %s: %v, wrote %q", fen, err, buf.String())
		}
	}
	g := NewGame()
	g.reset(MustParseFEN("W:WK1-17:BKa1"))
	if err := NewWriter(io.Discard).WriteGame(g, Algebraic); !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), "White has 17 pieces") {
		t.Errorf("WriteGame with an unreachable setup: %v", err)
	}
}

// Variations nested more deeply than a Reader reads are refused, not
// followed down the stack.
func TestHostileDeepRecord(t *testing.T) {
	rec := &Record{ResultText: "*"}
	body := []Element{{Kind: MoveElement, Text: "d4-e5"}}
	for range 1_000_000 {
		body = []Element{{Kind: MoveElement, Text: "d4-e5"}, {Kind: VariationElement, Variation: body}}
	}
	rec.Body = body
	if _, err := rec.Replay(); !errors.Is(err, ErrSyntax) {
		t.Errorf("Replay: %v", err)
	}
	if _, err := rec.Convert(Numeric); !errors.Is(err, ErrSyntax) {
		t.Errorf("Convert: %v", err)
	}
	if err := NewWriter(io.Discard).WriteRecord(rec); !errors.Is(err, ErrSyntax) && !errors.Is(err, ErrInvalid) {
		t.Errorf("WriteRecord: %v", err)
	}
	// MaxVariationDepth itself is fine.
	ok := deepRecord(MaxVariationDepth+1, 1)
	if _, err := ok.Replay(); err != nil {
		t.Errorf("Replay %d deep: %v", MaxVariationDepth, err)
	}
}

// A long game is checked in memory that does not grow with its moves.
func TestHostileLongGameMemory(t *testing.T) {
	g := longKingGame(t, 40_000)
	var text bytes.Buffer
	if err := NewWriter(&text).WriteGame(g, Algebraic); err != nil {
		t.Fatal(err)
	}
	check := allocated(func() {
		if err := NewReader(bytes.NewReader(text.Bytes())).CheckGame(); err != nil {
			t.Fatal(err)
		}
	})
	// What it keeps is the repetition window (here the whole game, as no
	// capture or man move happens): the bound, 20 times the text, catches
	// a CheckGame that keeps the game's nodes or positions besides.
	// Measured: 15 times the text in all, most of it the window's map as
	// it grows (dd9c3fa, 2026-11-22), 16.5 times on 2026-11-28.
	if check > 20*uint64(text.Len())+1<<20 {
		t.Errorf("CheckGame of %d bytes (%d plies) allocated %d", text.Len(), g.End().Ply(), check)
	}
	// Ten thousand tags are not kept: the bound, twice the text, catches
	// a CheckGame that keeps them (each tag a string and a Tag). Measured:
	// 68 KB for 140 KB of text, 0.49 times, on 2026-11-28.
	tags := strings.Repeat("[Tag \"value\"]\n", 10_000) + "\n1. d4-e5 *"
	if n := allocated(func() { NewReader(strings.NewReader(tags)).CheckGame() }); n > 2*uint64(len(tags))+1<<20 {
		t.Errorf("CheckGame of 10,000 tags allocated %d bytes", n)
	}
}

// longKingGame returns a legal game of plies moves in which four kings
// shuffle without a capture and without a position occurring three times.
func longKingGame(tb testing.TB, plies int) *Game {
	g := NewGameFrom(MustParseFEN("W:WKa1,Ka5:BKi9"))
	rng := rand.New(rand.NewPCG(1, 2))
	var buf, safe []Move
	for tries := 0; g.End().Ply() < plies; tries++ {
		if tries > 20*plies {
			tb.Fatalf("no long game found: stuck at ply %d in %s", g.End().Ply(), g.pos.String())
		}
		buf = g.pos.AppendLegalMoves(buf[:0])
		safe = safe[:0]
		for _, m := range buf {
			next := g.pos.play(m)
			if !m.IsCapture() && !next.hasCapture() && g.counts[next.pack()] < 2 {
				safe = append(safe, m)
			}
		}
		if len(safe) == 0 {
			// Every move leaves a capture: take back two moves and
			// choose again.
			g.Undo()
			g.Undo()
			continue
		}
		m := safe[rng.IntN(len(safe))]
		g.push(m, g.pos.play(m))
	}
	return g
}

func BenchmarkReadPDN(b *testing.B) {
	const games = 1000
	data := generatedPDN(b, games, Algebraic)
	var moves int
	gs, _ := readGames(b, string(data))
	for _, g := range gs {
		moves += g.End().Ply()
	}
	for _, bc := range []struct {
		name string
		read func(r *Reader) error
	}{
		{"syntax", func(r *Reader) error { _, err := r.ReadRecord(); return err }},
		{"check", func(r *Reader) error { return r.CheckGame() }},
		{"game", func(r *Reader) error { _, err := r.ReadGame(); return err }},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(data)))
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			for b.Loop() {
				r := NewReader(bytes.NewReader(data))
				for {
					if err := bc.read(r); err != nil {
						if err != io.EOF {
							b.Fatal(err)
						}
						break
					}
				}
			}
			runtime.ReadMemStats(&after)
			b.ReportMetric(float64(games*b.N)/b.Elapsed().Seconds(), "games/s")
			b.ReportMetric(float64(moves*b.N)/b.Elapsed().Seconds(), "moves/s")
			b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/float64(games*b.N), "B/game")
			b.ReportMetric(float64(after.Mallocs-before.Mallocs)/float64(games*b.N), "allocs/game")
		})
	}
}
