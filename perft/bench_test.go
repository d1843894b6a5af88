package perft

import (
	"runtime"
	"testing"

	"github.com/hexdame/hexdame"
)

// BenchmarkCount counts leaves from the start position on one goroutine,
// and from the other test positions at depth 4.
func BenchmarkCount(b *testing.B) {
	for _, depth := range []int{5, 6} {
		b.Run("start/depth="+string(rune('0'+depth)), func(b *testing.B) {
			b.ReportAllocs()
			var n uint64
			for b.Loop() {
				n = Count(hexdame.StartPosition(), depth, Options{})
			}
			b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "leaves/s")
		})
	}
	for _, tp := range testPositions {
		p := hexdame.MustParseFEN(tp.fen)
		b.Run(tp.name+"/depth=4", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				Count(p, 4, Options{})
			}
		})
	}
}

// BenchmarkCountParallel splits the root moves among all cores.
func BenchmarkCountParallel(b *testing.B) {
	b.ReportAllocs()
	var n uint64
	for b.Loop() {
		n = Count(hexdame.StartPosition(), 6, Options{Workers: runtime.GOMAXPROCS(0)})
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "leaves/s")
}
