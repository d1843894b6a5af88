package diagram

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/hexdame/hexdame"
)

// The drawing's unit is the hexagon's radius, svgR user units.
const (
	svgR      = 10.0
	svgMargin = 1.6 * svgR // room for the coordinates
)

var svgRowStep = math.Sqrt(3) / 2 * svgR // vertical distance between diagram rows

// svgCenter returns the center of cell c in the drawing's user units.
func svgCenter(c hexdame.Cell, flip bool) (x, y float64) {
	f, r := float64(c.File()), float64(c.Rank())
	if flip {
		f, r = 8-f, 8-r
	}
	return svgMargin + 7*svgR + 1.5*svgR*(f-r), svgMargin + svgRowStep*(17-f-r)
}

// svgOffBoard returns the center of the cell that would be at file f and
// rank r, off the board: where a coordinate label goes.
func svgOffBoard(f, r int, flip bool) (x, y float64) {
	ff, rr := float64(f), float64(r)
	if flip {
		ff, rr = 8-ff, 8-rr
	}
	return svgMargin + 7*svgR + 1.5*svgR*(ff-rr), svgMargin + svgRowStep*(17-ff-rr)
}

// svgSize returns the drawing's width and height in user units.
func svgSize() (w, h float64) { return 14*svgR + 2*svgMargin, 18*svgRowStep + 2*svgMargin }

// Colors of the drawing.
const (
	svgCellColors  = "#f2dcb3 #e3c08d #cfa46b" // by (file + rank) mod 3: no two adjacent cells alike
	svgWhiteFill   = "#fafafa"
	svgWhiteStroke = "#2b2b2b"
	svgRedFill     = "#c62828"
	svgRedStroke   = "#4a0d0d"
	svgCrown       = "#e0a800"
	svgMoveColor   = "#1565c0"
	svgHighlight   = "#7cc4ff"
)

// errNilWriter is returned by WriteSVG given a nil io.Writer.
var errNilWriter = fmt.Errorf("WriteSVG: nil io.Writer: %w", hexdame.ErrInvalid)

// WriteSVG writes position p as an SVG 1.1 document: the 61 cells in the
// layout of the standard diagram (White at the bottom unless o.Flip),
// each piece a separate mark, kings with a crown, and, as o asks,
// coordinates, a move's path with arrows and its captured pieces crossed
// out, the last move's path, and highlighted cells. The document has a
// viewBox, so it scales, a <title> and a <desc> holding the FEN, and no
// external resources. The same arguments always give the same bytes. The
// zero Options draws the position alone, 400 pixels wide.
//
// A move that is not legal in p gives the *hexdame.MoveError of
// Position.Play (wrapping hexdame.ErrIllegalMove); a last move that cannot
// have led to p (its end does not hold a piece of the side that moved, or
// a captured piece is still on the board), a highlighted cell that is not
// a cell, a size out of range and a nil w give an error wrapping
// hexdame.ErrInvalid; nothing is written then.
func WriteSVG(w io.Writer, p hexdame.Position, o Options) error {
	if w == nil {
		return errNilWriter
	}
	b, err := AppendSVG(nil, p, o)
	if err != nil {
		return err
	}
	_, err = w.Write(b)
	return err
}

// AppendSVG appends the document WriteSVG writes to dst; on error it
// returns dst unchanged.
func AppendSVG(dst []byte, p hexdame.Position, o Options) ([]byte, error) {
	if o.Size == 0 {
		o.Size = 400
	}
	if o.Size < 1 || o.Size > 10000 {
		return dst, fmt.Errorf("SVG size %d: not from 1 to 10000: %w", o.Size, hexdame.ErrInvalid)
	}
	for _, c := range o.Highlight {
		if !c.IsValid() {
			return dst, fmt.Errorf("highlighted cell %d: not a cell: %w", c, hexdame.ErrInvalid)
		}
	}
	var path hexdame.MovePath
	if o.Move != (hexdame.Move{}) {
		if _, err := p.Play(o.Move); err != nil {
			return dst, err
		}
		path = p.Path(o.Move)
	}
	if err := checkLastMove(p, o.LastMove); err != nil {
		return dst, err
	}
	s := svgWriter{b: dst, flip: o.Flip}
	s.document(p, &o, path)
	return s.b, nil
}

