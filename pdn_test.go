package hexdame

import (
	"bytes"
	"errors"
	"strconv"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// Tests of pdn.go's limits of a record: at every limit (a token's
// length, a move's, a strength mark's, a NAG's digits, the nesting of
// variations) the Reader takes exactly what the Writer writes.

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
