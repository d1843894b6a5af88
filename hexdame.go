package hexdame

import (
	"errors"
	"strings"
)

// A Color is one of the two sides: White, who moves first, and Red. In PDN
// and FEN Red is written B, as the second player of draughts.
type Color uint8

// The two colors, and NoColor, the color of no piece.
const (
	White   Color = iota // moves first; men start on a1..d4
	Red                  // B in PDN and FEN; men start on f6..i9
	NoColor              // not a side: the color of NoPiece
)

// ErrInvalidColor is wrapped by the errors of ParseColor and of marshalling
// a Color that is neither White nor Red.
var ErrInvalidColor = errors.New("invalid color")

var colorNames = enumNames{kind: "color", names: []string{"White", "Red"}, err: ErrInvalidColor}

// Opponent returns the other color: Red for White, White for Red. Any
// other Color gives NoColor.
func (c Color) Opponent() Color {
	if c > Red {
		return NoColor
	}
	return c ^ 1
}

// String returns "White" or "Red", and "invalid color" for NoColor or any
// other value.
func (c Color) String() string { return colorNames.String(int(c)) }

// ParseColor reads a color: "White" or "Red" in any case, or the PDN
// letters "W" and "B" (the second player, Red); "R" is read as Red too.
// Other text gives NoColor and an error wrapping ErrInvalidColor.
func ParseColor(s string) (Color, error) {
	switch strings.ToLower(s) {
	case "white", "w":
		return White, nil
	case "red", "b", "r":
		return Red, nil
	}
	return NoColor, colorNames.parseError(s)
}

// AppendText appends the color's name, "White" or "Red"; any other Color
// gives an error wrapping ErrInvalidColor.
func (c Color) AppendText(b []byte) ([]byte, error) { return colorNames.appendText(b, int(c)) }

// MarshalText implements encoding.TextMarshaler with the color's name.
func (c Color) MarshalText() ([]byte, error) { return c.AppendText(nil) }

// UnmarshalText implements encoding.TextUnmarshaler with ParseColor. On
// error c is unchanged.
func (c *Color) UnmarshalText(text []byte) error { return unmarshalWith(c, text, ParseColor) }

// A Piece is what stands on a cell: nothing, or a man or king of a color.
type Piece uint8

// The pieces, and NoPiece for an empty cell.
const (
	NoPiece   Piece = iota // an empty cell
	WhiteMan               // w on the diagram
	WhiteKing              // W
	RedMan                 // r
	RedKing                // R
)

// ErrInvalidPiece is wrapped by the errors of ParsePiece and of
// marshalling a Piece beyond RedKing.
var ErrInvalidPiece = errors.New("invalid piece")

var pieceNames = enumNames{kind: "piece", names: []string{".", "w", "W", "r", "R"}, err: ErrInvalidPiece}

var pieceWords = [...]string{"empty", "white man", "white king", "red man", "red king"}

// MakePiece returns the man (king false) or king of color c, and NoPiece
// for a Color that is neither White nor Red.
func MakePiece(c Color, king bool) Piece {
	if c > Red {
		return NoPiece
	}
	p := WhiteMan + Piece(c)*2
	if king {
		p++
	}
	return p
}

// Color returns the piece's color, and NoColor for NoPiece and any
// invalid Piece.
func (p Piece) Color() Color {
	switch p {
	case WhiteMan, WhiteKing:
		return White
	case RedMan, RedKing:
		return Red
	}
	return NoColor
}

// IsKing reports whether p is a king.
func (p Piece) IsKing() bool { return p == WhiteKing || p == RedKing }

// IsValid reports whether p is a man or a king (not NoPiece nor out of
// range).
func (p Piece) IsValid() bool { return p >= WhiteMan && p <= RedKing }

// String returns the diagram symbol: "w" and "W" for White's man and king,
// "r" and "R" for Red's, "." for NoPiece, and "invalid piece" for any
// other value.
func (p Piece) String() string { return pieceNames.String(int(p)) }

// ParsePiece reads a piece as the diagram writes it ("w" and "W" for
// White's man and king, "r" and "R" for Red's, "." for an empty cell) or
// in words, in any case ("white man", "red king", "empty"). Other text
// gives NoPiece and an error wrapping ErrInvalidPiece.
func ParsePiece(s string) (Piece, error) {
	for i, sym := range pieceNames.names {
		if s == sym {
			return Piece(i), nil
		}
	}
	for i, w := range pieceWords {
		if strings.EqualFold(s, w) {
			return Piece(i), nil
		}
	}
	return NoPiece, pieceNames.parseError(s)
}

// AppendText appends the piece's diagram symbol: "w", "W", "r", "R", or
// "." for NoPiece; any other Piece gives an error wrapping
// ErrInvalidPiece.
func (p Piece) AppendText(b []byte) ([]byte, error) { return pieceNames.appendText(b, int(p)) }

// MarshalText implements encoding.TextMarshaler with the diagram symbol.
func (p Piece) MarshalText() ([]byte, error) { return p.AppendText(nil) }

// UnmarshalText implements encoding.TextUnmarshaler with ParsePiece. On
// error p is unchanged.
func (p *Piece) UnmarshalText(text []byte) error { return unmarshalWith(p, text, ParsePiece) }
