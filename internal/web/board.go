package web

import (
	"bytes"

	"github.com/hexdame/hexdame/diagram"
)

// svg draws the current position as hexdame svg does, with the move that
// led to it: its path and the pieces it captured, which are gone. whole
// asks for a document (with its XML declaration) rather than an element
// for a page.
func (s *Session) svg(flip, whole bool) string {
	x := s.cur
	opts := diagram.Options{Size: 480, Flip: flip, Coordinates: true}
	if x.Parent() != nil && !x.IsSetup() {
		opts.LastMove = x.Parent().Position().Path(x.Move())
	}
	b, err := diagram.AppendSVG(nil, x.Position(), opts)
	if err != nil {
		return ""
	}
	if !whole {
		return element(b)
	}
	return string(b)
}

// element returns the <svg> element of an SVG document, without the XML
// declaration, which has no place inside HTML.
func element(doc []byte) string {
	if i := bytes.Index(doc, []byte("<svg")); i >= 0 {
		doc = doc[i:]
	}
	return string(doc)
}
