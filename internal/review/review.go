// Package review reviews a whole game, as the analysis boards of lichess
// and lidraughts do: it evaluates every position of the game's main line
// with the engine (or, where they hold it, the endgame tables), judges
// each move by the expected score it gives away, and writes what it found
// into the game: an evaluation after each move, NAGs on the mistakes, the
// engine's better line as a variation, and a summary per side. The
// command hexdame review, hexdame serve's page and the static site's Web
// Worker all use it.
//
// # The record
//
// Annotate writes, into a game of package hexdame:
//
//   - After each move of the main line, a comment holding the evaluation
//     of the position reached, from White's point of view, in the form lichess
//     writes: [%eval +0.35] (men, two decimals, with a sign), or
//     [%eval #+7] and [%eval #-7] for a win in 7 plies for White and for
//     Red (a proven win, by the search or the tables; #+0 and #-0 where
//     the game has ended). ParseEval reads it back.
//   - On a move judged an inaccuracy, a mistake or a blunder, the NAG $6
//     (?!), $2 (?) or $4 (??), and after the evaluation the words
//     "Mistake: +0.35 to -1.20. d4-e5 was best." (the evaluations before
//     and after the move, White's view, and the engine's move); the
//     engine's line from the position before the move, at most MaxLine
//     plies, is added there as a variation.
//   - The tags Annotator ("hexdame review: 0.2 s a position") and
//     WhiteReview and RedReview, each
//     "moves=40 inaccuracies=2 mistakes=1 blunders=0 loss=0.23": the moves
//     of that side judged, the counts, and the average loss in men (see
//     Summary).
//
// A game reviewed again has these replaced: the old evaluations and words
// are taken out of the comments (the rest of a comment is kept after the
// new text), the NAGs $2, $4 and $6 and the strength marks ?, ?? and ?!
// (which a page may have written for them) of the main line's judged
// moves are set or cleared (others are kept), and a better line already
// there is not added twice.
//
// # The judgement
//
// A move is judged by the loss in expected score of the side that plays
// it: the expected score of the position before it, from the engine's
// score, less that of the position after it. A score s in hundredths of
// a man has the expected score E(s) = 1/(1+exp(-K·s)), the logistic that
// the engine's evaluation is tuned with (internal/cmd/tune), with K
// fitted to the results of the engine's own games: a man ahead is 0.91;
// a proven win is 1, a proven loss 0, a draw of the tables or the rules
// 1/2. The thresholds are lichess's: it judges on the winning chances
// 2E-1 with 0.1, 0.2 and 0.3, which are 0.05 (Inaccuracy), 0.10
// (Mistake) and 0.15 (Blunder) of expected score. Near equality they are
// about 0.09, 0.17 and 0.26 men. A move that turns a won position (by the
// tables, or a proven win) into a draw loses 1/2 and is a blunder, as is
// one that turns a draw into a loss; in a position already won or lost,
// where the expected score hardly moves, a man given away is not an
// error. A move that is the engine's own best move in the position
// before it is never judged an error: a worse score after it is the
// searches' disagreement, not the player's mistake.
package review

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/endgame"
	"github.com/hexdame/hexdame/engine"
)

// Bounds of a review.
const (
	// MaxPositions is the default bound on the positions of the main line
	// a review takes (Options.MaxPositions).
	MaxPositions = 1000
	// MaxLine is the longest line, in plies, kept of a position's best
	// line and added as a variation.
	MaxLine = 10
	// WorkLimit is the default bound on the work of checking the best
	// lines' moves (Options.WorkLimit), in the states of the capture
	// searches, as hexdame.Reader's WorkLimit counts them: about a second
	// of one core.
	WorkLimit = 20_000_000
)

// ErrTooLong is wrapped by the error of a review of a game longer than
// its bound on positions.
var ErrTooLong = errors.New("game too long to review")

// ErrTimeLimit is wrapped by the error of a review stopped by its bound
// on the total time (Options.MaxTime).
var ErrTimeLimit = errors.New("review time limit reached")

