package hexdame

import (
	"errors"
	"strconv"
	"testing"
)

// Tests of fen.go: FEN read in both notations and written back, and the
// column a FENError names.

func TestFEN(t *testing.T) {
	// The numeric example of RULES.md is the start position.
	p, err := ParseFEN("W:W40,44,45,48-50,52-61:B1-10,12-14,17,18,22")
	if err != nil || p != StartPosition() {
		t.Errorf("numeric start FEN: %v, %v", p.String(), err)
	}
	for fen, want := range map[string]string{
		"W:Wa1,b2,Ke5:Bi9,Kf6":  "W:Wa1,b2,Ke5:BKf6,i9",
		"B:W:Bi9":               "B:W:Bi9",
		"W:Wa1.":                "W:Wa1:B",
		" B : WK31 : B 1-2 , 5": "B:WKe5:Bh8,h9,i9",
		"W:BK61:W1":             "W:Wi9:BKa1",
	} {
		p, err := ParseFEN(fen)
		if err != nil || p.String() != want {
			t.Errorf("ParseFEN(%q) = %q, %v; want %q", fen, p.String(), err, want)
		}
	}
	if got := MustParseFEN("W:Wa1,b2,Ke5:Bi9,Kf6").Piece(MustParseCell("f6")); got != RedKing {
		t.Errorf("f6 holds %v", got)
	}
	for _, fen := range []string{"", "X:Wa1", "W:Wa6", "W:Wa1,a1", "W:Wa1:Ba1", "W:Wa1:Wb1", "W:Za1", "W:W9-3", "W:Wa1-a3", "W:W1-62", "W::B"} {
		if _, err := ParseFEN(fen); !errors.Is(err, ErrSyntax) {
			t.Errorf("ParseFEN(%q): %v, want ErrSyntax", fen, err)
		}
	}
}

// TestFENErrorColumn checks that a FENError says where the problem is as
// the package doc's convention has it: the byte in the text, from 1.
func TestFENErrorColumn(t *testing.T) {
	for _, tc := range []struct {
		fen    string
		column int
		why    string
	}{
		{"X:Wa1", 1, "side to move must be W or B"},
		{"W:Wa1,a6", 7, `invalid cell "a6"`},
		{"W: Wa1 ,é", 9, `invalid cell "é"`},
		{"W:Wa1:Ba1", 8, "cell a1 given twice"},
	} {
		_, err := ParseFEN(tc.fen)
		var fe *FENError
		if !errors.As(err, &fe) || fe.Column != tc.column || fe.Why != tc.why || fe.fen != tc.fen {
			t.Errorf("ParseFEN(%q): %#v, want column %d, why %q", tc.fen, err, tc.column, tc.why)
			continue
		}
		want := "invalid FEN " + strconv.Quote(tc.fen) + " at column " + strconv.Itoa(tc.column) + ": " + tc.why
		if err.Error() != want {
			t.Errorf("ParseFEN(%q): %q, want %q", tc.fen, err, want)
		}
	}
}
