package web

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/diagram"
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
		x, ok := editorPieces[req.Piece]
		if !ok {
			return nil, fmt.Errorf("no piece %q: the editor places w, W, r, R or . (empty)", clip(req.Piece))
		}
		p = p.WithPiece(c, x)
	}
	if req.Side != "" {
		c, ok := editorSides[strings.ToLower(req.Side)]
		if !ok {
			return nil, fmt.Errorf("no side %q: white or red", clip(req.Side))
		}
		p = p.WithSideToMove(c)
	}
	b, err := diagram.AppendSVG(nil, p, diagram.Options{Size: 480, Flip: req.Flip, Coordinates: true})
	if err != nil {
		return nil, err
	}
	e := &Edit{FEN: p.String(), Side: strings.ToLower(p.SideToMove().String()), SVG: element(b)}
	if err := p.CheckReachable(); err != nil {
		e.Problem = err.Error()
	} else if p.CountLegalMoves() == 0 {
		e.Problem = "the side to move has no legal move: the game would be over"
	}
	return e, nil
}

// editorPieces are the pieces the editor places, by the symbols of
// hexdame show's diagram.
var editorPieces = map[string]hexdame.Piece{".": hexdame.NoPiece, "w": hexdame.WhiteMan, "W": hexdame.WhiteKing, "r": hexdame.RedMan, "R": hexdame.RedKing}

// editorSides are the sides the editor sets to move.
var editorSides = map[string]hexdame.Color{"white": hexdame.White, "red": hexdame.Red}

// clip returns s cut to 60 characters, "..." after them, for an error
// message that quotes a request's text, as the rules package's messages
// do: an answer must not grow with what it quotes.
func clip(s string) string {
	const most = 60
	if utf8.RuneCountInString(s) <= most {
		return s
	}
	n := 0
	for i := range s {
		if n == most {
			return s[:i] + "..."
		}
		n++
	}
	return s
}
