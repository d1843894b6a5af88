package hexdame

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// An oracle of the capture paths the package prints: a small hop-by-hop
// checker written from RULES.md alone. It knows the board only as files,
// ranks and the six steps between neighbors, reads the printed text
// itself (algebraic or numeric, with RULES.md's numbering), and uses
// nothing of the package but Piece, CellAt and the cells of a Move to see
// the position and the move. path_test.go checks every path the package
// prints against it; TestHopChecker checks the checker.

// hopSquare is a cell as RULES.md names it: file index and rank index,
// 0..8 each, with |f-r| <= 4.
type hopSquare struct{ f, r int }

func (s hopSquare) onBoard() bool {
	return s.f >= 0 && s.f < 9 && s.r >= 0 && s.r < 9 && s.f-s.r <= 4 && s.r-s.f <= 4
}

func (s hopSquare) String() string { return fmt.Sprintf("%c%d", 'a'+s.f, s.r+1) }

// hopSteps are RULES.md's six directions as (file, rank) steps.
var hopSteps = [6]hopSquare{{1, 1}, {1, 0}, {0, 1}, {-1, -1}, {-1, 0}, {0, -1}}

// hopNumbers maps RULES.md's numeric names to squares: the cells in the
// reading order of the standard diagram, top row first (a row holds the
// cells of equal f+r, the top one f+r = 16), left to right (file
// ascending).
var hopNumbers = func() map[int]hopSquare {
	var all []hopSquare
	for f := range 9 {
		for r := range 9 {
			if s := (hopSquare{f, r}); s.onBoard() {
				all = append(all, s)
			}
		}
	}
	slices.SortFunc(all, func(a, b hopSquare) int {
		if a.f+a.r != b.f+b.r {
			return (b.f + b.r) - (a.f + a.r)
		}
		return a.f - b.f
	})
	out := map[int]hopSquare{}
	for i, s := range all {
		out[i+1] = s
	}
	return out
}()

// parseHopText splits printed move text ("c3xe5xg5", "49x31x22", "d4-e5")
// into squares, and reports whether it is written as a capture.
func parseHopText(text string) (squares []hopSquare, capture bool, err error) {
	var parts []string
	switch {
	case strings.Contains(text, "x"):
		parts, capture = strings.Split(text, "x"), true
	case strings.Count(text, "-") == 1:
		parts = strings.Split(text, "-")
	default:
		return nil, false, fmt.Errorf("%q is not written as a move", text)
	}
	for _, p := range parts {
		var s hopSquare
		if n, err := strconv.Atoi(p); err == nil {
			var ok bool
			if s, ok = hopNumbers[n]; !ok {
				return nil, false, fmt.Errorf("%q: no square %d", text, n)
			}
		} else if len(p) == 2 && p[0] >= 'a' && p[0] <= 'i' && p[1] >= '1' && p[1] <= '9' {
			s = hopSquare{int(p[0] - 'a'), int(p[1] - '1')}
		} else {
			return nil, false, fmt.Errorf("%q: %q is no square", text, p)
		}
		if !s.onBoard() {
			return nil, false, fmt.Errorf("%q: %q is off the board", text, p)
		}
		squares = append(squares, s)
	}
	return squares, capture, nil
}

// hopBoard is the position as the checker sees it: what stands on each
// square ('w' and 'r' men, 'W' and 'R' kings) and who is to move.
type hopBoard struct {
	pieces map[hopSquare]byte
	side   byte // 'w' or 'r'
}

func hopBoardOf(p Position) hopBoard {
	b := hopBoard{pieces: map[hopSquare]byte{}, side: 'w'}
	if p.SideToMove() == Red {
		b.side = 'r'
	}
	for s := range hopNumbers {
		sq := hopNumbers[s]
		c, _ := CellAt(sq.f, sq.r)
		switch p.Piece(c) {
		case WhiteMan:
			b.pieces[sq] = 'w'
		case WhiteKing:
			b.pieces[sq] = 'W'
		case RedMan:
			b.pieces[sq] = 'r'
		case RedKing:
			b.pieces[sq] = 'R'
		}
	}
	return b
}

func hopSquareOf(c Cell) hopSquare { return hopSquare{c.File(), c.Rank()} }

// hopCapture is a capture as the checker replayed it: start, end and the
// squares of the pieces taken.
type hopCapture struct {
	from, to hopSquare
	taken    map[hopSquare]bool
}

