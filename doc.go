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
// White at the bottom: i9 is 1, e5 is 31, a1 is 61. A Cell's value is not
// that number but its place rank by rank, a1 first (Cell(1) is a1), the
// order of CellSet's bits.
//
// The six directions are UpRight (along a rank), UpLeft (along a file) and
// Up (along a column, the a1-i9 line) and their opposites. White's men step
// forward along the first three, Red's along the other three.
//
// # The rules
//
// RULES.md, at the root of the module, specifies the rules and notations the
// package implements, and links each rule to the tests that check it. In
// short: White (16 men on a1..d4) moves first against Red (16 men on
// f6..i9); Red is written B in PDN and FEN. A man steps to an empty adjacent
// cell straight or obliquely forward; a king slides any distance along any
// of the six directions. Capturing is compulsory: a man jumps an adjacent
// enemy piece in any direction onto the empty cell beyond; a king captures
// an enemy piece at any distance along a line and lands on any empty cell
// behind it. A capture goes on while it can, and only the sequences that
// capture the most pieces are legal. Captured pieces are removed when the
// move is complete; until then they block and cannot be jumped again. Two
// sequences with the same start, end and captured pieces are one move. A man
// that ends its move on the far edge (rank 9 or file i for White, rank 1 or
// file a for Red) is crowned king. A player with no legal move loses; the
// third occurrence of a position is a draw.
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
//	fmt.Println(p, len(p.LegalMoves())) // a Position prints as its FEN
//
// AppendLegalMoves and MovesFrom generate into a caller's slice without
// allocating, PlayUnchecked plays a generated move without checking it
// again, Hash gives a stable Zobrist key, Perft counts the move tree (on
// several goroutines, with a PerftCache if asked), and HasCapture and
// HashAfter serve engines' searches (package engine, in this module, plays
// and solves positions). Mirror and SwapColors give a position's images
// under the rules' two symmetries, and RandomMove draws a random legal
// move from a seeded source.
//
// A Game keeps a game: its moves as a tree of Nodes (the main line and
// variations, with comments and NAGs), its tags, repetitions, outcome and
// optional draw rules (DrawRules); Clone copies it. Reader and Writer read
// and write PDN; Reader.CheckGame checks a game against the rules without
// keeping it, Reader.CheckRecord a record's syntax, and
// Reader.ConvertRecord rewrites one in the other notation as it reads.
// WriteSVG draws a position or a move.
//
// Every value type has a text form (Parse functions, MarshalText,
// AppendText) and encodes to JSON as text or, for a Move or a Game, as an
// object; each decodes back to an equal value.
//
// # Errors
//
// The errors of this module's packages follow one convention. A sentinel
// error (ErrIllegalMove, ErrInvalidFEN, ...) names a kind of error, for
// errors.Is. No error text begins with a package's name: the program that
// prints an error says whose it is. An error type (MoveError, FENError,
// CellError, ParseError) holds the details, for errors.As, in fields named
// alike in every package: Err is the error it wraps when that varies
// (a type that always wraps one sentinel says which), Why says what was
// wrong in words, and Column says where: the byte in the text as given,
// counted from 1 as encoding/csv and go/scanner count, and 0 when the
// error is not about one place.
//
// # Hostile input
//
// Every entry point takes any input without panicking, in time and memory
// in proportion to it. Move text has at most 62 cells; a PDN comment,
// string, setup or word at most 1 MiB, a move at most 512 bytes and its
// strength mark at most 1 MiB less 512, and variations nest at most
// MaxVariationDepth deep (the Reader and the Writer keep to the same
// limits); a record's FEN tag and setups hold positions a game can reach
// (Position.CheckReachable), and the moves from one position share one
// generation of its legal moves; perft goes at most MaxPerftDepth deep.
// Error messages quote at most about 60 characters of the text they name. The capture search remembers the states it has
// explored, so that landing choices and capture orders that lead to the
// same state are explored once; positions built to make it work hard, with
// dozens of pieces where kings can take them in countless orders, still
// cost it time that grows with those orders (see doc/BENCHMARKS.md).
//
// A server bounds the work of one request by bounding its capture
// searches, the only part whose cost does not follow the size of the
// input. For a position it is given, it generates the moves once with
// Position.AppendLegalMovesWithin and a limit on the states the search
// may visit; past the limit the call returns an error wrapping
// ErrWorkLimit that names the position, having spent about the limit.
// For a PDN upload it sets the Reader's WorkLimit, which bounds the
// searches of all the games that ReadGame, CheckGame or Games check in
// that stream together; the move that would go past it is a problem of
// its game (a *ParseError wrapping ErrWorkLimit):
//
//	r := hexdame.NewReader(upload)
//	r.WorkLimit = 50_000_000 // about a few seconds of one core
//	for g, err := range r.Games() {
//		if errors.Is(err, hexdame.ErrWorkLimit) {
//			return err // refuse the rest of the upload
//		}
//		...
//	}
//
// Every position a game reaches holds at most 16 pieces a side; the
// heaviest such position known takes its search about a million states.
// Listing every legal move with its path (LegalMovePaths) costs one
// search, not one per move.
//
// # The files
//
// The package is one directory of files, each named for what it holds.
// They are listed here lowest first: each file uses only what it and the
// files before it define, but for three uses that cannot be otherwise
// (board.go's init builds the start position of position.go, a Node of
// tree.go belongs to a Game of game.go, and a Reader of pdn.go keeps the
// replayer of replay.go that CheckGame reuses). files_test.go checks the
// order, and lists those uses with their reasons.
//
//   - doc.go: this overview.
//   - text.go: the text helpers of every layer: the names of
//     enumerations, quoting and clipping the text an error message
//     names, the errors of JSON of the wrong shape.
//   - hexdame.go: Color and Piece, the sides and what stands on a cell.
//   - board.go: Cell, Direction and Notation, and the board's tables:
//     its cells in the three numberings of the move generator, their
//     neighbours, rays and rows.
//   - cellset.go: CellSet, and the sets that a cell or a side gives
//     (Cell.Ray, Color.CrowningRow).
//   - position.go: Position, the pieces on the board and the side to
//     move: the start position, Mirror and SwapColors, and packedPosition,
//     a position in 24 bytes.
//   - fen.go: ParseFEN and the FEN text of a Position.
//   - diagram.go: Position.Diagram.
//   - reachable.go: Position.CheckReachable.
//   - stateset.go: the capture search's memory of the states it has
//     explored.
//   - work.go: the bound on the work of capture searches, ErrWorkLimit.
//   - move.go: Move, MovePath and MoveError, and playing a move
//     (PlayUnchecked, IsReversible).
//   - capture.go: the move generator: the bitboard tests, the moves
//     without capture, the capture search and the path search.
//   - legal.go: the legal moves of a position: LegalMoves, IsLegal, Play,
//     Path, RandomMove, AppendLegalMovesWithin.
//   - hash.go: the Zobrist keys, Hash and HashAfter.
//   - perft.go: Perft and PerftCache.
//   - movecache.go: the legal captures that one pass over a record or a
//     game keeps, so that the moves from one position share one
//     generation.
//   - notation.go: move text: ParseMove, FormatMove, FormatMovePath, and
//     MoveError's message, which lists moves in it.
//   - outcome.go: Result, Reason, Outcome and DrawRules: how a game
//     stands.
//   - pdn.go: the syntax layer of PDN: Reader, Record, Element, Tag,
//     ParseError, and the limits of a record.
//   - tag.go: the tags of a game: the seven tag roster, their order, what
//     a tag may hold, and GameType.
//   - tree.go: Node, the tree of a game's moves and their annotations.
//   - game.go: Game.
//   - replay.go: a record played against the rules: ReadGame, CheckGame,
//     Record.Replay.
//   - record.go: a game as a record: Game.Record.
//   - pdnwrite.go: Writer.
//   - convert.go: Record.Convert and Reader.ConvertRecord.
//   - svg.go: WriteSVG and AppendSVG.
package hexdame
