package engine

import (
	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/internal/enginehooks"
)

// The engine's tools reach its evaluation through package enginehooks,
// and change an engine's weights and variant through the
// enginehooks.Holder that every Engine embeds.
func init() {
	enginehooks.FeatureNames = featureNames
	enginehooks.Features = func(p hexdame.Position) ([]int, int) {
		f, n := features(&p)
		return f[:], n
	}
	enginehooks.Tuned = func() enginehooks.Weights { return weightSlice(&tunedWeights) }
	enginehooks.PhasePieces = phasePieces
}

// tuningHolder is the Holder an Engine embeds: an alias with an unexported
// name, so that the embedded field is unexported.
type tuningHolder = enginehooks.Holder

// evaluatorFor returns the evaluator of the weights w (the tuned ones for
// nil).
func evaluatorFor(w enginehooks.Weights) *evaluator {
	if w == nil {
		return defaultEvaluator
	}
	return newEvaluator(weightArray(w))
}

func weightSlice(w *[numFeatures]weight) enginehooks.Weights {
	out := make(enginehooks.Weights, numFeatures)
	for i, x := range w {
		out[i] = [2]int32{x.mg, x.eg}
	}
	return out
}

// weightArray returns the weights w, with the tuned ones for the features
// w lacks.
func weightArray(w enginehooks.Weights) *[numFeatures]weight {
	a := tunedWeights
	for i := range min(len(w), numFeatures) {
		a[i] = weight{w[i][0], w[i][1]}
	}
	return &a
}
