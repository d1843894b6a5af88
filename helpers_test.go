package hexdame

import (
	"bufio"
	"bytes"
	cmp2 "cmp"
	"errors"
	"flag"
	"fmt"
	"io"
	"iter"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// Helpers that the package's test files share: playing move text,
// reading the testdata files, the random positions and games the
// property tests draw, the work and memory of a call (searchWork,
// allocated), and comparing records. A helper that one file uses lives
// in that file.

var update = flag.Bool("update", false, "rewrite golden files in testdata")

// playText reads move text s in the game's position and plays it, as a
// program does: ParseMove, then Play. A game that is over says so,
// whatever the text.
func playText(g *Game, s string) (Move, error) {
	m, err := g.Position().ParseMove(s)
	if err == nil || g.Outcome().IsOver() {
		err = g.Play(m)
	}
	if err != nil {
		return Move{}, err
	}
	return m, nil
}

// addMoveText reads move text s in n's position and adds it after n.
func addMoveText(n *Node, s string) (*Node, error) {
	m, err := n.Position().ParseMove(s)
	if err != nil {
		return nil, err
	}
	return n.AddMove(m)
}

func playAll(t *testing.T, g *Game, moves ...string) {
	t.Helper()
	for _, s := range moves {
		if _, err := playText(g, s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
}

// mainPositions returns the positions of g's main line: the root's, then
// the position after each move or setup.
func mainPositions(g *Game) []Position {
	ps := []Position{g.Root().Position()}
	for x := range g.Root().Mainline() {
		ps = append(ps, x.Position())
	}
	return ps
}

// formatCell writes c in notation n.
func formatCell(c Cell, n Notation) string { return string(c.appendTo(nil, n)) }

// count returns the men and kings of color c in p.
func count(p Position, c Color) (men, kings int) { return p.Men(c).Len(), p.Kings(c).Len() }

// crowns reports whether m, a legal move of p, crowns a man.
func crowns(p Position, m Move) bool {
	return !p.Piece(m.From()).IsKing() && p.PlayUnchecked(m).Piece(m.To()).IsKing()
}

// winner returns the color that won a game of outcome o, and false for a
// draw, a double loss or a game not over.
func winner(o Outcome) (Color, bool) {
	switch o.Result {
	case WhiteWins:
		return White, true
	case RedWins:
		return Red, true
	}
	return NoColor, false
}

// perftPlain counts leaves by playing every move, with no bulk counting.
func perftPlain(p Position, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var n uint64
	for _, m := range p.LegalMoves() {
		n += perftPlain(p.play(m), depth-1)
	}
	return n
}

// compareTestMoves orders moves by start cell, end cell and captured
// pieces.
func compareTestMoves(a, b Move) int {
	if c := cmp2.Compare(a.from, b.from); c != 0 {
		return c
	}
	if c := cmp2.Compare(a.to, b.to); c != 0 {
		return c
	}
	return cmp2.Compare(a.captured, b.captured)
}

// legalPaths returns p's legal moves in full-path algebraic notation,
// sorted.
func legalPaths(p Position) []string {
	var out []string
	for _, m := range p.LegalMoves() {
		out = append(out, p.Path(m).Format(Algebraic))
	}
	slices.Sort(out)
	return out
}

type ruleCase struct {
	name string
	fen  string
	want []string // every legal move, full path
}

func runRuleCases(t *testing.T, cases []ruleCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := MustParseFEN(tc.fen)
			want := slices.Clone(tc.want)
			slices.Sort(want)
			if diff := cmp.Diff(want, legalPaths(p)); diff != "" {
				t.Errorf("legal moves of %s (-want +got):\n%s", tc.fen, diff)
			}
		})
	}
}

// playedPosition draws a position reached from the start by random legal
// play, together with the moves that reached it.
func playedPosition() *rapid.Generator[Position] {
	return rapid.Custom(func(t *rapid.T) Position {
		p := StartPosition()
		plies := rapid.IntRange(0, 120).Draw(t, "plies")
		for range plies {
			moves := p.LegalMoves()
			if len(moves) == 0 {
				break
			}
			p = p.play(moves[rapid.IntRange(0, len(moves)-1).Draw(t, "move")])
		}
		return p
	})
}

