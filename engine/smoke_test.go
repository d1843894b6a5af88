package engine

import (
	"context"
	"testing"

	"github.com/hexdame/hexdame"
)

func TestSmoke(t *testing.T) {
	for _, fen := range []string{hexdame.StartPosition().FEN(), "W:Wa3,a5,b4,b5,c2,d4,f3:Bc4,d6,e7,f6,f8,g5,h9"} {
		var e Engine
		p := hexdame.MustParseFEN(fen)
		res, err := e.Search(context.Background(), p, SearchOptions{Limits: Limits{Depth: 12}, Progress: func(r Result) {
			t.Logf("depth %d score %v nodes %d time %v nps %.0f pv %v", r.Depth, r.Score, r.Nodes, r.Time, r.NodesPerSecond(), r.PV)
		}})
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("best %v", res.Move)
	}
}
