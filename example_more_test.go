package hexdame_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/hexdame/hexdame"
)

func ExamplePosition_PlayUnchecked() {
	// An engine plays the moves the generator gave it without checking
	// them again.
	p := hexdame.StartPosition()
	var buf []hexdame.Move
	for range 3 {
		buf = p.AppendLegalMoves(buf[:0])
		p = p.PlayUnchecked(buf[len(buf)-1])
	}
	fmt.Println(p)
	// Output:
	// B:Wa1,a2,a3,a4,b1,b2,b3,b4,c1,c2,c3,c4,d2,d3,d4,f3:Bf6,f7,f8,f9,g6,g7,g8,g9,h5,h6,h7,h8,h9,i7,i8,i9
}

func ExamplePosition_FormatMove() {
	p := hexdame.MustParseFEN("W:WKe1:Ba2,a3,c7,d7,e6,g5")
	for _, m := range p.LegalMoves() {
		// The PDN form names the turning cells only when two captures
		// share start and end; the path form names every landing cell.
		fmt.Println(p.FormatMove(m, hexdame.Algebraic), p.FormatMove(m, hexdame.Numeric), p.Path(m).Format(hexdame.Algebraic))
	}
	q := hexdame.MustParseFEN("W:Wc3:Bd4,f5,h8")
	m := q.MustParseMove("c3xg5")
	fmt.Println(q.FormatMove(m, hexdame.Algebraic), q.Path(m).Format(hexdame.Algebraic))
	// Output:
	// e1xe8xb5xh5 51x16x43x19 e1xe8xb5xh5
	// e1xe8xb5xi5 51x16x43x15 e1xe8xb5xi5
	// e1xe9xa5xh5 51x11x47x19 e1xe9xa5xh5
	// e1xe9xa5xi5 51x11x47x15 e1xe9xa5xi5
	// c3xg5 c3xe5xg5
}

func ExamplePosition_String() {
	p := hexdame.MustParseFEN("B:W40,44-45:BK1,2") // numeric cells
	fmt.Println(p.String())
	text, _ := p.MarshalText() // as JSON writes a Position
	fmt.Println(string(text))
	// Output:
	// B:Wc4,d3,d4:Bh9,Ki9
	// B:Wc4,d3,d4:Bh9,Ki9
}

func ExamplePosition_WithPiece() {
	// Positions are values: WithPiece returns a changed copy.
	empty := hexdame.Position{}
	p := empty.WithPiece(hexdame.MustParseCell("e5"), hexdame.WhiteKing).
		WithPiece(hexdame.MustParseCell("g7"), hexdame.RedMan).
		WithSideToMove(hexdame.Red)
	fmt.Println(p, empty)
	fmt.Println(p.Piece(hexdame.MustParseCell("e5")), p.Men(hexdame.White).Len(), p.Kings(hexdame.White).Len())
	// Output:
	// B:WKe5:Bg7 W:W:B
	// W 0 1
}

// A king looks along its rays for the first piece it meets: along
// White's forward directions the lowest occupied cell of the ray, along
// Red's the highest.
func ExampleCell_Ray() {
	p := hexdame.MustParseFEN("W:WKc3,a1:Be5,g7")
	occupied := p.Pieces(hexdame.White) | p.Pieces(hexdame.Red)
	king := hexdame.MustParseCell("c3")
	for d := range hexdame.Direction(hexdame.NumDirections) {
		ray := king.Ray(d)
		met := slices.Collect((ray & occupied).All())
		if len(met) == 0 {
			fmt.Println(d, ray)
			continue
		}
		first := met[0]
		if !d.IsForward(hexdame.White) {
			first = met[len(met)-1]
		}
		fmt.Println(d, ray, "meets", first)
	}
	// Output:
	// up-right {d3 e3 f3 g3}
	// up-left {c4 c5 c6 c7}
	// up {d4 e5 f6 g7 h8 i9} meets e5
	// down-left {a3 b3}
	// down-right {c1 c2}
	// down {a1 b2} meets a1
}

