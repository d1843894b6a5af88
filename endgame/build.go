package endgame

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/bits"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/hexdame/hexdame"
)

// BuildOptions tunes a build. The zero value builds on one goroutine
// without reporting progress.
type BuildOptions struct {
	// Workers is the most goroutines that share the work of both phases
	// of a build (generating every position's moves, then finding
	// predecessors); 0 means 1. A phase starts no more goroutines than it
	// has shares of work for (16,384 positions a share when generating,
	// 64 when finding predecessors), so a large value costs no more than
	// the work. The tables built do not depend on it.
	Workers int
	// Progress, when set, is called from time to time, from one goroutine
	// at a time, with the build's progress.
	Progress func(Progress)
	// KeepExisting makes Build do nothing when the table's file is already
	// in the directory with a valid header and length (as BuildAll always
	// does), so that a batch job run again redoes only what is missing.
	KeepExisting bool
	// MaxMemory, when positive, is the most bytes a table's build may
	// take (its working state, three bytes a position, and the tables it
	// depends on): Build and BuildAll refuse, before any work, a table
	// that needs more (see BuildMemory), with an error wrapping
	// ErrMemory.
	MaxMemory uint64
}

// Progress describes how far a build has got.
type Progress struct {
	Material       Material // the table being built
	MaterialsDone  int      // tables finished (or found finished) in this build
	MaterialsTotal int      // tables this build makes or checks
	// Done and Total count the build's work in positions: each entry of a
	// table counts twice, once when its moves are generated and once when
	// its value is settled. Total covers the whole build; Done rises to
	// it.
	Done, Total uint64
	// Phase is "start" (once, first), "moves", "retrograde", "write",
	// and "done" (once, last, when the build succeeds).
	Phase string
}

// ErrMissingDependency is wrapped by the error Build returns when a
// table the material depends on does not exist yet.
var ErrMissingDependency = errors.New("missing dependency")

// ErrTooLong is wrapped by the error Build returns when a distance does
// not fit the file format (more than 253 plies).
var ErrTooLong = errors.New("distance too long for the file format")

// Build builds the table of material m (either color orientation) into
// directory dir, which must hold the tables of m's dependencies (see
// Material.Dependencies); it loads and verifies them first, and a missing
// or corrupt one gives an error naming it (a missing one wraps
// ErrMissingDependency and lists every missing table). The table is
// written to a temporary file in dir and renamed to its name when
// complete, replacing any table there. Build stops, writing nothing, when
// ctx is done, and returns ctx.Err().
func Build(ctx context.Context, dir string, m Material, opts BuildOptions) error {
	if !m.IsValid() {
		return &materialError{text: m.String(), why: "not a material the tables can hold"}
	}
	m = m.Canonical()
	bp := &buildProgress{opts: opts, total: 2 * tableSize(m), materials: 1}
	if opts.KeepExisting && checkHeader(dir, m) == nil {
		bp.doneMaterials, bp.done = 1, bp.total
		bp.report(m, "start", 0)
		bp.report(m, "done", 0)
		return nil
	}
	if err := checkBuildMemory([]Material{m}, opts.MaxMemory); err != nil {
		return err
	}
	bp.report(m, "start", 0)
	if err := build(ctx, dir, m, opts, bp); err != nil {
		return err
	}
	bp.report(m, "done", 0)
	return nil
}

// BuildAll builds the tables of every material of 2 to maxPieces pieces
// into directory dir, in dependency order (Materials), keeping the tables
// already there: a file with a table's name and a valid header and length
// is taken as finished (Load verifies its checksums). So an interrupted
// BuildAll resumes where it stopped.
func BuildAll(ctx context.Context, dir string, maxPieces int, opts BuildOptions) error {
	if maxPieces < 2 || maxPieces > MaxPieces {
		return fmt.Errorf("pieces must be from 2 to %d, not %d", MaxPieces, maxPieces)
	}
	all := Materials(maxPieces)
	bp := &buildProgress{opts: opts, materials: len(all)}
	var todo []Material
	for _, m := range all {
		if err := checkHeader(dir, m); err == nil {
			bp.doneMaterials++
			continue
		} else if !errors.Is(err, ErrMissing) && !errors.Is(err, ErrCorrupt) && !errors.Is(err, ErrVersion) {
			return err
		}
		todo = append(todo, m)
		bp.total += 2 * tableSize(m)
	}
	if err := checkBuildMemory(todo, opts.MaxMemory); err != nil {
		return err
	}
	bp.report(Material{}, "start", 0)
	for _, m := range todo {
		if err := build(ctx, dir, m, opts, bp); err != nil {
			return err
		}
	}
	bp.report(Material{}, "done", 0)
	return nil
}

