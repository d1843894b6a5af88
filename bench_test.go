package hexdame

import (
	"bufio"
	"os"
	"strings"
	"testing"
)

type namedFEN struct{ name, fen string }

// benchmarkFENs reads testdata/positions.fen.
func benchmarkFENs(tb testing.TB) []namedFEN { return readFENFile(tb, "testdata/positions.fen") }

// hostileFENs reads testdata/hostile.fen: the heaviest positions for the
// capture search that climbSlowPositions and hand construction found.
func hostileFENs(tb testing.TB) []namedFEN { return readFENFile(tb, "testdata/hostile.fen") }

// readFENFile reads a file of named positions: a name, a tab and a FEN on
// each line, # comments.
func readFENFile(tb testing.TB, path string) []namedFEN {
	tb.Helper()
	f, err := os.Open(path)
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

// BenchmarkLegalMovesHostile generates the moves of the heaviest positions
// known for the capture search.
func BenchmarkLegalMovesHostile(b *testing.B) {
	for _, nf := range append([]namedFEN{{"issue-7", hostileKingFEN}}, hostileFENs(b)...) {
		p := MustParseFEN(nf.fen)
		b.Run(nf.name, func(b *testing.B) {
			b.ReportAllocs()
			buf := make([]Move, 0, 1024)
			for b.Loop() {
				buf = p.AppendLegalMoves(buf[:0])
			}
			b.ReportMetric(float64(searchWork(func() { p.LegalMoves() })), "states")
		})
	}
}

// BenchmarkMovePathsHostile lists every legal move of the hostile
// positions with its path, as hexdame moves does: from one search
// (LegalMovePaths), and the old way, one path search per move
// (FormatMovePath).
func BenchmarkMovePathsHostile(b *testing.B) {
	for _, nf := range append([]namedFEN{{"issue-7", hostileKingFEN}}, hostileFENs(b)...) {
		p := MustParseFEN(nf.fen)
		b.Run("one-search/"+nf.name, func(b *testing.B) {
			b.ReportAllocs()
			buf := make([]MovePath, 0, 1024)
			var text []byte
			for b.Loop() {
				buf = append(buf[:0], p.LegalMovePaths()...)
				for _, mp := range buf {
					text = mp.appendFormat(text[:0], Algebraic)
				}
			}
		})
		if strings.HasPrefix(nf.name, "climb30") || nf.name == "lattice19" {
			continue // seconds per listing
		}
		b.Run("search-per-move/"+nf.name, func(b *testing.B) {
			b.ReportAllocs()
			moves := p.LegalMoves()
			var text []byte
			for b.Loop() {
				moves = p.AppendLegalMoves(moves[:0])
				for _, m := range moves {
					mp := p.Path(m)
					text = mp.appendFormat(text[:0], Algebraic)
				}
			}
		})
	}
}

func BenchmarkPlay(b *testing.B) {
	start := StartPosition()
	king := MustParseFEN("W:WKe1:Ba2,a3,c7,d7,e6,g5,c4,h7")
	for _, bc := range []struct {
		name string
		p    Position
		m    Move
	}{
		{"quiet", start, start.MustParseMove("d4-e5")},
		{"capture", king, king.LegalMoves()[0]},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			var q Position
			for b.Loop() {
				q, _ = bc.p.Play(bc.m)
			}
			_ = q
		})
		b.Run(bc.name+"-unchecked", func(b *testing.B) {
			b.ReportAllocs()
			var q Position
			for b.Loop() {
				q = bc.p.PlayUnchecked(bc.m)
			}
			_ = q
		})
	}
}

