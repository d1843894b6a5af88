package hexdame

import (
	"errors"
	"io"
	"iter"
	"math/rand/v2"
	"slices"
)

func errorsAs(err error, target any) bool { return errors.As(err, target) }

// playText reads move text s in the game's position and plays it, as a
// program does: ParseMove, then Play. A game that is over says so,
// whatever the text.
func playText(g *Game, s string) (Move, error) {
	m, err := g.Position().ParseMove(s)
	if err == nil || g.Outcome().IsOver() {
		err = g.Play(m)
	}
	if err != nil {
		return Move{}, err
	}
	return m, nil
}

// addMoveText reads move text s in n's position and adds it after n.
func addMoveText(n *Node, s string) (*Node, error) {
	m, err := n.Position().ParseMove(s)
	if err != nil {
		return nil, err
	}
	return n.AddMove(m)
}

// mainPositions returns the positions of g's main line: the root's, then
// the position after each move or setup.
func mainPositions(g *Game) []Position {
	ps := []Position{g.Root().Position()}
	for x := range g.Root().Mainline() {
		ps = append(ps, x.Position())
	}
	return ps
}

// formatCell writes c in notation n.
func formatCell(c Cell, n Notation) string { return string(c.appendTo(nil, n)) }

// count returns the men and kings of color c in p.
func count(p Position, c Color) (men, kings int) { return p.Men(c).Len(), p.Kings(c).Len() }

// crowns reports whether m, a legal move of p, crowns a man.
func crowns(p Position, m Move) bool {
	return !p.Piece(m.From()).IsKing() && p.PlayUnchecked(m).Piece(m.To()).IsKing()
}

// recordOf returns the record a Writer writes for g in notation n, as
// elements: what Game.Movetext walks, with the tags.
func recordOf(g *Game, n Notation) *Record {
	if g == nil {
		g = &Game{}
	}
	rec := &Record{}
	g.walk(n, &treeBuilder{rec: rec}) // a treeBuilder returns no error
	rec.tagPos = nil
	return rec
}

// annotations returns the comments, line comments and NAGs of the record
// around n's move: before it, after it, and after its variations.
func annotations(n *Node) (before, after, tail []Element) {
	if n == nil || n.notes == nil {
		return nil, nil, nil
	}
	return appendElements(nil, n.notes.before), appendElements(nil, n.notes.after), appendElements(nil, n.notes.tail)
}

// randomGame plays a game of uniformly random legal moves from r until
// the rules end it or maxPlies moves are played (drawn by agreement then).
// (The module's random player, internal/random, imports this package.)
func randomGame(r *rand.Rand, maxPlies int) *Game {
	g := NewGame()
	for g.ply < maxPlies && !g.Outcome().IsOver() {
		moves := g.pos.LegalMoves()
		slices.SortFunc(moves, compareTestMoves) // as internal/random does
		m := moves[r.IntN(len(moves))]
		g.push(m, g.pos.play(m))
	}
	if !g.Outcome().IsOver() {
		g.recorded = Draw
	}
	return g
}

// addNAG adds a NAG after n's move, unless n has it already.
func addNAG(n *Node, nag int) error {
	if slices.Contains(n.NAGs(), nag) {
		return nil
	}
	return n.SetNAGs(append(n.NAGs(), nag))
}

// movesFrom returns the legal moves of the piece on c.
func movesFrom(p Position, c Cell) []Move {
	var out []Move
	for _, m := range p.LegalMoves() {
		if m.From() == c {
			out = append(out, m)
		}
	}
	return out
}

// convertRecord reads the next record, converts it to notation n and
// writes it to w, as hexdame convert does.
func convertRecord(r *Reader, w *Writer, n Notation) error {
	rec, err := r.ReadRecord()
	if err == nil {
		rec, err = rec.Convert(n)
	}
	if err == nil {
		err = w.WriteRecord(rec)
	}
	return err
}

// allGames returns an iterator over the games of r, read with ReadGame,
// to the end of the input or an error of the underlying reader.
func allGames(r *Reader) iter.Seq2[*Game, error] {
	return func(yield func(*Game, error) bool) {
		for {
			g, err := r.ReadGame()
			if err == io.EOF || !yield(g, err) || err != nil && ParseErrors(err) == nil {
				return
			}
		}
	}
}

// allRecords returns an iterator over the records of r, read with
// ReadRecord, to the end of the input or an error of the underlying
// reader.
func allRecords(r *Reader) iter.Seq2[*Record, error] {
	return func(yield func(*Record, error) bool) {
		for {
			rec, err := r.ReadRecord()
			if err == io.EOF || !yield(rec, err) || err != nil && ParseErrors(err) == nil {
				return
			}
		}
	}
}

// removeTag removes g's tag name and reports whether it had one.
func removeTag(g *Game, name string) bool {
	_, had := g.Tag(name)
	g.SetTag(name, "")
	return had
}

// A playedMove is a move of a game's main line with the positions around
// it.
type playedMove struct {
	Ply           int
	Move          Move
	Before, After Position
}

// playedMoves returns the moves of g's main line, setups left out, with
// the positions around them.
func playedMoves(g *Game) []playedMove {
	var out []playedMove
	for x := range g.Root().Mainline() {
		if !x.IsSetup() {
			out = append(out, playedMove{x.Ply(), x.Move(), x.Parent().Position(), x.Position()})
		}
	}
	return out
}

// setNotation sets the notation g was read in, as a Reader does.
func setNotation(g *Game, n Notation) { g.notation = n }

// winner returns the color that won a game of outcome o, and false for a
// draw, a double loss or a game not over.
func winner(o Outcome) (Color, bool) {
	switch o.Result {
	case WhiteWins:
		return White, true
	case RedWins:
		return Red, true
	}
	return NoColor, false
}
