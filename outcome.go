package hexdame

import "errors"

// ErrGameOver is wrapped by the errors returned for a move played after the
// game has ended.
var ErrGameOver = errors.New("game over")

// ErrInvalidResult is wrapped by the errors of ParseResult, of
// marshalling a Result beyond the constants, and of reading a record whose
// Result tag is not a PDN result.
var ErrInvalidResult = errors.New("invalid result")

// A Result is the result of a game as PDN records it.
type Result uint8

const (
	NoResult  Result = iota // "*": the game goes on, or its result is unknown
	WhiteWins               // "2-0"
	RedWins                 // "0-2"
	Draw                    // "1-1"
	BothLose                // "0-0": both players lose (a double forfeit)
)

var resultNames = enumNames{kind: "result", names: []string{"*", "2-0", "0-2", "1-1", "0-0"}, err: ErrInvalidResult}

// String returns the result in PDN's International form: "2-0", "0-2",
// "1-1", "0-0" or "*", and "invalid result" for any other value.
func (r Result) String() string { return resultNames.String(int(r)) }

// ParseResult reads a PDN result: the International form ("2-0", "0-2",
// "1-1", "0-0"), the default form ("1-0", "0-1", "1/2-1/2", also "½-½") or
// "*". Anything else gives NoResult and an error wrapping ErrInvalidResult.
func ParseResult(s string) (Result, error) {
	switch s {
	case "*":
		return NoResult, nil
	case "2-0", "1-0":
		return WhiteWins, nil
	case "0-2", "0-1":
		return RedWins, nil
	case "1-1", "1/2-1/2", "½-½":
		return Draw, nil
	case "0-0":
		return BothLose, nil
	}
	return NoResult, resultNames.parseError(s)
}

// AppendText appends the result in PDN's International form ("2-0",
// "0-2", "1-1", "0-0" or "*"); any other value gives an error wrapping
// ErrInvalidResult.
func (r Result) AppendText(b []byte) ([]byte, error) { return resultNames.appendText(b, int(r)) }

// MarshalText implements encoding.TextMarshaler with the International
// form of the result.
func (r Result) MarshalText() ([]byte, error) { return r.AppendText(nil) }

// UnmarshalText implements encoding.TextUnmarshaler with ParseResult. On
// error r is unchanged.
func (r *Result) UnmarshalText(text []byte) error { return unmarshalWith(r, text, ParseResult) }

// ErrInvalidReason is wrapped by the errors of ParseReason and of
// marshalling a Reason beyond the constants.
var ErrInvalidReason = errors.New("invalid reason")

// A Reason says why a game ended.
type Reason uint8

const (
	NotOver             Reason = iota // the game goes on
	NoLegalMove                       // the side to move had no legal move and lost
	ThreefoldRepetition               // the same position occurred for the third time: a draw
	Resignation                       // a win recorded while the loser could still move
	Agreement                         // a draw recorded before the rules ended the game
	DoubleForfeit                     // both players lost, as recorded (the result BothLose)
	KingMoveRule                      // DrawRules.KingMoves: only kings moved, nothing captured, for that many moves: a draw
)

var reasonNames = enumNames{kind: "reason", err: ErrInvalidReason, names: []string{"not over", "no legal move",
	"threefold repetition", "resignation", "agreement", "double forfeit", "king-move rule"}}

// String describes the reason in a few words, such as "threefold
// repetition", and returns "invalid reason" for a value beyond the
// constants.
func (r Reason) String() string { return reasonNames.String(int(r)) }

// ParseReason reads what Reason.String writes, such as "threefold
// repetition", in any case. Other text gives NotOver and an error
// wrapping ErrInvalidReason.
func ParseReason(s string) (Reason, error) {
	r, err := reasonNames.parse(s)
	return Reason(r), err
}

// AppendText appends the reason in words; a value beyond the constants
// gives an error wrapping ErrInvalidReason.
func (r Reason) AppendText(b []byte) ([]byte, error) { return reasonNames.appendText(b, int(r)) }

// MarshalText implements encoding.TextMarshaler with the reason in words.
func (r Reason) MarshalText() ([]byte, error) { return r.AppendText(nil) }

// UnmarshalText implements encoding.TextUnmarshaler with ParseReason. On
// error r is unchanged.
func (r *Reason) UnmarshalText(text []byte) error { return unmarshalWith(r, text, ParseReason) }

// An Outcome is how a game stands: its result and why.
type Outcome struct {
	Result Result `json:"result"` // the result; NoResult while the game goes on
	Reason Reason `json:"reason"` // why the game ended; NotOver while it goes on
}

// IsOver reports whether the game has ended.
func (o Outcome) IsOver() bool { return o.Reason != NotOver }

// Winner returns the winning color; ok is false, and the color NoColor,
// for a game that is drawn, lost by both, or not over.
func (o Outcome) Winner() (c Color, ok bool) {
	switch o.Result {
	case WhiteWins:
		return White, true
	case RedWins:
		return Red, true
	}
	return NoColor, false
}

// String describes the outcome, such as "2-0 (no legal move)".
func (o Outcome) String() string {
	if !o.IsOver() {
		return "*"
	}
	return o.Result.String() + " (" + o.Reason.String() + ")"
}

// DrawRules are draw rules that draughts federations add to the rules of
// the game. They are not part of Freeling's HexDame, and a Game applies
// none until SetDrawRules is called. The zero DrawRules is no rule.
type DrawRules struct {
	// KingMoves, when positive, draws the game once each side has made
	// that many successive moves (twice as many plies) in which only
	// kings moved and nothing was captured. International Draughts uses
	// 25.
	KingMoves int `json:"kingMoves,omitempty"`
}

// rulesOutcome is how the rules have a game stand in position p, which
// has occurred reps times, after kingPlies plies in which only kings
// moved without capturing, under the draw rules r.
func rulesOutcome(p *Position, reps, kingPlies int, r DrawRules) Outcome {
	if !p.HasLegalMoves() {
		if p.side == White {
			return Outcome{RedWins, NoLegalMove}
		}
		return Outcome{WhiteWins, NoLegalMove}
	}
	if reps >= 3 {
		return Outcome{Draw, ThreefoldRepetition}
	}
	// kingPlies/2 >= k, which 2*k would overflow for a huge k.
	if k := r.KingMoves; k > 0 && kingPlies/2 >= k {
		return Outcome{Draw, KingMoveRule}
	}
	return Outcome{NoResult, NotOver}
}

// A gameError is an error of a game, of its tree or of its record: the
// sentinel it wraps and what happened.
type gameError struct {
	err error
	msg string
}

func (e *gameError) Error() string { return e.err.Error() + ": " + e.msg }
func (e *gameError) Unwrap() error { return e.err }
