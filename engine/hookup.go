package engine

import (
	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/internal/enginehooks"
	"github.com/hexdame/hexdame/internal/evalweights"
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
	enginehooks.NewEval = func(f *evalweights.File) (*enginehooks.Eval, error) {
		e, err := newEvaluation(f)
		if err != nil {
			return nil, err
		}
		return enginehooks.WrapEval(e), nil
	}
	enginehooks.PatternEval = func() (*enginehooks.Eval, error) {
		e, err := embeddedPatterns()
		if err != nil {
			return nil, err
		}
		return enginehooks.WrapEval(e), nil
	}
	enginehooks.ClassicEval = func() *enginehooks.Eval { return enginehooks.WrapEval(classicEvaluation) }
	enginehooks.Layout = evalLayout
	enginehooks.NumPatterns, enginehooks.PatternConfigs = numPatterns, patternConfigs
	enginehooks.NumPatternWeights = numPatternWeights
	enginehooks.Patterns = func(p hexdame.Position, dst []uint16) []uint16 {
		var idx patternIndexes
		setPatterns(&idx, &p)
		return append(dst, idx[:]...)
	}
	enginehooks.PatternSlot = func(k, i int) int32 { return patternSlots()[k][i] }
}

// tuningHolder is the Holder an Engine embeds: an alias with an unexported
// name, so that the embedded field is unexported.
type tuningHolder = enginehooks.Holder

// classicEvaluation is the linear evaluation with the tuned weights, the
// engine's evaluation before the patterns (made by eval.go's init).
var classicEvaluation *evaluation

// defaultEvaluation returns the engine's evaluation: the pattern
// evaluation of the embedded weights (engine/patterns.hxw), or the
// classic one should they not read, which the tests rule out.
func defaultEvaluation() *evaluation {
	if e, err := embeddedPatterns(); err == nil {
		return e
	}
	return classicEvaluation
}

// evaluationFor returns the evaluation a search with the tools' tuning t
// uses: t.Eval's, else the linear one with t.Weights, else the default.
func evaluationFor(t *enginehooks.Tuning) *evaluation {
	if t.Eval != nil {
		if e, ok := t.Eval.Impl().(*evaluation); ok {
			return e
		}
	}
	if t.Weights == nil {
		return defaultEvaluation()
	}
	return &evaluation{ev: newEvaluator(weightArray(t.Weights))}
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
