// Package engine plays HexDame: a search that finds the best move of a
// position, with skill levels for bots, analysis lines (MultiPV) and a
// solver that proves forced wins.
//
// An Engine holds its transposition table and options; its zero value is
// ready to use at full strength (level 10) with one thread and a 64 MiB
// table. A search takes a context, the position and the game before it
// (for repetitions), and limits: a depth, a number of nodes, a time for the
// move, a clock with increment, or none (until the context ends).
//
//	var e engine.Engine
//	res, err := e.Search(ctx, p, engine.SearchOptions{Limits: engine.Limits{MoveTime: time.Second}})
//	// res.Move is the move to play, res.Score its value ("+0.75", "win 7")
//
// Several engines can search at the same time, each with its own table;
// one Engine runs one search at a time (a second call waits). The limits
// count from the call: a zero Engine's first search makes its table
// within them (New makes it at once).
//
// The search evaluates positions with weights learned from the engine's
// own games: linear features (material, kings, mobility, men's cells,
// runaways, holes) and the configuration of each of 37 hexagons of
// seven cells, Scan's patterns on this board. The weights are part of
// the module, embedded and checksummed (engine/patterns.hxw, 82,960
// bytes), and read at the first search: a program needs no file at run
// time.
//
// Analysis, Line, Solution and SolveKey marshal to JSON with lowercase
// keys, their moves as package hexdame's Move objects and scores as text
// (ParseScore reads them back).
//
// Errors follow the module's convention (see package hexdame): sentinels
// such as ErrInvalidOptions for errors.Is, and no package name before an
// error's text. A search of a position where the game is over (no legal
// move) gives an error wrapping hexdame.ErrGameOver.
//
// The engine is built on the exported API of package hexdame only.
package engine

import (
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/internal/bigmem"
)

// Limits on options.
const (
	DefaultHashMiB = 64
	MaxHashMiB     = 16384 // 16 GiB
	MaxThreads     = 256
	MaxMultiPV     = 256
	MaxLevel       = 10
	MaxDepth       = 120 // the deepest iteration, in plies
)

// ErrInvalidOptions is wrapped by the errors returned for options out of
// range.
var ErrInvalidOptions = errors.New("invalid options")

// Options configure an Engine. The zero value is full strength with one
// thread and a table of DefaultHashMiB.
type Options struct {
	// Level is the playing strength, 1 (a beginner can win) to MaxLevel
	// (full strength); 0 means MaxLevel. Levels below MaxLevel limit the
	// depth and the nodes and choose among the good moves with a random
	// error that shrinks as the level rises.
	Level int
	// Threads is the number of goroutines that search together (lazy
	// SMP: they share the table), 0 for one, at most MaxThreads.
	Threads int
	// HashMiB is the size of the transposition table in MiB, at most
	// MaxHashMiB: a size given is made, or refused with the system's
	// error. 0 is the default: DefaultHashMiB, or, when the system will
	// not give that much with room to spare (a process under an
	// address-space limit, RLIMIT_AS), the largest power of two that it
	// gives, down to 1 MiB; Engine.Options says which size was made.
	HashMiB int
	// Endgame, when not nil, gives the value of positions of at most
	// EndgamePieces pieces (men and kings of both sides), as endgame
	// tables do: value 1 when the side to move wins, 0 for a draw, -1
	// when it loses (package endgame's Value.Sign), and for a win or a loss the plies to the end of the
	// game with best play; ok false when it does not know. The search
	// takes these values as exact. With package endgame's tables t:
	//
	//	Endgame: t.ProbeFunc(), EndgamePieces: t.MaxPieces(),
	//
	// It is called from every thread of a search at once. A win in d
	// plies at ply h of the search scores as a win at ply h+d, so the
	// fastest win and the longest defense are preferred; a root whose
	// every move leads to a position it knows is settled at depth 1; and
	// a line that ends in a won or lost position it knows is continued
	// with its best play to the end of the game.
	Endgame       func(p hexdame.Position) (value, plies int, ok bool)
	EndgamePieces int
	// Seed seeds the random error of the lower levels; 0 draws one.
	// Two engines with the same non-zero seed and options play the same
	// moves from the same searches (with one thread and node or depth
	// limits).
	Seed uint64
}

// check returns the options with their defaults filled in, or an error
// for values out of range.
func (o Options) check() (Options, error) {
	switch {
	case o.Level < 0 || o.Level > MaxLevel:
		return o, fmt.Errorf("%w: level %d is not from 1 to %d", ErrInvalidOptions, o.Level, MaxLevel)
	case o.Threads < 0 || o.Threads > MaxThreads:
		return o, fmt.Errorf("%w: %d threads is not from 1 to %d", ErrInvalidOptions, o.Threads, MaxThreads)
	case o.HashMiB < 0 || o.HashMiB > MaxHashMiB:
		return o, fmt.Errorf("%w: a hash table of %d MiB is not from 1 to %d", ErrInvalidOptions, o.HashMiB, MaxHashMiB)
	case o.EndgamePieces < 0:
		return o, fmt.Errorf("%w: EndgamePieces %d is negative", ErrInvalidOptions, o.EndgamePieces)
	}
	if o.Level == 0 {
		o.Level = MaxLevel
	}
	if o.Threads == 0 {
		o.Threads = 1
	}
	if o.HashMiB == 0 {
		o.HashMiB = DefaultHashMiB
	}
	return o, nil
}

