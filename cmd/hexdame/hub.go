package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"strconv"
	"time"

	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/endgame"
	"github.com/hexdame/hexdame/engine"
	"github.com/hexdame/hexdame/hub"
)

var cmdHub = &command{
	name:    "hub",
	args:    "[-level L] [-threads T] [-hash MiB] [-tables DIR [-tables-pieces N]]",
	summary: "run the engine as a Hub engine on standard input and output",
	about: "Speaks the Hub protocol (HUB.md) on standard input and output as the engine of\n" +
		"hexdame analyse, for GUIs and for hexdame match. It declares the variant hexdame\n" +
		"and four parameters, which set-param (or match's -param) can also set: level,\n" +
		"the skill from 1 (near-random, a beginner can win) to " + strconv.Itoa(engine.MaxLevel) + " (full strength);\n" +
		"threads, the number of threads searching; hash, the size of the transposition\n" +
		"table in MiB; tables, a directory of endgame tables (from hexdame endgame build)\n" +
		"that the search takes as exact, empty for none (with -tables-pieces N, only\n" +
		"its tables of at most N pieces are loaded). A value that is refused gets an\n" +
		"error line and the old value stays. It searches under level's limits (move-time,\n" +
		"depth, nodes, a clock, infinite; a move-time less 5%, at most 10 ms, for the\n" +
		"time its answer takes to reach the GUI; a limit of 0, or a clock with no time,\n" +
		"means move at once; a refused level line keeps the limits before it), reports\n" +
		"each completed depth in an info line (depth, score in men for the side to move,\n" +
		"nodes, time, nps, pv) and ends each search with one done line; it sees\n" +
		"repetitions through pos's moves, clears its table at new-game, answers ping at\n" +
		"any time and stops at stop. A line it cannot read (over 1 MiB, or not in the\n" +
		"protocol's syntax) gets an error line, and a go gets no move until the next\n" +
		"valid pos. At quit or the end of its input it stops the search, answers it with\n" +
		"done (the best move so far) and exits: a script piped to it gets its move. The\n" +
		"flags set the parameters before the GUI's set-param lines.",
	setup: func(fs *flag.FlagSet) func(e *env) error {
		level := fs.Int("level", engine.MaxLevel, "the skill `level`, from 1 (weakest) to "+strconv.Itoa(engine.MaxLevel)+" (full strength)")
		threads := fs.Int("threads", 1, "the number `T` of threads, from 1 to "+strconv.Itoa(engine.MaxThreads))
		hash := fs.Int("hash", engine.DefaultHashMiB, "the size in `MiB` of the transposition table, from 1 to "+strconv.Itoa(engine.MaxHashMiB))
		tables := fs.String("tables", "", "a `directory` of endgame tables to use (default none)")
		h := newHubEngine()
		addTablesPiecesFlag(fs, &h.tablesPieces)
		return func(e *env) error {
			if err := noArgs(e); err != nil {
				return err
			}
			if err := checkTablesPieces(h.tablesPieces); err != nil {
				return err
			}
			for _, s := range []hub.Setting{
				{Name: "level", Value: strconv.Itoa(*level)},
				{Name: "threads", Value: strconv.Itoa(*threads)},
				{Name: "hash", Value: strconv.Itoa(*hash)},
				{Name: "tables", Value: *tables},
			} {
				if err := h.SetParam(s.Name, s.Value); err != nil {
					return usageError{"-" + s.Name + ": " + err.Error()}
				}
			}
			return hub.Serve(context.Background(), e.stdin, e.stdout, h)
		}
	},
}

// hubHeadroomMiB is the memory a hash table must leave to the rest of the
// process (the engine's other data, the endgame tables come on top).
const hubHeadroomMiB = 256

// hubEngine is package engine's search as a hub.Engine: it keeps the
// parameters' values, makes the engine at init and maps the protocol's
// searches onto engine.Engine.Search. hub.Serve never calls two of its
// methods at once, so it needs no lock.
type hubEngine struct {
	level, threads, hash int
	tablesDir            string
	tablesPieces         int // -tables-pieces: the cap on the tables loaded, 0 for none
	tables               *endgame.Tables

	eng *engine.Engine // nil before Init
}

func newHubEngine() *hubEngine {
	return &hubEngine{level: engine.MaxLevel, threads: 1, hash: engine.DefaultHashMiB}
}

// ID returns the engine's name and author.
func (h *hubEngine) ID() hub.ID {
	return hub.ID{Name: "hexdame", Version: "1", Author: "the hexdame authors"}
}

// Params returns level, threads, hash and tables with their values.
func (h *hubEngine) Params() []hub.Param {
	return []hub.Param{
		{Name: "level", Value: strconv.Itoa(h.level), Type: hub.TypeInt, Min: "1", Max: strconv.Itoa(engine.MaxLevel)},
		{Name: "threads", Value: strconv.Itoa(h.threads), Type: hub.TypeInt, Min: "1", Max: strconv.Itoa(engine.MaxThreads)},
		{Name: "hash", Value: strconv.Itoa(h.hash), Type: hub.TypeInt, Min: "1", Max: strconv.Itoa(engine.MaxHashMiB)},
		{Name: "tables", Value: h.tablesDir, Type: hub.TypeString},
	}
}

// intParam reads a whole number from lo to hi.
func intParam(name, value string, lo, hi int) (int, error) {
	n, err := strconv.Atoi(value)
	if err != nil || n < lo || n > hi {
		return 0, fmt.Errorf("%s must be a whole number from %d to %d, not %q", name, lo, hi, value)
	}
	return n, nil
}

