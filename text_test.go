package hexdame

import (
	"encoding"
	"encoding/json"
	"errors"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// textValue is a value of one of the package's small types, with a
// pointer to decode into.
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
	values := []textValue{White, Red, NoPiece, WhiteMan, WhiteKing, RedMan, RedKing, Algebraic, Numeric,
		NoResult, WhiteWins, RedWins, Draw, BothLose, StartPosition(), Position{}, NoCell}
	for d := Direction(0); d < NumDirections; d++ {
		values = append(values, d)
	}
	for r := NotOver; r <= KingMoveRule; r++ {
		values = append(values, r)
	}
	for k := MoveElement; k <= SetupElement; k++ {
		values = append(values, k)
	}
	for c := Cell(1); c <= NumCells; c++ {
		values = append(values, c)
	}
	for _, v := range values {
		roundTrip(t, v)
	}
}

// Values outside their type's constants do not marshal, and text that
// names none does not unmarshal.
func TestTextInvalid(t *testing.T) {
	for _, v := range []textValue{Color(2), Piece(5), Direction(6), Notation(2), Result(5), Reason(99), ElementKind(0), ElementKind(7), Cell(62), Cell(255), NoColor} {
		if text, err := v.MarshalText(); err == nil {
			t.Errorf("%T(%d).MarshalText() = %q, want an error", v, v, text)
		}
	}
	for _, tc := range []struct {
		parse func(string) error
		text  string
		want  error
	}{
		{func(s string) error { _, err := ParseColor(s); return err }, "green", ErrInvalidColor},
		{func(s string) error { _, err := ParsePiece(s); return err }, "x", ErrInvalidPiece},
		{func(s string) error { _, err := ParseDirection(s); return err }, "sideways", ErrInvalidDirection},
		{func(s string) error { _, err := ParseNotation(s); return err }, "roman", ErrInvalidNotation},
		{func(s string) error { _, err := ParseResult(s); return err }, "3-0", ErrInvalidResult},
		{func(s string) error { _, err := ParseReason(s); return err }, "boredom", ErrInvalidReason},
		{func(s string) error { _, err := ParseElementKind(s); return err }, "remark", ErrInvalidKind},
		{func(s string) error { var c Cell; return c.UnmarshalText([]byte(s)) }, "j1", ErrInvalidCell},
		{func(s string) error { var p Position; return p.UnmarshalText([]byte(s)) }, "W:Wz9", ErrInvalidFEN},
	} {
		if err := tc.parse(tc.text); !errors.Is(err, tc.want) {
			t.Errorf("parsing %q: %v, want %v", tc.text, err, tc.want)
		}
	}
	// What the Parse functions accept besides the text forms.
	for text, want := range map[string]Color{"w": White, "WHITE": White, "B": Red, "r": Red, "red": Red} {
		if got, err := ParseColor(text); err != nil || got != want {
			t.Errorf("ParseColor(%q) = %v, %v", text, got, err)
		}
	}
	for text, want := range map[string]Piece{"red king": RedKing, "White Man": WhiteMan, "empty": NoPiece, ".": NoPiece, "W": WhiteKing} {
		if got, err := ParsePiece(text); err != nil || got != want {
			t.Errorf("ParsePiece(%q) = %v, %v", text, got, err)
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
	if js, _ := json.Marshal(Move{}); string(js) != "null" || (Move{}).String() != "invalid move" || (Move{}).IsValid() {
		t.Errorf("the zero Move: %s, %q", js, Move{})
	}
	var back Move
	if err := json.Unmarshal([]byte("null"), &back); err != nil || back != (Move{}) {
		t.Errorf("null: %v, %v", back, err)
	}
	for _, bad := range []string{
		`{"from":"c3","to":"c3"}`,
		`{"from":"c3","to":"e5","captured":["c3"]}`,
		`{"to":"e5"}`,
		`{"from":"c3"}`,
		`{"from":"","to":"e5"}`,
		`{}`,
	} {
		if err := json.Unmarshal([]byte(bad), &back); !errors.Is(err, ErrMoveSyntax) {
			t.Errorf("%s: %v, want ErrMoveSyntax", bad, err)
		}
	}
	for _, bad := range []string{`{"from":"j9","to":"e5"}`, `{"from":"c3","to":"e5","captured":["q1"]}`,
		`{"from":"c3","to":"e5","captured":[null]}`, `{"from":"c3","to":"e5","captured":["d4","d4"]}`,
		`{"from":"c3","to":"e5","captured":[""]}`} {
		if err := json.Unmarshal([]byte(bad), &back); !errors.Is(err, ErrInvalidCell) {
			t.Errorf("%s: %v, want ErrInvalidCell", bad, err)
		}
	}
	// A decoded move from another position is refused by Play.
	var foreign Move
	json.Unmarshal([]byte(`{"from":"c3","to":"c4","captured":[],"king":false,"promotes":false}`), &foreign)
	if _, err := MustParseFEN("W:Wd3:Bi9").Play(foreign); !errors.Is(err, ErrIllegalMove) {
		t.Errorf("a foreign move plays: %v", err)
	}
}

// No exported value type encodes as {} or as a bare enum number, and
// every one decodes back to an equal value.
func TestJSONOfEveryValueType(t *testing.T) {
	p := MustParseFEN("W:Wc3:Bd4")
	m := p.MustParseMove("c3xe5")
	values := []any{
		White, WhiteKing, Algebraic, UpLeft, WhiteWins, ThreefoldRepetition, CommentElement,
		MustParseCell("e5"), NoCell, p, m,
		Outcome{RedWins, NoLegalMove},
		Tag{"Event", "x"},
		Element{Kind: MoveElement, Text: "c3xe5", Strength: "!"},
		PerftCount{Move: m, Nodes: 3},
	}
	for _, v := range values {
		js, err := json.Marshal(v)
		if err != nil {
			t.Errorf("%T: %v", v, err)
			continue
		}
		s := string(js)
		if s == "{}" || (s != "" && s[0] >= '0' && s[0] <= '9') {
			t.Errorf("%T marshals to %s", v, s)
		}
		back := reflect.New(reflect.TypeOf(v))
		if err := json.Unmarshal(js, back.Interface()); err != nil || !reflect.DeepEqual(back.Elem().Interface(), v) {
			t.Errorf("%T: %s reads back as %v, %v", v, s, back.Elem().Interface(), err)
		}
	}
	if js, _ := json.Marshal(Outcome{RedWins, NoLegalMove}); string(js) != `{"result":"0-2","reason":"no legal move"}` {
		t.Errorf("Outcome: %s", js)
	}
}

// JSON of the wrong shape gives an error that names no unexported type of
// the package (json: cannot unmarshal string into Go value of type
// hexdame.moveJSON), and, for the values whose JSON is an object or an
// array of their own, says the form wanted (issue 27).
func TestJSONShapeErrors(t *testing.T) {
	internal := regexp.MustCompile(`hexdame\.[a-z]|[a-z]\w*JSON\b|\[\]\*string|struct field [a-z]`)
	shapes := []string{`"d4-e5"`, `5`, `true`, `[1]`, `{"from":1}`, `{"from":"d4","to":"e5","captured":"x"}`,
		`{"moves":["d4-e5"]}`, `{"moves":[5]}`, `{"moves":[null]}`, `{"moves":{}}`, `{"moves":[{"setup":5}]}`,
		`{"moves":[{"setup":null}]}`, `{"tags":"x"}`, `{"tags":[5]}`, `{"result":5}`, `{"body":[{"kind":5}]}`}
	values := []any{Move{}, MovePath{}, CellSet(0), Game{}, Position{}, Cell(0), Outcome{}, Tag{}, Element{},
		Record{}, PerftCount{}, DrawRules{}, Result(0), Color(0), Notation(0)}
	for _, v := range values {
		for _, js := range shapes {
			p := reflect.New(reflect.TypeOf(v)).Interface()
			err := json.Unmarshal([]byte(js), p)
			if err != nil && internal.MatchString(err.Error()) {
				t.Errorf("%T from %s: %v", v, js, err)
			}
		}
	}
	forms := []struct {
		v    any
		js   string
		form string // what the error says
		err  error
	}{
		{&Move{}, `"d4-e5"`, `a string, where a move is null or an object such as {"from":"c3","to":"g5","captured":["d4","f5"]}`, ErrMoveSyntax},
		{&Move{}, `{"from":1}`, `an object with a number in "from", where a move is`, ErrMoveSyntax},
		{&MovePath{}, `[]`, `an array, where a move path is null or an object such as {"from":"c3","to":"g5","captured":["d4","f5"],"path":["c3","e5","g5"]}`, ErrMoveSyntax},
		{new(CellSet), `"d4"`, `a string, where a cell set is null or an array of cell names such as ["d4","f5"]`, ErrInvalidCell},
		{new(CellSet), `[4]`, `an array holding a number, where a cell set is`, ErrInvalidCell},
		{&Game{}, `[]`, `an array, where a game is an object such as {"tags":`, nil},
		{&Game{}, `{"moves":"d4-e5"}`, `an object with a string in "moves", where a game is`, nil},
		{&Game{}, `{"moves":["d4-e5"]}`, `a string, where a move is an object such as {"from":"c3","to":"g5","captured":["d4","f5"]}, or {"setup":FEN} for a setup`, ErrMoveSyntax},
		{&Game{}, `{"moves":[{"setup":5}]}`, `a number, where a setup is a FEN string`, ErrInvalidFEN},
		{&Game{}, `{"moves":[{"setup":null}]}`, `null, where a setup is a FEN string`, ErrInvalidFEN},
	}
	for _, tc := range forms {
		err := json.Unmarshal([]byte(tc.js), tc.v)
		if err == nil || !strings.Contains(err.Error(), tc.form) || tc.err != nil && !errors.Is(err, tc.err) {
			t.Errorf("%T from %s: %v; want an error saying %s (wrapping %v)", tc.v, tc.js, err, tc.form, tc.err)
		}
	}
	// The value is unchanged.
	want := StartPosition().MustParseMove("d4-e5")
	m := want
	if err := json.Unmarshal([]byte(`"c3-c4"`), &m); err == nil || m != want {
		t.Errorf("Move after a bad JSON: %v, %v", m, err)
	}
}
