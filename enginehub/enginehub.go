// Package enginehub serves package engine's search as a Hub engine: an
// Engine is a hub.Engine around an *engine.Engine, for hub.Serve, with
// optional endgame tables (package endgame). It is what `hexdame hub`
// runs, for a Go program that wants the engine behind the Hub protocol
// (HUB.md) with its own options:
//
//	eng, err := enginehub.New(enginehub.Options{Engine: engine.Options{Threads: 2}})
//	if err != nil { ... }
//	err = hub.Serve(ctx, os.Stdin, os.Stdout, eng)
//
// Package engine knows of package hub only its Limits (engine.Limits is
// hub.Limits); this package joins them. The engine declares five
// parameters, which a GUI sets with set-param: level
// (engine.Options.Level, 1 to engine.MaxLevel), threads (Threads, 1 to
// engine.MaxThreads), hash (HashMiB, 1 to engine.MaxHashMiB), tables
// (a directory of endgame tables, empty for none) and eval, the
// evaluation: classic (the default: the linear evaluation of
// engine/eval.go) or patterns (the pattern evaluation of
// engine/patterns.go with its embedded weights, experimental), which
// hexdame match plays against each other.
//
// Errors follow the module's convention (see package hexdame): sentinels
// such as ErrSetting for errors.Is, and no package name before an error's
// text; the errors of packages engine and endgame are passed on as they
// are.
package enginehub

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/endgame"
	"github.com/hexdame/hexdame/engine"
	"github.com/hexdame/hexdame/hub"
	"github.com/hexdame/hexdame/internal/enginehooks"
)

// Options configure an Engine. The zero Options is the engine at full
// strength with one thread and a table of engine.DefaultHashMiB, no
// endgame tables, and DefaultID.
type Options struct {
	// Engine are the options of the engine: Level, Threads and HashMiB
	// are the parameters level, threads and hash (0 for their defaults);
	// Seed is kept. Endgame and EndgamePieces are ignored: the engine's
	// endgame tables are Tables. A HashMiB of 0, until the GUI sets
	// hash, is the engine's default table (engine.Options.HashMiB 0):
	// engine.DefaultHashMiB, or a smaller one where the system will not
	// give that much (an address-space limit), which Log is told of and
	// the parameter hash then holds.
	Engine engine.Options

	// Log, when not nil, receives what the engine has to say that is no
	// error, a line of words: that the default hash table did not fit and
	// a smaller one was made. hexdame hub writes it on standard error.
	Log func(msg string)

	// Tables are endgame tables the search takes as exact, nil for none.
	// The parameter tables holds their directory (Tables.Dir), and
	// setting it loads others.
	Tables *endgame.Tables

	// ID is what the engine says about itself; the zero ID stands for
	// DefaultID.
	ID hub.ID

	// MoveTimeMargin, when not nil, returns the part of a move time t
	// that the engine keeps back, for what its own clock does not see:
	// reading the command, writing done, and the GUI reading it. A
	// search under a move time t searches for t less the margin. Nil
	// stands for DefaultMoveTimeMargin.
	MoveTimeMargin func(t time.Duration) time.Duration

	// CheckHash, when not nil, is asked whether a transposition table of
	// mib MiB may be made, before the parameter hash takes a new value:
	// an error refuses the value (a program passes in its check of the
	// memory available, say). New does not ask it.
	CheckHash func(mib int) error

	// TablesOptions are the options with which the tables parameter loads
	// a directory of endgame tables (a program passes in the memory they
	// may take, say, as LoadOptions.MaxMemory).
	TablesOptions endgame.LoadOptions
}

// DefaultID is the id of the engine when Options.ID is the zero ID.
var DefaultID = hub.ID{Name: "hexdame", Version: "1", Author: "the hexdame authors"}

// DefaultMoveTimeMargin returns the margin kept back from a move time t
// when Options.MoveTimeMargin is nil: 5% of t, at most 10 ms, and none of
// a time that is not positive.
func DefaultMoveTimeMargin(t time.Duration) time.Duration {
	return min(max(t, 0)/20, 10*time.Millisecond)
}

// ErrSetting is wrapped by the errors for a setting the engine refuses:
// a parameter it does not declare, or a value out of range (hub.ErrParam
// is another thing: a param line without a name). Their text says what is
// wrong, without ErrSetting's.
var ErrSetting = errors.New("invalid setting")

// settingError is an error wrapping ErrSetting, with its own text.
type settingError string

func (e settingError) Error() string { return string(e) }
func (e settingError) Unwrap() error { return ErrSetting }

