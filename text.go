package hexdame

import (
	"encoding/json"
	"errors"
	"strconv"
	"strings"
)

// Text and JSON forms of the package's values. Every value type marshals
// to text (encoding.TextMarshaler and TextAppender, so also to a JSON
// string) or, for a Move, to a JSON object; each decodes back to an equal
// value, and each text form has a Parse function.

// ErrInvalidColor is wrapped by the errors of ParseColor and of marshalling
// a Color that is neither White nor Red.
var ErrInvalidColor = errors.New("invalid color")

// ErrInvalidPiece is wrapped by the errors of ParsePiece and of
// marshalling a Piece beyond RedKing.
var ErrInvalidPiece = errors.New("invalid piece")

// ErrInvalidDirection is wrapped by the errors of ParseDirection and of
// marshalling a Direction beyond Down.
var ErrInvalidDirection = errors.New("invalid direction")

// ErrInvalidReason is wrapped by the errors of ParseReason and of
// marshalling a Reason beyond the constants.
var ErrInvalidReason = errors.New("invalid reason")

// ErrInvalidKind is wrapped by the errors of ParseElementKind and of
// marshalling an ElementKind that is none of the constants.
var ErrInvalidKind = errors.New("invalid element kind")

// ErrInvalidMove is wrapped by the errors returned when a Move decoded
// from JSON describes no move at all (a cell that is not on the board, a
// captured cell that is the start or end, a non-capture that does not
// move). Whether a valid Move is legal in a position is for Position.Play
// and Position.IsLegal to say.
var ErrInvalidMove = errors.New("invalid move")

// valueText is the text form of a value of an enumeration: its String,
// and an error for a value outside the enumeration.
func valueText(b []byte, s, kind string, err error) ([]byte, error) {
	if s == "" {
		return b, &valueError{kind: kind, text: "", err: err}
	}
	return append(b, s...), nil
}

// ParseColor reads a color: "White" or "Red" in any case, or the PDN
// letters "W" and "B" (the second player, Red); "R" is read as Red too.
// Other text gives White and an error wrapping ErrInvalidColor.
func ParseColor(s string) (Color, error) {
	switch strings.ToLower(s) {
	case "white", "w":
		return White, nil
	case "red", "b", "r":
		return Red, nil
	}
	return White, &valueError{kind: "color", text: s, err: ErrInvalidColor}
}

// AppendText appends the color's name, "White" or "Red".
func (c Color) AppendText(b []byte) ([]byte, error) {
	return valueText(b, c.String(), "color", ErrInvalidColor)
}

// MarshalText implements encoding.TextMarshaler with the color's name.
func (c Color) MarshalText() ([]byte, error) { return c.AppendText(nil) }

// UnmarshalText implements encoding.TextUnmarshaler with ParseColor.
func (c *Color) UnmarshalText(text []byte) error {
	v, err := ParseColor(string(text))
	if err == nil {
		*c = v
	}
	return err
}

var pieceWords = [...]string{"empty", "white man", "white king", "red man", "red king"}

// ParsePiece reads a piece as the diagram writes it ("w" and "W" for
// White's man and king, "r" and "R" for Red's, "." for an empty cell) or
// in words, in any case ("white man", "red king", "empty"). Other text
// gives NoPiece and an error wrapping ErrInvalidPiece.
func ParsePiece(s string) (Piece, error) {
	if len(s) == 1 {
		if i := strings.IndexByte(pieceSymbols, s[0]); i >= 0 {
			return Piece(i), nil
		}
	}
	for i, w := range pieceWords {
		if strings.EqualFold(s, w) {
			return Piece(i), nil
		}
	}
	return NoPiece, &valueError{kind: "piece", text: s, err: ErrInvalidPiece}
}

// AppendText appends the piece's diagram symbol: "w", "W", "r", "R", or
// "." for NoPiece.
func (p Piece) AppendText(b []byte) ([]byte, error) {
	if p > RedKing {
		return b, &valueError{kind: "piece", err: ErrInvalidPiece}
	}
	return append(b, pieceSymbols[p]), nil
}