// hashAfter is the incremental form of Hash that Play could keep: the key
// of p.PlayUnchecked(m) from h = p.Hash(), XORing out the mover and the
// captured pieces and XORing in the piece that lands. It lives in the tests
// to measure what keeping the key inside Position would cost (see
// BenchmarkHash).
func hashAfter(h uint64, p *Position, m Move) uint64 {
	kind := func(c Cell) int {
		k := 0
		if p.pieces[0][Red]&bit(c) != 0 {
			k = 2
		}
		if p.kings[0]&bit(c) != 0 {
			k++
		}
		return k
	}
	from := kind(m.from)
	to := from
	if crowns(*p, m) {
		to++
	}
	h ^= zobristRed ^ zobristPieces[from][m.from] ^ zobristPieces[to][m.to]
	for c := m.captured; c != 0; {
		at := Cell(popLowest(&c))
		h ^= zobristPieces[kind(at)][at]
	}
	return h
}

func TestHashAfter(t *testing.T) {
	for _, nf := range benchmarkFENs(t) {
		p := MustParseFEN(nf.fen)
		for _, m := range p.LegalMoves() {
			if got, want := hashAfter(p.Hash(), &p, m), p.PlayUnchecked(m).Hash(); got != want {
				t.Errorf("%s: hashAfter(%v) = %#x, want %#x", nf.name, m, got, want)
			}
		}
	}
}

// BenchmarkHash weighs the two ways of keeping a Zobrist key: computing it
// from the bitboards when asked (what Hash does), against updating it
// with each move played (hashAfter, which Play would have to do for
// every move, whether or not anyone asks for the key).
func BenchmarkHash(b *testing.B) {
	for _, nf := range benchmarkFENs(b) {
		p := MustParseFEN(nf.fen)
		moves := p.LegalMoves()
		if len(moves) == 0 {
			continue
		}
		m := moves[len(moves)-1]
		b.Run("computed/"+nf.name, func(b *testing.B) {
			b.ReportAllocs()
			var h uint64
			for b.Loop() {
				h ^= p.Hash()
			}
			_ = h
		})
		b.Run("incremental/"+nf.name, func(b *testing.B) {
			b.ReportAllocs()
			h := p.Hash()
			for b.Loop() {
				h = hashAfter(h, &p, m)
			}
		})
	}
}

// BenchmarkLastLevel splits the cost of perft's last level, where nearly
// all of its time goes, into its three parts: the compulsory-capture test
// (capturers) at every node, then either the capture search or the count
// of the non-capturing moves. The nodes are the positions at depth 3 from
// the king positions, each part is timed over all of them, and ns/node is
// the time per position it runs on.
func BenchmarkLastLevel(b *testing.B) {
	for _, nf := range benchmarkFENs(b) {
		if nf.name != "kings" && nf.name != "king-ending" {
			continue
		}
		var capture, quiet []Position
		var walk func(p Position, depth int)
		walk = func(p Position, depth int) {
			if depth == 0 {
				if p.capturers() != 0 {
					capture = append(capture, p)
				} else {
					quiet = append(quiet, p)
				}
				return
			}
			for _, m := range p.LegalMoves() {
				walk(p.play(m), depth-1)
			}
		}
		walk(MustParseFEN(nf.fen), 3)
		all := append(capture[:len(capture):len(capture)], quiet...)
		perNode := func(b *testing.B, nodes int) {
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(nodes), "ns/node")
		}
		b.Run(nf.name+"/capture-test", func(b *testing.B) {
			found := 0
			for b.Loop() {
				for i := range all {
					if all[i].capturers() != 0 {
						found++
					}
				}
			}
			perNode(b, len(all))
		})
		b.Run(nf.name+"/captures", func(b *testing.B) {
			b.ReportAllocs()
			buf := make([]Move, 0, 256)
			capturers := make([]uint64, len(capture))
			for i := range capture {
				capturers[i] = capture[i].capturers()
			}
			for b.Loop() {
				for i := range capture {
					buf = capture[i].appendCapturesFrom(buf[:0], capturers[i])
				}
			}
			perNode(b, len(capture))
		})
		b.Run(nf.name+"/quiet-count", func(b *testing.B) {
			n := 0
			for b.Loop() {
				for i := range quiet {
					n += quiet[i].countQuietMoves()
				}
			}
			perNode(b, len(quiet))
		})
	}
}
