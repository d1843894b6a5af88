package main

import (
	"errors"
	"flag"
	"fmt"
	"runtime"
	"slices"
	"strconv"
	"time"

	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/diagram"
	"github.com/hexdame/hexdame/hub"
	"github.com/hexdame/hexdame/perft"
)

var cmdShow = &command{
	name:    "show",
	args:    "[-fen FEN] [-coords] [-flip]",
	summary: "print a position's diagram and its FEN",
	about: "Prints the diagram of the position (White at the bottom; w and W for White's men\n" +
		"and kings, r and R for Red's) and then its FEN on the last line.",
	setup: func(fs *flag.FlagSet) func(e *env) error {
		fen := addFENFlag(fs)
		coords := fs.Bool("coords", false, "write the file letters and rank numbers around the board")
		flip := fs.Bool("flip", false, "draw Red at the bottom")
		return func(e *env) error {
			if err := noArgs(e); err != nil {
				return err
			}
			p, err := fen.position()
			if err != nil {
				return err
			}
			d := diagram.Text(p, diagram.Options{Coordinates: *coords, Flip: *flip})
			_, err = fmt.Fprintf(e.stdout, "%s%s\n", d, p.String())
			return err
		}
	},
}

var cmdSVG = &command{
	name:    "svg",
	args:    "[-fen FEN] [-move MOVE] [-flip] [-coords] [-size PX]",
	summary: "draw a position, and a move, as an SVG picture",
	about: "Writes an SVG document of the position on standard output: the board, the pieces\n" +
		"(kings crowned), and with -move the move's path with arrows and the pieces it\n" +
		"captures crossed out. With no flags it draws the start position.",
	setup: func(fs *flag.FlagSet) func(e *env) error {
		fen := addFENFlag(fs)
		moveText := fs.String("move", "", "a legal `move` of the position to draw, in any notation play reads")
		flip := fs.Bool("flip", false, "draw Red at the bottom")
		coords := fs.Bool("coords", false, "write the file letters and rank numbers around the board")
		size := fs.Int("size", 400, "the width in `pixels`, from 1 to 10000")
		return func(e *env) error {
			if err := noArgs(e); err != nil {
				return err
			}
			p, err := fen.position()
			if err != nil {
				return err
			}
			if *size < 1 || *size > 10000 {
				return usageError{"-size must be from 1 to 10000, not " + strconv.Itoa(*size)}
			}
			opts := diagram.Options{Size: *size, Flip: *flip, Coordinates: *coords}
			if *moveText != "" {
				m, err := p.ParseMove(*moveText)
				if err != nil {
					return usageError{"-move " + quote(*moveText) + ": " + moveDetail(err)}
				}
				opts.Move = m
			}
			return diagram.WriteSVG(e.stdout, p, opts)
		}
	},
}

// moveDetail returns a move error's message without the library's prefix
// and without repeating the move text.
func moveDetail(err error) string {
	var me *hexdame.MoveError
	if errors.As(err, &me) {
		return me.Detail()
	}
	var te *hub.TextError
	if errors.As(err, &te) {
		what := "not a move in the Hub notation"
		if errors.Is(err, hexdame.ErrIllegalMove) {
			what = "illegal move"
		}
		if te.Why != "" {
			what += ": " + te.Why
		}
		return what
	}
	return err.Error()
}

var cmdMoves = &command{
	name:    "moves",
	args:    "[-fen FEN] [-numeric | -hub]",
	summary: "list the legal moves of a position",
	about: "Prints every legal move, one per line in sorted order, with its start cell and\n" +
		"every landing cell (d4-e5, c3xe5xg5), and nothing else. Captures are compulsory\n" +
		"and only those taking the most pieces are listed. With -hub the moves are in the\n" +
		"Hub protocol's notation (HUB.md): numeric cells, a capture as start, end and every\n" +
		"captured cell (40-31, 38x16x27x22).",
	setup: func(fs *flag.FlagSet) func(e *env) error {
		fen := addFENFlag(fs)
		numeric := fs.Bool("numeric", false, "write numeric cells (1..61) instead of algebraic ones")
		hubNotation := fs.Bool("hub", false, "write the moves in the Hub protocol's notation")
		return func(e *env) error {
			if err := noArgs(e); err != nil {
				return err
			}
			if *numeric && *hubNotation {
				return usageError{"-numeric and -hub exclude each other"}
			}
			p, err := fen.position()
			if err != nil {
				return err
			}
			n := hexdame.Algebraic
			if *numeric {
				n = hexdame.Numeric
			}
			var lines []string
			if *hubNotation {
				for _, m := range p.LegalMoves() {
					lines = append(lines, hub.FormatMove(m))
				}
			} else {
				for _, mp := range p.LegalMovePaths() { // one search for the moves and their paths
					lines = append(lines, mp.Format(n))
				}
			}
			slices.Sort(lines)
			for _, l := range lines {
				if _, err := fmt.Fprintln(e.stdout, l); err != nil {
					return err
				}
			}
			return nil
		}
	},
}

