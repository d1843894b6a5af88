package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"time"

	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/engine"
	"github.com/hexdame/hexdame/internal/enginehooks"
	"github.com/hexdame/hexdame/internal/match"
)

// selfplay plays the engine against itself and appends the games to the
// seed's shard of the data folder (see games.go), resuming where an
// earlier run with the same seed stopped.
func selfplay(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("selfplay", flag.ContinueOnError)
	dir := fs.String("dir", "", "the data `folder`, outside the repository (required)")
	games := fs.Int("games", 1000, "the games the seed's shard is to hold (0: play until interrupted)")
	nodes := fs.Int64("nodes", 4000, "the nodes of each move's search")
	plies := fs.Int("plies", 8, "the random plies of each opening")
	seed := fs.Uint64("seed", 1, "the seed of the openings, which names the shard")
	workers := fs.Int("workers", 1, "the games played at once")
	draw := fs.Int("draw", 50, "the king-move rule: a draw after this many moves a side of kings alone without a capture (0: none)")
	evalSpec := fs.String("eval", "patterns", "the evaluation: patterns, classic or a weights `file`")
	hash := fs.Int("hash", 4, "the transposition table of each game's engine, in `MiB`")
	every := fs.Duration("progress", 10*time.Second, "the time between two progress lines")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *dir == "" || fs.NArg() > 0 || *games < 0 || *nodes <= 0 || *plies < 0 || *workers < 1 || *draw < 0 {
		return errors.New("selfplay: want -dir DIR, and no negative -games, -plies or -draw, positive -nodes and -workers")
	}
	ev, err := evalOf(*evalSpec)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(*dir, 0o755); err != nil {
		return err
	}
	header := fmt.Sprintf("%s seed=%d plies=%d nodes=%d draw=%d eval=%s", shardVersion, *seed, *plies, *nodes, *draw, filepath.Base(*evalSpec))
	name := filepath.Join(*dir, "games-"+strconv.FormatUint(*seed, 10)+".txt")
	f, done, positions, err := openShard(name, header)
	if err != nil {
		return err
	}
	defer f.Close()
	before := len(done)
	fmt.Fprintf(os.Stderr, "selfplay: %s holds %d games, %d positions\n", name, before, positions)

	type job struct {
		number  int
		opening *hexdame.Game
	}
	jobs := make(chan job)
	records := make(chan *gameRecord)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	go func() {
		defer close(jobs)
		i := 0
		for g := range match.OpeningSeq(*plies, *seed, 1<<62) {
			if *games > 0 && i >= *games {
				return
			}
			if !done[i] {
				g.SetDrawRules(hexdame.DrawRules{KingMoves: *draw})
				select {
				case jobs <- job{i, g}:
				case <-ctx.Done():
					return
				}
			}
			i++
		}
	}()
	var wg sync.WaitGroup
	var firstErr error
	var errOnce sync.Once
	for range *workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			e, err := engine.New(engine.Options{HashMiB: *hash})
			if err != nil {
				errOnce.Do(func() { firstErr = err; cancel() })
				return
			}
			enginehooks.Of(e).Eval = ev
			for j := range jobs {
				rec, err := playGame(ctx, e, j.opening, engine.Limits{Nodes: *nodes})
				if err != nil {
					if ctx.Err() == nil {
						errOnce.Do(func() { firstErr = err; cancel() })
					}
					return
				}
				rec.number = j.number
				records <- rec // the writer takes every finished game
			}
		}()
	}
	go func() { wg.Wait(); close(records) }()

	start, last := time.Now(), time.Now()
	played, newPositions := 0, 0
	var line []byte
	report := func() {
		rate := float64(played) / time.Since(start).Minutes()
		eta := ""
		if left := *games - before - played; *games > 0 && rate > 0 {
			eta = ", ETA " + (time.Duration(float64(left) / rate * float64(time.Minute))).Round(time.Second).String()
		}
		fmt.Fprintf(os.Stderr, "selfplay: %d games (%d this run), %d positions, %.1f games/min%s\n",
			before+played, played, positions+newPositions, rate, eta)
	}
	var writeErr error
	for rec := range records {
		if writeErr != nil {
			continue
		}
		line = rec.appendLine(line[:0])
		if _, writeErr = f.Write(line); writeErr != nil {
			cancel()
			continue
		}
		played++
		for range rec.quietPositions() {
			newPositions++
		}
		if time.Since(last) >= *every {
			last = time.Now()
			report()
		}
	}
	report()
	switch {
	case writeErr != nil:
		return writeErr
	case firstErr != nil:
		return firstErr
	case ctx.Err() != nil:
		return errInterrupted
	}
	return f.Close()
}

// playGame plays a game of engine e against itself from the opening, each
// move a search within lim, and returns its record. The engine's table is
// cleared first, so that a game's moves depend on its opening alone.
func playGame(ctx context.Context, e *engine.Engine, opening *hexdame.Game, lim engine.Limits) (*gameRecord, error) {
	e.Clear()
	var scores []int
	player := match.Func(func(ctx context.Context, g *hexdame.Game) hexdame.Move {
		res, _ := e.SearchGame(ctx, g, engine.SearchOptions{Limits: lim})
		scores = append(scores, int(res.Score))
		return res.Move
	})
	g, err := match.Play(ctx, player, player, opening)
	if err != nil {
		return nil, err
	}
	rec := &gameRecord{result: g.Outcome().Result, opening: opening.End().Ply(),
		start: g.Root().Position(), moves: g.Moves(), scores: scores}
	if rec.result != hexdame.WhiteWins && rec.result != hexdame.RedWins {
		rec.result = hexdame.Draw
	}
	return rec, nil
}

// openShard opens the shard name for appending, making it with the
// header when it does not exist, and returns the numbers of the games it
// holds and their quiet positions. A last line without its line end, a
// game cut short by a killed run, is cut off. A shard with another header
// (other flags) is an error.
func openShard(name, header string) (*os.File, map[int]bool, int, error) {
	f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, nil, 0, err
	}
	data, err := io.ReadAll(f)
	if err != nil {
		f.Close()
		return nil, nil, 0, err
	}
	fail := func(err error) (*os.File, map[int]bool, int, error) {
		f.Close()
		return nil, nil, 0, fmt.Errorf("%s: %w", name, err)
	}
	if len(data) == 0 {
		data = []byte(header + "\n")
		if _, err := f.Write(data); err != nil {
			return fail(err)
		}
	}
	if first, _, _ := bytes.Cut(data, []byte("\n")); string(first) != header {
		return fail(fmt.Errorf("made by other flags (%q, not %q): rerun with its flags, or give another -seed", first, header))
	}
	whole := bytes.LastIndexByte(data, '\n') + 1
	if whole < len(data) {
		fmt.Fprintf(os.Stderr, "selfplay: %s: cutting off a game cut short (%d bytes)\n", name, len(data)-whole)
		if err := f.Truncate(int64(whole)); err != nil {
			return fail(err)
		}
	}
	if _, err := f.Seek(int64(whole), io.SeekStart); err != nil {
		return fail(err)
	}
	done := map[int]bool{}
	positions := 0
	err = readShard(bytes.NewReader(data[:whole]), filepath.Base(name), func(g *gameRecord) bool {
		done[g.number] = true
		for range g.quietPositions() {
			positions++
		}
		return true
	})
	if err != nil {
		return fail(err)
	}
	return f, done, positions, nil
}
