package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"strconv"
	"syscall"
	"time"

	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/engine"
	"github.com/hexdame/hexdame/internal/review"
)

// reviewWork bounds the capture searches of reading one game of a review
// (hexdame.Reader.WorkLimit, raised by this much before each game): about
// a second of one core, as a page's import of hexdame serve.
const reviewWork = 20_000_000

// reviewProgressEvery is the time between two lines of progress.
var reviewProgressEvery = 5 * time.Second

var cmdReview = &command{
	name:    "review",
	args:    "[-movetime SECONDS] [-depth N] [-hash MiB] [-tables DIR [-tables-pieces N]] [FILE]",
	summary: "review games with the engine: evaluations, mistakes, better lines",
	about: "Reads the games of a PDN file (standard input when FILE is absent or -), reviews\n" +
		"the main line of each with the engine, and writes the games on standard output\n" +
		"as PDN, in their own notation, with what the review found:\n" +
		"\n" +
		"  - after each move a comment with the evaluation of the position reached,\n" +
		"    White's view: {[%eval +0.35]} in men, {[%eval #+7]} and\n" +
		"    {[%eval #-7]} for a win in 7 plies for White and for Red;\n" +
		"  - on the errors, the NAG ?! ($6, an inaccuracy), ? ($2, a mistake) or ?? ($4, a\n" +
		"    blunder), the words \"Mistake: +0.35 to -1.20. d4-e5 was best.\" in the\n" +
		"    comment, and the engine's line (at most 10 plies) as a variation;\n" +
		"  - the tags Annotator (the limits) and WhiteReview and RedReview, each\n" +
		"    \"moves=40 inaccuracies=2 mistakes=1 blunders=0 loss=0.23\": the side's moves,\n" +
		"    its errors, and its average loss in men a move.\n" +
		"\n" +
		"A move is judged by the expected score it gives away: a score s (hundredths of a\n" +
		"man) is worth 1/(1+exp(-0.0235 s)), a proven win 1, a draw 1/2, a loss 0 (the\n" +
		"logistic the engine's evaluation is tuned with: a man ahead is 0.91); a loss of\n" +
		"0.05 is an inaccuracy, 0.10 a mistake, 0.15 a blunder, as lichess judges. So a\n" +
		"move that turns a win of the tables into a draw is a blunder. The engine's own\n" +
		"best move is never an error. Comments, NAGs and variations already there are\n" +
		"kept (an earlier review's evaluations, words and NAGs ?!, ?, ?? are replaced).\n" +
		"\n" +
		"Each position is searched for -movetime seconds (0.2 by default) or to -depth\n" +
		"plies, or both (the first reached); with -tables the positions the tables hold\n" +
		"are judged by them, exactly, and their best play is the better line. A game's\n" +
		"main line may hold " + strconv.Itoa(review.MaxPositions) + " positions at most. Progress goes to standard error: a\n" +
		"line every few seconds, and one when a game is done.\n" +
		"\n" +
		"A game that cannot be replayed (an illegal move, a bad FEN; located as validate\n" +
		"does: FILE:LINE:COL: game N, ...) or is too long is left out with a line on\n" +
		"standard error, the others are reviewed, and the exit status is 1. Interrupted\n" +
		"(Ctrl-C, SIGTERM), it writes the games done and the game under way reviewed as\n" +
		"far as it got (its WhiteReview and RedReview count the moves judged), leaves\n" +
		"out the games after it, and exits with status 2, as for a file that cannot be\n" +
		"read or written.",
	operands: []string{"FILE  a PDN file, or - for standard input (the default)"},
	setup: func(fs *flag.FlagSet) func(e *env) error {
		movetime := fs.Float64("movetime", 0, "search each position for `SECONDS` (such as 0.5), at most "+strconv.Itoa(maxMoveTime)+" (default 0.2 when -depth is not given)")
		depth := fs.Int("depth", 0, "search each position to `N` plies, from 1 to "+strconv.Itoa(engine.MaxDepth))
		hash := fs.Int("hash", engine.DefaultHashMiB, "the size in `MiB` of the transposition table, from 1 to "+strconv.Itoa(engine.MaxHashMiB))
		tablesDir := addTablesFlag(fs)
		return func(e *env) error {
			given := map[string]bool{}
			fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
			var lim engine.Limits
			if given["depth"] {
				if *depth < 1 || *depth > engine.MaxDepth {
					return usageError{"-depth must be from 1 to " + strconv.Itoa(engine.MaxDepth) + ", not " + strconv.Itoa(*depth)}
				}
				lim.Depth = *depth
			}
			if given["movetime"] {
				if math.IsNaN(*movetime) || *movetime <= 0 || *movetime > maxMoveTime {
					return usageError{"-movetime must be more than 0 and at most " + strconv.Itoa(maxMoveTime) + " seconds, not " + strconv.FormatFloat(*movetime, 'g', -1, 64)}
				}
				lim.MoveTime = secondsDuration(*movetime)
			}
			if lim == (engine.Limits{}) {
				lim.MoveTime = review.DefaultMoveTime
			}
			if *hash < 1 || *hash > engine.MaxHashMiB {
				return usageError{"-hash must be from 1 to " + strconv.Itoa(engine.MaxHashMiB) + " MiB, not " + strconv.Itoa(*hash)}
			}
			in, display, closeIn, err := openOperand(e)
			if err != nil {
				return err
			}
			defer closeIn()
			tables, err := tablesDir.open()
			if err != nil {
				return err
			}
			hashMiB, err := hashOption(fs, *hash)
			if err != nil {
				return err
			}
			eng, err := engine.New(engine.Options{HashMiB: hashMiB, Endgame: tables.ProbeFunc(), EndgamePieces: tables.MaxPieces()})
			if err != nil {
				return usageError{err.Error()}
			}
			noteHash(e, "review", hashMiB, eng.Options().HashMiB)
			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			go func() {
				<-ctx.Done()
				stop() // a second interrupt ends the program at once
			}()
			rv := &reviewer{e: e, display: display, eng: eng, opts: review.Options{Limits: lim, Tables: tables}}
			return rv.run(ctx, in)
		}
	},
}

