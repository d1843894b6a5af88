package hexdame

import (
	"bytes"
	"errors"
	"io"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"
)

// Tests of pdnlex.go: the Reader's tokenizer: Latin-1 and UTF-8 input,
// columns in bytes, line ends, tokens left open at the end of the input,
// and errors of the underlying reader.

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

// An unclosed comment runs to the end of the input, as the standard
// allows, and its error says where it started and how far it ran.
func TestUnclosedCommentSaysHowFar(t *testing.T) {
	rest := "x\n\n[Event \"3\"]\n\n1. d4-e5 *\n\n[Event \"4\"]\n\n1. c4-c5 *\n"
	text := "[Event \"1\"]\n\n1. d4-e5 *\n\n[Event \"2\"]\n\n1. d4-e5 {never closed\n" + rest
	var games []*Game
	var errs []error
	for g, err := range readAll(NewReader(strings.NewReader(text)).ReadGame) {
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

func TestHostileLineEnds(t *testing.T) {
	for _, nl := range []string{"\n", "\r\n", "\r"} {
		text := strings.ReplaceAll("[Event \"x\"]\n[FEN \"W:Wa6\"]\n\n1. d4-e5 *\n\n1. d4-e5\nh6-h5 *\n", "\n", nl)
		r := NewReader(strings.NewReader(text))
		var pe *ParseError
		if _, err := r.ReadGame(); !errors.As(err, &pe) || pe.Line != 2 || pe.Column != 1 {
			t.Errorf("%q line ends: FEN error %v, want line 2 column 1", nl, err)
		}
		if _, err := r.ReadGame(); !errors.As(err, &pe) || pe.Line != 7 || pe.Column != 1 {
			t.Errorf("%q line ends: move error %v, want line 7 column 1", nl, err)
		}
	}
}

func TestHostileReadErrorsSurface(t *testing.T) {
	broken := errors.New("disk on fire")
	input := func() io.Reader {
		return io.MultiReader(strings.NewReader("[Event \"x\"]\n\n1. d4-e5 "), iotest.ErrReader(broken))
	}
	if rec, err := NewReader(input()).ReadRecord(); !errors.Is(err, broken) || rec != nil {
		t.Errorf("ReadRecord: %v, %v", rec, err)
	}
	if g, err := NewReader(input()).ReadGame(); !errors.Is(err, broken) || g != nil {
		t.Errorf("ReadGame: %v, %v", g, err)
	}
	if err := NewReader(input()).CheckGame(); !errors.Is(err, broken) {
		t.Errorf("CheckGame: %v", err)
	}
	var buf bytes.Buffer
	if err := convertRecord(NewReader(input()), NewWriter(&buf), Numeric); !errors.Is(err, broken) || buf.Len() != 0 {
		t.Errorf("convertRecord: %v, wrote %q", err, buf.String())
	}
	// The error stays: the Reader does not go on as if the input ended.
	r := NewReader(input())
	r.ReadRecord()
	if _, err := r.ReadRecord(); !errors.Is(err, broken) {
		t.Errorf("second ReadRecord: %v", err)
	}
	// An error inside a token (a comment, a string, a word, a strength
	// mark) surfaces too.
	for _, prefix := range []string{"1. d4-e5 {comment", `[Event "x`, "1. d4-e", "1. d4-e5(?"} {
		r := NewReader(io.MultiReader(strings.NewReader(prefix), iotest.ErrReader(broken)))
		if _, err := r.ReadRecord(); !errors.Is(err, broken) {
			t.Errorf("%q then a read error: %v", prefix, err)
		}
	}
}