func ExampleCellAt() {
	c, ok := hexdame.CellAt(4, 4) // file e, rank 5
	fmt.Println(c, c.Number(), ok)
	_, ok = hexdame.CellAt(0, 5) // a6 is not on the board
	fmt.Println(ok)
	c, _ = hexdame.CellFromNumber(1)
	fmt.Println(c)
	up, _ := c.Neighbor(hexdame.DownLeft)
	_, ok = c.Neighbor(hexdame.UpRight) // off the board
	fmt.Println(up, ok)
	// Output:
	// e5 31 true
	// false
	// i9
	// h9 false
}

func ExampleMoveError() {
	p := hexdame.StartPosition()
	_, err := p.ParseMove("d4-e6")
	var me *hexdame.MoveError
	if errors.As(err, &me) {
		fmt.Println(me.Why)
		fmt.Println(len(me.Candidates), "candidates")
	}
	fmt.Println(errors.Is(err, hexdame.ErrIllegalMove))
	_, err = p.ParseMove("d4-q5")
	fmt.Println(err)
	fmt.Println(errors.Is(err, hexdame.ErrSyntax), errors.Is(err, hexdame.ErrIllegalMove))
	// Output:
	// the piece on d4 cannot move to e6
	// 0 candidates
	// true
	// move "d4-q5": invalid move syntax: no cell "q5"
	// true false
}

func ExampleParseError() {
	r := hexdame.NewReader(strings.NewReader("[Event \"x\"]\n\n1. d4-e5 f6-f5 *\n"))
	_, err := r.ReadGame()
	var pe *hexdame.ParseError
	if errors.As(err, &pe) {
		fmt.Println(pe.Game, pe.Line, pe.Column, pe.Ply, pe.Move)
		fmt.Println(pe.Detail())
	}
	// Output:
	// 1 3 10 2 f6-f5
	// ply 2, move f6-f5: illegal move: capture is compulsory; legal: f6xd4
}

func ExampleParseResult() {
	for _, s := range []string{"2-0", "1/2-1/2", "0-1", "*", "3-1"} {
		r, err := hexdame.ParseResult(s)
		fmt.Println(r, err)
	}
	// Output:
	// 2-0 <nil>
	// 1-1 <nil>
	// 0-2 <nil>
	// * <nil>
	// * invalid result "3-1"
}

func ExampleGame_Undo() {
	g := hexdame.NewGame()
	for _, s := range []string{"d4-e5", "f6xd4"} {
		g.Play(g.Position().MustParseMove(s))
	}
	g.Undo()
	fmt.Println(g.End().Ply(), g.Moves())
	g.Play(g.Position().MustParseMove("f6xd4"))
	if err := g.SetResult(hexdame.WhiteWins); err != nil {
		fmt.Println(err)
	}
	fmt.Println(g.Outcome())
	// Output:
	// 1 [d4-e5]
	// 2-0 (resignation)
}

func ExampleGame_Clone() {
	// Try a line out on a copy: the game itself stays as it was.
	g := hexdame.NewGame()
	g.Play(g.Position().MustParseMove("d4-e5"))
	try := g.Clone()
	try.Play(try.Position().MustParseMove("f6xd4"))
	try.SetTag("Annotator", "trial")
	fmt.Println(g.End().Ply(), g.Moves(), try.End().Ply(), try.Moves())
	_, tagged := g.Tag("Annotator")
	fmt.Println(tagged)
	// Output:
	// 1 [d4-e5] 2 [d4-e5 f6xd4]
	// false
}

func ExamplePosition_Mirror() {
	// The mirror image in the a1-i9 column keeps the colours and the side
	// to move; the colour swap turns the board and exchanges them. Both
	// have the same number of legal moves: the rules are symmetric.
	p := hexdame.MustParseFEN("W:Wb1,Kc3:Bh9")
	m, s := p.Mirror(), p.SwapColors()
	fmt.Println(m, len(m.LegalMoves()) == len(p.LegalMoves()))
	fmt.Println(s, len(s.LegalMoves()) == len(p.LegalMoves()))
	// Output:
	// W:Wa2,Kc3:Bi8 true
	// B:Wb1:BKg7,h9 true
}

