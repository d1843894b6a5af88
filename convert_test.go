package hexdame

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
)

// Tests of convert.go: Record.Convert from one notation to the other.

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

// Convert and convertRecord write the GameType tag that WriteGame writes,
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
			t.Errorf("%q: convertRecord: %v", tc.in, err)
		} else if streamed.String() != tc.numeric {
			t.Errorf("%q: convertRecord wrote\n%s\nwant\n%s", tc.in, streamed.String(), tc.numeric)
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

func TestHostileConvertMemory(t *testing.T) {
	// 40,000 moves in variations 255 deep: the old Convert cloned the
	// whole subtree at every level and used a gigabyte.
	rec := deepRecord(255, 157)
	var out *Record
	n := allocated(func() {
		var err error
		if out, err = rec.Convert(Numeric); err != nil {
			t.Fatal(err)
		}
	})
	// The bound, 20 MiB, catches a Convert that copies a variation's
	// subtree at each level again (the gigabyte above). Measured: 13.2 MB
	// on 2026-11-28, a copy of the record's Elements and their text.
	if n > 20<<20 {
		t.Errorf("Convert of 40,000 moves 255 deep allocated %d bytes", n)
	}
	var buf bytes.Buffer
	n = allocated(func() {
		if err := NewWriter(&buf).WriteRecord(out); err != nil {
			t.Fatal(err)
		}
	})
	// The same bound for the Writer, which walks the nesting too.
	// Measured: 1.4 MB for 370 KB of text on 2026-11-28.
	if n > 20<<20 {
		t.Errorf("writing it allocated %d bytes", n)
	}
	read := allocated(func() {
		if _, err := NewReader(bytes.NewReader(buf.Bytes())).ReadRecord(); err != nil {
			t.Fatal(err)
		}
	})
	n = allocated(func() {
		if err := convertRecord(NewReader(bytes.NewReader(buf.Bytes())), NewWriter(io.Discard), Algebraic); err != nil {
			t.Fatal(err)
		}
	})
	// Reading, converting and writing a record (what hexdame convert
	// does) costs the record read, its copy in the other notation, and the
	// text written: the bound, three times the reading, catches a third
	// copy or a conversion that clones per level. Measured: reading 36
	// times the text, the whole 2.1 times the reading (1ea0408 and again
	// on 2026-11-28).
	if n > 3*read+1<<20 {
		t.Errorf("converting %d bytes allocated %d, reading them %d", buf.Len(), n, read)
	}
}
