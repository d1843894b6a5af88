package hexdame

// Interim: issue 19 brings CellSet and Position.Pieces, Men and Kings to
// main with the full API; this file stands in for them on the engine
// branch until that merge, and goes then.

// CellSet is a set of cells: bit c is Cell c.
type CellSet uint64

// Pieces returns the cells holding pieces of color c.
func (p Position) Pieces(c Color) CellSet { return CellSet(p.pieces[0][c&1]) }

// Men returns the cells holding men of color c.
func (p Position) Men(c Color) CellSet { return CellSet(p.pieces[0][c&1] &^ p.kings[0]) }

// Kings returns the cells holding kings of color c.
func (p Position) Kings(c Color) CellSet { return CellSet(p.pieces[0][c&1] & p.kings[0]) }
