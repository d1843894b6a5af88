package engine

import (
	"time"

	"github.com/hexdame/hexdame"
)

// An Analysis is what a search found. It marshals to JSON with lowercase
// keys: the moves as the rules package's Move objects, the scores as
// their text ("+0.75", "win 7") and the time in nanoseconds.
type Analysis struct {
	// Move is the best move, Score its value for the side to move, and PV
	// the principal variation: the line the search expects, Move first.
	Move  hexdame.Move   `json:"move"`
	Score Score          `json:"score"`
	PV    []hexdame.Move `json:"pv"`
	// Lines are the best moves searched with exact scores, best first:
	// one line, or as many as SearchOptions.MultiPV asked (as many as
	// there are legal moves at most). Lines[0] is Move, Score and PV.
	Lines []Line `json:"lines"`
	// Depth is the last completed iteration, SelDepth the deepest ply
	// reached in it; Nodes counts the positions visited by all threads,
	// and Time is the time since the search began.
	Depth    int           `json:"depth"`
	SelDepth int           `json:"seldepth"`
	Nodes    uint64        `json:"nodes"`
	Time     time.Duration `json:"time"`
}

// A Line is a move with its score and principal variation (PV[0] is
// Move). It marshals to JSON as an Analysis does.
type Line struct {
	Move  hexdame.Move   `json:"move"`
	Score Score          `json:"score"`
	PV    []hexdame.Move `json:"pv"`
}

// NodesPerSecond returns the search's speed.
func (r Analysis) NodesPerSecond() float64 {
	if r.Time <= 0 {
		return 0
	}
	return float64(r.Nodes) / r.Time.Seconds()
}