// ErrMemory is wrapped by the errors of Load and Build for tables that
// need more memory than their options' MaxMemory allows.
var ErrMemory = errors.New("more memory than allowed")

// BuildMemory returns the bytes of memory the build of material m's table
// takes: its working state, three bytes a position of the table (both
// colors to move), its indexes, and the tables it depends on, loaded. It
// counts without making anything. An invalid m gives 0.
func BuildMemory(m Material) uint64 {
	if !m.IsValid() {
		return 0
	}
	n := 2*tableSize(m.Canonical()) + tableMemory(m.Canonical())
	for _, d := range m.Dependencies() {
		n += tableMemory(d)
	}
	return n
}

// checkBuildMemory returns an error wrapping ErrMemory when the build of
// one of the materials takes more than limit bytes (0: no limit).
func checkBuildMemory(materials []Material, limit uint64) error {
	if limit == 0 {
		return nil
	}
	for _, m := range materials {
		if n := BuildMemory(m); n > limit {
			return fmt.Errorf("the build of %v would %s: %w", m, needAllowed(n, limit), ErrMemory)
		}
	}
	return nil
}

// needAllowed returns need and allowed, numbers of bytes, in MiB, need
// rounded up and allowed down, for the errors of MaxMemory: "take 46 MiB,
// more than the 45 MiB allowed".
func needAllowed(need, allowed uint64) string {
	return "take " + strconv.FormatUint((need+1<<20-1)>>20, 10) + " MiB, more than the " +
		strconv.FormatUint(allowed>>20, 10) + " MiB allowed"
}

// tableSize returns the number of entries of canonical material m's file.
func tableSize(m Material) uint64 {
	var n uint64
	for _, x := range partsOf(m) {
		size, _ := indexSize(x)
		n += size
	}
	return n
}

// tableMemory returns the bytes canonical material m's table takes once
// loaded: its entries and its indexes' lead tables (which tables of the
// same groups share: this counts them for each).
func tableMemory(m Material) uint64 {
	var n uint64
	for _, x := range partsOf(m) {
		size, leadBytes := indexSize(x)
		n += size + leadBytes
	}
	return n
}

// buildProgress keeps a build's counters and reports them.
type buildProgress struct {
	opts          BuildOptions
	mu            sync.Mutex
	materials     int
	doneMaterials int
	total, done   uint64
}

func (bp *buildProgress) report(m Material, phase string, add uint64) {
	bp.mu.Lock()
	defer bp.mu.Unlock()
	bp.done = min(bp.done+add, bp.total)
	if bp.opts.Progress != nil {
		bp.opts.Progress(Progress{Material: m, MaterialsDone: bp.doneMaterials, MaterialsTotal: bp.materials,
			Done: bp.done, Total: bp.total, Phase: phase})
	}
}

// A buildPart is a part of the table being built, with the working state
// of each entry.
type buildPart struct {
	mat Material
	ix  *indexer
	// val is the entry's value as in the file (0: not decided yet). A win
	// decided before its layer is reached may still get shorter.
	val []byte
	// cnt counts the entry's successors in the table (distinct entries of
	// the other part reached by a move that neither captures nor
	// crowns) not yet known to be won; noPred marks an entry that must
	// capture, and so is nobody's predecessor in the table.
	cnt []byte
	// worst is 1 + the longest distance of the successors in other
	// tables, all won for the opponent; cannotLose when one is a draw.
	worst   []byte
	partner *buildPart
}

const (
	noPred     = 255
	cannotLose = 255
)

