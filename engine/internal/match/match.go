// Package match plays games between players of HexDame: players are
// functions of the game so far, such as an engine's search through its
// API, a random mover and a two-ply greedy player. The strength tests of
// package engine and the tuner use it; it does not import the engine, so
// that the engine's own tests can.
//
// A match plays each opening twice, each player having White once. The
// openings are the start position followed by a few random plies.
package match

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"sync"

	"github.com/hexdame/hexdame"
)

// A Player chooses moves. Move is given the game so far (its positions,
// oldest first; the last is the one to move in, which has a legal move).
type Player interface {
	Move(ctx context.Context, game []hexdame.Position) hexdame.Move
}

// A Func is a player made of a function.
type Func func(ctx context.Context, game []hexdame.Position) hexdame.Move

// Move calls f.
func (f Func) Move(ctx context.Context, game []hexdame.Position) hexdame.Move { return f(ctx, game) }

// Random plays a uniformly random legal move.
type Random struct{ Rand *rand.Rand }

// Move draws a legal move.
func (p Random) Move(_ context.Context, game []hexdame.Position) hexdame.Move {
	moves := game[len(game)-1].LegalMoves()
	return moves[p.Rand.IntN(len(moves))]
}

// Greedy plays the move that leaves it the most material after the
// opponent's best reply (material: its men and kings minus the opponent's,
// a king worth three men; a move that leaves the opponent no reply wins),
// random among equals.
type Greedy struct{ Rand *rand.Rand }

// Move chooses the greedy move.
func (p Greedy) Move(_ context.Context, game []hexdame.Position) hexdame.Move {
	pos := game[len(game)-1]
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
	men, kings := p.Count(c)
	om, ok := p.Count(c.Opponent())
	return men + 3*kings - om - 3*ok
}

// Outcome of a game for White: 1 a win, 0.5 a draw, 0 a loss.
type Outcome float64

// A Game is a played game: the positions from the opening on, and the
// result for White.
type Game struct {
	Positions []hexdame.Position
	Result    Outcome
	Opening   int // the number of positions of the opening
}

// MaxPlies is the length after which a game is adjudicated a draw.
const MaxPlies = 400

// Play plays a game from the opening (its positions, the last one to play
// from) and returns it. A side with no legal move loses; the third
// occurrence of a position is a draw, and so is a game of MaxPlies moves.
func Play(ctx context.Context, white, red Player, opening []hexdame.Position) Game {
	game := append([]hexdame.Position(nil), opening...)
	seen := map[hexdame.Position]int{}
	for _, p := range game {
		seen[p]++
	}
	g := Game{Opening: len(opening)}
	for {
		p := game[len(game)-1]
		if !p.HasLegalMoves() {
			g.Result = 0
			if p.SideToMove() == hexdame.Red {
				g.Result = 1
			}
			break
		}
		if seen[p] >= 3 || len(game)-len(opening) >= MaxPlies {
			g.Result = 0.5
			break
		}
		player := white
		if p.SideToMove() == hexdame.Red {
			player = red
		}
		m := player.Move(ctx, game)
		q, err := p.Play(m)
		if err != nil {
			panic(fmt.Sprintf("match: illegal move %v in %v: %v", m, p, err))
		}
		game = append(game, q)
		seen[q]++
	}
	g.Positions = game
	return g
}

// Openings returns n distinct openings: the start position and plies
// random moves after it, from a generator seeded with seed. An opening
// that ends the game or repeats another is drawn again.
func Openings(n, plies int, seed uint64) [][]hexdame.Position {
	r := rand.New(rand.NewPCG(seed, 0x4845584441))
	seen := map[hexdame.Position]bool{}
	var out [][]hexdame.Position
	for tries := 0; len(out) < n && tries < 100*n; tries++ {
		line := []hexdame.Position{hexdame.StartPosition()}
		for range plies {
			moves := line[len(line)-1].LegalMoves()
			if len(moves) == 0 {
				break
			}
			line = append(line, line[len(line)-1].PlayUnchecked(moves[r.IntN(len(moves))]))
		}
		last := line[len(line)-1]
		if len(line) != plies+1 || seen[last] || !last.HasLegalMoves() {
			continue
		}
		seen[last] = true
		out = append(out, line)
	}
	return out
}

// Score is the result of a match for its first player.
type Score struct {
	Wins, Draws, Losses int
}

// Games returns the number of games.
func (s Score) Games() int { return s.Wins + s.Draws + s.Losses }

// Points returns the first player's points, a win 1 and a draw 1/2.
func (s Score) Points() float64 { return float64(s.Wins) + float64(s.Draws)/2 }

// Fraction returns the first player's share of the points.
func (s Score) Fraction() float64 {
	if s.Games() == 0 {
		return 0.5
	}
	return s.Points() / float64(s.Games())
}

// Elo returns the Elo difference of the first player over the second that
// the score implies, and the half-width of its 95% confidence interval
// (from the spread of the game results). A score of all wins or all
// losses gives ±Inf.
func (s Score) Elo() (diff, margin float64) {
	n := float64(s.Games())
	if n == 0 {
		return 0, math.Inf(1)
	}
	mu := s.Fraction()
	v := (float64(s.Wins)*(1-mu)*(1-mu) + float64(s.Draws)*(0.5-mu)*(0.5-mu) + float64(s.Losses)*mu*mu) / n
	se := math.Sqrt(v / n)
	lo, hi := eloOf(mu-1.96*se), eloOf(mu+1.96*se)
	return eloOf(mu), (hi - lo) / 2
}

func eloOf(score float64) float64 {
	if score <= 0 {
		return math.Inf(-1)
	}
	if score >= 1 {
		return math.Inf(1)
	}
	return -400 * math.Log10(1/score-1)
}

// String writes the score as "+W =D -L (62.5%, Elo +89 ± 48)".
func (s Score) String() string {
	d, m := s.Elo()
	return fmt.Sprintf("+%d =%d -%d (%.1f%%, Elo %+.0f ± %.0f)", s.Wins, s.Draws, s.Losses, 100*s.Fraction(), d, m)
}

// Match plays every opening twice, a player with each colour, on workers
// goroutines, and returns the score of the first player. newA and newB
// make a player for one game (so that engines do not share tables across
// games played at once). done, when not nil, is called after each game
// with the score so far.
func Match(ctx context.Context, newA, newB func() Player, openings [][]hexdame.Position, workers int, done func(Score, Game)) Score {
	type job struct {
		opening []hexdame.Position
		aWhite  bool
	}
	jobs := make(chan job)
	var mu sync.Mutex
	var score Score
	var wg sync.WaitGroup
	for range max(1, workers) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				a, b := newA(), newB()
				var g Game
				var forA Outcome
				if j.aWhite {
					g = Play(ctx, a, b, j.opening)
					forA = g.Result
				} else {
					g = Play(ctx, b, a, j.opening)
					forA = 1 - g.Result
				}
				mu.Lock()
				switch forA {
				case 1:
					score.Wins++
				case 0:
					score.Losses++
				default:
					score.Draws++
				}
				if done != nil {
					done(score, g)
				}
				mu.Unlock()
			}
		}()
	}
	for _, o := range openings {
		for _, aWhite := range []bool{true, false} {
			if ctx.Err() != nil {
				break
			}
			jobs <- job{o, aWhite}
		}
	}
	close(jobs)
	wg.Wait()
	return score
}
