package hexdame

// walk passes the game to s as a record in notation n, part by part, as
// walkRecord passes a record: the tags, then the movetext as Movetext
// yields it. WriteGame writes it as it goes, and Movetext yields it,
// without the record's Elements (88 bytes an annotation, where the tree
// keeps an empty line comment in two). A sink that has a setNode method is
// told the node of each move or setup before its element. It returns the
// first error of s.
func (g *Game) walk(n Notation, s recordSink) error {
	g.init()
	s.begin(0, 0)
	result := g.Outcome().Result.String()
	tag := func(name, value string) error { return s.tag(name, value, textPos{}) }
	for _, d := range rosterDefaults {
		v, ok := g.Tag(d.Name)
		if !ok {
			v = d.Value
		}
		if d.Name == "Result" {
			v = result
		}
		if err := tag(d.Name, v); err != nil {
			return err
		}
	}
	if err := tag("GameType", gameType(n)); err != nil {
		return err
	}
	if start := g.root.Position(); start != StartPosition() {
		if err := tag("SetUp", "1"); err != nil {
			return err
		}
		if err := tag("FEN", start.format(n)); err != nil {
			return err
		}
	}
	for _, t := range g.tags {
		if !isRosterTag(t.Name) {
			if err := tag(t.Name, t.Value); err != nil {
				return err
			}
		}
	}
	w := movetextWalker{s: s, n: n}
	w.nodes, _ = s.(nodeSink)
	if g.root.setup {
		w.node(&g.root)
		if err := w.element(Element{Kind: SetupElement, Text: setupText(g.root.Position(), n)}); err != nil {
			return err
		}
	}
	if g.root.notes != nil {
		if err := w.notes(g.root.notes.after); err != nil {
			return err
		}
	}
	if err := w.line(g.root.Next(), 0); err != nil {
		return err
	}
	return s.end(result, textPos{})
}

// setupText writes a setup's text for position p.
func setupText(p Position, n Notation) string { return `FEN "` + p.format(n) + `"` }

// A movetextWalker passes a game's tree to a recordSink as movetext in
// notation n: each node's annotations before its move, the move (in the
// form FormatMove gives) or setup, the annotations after it, the
// variations that are alternatives to it, and the annotations after them.
type movetextWalker struct {
	s     recordSink
	nodes nodeSink // s, when it is told the nodes
	n     Notation
	e     Element   // the element passed on
	cache moveCache // the legal captures of the positions met
	buf   [64]Move
	text  []byte
}

// A nodeSink is a recordSink told the node of each move or setup of a
// game's walk, before its element.
type nodeSink interface{ setNode(x *Node) }

// node tells the sink, if it asks, that the next element is x's.
func (w *movetextWalker) node(x *Node) {
	if w.nodes != nil {
		w.nodes.setNode(x)
	}
}

func (w *movetextWalker) element(e Element) error {
	w.e = e
	return w.s.element(&w.e)
}

func (w *movetextWalker) notes(l noteList) error {
	for x := range l.all() {
		if err := w.element(x.element()); err != nil {
			return err
		}
	}
	return nil
}

// line passes on the line of movetext that starts at node x, nested depth
// variations deep. Variations nested deeper than MaxVariationDepth (which
// only a program adding them can make, and WriteGame refuses) are left
// out.
//
// The moves from one position share one generation of its legal moves
// (kept in cache), which FormatMove needs for a capture.
func (w *movetextWalker) line(x *Node, depth int) error {
	for ; x != nil; x = x.Next() {
		notes := x.notes
		if notes == nil {
			notes = &nodeNotes{}
		}
		if err := w.notes(notes.before); err != nil {
			return err
		}
		var e Element
		if x.setup {
			w.cache.activate() // a setup: positions may come back
			e = Element{Kind: SetupElement, Text: setupText(x.Position(), w.n)}
		} else {
			before := x.parent.Position()
			var legal []Move // what FormatMove needs: none for a non-capture
			if x.move.IsCapture() {
				legal = w.cache.legal(&before, w.buf[:0])
			}
			w.text = before.appendMoveIn(w.text[:0], x.move, legal, w.n)
			e = Element{Kind: MoveElement, Text: string(w.text), Strength: notes.strength}
		}
		w.node(x)
		if err := w.element(e); err != nil {
			return err
		}
		if err := w.notes(notes.after); err != nil {
			return err
		}
		if p := x.parent; p.children[0] == x && depth < MaxVariationDepth {
			if len(p.children) > 1 {
				w.cache.activate() // a second line: positions may come back
			}
			for _, v := range p.children[1:] {
				if err := w.s.open(textPos{}); err != nil {
					return err
				}
				if err := w.line(v, depth+1); err != nil {
					return err
				}
				if err := w.s.close(); err != nil {
					return err
				}
			}
		}
		if err := w.notes(notes.tail); err != nil {
			return err
		}
	}
	return nil
}
