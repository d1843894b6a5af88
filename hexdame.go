package hexdame

// A Color is one of the two sides: White, who moves first, and Red. In PDN
// and FEN Red is written B, as the second player of draughts.
type Color uint8

// The two colors, and NoColor, the color of no piece.
const (
	White   Color = iota // moves first; men start on a1..d4
	Red                  // B in PDN and FEN; men start on f6..i9
	NoColor              // not a side: the color of NoPiece
)

var colorNames = enumNames{kind: "color", names: []string{"White", "Red"}}

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

var pieceNames = enumNames{kind: "piece", names: []string{".", "w", "W", "r", "R"}}

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

// isValid reports whether p is a man or a king.
func (p Piece) isValid() bool { return p >= WhiteMan && p <= RedKing }

// String returns the diagram symbol: "w" and "W" for White's man and king,
// "r" and "R" for Red's, "." for NoPiece, and "invalid piece" for any
// other value.
func (p Piece) String() string { return pieceNames.String(int(p)) }

// A Notation selects how cells are written: algebraic ("e5") or numeric
// ("31").
type Notation uint8

const (
	Algebraic Notation = iota // cells as a1..i9
	Numeric                   // cells as 1..61
)

var notationNames = enumNames{kind: "notation", names: []string{"algebraic", "numeric"}}

// String returns "algebraic" or "numeric", and "invalid notation" for any
// other value.
func (n Notation) String() string { return notationNames.String(int(n)) }

// ParseNotation reads "algebraic" or "numeric" (in any case) as the
// notation it names. Other text gives Algebraic and an error wrapping
// ErrSyntax.
func ParseNotation(s string) (Notation, error) {
	n, err := notationNames.parse(s)
	return Notation(n), err
}