// Options say how to review a game.
type Options struct {
	// Limits bound the search of each position: a depth, a move time or
	// both (the zero Limits: DefaultMoveTime).
	Limits engine.Limits
	// Tables, when not nil, judge the positions they hold exactly: their
	// value and distance replace the search's, and their best play is the
	// better line.
	Tables *endgame.Tables
	// MaxPositions bounds the positions reviewed: a main line with more
	// is refused (ErrTooLong) before any search. 0 means MaxPositions.
	MaxPositions int
	// MaxTime, when positive, bounds the time of the whole review: the
	// review then stops with what it has and an error wrapping
	// ErrTimeLimit.
	MaxTime time.Duration
	// WorkLimit bounds the work of checking the better lines (see the
	// constant WorkLimit, the default when 0); lines past it are left out.
	WorkLimit int64
	// Progress, when not nil, is called after each position evaluated.
	Progress func(Progress)
}

// DefaultMoveTime is the time a position gets when Options.Limits sets no
// limit.
const DefaultMoveTime = 200 * time.Millisecond

// Progress reports a position evaluated: Done of Total, and what was
// found of it (the position Done-1 of the main line, 0 the start).
type Progress struct {
	Done, Total int
	Eval        Eval
}

// An Eval is what the review found of one position of the main line.
// It marshals to JSON with lowercase keys, the position as its FEN, the
// score as its text ("+0.35", "win 7", "loss 0") and the moves as package
// hexdame's Move objects.
type Eval struct {
	Position hexdame.Position `json:"fen"`
	// Score is the position's value for the side to move, as the engine
	// scores: a proven win or loss in a number of plies, or hundredths of
	// a man. A position where the game has ended scores "loss 0" (no
	// legal move) or 0 (a draw by the rules).
	Score engine.Score `json:"score"`
	// Depth is the depth the search completed: 0 when the tables or the
	// rules decided.
	Depth int `json:"depth"`
	// Tables reports that the endgame tables gave the score: it is exact.
	Tables bool `json:"tables,omitempty"`
	// Line is the best play from the position, at most MaxLine plies: the
	// engine's principal variation or the tables' best moves; none where
	// the game has ended.
	Line []hexdame.Move `json:"line"`
}

// White returns the score from White's point of view: positive when White
// stands better, a win when White wins.
func (ev Eval) White() engine.Score {
	if ev.Position.SideToMove() == hexdame.Red {
		return -ev.Score
	}
	return ev.Score
}

// MainLine returns the positions of g's main line: the root's, then the
// one after each move.
func MainLine(g *hexdame.Game) []hexdame.Position {
	ps := []hexdame.Position{g.Root().Position()}
	for n := range g.Root().Mainline() {
		ps = append(ps, n.Position())
	}
	return ps
}

// Game reviews the main line of g with engine e: it evaluates each
// position (Evaluate) and judges each move (Judge). g is not changed;
// Annotate writes the review into it.
//
// A review canceled through ctx, or stopped by Options.MaxTime, returns
// what it found so far (the positions evaluated, the moves judged between
// them) with the error; a search that fails returns its error, and a
// main line of more positions than Options.MaxPositions an error wrapping
// ErrTooLong.
func Game(ctx context.Context, e *engine.Engine, g *hexdame.Game, opts Options) (*Review, error) {
	positions := MainLine(g)
	over := []hexdame.Outcome{g.Root().Outcome()}
	for n := range g.Root().Mainline() {
		over = append(over, n.Outcome())
	}
	evals, err := evaluate(ctx, e, positions, over, opts)
	r, jerr := Judge(g, evals, opts.WorkLimit)
	if jerr != nil {
		return nil, jerr
	}
	r.Annotator = Annotator(opts.Limits)
	return r, err
}

// Evaluate evaluates each of positions, the main line of a game from its
// start, with engine e: each position is searched within opts.Limits with
// the positions before it as its history, or judged by opts.Tables where
// they hold it, or by the rules where the game has ended there (no legal
// move, or a position met a third time). It returns the evaluations in
// order; canceled or stopped by MaxTime, those it has with the error.
func Evaluate(ctx context.Context, e *engine.Engine, positions []hexdame.Position, opts Options) ([]Eval, error) {
	return evaluate(ctx, e, positions, nil, opts)
}