// randomPosition draws an arbitrary position: men and kings of both sides
// scattered over the board, any of its 61 cells (it drew cells 0 to 60
// until issue 35, so that i9, Cell 61, never held a piece and Cell 0 is
// NoCell, which put leaves alone).
func randomPosition() *rapid.Generator[Position] {
	return rapid.Custom(func(t *rapid.T) Position {
		var p Position
		n := rapid.IntRange(0, 30).Draw(t, "pieces")
		for range n {
			c := Cell(rapid.IntRange(1, NumCells).Draw(t, "cell"))
			x := Piece(rapid.IntRange(int(WhiteMan), int(RedKing)).Draw(t, "piece"))
			p = p.put(c, x)
		}
		return p.WithSideToMove(Color(rapid.IntRange(0, 1).Draw(t, "side")))
	})
}

// anyPosition draws a position reached by play or an arbitrary one.
func anyPosition() *rapid.Generator[Position] {
	return rapid.OneOf(playedPosition(), randomPosition())
}

// randomGame plays a game of uniformly random legal moves from r until
// the rules end it or maxPlies moves are played (drawn by agreement then).
// (The module's random player, internal/random, imports this package.)
func randomGame(r *rand.Rand, maxPlies int) *Game {
	g := NewGame()
	for g.ply < maxPlies && !g.Outcome().IsOver() {
		moves := g.pos.LegalMoves()
		slices.SortFunc(moves, compareTestMoves) // as internal/random does
		m := moves[r.IntN(len(moves))]
		g.push(m, g.pos.play(m))
	}
	if !g.Outcome().IsOver() {
		g.recorded = Draw
	}
	return g
}

// randomGame draws a random legal game.
func drawGame(t *rapid.T) *Game {
	seed := rapid.Uint64().Draw(t, "seed")
	plies := rapid.IntRange(0, 200).Draw(t, "plies")
	return randomGame(rand.New(rand.NewPCG(seed, 1)), plies)
}

type namedFEN struct{ name, fen string }

// benchmarkFENs reads testdata/positions.fen.
func benchmarkFENs(tb testing.TB) []namedFEN { return readFENFile(tb, "testdata/positions.fen") }

// hostileFENs reads testdata/hostile.fen: the heaviest positions for the
// capture search that climbSlowPositions and hand construction found.
func hostileFENs(tb testing.TB) []namedFEN { return readFENFile(tb, "testdata/hostile.fen") }

// readFENFile reads a file of named positions: a name, a tab and a FEN on
// each line, # comments.
func readFENFile(tb testing.TB, path string) []namedFEN {
	tb.Helper()
	f, err := os.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var out []namedFEN
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, fen, ok := strings.Cut(line, "\t")
		if !ok {
			tb.Fatalf("bad line %q", line)
		}
		if _, err := ParseFEN(fen); err != nil {
			tb.Fatal(err)
		}
		out = append(out, namedFEN{name, fen})
	}
	return out
}

// hostileFEN returns the position of testdata/hostile.fen named name.
func hostileFEN(tb testing.TB, name string) string {
	tb.Helper()
	for _, nf := range hostileFENs(tb) {
		if nf.name == name {
			return nf.fen
		}
	}
	tb.Fatalf("no position %s in testdata/hostile.fen", name)
	return ""
}

// hostileKingFEN is the position of issue 7: three White kings among 23
// Red pieces, where an exhaustive king search visited 5 million states and
// formatting an error message half a billion.
const hostileKingFEN = "W:WKd2,Kf3,Kf8:BKa1,a3,a4,Kb2,b3,Kb5,Kb6,Kc6,d1,d4,d6,e2,e3,e5,e8,Kf7,Kf9,g3,g4,g6,h6,h8,i6"

// searchWork returns the number of capture-search and path-search states
// that f visits.
func searchWork(f func()) int {
	total := 0
	searchHook = func(n int) { total += n }
	defer func() { searchHook = nil }()
	f()
	return total
}

// allocated returns the bytes f allocates.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

