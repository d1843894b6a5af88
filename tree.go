package hexdame

import (
	"encoding/binary"
	"iter"
	"slices"
	"strings"
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
// Game's main line (End, Position, Outcome) up to date. A node that Remove
// or Game.Undo takes out of the tree, or that was in a tree a
// Game.UnmarshalJSON replaced, is detached: its reading methods still
// describe it as it was, and its edits return an error wrapping
// ErrInvalid. The methods of a nil *Node read as those of a detached
// node with no move.
type Node struct {
	game     *Game
	parent   *Node
	children []*Node
	first    [1]*Node       // children's first array, so that one child costs no allocation
	move     Move           // zero at the root and at a setup
	pos      packedPosition // the position reached
	ply      int            // moves from the start of the game
	setup    bool           // a setup; at the root: the record's movetext starts with one
	detached bool           // taken out of its game's tree
	notes    *nodeNotes     // nil when the node has no annotations
}

// nodeNotes are a node's annotations: comments, line comments and NAGs
// (CommentElement, LineCommentElement and NAGElement elements) written
// before its move, after it, and after its variations.
type nodeNotes struct {
	strength            string
	before, after, tail noteList
}

// A note is one annotation: the kind, text and NAG of an Element.
type note struct {
	text string
	nag  int
	kind ElementKind
}

// noteOf returns the note of annotation e (a comment, line comment or
// NAG).
func noteOf(e *Element) note { return note{text: e.Text, nag: e.NAG, kind: e.Kind} }

// element returns the annotation as an Element.
func (x note) element() Element { return Element{Kind: x.kind, Text: x.text, NAG: x.nag} }

// A noteList holds annotations in the order of the record, in the memory
// of their text, as a record may hold a million of them: each is its kind
// (one byte), then for a NAG its number, for a comment or line comment
// the length of its text (uvarints) and the text. An empty line comment
// takes two bytes, where a note takes 32 and an Element 88.
type noteList []byte

// add returns l with x appended.
func (l noteList) add(x note) noteList {
	l = append(l, byte(x.kind))
	if x.kind == NAGElement {
		return binary.AppendUvarint(l, uint64(x.nag))
	}
	l = binary.AppendUvarint(l, uint64(len(x.text)))
	return append(l, x.text...)
}

// all returns an iterator over the notes of l.
func (l noteList) all() iter.Seq[note] {
	return func(yield func(note) bool) {
		for i := 0; i < len(l); {
			x := note{kind: ElementKind(l[i])}
			v, n := binary.Uvarint(l[i+1:])
			i += 1 + n
			if x.kind == NAGElement {
				x.nag = int(v)
			} else {
				x.text = string(l[i : i+int(v)])
				i += int(v)
			}
			if !yield(x) {
				return
			}
		}
	}
}

// without returns the notes of l but those del reports, in a new list.
func (l noteList) without(del func(note) bool) noteList {
	var out noteList
	for x := range l.all() {
		if !del(x) {
			out = out.add(x)
		}
	}
	return out
}

// appendElements appends the notes to dst as Elements.
func appendElements(dst []Element, l noteList) []Element {
	for x := range l.all() {
		dst = append(dst, x.element())
	}
	return dst
}

var errDetached = &gameError{err: ErrInvalid, what: "node not in its game's tree", msg: "the node was taken out of the tree (Remove or Undo), or is nil"}

// editable returns nil when n can be edited: it is a node of its game's
// tree.
func (n *Node) editable() error {
	if n == nil || n.detached {
		return errDetached
	}
	return nil
}

// detach marks n and every node after it as taken out of the tree. It
// walks the subtree without recursion; each node is detached once, so the
// work is paid for by the nodes' creation.
func (n *Node) detach() {
	stack := []*Node{n}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if x.detached {
			continue
		}
		x.detached = true
		stack = append(stack, x.children...)
	}
}

// Parent returns the node before n, or nil for the root and for the
// first node of a removed subtree.
func (n *Node) Parent() *Node {
	if n == nil {
		return nil
	}
	return n.parent
}

// Move returns the move that leads to n: the zero Move at the root and at
// a setup.
func (n *Node) Move() Move {
	if n == nil {
		return Move{}
	}
	return n.move
}

// IsSetup reports whether n is a setup: a position that replaces the
// one before it, with no move.
func (n *Node) IsSetup() bool { return n != nil && n.setup && n.parent != nil }

// IsInTree reports whether n is a node of its game's tree: false for a
// detached or nil node.
func (n *Node) IsInTree() bool { return n != nil && !n.detached }

