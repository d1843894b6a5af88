package hexdame

import (
	"bytes"
	"errors"
	"io"
	"os"
	"slices"
	"strings"
	"testing"
	"testing/iotest"
)

// The fuzz targets check that parsers never panic and that whatever parses
// prints back to text that parses to the same value. Their seed corpus is
// in testdata/fuzz.

func FuzzParseCell(f *testing.F) {
	for _, s := range []string{"a1", "e5", "I9", "31", "061", "a6", "", "j1", "0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParseCell(s)
		if err != nil {
			if !errors.Is(err, ErrSyntax) || c != NoCell {
				t.Fatalf("ParseCell(%q) = %v, %v", s, c, err)
			}
			return
		}
		for _, n := range []Notation{Algebraic, Numeric} {
			if got, err := ParseCell(formatCell(c, n)); err != nil || got != c {
				t.Fatalf("cell %q printed as %q reads back as %v, %v", s, formatCell(c, n), got, err)
			}
		}
	})
}

func FuzzParseFEN(f *testing.F) {
	for _, s := range []string{
		StartPosition().String(),
		StartPosition().format(Numeric),
		"W:W40,44,45,48-50,52-61:B1-10,12-14,17,18,22",
		"B:WKe5:B",
		"W:W:B.",
		"W:Wa1,a1:B",
		"W:WK1-61:B",
		"X:W1",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseFEN(s)
		if err != nil {
			if !errors.Is(err, ErrSyntax) {
				t.Fatalf("ParseFEN(%q) error %v does not wrap ErrSyntax", s, err)
			}
			return
		}
		for _, n := range []Notation{Algebraic, Numeric} {
			if q, err := ParseFEN(p.format(n)); err != nil || q != p {
				t.Fatalf("FEN %q printed as %q reads back as %v, %v", s, p.format(n), q.String(), err)
			}
		}
	})
}

func FuzzParseMove(f *testing.F) {
	fens := []string{
		StartPosition().String(),
		"W:WKe1:Ba2,a3,c7,d7,e6,g5",
		"W:Wc3:Bd3,f4,g6,f7,d6,c4",
		"B:WKb2,Ke5,Kg3,d1:BKf8,Kh6,Kc6,i9",
	}
	for i, s := range []string{"d4-e5", "40-31", "4031", "e1xh5", "e1xe8xb5xh5", "c3xc3", "c3:C3", "x", "h6-g5", "d4e5", "51x11x47x19"} {
		f.Add(uint8(i), s)
	}
	f.Fuzz(func(t *testing.T, which uint8, s string) {
		p := MustParseFEN(fens[int(which)%len(fens)])
		m, err := p.ParseMove(s)
		if err != nil {
			var me *MoveError
			if !errors.As(err, &me) || (!errors.Is(err, ErrSyntax) && !errors.Is(err, ErrIllegalMove) && !errors.Is(err, ErrAmbiguousMove)) {
				t.Fatalf("ParseMove(%q) error %v is not a *MoveError with a sentinel", s, err)
			}
			_ = err.Error()
			return
		}
		if !p.IsLegal(m) {
			t.Fatalf("ParseMove(%q) = %v, not legal", s, m)
		}
		for _, n := range []Notation{Algebraic, Numeric} {
			for _, text := range []string{p.FormatMove(m, n), p.Path(m).Format(n)} {
				if got, err := p.ParseMove(text); err != nil || got != m {
					t.Fatalf("move %q printed as %q reads back as %v, %v", s, text, got, err)
				}
			}
		}
	})
}

