package hub

import (
	"context"
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
	if line := (Search{Position: res.Game.Positions()[0], Moves: res.Game.Moves()[:res.Plies-1]}).posCommand().String(); len(line) > maxPosLine {
		t.Errorf("a pos line of %d bytes was sent", len(line))
	}
}