func ExampleGame_Movetext() {
	r := hexdame.NewReader(strings.NewReader("1. d4-e5 {the main move} $1 (1. c4-c5 i6-h5) f6xd4 *"))
	g, _ := r.ReadGame()
	for it := range g.Movetext(hexdame.Numeric) {
		switch it.Kind {
		case hexdame.MoveElement:
			fmt.Printf("%d: %s %s (ply %d)\n", it.Depth, it.Number, it.Text, it.Node.Ply())
		case hexdame.VariationElement:
			fmt.Printf("%d: a variation\n", it.Depth)
		case hexdame.CommentElement:
			fmt.Printf("%d: {%s}\n", it.Depth, it.Text)
		case hexdame.NAGElement:
			fmt.Printf("%d: $%d\n", it.Depth, it.NAG)
		}
	}
	// Output:
	// 0: 1. 40-31 (ply 1)
	// 0: {the main move}
	// 0: $1
	// 0: a variation
	// 1: 1. 44-39 (ply 1)
	// 1:  10-19 (ply 2)
	// 0: 1... 22x40 (ply 2)
}

func ExampleGame_SetDrawRules() {
	// Two kings shuffle: with the International 25-move rule (here 2 moves
	// each) the game is drawn; Freeling's rules alone would go on.
	g := hexdame.NewGameFrom(hexdame.MustParseFEN("W:WKa1:BKi9"))
	g.SetDrawRules(hexdame.DrawRules{KingMoves: 2})
	for _, s := range []string{"a1-b1", "i9-h9", "b1-c1", "h9-g9"} {
		g.Play(g.Position().MustParseMove(s))
	}
	fmt.Println(g.Outcome())
	// Output:
	// 1-1 (king-move rule)
}

func ExampleNode() {
	// Read a game with a variation, walk its tree, add a variation, and
	// write it back.
	r := hexdame.NewReader(strings.NewReader("1. d4-e5 {the main move} (1. c4-c5 i6-h5) f6xd4 *"))
	g, err := r.ReadGame()
	if err != nil {
		fmt.Println(err)
		return
	}
	root := g.Root()
	for _, n := range root.Children() {
		fmt.Printf("%v %v %q\n", n.Move(), n == root.Next(), n.Comment())
	}
	alt := root.Children()[1]
	fmt.Println(alt.Next().Move(), alt.Next().Parent().Position())
	after := root.Next().Position()
	_, err = after.ParseMove("h6-h5")
	fmt.Println(err) // not legal: capture is compulsory
	n, _ := root.AddMove(root.Position().MustParseMove("b4-b5"))
	n.SetComment("another try")
	for it := range g.Movetext(hexdame.Algebraic) {
		if it.Kind == hexdame.MoveElement {
			fmt.Print(it.Depth, ":", it.Number, it.Text, " ")
		}
	}
	fmt.Println()
	// Output:
	// d4-e5 true "the main move"
	// c4-c5 false ""
	// i6-h5 B:Wa1,a2,a3,a4,b1,b2,b3,b4,c1,c2,c3,c5,d1,d2,d3,d4:Bf6,f7,f8,f9,g6,g7,g8,g9,h6,h7,h8,h9,i6,i7,i8,i9
	// move "h6-h5": illegal move: capture is compulsory; legal: f6xd4
	// 0:1.d4-e5 1:1.c4-c5 1:i6-h5 1:1.b4-b5 0:1...f6xd4
}

func ExampleNode_PromoteToMain() {
	r := hexdame.NewReader(strings.NewReader("1. d4-e5 (1. c4-c5 i6-h5) f6xd4 *"))
	g, _ := r.ReadGame()
	g.Root().Children()[1].Next().PromoteToMain()
	fmt.Println(g.Moves(), g.Position().SideToMove())
	// Output:
	// [c4-c5 i6-h5] White
}

