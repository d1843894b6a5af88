// Package hooks gives the engine's own tools (the tuner, the match runs of
// experiments) what package engine does not export: its evaluation's
// features and weights, and a way to give an engine other weights. Package
// engine sets the variables when it is initialised.
package hooks

import "github.com/hexdame/hexdame"

var (
	// FeatureNames returns the names of the evaluation's features, in
	// the order of Features and of the weights.
	FeatureNames func() []string
	// Features returns the feature counts of a position (White minus
	// Red) and its number of pieces, which blends the middle-game and
	// ending weights; see package engine's eval.go.
	Features func(p hexdame.Position) (counts []int, pieces int)
	// Weights returns the tuned weights: a middle-game and an ending
	// weight per feature.
	Weights func() [][2]int32
	// SetWeights makes engine e (an *engine.Engine) evaluate with
	// weights w (as Weights returns them).
	SetWeights func(e any, w [][2]int32)
	// Evaluate returns the evaluation of a quiet position for the side
	// to move with weights w.
	Evaluate func(p hexdame.Position, w [][2]int32) int
	// SetVariant sets the experimental variant of engine e: bits that
	// switch search changes on for A/B matches (0: none).
	SetVariant func(e any, v uint64)
	// PhasePieces is the number of pieces from which the evaluation is
	// all middle game.
	PhasePieces int
)
