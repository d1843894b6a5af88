package endgame

import (
	"cmp"
	"errors"
	"slices"
	"strconv"
	"strings"

	"github.com/hexdame/hexdame"
)

// MaxPieces is the most pieces a material may have in this package: its
// indexes and file format count up to it. Tables are practical to build on
// one machine up to 5 pieces; see the package documentation for more.
const MaxPieces = 8

// A Material is what stands on the board, by kind: the numbers of White's
// men and kings and of Red's men and kings. A table holds the positions of
// one material.
//
// Its text form (String, ParseMaterial) writes White's pieces, a "v", then
// Red's, each side's kings (K) before its men (M): "KKMvK" is two White
// kings and a White man against a Red king.
type Material struct {
	WhiteMen, WhiteKings, RedMen, RedKings int
}

// MaterialOf returns the material of position p.
func MaterialOf(p hexdame.Position) Material {
	return Material{p.Men(hexdame.White).Len(), p.Kings(hexdame.White).Len(), p.Men(hexdame.Red).Len(), p.Kings(hexdame.Red).Len()}
}

// Pieces returns the number of pieces on the board.
func (m Material) Pieces() int { return m.WhiteMen + m.WhiteKings + m.RedMen + m.RedKings }

// Men returns the number of men of both sides.
func (m Material) Men() int { return m.WhiteMen + m.RedMen }

// IsValid reports whether m is a material the tables can hold: no count
// negative, each side at least one piece, at most MaxPieces in all.
func (m Material) IsValid() bool {
	// Each count at most MaxPieces first, so that no sum overflows.
	return uint(m.WhiteMen) <= MaxPieces && uint(m.WhiteKings) <= MaxPieces &&
		uint(m.RedMen) <= MaxPieces && uint(m.RedKings) <= MaxPieces &&
		m.WhiteMen+m.WhiteKings >= 1 && m.RedMen+m.RedKings >= 1 && m.Pieces() <= MaxPieces
}

// Swapped returns the material with the colors exchanged.
func (m Material) Swapped() Material {
	return Material{m.RedMen, m.RedKings, m.WhiteMen, m.WhiteKings}
}

// Canonical returns the one of m and m.Swapped() that names their table:
// the one whose White has more pieces, or as many and more kings (m itself
// when the two sides are alike). A table file holds both: the canonical
// material with White to move and with Red to move.
func (m Material) Canonical() Material {
	w := [2]int{m.WhiteMen + m.WhiteKings, m.WhiteKings}
	r := [2]int{m.RedMen + m.RedKings, m.RedKings}
	if slices.Compare(w[:], r[:]) < 0 {
		return m.Swapped()
	}
	return m
}

// IsSymmetric reports whether both sides have the same pieces, so that
// the color swap maps the material onto itself.
func (m Material) IsSymmetric() bool { return m == m.Swapped() }

// String returns the material's text form, such as "KKMvK" (see
// Material). A count below zero is written as zero pieces, and one above
// hexdame.NumCells (more pieces than the board has cells) as its number
// before the letter, "100KvK".
func (m Material) String() string {
	var b strings.Builder
	count := func(n int, letter string) {
		if n > hexdame.NumCells {
			b.WriteString(strconv.Itoa(n))
			n = 1
		}
		b.WriteString(strings.Repeat(letter, max(n, 0)))
	}
	side := func(men, kings int) {
		count(kings, "K")
		count(men, "M")
	}
	side(m.WhiteMen, m.WhiteKings)
	b.WriteByte('v')
	side(m.RedMen, m.RedKings)
	return b.String()
}

// FileName returns the name of the file that holds m's table: the
// canonical material's text form and ".egt", such as "KKvK.egt" for both
// KKvK and KvKK.
func (m Material) FileName() string { return m.Canonical().String() + fileExt }

const fileExt = ".egt"

// ErrInvalidMaterial is wrapped by the error ParseMaterial returns for
// text that names no material the tables can hold.
var ErrInvalidMaterial = errors.New("invalid material")

// ParseMaterial reads a material in its text form: White's pieces, "v",
// Red's, each piece a K (king) or M (man), in either case and any order
// ("KKMvK", "kmkvk"), each side at least one piece and at most MaxPieces
// in all. A file name such as "KKvK.egt" is read as its material. Other
// text gives an error wrapping ErrInvalidMaterial.
func ParseMaterial(s string) (Material, error) {
	text := strings.TrimSuffix(s, fileExt)
	fail := func(why string) (Material, error) {
		return Material{}, &materialError{text: s, why: why}
	}
	white, red, ok := strings.Cut(text, "v")
	if !ok {
		white, red, ok = strings.Cut(text, "V")
	}
	if !ok {
		return fail(`want White's pieces, "v", Red's pieces, such as KKMvK`)
	}
	var m Material
	count := func(side string, men, kings *int) bool {
		for i := 0; i < len(side); i++ {
			switch side[i] {
			case 'K', 'k':
				*kings++
			case 'M', 'm':
				*men++
			default:
				return false
			}
			if *men+*kings > MaxPieces {
				return false
			}
		}
		return true
	}
	if !count(white, &m.WhiteMen, &m.WhiteKings) || !count(red, &m.RedMen, &m.RedKings) {
		return fail("a piece is K (king) or M (man), at most " + strconv.Itoa(MaxPieces) + " of them")
	}
	if m.WhiteMen+m.WhiteKings == 0 || m.RedMen+m.RedKings == 0 {
		return fail("each side needs at least one piece")
	}
	if m.Pieces() > MaxPieces {
		return fail("more than " + strconv.Itoa(MaxPieces) + " pieces")
	}
	return m, nil
}

