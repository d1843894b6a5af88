package hexdame

import (
	"errors"
	"io"
	"math"
	"strconv"
	"strings"
)

// SVGOptions says how WriteSVG draws a position. The zero value draws the
// board 400 pixels wide, White at the bottom, without labels, moves or
// highlights.
type SVGOptions struct {
	Size        int    // the width in pixels, 1 to 10000; 0 means 400 (the height follows the board's shape)
	Flip        bool   // draw Red at the bottom
	Coordinates bool   // write the file letters and rank numbers around the board
	Move        Move   // a legal move of the position to draw: its path and the pieces it captures; the zero Move draws none
	Highlight   []Cell // cells to mark, such as those a selected piece can reach
}

// ErrInvalidSVGOptions is wrapped by the errors WriteSVG returns for a
// size out of range.
var ErrInvalidSVGOptions = errors.New("invalid SVG options")

// The drawing's unit is the hexagon's radius, svgR user units.
const (
	svgR      = 10.0
	svgMargin = 1.6 * svgR // room for the coordinates
)

var svgRowStep = math.Sqrt(3) / 2 * svgR // vertical distance between diagram rows

// svgCenter returns the centre of cell c in the drawing's user units.
func svgCenter(c Cell, flip bool) (x, y float64) {
	f, r := float64(cellFile[c]), float64(cellRank[c])
	if flip {
		f, r = 8-f, 8-r
	}
	return svgMargin + 7*svgR + 1.5*svgR*(f-r), svgMargin + svgRowStep*(17-f-r)
}

// svgOffBoard returns the centre of the cell that would be at file f and
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

// Colours of the drawing.
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
var errNilWriter = errors.New("WriteSVG: nil io.Writer")

// WriteSVG writes position p as an SVG 1.1 document: the 61 cells in the
// layout of the standard diagram (White at the bottom unless opts.Flip),
// each piece a separate mark, kings with a crown, and, as opts asks,
// coordinates, a move's path with arrows and its captured pieces crossed
// out, and highlighted cells. The document has a viewBox, so it scales, a
// <title> and a <desc> holding the FEN, and no external resources. The
// same arguments always give the same bytes. The zero SVGOptions draws
// the position alone, 400 pixels wide.
//
// A move that is not legal in p gives a *MoveError wrapping
// ErrIllegalMove, a highlighted cell that is not a cell an error wrapping
// ErrInvalidCell, and a size out of range one wrapping
// ErrInvalidSVGOptions; nothing is written then. A nil w is an error.
func WriteSVG(w io.Writer, p Position, o SVGOptions) error {
	b, err := AppendSVG(nil, p, o)
	if err != nil {
		return err
	}
	if w == nil {
		return errNilWriter
	}
	_, err = w.Write(b)
	return err
}

// AppendSVG appends the document WriteSVG writes to dst.
func AppendSVG(dst []byte, p Position, o SVGOptions) ([]byte, error) {
	if o.Size == 0 {
		o.Size = 400
	}
	if o.Size < 1 || o.Size > 10000 {
		return dst, &valueError{kind: "SVG size", text: strconv.Itoa(o.Size), err: ErrInvalidSVGOptions}
	}
	for _, c := range o.Highlight {
		if !c.IsValid() {
			return dst, &CellError{Text: strconv.Itoa(int(c))}
		}
	}
	var path []Cell
	if o.Move != (Move{}) {
		if !p.IsLegal(o.Move) {
			return dst, &MoveError{Text: o.Move.String(), Err: ErrIllegalMove, Why: "not a legal move in this position",
				Position: p, Legal: p.LegalMoves()}
		}
		path = p.appendPathOf(nil, o.Move)
	}
	s := svgWriter{b: dst, flip: o.Flip}
	s.document(p, &o, path)
	return s.b, nil
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

func (s *svgWriter) document(p Position, o *SVGOptions, path []Cell) {
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
	if len(path) > 0 {
		title += ", move " + string(appendPath(nil, path, map[bool]byte{true: 'x', false: '-'}[o.Move.IsCapture()], Algebraic))
	}
	s.str("<title>", title, "</title>\n")
	s.str("<desc>", p.FEN(), "</desc>\n")
	if len(path) > 0 {
		s.str(`<defs><marker id="hexdame-arrow" viewBox="0 0 10 10" refX="7" refY="5" markerWidth="4" markerHeight="4" orient="auto">`,
			`<path d="M0,0 L10,5 L0,10 z" fill="`, svgMoveColor, `"/></marker></defs>`, "\n")
	}
	s.board()
	s.highlights(o.Highlight)
	s.pieces(p)
	if len(path) > 0 {
		s.move(o.Move, path)
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
	for c := Cell(1); c <= NumCells; c++ {
		x, y := svgCenter(c, s.flip)
		s.str(`<polygon class="cell" data-cell="`, c.String(), `" fill="`, colors[(int(cellFile[c])+int(cellRank[c]))%3], `"`)
		s.hexagon(x, y, svgR)
		s.str("/>\n")
	}
	s.str("</g>\n")
}

func (s *svgWriter) highlights(cells []Cell) {
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

func (s *svgWriter) pieces(p Position) {
	s.str(`<g class="pieces">`, "\n")
	for c := Cell(1); c <= NumCells; c++ {
		x := p.Piece(c)
		if x == NoPiece {
			continue
		}
		fill, stroke, color := svgWhiteFill, svgWhiteStroke, "white"
		if x.Color() == Red {
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

func (s *svgWriter) move(m Move, path []Cell) {
	s.str(`<g class="move" stroke="`, svgMoveColor, `" fill="none" stroke-linecap="round" stroke-linejoin="round">`, "\n")
	x, y := svgCenter(path[0], s.flip)
	s.str(`<circle class="from"`)
	s.attr("cx", x)
	s.attr("cy", y)
	s.attr("r", 0.85*svgR)
	s.str(` stroke-width="1.5"/>`, "\n")
	for i := 1; i < len(path); i++ {
		x0, y0 := svgCenter(path[i-1], s.flip)
		x1, y1 := svgCenter(path[i], s.flip)
		// Stop short of the centre, so that the arrow's tip is seen.
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
	for c := m.captured; c != 0; {
		cell := Cell(popLowest(&c))
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
