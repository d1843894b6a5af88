package engine

import (
	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/engine/internal/hooks"
)

// The engine's tools reach its evaluation through package hooks.
func init() {
	hooks.FeatureNames = featureNames
	hooks.Features = func(p hexdame.Position) ([]int, int) {
		f, n := features(&p)
		return f[:], n
	}
	hooks.Weights = func() [][2]int32 { return weightSlice(&tunedWeights) }
	hooks.SetWeights = func(e any, w [][2]int32) {
		e.(*Engine).ev = newEvaluator(weightArray(w))
	}
	hooks.Evaluate = func(p hexdame.Position, w [][2]int32) int {
		return newEvaluator(weightArray(w)).evaluate(&p)
	}
	hooks.SetVariant = func(e any, v uint64) { e.(*Engine).variant = v }
	hooks.PhasePieces = phasePieces
}

func weightSlice(w *[numFeatures]weight) [][2]int32 {
	out := make([][2]int32, numFeatures)
	for i, x := range w {
		out[i] = [2]int32{x.mg, x.eg}
	}
	return out
}

func weightArray(w [][2]int32) *[numFeatures]weight {
	var a [numFeatures]weight
	for i := range min(len(w), numFeatures) {
		a[i] = weight{w[i][0], w[i][1]}
	}
	return &a
}
