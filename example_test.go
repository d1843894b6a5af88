package hexdame_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/engine"
)

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

func ExampleStartPosition() {
	p := hexdame.StartPosition()
	fmt.Println(p)
	fmt.Println(p.SideToMove(), "to move,", len(p.LegalMoves()), "legal moves")
	// Output:
	// W:Wa1,a2,a3,a4,b1,b2,b3,b4,c1,c2,c3,c4,d1,d2,d3,d4:Bf6,f7,f8,f9,g6,g7,g8,g9,h6,h7,h8,h9,i6,i7,i8,i9
	// White to move, 15 legal moves
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

func ExamplePosition_Mirror() {
	// The mirror image in the a1-i9 column keeps the colors and the side
	// to move; the color swap turns the board and exchanges them. Both
	// have the same number of legal moves: the rules are symmetric.
	p := hexdame.MustParseFEN("W:Wb1,Kc3:Bh9")
	m, s := p.Mirror(), p.SwapColors()
	fmt.Println(m, len(m.LegalMoves()) == len(p.LegalMoves()))
	fmt.Println(s, len(s.LegalMoves()) == len(p.LegalMoves()))
	// Output:
	// W:Wa2,Kc3:Bi8 true
	// B:Wb1:BKg7,h9 true
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

func ExamplePosition_Path() {
	p := hexdame.MustParseFEN("W:WKe5:Bc3,d2,e7")
	m := p.MustParseMove("e5xe8")
	path := p.Path(m)
	fmt.Println(path.Cells(), path, path.Format(hexdame.Numeric))
	// Output:
	// [e5 b2 e2 e8] e5xb2xe2xe8 31x57x46x16
}

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

// moveRequest is what a client sends: the position and a move, as a Move
// object or as text, and, to play against the server, the level of its
// bot (1 to 10).
type moveRequest struct {
	Position hexdame.Position `json:"position"`
	Move     *hexdame.Move    `json:"move,omitempty"`
	Text     string           `json:"text,omitempty"`
	Bot      int              `json:"bot,omitempty"`
}

// moveResponse is what the server answers: with a bot, its reply and the
// position after it.
type moveResponse struct {
	Position hexdame.Position `json:"position"`
	Reply    *hexdame.Move    `json:"reply,omitempty"`
	Legal    []hexdame.Move   `json:"legal"`
	Outcome  hexdame.Outcome  `json:"outcome"`
	Error    string           `json:"error,omitempty"`
}

// bots holds an engine for each level, made when first asked for. An
// engine searches for one request at a time; the levels play side by side.
var bots struct {
	sync.Mutex
	level [engine.MaxLevel + 1]*engine.Engine
}

// bot returns the engine of a level from 1 to 10, or nil for another
// level.
func bot(level int) *engine.Engine {
	if level < 1 || level > engine.MaxLevel {
		return nil
	}
	bots.Lock()
	defer bots.Unlock()
	if bots.level[level] == nil {
		bots.level[level], _ = engine.New(engine.Options{Level: level, HashMiB: 16})
	}
	return bots.level[level]
}

// playHandler plays a move sent as JSON and answers with the position
// reached, its legal moves and the outcome. Everything a client sends is
// checked: a bad FEN or move object fails to decode, an illegal move fails
// Play. With a bot, the server answers the move with its own, searched for
// at most a tenth of a second.
func playHandler(w http.ResponseWriter, r *http.Request) {
	var req moveRequest
	dec := json.NewDecoder(io.LimitReader(r.Body, 1<<16))
	if err := dec.Decode(&req); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	p := req.Position
	var err error
	switch {
	case req.Move != nil:
		p, err = p.Play(*req.Move)
	default:
		var m hexdame.Move
		if m, err = p.ParseMove(req.Text); err == nil {
			p, err = p.Play(m)
		}
	}
	var reply *hexdame.Move
	if e := bot(req.Bot); err == nil && e != nil && p.CountLegalMoves() > 0 {
		res, err := e.Search(r.Context(), p, engine.SearchOptions{Limits: engine.Limits{MoveTime: 100 * time.Millisecond}})
		if err == nil {
			reply = &res.Move
			p, _ = p.Play(res.Move)
		}
	}
	resp := moveResponse{Position: p, Reply: reply, Legal: p.LegalMoves(), Outcome: hexdame.NewGameFrom(p).Outcome()}
	status := http.StatusOK
	var me *hexdame.MoveError
	if errors.As(err, &me) {
		status, resp.Error = http.StatusUnprocessableEntity, me.Detail()
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(resp)
}

func Example_server() {
	server := httptest.NewServer(http.HandlerFunc(playHandler))
	defer server.Close()
	for _, body := range []string{
		`{"position":"W:Wc3:Bd4,f5,h8","text":"c3xg5"}`,
		`{"position":"W:Wc3:Bd4,f5,h8","move":{"from":"c3","to":"c4","captured":[],"king":false,"promotes":false}}`,
		`{"position":"W:Wc3:Bz9","text":"c3-c4"}`,
		// Against the bot of level 5: its man on f6 must take.
		`{"position":"W:Wd4:Bf6,i9","text":"d4-e5","bot":5}`,
	} {
		resp, err := http.Post(server.URL, "application/json", strings.NewReader(body))
		if err != nil {
			fmt.Println(err)
			return
		}
		answer, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		fmt.Print(resp.StatusCode, " ", string(answer))
	}
	// Output:
	// 200 {"position":"B:Wg5:Bh8","legal":[{"from":"h8","to":"g8","captured":[]},{"from":"h8","to":"h7","captured":[]},{"from":"h8","to":"g7","captured":[]}],"outcome":{"result":"*","reason":"not over"}}
	// 422 {"position":"W:Wc3:Bd4,f5,h8","legal":[{"from":"c3","to":"g5","captured":["d4","f5"]}],"outcome":{"result":"*","reason":"not over"},"error":"illegal move: not a legal move in this position; legal: c3xg5"}
	// 400 invalid FEN "W:Wc3:Bz9" at column 8: invalid cell "z9"
	// 200 {"position":"W:W:Bd4,i9","reply":{"from":"f6","to":"d4","captured":["e5"]},"legal":[],"outcome":{"result":"0-2","reason":"no legal move"}}
}

// Example_archive checks the games of a PDN archive and says where each
// bad one breaks, keeping the legal part of it.
func Example_archive() {
	const archive = `[Event "Club 1"]
1. d4-e5 f6xd4 2. c3xe5 2-0

[Event "Club 2"]
1. d4-e5 f6xd4 2. c3xe5 h6-h5 3. e5xg5 (3. e5-f6) *

[Event "Club 3"]
[FEN "W:Wa6"]
1. a6-a7 *
`
	r := hexdame.NewReader(strings.NewReader(archive))
	for {
		g, err := r.ReadGame()
		if err == io.EOF {
			break
		}
		if err == nil {
			event, _ := g.Tag("Event")
			fmt.Printf("%s: %d plies, %v\n", event, g.End().Ply(), g.Outcome())
			continue
		}
		for _, pe := range hexdame.ParseErrors(err) {
			fmt.Printf("game %d breaks at line %d, column %d: %s\n", pe.Game, pe.Line, pe.Column, pe.Detail())
		}
		if g != nil {
			fmt.Printf("  its legal part: %d plies, %v\n", g.End().Ply(), g.Moves())
		}
	}
	// Output:
	// Club 1: 3 plies, 2-0 (resignation)
	// game 2 breaks at line 5, column 34: ply 5, move e5xg5: illegal move: the piece on e5 cannot move to g5; legal: a4-a5, a4-b5, b2-c3, b3-c3, b4-b5, b4-c5, c2-c3, c4-c5, c4-d4, c4-d5, d1-e1, d1-e2, d2-e2, d2-e3, d3-d4, d3-e3, d3-e4, e5-e6, e5-f5, e5-f6
	//   its legal part: 4 plies, [d4-e5 f6xd4 c3xe5 h6-h5]
	// game 3 breaks at line 8, column 1: invalid FEN "W:Wa6" at column 4: invalid cell "a6"
}
