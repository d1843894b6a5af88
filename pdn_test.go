package hexdame

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

var update = flag.Bool("update", false, "rewrite golden files in testdata")

// readGames reads every game of a PDN text with the HexDame layer.
func readGames(t testing.TB, text string) ([]*Game, []error) {
	t.Helper()
	r := NewReader(strings.NewReader(text))
	var games []*Game
	var errs []error
	for {
		g, err := r.ReadGame()
		if err == io.EOF {
			return games, errs
		}
		if err != nil {
			errs = append(errs, err)
			continue
		}
		games = append(games, g)
	}
}

func readFile(t testing.TB, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// recordDiff compares records by content, not by where they were read:
// tags, result and movetext, an empty slice equal to nil. It returns ""
// for equal records, or where they first differ. (go-cmp takes time
// exponential in the nesting of variations here.)
func recordDiff(a, b *Record) string {
	if len(a.Tags) != len(b.Tags) {
		return fmt.Sprintf("tags: %q and %q", a.Tags, b.Tags)
	}
	for i := range a.Tags {
		if a.Tags[i] != b.Tags[i] {
			return fmt.Sprintf("tag %d: %q and %q", i, a.Tags[i], b.Tags[i])
		}
	}
	if a.ResultText != b.ResultText {
		return fmt.Sprintf("result: %q and %q", a.ResultText, b.ResultText)
	}
	return elementsDiff("body", a.Body, b.Body)
}

func elementsDiff(path string, a, b []Element) string {
	if len(a) != len(b) {
		return fmt.Sprintf("%s: %d and %d elements", path, len(a), len(b))
	}
	for i := range a {
		x, y := a[i], b[i]
		where := fmt.Sprintf("%s[%d]", path, i)
		if x.Kind != y.Kind || x.Text != y.Text || x.Strength != y.Strength || x.NAG != y.NAG {
			return fmt.Sprintf("%s: {%d %q %q $%d} and {%d %q %q $%d}", where, x.Kind, x.Text, x.Strength, x.NAG, y.Kind, y.Text, y.Strength, y.NAG)
		}
		if d := elementsDiff(where, x.Variation, y.Variation); d != "" {
			return d
		}
	}
	return ""
}

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
	if before, _, _ := annotations(first); len(before) != 2 || before[1].Text != "A comment before the first move" {
		t.Errorf("annotations before the first move: %+v", before)
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

// TestWriteGolden writes the feature records back in both notations and
// compares them with golden files; the files read back to the same games.
func TestWriteGolden(t *testing.T) {
	games, errs := readGames(t, readFile(t, "testdata/pdn/features.pdn"))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	for _, n := range []Notation{Algebraic, Numeric} {
		var buf bytes.Buffer
		w := NewWriter(&buf)
		for _, g := range games {
			if err := w.WriteGame(g, n); err != nil {
				t.Fatal(err)
			}
		}
		golden := filepath.Join("testdata", "pdn", "features."+n.String()+".golden")
		if *update {
			os.WriteFile(golden, buf.Bytes(), 0o644)
		}
		if want := readFile(t, golden); buf.String() != want {
			t.Errorf("%s differs:\n%s", golden, buf.String())
		}
		again, errs := readGames(t, buf.String())
		if len(errs) > 0 || len(again) != len(games) {
			t.Fatalf("reading the written records: %v", errs)
		}
		for i := range games {
			if diff := recordDiff(recordOf(games[i], n), recordOf(again[i], n)); diff != "" {
				t.Errorf("game %d changed on the round trip (-first +second):\n%s", i+1, diff)
			}
			if !slices.Equal(mainPositions(games[i]), mainPositions(again[i])) {
				t.Errorf("game %d: positions differ", i+1)
			}
		}
	}
}

func TestReadLatin1(t *testing.T) {
	games, errs := readGames(t, readFile(t, "testdata/pdn/latin1.pdn"))
	if len(errs) > 0 || len(games) != 1 {
		t.Fatal(errs)
	}
	if v, _ := games[0].Tag("Event"); v != "Café Latin-1" {
		t.Errorf("Event = %q", v)
	}
	if v, _ := games[0].Tag("White"); v != "Jürgen" {
		t.Errorf("White = %q", v)
	}
}

// TestParseErrorColumnInBytes checks that a ParseError's column and an
// Element's count bytes, as the package doc says: in UTF-8 and in Latin-1.
func TestParseErrorColumnInBytes(t *testing.T) {
	for _, tc := range []struct {
		text string
		col  int // of the illegal move d4-d6, and of the error
	}{
		{"{ab} 1. d4-d6 *", 9},
		{"{\u00e9\u00e9} 1. d4-d6 *", 11},
		{"{\xe9\xe9} 1. d4-d6 *", 9}, // Latin-1: a byte a character
		{"{\U0001F600} 1. d4-d6 *", 11},
	} {
		_, errs := readGames(t, tc.text)
		var pe *ParseError
		if len(errs) != 1 || !errors.As(errs[0], &pe) || pe.Line != 1 || pe.Column != tc.col {
			t.Errorf("%q: %v, want one error at line 1, column %d", tc.text, errs, tc.col)
		}
		rec, err := NewReader(strings.NewReader(tc.text)).ReadRecord()
		if err != nil || len(rec.Body) != 2 || rec.Body[1].Column != tc.col {
			t.Errorf("%q: %+v, %v; want the move at column %d", tc.text, rec, err, tc.col)
		}
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

func TestSyntaxErrors(t *testing.T) {
	for _, text := range []string{
		"1. d4-e5 {unterminated",
		`[Event "unterminated]`,
		"1. d4-e5 ) *",
		"1. d4-e5 () *",
		"1. d4-e5 ] *",
		"1. d4-e5 $ *",
		"1. d4-e5 hello *",
		"1. *",
		"[Event \"a\"] 1. d4-e5 [Event \"b\"] *",
		"[Event 1]",
		"*",
	} {
		r := NewReader(strings.NewReader(text))
		var err error
		for err == nil {
			_, err = r.ReadRecord()
		}
		if !errors.Is(err, ErrSyntax) {
			t.Errorf("%q: error %v, want a syntax error", text, err)
		}
	}
}

func TestDeepNestingFailsFast(t *testing.T) {
	text := "1. d4-e5 " + strings.Repeat("(", 1_000_000)
	start := time.Now()
	r := NewReader(strings.NewReader(text))
	_, err := r.ReadRecord()
	if !errors.Is(err, ErrSyntax) {
		t.Fatalf("error %v, want a syntax error", err)
	}
	if _, err := r.ReadRecord(); err != io.EOF {
		t.Errorf("after the error: %v, want io.EOF", err)
	}
	if d := time.Since(start); d > 20*time.Second { // 20 ms on an idle machine
		t.Errorf("took %v", d)
	}
}

func TestConvert(t *testing.T) {
	r := NewReader(strings.NewReader(readFile(t, "testdata/pdn/features.pdn")))
	for {
		rec, err := r.ReadRecord()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		num, err := rec.Convert(Numeric)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := num.Replay(); err != nil {
			t.Errorf("game %d in numeric: %v", rec.Game, err)
		}
		back, err := num.Convert(Algebraic)
		if err != nil {
			t.Fatal(err)
		}
		alg, _ := rec.Convert(Algebraic)
		if diff := recordDiff(alg, back); diff != "" {
			t.Errorf("game %d: algebraic -> numeric -> algebraic changed it:\n%s", rec.Game, diff)
		}
	}
	rec := &Record{Body: []Element{{Kind: MoveElement, Text: "a6-a7"}}}
	if _, err := rec.Convert(Numeric); !errors.Is(err, ErrSyntax) {
		t.Errorf("converting a6-a7: %v", err)
	}
}

// randomGame draws a random legal game.
func drawGame(t *rapid.T) *Game {
	seed := rapid.Uint64().Draw(t, "seed")
	plies := rapid.IntRange(0, 200).Draw(t, "plies")
	return randomGame(rand.New(rand.NewPCG(seed, 1)), plies)
}

func TestPropertyPDNRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		g := drawGame(t)
		for _, n := range []Notation{Algebraic, Numeric} {
			var buf bytes.Buffer
			if err := NewWriter(&buf).WriteGame(g, n); err != nil {
				t.Fatal(err)
			}
			again, err := NewReader(&buf).ReadGame()
			if err != nil {
				t.Fatalf("reading back %v: %v", n, err)
			}
			if !slices.Equal(g.Moves(), again.Moves()) || !slices.Equal(mainPositions(g), mainPositions(again)) ||
				g.Outcome().Result != again.Outcome().Result || again.Notation() != n {
				t.Fatalf("%v: the game changed on the round trip: %v -> %v", n, g.Outcome(), again.Outcome())
			}
		}
		rec := recordOf(g, Algebraic)
		num, err := rec.Convert(Numeric)
		if err != nil {
			t.Fatal(err)
		}
		if diff := recordDiff(recordOf(g, Numeric), num); diff != "" {
			t.Fatalf("converting to numeric differs from writing numeric:\n%s", diff)
		}
		back, err := num.Convert(Algebraic)
		if err != nil {
			t.Fatal(err)
		}
		if diff := recordDiff(rec, back); diff != "" {
			t.Fatalf("algebraic -> numeric -> algebraic changed the record:\n%s", diff)
		}
	})
}

// generatedPDN writes n random games as PDN.
func generatedPDN(tb testing.TB, n int, notation Notation) []byte {
	tb.Helper()
	rng := rand.New(rand.NewPCG(2026, 11))
	var buf bytes.Buffer
	w := NewWriter(&buf)
	for range n {
		if err := w.WriteGame(randomGame(rng, 300), notation); err != nil {
			tb.Fatal(err)
		}
	}
	return buf.Bytes()
}

func TestGeneratedFile(t *testing.T) {
	data := generatedPDN(t, 50, Algebraic)
	games, errs := readGames(t, string(data))
	if len(errs) > 0 || len(games) != 50 {
		t.Fatalf("%d games, %v", len(games), errs)
	}
	golden := "testdata/pdn/random.pdn"
	if *update {
		os.WriteFile(golden, data, 0o644)
	}
	if !bytes.Equal(data, []byte(readFile(t, golden))) {
		t.Errorf("generated games differ from %s", golden)
	}
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

func TestConvertMoveText(t *testing.T) {
	for _, tc := range []struct {
		in   string
		to   Notation
		want string
	}{
		{"d4-e5", Numeric, "40-31"},
		{"040-031", Algebraic, "d4-e5"},
		{"049X031x023", Algebraic, "c3Xe5xg5"},
		{"c3:e5", Numeric, "49:31"},
		{"4031", Algebraic, "d4-e5"},
		{"c3e5xg5", Numeric, "49x31x23"},
		{"i9-i9", Numeric, "01-1"},
		{"01-01", Numeric, "01-1"},
	} {
		if got, err := convertMoveText(tc.in, tc.to); err != nil || got != tc.want {
			t.Errorf("convertMoveText(%q, %v) = %q, %v; want %q", tc.in, tc.to, got, err, tc.want)
		}
	}
}

// recordGen draws records built in code: arbitrary tags, comments, line
// comments, setups, moves, strength marks, NAGs, results and nested
// variations, with text drawn from characters PDN treats specially.
func recordGen() *rapid.Generator[*Record] {
	wild := rapid.StringOfN(rapid.SampledFrom([]rune("ab1d4-e5x:{}()[]\"\\%$/*!? \n\r\t\x00é½\ufeff")), 0, 12, -1)
	tame := rapid.StringOfN(rapid.SampledFrom([]rune("ab d4-e5 \"\\é½")), 0, 12, -1)
	text := rapid.OneOf(tame, tame, wild)
	return rapid.Custom(func(t *rapid.T) *Record {
		rec := &Record{ResultText: rapid.SampledFrom([]string{"", "*", "2-0", "0-1", "1/2-1/2", "½-½", "4-6"}).Draw(t, "result")}
		for range rapid.IntRange(0, 3).Draw(t, "tags") {
			name := rapid.OneOf(rapid.SampledFrom([]string{"Event", "White", "FEN", "x_1"}), text).Draw(t, "name")
			rec.Tags = append(rec.Tags, Tag{name, text.Draw(t, "value")})
		}
		var line func(depth int) []Element
		line = func(depth int) []Element {
			var out []Element
			for range rapid.IntRange(0, 4).Draw(t, "elements") {
				e := Element{Kind: ElementKind(rapid.IntRange(0, 7).Draw(t, "kind"))}
				switch e.Kind {
				case MoveElement:
					e.Text = rapid.OneOf(rapid.SampledFrom([]string{"d4-e5", "32-28", "c3xe5xg5", "1-1"}), text).Draw(t, "move")
					e.Strength = rapid.SampledFrom([]string{"", "!", "?!", "(?)", "*", "!!!", "(x)"}).Draw(t, "strength")
				case NAGElement:
					e.NAG = rapid.IntRange(-2, 1000).Draw(t, "nag")
				case VariationElement:
					if depth < 3 {
						e.Variation = line(depth + 1)
					}
				default:
					e.Text = text.Draw(t, "text")
				}
				out = append(out, e)
			}
			return out
		}
		rec.Body = line(0)
		return rec
	})
}

// Whatever a program builds either writes to text that reads back equal,
// or WriteRecord refuses it with ErrInvalid and writes nothing.
func TestPropertyWriterReadsBack(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		checkWriteReadBack(t, recordGen().Draw(t, "record"))
	})
}