// MarshalText implements encoding.TextMarshaler with the diagram symbol.
func (p Piece) MarshalText() ([]byte, error) { return p.AppendText(nil) }

// UnmarshalText implements encoding.TextUnmarshaler with ParsePiece.
func (p *Piece) UnmarshalText(text []byte) error {
	v, err := ParsePiece(string(text))
	if err == nil {
		*p = v
	}
	return err
}

// ParseDirection reads a direction's name, such as "up-left", in any
// case. Other text gives UpRight and an error wrapping
// ErrInvalidDirection.
func ParseDirection(s string) (Direction, error) {
	for d, name := range directionNames {
		if strings.EqualFold(s, name) {
			return Direction(d), nil
		}
	}
	return UpRight, &valueError{kind: "direction", text: s, err: ErrInvalidDirection}
}

// AppendText appends the direction's name.
func (d Direction) AppendText(b []byte) ([]byte, error) {
	return valueText(b, d.String(), "direction", ErrInvalidDirection)
}

// MarshalText implements encoding.TextMarshaler with the direction's name.
func (d Direction) MarshalText() ([]byte, error) { return d.AppendText(nil) }

// UnmarshalText implements encoding.TextUnmarshaler with ParseDirection.
func (d *Direction) UnmarshalText(text []byte) error {
	v, err := ParseDirection(string(text))
	if err == nil {
		*d = v
	}
	return err
}

// AppendText appends "algebraic" or "numeric".
func (n Notation) AppendText(b []byte) ([]byte, error) {
	if n > Numeric {
		return b, &valueError{kind: "notation", err: ErrInvalidNotation}
	}
	return append(b, n.String()...), nil
}

// MarshalText implements encoding.TextMarshaler: "algebraic" or "numeric".
func (n Notation) MarshalText() ([]byte, error) { return n.AppendText(nil) }

// UnmarshalText implements encoding.TextUnmarshaler with ParseNotation.
func (n *Notation) UnmarshalText(text []byte) error {
	v, err := ParseNotation(string(text))
	if err == nil {
		*n = v
	}
	return err
}

// AppendText appends the result in PDN's International form ("2-0",
// "0-2", "1-1", "0-0" or "*").
func (r Result) AppendText(b []byte) ([]byte, error) {
	return valueText(b, r.String(), "result", ErrInvalidResult)
}

// MarshalText implements encoding.TextMarshaler with the International
// form of the result.
func (r Result) MarshalText() ([]byte, error) { return r.AppendText(nil) }

// UnmarshalText implements encoding.TextUnmarshaler with ParseResult.
func (r *Result) UnmarshalText(text []byte) error {
	v, err := ParseResult(string(text))
	if err == nil {
		*r = v
	}
	return err
}

// ParseReason reads what Reason.String writes, such as "threefold
// repetition", in any case. Other text gives NotOver and an error
// wrapping ErrInvalidReason.
func ParseReason(s string) (Reason, error) {
	for r, name := range reasonStrings {
		if strings.EqualFold(s, name) {
			return Reason(r), nil
		}
	}
	return NotOver, &valueError{kind: "reason", text: s, err: ErrInvalidReason}
}

// AppendText appends the reason in words.
func (r Reason) AppendText(b []byte) ([]byte, error) {
	return valueText(b, r.String(), "reason", ErrInvalidReason)
}

// MarshalText implements encoding.TextMarshaler with the reason in words.
func (r Reason) MarshalText() ([]byte, error) { return r.AppendText(nil) }

// UnmarshalText implements encoding.TextUnmarshaler with ParseReason.
func (r *Reason) UnmarshalText(text []byte) error {
	v, err := ParseReason(string(text))
	if err == nil {
		*r = v
	}
	return err
}

var kindNames = [...]string{MoveElement: "move", CommentElement: "comment", LineCommentElement: "line comment",
	NAGElement: "NAG", VariationElement: "variation", SetupElement: "setup"}