// An Engine searches positions. Its zero value is ready to use with the
// zero Options; New makes one with others. An Engine must not be copied
// after first use. Its methods may be called from several goroutines: one
// search runs at a time.
type Engine struct {
	mu      sync.Mutex
	ready   bool
	opts    Options
	tt      *table
	threads []*thread
	// crumbs are the breadcrumbs its threads share (with more than one).
	crumbs *[crumbSlots]breadcrumb
	rng    rng
	// The tools' weights and experimental variant (enginehooks.Of).
	tuningHolder
}

// New returns an engine with options o, or an error wrapping
// ErrInvalidOptions for options out of range. The table is allocated
// here: when the system refuses its memory, New returns the error (on
// Unix, wrapping syscall.ENOMEM).
func New(o Options) (*Engine, error) {
	e := &Engine{}
	if err := e.SetOptions(o); err != nil {
		return nil, err
	}
	return e, nil
}

// SetOptions changes the engine's options, waiting for a search that runs
// to end. A new table size empties the table; other changes keep it. The
// new table is made before the old one is given back, so a change of size
// needs the memory of both for a moment. It returns an error, and changes
// nothing, for options out of range (wrapping ErrInvalidOptions) and for a
// table whose memory the system refuses (on Unix, wrapping
// syscall.ENOMEM).
func (e *Engine) SetOptions(o Options) error {
	byDefault := o.HashMiB == 0
	o, err := o.check()
	if err != nil {
		return err
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.setOptions(o, byDefault)
}

// setOptions sets checked options o, or returns the error of making their
// table and changes nothing. With byDefault, o.HashMiB is the default
// size, and a smaller table is made where that one does not fit.
func (e *Engine) setOptions(o Options, byDefault bool) error {
	if e.tt == nil || e.opts.HashMiB != o.HashMiB {
		var tt *table
		var err error
		if byDefault {
			tt, o.HashMiB, err = fittingTable(o.HashMiB)
		} else {
			tt, err = newTable(o.HashMiB)
		}
		if err != nil {
			return err
		}
		if e.tt != nil {
			e.tt.free()
		}
		e.tt = tt
	}
	for len(e.threads) < o.Threads {
		e.threads = append(e.threads, newThread(len(e.threads)))
	}
	e.threads = e.threads[:o.Threads]
	if o.Seed != 0 {
		e.rng = newRNG(o.Seed)
	} else if !e.ready || e.opts.Seed != 0 {
		e.rng = newRNG(uint64(time.Now().UnixNano()))
	}
	e.opts = o
	e.ready = true
	return nil
}

// makeReady gives an engine still at its zero value the zero Options and
// their table, or returns the error of making the table.
func (e *Engine) makeReady() error {
	if e.ready {
		return nil
	}
	o, _ := Options{}.check()
	return e.setOptions(o, true)
}

// fitHeadroom is the address space a table of the default size leaves
// free for the rest of the process: Go's heap grows by mappings of 64
// MiB, and a refused one ends the program.
const fitHeadroom = 128 << 20

// fittingTable makes the largest table of mib MiB or less, halving the
// size, that the system gives with fitHeadroom to spare, and returns it
// with its size. A table of 1 MiB is taken without the headroom; when
// even that is refused, it returns the first error.
func fittingTable(mib int) (*table, int, error) {
	var first error
	for size := mib; size >= 1; size /= 2 {
		tt, err := newTable(size)
		if err != nil {
			if first == nil {
				first = err
			}
			continue
		}
		if size == 1 || bigmem.CanReserve(fitHeadroom) {
			return tt, size, nil
		}
		tt.free()
	}
	return nil, 0, first
}

// Options returns the engine's options, with the defaults filled in.
func (e *Engine) Options() Options {
	e.mu.Lock()
	defer e.mu.Unlock()
	if !e.ready {
		o, _ := Options{}.check()
		return o
	}
	return e.opts
}

// Clear forgets what earlier searches learnt (the table, the move order
// statistics): for a new game, or to time searches alike.
func (e *Engine) Clear() {
	e.mu.Lock()
	defer e.mu.Unlock()
	if !e.ready {
		return
	}
	e.tt.clear()
	for _, t := range e.threads {
		t.history = [2][64 * 64]int32{}
	}
}
