package endgame

import (
	"fmt"
	"os"
	"testing"

	"github.com/hexdame/hexdame"
)

func TestScratchAnalysis(t *testing.T) {
	dir := os.Getenv("AN_TABLES")
	if dir == "" {
		t.Skip()
	}
	tb, err := Load(dir, LoadOptions{MaxPieces: 4})
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"KvK", "KKvK", "KKKvK", "KMvK", "KKvKK", "KKMvK", "MvK", "MMvK", "MMMvK", "KvM", "KvMM", "KvMMM", "MvM", "MMvMM", "KKvKM", "KMvKM"} {
		m, _ := ParseMaterial(name)
		for side := hexdame.White; side <= hexdame.Red; side++ {
			x := m
			if side == hexdame.Red {
				x = m.Swapped()
			}
			pt := tb.parts[x.code()]
			hist := map[int]uint64{}
			var ex = map[int]uint64{}
			for i, b := range pt.data {
				if b == valueHole {
					continue
				}
				v, d, _ := decode(b)
				k := d
				if v == Draw {
					k = -1
				}
				hist[k]++
				if _, ok := ex[k]; !ok {
					ex[k] = uint64(i)
				}
			}
			s := fmt.Sprintf("%v %v:", m, side)
			for d := -1; d < 60; d++ {
				if hist[d] > 0 {
					s += fmt.Sprintf(" %d:%d", d, hist[d])
				}
			}
			t.Log(s)
			if e, ok := ex[-1]; ok {
				b, _ := pt.ix.board(e)
				if side == hexdame.Red {
					b = b.swapped()
				}
				t.Logf("   draw example %v", b.position(side))
			}
		}
	}
}
