package hexdame

import (
	"encoding"
	"encoding/json"
	"errors"
	"reflect"
	"regexp"
	"strings"
	"testing"
)

// Tests of text.go: the text forms of the package's values (names of
// enumerations, MarshalText and its kin), errors of JSON of the wrong
// shape, and error messages that quote at most a clipped part of the
// text they name.

// textValue is a value of one of the package's types that marshal as
// text: Cell and Position.
type textValue interface {
	encoding.TextMarshaler
	encoding.TextAppender
}

// roundTrip marshals v to text and JSON and decodes both into fresh
// values of its type, which must equal v.
func roundTrip(t *testing.T, v textValue) {
	t.Helper()
	text, err := v.MarshalText()
	if err != nil {
		t.Fatalf("%T(%v).MarshalText: %v", v, v, err)
	}
	appended, err := v.AppendText([]byte("x"))
	if err != nil || string(appended) != "x"+string(text) {
		t.Errorf("%T(%v).AppendText = %q, %v; want x%s", v, v, appended, err, text)
	}
	back := reflect.New(reflect.TypeOf(v))
	if err := back.Interface().(encoding.TextUnmarshaler).UnmarshalText(text); err != nil {
		t.Fatalf("%T: UnmarshalText(%q): %v", v, text, err)
	}
	if got := back.Elem().Interface(); got != v {
		t.Errorf("%T: %v as text %q reads back as %v", v, v, text, got)
	}
	js, err := json.Marshal(v)
	if err != nil || !strings.HasPrefix(string(js), `"`) {
		t.Errorf("%T(%v) marshals to JSON %s, %v; want a string", v, v, js, err)
	}
	back = reflect.New(reflect.TypeOf(v))
	if err := json.Unmarshal(js, back.Interface()); err != nil || back.Elem().Interface() != v {
		t.Errorf("%T: JSON %s reads back as %v, %v", v, js, back.Elem().Interface(), err)
	}
}

func TestTextRoundTrips(t *testing.T) {
	values := []textValue{StartPosition(), Position{}, MustParseFEN("B:WKa1,e5:Bi9,Kf6"), NoCell}
	for c := Cell(1); c <= NumCells; c++ {
		values = append(values, c)
	}
	for _, v := range values {
		roundTrip(t, v)
	}
	// The enumerations read back what String writes, where they read.
	for n := Algebraic; n <= Numeric; n++ {
		if back, err := ParseNotation(n.String()); err != nil || back != n {
			t.Errorf("ParseNotation(%q) = %v, %v", n, back, err)
		}
	}
	for r := NoResult; r <= BothLose; r++ {
		if back, err := ParseResult(r.String()); err != nil || back != r {
			t.Errorf("ParseResult(%q) = %v, %v", r, back, err)
		}
	}
}

// Values outside their type's constants print as invalid and do not
// marshal, and text that names none does not parse.
func TestTextInvalid(t *testing.T) {
	for _, v := range []textValue{Cell(62), Cell(255)} {
		if text, err := v.MarshalText(); !errors.Is(err, ErrInvalid) {
			t.Errorf("%T(%d).MarshalText() = %q, %v; want an error wrapping ErrInvalid", v, v, text, err)
		}
	}
	for _, v := range []interface{ String() string }{Color(2), Color(5), NoColor, Piece(5), Piece(9), Direction(6), Direction(9),
		Notation(2), Notation(5), Result(5), Result(9), Reason(99), ElementKind(0), ElementKind(7), Cell(0), Cell(62), Cell(99)} {
		if s := v.String(); !strings.HasPrefix(s, "invalid ") {
			t.Errorf("%T(%d).String() = %q, want invalid ...", v, v, s)
		}
	}
	for _, tc := range []struct {
		parse func(string) error
		text  string
	}{
		{func(s string) error { _, err := ParseNotation(s); return err }, "roman"},
		{func(s string) error { _, err := ParseResult(s); return err }, "3-0"},
		{func(s string) error { _, err := ParseCell(s); return err }, "j1"},
		{func(s string) error { var c Cell; return c.UnmarshalText([]byte(s)) }, "j1"},
		{func(s string) error { var p Position; return p.UnmarshalText([]byte(s)) }, "W:Wz9"},
	} {
		if err := tc.parse(tc.text); !errors.Is(err, ErrSyntax) {
			t.Errorf("parsing %q: %v, want an error wrapping ErrSyntax", tc.text, err)
		}
	}
}

