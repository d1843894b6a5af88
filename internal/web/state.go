package web

import (
	"slices"
	"strconv"
	"strings"

	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/endgame"
)

// state returns the session's state for a page that holds tree version
// req.Version.
func (s *Session) state(req Request) State {
	x := s.cur
	p := x.Position()
	st := State{
		Version:   s.version,
		Node:      s.ids[x],
		Start:     s.game.Root().Position().String(),
		FEN:       p.String(),
		Side:      strings.ToLower(p.SideToMove().String()),
		SVG:       s.svg(req.Flip, false),
		Notation:  s.notation.String(),
		Comment:   x.Comment(),
		NAGs:      x.NAGs(),
		Result:    s.game.Outcome().Result.String(),
		KingMoves: s.game.DrawRules().KingMoves,
		Imported:  len(s.games),
		From:      s.from,
		Edited:    s.edited,
		Kept:      s.keptGames(),
		History:   []string{},
		Main:      []int{0},
	}
	if req.Version != s.version {
		if s.tree == nil {
			s.tree = makeTree(s.game, s.notation)
		}
		st.Tree = s.tree
	}
	st.Tags = tagPairs(s.game)
	for n := range s.game.Root().Mainline() {
		st.Main = append(st.Main, s.ids[n])
	}
	// The line from the root, and the history.
	var path []*hexdame.Node
	for n := x; n != nil && n.Parent() != nil; n = n.Parent() {
		path = append(path, n)
	}
	slices.Reverse(path)
	st.Line = []string{}
	for _, n := range path {
		if n.IsSetup() {
			st.Line = nil
			break
		}
		st.Line = append(st.Line, n.Parent().Position().FormatMove(n.Move(), hexdame.Algebraic))
	}
	st.Rest = []string{}
	for n := x; n.Next() != nil && st.Line != nil; n = n.Next() {
		st.Rest = append(st.Rest, n.Position().FormatMove(n.Next().Move(), hexdame.Algebraic))
	}
	for i := len(path) - 1; i >= 0; i-- {
		n := path[i]
		m := n.Move()
		before := n.Parent().Position()
		if n.IsSetup() || !before.IsReversible(m) {
			break
		}
		st.History = append(st.History, before.String())
	}
	slices.Reverse(st.History)
	// The moves, the last move, the outcome.
	mps := p.LegalMovePaths()
	st.Moves = make([]MoveInfo, len(mps))
	short := len(mps) < 2 || !p.HasCapture()
	if !short {
		// FormatMove generates the moves again for each capture it
		// writes: hundreds of times a generation of seconds in the
		// heaviest positions (a state of climb16-rim took two minutes).
		// Where one generation is heavy, the captures are written with
		// their landing cells, from the paths at hand.
		_, err := p.AppendLegalMovesWithin(nil, shortFormWork)
		short = err == nil
	}
	for i, mp := range mps {
		if short {
			st.Moves[i] = pathInfo(p, mp, s.notation)
		} else {
			st.Moves[i] = landingInfo(mp, s.notation)
		}
	}
	if x.Parent() != nil && !x.IsSetup() {
		mi := moveInfo(x.Parent().Position(), x.Move(), s.notation)
		st.Last = &mi
	}
	o := x.Outcome()
	if x == s.game.End() {
		o = s.game.Outcome()
	}
	st.Over = o.IsOver()
	st.Outcome = outcomeText(s.game, o)
	if s.tables != nil {
		if v, d, ok := s.tables.Probe(p); ok {
			st.Tables = verdict(v, d)
			for i, mp := range mps {
				if v, d, ok := s.tables.Probe(p.PlayUnchecked(mp.Move)); ok {
					st.Moves[i].Tables = verdict(v.Opposite(), d+1) // and the move's ply
				}
			}
		}
	}
	return st
}

// tagPairs returns g's tags as name and value.
func tagPairs(g *hexdame.Game) [][2]string {
	var tags [][2]string
	for _, t := range g.Tags() {
		tags = append(tags, [2]string{t.Name, t.Value})
	}
	return tags
}

// outcomeText writes outcome o of a node of g for the page: the result
// and how it came, "2-0 (no legal move)"; "" while the game goes on.
func outcomeText(g *hexdame.Game, o hexdame.Outcome) string {
	if !o.IsOver() {
		return ""
	}
	// The rules package records a decisive result the players decide as
	// a resignation; the Termination tag tells a loss on time.
	if v, _ := g.Tag("Termination"); o.Reason == hexdame.Resignation && v == timeForfeit {
		return o.Result.String() + " (loss on time)"
	}
	return o.String()
}

// verdict writes a value of the tables: "win 7", "loss 12" or "draw".
func verdict(v endgame.Value, plies int) string {
	switch v {
	case endgame.Win:
		return "win " + strconv.Itoa(plies)
	case endgame.Loss:
		return "loss " + strconv.Itoa(plies)
	}
	return "draw"
}

// moveInfo describes move m of position p.
func moveInfo(p hexdame.Position, m hexdame.Move, n hexdame.Notation) MoveInfo {
	return pathInfo(p, p.Path(m), n)
}

// shortFormWork is the most work, in states of the capture search, of a
// position whose legal moves the state writes in their short form, a
// generation each; past it, with every landing cell (landingInfo).
const shortFormWork = 50_000

// landingInfo describes mp, a legal move with its path, written with
// every landing cell, which needs no generation of moves.
func landingInfo(mp hexdame.MovePath, n hexdame.Notation) MoveInfo {
	captured := slices.Collect(mp.Move.Captured().All())
	return MoveInfo{Text: mp.Format(n), Path: cellNames(mp.Cells()), Captured: cellNames(captured)}
}

// pathInfo describes mp, a legal move of position p with its path.
func pathInfo(p hexdame.Position, mp hexdame.MovePath, n hexdame.Notation) MoveInfo {
	captured := slices.Collect(mp.Move.Captured().All())
	return MoveInfo{Text: p.FormatMove(mp.Move, n), Path: cellNames(mp.Cells()), Captured: cellNames(captured)}
}

// cellNames returns the algebraic names of cells, and an empty list for
// none.
func cellNames(cells []hexdame.Cell) []string {
	out := make([]string, len(cells))
	for i, c := range cells {
		out[i] = c.String()
	}
	return out
}
