package main

import (
	"bytes"
	"context"
	"encoding/gob"
	"errors"
	"flag"
	"fmt"
	"hash/crc32"
	"math"
	"math/rand/v2"
	"os"
	"sync"
	"time"

	"github.com/hexdame/hexdame/internal/enginehooks"
	"github.com/hexdame/hexdame/internal/evalweights"
)

// The fit: logistic regression of the games' results on the evaluation's
// linear features and hexagons (see package engine's eval.go and
// patterns.go). A position's evaluation for White is
//
//	e = Σ count·(mg·φ + eg·(1-φ)) + Σ ±(pattern mg·φ + pattern eg·(1-φ))
//
// over its linear features and its 37 hexagons' configurations (each a
// shared weight, with the sign of its symmetry), φ its middle-game share;
// 1/(1+exp(-k·e)) predicts White's result (or, with -lambda, a blend of
// it and the search's score through the same logistic). The man's
// middle-game weight stays 100, the unit; k is fitted with the others.
// Adam minimizes the mean log loss plus an L2 penalty on minibatches of
// the training positions, in an order drawn from the seed for each
// epoch; a batch's gradient is summed over a fixed number of chunks, in
// order, so that a fit does not depend on the number of cores, and a fit
// resumed from a checkpoint is the fit run without a stop, to the bit.

// A dataset holds the positions of the fit: for each, its hexagons'
// configurations, its linear features (the counts that are not 0), its
// middle-game share, White's result and the search's score for White.
type dataset struct {
	n        int
	patterns []uint16 // numPatterns per position
	linStart []uint32 // position i's features are linIdx[linStart[i]:linStart[i+1]]
	linIdx   []uint16
	linVal   []int16
	phase    []float32
	result   []float32
	score    []float32
}

func newDataset() *dataset { return &dataset{linStart: []uint32{0}} }

// add adds position p to the dataset.
func (d *dataset) add(p position) {
	counts, pieces := enginehooks.Features(p.pos)
	for i, c := range counts {
		if c != 0 {
			d.linIdx = append(d.linIdx, uint16(i))
			d.linVal = append(d.linVal, int16(max(math.MinInt16, min(math.MaxInt16, c))))
		}
	}
	d.linStart = append(d.linStart, uint32(len(d.linIdx)))
	d.patterns = enginehooks.Patterns(p.pos, d.patterns)
	d.phase = append(d.phase, float32(min(pieces, enginehooks.PhasePieces))/float32(enginehooks.PhasePieces))
	d.result = append(d.result, float32(p.result))
	d.score = append(d.score, float32(p.score))
	d.n++
}

// loadData reads the games of the shards and splits their quiet positions
// by game: a game goes to the held-out set when the hash of its key falls
// in the fraction holdout. It returns the two sets and a fingerprint of
// the data.
func loadData(names []string, holdout float64) (train, test *dataset, games [2]int, sum uint32, err error) {
	train, test = newDataset(), newDataset()
	h := crc32.NewIEEE()
	for g, err := range readGames(names) {
		if err != nil {
			return nil, nil, games, 0, err
		}
		key := g.key()
		fmt.Fprintf(h, "%s %d %d\n", key, g.result, len(g.moves))
		set, side := train, 0
		if float64(crc32.ChecksumIEEE([]byte(key))%10000) < holdout*10000 {
			set, side = test, 1
		}
		games[side]++
		for p := range g.quietPositions() {
			set.add(p)
		}
	}
	return train, test, games, h.Sum32(), nil
}

// A model is the fit's parameters and their layout.
type model struct {
	nLinear, nPatterns int
	phases             int     // pattern weights: 2 (middle game and ending) or 1 (both)
	slots              []int32 // enginehooks.PatternSlot by hexagon and configuration
	nPat, nConf        int
}

// size returns the number of parameters: the linear weights, the pattern
// weights, and log k last.
func (m *model) size() int { return 2*m.nLinear + m.phases*m.nPatterns + 1 }

func (m *model) logK() int { return m.size() - 1 }

// param returns the first parameter of configuration c of hexagon k
// and its sign; ok is false for a configuration worth 0.
func (m *model) param(k int, c uint16) (q int, sign float64, ok bool) {
	slot := m.slots[k*m.nConf+int(c)]
	switch {
	case slot > 0:
		return 2*m.nLinear + m.phases*int(slot-1), 1, true
	case slot < 0:
		return 2*m.nLinear + m.phases*int(-slot-1), -1, true
	}
	return 0, 0, false
}

