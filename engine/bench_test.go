package engine

import (
	"bufio"
	"context"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/internal/enginehooks"
)

type namedPosition struct {
	name string
	pos  hexdame.Position
}

// readPositions reads a file of "name<TAB>FEN" lines.
func readPositions(tb testing.TB, path string) []namedPosition {
	f, err := os.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var out []namedPosition
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, fen, _ := strings.Cut(line, "\t")
		p, err := hexdame.ParseFEN(fen)
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, namedPosition{name, p})
	}
	return out
}

// BenchmarkSearch searches each middle-game position of
// testdata/middlegame.fen to a fixed depth on one thread, the table
// emptied before each search, and reports the nodes per second of wall
// time and, where the system tells, per second of processor time (the
// steadier figure on a shared machine).
func BenchmarkSearch(b *testing.B) { benchmarkSearch(b, nil) }

// BenchmarkSearchClassic is BenchmarkSearch with the classic evaluation
// (engine/eval.go's linear one, the default before the patterns).
func BenchmarkSearchClassic(b *testing.B) { benchmarkSearch(b, enginehooks.ClassicEval()) }

// benchmarkSearch is BenchmarkSearch with the evaluation ev (nil: the
// default, the patterns).
func benchmarkSearch(b *testing.B, ev *enginehooks.Eval) {
	e, err := New(Options{HashMiB: 64})
	if err != nil {
		b.Fatal(err)
	}
	enginehooks.Of(e).Eval = ev
	for _, np := range readPositions(b, "testdata/middlegame.fen") {
		b.Run(np.name, func(b *testing.B) {
			b.ReportAllocs()
			var nodes uint64
			var cpu time.Duration
			for b.Loop() {
				b.StopTimer()
				e.Clear()
				b.StartTimer()
				c := cpuTime()
				res, err := e.Search(context.Background(), np.pos, SearchOptions{Limits: Limits{Depth: 11}})
				cpu += cpuTime() - c
				if err != nil {
					b.Fatal(err)
				}
				nodes += res.Nodes
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
			if cpu > 0 {
				b.ReportMetric(float64(nodes)/cpu.Seconds(), "nodes/cpu-s")
			}
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
		})
	}
}

// BenchmarkThreads searches the middle-game positions to a fixed depth with
// one and two threads, the table emptied before each search: the time to
// depth, whose ratio is the speed-up of the threads.
func BenchmarkThreads(b *testing.B) {
	positions := readPositions(b, "testdata/middlegame.fen")
	for _, threads := range []int{1, 2} {
		e, err := New(Options{HashMiB: 64, Threads: threads})
		if err != nil {
			b.Fatal(err)
		}
		b.Run("threads="+strconv.Itoa(threads), func(b *testing.B) {
			b.ReportAllocs()
			var nodes uint64
			for b.Loop() {
				for _, np := range positions {
					b.StopTimer()
					e.Clear()
					b.StartTimer()
					res, err := e.Search(context.Background(), np.pos, SearchOptions{Limits: Limits{Depth: 12}})
					if err != nil {
						b.Fatal(err)
					}
					nodes += res.Nodes
				}
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
			// The nodes to reach the depth: with two free cores, twice the
			// one thread's count over the two threads' is the speed-up
			// to expect when the machine is too busy to time it.
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
		})
	}
}

// BenchmarkMoveTime searches the middle-game positions for 100 ms each and
// reports how far past the limit the searches returned: the mean and the
// worst, in milliseconds (the target is 5% + 10 ms, 15 ms here).
func BenchmarkMoveTime(b *testing.B) {
	positions := readPositions(b, "testdata/middlegame.fen")
	e, err := New(Options{HashMiB: 64})
	if err != nil {
		b.Fatal(err)
	}
	const limit = 100 * time.Millisecond
	var total, worst time.Duration
	n := 0
	for b.Loop() {
		for _, np := range positions {
			start := time.Now()
			if _, err := e.Search(context.Background(), np.pos, SearchOptions{Limits: Limits{MoveTime: limit}}); err != nil {
				b.Fatal(err)
			}
			over := time.Since(start) - limit
			total += over
			worst = max(worst, over)
			n++
		}
	}
	b.ReportMetric(float64(total.Microseconds())/float64(n)/1000, "ms-over-mean")
	b.ReportMetric(float64(worst.Microseconds())/1000, "ms-over-worst")
}

// BenchmarkCancel starts searches without limits and cancels their
// contexts after 50 ms, reporting the time from the cancellation to the
// search's return: the mean and the worst, in milliseconds (the target is
// 10 ms).
func BenchmarkCancel(b *testing.B) {
	positions := readPositions(b, "testdata/middlegame.fen")
	e, err := New(Options{HashMiB: 64, Threads: 2})
	if err != nil {
		b.Fatal(err)
	}
	var total, worst time.Duration
	n := 0
	for b.Loop() {
		for _, np := range positions {
			ctx, cancel := context.WithCancel(context.Background())
			var canceled time.Time
			timer := time.AfterFunc(50*time.Millisecond, func() {
				canceled = time.Now()
				cancel()
			})
			if _, err := e.Search(ctx, np.pos, SearchOptions{}); err != nil {
				b.Fatal(err)
			}
			took := time.Since(canceled)
			timer.Stop()
			total += took
			worst = max(worst, took)
			n++
		}
	}
	b.ReportMetric(float64(total.Microseconds())/float64(n)/1000, "ms-to-stop-mean")
	b.ReportMetric(float64(worst.Microseconds())/1000, "ms-to-stop-worst")
}
