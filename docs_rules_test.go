package hexdame

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

// RULES.md is the specification of this package. TestRulesDocument keeps
// its examples true: a fenced block with the info string "moves" holds a
// FEN on its first line, then every legal move of that position with its
// path, as MovePath.String writes it, in any order. (The diagram package's
// tests check its pictures and diagrams.)

const rulesDocument = "RULES.md"

// A movesBlock is a "moves" block of the document: a position and its
// legal moves.
type movesBlock struct {
	line  int
	fen   string
	moves []string
}

var (
	docFence = regexp.MustCompile("^ *(```+|~~~+)[ \t]*([^` \t]*)")
)

// readMovesBlocks returns the "moves" blocks of a Markdown text. A block
// may be indented, in a list item.
func readMovesBlocks(text string) []movesBlock {
	var out []movesBlock
	var cur *movesBlock
	fence := ""
	for i, line := range strings.Split(text, "\n") {
		m := docFence.FindStringSubmatch(line)
		switch {
		case fence == "" && m != nil:
			fence = m[1]
			if m[2] == "moves" {
				out = append(out, movesBlock{line: i + 1})
				cur = &out[len(out)-1]
			}
		case fence != "" && m != nil && strings.HasPrefix(m[1], fence) && m[2] == "":
			fence, cur = "", nil
		case cur != nil:
			line = strings.TrimSpace(line)
			switch {
			case line == "":
			case cur.fen == "":
				cur.fen = line
			default:
				cur.moves = append(cur.moves, strings.Fields(line)...)
			}
		}
	}
	return out
}

func TestReadMovesBlocks(t *testing.T) {
	text := "text\n```moves\nW:Wc3:Bi9\nc3-c4 c3-d3\nc3-d4\n```\n\n- item\n\n  ```moves\n  W:Wa1:B\n  a1-a2\n  ```\n```\nnot moves\n```\n"
	got := readMovesBlocks(text)
	want := []movesBlock{{2, "W:Wc3:Bi9", []string{"c3-c4", "c3-d3", "c3-d4"}}, {10, "W:Wa1:B", []string{"a1-a2"}}}
	if len(got) != len(want) {
		t.Fatalf("blocks %+v, want %+v", got, want)
	}
	for i := range want {
		if got[i].line != want[i].line || got[i].fen != want[i].fen || !slices.Equal(got[i].moves, want[i].moves) {
			t.Errorf("block %d: %+v, want %+v", i, got[i], want[i])
		}
	}
}

func TestRulesDocument(t *testing.T) {
	text := readFile(t, rulesDocument)
	blocks := readMovesBlocks(text)
	if len(blocks) == 0 {
		t.Fatalf("%s has no moves blocks", rulesDocument)
	}
	for _, b := range blocks {
		p, err := ParseFEN(b.fen)
		if err != nil {
			t.Errorf("%s:%d: %v", rulesDocument, b.line, err)
			continue
		}
		var got []string
		for _, m := range p.LegalMoves() {
			got = append(got, p.Path(m).Format(Algebraic))
		}
		want := slices.Clone(b.moves)
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("%s:%d: the legal moves of %s are %v, not %v", rulesDocument, b.line, b.fen, got, want)
		}
	}
}