// String returns the kind in words, such as "line comment", or "" for an
// invalid kind.
func (k ElementKind) String() string {
	if int(k) >= len(kindNames) {
		return ""
	}
	return kindNames[k]
}

// ParseElementKind reads what ElementKind.String writes, in any case.
// Other text gives 0 and an error wrapping ErrInvalidKind.
func ParseElementKind(s string) (ElementKind, error) {
	for k, name := range kindNames {
		if name != "" && strings.EqualFold(s, name) {
			return ElementKind(k), nil
		}
	}
	return 0, &valueError{kind: "element kind", text: s, err: ErrInvalidKind}
}

// AppendText appends the kind in words.
func (k ElementKind) AppendText(b []byte) ([]byte, error) {
	return valueText(b, k.String(), "element kind", ErrInvalidKind)
}

// MarshalText implements encoding.TextMarshaler with the kind in words.
func (k ElementKind) MarshalText() ([]byte, error) { return k.AppendText(nil) }

// UnmarshalText implements encoding.TextUnmarshaler with
// ParseElementKind.
func (k *ElementKind) UnmarshalText(text []byte) error {
	v, err := ParseElementKind(string(text))
	if err == nil {
		*k = v
	}
	return err
}

// moveJSON is the JSON form of a Move.
type moveJSON struct {
	From     Cell   `json:"from"`
	To       Cell   `json:"to"`
	Captured []Cell `json:"captured"`
	King     bool   `json:"king"`
	Promotes bool   `json:"promotes"`
}

// MarshalJSON implements json.Marshaler. A move is an object with its
// start and end cells, the captured cells in Cell order, whether a king
// moves and whether a man is crowned:
//
//	{"from":"c3","to":"g5","captured":["d4","f5"],"king":false,"promotes":false}
//
// A Move that is not valid (the zero Move among them) is null.
func (m Move) MarshalJSON() ([]byte, error) {
	if !m.IsValid() {
		return []byte("null"), nil
	}
	return json.Marshal(moveJSON{From: m.from, To: m.to, Captured: m.AppendCaptured(make([]Cell, 0, m.CaptureCount())),
		King: m.ByKing(), Promotes: m.Promotes()})
}

// UnmarshalJSON implements json.Unmarshaler, reading what MarshalJSON
// writes (null as the zero Move). An object that describes no move gives
// an error wrapping ErrInvalidMove (or ErrInvalidCell for a cell that is
// not a cell). The move is not checked against any position: Play does
// that.
func (m *Move) UnmarshalJSON(data []byte) error {
	if string(data) == "null" {
		*m = Move{}
		return nil
	}
	var j moveJSON
	j.From, j.To = NoCell, NoCell
	if err := json.Unmarshal(data, &j); err != nil {
		return err
	}
	v := Move{from: j.From, to: j.To}
	for _, c := range j.Captured {
		if !c.IsValid() || v.captured&bit(c) != 0 {
			return &valueError{kind: "move", text: string(data), err: ErrInvalidMove}
		}
		v.captured |= bit(c)
	}
	if j.King {
		v.flags |= moveByKing
	}
	if j.Promotes {
		v.flags |= movePromotes
	}
	if !v.IsValid() {
		return &valueError{kind: "move", text: string(data), err: ErrInvalidMove}
	}
	*m = v
	return nil
}

// IsValid reports whether m describes a move: its start and end are cells
// of the board, a non-capture moves, no captured cell is its start or end,
// and a king's move does not promote. Every Move a Position gives is
// valid; the zero Move is not. A valid Move need not be legal in a given
// position.
func (m Move) IsValid() bool {
	switch {
	case !m.from.IsValid() || !m.to.IsValid() || m.captured&^allCells != 0:
		return false
	case m.captured == 0 && m.from == m.to:
		return false
	case m.captured&(bit(m.from)|bit(m.to)) != 0:
		return false
	case m.ByKing() && m.Promotes():
		return false
	}
	return true
}

