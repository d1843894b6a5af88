package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/endgame"
)

var cmdEndgame = &command{
	name:    "endgame",
	args:    "build|probe|stats|materials [FLAGS] [DIR]",
	summary: "build and probe endgame tables (perfect play with few pieces)",
	about: "Builds and reads the endgame tables: the value (win, draw, loss) of every\n" +
		"position with few pieces, and its distance in plies to the end of the game.\n" +
		"\n" +
		"  hexdame endgame build [-pieces N] [-material M] [-workers W] DIR\n" +
		"      builds the tables up to N pieces (default 4) into DIR, or only material\n" +
		"      M's table (its dependencies must be there), keeping the tables already\n" +
		"      there (delete one to build it again). Progress goes to standard error.\n" +
		"      Interrupted, it keeps the finished tables: run it again to go on.\n" +
		"  hexdame endgame probe [-fen FEN] [-numeric] [-pieces N] DIR\n" +
		"      prints \"win N\", \"loss N\" or \"draw\" for the side to move, N the plies to\n" +
		"      the end of the game with best play, then a best move (none when the\n" +
		"      side to move has no move) in the notation of hexdame moves. A position\n" +
		"      the tables do not hold gives exit status 1.\n" +
		"  hexdame endgame stats [-pieces N] [-distances] DIR\n" +
		"      prints, per material and side to move, the positions won, drawn and\n" +
		"      lost, and the longest win with its position; with -distances, the\n" +
		"      positions decided at each distance.\n" +
		"  hexdame endgame materials [-pieces N] [-memory]\n" +
		"      prints \"LEVEL MATERIAL\" for every table up to N pieces in build order;\n" +
		"      the tables of one level can be built at the same time (one job each),\n" +
		"      once the lower levels are done. With -memory, a third column: the MiB\n" +
		"      of memory the table's build takes (what a batch job asks for).\n" +
		"\n" +
		"A material is written as White's pieces, v, Red's pieces, K a king and M a man:\n" +
		"KKMvK is two kings and a man against a king. A table file (KKMvK.egt) holds\n" +
		"both sides to move, and its color swap (KvKKM). probe and stats load every\n" +
		"table in DIR, or those of at most -pieces N; DIR may hold some materials and\n" +
		"not others (the tables of kings only, say): a position of a material whose\n" +
		"table is not there is not in the tables. A truncated or corrupt table gives an\n" +
		"error naming it (exit status 1). Tables to load, or a table to build (with the\n" +
		"tables it depends on), that would not leave " + strconv.Itoa(tablesHeadroomMiB) + " MiB of the memory available\n" +
		"are refused before any work (exit status 2).",
	setup: func(fs *flag.FlagSet) func(e *env) error {
		return func(e *env) error {
			if len(e.args) == 0 {
				return usageError{"want a subcommand: build, probe, stats or materials"}
			}
			sub := endgameSubcommands[e.args[0]]
			if sub == nil {
				return usageError{"unknown subcommand " + quote(e.args[0]) + " (want build, probe, stats or materials)"}
			}
			return sub(e, e.args[1:])
		}
	},
}

var endgameSubcommands = map[string]func(e *env, args []string) error{
	"build":     endgameBuild,
	"probe":     endgameProbe,
	"stats":     endgameStats,
	"materials": endgameMaterials,
}

// subFlags parses a subcommand's flags. help is true when -h was asked
// for (the help has then been written to standard output).
func subFlags(e *env, fs *flag.FlagSet, args []string, usage string) (help bool, err error) {
	if err := fs.Parse(protectNegatives(fs, args)); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprintf(e.stdout, "usage: hexdame endgame %s\n\nflags:\n", usage)
			fs.SetOutput(e.stdout)
			fs.PrintDefaults()
			return true, nil
		}
		return false, usageError{oneLine(err.Error())}
	}
	return false, nil
}

