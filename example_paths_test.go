package hexdame_test

import (
	"fmt"

	"github.com/hexdame/hexdame"
)

// Listing every legal move with its path takes one search, however many
// moves there are; a reused buffer makes it allocation-free.
func ExamplePosition_AppendLegalMovePaths() {
	p := hexdame.MustParseFEN("W:Wc1,Kd3,Ke4:Bc3,c4,c6,f4,f8")
	var buf []hexdame.MovePath
	buf = p.AppendLegalMovePaths(buf[:0])
	for _, mp := range buf {
		fmt.Println(mp.Move, mp, mp.Format(hexdame.Numeric))
	}
	fmt.Println(buf[0].Cells())
	// Output:
	// d3xa4 d3xb3xf7xf9xa4 45x53x17x7x52
	// d3xb5 d3xb3xf7xf9xb5 45x53x17x7x43
	// e4xa1 e4xa4xe8xh8xa1 36x52x16x5x61
	// e4xb2 e4xa4xe8xh8xb2 36x52x16x5x57
	// e4xf2 e4xa4xf9xf7xf2 36x52x7x17x42
	// e4xf3 e4xa4xf9xf7xf3 36x52x7x17x37
	// [d3 b3 f7 f9 a4]
}
