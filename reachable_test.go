package hexdame

import (
	"errors"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

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

// A record whose FEN tag or setup puts a position no game reaches is a
// problem of the game, located, found alike by ReadGame and CheckGame,
// and costs no move generation of that position.
func TestRecordSetupsMustBeReachable(t *testing.T) {
	climb30 := "W:WKa5,Ke7,Kf9,Ki5,Ki9:BKa2,Kb2,Kb5,c1,Kc2,Kc3,c4,Kc5,Kc7,d2,Kd6,Ke3,Ke5,Ke8,Ke9,Kf2,Kf3,Kf4,f5,Kf6,Kf7,Kg5,Kg7,Kg9,Kh5,Kh6,Kh7,Kh8,i7"
	for _, tc := range []struct {
		pdn       string
		line, col int
		want      string
	}{
		{"[FEN \"" + climb30 + "\"]\n\n1. a5xa1 *", 1, 1, "Red has 29 pieces"},
		{"[Event \"x\"]\n[FEN \"W:Wi5:Bi9\"]\n\n1. i5-i6 *", 2, 1, "a White man stands on i5"},
		{"1. d4-e5 /FEN \"B:Wd4:Ba4\"/ 1... a4-a3 *", 1, 10, "a Red man stands on a4"},
		{"1. d4-e5 (/FEN \"W:WK1-17:BKa1\"/ 1. e9-e8) f6xd4 *", 1, 11, "White has 17 pieces"},
	} {
		g, readErr := NewReader(strings.NewReader(tc.pdn)).ReadGame()
		checkErr := NewReader(strings.NewReader(tc.pdn)).CheckGame()
		for name, err := range map[string]error{"ReadGame": readErr, "CheckGame": checkErr} {
			var pe *ParseError
			if !errors.As(err, &pe) || !errors.Is(err, ErrSyntax) || !errors.Is(err, ErrUnreachable) ||
				pe.Game != 1 || pe.Line != tc.line || pe.Column != tc.col || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("%q: %s: %v; want an error at %d:%d wrapping ErrInvalidPDN and ErrUnreachable saying %q", tc.pdn, name, err, tc.line, tc.col, tc.want)
			}
		}
		if strings.HasPrefix(tc.pdn, "[") && g != nil {
			t.Errorf("%q: a game from an unreachable FEN tag: %v", tc.pdn, g.Root().Position().String())
		}
		if w := searchWork(func() { NewReader(strings.NewReader(tc.pdn)).CheckGame() }); w > 1000 {
			t.Errorf("%q: checking it visited %d capture-search states", tc.pdn, w)
		}
	}
	// What ReadGame refuses, WriteGame does not write.
	for _, fen := range []string{climb30, "W:Wi5:Bi9"} {
		var buf strings.Builder
		err := NewWriter(&buf).WriteGame(NewGameFrom(MustParseFEN(fen)), Algebraic)
		if !errors.Is(err, ErrInvalid) || buf.Len() != 0 {
			t.Errorf("WriteGame from %s: %v, wrote %q", fen, err, buf.String())
		}
	}
	g := NewGame()
	g.reset(MustParseFEN("W:WK1-17:BKa1"))
	if err := NewWriter(io.Discard).WriteGame(g, Algebraic); !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), "White has 17 pieces") {
		t.Errorf("WriteGame with an unreachable setup: %v", err)
	}
}
