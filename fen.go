package hexdame

import (
	"strconv"
	"strings"
)

// A FENError reports a FEN string that cannot be read: where and why. It
// wraps ErrSyntax.
type FENError struct {
	Column int    // the byte of the offending part of the text, from 1
	Why    string // what was wrong, in words
	fen    string // the whole text
}

// Error returns the message, with the FEN (at most about 60 characters of
// it), the column and why.
func (e *FENError) Error() string {
	return "invalid FEN " + quoteClipped(e.fen) + " at column " + strconv.Itoa(e.Column) + ": " + e.Why
}

// Unwrap returns ErrSyntax.
func (e *FENError) Unwrap() error { return ErrSyntax }

// ParseFEN reads a position in the PDN FEN form: the side to move (W or B),
// then for each side a colon, its letter and a comma-separated list of its
// pieces, a K before a king: "W:Wa1,b2,Ke5:Bi9,Kf6". Cells may be algebraic
// or numeric, numeric ranges such as "48-50" (or "K48-50") are allowed, a
// side may have no pieces ("W:W:Bi9") or be left out, and a final "." is
// ignored, as are spaces around the parts. B means Red. Anything else, such
// as an unknown cell or a cell given twice, gives a *FENError wrapping
// ErrSyntax.
//
// ParseFEN takes any placement, for analysis and tests: more than 16
// pieces a side, or a man on the row where it would have been crowned. To
// check that a position can arise in a game, as a record's FEN tag and
// setups must, call p.CheckReachable().
func ParseFEN(s string) (Position, error) {
	var p Position
	fail := func(off int, why string) (Position, error) {
		return Position{}, &FENError{Column: off + 1, Why: why, fen: s}
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

// String returns the position in FEN with algebraic cells, each side's
// pieces in file order (a1, a2, ..., i9): "W:Wa1,a2,...:Bf6,...". It is the
// canonical text of a position, which MarshalText writes and ParseFEN
// reads.
func (p Position) String() string { return string(p.appendFEN(nil, Algebraic)) }

// format returns the position in FEN with cells in notation n; numeric
// cells are listed in ascending order without ranges.
func (p Position) format(n Notation) string { return string(p.appendFEN(nil, n)) }

// appendFEN appends the position's FEN in notation n to dst.
func (p *Position) appendFEN(dst []byte, n Notation) []byte {
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

// AppendText appends the position's FEN with algebraic cells to b, as
// String writes it.
func (p Position) AppendText(b []byte) ([]byte, error) { return p.appendFEN(b, Algebraic), nil }

// MarshalText implements encoding.TextMarshaler with the algebraic FEN.
func (p Position) MarshalText() ([]byte, error) { return p.appendFEN(nil, Algebraic), nil }

// UnmarshalText implements encoding.TextUnmarshaler with ParseFEN.
func (p *Position) UnmarshalText(text []byte) error {
	v, err := ParseFEN(string(text))
	if err != nil {
		return err
	}
	*p = v
	return nil
}
