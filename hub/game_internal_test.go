package hub

import (
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/hexdame/hexdame"
)

// A game whose moves since the last capture or man move no longer fit in
// a pos line ends in a draw, rather than in a line the engine cannot read
// (which would make it lose without a move).
func TestPlayGamePosLineTooLong(t *testing.T) {
	defer func(n int) { maxPosLine = n }(maxPosLine)
	maxPosLine = 80 // the position alone takes 70 bytes, a move 6 more
	var clients [2]*Client
	for i := range clients {
		inR, inW := io.Pipe()
		outR, outW := io.Pipe()
		go func() {
			Serve(context.Background(), inR, outW, NewRandomMover(uint64(i+1)))
			outW.Close()
		}()
		c, err := Connect(context.Background(), outR, inW, ClientOptions{})
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		clients[i] = c
	}
	res, err := PlayGame(context.Background(), clients[0], clients[1], GameOptions{
		Start: hexdame.MustParseFEN("W:WK61:BK1"), MoveTime: 30 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if res.Result != hexdame.Draw || res.Reason != Adjudication || !strings.Contains(res.Detail, "more than a Hub line holds") {
		t.Fatalf("%v %v %q after %d plies", res.Result, res.Reason, res.Detail, res.Plies)
	}
	// The moves sent fit: each is at most 6 bytes with its space.
	if line := (Search{Position: res.Game.Root().Position(), Moves: res.Game.Moves()[:res.Plies-1]}).posCommand().String(); len(line) > maxPosLine {
		t.Errorf("a pos line of %d bytes was sent", len(line))
	}
}

// Each Reason's Go name is its word in CamelCase ("time-forfeit",
// TimeForfeit), so that the two never drift apart.
func TestReasonNamesFollowTheirWords(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "game.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		for _, s := range g.Specs {
			for _, id := range s.(*ast.ValueSpec).Names {
				want := ""
				for _, part := range strings.Split(reasonNames[n], "-") {
					want += strings.ToUpper(part[:1]) + part[1:]
				}
				if id.Name != want {
					t.Errorf("Reason %d is called %s, but its word is %q: want %s", n, id.Name, reasonNames[n], want)
				}
				n++
			}
		}
	}
	if n != len(reasonNames) {
		t.Errorf("%d constants, %d words", n, len(reasonNames))
	}
}
