package engine

import "github.com/hexdame/hexdame"

// The search's use of endgame tables (Options.Endgame): exact scores at
// the nodes they know, in the tree and in the capture search; a root
// whose every move leads into the tables is settled at depth 1; and the
// lines that end in the tables are continued with the tables' best play.

// maxTablePlies bounds the distances taken from Options.Endgame, so that
// any answer of the hook keeps a win above winBound at any ply.
const maxTablePlies = 500

// probeTables returns the exact score of the position at ply from the
// endgame tables, ok false when it has more pieces than they hold or they
// do not know it. The caller checks t.endgamePieces >= 0.
func (t *thread) probeTables(ply int) (score int, ok bool) {
	p := &t.stack[ply].pos
	if (p.Pieces(hexdame.White) | p.Pieces(hexdame.Red)).Len() > t.endgamePieces {
		return 0, false
	}
	value, plies, ok := t.endgame(*p)
	if !ok {
		return 0, false
	}
	return tableScore(value, plies, ply), true
}

// tableScore is the score at ply of a position whose value in the tables
// is value (1 a win, 0 a draw, -1 a loss) in plies: a win in plies at ply
// h is a win at ply h+plies, the score of a mate found there.
func tableScore(value, plies, ply int) int {
	plies = min(max(plies, 0), maxTablePlies)
	switch {
	case value > 0:
		return mateScore - ply - plies
	case value < 0:
		return -mateScore + ply + plies
	}
	return 0
}

// inTables reports whether o's endgame tables know p.
func inTables(o *Options, p hexdame.Position) (value, plies int, ok bool) {
	if o.Endgame == nil || (p.Pieces(hexdame.White)|p.Pieces(hexdame.Red)).Len() > o.EndgamePieces {
		return 0, 0, false
	}
	return o.Endgame(p)
}

// rootInTables reports whether the tables know the position after every
// root move, so that a search of depth 1 gives every move its exact
// score.
func rootInTables(o *Options, p hexdame.Position, moves []hexdame.Move) bool {
	if o.Endgame == nil || (p.Pieces(hexdame.White)|p.Pieces(hexdame.Red)).Len() > o.EndgamePieces {
		return false
	}
	for _, m := range moves {
		if _, _, ok := o.Endgame(p.PlayUnchecked(m)); !ok {
			return false
		}
	}
	return true
}

// extendLine returns line, played from p, continued with the tables' best
// play when it ends in a position they value as a win or a loss: the
// winner's fastest win, the loser's longest defense, to the end of the
// game. A line that does not end in the tables is returned as it is.
func extendLine(o *Options, p hexdame.Position, line []hexdame.Move) []hexdame.Move {
	if o.Endgame == nil {
		return line
	}
	for _, m := range line {
		p = p.PlayUnchecked(m)
	}
	value, plies, ok := inTables(o, p)
	if !ok || value == 0 {
		return line
	}
	var moves []hexdame.Move
	for n := 0; plies > 0 && n < maxTablePlies; n++ {
		moves = p.AppendLegalMoves(moves[:0])
		next := hexdame.Move{}
		for _, m := range moves {
			r, d, ok := o.Endgame(p.PlayUnchecked(m))
			// The winner moves to a loss in one ply less; the loser to a
			// win in one ply less, the longest it has.
			if ok && d == plies-1 && (r < 0) == (value > 0) && r != 0 {
				next = m
				break
			}
		}
		if next == (hexdame.Move{}) {
			break // the hook does not agree with itself
		}
		line = append(line, next)
		p = p.PlayUnchecked(next)
		value, plies = -value, plies-1
	}
	return line
}