// An Engine is package engine's search as a hub.Engine. It keeps the
// parameters' values, makes the engine (and its table) at Init, and maps
// the protocol's searches onto engine.Engine.Search. Its methods must not
// be called at the same time, which hub.Serve never does.
type Engine struct {
	opts        Options
	tables      *endgame.Tables
	eng         *engine.Engine // nil before Init
	hashDefault bool           // hash is the default table, which Init may make smaller
	evalName    string         // the parameter eval: "classic" or "patterns"
	eval        *enginehooks.Eval
}

// New returns an engine with options o. A Level, Threads or HashMiB out of
// range gives an error wrapping ErrSetting.
func New(o Options) (*Engine, error) {
	eo := &o.Engine
	hashDefault := eo.HashMiB == 0
	for _, f := range []struct {
		name    string
		v       *int
		def, hi int
	}{
		{"level", &eo.Level, engine.MaxLevel, engine.MaxLevel},
		{"threads", &eo.Threads, 1, engine.MaxThreads},
		{"hash", &eo.HashMiB, engine.DefaultHashMiB, engine.MaxHashMiB},
	} {
		if *f.v == 0 {
			*f.v = f.def
		}
		if *f.v < 1 || *f.v > f.hi {
			return nil, settingError(fmt.Sprintf("%s %d is not from 1 to %d", f.name, *f.v, f.hi))
		}
	}
	eo.Endgame, eo.EndgamePieces = nil, 0
	if o.ID == (hub.ID{}) {
		o.ID = DefaultID
	}
	if o.MoveTimeMargin == nil {
		o.MoveTimeMargin = DefaultMoveTimeMargin
	}
	return &Engine{opts: o, tables: o.Tables, hashDefault: hashDefault, evalName: evalPatterns}, nil
}

// ID returns the engine's id: Options.ID.
func (e *Engine) ID() hub.ID { return e.opts.ID }

// The values of the parameter eval.
const (
	evalClassic  = "classic"
	evalPatterns = "patterns"
)

// Params returns level, threads, hash, tables and eval with their values.
func (e *Engine) Params() []hub.Param {
	o := e.opts.Engine
	return []hub.Param{
		{Name: "level", Value: strconv.Itoa(o.Level), Type: hub.TypeInt, Min: "1", Max: strconv.Itoa(engine.MaxLevel)},
		{Name: "threads", Value: strconv.Itoa(o.Threads), Type: hub.TypeInt, Min: "1", Max: strconv.Itoa(engine.MaxThreads)},
		{Name: "hash", Value: strconv.Itoa(o.HashMiB), Type: hub.TypeInt, Min: "1", Max: strconv.Itoa(engine.MaxHashMiB)},
		{Name: "tables", Value: e.tablesDir(), Type: hub.TypeString},
		{Name: "eval", Value: e.evalName, Type: hub.TypeEnum, Values: []string{evalClassic, evalPatterns}},
	}
}

// tablesDir returns the directory of the endgame tables, "" for none.
func (e *Engine) tablesDir() string {
	if e.tables == nil {
		return ""
	}
	return e.tables.Dir()
}

// intParam reads a whole number from lo to hi.
func intParam(name, value string, lo, hi int) (int, error) {
	n, err := strconv.Atoi(value)
	if err != nil || n < lo || n > hi {
		return 0, settingError(fmt.Sprintf("%s must be a whole number from %d to %d, not %q", name, lo, hi, value))
	}
	return n, nil
}

// SetParam sets level, threads, hash, tables or eval. An unknown name, or
// a value out of range, gives an error wrapping ErrSetting; a hash table
// that Options.CheckHash refuses gives its error, and a directory whose
// tables do not load the error of endgame.Load. A refused value leaves the
// old one.
func (e *Engine) SetParam(name, value string) error {
	o, tables := e.opts.Engine, e.tables
	var err error
	switch name {
	case "eval":
		return e.setEval(value)
	case "level":
		o.Level, err = intParam(name, value, 1, engine.MaxLevel)
	case "threads":
		o.Threads, err = intParam(name, value, 1, engine.MaxThreads)
	case "hash":
		o.HashMiB, err = intParam(name, value, 1, engine.MaxHashMiB)
		if err == nil && o.HashMiB != e.opts.Engine.HashMiB && e.opts.CheckHash != nil {
			err = e.opts.CheckHash(o.HashMiB)
		}
	case "tables":
		if value == e.tablesDir() {
			return nil
		}
		tables = nil
		if value != "" {
			tables, err = endgame.Load(value, e.opts.TablesOptions)
		}
	default:
		return settingError(fmt.Sprintf("unknown parameter %q", name))
	}
	if err != nil {
		return err
	}
	if e.eng != nil {
		if err := e.eng.SetOptions(withTables(o, tables)); err != nil {
			return err
		}
	}
	e.opts.Engine, e.tables = o, tables
	if name == "hash" {
		e.hashDefault = false // a size asked for is made, or refused, as it is
	}
	return nil
}