func newSubFlags(name string) *flag.FlagSet {
	fs := flag.NewFlagSet("hexdame endgame "+name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return fs
}

// dirOperand returns the one DIR operand.
func dirOperand(fs *flag.FlagSet) (string, error) {
	if fs.NArg() != 1 {
		if fs.NArg() > 1 {
			return "", usageError{"want one DIR argument, not " + strconv.Itoa(fs.NArg()) + " (unexpected " + quote(fs.Arg(1)) + ")"}
		}
		return "", usageError{"want one DIR argument: the tables' directory"}
	}
	return fs.Arg(0), nil
}

// tableError turns an error of the endgame package into the tool's kind:
// a corrupt or foreign table is wrong content (1), a missing one or an I/O
// error a usage or I/O error (2).
func tableError(err error) error {
	msg := err.Error()
	if errors.Is(err, endgame.ErrCorrupt) || errors.Is(err, endgame.ErrVersion) {
		return failure{msg}
	}
	return usageError{msg}
}

func endgameBuild(e *env, args []string) error {
	fs := newSubFlags("build")
	pieces := fs.Int("pieces", 0, "build every table of 2 to `N` pieces (default 4)")
	material := fs.String("material", "", "build only the table of `M`, such as KKMvK (its dependencies must exist)")
	workers := fs.Int("workers", 0, "goroutines sharing the work, up to "+strconv.Itoa(maxBuildWorkers)+" (0: one per core); the tables do not depend on it")
	if help, err := subFlags(e, fs, args, "build [-pieces N] [-material M] [-workers W] DIR"); help || err != nil {
		return err
	}
	dir, err := dirOperand(fs)
	if err != nil {
		return err
	}
	if *workers < 0 || *workers > maxBuildWorkers {
		return usageError{"-workers must be from 0 to " + strconv.Itoa(maxBuildWorkers) + ", not " + strconv.Itoa(*workers)}
	}
	if *pieces != 0 && *material != "" {
		return usageError{"give -pieces or -material, not both"}
	}
	n := *pieces
	if n == 0 {
		n = 4
	}
	if n < 2 || n > endgame.MaxPieces {
		return usageError{"-pieces must be from 2 to " + strconv.Itoa(endgame.MaxPieces) + ", not " + strconv.Itoa(n)}
	}
	var m endgame.Material
	if *material != "" {
		if m, err = endgame.ParseMaterial(*material); err != nil {
			return usageError{"-material: " + err.Error()}
		}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return usageError{err.Error()}
	}
	w := *workers
	if w == 0 {
		w = runtime.GOMAXPROCS(0)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	rep := &progressReporter{w: e.stderr, start: time.Now()}
	opts := endgame.BuildOptions{Workers: w, Progress: rep.report, KeepExisting: true, MaxMemory: tablesMemory()}
	if *material != "" {
		err = endgame.Build(ctx, dir, m, opts)
	} else {
		err = endgame.BuildAll(ctx, dir, n, opts)
	}
	if err != nil {
		if ctx.Err() != nil {
			return usageError{"interrupted; the finished tables are kept: run the same command again to go on"}
		}
		return tableError(err)
	}
	return nil
}

// maxBuildWorkers bounds build's -workers, as perft's: more goroutines
// than cores only share the same work.
const maxBuildWorkers = 1024

// A progressReporter writes a build's progress to standard error: a line
// when a table starts and every few seconds.
type progressReporter struct {
	w     io.Writer
	start time.Time
	last  time.Time
	cur   endgame.Material
	began bool
}

func (r *progressReporter) report(p endgame.Progress) {
	switch p.Phase {
	case "start":
		if p.MaterialsDone > 0 {
			fmt.Fprintf(r.w, "endgame build: %d of %d tables already there\n", p.MaterialsDone, p.MaterialsTotal)
		}
		return
	case "done":
		fmt.Fprintf(r.w, "endgame build: %d/%d tables done in %v\n", p.MaterialsDone, p.MaterialsTotal, time.Since(r.start).Round(time.Millisecond))
		return
	}
	now := time.Now()
	newTable := !r.began || p.Material != r.cur
	r.cur, r.began = p.Material, true
	if !newTable && now.Sub(r.last) < 5*time.Second {
		return
	}
	r.last = now
	elapsed := now.Sub(r.start)
	rate := float64(p.Done) / 2 / max(elapsed.Seconds(), 1e-3)
	left := "estimating the time left"
	if d, ok := estimateLeft(p.Done, p.Total, elapsed); ok {
		left = "about " + d.String() + " left"
	}
	pct := 100.0
	if p.Total > 0 {
		pct = 100 * float64(p.Done) / float64(p.Total)
	}
	fmt.Fprintf(r.w, "endgame build: %d/%d tables done, %s %s, %.1f%%, %.0f positions/s, %s\n",
		p.MaterialsDone, p.MaterialsTotal, p.Material, p.Phase, pct, rate, left)
}

// A build's time left is estimated only once it has done minEstimateShare
// of its work and run for minEstimateTime: the first tables are small,
// and their fixed costs (indexes, files) weigh on the early rate so much
// that "-pieces 4" was first estimated at 32 hours for 2 minutes.
const (
	minEstimateShare = 0.02
	minEstimateTime  = 10 * time.Second
)

// estimateLeft returns the time a build has left, at the rate of its work
// so far: done of total positions in elapsed. ok is false while too
// little is done for the estimate to mean something.
func estimateLeft(done, total uint64, elapsed time.Duration) (left time.Duration, ok bool) {
	switch {
	case done >= total:
		return 0, true
	case float64(done) < minEstimateShare*float64(total) || elapsed < minEstimateTime:
		return 0, false
	}
	return time.Duration(float64(elapsed) * float64(total-done) / float64(done)).Round(time.Second), true
}

// addPiecesFlag adds the -pieces flag of probe and stats.
func addPiecesFlag(fs *flag.FlagSet) *int {
	return fs.Int("pieces", 0, "use only the tables of at most `N` pieces (default: every table in DIR)")
}

func loadTables(dir string, pieces int) (*endgame.Tables, error) {
	if pieces < 0 || pieces == 1 || pieces > endgame.MaxPieces {
		return nil, usageError{"-pieces must be from 2 to " + strconv.Itoa(endgame.MaxPieces) + ", not " + strconv.Itoa(pieces)}
	}
	t, err := endgame.Load(dir, endgame.LoadOptions{MaxPieces: pieces, MaxMemory: tablesMemory()})
	if err != nil {
		return nil, tableError(err)
	}
	return t, nil
}

func endgameProbe(e *env, args []string) error {
	fs := newSubFlags("probe")
	fen := addFENFlag(fs)
	numeric := fs.Bool("numeric", false, "write the move with numeric squares (1..61)")
	pieces := addPiecesFlag(fs)
	if help, err := subFlags(e, fs, args, "probe [-fen FEN] [-numeric] [-pieces N] DIR"); help || err != nil {
		return err
	}
	dir, err := dirOperand(fs)
	if err != nil {
		return err
	}
	p, err := fen.position()
	if err != nil {
		return err
	}
	t, err := loadTables(dir, *pieces)
	if err != nil {
		return err
	}
	v, d, ok := t.Probe(p)
	if !ok {
		m := endgame.MaterialOf(p)
		if m.RedMen+m.RedKings == 0 || m.WhiteMen+m.WhiteKings == 0 {
			return failure{"not in the tables: a side without pieces is not to move (the game is over)"}
		}
		if m.Pieces() > t.MaxPieces() {
			return failure{fmt.Sprintf("not in the tables: %d pieces (%s), the tables hold up to %d", m.Pieces(), m, t.MaxPieces())}
		}
		if !slices.Contains(t.Materials(), m.Canonical()) {
			return failure{fmt.Sprintf("not in the tables: no table of %s (%s) in %s", m, m.FileName(), dir)}
		}
		return failure{"not in the tables: a man on its own crowning edge"}
	}
	var out strings.Builder
	if v == endgame.Draw {
		out.WriteString("draw\n")
	} else {
		fmt.Fprintf(&out, "%s %d\n", v, d)
	}
	if mv, ok := t.BestMove(p); ok {
		n := hexdame.Algebraic
		if *numeric {
			n = hexdame.Numeric
		}
		out.WriteString(p.Path(mv).Format(n) + "\n")
	}
	_, err = io.WriteString(e.stdout, out.String())
	return err
}

func endgameStats(e *env, args []string) error {
	fs := newSubFlags("stats")
	pieces := addPiecesFlag(fs)
	distances := fs.Bool("distances", false, "after each line, a line \"  D:COUNT ...\" of the positions won (D odd) or lost (D even) at each distance D")
	if help, err := subFlags(e, fs, args, "stats [-pieces N] [-distances] DIR"); help || err != nil {
		return err
	}
	dir, err := dirOperand(fs)
	if err != nil {
		return err
	}
	t, err := loadTables(dir, *pieces)
	if err != nil {
		return err
	}
	for _, m := range t.Materials() {
		for side := hexdame.White; side <= hexdame.Red; side++ {
			if side == hexdame.Red && m.IsSymmetric() {
				continue // the same positions as White to move
			}
			s, _ := t.Stats(m, side)
			line := fmt.Sprintf("%s %s to move: %d positions, %d wins, %d draws, %d losses",
				m, strings.ToLower(side.String()), s.Positions, s.Wins, s.Draws, s.Losses)
			if s.Wins > 0 {
				line += fmt.Sprintf("; longest win %s: %s", plies(s.LongestWin), s.LongestWinPosition.String())
			}
			if *distances {
				line += "\n "
				for d, n := range s.ByDistance {
					if n > 0 {
						line += " " + strconv.Itoa(d) + ":" + strconv.FormatUint(n, 10)
					}
				}
			}
			if _, err := fmt.Fprintln(e.stdout, line); err != nil {
				return err
			}
		}
	}
	return nil
}

func endgameMaterials(e *env, args []string) error {
	fs := newSubFlags("materials")
	pieces := fs.Int("pieces", 4, "list the tables of 2 to `N` pieces")
	memory := fs.Bool("memory", false, "add a third column: the MiB of memory the table's build takes (its working state and the tables it depends on)")
	if help, err := subFlags(e, fs, args, "materials [-pieces N] [-memory]"); help || err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usageError{"unexpected argument " + quote(fs.Arg(0))}
	}
	if *pieces < 2 || *pieces > endgame.MaxPieces {
		return usageError{"-pieces must be from 2 to " + strconv.Itoa(endgame.MaxPieces) + ", not " + strconv.Itoa(*pieces)}
	}
	var out strings.Builder
	for _, m := range endgame.Materials(*pieces) {
		fmt.Fprintf(&out, "%d %s", m.Level(), m)
		if *memory {
			fmt.Fprintf(&out, " %d", (endgame.BuildMemory(m)+1<<20-1)>>20)
		}
		out.WriteByte('\n')
	}
	_, err := io.WriteString(e.stdout, out.String())
	return err
}

// plies returns "1 ply" or "N plies".
func plies(n int) string {
	if n == 1 {
		return "1 ply"
	}
	return strconv.Itoa(n) + " plies"
}
