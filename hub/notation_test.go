package hub

import (
	"errors"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/internal/random"
	"pgregory.net/rapid"
)

// The start position as HUB.md writes it.
const hubStart = "Wbbbbbbbbbbebbbeebbeeebeeeeeeeeeeeeeeeeeweeewweewwwewwwwwwwwww"

func TestStartPosition(t *testing.T) {
	if got := FormatPosition(hexdame.StartPosition()); got != hubStart {
		t.Errorf("FormatPosition(start) = %s, want %s", got, hubStart)
	}
	p, err := ParsePosition(hubStart)
	if err != nil || p != hexdame.StartPosition() {
		t.Errorf("ParsePosition(start) = %v, %v", p.String(), err)
	}
	// The numeric FEN HUB.md gives for it.
	want := hexdame.MustParseFEN("W:W40,44,45,48,49,50,52,53,54,55,56,57,58,59,60,61:B1,2,3,4,5,6,7,8,9,10,12,13,14,17,18,22")
	if p != want {
		t.Error("the start position differs from HUB.md's numeric FEN")
	}
}

func TestParsePositionKings(t *testing.T) {
	p := hexdame.MustParseFEN("B:WK31,40:BK1,22")
	s := FormatPosition(p)
	if len(s) != PositionLength || s[0] != 'B' || s[31] != 'W' || s[40] != 'w' || s[1] != 'B' || s[22] != 'b' || strings.Count(s, "e") != 57 {
		t.Errorf("FormatPosition = %s", s)
	}
	if back, err := ParsePosition(s); err != nil || back != p {
		t.Errorf("ParsePosition(%s) = %v, %v", s, back.String(), err)
	}
}

func TestParsePositionErrors(t *testing.T) {
	for _, tt := range []struct {
		text   string
		column int
	}{
		{"", 0},
		{hubStart[:61], 0},
		{hubStart + "e", 0},
		{"X" + hubStart[1:], 1},
		{"w" + hubStart[1:], 1},
		{hubStart[:10] + "k" + hubStart[11:], 11},
		{hubStart[:61] + "r", 62},
		{"W:W40:B1" + strings.Repeat(" ", 54), 2},
	} {
		_, err := ParsePosition(tt.text)
		var te *TextError
		if !errors.As(err, &te) || !errors.Is(err, ErrPosition) || te.Column != tt.column {
			t.Errorf("ParsePosition(%q): %v, want ErrPosition at column %d", tt.text, err, tt.column)
		}
	}
}

// Positions read back as they were written.
func TestPositionRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var p hexdame.Position
		if rapid.Bool().Draw(t, "red") {
			p = p.WithSideToMove(hexdame.Red)
		}
		pieces := []hexdame.Piece{hexdame.NoPiece, hexdame.MakePiece(hexdame.White, false), hexdame.MakePiece(hexdame.White, true),
			hexdame.MakePiece(hexdame.Red, false), hexdame.MakePiece(hexdame.Red, true)}
		for n := 1; n <= hexdame.NumCells; n++ {
			c, _ := hexdame.CellFromNumber(n)
			p = p.WithPiece(c, rapid.SampledFrom(pieces).Draw(t, "piece"))
		}
		s := FormatPosition(p)
		back, err := ParsePosition(s)
		if err != nil || back != p {
			t.Fatalf("ParsePosition(%s) = %v, %v; want %v", s, back.String(), err, p.String())
		}
	})
}