// replay plays the written squares of a capture hop by hop, by RULES.md:
// between two written squares the piece moves along one line, and every
// piece it meets on the way is an enemy piece not yet taken, with an empty
// square right behind it (a man jumps an adjacent piece onto the square
// beyond; a king crosses empty squares, one piece, and lands on an empty
// square behind it, so a straight stretch may hold several hops). Taken
// pieces stay on the board until the end: they block and cannot be jumped
// again. The square the piece started from counts as empty. oneHop asks
// that each stretch hold exactly one piece (a path written with every
// landing square). At the end the piece must be unable to capture on.
func (b hopBoard) replay(squares []hopSquare, oneHop bool) (hopCapture, error) {
	from := squares[0]
	mover, ok := b.pieces[from]
	if !ok || mover|0x20 != b.side {
		return hopCapture{}, fmt.Errorf("no piece of the side to move on %v", from)
	}
	king := mover < 'a'
	enemy := func(s hopSquare) bool { x, ok := b.pieces[s]; return ok && s != from && x|0x20 != b.side }
	empty := func(s hopSquare) bool { _, ok := b.pieces[s]; return s.onBoard() && (!ok || s == from) }
	taken := map[hopSquare]bool{}
	at := from
	for i, to := range squares[1:] {
		step, n := hopStepTo(at, to)
		if n == 0 {
			return hopCapture{}, fmt.Errorf("stretch %d: %v to %v is not along a line", i+1, at, to)
		}
		pieces := 0
		for k, s := 1, at; k <= n; k++ {
			s = hopSquare{s.f + step.f, s.r + step.r}
			if empty(s) {
				if !king && k%2 == 1 {
					return hopCapture{}, fmt.Errorf("man's stretch %v-%v: %v, next to it, is empty", at, to, s)
				}
				continue
			}
			if !enemy(s) || taken[s] {
				return hopCapture{}, fmt.Errorf("stretch %v-%v meets %v, which cannot be jumped", at, to, s)
			}
			if !king && k%2 == 0 {
				return hopCapture{}, fmt.Errorf("man's stretch %v-%v lands on %v", at, to, s)
			}
			behind := hopSquare{s.f + step.f, s.r + step.r}
			if k == n || !empty(behind) {
				return hopCapture{}, fmt.Errorf("stretch %v-%v: no empty square behind %v", at, to, s)
			}
			taken[s] = true
			pieces++
		}
		if pieces == 0 {
			return hopCapture{}, fmt.Errorf("stretch %v-%v jumps no piece", at, to)
		}
		if oneHop && pieces != 1 {
			return hopCapture{}, fmt.Errorf("hop %v-%v jumps %d pieces", at, to, pieces)
		}
		if !king && n != 2*pieces {
			return hopCapture{}, fmt.Errorf("man's stretch %v-%v does not land right behind each piece", at, to)
		}
		at = to
	}
	// The sequence is over only when no capture goes on from its end.
	for _, d := range hopSteps {
		s := hopSquare{at.f + d.f, at.r + d.r}
		for king && empty(s) {
			s = hopSquare{s.f + d.f, s.r + d.r}
		}
		if enemy(s) && !taken[s] && empty(hopSquare{s.f + d.f, s.r + d.r}) {
			return hopCapture{}, fmt.Errorf("the capture could go on from %v over %v", at, s)
		}
	}
	return hopCapture{from: from, to: at, taken: taken}, nil
}

// hopStepTo returns the unit step from a towards b and the number of steps,
// or n = 0 when b is not on a line from a.
func hopStepTo(a, b hopSquare) (step hopSquare, n int) {
	df, dr := b.f-a.f, b.r-a.r
	for _, d := range hopSteps {
		for k := 1; k <= 8; k++ {
			if d.f*k == df && d.r*k == dr {
				return d, k
			}
		}
	}
	return hopSquare{}, 0
}

