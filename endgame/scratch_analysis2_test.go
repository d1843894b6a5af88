package endgame

import (
	"fmt"
	"os"
	"testing"

	"github.com/hexdame/hexdame"
)

func TestScratchKings(t *testing.T) {
	dir := os.Getenv("AN_TABLES")
	if dir == "" {
		t.Skip()
	}
	tb, err := Load(dir, LoadOptions{MaxPieces: 4})
	if err != nil {
		t.Fatal(err)
	}
	if err := tb.parts.load(dir, Material{0, 4, 0, 1}); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"KKKvK", "KKKKvK", "KKvK"} {
		m, _ := ParseMaterial(name)
		pt := tb.parts[m.code()]
		hist := map[int]uint64{}
		cats := map[string]uint64{}
		shown := map[string]int{}
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
			if v != Draw {
				continue
			}
			bd, _ := pt.ix.board(uint64(i))
			p := bd.position(hexdame.White)
			// Does every White move let Red capture?
			allCap, wcap := true, false
			for _, mv := range p.LegalMoves() {
				if mv.IsCapture() {
					wcap = true
				}
				q := p.PlayUnchecked(mv)
				ms := q.LegalMoves()
				if len(ms) == 0 || !ms[0].IsCapture() {
					allCap = false
				}
			}
			corner := bd.kings[1]&(1<<0|1<<4|1<<26|1<<34|1<<56|1<<60) != 0
			cat := fmt.Sprintf("allcap=%v wcap=%v corner=%v", allCap, wcap, corner)
			w := uint64(2)
			if bd.mirrored() == bd {
				w = 1
			}
			cats[cat] += w
			if shown[cat] < 3 {
				shown[cat]++
				t.Logf("%s %s: %v", name, cat, p)
			}
		}
		s := name + ":"
		for d := -1; d < 60; d++ {
			if hist[d] > 0 {
				s += fmt.Sprintf(" %d:%d", d, hist[d])
			}
		}
		t.Log(s)
		t.Log(cats)
	}
	for _, c := range []string{"a1", "e1", "a5", "i9", "i5", "e9"} {
		cc, _ := hexdame.ParseCell(c)
		t.Log(c, ourCell[uint8(cc)])
	}
}
