package diagram

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/hexdame/hexdame"
)

// RULES.md is the specification of the rules package; its pictures and
// diagrams are this package's. TestRulesDocument keeps them true:
//
//   - a picture under doc/rules whose text is a command line
//     "hexdame svg ARGS" is what that command draws (go test -update
//     rewrites the pictures), and every picture there is used;
//   - the diagrams of the board's cell names, numbers and crowning rows
//     are the standard diagram's layout, as Text draws it.
//
// (The rules package's tests check its "moves" blocks.)
const rulesDocument = "../RULES.md"

var docPicture = regexp.MustCompile(`!\[hexdame svg ([^\]]*)\]\((doc/rules/[^)\s]+\.svg)\)`)

// svgOptionsOf reads the arguments of "hexdame svg" that a picture of the
// document gives: -coords, -flip, -size PX, -fen FEN and -move MOVE.
func svgOptionsOf(args string) (hexdame.Position, Options, error) {
	p := hexdame.StartPosition()
	var o Options
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
			if p, err = hexdame.ParseFEN(value()); err != nil {
				return p, o, err
			}
		case "-move":
			moveText = value()
		default:
			return p, o, fmt.Errorf("argument of hexdame svg %q", fields[i])
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
		file := filepath.Join("..", filepath.FromSlash(path))
		if *update {
			if err := os.WriteFile(file, b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if want, err := os.ReadFile(file); err != nil || string(want) != string(b) {
			t.Errorf("%s is not what hexdame svg %s draws (go test -run TestRulesDocument -update rewrites it): %v", path, args, err)
		}
	}
	for name, label := range map[string]func(hexdame.Cell) string{
		"cell names": func(c hexdame.Cell) string { return c.String() },
		"numbers": func(c hexdame.Cell) string {
			n := strconv.Itoa(c.Number())
			return strings.Repeat(" ", 2-len(n)) + n
		},
		"crowning rows": func(c hexdame.Cell) string {
			if hexdame.White.CrowningRow().Has(c) || hexdame.Red.CrowningRow().Has(c) {
				return c.String()
			}
			return "."
		},
	} {
		var b strings.Builder
		writeText(&b, label, Options{})
		if !strings.Contains(text, "\n```\n"+b.String()+"```\n") {
			t.Errorf("%s has no diagram of the %s:\n%s", rulesDocument, name, b.String())
		}
	}

	pictures, err := filepath.Glob(filepath.Join("..", "doc", "rules", "*"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range pictures {
		if rel, _ := filepath.Rel("..", f); !used[filepath.ToSlash(rel)] {
			t.Errorf("%s is not a picture of %s", f, rulesDocument)
		}
	}
}