func readFile(t testing.TB, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// readGames reads every game of a PDN text with the HexDame layer.
func readGames(t testing.TB, text string) ([]*Game, []error) {
	t.Helper()
	r := NewReader(strings.NewReader(text))
	var games []*Game
	var errs []error
	for {
		g, err := r.ReadGame()
		if err == io.EOF {
			return games, errs
		}
		if err != nil {
			errs = append(errs, err)
			continue
		}
		games = append(games, g)
	}
}

// readAll returns an iterator over what read returns, a game or a record
// after another (Reader.ReadGame, Reader.ReadRecord), to the end of the
// input or an error of the underlying reader (an error that holds no
// ParseError), which it yields last.
func readAll[T any](read func() (T, error)) iter.Seq2[T, error] {
	return func(yield func(T, error) bool) {
		for {
			x, err := read()
			if err == io.EOF || !yield(x, err) || err != nil && ParseErrors(err) == nil {
				return
			}
		}
	}
}

// convertRecord reads the next record, converts it to notation n and
// writes it to w, as hexdame convert does.
func convertRecord(r *Reader, w *Writer, n Notation) error {
	rec, err := r.ReadRecord()
	if err == nil {
		rec, err = rec.Convert(n)
	}
	if err == nil {
		err = w.WriteRecord(rec)
	}
	return err
}

// recordOf returns the record a Writer writes for g in notation n, as
// elements: what Game.Movetext walks, with the tags.
func recordOf(g *Game, n Notation) *Record {
	if g == nil {
		g = &Game{}
	}
	rec := &Record{}
	g.walk(n, &treeBuilder{rec: rec}) // a treeBuilder returns no error
	rec.tagPos = nil
	return rec
}

// annotations returns the comments, line comments and NAGs of the record
// around n's move: before it, after it, and after its variations.
func annotations(n *Node) (before, after, tail []Element) {
	if n == nil || n.notes == nil {
		return nil, nil, nil
	}
	return appendElements(nil, n.notes.before), appendElements(nil, n.notes.after), appendElements(nil, n.notes.tail)
}

// addNAG adds a NAG after n's move, unless n has it already.
func addNAG(n *Node, nag int) error {
	if slices.Contains(n.NAGs(), nag) {
		return nil
	}
	return n.SetNAGs(append(n.NAGs(), nag))
}

// A playedMove is a move of a game's main line with the positions around
// it.
type playedMove struct {
	Ply           int
	Move          Move
	Before, After Position
}

// playedMoves returns the moves of g's main line, setups left out, with
// the positions around them.
func playedMoves(g *Game) []playedMove {
	var out []playedMove
	for x := range g.Root().Mainline() {
		if !x.IsSetup() {
			out = append(out, playedMove{x.Ply(), x.Move(), x.Parent().Position(), x.Position()})
		}
	}
	return out
}

// treeString writes a tree as its moves, with variations in parentheses,
// comments in braces and NAGs, so that tests can compare trees.
func treeString(n *Node) string {
	var b strings.Builder
	var line func(x *Node)
	line = func(x *Node) {
		for ; x != nil; x = x.Next() {
			if b.Len() > 0 && !strings.HasSuffix(b.String(), "(") {
				b.WriteByte(' ')
			}
			if x.IsSetup() {
				b.WriteString("/" + x.Position().String() + "/")
			} else {
				b.WriteString(x.Move().String() + x.Strength())
			}
			if c := x.Comment(); c != "" {
				b.WriteString(" {" + c + "}")
			}
			for _, nag := range x.NAGs() {
				b.WriteString(" $" + strconv.Itoa(nag))
			}
			if p := x.Parent(); p.Children()[0] == x {
				for _, v := range p.Children()[1:] {
					b.WriteString(" (")
					line(v)
					b.WriteString(")")
				}
			}
		}
	}
	line(n.Next())
	return b.String()
}

// recordDiff compares records by content, not by where they were read:
// tags, result and movetext, an empty slice equal to nil. It returns ""
// for equal records, or where they first differ. (go-cmp takes time
// exponential in the nesting of variations here.)
func recordDiff(a, b *Record) string {
	if len(a.Tags) != len(b.Tags) {
		return fmt.Sprintf("tags: %q and %q", a.Tags, b.Tags)
	}
	for i := range a.Tags {
		if a.Tags[i] != b.Tags[i] {
			return fmt.Sprintf("tag %d: %q and %q", i, a.Tags[i], b.Tags[i])
		}
	}
	if a.ResultText != b.ResultText {
		return fmt.Sprintf("result: %q and %q", a.ResultText, b.ResultText)
	}
	return elementsDiff("body", a.Body, b.Body)
}

func elementsDiff(path string, a, b []Element) string {
	if len(a) != len(b) {
		return fmt.Sprintf("%s: %d and %d elements", path, len(a), len(b))
	}
	for i := range a {
		x, y := a[i], b[i]
		where := fmt.Sprintf("%s[%d]", path, i)
		if x.Kind != y.Kind || x.Text != y.Text || x.Strength != y.Strength || x.NAG != y.NAG {
			return fmt.Sprintf("%s: {%d %q %q $%d} and {%d %q %q $%d}", where, x.Kind, x.Text, x.Strength, x.NAG, y.Kind, y.Text, y.Strength, y.NAG)
		}
		if d := elementsDiff(where, x.Variation, y.Variation); d != "" {
			return d
		}
	}
	return ""
}

func clippedErr(err error) string {
	if err == nil {
		return "<nil>"
	}
	return clipped(err.Error())
}

// A fataler is a *testing.T or a *rapid.T: the helpers that check a
// round trip take either.
type fataler interface {
	Fatalf(format string, args ...any)
}

// checkWriteReadBack writes rec and reads it back: either the Writer
// refuses it with ErrInvalid, writing nothing, or it reads back
// equal.
func checkWriteReadBack(t fataler, rec *Record) {
	var buf bytes.Buffer
	if err := NewWriter(&buf).WriteRecord(rec); err != nil {
		if !errors.Is(err, ErrInvalid) && !errors.Is(err, ErrSyntax) {
			t.Fatalf("WriteRecord error %v wraps neither ErrInvalid nor ErrSyntax", err)
		}
		if buf.Len() != 0 {
			t.Fatalf("WriteRecord failed with %v but wrote %q", err, buf.String())
		}
		return
	}
	checkReadsBack(t, rec, buf.Bytes())
}

// checkReadsBack reads text, which a Writer wrote for rec, and checks
// that it reads as rec (with the result "*" where rec has none).
func checkReadsBack(t fataler, rec *Record, text []byte) {
	again, err := NewReader(bytes.NewReader(text)).ReadRecord()
	if err != nil {
		t.Fatalf("record written as %q does not read back: %v", text, err)
	}
	want := *rec
	if want.ResultText == "" {
		want.ResultText = "*"
	}
	if diff := recordDiff(&want, again); diff != "" {
		t.Fatalf("record written as %q reads back different:\n%s", text, diff)
	}
}

// writeAndRead writes g as PDN in notation n and reads it back, failing
// the test when either fails.
func writeAndRead(t fataler, g *Game, n Notation) *Game {
	var buf bytes.Buffer
	if err := NewWriter(&buf).WriteGame(g, n); err != nil {
		t.Fatalf("WriteGame in %v: %v", n, err)
	}
	again, err := NewReader(bytes.NewReader(buf.Bytes())).ReadGame()
	if err != nil {
		t.Fatalf("the game written in %v as %q does not read back: %v", n, buf.String(), err)
	}
	return again
}

// deepRecord returns a record with moves variations nested depth deep,
// each holding moves moves.
func deepRecord(depth, moves int) *Record {
	line := func() []Element {
		out := make([]Element, moves)
		for i := range out {
			out[i] = Element{Kind: MoveElement, Text: []string{"d4-e5", "f6-f5"}[i%2]}
		}
		return out
	}
	var inner []Element
	for range depth {
		inner = append(line(), Element{Kind: VariationElement, Variation: inner})
		if len(inner[len(inner)-1].Variation) == 0 {
			inner = inner[:len(inner)-1]
		}
	}
	return &Record{Body: inner, ResultText: "*"}
}

// generatedPDN writes n random games as PDN.
func generatedPDN(tb testing.TB, n int, notation Notation) []byte {
	tb.Helper()
	rng := rand.New(rand.NewPCG(2026, 11))
	var buf bytes.Buffer
	w := NewWriter(&buf)
	for range n {
		if err := w.WriteGame(randomGame(rng, 300), notation); err != nil {
			tb.Fatal(err)
		}
	}
	return buf.Bytes()
}
