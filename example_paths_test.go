package hexdame_test

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/hexdame/hexdame"
)

// Listing every legal move with its path takes one search, however many
// moves there are.
func ExamplePosition_LegalMovePaths() {
	p := hexdame.MustParseFEN("W:Wc1,Kd3,Ke4:Bc3,c4,c6,f4,f8")
	paths := p.LegalMovePaths()
	for _, mp := range paths {
		fmt.Println(mp.Move, mp, mp.Format(hexdame.Numeric))
	}
	fmt.Println(paths[0].Cells())
	// Output:
	// d3xa4 d3xb3xf7xf9xa4 45x53x17x7x52
	// d3xb5 d3xb3xf7xf9xb5 45x53x17x7x43
	// e4xa1 e4xa4xe8xh8xa1 36x52x16x5x61
	// e4xb2 e4xa4xe8xh8xb2 36x52x16x5x57
	// e4xf2 e4xa4xf9xf7xf2 36x52x7x17x42
	// e4xf3 e4xa4xf9xf7xf3 36x52x7x17x37
	// [d3 b3 f7 f9 a4]
}

// A server bounds the work of a position it is given: past the limit it
// gets an error, having spent about the limit.
func ExamplePosition_AppendLegalMovesWithin() {
	// One king that can take 19 kings in countless orders: 2.65 million
	// states.
	p := hexdame.MustParseFEN("W:WKd4:BKa3,Kb2,Kb5,Kc1,Kc4,Kc7,Kd3,Kd6,Ke2,Ke5,Ke8,Kf4,Kf7,Kg3,Kg6,Kg9,Kh5,Kh8,Ki7")
	_, err := p.AppendLegalMovesWithin(nil, 100_000)
	fmt.Println(errors.Is(err, hexdame.ErrWorkLimit))
	fmt.Println(err)
	moves, err := hexdame.StartPosition().AppendLegalMovesWithin(nil, 100_000)
	fmt.Println(len(moves), err)
	// Output:
	// true
	// work limit exceeded: the capture search of W:WKd4:BKa3,Kb2,Kb5,Kc1,Kc4,Kc7,Kd3,Kd6,Ke2,Ke5,Ke8,Kf4,Kf7,Kg3,Kg6,Kg9,Kh5,Kh8,Ki7 visits more than 100000 states
	// 15 <nil>
}

// A Reader's WorkLimit bounds the capture searches of all the games it
// checks: here the second game's position needs more than is left.
func ExampleReader_WorkLimit() {
	upload := `[Event "light"]
1. d4-e5 f6xd4 *

[Event "heavy"]
[FEN "W:WKe1,Ke9,Kf2,Kf9,Kg3,Kg9,Kh4,Kh9,Ki5,Ki7,Ki9:BKa2,Kb5,Kc1,Kc3,Kc4,c7,d2,Kd6,Ke7,Kf3,Kf4,Kf5,Kf7,f8,Kg7,Kh6"]
1. e1xa1 *
`
	r := hexdame.NewReader(strings.NewReader(upload))
	r.WorkLimit = 500_000
	for {
		_, err := r.ReadGame()
		if err == io.EOF {
			break
		}
		fmt.Println(errors.Is(err, hexdame.ErrWorkLimit), err)
	}
	// Output:
	// false <nil>
	// true game 2, line 6, column 4: ply 1, move e1xa1: work limit exceeded: the capture search of W:WKe1,Ke9,Kf2,Kf9,Kg3,Kg9,Kh4,Kh9,Ki5,Ki7,Ki9:BKa2,Kb5,Kc1,Kc3,Kc4,c7,d2,Kd6,Ke7,Kf3,Kf4,Kf5,Kf7,f8,Kg7,Kh6 takes the Reader past its WorkLimit of 500000 states
}