var cmdPlay = &command{
	name:    "play",
	args:    "[-fen FEN] [-hub] MOVE...",
	summary: "play moves and print the position reached",
	about: "Plays the moves in order, following the rules of the game, and prints the final\n" +
		"position's FEN on the first line, then its diagram. A move that is illegal or\n" +
		"ambiguous, or comes after the game has ended (a side without a legal move, a\n" +
		"position occurring for the third time), stops it with exit status 1 and a line\n" +
		"on standard error naming the move's index, its text and why; a malformed move\n" +
		"gives exit status 2. With -hub the moves are read in the Hub protocol's notation\n" +
		"only (HUB.md: 40-31, 38x16x27x22).",
	operands: []string{"MOVE  a move in algebraic or numeric notation: d4-e5, c3xe5, c3xe5xg5, 40-31, 49x31"},
	setup: func(fs *flag.FlagSet) func(e *env) error {
		fen := addFENFlag(fs)
		hubNotation := fs.Bool("hub", false, "read the moves in the Hub protocol's notation")
		return func(e *env) error {
			p, err := fen.position()
			if err != nil {
				return err
			}
			g := hexdame.NewGameFrom(p)
			for i, text := range e.args {
				var err error
				if *hubNotation {
					var m hexdame.Move
					if m, err = hub.ParseMove(g.Position(), text); err == nil {
						err = g.Play(m)
					}
				} else {
					var m hexdame.Move
					// A game over says so, whatever the move.
					if m, err = g.Position().ParseMove(text); err == nil || g.Outcome().IsOver() {
						err = g.Play(m)
					}
				}
				if err != nil {
					msg := "move " + strconv.Itoa(i+1) + " " + quote(text) + ": " + moveDetail(err)
					if errors.Is(err, hexdame.ErrSyntax) {
						return usageError{msg}
					}
					return failure{msg}
				}
			}
			p = g.Position()
			_, err = fmt.Fprintf(e.stdout, "%s\n%s", p.String(), diagram.Text(p, diagram.Options{}))
			return err
		}
	},
}

var cmdPerft = &command{
	name:    "perft",
	args:    "[-fen FEN] [-divide] [-workers N] [-hash MiB] DEPTH",
	summary: "count the leaf nodes of the legal-move tree",
	about: "Prints \"DEPTH NODES\" for each depth from 1 to DEPTH: the number of distinct move\n" +
		"sequences of that length (captures with the same start, end and captured pieces\n" +
		"count once). With -divide it then prints \"MOVE NODES\" for each legal move at\n" +
		"DEPTH. At the end one line goes to standard error: the last depth's count, time\n" +
		"and nodes per second, then the nodes counted by the whole run (every depth, and\n" +
		"the divide) and its time:\n" +
		"  depth 5: 848774 nodes in 1.479ms, 573759565 nodes/s; whole run: 903926 nodes in 1.804ms\n" +
		"With -hash, subtrees met again are counted once, from a cache of counts (which\n" +
		"checks a second 64-bit key, so a wrong count is about a 2^-64 chance per lookup).\n" +
		"The cache's size is rounded down to a power of two. A cache that does not fit in the memory\n" +
		"available (on Linux the least of MemAvailable, the room under the control\n" +
		"group's limit and under the address-space limit, ulimit -v) less\n" +
		strconv.Itoa(perftHeadroomMiB) + " MiB for the rest of perft is refused with exit status 2 before any work;\n" +
		"where the system does not say, only the limit of " + strconv.Itoa(perft.MaxCacheMiB) + " MiB applies, and a cache\n" +
		"the system then refuses is an error with the same status. A cache\n" +
		"of 256 to 1024 MiB is usually fastest: a larger one spends its time bringing\n" +
		"fresh memory in (depth 9 took 4.5 s with 256 MiB and 20 s with 4096 MiB).",
	operands: []string{"DEPTH  the depth, from 1 to " + strconv.Itoa(perft.MaxDepth)},
	setup: func(fs *flag.FlagSet) func(e *env) error {
		fen := addFENFlag(fs)
		divide := fs.Bool("divide", false, "also print the count below each legal move at DEPTH")
		workers := fs.Int("workers", 0, "the number of goroutines sharing the work, up to "+strconv.Itoa(perft.MaxWorkers)+" (0: one per core)")
		hash := fs.Int("hash", 0, "the size in `MiB` of a cache of counts shared by the depths and workers (0: none), up to "+
			strconv.Itoa(perft.MaxCacheMiB)+" and to the memory available")
		return func(e *env) error {
			depth, err := countOperand(e, "DEPTH", perft.MaxDepth)
			if err != nil {
				return err
			}
			if *workers < 0 || *workers > perft.MaxWorkers {
				return usageError{"-workers must be from 0 to " + strconv.Itoa(perft.MaxWorkers) + ", not " + strconv.Itoa(*workers)}
			}
			if *hash < 0 || *hash > perft.MaxCacheMiB {
				return usageError{"-hash must be from 0 to " + strconv.Itoa(perft.MaxCacheMiB) + " MiB, not " + strconv.Itoa(*hash)}
			}
			if err := checkCacheFits(*hash); err != nil {
				return err
			}
			p, err := fen.position()
			if err != nil {
				return err
			}
			opts := perft.Options{Workers: *workers}
			if opts.Workers == 0 {
				opts.Workers = runtime.GOMAXPROCS(0)
			}
			if *hash > 0 {
				if opts.Cache, err = newPerftCache(*hash); err != nil {
					return usageError{err.Error()}
				}
			}
			start := time.Now()
			var total, last uint64
			var lastTime time.Duration
			for d := 1; d <= depth; d++ {
				t := time.Now()
				last = perft.Count(p, d, opts)
				lastTime = time.Since(t)
				total += last
				if _, err := fmt.Fprintf(e.stdout, "%d %d\n", d, last); err != nil {
					return err
				}
			}
			if *divide {
				for _, c := range perft.Divide(p, depth, opts) {
					total += c.Nodes
					if _, err := fmt.Fprintf(e.stdout, "%s %d\n", p.Path(c.Move).Format(hexdame.Algebraic), c.Nodes); err != nil {
						return err
					}
				}
			}
			elapsed := time.Since(start)
			fmt.Fprintf(e.stderr, "depth %d: %d nodes in %v, %.0f nodes/s; whole run: %d nodes in %v\n",
				depth, last, lastTime.Round(time.Microsecond), float64(last)/max(lastTime.Seconds(), 1e-9),
				total, elapsed.Round(time.Microsecond))
			return nil
		}
	},
}

