package hexdame

import (
	"bytes"
	"errors"
	"io"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"pgregory.net/rapid"
)

// An unclosed comment runs to the end of the input, as the standard
// allows, and its error says where it started and how far it ran.
func TestUnclosedCommentSaysHowFar(t *testing.T) {
	rest := "x\n\n[Event \"3\"]\n\n1. d4-e5 *\n\n[Event \"4\"]\n\n1. c4-c5 *\n"
	text := "[Event \"1\"]\n\n1. d4-e5 *\n\n[Event \"2\"]\n\n1. d4-e5 {never closed\n" + rest
	var games []*Game
	var errs []error
	for g, err := range allGames(NewReader(strings.NewReader(text))) {
		if err != nil {
			errs = append(errs, err)
			continue
		}
		games = append(games, g)
	}
	if len(games) != 1 || len(errs) != 1 {
		t.Fatalf("%d games, errors %v; want one game and one error", len(games), errs)
	}
	var pe *ParseError
	if !errors.As(errs[0], &pe) || !errors.Is(errs[0], ErrSyntax) || pe.Game != 2 || pe.Line != 7 || pe.Column != 10 {
		t.Fatalf("error %v; want game 2, line 7, column 10", errs[0])
	}
	n := len("{never closed\n" + rest)
	lines := strings.Count(rest, "\n") + 1
	want := "runs from line 7, column 10 to the end of the input, " + strconv.Itoa(n) + " bytes and " + strconv.Itoa(lines) + " more lines"
	if !strings.Contains(errs[0].Error(), want) {
		t.Errorf("error %q does not say %q", errs[0], want)
	}
	// A string and a setup alike; bytes count as read, Latin-1 or UTF-8.
	for _, tc := range []struct{ text, want string }{
		{"[Event \"caf\xe9", "string not closed with \": it runs from line 1, column 8 to the end of the input, 5 bytes"},
		{"1. d4-e5 /FEN \"W:W:Bi9\"", "setup not closed with /: it runs from line 1, column 10 to the end of the input, 14 bytes"},
		{"1. d4-e5 {é\r\n\r\n", "comment not closed with }: it runs from line 1, column 10 to the end of the input, 7 bytes and 2 more lines"},
	} {
		_, err := NewReader(strings.NewReader(tc.text)).ReadRecord()
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v; want %q", tc.text, err, tc.want)
		}
	}
}

// boundaryTexts returns texts around the token limit: one byte short of
// it, at it and past it, in ASCII and with a character of two or three
// bytes that ends at the limit or crosses it.
func boundaryTexts(fill byte) map[string]string {
	pad := func(n int) string { return strings.Repeat(string(fill), n) }
	return map[string]string{
		"limit-1":          pad(maxTokenLen - 1),
		"limit":            pad(maxTokenLen),
		"limit+1":          pad(maxTokenLen + 1),
		"é ends at limit":  pad(maxTokenLen-2) + "é",
		"é crosses limit":  pad(maxTokenLen-1) + "é",
		"€ crosses limit":  pad(maxTokenLen-2) + "€",
		"€ ends at limit":  pad(maxTokenLen-3) + "€",
		"empty":            "",
		"short with quote": `a"b\c`,
	}
}

// latin1 encodes s, whose characters are all below U+0100, as Latin-1.
func latin1(s string) (string, bool) {
	b := make([]byte, 0, len(s))
	for _, r := range s {
		if r > 0xFF {
			return "", false
		}
		b = append(b, byte(r))
	}
	return string(b), true
}