// A variation's moves are written in the position before the move they
// replace: an ambiguous capture in a variation keeps its turning cells.
func TestWriteVariationInItsPosition(t *testing.T) {
	text := "[FEN \"W:WKe1:BKa2,Ka3,c7,d7,e6,g5\"]\n\n1. e1xe8xb5xh5 (1. e1xe9xa5xh5) c7-c6 *\n"
	g, err := NewReader(strings.NewReader(text)).ReadGame()
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []Notation{Algebraic, Numeric} {
		var buf bytes.Buffer
		if err := NewWriter(&buf).WriteGame(g, n); err != nil {
			t.Fatal(err)
		}
		want := map[Notation]string{Algebraic: "1. e1xe8xb5xh5 (1. e1xe9xa5xh5) 1... c7-c6 *", Numeric: "1. 51x16x43x19 (1. 51x11x47x19) 1... 29-34 *"}[n]
		if !strings.Contains(buf.String(), want) {
			t.Errorf("%v: written as\n%s\nwant the movetext %q", n, buf.String(), want)
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

// Convert and ConvertRecord write the GameType tag that WriteGame writes,
// adding it to a record without one, after the record's tags; a line
// comment among the tags is written at the start of the movetext, where a
// Record keeps it (issue 27).
func TestConvertGameType(t *testing.T) {
	tests := []struct{ in, numeric string }{
		{"1. d4-e5 *", "[GameType \"42,W,9,9,N2,0\"]\n\n1. 40-31 *\n"},
		{"[Event \"a\"]\n1. d4-e5 *", "[Event \"a\"]\n[GameType \"42,W,9,9,N2,0\"]\n\n1. 40-31 *\n"},
		{"[GameType \"42\"]\n[Event \"a\"]\n1. d4-e5 *", "[GameType \"42,W,9,9,N2,0\"]\n[Event \"a\"]\n\n1. 40-31 *\n"},
		{"[Event \"a\"]\n%c\n[Site \"b\"]\n1. d4-e5 *", "[Event \"a\"]\n[Site \"b\"]\n[GameType \"42,W,9,9,N2,0\"]\n\n%c\n1. 40-31 *\n"},
		{"%c\n[Event \"a\"]\n(1. c4-c5) 1. d4-e5 *", "[Event \"a\"]\n[GameType \"42,W,9,9,N2,0\"]\n\n%c\n(1. 44-39) 1. 40-31 *\n"},
		{"[Event \"a\"]\n*", "[Event \"a\"]\n[GameType \"42,W,9,9,N2,0\"]\n\n*\n"},
	}
	for _, tc := range tests {
		var streamed bytes.Buffer
		if err := convertRecord(NewReader(strings.NewReader(tc.in)), NewWriter(&streamed), Numeric); err != nil {
			t.Errorf("%q: ConvertRecord: %v", tc.in, err)
		} else if streamed.String() != tc.numeric {
			t.Errorf("%q: ConvertRecord wrote\n%s\nwant\n%s", tc.in, streamed.String(), tc.numeric)
		}
		rec, err := NewReader(strings.NewReader(tc.in)).ReadRecord()
		if err != nil {
			t.Fatal(err)
		}
		num, err := rec.Convert(Numeric)
		if err != nil {
			t.Fatalf("%q: Convert: %v", tc.in, err)
		}
		var written bytes.Buffer
		if err := NewWriter(&written).WriteRecord(num); err != nil || written.String() != tc.numeric {
			t.Errorf("%q: Convert, written: %v\n%s\nwant\n%s", tc.in, err, written.String(), tc.numeric)
		}
		// Back to algebraic: the GameType tag is rewritten, not added twice.
		alg, err := num.Convert(Algebraic)
		if err != nil {
			t.Fatal(err)
		}
		if got := gameTypes(alg); len(got) != 1 || got[0] != gameType(Algebraic) {
			t.Errorf("%q: converted back, GameType tags %q", tc.in, got)
		}
	}
}

func gameTypes(rec *Record) []string {
	var out []string
	for _, tag := range rec.Tags {
		if tag.Name == "GameType" {
			out = append(out, tag.Value)
		}
	}
	return out
}

// CheckRecord reads what ReadRecord reads, with the same errors, in
// memory that does not grow with the record; a flood of annotations
// costs ReadGame little too (the tree keeps an empty line comment in two
// bytes), and ReadRecord, which keeps each as an Element (88 bytes),
// memory in proportion to the text.
func TestCheckRecord(t *testing.T) {
	features := readFile(t, "testdata/pdn/features.pdn")
	for _, text := range []string{
		features,
		readFile(t, "testdata/pdn/problems.pdn"),
		"1. d4-e5 {unterminated",
		"1. d4-e5 ) *\n\n1. d4-e5 *\n\n[Event 1]\n\n1. c4-c5 *",
		"[Event \"a\"] 1. d4-e5 [Event \"b\"] *",
		"1. d4-e5 " + strings.Repeat("(", MaxVariationDepth+1),
		"",
	} {
		read, check := NewReader(strings.NewReader(text)), NewReader(strings.NewReader(text))
		for i := 0; ; i++ {
			_, want := read.ReadRecord()
			got := check.CheckRecord()
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("%q..., record %d: CheckRecord %v, ReadRecord %v", clipped(text), i+1, got, want)
			}
			if want == io.EOF || i > 20 {
				break
			}
		}
	}
	flood := strings.Repeat("%\n", 300_000) + "1. d4-e5 *\n"
	if n := allocated(func() {
		if err := NewReader(strings.NewReader(flood)).CheckRecord(); err != nil {
			t.Error(err)
		}
	}); n > 1<<20 {
		t.Errorf("CheckRecord of 300,000 line comments allocated %d bytes", n)
	}
	game := allocated(func() {
		if _, err := NewReader(strings.NewReader(flood)).ReadGame(); err != nil {
			t.Error(err)
		}
	})
	// Measured: 5.5 times the text.
	if game > 10*uint64(len(flood)) {
		t.Errorf("ReadGame of 300,000 line comments allocated %d bytes", game)
	}
	record := allocated(func() {
		if _, err := NewReader(strings.NewReader(flood)).ReadRecord(); err != nil {
			t.Error(err)
		}
	})
	// Measured: 227 times the text in all, the slice of Elements growing
	// to 26 MB.
	if record > 300*uint64(len(flood)) {
		t.Errorf("ReadRecord of 300,000 line comments allocated %d bytes", record)
	}
}

// A tag pair whose line ends without its ] is reported where the ] should
// be, and the tag pairs after it are the same game's: the Reader used to
// point at the next line and read the next tag pair as a second game
// (issue 36: "1 files, 2 games" for a file of one).
func TestUnclosedTagPair(t *testing.T) {
	for _, c := range []struct {
		text      string
		line, col int
		games     int // the records read, problems included
		valid     int // those without a problem
	}{
		{"[Event \"a\"]\n[White \"x\"\n[Black \"y\"]\n\n1. d4-e5 *\n", 2, 11, 1, 0},
		{"[Event \"a\"]\n[White \"x\"\n[Black \"y\"]\n[Result \"*\"]\n\n1. d4-e5 f6xd4 *\n", 2, 11, 1, 0},
		{"[White \"x\"\n1. d4-e5 *\n[Event \"b\"]\n1. d4-e5 *\n", 1, 11, 2, 1},
		{"[White \"x\"", 1, 11, 1, 0},
		// On the same line, the token that stands where the ] should.
		{"[White \"x\" 1. d4-e5 *\n[Event \"b\"]\n1. d4-e5 *\n", 1, 12, 2, 1},
		// A value that is not quoted: the tag pair goes on to its ].
		{"[White x]\n[Black \"y\"]\n[Result \"*\"]\n1. d4-e5 *\n[Event \"b\"] 1. d4-e5 *\n", 1, 8, 2, 1},
		{"[Result 2-0]\n[Black \"y\"]\n1. d4-e5 *\n[Event \"b\"] 1. d4-e5 *\n", 1, 9, 2, 1},
	} {
		r := NewReader(strings.NewReader(c.text))
		games, valid := 0, 0
		var first *ParseError
		for {
			_, err := r.ReadRecord()
			if err == io.EOF {
				break
			}
			games++
			var pe *ParseError
			switch {
			case err == nil:
				valid++
			case errors.As(err, &pe):
				if first == nil {
					first = pe
				}
			default:
				t.Fatalf("%q: %v", c.text, err)
			}
		}
		if games != c.games || valid != c.valid {
			t.Errorf("%q: %d records, %d valid; want %d, %d", c.text, games, valid, c.games, c.valid)
		}
		if first == nil || first.Game != 1 || first.Line != c.line || first.Column != c.col {
			t.Errorf("%q: first problem %v, want game 1 at %d:%d", c.text, first, c.line, c.col)
		}
	}
}