// gameJSON is the JSON form of a Game.
type gameJSON struct {
	Tags      []Tag      `json:"tags"`
	Start     Position   `json:"start"`
	Moves     []plyJSON  `json:"moves"`
	Result    Result     `json:"result"`
	Outcome   Outcome    `json:"outcome"`
	DrawRules *DrawRules `json:"drawRules,omitempty"`
}

// plyJSON is a move of the main line, or a setup in it.
type plyJSON struct {
	*Move
	Setup *Position `json:"setup,omitempty"`
}

func (p plyJSON) MarshalJSON() ([]byte, error) {
	if p.Setup != nil {
		return json.Marshal(struct {
			Setup Position `json:"setup"`
		}{*p.Setup})
	}
	return json.Marshal(p.Move)
}

func (p *plyJSON) UnmarshalJSON(data []byte) error {
	var s struct {
		Setup *Position `json:"setup"`
	}
	if err := json.Unmarshal(data, &s); err == nil && s.Setup != nil {
		p.Setup = s.Setup
		return nil
	}
	p.Move = new(Move)
	return json.Unmarshal(data, p.Move)
}

// MarshalJSON implements json.Marshaler. A game is an object with its
// tags, its start position (FEN), the moves of its main line (each as a
// Move marshals, or {"setup": FEN} for a setup), the result the players
// recorded (SetResult), its outcome and, when set, its draw rules:
//
//	{"tags":[{"name":"Event","value":"Club"}],"start":"W:W...:B...","moves":[{"from":"d4","to":"e5",...}],
//	 "result":"*","outcome":{"result":"*","reason":"not over"}}
//
// Variations and annotations are not part of it: PDN keeps them.
func (g *Game) MarshalJSON() ([]byte, error) {
	g.init()
	j := gameJSON{Tags: g.tags, Start: g.root.Position(), Moves: []plyJSON{}, Result: g.recorded, Outcome: g.Outcome()}
	if j.Tags == nil {
		j.Tags = []Tag{}
	}
	for n := range g.root.mainLine() {
		if n.setup {
			p := n.Position()
			j.Moves = append(j.Moves, plyJSON{Setup: &p})
		} else {
			m := n.move
			j.Moves = append(j.Moves, plyJSON{Move: &m})
		}
	}
	if g.rules != (DrawRules{}) {
		j.DrawRules = &g.rules
	}
	return json.Marshal(j)
}

// UnmarshalJSON implements json.Unmarshaler: it replaces the game with the
// one MarshalJSON wrote, playing its moves from the start position. A move
// that is not legal where it stands gives the error Play gives, a tag that
// SetTag refuses the error it gives; the outcome written is not read (the
// moves decide it).
func (g *Game) UnmarshalJSON(data []byte) error {
	var j gameJSON
	if err := json.Unmarshal(data, &j); err != nil {
		return err
	}
	var ng Game
	ng.begin(j.Start)
	if j.DrawRules != nil {
		ng.rules = *j.DrawRules
	}
	for i, p := range j.Moves {
		if p.Setup != nil {
			ng.reset(*p.Setup)
			continue
		}
		if p.Move == nil {
			return &valueError{kind: "move", text: "null", err: ErrInvalidMove}
		}
		if err := ng.Play(*p.Move); err != nil {
			return &contextError{context: "move " + strconv.Itoa(i+1) + " of the game's JSON", err: err}
		}
	}
	for _, t := range j.Tags {
		if err := ng.SetTag(t.Name, t.Value); err != nil {
			return err
		}
	}
	if err := ng.SetResult(j.Result); err != nil {
		return err
	}
	*g = ng
	g.fixOwner()
	return nil
}

// A contextError says where an error happened.
type contextError struct {
	context string
	err     error
}

func (e *contextError) Error() string {
	return "hexdame: " + e.context + ": " + strings.TrimPrefix(e.err.Error(), "hexdame: ")
}

func (e *contextError) Unwrap() error { return e.err }
