package web

import (
	"iter"
	"slices"
	"strconv"

	"github.com/hexdame/hexdame"
)

// A Tree is a game's movetext for the page, item by item in the order a
// record writes it: the main line, each variation after the move it is an
// alternative to.
type Tree struct {
	Items []Item `json:"items"`
	// Main is the position of each node of the main line, as FEN, the
	// root first: where the page puts the evaluations it has of them on
	// its graph of the game.
	Main []string `json:"main"`
}

// An Item is one piece of the movetext. Kind is "m" for a move (Node its
// number, Text its number and text as PDN writes it, with its strength
// mark), "s" for a setup (Node, and the FEN as Text), "c" for a comment,
// "n" for a NAG (NAG), "(" and ")" for the start and end of a variation.
// Nodes are numbered in the order of the movetext, the root 0.
type Item struct {
	Kind string `json:"k"`
	Node int    `json:"n,omitempty"`
	Text string `json:"t,omitempty"`
	NAG  int    `json:"g,omitempty"`
}

// A visitor is told the parts of a game's movetext in the order a record
// writes them: each node (the root first), and, when notes is not nil,
// the annotations around the moves and the start and end of each
// variation.
type visitor struct {
	node        func(x *hexdame.Node)
	notes       func(elems iter.Seq[hexdame.Element])
	open, close func()
}

// walk visits g's tree in the order of its movetext.
func walk(g *hexdame.Game, node func(*hexdame.Node), v *visitor) {
	if v == nil {
		v = &visitor{}
	}
	v.node = node
	root := g.Root()
	node(root)
	if v.notes != nil {
		before, after, _ := root.AnnotationsSeq()
		v.notes(before)
		v.notes(after)
	}
	v.line(root.Next())
}

// line visits the line from x: each node, its annotations, and the
// variations that are alternatives to it. Its recursion is as deep as
// variations nest: at most hexdame.MaxVariationDepth in a game read from
// a record, and MaxNodes in a session's game.
func (v *visitor) line(x *hexdame.Node) {
	for ; x != nil; x = x.Next() {
		var before, after, tail iter.Seq[hexdame.Element]
		if v.notes != nil {
			before, after, tail = x.AnnotationsSeq()
			v.notes(before)
		}
		v.node(x)
		if v.notes != nil {
			v.notes(after)
		}
		if p := x.Parent(); p != nil && p.Next() == x {
			for _, alt := range p.Children()[1:] {
				if v.open != nil {
					v.open()
				}
				v.line(alt)
				if v.close != nil {
					v.close()
				}
			}
		}
		if v.notes != nil {
			v.notes(tail)
		}
	}
}

// makeTree writes the movetext of g with its moves in notation n.
func makeTree(g *hexdame.Game, n hexdame.Notation) *Tree {
	t := &Tree{Items: []Item{}, Main: []string{g.Root().Position().FEN()}}
	for x := range g.Root().Mainline() {
		t.Main = append(t.Main, x.Position().FEN())
	}
	movetext(g, n, func(it *Item) { t.Items = append(t.Items, *it) })
	return t
}

// formatMoves is Position.FormatMoves, which tests count: it generates
// the position's legal moves, which a capture's text needs.
var formatMoves = hexdame.Position.FormatMoves

// movetext passes each item of g's movetext, with its moves in notation
// n, to yield, which must not keep the pointer. The moves are numbered as
// the PDN standard numbers them (as PGN's section 8.2.2.2 does): a White
// move has its number ("3."), and a Red move has one ("3...") where it
// begins the movetext, a variation or the line after one, or follows a
// setup or an annotation (a comment or a NAG).
//
// The captures played from one position, at however many nodes, are
// formatted together, with one generation of the position's legal moves.
func movetext(g *hexdame.Game, n hexdame.Notation, yield func(*Item)) {
	texts := captureTexts(g, n)
	first := g.InitialPosition().SideToMove()
	needNumber := true
	id := 0
	var it Item
	add := func(kind string, node int, text string, nag int) {
		it = Item{Kind: kind, Node: node, Text: text, NAG: nag}
		yield(&it)
	}
	walk(g, func(x *hexdame.Node) {
		if x.Parent() == nil {
			return
		}
		id++
		if x.IsSetup() {
			add("s", id, x.Position().FEN(), 0)
			needNumber = true
			return
		}
		before, m := x.Before(), x.Move()
		text, ok := texts[capture{before, m}]
		if !ok {
			text = before.FormatMove(m, n) // not a capture: no generation
		}
		idx := x.Ply() - 1
		if first == hexdame.Red {
			idx++
		}
		number := ""
		switch {
		case before.SideToMove() == hexdame.White:
			number = strconv.Itoa(idx/2+1) + ". "
		case needNumber:
			number = strconv.Itoa(idx/2+1) + "... "
		}
		add("m", id, number+text+x.Strength(), 0)
		needNumber = false
	}, &visitor{
		notes: func(elems iter.Seq[hexdame.Element]) {
			for e := range elems {
				if e.Kind == hexdame.NAGElement {
					add("n", 0, "", e.NAG)
				} else {
					add("c", 0, e.Text, 0)
				}
				needNumber = true
			}
		},
		open:  func() { add("(", 0, "", 0); needNumber = true },
		close: func() { add(")", 0, "", 0); needNumber = true },
	})
}

// A capture is a capture and the position it is played in.
type capture struct {
	p hexdame.Position
	m hexdame.Move
}

// captureTexts returns what PDN writes in notation n for each capture of
// g's tree. The captures played from one position, at however many
// nodes, are formatted together, with one generation of that position's
// legal moves (which a capture's text needs, to tell it from the others
// with the same start and end).
func captureTexts(g *hexdame.Game, n hexdame.Notation) map[capture]string {
	played := map[hexdame.Position][]hexdame.Move{}
	walk(g, func(x *hexdame.Node) {
		if m := x.Move(); x.Parent() != nil && !x.IsSetup() && m.IsCapture() {
			p := x.Before()
			if !slices.Contains(played[p], m) {
				played[p] = append(played[p], m)
			}
		}
	}, nil)
	texts := make(map[capture]string)
	for p, moves := range played {
		for i, text := range formatMoves(p, moves, n) {
			texts[capture{p, moves[i]}] = text
		}
	}
	return texts
}
