package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/engine"
)

var cmdSolve = &command{
	name:    "solve",
	args:    "[-fen FEN] [-all] [-hash MiB] [-nodes N] [-tables DIR [-tables-pieces N]] PLIES",
	summary: "prove whether the side to move forces a win within PLIES plies",
	about: "Proves whether the side to move can force a win (the opponent left with no legal\n" +
		"move; a third occurrence of a position is a draw) within PLIES plies. The first\n" +
		"line is \"win N\", N the fewest plies that force the win, or \"none\". For a win\n" +
		"the main line follows, one move per line in the notation of hexdame moves: the\n" +
		"key move, the longest defense, the fastest win against it, and so on. With -all\n" +
		"a line \"key MOVE N\" follows for every first move that forces a win within\n" +
		"PLIES, fastest first: a composer's check that the key is unique. Each horizon\n" +
		"searched (1, 3, 5, ... plies) is reported on standard error as it finishes, then\n" +
		"the time taken and the positions searched. The positions proven are kept in a\n" +
		"table of fixed size (-hash), so a deep horizon takes time but not more memory.\n" +
		"With -nodes N the search stops after about N positions; if it stops before an\n" +
		"answer, the only line is \"unknown\" (standard error names the deepest horizon\n" +
		"without a win). The exit status is 0 for every answer.\n" +
		"\n" +
		"With -tables DIR a position the endgame tables hold is answered from them at\n" +
		"once, with the same output (the main line is the tables' best play); standard\n" +
		"error then says \"endgame tables: \" and the position's value (\"win in 7\",\n" +
		"\"loss in 8\", \"draw\") instead of the horizons. Other positions are proven by\n" +
		"the search, which does not use the tables.",
	operands: []string{"PLIES  the horizon, from 1 to " + strconv.Itoa(engine.MaxSolvePlies)},
	setup: func(fs *flag.FlagSet) func(e *env) error {
		fen := addFENFlag(fs)
		all := fs.Bool("all", false, "also list every first move that forces a win within PLIES")
		hash := fs.Int("hash", engine.DefaultHashMiB, "the size in `MiB` of the table of positions proven, from 1 to "+strconv.Itoa(engine.MaxHashMiB))
		nodes := fs.Uint64("nodes", 0, "stop the search after about `N` positions (0: no limit)")
		tablesDir := addTablesFlag(fs)
		return func(e *env) error {
			plies, err := countOperand(e, "PLIES", engine.MaxSolvePlies)
			if err != nil {
				return err
			}
			if *hash < 1 || *hash > engine.MaxHashMiB {
				return usageError{"-hash must be from 1 to " + strconv.Itoa(engine.MaxHashMiB) + " MiB, not " + strconv.Itoa(*hash)}
			}
			p, err := fen.position()
			if err != nil {
				return err
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
			start := time.Now()
			var sol engine.Solution
			if s, verdict, ok := solveFromTablesIf(tables, p, plies, *all); ok {
				sol = s
				fmt.Fprintf(e.stderr, "endgame tables: %s\n", verdict)
			} else {
				eng, err := engine.New(engine.Options{HashMiB: hashMiB})
				if err != nil {
					return usageError{err.Error()}
				}
				noteHash(e, "solve", hashMiB, eng.Options().HashMiB)
				searched := 0 // the deepest horizon searched to its end
				sol, err = eng.Solve(context.Background(), p, plies, engine.SolveOptions{All: *all, MaxNodes: *nodes, Progress: func(r engine.SolveProgress) {
					verdict := "no win"
					if r.Win {
						verdict = "win"
					}
					searched = r.Plies
					fmt.Fprintf(e.stderr, "plies %d: %s, %d positions, %v\n", r.Plies, verdict, r.Nodes, r.Time.Round(time.Microsecond))
				}})
				switch {
				case errors.Is(err, engine.ErrSolveLimit):
					if _, err := io.WriteString(e.stdout, "unknown\n"); err != nil {
						return err
					}
					known := "no horizon searched to its end"
					if searched > 0 {
						known = fmt.Sprintf("no win within %d plies, horizons %d to %d not searched to their end", searched, searched+2, plies)
					}
					fmt.Fprintf(e.stderr, "node limit reached after %d positions: %s\n", sol.Nodes, known)
					return nil
				case errors.Is(err, engine.ErrInvalidPlies):
					return usageError{err.Error()}
				case err != nil:
					return err
				}
			}
			var out strings.Builder
			if !sol.Win {
				out.WriteString("none\n")
			} else {
				fmt.Fprintf(&out, "win %d\n", sol.Plies)
				q := p
				for _, m := range sol.Line {
					fmt.Fprintln(&out, q.Path(m).Format(hexdame.Algebraic))
					q, _ = q.Play(m)
				}
			}
			for _, k := range sol.Keys {
				fmt.Fprintf(&out, "key %s %d\n", p.Path(k.Move).Format(hexdame.Algebraic), k.Plies)
			}
			if _, err := io.WriteString(e.stdout, out.String()); err != nil {
				return err
			}
			fmt.Fprintf(e.stderr, "time %v, %d positions\n", time.Since(start).Round(time.Microsecond), sol.Nodes)
			return nil
		}
	},
}