// setEval sets the parameter eval: the classic evaluation or the
// pattern evaluation.
func (e *Engine) setEval(value string) error {
	var ev *enginehooks.Eval
	switch value {
	case evalClassic:
		ev = enginehooks.ClassicEval()
	case evalPatterns:
		var err error
		if ev, err = enginehooks.PatternEval(); err != nil {
			return err
		}
	default:
		return settingError(fmt.Sprintf("eval must be %s or %s, not %q", evalClassic, evalPatterns, value))
	}
	e.evalName, e.eval = value, ev
	if e.eng != nil {
		enginehooks.Of(e.eng).Eval = ev
	}
	return nil
}

// withTables returns o searching with the endgame tables t (nil: none).
func withTables(o engine.Options, t *endgame.Tables) engine.Options {
	o.Endgame, o.EndgamePieces = t.ProbeFunc(), t.MaxPieces()
	return o
}

// Init makes the engine, allocating its table; after the first success it
// does nothing. The default table is made smaller where the system will
// not give engine.DefaultHashMiB (see Options.Engine), and Log told so.
func (e *Engine) Init() error {
	if e.eng != nil {
		return nil
	}
	o := withTables(e.opts.Engine, e.tables)
	if e.hashDefault {
		o.HashMiB = 0
	}
	eng, err := engine.New(o)
	if err != nil {
		return err
	}
	e.eng = eng
	enginehooks.Of(eng).Eval = e.eval
	if e.hashDefault {
		made := eng.Options().HashMiB
		if made != e.opts.Engine.HashMiB && e.opts.Log != nil {
			e.opts.Log(fmt.Sprintf("the default hash table of %d MiB does not fit in the memory the system gives (an address-space limit?): searching with %d MiB", e.opts.Engine.HashMiB, made))
		}
		e.opts.Engine.HashMiB = made
	}
	return nil
}

// NewGame clears the engine's table and move statistics.
func (e *Engine) NewGame() {
	if e.eng != nil {
		e.eng.Clear()
	}
}

// Search searches s.Current() with the engine: in Think mode under the
// limits (s.Limits, a move time less the margin); in Analyze mode until
// ctx is done; in Ponder mode until ctx is done or
// ponder-hit, then under the limits. It reports each completed depth to
// info. A search that may run until stopped (Analyze, Ponder, Infinite or
// no limit) and ends on its own before (with a proven result, say) waits
// for ctx, so that done never comes before stop when the protocol wants
// the engine to keep searching. It calls Init first if the GUI did not.
func (e *Engine) Search(ctx context.Context, s hub.Search, info func(hub.Info)) (hub.Done, error) {
	if err := e.Init(); err != nil {
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
	progress := func(r engine.Analysis) {
		info(hub.Info{Depth: r.Depth, Score: int(r.Score), HasScore: true, Nodes: int64(r.Nodes), Time: r.Time, NPS: r.NodesPerSecond(), PV: r.PV})
	}
	// search searches under lim; until stopped, it waits for ctx after
	// the engine is done.
	search := func(ctx context.Context, lim engine.Limits) (engine.Analysis, error) {
		res, err := e.eng.Search(ctx, p, engine.SearchOptions{History: history, Limits: lim, Progress: progress})
		if err == nil && (lim.Infinite || lim == engine.Limits{}) {
			<-ctx.Done()
		}
		return res, err
	}
	limits := e.limits(s.Limits)
	untilStopped := engine.Limits{Infinite: true}
	var res engine.Analysis
	switch s.Mode {
	case hub.Analyze:
		res, err = search(ctx, untilStopped)
	case hub.Ponder:
		pctx, cancel := context.WithCancel(ctx)
		go func() {
			select {
			case <-s.PonderHit:
				cancel()
			case <-pctx.Done():
			}
		}()
		res, err = search(pctx, untilStopped)
		cancel()
		if err == nil && ctx.Err() == nil { // ponder-hit: a search under the limits, the table warm
			res, err = search(ctx, limits)
		}
	default:
		res, err = search(ctx, limits)
	}
	if err != nil {
		return hub.Done{}, err
	}
	done := hub.Done{Move: res.Move}
	if len(res.PV) > 1 && res.PV[0] == res.Move && p.PlayUnchecked(res.Move).IsLegal(res.PV[1]) {
		done.Ponder = res.PV[1]
	}
	return done, nil
}

// limits returns the engine's limits for the protocol's l: the same, with
// a positive move time less the margin (Options.MoveTimeMargin), but never
// less than hub.LeastTime.
func (e *Engine) limits(l hub.Limits) hub.Limits {
	if t := l.MoveTime; t > 0 {
		l.MoveTime = max(t-max(e.opts.MoveTimeMargin(t), 0), hub.LeastTime)
	}
	return l
}
