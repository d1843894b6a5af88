package hexdame

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// Tests of pdnwrite.go: the Writer: golden files, round trips, and what
// it refuses to write.

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

func TestPropertyPDNRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		g := drawGame(t)
		for _, n := range []Notation{Algebraic, Numeric} {
			again := writeAndRead(t, g, n)
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

// A game whose variations nest deeper than a record holds is refused
// whole, before anything is written; one at the limit writes every node.
func TestWriteGameDeepVariations(t *testing.T) {
	for _, depth := range []int{MaxVariationDepth, MaxVariationDepth + 1, 300} {
		g := NewGameFrom(MustParseFEN("W:WKa1:BKi9"))
		n := g.Root()
		nodes := 1
		// Each level: a main move and an alternative to it, from which the
		// next level goes on, one variation deeper.
		for range depth {
			moves := n.Position().LegalMoves()
			if _, err := n.AddMove(moves[0]); err != nil {
				t.Fatal(err)
			}
			var err error
			if n, err = n.AddMove(moves[1]); err != nil {
				t.Fatal(err)
			}
			nodes += 2
		}
		var buf bytes.Buffer
		err := NewWriter(&buf).WriteGame(g, Algebraic)
		if depth > MaxVariationDepth {
			if !errors.Is(err, ErrInvalid) || buf.Len() != 0 {
				t.Errorf("%d deep: error %v, %d bytes written; want ErrInvalid and nothing", depth, err, buf.Len())
			}
			continue
		}
		if err != nil {
			t.Fatalf("%d deep: %v", depth, err)
		}
		again, err := NewReader(&buf).ReadGame()
		if err != nil {
			t.Fatalf("%d deep: reading back: %v", depth, err)
		}
		if got := countNodes(again.Root()); got != nodes {
			t.Errorf("%d deep: %d nodes read back, want %d", depth, got, nodes)
		}
	}
}

// countNodes counts the nodes of the tree from n, n included.
func countNodes(n *Node) int {
	count := 0
	stack := []*Node{n}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		count++
		stack = append(stack, x.Children()...)
	}
	return count
}

// A record read by a Reader and then changed so that it cannot be
// written gives an error that says where the part was read.
func TestWriteErrorIsLocated(t *testing.T) {
	rec, err := NewReader(strings.NewReader("[Event \"x\"]\n\n1. d4-e5 f6-f5\n2. e5-e6 *")).ReadRecord()
	if err != nil {
		t.Fatal(err)
	}
	rec.Body[2].Strength = "x"
	var buf bytes.Buffer
	err = NewWriter(&buf).WriteRecord(rec)
	var pe *ParseError
	if !errors.As(err, &pe) || !errors.Is(err, ErrInvalid) || pe.Game != 1 || pe.Line != 4 || pe.Column != 4 || buf.Len() != 0 {
		t.Errorf("error %v, %d bytes written; want a *ParseError at game 1, line 4, column 4 wrapping ErrInvalid", err, buf.Len())
	}
	if want := "game 1, line 4, column 4: record cannot be written as PDN: move \"e5-e6\" has the strength mark \"x\""; err.Error() != want {
		t.Errorf("message %q, want %q", err, want)
	}
}

