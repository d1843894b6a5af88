package hexdame

import "encoding/json"

// A Result is the result of a game as PDN records it.
type Result uint8

const (
	NoResult  Result = iota // "*": the game goes on, or its result is unknown
	WhiteWins               // "2-0"
	RedWins                 // "0-2"
	Draw                    // "1-1"
	BothLose                // "0-0": both players lose (a double forfeit)
)

var resultNames = enumNames{kind: "result", names: []string{"*", "2-0", "0-2", "1-1", "0-0"}}

// String returns the result in PDN's International form: "2-0", "0-2",
// "1-1", "0-0" or "*", and "invalid result" for any other value.
func (r Result) String() string { return resultNames.String(int(r)) }

// ParseResult reads a PDN result: the International form ("2-0", "0-2",
// "1-1", "0-0"), the default form ("1-0", "0-1", "1/2-1/2", also "½-½") or
// "*". Anything else gives NoResult and an error wrapping ErrSyntax.
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

// A Reason says why a game ended.
type Reason uint8

const (
	NotOver       Reason = iota // the game goes on
	NoLegalMove                 // the side to move had no legal move and lost
	Repetition                  // the same position occurred for the third time: a draw
	Resignation                 // a win recorded while the loser could still move
	Agreement                   // a draw recorded before the rules ended the game
	DoubleForfeit               // both players lost, as recorded (the result BothLose)
	KingMoveRule                // DrawRules.KingMoves: only kings moved, nothing captured, for that many moves: a draw
)

var reasonNames = enumNames{kind: "reason", names: []string{"not over", "no legal move",
	"repetition", "resignation", "agreement", "double forfeit", "king-move rule"}}

// String describes the reason in a few words, such as "repetition" or
// "no legal move", and returns "invalid reason" for a value beyond the
// constants.
func (r Reason) String() string { return reasonNames.String(int(r)) }

// An Outcome is how a game stands: its result and why.
type Outcome struct {
	Result Result // the result; NoResult while the game goes on
	Reason Reason // why the game ended; NotOver while it goes on
}

// outcomeJSON is the JSON form of an Outcome.
type outcomeJSON struct {
	Result string `json:"result"`
	Reason string `json:"reason"`
}

// MarshalJSON implements json.Marshaler: an object with the result as PDN
// writes it and the reason in words, {"result":"2-0","reason":"no legal
// move"}. An Outcome whose Result or Reason is none of the constants gives
// an error wrapping ErrInvalid.
func (o Outcome) MarshalJSON() ([]byte, error) {
	result, err := resultNames.appendText(nil, int(o.Result))
	if err != nil {
		return nil, err
	}
	reason, err := reasonNames.appendText(nil, int(o.Reason))
	if err != nil {
		return nil, err
	}
	return json.Marshal(outcomeJSON{string(result), string(reason)})
}

// UnmarshalJSON implements json.Unmarshaler, reading what MarshalJSON
// writes; the result may be in any form ParseResult reads. JSON of another
// shape, a result that is none, and a reason that is none give an error
// wrapping ErrSyntax, and o is then unchanged.
func (o *Outcome) UnmarshalJSON(data []byte) error {
	var j outcomeJSON
	if err := decodeJSON(data, &j, "outcome", `an object such as {"result":"2-0","reason":"no legal move"}`, ErrSyntax); err != nil {
		return err
	}
	result, err := ParseResult(j.Result)
	if err != nil {
		return err
	}
	reason, err := reasonNames.parse(j.Reason)
	if err != nil {
		return err
	}
	*o = Outcome{result, Reason(reason)}
	return nil
}

// IsOver reports whether the game has ended.
func (o Outcome) IsOver() bool { return o.Reason != NotOver }

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
	KingMoves int
}

// rulesOutcome is how the rules have a game stand in position p, which
// has occurred reps times, after kingPlies plies in which only kings
// moved without capturing, under the draw rules r.
func rulesOutcome(p *Position, reps, kingPlies int, r DrawRules) Outcome {
	if !p.hasLegalMoves() {
		if p.side == White {
			return Outcome{RedWins, NoLegalMove}
		}
		return Outcome{WhiteWins, NoLegalMove}
	}
	if reps >= 3 {
		return Outcome{Draw, Repetition}
	}
	// kingPlies/2 >= k, which 2*k would overflow for a huge k.
	if k := r.KingMoves; k > 0 && kingPlies/2 >= k {
		return Outcome{Draw, KingMoveRule}
	}
	return Outcome{NoResult, NotOver}
}

// A gameError is an error of a game, of its tree or of its record: the
// sentinel it wraps, the kind of error in words when the sentinel's text
// is too general, and what happened.
type gameError struct {
	err  error
	what string // "root node"; "" for the sentinel's text
	msg  string
}

func (e *gameError) Error() string {
	if e.what != "" {
		return e.what + ": " + e.msg
	}
	return e.err.Error() + ": " + e.msg
}
func (e *gameError) Unwrap() error { return e.err }
