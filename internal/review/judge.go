package review

import (
	"errors"
	"math"

	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/engine"
)

// K is the slope of the logistic that turns a score into an expected
// score, per hundredth of a man: E(s) = 1/(1+exp(-K·s)). It is the K that
// internal/cmd/tune's fit finds, with the evaluation's weights held, on
// 111,839 quiet positions of 1,000 games of the engine (its pattern
// evaluation) against itself at 4,000 nodes a move (doc/BENCHMARKS.md,
// "Game review"): a man ahead is an expected score of 0.91.
const K = 0.0235

// The thresholds on the loss in expected score (0 to 1) of a move:
// lichess's, which judges on the winning chances 2E-1 (-1 to 1) with 0.1,
// 0.2 and 0.3.
const (
	Inaccuracy = 0.05
	Mistake    = 0.10
	Blunder    = 0.15
)

// lossCap is the score beyond which the average loss counts no more, in
// hundredths of a man: a win counts as 10 men.
const lossCap = 1000

// A Judgement is what a move was judged: nothing, or one of the three
// kinds of error, each with its NAG.
type Judgement int

// The judgements.
const (
	Good Judgement = iota // not an error
	InaccurateMove
	MistakenMove
	BlunderedMove
)

// NAG returns the judgement's NAG: $6 (?!), $2 (?) or $4 (??); 0 for Good.
func (j Judgement) NAG() int {
	return [...]int{0, 6, 2, 4}[j]
}

// String returns "Inaccuracy", "Mistake", "Blunder", or "" for Good.
func (j Judgement) String() string {
	return [...]string{"", "Inaccuracy", "Mistake", "Blunder"}[j]
}

// judge returns the judgement of a loss in expected score.
func judge(loss float64) Judgement {
	switch {
	case loss >= Blunder:
		return BlunderedMove
	case loss >= Mistake:
		return MistakenMove
	case loss >= Inaccuracy:
		return InaccurateMove
	}
	return Good
}

// Expected returns the expected score of the side to move, 0 to 1, of a
// score for it: 1 for a win, 0 for a loss, else the logistic of K.
func Expected(s engine.Score) float64 {
	if _, ok := s.IsWin(); ok {
		return 1
	}
	if _, ok := s.IsLoss(); ok {
		return 0
	}
	return 1 / (1 + math.Exp(-K*float64(s)))
}

// A Move is a move of the main line as the review judged it.
type Move struct {
	Ply   int           // from 1, the game's first move
	Color hexdame.Color // the side that played it
	Move  hexdame.Move
	// Before and After are the evaluations of the positions before and
	// after the move (After.Score is for the opponent, who is to move).
	Before, After Eval
	// Loss is the expected score the move gave away, 0 to 1.
	Loss      float64
	Judgement Judgement
	// Better is the engine's line from the position before the move, at
	// most MaxLine plies, for a move judged an error; nil for the others.
	Better []hexdame.Move
}

// Summary counts one side's judged moves: how many there were, how many
// of each error, and the average loss in men: the drop of the side's
// evaluation from before its move to after it, each evaluation bounded to
// ±10 men (a win is +10), a rise counting 0.
type Summary struct {
	Moves, Inaccuracies, Mistakes, Blunders int
	Loss                                    float64
}

// A Review is what a review found of a game's main line.
type Review struct {
	// Evals are the evaluations of the main line's positions from the
	// start, as far as the review went.
	Evals []Eval
	// Moves are the moves between them, judged: Moves[i] is the move from
	// Evals[i] to Evals[i+1].
	Moves []Move
	// White and Red summarise each side's moves.
	White, Red Summary
	// Annotator is the value of the Annotator tag that Annotate writes
	// (see the function Annotator).
	Annotator string
}

// Complete reports whether the review evaluated every position of g's
// main line.
func (r *Review) Complete(g *hexdame.Game) bool {
	return len(r.Evals) == len(MainLine(g))
}

