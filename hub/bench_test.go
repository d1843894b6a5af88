//go:build unix

package hub_test

import (
	"context"
	"testing"
	"time"

	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/hub"
)

// The cost of one search's round trip, with an engine that answers at
// once: what the protocol costs per move on top of the engine's thinking.
// In process: the client and Serve over pipes in this process.
func BenchmarkSearchInProcess(b *testing.B) {
	benchmarkSearch(b, connect(b, hub.NewRandomMover(1)))
}

// As a process: the random mover started as a program (this test binary).
func BenchmarkSearchProcess(b *testing.B) {
	argv, env := hubtestCommand("random")
	c, err := hub.Start(context.Background(), argv, hub.ClientOptions{Env: env})
	if err != nil {
		b.Fatal(err)
	}
	defer c.Close()
	benchmarkSearch(b, c)
}

func benchmarkSearch(b *testing.B, c *hub.Client) {
	b.ReportAllocs()
	// A middle-game position with 12 reversible moves to send.
	p := hexdame.MustParseFEN("W:WK61,40,44,45,48,49:BK1,10,13,14,17,18")
	var moves []hexdame.Move
	q := p
	for range 12 {
		for _, m := range q.LegalMoves() {
			if q.IsReversible(m) {
				moves = append(moves, m)
				q = q.PlayUnchecked(m)
				break
			}
		}
	}
	s := hub.Search{Position: p, Moves: moves, Limits: hub.Limits{MoveTime: time.Second}}
	ctx := context.Background()
	for b.Loop() {
		if _, err := c.Search(ctx, s, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// Whole games between two random movers started as programs, answering at
// once: the time per ply is the runner's referee work plus the protocol's
// round trip and the engine's own (tiny) work.
func BenchmarkPlayGameProcess(b *testing.B) {
	var clients [2]*hub.Client
	for i := range clients {
		argv, env := hubtestCommand("random")
		c, err := hub.Start(context.Background(), argv, hub.ClientOptions{Env: env})
		if err != nil {
			b.Fatal(err)
		}
		defer c.Close()
		clients[i] = c
	}
	plies := 0
	start := time.Now()
	for b.Loop() {
		res, err := hub.PlayGame(context.Background(), clients[0], clients[1], hub.GameOptions{
			Start: hexdame.StartPosition(), MoveTime: time.Second, Margin: time.Second, DrawRules: hexdame.DrawRules{KingMoves: 50}})
		if err != nil {
			b.Fatal(err)
		}
		plies += res.Plies
	}
	b.ReportMetric(float64(time.Since(start).Nanoseconds())/float64(plies), "ns/ply")
}
