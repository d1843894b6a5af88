package hexdame

import (
	"bytes"
	"strings"
	"testing"
)

// Tests of record.go: a game passed to a sink as a record, its moves
// written in the position they are played in.

// A variation's moves are written in the position before the move they
// replace: an ambiguous capture in a variation keeps its turning cells.
func TestWriteVariationInItsPosition(t *testing.T) {
	text := "[FEN \"W:WKe1:BKa2,Ka3,c7,d7,e6,g5\"]\n\n1. e1xe8xb5xh5 (1. e1xe9xa5xh5) c7-c6 *\n"
	g, err := NewReader(strings.NewReader(text)).ReadGame()
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []Notation{Algebraic, Numeric} {
		var buf bytes.Buffer
		if err := NewWriter(&buf).WriteGame(g, n); err != nil {
			t.Fatal(err)
		}
		want := map[Notation]string{Algebraic: "1. e1xe8xb5xh5 (1. e1xe9xa5xh5) 1... c7-c6 *", Numeric: "1. 51x16x43x19 (1. 51x11x47x19) 1... 29-34 *"}[n]
		if !strings.Contains(buf.String(), want) {
			t.Errorf("%v: written as\n%s\nwant the movetext %q", n, buf.String(), want)
		}
	}
}
