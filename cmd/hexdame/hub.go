package main

import (
	"context"
	"flag"
	"fmt"
	"strconv"

	"github.com/hexdame/hexdame/endgame"
	"github.com/hexdame/hexdame/engine"
	"github.com/hexdame/hexdame/enginehub"
	"github.com/hexdame/hexdame/hub"
)

var cmdHub = &command{
	name:    "hub",
	args:    "[-level L] [-threads T] [-hash MiB] [-tables DIR [-tables-pieces N]] [-eval patterns|classic]",
	summary: "run the engine as a Hub engine on standard input and output",
	about: "Speaks the Hub protocol (HUB.md) on standard input and output as the engine of\n" +
		"hexdame analyze, for GUIs and for hexdame match. It declares the variant hexdame\n" +
		"and five parameters, which set-param (or match's -param) can also set: level,\n" +
		"the skill from 1 (near-random, a beginner can win) to " + strconv.Itoa(engine.MaxLevel) + " (full strength);\n" +
		"threads, the number of threads searching; hash, the size of the transposition\n" +
		"table in MiB; tables, a directory of endgame tables (from hexdame endgame build)\n" +
		"that the search takes as exact, empty for none (with -tables-pieces N, only its\n" +
		"tables of at most N pieces are loaded); eval, the evaluation: patterns (the\n" +
		"default, learned from the engine's games) or classic (the linear evaluation of\n" +
		"the versions before), so that match can play one against the other. A value that\n" +
		"is refused gets an error line and the old value stays. It searches under level's\n" +
		"limits (move-time, depth, nodes, a clock, infinite; a move-time less 5%, at most\n" +
		"10 ms, for the time its answer takes to reach the GUI; a limit of 0, or a clock\n" +
		"with no time, means move at once; a refused level line keeps the limits before\n" +
		"it), reports each completed depth in an info line (depth, score in men for the\n" +
		"side to move, nodes, time, nps, pv) and ends each search with one done line; it\n" +
		"sees repetitions through pos's moves, clears its table at new-game, answers ping\n" +
		"at any time and stops at stop. A line it cannot read (over 1 MiB, or not in the\n" +
		"protocol's syntax) gets an error line, and a go gets no move until the next\n" +
		"valid pos. At quit or the end of its input it stops the search, answers it with\n" +
		"done (the best move so far) and exits: a script piped to it gets its move. The\n" +
		"flags set the parameters before the GUI's set-param lines.",
	setup: func(fs *flag.FlagSet) func(e *env) error {
		level := fs.Int("level", engine.MaxLevel, "the skill `level`, from 1 (weakest) to "+strconv.Itoa(engine.MaxLevel)+" (full strength)")
		threads := fs.Int("threads", 1, "the number `T` of threads, from 1 to "+strconv.Itoa(engine.MaxThreads))
		hash := fs.Int("hash", engine.DefaultHashMiB, "the size in `MiB` of the transposition table, from 1 to "+strconv.Itoa(engine.MaxHashMiB))
		tables := fs.String("tables", "", "a `directory` of endgame tables to use (default none)")
		eval := fs.String("eval", "patterns", "the `evaluation`: patterns or classic (the versions before)")
		var tablesPieces int
		addTablesPiecesFlag(fs, &tablesPieces)
		return func(e *env) error {
			if err := noArgs(e); err != nil {
				return err
			}
			if err := checkTablesPieces(tablesPieces); err != nil {
				return err
			}
			h, err := enginehub.New(enginehub.Options{CheckHash: checkHashFits,
				TablesOptions: endgame.LoadOptions{MaxPieces: tablesPieces, MaxMemory: tablesMemory()},
				Log:           func(msg string) { fmt.Fprintf(e.stderr, "hexdame hub: %s\n", oneLine(msg)) }})
			if err != nil {
				return err
			}
			settings := []hub.Setting{
				{Name: "level", Value: strconv.Itoa(*level)},
				{Name: "threads", Value: strconv.Itoa(*threads)},
				{Name: "tables", Value: *tables},
				{Name: "eval", Value: *eval},
			}
			if flagGiven(fs, "hash") {
				// A size asked for is made or refused as it is; the
				// default is made smaller where it does not fit.
				settings = append(settings, hub.Setting{Name: "hash", Value: strconv.Itoa(*hash)})
			}
			for _, s := range settings {
				if err := h.SetParam(s.Name, s.Value); err != nil {
					// A corrupt table is wrong content, exit 1, as for
					// the other commands' -tables.
					return flagError("-"+s.Name, tableError(err))
				}
			}
			return hub.Serve(context.Background(), e.stdin, e.stdout, h)
		}
	},
}

// hubHeadroomMiB is the memory a hash table must leave to the rest of the
// process (the engine's other data, the endgame tables come on top).
const hubHeadroomMiB = 256

// checkHashFits refuses a table of mib MiB when the system says it has not
// that much memory to spare: hexdame hub's enginehub.Options.CheckHash.
func checkHashFits(mib int) error {
	avail, ok := memoryAvailable()
	if !ok {
		return nil
	}
	availMiB := int(min(avail>>20, 1<<40))
	if mib+hubHeadroomMiB <= availMiB {
		return nil
	}
	return fmt.Errorf("a hash table of %d MiB does not fit in the %d MiB of memory available (less %d MiB for the rest)", mib, availMiB, hubHeadroomMiB)
}

// flagGiven reports whether the command line set the flag name.
func flagGiven(fs *flag.FlagSet, name string) bool {
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == name })
	return given
}

// hashOption returns the engine's HashMiB for a command's -hash flag,
// whose value is mib: the size given, once checkHashFits has let it
// through, or 0 when the flag was not given: the default table, which
// the engine makes smaller where the system will not give it (see
// noteHash).
func hashOption(fs *flag.FlagSet, mib int) (int, error) {
	if !flagGiven(fs, "hash") {
		return 0, nil
	}
	if err := checkHashFits(mib); err != nil {
		return 0, usageError{"-hash: " + err.Error()}
	}
	return mib, nil
}

// noteHash says on standard error, for command name, that the engine
// made its default table smaller than engine.DefaultHashMiB (asked is
// the HashMiB it was made with).
func noteHash(e *env, name string, asked, made int) {
	if asked == 0 && made < engine.DefaultHashMiB {
		fmt.Fprintf(e.stderr, "hexdame %s: the default hash table of %d MiB does not fit in the memory the system gives (an address-space limit?): searching with %d MiB\n",
			name, engine.DefaultHashMiB, made)
	}
}