// eval returns position i's evaluation for White, in hundredths of a man,
// with the parameters w.
func (m *model) eval(d *dataset, i int, w []float64) float64 {
	ph := float64(d.phase[i])
	var e float64
	for j := d.linStart[i]; j < d.linStart[i+1]; j++ {
		f := 2 * int(d.linIdx[j])
		e += float64(d.linVal[j]) * (w[f]*ph + w[f+1]*(1-ph))
	}
	if m.nPatterns == 0 {
		return e
	}
	for k, c := range d.patterns[i*m.nPat : (i+1)*m.nPat] {
		if q, sign, ok := m.param(k, c); ok && m.phases == 2 {
			e += sign * (w[q]*ph + w[q+1]*(1-ph))
		} else if ok {
			e += sign * w[q]
		}
	}
	return e
}

// addGrad adds g times the gradient of position i's evaluation to grad.
func (m *model) addGrad(d *dataset, i int, g float64, grad []float64) {
	ph := float64(d.phase[i])
	for j := d.linStart[i]; j < d.linStart[i+1]; j++ {
		f := 2 * int(d.linIdx[j])
		v := g * float64(d.linVal[j])
		grad[f] += v * ph
		grad[f+1] += v * (1 - ph)
	}
	if m.nPatterns == 0 {
		return
	}
	for k, c := range d.patterns[i*m.nPat : (i+1)*m.nPat] {
		if q, sign, ok := m.param(k, c); ok && m.phases == 2 {
			grad[q] += sign * g * ph
			grad[q+1] += sign * g * (1 - ph)
		} else if ok {
			grad[q] += sign * g
		}
	}
}

// sigmoid is the logistic function.
func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// logLoss returns the log loss of predicting pr for target t.
func logLoss(pr, t float64) float64 {
	pr = min(max(pr, 1e-12), 1-1e-12)
	return -(t*math.Log(pr) + (1-t)*math.Log(1-pr))
}

// chunked calls fn on chunks parts of [0, n) at once and returns their
// results in order.
func chunked[T any](n, chunks int, fn func(c, lo, hi int) T) []T {
	out := make([]T, chunks)
	var wg sync.WaitGroup
	for c := range chunks {
		wg.Add(1)
		go func() {
			defer wg.Done()
			out[c] = fn(c, c*n/chunks, (c+1)*n/chunks)
		}()
	}
	wg.Wait()
	return out
}

// meanLoss returns the mean log loss of the game results over d.
func (m *model) meanLoss(d *dataset, w []float64, chunks int) float64 {
	if d.n == 0 {
		return math.NaN()
	}
	k := math.Exp(w[m.logK()])
	var sum float64
	for _, s := range chunked(d.n, chunks, func(_, lo, hi int) float64 {
		var s float64
		for i := lo; i < hi; i++ {
			s += logLoss(sigmoid(k*m.eval(d, i, w)), float64(d.result[i]))
		}
		return s
	}) {
		sum += s
	}
	return sum / float64(d.n)
}

// fitK sets w's log k to the k that minimizes the mean log loss over d
// with the other weights held (Newton's method: the loss is convex in k).
func (m *model) fitK(d *dataset, w []float64, chunks int) {
	k := math.Exp(w[m.logK()])
	for range 30 {
		var g, h float64
		for _, s := range chunked(d.n, chunks, func(_, lo, hi int) [2]float64 {
			var s [2]float64
			for i := lo; i < hi; i++ {
				e := m.eval(d, i, w)
				pr := sigmoid(k * e)
				s[0] += (pr - float64(d.result[i])) * e
				s[1] += pr * (1 - pr) * e * e
			}
			return s
		}) {
			g, h = g+s[0], h+s[1]
		}
		if h <= 0 {
			break
		}
		next := max(k-g/h, k/4)
		if math.Abs(next-k) < 1e-9 {
			k = next
			break
		}
		k = next
	}
	w[m.logK()] = math.Log(k)
}

// fitOptions are the flags of fit that a checkpoint must share to resume.
type fitOptions struct {
	Rate, PatternRate, L2, PatternL2, Lambda, Holdout float64
	Batch, Chunks, Phases                             int
	Seed                                              uint64
	Patterns                                          bool
	From                                              string
}

