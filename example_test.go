package hexdame_test

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/hexdame/hexdame"
)

func ExampleStartPosition() {
	p := hexdame.StartPosition()
	fmt.Println(p)
	fmt.Println(p.SideToMove(), "to move,", len(p.LegalMoves()), "legal moves")
	// Output:
	// W:Wa1,a2,a3,a4,b1,b2,b3,b4,c1,c2,c3,c4,d1,d2,d3,d4:Bf6,f7,f8,f9,g6,g7,g8,g9,h6,h7,h8,h9,i6,i7,i8,i9
	// White to move, 15 legal moves
}

func ExampleParseCell() {
	c, err := hexdame.ParseCell("e5")
	fmt.Println(c, c.Number(), err)
	c, _ = hexdame.ParseCell("61")
	fmt.Println(c)
	_, err = hexdame.ParseCell("a6")
	fmt.Println(err, errors.Is(err, hexdame.ErrSyntax))
	// Output:
	// e5 31 <nil>
	// a1
	// invalid cell "a6" true
}

func ExampleParseFEN() {
	p, err := hexdame.ParseFEN("W:WKe1:Ba2,a3,c7,d7,e6,g5")
	if err != nil {
		panic(err)
	}
	fmt.Println(p.Piece(hexdame.MustParseCell("e1")), p.SideToMove())
	q, _ := hexdame.ParseFEN("W:WK51:B23,25-26,29,56,59") // numeric cells, a range
	fmt.Println(q == p, q)
	// Output:
	// W White
	// true W:WKe1:Ba2,a3,c7,d7,e6,g5
}

func ExamplePosition_LegalMoves() {
	p := hexdame.MustParseFEN("W:WKa1:Bc3")
	for _, m := range p.LegalMoves() {
		fmt.Println(m, m.Captured())
	}
	// Output:
	// a1xd4 {c3}
	// a1xe5 {c3}
	// a1xf6 {c3}
	// a1xg7 {c3}
	// a1xh8 {c3}
	// a1xi9 {c3}
}

func ExamplePosition_AppendLegalMoves() {
	// An engine reuses one buffer, so generating moves does not allocate.
	buf := make([]hexdame.Move, 0, 64)
	p := hexdame.StartPosition()
	for range 4 {
		buf = p.AppendLegalMoves(buf[:0])
		p, _ = p.Play(buf[0])
	}
	fmt.Println(p.String())
	// Output:
	// W:Wa1,a2,a3,a4,b1,b2,b3,b4,c2,c3,c4,d1,d2,d3,d4,e1:Bd6,f7,f8,f9,g6,g7,g8,g9,h6,h7,h8,h9,i6,i7,i8,i9
}

func ExamplePosition_ParseMove() {
	p := hexdame.MustParseFEN("W:WKe1:Ba2,a3,c7,d7,e6,g5")
	_, err := p.ParseMove("e1xh5")
	fmt.Println(errors.Is(err, hexdame.ErrAmbiguousMove))
	fmt.Println(err)
	m, _ := p.ParseMove("e1xe8xh5")
	fmt.Println(p.FormatMove(m, hexdame.Algebraic), m.Captured())
	// Output:
	// true
	// move "e1xh5": ambiguous move: several legal moves match; give the landing cells; candidates: e1xe8xb5xh5, e1xe9xa5xh5; legal: e1xe8xb5xh5, e1xe9xa5xh5, e1xe8xb5xi5, e1xe9xa5xi5
	// e1xe8xb5xh5 {g5 e6 d7}
}

func ExamplePosition_Play() {
	p := hexdame.StartPosition()
	m := p.MustParseMove("d4-e5")
	q, err := p.Play(m)
	fmt.Println(q.String(), err)
	_, err = q.Play(m) // not Red's move
	fmt.Println(errors.Is(err, hexdame.ErrIllegalMove))
	// Output:
	// B:Wa1,a2,a3,a4,b1,b2,b3,b4,c1,c2,c3,c4,d1,d2,d3,e5:Bf6,f7,f8,f9,g6,g7,g8,g9,h6,h7,h8,h9,i6,i7,i8,i9 <nil>
	// true
}

func ExamplePosition_Path() {
	p := hexdame.MustParseFEN("W:WKe5:Bc3,d2,e7")
	m := p.MustParseMove("e5xe8")
	path := p.Path(m)
	fmt.Println(path.Cells(), path, path.Format(hexdame.Numeric))
	// Output:
	// [e5 b2 e2 e8] e5xb2xe2xe8 31x57x46x16
}

func ExampleGame() {
	g := hexdame.NewGameFrom(hexdame.MustParseFEN("W:WKa1:BKi9"))
	for _, s := range []string{"a1-b1", "i9-h9", "b1-a1", "h9-i9", "a1-b1", "i9-h9", "b1-a1", "h9-i9"} {
		m, err := g.Position().ParseMove(s)
		if err == nil {
			err = g.Play(m)
		}
		if err != nil {
			fmt.Println(err)
			return
		}
	}
	fmt.Println(g.Outcome())
	fmt.Println(g.Play(g.Position().MustParseMove("a1-b1")))
	// Output:
	// 1-1 (repetition)
	// game over: the game ended 1-1 (repetition)
}

func ExampleReader() {
	const pdn = `[Event "Club game"]
[White "Ann"]
[Black "Ben"]

1. d4-e5 f6xd4 2. c3xe5 {the exchange} 2-0

[Event "Blunder"]

1. d4-e5 h6-h5 *
`
	r := hexdame.NewReader(strings.NewReader(pdn))
	for {
		g, err := r.ReadGame()
		if err == io.EOF {
			break
		}
		if err != nil {
			fmt.Println(err)
			continue
		}
		white, _ := g.Tag("White")
		fmt.Println(white, g.End().Ply(), g.Outcome())
	}
	// Output:
	// Ann 3 2-0 (resignation)
	// game 2, line 9, column 10: ply 2, move h6-h5: illegal move: capture is compulsory; legal: f6xd4
}

func ExampleWriter() {
	g := hexdame.NewGame()
	for _, s := range []string{"d4-e5", "f6xd4", "c3xe5"} {
		g.Play(g.Position().MustParseMove(s))
	}
	g.SetTag("Event", "Example")
	w := hexdame.NewWriter(os.Stdout)
	w.WriteGame(g, hexdame.Numeric)
	// Output:
	// [Event "Example"]
	// [Site "?"]
	// [Date "????.??.??"]
	// [Round "?"]
	// [White "?"]
	// [Black "?"]
	// [Result "*"]
	// [GameType "42,W,9,9,N2,0"]
	//
	// 1. 40-31 22x40 2. 49x31 *
}

func ExampleRecord_Convert() {
	r := hexdame.NewReader(strings.NewReader(`[FEN "W:WKe1:Ba2,a3,c7,d7,e6,g5"] 1. e1xe8xb5xh5 {only one way} *`))
	rec, _ := r.ReadRecord()
	num, _ := rec.Convert(hexdame.Numeric)
	hexdame.NewWriter(os.Stdout).WriteRecord(num)
	// Output:
	// [FEN "W:WK51:B23,25,26,29,56,59"]
	// [GameType "42,W,9,9,N2,0"]
	//
	// 1. 51x16x43x19 {only one way} *
}