func TestMoves(t *testing.T) {
	start := hexdame.StartPosition()
	m, err := ParseMove(start, "40-31")
	if err != nil || m != start.MustParseMove("d4-e5") {
		t.Fatalf("ParseMove(40-31) = %v, %v", m, err)
	}
	if s := FormatMove(m); s != "40-31" {
		t.Errorf("FormatMove = %q", s)
	}
	// A man's capture that ends where it started, taking six.
	ring := hexdame.MustParseFEN("W:Wc3:Bd3,f4,g6,f7,d6,c4")
	moves := ring.LegalMoves()
	if len(moves) != 1 || moves[0].From() != moves[0].To() {
		t.Fatalf("the ring position's moves: %v", moves)
	}
	text := FormatMove(moves[0])
	from := moves[0].From().Number()
	if !strings.HasPrefix(text, strconv.Itoa(from)+"x"+strconv.Itoa(from)+"x") || strings.Count(text, "x") != 7 {
		t.Errorf("FormatMove(ring) = %q", text)
	}
	if back, err := ParseMove(ring, text); err != nil || back != moves[0] {
		t.Errorf("ParseMove(%q) = %v, %v", text, back, err)
	}
	// The captured cells may come in any order.
	parts := strings.Split(text, "x")
	for i, j := 2, len(parts)-1; i < j; i, j = i+1, j-1 {
		parts[i], parts[j] = parts[j], parts[i]
	}
	if back, err := ParseMove(ring, strings.Join(parts, "x")); err != nil || back != moves[0] {
		t.Errorf("ParseMove(reversed captures) = %v, %v", back, err)
	}
}

