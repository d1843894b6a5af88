package web

import (
	"strings"

	"github.com/hexdame/hexdame"
)

// edit places req.Piece on req.Cell and sets req.Side to move, in the
// position req.FEN, for the position editor.
func edit(req Request) (*Edit, error) {
	p, err := hexdame.ParseFEN(strings.TrimSpace(req.FEN))
	if err != nil {
		return nil, err
	}
	if req.Cell != "" {
		c, err := hexdame.ParseCell(req.Cell)
		if err != nil {
			return nil, err
		}
		x, err := hexdame.ParsePiece(req.Piece)
		if err != nil {
			return nil, err
		}
		p = p.WithPiece(c, x)
	}
	if req.Side != "" {
		c, err := hexdame.ParseColor(req.Side)
		if err != nil {
			return nil, err
		}
		p = p.WithSideToMove(c)
	}
	b, err := hexdame.AppendSVG(nil, p, hexdame.SVGOptions{Size: 480, Flip: req.Flip, Coordinates: true})
	if err != nil {
		return nil, err
	}
	e := &Edit{FEN: p.FEN(), Side: strings.ToLower(p.SideToMove().String()), SVG: element(b)}
	if err := p.CheckReachable(); err != nil {
		e.Problem = err.Error()
	} else if !p.HasLegalMoves() {
		e.Problem = "the side to move has no legal move: the game would be over"
	}
	return e, nil
}