// FuzzMoves parses, formats and finds the paths of move text in fuzzed
// positions.
func FuzzMoves(f *testing.F) {
	f.Add(StartPosition().String(), "d4-e5")
	f.Add("W:WKe1:Ba2,a3,c7,d7,e6,g5", "e1xh5")
	f.Add(hostileKingFEN, "d2xe1")
	f.Add("W:WKd2:Bc3", strings.Repeat("d4-", 62)+"d4")
	f.Add("W:Wc3:Bd3,f4,g6,f7,d6,c4", "c3xg7xc3")
	f.Fuzz(func(t *testing.T, fen, text string) {
		p, err := ParseFEN(fen)
		if err != nil {
			return
		}
		m, err := p.ParseMove(text)
		if err != nil {
			var me *MoveError
			if !errors.As(err, &me) {
				t.Fatalf("ParseMove(%q) error %v is not a *MoveError", text, err)
			}
			_ = err.Error()
			return
		}
		if !p.IsLegal(m) {
			t.Fatalf("ParseMove(%q) = %v, not legal", text, m)
		}
		path := p.Path(m).Cells()
		if len(path) < 2 || path[0] != m.From() || path[len(path)-1] != m.To() || (m.IsCapture() && len(path) != m.Captured().Len()+1) {
			t.Fatalf("Path(%v) = %v", m, path)
		}
		for _, n := range []Notation{Algebraic, Numeric} {
			for _, s := range []string{p.FormatMove(m, n), p.Path(m).Format(n)} {
				if got, err := p.ParseMove(s); err != nil || got != m {
					t.Fatalf("%s: %v written %q reads back as %v, %v", fen, m, s, got, err)
				}
			}
		}
	})
}

// FuzzGame plays and takes back moves given as text on a fuzzed start
// position: a taken-back game must be the game it was, and the repetition
// count must be what counting from the start gives.
func FuzzGame(f *testing.F) {
	f.Add("W:WKa1:BKi9", "a1-b1 i9-h9 b1-a1 h9-i9 a1-b1 i9-h9 b1-a1 h9-i9 a1-b1 - - - a1-b1")
	f.Add(StartPosition().String(), "d4-e5 f6xd4 c3xe5 - - d4-e5 "+strings.Repeat("d4-", 62)+"d4")
	f.Add("W:Wc3:Bd3,f4,g6,f7,d6,c4", "c3xc3 a1-a2 - c3xe3xg5xg7xe7xc5xc3")
	f.Fuzz(func(t *testing.T, fen, script string) {
		p, err := ParseFEN(fen)
		if err != nil {
			return
		}
		g := NewGameFrom(p)
		var history []Position
		var reps []int
		for i, word := range strings.Fields(script) {
			if i > 200 {
				break
			}
			if word == "-" {
				if g.Undo() != (len(history) > 0) {
					t.Fatalf("Undo with %d moves played", len(history))
				}
				if len(history) > 0 {
					want := history[len(history)-1]
					history, reps = history[:len(history)-1], reps[:len(reps)-1]
					if g.Position() != want {
						t.Fatalf("after Undo: %s, want %s", g.Position().String(), want.String())
					}
				}
			} else {
				before := g.Position()
				if _, err := playText(g, word); err != nil {
					if g.Position() != before {
						t.Fatalf("a failed move changed the game")
					}
					_ = err.Error()
					continue
				}
				history = append(history, before)
				reps = append(reps, 0)
			}
			// Count the current position's occurrences from the start.
			positions := mainPositions(g)
			if len(positions) != g.End().Ply()+1 || positions[len(positions)-1] != g.Position() {
				t.Fatalf("Positions() has %d positions for %d plies", len(positions), g.End().Ply())
			}
			count := 0
			for _, q := range positions {
				if q == g.Position() {
					count++
				}
			}
			if g.repetitions() != count {
				t.Fatalf("Repetitions() = %d, counted %d", g.repetitions(), count)
			}
		}
	})
}