func TestParseMoveErrors(t *testing.T) {
	start := hexdame.StartPosition()
	ring := hexdame.MustParseFEN("W:Wc3:Bd3,f4,g6,f7,d6,c4")
	ringMove := FormatMove(ring.LegalMoves()[0])
	for _, tt := range []struct {
		p    hexdame.Position
		text string
		want error
	}{
		{start, "", hexdame.ErrSyntax},
		{start, "d4-e5", hexdame.ErrSyntax},
		{start, "40", hexdame.ErrSyntax},
		{start, "40-", hexdame.ErrSyntax},
		{start, "40-31-22", hexdame.ErrSyntax},
		{start, "40x31", hexdame.ErrSyntax},
		{start, "040-31", hexdame.ErrSyntax},
		{start, "40-031", hexdame.ErrSyntax},
		{start, "0-31", hexdame.ErrSyntax},
		{start, "40-62", hexdame.ErrSyntax},
		{start, "62-40", hexdame.ErrSyntax},
		{start, "40-31 ", hexdame.ErrSyntax},
		{start, " 40-31", hexdame.ErrSyntax},
		{start, "40:31", hexdame.ErrSyntax},
		{start, "40x31x22x22", hexdame.ErrSyntax},
		{start, "40x31x22-18", hexdame.ErrSyntax},
		{start, "+40-31", hexdame.ErrSyntax},
		{start, "1234-31", hexdame.ErrSyntax},
		{start, "40-30", hexdame.ErrIllegalMove},
		{start, "31-40", hexdame.ErrIllegalMove},
		{start, "40x31x22", hexdame.ErrIllegalMove},
		{ring, ringMove[:strings.LastIndexByte(ringMove, 'x')], hexdame.ErrIllegalMove}, // one captured cell left out
		{ring, ringMove + "x1", hexdame.ErrIllegalMove},                                 // one too many
		{ring, strings.Replace(ringMove, "x", "-", 1), hexdame.ErrSyntax},
		{ring, ringMove[:strings.IndexByte(ringMove, 'x')] + "-" + ringMove[:strings.IndexByte(ringMove, 'x')], hexdame.ErrIllegalMove},
	} {
		_, err := ParseMove(tt.p, tt.text)
		prefix := "invalid move "
		if tt.want == hexdame.ErrIllegalMove {
			prefix = "illegal move "
		}
		if !errors.Is(err, tt.want) || !strings.HasPrefix(errString(err), prefix) {
			t.Errorf("ParseMove(%q): %v, want %v", tt.text, err, tt.want)
		}
	}
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// Every legal move of positions met in random games reads back from its
// Hub notation, with its captured cells in any order, and the path form
// of a capture over two pieces or more is not read as the move.
func TestMoveRoundTripInRandomGames(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	checked, captures := 0, 0
	for range 40 {
		g := random.Game(rng, 300)
		for x := range g.Root().Mainline() {
			p := x.Parent().Position()
			for _, m := range p.LegalMoves() {
				text := FormatMove(m)
				back, err := ParseMove(p, text)
				if err != nil || back != m {
					t.Fatalf("%s: ParseMove(%q) = %v, %v; want %v", p.String(), text, back, err, m)
				}
				checked++
				if m.Captured().Len() >= 2 {
					captures++
					parts := strings.Split(text, "x")
					rng.Shuffle(len(parts)-2, func(i, j int) { parts[i+2], parts[j+2] = parts[j+2], parts[i+2] })
					if back, err := ParseMove(p, strings.Join(parts, "x")); err != nil || back != m {
						t.Fatalf("%s: shuffled %q: %v, %v", p.String(), parts, back, err)
					}
					path := p.Path(m).Format(hexdame.Numeric)
					if back, err := ParseMove(p, path); err == nil && back == m && path != text {
						t.Fatalf("%s: the path form %q was read as the move %q", p.String(), path, text)
					}
				}
			}
		}
	}
	if checked < 10000 || captures < 50 {
		t.Errorf("checked only %d moves, %d multiple captures", checked, captures)
	}
}

func TestParseMoves(t *testing.T) {
	start := hexdame.StartPosition()
	moves, p, err := ParseMoves(start, " 40-31  22x40x31 ")
	if err != nil || len(moves) != 2 {
		t.Fatalf("ParseMoves: %v, %v", moves, err)
	}
	want, _ := start.Play(moves[0])
	want, _ = want.Play(moves[1])
	if p != want || string(AppendMoves(nil, moves)) != "40-31 22x40x31" {
		t.Errorf("ParseMoves: %v, %s", p.String(), AppendMoves(nil, moves))
	}
	if moves, p, err := ParseMoves(start, ""); err != nil || len(moves) != 0 || p != start {
		t.Errorf("ParseMoves(\"\"): %v %v", moves, err)
	}
	_, _, err = ParseMoves(start, "40-31 40-31")
	if !errors.Is(err, hexdame.ErrIllegalMove) || !strings.Contains(err.Error(), "move 2") {
		t.Errorf("ParseMoves with an illegal second move: %v", err)
	}
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"40-31", "38x16x27x22", "40x40x31", "d4-e5", "1-2", "61x1x2x3", "040-31"} {
		f.Add(hubStart, s)
	}
	f.Add("W"+strings.Repeat("e", 30)+"W"+strings.Repeat("e", 30), "31x57x46x11")
	f.Fuzz(func(t *testing.T, pos, text string) {
		p, err := ParsePosition(pos)
		if err != nil {
			return
		}
		if FormatPosition(p) != pos {
			t.Fatalf("position %q wrote back as %q", pos, FormatPosition(p))
		}
		m, err := ParseMove(p, text)
		if err != nil {
			if !errors.Is(err, hexdame.ErrSyntax) && !errors.Is(err, hexdame.ErrIllegalMove) {
				t.Fatalf("ParseMove(%q): unexpected error %v", text, err)
			}
			return
		}
		if !p.IsLegal(m) {
			t.Fatalf("ParseMove(%q) gave a move that is not legal", text)
		}
		if back, err := ParseMove(p, FormatMove(m)); err != nil || back != m {
			t.Fatalf("%q: FormatMove gave %q, which reads back as %v, %v", text, FormatMove(m), back, err)
		}
	})
}

func FuzzParseCommand(f *testing.F) {
	for _, s := range []string{"hub", `id name=x author="a b"`, "go think", `pos pos=W moves="40-31 18-23"`, `x a=""`, `x "`, "x a==b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		c, err := ParseCommand(line)
		if err != nil {
			if !errors.Is(err, ErrSyntax) {
				t.Fatalf("unexpected error %v", err)
			}
			return
		}
		text, err := c.AppendText(nil)
		if err != nil {
			t.Fatalf("%q parsed but does not write back: %v", line, err)
		}
		back, err := ParseCommand(string(text))
		if err != nil || back.String() != string(text) {
			t.Fatalf("%q wrote back as %q, which reads as %v, %v", line, text, back, err)
		}
	})
}
