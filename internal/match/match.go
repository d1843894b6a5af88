// Package match plays games between players of HexDame: players are
// functions of the game so far, such as an engine's search through its
// API, a random mover and a two-ply greedy player. The strength tests of
// package engine, the tuner and hexdame match's random openings use it; it
// does not import the engine, so that the engine's own tests can.
//
// A match plays each opening twice, each player having White once. The
// games are hexdame.Game values, which end them by the rules: a side with
// no legal move loses, and the third occurrence of a position is a draw.
package match

import (
	"context"
	"fmt"
	"iter"
	"math"
	"math/rand/v2"
	"sync"

	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/internal/random"
	"github.com/hexdame/hexdame/internal/stats"
)

// A Player chooses moves. Move is given the game so far, whose current
// position has a legal move; it must not change the game.
type Player interface {
	Move(ctx context.Context, g *hexdame.Game) hexdame.Move
}

// A Func is a player made of a function.
type Func func(ctx context.Context, g *hexdame.Game) hexdame.Move

// Move calls f.
func (f Func) Move(ctx context.Context, g *hexdame.Game) hexdame.Move { return f(ctx, g) }

// Random plays a uniformly random legal move (random.Move), drawn
// with Rand (nil: math/rand/v2's top-level source).
type Random struct{ Rand *rand.Rand }

// Move draws a legal move.
func (p Random) Move(_ context.Context, g *hexdame.Game) hexdame.Move {
	m, _ := random.Move(g.Position(), p.Rand)
	return m
}

// Greedy plays the move that leaves it the most material after the
// opponent's best reply (material: its men and kings minus the opponent's,
// a king worth three men; a move that leaves the opponent no reply wins),
// drawn with Rand among equals.
type Greedy struct{ Rand *rand.Rand }

// Move chooses the greedy move.
func (p Greedy) Move(_ context.Context, g *hexdame.Game) hexdame.Move {
	pos := g.Position()
	me := pos.SideToMove()
	var best []hexdame.Move
	bestValue := math.MinInt
	for _, m := range pos.LegalMoves() {
		q := pos.PlayUnchecked(m)
		value := math.MaxInt
		for _, r := range q.LegalMoves() {
			value = min(value, material(q.PlayUnchecked(r), me))
		}
		switch {
		case value > bestValue:
			best, bestValue = append(best[:0], m), value
		case value == bestValue:
			best = append(best, m)
		}
	}
	return best[p.Rand.IntN(len(best))]
}

func material(p hexdame.Position, c hexdame.Color) int {
	o := c.Opponent()
	return p.Men(c).Len() + 3*p.Kings(c).Len() - p.Men(o).Len() - 3*p.Kings(o).Len()
}

// MaxPlies is the number of moves after the opening from which a game is
// adjudicated a draw (by agreement).
const MaxPlies = 400

// Play plays a game on from the opening, which it does not change, and
// returns it: a clone of the opening (see Game.Clone) with the players'
// moves, ended by the rules or drawn by agreement after MaxPlies moves.
// An opening that has already ended is returned as it is. It returns the
// game so far and an error wrapping hexdame.ErrIllegalMove (Game.Play's
// *hexdame.MoveError) when a player chooses a move that is not legal, and
// ctx.Err() once ctx is done.
func Play(ctx context.Context, white, red Player, opening *hexdame.Game) (*hexdame.Game, error) {
	g := opening.Clone()
	if g == nil {
		g = hexdame.NewGame()
	}
	start := g.End().Ply()
	for !g.Outcome().IsOver() {
		if err := ctx.Err(); err != nil {
			return g, err
		}
		if g.End().Ply()-start >= MaxPlies {
			g.SetResult(hexdame.Draw) // not over by the rules: accepted
			break
		}
		player := white
		if g.Position().SideToMove() == hexdame.Red {
			player = red
		}
		m := player.Move(ctx, g)
		if err := g.Play(m); err != nil {
			return g, fmt.Errorf("%v's move: %w", g.Position().SideToMove(), err)
		}
	}
	return g, nil
}

// Points returns the points of color c in a game of result r: 1 for a
// win, 1/2 for a draw, 0 otherwise.
func Points(r hexdame.Result, c hexdame.Color) float64 {
	switch {
	case r == hexdame.Draw:
		return 0.5
	case r == hexdame.WhiteWins && c == hexdame.White, r == hexdame.RedWins && c == hexdame.Red:
		return 1
	}
	return 0
}

// Openings returns n random openings of plies moves (random.Opening), from
// a generator seeded with seed, whose positions all differ: the first n of
// OpeningSeq(plies, seed, 100*n). It returns fewer when 100n draws do not
// find n.
func Openings(n, plies int, seed uint64) []*hexdame.Game {
	var out []*hexdame.Game
	if n <= 0 {
		return out
	}
	for g := range OpeningSeq(plies, seed, 100*n) {
		out = append(out, g)
		if len(out) == n {
			break
		}
	}
	return out
}

// OpeningSeq yields random openings of plies moves (random.Opening), from
// a generator seeded with seed, whose positions all differ, the same for
// the same seed. It ends after draws draws in all, or after 10,000 draws
// in a row that find no new position.
func OpeningSeq(plies int, seed uint64, draws int) iter.Seq[*hexdame.Game] {
	return func(yield func(*hexdame.Game) bool) {
		r := rand.New(rand.NewPCG(seed, 0x4845584441))
		seen := map[hexdame.Position]bool{}
		for tries, misses := 0, 0; tries < draws && misses < 10000; tries++ {
			g := random.Opening(r, plies)
			if g == nil || seen[g.Position()] {
				misses++
				continue
			}
			misses = 0
			seen[g.Position()] = true
			if !yield(g) {
				return
			}
		}
	}
}

// Match plays every opening twice, a player with each color, on workers
// goroutines, and returns the tally of the first player. newA and newB
// make a player for one game (so that engines do not share tables across
// games played at once). done, when not nil, is called after each game
// with the tally so far, the game, and the number of its moves that the
// opening gave. On the first error of a game (see Play) the match stops
// and returns it with the tally of the games finished before.
func Match(ctx context.Context, newA, newB func() Player, openings []*hexdame.Game, workers int, done func(t stats.Tally, g *hexdame.Game, opening int)) (stats.Tally, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type job struct {
		opening *hexdame.Game
		aWhite  bool
	}
	jobs := make(chan job)
	var mu sync.Mutex
	var tally stats.Tally
	var first error
	var wg sync.WaitGroup
	for range max(1, workers) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				a, b := newA(), newB()
				white, red, aColor := a, b, hexdame.White
				if !j.aWhite {
					white, red, aColor = b, a, hexdame.Red
				}
				g, err := Play(ctx, white, red, j.opening)
				mu.Lock()
				if err != nil {
					if first == nil {
						first = err
						cancel()
					}
					mu.Unlock()
					continue
				}
				tally.Add(Points(g.Outcome().Result, aColor))
				if done != nil {
					done(tally, g, j.opening.End().Ply())
				}
				mu.Unlock()
			}
		}()
	}
feed:
	for _, o := range openings {
		for _, aWhite := range []bool{true, false} {
			select {
			case jobs <- job{o, aWhite}:
			case <-ctx.Done():
				break feed
			}
		}
	}
	close(jobs)
	wg.Wait()
	if first == nil {
		first = ctx.Err()
	}
	return tally, first
}
