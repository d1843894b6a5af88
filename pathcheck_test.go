package hexdame

import (
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"pgregory.net/rapid"
)

// This file checks every capture path the package prints against a small
// hop-by-hop checker written from RULES.md alone: it knows the board only
// as files, ranks and the six steps between neighbours, reads the printed
// text itself (algebraic or numeric, with RULES.md's numbering), and uses
// nothing of the package but Piece, CellAt and the cells of a Move to see
// the position and the move.

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
// end. full asks for every landing square (Path, FormatMovePath): one
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

// checkPrintedPaths checks every path the package prints for the moves of
// p: Path, FormatMovePath and FormatMove in both notations, and the moves
// listed by the errors of ParseMove (an illegal move, and an ambiguous one
// when there is one).
func checkPrintedPaths(p Position) error {
	b := hopBoardOf(p)
	legal := p.LegalMoves()
	for _, m := range legal {
		var cells []string
		for _, c := range p.Path(m).Cells() {
			cells = append(cells, c.String())
		}
		sep := "-"
		if m.IsCapture() {
			sep = "x"
		}
		if err := checkPrinted(b, m, legal, strings.Join(cells, sep), true); err != nil {
			return fmt.Errorf("Path: %v", err)
		}
		for _, n := range []Notation{Algebraic, Numeric} {
			if err := checkPrinted(b, m, legal, p.Path(m).Format(n), true); err != nil {
				return fmt.Errorf("FormatMovePath: %v", err)
			}
			if err := checkPrinted(b, m, legal, p.FormatMove(m, n), false); err != nil {
				return fmt.Errorf("FormatMove: %v", err)
			}
		}
	}
	return checkListedMoves(p, b, legal)
}

// checkListedMoves checks the moves a MoveError lists, in both notations:
// each must be one of the legal moves, written as FormatMove writes it.
func checkListedMoves(p Position, b hopBoard, legal []Move) error {
	if len(legal) == 0 {
		return nil
	}
	var texts []string
	for _, n := range []Notation{Algebraic, Numeric} {
		// No legal move starts on an empty cell: the error lists them all.
		for c := range (AllCells &^ p.Pieces(White) &^ p.Pieces(Red)).All() {
			texts = append(texts, formatCell(c, n)+"-"+formatCell(c, n))
			break
		}
		for i, m := range legal {
			for _, o := range legal[i+1:] {
				if m.IsCapture() && o.From() == m.From() && o.To() == m.To() {
					texts = append(texts, formatCell(m.From(), n)+"x"+formatCell(m.To(), n))
				}
			}
		}
	}
	for _, text := range texts {
		_, err := p.ParseMove(text)
		me, ok := err.(*MoveError)
		if !ok {
			return fmt.Errorf("ParseMove(%q): %v, want a *MoveError", text, err)
		}
		detail := me.Detail()
		_, legalList, ok := strings.Cut(detail, "; legal: ")
		if !ok {
			return fmt.Errorf("ParseMove(%q): %q lists no legal moves", text, detail)
		}
		lists := []string{legalList}
		if _, rest, ok := strings.Cut(detail, "; candidates: "); ok {
			lists = append(lists, strings.TrimSuffix(rest, "; legal: "+legalList))
		}
		for _, list := range lists {
			items := strings.Split(list, ", ")
			if last := items[len(items)-1]; strings.Contains(last, " and ") {
				items[len(items)-1], _, _ = strings.Cut(last, " and ")
			}
			for _, item := range items {
				if err := checkListed(b, legal, item); err != nil {
					return fmt.Errorf("ParseMove(%q) lists %q: %v", text, item, err)
				}
			}
		}
	}
	return nil
}

// checkListed checks one listed move: it must name exactly one legal
// move, and be printed as that move's FormatMove would be.
func checkListed(b hopBoard, legal []Move, item string) error {
	squares, _, err := parseHopText(item)
	if err != nil {
		return err
	}
	var found []Move
	for _, m := range legal {
		if hopSquareOf(m.From()) != squares[0] || hopSquareOf(m.To()) != squares[len(squares)-1] {
			continue
		}
		if checkPrinted(b, m, legal, item, false) == nil {
			found = append(found, m)
		}
	}
	if len(found) != 1 {
		return fmt.Errorf("names %d legal moves", len(found))
	}
	return nil
}

// checkRecordPaths checks the moves of g's written record in notation n,
// played along the game's main line.
func checkRecordPaths(g *Game, n Notation) error {
	var texts []string
	for _, e := range recordOf(g, n).Body {
		if e.Kind == MoveElement {
			texts = append(texts, e.Text)
		}
	}
	played := playedMoves(g)
	if len(texts) != len(played) {
		return fmt.Errorf("%d moves written for %d played", len(texts), len(played))
	}
	for i, pm := range played {
		p := pm.Before
		if err := checkPrinted(hopBoardOf(p), pm.Move, p.LegalMoves(), texts[i], false); err != nil {
			return fmt.Errorf("%s, move %d: %v", p.String(), i+1, err)
		}
	}
	return nil
}

