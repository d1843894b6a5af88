// Package hexdame implements the rules of HexDame, Christian Freeling's
// hexagonal translation of International Draughts (1979): positions, legal
// moves with compulsory majority capture and flying kings, move and position
// notation, games with repetition and outcome, and PDN game records.
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
// AppendLegalMoves generates into a caller's slice without allocating,
// CountLegalMoves counts without generating where it can, PlayUnchecked
// plays a generated move without checking it again, Hash gives a stable
// Zobrist key, and HasCapture and HashAfter serve engines' searches. Path
// gives a move's landing cells, and LegalMovePaths every legal move with
// its path from one search. Mirror and SwapColors give a position's
// images under the rules' two symmetries. Packages of this module build
// on these alone: perft counts the move tree, diagram draws positions as
// SVG and text, engine plays and solves positions, endgame builds and
// probes endgame tables, and hub speaks the Hub protocol.
//
// A Game keeps a game: its moves as a tree of Nodes (the main line and
// variations, with comments, NAGs and strength marks), its tags,
// repetitions, outcome and optional draw rules (DrawRules); Clone copies
// it. Game.Movetext walks its moves in the order a record writes them,
// with their move numbers. Reader reads PDN as Records (the syntax, for
// any draughts game) or as Games (checked against the rules), Record.Convert
// rewrites a record in the other notation, and Writer writes records and
// games. CheckRecord and CheckGame check a record without keeping it, in
// memory that does not grow with it.
//
// Cell and Position have a text form (ParseCell and ParseFEN, String,
// MarshalText, AppendText) and a Move encodes to JSON as an object; each
// decodes back to an equal value.
//
// # Errors
//
// The errors of this module's packages follow one convention. A sentinel
// error (ErrSyntax, ErrInvalid, ErrIllegalMove, ...) names a kind of
// error, for errors.Is. No error text begins with a package's name: the
// program that prints an error says whose it is. An error type
// (MoveError, FENError, ParseError) holds the details, for errors.As, in
// fields named alike in every package: Err is the error it wraps when that
// varies (a type that always wraps one sentinel says which), Why says what
// was wrong in words, and Column says where: the byte in the text as
// given, counted from 1 as encoding/csv and go/scanner count, and 0 when
// the error is not about one place. ParseErrors collects the ParseErrors
// of a game read from PDN.
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
// generation of its legal moves. Error messages quote at most about 60
// characters of the text they name. The capture search remembers the
// states it has explored, so that landing choices and capture orders that
// lead to the same state are explored once; positions built to make it
// work hard, with dozens of pieces where kings can take them in countless
// orders, still cost it time that grows with those orders (see
// doc/BENCHMARKS.md).
//
// A server bounds the work of one request by a work limit on its capture
// searches, the only part whose cost does not follow the size of the
// input. Work is counted in states: a cell the capturing piece reaches
// with the set of pieces it has captured on the way. For a position it is
// given, it generates the moves once with Position.AppendLegalMovesWithin
// and a work limit; past the limit the call returns an error wrapping
// ErrWorkLimit that names the position, having spent about the limit.
// For a PDN upload it sets the Reader's WorkLimit, which bounds the
// searches of all the games ReadGame reads from that stream together; the
// move that would go past it is a problem of its game (a *ParseError
// wrapping ErrWorkLimit):
//
//	r := hexdame.NewReader(upload)
//	r.WorkLimit = 50_000_000 // about a few seconds of one core
//	for {
//		g, err := r.ReadGame()
//		if err == io.EOF || errors.Is(err, hexdame.ErrWorkLimit) {
//			break // the end, or refuse the rest of the upload
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
// tree.go belongs to a Game of game.go, and a Reader of pdnlex.go keeps
// the replayer of replay.go that CheckGame reuses). docs_files_test.go checks
// the order, and lists those uses with their reasons.
//
//   - doc.go: this overview.
//   - errors.go: the sentinel errors.
//   - text.go: the text helpers of every layer: the names of
//     enumerations, quoting and clipping the text an error message
//     names, the errors of JSON of the wrong shape.
//   - hexdame.go: Color, Piece and Notation: the sides, what stands on a
//     cell, and how cells are written.
//   - board.go: Cell and Direction, and the board's tables: its cells in
//     the three numberings of the move generator, their neighbors, rays
//     and rows.
//   - cellset.go: CellSet, and the sets that a cell or a side gives
//     (Cell.Ray, Color.CrowningRow).
//   - position.go: Position, the pieces on the board and the side to
//     move: the start position, Mirror and SwapColors, and packedPosition,
//     a position in 24 bytes.
//   - fen.go: ParseFEN and the FEN text of a Position.
//   - reachable.go: Position.CheckReachable.
//   - stateset.go: the capture search's memory of the states it has
//     explored.
//   - work.go: the work limit of capture searches, ErrWorkLimit's error.
//   - move.go: Move, MovePath and MoveError, and playing a move
//     (PlayUnchecked, IsReversible).
//   - quiet.go: the move generator's bitboard tests and the moves without
//     capture.
//   - capture.go: the capture search.
//   - path.go: the path search: the landing cells of a capture.
//   - legal.go: the legal moves of a position: LegalMoves, CountLegalMoves,
//     IsLegal, Play, Path, LegalMovePaths, AppendLegalMovesWithin.
//   - hash.go: the Zobrist keys, Hash and HashAfter.
//   - movecache.go: the legal captures that one pass over a record or a
//     game keeps, so that the moves from one position share one
//     generation.
//   - notation.go: move text: ParseMove, FormatMove, and MoveError's
//     message, which lists moves in it.
//   - outcome.go: Result, Reason, Outcome and DrawRules: how a game
//     stands.
//   - pdn.go: PDN's records: Record, Element, Tag, ParseError, the limits
//     of a record, and the sink a record is passed to part by part.
//   - pdnlex.go: Reader and its tokenizer.
//   - pdnread.go: the syntax layer: ReadRecord, the parser of a record.
//   - tag.go: the tags of a game: the seven tag roster, their order, what
//     a tag may hold, and the GameType tag.
//   - tree.go: Node, the tree of a game's moves and their annotations.
//   - game.go: Game.
//   - replay.go: a record played against the rules: ReadGame, CheckGame,
//     Record.Replay.
//   - record.go: a game passed to a sink as a record, part by part.
//   - movetext.go: the walk of a movetext with its move numbers:
//     MovetextItem, Game.Movetext and Record.Movetext.
//   - pdnwrite.go: Writer.
//   - convert.go: Record.Convert.
package hexdame
