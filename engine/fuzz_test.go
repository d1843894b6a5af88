package engine

import (
	"context"
	"errors"
	"testing"

	"github.com/hexdame/hexdame"
)

// FuzzSearch searches any position ParseFEN accepts (reachable in a game
// or not) with a small node limit, one or two threads, any level and
// MultiPV: the search never panics, returns an error wrapping
// hexdame.ErrGameOver exactly when the position has no legal move, and
// otherwise a legal move whose lines are legal too.
func FuzzSearch(f *testing.F) {
	f.Add("B:W:B", uint8(0), uint8(0), uint8(0))
	f.Add(hexdame.StartPosition().String(), uint8(1), uint8(2), uint8(0))
	f.Add("W:Wa3,a5,b4,b5,c2,d4,f3:Bc4,d6,e7,f6,f8,g5,h9", uint8(0), uint8(1), uint8(3))
	f.Add("W:WKa1:Bi9", uint8(1), uint8(0), uint8(10))
	f.Add("W:Wi9,a1:Ba1", uint8(0), uint8(0), uint8(1))
	for _, np := range readPositions(f, "testdata/middlegame.fen")[:3] {
		f.Add(np.pos.String(), uint8(1), uint8(1), uint8(5))
	}
	f.Fuzz(func(t *testing.T, fen string, threads, multiPV, level uint8) {
		p, err := hexdame.ParseFEN(fen)
		if err != nil {
			return
		}
		// A placement whose capture search alone is long (see the rules
		// package's testdata/hostile.fen) is not what this target is for.
		if _, err := p.AppendLegalMovesWithin(nil, 20000); err != nil {
			return
		}
		e, err := New(Options{HashMiB: 1, Threads: 1 + int(threads%2), Level: int(level % (MaxLevel + 1))})
		if err != nil {
			t.Fatal(err)
		}
		res, err := e.Search(context.Background(), p, SearchOptions{Limits: Limits{Nodes: 300}, MultiPV: int(multiPV % 4)})
		if p.CountLegalMoves() == 0 {
			if !errors.Is(err, hexdame.ErrGameOver) {
				t.Fatalf("%s has no legal move: %+v, %v", fen, res, err)
			}
			return
		}
		if err != nil {
			t.Fatalf("%s: %v", fen, err)
		}
		if !p.IsLegal(res.Move) {
			t.Fatalf("%s: illegal move %v", fen, res.Move)
		}
		for _, l := range res.Lines {
			q := p
			for _, m := range l.PV {
				if q, err = q.Play(m); err != nil {
					t.Fatalf("%s: line %v: %v", fen, l.PV, err)
				}
			}
		}
	})
}
