package diagram

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/hexdame/hexdame"
)

// The last move is drawn on the position after it as the move itself is
// drawn on the position before it: the same ring, arrows and crosses, in a
// group of class "move last", with the arrow's marker.
func TestLastMove(t *testing.T) {
	before := hexdame.MustParseFEN("W:WKe1,c3:Ba2,a3,c7,d7,e6,g5,Kh8")
	m := before.MustParseMove("e1xe8xb5xh5xh9")
	after := before.PlayUnchecked(m)
	moveDoc, err := AppendSVG(nil, before, Options{Move: m, Coordinates: true})
	if err != nil {
		t.Fatal(err)
	}
	lastDoc, err := AppendSVG(nil, after, Options{LastMove: before.Path(m), Coordinates: true})
	if err != nil {
		t.Fatal(err)
	}
	group := func(doc []byte, start string) string {
		i := bytes.Index(doc, []byte(start))
		if i < 0 {
			t.Fatalf("no %s in\n%s", start, doc)
		}
		j := bytes.Index(doc[i:], []byte("</g>\n"))
		return string(doc[i+len(start) : i+j])
	}
	if got, want := group(lastDoc, `<g class="move last"`), group(moveDoc, `<g class="move"`); got != want {
		t.Errorf("the last move's marks differ from the move's:\n%s\nwant\n%s", got, want)
	}
	if !bytes.Contains(lastDoc, []byte(`<marker id="hexdame-arrow"`)) {
		t.Error("no arrow marker for the last move")
	}
	if !strings.Contains(string(lastDoc), "<title>HexDame position, Red to move, after e1xe8xb5xh5xh9</title>") {
		t.Errorf("title: %s", lastDoc[:200])
	}
	// Both at once: the move played and the next move.
	next := after.LegalMoves()[0]
	both, err := AppendSVG(nil, after, Options{LastMove: before.Path(m), Move: next})
	if err != nil || !bytes.Contains(both, []byte(`<g class="move last"`)) || !bytes.Contains(both, []byte(`<g class="move" `)) {
		t.Errorf("last move and move: %v", err)
	}
}

// A last move that cannot have led to the position is refused, and
// nothing is written.
func TestLastMoveRefused(t *testing.T) {
	start := hexdame.StartPosition()
	m := start.MustParseMove("d4-e5")
	after := start.PlayUnchecked(m)
	for _, tc := range []struct {
		name string
		p    hexdame.Position
		last hexdame.MovePath
	}{
		{"end not the mover's", start, start.Path(m)},
		{"the position it was played in", start, after.Path(after.MustParseMove("f6xd4"))},
		{"captured piece still there", hexdame.MustParseFEN("B:We5,d4:Bi9"), hexdame.MustParseFEN("W:Wc3:Bd4").Path(hexdame.MustParseFEN("W:Wc3:Bd4").MustParseMove("c3xe5"))},
	} {
		var buf bytes.Buffer
		if err := WriteSVG(&buf, tc.p, Options{LastMove: tc.last}); !errors.Is(err, hexdame.ErrInvalid) || buf.Len() != 0 {
			t.Errorf("%s: %v, wrote %d bytes", tc.name, err, buf.Len())
		}
	}
	if err := WriteSVG(nil, start, Options{}); !errors.Is(err, hexdame.ErrInvalid) {
		t.Errorf("a nil writer: %v", err)
	}
}
