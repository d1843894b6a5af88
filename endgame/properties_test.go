package endgame

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/hexdame/hexdame"
	"pgregory.net/rapid"
)

// Any position of any material up to 5 pieces has an index, which gives
// back the position or its mirror image; the position's mirror image has
// the same index.
func TestIndexProperty(t *testing.T) {
	materials := allOrdered(5)
	rapid.Check(t, func(t *rapid.T) {
		m := rapid.SampledFrom(materials).Draw(t, "material")
		cells := rapid.Permutation(allCellList).Draw(t, "cells")
		var b board
		k := 0
		place := func(n int, dom uint64, s *uint64) {
			for placed := 0; placed < n; k++ {
				if dom&(1<<cells[k]) != 0 {
					*s |= 1 << cells[k]
					placed++
				}
			}
		}
		place(m.WhiteMen, manDomain[0], &b.men[0])
		place(m.RedMen, manDomain[1]&^b.men[0], &b.men[1])
		place(m.WhiteKings, allSet&^b.occupied(), &b.kings[0])
		place(m.RedKings, allSet&^b.occupied(), &b.kings[1])
		ix := newIndexer(m)
		i, ok := ix.index(&b)
		if !ok || i >= ix.size {
			t.Fatalf("%v: index %d, %v (size %d)", b.position(hexdame.White), i, ok, ix.size)
		}
		got, ok := ix.board(i)
		if !ok || got != b && got != b.mirrored() {
			t.Fatalf("%v: index %d gives %v, %v", b.position(hexdame.White), i, got.position(hexdame.White), ok)
		}
		mb := b.mirrored()
		if j, ok := ix.index(&mb); !ok || j != i {
			t.Fatalf("%v: the mirror image has index %d, not %d", b.position(hexdame.White), j, i)
		}
		// The color swap is its own inverse and keeps the material swapped.
		if s := b.swapped(); s.swapped() != b || s.material() != m.Swapped() {
			t.Fatalf("%v: the color swap is not an involution", b.position(hexdame.White))
		}
	})
}

var allCellList = func() []int {
	var out []int
	for k := 0; k < numCells; k++ {
		out = append(out, k)
	}
	return out
}()

// Probe, BestMove and Stats may be used by many goroutines at once (run
// with -race).
func TestConcurrentProbes(t *testing.T) {
	tb := loadSmall(t)
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := newRand(uint64(g))
			ms := allOrdered(3)
			for range 2000 {
				p := randomPosition(r, ms[r.IntN(len(ms))], hexdame.Color(r.IntN(2)))
				v, d, ok := tb.Probe(p)
				if !ok {
					t.Errorf("%v: not found", p)
					return
				}
				if m, ok := tb.BestMove(p); ok {
					if cv, cd, _ := tb.Probe(p.PlayUnchecked(m)); cv != v.Opposite() || v != Draw && cd != d-1 {
						t.Errorf("%v: best move %v leads to %v %d from %v %d", p, m, cv, cd, v, d)
					}
				}
			}
			tb.Stats(Material{0, 1, 0, 1}, hexdame.White)
		}()
	}
	wg.Wait()
}

// ParseMaterial never panics, and what it accepts prints back as the
// same material.
func FuzzParseMaterial(f *testing.F) {
	for _, s := range []string{"KvK", "KKMvK", "kmvkm", "MMMMvMMMM", "v", "KvKKKKKKKK", "KxK", "KKvK.egt", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := ParseMaterial(s)
		if err != nil {
			if !errors.Is(err, ErrInvalidMaterial) {
				t.Fatalf("%q: error %v does not wrap ErrInvalidMaterial", s, err)
			}
			return
		}
		if !m.IsValid() {
			t.Fatalf("%q: accepted invalid %+v", s, m)
		}
		if back, err := ParseMaterial(m.String()); err != nil || back != m {
			t.Fatalf("%q: %v prints as %q, which reads as %v, %v", s, m, m.String(), back, err)
		}
	})
}

// Whatever bytes a table file holds, Load never panics and never accepts
// a file that differs from the one written.
func FuzzLoadTable(f *testing.F) {
	dir, err := smallTables()
	if err != nil {
		f.Fatal(err)
	}
	good, err := os.ReadFile(filepath.Join(dir, "KvM.egt"))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(good)
	f.Add(good[:64])
	f.Add([]byte("HXDMEGTB"))
	// One directory of the 2-piece tables per fuzzing process, its KvM.egt
	// rewritten by each input: cheap inputs keep the fuzzer's minimizing
	// of new ones short.
	work := f.TempDir()
	for _, m := range Materials(2) {
		b, err := os.ReadFile(filepath.Join(dir, m.FileName()))
		if err != nil {
			f.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(work, m.FileName()), b, 0o644); err != nil {
			f.Fatal(err)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if err := os.WriteFile(filepath.Join(work, "KvM.egt"), data, 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := Load(work, LoadOptions{})
		if err == nil && !bytes.Equal(data, good) {
			t.Fatalf("Load accepted a changed KvM.egt")
		}
		if err != nil && bytes.Equal(data, good) {
			t.Fatalf("Load refused the good file: %v", err)
		}
	})
}

// Probe and BestMove take any position without panicking: when Probe
// finds it and it has moves, BestMove gives a legal one.
func FuzzProbe(f *testing.F) {
	for _, s := range []string{"W:WKa1:BKb1", "B:Wh8:Bi9", "W:Wi9:BKa1", "W:WKe5:Ba1", "W:W:B", "B:WKa1:B", "W:Wa1,b1,c1:Bi9", "W:Wa1:Bc7,e1"} {
		f.Add(s)
	}
	tb := loadSmall(f)
	f.Fuzz(func(t *testing.T, fen string) {
		p, err := hexdame.ParseFEN(fen)
		if err != nil {
			return
		}
		_, _, ok := tb.Probe(p)
		m, found := tb.BestMove(p)
		if ok && p.CountLegalMoves() > 0 && (!found || !p.IsLegal(m)) {
			t.Fatalf("%v: BestMove gives %v, %v", p, m, found)
		}
	})
}
