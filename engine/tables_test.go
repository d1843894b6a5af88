package engine

import (
	"context"
	"testing"

	"github.com/hexdame/hexdame"
)

// A hook that does not agree with itself, or gives absurd distances,
// cannot make the search fail: the scores stay wins or losses within
// range, the line ends, the move is legal. (Package endgame's tests check
// the engine with real tables.)
func TestEndgameHookHostile(t *testing.T) {
	p := hexdame.MustParseFEN("W:WKe5,Kd4:BKb1")
	for _, tc := range []struct {
		name   string
		result int
		plies  int
	}{
		{"win in a billion", 1, 1 << 30},
		{"loss in a negative number", -1, -5},
		{"every position a win in 3", 1, 3},
		{"every position a loss in 2", -1, 2},
		{"a result of 7", 7, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e, err := New(Options{HashMiB: 1, EndgamePieces: 3, Endgame: func(hexdame.Position) (int, int, bool) {
				return tc.result, tc.plies, true
			}})
			if err != nil {
				t.Fatal(err)
			}
			res, err := e.Search(context.Background(), p, SearchOptions{Limits: Limits{Depth: 5}})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := p.Play(res.Move); err != nil {
				t.Fatalf("move %v: %v", res.Move, err)
			}
			_, win := res.Score.IsWin()
			_, loss := res.Score.IsLoss()
			if !win && !loss || res.Depth != 1 || len(res.PV) > maxTablePlies+1 {
				t.Fatalf("score %v, depth %d, line of %d plies", res.Score, res.Depth, len(res.PV))
			}
		})
	}
}

func TestTableScore(t *testing.T) {
	for _, tc := range []struct {
		result, plies, ply int
		want               Score
	}{
		{1, 7, 0, WinScore - 7},
		{1, 7, 3, WinScore - 10},
		{-1, 0, 2, -WinScore + 2},
		{-1, 8, 1, -WinScore + 9},
		{0, 9, 4, 0},
		{1, -3, 0, WinScore},
		{1, 1 << 40, 10, WinScore - maxTablePlies - 10},
	} {
		if got := Score(tableScore(tc.result, tc.plies, tc.ply)); got != tc.want {
			t.Errorf("tableScore(%d, %d, %d) = %v, want %v", tc.result, tc.plies, tc.ply, got, tc.want)
		}
	}
}
