package hexdame

import (
	"errors"
	"iter"
	"slices"
	"strconv"
)

// A Node is a point in a game's tree of moves: the move that leads there
// (none at the root), the position it reaches, the annotations a record
// gives around the move, and the moves that may follow. Its first child
// is the main continuation; the others are variations, alternatives to
// that first child. The main line runs from the game's root through first
// children.
//
// A node may also be a setup: a position that a record's movetext puts in
// place of the one reached (/FEN "..."/), with no move.
//
// Nodes belong to their Game: they are made by the Game (Play, reading a
// record) and by AddMove, and changed by their methods, which keep the
// Game's main line (End, Position, Outcome) up to date.
type Node struct {
	game     *Game
	parent   *Node
	children []*Node
	first    [1]*Node       // children's first array, so that one child costs no allocation
	move     Move           // zero at the root and at a setup
	pos      packedPosition // the position reached
	ply      int            // moves from the start of the game
	setup    bool           // a setup; at the root: the record's movetext starts with one
	notes    *nodeNotes     // nil when the node has no annotations
}

// nodeNotes are a node's annotations: comments, line comments and NAGs
// (CommentElement, LineCommentElement and NAGElement elements) written
// before its move, after it, and after its variations.
type nodeNotes struct {
	strength            string
	before, after, tail []Element
}

// Game returns the game the node belongs to.
func (n *Node) Game() *Game { return n.game }

// Parent returns the node before n, or nil for the root.
func (n *Node) Parent() *Node { return n.parent }

// Move returns the move that leads to n: the zero Move at the root and at
// a setup.
func (n *Node) Move() Move { return n.move }

// IsSetup reports whether n is a setup: a position that replaces the
// one before it, with no move.
func (n *Node) IsSetup() bool { return n.setup && n.parent != nil }

// Position returns the position at n: after its move, or the setup's.
func (n *Node) Position() Position { return n.pos.unpack() }

// Before returns the position n's move is played in: its parent's
// position (the start position for the root).
func (n *Node) Before() Position {
	if n.parent == nil {
		return n.Position()
	}
	return n.parent.Position()
}

// Ply returns the number of moves from the start of the game to n.
func (n *Node) Ply() int { return n.ply }

// Children returns the nodes that follow n: the main continuation first,
// then the variations. The slice is a copy.
func (n *Node) Children() []*Node { return slices.Clone(n.children) }

// Next returns n's main continuation, or nil at the end of a line.
func (n *Node) Next() *Node {
	if len(n.children) == 0 {
		return nil
	}
	return n.children[0]
}

// IsMainLine reports whether n is on the game's main line: the root, or a
// first child of a node on the main line.
func (n *Node) IsMainLine() bool {
	for ; n.parent != nil; n = n.parent {
		if n.parent.children[0] != n {
			return false
		}
	}
	return true
}

// Line returns an iterator over the nodes from n on through first
// children: n, its main continuation, and so on to the end of n's line.
func (n *Node) Line() iter.Seq[*Node] {
	return func(yield func(*Node) bool) {
		for ; n != nil; n = n.Next() {
			if !yield(n) {
				return
			}
		}
	}
}

// mainLine yields the nodes after the root along the main line.
func (n *Node) mainLine() iter.Seq[*Node] {
	return func(yield func(*Node) bool) {
		for c := n.Next(); c != nil; c = c.Next() {
			if !yield(c) {
				return
			}
		}
	}
}

// ErrNotInTree is wrapped by the errors returned for an edit of the tree
// that it cannot take: removing or promoting the root, or adding to a
// node of another game.
var ErrNotInTree = errors.New("not an edit of the game's tree")

// AddMove adds move m, which must be legal in n's position, after n: as
// its main continuation if it has none, else as a variation, after the
// others. If m already follows n, AddMove returns that node. An illegal
// move gives the *MoveError of Position.Play; a move after the end of the
// game (no legal move, or a position occurring a third time on the way
// to n) is still added: variations may explore it.
func (n *Node) AddMove(m Move) (*Node, error) {
	for _, c := range n.children {
		if !c.setup && c.move == m {
			return c, nil
		}
	}
	next, err := n.Position().Play(m)
	if err != nil {
		return nil, err
	}
	return n.add(&Node{game: n.game, move: m, pos: next.pack(), ply: n.ply + 1}, true), nil
}

// AddMoveText reads a move with Position.ParseMove in n's position and
// adds it with AddMove.
func (n *Node) AddMoveText(s string) (*Node, error) {
	m, err := n.Position().ParseMove(s)
	if err != nil {
		return nil, err
	}
	return n.AddMove(m)
}

// add appends child c to n's children and returns it; edit says whether
// the game's main line must be brought up to date.
func (n *Node) add(c *Node, edit bool) *Node {
	c.parent = n
	if len(n.children) == 0 {
		n.first[0] = c
		n.children = n.first[:1:1]
		if edit && n.game != nil {
			n.game.dirty = true
		}
		return c
	}
	n.children = append(n.children, c)
	return c
}

// addMain adds c as n's main continuation, before the variations that a
// record gave before it.
func (n *Node) addMain(c *Node) *Node {
	n.add(c, false)
	if len(n.children) > 1 {
		copy(n.children[1:], n.children[:len(n.children)-1])
		n.children[0] = c
	}
	return c
}

