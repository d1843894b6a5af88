package hexdame

import (
	"bytes"
	"errors"
	"io"
	"os"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
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
			if !errors.Is(err, ErrInvalidCell) || c != NoCell {
				t.Fatalf("ParseCell(%q) = %v, %v", s, c, err)
			}
			return
		}
		for _, n := range []Notation{Algebraic, Numeric} {
			if got, err := ParseCell(c.Format(n)); err != nil || got != c {
				t.Fatalf("cell %q printed as %q reads back as %v, %v", s, c.Format(n), got, err)
			}
		}
	})
}

func FuzzParseFEN(f *testing.F) {
	for _, s := range []string{
		StartPosition().FEN(),
		StartPosition().FormatFEN(Numeric),
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
			if !errors.Is(err, ErrInvalidFEN) {
				t.Fatalf("ParseFEN(%q) error %v does not wrap ErrInvalidFEN", s, err)
			}
			return
		}
		for _, n := range []Notation{Algebraic, Numeric} {
			if q, err := ParseFEN(p.FormatFEN(n)); err != nil || q != p {
				t.Fatalf("FEN %q printed as %q reads back as %v, %v", s, p.FormatFEN(n), q.FEN(), err)
			}
		}
	})
}

func FuzzParseMove(f *testing.F) {
	fens := []string{
		StartPosition().FEN(),
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
			for _, text := range []string{p.FormatMove(m, n), p.FormatMovePath(m, n)} {
				if got, err := p.ParseMove(text); err != nil || got != m {
					t.Fatalf("move %q printed as %q reads back as %v, %v", s, text, got, err)
				}
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
			again, err := NewReader(bytes.NewReader(buf.Bytes())).ReadRecord()
			if err != nil {
				t.Fatalf("record written as %q does not read back: %v", buf.String(), err)
			}
			want := *rec
			if want.Result == "" {
				want.Result = "*"
			}
			if diff := cmp.Diff(&want, again, recordOpts); diff != "" {
				t.Fatalf("record changed when written as %q:\n%s", buf.String(), diff)
			}
			g, err := rec.Replay()
			if err != nil {
				continue
			}
			for _, n := range []Notation{Algebraic, Numeric} {
				buf.Reset()
				if err := NewWriter(&buf).WriteGame(g, n); err != nil {
					t.Fatal(err)
				}
				g2, err := NewReader(bytes.NewReader(buf.Bytes())).ReadGame()
				if err != nil {
					t.Fatalf("game written as %q does not read back: %v", buf.String(), err)
				}
				if !slices.Equal(g.Moves(), g2.Moves()) || !slices.Equal(g.Positions(), g2.Positions()) || g.Outcome() != g2.Outcome() {
					t.Fatalf("game changed when written as %q", buf.String())
				}
			}
		}
	})
}
