package diagram_test

import (
	"fmt"
	"os"

	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/diagram"
)

func ExampleText() {
	p := hexdame.MustParseFEN("W:WKe5,a1:Bi9,f6")
	fmt.Print(diagram.Text(p, diagram.Options{}))
	// Output:
	//                  r
	//               .     .
	//            .     .     .
	//         .     .     .     .
	//      .     .     .     .     .
	//         .     .     .     .
	//      .     .     r     .     .
	//         .     .     .     .
	//      .     .     W     .     .
	//         .     .     .     .
	//      .     .     .     .     .
	//         .     .     .     .
	//      .     .     .     .     .
	//         .     .     .     .
	//            .     .     .
	//               .     .
	//                  w
	// White to move
}

func ExampleWriteSVG() {
	p := hexdame.MustParseFEN("W:Wc3:Bd4,f5")
	m := p.MustParseMove("c3xg5")
	// The move to play, drawn with its path and the pieces it captures.
	if err := diagram.WriteSVG(os.Stdout, p, diagram.Options{Move: m, Size: 200}); err != nil {
		fmt.Println(err)
	}
}

func ExampleOptions_lastMove() {
	before := hexdame.MustParseFEN("W:Wc3:Bd4,f5,h8")
	m := before.MustParseMove("c3xg5")
	after, _ := before.Play(m)
	// The position after the move, with the move that led to it.
	b, err := diagram.AppendSVG(nil, after, diagram.Options{LastMove: before.Path(m)})
	fmt.Println(len(b) > 0, err)
	// Output:
	// true <nil>
}
