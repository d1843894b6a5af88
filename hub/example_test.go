package hub_test

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/hub"
)

func ExampleParseCommand() {
	c, err := hub.ParseCommand(`pos pos=Wbbbbbbbbbbebbbeebbeeebeeeeeeeeeeeeeeeeeweeewweewwwewwwwwwwwww moves="40-31 22x40x31"`)
	if err != nil {
		fmt.Println(err)
		return
	}
	moves, _ := c.Value("moves")
	fmt.Println(c.Name, moves)
	fmt.Println(hub.NewCommand("id").With("name", "My Engine").With("version", "1.0"))
	// Output:
	// pos 40-31 22x40x31
	// id name="My Engine" version=1.0
}

func ExampleParseMove() {
	p := hexdame.MustParseFEN("W:WKe5:Bc3,d2,e7")
	m, err := hub.ParseMove(p, "31x11x49x21x50") // start, end, captured cells in any order
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(hub.FormatMove(m), p.Path(m).Format(hexdame.Algebraic))
	_, err = hub.ParseMove(p, "e5xi9")
	fmt.Println(err)
	// Output:
	// 31x11x21x49x50 e5xb2xe2xe9
	// invalid move "e5xi9" at column 1: want a cell number from 1 to 61 first
}

func ExampleFormatPosition() {
	fmt.Println(hub.FormatPosition(hexdame.StartPosition()))
	p, _ := hub.ParsePosition("B" + strings.Repeat("e", 30) + "W" + strings.Repeat("e", 29) + "b")
	fmt.Println(p.String())
	// Output:
	// Wbbbbbbbbbbebbbeebbeeebeeeeeeeeeeeeeeeeeweeewweewwwewwwwwwwwww
	// B:WKe5:Ba1
}

// material is a small engine, and the shape of an adapter from a search
// to hub.Engine: it declares its parameters, keeps their values, maps the
// limits to a deadline and stops when the context is done.
type material struct {
	depth int // the depth parameter: 1 or 2 plies
}

func (e *material) ID() hub.ID { return hub.ID{Name: "material", Version: "1"} }

func (e *material) Params() []hub.Param {
	return []hub.Param{{Name: "depth", Value: strconv.Itoa(e.depth), Type: hub.TypeInt, Min: "1", Max: "2"}}
}

func (e *material) SetParam(name, value string) error {
	n, err := strconv.Atoi(value)
	if name != "depth" || err != nil || n < 1 || n > 2 {
		return fmt.Errorf("depth must be 1 or 2, not %q", value)
	}
	e.depth = n
	return nil
}

func (e *material) Init() error { return nil }
func (e *material) NewGame()    {}

// Search plays the move after which the side to move has the most
// material, looking one or two plies ahead.
func (e *material) Search(ctx context.Context, s hub.Search, info func(hub.Info)) (hub.Done, error) {
	p, err := s.Current()
	if err != nil {
		return hub.Done{}, err
	}
	if _, hard := s.Limits.Budget(); hard > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, hard) // a real search checks ctx as it goes
		defer cancel()
	}
	balance := func(q hexdame.Position, side hexdame.Color) float64 {
		o := side.Opponent()
		men := q.Men(side).Len() - q.Men(o).Len()
		kings := q.Kings(side).Len() - q.Kings(o).Len()
		return float64(men) + 3*float64(kings)
	}
	side := p.SideToMove()
	best, bestScore := hexdame.Move{}, -1e9
	for _, m := range p.LegalMoves() {
		q := p.PlayUnchecked(m)
		score := balance(q, side)
		if e.depth == 2 {
			for _, r := range q.LegalMoves() {
				score = min(score, balance(q.PlayUnchecked(r), side))
			}
		}
		if score > bestScore || !best.IsValid() {
			best, bestScore = m, score
		}
		if ctx.Err() != nil {
			break
		}
	}
	info(hub.Info{Depth: e.depth, Score: int(bestScore * 100), HasScore: true, PV: []hexdame.Move{best}})
	return hub.Done{Move: best}, nil
}

// Serve runs an engine's side of the protocol: in a Hub engine's main
// function, hub.Serve(ctx, os.Stdin, os.Stdout, eng) is all there is. Here
// a GUI session is played over pipes.
func ExampleServe() {
	toEngine, gui := io.Pipe()
	fromEngine, engineOut := io.Pipe()
	go func() {
		hub.Serve(context.Background(), toEngine, engineOut, &material{depth: 1})
		engineOut.Close()
	}()
	io.WriteString(gui, "hub\nset-param name=depth value=2\ninit\n"+
		"pos pos=Weeeeeeeeeeeeeeeeeeeeeeeeeeebeeeeeeeeeewweeeeeeeeeeeeeeeeeeeee\nlevel move-time=1\ngo think\n")
	r := hub.NewCommandReader(fromEngine)
	for {
		line, err := r.ReadLine()
		if err != nil {
			break
		}
		fmt.Println(line)
		if strings.HasPrefix(line, "done") {
			io.WriteString(gui, "quit\n")
		}
	}
	// Output:
	// id name=material version=1
	// param name=variant value=hexdame type=enum values=hexdame
	// param name=depth value=1 type=int min=1 max=2
	// wait
	// ready
	// info depth=2 score=1.00 pv=40-36
	// done move=40-36
}

// PlayGame referees a game; here between two engines in this process,
// connected with pipes (Start would run them as programs).
func ExamplePlayGame() {
	connect := func(eng hub.Engine) *hub.Client {
		inR, inW := io.Pipe()
		outR, outW := io.Pipe()
		go func() {
			hub.Serve(context.Background(), inR, outW, eng)
			outW.Close()
		}()
		c, err := hub.Connect(context.Background(), outR, inW, hub.ClientOptions{})
		if err != nil {
			panic(err)
		}
		return c
	}
	white, red := connect(&material{depth: 2}), connect(hub.NewRandomMover(1))
	defer white.Close()
	defer red.Close()
	res, err := hub.PlayGame(context.Background(), white, red, hub.GameOptions{
		Start:     hexdame.MustParseFEN("W:W40,44,45,48:B10,13,17,18"),
		MoveTime:  time.Second,
		Margin:    time.Second,
		DrawRules: hexdame.DrawRules{KingMoves: 25},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Result, res.Reason, res.Detail)
	// Output:
	// 2-0 no-legal-move Red has no legal move
}

// Start runs an engine program; Close ends it and everything it started.
func ExampleStart() {
	argv, err := hub.SplitCommandLine("hexdame hub-random -seed 5")
	if err != nil {
		fmt.Println(err)
		return
	}
	c, err := hub.Start(context.Background(), argv, hub.ClientOptions{
		Settings:     []hub.Setting{{Name: "spend-time", Value: "true"}},
		StartTimeout: 5 * time.Second,
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer c.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	done, err := c.Search(ctx, hub.Search{
		Position: hexdame.StartPosition(),
		Limits:   hub.Limits{MoveTime: 100 * time.Millisecond},
	}, func(in hub.Info) { fmt.Println("depth", in.Depth) })
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(c.ID().Name, "plays", hub.FormatMove(done.Move))
}