// Position returns the position at n: after its move, or the setup's
// (StartPosition for a nil *Node).
func (n *Node) Position() Position {
	if n == nil {
		return StartPosition()
	}
	return n.pos.unpack()
}

// Ply returns the number of moves from the start of the game to n.
func (n *Node) Ply() int {
	if n == nil {
		return 0
	}
	return n.ply
}

// Children returns the nodes that follow n: the main continuation first,
// then the variations. The slice is a copy.
func (n *Node) Children() []*Node {
	if n == nil {
		return nil
	}
	return slices.Clone(n.children)
}

// Next returns n's main continuation, or nil at the end of a line.
func (n *Node) Next() *Node {
	if n == nil || len(n.children) == 0 {
		return nil
	}
	return n.children[0]
}

// isMainline reports whether n is on the game's main line: the root, or a
// first child of a node on the main line. A detached node is on no line.
func (n *Node) isMainline() bool {
	if !n.IsInTree() {
		return false
	}
	for ; n.parent != nil; n = n.parent {
		if len(n.parent.children) == 0 || n.parent.children[0] != n {
			return false
		}
	}
	return true
}

// Mainline returns an iterator over the nodes that follow n through
// first children: its main continuation, that node's, and so on to the
// end of the line. From the game's root it gives the main line.
func (n *Node) Mainline() iter.Seq[*Node] { return n.mainLine() }

// mainLine yields the nodes after n along first children.
func (n *Node) mainLine() iter.Seq[*Node] {
	return func(yield func(*Node) bool) {
		for c := n.Next(); c != nil; c = c.Next() {
			if !yield(c) {
				return
			}
		}
	}
}

// Outcome returns how the rules have the game stand at n: the side to
// move without a legal move has lost, a position occurring for the third
// time on the way from the root to n is a draw, and the game's draw rules
// apply. Results the players recorded are not part of it (Game.Outcome
// adds them at the end of the main line). A nil *Node is not over.
func (n *Node) Outcome() Outcome {
	if n == nil {
		return Outcome{NoResult, NotOver}
	}
	p := n.Position()
	// The positions that n's can repeat: back to the last capture, man
	// move or setup.
	reps, kingPlies := 1, 0
	for x := n; x.parent != nil && !x.setup && x.parent.pos.isReversible(x.move); x = x.parent {
		kingPlies++
		if x.parent.pos == n.pos {
			reps++
		}
	}
	var rules DrawRules
	if n.game != nil {
		rules = n.game.rules
	}
	return rulesOutcome(&p, reps, kingPlies, rules)
}

