package endgame

import (
	"math/rand/v2"

	"github.com/hexdame/hexdame"
)

// RandomPosition returns a random position of material m with side to
// move, drawn with r (nil: math/rand/v2's top-level source): White's men
// on cells off White's crowning edge, Red's men off Red's, then the
// kings on the free cells, each piece on a cell chosen uniformly among
// those left (so every position of m has a chance). It is for tests and
// experiments, such as playing an engine from won positions of the
// tables. An invalid material (see Material.IsValid) gives an error
// wrapping ErrInvalidMaterial.
func RandomPosition(r *rand.Rand, m Material, side hexdame.Color) (hexdame.Position, error) {
	if !m.IsValid() {
		return hexdame.Position{}, &materialError{text: m.String(), why: "not a material the tables can hold"}
	}
	intN := rand.IntN
	if r != nil {
		intN = r.IntN
	}
	var b board
	var occ uint64
	place := func(n int, dom uint64, s *uint64) {
		for range n {
			free := dom &^ occ
			c := selectBit(free, intN(onesCount(free)))
			*s |= 1 << c
			occ |= 1 << c
		}
	}
	// At most MaxPieces pieces: each domain (52 cells at least) always has
	// a free cell.
	place(m.WhiteMen, manDomain[0], &b.men[0])
	place(m.RedMen, manDomain[1], &b.men[1])
	place(m.WhiteKings, allSet, &b.kings[0])
	place(m.RedKings, allSet, &b.kings[1])
	return b.position(side), nil
}
