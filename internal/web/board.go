package web

import (
	"bytes"

	"github.com/hexdame/hexdame"
)

// svg draws the current position as hexdame svg does, with the move
// that led to it: its path and the pieces it captured, which are gone.
// The move's marks are those WriteSVG draws for the move in the position
// before it, laid on the position after it. whole asks for a document
// (with its XML declaration) rather than an element for a page.
func (s *Session) svg(flip, whole bool) string {
	x := s.cur
	opts := hexdame.SVGOptions{Size: 480, Flip: flip, Coordinates: true}
	b, err := hexdame.AppendSVG(nil, x.Position(), opts)
	if err != nil {
		return ""
	}
	if x.Parent() != nil && !x.IsSetup() {
		opts.Move = x.Move()
		if before, err := hexdame.AppendSVG(nil, x.Before(), opts); err == nil {
			b = spliceMove(b, before)
		}
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

// spliceMove copies the move group of the drawing before (its marker
// definition and its <g class="move">) into the drawing after, which has
// none, before its coordinates.
func spliceMove(after, before []byte) []byte {
	defs, _, ok1 := cut(before, "<defs>", "</defs>\n")
	move, _, ok2 := cut(before, `<g class="move"`, "</g>\n")
	at := bytes.Index(after, []byte(`<g class="board"`))
	end := bytes.Index(after, []byte(`<g class="coordinates"`))
	if !ok1 || !ok2 || at < 0 || end < 0 {
		return after
	}
	out := make([]byte, 0, len(after)+len(defs)+len(move))
	out = append(out, after[:at]...)
	out = append(out, defs...)
	out = append(out, after[at:end]...)
	out = append(out, move...)
	return append(out, after[end:]...)
}

// cut returns the part of b from the first start to the end of the
// first end after it.
func cut(b []byte, start, end string) ([]byte, int, bool) {
	i := bytes.Index(b, []byte(start))
	if i < 0 {
		return nil, 0, false
	}
	j := bytes.Index(b[i:], []byte(end))
	if j < 0 {
		return nil, 0, false
	}
	return b[i : i+j+len(end)], i, true
}