// FuzzReadPDN reads arbitrary text as PDN: the reader must not panic, and
// every record it reads must write back to text that reads to the same
// record, and every game it replays to the same game.
func FuzzReadPDN(f *testing.F) {
	for _, path := range []string{"testdata/pdn/features.pdn", "testdata/pdn/problems.pdn", "testdata/pdn/latin1.pdn"} {
		b, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte("1. d4-e5 (1. c4-c5 (1. b4-b5)) f6xd4 {x} $3 2-0"))
	f.Add([]byte(`[FEN "W:WK51:B23,25-26,29,56,59"] 1. 51x16x43x19 *`))
	f.Fuzz(func(t *testing.T, data []byte) {
		r := NewReader(bytes.NewReader(data))
		for range 20 {
			rec, err := r.ReadRecord()
			if err == io.EOF {
				return
			}
			if err != nil {
				var pe *ParseError
				if !errors.As(err, &pe) {
					t.Fatalf("error %v is not a *ParseError", err)
				}
				_ = err.Error()
				continue
			}
			var buf bytes.Buffer
			if err := NewWriter(&buf).WriteRecord(rec); err != nil {
				t.Fatal(err)
			}
			checkReadsBack(t, rec, buf.Bytes())
			g, err := rec.Replay()
			if err != nil {
				continue
			}
			for _, n := range []Notation{Algebraic, Numeric} {
				g2 := writeAndRead(t, g, n)
				if !slices.Equal(g.Moves(), g2.Moves()) || !slices.Equal(mainPositions(g), mainPositions(g2)) || g.Outcome() != g2.Outcome() ||
					!slices.Equal(g.Tags(), g2.Tags()) {
					t.Fatalf("game changed when written in %v and read back", n)
				}
			}
		}
	})
}

// FuzzFailingReader reads PDN from a reader that fails after a fuzzed
// number of bytes: the failure must reach the caller.
func FuzzFailingReader(f *testing.F) {
	f.Add([]byte("[Event \"x\"]\n\n1. d4-e5 "), uint16(25))
	f.Add([]byte("1. d4-e5 {a comment} 2-0\n1. d4-e5 *"), uint16(12))
	f.Add([]byte("[Event \"unterminated"), uint16(9))
	f.Fuzz(func(t *testing.T, data []byte, at uint16) {
		if int(at) >= len(data) {
			return
		}
		broken := errors.New("read failed")
		for _, read := range []func(r *Reader) error{
			func(r *Reader) error { _, err := r.ReadRecord(); return err },
			func(r *Reader) error { _, err := r.ReadGame(); return err },
			func(r *Reader) error { return r.CheckGame() },
			func(r *Reader) error { return convertRecord(r, NewWriter(io.Discard), Numeric) },
		} {
			r := NewReader(io.MultiReader(bytes.NewReader(data[:at]), iotest.ErrReader(broken)))
			var err error
			for range len(data) + 2 {
				err = read(r)
				if err == io.EOF || errors.Is(err, broken) {
					break
				}
			}
			if !errors.Is(err, broken) {
				t.Fatalf("reading %q failing after %d bytes: last error %v", data, at, err)
			}
		}
	})
}

// FuzzConvert converts what it reads to both notations, as hexdame
// convert does: a conversion that fails says where (a *ParseError); one
// that succeeds is written, and the text read back converts to the same
// text again; converting to numeric and back gives the algebraic
// conversion.
func FuzzConvert(f *testing.F) {
	for _, path := range []string{"testdata/pdn/features.pdn", "testdata/pdn/problems.pdn"} {
		b, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte("1. " + strings.Repeat("d4-", 62) + "d4 *"))
	f.Add([]byte("[GameType \"20\"] 1. 32-28 *"))
	f.Add([]byte("[FEN \"W:W31\"] 1. 31-26 (1. 31-25 (1. 31-27)) *"))
	f.Fuzz(func(t *testing.T, data []byte) {
		r := NewReader(bytes.NewReader(data))
		for range 10 {
			rec, err := r.ReadRecord()
			if err == io.EOF {
				return
			}
			if err != nil {
				continue
			}
			for _, n := range []Notation{Numeric, Algebraic} {
				conv, err := rec.Convert(n)
				if err != nil {
					if !errors.As(err, new(*ParseError)) {
						t.Fatalf("Convert error %v is not a *ParseError", err)
					}
					continue
				}
				var written bytes.Buffer
				if err := convertRecord(NewReader(strings.NewReader(writeRecordText(t, conv))), NewWriter(&written), n); err != nil {
					t.Fatalf("the converted record does not convert again: %v", err)
				}
				if once := writeRecordText(t, conv); written.String() != once {
					t.Fatalf("converting again wrote\n%s\nthe first conversion\n%s", written.String(), once)
				}
				if n == Numeric {
					back, err := conv.Convert(Algebraic)
					alg, err2 := rec.Convert(Algebraic)
					if err != nil || err2 != nil {
						t.Fatalf("converting back: %v, %v", err, err2)
					}
					if diff := recordDiff(alg, back); diff != "" {
						t.Fatalf("numeric and back differs from algebraic:\n%s", diff)
					}
				}
			}
		}
	})
}

