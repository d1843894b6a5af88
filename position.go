package hexdame

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

// startPosition is set by the init function of board.go, once the board
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
		if x.isValid() {
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
// e5 and i9 stay, b1 goes to a2, e1 to a5), keeping its color, and the
// same side is to move. The rules are the same in the mirror image: it
// exchanges White's forward directions UpRight and UpLeft (and Red's
// DownLeft and DownRight) and keeps each side's crowning row. So the
// legal moves of p.Mirror() are the mirror images of p's, and the two
// positions have the same value. Mirror is its own inverse.
func (p Position) Mirror() Position {
	return p.transformed(func(c Cell) Cell { return cellAt[cellRank[c]][cellFile[c]] }, false)
}

// SwapColors returns p with the colors exchanged: the board turned by a
// half turn about e5 (the piece on file f, rank r goes to file 8-f, rank
// 8-r: a1 to i9, b1 to h9), every piece changing color, and the other
// side to move. Each side's men still move forward, towards the crowning
// row of their new color. So the legal moves of p.SwapColors() are the
// half turns of p's, and its side to move has the chances p's had.
// SwapColors is its own inverse.
func (p Position) SwapColors() Position {
	return p.transformed(func(c Cell) Cell { return cellAt[8-cellFile[c]][8-cellRank[c]] }, true)
}

// transformed returns p with the piece on each cell c moved to to(c), a
// permutation of the cells, and with the colors and the side to move
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

func (p *Position) occupied() uint64 { return p.pieces[0][White] | p.pieces[0][Red] }

// forward reports whether d is a forward direction for the side to move.
func (p *Position) forward(d Direction) bool { return d.positive() == (p.side == White) }

// packedPosition is a Position in 24 bytes: each side's pieces and the
// kings in the Cell numbering, the side to move in the kings' top bit.
type packedPosition [3]uint64

func (p *Position) pack() packedPosition {
	return packedPosition{p.pieces[0][White], p.pieces[0][Red], p.kings[0] | uint64(p.side&1)<<63}
}

// unpack returns the position k packs.
func (k packedPosition) unpack() Position {
	var p Position
	p.side = Color(k[2] >> 63)
	p.pieces[0] = [2]uint64{k[0], k[1]}
	p.kings[0] = k[2] &^ (1 << 63)
	for a := 1; a < numAxes; a++ {
		for col := White; col <= Red; col++ {
			for b := k[col]; b != 0; {
				p.pieces[a][col] |= axisBit[a][popLowest(&b)]
			}
		}
		for b := p.kings[0]; b != 0; {
			p.kings[a] |= axisBit[a][popLowest(&b)]
		}
	}
	return p
}
