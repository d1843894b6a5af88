// Package enginehooks gives the engine's own tools (the tuner, the A/B
// matches of experiments) what package engine does not export: its
// evaluation's features and weights, and a way to give one engine other
// weights or an experimental variant. Package engine sets the functions
// when it is initialized, and holds a Tuning in every Engine.
package enginehooks

import (
	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/internal/evalweights"
)

// Weights are the weights of an evaluation: a middle-game and an ending
// weight per feature, in the order of FeatureNames. Missing features keep
// their tuned weights; extra ones are ignored.
type Weights [][2]int32

// A Tuning is what the tools change in one engine beyond its Options. The
// engine reads it at the start of each search: change it between
// searches only.
type Tuning struct {
	// Weights, when not nil, make the engine search with the linear
	// (classic) evaluation with these weights, the tuned ones for any
	// it lacks, in place of its default, the pattern evaluation.
	Weights Weights
	// Variant switches experimental search changes on, a bit each (0:
	// none); see package engine's uses of it.
	Variant uint64
	// Eval, when not nil, is the evaluation the engine searches with, in
	// place of the default and of Weights: one of NewEval, PatternEval
	// or ClassicEval.
	Eval *Eval
}

// An Eval is an evaluation of package engine: weights it has checked and
// laid out for its search.
type Eval struct{ impl any }

// WrapEval returns an Eval holding package engine's evaluation impl.
func WrapEval(impl any) *Eval { return &Eval{impl} }

// Impl returns the evaluation that WrapEval was given.
func (e *Eval) Impl() any { return e.impl }

// A Holder holds an engine's Tuning. Package engine embeds one in its
// Engine, which makes *engine.Engine an Engine; it has no exported field
// or method, which would show in engine.Engine's API.
type Holder struct{ t Tuning }

func (h *Holder) tuning() *Tuning { return &h.t }

// An Engine is an *engine.Engine, the type that embeds a Holder. (This
// package cannot name engine.Engine: package engine imports it.)
type Engine interface{ tuning() *Tuning }

// Of returns engine e's Tuning, to read or to change between searches.
func Of(e Engine) *Tuning { return e.tuning() }

// Set by package engine when it is initialized.
var (
	// FeatureNames returns the names of the evaluation's features, in
	// the order of Features and of Weights.
	FeatureNames func() []string
	// Features returns the feature counts of a position (White minus
	// Red) and its number of pieces, which blends the middle-game and
	// ending weights; see package engine's eval.go.
	Features func(p hexdame.Position) (counts []int, pieces int)
	// Tuned returns the tuned weights, a new slice each call.
	Tuned func() Weights
	// PhasePieces is the number of pieces from which the evaluation is
	// all middle game.
	PhasePieces int

	// NewEval returns the evaluation with the weights of a weights file:
	// its linear weights, and its pattern weights if it has any. A file
	// for other features (its Layout, its counts) is an error.
	NewEval func(f *evalweights.File) (*Eval, error)
	// PatternEval returns the pattern evaluation with the weights
	// embedded in package engine (engine/patterns.hxw), or the error of
	// reading them.
	PatternEval func() (*Eval, error)
	// ClassicEval returns the classic evaluation: the linear one with
	// the tuned weights, the engine's default before the patterns.
	ClassicEval func() *Eval
	// Layout returns the fingerprint of the features that a weights file
	// for the engine carries.
	Layout func() uint32
	// NumPatterns is the number of hexagons a position's pattern
	// configurations hold, PatternConfigs the configurations of each and
	// NumPatternWeights the number of pattern weights (the symmetries
	// share them).
	NumPatterns, PatternConfigs, NumPatternWeights int
	// Patterns appends to dst the configuration of each of p's hexagons,
	// NumPatterns of them, and returns the slice.
	Patterns func(p hexdame.Position, dst []uint16) []uint16
	// PatternSlot returns the weight of configuration i of hexagon k:
	// the value is weight slot-1 for a positive slot, minus weight
	// -slot-1 for a negative one, and 0 for slot 0.
	PatternSlot func(k, i int) int32
)