// checkReaderWriterAgree reads text and writes rec, which the text
// spells: the Reader takes the text exactly when the Writer writes the
// record, and then the written record reads back as the Reader read it.
func checkReaderWriterAgree(t *testing.T, name, text string, rec *Record) {
	t.Helper()
	read, readErr := NewReader(strings.NewReader(text)).ReadRecord()
	var buf bytes.Buffer
	writeErr := NewWriter(&buf).WriteRecord(rec)
	if (readErr == nil) != (writeErr == nil) {
		t.Errorf("%s: the Reader says %v, the Writer %v", name, clippedErr(readErr), clippedErr(writeErr))
		return
	}
	if writeErr != nil {
		if !errors.Is(writeErr, ErrInvalid) || buf.Len() != 0 {
			t.Errorf("%s: Writer error %v, %d bytes written", name, clippedErr(writeErr), buf.Len())
		}
		return
	}
	again, err := NewReader(&buf).ReadRecord()
	if err != nil {
		t.Errorf("%s: the written record does not read back: %v", name, clippedErr(err))
		return
	}
	if d := recordDiff(read, again); d != "" {
		t.Errorf("%s: read and written records differ: %s", name, clipped(d))
	}
}

func clippedErr(err error) string {
	if err == nil {
		return "<nil>"
	}
	return clipped(err.Error())
}