// checkLastMove returns an error when last, a move with its path, cannot
// have led to p: it is not a move, its path does not run from its start
// to its end or holds a cell that is none, its end does not hold a piece
// of the side that moved, or a piece it captured is still on the board.
// The zero MovePath is no last move.
func checkLastMove(p hexdame.Position, last hexdame.MovePath) error {
	if last.Move == (hexdame.Move{}) {
		return nil
	}
	m, cells := last.Move, last.Cells()
	why := ""
	switch {
	case !m.IsValid() || len(cells) < 2 || cells[0] != m.From() || cells[len(cells)-1] != m.To():
		why = "not a move with its path"
	case p.Piece(m.To()).Color() != p.SideToMove().Opponent():
		why = "its end does not hold a piece of the side that moved"
	case m.Captured()&(p.Pieces(hexdame.White)|p.Pieces(hexdame.Red)) != 0:
		why = "a piece it captured is still on the board"
	}
	if why != "" {
		return fmt.Errorf("last move %v: %s: %w", last, why, hexdame.ErrInvalid)
	}
	return nil
}

// An svgWriter builds an SVG document.
type svgWriter struct {
	b    []byte
	flip bool
}

func (s *svgWriter) str(parts ...string) {
	for _, p := range parts {
		s.b = append(s.b, p...)
	}
}

// num appends a number with at most two decimals, trailing zeros dropped.
func (s *svgWriter) num(v float64) {
	v = math.Round(v*100) / 100
	if v == 0 {
		v = 0 // no "-0"
	}
	s.b = strconv.AppendFloat(s.b, v, 'f', -1, 64)
}

// point appends prefix and the coordinates "x,y".
func (s *svgWriter) point(prefix string, x, y float64) {
	s.str(prefix)
	s.num(x)
	s.str(",")
	s.num(y)
}

// attr appends ` name="value"` with a number value.
func (s *svgWriter) attr(name string, v float64) {
	s.str(" ", name, `="`)
	s.num(v)
	s.str(`"`)
}

func (s *svgWriter) document(p hexdame.Position, o *Options, path hexdame.MovePath) {
	w, h := svgSize()
	s.str(`<?xml version="1.0" encoding="UTF-8"?>`, "\n")
	s.str(`<svg xmlns="http://www.w3.org/2000/svg" version="1.1"`)
	s.attr("width", float64(o.Size))
	s.attr("height", math.Round(float64(o.Size)*h/w))
	s.str(` viewBox="0 0 `)
	s.num(w)
	s.str(" ")
	s.num(h)
	s.str(`">`, "\n")
	title := "HexDame position, " + p.SideToMove().String() + " to move"
	if o.LastMove.Move != (hexdame.Move{}) {
		title += ", after " + o.LastMove.String()
	}
	if path.Move != (hexdame.Move{}) {
		title += ", move " + path.String()
	}
	s.str("<title>", title, "</title>\n")
	s.str("<desc>", p.String(), "</desc>\n")
	if path.Move != (hexdame.Move{}) || o.LastMove.Move != (hexdame.Move{}) {
		s.str(`<defs><marker id="hexdame-arrow" viewBox="0 0 10 10" refX="7" refY="5" markerWidth="4" markerHeight="4" orient="auto">`,
			`<path d="M0,0 L10,5 L0,10 z" fill="`, svgMoveColor, `"/></marker></defs>`, "\n")
	}
	s.board()
	s.highlights(o.Highlight)
	s.pieces(p)
	if o.LastMove.Move != (hexdame.Move{}) {
		s.move("move last", o.LastMove)
	}
	if path.Move != (hexdame.Move{}) {
		s.move("move", path)
	}
	if o.Coordinates {
		s.coordinates()
	}
	s.str("</svg>\n")
}

// hexagon appends the points of the flat-topped hexagon of radius rad
// around (x, y).
func (s *svgWriter) hexagon(x, y, rad float64) {
	s.str(` points="`)
	sep := ""
	for k := 0; k < 6; k++ {
		a := math.Pi / 3 * float64(k)
		s.point(sep, x+rad*math.Cos(a), y+rad*math.Sin(a))
		sep = " "
	}
	s.str(`"`)
}

func (s *svgWriter) board() {
	colors := strings.Fields(svgCellColors)
	s.str(`<g class="board" stroke="#8a6a3d" stroke-width="0.6">`, "\n")
	for c := hexdame.Cell(1); c <= hexdame.NumCells; c++ {
		x, y := svgCenter(c, s.flip)
		s.str(`<polygon class="cell" data-cell="`, c.String(), `" fill="`, colors[(c.File()+c.Rank())%3], `"`)
		s.hexagon(x, y, svgR)
		s.str("/>\n")
	}
	s.str("</g>\n")
}

func (s *svgWriter) highlights(cells []hexdame.Cell) {
	if len(cells) == 0 {
		return
	}
	s.str(`<g class="highlights" fill="`, svgHighlight, `" fill-opacity="0.65">`, "\n")
	for _, c := range cells {
		x, y := svgCenter(c, s.flip)
		s.str(`<polygon class="highlight" data-cell="`, c.String(), `"`)
		s.hexagon(x, y, 0.86*svgR)
		s.str("/>\n")
	}
	s.str("</g>\n")
}

