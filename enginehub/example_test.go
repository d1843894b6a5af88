package enginehub_test

import (
	"context"
	"fmt"
	"io"
	"log"
	"os"
	"time"

	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/endgame"
	"github.com/hexdame/hexdame/engine"
	"github.com/hexdame/hexdame/enginehub"
	"github.com/hexdame/hexdame/hub"
)

// Serve the engine over Hub on standard input and output, as `hexdame hub`
// does, with a program's own options: a GUI or `hexdame match` can run
// this program as its engine.
func Example() {
	eng, err := enginehub.New(enginehub.Options{
		Engine: engine.Options{Level: 8, Threads: 2, HashMiB: 256},
		ID:     hub.ID{Name: "my engine", Version: "0.1", Author: "me"},
	})
	if err != nil {
		log.Fatal(err)
	}
	if err := hub.Serve(context.Background(), os.Stdin, os.Stdout, eng); err != nil {
		log.Fatal(err)
	}
}

// Drive the engine as a GUI does, with hub.Connect, here in the same
// process over pipes.
func Example_connect() {
	eng, err := enginehub.New(enginehub.Options{Engine: engine.Options{HashMiB: 16}})
	if err != nil {
		log.Fatal(err)
	}
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	go func() {
		hub.Serve(context.Background(), inR, outW, eng)
		outW.Close()
	}()
	c, err := hub.Connect(context.Background(), outR, inW, hub.ClientOptions{})
	if err != nil {
		log.Fatal(err)
	}
	defer c.Close()

	p := hexdame.StartPosition()
	depth := 0
	done, err := c.Search(context.Background(), hub.Search{Position: p, Limits: hub.Limits{Depth: 4}},
		func(in hub.Info) { depth = in.Depth })
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(c.ID(), "searched to depth", depth, "and plays a legal move:", p.IsLegal(done.Move))
	// Output:
	// hexdame 1 searched to depth 4 and plays a legal move: true
}

// Drive an engine program with hub.Start: here `hexdame hub` at level 5,
// which must be on the PATH.
func Example_process() {
	c, err := hub.Start(context.Background(), []string{"hexdame", "hub", "-level", "5"}, hub.ClientOptions{
		Settings: []hub.Setting{{Name: "hash", Value: "32"}},
	})
	if err != nil {
		log.Fatal(err)
	}
	defer c.Close()
	p := hexdame.StartPosition()
	done, err := c.Search(context.Background(), hub.Search{Position: p, Limits: hub.Limits{MoveTime: time.Second}}, nil)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(c.ID(), "plays", p.FormatMove(done.Move, hexdame.Algebraic))
}

// Serve the engine with endgame tables: a position they hold is settled
// at depth 1 with its exact score, here a win in 19 plies (engine.WinScore
// - 19, which the info line writes as 299.81 men).
func Example_tables() {
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
	eng, err := enginehub.New(enginehub.Options{Tables: tables})
	if err != nil {
		log.Fatal(err)
	}
	p := hexdame.MustParseFEN("W:Wc1:Bi9")
	_, err = eng.Search(context.Background(), hub.Search{Position: p, Limits: hub.Limits{Depth: 10}}, func(in hub.Info) {
		fmt.Printf("depth %d score %v, a line of %d plies\n", in.Depth, engine.Score(in.Score), len(in.PV))
	})
	if err != nil {
		log.Fatal(err)
	}
	// Output:
	// depth 1 score win 19, a line of 19 plies
}
