package hub

import (
	"context"
	"errors"
	"math/rand/v2"
	"strconv"
	"sync"
	"time"

	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/internal/random"
)

// A RandomMover is an Engine that plays a uniformly random legal move
// (drawn as the module's random player draws it): the baseline opponent of every engine,
// and a quick, predictable player for testing GUIs and match runners. It
// declares two parameters:
//
//   - seed (int): the seed of its random choices; setting it restarts the
//     sequence, so that the same seed and the same searches give the same
//     moves (0, the default, seeds from the clock);
//   - spend-time (bool, default false): whether it spends the time the
//     limits give (the soft budget of Limits.Budget) before answering, like a thinking engine,
//     instead of answering at once.
//
// In Analyze mode, and in Ponder mode until ponder-hit, it waits until
// stopped. It reports one info line per search: depth 1, the number of
// legal moves as nodes, and its move as the pv. Its methods are safe for
// concurrent use.
type RandomMover struct {
	mu        sync.Mutex
	seed      uint64
	rng       *rand.Rand
	spendTime bool
}

// NewRandomMover returns a RandomMover seeded with seed (0 for a seed from
// the clock).
func NewRandomMover(seed uint64) *RandomMover {
	r := &RandomMover{}
	r.reseed(seed)
	return r
}

func (r *RandomMover) reseed(seed uint64) {
	r.seed = seed
	if seed == 0 {
		seed = uint64(time.Now().UnixNano())
	}
	r.rng = rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
}

// ID returns the random mover's name, version and author.
func (r *RandomMover) ID() ID {
	return ID{Name: "hexdame random mover", Version: "1", Author: "the hexdame authors"}
}

// Params returns the seed and spend-time parameters with their values.
func (r *RandomMover) Params() []Param {
	r.mu.Lock()
	defer r.mu.Unlock()
	return []Param{
		{Name: "seed", Value: strconv.FormatUint(r.seed, 10), Type: TypeInt, Min: "0", Max: "18446744073709551615"},
		{Name: "spend-time", Value: strconv.FormatBool(r.spendTime), Type: TypeBool},
	}
}

// SetParam sets seed (a whole number from 0) or spend-time (true or
// false); another name or an invalid value is an error.
func (r *RandomMover) SetParam(name, value string) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	switch name {
	case "seed":
		n, err := strconv.ParseUint(value, 10, 64)
		if err != nil {
			return errors.New("seed must be a whole number from 0, not " + strconv.Quote(value))
		}
		r.reseed(n)
	case "spend-time":
		b, err := strconv.ParseBool(value)
		if err != nil {
			return errors.New("spend-time must be true or false, not " + strconv.Quote(value))
		}
		r.spendTime = b
	default:
		return errors.New("unknown parameter " + strconv.Quote(name))
	}
	return nil
}

// Init does nothing: the random mover is always ready.
func (r *RandomMover) Init() error { return nil }

// NewGame does nothing: the random mover keeps no tables.
func (r *RandomMover) NewGame() {}

// Search picks a random legal move of s.Current(), waiting first as the
// mode and the spend-time parameter ask. It returns an error for a search
// whose moves are not legal or whose position has no legal move.
func (r *RandomMover) Search(ctx context.Context, s Search, info func(Info)) (Done, error) {
	start := time.Now()
	p, err := s.Current()
	if err != nil {
		return Done{}, err
	}
	r.mu.Lock()
	m, ok := random.Move(p, r.rng)
	spend := r.spendTime
	r.mu.Unlock()
	if !ok {
		return Done{}, errors.New("no legal move to play")
	}

	if s.Mode == Ponder && s.PonderHit != nil {
		select {
		case <-ctx.Done():
		case <-s.PonderHit:
			start = time.Now()
		}
	}
	switch {
	case ctx.Err() != nil:
	case s.Mode == Analyze || (s.Mode == Ponder && s.PonderHit == nil) || s.Limits.Infinite || s.Limits == (Limits{}):
		<-ctx.Done()
	case spend:
		if soft, _ := s.Limits.Budget(); soft > time.Since(start) {
			t := time.NewTimer(soft - time.Since(start))
			select {
			case <-ctx.Done():
			case <-t.C:
			}
			t.Stop()
		}
	}
	if info != nil {
		info(Info{Depth: 1, Nodes: int64(p.CountLegalMoves()), Time: time.Since(start), PV: []hexdame.Move{m}})
	}
	return Done{Move: m}, nil
}