// SetParam sets level, threads, hash or tables. A value out of range, a
// hash table that does not fit in the memory available, or a directory
// whose tables do not load is refused, and the old value stays.
func (h *hubEngine) SetParam(name, value string) error {
	next := *h
	var err error
	switch name {
	case "level":
		next.level, err = intParam(name, value, 1, engine.MaxLevel)
	case "threads":
		next.threads, err = intParam(name, value, 1, engine.MaxThreads)
	case "hash":
		if next.hash, err = intParam(name, value, 1, engine.MaxHashMiB); err == nil && next.hash != h.hash {
			err = checkHashFits(next.hash)
		}
	case "tables":
		if value == h.tablesDir {
			return nil
		}
		next.tablesDir, next.tables = value, nil
		if value != "" {
			next.tables, err = endgame.Load(value, endgame.LoadOptions{MaxPieces: h.tablesPieces, MaxMemory: tablesMemory()})
		}
	default:
		return fmt.Errorf("unknown parameter %q", name)
	}
	if err != nil {
		return err
	}
	if h.eng != nil {
		if err := h.eng.SetOptions(next.options()); err != nil {
			return err
		}
	}
	*h = next
	return nil
}

// checkHashFits refuses a table of mib MiB when the system says it has not
// that much memory to spare.
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

// options returns the engine's options for the parameters.
func (h *hubEngine) options() engine.Options {
	return withTables(engine.Options{Level: h.level, Threads: h.threads, HashMiB: h.hash}, h.tables)
}

// Init makes the engine, allocating its table.
func (h *hubEngine) Init() error {
	if h.eng != nil {
		return nil
	}
	eng, err := engine.New(h.options())
	if err != nil {
		return err
	}
	h.eng = eng
	return nil
}

// NewGame clears the engine's table and move statistics.
func (h *hubEngine) NewGame() {
	if h.eng != nil {
		h.eng.Clear()
	}
}

// Search searches s.Current() with the engine: in Think mode under the
// limits; in Analyze mode until ctx is done; in Ponder mode until ctx is
// done or ponder-hit, then under the limits. It reports each completed
// depth to info. A search that ends on its own before it may (a proven
// result in Analyze mode, say) waits for ctx, so that done never comes
// before stop when the protocol wants the engine to keep searching.
func (h *hubEngine) Search(ctx context.Context, s hub.Search, info func(hub.Info)) (hub.Done, error) {
	if err := h.Init(); err != nil {
		return hub.Done{}, err
	}
	p, err := s.Current()
	if err != nil {
		return hub.Done{}, err
	}
	history := make([]hexdame.Position, 0, len(s.Moves))
	q := s.Position
	for _, m := range s.Moves {
		history = append(history, q)
		q = q.PlayUnchecked(m) // legal: Current checked them
	}
	progress := func(r engine.Result) {
		info(hub.Info{Depth: r.Depth, Score: r.Score.Men(), HasScore: true, Nodes: int64(r.Nodes), Time: r.Time, NPS: r.NodesPerSecond(), PV: r.PV})
	}
	// search searches under lim; with no limit it waits for ctx after the
	// engine is done.
	search := func(ctx context.Context, lim engine.Limits) (engine.Result, error) {
		res, err := h.eng.Search(ctx, p, engine.SearchOptions{History: history, Limits: lim, Progress: progress})
		if err == nil && lim == (engine.Limits{}) {
			<-ctx.Done()
		}
		return res, err
	}
	limits := engineLimits(s.Limits)
	var res engine.Result
	switch s.Mode {
	case hub.Analyze:
		res, err = search(ctx, engine.Limits{})
	case hub.Ponder:
		pctx, cancel := context.WithCancel(ctx)
		go func() {
			select {
			case <-s.PonderHit:
				cancel()
			case <-pctx.Done():
			}
		}()
		res, err = search(pctx, engine.Limits{})
		cancel()
		if err == nil && ctx.Err() == nil { // ponder-hit: a search under the limits, the table warm
			res, err = search(ctx, limits)
		}
	default:
		res, err = search(ctx, limits)
	}
	if err != nil {
		if errors.Is(err, engine.ErrNoMoves) {
			return hub.Done{}, fmt.Errorf("%s has no legal move", p.SideToMove())
		}
		return hub.Done{}, err
	}
	done := hub.Done{Move: res.Move}
	if len(res.PV) > 1 && res.PV[0] == res.Move && p.PlayUnchecked(res.Move).IsLegal(res.PV[1]) {
		done.Ponder = res.PV[1]
	}
	return done, nil
}

// engineLimits maps the protocol's limits to the engine's. Infinite, or
// no limit at all, gives the zero Limits: a search until stopped. A limit
// that leaves nothing (a negative one; ParseLimits reads a 0 as the least)
// stays a limit that makes the engine answer at once. A move time is
// searched less a margin (moveTimeMargin), for what the engine's own
// clock does not see: reading the command, writing done, and the GUI's
// reading it.
func engineLimits(l hub.Limits) engine.Limits {
	if l.Infinite {
		return engine.Limits{}
	}
	lim := engine.Limits{
		MoveTime:  l.MoveTime - moveTimeMargin(l.MoveTime),
		Clock:     l.Time,
		Increment: max(l.Inc, 0),
		MovesToGo: max(l.Moves, 0),
	}
	if l.Depth != 0 {
		lim.Depth = min(max(l.Depth, 1), engine.MaxDepth)
	}
	if l.Nodes != 0 {
		lim.Nodes = uint64(max(l.Nodes, 1))
	}
	return lim
}

// moveTimeMargin returns the part of a move time t that hexdame hub keeps
// back: 5% of it, and at most 10 ms.
func moveTimeMargin(t time.Duration) time.Duration {
	return min(max(t, 0)/20, 10*time.Millisecond)
}
