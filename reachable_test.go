package hexdame

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// Tests of reachable.go: Position.CheckReachable. A record's FEN tag and
// setups are held to it by replay.go (TestRecordSetupsMustBeReachable,
// replay_test.go).

func TestCheckReachable(t *testing.T) {
	for _, tc := range []struct {
		fen  string
		want string // in the error; "" for a position that passes
	}{
		{StartPosition().String(), ""},
		{"W:W:B", ""},
		{"B:WKe9,Ki9:BKa1", ""},                    // kings on the crowning rows
		{"W:Wa5,b1:Be9,i5", ""},                    // each man on the other side's crowning row
		{"W:Wi5:Bi9", "a White man stands on i5"},  // file i crowns White
		{"B:We9:BKi9", "a White man stands on e9"}, // rank 9 crowns White
		{"W:Wa1:Ba5", "a Red man stands on a5"},    // file a crowns Red
		{"W:Wd4:Bc1", "a Red man stands on c1"},    // rank 1 crowns Red
		{"W:W1-17:BKa1", "White has 17 pieces"},    // numeric range: cells 1 to 17
		{"W:W:BK1-17", "Red has 17 pieces"},        // kings count too
		{"W:WK1-16:BK30-45", ""},
	} {
		p, err := ParseFEN(tc.fen)
		if err != nil {
			t.Fatalf("%s: %v", tc.fen, err)
		}
		err = p.CheckReachable()
		if tc.want == "" {
			if err != nil {
				t.Errorf("%s: %v", tc.fen, err)
			}
			continue
		}
		if !errors.Is(err, ErrUnreachable) || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "unreachable position: ") {
			t.Errorf("%s: %v; want an error wrapping ErrUnreachable saying %q", tc.fen, err, tc.want)
		}
	}
}

// Every position of a game played from the start passes.
func TestPropertyGamesStayReachable(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		g := randomGame(rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "seed"), 3)), 400)
		for _, p := range mainPositions(g) {
			if err := p.CheckReachable(); err != nil {
				t.Fatalf("%s: %v", p.String(), err)
			}
		}
	})
}