// evaluate is Evaluate with the outcome of each position, when the caller
// knows it (a game's nodes know its draw rules); nil works it out.
func evaluate(ctx context.Context, e *engine.Engine, positions []hexdame.Position, over []hexdame.Outcome, opts Options) ([]Eval, error) {
	maxPositions := opts.MaxPositions
	if maxPositions <= 0 {
		maxPositions = MaxPositions
	}
	if len(positions) > maxPositions {
		return nil, fmt.Errorf("%w: its main line has %d positions, more than the %d a review takes", ErrTooLong, len(positions), maxPositions)
	}
	lim := opts.Limits
	if lim == (engine.Limits{}) {
		lim.MoveTime = DefaultMoveTime
	}
	if opts.MaxTime > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeoutCause(ctx, opts.MaxTime, ErrTimeLimit)
		defer cancel()
	}
	seen := make(map[hexdame.Position]int)
	evals := make([]Eval, 0, len(positions))
	for i, p := range positions {
		if err := ctx.Err(); err != nil {
			return evals, stopped(ctx)
		}
		seen[p]++
		ev := Eval{Position: p}
		var o hexdame.Outcome
		if over != nil {
			o = over[i]
		}
		switch {
		case o.IsOver() && o.Result == hexdame.Draw, over == nil && seen[p] >= 3:
			// A draw by the rules (ev.Score 0).
		case p.CountLegalMoves() == 0:
			ev.Score = -engine.WinScore // lost: no legal move
		case tablesEval(opts.Tables, &ev):
		default:
			var hist []hexdame.Position
			if i > 0 {
				hist = positions[:i]
			}
			res, err := e.Search(ctx, p, engine.SearchOptions{Limits: lim, History: hist})
			if err != nil {
				return evals, err
			}
			if ctx.Err() != nil && res.Depth == 0 {
				// Stopped before the first depth: no evaluation.
				return evals, stopped(ctx)
			}
			ev.Score, ev.Depth = res.Score, res.Depth
			ev.Line = legalPrefix(p, res.PV, MaxLine)
			if ctx.Err() != nil {
				// Stopped during the search: the position counts with the
				// depths completed, then the review stops.
				evals = append(evals, ev)
				report(opts, len(evals), len(positions), ev)
				return evals, stopped(ctx)
			}
		}
		evals = append(evals, ev)
		report(opts, len(evals), len(positions), ev)
	}
	return evals, nil
}

func report(opts Options, done, total int, ev Eval) {
	if opts.Progress != nil {
		opts.Progress(Progress{Done: done, Total: total, Eval: ev})
	}
}

// stopped returns the error of a review whose context ended: ErrTimeLimit
// for its own bound on time, else the context's error.
func stopped(ctx context.Context) error {
	if errors.Is(context.Cause(ctx), ErrTimeLimit) {
		return ErrTimeLimit
	}
	return ctx.Err()
}

// tablesEval fills ev from the tables when they hold its position, and
// reports whether they did.
func tablesEval(t *endgame.Tables, ev *Eval) bool {
	if t == nil {
		return false
	}
	p := ev.Position
	v, d, ok := t.Probe(p)
	if !ok {
		return false
	}
	ev.Tables = true
	switch v {
	case endgame.Win:
		ev.Score = engine.WinScore - engine.Score(d)
	case endgame.Loss:
		ev.Score = -(engine.WinScore - engine.Score(d))
	}
	for q := p; len(ev.Line) < MaxLine; {
		m, ok := t.BestMove(q)
		if !ok {
			break
		}
		ev.Line = append(ev.Line, m)
		q = q.PlayUnchecked(m)
	}
	return true
}

// legalPrefix returns the moves of line that are legal one after the
// other from p, at most n of them.
func legalPrefix(p hexdame.Position, line []hexdame.Move, n int) []hexdame.Move {
	var out []hexdame.Move
	for _, m := range line {
		if len(out) == n || !p.IsLegal(m) {
			break
		}
		out = append(out, m)
		p = p.PlayUnchecked(m)
	}
	return out
}

// Annotator returns the value of the Annotator tag for a review within
// limits lim: "hexdame review: 0.2 s a position", "depth 12 a position".
func Annotator(lim engine.Limits) string {
	if lim == (engine.Limits{}) {
		lim.MoveTime = DefaultMoveTime
	}
	var what string
	if lim.Depth > 0 {
		what = "depth " + strconv.Itoa(lim.Depth)
	}
	if lim.MoveTime > 0 {
		if what != "" {
			what += " or "
		}
		what += strconv.FormatFloat(lim.MoveTime.Seconds(), 'f', -1, 64) + " s"
	}
	if lim.Nodes > 0 {
		if what != "" {
			what += " or "
		}
		what += strconv.FormatInt(lim.Nodes, 10) + " nodes"
	}
	return "hexdame review: " + what + " a position"
}
