// Package diagram draws HexDame positions: as SVG pictures (WriteSVG,
// AppendSVG), with a move's path, the last move and highlighted cells, and
// as text (Text), as hexdame show prints them. It uses only the exported
// API of the rules package (github.com/hexdame/hexdame).
package diagram

import "github.com/hexdame/hexdame"

// Options says how a position is drawn. The zero value draws the board
// 400 pixels wide, White at the bottom, without labels, moves or
// highlights. Text uses only Flip and Coordinates.
type Options struct {
	Size        int          // the width in pixels, 1 to 10000; 0 means 400 (the height follows the board's shape)
	Flip        bool         // draw Red at the bottom
	Coordinates bool         // write the file letters and rank numbers around the board
	Move        hexdame.Move // a legal move of the position to draw: its path and the pieces it captures; the zero Move draws none
	// LastMove is the move that led to the position, with its path, as
	// Position.Path gives it in the position before: it is drawn as a
	// move is, its captured pieces crossed out where they stood. The zero
	// MovePath draws none.
	LastMove  hexdame.MovePath
	Highlight []hexdame.Cell // cells to mark, such as those a selected piece can reach
}