func ExampleReader_ReadGame() {
	const pdn = `[Event "One"] 1. d4-e5 f6xd4 2-0
[Event "Two"] 1. d4-e5 f6-f5 2. c3-c4 *
[Event "Three" 1. d4-e5 *`
	r := hexdame.NewReader(strings.NewReader(pdn))
	for {
		g, err := r.ReadGame()
		if err == io.EOF {
			break
		}
		if err != nil {
			// A game with problems comes with its legal part, when its
			// text could be read: g is nil for text that is not PDN.
			if g != nil {
				event, _ := g.Tag("Event")
				fmt.Printf("%s breaks after ply %d: %v\n", event, g.End().Ply(), err)
			} else {
				fmt.Println(err)
			}
			continue
		}
		event, _ := g.Tag("Event")
		fmt.Println(event, g.Outcome())
	}
	// Output:
	// One 2-0 (resignation)
	// Two breaks after ply 1: game 2, line 2, column 24: ply 2, move f6-f5: illegal move: capture is compulsory; legal: f6xd4
	// game 3, line 3, column 16: invalid PDN: tag Event must end with ]
}

func ExampleReader_ReadRecord() {
	r := hexdame.NewReader(strings.NewReader("[Event \"x\"] 1. d4-e5! $1 {good} (1. c4-c5) *"))
	rec, _ := r.ReadRecord()
	for it := range rec.Movetext() {
		fmt.Println(it.Depth, it.Kind, it.Number, it.Text, it.Strength, it.NAG)
	}
	// Output:
	// 0 move 1. d4-e5 ! 0
	// 0 NAG    1
	// 0 comment  good  0
	// 0 variation    0
	// 1 move 1. c4-c5  0
}

func ExampleParseErrors() {
	// A server checks uploads: every independent problem of a game, each
	// with its place.
	const pdn = "1. d4-e5 f6xd4 *\n1. d4-e5 (1. d4-d6) f6xd4 2. a1-a2 *"
	r := hexdame.NewReader(strings.NewReader(pdn))
	for {
		_, err := r.ReadGame()
		if err == io.EOF {
			break
		}
		if err == nil {
			fmt.Println("valid")
			continue
		}
		for _, pe := range hexdame.ParseErrors(err) {
			fmt.Printf("game %d, line %d, column %d: %s\n", pe.Game, pe.Line, pe.Column, pe.Move)
		}
	}
	// Output:
	// valid
	// game 2, line 2, column 14: d4-d6
	// game 2, line 2, column 30: a1-a2
}

func ExampleRecord_Replay() {
	rec := &hexdame.Record{
		Tags: []hexdame.Tag{{Name: "FEN", Value: "W:Wc3:Bd3,f4,g6,f7,d6,c4"}},
		Body: []hexdame.Element{{Kind: hexdame.MoveElement, Text: "c3xc3"}},
	}
	g, err := rec.Replay()
	fmt.Println(g.Outcome(), err, g.Moves()[0].Captured().Len())
	// Output:
	// 2-0 (no legal move) <nil> 6
}

func ExampleMove_MarshalJSON() {
	p := hexdame.MustParseFEN("W:Wc3:Bd4,f5,h8")
	m := p.MustParseMove("c3xg5")
	data, _ := json.Marshal(m)
	fmt.Println(string(data))
	var back hexdame.Move
	json.Unmarshal(data, &back)
	fmt.Println(back == m)
	data, _ = json.Marshal(struct {
		Position hexdame.Position
		Outcome  hexdame.Outcome
	}{p, hexdame.Outcome{Result: hexdame.WhiteWins, Reason: hexdame.NoLegalMove}})
	fmt.Println(string(data))
	// Output:
	// {"from":"c3","to":"g5","captured":["d4","f5"]}
	// true
	// {"Position":"W:Wc3:Bd4,f5,h8","Outcome":{"result":"2-0","reason":"no legal move"}}
}
