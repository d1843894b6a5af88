// Command tune tunes the weights of the engine's evaluation on games the
// engine plays against itself, and runs matches between versions of it.
//
// The method is logistic regression: each quiet position of the games (one
// whose side to move has no capture) is labelled with the game's result
// for White (1, 1/2 or 0), and the weights are fitted so that
// 1/(1+exp(-k·eval)) predicts the label, minimising the mean log loss
// (cross-entropy) with Adam over the whole set, with a small L2 penalty
// that keeps rarely seen features near 0. The man's middle-game weight stays
// at 100 (the unit of the scores); k is fitted with the others.
//
// Rerun the tuning from the repository's root (each step prints what it
// does on standard error):
//
//	go run ./internal/cmd/tune selfplay -games 20000 -nodes 4000 -out /tmp/games.txt
//	go run ./internal/cmd/tune fit -out /tmp/weights.txt /tmp/games.txt
//	go run ./internal/cmd/tune match -b /tmp/weights.txt -games 400 -nodes 20000
//	go run ./internal/cmd/tune write -weights /tmp/weights.txt engine/eval.go
//
// selfplay writes one line per quiet position: its FEN, a space and
// White's result. fit writes a weights file: one line per feature, its
// weights for the middle game and the ending, and its name. match plays
// the engine with weights a (default: the tuned ones in eval.go) against
// weights b and prints the score of a. write puts a weights file into
// eval.go between its BEGIN and END TUNED WEIGHTS lines.
//
// tactics picks positions of selfplay's output where the side to move
// forces a win within a horizon, proven by Solve, for the engine's tactics
// test (engine/testdata/tactics.fen):
//
//	go run ./internal/cmd/tune tactics -n 60 -out engine/testdata/tactics.fen /tmp/games.txt
package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/engine"
	"github.com/hexdame/hexdame/internal/enginehooks"
	"github.com/hexdame/hexdame/internal/match"
	"github.com/hexdame/hexdame/internal/stats"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "tune:", err)
		os.Exit(2)
	}
}

// run runs the command args name, with its flags and arguments.
func run(args []string) error {
	if len(args) == 0 {
		return errors.New("usage: tune selfplay|fit|match|write|tactics [flags]")
	}
	commands := map[string]func([]string) error{
		"selfplay": selfplay, "fit": fit, "match": runMatch, "write": write, "tactics": tactics,
	}
	cmd, ok := commands[args[0]]
	if !ok {
		return errors.New("unknown command " + strconv.Quote(args[0]))
	}
	return cmd(args[1:])
}

// newEngine returns an engine for one game with weights w (nil: the tuned
// ones) and experimental variant v, at a level (0 for full strength).
func newEngine(w enginehooks.Weights, v uint64, seed uint64, level int) *engine.Engine {
	e, err := engine.New(engine.Options{HashMiB: 16, Seed: seed, Level: level})
	if err != nil {
		panic(err) // the options are valid
	}
	*enginehooks.Of(e) = enginehooks.Tuning{Weights: w, Variant: v}
	return e
}

// enginePlayer plays with e's searches within lim. The game a search is
// given always has a legal move, which the search returns.
func enginePlayer(e *engine.Engine, lim engine.Limits) match.Player {
	return match.Func(func(ctx context.Context, g *hexdame.Game) hexdame.Move {
		res, _ := e.SearchGame(ctx, g, engine.SearchOptions{Limits: lim})
		return res.Move
	})
}