// AddMove adds move m, which must be legal in n's position, after n: as
// its main continuation if it has none, else as a variation, after the
// others. If m already follows n, AddMove returns that node. An illegal
// move gives the *MoveError of Position.Play, a detached node an error
// wrapping ErrInvalid. A move after the end of the game (a position
// occurring a third time on the way to n, or a draw rule of the game) is
// added as a variation, which may explore it, but not as the main line's
// continuation: that gives an error wrapping ErrGameOver, as Game.Play
// does.
func (n *Node) AddMove(m Move) (*Node, error) {
	if err := n.editable(); err != nil {
		return nil, err
	}
	for _, c := range n.children {
		if !c.setup && c.move == m {
			return c, nil
		}
	}
	next, err := n.Position().Play(m)
	if err != nil {
		return nil, err
	}
	if len(n.children) == 0 && n.isMainline() {
		// The move would go on the main line, which ends where the rules
		// end the game: no record could hold it.
		if o := n.Outcome(); o.IsOver() {
			return nil, &gameError{err: ErrGameOver, msg: "the game ended " + o.String() + "; a variation may go on, the main line may not"}
		}
	}
	return n.add(&Node{game: n.game, move: m, pos: next.pack(), ply: n.ply + 1}, true), nil
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

// Remove removes n, and all that follows it, from the tree; they are
// detached. Removing a node of the main line shortens it (or, for a main
// continuation with variations, makes the first variation the main
// continuation). The root, which cannot be removed, and a detached node
// give an error wrapping ErrInvalid.
func (n *Node) Remove() error {
	if err := n.editable(); err != nil {
		return err
	}
	p := n.parent
	if p == nil {
		return &gameError{err: ErrInvalid, what: "root node", msg: "the root cannot be removed"}
	}
	i := slices.Index(p.children, n)
	p.children = slices.Delete(p.children, i, i+1)
	n.parent = nil
	n.detach()
	if i == 0 && n.game != nil {
		n.game.dirty = true
	}
	return nil
}

// Promote moves n one place towards the front of its parent's children:
// a variation becomes the one before it, or the main continuation. It does
// nothing for a main continuation. The root, which has no place among
// siblings, and a detached node give an error wrapping ErrInvalid.
func (n *Node) Promote() error {
	if err := n.editable(); err != nil {
		return err
	}
	p := n.parent
	if p == nil {
		return &gameError{err: ErrInvalid, what: "root node", msg: "the root cannot be promoted"}
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
// of its parent, so that n is on the main line. The root is on it
// already; a detached node gives an error wrapping ErrInvalid.
func (n *Node) PromoteToMain() error {
	if err := n.editable(); err != nil {
		return err
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
	if n == nil || n.notes == nil {
		return ""
	}
	return n.notes.strength
}

// SetStrength sets the strength mark of n's move: "", or one PDN reads
// glued to a move: a run of !, ? and * ("!", "?!", "!!"), or one to six
// of ! and ? in parentheses ("(?)"), short enough that any move with it
// fits in one word of a record (1 MiB less 512 bytes). Another mark, and
// a detached node, give an error wrapping ErrInvalid.
func (n *Node) SetStrength(s string) error {
	if err := n.editable(); err != nil {
		return err
	}
	if !isStrength(s) || len(s) > maxStrengthLen {
		return &annotationError{what: "strength mark " + quoteClipped(s)}
	}
	n.note().strength = s
	return nil
}

// An annotationError reports an annotation a record cannot hold.
type annotationError struct{ what string }

func (e *annotationError) Error() string {
	return "invalid annotation: " + e.what
}

func (e *annotationError) Unwrap() error { return ErrInvalid }

// Comment returns the comments written after n's move, joined by a space.
func (n *Node) Comment() string {
	if n == nil || n.notes == nil {
		return ""
	}
	return joinComments(n.notes.after)
}

// joinComments returns the text of the comment elements, joined by a
// space.
func joinComments(notes noteList) string {
	var b strings.Builder
	for e := range notes.all() {
		if e.kind == CommentElement {
			if b.Len() > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(e.text)
		}
	}
	return b.String()
}

// SetComment replaces the comments after n's move with the comment text
// ("" removes them); at the root, which has no move, the comment goes
// before the game's first move, where a Reader reads it back. Text that
// a comment cannot hold (a "}", text that is not UTF-8 or longer than a
// record's limit) gives an error wrapping ErrInvalid, as does a detached
// node.
func (n *Node) SetComment(text string) error {
	if err := n.editable(); err != nil {
		return err
	}
	if what := textProblem("comment", text, "}"); what != "" {
		return &annotationError{what: what}
	}
	notes := n.note()
	notes.after = setComment(notes.after, text)
	return nil
}

// setComment returns notes with its comments replaced by text.
func setComment(notes noteList, text string) noteList {
	notes = notes.without(func(e note) bool { return e.kind == CommentElement })
	if text != "" {
		notes = notes.add(note{kind: CommentElement, text: text})
	}
	return notes
}

// NAGs returns the numeric annotation glyphs written after n's move, in
// order.
func (n *Node) NAGs() []int {
	if n == nil || n.notes == nil {
		return nil
	}
	var out []int
	for e := range n.notes.after.all() {
		if e.kind == NAGElement {
			out = append(out, e.nag)
		}
	}
	return out
}

// SetNAGs replaces the NAGs after n's move with nags, in order and each
// once (nil removes them). A NAG out of range gives an error wrapping
// ErrInvalid and changes nothing.
func (n *Node) SetNAGs(nags []int) error {
	if err := n.editable(); err != nil {
		return err
	}
	for _, nag := range nags {
		if what := nagProblem(nag); what != "" {
			return &annotationError{what: what}
		}
	}
	if n.notes == nil && len(nags) == 0 {
		return nil
	}
	notes := n.note()
	notes.after = notes.after.without(func(e note) bool { return e.kind == NAGElement })
	seen := make(map[int]bool, len(nags))
	for _, nag := range nags {
		if !seen[nag] {
			seen[nag] = true
			notes.after = notes.after.add(note{kind: NAGElement, nag: nag})
		}
	}
	return nil
}

func (n *Node) note() *nodeNotes {
	if n.notes == nil {
		n.notes = &nodeNotes{}
	}
	return n.notes
}