// Whatever the API lets a program build either writes to text that reads
// back equal, or the call that builds it or WriteRecord returns an error.
func TestHostileWriterRefuses(t *testing.T) {
	g := NewGame()
	for _, name := range []string{"", "Bad Name", "Bad]", "1digit", "Ünï", `Quote"`} {
		if err := g.SetTag(name, "x"); !errors.Is(err, ErrInvalid) {
			t.Errorf("SetTag(%q): %v", name, err)
		}
	}
	if err := g.SetTag("Event", "\xff\xfe"); !errors.Is(err, ErrInvalid) {
		t.Errorf("SetTag with a value that is not UTF-8: %v", err)
	}
	if err := g.SetTag("FEN", "W:W:B"); !errors.Is(err, ErrInvalid) {
		t.Errorf("SetTag(FEN): %v", err)
	}
	if len(g.Tags()) != 0 {
		t.Errorf("tags set: %v", g.Tags())
	}
	bad := []*Record{
		{Tags: []Tag{{"Bad Name", "x"}}},
		{Tags: []Tag{{"Event", "\xff"}}},
		{Body: []Element{{Kind: CommentElement, Text: "a}b"}}},
		{Body: []Element{{Kind: LineCommentElement, Text: "a\n[Event \"inj\"]"}}},
		{Body: []Element{{Kind: SetupElement, Text: "a/b"}}},
		{Body: []Element{{Kind: MoveElement, Text: "hello"}}},
		{Body: []Element{{Kind: MoveElement, Text: "d4-e5", Strength: "!!!!x"}}},
		{Body: []Element{{Kind: MoveElement, Text: "1-0"}}},
		{Body: []Element{{Kind: NAGElement, NAG: -1}}},
		{Body: []Element{{Kind: VariationElement}}},
		{Body: []Element{{Kind: 0}}},
		{Body: []Element{{Kind: MoveElement, Text: "d4-e5"}}, ResultText: "4-6"},
		{Body: []Element{{Kind: CommentElement, Text: strings.Repeat("x", maxTokenLen+1)}}},
	}
	for _, rec := range bad {
		var buf bytes.Buffer
		if err := NewWriter(&buf).WriteRecord(rec); !errors.Is(err, ErrInvalid) || buf.Len() != 0 {
			t.Errorf("WriteRecord(%+v): %v, wrote %q", rec, err, buf.String())
		}
	}
	// A tag value with a backslash or a quote reads back as it was.
	for _, v := range []string{`x\`, `a\"b`, `\\`, `"`, "line\nbreak"} {
		rec := &Record{Tags: []Tag{{"Event", v}}, Body: []Element{{Kind: MoveElement, Text: "d4-e5"}}, ResultText: "*"}
		var buf bytes.Buffer
		if err := NewWriter(&buf).WriteRecord(rec); err != nil {
			t.Fatal(err)
		}
		got, err := NewReader(&buf).ReadRecord()
		if err != nil || got.Tags[0].Value != v {
			t.Errorf("tag value %q reads back as %v, %v", v, got, err)
		}
	}
}

// A nil *Game, *Reader or io.Writer given to the PDN and SVG writers and
// readers gives an error (a nil *Game reads as a game with no move), not a
// panic.
func TestHostileNilArguments(t *testing.T) {
	noPanic := func(name string, f func()) {
		t.Helper()
		defer func() {
			if r := recover(); r != nil {
				t.Errorf("%s panics: %v", name, r)
			}
		}()
		f()
	}
	noPanic("(*Game)(nil).Record", func() {
		if rec, want := recordOf((*Game)(nil), Algebraic), recordOf(NewGame(), Algebraic); !reflect.DeepEqual(rec, want) {
			t.Errorf("(*Game)(nil).Record = %+v, want %+v", rec, want)
		}
	})
	noPanic("NewWriter(nil).WriteGame", func() {
		if err := NewWriter(nil).WriteGame(NewGame(), Algebraic); err == nil {
			t.Error("NewWriter(nil).WriteGame: no error")
		}
	})
	noPanic("NewWriter(nil).WriteRecord", func() {
		if err := NewWriter(nil).WriteRecord(recordOf(NewGame(), Algebraic)); err == nil {
			t.Error("NewWriter(nil).WriteRecord: no error")
		}
	})
	noPanic("convertRecord(NewWriter(nil))", func() {
		if err := convertRecord(NewReader(strings.NewReader("1. d4-e5 *")), NewWriter(nil), Numeric); err == nil {
			t.Error("convertRecord(NewWriter(nil)): no error")
		}
	})
	var r *Reader
	reads := map[string]func() error{
		"ReadRecord": func() error { _, err := r.ReadRecord(); return err },
		"ReadGame":   func() error { _, err := r.ReadGame(); return err },
	}
	for name, read := range reads {
		noPanic("(*Reader)(nil)."+name, func() {
			if err := read(); err == nil || err == io.EOF {
				t.Errorf("(*Reader)(nil).%s: %v", name, err)
			}
		})
	}
}
