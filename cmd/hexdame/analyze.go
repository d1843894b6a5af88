package main

import (
	"context"
	"flag"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/engine"
)

// maxMoveTime is the longest -movetime analyze takes, in seconds: a day.
const maxMoveTime = 86400

var cmdAnalyze = &command{
	name:    "analyze",
	aliases: []string{"analyse"}, // its name until issue 35: scripts written for it keep running
	args:    "[-fen FEN] [-depth N | -movetime SECONDS | -nodes N] [-level L] [-multipv K] [-threads T] [-hash MiB] [-tables DIR [-tables-pieces N]]",
	summary: "search a position with the engine and print its best move",
	about: "Searches the position with the engine and prints one line per completed depth:\n" +
		"\n" +
		"  depth D score S nodes N time T pv M1 M2 ...\n" +
		"\n" +
		"S is the score for the side to move in men with a sign (+0.75), or \"win N\" or\n" +
		"\"loss N\" for a forced win or loss in N plies; N the positions searched; T the\n" +
		"seconds since the start; the principal variation follows, in the notation of\n" +
		"hexdame moves. With -multipv K above 1 each depth has K lines, best first, each\n" +
		"with \"multipv I\" after the depth. The last line holds the best move alone.\n" +
		"One of -depth, -movetime and -nodes limits the search (by default -movetime 1);\n" +
		"the time, the nodes and the speed go to standard error. A position without a\n" +
		"legal move gives exit status 1.\n" +
		"\n" + tablesAbout + "\n" +
		"\n" +
		"hexdame analyse, the command's former name, is accepted too.",
	setup: func(fs *flag.FlagSet) func(e *env) error {
		fen := addFENFlag(fs)
		depth := fs.Int("depth", 0, "search to `N` plies, from 1 to "+strconv.Itoa(engine.MaxDepth))
		movetime := fs.String("movetime", "", "search for `SECONDS` (a number such as 0.5, without a unit), at most "+strconv.Itoa(maxMoveTime)+" (default 1 when no limit is given)")
		nodes := fs.Int64("nodes", 0, "search about `N` positions")
		level := fs.Int("level", engine.MaxLevel, "the skill `level`, from 1 (weakest) to "+strconv.Itoa(engine.MaxLevel)+" (full strength)")
		multipv := fs.Int("multipv", 1, "the number `K` of best moves to search with exact scores, from 1 to "+strconv.Itoa(engine.MaxMultiPV))
		threads := fs.Int("threads", 1, "the number `T` of threads, from 1 to "+strconv.Itoa(engine.MaxThreads))
		hash := fs.Int("hash", engine.DefaultHashMiB, "the size in `MiB` of the transposition table, from 1 to "+strconv.Itoa(engine.MaxHashMiB))
		tablesDir := addTablesFlag(fs)
		return func(e *env) error {
			if err := noArgs(e); err != nil {
				return err
			}
			var lim engine.Limits
			set := 0
			flagGiven := map[string]bool{}
			fs.Visit(func(f *flag.Flag) { flagGiven[f.Name] = true })
			if flagGiven["depth"] {
				set++
				if *depth < 1 || *depth > engine.MaxDepth {
					return usageError{"-depth must be from 1 to " + strconv.Itoa(engine.MaxDepth) + ", not " + strconv.Itoa(*depth)}
				}
				lim.Depth = *depth
			}
			if flagGiven["movetime"] {
				set++
				d, err := parseSeconds("-movetime", *movetime, maxMoveTime)
				if err != nil {
					return err
				}
				if d == 0 {
					return usageError{"-movetime must be more than 0 seconds"}
				}
				lim.MoveTime = d
			}
			if flagGiven["nodes"] {
				set++
				if *nodes < 1 {
					return usageError{"-nodes must be at least 1, not " + strconv.FormatInt(*nodes, 10)}
				}
				lim.Nodes = *nodes
			}
			if set > 1 {
				return usageError{"give only one of -depth, -movetime and -nodes"}
			}
			if set == 0 {
				lim.MoveTime = time.Second
			}
			switch {
			case *level < 1 || *level > engine.MaxLevel:
				return usageError{"-level must be from 1 to " + strconv.Itoa(engine.MaxLevel) + ", not " + strconv.Itoa(*level)}
			case *multipv < 1 || *multipv > engine.MaxMultiPV:
				return usageError{"-multipv must be from 1 to " + strconv.Itoa(engine.MaxMultiPV) + ", not " + strconv.Itoa(*multipv)}
			case *threads < 1 || *threads > engine.MaxThreads:
				return usageError{"-threads must be from 1 to " + strconv.Itoa(engine.MaxThreads) + ", not " + strconv.Itoa(*threads)}
			case *hash < 1 || *hash > engine.MaxHashMiB:
				return usageError{"-hash must be from 1 to " + strconv.Itoa(engine.MaxHashMiB) + " MiB, not " + strconv.Itoa(*hash)}
			}
			p, err := fen.position()
			if err != nil {
				return err
			}
			if p.CountLegalMoves() == 0 {
				return failure{p.SideToMove().String() + " has no legal move: the game is over"}
			}
			tables, err := tablesDir.open()
			if err != nil {
				return err
			}
			// After the tables, which take their memory as they load.
			hashMiB, err := hashOption(fs, *hash)
			if err != nil {
				return err
			}
			eng, err := engine.New(engine.Options{Level: *level, Threads: *threads, HashMiB: hashMiB,
				Endgame: tables.ProbeFunc(), EndgamePieces: tables.MaxPieces()})
			if err != nil {
				return usageError{err.Error()}
			}
			noteHash(e, "analyze", hashMiB, eng.Options().HashMiB)
			var writeErr error
			progress := func(r engine.Analysis) {
				if writeErr != nil {
					return
				}
				for i, l := range r.Lines {
					var b strings.Builder
					fmt.Fprintf(&b, "depth %d ", r.Depth)
					if *multipv > 1 {
						fmt.Fprintf(&b, "multipv %d ", i+1)
					}
					fmt.Fprintf(&b, "score %v nodes %d time %.3f pv", l.Score, r.Nodes, r.Time.Seconds())
					q := p
					for _, m := range l.PV {
						b.WriteString(" " + q.Path(m).Format(hexdame.Algebraic))
						q = q.PlayUnchecked(m)
					}
					b.WriteString("\n")
					if _, err := fmt.Fprint(e.stdout, b.String()); err != nil {
						writeErr = err
						return
					}
				}
			}
			res, err := eng.Search(context.Background(), p, engine.SearchOptions{Limits: lim, MultiPV: *multipv, Progress: progress})
			if err != nil {
				return failure{err.Error()}
			}
			if writeErr != nil {
				return writeErr
			}
			if _, err := fmt.Fprintln(e.stdout, p.Path(res.Move).Format(hexdame.Algebraic)); err != nil {
				return err
			}
			fmt.Fprintf(e.stderr, "time %v, %d nodes, %.0f nodes/s\n", res.Time.Round(time.Microsecond), res.Nodes, res.NodesPerSecond())
			return nil
		}
	},
}
