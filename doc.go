// Package hexdame implements the rules of HexDame, Christian Freeling's
// hexagonal translation of International Draughts (1979): positions, legal
// moves with compulsory majority capture and flying kings, move and position
// notation, perft, games with repetition and outcome, and PDN game records.
//
// # The board
//
// The board has 61 hexagonal cells. A Cell is named by a file a..i and a
// rank 1..9, and exists when the file and rank indexes differ by at most 4
// (a1, e5, i9, a5 and e1 exist; a6, f1 and i4 do not). In numeric notation
// the cells are numbered 1..61 in the reading order of the standard diagram,
// White at the bottom: i9 is 1, e5 is 31, a1 is 61.
//
// The six directions are UpRight (along a rank), UpLeft (along a file) and
// Up (along a column, the a1-i9 line) and their opposites. White's men step
// forward along the first three, Red's along the other three.
//
// # The rules
//
// White (16 men on a1..d4) moves first against Red (16 men on f6..i9); Red
// is written B in PDN and FEN. A man steps to an empty adjacent cell
// straight or obliquely forward; a king slides any distance along any of
// the six directions. Capturing is compulsory: a man jumps an adjacent
// enemy piece in any direction onto the empty cell beyond; a king captures
// an enemy piece at any distance along a line and lands on any empty cell
// behind it. A capture goes on while it can, and only the sequences that
// capture the most pieces are legal. Captured pieces are removed when the
// move is complete; until then they block and cannot be jumped again. Two
// sequences with the same start, end and captured pieces are one move. A
// man that ends its move on the far edge (rank 9 or file i for White, rank
// 1 or file a for Red) is crowned king. A player with no legal move loses;
// the third occurrence of a position is a draw.
//
// # Using the package
//
// Position is an immutable, comparable value: play a move and get a new
// position. Moves come from the position, generated or parsed:
//
//	p := hexdame.StartPosition()
//	m, err := p.ParseMove("d4-e5")
//	if err != nil {
//		// err is a *MoveError listing the legal moves
//	}
//	p, _ = p.Play(m)
//	fmt.Println(p.FEN(), len(p.LegalMoves()))
//
// AppendLegalMoves generates into a caller's slice without allocating, for
// engines; Perft counts the move tree. Game keeps a game with its history,
// repetitions and result, and Reader and Writer read and write PDN.
package hexdame
