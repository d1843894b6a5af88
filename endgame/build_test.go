package endgame

import (
	"bytes"
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hexdame/hexdame"
)

// smallTables builds the tables up to 3 pieces once for all the tests.
var smallTables = sync.OnceValues(func() (string, error) {
	smallBuilt.Store(true)
	dir, err := os.MkdirTemp("", "hexdame-endgame-test-")
	if err != nil {
		return "", err
	}
	return dir, BuildAll(context.Background(), dir, 3, BuildOptions{Workers: 2})
})

func loadSmall(t testing.TB) *Tables {
	t.Helper()
	dir, err := smallTables()
	if err != nil {
		t.Fatal(err)
	}
	tb, err := Load(dir, LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

var smallBuilt atomic.Bool // smallTables has been called

func TestMain(m *testing.M) {
	code := m.Run()
	if smallBuilt.Load() {
		if dir, _ := smallTables(); dir != "" {
			os.RemoveAll(dir)
		}
	}
	os.Exit(code)
}

func TestBuildSmall(t *testing.T) {
	start := time.Now()
	dir, err := smallTables()
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("built in %v", time.Since(start))
	files, _ := filepath.Glob(filepath.Join(dir, "*"))
	for _, f := range files {
		st, _ := os.Stat(f)
		t.Logf("%s %d", filepath.Base(f), st.Size())
	}
}

// randomPosition returns a random position of material m with side to
// move.
func randomPosition(r *rand.Rand, m Material, side hexdame.Color) hexdame.Position {
	p, err := RandomPosition(r, m, side)
	if err != nil {
		panic(err)
	}
	return p
}

// Every table agrees with the rules: on random positions of every
// material and both sides to move, a position without moves is lost at
// distance 0, and otherwise its value and distance are the best of its
// moves': a win in 1 + the shortest loss of a successor, else a draw when
// a successor is drawn, else a loss in 1 + the longest win.
func TestConsistentWithRules(t *testing.T) {
	tb := loadSmall(t)
	r := rand.New(rand.NewPCG(3, 4))
	for _, m := range allOrdered(3) {
		for side := hexdame.White; side <= hexdame.Red; side++ {
			for range 2000 {
				p := randomPosition(r, m, side)
				checkConsistent(t, tb, p)
			}
		}
	}
}

func checkConsistent(t *testing.T, tb *Tables, p hexdame.Position) {
	t.Helper()
	v, d, ok := tb.Probe(p)
	if !ok {
		t.Fatalf("%v: not found", p)
	}
	moves := p.LegalMoves()
	wantV, wantD := Loss, 0
	if len(moves) > 0 {
		bestWin, worstLoss, draw := -1, -1, false
		for _, m := range moves {
			cv, cd, ok := tb.Probe(p.PlayUnchecked(m))
			if !ok {
				t.Fatalf("%v after %v: not found", p, m)
			}
			switch cv {
			case Loss:
				if bestWin < 0 || cd+1 < bestWin {
					bestWin = cd + 1
				}
			case Win:
				worstLoss = max(worstLoss, cd+1)
			default:
				draw = true
			}
		}
		switch {
		case bestWin >= 0:
			wantV, wantD = Win, bestWin
		case draw:
			wantV, wantD = Draw, 0
		default:
			wantV, wantD = Loss, worstLoss
		}
	}
	if v != wantV || d != wantD {
		t.Fatalf("%v: table says %v %d, its moves say %v %d", p, v, d, wantV, wantD)
	}
}

func newRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)) }

// A build stopped through its context writes nothing, leaves no
// temporary file, and keeps the tables finished before; run again, it
// goes on from there.
func TestBuildInterrupted(t *testing.T) {
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	var stoppedIn Material
	opts := BuildOptions{Progress: func(p Progress) {
		// Stop in the middle of the last 2-piece table.
		if p.Material == MustParseMaterial("MvM") && p.Phase == "moves" && stoppedIn.Pieces() == 0 {
			stoppedIn = p.Material
			cancel()
		}
	}}
	err := BuildAll(ctx, dir, 2, opts)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("BuildAll stopped: %v, want context.Canceled", err)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*"))
	var names []string
	for _, f := range files {
		names = append(names, filepath.Base(f))
	}
	if want := []string{"KvK.egt", "KvM.egt"}; !slices.Equal(names, want) {
		t.Fatalf("after stopping in %v: %v, want %v", stoppedIn, names, want)
	}
	var built []Material
	opts.Progress = func(p Progress) {
		if p.Phase == "moves" && (len(built) == 0 || built[len(built)-1] != p.Material) {
			built = append(built, p.Material)
		}
	}
	if err := BuildAll(context.Background(), dir, 2, opts); err != nil {
		t.Fatal(err)
	}
	if len(built) != 1 || built[0] != stoppedIn {
		t.Errorf("the second run built %v, want %v alone", built, stoppedIn)
	}
	src, _ := smallTables()
	for _, m := range Materials(2) {
		a, _ := os.ReadFile(filepath.Join(src, m.FileName()))
		b, _ := os.ReadFile(filepath.Join(dir, m.FileName()))
		if !bytes.Equal(a, b) {
			t.Errorf("%v differs from the uninterrupted build", m)
		}
	}
	if err := Build(ctx, dir, MustParseMaterial("KvK"), BuildOptions{}); !errors.Is(err, context.Canceled) {
		t.Errorf("Build with a canceled context: %v", err)
	}
	// With KeepExisting, a table already there is kept: no work, so the
	// canceled context does not matter.
	if err := Build(ctx, dir, MustParseMaterial("KvK"), BuildOptions{KeepExisting: true}); err != nil {
		t.Errorf("Build of a table already there, KeepExisting: %v", err)
	}
	if err := Build(ctx, dir, MustParseMaterial("KKvK"), BuildOptions{KeepExisting: true}); !errors.Is(err, context.Canceled) {
		t.Errorf("Build of a missing table, KeepExisting, canceled: %v", err)
	}
}

// A build with a huge number of workers starts no more goroutines than it
// has shares of work for, and builds the same tables. Before, it made a
// buffer per worker (a crash for math.MaxInt) and a goroutine per worker
// for every batch (46 s for a million).
func TestBuildManyWorkers(t *testing.T) {
	src, err := smallTables()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	base := runtime.NumGoroutine()
	var peak atomic.Int64
	opts := BuildOptions{Workers: math.MaxInt, Progress: func(Progress) {
		peak.Store(max(peak.Load(), int64(runtime.NumGoroutine()-base)))
	}}
	if err := BuildAll(context.Background(), dir, 2, opts); err != nil {
		t.Fatal(err)
	}
	// Shares: 16,384 positions when generating, a batch of 16,384 in
	// shares of 64 when finding predecessors.
	if n := peak.Load(); n > 2*batch/minShare {
		t.Errorf("%d goroutines at once, want at most %d", n, 2*batch/minShare)
	}
	for _, m := range Materials(2) {
		a, _ := os.ReadFile(filepath.Join(src, m.FileName()))
		b, _ := os.ReadFile(filepath.Join(dir, m.FileName()))
		if !bytes.Equal(a, b) {
			t.Errorf("%v differs from the build with 2 workers", m)
		}
	}
}
