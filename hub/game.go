package hub

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/hexdame/hexdame"
)

// A Reason says why a refereed game ended. Its String is a stable
// word for scripts and PDN tags.
type Reason uint8

const (
	NotOver         Reason = iota // "not-over": the game did not end (it was interrupted)
	NoLegalMove                   // "no-legal-move": the side to move had no legal move and lost
	Repetition                    // "repetition": a position occurred for the third time: a draw
	KingMoveRule                  // "king-move-rule": GameOptions.DrawRules.KingMoves moves a side with only kings and no capture: a draw
	Adjudication                  // "adjudication": a draw when the moves since the last capture or man move are more than a pos line holds, or GameOptions.Adjudicate's result
	IllegalMove                   // "illegal-move": a move in the Hub notation that is not legal lost
	UnparseableMove               // "unparseable-move": a move that is not in the Hub notation lost
	NoMove                        // "no-move": a done without a move lost
	TimeForfeit                   // "time-forfeit": a move after the time and the margin lost
	Hang                          // "hang": no move even after stop, or not reading its input, lost
	Crash                         // "crash": the engine exited during the game and lost
	Protocol                      // "protocol": the engine broke the protocol (a second done) and lost
	StartFailure                  // "start-failure": the engine could not be started for the game and lost
)

var reasonNames = [...]string{
	NotOver:         "not-over",
	NoLegalMove:     "no-legal-move",
	Repetition:      "repetition",
	KingMoveRule:    "king-move-rule",
	Adjudication:    "adjudication",
	IllegalMove:     "illegal-move",
	UnparseableMove: "unparseable-move",
	NoMove:          "no-move",
	TimeForfeit:     "time-forfeit",
	Hang:            "hang",
	Crash:           "crash",
	Protocol:        "protocol",
	StartFailure:    "start-failure",
}

// String returns the reason's word, such as "time-forfeit" ("" for
// an invalid Reason).
func (r Reason) String() string {
	if int(r) < len(reasonNames) {
		return reasonNames[r]
	}
	return ""
}

// IsFault reports whether the reason is a loss by an engine's fault
// rather than by the rules or adjudication.
func (r Reason) IsFault() bool { return r >= IllegalMove }

// GameOptions say how PlayGame runs a game. The zero GameOptions play from
// the start position, each engine moving at once.
type GameOptions struct {
	// Start is the position the game starts from (the zero Position, an
	// empty board, stands for hexdame.StartPosition()), and Opening the
	// moves played from it before the engines take over.
	Start   hexdame.Position
	Opening []hexdame.Move

	// The time control: a time per move (MoveTime), or a clock for each
	// side with Clock for the game and Increment added after each move,
	// as in Limits. A clock run out leaves no time: the engine is told to
	// move at once (Clock LeastTime), and loses on time unless it moves
	// within the Margin. A move that overruns its clock within the Margin
	// leaves the clock below zero, and the next move's overrun counts from
	// there: the Margin is a tolerance for the game, not a time each move
	// may add. With no time control (all three zero) each
	// engine is told to move at once (MoveTime LeastTime) and is stopped
	// after Margin, and no move loses on time.
	MoveTime  time.Duration
	Clock     time.Duration
	Increment time.Duration

	// Margin is how much a move may overrun its move time, or a side's
	// clock go below zero, before it loses on time; a search that has
	// not ended by then is stopped.
	Margin time.Duration

	// DrawRules are the draw rules the game applies besides Freeling's
	// (hexdame.Game.SetDrawRules): with KingMoves set to N, a game in
	// which each side has made N moves in a row with only kings and no
	// capture is drawn, Reason KingMoveRule.
	DrawRules hexdame.DrawRules

	// Adjudicate, when set, is asked after each move the engines play
	// (once the rules have not ended the game) whether the position
	// decides it, as endgame tables do: a result (WhiteWins, RedWins or
	// Draw) and a detail in words, ok false to play on. The game then
	// ends with that result, Reason Adjudication and the detail.
	Adjudicate func(p hexdame.Position) (result hexdame.Result, detail string, ok bool)

	// Info, when set, receives the info lines of each side's searches.
	Info func(side hexdame.Color, in Info)
}

// A GameReport is how a refereed game went.
type GameReport struct {
	Game     *hexdame.Game  // the game from Start: the opening, the engines' moves, the result
	Result   hexdame.Result // WhiteWins, RedWins or Draw (NoResult for an interrupted game)
	Reason   Reason
	Detail   string        // what happened, in words, such as "Red's move \"40-36\" is not legal"
	Faulty   hexdame.Color // the side whose engine lost by a fault, when Reason.IsFault()
	Plies    int           // the moves the engines played
	Thinking [2]time.Duration
	Moves    [2]int // per side (index 0 White, 1 Red): the time the searches took and their number
}