// newPerftCache makes perft's cache; tests replace it, so that a check
// that lets too large a cache through fails the test instead of taking
// the machine's memory.
var newPerftCache = perft.NewCache

// perftHeadroomMiB is the memory perft keeps, beside its cache, for the
// rest of its work: the workers' stacks, the jobs they share and the
// garbage of splitting the tree into jobs. With 1024 workers, from depth
// 7 on (848,774 jobs), the process peaked at 250 to 330 MB besides its
// cache; with two workers at 4 MB.
const perftHeadroomMiB = 512

// checkCacheFits returns a usage error when a perft cache of mib MiB
// (rounded down to a power of two, as NewPerftCache does) and the
// headroom do not fit in the memory available.
func checkCacheFits(mib int) error {
	if mib == 0 {
		return nil
	}
	avail, ok := memoryAvailable()
	if !ok {
		return nil
	}
	availMiB := int(min(avail>>20, 1<<40))
	size := floorPowerOfTwo(mib)
	if size+perftHeadroomMiB <= availMiB {
		return nil
	}
	msg := fmt.Sprintf("-hash %d: a cache of %d MiB does not fit in the %d MiB of memory available (less %d MiB for the rest of perft)",
		mib, size, availMiB, perftHeadroomMiB)
	if availMiB > perftHeadroomMiB {
		msg += fmt.Sprintf("; at most -hash %d", floorPowerOfTwo(availMiB-perftHeadroomMiB))
	}
	return usageError{msg}
}

// floorPowerOfTwo returns the greatest power of two not above n, for n >= 1.
func floorPowerOfTwo(n int) int {
	p := 1
	for p <= n/2 {
		p *= 2
	}
	return p
}

// parseDepth reads a perft depth, 1 to perft.MaxDepth.
// countOperand reads the command's one operand, a whole number called
// name from 1 to max; its errors are usage errors that say which.
func countOperand(e *env, name string, max int) (int, error) {
	if len(e.args) != 1 {
		return 0, usageError{"want one " + name + " argument"}
	}
	s := e.args[0]
	n, err := strconv.Atoi(s)
	switch {
	case err != nil:
		return 0, usageError{name + " must be a whole number, not " + quote(s)}
	case n < 0:
		return 0, usageError{name + " must not be negative, not " + s}
	case n < 1 || n > max:
		return 0, usageError{name + " must be from 1 to " + strconv.Itoa(max) + ", not " + s}
	}
	return n, nil
}
