package hexdame

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// RULES.md is the specification of this package. TestRulesDocument keeps
// its examples true:
//
//   - a fenced block with the info string "moves" holds a FEN on its first
//     line, then every legal move of that position with its path, as
//     FormatMovePath writes it, in any order;
//   - a picture under doc/rules whose text is a command line
//     "hexdame svg ARGS" is what that command draws (go test -update
//     rewrites the pictures), and every picture there is used;
//   - the diagrams of the board's cell names, numbers and crowning rows
//     are the standard diagram's layout, as Position.Diagram draws it.

const rulesDocument = "RULES.md"

// A movesBlock is a "moves" block of the document: a position and its
// legal moves.
type movesBlock struct {
	line  int
	fen   string
	moves []string
}

var (
	docFence   = regexp.MustCompile("^ *(```+|~~~+)[ \t]*([^` \t]*)")
	docPicture = regexp.MustCompile(`!\[hexdame svg ([^\]]*)\]\((doc/rules/[^)\s]+\.svg)\)`)
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

// svgOptionsOf reads the arguments of "hexdame svg" that a picture of the
// document gives: -coords, -flip, -size PX, -fen FEN and -move MOVE.
func svgOptionsOf(args string) (Position, SVGOptions, error) {
	p := StartPosition()
	var o SVGOptions
	var moveText string
	fields := strings.Fields(args)
	for i := 0; i < len(fields); i++ {
		value := func() string {
			if i+1 < len(fields) {
				i++
				return fields[i]
			}
			return ""
		}
		switch fields[i] {
		case "-coords":
			o.Coordinates = true
		case "-flip":
			o.Flip = true
		case "-size":
			n, err := strconv.Atoi(value())
			if err != nil {
				return p, o, err
			}
			o.Size = n
		case "-fen":
			var err error
			if p, err = ParseFEN(value()); err != nil {
				return p, o, err
			}
		case "-move":
			moveText = value()
		default:
			return p, o, &valueError{kind: "argument of hexdame svg", text: strconv.Quote(fields[i])}
		}
	}
	if moveText != "" {
		m, err := p.ParseMove(moveText)
		if err != nil {
			return p, o, err
		}
		o.Move = m
	}
	return p, o, nil
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
			got = append(got, p.FormatMovePath(m, Algebraic))
		}
		want := slices.Clone(b.moves)
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("%s:%d: the legal moves of %s are %v, not %v", rulesDocument, b.line, b.fen, got, want)
		}
	}

	used := map[string]bool{}
	for _, m := range docPicture.FindAllStringSubmatch(text, -1) {
		args, path := m[1], m[2]
		used[path] = true
		p, o, err := svgOptionsOf(args)
		if err != nil {
			t.Errorf("%s: hexdame svg %s: %v", path, args, err)
			continue
		}
		b, err := AppendSVG(nil, p, o)
		if err != nil {
			t.Errorf("%s: %v", path, err)
			continue
		}
		file := filepath.FromSlash(path)
		if *update {
			if err := os.WriteFile(file, b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if want, err := os.ReadFile(file); err != nil || string(want) != string(b) {
			t.Errorf("%s is not what hexdame svg %s draws (go test -run TestRulesDocument -update rewrites it): %v", path, args, err)
		}
	}
	for name, label := range map[string]func(Cell) string{
		"cell names": func(c Cell) string { return c.String() },
		"numbers": func(c Cell) string {
			n := strconv.Itoa(c.Number())
			return strings.Repeat(" ", 2-len(n)) + n
		},
		"crowning rows": func(c Cell) string {
			if backRow[White]&bit(c) != 0 || backRow[Red]&bit(c) != 0 {
				return c.String()
			}
			return "."
		},
	} {
		var b strings.Builder
		writeDiagram(&b, label, DiagramOptions{})
		if !strings.Contains(text, "\n```\n"+b.String()+"```\n") {
			t.Errorf("%s has no diagram of the %s:\n%s", rulesDocument, name, b.String())
		}
	}

	pictures, err := filepath.Glob(filepath.Join("doc", "rules", "*"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range pictures {
		if !used[filepath.ToSlash(f)] {
			t.Errorf("%s is not a picture of %s", f, rulesDocument)
		}
	}
}