// ErrOpening is wrapped by the error of PlayGame for an opening that cannot
// be played or that ends the game.
var ErrOpening = errors.New("invalid opening")

func sideIndex(c hexdame.Color) int {
	if c == hexdame.White {
		return 0
	}
	return 1
}

// PlayGame referees a game between two engines: white plays White, red
// plays Red. It plays the game on a hexdame.Game with opts.DrawRules set.
// After the opening, it asks the side to move for a move with the
// position since the last capture or man move and the time left, and
// plays it, until the game's Outcome says the rules ended it (no legal
// move, a third repetition, the king-move rule: Reasons NoLegalMove,
// Repetition and KingMoveRule), the game is adjudicated (Adjudicate, or a
// draw when the moves since the last capture or man move no longer fit in
// a pos line of MaxLineLength bytes), or an engine loses by a fault: a
// move that is illegal or not in the Hub notation, a done without a move,
// a move later than its time plus the margin (a search is stopped then,
// and given the client's StopTimeout to answer), an engine that exits or
// breaks the protocol. Each is recorded in the result with its reason, the
// game's result is set, and an engine whose state is unknown afterwards
// has a Client.Err.
//
// PlayGame returns an error only for an opening that cannot be played or
// that ends the game (wrapping ErrOpening), or when ctx is done before the
// game ends (ctx.Err(), with the game so far and Reason
// NotOver).
func PlayGame(ctx context.Context, white, red *Client, opts GameOptions) (GameReport, error) {
	if opts.Start == (hexdame.Position{}) {
		opts.Start = hexdame.StartPosition()
	}
	g := hexdame.NewGameFrom(opts.Start)
	g.SetDrawRules(opts.DrawRules)
	for i, m := range opts.Opening {
		if err := g.Play(m); err != nil {
			return GameReport{Game: g}, fmt.Errorf("%w: move %d: %v", ErrOpening, i+1, err)
		}
	}
	res := GameReport{Game: g}
	if g.Outcome().IsOver() {
		return res, fmt.Errorf("%w: the game is over after it", ErrOpening)
	}
	players := [2]*Client{white, red}
	lose := func(side hexdame.Color, t Reason, detail string) (GameReport, error) {
		res.Reason, res.Detail, res.Faulty = t, detail, side
		res.Result = hexdame.WhiteWins
		if side == hexdame.White {
			res.Result = hexdame.RedWins
		}
		g.SetResult(res.Result)
		return res, nil
	}
	for _, c := range []hexdame.Color{hexdame.White, hexdame.Red} {
		if err := players[sideIndex(c)].NewGame(ctx); err != nil {
			if ctx.Err() != nil {
				return res, ctx.Err()
			}
			t, why := classify(err)
			return lose(c, t, c.String()+" "+why)
		}
	}

	// The positions and moves of the game; base is the index of the first
	// move since the last capture or man move, which the pos line sends
	// from hist[base], and posBytes a bound on that line's length.
	var hist []hexdame.Position
	var moves []hexdame.Move
	for x := range g.Root().Mainline() {
		hist, moves = append(hist, x.Parent().Position()), append(moves, x.Move())
	}
	hist = append(hist, g.Position())
	posHeader := len(`pos pos= moves=""`) + len(FormatPosition(opts.Start))
	base, posBytes := 0, posHeader
	played := func(p hexdame.Position, m hexdame.Move, i int) {
		if p.IsReversible(m) {
			posBytes += len(FormatMove(m)) + 1
		} else {
			base, posBytes = i+1, posHeader
		}
	}
	for i, m := range moves {
		played(hist[i], m, i)
	}
	timed := opts.MoveTime > 0 || opts.Clock > 0 || opts.Increment > 0
	clock := [2]time.Duration{opts.Clock, opts.Clock}
	for {
		if err := ctx.Err(); err != nil {
			return res, err
		}
		p := hist[len(hist)-1]
		side := p.SideToMove()
		si := sideIndex(side)
		if posBytes > maxPosLine {
			res.Result, res.Reason = hexdame.Draw, Adjudication
			res.Detail = fmt.Sprintf("%d plies without capture or man move, more than a Hub line holds", len(moves)-base)
			g.SetResult(hexdame.Draw)
			return res, nil
		}
		limits := Limits{MoveTime: opts.MoveTime}
		allowed := opts.MoveTime
		switch {
		case !timed:
			limits.MoveTime = LeastTime
		case opts.MoveTime <= 0:
			// A clock run out (or in debt) is still a clock: move at once.
			limits = Limits{Clock: max(clock[si], LeastTime), Increment: opts.Increment}
			allowed = clock[si]
		}
		search := Search{Position: hist[base], Moves: moves[base:], Limits: limits}
		var info func(Info)
		if opts.Info != nil {
			info = func(in Info) { opts.Info(side, in) }
		}
		sctx, cancel := context.WithTimeout(ctx, allowed+opts.Margin)
		start := time.Now()
		done, err := players[si].Search(sctx, search, info)
		elapsed := time.Since(start)
		cancel()
		if ctx.Err() != nil {
			return res, ctx.Err()
		}
		res.Thinking[si] += elapsed
		res.Moves[si]++
		if err != nil {
			if errors.Is(err, ErrClosed) {
				return res, context.Canceled
			}
			t, why := classify(err)
			return lose(side, t, side.String()+" "+why)
		}
		if timed && elapsed > allowed+opts.Margin {
			why := fmt.Sprintf("%s moved after %v, with %v allowed", side, elapsed.Round(time.Millisecond), allowed)
			if allowed < 0 {
				why = fmt.Sprintf("%s moved after %v, its clock %v in debt and the margin %v", side, elapsed.Round(time.Millisecond), (-allowed).Round(time.Millisecond), opts.Margin)
			}
			return lose(side, TimeForfeit, why)
		}
		if opts.MoveTime <= 0 {
			// The debt of a move within the margin stays on the clock,
			// as cutechess keeps it: the margin is a tolerance for the
			// game, not a time each move may add.
			clock[si] = clock[si] - elapsed + opts.Increment
		}
		if err := g.Play(done.Move); err != nil {
			// Search returns legal moves only; this is a safeguard.
			return lose(side, IllegalMove, fmt.Sprintf("%s's move %q is not legal", side, FormatMove(done.Move)))
		}
		res.Plies++
		played(p, done.Move, len(moves))
		moves = append(moves, done.Move)
		hist = append(hist, g.Position())
		if o := g.Outcome(); o.IsOver() {
			res.Result = o.Result
			res.Reason, res.Detail = ruleEnd(o, g)
			return res, nil
		}
		if opts.Adjudicate != nil {
			r, detail, ok := opts.Adjudicate(g.Position())
			if ok && (r == hexdame.WhiteWins || r == hexdame.RedWins || r == hexdame.Draw) {
				res.Result, res.Reason, res.Detail = r, Adjudication, detail
				g.SetResult(r)
				return res, nil
			}
		}
	}
}

