package endgame_test

import (
	"context"
	"fmt"
	"log"
	"os"

	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/endgame"
	"github.com/hexdame/hexdame/engine"
)

// Build the tables of 2 pieces, load them, and ask about positions.
func Example() {
	dir, err := os.MkdirTemp("", "tables")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	if err := endgame.BuildAll(context.Background(), dir, 2, endgame.BuildOptions{}); err != nil {
		log.Fatal(err)
	}
	tables, err := endgame.Load(dir, endgame.LoadOptions{})
	if err != nil {
		log.Fatal(err)
	}
	p := hexdame.MustParseFEN("W:Wh8:Bi9") // both crowning moves lose the new king
	v, plies, ok := tables.Probe(p)
	fmt.Println(v, plies, ok)
	p = hexdame.MustParseFEN("W:Wc1:Bi9") // a race to crown
	v, plies, _ = tables.Probe(p)
	m, _ := tables.BestMove(p)
	fmt.Println(v, plies, p.Path(m).Format(hexdame.Algebraic))
	fmt.Println(tables.Probe(hexdame.StartPosition())) // far more than 2 pieces
	// Output:
	// loss 2 true
	// win 19 c1-d1
	// no value 0 false
}

// Hook the tables into package engine's search: the positions they hold
// get their exact values, and a root they hold is settled at once with a
// line of best play to the end of the game.
func Example_engine() {
	dir, err := os.MkdirTemp("", "tables")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	if err := endgame.BuildAll(context.Background(), dir, 2, endgame.BuildOptions{}); err != nil {
		log.Fatal(err)
	}
	tables, err := endgame.Load(dir, endgame.LoadOptions{})
	if err != nil {
		log.Fatal(err)
	}
	e, err := engine.New(engine.Options{Endgame: tables.ProbeFunc(), EndgamePieces: tables.MaxPieces()})
	if err != nil {
		log.Fatal(err)
	}
	p := hexdame.MustParseFEN("W:Wc1:Bi9")
	res, err := e.Search(context.Background(), p, engine.SearchOptions{Limits: engine.Limits{Depth: 30}})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(res.Score, "at depth", res.Depth, "with a line of", len(res.PV), "plies")
	// Output:
	// win 19 at depth 1 with a line of 19 plies
}

func ExampleParseMaterial() {
	m, err := endgame.ParseMaterial("KvKKM")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(m.Pieces(), m.Canonical(), m.FileName())
	fmt.Println(m.Dependencies())
	_, err = endgame.ParseMaterial("KKvQ")
	fmt.Println(err)
	// Output:
	// 4 KKMvK KKMvK.egt
	// [KvK KvM KKvK KMvK KKKvK]
	// invalid material "KKvQ": a piece is K (king) or M (man), at most 8 of them
}

// The materials of up to 3 pieces with their build levels: a batch
// scheduler runs one job per material, a level at a time.
func ExampleMaterials() {
	for _, m := range endgame.Materials(3) {
		fmt.Println(m.Level(), m)
	}
	// Output:
	// 0 KvK
	// 1 KvM
	// 2 MvM
	// 3 KKvK
	// 4 KKvM
	// 4 KMvK
	// 5 KMvM
	// 5 MMvK
	// 6 MMvM
}
