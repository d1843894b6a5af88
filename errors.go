package hexdame

import "errors"

// The errors of the package wrap one of these sentinels, so that a caller
// tells them apart with errors.Is; the error itself says what was wrong,
// and, for a few kinds, is of a type with the details: *MoveError,
// *FENError, *ParseError.
var (
	// ErrSyntax is wrapped by the errors returned for text that does not
	// read as what was asked for: a cell, a color, a notation, a result,
	// move text ("d4-", "q5-e5"), a FEN (a *FENError), PDN (a *ParseError
	// for text that is not PDN), and JSON of the wrong shape.
	ErrSyntax = errors.New("invalid syntax")

	// ErrInvalid is wrapped by the errors returned for an argument the
	// package cannot take or write: a value beyond a type's constants, a
	// tag, comment, NAG or strength mark that a PDN record cannot hold, a
	// record a Writer cannot write, an edit of a node that is no longer
	// in its game's tree, of the root where a move is needed, or of a nil
	// *Game.
	ErrInvalid = errors.New("invalid argument")

	// ErrIllegalMove is wrapped by the errors returned for a move that is
	// not legal in the position it is played in.
	ErrIllegalMove = errors.New("illegal move")

	// ErrAmbiguousMove is wrapped by the errors returned for move text
	// that several legal moves match (see Position.ParseMove).
	ErrAmbiguousMove = errors.New("ambiguous move")

	// ErrGameOver is wrapped by the errors returned for a move played
	// after the end of the game.
	ErrGameOver = errors.New("game over")

	// ErrUnreachable is wrapped by the errors of Position.CheckReachable,
	// and of reading a record whose FEN tag or setup is such a position.
	ErrUnreachable = errors.New("unreachable position")

	// ErrResultMismatch is wrapped by the errors returned when a result
	// contradicts the rules (a draw recorded where a side has no legal
	// move) or another result of the same record.
	ErrResultMismatch = errors.New("result does not match the game")

	// ErrNotHexDame is wrapped by the errors returned when a record's
	// GameType names a game other than HexDame.
	ErrNotHexDame = errors.New("not a HexDame record")

	// ErrWorkLimit is wrapped by the errors returned when a capture search
	// would go past a limit on its work: Position.AppendLegalMovesWithin's,
	// or what is left of a Reader's WorkLimit.
	ErrWorkLimit = errors.New("work limit exceeded")
)