func selfplay(args []string) error {
	fs := flag.NewFlagSet("selfplay", flag.ContinueOnError)
	games := fs.Int("games", 1000, "the number of games")
	nodes := fs.Int64("nodes", 4000, "the nodes per move")
	plies := fs.Int("plies", 8, "the random plies of each opening")
	seed := fs.Uint64("seed", 1, "the seed of the openings")
	workers := fs.Int("workers", 1, "the games played at once")
	out := fs.String("out", "", "the output file (required)")
	weights := fs.String("weights", "", "a weights file (default: the tuned weights)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *out == "" {
		return errors.New("selfplay: -out is required")
	}
	var w enginehooks.Weights
	if *weights != "" {
		var err error
		if w, err = readWeights(*weights); err != nil {
			return err
		}
	}
	f, err := os.Create(*out)
	if err != nil {
		return err
	}
	defer f.Close()
	bw := bufio.NewWriter(f)
	openings := match.Openings((*games+1)/2, *plies, *seed)
	lim := engine.Limits{Nodes: *nodes}
	start := time.Now()
	positions := 0
	newPlayer := func() match.Player { return enginePlayer(newEngine(w, 0, 1, 0), lim) }
	tally, err := match.Match(context.Background(), newPlayer, newPlayer, openings, *workers, func(t stats.Tally, g *hexdame.Game, opening int) {
		result := strconv.FormatFloat(match.Points(g.Outcome().Result, hexdame.White), 'g', -1, 64)
		positionsOf := []hexdame.Position{g.Root().Position()}
		for x := range g.Root().Mainline() {
			positionsOf = append(positionsOf, x.Position())
		}
		for _, p := range positionsOf[opening:] {
			if p.HasCapture() || p.CountLegalMoves() == 0 {
				continue
			}
			fmt.Fprintf(bw, "%s %s\n", p.String(), result)
			positions++
		}
		bw.Flush() // a run cut short keeps its games; an error shows at the end
		if n := t.Games(); n%100 == 0 {
			fmt.Fprintf(os.Stderr, "%d games, %d positions, %v\n", n, positions, time.Since(start).Round(time.Second))
		}
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "%d games (the first player %v), %d positions, %v\n", tally.Games(), tally, positions, time.Since(start).Round(time.Second))
	if err := bw.Flush(); err != nil {
		return err
	}
	return f.Close()
}

// A sample is a position's features and result.
type sample struct {
	idx    []int16
	val    []int16
	phase  float64 // the middle-game share
	result float64
}

func load(files []string) ([]sample, error) {
	var out []sample
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			fen, res, ok := strings.Cut(sc.Text(), " ")
			if !ok {
				continue
			}
			p, err := hexdame.ParseFEN(fen)
			if err != nil {
				f.Close()
				return nil, err
			}
			r, err := strconv.ParseFloat(res, 64)
			if err != nil {
				f.Close()
				return nil, err
			}
			counts, pieces := enginehooks.Features(p)
			s := sample{result: r, phase: float64(min(pieces, enginehooks.PhasePieces)) / float64(enginehooks.PhasePieces)}
			for i, c := range counts {
				if c != 0 {
					s.idx = append(s.idx, int16(i))
					s.val = append(s.val, int16(c))
				}
			}
			out = append(out, s)
		}
		f.Close()
		if err := sc.Err(); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func fit(args []string) error {
	fs := flag.NewFlagSet("fit", flag.ContinueOnError)
	iters := fs.Int("iters", 3000, "the steps of gradient descent")
	rate := fs.Float64("rate", 1, "Adam's step size, in hundredths of a man")
	l2 := fs.Float64("l2", 1e-7, "the L2 penalty per weight")
	out := fs.String("out", "", "the weights file to write (required)")
	from := fs.String("from", "", "a weights file to start from (default: the tuned weights)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *out == "" || fs.NArg() == 0 {
		return errors.New("fit: want -out and data files")
	}
	data, err := load(fs.Args())
	if err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "%d positions\n", len(data))
	start := enginehooks.Tuned()
	if *from != "" {
		if start, err = readWeights(*from); err != nil {
			return err
		}
	}
	n := len(start)
	// Parameters: the weights (mg, eg interleaved) and log k.
	w := make([]float64, 2*n+1)
	for i, x := range start {
		w[2*i], w[2*i+1] = float64(x[0]), float64(x[1])
	}
	w[2*n] = math.Log(0.01)
	fixed := func(j int) bool { return j == 0 } // the man in the middle game: the unit
	workers := runtime.GOMAXPROCS(0)
	loss := func(grad []float64) float64 {
		k := math.Exp(w[2*n])
		var mu sync.Mutex
		var total float64
		var wg sync.WaitGroup
		chunk := (len(data) + workers - 1) / workers
		for lo := 0; lo < len(data); lo += chunk {
			hi := min(lo+chunk, len(data))
			wg.Add(1)
			go func() {
				defer wg.Done()
				g := make([]float64, len(grad))
				var sum float64
				for _, s := range data[lo:hi] {
					var e float64
					for j, i := range s.idx {
						v := float64(s.val[j])
						e += v * (w[2*i]*s.phase + w[2*i+1]*(1-s.phase))
					}
					pr := 1 / (1 + math.Exp(-k*e))
					pr = min(max(pr, 1e-12), 1-1e-12)
					sum -= s.result*math.Log(pr) + (1-s.result)*math.Log(1-pr)
					d := pr - s.result // d loss / d (k e)
					for j, i := range s.idx {
						v := float64(s.val[j])
						g[2*i] += d * k * v * s.phase
						g[2*i+1] += d * k * v * (1 - s.phase)
					}
					g[2*n] += d * k * e
				}
				mu.Lock()
				total += sum
				for j := range g {
					grad[j] += g[j]
				}
				mu.Unlock()
			}()
		}
		wg.Wait()
		m := float64(len(data))
		for j := range grad {
			grad[j] /= m
		}
		for j := 0; j < 2*n; j++ {
			total += *l2 * m * w[j] * w[j]
			grad[j] += 2 * *l2 * w[j]
		}
		return total / m
	}
	// Adam.
	mom, vel := make([]float64, len(w)), make([]float64, len(w))
	grad := make([]float64, len(w))
	const b1, b2 = 0.9, 0.999
	for it := 1; it <= *iters; it++ {
		clear(grad)
		l := loss(grad)
		for j := range w {
			if j < 2*n && fixed(j) {
				continue
			}
			mom[j] = b1*mom[j] + (1-b1)*grad[j]
			vel[j] = b2*vel[j] + (1-b2)*grad[j]*grad[j]
			mh := mom[j] / (1 - math.Pow(b1, float64(it)))
			vh := vel[j] / (1 - math.Pow(b2, float64(it)))
			step := *rate
			if j == 2*n {
				step = 0.01
			}
			w[j] -= step * mh / (math.Sqrt(vh) + 1e-12)
		}
		if it%100 == 0 || it == 1 {
			fmt.Fprintf(os.Stderr, "step %d: log loss %.6f, k %.5f\n", it, l, math.Exp(w[2*n]))
		}
	}
	res := make(enginehooks.Weights, n)
	for i := range res {
		res[i] = [2]int32{int32(math.Round(w[2*i])), int32(math.Round(w[2*i+1]))}
	}
	return writeWeights(*out, res)
}