// Remove removes n, and all that follows it, from the tree. Removing a
// node of the main line shortens it (or, for a main continuation with
// variations, makes the first variation the main continuation). The root
// cannot be removed.
func (n *Node) Remove() error {
	p := n.parent
	if p == nil {
		return &gameError{err: ErrNotInTree, msg: "the root cannot be removed"}
	}
	i := slices.Index(p.children, n)
	if i < 0 {
		return &gameError{err: ErrNotInTree, msg: "the node was removed already"}
	}
	p.children = slices.Delete(p.children, i, i+1)
	n.parent = nil
	if i == 0 && n.game != nil {
		n.game.dirty = true
	}
	return nil
}

// Promote moves n one place towards the front of its parent's children:
// a variation becomes the one before it, or the main continuation. It does
// nothing for a main continuation, and gives an error for the root.
func (n *Node) Promote() error {
	p := n.parent
	if p == nil {
		return &gameError{err: ErrNotInTree, msg: "the root cannot be promoted"}
	}
	i := slices.Index(p.children, n)
	if i > 0 {
		p.children[i-1], p.children[i] = p.children[i], p.children[i-1]
		if i == 1 && n.game != nil {
			n.game.dirty = true
		}
	}
	return nil
}

// PromoteToMain makes n, and each node before it, the main continuation
// of its parent, so that n is on the main line.
func (n *Node) PromoteToMain() error {
	if n.parent == nil {
		return &gameError{err: ErrNotInTree, msg: "the root cannot be promoted"}
	}
	for c := n; c.parent != nil; c = c.parent {
		p := c.parent
		if i := slices.Index(p.children, c); i > 0 {
			copy(p.children[1:i+1], p.children[:i])
			p.children[0] = c
			if c.game != nil {
				c.game.dirty = true
			}
		}
	}
	return nil
}

// Strength returns the strength mark of n's move ("!", "?", "!?", ...), or
// "".
func (n *Node) Strength() string {
	if n.notes == nil {
		return ""
	}
	return n.notes.strength
}

// SetStrength sets the strength mark of n's move: "", or one PDN reads
// glued to a move (one to six of ! and ?, or those in parentheses as in
// "(?)"; "*" too). Another mark gives an error wrapping ErrInvalidRecord.
func (n *Node) SetStrength(s string) error {
	if !isStrength(s) {
		return &recordError{what: "strength mark " + quoteClipped(s)}
	}
	n.note().strength = s
	return nil
}

// Comment returns the comments written after n's move, joined by a space.
func (n *Node) Comment() string {
	if n.notes == nil {
		return ""
	}
	var out string
	for _, e := range n.notes.after {
		if e.Kind == CommentElement {
			if out != "" {
				out += " "
			}
			out += e.Text
		}
	}
	return out
}

// SetComment replaces the comments after n's move with the comment text
// ("" removes them). Text that a comment cannot hold (a "}", text that is
// not UTF-8 or longer than 1 MiB) gives an error wrapping
// ErrInvalidRecord.
func (n *Node) SetComment(text string) error {
	if what := textProblem("comment", text, "}"); what != "" {
		return &recordError{what: what}
	}
	notes := n.note()
	notes.after = slices.DeleteFunc(notes.after, func(e Element) bool { return e.Kind == CommentElement })
	if text != "" {
		notes.after = append(notes.after, Element{Kind: CommentElement, Text: text})
	}
	return nil
}

// NAGs returns the numeric annotation glyphs written after n's move.
func (n *Node) NAGs() []int {
	if n.notes == nil {
		return nil
	}
	var out []int
	for _, e := range n.notes.after {
		if e.Kind == NAGElement {
			out = append(out, e.NAG)
		}
	}
	return out
}

// AddNAG adds a numeric annotation glyph ($n) after n's move. A NAG must be
// a number of at most 9 digits; another gives an error wrapping
// ErrInvalidRecord.
func (n *Node) AddNAG(nag int) error {
	if nag < 0 || nag > 999_999_999 {
		return &recordError{what: "NAG " + strconv.Itoa(nag) + " is not a number of at most 9 digits"}
	}
	notes := n.note()
	notes.after = append(notes.after, Element{Kind: NAGElement, NAG: nag})
	return nil
}

// Annotations returns the comments, line comments and NAGs of the record
// around n's move, as elements: those written before the move, after it,
// and after the variations that follow it (which a record has only at the
// end of a line). The slices are copies.
func (n *Node) Annotations() (before, after, tail []Element) {
	if n.notes == nil {
		return nil, nil, nil
	}
	return slices.Clone(n.notes.before), slices.Clone(n.notes.after), slices.Clone(n.notes.tail)
}

func (n *Node) note() *nodeNotes {
	if n.notes == nil {
		n.notes = &nodeNotes{}
	}
	return n.notes
}

// fixOwner points the tree's nodes at g, after g was copied from another
// Game value: the root is part of the Game, so its children's parent, and
// every node's game, must be set again. It walks the tree without
// recursion, as a main line may be a million moves long.
func (g *Game) fixOwner() {
	g.root.parent = nil
	if len(g.root.children) == 1 {
		g.root.first[0] = g.root.children[0]
		g.root.children = g.root.first[:1:1]
	}
	stack := []*Node{&g.root}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		n.game = g
		for _, c := range n.children {
			c.parent = n
			stack = append(stack, c)
		}
	}
	g.end = &g.root
	for len(g.end.children) > 0 {
		g.end = g.end.children[0]
	}
}
