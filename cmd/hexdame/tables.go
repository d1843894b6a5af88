package main

import (
	"cmp"
	"flag"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/endgame"
	"github.com/hexdame/hexdame/engine"
)

// tablesFlags are the -tables and -tables-pieces flags of the commands
// that can use the endgame tables.
type tablesFlags struct {
	dir    string
	pieces int
}

// addTablesFlag adds the -tables and -tables-pieces flags.
func addTablesFlag(fs *flag.FlagSet) *tablesFlags {
	f := &tablesFlags{}
	fs.StringVar(&f.dir, "tables", "", "use the endgame tables in `DIR` (built by hexdame endgame build): every table there, or those of -tables-pieces")
	addTablesPiecesFlag(fs, &f.pieces)
	return f
}

// addTablesPiecesFlag adds the -tables-pieces flag, the cap on the
// tables loaded.
func addTablesPiecesFlag(fs *flag.FlagSet, pieces *int) {
	fs.IntVar(pieces, "tables-pieces", 0, "load only the endgame tables of at most `N` pieces, from 2 to "+strconv.Itoa(endgame.MaxPieces)+" (default: every table in the -tables directory)")
}

// checkTablesPieces checks the value of -tables-pieces.
func checkTablesPieces(pieces int) error {
	if pieces != 0 && (pieces < 2 || pieces > endgame.MaxPieces) {
		return usageError{"-tables-pieces must be from 2 to " + strconv.Itoa(endgame.MaxPieces) + ", not " + strconv.Itoa(pieces)}
	}
	return nil
}

// open loads the endgame tables of the flags, none without -tables. A
// directory without tables is a usage error (exit 2), a corrupt table
// wrong content (exit 1), as for hexdame endgame; so is -tables-pieces
// out of range or without -tables.
func (f *tablesFlags) open() (*endgame.Tables, error) {
	if err := checkTablesPieces(f.pieces); err != nil {
		return nil, err
	}
	if f.dir == "" {
		if f.pieces != 0 {
			return nil, usageError{"-tables-pieces needs -tables"}
		}
		return nil, nil
	}
	t, err := endgame.Load(f.dir, endgame.LoadOptions{MaxPieces: f.pieces, MaxMemory: tablesMemory()})
	if err != nil {
		return nil, flagError("-tables", tableError(err))
	}
	return t, nil
}

// flagError returns err, a usageError or a failure, its kind kept, with
// the flag's name before its message.
func flagError(flag string, err error) error {
	switch err := err.(type) {
	case usageError:
		return usageError{flag + ": " + oneLine(err.msg)}
	case failure:
		return failure{flag + ": " + oneLine(err.msg)}
	}
	return err
}

// solveFromTables answers hexdame solve from the tables for a position
// they hold, as Solve would: ok false when they do not hold it. The
// verdict for standard error comes with the solution.
func solveFromTables(t *endgame.Tables, p hexdame.Position, plies int, all bool) (sol engine.Solution, verdict string, ok bool) {
	v, d, ok := t.Probe(p)
	if !ok {
		return sol, "", false
	}
	switch v {
	case endgame.Win:
		verdict = fmt.Sprintf("win in %d", d)
	case endgame.Loss:
		verdict = fmt.Sprintf("loss in %d", d)
	default:
		verdict = "draw"
	}
	if v == endgame.Win && d <= plies {
		sol.Win, sol.Plies = true, d
		q := p
		for range d {
			m, ok := t.BestMove(q)
			if !ok {
				break
			}
			sol.Line = append(sol.Line, m)
			q = q.PlayUnchecked(m)
		}
	}
	if all {
		for _, m := range p.LegalMoves() {
			cv, cd, ok := t.Probe(p.PlayUnchecked(m))
			if ok && cv == endgame.Loss && cd+1 <= plies {
				sol.Keys = append(sol.Keys, engine.SolveKey{Move: m, Plies: cd + 1})
			}
		}
		// Fastest first, then in Solve's order of moves.
		slices.SortFunc(sol.Keys, func(a, b engine.SolveKey) int {
			return cmp.Or(cmp.Compare(a.Plies, b.Plies), cmp.Compare(a.Move.From(), b.Move.From()),
				cmp.Compare(a.Move.To(), b.Move.To()), cmp.Compare(uint64(a.Move.Captured()), uint64(b.Move.Captured())))
		})
	}
	return sol, verdict, true
}

// solveFromTablesIf is solveFromTables when there are tables.
func solveFromTablesIf(t *endgame.Tables, p hexdame.Position, plies int, all bool) (engine.Solution, string, bool) {
	if t == nil {
		return engine.Solution{}, "", false
	}
	return solveFromTables(t, p, plies, all)
}

// tablesAdjudicator returns the adjudication of match games by the
// tables t, nil for none: the value of a position they hold, with its
// material and distance in the detail.
func tablesAdjudicator(t *endgame.Tables) func(p hexdame.Position) (hexdame.Result, string, bool) {
	if t == nil {
		return nil
	}
	return func(p hexdame.Position) (hexdame.Result, string, bool) {
		v, d, ok := t.Probe(p)
		if !ok {
			return hexdame.NoResult, "", false
		}
		m := endgame.MaterialOf(p)
		if v == endgame.Draw {
			return hexdame.Draw, fmt.Sprintf("endgame tables: %v, a draw", m), true
		}
		winner := p.SideToMove()
		if v == endgame.Loss {
			winner = winner.Opponent()
		}
		r := hexdame.WhiteWins
		if winner == hexdame.Red {
			r = hexdame.RedWins
		}
		return r, fmt.Sprintf("endgame tables: %v, %v wins in %d plies", m, winner, d), true
	}
}

// tablesAbout is the help text of -tables for analyze.
var tablesAbout = strings.Join([]string{
	"With -tables DIR the search takes the value of every position with as few pieces",
	"as the tables hold from them, exactly: a position they hold is settled at depth 1",
	"with its exact score (the fastest win, the longest defense), and a line that ends",
	"in a win or a loss is continued with the tables' best play to the end of the game.",
}, "\n")