func writeWeights(name string, w enginehooks.Weights) error {
	names := enginehooks.FeatureNames()
	var b strings.Builder
	for i, x := range w {
		fmt.Fprintf(&b, "%d %d %s\n", x[0], x[1], names[i])
	}
	return os.WriteFile(name, []byte(b.String()), 0o644)
}

// readWeights reads a weights file, matching its lines to the features by
// name; a feature it does not name keeps its tuned weights.
func readWeights(name string) (enginehooks.Weights, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	byName := map[string]int{}
	for i, n := range enginehooks.FeatureNames() {
		byName[n] = i
	}
	w := enginehooks.Tuned()
	for i, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		fields := strings.SplitN(line, " ", 3)
		if len(fields) != 3 {
			return nil, fmt.Errorf("%s:%d: want MG EG NAME", name, i+1)
		}
		mg, err1 := strconv.Atoi(fields[0])
		eg, err2 := strconv.Atoi(fields[1])
		j, ok := byName[fields[2]]
		if err1 != nil || err2 != nil || !ok {
			return nil, fmt.Errorf("%s:%d: bad line %q", name, i+1, line)
		}
		w[j] = [2]int32{int32(mg), int32(eg)}
	}
	return w, nil
}

func write(args []string) error {
	fs := flag.NewFlagSet("write", flag.ContinueOnError)
	weights := fs.String("weights", "", "the weights file")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *weights == "" || fs.NArg() != 1 {
		return errors.New("write: want -weights FILE EVAL.GO")
	}
	w, err := readWeights(*weights)
	if err != nil {
		return err
	}
	src, err := os.ReadFile(fs.Arg(0))
	if err != nil {
		return err
	}
	const begin, end = "\t// BEGIN TUNED WEIGHTS\n", "\t// END TUNED WEIGHTS\n"
	s := string(src)
	i, j := strings.Index(s, begin), strings.Index(s, end)
	if i < 0 || j < i {
		return errors.New("write: no tuned weights block")
	}
	var b strings.Builder
	names := enginehooks.FeatureNames()
	for k, x := range w {
		fmt.Fprintf(&b, "\t%d: {%d, %d}, // %s\n", k, x[0], x[1], names[k])
	}
	s = s[:i+len(begin)] + b.String() + s[j:]
	return os.WriteFile(fs.Arg(0), []byte(s), 0o644)
}