// A reviewer reviews the games of one input.
type reviewer struct {
	e       *env
	display string // the input's name for messages
	eng     *engine.Engine
	opts    review.Options
}

// run reviews the games of in and writes them.
func (rv *reviewer) run(ctx context.Context, in io.Reader) error {
	r := hexdame.NewReader(in)
	w := hexdame.NewWriter(rv.e.stdout)
	failed, written := false, 0
	for number := 1; ; number++ {
		// Each game may spend reviewWork, and what the games before left.
		r.WorkLimit += reviewWork
		g, err := r.ReadGame()
		if err == io.EOF {
			break
		}
		if err != nil {
			pes := hexdame.ParseErrors(err)
			if len(pes) == 0 {
				return usageError{rv.display + ": " + err.Error()}
			}
			for _, pe := range pes {
				fmt.Fprintf(rv.e.stderr, "hexdame review: %s:%d:%d: game %d, %s\n", rv.display, pe.Line, pe.Column, pe.Game, oneLine(pe.Detail()))
			}
			failed = true
			continue
		}
		res, err := rv.review(ctx, number, g)
		if errors.Is(err, review.ErrTooLong) {
			fmt.Fprintf(rv.e.stderr, "hexdame review: %s: game %d, %s\n", rv.display, number, oneLine(err.Error()))
			failed = true
			continue
		}
		interrupted := ctx.Err() != nil
		if err != nil && !interrupted {
			return err
		}
		if interrupted && len(res.Evals) == 0 {
			return usageError{fmt.Sprintf("interrupted: %d games written", written)}
		}
		if err := res.Annotate(g); err != nil {
			return fmt.Errorf("game %d: %w", number, err)
		}
		if err := w.WriteGame(g, g.Notation()); err != nil {
			return err
		}
		written++
		if interrupted {
			return usageError{fmt.Sprintf("interrupted: %d games written, the last reviewed as far as position %d of %d", written, len(res.Evals), len(review.MainLine(g)))}
		}
	}
	if failed {
		return failure{}
	}
	return nil
}

// review reviews game number n, writing its progress.
func (rv *reviewer) review(ctx context.Context, n int, g *hexdame.Game) (*review.Review, error) {
	start := time.Now()
	last := start
	opts := rv.opts
	opts.Progress = func(p review.Progress) {
		if now := time.Now(); now.Sub(last) >= reviewProgressEvery {
			last = now
			fmt.Fprintf(rv.e.stderr, "review: game %d, position %d of %d, %.1f s\n", n, p.Done, p.Total, now.Sub(start).Seconds())
		}
	}
	rv.eng.Clear() // each game's review as if it were the only one
	res, err := review.Game(ctx, rv.eng, g, opts)
	if res != nil && err == nil {
		fmt.Fprintf(rv.e.stderr, "review: game %d, %d positions in %.1f s; White %v; Red %v\n", n, len(res.Evals), time.Since(start).Seconds(), res.White, res.Red)
	}
	return res, err
}