// ruleEnd returns the reason and the words for game g, which the
// rules (and its draw rules) have ended with outcome o. A game whose
// result no one has recorded ends by the rules only with the reasons
// NoLegalMove, ThreefoldRepetition or KingMoveRule; any other reason is
// reported as an adjudication, with the outcome in the words.
func ruleEnd(o hexdame.Outcome, g *hexdame.Game) (Reason, string) {
	switch o.Reason {
	case hexdame.NoLegalMove:
		return NoLegalMove, g.Position().SideToMove().String() + " has no legal move"
	case hexdame.Repetition:
		return Repetition, "the position occurred for the third time"
	case hexdame.KingMoveRule:
		return KingMoveRule, fmt.Sprintf("%d moves a side with only kings and no capture", g.DrawRules().KingMoves)
	}
	return Adjudication, "the rules ended the game: " + o.String()
}

// maxPosLine is the longest pos line PlayGame sends: MaxLineLength, lower
// in tests.
var maxPosLine = MaxLineLength

// classify returns the reason and the words for an engine's error.
func classify(err error) (Reason, string) {
	var te *TextError
	switch {
	case errors.Is(err, ErrDoneWithoutMove):
		return NoMove, "ended its search without a move"
	case errors.As(err, &te) && te.Err == hexdame.ErrSyntax:
		return UnparseableMove, fmt.Sprintf("played %q, which is not a move in the Hub notation", te.Text)
	case errors.As(err, &te) && te.Err == hexdame.ErrIllegalMove:
		return IllegalMove, fmt.Sprintf("played %q, which is not legal", te.Text)
	case errors.Is(err, ErrStopIgnored):
		return Hang, "did not move, even after stop"
	case errors.Is(err, ErrTimeout):
		return Hang, "stopped answering: " + err.Error()
	case errors.Is(err, ErrExited):
		return Crash, err.Error()
	case errors.Is(err, ErrProtocol):
		return Protocol, "broke the protocol: " + err.Error()
	}
	return Crash, "failed: " + err.Error()
}