// Judge judges the moves of g's main line from evals, the evaluations of
// its positions from the start (those of Evaluate, or of a page that
// sent them). It takes the evaluations whose positions are the main
// line's, in order, and stops at the first that is not: what follows
// then belongs to another line. Each eval's line is checked move by move
// against the rules, within workLimit states of the capture searches
// (WorkLimit when 0): an illegal move ends it, and lines past the limit
// are dropped. It returns an error only for a nil game.
func Judge(g *hexdame.Game, evals []Eval, workLimit int64) (*Review, error) {
	if g == nil {
		return nil, errors.New("no game to review")
	}
	if workLimit <= 0 {
		workLimit = WorkLimit
	}
	b := &budget{left: workLimit}
	r := &Review{}
	nodes := []*hexdame.Node{g.Root()}
	for n := range g.Root().Mainline() {
		nodes = append(nodes, n)
	}
	for i, ev := range evals {
		if i >= len(nodes) || nodes[i].Position() != ev.Position {
			break
		}
		ev.Line = b.legalLine(ev.Position, ev.Line)
		r.Evals = append(r.Evals, ev)
	}
	for i := 1; i < len(r.Evals); i++ {
		before, after := r.Evals[i-1], r.Evals[i]
		n := nodes[i]
		mv := Move{Ply: i, Color: before.Position.SideToMove(), Move: n.Move(), Before: before, After: after}
		if n.IsSetup() {
			continue // a position set up, not a move
		}
		mv.Loss = max(0, Expected(before.Score)-Expected(-after.Score))
		mv.Judgement = judge(mv.Loss)
		best := before.Line
		if len(best) > 0 && best[0] == mv.Move {
			mv.Judgement = Good // the engine's own choice
		}
		if mv.Judgement != Good {
			mv.Better = best
		}
		s := &r.White
		if mv.Color == hexdame.Red {
			s = &r.Red
		}
		s.Moves++
		switch mv.Judgement {
		case InaccurateMove:
			s.Inaccuracies++
		case MistakenMove:
			s.Mistakes++
		case BlunderedMove:
			s.Blunders++
		}
		s.Loss += float64(max(0, capped(before.Score)-capped(-after.Score))) / 100
		r.Moves = append(r.Moves, mv)
	}
	for _, s := range []*Summary{&r.White, &r.Red} {
		if s.Moves > 0 {
			s.Loss = math.Round(s.Loss/float64(s.Moves)*100) / 100
		}
	}
	return r, nil
}

// capped returns a score bounded to ±lossCap, a win or a loss at the
// bound.
func capped(s engine.Score) int {
	return int(min(max(s, -lossCap), lossCap))
}

// A budget is what is left of a bound on the work of capture searches.
type budget struct{ left int64 }

// legalLine returns the moves of line legal one after the other from p,
// at most MaxLine, within the budget: a move that is not legal, or whose
// check the budget cannot pay for, ends the line there.
func (b *budget) legalLine(p hexdame.Position, line []hexdame.Move) []hexdame.Move {
	var out []hexdame.Move
	for _, m := range line {
		if len(out) == MaxLine || !b.legal(p, m) {
			break
		}
		out = append(out, m)
		p = p.PlayUnchecked(m)
	}
	return out
}

// legal reports whether m is legal in p, paying for the capture search.
// A position without a capture needs none. With one, the search is tried
// within a small limit, then within limits eight times larger, and each
// try costs its limit: so the budget pays at most about eight times the
// work done, and a position whose search is heavier than what is left is
// not checked (false).
func (b *budget) legal(p hexdame.Position, m hexdame.Move) bool {
	if !p.HasCapture() {
		return p.IsLegal(m)
	}
	for lim := int64(1024); b.left > 0; lim *= 8 {
		lim = min(lim, b.left)
		b.left -= lim
		moves, err := p.AppendLegalMovesWithin(nil, int(lim))
		if errors.Is(err, hexdame.ErrWorkLimit) {
			continue
		}
		for _, x := range moves {
			if x == m {
				return true
			}
		}
		return false
	}
	return false
}
