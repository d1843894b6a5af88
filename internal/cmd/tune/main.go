// Command tune learns the weights of the engine's evaluation from games
// the engine plays against itself, and plays matches between
// evaluations.
//
// The evaluation (package engine's eval.go and patterns.go) is linear in
// its features: the classic features (material, a man's cell, a king's
// ring, mobility, runaways, holes, ...), each with a middle-game and an
// ending weight, and, in the pattern evaluation, the configurations of the
// 37 hexagons of 7 cells around the board's inner cells (20,628 weights
// shared by the mirror and color symmetries). The method is logistic
// regression: each quiet position of the games (one whose side to move
// has no capture) is labelled with the game's result for White (by
// default blended half and half with the search's score through the same
// logistic: -lambda), and the weights are fitted so that
// 1/(1+exp(-k·eval)) predicts it, minimizing the mean log loss
// (cross-entropy) with Adam on minibatches, with an L2 penalty that keeps
// rarely seen weights near 0; the man's middle-game weight stays 100 (the
// unit of the scores) and k is fitted with the others. The games are split
// into a training and a held-out set by game, not by position, and each
// epoch reports both losses, of the game results alone.
//
// The pipeline, from the repository's root, with the data in a folder
// outside it (each step shows its progress on standard error, stops
// cleanly at SIGINT or SIGTERM and, run again with the same flags,
// resumes where it stopped):
//
//	go build -o /tmp/tune ./internal/cmd/tune
//	nice -n 19 /tmp/tune selfplay -dir /work/data37 -games 25000 -workers 2 -eval classic
//	nice -n 19 /tmp/tune fit -dir /work/data37 -out /work/data37/patterns.hxw -epochs 20
//	/tmp/tune match -a classic -b /work/data37/patterns.hxw -games 400 -nodes 20000 -workers 2
//	/tmp/tune write -weights /work/data37/patterns.hxw engine/patterns.hxw
//
// selfplay appends games to the folder's shard of its seed
// (games-SEED.txt; see games.go for the format): game N plays the N-th of
// the seed's distinct random openings of -plies moves, then the engine
// (-eval: patterns, the default, classic or a weights file; the weights
// of engine/patterns.hxw were fitted on games of classic) at -nodes a
// move against itself, ended by the rules, the king-move rule (-draw) or a draw after
// 400 plies. A game's moves depend on its opening alone, so that the
// shard is the same whatever -workers. A run that is stopped keeps every
// game it finished; one that is killed loses the games under way and
// leaves at most a last line cut short, which the next run cuts off. A run
// with another seed makes another shard: several machines can fill one
// folder. Measured on the project's two-core machine (2026-11-28, a load
// of 7 to 9 from other work): with the default flags (4,000 nodes a move)
// and -workers 2 at nice 19, 264 games and 28,000 quiet positions a
// minute (about 106 a game); so 25,000 games, 2.7 million positions, take
// 1.5 to 2 hours (extrapolated from a run of 18 minutes).
//
// fit reads every shard of the folder, holds out the games whose key
// hashes into -holdout (a tenth), and fits the linear and pattern weights
// together (-patterns=false: the linear ones alone) from the tuned linear
// weights and patterns 0 (or -from a weights file), k first fitted alone:
// its first line is the starting evaluation's held-out loss. After each
// epoch it writes its state to OUT.ckpt; run again with the same flags
// and data it resumes there, and gives the weights the uninterrupted run
// gives, to the bit (a larger -epochs goes on training). It writes to
// OUT, a weights file (package internal/evalweights), the weights of the
// epoch with the lowest held-out loss. Reading costs about 7 s per million
// positions, an epoch 1.5 to 4 s per million on two cores, so 20 epochs
// on 2.7 million positions take 2 to 5 minutes (extrapolated from fits of
// half a million). A 400-game match at 20,000 nodes a move with -workers
// 2 takes 10 to 15 minutes, and hexdame match's 400 games at 0.1 s a
// move about an hour (see doc/BENCHMARKS.md, the learned evaluation).
//
// match plays evaluations against each other (-a, -b: classic, patterns
// or a weights file; -variant-a, -variant-b switch experimental search
// changes on), each opening twice with the colors swapped, and prints
// the score of a. Matches at a time control, with an SPRT, go through
// hexdame match, whose engine hexdame hub takes the parameter eval
// (patterns, the default, or classic):
//
//	hexdame match -engine "hexdame hub" -engine "hexdame hub -eval classic" -games 400 -movetime 0.1 -sprt 0,50,0.05,0.05
//
// write puts a weights file into the engine: into engine/patterns.hxw (any
// other name but a .go file), checked first, or, for a weights file
// without patterns, its linear weights into eval.go between its BEGIN and
// END TUNED WEIGHTS lines (the classic evaluation).
//
// tactics picks positions of the games where the side to move forces a
// win within a horizon, proven by Solve, for the engine's tactics test
// (engine/testdata/tactics.fen):
//
//	go run ./internal/cmd/tune tactics -n 60 -dir /work/data37 -out engine/testdata/tactics.fen
//
// To rebuild the data from nothing, run selfplay into an empty folder:
// the games are the same for the same seed and flags (with the same
// engine), so the data of a lost folder comes back as it was.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/engine"
	"github.com/hexdame/hexdame/internal/enginehooks"
	"github.com/hexdame/hexdame/internal/evalweights"
	"github.com/hexdame/hexdame/internal/match"
	"github.com/hexdame/hexdame/internal/stats"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:])
	stop()
	switch {
	case errors.Is(err, errInterrupted):
		fmt.Fprintln(os.Stderr, "tune: interrupted: run the same command again to resume")
		os.Exit(1)
	case err != nil:
		fmt.Fprintln(os.Stderr, "tune:", err)
		os.Exit(2)
	}
}