// kingCapturePosition draws a position where kings of the side to move
// meet many enemy pieces with room around them: long king captures with
// several paths. Most enemy pieces stand on one colour of the board's
// three-colouring (f+r the same modulo 3), where no two touch and each
// can be jumped along every line.
func kingCapturePosition() *rapid.Generator[Position] {
	return rapid.Custom(func(t *rapid.T) Position {
		var p Position
		side := Color(rapid.IntRange(0, 1).Draw(t, "side"))
		colour := rapid.IntRange(0, 2).Draw(t, "colour")
		var lattice []Cell
		for c := Cell(1); c <= NumCells; c++ {
			if (c.File()+c.Rank())%3 == colour {
				lattice = append(lattice, c)
			}
		}
		for range rapid.IntRange(4, 16).Draw(t, "enemies") {
			c := rapid.SampledFrom(lattice).Draw(t, "enemy")
			if rapid.IntRange(0, 4).Draw(t, "off the lattice") == 0 {
				c = Cell(rapid.IntRange(1, NumCells).Draw(t, "enemy cell"))
			}
			p = p.put(c, MakePiece(side.Opponent(), rapid.Bool().Draw(t, "enemy king")))
		}
		for range rapid.IntRange(1, 3).Draw(t, "kings") {
			p = p.put(Cell(rapid.IntRange(1, NumCells).Draw(t, "king")), MakePiece(side, true))
		}
		return p.WithSideToMove(side)
	})
}

// Every path the package prints replays, hop by hop, as a legal capture
// sequence of its move: on positions drawn at random, and on positions
// with long king captures (where a fault in a path search shows within a
// few dozen draws).
func TestPropertyPrintedPathsReplay(t *testing.T) {
	for name, gen := range map[string]*rapid.Generator[Position]{"any": anyPosition(), "king captures": kingCapturePosition()} {
		t.Run(name, rapid.MakeCheck(func(t *rapid.T) {
			for _, p := range rapid.SliceOfN(gen, 4, 4).Draw(t, "positions") {
				if err := checkPrintedPaths(p); err != nil {
					t.Fatalf("%s: %v", p.String(), err)
				}
			}
		}))
	}
}

// The same for the positions of random games and for their written
// records, in both notations.
func TestPrintedPathsOfRandomGames(t *testing.T) {
	const games = 100
	rng := rand.New(rand.NewPCG(4, 0x6865786461))
	for i := range games {
		g := randomGame(rng, 400)
		for _, n := range []Notation{Algebraic, Numeric} {
			if err := checkRecordPaths(g, n); err != nil {
				t.Fatalf("game %d, %v: %v", i+1, n, err)
			}
		}
		for _, pm := range playedMoves(g) {
			if pm.Move.Captured().Len() < 3 {
				continue // the long captures are the ones with several paths
			}
			if err := checkPrintedPaths(pm.Before); err != nil {
				t.Fatalf("game %d: %s: %v", i+1, pm.Before.String(), err)
			}
		}
	}
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

// checkMovePaths checks that LegalMovePaths gives LegalMoves in the same
// order, each with the path Path gives, and that the paths replay.
// Path's check of legality, a move generation per move, is skipped for
// the hostile positions (quick).
func checkMovePaths(p Position, quick bool) error {
	legal := p.LegalMoves()
	paths := p.LegalMovePaths()
	if len(paths) != len(legal) {
		return fmt.Errorf("%d paths for %d moves", len(paths), len(legal))
	}
	b := hopBoardOf(p)
	for i, mp := range paths {
		if mp.Move != legal[i] {
			return fmt.Errorf("path %d is of %v, move %d is %v", i, mp.Move, i, legal[i])
		}
		want := p.pathOf(mp.Move).Cells()
		if !quick {
			want = p.Path(mp.Move).Cells()
		}
		if !slices.Equal(mp.Cells(), want) {
			return fmt.Errorf("%v: path %v, Path gives %v", mp.Move, mp.Cells(), want)
		}
		for _, n := range []Notation{Algebraic, Numeric} {
			if quick && n == Numeric {
				continue
			}
			if got, want := mp.Format(n), p.Path(mp.Move).Format(n); got != want {
				return fmt.Errorf("%v: Format gives %q, FormatMovePath %q", mp.Move, got, want)
			}
		}
		if err := checkPrinted(b, mp.Move, legal, mp.String(), true); err != nil {
			return err
		}
	}
	return nil
}

// LegalMovePaths finds in one search the paths Path finds one by one.
func TestPropertyLegalMovePaths(t *testing.T) {
	for name, gen := range map[string]*rapid.Generator[Position]{"any": anyPosition(), "king captures": kingCapturePosition()} {
		t.Run(name, rapid.MakeCheck(func(t *rapid.T) {
			for _, p := range rapid.SliceOfN(gen, 4, 4).Draw(t, "positions") {
				if err := checkMovePaths(p, false); err != nil {
					t.Fatalf("%s: %v", p.String(), err)
				}
			}
		}))
	}
}

// On the hostile positions (all of them with HEXDAME_LONG=1).
func TestLegalMovePathsHostile(t *testing.T) {
	fens := append([]namedFEN{{"issue-7", hostileKingFEN}}, hostileFENs(t)...)
	long := os.Getenv("HEXDAME_LONG") != ""
	for _, nf := range fens {
		if !long && nf.name != "issue-7" {
			continue // seconds to a minute of path searches, one per move
		}
		start := time.Now()
		if err := checkMovePaths(MustParseFEN(nf.fen), true); err != nil {
			t.Errorf("%s: %v", nf.name, err)
		}
		t.Logf("%s: %v", nf.name, time.Since(start))
	}
	var zero MovePath
	if zero.String() != "invalid move" || zero.Cells() != nil {
		t.Errorf("zero MovePath: %q, %v", zero.String(), zero.Cells())
	}
}