// A checkpoint is the state of a fit between two batches.
type checkpoint struct {
	Version  int
	Config   string // the options and the data's fingerprint
	Epoch    int    // the epoch under way (from 0)
	Batch    int    // its next batch
	Step     int    // Adam's steps so far
	W, M, V  []float64
	Best     []float64 // the parameters of the epoch with the lowest held-out loss
	BestLoss float64
	BestAt   int      // that epoch, from 1 (0: none yet)
	Log      []string // a line per epoch completed
}

const checkpointVersion = 1

// save writes the checkpoint to name, through a temporary file.
func (c *checkpoint) save(name string) error {
	var b bytes.Buffer
	if err := gob.NewEncoder(&b).Encode(c); err != nil {
		return err
	}
	if err := os.WriteFile(name+".tmp", b.Bytes(), 0o644); err != nil {
		return err
	}
	return os.Rename(name+".tmp", name)
}

// loadCheckpoint reads the checkpoint name; it returns nil, nil when
// there is none.
func loadCheckpoint(name string) (*checkpoint, error) {
	data, err := os.ReadFile(name)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	c := new(checkpoint)
	if err := gob.NewDecoder(bytes.NewReader(data)).Decode(c); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if c.Version != checkpointVersion {
		return nil, fmt.Errorf("%s: version %d, want %d", name, c.Version, checkpointVersion)
	}
	return c, nil
}

