package engine_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/engine"
)

// A search with a time limit: the engine plays the key of Leo Springer's
// problem and sees the win to the end.
func Example() {
	var e engine.Engine // full strength, one thread, a 64 MiB table
	p := hexdame.MustParseFEN("W:Wa3,a5,b4,b5,c2,d4,f3:Bc4,d6,e7,f6,f8,g5,h9")
	res, err := e.Search(context.Background(), p, engine.SearchOptions{Limits: engine.Limits{MoveTime: time.Second}})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Path(res.Move).Format(hexdame.Algebraic), res.Score)
	// Output: b5-c5 win 7
}

// Analysis with MultiPV: the best five moves, each with its score. Three
// moves win in 3 plies (Red's man must crown and is taken), a1-a2 loses
// at once.
func ExampleEngine_Search_multiPV() {
	var e engine.Engine
	p := hexdame.MustParseFEN("W:Wa1,b1:Ba3")
	res, err := e.Search(context.Background(), p, engine.SearchOptions{MultiPV: 5, Limits: engine.Limits{Depth: 8}})
	if err != nil {
		fmt.Println(err)
		return
	}
	var lines []string
	for _, l := range res.Lines {
		score := "no forced result"
		if _, ok := l.Score.IsWin(); ok {
			score = l.Score.String()
		} else if _, ok := l.Score.IsLoss(); ok {
			score = l.Score.String()
		}
		lines = append(lines, p.Path(l.Move).Format(hexdame.Algebraic)+": "+score)
	}
	slices.Sort(lines) // equal scores come in any order
	fmt.Println(strings.Join(lines, "\n"))
	// Output:
	// a1-a2: loss 2
	// a1-b2: no forced result
	// b1-b2: win 3
	// b1-c1: win 3
	// b1-c2: win 3
}

// Analysis as a loop over the search's progress: every completed depth of
// a search without limits, until the engine sees the win of Leo
// Springer's problem. Breaking out of the loop stops the search.
func ExampleEngine_SearchSeq() {
	var e engine.Engine
	p := hexdame.MustParseFEN("W:Wa3,a5,b4,b5,c2,d4,f3:Bc4,d6,e7,f6,f8,g5,h9")
	for res, err := range e.SearchSeq(context.Background(), p, engine.SearchOptions{}) {
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println("depth", res.Depth, p.Path(res.Move).Format(hexdame.Algebraic), res.Score)
		if _, ok := res.Score.IsWin(); ok {
			break
		}
	}
	// Output:
	// depth 1 a3-a4 +0.30
	// depth 2 a3-a4 +0.31
	// depth 3 a3-a4 +0.24
	// depth 4 a3-a4 +0.24
	// depth 5 b5-c5 win 7
}

// A bot for a game: a weak level, and the clock of the game.
func ExampleEngine_SearchGame() {
	bot, err := engine.New(engine.Options{Level: 3})
	if err != nil {
		fmt.Println(err)
		return
	}
	g := hexdame.NewGame()
	for range 6 {
		res, err := bot.SearchGame(context.Background(), g, engine.SearchOptions{
			Limits: engine.Limits{Clock: 5 * time.Minute, Increment: 2 * time.Second},
		})
		if err != nil {
			fmt.Println(err) // the game is over
			return
		}
		if err := g.Play(res.Move); err != nil {
			fmt.Println(err)
			return
		}
	}
	fmt.Println(g.End().Ply(), "moves played")
	// Output: 6 moves played
}

// Solve proves the fastest win of a problem, with its main line, and
// with All every key: Leo Springer's problem has one.
func ExampleEngine_Solve() {
	var e engine.Engine
	p := hexdame.MustParseFEN("W:Wa3,a5,b4,b5,c2,d4,f3:Bc4,d6,e7,f6,f8,g5,h9")
	sol, err := e.Solve(context.Background(), p, 9, engine.SolveOptions{All: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("win in", sol.Plies)
	var line []string
	q := p
	for _, m := range sol.Line {
		line = append(line, q.Path(m).Format(hexdame.Algebraic))
		q = q.PlayUnchecked(m)
	}
	fmt.Println(strings.Join(line, " "))
	for _, k := range sol.Keys {
		fmt.Println("key", p.Path(k.Move).Format(hexdame.Algebraic), k.Plies)
	}
	// Output:
	// win in 7
	// b5-c5 c4xa4xa2 f3-g4 a2xd2xd5xb5 g4xg6xe6xe8xg8 h9xf7 a5xc5xe7xg7
	// key b5-c5 7
}

// A Solution and an Analysis marshal to JSON with lowercase keys,
// moves as the rules package's Move objects and scores as text: ready for
// a web page or another program.
func ExampleSolution_json() {
	var e engine.Engine
	p := hexdame.MustParseFEN("W:Wa1,b1:Ba3")
	sol, err := e.Solve(context.Background(), p, 3, engine.SolveOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	sol.Nodes = 0 // the count changes with the solver's move order
	data, _ := json.Marshal(sol)
	fmt.Println(string(data))
	res, err := e.Search(context.Background(), p, engine.SearchOptions{Limits: engine.Limits{Depth: 6}})
	if err != nil {
		fmt.Println(err)
		return
	}
	data, _ = json.Marshal(struct {
		Score engine.Score `json:"score"`
		Depth int          `json:"depth"`
	}{res.Score, res.Depth})
	fmt.Println(string(data))
	// Output:
	// {"win":true,"plies":3,"line":[{"from":"b1","to":"c1","captured":[]},{"from":"a3","to":"a2","captured":[]},{"from":"a1","to":"a3","captured":["a2"]}],"keys":null,"nodes":0}
	// {"score":"win 3","depth":6}
}
