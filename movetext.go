package hexdame

import (
	"errors"
	"iter"
	"strconv"
	"strings"
)

// A MovetextItem is one step of a walk of a movetext (Game.Movetext,
// Record.Movetext), in the order a record writes it, with the move
// numbers a record writes: what a program needs to show a game's moves,
// comments and variations as a record has them. Writer writes the same
// steps.
type MovetextItem struct {
	// Element is the element: a move (Text as written, without its
	// Strength mark), a comment, a line comment, a NAG or a setup. An
	// element of Kind VariationElement starts a variation, whose items
	// follow one Depth deeper (its Variation is nil); the variation ends
	// where an item is less deep, or at the end of the walk.
	Element
	// Depth is how deep in variations the item is: 0 for the main line.
	Depth int
	// Number is the move number indication a record writes before a
	// move: "12." before each of White's moves, and "12..." before one of
	// Red's where the PGN standard asks for one (section 8.2.2.2, which
	// PDN follows): at the start of the movetext or of a variation, and
	// after an annotation (a comment, a line comment or a NAG), a
	// variation or a setup. It is "" where none is written, and for every
	// other element.
	Number string
	// Node is the node of a move or setup in a walk of a Game, and nil
	// otherwise.
	Node *Node
}

// Movetext returns an iterator over the game's movetext in notation n, in
// the order a record writes it (Writer.WriteGame writes these steps): the
// annotations before the first move, then each move of the main line with
// its annotations, each followed by the variations that are alternatives
// to it, nested as deep as they are. A move's text is the one FormatMove
// gives, from one generation of the legal moves of its position for all
// the moves from it. Variations nested deeper than MaxVariationDepth,
// which only a program adding them can make, are left out. A nil *Game
// has an empty movetext.
func (g *Game) Movetext(n Notation) iter.Seq[MovetextItem] {
	return func(yield func(MovetextItem) bool) {
		if g == nil {
			return
		}
		g.walk(n, &itemSink{yield: yield})
	}
}

// Movetext returns an iterator over the elements of the record's
// movetext, in the order of the text, with their move numbers as a
// Writer writes them (counted from the side to move of the record's FEN
// tag). The walk stops at a variation nested deeper than
// MaxVariationDepth, which only a record built by a program can hold (a
// Reader refuses it). A nil record has an empty movetext.
func (rec *Record) Movetext() iter.Seq[MovetextItem] {
	return func(yield func(MovetextItem) bool) {
		if rec != nil {
			walkRecord(rec, &itemSink{yield: yield})
		}
	}
}

// errStop stops a walk whose consumer wants no more items.
var errStop = errors.New("stop")

// An itemSink is the recordSink that turns a walk into MovetextItems.
type itemSink struct {
	yield    func(MovetextItem) bool
	number   numbering
	started  bool // the movetext has started: its numbering is set
	sawFEN   bool
	redFirst bool
	depth    int
	node     *Node // the node of the next move or setup, from a game's walk
	buf      []byte
}

func (s *itemSink) begin(game, line int) {}

func (s *itemSink) tag(name, value string, at textPos) error {
	if name == "FEN" && !s.sawFEN {
		s.sawFEN = true
		s.redFirst = fenRedFirst(value)
	}
	return nil
}

// setNode is told, by a game's walk, the node of the move or setup it
// passes next.
func (s *itemSink) setNode(x *Node) { s.node = x }

func (s *itemSink) element(e *Element) error {
	if !s.started {
		s.started = true
		s.number.start(s.redFirst)
	}
	it := MovetextItem{Element: *e, Depth: s.depth}
	switch e.Kind {
	case MoveElement:
		s.buf = s.number.move(s.buf[:0])
		it.Number = string(s.buf)
		it.Node, s.node = s.node, nil
	case SetupElement:
		s.number.setup(e.Text)
		it.Node, s.node = s.node, nil
	default:
		s.number.annotation()
	}
	if !s.yield(it) {
		return errStop
	}
	return nil
}

func (s *itemSink) open(at textPos) error {
	if !s.started {
		s.started = true
		s.number.start(s.redFirst)
	}
	if !s.yield(MovetextItem{Element: Element{Kind: VariationElement, Line: at.line, Column: at.col}, Depth: s.depth}) {
		return errStop
	}
	s.number.open()
	s.depth++
	return nil
}

func (s *itemSink) close() error {
	s.number.close()
	s.depth--
	return nil
}

func (s *itemSink) end(result string, at textPos) error { return nil }

// fenRedFirst reports whether a FEN tag's value has Red to move.
func fenRedFirst(value string) bool {
	v := strings.TrimSpace(value)
	return strings.HasPrefix(v, "B") || strings.HasPrefix(v, "b")
}

// numbering keeps the move numbers of a movetext as a record writes them
// (see MovetextItem.Number): a line for the main line and one for each
// variation open.
type numbering struct {
	lines []numberLine
}

// A numberLine is the numbering of the main line or of a variation.
type numberLine struct {
	ply, before int  // the ply of the next move, and of the last move: even for White's
	needNumber  bool // the next Red move needs "N..."
	filled      bool // the line has an element
}

// start begins the main line, with Red's move first when redFirst.
func (nb *numbering) start(redFirst bool) {
	ply := 0
	if redFirst {
		ply = 1
	}
	nb.lines = append(nb.lines[:0], numberLine{ply: ply, before: ply, needNumber: true})
}

func (nb *numbering) line() *numberLine { return &nb.lines[len(nb.lines)-1] }

// move appends the number indication of the line's next move to dst, or
// nothing where none is written, and counts the move.
func (nb *numbering) move(dst []byte) []byte {
	l := nb.line()
	switch {
	case l.ply%2 == 0:
		dst = append(strconv.AppendInt(dst, int64(l.ply/2+1), 10), '.')
	case l.needNumber:
		dst = append(strconv.AppendInt(dst, int64(l.ply/2+1), 10), "..."...)
	}
	l.needNumber, l.filled = false, true
	l.before = l.ply
	l.ply++
	return dst
}

// annotation counts a comment, line comment or NAG: the next Red move
// needs its number.
func (nb *numbering) annotation() {
	l := nb.line()
	l.needNumber, l.filled = true, true
}

// setup counts a setup of the position in text (FEN "..."): the next move
// is the side to move's.
func (nb *numbering) setup(text string) {
	l := nb.line()
	if p, err := parseSetup(text); err == nil && int(p.SideToMove()) != l.ply%2 {
		l.ply++
	}
	l.before = l.ply
	l.needNumber, l.filled = true, true
}

// open starts a variation: an alternative to the line's last move.
func (nb *numbering) open() {
	l := nb.line()
	l.filled = true
	nb.lines = append(nb.lines, numberLine{ply: l.before, before: l.before, needNumber: true})
}

// close ends the innermost variation and reports whether it had an
// element.
func (nb *numbering) close() (filled bool) {
	filled = nb.line().filled
	nb.lines = nb.lines[:len(nb.lines)-1]
	nb.line().needNumber = true
	return filled
}