func fit(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("fit", flag.ContinueOnError)
	var o fitOptions
	dir := fs.String("dir", "", "the data `folder` of selfplay (required)")
	out := fs.String("out", "", "the weights `file` to write (required); its checkpoint is FILE.ckpt")
	epochs := fs.Int("epochs", 20, "the epochs to run in all (a rerun with more goes on from the checkpoint)")
	fs.Float64Var(&o.Rate, "rate", 0.1, "Adam's step for the linear weights, in hundredths of a man")
	fs.Float64Var(&o.PatternRate, "prate", 0.1, "Adam's step for the pattern weights, in hundredths of a man")
	fs.Float64Var(&o.L2, "l2", 1e-7, "the L2 penalty per linear weight")
	fs.Float64Var(&o.PatternL2, "pl2", 1e-9, "the L2 penalty per pattern weight")
	fs.Float64Var(&o.Lambda, "lambda", 0.5, "the share of the search's score in the target (0: the game's result alone)")
	fs.Float64Var(&o.Holdout, "holdout", 0.1, "the share of the games held out")
	fs.IntVar(&o.Batch, "batch", 16384, "the positions of a minibatch")
	fs.IntVar(&o.Chunks, "chunks", 8, "the parts a batch's gradient is summed in (at most this many cores used)")
	fs.IntVar(&o.Phases, "phases", 2, "the pattern weights' phases: 2 (middle game and ending) or 1")
	fs.Uint64Var(&o.Seed, "seed", 1, "the seed of the batches' order")
	fs.BoolVar(&o.Patterns, "patterns", true, "fit pattern weights with the linear ones (false: the linear ones alone)")
	fs.StringVar(&o.From, "from", "", "a weights `file` to start from (default: the tuned linear weights, patterns 0)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *dir == "" || *out == "" || fs.NArg() > 0 || o.Batch < 1 || o.Chunks < 1 || (o.Phases != 1 && o.Phases != 2) ||
		o.Holdout < 0 || o.Holdout >= 1 || o.Lambda < 0 || o.Lambda > 1 || *epochs < 0 {
		return errors.New("fit: want -dir DIR -out FILE, -phases 1 or 2, -holdout and -lambda from 0 to 1, positive -batch and -chunks")
	}
	names, err := shards(*dir)
	if err != nil {
		return err
	}
	started := time.Now()
	train, test, games, dataSum, err := loadData(names, o.Holdout)
	if err != nil {
		return err
	}
	if train.n == 0 {
		return errors.New("fit: no training positions")
	}
	fmt.Fprintf(os.Stderr, "fit: %d games, %d positions to train on; %d games, %d positions held out (%v to read)\n",
		games[0], train.n, games[1], test.n, time.Since(started).Round(time.Millisecond))
	m := &model{nLinear: len(enginehooks.FeatureNames()), phases: o.Phases,
		nPat: enginehooks.NumPatterns, nConf: enginehooks.PatternConfigs}
	if o.Patterns {
		m.nPatterns = enginehooks.NumPatternWeights
		m.slots = make([]int32, m.nPat*m.nConf)
		for k := range m.nPat {
			for i := range m.nConf {
				m.slots[k*m.nConf+i] = enginehooks.PatternSlot(k, i)
			}
		}
	}
	config := fmt.Sprintf("%+v data=%08x/%d/%d", o, dataSum, train.n, test.n)
	ckptName := *out + ".ckpt"
	c, err := loadCheckpoint(ckptName)
	if err != nil {
		return err
	}
	if c != nil && c.Config != config {
		return fmt.Errorf("fit: %s is the checkpoint of another fit (%s); remove it, or give that fit's flags and data (now %s)", ckptName, c.Config, config)
	}
	chunks := o.Chunks
	if c == nil {
		w, err := m.start(o.From)
		if err != nil {
			return err
		}
		m.fitK(train, w, chunks)
		c = &checkpoint{Version: checkpointVersion, Config: config, W: w,
			M: make([]float64, len(w)), V: make([]float64, len(w)), BestLoss: math.Inf(1)}
		line := fmt.Sprintf("start: train %.5f, held-out %.5f, k %.6f (the starting weights, k fitted)",
			m.meanLoss(train, w, chunks), m.meanLoss(test, w, chunks), math.Exp(w[m.logK()]))
		c.Log = append(c.Log, line)
		fmt.Fprintln(os.Stderr, "fit:", line)
	} else {
		fmt.Fprintf(os.Stderr, "fit: resuming %s at epoch %d, batch %d\n", ckptName, c.Epoch+1, c.Batch)
	}
	if err := m.train(ctx, c, o, train, test, *epochs, ckptName); err != nil {
		return err
	}
	best := c.Best
	if best == nil {
		best = c.W
	}
	f := m.weightsFile(best)
	if err := f.WriteFile(*out); err != nil {
		return err
	}
	_, err = fmt.Printf("fit: wrote %s (epoch %d: held-out %.5f, k %.6f; %d bytes)\n", *out, c.BestAt, c.BestLoss, math.Exp(best[m.logK()]), f.Size())
	return err
}

// start returns the starting parameters: the weights of file from (""
// for the tuned linear weights and patterns 0) and log k of 0.0165.
func (m *model) start(from string) ([]float64, error) {
	w := make([]float64, m.size())
	lin, pats := [][2]int32(enginehooks.Tuned()), [][2]int16(nil)
	if from != "" {
		f, err := evalweights.ReadFile(from)
		if err != nil {
			return nil, err
		}
		if _, err := enginehooks.NewEval(f); err != nil {
			return nil, fmt.Errorf("%s: %w", from, err)
		}
		lin, pats = f.Linear, f.Patterns
	}
	for i, x := range lin {
		w[2*i], w[2*i+1] = float64(x[0]), float64(x[1])
	}
	if m.nPatterns > 0 && len(pats) == m.nPatterns {
		base := 2 * m.nLinear
		for i, x := range pats {
			mg, eg := float64(x[0])/evalweights.PatternUnit, float64(x[1])/evalweights.PatternUnit
			if m.phases == 2 {
				w[base+2*i], w[base+2*i+1] = mg, eg
			} else {
				w[base+i] = (mg + eg) / 2
			}
		}
	}
	w[m.logK()] = math.Log(0.0165)
	return w, nil
}

// weightsFile returns the weights file of parameters w, rounded.
func (m *model) weightsFile(w []float64) *evalweights.File {
	f := &evalweights.File{Layout: enginehooks.Layout(), Linear: make([][2]int32, m.nLinear)}
	for i := range f.Linear {
		f.Linear[i] = [2]int32{int32(math.Round(w[2*i])), int32(math.Round(w[2*i+1]))}
	}
	if m.nPatterns > 0 {
		f.Patterns = make([][2]int16, m.nPatterns)
		round := func(x float64) int16 {
			return int16(max(math.MinInt16, min(math.MaxInt16, math.Round(x*evalweights.PatternUnit))))
		}
		base := 2 * m.nLinear
		for i := range f.Patterns {
			if m.phases == 2 {
				f.Patterns[i] = [2]int16{round(w[base+2*i]), round(w[base+2*i+1])}
			} else {
				v := round(w[base+i])
				f.Patterns[i] = [2]int16{v, v}
			}
		}
	}
	return f
}

// train runs the epochs of the checkpoint c up to epochs, saving c to
// ckptName after each and when ctx ends (then returning errInterrupted).
func (m *model) train(ctx context.Context, c *checkpoint, o fitOptions, train, test *dataset, epochs int, ckptName string) error {
	n := len(c.W)
	grads := make([][]float64, o.Chunks)
	for i := range grads {
		grads[i] = make([]float64, n)
	}
	grad := make([]float64, n)
	const b1, b2, eps = 0.9, 0.999, 1e-8
	batches := (train.n + o.Batch - 1) / o.Batch
	for c.Epoch < epochs {
		started := time.Now()
		order := rand.New(rand.NewPCG(o.Seed, uint64(c.Epoch))).Perm(train.n)
		for ; c.Batch < batches; c.Batch++ {
			if ctx.Err() != nil {
				if err := c.save(ckptName); err != nil {
					return err
				}
				fmt.Fprintf(os.Stderr, "fit: interrupted; %s holds epoch %d, batch %d: rerun the command to go on\n", ckptName, c.Epoch+1, c.Batch)
				return errInterrupted
			}
			batch := order[c.Batch*o.Batch : min(train.n, (c.Batch+1)*o.Batch)]
			m.gradient(train, batch, c.W, o.Lambda, grads, grad)
			c.Step++
			m.adamStep(c, o, grad, b1, b2, eps)
			if afterBatch != nil {
				afterBatch(c.Epoch, c.Batch+1)
			}
		}
		trainLoss, testLoss := m.meanLoss(train, c.W, o.Chunks), m.meanLoss(test, c.W, o.Chunks)
		note := ""
		if test.n > 0 && testLoss < c.BestLoss || test.n == 0 {
			c.BestLoss, c.BestAt, c.Best = testLoss, c.Epoch+1, append(c.Best[:0], c.W...)
			note = " (best)"
		}
		line := fmt.Sprintf("epoch %d: train %.5f, held-out %.5f, k %.6f%s", c.Epoch+1, trainLoss, testLoss,
			math.Exp(c.W[m.logK()]), note)
		c.Log = append(c.Log, line)
		fmt.Fprintf(os.Stderr, "fit: %s (%v)\n", line, time.Since(started).Round(time.Millisecond))
		c.Epoch, c.Batch = c.Epoch+1, 0
		if err := c.save(ckptName); err != nil {
			return err
		}
	}
	return nil
}

// afterBatch, when not nil, is called after each batch with the epoch
// (from 0) and the batches done in it: a test's hook.
var afterBatch func(epoch, batches int)

// gradient sets grad to the gradient of the mean loss of the positions
// batch of d with parameters w (without the penalty), summed over
// len(grads) chunks in order.
func (m *model) gradient(d *dataset, batch []int, w []float64, lambda float64, grads [][]float64, grad []float64) {
	k := math.Exp(w[m.logK()])
	logK := m.logK()
	chunked(len(batch), len(grads), func(c, lo, hi int) struct{} {
		g := grads[c]
		clear(g)
		for _, i := range batch[lo:hi] {
			e := m.eval(d, i, w)
			t := float64(d.result[i])
			if lambda > 0 {
				t = lambda*sigmoid(k*float64(d.score[i])) + (1-lambda)*t
			}
			diff := sigmoid(k*e) - t // d loss / d (k e)
			m.addGrad(d, i, diff*k, g)
			g[logK] += diff * k * e // d (k e) / d log k = k e
		}
		return struct{}{}
	})
	clear(grad)
	scale := 1 / float64(len(batch))
	for _, g := range grads {
		for j, x := range g {
			grad[j] += x
		}
	}
	for j := range grad {
		grad[j] *= scale
	}
}

// adamStep adds the L2 penalty's gradient to grad and moves c's
// parameters by Adam's step; the man's middle-game weight stays.
func (m *model) adamStep(c *checkpoint, o fitOptions, grad []float64, b1, b2, eps float64) {
	bc1 := 1 - math.Pow(b1, float64(c.Step))
	bc2 := 1 - math.Pow(b2, float64(c.Step))
	lin := 2 * m.nLinear
	for j := range c.W {
		rate, l2 := o.PatternRate, o.PatternL2
		switch {
		case j == 0: // the man in the middle game: the unit
			continue
		case j < lin:
			rate, l2 = o.Rate, o.L2
		case j == m.logK():
			rate, l2 = 0.001, 0
		}
		g := grad[j] + 2*l2*c.W[j]
		c.M[j] = b1*c.M[j] + (1-b1)*g
		c.V[j] = b2*c.V[j] + (1-b2)*g*g
		c.W[j] -= rate * (c.M[j] / bc1) / (math.Sqrt(c.V[j]/bc2) + eps)
	}
}