// MustParseMaterial is like ParseMaterial but panics on invalid text. It
// is for constants in programs and tests.
func MustParseMaterial(s string) Material {
	m, err := ParseMaterial(s)
	if err != nil {
		panic(err)
	}
	return m
}

// AppendText appends the material's text form to b. An invalid material
// (see IsValid) gives an error wrapping ErrInvalidMaterial.
func (m Material) AppendText(b []byte) ([]byte, error) {
	if !m.IsValid() {
		return b, &materialError{text: m.String(), why: "not a material the tables can hold"}
	}
	return append(b, m.String()...), nil
}

// MarshalText implements encoding.TextMarshaler with the text form; an
// invalid material gives an error wrapping ErrInvalidMaterial.
func (m Material) MarshalText() ([]byte, error) { return m.AppendText(nil) }

// UnmarshalText implements encoding.TextUnmarshaler with ParseMaterial.
func (m *Material) UnmarshalText(text []byte) error {
	v, err := ParseMaterial(string(text))
	if err != nil {
		return err
	}
	*m = v
	return nil
}

type materialError struct{ text, why string }

func (e *materialError) Error() string {
	return "invalid material " + strconv.Quote(clip(e.text)) + ": " + e.why
}
func (e *materialError) Unwrap() error { return ErrInvalidMaterial }

// clip returns at most 60 bytes of s, for messages.
func clip(s string) string {
	if len(s) > 60 {
		return s[:60] + "..."
	}
	return s
}

// Materials returns the canonical materials of 2 to maxPieces pieces (at
// most MaxPieces) in an order in which each table can be built after the
// ones before it: by number of pieces, then number of men (captures lose
// pieces, crowning loses a man), then text form. Level gives the groups of
// materials that can be built at the same time.
func Materials(maxPieces int) []Material {
	maxPieces = min(maxPieces, MaxPieces)
	var out []Material
	for n := 2; n <= maxPieces; n++ {
		for wm := 0; wm <= n; wm++ {
			for wk := 0; wm+wk <= n; wk++ {
				for rm := 0; wm+wk+rm <= n; rm++ {
					m := Material{wm, wk, rm, n - wm - wk - rm}
					if m.IsValid() && m.Canonical() == m {
						out = append(out, m)
					}
				}
			}
		}
	}
	slices.SortFunc(out, func(a, b Material) int {
		if c := cmp.Compare(a.Level(), b.Level()); c != 0 {
			return c
		}
		return cmp.Compare(a.String(), b.String())
	})
	return out
}

// Level returns the build level of a valid material (-1 for an invalid
// one): materials of one level depend only on materials of lower levels,
// so the tables of a level can be built at the same time (on different
// machines, say) once the lower levels are done. Levels count up from 0
// (a king against a king), by pieces, then men: the level of a material
// of n pieces and k men is the number of (pieces, men) pairs before it.
func (m Material) Level() int {
	if !m.IsValid() {
		return -1
	}
	n := m.Pieces()
	// Pieces 2..n-1 have p+1 men counts each (0..p).
	l := 0
	for p := 2; p < n; p++ {
		l += p + 1
	}
	return l + m.Men()
}

// Dependencies returns the canonical materials, other than m's own, that
// a move of the positions of valid material m (either side to move) can lead to, in build
// order: the tables that must exist before m's can be built. Captures lead
// to fewer pieces, crowning to one man fewer. An invalid m gives nil.
func (m Material) Dependencies() []Material {
	if !m.IsValid() {
		return nil
	}
	seen := map[Material]bool{}
	var out []Material
	own := m.Canonical()
	for _, x := range []Material{m, m.Swapped()} {
		for _, z := range x.successors() {
			if c := z.Canonical(); c != own && !seen[c] {
				seen[c] = true
				out = append(out, c)
			}
		}
	}
	slices.SortFunc(out, func(a, b Material) int {
		if c := cmp.Compare(a.Level(), b.Level()); c != 0 {
			return c
		}
		return cmp.Compare(a.String(), b.String())
	})
	return out
}

// successors returns the materials other than x that a White move of x
// may leave, Red having at least one piece: Red losing any of its pieces,
// and one White man crowned or not.
func (x Material) successors() []Material {
	var out []Material
	for crown := 0; crown <= min(1, x.WhiteMen); crown++ {
		for a := 0; a <= x.RedMen; a++ {
			for b := 0; b <= x.RedKings; b++ {
				z := Material{x.WhiteMen - crown, x.WhiteKings + crown, x.RedMen - a, x.RedKings - b}
				if z != x && z.RedMen+z.RedKings >= 1 {
					out = append(out, z)
				}
			}
		}
	}
	return out
}

// code returns a small number naming an ordered material with at most 7
// pieces of each kind, for table lookups; -1 for others.
func (m Material) code() int {
	if uint(m.WhiteMen) > 7 || uint(m.WhiteKings) > 7 || uint(m.RedMen) > 7 || uint(m.RedKings) > 7 {
		return -1
	}
	return m.WhiteMen | m.WhiteKings<<3 | m.RedMen<<6 | m.RedKings<<9
}

const numCodes = 1 << 12

// materialOf returns the material of board b with White to move.
func (b *board) material() Material {
	return Material{onesCount(b.men[0]), onesCount(b.kings[0]), onesCount(b.men[1]), onesCount(b.kings[1])}
}