// At the limits of the table, the Reader and the Writer agree: what one
// takes the other gives back, in UTF-8 and in Latin-1 input.
func TestReaderWriterAgreeAtLimits(t *testing.T) {
	move := func(strength string) []Element {
		return []Element{{Kind: MoveElement, Text: "d4-e5", Strength: strength}}
	}
	for name, s := range boundaryTexts('x') {
		cases := map[string]struct {
			text string
			rec  *Record
		}{
			"comment":      {"1. d4-e5 {" + s + "} *", &Record{Body: append(move(""), Element{Kind: CommentElement, Text: s}), ResultText: "*"}},
			"line comment": {"1. d4-e5 %" + s + "\n*", &Record{Body: append(move(""), Element{Kind: LineCommentElement, Text: s}), ResultText: "*"}},
			"tag value":    {`[Event "` + strings.ReplaceAll(strings.ReplaceAll(s, `\`, `\\`), `"`, `\"`) + `"] *`, &Record{Tags: []Tag{{"Event", s}}, ResultText: "*"}},
			"setup":        {"/" + s + "/ *", &Record{Body: []Element{{Kind: SetupElement, Text: s}}, ResultText: "*"}},
		}
		if strings.Trim(s, "x") == "" && s != "" {
			cases["tag name"] = struct {
				text string
				rec  *Record
			}{"[" + s + ` "v"] *`, &Record{Tags: []Tag{{s, "v"}}, ResultText: "*"}}
		}
		for kind, c := range cases {
			if kind == "setup" && strings.ContainsAny(s, `/`) {
				continue
			}
			checkReaderWriterAgree(t, kind+", "+name, c.text, c.rec)
			if l1, ok := latin1(c.text); ok && l1 != c.text {
				checkReaderWriterAgree(t, kind+", "+name+", Latin-1", l1, c.rec)
			}
		}
	}
	// Strength marks as long as they may be, and longer, up to a word
	// longer than a word may be.
	for _, n := range []int{maxStrengthLen, maxStrengthLen + 1, maxTokenLen - len("d4-e5"), maxTokenLen - len("d4-e5") + 1} {
		mark := strings.Repeat("!", n)
		checkReaderWriterAgree(t, "strength of "+strconv.Itoa(n), "1. d4-e5"+mark+" *", &Record{Body: move(mark), ResultText: "*"})
	}
	// A move of 512 bytes and one of 513 (leading zeros are allowed).
	for _, n := range []int{maxMoveTextLen, maxMoveTextLen + 1} {
		m := strings.Repeat("0", n-len("40-31")) + "40-31"
		checkReaderWriterAgree(t, "move of "+strconv.Itoa(n), "1. "+m+" *", &Record{Body: []Element{{Kind: MoveElement, Text: m}}, ResultText: "*"})
	}
	// NAGs of nine digits and ten.
	checkReaderWriterAgree(t, "NAG of 9 digits", "1. d4-e5 $999999999 *", &Record{Body: append(move(""), Element{Kind: NAGElement, NAG: maxNAG}), ResultText: "*"})
	checkReaderWriterAgree(t, "NAG of 10 digits", "1. d4-e5 $1000000000 *", &Record{Body: append(move(""), Element{Kind: NAGElement, NAG: maxNAG + 1}), ResultText: "*"})
	// Variations nested as deep as allowed, and one deeper.
	for _, depth := range []int{MaxVariationDepth, MaxVariationDepth + 1} {
		text := "1. d4-e5 " + strings.Repeat("(1. d4-e5 ", depth) + strings.Repeat(")", depth) + " *"
		checkReaderWriterAgree(t, "nesting "+strconv.Itoa(depth), text, deepRecord(depth+1, 1))
	}
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

var _ = io.EOF
var _ = utf8.RuneLen
var _ = rapid.Int

// A game written and read back has the same tags, whatever tags it was
// given: roster tags set to the value for unknown, empty values, tags set
// twice, in any order.
func TestPropertyTagsRoundTrip(t *testing.T) {
	names := []string{"Event", "Site", "Date", "Round", "White", "Black", "Annotator", "WhiteRating", "Time"}
	values := []string{"?", "????.??.??", "", "Open", "2026.??.??", "*", `a "b" \c`}
	rapid.Check(t, func(t *rapid.T) {
		g := drawGame(t)
		for range rapid.IntRange(0, 12).Draw(t, "tags") {
			name := rapid.SampledFrom(names).Draw(t, "name")
			value := rapid.SampledFrom(values).Draw(t, "value")
			if err := g.SetTag(name, value); err != nil {
				t.Fatal(err)
			}
			if isUnknownRosterValue(name, value) {
				if _, ok := g.Tag(name); ok {
					t.Fatalf("SetTag(%q, %q) kept the tag", name, value)
				}
			}
		}
		for _, n := range []Notation{Algebraic, Numeric} {
			var buf bytes.Buffer
			if err := NewWriter(&buf).WriteGame(g, n); err != nil {
				t.Fatal(err)
			}
			again, err := NewReader(&buf).ReadGame()
			if err != nil {
				t.Fatal(err)
			}
			if got, want := again.Tags(), g.Tags(); !slices.Equal(got, want) {
				t.Fatalf("%v: tags %q read back as %q", n, want, got)
			}
		}
	})
}

// The HexDame layer reads a roster tag holding the value for unknown as
// no tag, and each name once (the first counts); the syntax layer keeps
// every tag as written.
func TestGameTagsFromRecord(t *testing.T) {
	text := "[White \"Ann\"]\n[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[Black \"?\"]\n" +
		"[Annotator \"?\"]\n[White \"Bob\"]\n[Event \"Open\"]\n[FEN \"W:WKa1:BKi9\"]\n[FEN \"W:WKa2:BKi9\"]\n\n1. a1-a2 *\n"
	rec, err := NewReader(strings.NewReader(text)).ReadRecord()
	if err != nil || len(rec.Tags) != 11 {
		t.Fatalf("ReadRecord: %v, %d tags", err, len(rec.Tags))
	}
	g, err := rec.Replay()
	if err != nil {
		t.Fatal(err)
	}
	want := []Tag{{"White", "Ann"}, {"Annotator", "?"}}
	if got := g.Tags(); !slices.Equal(got, want) {
		t.Errorf("tags %q, want %q", got, want)
	}
	if g.Root().Position() != MustParseFEN("W:WKa1:BKi9") {
		t.Errorf("start %v: the first FEN tag counts", g.Root().Position().String())
	}
}

// Convert may write a move longer than it was (numeric squares of one
// digit become two letters); with the longest strength mark the word
// still fits, and reads back.
func TestConvertLongestStrength(t *testing.T) {
	mark := strings.Repeat("?", maxStrengthLen)
	text := "1. 5x14x23x32x41x50x59" + mark + " *"
	var buf bytes.Buffer
	if err := convertRecord(NewReader(strings.NewReader(text)), NewWriter(&buf), Algebraic); err != nil {
		t.Fatal(clippedErr(err))
	}
	rec, err := NewReader(&buf).ReadRecord()
	if err != nil || rec.Body[0].Strength != mark || len(rec.Body[0].Text) <= len("5x14x23x32x41x50x59") {
		t.Fatalf("read back: %v", clippedErr(err))
	}
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

// Whatever the Reader takes, the Writer writes, and it reads back equal:
// text drawn around every limit of the table (lengths just under, at and
// over them, characters of one to three bytes and Latin-1 bytes at the
// boundary, nesting around MaxVariationDepth).
func TestPropertyReaderTakesWriterWrites(t *testing.T) {
	// A length near a limit, or a short one.
	length := func(t *rapid.T, limit int, label string) int {
		if rapid.IntRange(0, 7).Draw(t, label+" near the limit") == 0 {
			return limit + rapid.IntRange(-4, 2).Draw(t, label+" offset")
		}
		return rapid.IntRange(0, 8).Draw(t, label)
	}
	// Text of about n bytes: ASCII, then a tail that may be a character
	// of two or three bytes or a lone Latin-1 byte.
	text := func(t *rapid.T, n int, avoid byte) string {
		tail := rapid.SampledFrom([]string{"", "é", "€", "\xe9", "\\", "\""}).Draw(t, "tail")
		if strings.IndexByte(tail, avoid) >= 0 {
			tail = ""
		}
		return strings.Repeat("a", max(n-len(tail), 0)) + tail
	}
	rapid.Check(t, func(t *rapid.T) {
		var b strings.Builder
		for range rapid.IntRange(0, 2).Draw(t, "tags") {
			name := rapid.SampledFrom([]string{"Event", "A" + strings.Repeat("b", maxTokenLen-1), "A" + strings.Repeat("b", maxTokenLen)}).Draw(t, "tag name")
			value := text(t, length(t, maxTokenLen, "tag value"), 0)
			value = strings.ReplaceAll(strings.ReplaceAll(value, `\`, `\\`), `"`, `\"`)
			b.WriteString("[" + name + " \"" + value + "\"]\n")
		}
		b.WriteString("1. d4-e5")
		b.WriteString(strings.Repeat("!", length(t, maxStrengthLen, "strength")))
		depth := 0
		for range rapid.IntRange(0, 6).Draw(t, "elements") {
			switch rapid.IntRange(0, 4).Draw(t, "kind") {
			case 0:
				b.WriteString(" {" + text(t, length(t, maxTokenLen, "comment"), '}') + "}")
			case 1:
				b.WriteString("\n%" + text(t, length(t, maxTokenLen, "line comment"), 0) + "\n")
			case 2:
				b.WriteString(" $" + strings.Repeat("9", length(t, maxNAGDigits, "NAG digits")))
			case 3:
				n := length(t, MaxVariationDepth-depth, "nesting")
				b.WriteString(strings.Repeat(" (1. c4-c5", n) + strings.Repeat(")", n))
			case 4:
				b.WriteString(" f6-f5 2. e5-e6")
			}
		}
		b.WriteString(" *\n")
		rec, err := NewReader(strings.NewReader(b.String())).ReadRecord()
		if err != nil {
			if !errors.Is(err, ErrSyntax) {
				t.Fatalf("Reader error %v", clippedErr(err))
			}
			return
		}
		var out bytes.Buffer
		if err := NewWriter(&out).WriteRecord(rec); err != nil {
			t.Fatalf("the Reader took the record but the Writer says %v", clippedErr(err))
		}
		again, err := NewReader(&out).ReadRecord()
		if err != nil {
			t.Fatalf("the written record does not read back: %v", clippedErr(err))
		}
		if d := recordDiff(rec, again); d != "" {
			t.Fatalf("the record read back differs: %s", clipped(d))
		}
	})
}