// errInterrupted is returned by a step stopped by its context (SIGINT or
// SIGTERM) after it has kept what it did.
var errInterrupted = errors.New("interrupted")

// run runs the command args name, with its flags and arguments, until ctx
// ends.
func run(ctx context.Context, args []string) error {
	if len(args) == 0 {
		return errors.New("usage: tune selfplay|fit|match|write|tactics [flags]")
	}
	commands := map[string]func(context.Context, []string) error{
		"selfplay": selfplay, "fit": fit, "match": runMatch, "write": write, "tactics": tactics,
	}
	cmd, ok := commands[args[0]]
	if !ok {
		return errors.New("unknown command " + strconv.Quote(args[0]))
	}
	return cmd(ctx, args[1:])
}

// evalOf returns the evaluation spec names: classic (the linear
// evaluation with the tuned weights), patterns (the embedded pattern
// evaluation, the engine's default) or a weights file.
func evalOf(spec string) (*enginehooks.Eval, error) {
	switch spec {
	case "classic":
		return enginehooks.ClassicEval(), nil
	case "patterns":
		return enginehooks.PatternEval()
	}
	f, err := evalweights.ReadFile(spec)
	if err != nil {
		return nil, err
	}
	e, err := enginehooks.NewEval(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", spec, err)
	}
	return e, nil
}