// writeRecordText returns what a Writer writes for rec, failing t on an
// error: Convert keeps what the Reader read, which the Writer writes.
func writeRecordText(t *testing.T, rec *Record) string {
	t.Helper()
	var b strings.Builder
	if err := NewWriter(&b).WriteRecord(rec); err != nil {
		t.Fatalf("writing the converted record: %v", err)
	}
	return b.String()
}

// FuzzWriter writes records built in code.
func FuzzWriter(f *testing.F) {
	f.Add([]byte("\x02\x05Event\x02x\\\x00\x04\x05d4-e5\x00\x00\x03a}b"))
	f.Add([]byte("\x01\x04Bad \x01x\x01\x0aa\n[Event]"))
	f.Add([]byte("\x00\x06\x06\x06\x04\x05d4-e5\x00\x07\x07\x07\x08\x02"))
	f.Fuzz(func(t *testing.T, data []byte) {
		checkWriteReadBack(t, recordFromBytes(data))
	})
}

// recordFromBytes builds a record in code from fuzzed bytes: tags,
// comments, line comments, setups, moves with strength marks, NAGs and
// nested variations, with arbitrary text.
func recordFromBytes(data []byte) *Record {
	rec := &Record{}
	text := func() string {
		if len(data) == 0 {
			return ""
		}
		n := min(int(data[0])%12, len(data)-1)
		s := string(data[1 : 1+n])
		data = data[1+n:]
		return s
	}
	next := func() byte {
		if len(data) == 0 {
			return 0
		}
		b := data[0]
		data = data[1:]
		return b
	}
	for range int(next()) % 4 {
		rec.Tags = append(rec.Tags, Tag{text(), text()})
	}
	stack := [][]Element{nil}
	for len(data) > 0 && len(stack) < 300 {
		top := len(stack) - 1
		switch next() % 9 {
		case 0:
			stack[top] = append(stack[top], Element{Kind: CommentElement, Text: text()})
		case 1:
			stack[top] = append(stack[top], Element{Kind: LineCommentElement, Text: text()})
		case 2:
			stack[top] = append(stack[top], Element{Kind: SetupElement, Text: text()})
		case 3:
			stack[top] = append(stack[top], Element{Kind: NAGElement, NAG: int(int8(next()))})
		case 4, 5:
			stack[top] = append(stack[top], Element{Kind: MoveElement, Text: text(), Strength: []string{"", "!", "?", "!?", "(?)", "*", "x"}[next()%7]})
		case 6:
			stack = append(stack, nil)
		case 7:
			if top > 0 {
				v := stack[top]
				stack = stack[:top]
				stack[top-1] = append(stack[top-1], Element{Kind: VariationElement, Variation: v})
			}
		case 8:
			rec.ResultText = []string{"", "*", "2-0", "1/2-1/2", "4-6"}[next()%5]
		}
	}
	for len(stack) > 1 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		stack[len(stack)-1] = append(stack[len(stack)-1], Element{Kind: VariationElement, Variation: v})
	}
	rec.Body = stack[0]
	return rec
}