func build(ctx context.Context, dir string, m Material, opts BuildOptions, bp *buildProgress) error {
	var deps partSet
	defer deps.free()
	var missing []string
	for _, d := range m.Dependencies() {
		err := deps.load(dir, d)
		if errors.Is(err, ErrMissing) {
			missing = append(missing, d.String())
			continue
		}
		if err != nil {
			return err
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("%s needs the tables of %s first: %w", m, strings.Join(missing, ", "), ErrMissingDependency)
	}
	// The working state: three bytes an entry, in one block given back
	// when the build ends.
	size := tableSize(m)
	work, err := newBlock(3 * size)
	if err != nil {
		return fmt.Errorf("%s: the build's working state of %d bytes: %w", m, 3*size, err)
	}
	defer work.Free()
	var parts []*buildPart
	rest := work.Values()
	for _, x := range partsOf(m) {
		ix := newIndexer(x)
		n := ix.size
		parts = append(parts, &buildPart{mat: x, ix: ix, val: rest[:n:n], cnt: rest[n : 2*n : 2*n], worst: rest[2*n : 3*n : 3*n]})
		rest = rest[3*n:]
	}
	parts[0].partner = parts[len(parts)-1]
	parts[len(parts)-1].partner = parts[0]
	workers := max(opts.Workers, 1)
	var longest int
	for _, p := range parts {
		l, err := p.generate(ctx, &deps, workers, bp, m)
		if err != nil {
			return err
		}
		longest = max(longest, l)
	}
	l, processed, err := retrograde(ctx, parts, workers, bp, m)
	if err != nil {
		return err
	}
	longest = max(longest, l)
	var data [][]byte
	var settled uint64
	for _, p := range parts {
		data = append(data, p.val)
		settled += uint64(len(p.val))
	}
	settled -= processed
	bp.report(m, "write", 0)
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := writeTable(dir, m, data, longest); err != nil {
		return err
	}
	bp.mu.Lock()
	bp.doneMaterials++
	bp.mu.Unlock()
	bp.report(m, "write", settled) // the remainder: draws and holes
	return nil
}

const chunk = 1 << 14

// generate fills the working state of every entry of the part from its
// moves: a position without moves is lost; successors in other tables
// give a win or the longest loss at once; successors in this table are
// counted.
func (p *buildPart) generate(ctx context.Context, deps *partSet, workers int, bp *buildProgress, m Material) (int, error) {
	var next atomic.Uint64
	var failMu sync.Mutex
	var failed error
	var wg sync.WaitGroup
	for range min(uint64(workers), (p.ix.size+chunk-1)/chunk) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			g := generator{part: p, deps: deps, moves: make([]hexdame.Move, 0, 256), children: make([]uint64, 0, 256)}
			for {
				if ctx.Err() != nil {
					return
				}
				start := next.Add(chunk) - chunk
				if start >= p.ix.size {
					return
				}
				end := min(start+chunk, p.ix.size)
				for i := start; i < end; i++ {
					if err := g.entry(i); err != nil {
						failMu.Lock()
						if failed == nil {
							failed = err
						}
						failMu.Unlock()
						return
					}
				}
				bp.report(m, "moves", end-start)
			}
		}()
	}
	wg.Wait()
	if failed != nil {
		return 0, failed
	}
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	var l int
	for _, v := range p.val {
		if v != valueHole && int(v) > l {
			l = int(v)
		}
	}
	return max(l-1, 0), nil
}

// A generator works through entries of a part, with its own buffers.
type generator struct {
	part     *buildPart
	deps     *partSet
	moves    []hexdame.Move
	children []uint64
}

func (g *generator) entry(i uint64) error {
	p := g.part
	b, ok := p.ix.board(i)
	if !ok {
		p.val[i] = valueHole
		return nil
	}
	pos := b.position(hexdame.White)
	moves := pos.AppendLegalMoves(g.moves[:0])
	g.moves = moves
	if len(moves) == 0 {
		p.val[i] = 1 // lost: distance 0
		return nil
	}
	capture := moves[0].IsCapture()
	best, worst, canLose := 1<<30, 0, true
	// A move that neither captures nor crowns stays in the table (in the
	// partner part). Such moves need only be counted, unless two of them
	// may lead to one entry (see nearSymmetric): then their entries are
	// found and the distinct ones counted.
	near := nearSymmetric(&b)
	n := 0
	children := g.children[:0]
	for _, mv := range moves {
		if !capture {
			if b.men[0]&bitOf(mv.From()) == 0 || backRow[0]&bitOf(mv.To()) == 0 {
				if near {
					after := b.after(mv, 0).swapped()
					j, ok := p.partner.ix.index(&after)
					if !ok || after.material() != p.partner.mat {
						return fmt.Errorf("internal error: %s: no index for the position after %v", p.mat, mv)
					}
					children = append(children, j)
				}
				n++
				continue
			}
		}
		after := b.after(mv, 0).swapped()
		v, d, ok := g.deps.probeWhite(&after)
		if !ok {
			return fmt.Errorf("internal error: %s: %v leads to %v, not in the tables loaded", p.mat, mv, after.material())
		}
		switch v {
		case Loss:
			best = min(best, d+1)
		case Win:
			worst = max(worst, d+1)
		default:
			canLose = false
		}
	}
	g.children = children
	distinct := n
	if near {
		distinct = countDistinct(children)
	}
	if distinct >= noPred {
		return fmt.Errorf("%s: %d moves in one position, more than the build counts", p.mat, distinct)
	}
	switch {
	case best < 1<<30:
		if best > maxDistance {
			return fmt.Errorf("%s: a win of %d plies: %w", p.mat, best, ErrTooLong)
		}
		p.val[i] = byte(best + 1)
	case distinct == 0 && canLose:
		if worst > maxDistance {
			return fmt.Errorf("%s: a loss of %d plies: %w", p.mat, worst, ErrTooLong)
		}
		p.val[i] = byte(worst + 1)
	}
	if capture {
		p.cnt[i] = noPred
	} else {
		p.cnt[i] = byte(distinct)
	}
	if canLose {
		p.worst[i] = byte(min(worst, maxDistance+1))
	} else {
		p.worst[i] = cannotLose
	}
	return nil
}

