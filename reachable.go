package hexdame

import (
	"math/bits"
	"strconv"
)

// maxPiecesPerSide is how many pieces a side starts with, and so the most
// it can ever have.
const maxPiecesPerSide = 16

// CheckReachable checks what every position a game reaches from the
// start has: at most 16 pieces a side (the men each side starts with; a
// piece is never added), and no man on the row where it would have been
// crowned (a man that ends a move there becomes a king). It returns nil,
// or an error wrapping ErrUnreachable that names the first problem: the
// side with too many pieces, or the cell of the man.
//
// ParseFEN and the other ways to build a Position take any placement, for
// analysis and tests; a record's FEN tag and setups must pass
// CheckReachable (see Record.Replay), and so must the positions a game
// that WriteGame writes starts from or sets up. The check is necessary,
// not sufficient: a position that passes may still not arise in any game.
// It costs a few bit operations.
func (p Position) CheckReachable() error {
	for _, c := range [...]Color{White, Red} {
		if n := bits.OnesCount64(p.pieces[0][c]); n > maxPiecesPerSide {
			return &unreachableError{c.String() + " has " + strconv.Itoa(n) + " pieces, and a side has at most " + strconv.Itoa(maxPiecesPerSide)}
		}
		if men := p.pieces[0][c] &^ p.kings[0] & backRow[c]; men != 0 {
			cell := Cell(bits.TrailingZeros64(men))
			return &unreachableError{"a " + c.String() + " man stands on " + cell.String() + ", where it would have been crowned"}
		}
	}
	return nil
}

// An unreachableError says why a position cannot arise in a game.
type unreachableError struct{ why string }

func (e *unreachableError) Error() string { return ErrUnreachable.Error() + ": " + e.why }
func (e *unreachableError) Unwrap() error { return ErrUnreachable }
