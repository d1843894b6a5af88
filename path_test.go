package hexdame

import (
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// Tests of path.go: the landing cells of a capture, as Path and
// LegalMovePaths find them, and every form in which the package prints
// them, each replayed hop by hop by the checker of oracle_hops_test.go.

// Every path Path returns is a capture sequence of the move: each step
// runs along a line over exactly one piece not yet captured, onto empty
// cells, and the pieces jumped are the move's.
func TestRulesCapturePathsAreValid(t *testing.T) {
	p := MustParseFEN("W:Wc1,Kd3,Ke4:Bc3,c4,c6,f4,f8")
	want := []string{"d3xb3xf7xf9xa4", "d3xb3xf7xf9xb5", "e4xa4xe8xh8xa1", "e4xa4xe8xh8xb2", "e4xa4xf9xf7xf2", "e4xa4xf9xf7xf3"}
	if diff := cmp.Diff(want, legalPaths(p)); diff != "" {
		t.Errorf("paths (-want +got):\n%s", diff)
	}
	for _, m := range p.LegalMoves() {
		if err := checkPathCells(p, m, p.Path(m).Cells()); err != nil {
			t.Errorf("%v: %s", m, err)
		}
	}
	// After jumping d5 towards the down-left, the first direction tried
	// from c5 runs back over d5: it is captured and cannot be jumped again.
	q := MustParseFEN("W:WKe5:Bd5,b4")
	if diff := cmp.Diff([]string{"e5xb5xb1", "e5xb5xb2", "e5xb5xb3", "e5xc5xa3"}, legalPaths(q)); diff != "" {
		t.Errorf("paths (-want +got):\n%s", diff)
	}
	for _, m := range q.LegalMoves() {
		if err := checkPathCells(q, m, q.Path(m).Cells()); err != nil {
			t.Errorf("%v: %s", m, err)
		}
	}
}

// checkPrintedPaths checks every path the package prints for the moves of
// p: Path and its Format, and FormatMove in both notations, and the moves
// listed by the errors of ParseMove (an illegal move, and an ambiguous one
// when there is one).
func checkPrintedPaths(p Position) error {
	b := hopBoardOf(p)
	legal := p.LegalMoves()
	for _, m := range legal {
		if err := checkPathCells(p, m, p.Path(m).Cells()); err != nil {
			return fmt.Errorf("Path: %v", err)
		}
		for _, n := range []Notation{Algebraic, Numeric} {
			if err := checkPrinted(b, m, legal, p.Path(m).Format(n), true); err != nil {
				return fmt.Errorf("Path(m).Format: %v", err)
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
// several paths. Most enemy pieces stand on one color of the board's
// three-coloring (f+r the same modulo 3), where no two touch and each
// can be jumped along every line.
func kingCapturePosition() *rapid.Generator[Position] {
	return rapid.Custom(func(t *rapid.T) Position {
		var p Position
		side := Color(rapid.IntRange(0, 1).Draw(t, "side"))
		color := rapid.IntRange(0, 2).Draw(t, "color")
		var lattice []Cell
		for c := Cell(1); c <= NumCells; c++ {
			if (c.File()+c.Rank())%3 == color {
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
				return fmt.Errorf("%v: Format gives %q, Path(m).Format %q", mp.Move, got, want)
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

// BenchmarkMovePathsHostile lists every legal move of the hostile
// positions with its path, as hexdame moves does: from one search
// (LegalMovePaths), and the old way, one path search per move
// (Position.Path).
func BenchmarkMovePathsHostile(b *testing.B) {
	for _, nf := range append([]namedFEN{{"issue-7", hostileKingFEN}}, hostileFENs(b)...) {
		p := MustParseFEN(nf.fen)
		b.Run("one-search/"+nf.name, func(b *testing.B) {
			b.ReportAllocs()
			buf := make([]MovePath, 0, 1024)
			var text []byte
			for b.Loop() {
				buf = append(buf[:0], p.LegalMovePaths()...)
				for _, mp := range buf {
					text = mp.appendFormat(text[:0], Algebraic)
				}
			}
		})
		if strings.HasPrefix(nf.name, "climb30") || nf.name == "lattice19" {
			continue // seconds per listing
		}
		b.Run("search-per-move/"+nf.name, func(b *testing.B) {
			b.ReportAllocs()
			moves := p.LegalMoves()
			var text []byte
			for b.Loop() {
				moves = p.AppendLegalMoves(moves[:0])
				for _, m := range moves {
					mp := p.Path(m)
					text = mp.appendFormat(text[:0], Algebraic)
				}
			}
		})
	}
}