// newEngine returns an engine for one game with evaluation ev (nil: the
// classic one) and experimental variant v, at a level (0 for full
// strength).
func newEngine(ev *enginehooks.Eval, v uint64, seed uint64, level int) *engine.Engine {
	e, err := engine.New(engine.Options{HashMiB: 16, Seed: seed, Level: level})
	if err != nil {
		panic(err) // the options are valid
	}
	*enginehooks.Of(e) = enginehooks.Tuning{Eval: ev, Variant: v}
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

// write puts a weights file into the engine: a copy, checked, into a
// file such as engine/patterns.hxw, or its linear weights into eval.go's
// tuned weights block.
func write(_ context.Context, args []string) error {
	fs := flag.NewFlagSet("write", flag.ContinueOnError)
	weights := fs.String("weights", "", "the weights file")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *weights == "" || fs.NArg() != 1 {
		return errors.New("write: want -weights FILE engine/patterns.hxw (or engine/eval.go)")
	}
	w, err := evalweights.ReadFile(*weights)
	if err != nil {
		return err
	}
	if _, err := enginehooks.NewEval(w); err != nil {
		return fmt.Errorf("%s: %w", *weights, err)
	}
	dest := fs.Arg(0)
	if !strings.HasSuffix(dest, ".go") {
		return w.WriteFile(dest)
	}
	if len(w.Patterns) > 0 {
		return fmt.Errorf("write: %s has pattern weights: its linear weights were fitted with them, and belong in engine/patterns.hxw", *weights)
	}
	src, err := os.ReadFile(dest)
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
	for k, x := range w.Linear {
		fmt.Fprintf(&b, "\t%d: {%d, %d}, // %s\n", k, x[0], x[1], names[k])
	}
	s = s[:i+len(begin)] + b.String() + s[j:]
	return os.WriteFile(dest, []byte(s), 0o644)
}

// runMatch plays two evaluations against each other.
func runMatch(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("match", flag.ContinueOnError)
	a := fs.String("a", "patterns", "player a's evaluation: patterns, classic or a weights file")
	b := fs.String("b", "patterns", "player b's evaluation: patterns, classic or a weights file")
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
	ea, err := evalOf(*a)
	if err != nil {
		return err
	}
	eb, err := evalOf(*b)
	if err != nil {
		return err
	}
	lim := engine.Limits{Nodes: *nodes, Depth: *depth, MoveTime: *movetime}
	openings := match.Openings((*games+1)/2, *plies, *seed)
	start := time.Now()
	var seeds atomic.Uint64
	tally, err := match.Match(ctx,
		func() match.Player { return enginePlayer(newEngine(ea, *va, seeds.Add(1), *la), lim) },
		func() match.Player { return enginePlayer(newEngine(eb, *vb, seeds.Add(1), *lb), lim) },
		openings, *workers, func(t stats.Tally, _ *hexdame.Game, _ int) {
			if t.Games()%20 == 0 {
				fmt.Fprintf(os.Stderr, "match: %d of %d games, a %v, %v\n", t.Games(), 2*len(openings), t, time.Since(start).Round(time.Second))
			}
		})
	fmt.Printf("a vs b: %v in %d games\n", tally, tally.Games())
	if err != nil && ctx.Err() != nil {
		return errInterrupted
	}
	return err
}

// tactics writes positions with a forced win of at most -plies plies: a
// name, the FEN, the plies of the fastest win and every winning key.
func tactics(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("tactics", flag.ContinueOnError)
	n := fs.Int("n", 60, "the number of positions")
	plies := fs.Int("plies", 9, "the longest win")
	minPlies := fs.Int("min", 3, "the shortest win")
	maxKeys := fs.Int("keys", 2, "the most winning first moves")
	dir := fs.String("dir", "", "the data folder of selfplay (required)")
	out := fs.String("out", "", "the output file (required)")
	seed := fs.Uint64("seed", 3, "the seed of the sampling")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *out == "" || *dir == "" {
		return errors.New("tactics: want -dir and -out")
	}
	names, err := shards(*dir)
	if err != nil {
		return err
	}
	var fens []string
	for g, err := range readGames(names) {
		if err != nil {
			return err
		}
		for p := range g.quietPositions() {
			fens = append(fens, p.pos.String())
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
		if found >= *n || ctx.Err() != nil {
			break
		}
		p, err := hexdame.ParseFEN(fen)
		if err != nil || seen[fen] {
			continue
		}
		seen[fen] = true
		sctx, cancel := context.WithTimeout(ctx, 2*time.Second)
		sol, err := e.Solve(sctx, p, *plies, engine.SolveOptions{All: true})
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
	if ctx.Err() != nil {
		return errInterrupted
	}
	return os.WriteFile(*out, []byte(b.String()), 0o644)
}