// JSON of the wrong shape gives an error that names no unexported type of
// the package (json: cannot unmarshal string into Go value of type
// hexdame.moveJSON), and says the form wanted (issue 27).
func TestJSONShapeErrors(t *testing.T) {
	internal := regexp.MustCompile(`hexdame\.[a-z]|[a-z]\w*JSON\b|\[\]\*string|struct field [a-z]`)
	shapes := []string{`"d4-e5"`, `5`, `true`, `[1]`, `{"from":1}`, `{"from":"d4","to":"e5","captured":"x"}`,
		`{"from":"d4","to":"e5","captured":[5]}`}
	for _, v := range []any{Move{}, Position{}, Cell(0)} {
		for _, js := range shapes {
			p := reflect.New(reflect.TypeOf(v)).Interface()
			err := json.Unmarshal([]byte(js), p)
			if err != nil && internal.MatchString(err.Error()) {
				t.Errorf("%T from %s: %v", v, js, err)
			}
		}
	}
	for _, tc := range []struct {
		js   string
		form string // what the error says
	}{
		{`"d4-e5"`, `a string, where a move is null or an object such as {"from":"c3","to":"g5","captured":["d4","f5"]}`},
		{`{"from":1}`, `an object with a number in "from", where a move is`},
	} {
		var m Move
		err := json.Unmarshal([]byte(tc.js), &m)
		if err == nil || !strings.Contains(err.Error(), tc.form) || !errors.Is(err, ErrSyntax) {
			t.Errorf("Move from %s: %v; want an error saying %s", tc.js, err, tc.form)
		}
	}
	// The value is unchanged.
	want := StartPosition().MustParseMove("d4-e5")
	m := want
	if err := json.Unmarshal([]byte(`"c3-c4"`), &m); err == nil || m != want {
		t.Errorf("Move after a bad JSON: %v, %v", m, err)
	}
}

// Error messages quote at most about 60 characters of the text they name
// (the package doc's "Hostile input"). The bounds on a message's length
// catch a message that quotes its text whole (300 KB to 4 MB here) or
// clips it later; each is a few times what the message takes. Measured
// on 2026-11-28: 110 bytes for the FEN, 61 to 79 for the PDN errors of
// NULs, 258 for the cell, 528 for the move (with its list of legal
// moves), 142 for the long move.
func TestHostileEchoes(t *testing.T) {
	huge := "W:W" + strings.Repeat("a1,", 100_000)
	_, err := ParseFEN(huge)
	if err == nil || len(err.Error()) > 300 {
		t.Errorf("FEN error of %d bytes", len(err.Error()))
	}
	nul := strings.Repeat("\x00", 4<<20)
	for _, text := range []string{"1. " + nul + " *", "[Event " + nul + "]", nul} {
		_, err := NewReader(strings.NewReader(text)).ReadRecord()
		if err == nil || len(err.Error()) > 300 {
			t.Errorf("error of %d bytes for %d bytes of NUL", len(err.Error()), len(text))
		}
	}
	for _, err := range []error{
		func() error { _, err := ParseCell(nul); return err }(),
		func() error { _, err := ParseResult(nul); return err }(),
		func() error { _, err := StartPosition().ParseMove("d4-" + nul); return err }(),
		func() error { _, err := ParseNotation(nul); return err }(),
	} {
		// A NUL quotes as \x00: 60 of them are 240 bytes; a move error
		// also lists the legal moves.
		if err == nil || len(err.Error()) > 1000 {
			t.Errorf("%T: message of %d bytes", err, len(err.Error()))
		}
	}
	// A long illegal move is named, shortened, in the PDN error.
	move := strings.Repeat("d4-e5-", 80) + "d4"
	_, err = NewReader(strings.NewReader("1. " + move + " *")).ReadGame()
	if err == nil || len(err.Error()) > 2000 || !strings.Contains(err.Error(), "...") {
		t.Errorf("long move error (%d bytes): %v", len(err.Error()), err)
	}
}
