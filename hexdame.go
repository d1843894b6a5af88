package hexdame

import (
	"errors"
	"math/bits"
	"slices"
	"strconv"
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

// Position is a HexDame position: the pieces on the board and the side to
// move. It is a small comparable value: it can be copied, compared with ==,
// used as a map key and shared between goroutines; no method changes it.
// Methods that "change" a position, such as Play, return a new one.
//
// The zero Position is the empty board with White to move (who has no move
// and so has lost). StartPosition returns the initial position of a game.
type Position struct {
	// pieces[a][c] holds color c's pieces in the bit numbering of axis a,
	// kings[a] both sides' kings in that numbering (see board.go). The three
	// numberings always describe the same board.
	pieces [numAxes][2]uint64
	kings  [numAxes]uint64
	side   Color
}

// StartPosition returns the initial position: White men on a1..d4 (files
// a-d, ranks 1-4), Red men on f6..i9 (files f-i, ranks 6-9), White to move.
func StartPosition() Position { return startPosition }

// startPosition is set by the package's init function, once the board
// tables exist.
var startPosition Position

func newStartPosition() Position {
	var p Position
	for f := 0; f < 4; f++ {
		for r := 0; r < 4; r++ {
			p = p.put(cellAt[f][r], WhiteMan)
			p = p.put(cellAt[8-f][8-r], RedMan)
		}
	}
	return p
}

// put returns p with piece x (possibly NoPiece) on the valid cell c.
func (p Position) put(c Cell, x Piece) Position {
	for a := 0; a < numAxes; a++ {
		b := axisBit[a][c]
		p.pieces[a][White] &^= b
		p.pieces[a][Red] &^= b
		p.kings[a] &^= b
		if x.IsValid() {
			p.pieces[a][x.Color()] |= b
			if x.IsKing() {
				p.kings[a] |= b
			}
		}
	}
	return p
}

// WithPiece returns a copy of p with piece x on cell c (x may be NoPiece to
// empty the cell). An invalid cell or piece leaves the copy unchanged.
func (p Position) WithPiece(c Cell, x Piece) Position {
	if !c.IsValid() || x > RedKing {
		return p
	}
	return p.put(c, x)
}

// WithSideToMove returns a copy of p with side c to move. A Color that
// is neither White nor Red leaves the copy unchanged.
func (p Position) WithSideToMove(c Color) Position {
	if c <= Red {
		p.side = c
	}
	return p
}

// SideToMove returns the color whose turn it is.
func (p Position) SideToMove() Color { return p.side }

// Mirror returns the mirror image of p in the a1-i9 column, the
// left-right reflection of the standard diagram: the piece on the cell of
// file index f and rank index r goes to the cell of file r and rank f (a1,
// e5 and i9 stay, b1 goes to a2, e1 to a5), keeping its colour, and the
// same side is to move. The rules are the same in the mirror image: it
// exchanges White's forward directions UpRight and UpLeft (and Red's
// DownLeft and DownRight) and keeps each side's crowning row. So the
// legal moves of p.Mirror() are the mirror images of p's, and the two
// positions have the same value. Mirror is its own inverse.
func (p Position) Mirror() Position {
	return p.transformed(func(c Cell) Cell { return cellAt[cellRank[c]][cellFile[c]] }, false)
}

// SwapColors returns p with the colours exchanged: the board turned by a
// half turn about e5 (the piece on file f, rank r goes to file 8-f, rank
// 8-r: a1 to i9, b1 to h9), every piece changing colour, and the other
// side to move. Each side's men still move forward, towards the crowning
// row of their new colour. So the legal moves of p.SwapColors() are the
// half turns of p's, and its side to move has the chances p's had.
// SwapColors is its own inverse.
func (p Position) SwapColors() Position {
	return p.transformed(func(c Cell) Cell { return cellAt[8-cellFile[c]][8-cellRank[c]] }, true)
}

// transformed returns p with the piece on each cell c moved to to(c), a
// permutation of the cells, and with the colours and the side to move
// exchanged when swap is set.
func (p *Position) transformed(to func(Cell) Cell, swap bool) Position {
	var k packedPosition // in the Cell numbering, as unpack takes it
	for col := White; col <= Red; col++ {
		dst := col
		if swap {
			dst = col.Opponent()
		}
		for b := p.pieces[0][col]; b != 0; {
			c := Cell(popLowest(&b))
			x := bit(to(c))
			k[dst] |= x
			if p.kings[0]&bit(c) != 0 {
				k[2] |= x
			}
		}
	}
	side := p.side
	if swap {
		side = side.Opponent()
	}
	k[2] |= uint64(side&1) << 63
	return k.unpack()
}

// Piece returns what stands on cell c: NoPiece for an empty or invalid cell.
func (p Position) Piece(c Cell) Piece {
	if !c.IsValid() {
		return NoPiece
	}
	b := bit(c)
	for col := White; col <= Red; col++ {
		if p.pieces[0][col]&b != 0 {
			return MakePiece(col, p.kings[0]&b != 0)
		}
	}
	return NoPiece
}

// Count returns the number of men and kings of color c (none for a Color
// that is neither White nor Red).
func (p Position) Count(c Color) (men, kings int) {
	if c > Red {
		return 0, 0
	}
	own := p.pieces[0][c]
	k := bits.OnesCount64(own & p.kings[0])
	return bits.OnesCount64(own) - k, k
}

// Pieces returns the cells holding the men and kings of color c (none for
// a Color that is neither White nor Red).
func (p Position) Pieces(c Color) CellSet {
	if c > Red {
		return 0
	}
	return CellSet(p.pieces[0][c])
}

// Men returns the cells holding the men of color c.
func (p Position) Men(c Color) CellSet { return p.Pieces(c) &^ CellSet(p.kings[0]) }

// Kings returns the cells holding the kings of color c.
func (p Position) Kings(c Color) CellSet { return p.Pieces(c) & CellSet(p.kings[0]) }

func appendCells(dst []Cell, b uint64) []Cell {
	for b != 0 {
		dst = append(dst, Cell(popLowest(&b)))
	}
	return dst
}

// ErrInvalidFEN is wrapped by the errors returned for a FEN string that
// cannot be read.
var ErrInvalidFEN = errors.New("invalid FEN")

// A FENError reports a FEN string that cannot be read: where and why. It
// wraps ErrInvalidFEN.
type FENError struct {
	FEN    string // the whole text
	Column int    // the byte of the offending part in FEN, from 1
	Why    string // what was wrong, in words
}

// Error returns the message, with the FEN (at most about 60 characters of
// it), the column and why.
func (e *FENError) Error() string {
	return "invalid FEN " + quoteClipped(e.FEN) + " at column " + strconv.Itoa(e.Column) + ": " + e.Why
}

// Unwrap returns ErrInvalidFEN.
func (e *FENError) Unwrap() error { return ErrInvalidFEN }

// ParseFEN reads a position in the PDN FEN form: the side to move (W or B),
// then for each side a colon, its letter and a comma-separated list of its
// pieces, a K before a king: "W:Wa1,b2,Ke5:Bi9,Kf6". Cells may be algebraic
// or numeric, numeric ranges such as "48-50" (or "K48-50") are allowed, a
// side may have no pieces ("W:W:Bi9") or be left out, and a final "." is
// ignored, as are spaces around the parts. B means Red. Anything else, such
// as an unknown cell or a cell given twice, gives a *FENError wrapping
// ErrInvalidFEN.
//
// ParseFEN takes any placement, for analysis and tests: more than 16
// pieces a side, or a man on the row where it would have been crowned. To
// check that a position can arise in a game, as a record's FEN tag and
// setups must, call p.CheckReachable().
func ParseFEN(s string) (Position, error) {
	var p Position
	fail := func(off int, why string) (Position, error) {
		return Position{}, &FENError{FEN: s, Column: off + 1, Why: why}
	}
	body := strings.TrimRight(s, " \t\r\n")
	body = strings.TrimSuffix(body, ".")
	var occupied uint64
	seen := [2]bool{}
	for i, f := range splitTrimmed(body, ':', 0) {
		field, fieldOff := f.text, f.offset
		if i == 0 {
			switch field {
			case "W", "w":
				p.side = White
			case "B", "b":
				p.side = Red
			default:
				return fail(fieldOff, "side to move must be W or B")
			}
			continue
		}
		if field == "" {
			return fail(fieldOff, "empty field")
		}
		var col Color
		switch field[0] {
		case 'W', 'w':
			col = White
		case 'B', 'b':
			col = Red
		default:
			return fail(fieldOff, "piece list must start with W or B")
		}
		if seen[col] {
			return fail(fieldOff, "pieces of "+col.String()+" listed twice")
		}
		seen[col] = true
		list := field[1:]
		if strings.TrimSpace(list) == "" {
			continue
		}
		for _, t := range splitTrimmed(list, ',', fieldOff+1) {
			tok, thisOff := t.text, t.offset
			king := false
			if tok != "" && (tok[0] == 'K' || tok[0] == 'k') {
				king, tok = true, tok[1:]
			}
			first, last, ok := parseFENCells(tok)
			if !ok {
				return fail(thisOff, "invalid cell "+quoteClipped(tok))
			}
			for n := first; n <= last; n++ {
				c := numberCell[n]
				if occupied&bit(c) != 0 {
					return fail(thisOff, "cell "+c.String()+" given twice")
				}
				occupied |= bit(c)
				p = p.put(c, MakePiece(col, king))
			}
		}
	}
	return p, nil
}

// A textPart is part of a text and its byte offset in the whole.
type textPart struct {
	text   string
	offset int
}

// splitTrimmed splits s at sep and trims the white space around each part,
// giving each part's offset in the whole text, of which s starts at base.
func splitTrimmed(s string, sep byte, base int) []textPart {
	var parts []textPart
	for {
		part, rest, more := strings.Cut(s, string(sep))
		lead := len(part) - len(strings.TrimLeft(part, " \t\r\n"))
		parts = append(parts, textPart{strings.TrimSpace(part), base + lead})
		if !more {
			return parts
		}
		base += len(part) + 1
		s = rest
	}
}

// parseFENCells parses one FEN cell or numeric range into the numbers of
// its first and last cell.
func parseFENCells(tok string) (first, last int, ok bool) {
	if lo, hi, isRange := strings.Cut(tok, "-"); isRange {
		a, okA := parseCellBytes(lo)
		b, okB := parseCellBytes(hi)
		if !okA || !okB || lo[0] > '9' || hi[0] > '9' || cellNumber[a] > cellNumber[b] {
			return 0, 0, false
		}
		return int(cellNumber[a]), int(cellNumber[b]), true
	}
	c, ok := parseCellBytes(tok)
	if !ok {
		return 0, 0, false
	}
	return int(cellNumber[c]), int(cellNumber[c]), true
}

// MustParseFEN is like ParseFEN but panics on an invalid FEN. It is for
// constants in programs and tests.
func MustParseFEN(s string) Position {
	p, err := ParseFEN(s)
	if err != nil {
		panic(err)
	}
	return p
}

// FEN returns the position in FEN with algebraic cells, each side's pieces
// in file order (a1, a2, ..., i9): "W:Wa1,a2,...:Bf6,...".
func (p Position) FEN() string { return string(p.AppendFEN(nil, Algebraic)) }

// FormatFEN returns the position in FEN with cells in notation n; numeric
// cells are listed in ascending order without ranges.
func (p Position) FormatFEN(n Notation) string { return string(p.AppendFEN(nil, n)) }

// AppendFEN appends the position's FEN in notation n to dst.
func (p Position) AppendFEN(dst []byte, n Notation) []byte {
	dst = append(dst, "WB"[p.side&1])
	for col := White; col <= Red; col++ {
		dst = append(dst, ':', "WB"[col])
		first := true
		emit := func(c Cell) {
			if p.pieces[0][col]&bit(c) == 0 {
				return
			}
			if !first {
				dst = append(dst, ',')
			}
			first = false
			if p.kings[0]&bit(c) != 0 {
				dst = append(dst, 'K')
			}
			dst = c.appendTo(dst, n)
		}
		if n == Numeric {
			for k := 1; k <= NumCells; k++ {
				emit(numberCell[k])
			}
		} else {
			for i := 1; i <= NumCells; i++ {
				emit(axisCell[1][i])
			}
		}
	}
	return dst
}

// AppendText appends the position's FEN with algebraic cells to b.
func (p Position) AppendText(b []byte) ([]byte, error) { return p.AppendFEN(b, Algebraic), nil }

// MarshalText implements encoding.TextMarshaler with the algebraic FEN.
func (p Position) MarshalText() ([]byte, error) { return p.AppendFEN(nil, Algebraic), nil }

// UnmarshalText implements encoding.TextUnmarshaler with ParseFEN.
func (p *Position) UnmarshalText(text []byte) error {
	v, err := ParseFEN(string(text))
	if err != nil {
		return err
	}
	*p = v
	return nil
}

// String returns the position's FEN with algebraic cells, as FEN does:
// the canonical text of a position, which MarshalText writes and ParseFEN
// reads. Diagram draws it.
func (p Position) String() string { return p.FEN() }

// DiagramOptions says how Diagram draws a position. The zero value draws
// White at the bottom without coordinates.
type DiagramOptions struct {
	Flip        bool // draw Red at the bottom
	Coordinates bool // write the file letters and rank numbers around the board
}

// Diagram returns a diagram of the position in the layout of the standard
// diagram (White at the bottom, one text row per horizontal row of the
// hexagon; w and W for White's men and kings, r and R for Red's, . for an
// empty cell), followed by a line saying who is to move. The zero
// DiagramOptions draws just that; with Coordinates, each file's letter is
// written beyond its lowest cell and each rank's number beyond its lowest
// cell, as on a board's edge; with Flip, Red is at the bottom.
func (p Position) Diagram(o DiagramOptions) string {
	var b strings.Builder
	b.Grow(22 * 20)
	writeDiagram(&b, func(c Cell) string { return p.Piece(c).String() }, o)
	b.WriteString(p.side.String())
	b.WriteString(" to move\n")
	return b.String()
}

// writeDiagram writes the rows of the hexagon, top first, each cell's
// label (one or two characters) centred where the standard diagram puts
// it: row f+r, column 17+3(f-r). With coordinates it also writes the
// labels of the files and ranks, one step off the board.
func writeDiagram(b *strings.Builder, label func(Cell) string, o DiagramOptions) {
	type mark struct {
		x    int
		text string
	}
	rows := map[int][]mark{} // by f+r, each in increasing x
	put := func(f, r int, text string) {
		if o.Flip {
			f, r = 8-f, 8-r
		}
		rows[f+r] = append(rows[f+r], mark{f - r, text})
	}
	for c := Cell(1); c <= NumCells; c++ {
		put(int(cellFile[c]), int(cellRank[c]), label(c))
	}
	top, bottom := 16, 0
	if o.Coordinates {
		for f := 0; f < 9; f++ {
			put(f, max(0, f-4)-1, string(rune('a'+f)))
		}
		for r := 0; r < 9; r++ {
			put(max(0, r-4)-1, r, strconv.Itoa(r+1))
		}
		top, bottom = 17, -1
	}
	for s := top; s >= bottom; s-- {
		row := rows[s]
		slices.SortFunc(row, func(a, b mark) int { return a.x - b.x })
		col := 0
		for _, m := range row {
			for want := 17 + 3*m.x; col < want; col++ {
				b.WriteByte(' ')
			}
			b.WriteString(m.text)
			col += len(m.text)
		}
		if len(row) > 0 || s <= 16 && s >= 0 {
			b.WriteByte('\n')
		}
	}
}
