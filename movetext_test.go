package hexdame

import (
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Tests of movetext.go: the walk of a game's movetext with its move
// numbers.

// Game.Movetext walks a game read from a record in the order of the
// record, with its annotations where they were, the variations one level
// deeper, the move numbers as a Writer writes them (after an annotation or
// a variation, Red's move is numbered) and each move's node.
func TestGameMovetext(t *testing.T) {
	text := "%lead\n{before} 1. d4-e5 $999999999 {é \xe2\x80\xa8 after} {} %\n" +
		"(1. c4-c5 $1 {x}) {tail} %last\n1... f6xd4 $3 $0 *"
	g, err := NewReader(strings.NewReader(text)).ReadGame()
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	var nodes []*Node
	for it := range g.Movetext(Algebraic) {
		s := strconv.Itoa(it.Depth) + ":" + it.Kind.String()
		switch it.Kind {
		case MoveElement:
			s += ":" + it.Number + ":" + it.Text
			nodes = append(nodes, it.Node)
		case NAGElement:
			s += ":" + strconv.Itoa(it.NAG)
		case CommentElement, LineCommentElement:
			s += ":" + it.Text
		}
		got = append(got, s)
	}
	want := []string{"0:line comment:lead", "0:comment:before", "0:move:1.:d4-e5", "0:NAG:999999999",
		"0:comment:é \u2028 after", "0:comment:", "0:line comment:", "0:variation", "1:move:1.:c4-c5", "1:NAG:1",
		"1:comment:x", "0:comment:tail", "0:line comment:last", "0:move:1...:f6xd4", "0:NAG:3", "0:NAG:0"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Movetext (-want +got):\n%s", diff)
	}
	d4e5 := g.Root().Next()
	if len(nodes) != 3 || nodes[0] != d4e5 || nodes[1] != g.Root().Children()[1] || nodes[2] != d4e5.Next() {
		t.Errorf("the moves' nodes: %v", nodes)
	}
	for range g.Movetext(Algebraic) {
		break // the iterator stops when asked
	}
	for it := range (*Game)(nil).Movetext(Algebraic) {
		t.Errorf("a nil *Game walks %v", it)
	}
}
