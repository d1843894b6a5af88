package diagram

import (
	"slices"
	"strconv"
	"strings"

	"github.com/hexdame/hexdame"
)

// Text returns a diagram of the position as text, in the layout of the
// standard diagram (White at the bottom, one text row per horizontal row
// of the hexagon; w and W for White's men and kings, r and R for Red's, .
// for an empty cell), followed by a line saying who is to move. It draws
// as o.Flip and o.Coordinates ask: with Coordinates, each file's letter is
// written beyond its lowest cell and each rank's number beyond its lowest
// cell, as on a board's edge; with Flip, Red is at the bottom. The other
// fields of Options are for pictures, and Text ignores them.
func Text(p hexdame.Position, o Options) string {
	var b strings.Builder
	b.Grow(22 * 20)
	writeText(&b, func(c hexdame.Cell) string { return p.Piece(c).String() }, o)
	b.WriteString(p.SideToMove().String())
	b.WriteString(" to move\n")
	return b.String()
}

// writeText writes the rows of the hexagon, top first, each cell's
// label (one or two characters) centered where the standard diagram puts
// it: row f+r, column 17+3(f-r). With coordinates it also writes the
// labels of the files and ranks, one step off the board.
func writeText(b *strings.Builder, label func(hexdame.Cell) string, o Options) {
	type mark struct {
		x    int
		text string
	}
	rows := map[int][]mark{} // by f+r, each in increasing x
	put := func(f, r int, text string) {
		if o.Flip {
			f, r = 8-f, 8-r
		}
		rows[f+r] = append(rows[f+r], mark{f - r, text})
	}
	for c := hexdame.Cell(1); c <= hexdame.NumCells; c++ {
		put(c.File(), c.Rank(), label(c))
	}
	top, bottom := 16, 0
	if o.Coordinates {
		for f := 0; f < 9; f++ {
			put(f, max(0, f-4)-1, string(rune('a'+f)))
		}
		for r := 0; r < 9; r++ {
			put(max(0, r-4)-1, r, strconv.Itoa(r+1))
		}
		top, bottom = 17, -1
	}
	for s := top; s >= bottom; s-- {
		row := rows[s]
		slices.SortFunc(row, func(a, b mark) int { return a.x - b.x })
		col := 0
		for _, m := range row {
			for want := 17 + 3*m.x; col < want; col++ {
				b.WriteByte(' ')
			}
			b.WriteString(m.text)
			col += len(m.text)
		}
		if len(row) > 0 || s <= 16 && s >= 0 {
			b.WriteByte('\n')
		}
	}
}
