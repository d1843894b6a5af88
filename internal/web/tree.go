package web

import (
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
	notes       func(elems []hexdame.Element)
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
		before, after, _ := root.Annotations()
		v.notes(before)
		v.notes(after)
	}
	v.line(root.Next())
}

// line visits the line from x: each node, its annotations, and the
// variations that are alternatives to it. Its recursion is as deep as
// variations nest, at most about MaxNodes.
func (v *visitor) line(x *hexdame.Node) {
	for ; x != nil; x = x.Next() {
		var before, after, tail []hexdame.Element
		if v.notes != nil {
			before, after, tail = x.Annotations()
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

// makeTree writes the movetext of g with its moves in notation n and its
// nodes numbered by ids.
func makeTree(g *hexdame.Game, n hexdame.Notation, ids map[*hexdame.Node]int) *Tree {
	t := &Tree{Items: []Item{}, Main: []string{g.Root().Position().FEN()}}
	for x := range g.Root().Mainline() {
		t.Main = append(t.Main, x.Position().FEN())
	}
	texts := map[*hexdame.Node]string{}
	first := g.InitialPosition().SideToMove()
	needNumber := true
	add := func(it Item) { t.Items = append(t.Items, it) }
	walk(g, func(x *hexdame.Node) {
		if x.Parent() == nil {
			return
		}
		if x.IsSetup() {
			add(Item{Kind: "s", Node: ids[x], Text: x.Position().FEN()})
			needNumber = true
			return
		}
		text, ok := texts[x]
		if !ok {
			// The moves from one node are formatted together, from one
			// generation of its position.
			kids := x.Parent().Children()
			var moves []hexdame.Move
			var nodes []*hexdame.Node
			for _, k := range kids {
				if !k.IsSetup() {
					moves, nodes = append(moves, k.Move()), append(nodes, k)
				}
			}
			for i, s := range x.Before().FormatMoves(moves, n) {
				texts[nodes[i]] = s
			}
			text = texts[x]
		}
		idx := x.Ply() - 1
		if first == hexdame.Red {
			idx++
		}
		number := ""
		switch {
		case x.Before().SideToMove() == hexdame.White:
			number = strconv.Itoa(idx/2+1) + ". "
		case needNumber:
			number = strconv.Itoa(idx/2+1) + "... "
		}
		add(Item{Kind: "m", Node: ids[x], Text: number + text + x.Strength()})
		needNumber = false
	}, &visitor{
		notes: func(elems []hexdame.Element) {
			for _, e := range elems {
				if e.Kind == hexdame.NAGElement {
					add(Item{Kind: "n", NAG: e.NAG})
				} else {
					add(Item{Kind: "c", Text: e.Text})
					needNumber = true // as the Writer numbers a move after a comment
				}
			}
		},
		open:  func() { add(Item{Kind: "("}); needNumber = true },
		close: func() { add(Item{Kind: ")"}); needNumber = true },
	})
	return t
}
