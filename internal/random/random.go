// Package random plays random HexDame moves and games: the random player
// of tests, demonstrations, baseline opponents and random openings, and
// the games of hexdame random. The same generator state gives the same
// moves and games in every version of the module: the games hexdame
// random writes for a seed stay the same.
package random

import (
	"cmp"
	"math/rand/v2"
	"slices"

	"github.com/hexdame/hexdame"
)

// Move returns a uniformly random legal move of p, drawn with one call of
// r.IntN, and false when p has no legal move (r is then not used). A nil
// r draws from math/rand/v2's top-level source. The move is drawn from the
// legal moves in a fixed order (by start cell, end cell and captured
// pieces, in Cell order), so that it does not depend on the order the
// rules package generates them in.
func Move(p hexdame.Position, r *rand.Rand) (hexdame.Move, bool) {
	var buf [64]hexdame.Move
	moves := p.AppendLegalMoves(buf[:0])
	if len(moves) == 0 {
		return hexdame.Move{}, false
	}
	slices.SortFunc(moves, compareMoves)
	if r == nil {
		return moves[rand.IntN(len(moves))], true
	}
	return moves[r.IntN(len(moves))], true
}

// compareMoves orders moves by start cell, end cell and captured pieces,
// in Cell order.
func compareMoves(a, b hexdame.Move) int {
	if c := cmp.Compare(a.From(), b.From()); c != 0 {
		return c
	}
	if c := cmp.Compare(a.To(), b.To()); c != 0 {
		return c
	}
	return cmp.Compare(a.Captured(), b.Captured())
}

// Game plays a game of random legal moves, drawn with Move from r (nil:
// math/rand/v2's top-level source), until the rules end it or maxPlies
// moves are played; a game still undecided then is drawn by agreement.
func Game(r *rand.Rand, maxPlies int) *hexdame.Game {
	g := hexdame.NewGame()
	for ply := 0; ply < maxPlies && !g.Outcome().IsOver(); ply++ {
		m, _ := Move(g.Position(), r)
		g.Play(m) // legal, in a game not over
	}
	if !g.Outcome().IsOver() {
		g.SetResult(hexdame.Draw) // a game not over takes any result
	}
	return g
}

// Opening returns a game of plies random moves (see Move) from the start
// position, drawn with r (nil: math/rand/v2's top-level source), or nil
// when the rules end the game within them.
func Opening(r *rand.Rand, plies int) *hexdame.Game {
	g := hexdame.NewGame()
	for range plies {
		if g.Outcome().IsOver() {
			return nil
		}
		m, _ := Move(g.Position(), r)
		g.Play(m) // legal, in a game not over
	}
	if g.Outcome().IsOver() {
		return nil
	}
	return g
}