// nearSymmetric reports whether board b differs from its mirror image in
// at most 4 cells. Only then can two of its moves lead to one entry, or
// two of its predecessors be one entry: two positions one move away from
// b (or two from which one move leads to b) are each other's mirror image
// only if b and its mirror image differ in at most the 4 cells the two
// moves touch. (The color swap, applied to all alike, changes nothing.)
func nearSymmetric(b *board) bool {
	m := b.mirrored()
	d := 0
	for c := 0; c < 2; c++ {
		d += bits.OnesCount64(b.men[c]^m.men[c]) + bits.OnesCount64(b.kings[c]^m.kings[c])
	}
	return d <= 4
}

// countDistinct sorts s and returns the number of distinct values in it.
func countDistinct(s []uint64) int {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
	n := 0
	for i := range s {
		if i == 0 || s[i] != s[i-1] {
			n++
		}
	}
	return n
}

// retrograde settles the entries layer by layer: at layer d, every entry
// decided at distance d is final, and its predecessors (the positions of
// the other part from which a move that neither captures nor crowns
// leads to it) learn of it: a lost entry makes them won at d+1, a won one
// counts down their undecided successors, and a predecessor whose every
// successor is won for the opponent is lost, at d+1 or at the longest
// distance of its successors in other tables, whichever is longer.
//
// The layer's entries are taken in batches: the workers find the
// predecessors of a batch's entries (the costly part: unmoving pieces and
// indexing the positions), each into its own buffer, and then one
// goroutine applies what they found. So no two goroutines touch one entry,
// and the result does not depend on the number of workers.
func retrograde(ctx context.Context, parts []*buildPart, workers int, bp *buildProgress, m Material) (longest int, processed uint64, err error) {
	for _, p := range parts {
		for _, v := range p.val {
			if v != valueHole && v != valueDraw {
				longest = max(longest, int(v)-1)
			}
		}
	}
	entries := make([]uint64, 0, batch)
	found := make([]predList, min(workers, batch/minShare))
	var done uint64
	fail := func(format string, args ...any) (int, uint64, error) {
		return 0, 0, fmt.Errorf(format, args...)
	}
	for d := 0; d <= longest; d++ {
		code := byte(d + 1)
		for _, p := range parts {
			q := p.partner
			for i := 0; i < len(p.val); {
				entries = entries[:0]
				for len(entries) < batch {
					k := bytes.IndexByte(p.val[i:], code)
					if k < 0 {
						i = len(p.val)
						break
					}
					entries = append(entries, uint64(i+k))
					i += k + 1
				}
				if len(entries) == 0 {
					break
				}
				findPredecessors(p, entries, found)
				for w := range found {
					off := 0
					for _, n := range found[w].count {
						preds := found[w].preds[off : off+n]
						off += n
						for _, j := range preds {
							if q.cnt[j] == noPred {
								continue
							}
							pv := q.val[j]
							lost := pv != valueDraw && (pv-1)&1 == 0
							if d%2 == 0 {
								// The entry is lost for its side to move: j wins
								// at d+1.
								if lost {
									return fail("internal error: %s: a lost position has a lost successor", q.mat)
								}
								if pv == valueDraw || int(pv)-1 > d+1 {
									if d+1 > maxDistance {
										return fail("%s: a win of %d plies: %w", q.mat, d+1, ErrTooLong)
									}
									q.val[j] = byte(d + 2)
									longest = max(longest, d+1)
								}
								continue
							}
							// The entry is won for its side to move: one
							// successor fewer left for j.
							if lost {
								return fail("internal error: %s: a lost position counted down again", q.mat)
							}
							if pv != valueDraw {
								continue
							}
							q.cnt[j]--
							if q.cnt[j] == 0 && q.worst[j] != cannotLose {
								l := max(d+1, int(q.worst[j]))
								if l > maxDistance {
									return fail("%s: a loss of %d plies: %w", q.mat, l, ErrTooLong)
								}
								q.val[j] = byte(l + 1)
								longest = max(longest, l)
							}
						}
					}
				}
				done += uint64(len(entries))
				bp.report(m, "retrograde", uint64(len(entries)))
				if err := ctx.Err(); err != nil {
					return 0, 0, err
				}
			}
		}
	}
	return longest, done, nil
}

