package hexdame

import (
	"encoding"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

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
	for _, v := range []interface{ String() string }{Color(2), Piece(5), Direction(6), Notation(2), Result(5), Reason(99),
		ElementKind(0), ElementKind(7), Cell(62), NoColor} {
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

// A move marshals to a self-describing object and decodes to an equal
// Move, which Play then checks like any other.
func TestPropertyMoveJSON(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := anyPosition().Draw(t, "position")
		for _, m := range p.LegalMoves() {
			js, err := json.Marshal(m)
			if err != nil || !strings.HasPrefix(string(js), `{"from":`) {
				t.Fatalf("%v marshals to %s, %v", m, js, err)
			}
			var back Move
			if err := json.Unmarshal(js, &back); err != nil || back != m {
				t.Fatalf("%s reads back as %v, %v; want %v", js, back, err, m)
			}
			if _, err := p.Play(back); err != nil {
				t.Fatalf("%s does not play: %v", js, err)
			}
		}
	})
}

func TestMoveJSON(t *testing.T) {
	p := MustParseFEN("W:Wc3,g7:Bd4,f5,h8")
	m := p.MustParseMove("c3xe5xg5")
	js, _ := json.Marshal(m)
	if want := `{"from":"c3","to":"g5","captured":["d4","f5"]}`; string(js) != want {
		t.Errorf("json %s, want %s", js, want)
	}
	if js, _ := json.Marshal(StartPosition().MustParseMove("d4-e5")); string(js) != `{"from":"d4","to":"e5","captured":[]}` {
		t.Errorf("json of a non-capture %s", js)
	}
	if js, _ := json.Marshal(Move{}); string(js) != "null" || (Move{}).String() != "invalid move" || (Move{}).IsValid() {
		t.Errorf("the zero Move: %s, %q", js, Move{})
	}
	var back Move
	if err := json.Unmarshal([]byte("null"), &back); err != nil || back != (Move{}) {
		t.Errorf("null: %v, %v", back, err)
	}
	numeric := fmt.Sprintf(`{"from":"%d","to":"%d","captured":["%d"]}`, MustParseCell("c3").Number(), MustParseCell("e5").Number(), MustParseCell("d4").Number())
	if err := json.Unmarshal([]byte(numeric), &back); err != nil || back != MustParseFEN("W:Wc3:Bd4").MustParseMove("c3xe5") {
		t.Errorf("numeric cells: %v, %v", back, err)
	}
	for _, bad := range []string{
		`{"from":"c3","to":"c3"}`,
		`{"from":"c3","to":"e5","captured":["c3"]}`,
		`{"to":"e5"}`,
		`{"from":"c3"}`,
		`{"from":"","to":"e5"}`,
		`{}`,
		`{"from":"j9","to":"e5"}`,
		`{"from":"c3","to":"e5","captured":["q1"]}`,
		`{"from":"c3","to":"e5","captured":[null]}`,
		`{"from":"c3","to":"e5","captured":["d4","d4"]}`,
		`{"from":"c3","to":"e5","captured":[""]}`,
	} {
		if err := json.Unmarshal([]byte(bad), &back); !errors.Is(err, ErrSyntax) {
			t.Errorf("%s: %v, want an error wrapping ErrSyntax", bad, err)
		}
	}
	// A decoded move from another position is refused by Play.
	var foreign Move
	json.Unmarshal([]byte(`{"from":"c3","to":"c4","captured":[],"king":false,"promotes":false}`), &foreign)
	if _, err := MustParseFEN("W:Wd3:Bi9").Play(foreign); !errors.Is(err, ErrIllegalMove) {
		t.Errorf("a foreign move plays: %v", err)
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

// An Outcome encodes its result as PDN writes it and its reason in
// words, and decodes back; values beyond the constants do not encode, and
// JSON that names none does not decode.
func TestOutcomeJSON(t *testing.T) {
	for r := NoResult; r <= BothLose; r++ {
		for reason := NotOver; reason <= KingMoveRule; reason++ {
			o := Outcome{r, reason}
			js, err := json.Marshal(o)
			if err != nil {
				t.Fatal(err)
			}
			var back Outcome
			if err := json.Unmarshal(js, &back); err != nil || back != o {
				t.Errorf("%s reads back as %v, %v", js, back, err)
			}
		}
	}
	if js, _ := json.Marshal(Outcome{RedWins, NoLegalMove}); string(js) != `{"result":"0-2","reason":"no legal move"}` {
		t.Errorf("Outcome: %s", js)
	}
	for _, o := range []Outcome{{Result(9), NotOver}, {Draw, Reason(99)}} {
		if _, err := json.Marshal(o); !errors.Is(err, ErrInvalid) {
			t.Errorf("%+v marshals: %v", o, err)
		}
	}
	want := Outcome{Draw, Agreement}
	for _, js := range []string{`{"result":"3-0","reason":"agreement"}`, `{"result":"1-1","reason":"boredom"}`, `"1-1"`, `{"result":1}`} {
		o := want
		if err := json.Unmarshal([]byte(js), &o); !errors.Is(err, ErrSyntax) || o != want {
			t.Errorf("%s decodes: %v, %v", js, o, err)
		}
	}
	var o Outcome
	if err := json.Unmarshal([]byte(`{"result":"1/2-1/2","reason":"Repetition"}`), &o); err != nil || o != (Outcome{Draw, Repetition}) {
		t.Errorf("another form of a result, a reason in another case: %v, %v", o, err)
	}
}
