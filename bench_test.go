package hexdame

import (
	"bufio"
	"os"
	"strings"
	"testing"
)

type namedFEN struct{ name, fen string }

// benchmarkFENs reads testdata/positions.fen.
func benchmarkFENs(tb testing.TB) []namedFEN {
	tb.Helper()
	f, err := os.Open("testdata/positions.fen")
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var out []namedFEN
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, fen, ok := strings.Cut(line, "\t")
		if !ok {
			tb.Fatalf("bad line %q", line)
		}
		if _, err := ParseFEN(fen); err != nil {
			tb.Fatal(err)
		}
		out = append(out, namedFEN{name, fen})
	}
	return out
}

func BenchmarkLegalMoves(b *testing.B) {
	for _, nf := range benchmarkFENs(b) {
		p := MustParseFEN(nf.fen)
		b.Run(nf.name, func(b *testing.B) {
			b.ReportAllocs()
			buf := make([]Move, 0, 256)
			for b.Loop() {
				buf = p.AppendLegalMoves(buf[:0])
			}
		})
	}
}

func BenchmarkPlay(b *testing.B) {
	p := StartPosition()
	m := p.MustParseMove("d4-e5")
	b.Run("quiet", func(b *testing.B) {
		b.ReportAllocs()
		var q Position
		for b.Loop() {
			q, _ = p.Play(m)
		}
		_ = q
	})
	c := MustParseFEN("W:WKe1:Ba2,a3,c7,d7,e6,g5,c4,h7")
	cm := c.LegalMoves()[0]
	b.Run("capture", func(b *testing.B) {
		b.ReportAllocs()
		var q Position
		for b.Loop() {
			q, _ = c.Play(cm)
		}
		_ = q
	})
}

func BenchmarkPerft(b *testing.B) {
	for _, depth := range []int{5, 6} {
		b.Run("start/depth"+string(rune('0'+depth)), func(b *testing.B) {
			b.ReportAllocs()
			var n uint64
			for b.Loop() {
				n = Perft(StartPosition(), depth)
			}
			b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}