// A predList holds the predecessors a worker found for its share of a
// batch: count[k] of them for its k-th entry, one after the other in
// preds.
type predList struct {
	preds []uint64
	count []int
}

// A batch of retrograde holds at most batch entries, and is shared among
// the workers by shares of at least minShare entries.
const (
	batch    = 1 << 14
	minShare = 64
)

// findPredecessors fills found[w] with the predecessors (indexes in p's
// partner part, distinct) of the w-th share of entries, on one goroutine
// per share: as many shares as found has, or fewer, so that each has
// minShare entries or more; the shares beyond are left empty.
func findPredecessors(p *buildPart, entries []uint64, found []predList) {
	for w := range found {
		found[w].preds, found[w].count = found[w].preds[:0], found[w].count[:0]
	}
	found = found[:max(1, min(len(found), len(entries)/minShare))]
	q := p.partner
	share := func(w int) {
		f := &found[w]
		lo, hi := w*len(entries)/len(found), (w+1)*len(entries)/len(found)
		for _, e := range entries[lo:hi] {
			b, _ := p.ix.board(e)
			start := len(f.preds)
			f.preds = q.predecessors(&b, f.preds)
			if nearSymmetric(&b) {
				f.preds = f.preds[:start+countDistinctKeep(f.preds[start:])]
			}
			f.count = append(f.count, len(f.preds)-start)
		}
	}
	if len(found) == 1 {
		share(0)
		return
	}
	var wg sync.WaitGroup
	for w := range found {
		wg.Add(1)
		go func() {
			defer wg.Done()
			share(w)
		}()
	}
	wg.Wait()
}

// countDistinctKeep sorts s, moves its distinct values to its front and
// returns their number.
func countDistinctKeep(s []uint64) int {
	countDistinct(s)
	n := 0
	for i := range s {
		if i == 0 || s[i] != s[n-1] {
			s[n] = s[i]
			n++
		}
	}
	return n
}

// predecessors appends to dst the indexes in part q of the positions from
// which White, to move, reaches board b (White to move, of q's partner's
// material) with a move that neither captures nor crowns: b seen from the
// other side is the position after White's move, and each of White's
// pieces there steps or slides back.
func (q *buildPart) predecessors(b *board, dst []uint64) []uint64 {
	after := b.swapped() // White has just moved
	occ := after.occupied()
	add := func(r *board) {
		if j, ok := q.ix.index(r); ok {
			dst = append(dst, j)
		}
	}
	for s := after.men[0]; s != 0; s &= s - 1 {
		t := bits.TrailingZeros64(s)
		for d := range hexdame.Direction(hexdame.NumDirections) {
			if d.IsForward(hexdame.White) {
				continue // a White man came from behind
			}
			n, ok := cellOf(t).Neighbor(d)
			if !ok || occ&bitOf(n) != 0 {
				continue
			}
			r := after
			r.men[0] = r.men[0]&^(1<<t) | bitOf(n)
			add(&r)
		}
	}
	for s := after.kings[0]; s != 0; s &= s - 1 {
		t := bits.TrailingZeros64(s)
		for d := range hexdame.Direction(hexdame.NumDirections) {
			for n, ok := cellOf(t).Neighbor(d); ok && occ&bitOf(n) == 0; n, ok = n.Neighbor(d) {
				r := after
				r.kings[0] = r.kings[0]&^(1<<t) | bitOf(n)
				add(&r)
			}
		}
	}
	return dst
}
