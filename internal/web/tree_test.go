package web

import (
	"strconv"
	"strings"
	"testing"

	"github.com/hexdame/hexdame"
)

// Moves are numbered as the PDN standard numbers them, as PGN's section
// 8.2.2.2 does: a Red move has its number after anything between it and
// the White move before it, a NAG as well as a comment; but not after a
// comment that held an evaluation alone, which the page leaves out (its
// graph shows it), as after every move of a review.
func TestMovetextNumbers(t *testing.T) {
	for _, tc := range []struct{ pdn, want string }{
		{"1. d4-e5 f6xd4 2. c3xe5 *", "1. d4-e5 f6xd4 2. c3xe5"},
		{"1. d4-e5 $1 f6xd4 *", "1. d4-e5 $1 1... f6xd4"},
		{"1. d4-e5 {good} f6xd4 *", "1. d4-e5 {good} 1... f6xd4"},
		{"1. d4-e5 (1. c4-c5) f6xd4 *", "1. d4-e5 ( 1. c4-c5 ) 1... f6xd4"},
		{"1. d4-e5 (1. c4-c5 $2 i6-h5) f6xd4 2. c3xe5 $4 {why} h6-h5 *", "1. d4-e5 ( 1. c4-c5 $2 1... i6-h5 ) 1... f6xd4 2. c3xe5 $4 {why} 2... h6-h5"},
		{"1. d4-e5 /FEN \"B:WKa1:BKi9\"/ 1... i9-h9 2. a1-a2 *", "1. d4-e5 [B:WKa1:BKi9] 1... i9-h9 2. a1-a2"},
		{"[FEN \"B:WKa1:BKi9\"]\n\n1... i9-h9 $3 2. a1-a2 $1 h9-g9 *", "1... i9-h9 $3 2. a1-a2 $1 2... h9-g9"},
		{"1. d4-e5 {[%eval +0.10]} f6xd4 {[%eval -0.20]} 2. c3xe5 *", "1. d4-e5 f6xd4 2. c3xe5"},
		{"1. d4-e5 {good [%eval +0.10]} f6xd4 *", "1. d4-e5 {good} 1... f6xd4"},
		{"1. d4-e5 {[%eval +0.10]} $1 f6xd4 *", "1. d4-e5 $1 1... f6xd4"},
		{"1. d4-e5 {[%eval +0.10]} (1. c4-c5) f6xd4 *", "1. d4-e5 ( 1. c4-c5 ) 1... f6xd4"},
	} {
		g, err := hexdame.NewReader(strings.NewReader(tc.pdn)).ReadGame()
		if err != nil {
			t.Fatalf("%q: %v", tc.pdn, err)
		}
		var parts []string
		movetext(g, hexdame.Algebraic, func(it *Item) {
			switch it.Kind {
			case "m":
				parts = append(parts, it.Text)
			case "(", ")":
				parts = append(parts, it.Kind)
			case "s":
				parts = append(parts, "["+it.Text+"]")
			case "c":
				parts = append(parts, "{"+it.Text+"}")
			case "n":
				parts = append(parts, "$"+strconv.Itoa(it.NAG))
			}
		})
		if got := strings.Join(parts, " "); got != tc.want {
			t.Errorf("%q: %q, want %q", tc.pdn, got, tc.want)
		}
	}
}
