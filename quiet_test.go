package hexdame

import (
	"slices"
	"testing"
)

// Tests of quiet.go: the moves without capture, as RULES.md gives them
// (every legal move of each position, with its path), the bitboard test
// of whether a capture exists, and the cost of perft's last level.

// Moves without capture.
func TestRulesNonCaptures(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{"white man steps straight or obliquely forward", "W:Wc3:Bi9", []string{"c3-c4", "c3-d3", "c3-d4"}},
		{"red man steps the other way", "B:Wa1:Bf6", []string{"f6-e5", "f6-e6", "f6-f5"}},
		{"men never step backwards or onto pieces", "W:Wa1,b1,b2:Bi9", []string{"a1-a2", "b1-c1", "b1-c2", "b2-b3", "b2-c2", "b2-c3"}},
		{"a man at the edge has fewer steps", "W:Wa5:Bi9", []string{"a5-b5", "a5-b6"}},
		{"a white man on a back row cell still steps along it", "W:We9:Ba1", []string{"e9-f9"}},
		{"king slides stop before any piece", "W:Wc3,Ke3:Bg3,e9", []string{
			"c3-c4", "c3-d3", "c3-d4",
			"e3-d3", "e3-f3",
			"e3-e4", "e3-e5", "e3-e6", "e3-e7", "e3-e8", "e3-e2", "e3-e1",
			"e3-f4", "e3-g5", "e3-h6", "e3-i7", "e3-d2", "e3-c1",
		}},
		{"a blocked side has no move", "W:Wa1:Ba2,b1,b2,a3,c1,c3", nil},
		{"no pieces, no move", "W:W:Bi9", nil},
	})
}

func TestRulesFlyingKingOnEmptyBoard(t *testing.T) {
	// A king on e5 sees 8 cells along each of its three lines, with an
	// opposing piece out of the way on a corner of another line.
	p := MustParseFEN("W:WKe5:Bi5")
	got := legalPaths(p)
	if len(got) != 24-1 {
		t.Errorf("king on e5 with i5 taken has %d moves, want 23: %v", len(got), got)
	}
	if slices.Contains(got, "e5-i5") || !slices.Contains(got, "e5-h5") || !slices.Contains(got, "e5-a1") || !slices.Contains(got, "e5-e9") {
		t.Errorf("king on e5 moves: %v", got)
	}
}

// Counting the non-capturing moves (what perft does at its last level)
// gives as many as listing them: a king slides to every empty cell up to
// the first piece, eight at most along the long lines, and a cell between
// two kings on one line is a move for each.
func TestRulesKingSlideCount(t *testing.T) {
	for _, tc := range []struct {
		fen  string
		want int
	}{
		// a1: 4 up the a-file, 4 along row 1, 8 up the long diagonal to i9.
		{"W:WKa1:Bi5", 4 + 4 + 8},
		// a1: 4, 3 (e1 is at the edge), 7; i9 the same, with 4 along row 9.
		{"W:WKa1,Ki9:Be1", 4 + 3 + 7 + 4 + 4 + 7},
		// a1: 3 (a5 at the edge), 4, 3; e5: 8 on the e-file, 3 + 4 on row
		// 5, 3 + 3 on the diagonal; i9: 4, 4, 3.
		{"W:WKa1,Ke5,Ki9:Ba5", 3 + 4 + 3 + 8 + 3 + 4 + 3 + 3 + 4 + 4 + 3},
		// e5: 8 on the file, 3 + 3 on row 5, 8 on the diagonal.
		{"W:WKe5:Ba5,i5", 8 + 6 + 8},
		// e5: 4 down the file, 8 on row 5, 3 down the diagonal; the man on
		// e6: e7 and f7; f6: 4 + 3 on the file, 3 on row 6, 3 on the
		// diagonal.
		{"W:WKe5,e6,Kf6:Ba1", 4 + 8 + 3 + 2 + 7 + 3 + 3},
	} {
		p := MustParseFEN(tc.fen)
		if n := len(p.LegalMoves()); n != tc.want {
			t.Errorf("%s: %d legal moves, want %d", tc.fen, n, tc.want)
		}
		if n := p.CountLegalMoves(); n != tc.want {
			t.Errorf("%s: CountLegalMoves() = %d, want %d", tc.fen, n, tc.want)
		}
	}
}

// A king's capture test looks for the opponent's pieces only: a king next
// to its own piece with an empty cell behind it cannot capture.
func TestRulesKingDoesNotCaptureOwnPieces(t *testing.T) {
	for _, tc := range []struct {
		fen     string
		capture bool
	}{
		{"W:WKa1,b2:Bi9", false},
		{"W:WKa1,c3:Bi9", false},
		{"B:WKa1:BKe5,f6", false},
		{"W:WKa1:Bc3", true},
		{"B:WKf6:BKe5", true},
		{"W:Wc3,d3:Bi9", false},
		{"W:Wc3:Bd3", true},
	} {
		p := MustParseFEN(tc.fen)
		if got := p.hasCapture(); got != tc.capture {
			t.Errorf("%s: hasCapture() = %v, want %v", tc.fen, got, tc.capture)
		}
		if got := p.capturers() != 0; got != tc.capture {
			t.Errorf("%s: capturers() = %v, want %v", tc.fen, got, tc.capture)
		}
		if n := p.CountLegalMoves(); n != len(p.LegalMoves()) {
			t.Errorf("%s: CountLegalMoves() = %d, LegalMoves has %d", tc.fen, n, len(p.LegalMoves()))
		}
	}
	runRuleCases(t, []ruleCase{
		{"a king passes no move over its own piece", "W:WKa1,b2:Bi9",
			[]string{"a1-a2", "a1-a3", "a1-a4", "a1-a5", "a1-b1", "a1-c1", "a1-d1", "a1-e1", "b2-b3", "b2-c2", "b2-c3"}},
	})
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
