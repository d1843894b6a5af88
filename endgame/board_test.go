package endgame

import (
	"testing"

	"github.com/hexdame/hexdame"
)

// The files index positions by the cells' numbers rank by rank from a1,
// which board.go takes from the rules package's Cell values: if those
// were ever to change, the files would change meaning.
func TestNumbering(t *testing.T) {
	k := 0
	for r := 0; r < 9; r++ {
		for f := 0; f < 9; f++ {
			c, ok := hexdame.CellAt(f, r)
			if !ok {
				continue
			}
			if cellOf(k) != c || bitOf(c) != 1<<k || fromLib(uint64(hexdame.CellSetOf(c))) != 1<<k {
				t.Fatalf("cell %d is %v (bit %#x), want %v", k, cellOf(k), bitOf(c), c)
			}
			m, _ := hexdame.CellAt(r, f)
			if mirrorOf[k] != int8(m-1) || mirrorOf[mirrorOf[k]] != int8(k) {
				t.Errorf("the mirror image of %v is cell %d, want %v", c, mirrorOf[k], m)
			}
			h, _ := hexdame.CellAt(8-f, 8-r)
			if turned(1<<k) != bitOf(h) {
				t.Errorf("the half turn of %v is %#x, want %v", c, turned(1<<k), h)
			}
			k++
		}
	}
	if k != numCells || bitOf(hexdame.NoCell) != 0 {
		t.Errorf("%d cells; NoCell's bit %#x", k, bitOf(hexdame.NoCell))
	}
	for side, want := range map[int]string{0: "{i5 i6 i7 i8 e9 f9 g9 h9 i9}", 1: "{a1 b1 c1 d1 e1 a2 a3 a4 a5}"} {
		if got := hexdame.CellSet(backRow[side] << 1).String(); got != want || manDomain[side] != allSet&^backRow[side] {
			t.Errorf("side %d crowns on %s, want %s", side, got, want)
		}
	}
}