// svgCrownPoints is the crown on a king, in units of the hexagon's radius.
var svgCrownPoints = [...][2]float64{{-0.36, 0.2}, {-0.36, -0.18}, {-0.18, 0}, {0, -0.3}, {0.18, 0}, {0.36, -0.18}, {0.36, 0.2}}

func (s *svgWriter) pieces(p hexdame.Position) {
	s.str(`<g class="pieces">`, "\n")
	for c := hexdame.Cell(1); c <= hexdame.NumCells; c++ {
		x := p.Piece(c)
		if x == hexdame.NoPiece {
			continue
		}
		fill, stroke, color := svgWhiteFill, svgWhiteStroke, "white"
		if x.Color() == hexdame.Red {
			fill, stroke, color = svgRedFill, svgRedStroke, "red"
		}
		kind := "man"
		if x.IsKing() {
			kind = "king"
		}
		cx, cy := svgCenter(c, s.flip)
		s.str(`<g class="piece `, color, " ", kind, `" data-cell="`, c.String(), `">`)
		s.str(`<circle`)
		s.attr("cx", cx)
		s.attr("cy", cy)
		s.attr("r", 0.72*svgR)
		s.str(` fill="`, fill, `" stroke="`, stroke, `" stroke-width="1"/>`)
		if x.IsKing() {
			s.str(`<circle`)
			s.attr("cx", cx)
			s.attr("cy", cy)
			s.attr("r", 0.52*svgR)
			s.str(` fill="none" stroke="`, stroke, `" stroke-width="0.6"/>`)
			s.str(`<polygon fill="`, svgCrown, `" stroke="`, stroke, `" stroke-width="0.5" points="`)
			sep := ""
			for _, pt := range svgCrownPoints {
				s.point(sep, cx+pt[0]*svgR, cy+pt[1]*svgR)
				sep = " "
			}
			s.str(`"/>`)
		}
		s.str("</g>\n")
	}
	s.str("</g>\n")
}

// move draws a move with its path: a ring on its start, an arrow along
// each step, and a cross on each captured cell; class is the group's
// class: "move", or "move last" for the move that led to the position.
func (s *svgWriter) move(class string, mp hexdame.MovePath) {
	path := mp.Cells()
	s.str(`<g class="`, class, `" stroke="`, svgMoveColor, `" fill="none" stroke-linecap="round" stroke-linejoin="round">`, "\n")
	x, y := svgCenter(path[0], s.flip)
	s.str(`<circle class="from"`)
	s.attr("cx", x)
	s.attr("cy", y)
	s.attr("r", 0.85*svgR)
	s.str(` stroke-width="1.5"/>`, "\n")
	for i := 1; i < len(path); i++ {
		x0, y0 := svgCenter(path[i-1], s.flip)
		x1, y1 := svgCenter(path[i], s.flip)
		// Stop short of the center, so that the arrow's tip is seen.
		dx, dy := x1-x0, y1-y0
		d := math.Hypot(dx, dy)
		if d > 0 {
			x1, y1 = x1-dx/d*0.3*svgR, y1-dy/d*0.3*svgR
		}
		s.str(`<line class="step"`)
		s.attr("x1", x0)
		s.attr("y1", y0)
		s.attr("x2", x1)
		s.attr("y2", y1)
		s.str(` stroke-width="2.5" stroke-opacity="0.85" marker-end="url(#hexdame-arrow)"/>`, "\n")
	}
	for cell := range mp.Move.Captured().All() {
		cx, cy := svgCenter(cell, s.flip)
		k := 0.42 * svgR
		s.str(`<path class="captured" data-cell="`, cell.String(), `" stroke="#111" stroke-width="2" d="`)
		s.point("M", cx-k, cy-k)
		s.point(" L", cx+k, cy+k)
		s.point(" M", cx-k, cy+k)
		s.point(" L", cx+k, cy-k)
		s.str(`"/>`, "\n")
	}
	s.str("</g>\n")
}

// coordinates writes the file letters beyond the lower end of each file
// and the rank numbers beyond the lower end of each rank.
func (s *svgWriter) coordinates() {
	s.str(`<g class="coordinates" font-family="sans-serif" font-size="8" fill="#333" text-anchor="middle">`, "\n")
	label := func(text string, f, r int) {
		x, y := svgOffBoard(f, r, s.flip)
		s.str("<text")
		s.attr("x", x)
		s.attr("y", y+3)
		s.str(">", text, "</text>\n")
	}
	for f := 0; f < 9; f++ {
		r := max(0, f-4) // the file's lowest rank
		label(string(rune('a'+f)), f, r-1)
	}
	for r := 0; r < 9; r++ {
		f := max(0, r-4) // the rank's lowest file
		label(strconv.Itoa(r+1), f-1, r)
	}
	s.str("</g>\n")
}