func runMatch(args []string) error {
	fs := flag.NewFlagSet("match", flag.ContinueOnError)
	a := fs.String("a", "", "player a's weights file (default: the tuned weights)")
	b := fs.String("b", "", "player b's weights file (default: the tuned weights)")
	va := fs.Uint64("variant-a", 0, "player a's experimental variant")
	vb := fs.Uint64("variant-b", 0, "player b's experimental variant")
	games := fs.Int("games", 200, "the number of games (two per opening)")
	nodes := fs.Int64("nodes", 0, "the nodes per move")
	depth := fs.Int("depth", 0, "the depth per move")
	movetime := fs.Duration("movetime", 0, "the time per move")
	plies := fs.Int("plies", 8, "the random plies of each opening")
	seed := fs.Uint64("seed", 7, "the seed of the openings")
	workers := fs.Int("workers", 1, "the games played at once")
	la := fs.Int("level-a", 0, "player a's level (0: full strength)")
	lb := fs.Int("level-b", 0, "player b's level (0: full strength)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	var wa, wb enginehooks.Weights
	var err error
	if *a != "" {
		if wa, err = readWeights(*a); err != nil {
			return err
		}
	}
	if *b != "" {
		if wb, err = readWeights(*b); err != nil {
			return err
		}
	}
	lim := engine.Limits{Nodes: *nodes, Depth: *depth, MoveTime: *movetime}
	openings := match.Openings((*games+1)/2, *plies, *seed)
	start := time.Now()
	var seeds atomic.Uint64
	tally, err := match.Match(context.Background(),
		func() match.Player { return enginePlayer(newEngine(wa, *va, seeds.Add(1), *la), lim) },
		func() match.Player { return enginePlayer(newEngine(wb, *vb, seeds.Add(1), *lb), lim) },
		openings, *workers, func(t stats.Tally, _ *hexdame.Game, _ int) {
			if t.Games()%20 == 0 {
				fmt.Fprintf(os.Stderr, "%v, %v\n", t, time.Since(start).Round(time.Second))
			}
		})
	if err != nil {
		return err
	}
	_, err = fmt.Printf("a vs b: %v\n", tally)
	return err
}

// tactics writes positions with a forced win of at most -plies plies: a
// name, the FEN, the plies of the fastest win and every winning key.
func tactics(args []string) error {
	fs := flag.NewFlagSet("tactics", flag.ContinueOnError)
	n := fs.Int("n", 60, "the number of positions")
	plies := fs.Int("plies", 9, "the longest win")
	minPlies := fs.Int("min", 3, "the shortest win")
	maxKeys := fs.Int("keys", 2, "the most winning first moves")
	out := fs.String("out", "", "the output file (required)")
	seed := fs.Uint64("seed", 3, "the seed of the sampling")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *out == "" || fs.NArg() == 0 {
		return errors.New("tactics: want -out and data files")
	}
	var fens []string
	for _, name := range fs.Args() {
		data, err := os.ReadFile(name)
		if err != nil {
			return err
		}
		for _, line := range strings.Split(string(data), "\n") {
			if fen, _, ok := strings.Cut(line, " "); ok {
				fens = append(fens, fen)
			}
		}
	}
	r := rand.New(rand.NewPCG(*seed, 5))
	r.Shuffle(len(fens), func(i, j int) { fens[i], fens[j] = fens[j], fens[i] })
	e, err := engine.New(engine.Options{HashMiB: 64})
	if err != nil {
		return err
	}
	var b strings.Builder
	b.WriteString("# Positions of the engine's games against itself where the side to move forces\n")
	b.WriteString("# a win (the opponent left without a move) within " + strconv.Itoa(*plies) + " plies, proven by Solve\n")
	b.WriteString("# (go run ./internal/cmd/tune tactics): a name, the FEN, the plies of the\n")
	b.WriteString("# fastest win and every winning first move, tab-separated.\n")
	found := 0
	seen := map[string]bool{}
	for _, fen := range fens {
		if found >= *n {
			break
		}
		p, err := hexdame.ParseFEN(fen)
		if err != nil || seen[fen] {
			continue
		}
		seen[fen] = true
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		sol, err := e.Solve(ctx, p, *plies, engine.SolveOptions{All: true})
		cancel()
		// A test of the engine: few keys among several moves.
		if err != nil || !sol.Win || sol.Plies < *minPlies || len(sol.Keys) > *maxKeys || p.CountLegalMoves() < 3 {
			continue
		}
		var keys []string
		for _, k := range sol.Keys {
			keys = append(keys, p.Path(k.Move).Format(hexdame.Algebraic))
		}
		found++
		fmt.Fprintf(&b, "win%d-%02d\t%s\t%d\t%s\n", sol.Plies, found, fen, sol.Plies, strings.Join(keys, " "))
		fmt.Fprintf(os.Stderr, "%d: %s win %d, %d keys\n", found, fen, sol.Plies, len(keys))
	}
	return os.WriteFile(*out, []byte(b.String()), 0o644)
}
