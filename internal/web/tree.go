package web

import (
	"strings"

	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/internal/review"
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
	// Evals are the evaluations the comments of the main line's moves
	// hold ([%eval +0.35], as a review writes them: see package
	// internal/review), White's view in men (beyond ±290 for a win), one
	// for each of Main; null where a comment holds none (the start).
	Evals []*float64 `json:"evals"`
}

// An Item is one piece of the movetext. Kind is "m" for a move (Node its
// number, Text its number and text as PDN writes it, with its strength
// mark), "s" for a setup (Node, and the FEN as Text), "c" for a comment,
// "n" for a NAG (NAG), "(" and ")" for the start and end of a variation,
// and "r" for the game's result (Text), which ends a Tree.
// Nodes are numbered in the order of the movetext, the root 0.
type Item struct {
	Kind string `json:"k"`
	Node int    `json:"n,omitempty"`
	Text string `json:"t,omitempty"`
	NAG  int    `json:"g,omitempty"`
}

// nodes calls f for each node of g's tree in the order of its movetext:
// the root, then the node of each move and setup as Game.Movetext walks
// them.
func nodes(g *hexdame.Game, f func(x *hexdame.Node)) {
	root := g.Root()
	f(root)
	for it := range g.Movetext(hexdame.Algebraic) {
		if it.Node != nil && it.Node != root { // the root is a setup where the movetext starts with one
			f(it.Node)
		}
	}
}

// makeTree writes the movetext of g with its moves in notation n.
func makeTree(g *hexdame.Game, n hexdame.Notation) *Tree {
	t := &Tree{Items: []Item{}, Main: []string{g.Root().Position().String()}, Evals: []*float64{nil}}
	for x := range g.Root().Mainline() {
		t.Main = append(t.Main, x.Position().String())
		var v *float64
		if s, ok := review.ParseEval(x.Comment()); ok {
			men := s.Men()
			v = &men
		}
		t.Evals = append(t.Evals, v)
	}
	movetext(g, n, func(it *Item) { t.Items = append(t.Items, *it) })
	t.Items = append(t.Items, Item{Kind: "r", Text: g.Outcome().Result.String()})
	return t
}

// movetext passes each item of g's movetext, as Game.Movetext walks it
// with its moves in notation n and its move numbers, to yield, which must
// not keep the pointer. Moves and setups are numbered as nodes in the
// order of the movetext, the root 0.
func movetext(g *hexdame.Game, n hexdame.Notation, yield func(*Item)) {
	id, depth := 0, 0
	var it Item
	// hidden reports that an evaluation alone was left out since the last
	// item, last: that item's kind.
	hidden, last := false, ""
	add := func(kind string, node int, text string, nag int) {
		it = Item{Kind: kind, Node: node, Text: text, NAG: nag}
		hidden, last = false, kind
		yield(&it)
	}
	for x := range g.Movetext(n) {
		for ; depth > x.Depth; depth-- {
			add(")", 0, "", 0)
		}
		switch x.Kind {
		case hexdame.MoveElement:
			id++
			text := x.Text + x.Strength
			// A Red move is numbered after a comment, but not after an
			// evaluation left out: then it follows its White move.
			if x.Number != "" && !(hidden && last == "m" && strings.HasSuffix(x.Number, "...")) {
				text = x.Number + " " + text
			}
			add("m", id, text, 0)
		case hexdame.SetupElement:
			if x.Node.Parent() == nil {
				continue // the movetext starts with a setup: the root's position
			}
			id++
			add("s", id, x.Node.Position().String(), 0)
		case hexdame.NAGElement:
			add("n", 0, "", x.NAG)
		case hexdame.VariationElement:
			add("(", 0, "", 0)
			depth++
		default: // a comment or a line comment, without its evaluation (the graph shows it)
			text := x.Text
			if strings.Contains(text, "[%eval") {
				if text = review.StripEval(text); text == "" {
					hidden = true
					continue // the evaluation alone
				}
			}
			add("c", 0, text, 0)
		}
	}
	for ; depth > 0; depth-- {
		add(")", 0, "", 0)
	}
}

// A capture is a capture and the position it is played in.
type capture struct {
	p hexdame.Position
	m hexdame.Move
}