// checkPrinted checks text, printed by the package for move m of p (legal
// in p, among the legal moves legal): a non-capture is "from-to"; a
// capture is written either in the short form "fromxto", which only an
// unambiguous move may use, or as its start, landing squares and end,
// which must replay hop by hop, capture exactly m's pieces and end on m's
// end. full asks for every landing square (Path, MovePath.Format): one
// piece per hop.
func checkPrinted(b hopBoard, m Move, legal []Move, text string, full bool) error {
	squares, capture, err := parseHopText(text)
	if err != nil {
		return err
	}
	from, to := hopSquareOf(m.From()), hopSquareOf(m.To())
	if squares[0] != from || squares[len(squares)-1] != to {
		return fmt.Errorf("%q does not run from %v to %v", text, from, to)
	}
	if capture != m.IsCapture() {
		return fmt.Errorf("%q: capture written as %v, is %v", text, capture, m.IsCapture())
	}
	if !capture {
		if len(squares) != 2 {
			return fmt.Errorf("%q: a non-capture with landing squares", text)
		}
		return nil
	}
	if len(squares) == 2 && !full {
		shared := 0
		for _, o := range legal {
			if o.From() == m.From() && o.To() == m.To() {
				shared++
			}
		}
		if shared == 1 {
			return nil // the short form of an unambiguous capture
		}
	}
	if full && len(squares) != m.Captured().Len()+1 {
		return fmt.Errorf("%q: %d squares for %d captured pieces", text, len(squares), m.Captured().Len())
	}
	got, err := b.replay(squares, full)
	if err != nil {
		return fmt.Errorf("%q: %v", text, err)
	}
	want := map[hopSquare]bool{}
	for c := range m.Captured().All() {
		want[hopSquareOf(c)] = true
	}
	if len(got.taken) != len(want) {
		return fmt.Errorf("%q takes %d pieces, the move %d", text, len(got.taken), len(want))
	}
	for s := range want {
		if !got.taken[s] {
			return fmt.Errorf("%q does not take %v", text, s)
		}
	}
	if !full && len(squares) > 2 {
		// Written with only the squares where the path turns: each must
		// be a turn.
		for i := 1; i+1 < len(squares); i++ {
			d1, _ := hopStepTo(squares[i-1], squares[i])
			d2, _ := hopStepTo(squares[i], squares[i+1])
			if d1 == d2 && len(squares) != m.Captured().Len()+1 {
				return fmt.Errorf("%q: no turn at %v", text, squares[i])
			}
		}
	}
	return nil
}

// checkPathCells checks path, the cells of m, a legal move of p, from its
// start to its end through every landing cell (MovePath.Cells): the
// checker reads it as a path written in full.
func checkPathCells(p Position, m Move, path []Cell) error {
	var cells []string
	for _, c := range path {
		cells = append(cells, c.String())
	}
	sep := "-"
	if m.IsCapture() {
		sep = "x"
	}
	return checkPrinted(hopBoardOf(p), m, nil, strings.Join(cells, sep), true)
}

// The checker itself takes what RULES.md allows and refuses what it
// forbids.
func TestHopChecker(t *testing.T) {
	for _, tc := range []struct {
		fen, squares string
		full, ok     bool
	}{
		{"W:WKe5,c3:Bd5,b4,f6,e3", "e5xc5xa3", true, true},
		{"W:WKe5,c3:Bd5,b4,f6,e3", "e5xc5", true, false},       // it could go on over b4
		{"W:WKe5,c3:Bd5,b4,f6,e3", "e5xb5", true, false},       // over b4 too
		{"W:WKe5,c3:Bd5,b4,f6,e3", "e5xb2", true, false},       // c3 is White's
		{"W:WKe5,c3:Bd5,b4,f6,e3", "e5xc5xe5", true, false},    // d5 twice
		{"W:WKe5,c3:Bd5,b4,f6,e3", "e5xe3", true, false},       // lands on e3
		{"W:WKe5,c3:Bd5,b4,f6,e3", "e5xc5xa3xa1", true, false}, // a3-a1 jumps nothing
		{"W:Wc3:Be3", "c3xf3", true, false},                    // a man does not fly
		{"W:Wc3:Bd3", "c3xe3", true, true},
		{"W:Wc3:Bd3,f3", "c3xg3", false, true}, // two jumps along one line
		{"W:Wc3:Bd3,f3", "c3xg3", true, false}, // but not as one hop
		// Issue 19: the path a changed path search printed for this
		// move passes d5 (b3-g8), taken three hops before.
		{"B:Wa4,b1,b4,c2,c4,d1,d5,e3,f4,h8:BKa5,h5", "a5xa1xc1xc3xf3xf5xb5xb3xg8xi8", true, false},
		{"B:Wa4,b1,b4,c2,c4,d1,d5,e3,f4,h8:BKa5,h5", "a5xa1xc1xc3xc5xf5xf3xa3xf8xi8", true, true},
		{"B:Wa4,b1,b4,c2,c4,d1,d5,e3,f4,h8:BKa5,h5", "a5xa1xc1xc5xf5xf3xa3xf8xi8", false, true},
		{"B:Wa4,b1,b4,c2,c4,d1,d5,e3,f4,h8:BKa5,h5", "a5xa1xc1xc5xf5xf3xa3xf8xi8", true, false},
	} {
		squares, _, err := parseHopText(tc.squares)
		if err != nil {
			t.Fatal(err)
		}
		_, err = hopBoardOf(MustParseFEN(tc.fen)).replay(squares, tc.full)
		if (err == nil) != tc.ok {
			t.Errorf("%s: %s (one hop a stretch: %v): %v, want ok %v", tc.fen, tc.squares, tc.full, err, tc.ok)
		}
	}
	if s, _, _ := parseHopText("1x31x61x59x60"); !slices.Equal(s, []hopSquare{{8, 8}, {4, 4}, {0, 0}, {0, 1}, {1, 0}}) {
		t.Errorf("numeric squares read as %v", s)
	}
}
