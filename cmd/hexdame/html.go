package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"html"
	"io"
	"iter"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/hexdame/hexdame"
)

var cmdHTML = &command{
	name:    "html",
	args:    "[FILE]",
	summary: "write a self-contained HTML page that shows the games of a PDN file",
	about: "Writes one HTML page on standard output that shows the games of a PDN file\n" +
		"(standard input when FILE is absent or -): a list of the games with their tags\n" +
		"and results, the board, and the movetext with comments and variations. Step\n" +
		"through a game with the buttons or the arrow keys, or click a move to jump to\n" +
		"it; the current move is drawn on the board. An invalid game is shown up to its\n" +
		"bad move, with the error. The page fetches nothing from the network. The page is\n" +
		"written as the games are read; if the file cannot be read to its end, the page\n" +
		"written so far is incomplete and the exit status is 2.",
	operands: []string{"FILE  a PDN file, or - for standard input (the default)"},
	setup: func(fs *flag.FlagSet) func(e *env) error {
		return func(e *env) error {
			in, display, closeIn, err := openOperand(e)
			if err != nil {
				return err
			}
			defer closeIn()
			title := display
			if display == "standard input" {
				title = "PDN games"
			}
			return writeHTML(e.stdout, in, title, display)
		}
	},
}

// writeHTML reads the games of in and writes the page as it reads them:
// the page's head and boards, then each game's data as soon as the game
// is read, then the script: title is the page's title, name the input's
// in error messages. Its memory holds one game at a time (its tree
// and what is being written), not the page. A read error ends the page
// where it is, incomplete, with an error (exit status 2); a write error
// stops the reading at the next game.
func writeHTML(w io.Writer, in io.Reader, title, name string) error {
	out := &pageWriter{w: bufio.NewWriterSize(w, 64<<10)}
	head, tail, _ := strings.Cut(pageTemplate, "{{DATA}}")
	boards, err := pageBoards()
	if err != nil {
		return err
	}
	out.WriteString(strings.NewReplacer("{{TITLE}}", html.EscapeString(title), "{{BOARDS}}", boards).Replace(head))
	out.WriteString("[")
	r := hexdame.NewReader(in)
	number := 0
	for g, err := range r.Games() {
		if err != nil && !isParseError(err) {
			out.w.Flush()
			return usageError{name + ": " + err.Error()}
		}
		number++
		if number > 1 {
			out.WriteString(",\n")
		}
		out.game(number, g, err)
		if out.err != nil {
			return out.err
		}
	}
	out.WriteString("]")
	out.WriteString(tail)
	if out.err != nil {
		return out.err
	}
	return out.w.Flush()
}

// pageBoards draws the boards of the page: the board, the flipped board,
// and the templates the script copies pieces and move marks from.
func pageBoards() (string, error) {
	var b bytes.Buffer
	board := func(id string, opts hexdame.SVGOptions, p hexdame.Position) error {
		var svg bytes.Buffer
		if err := hexdame.WriteSVG(&svg, p, opts); err != nil {
			return err
		}
		text := svg.String()
		text = text[strings.Index(text, "<svg"):] // no XML declaration inside HTML
		b.WriteString(strings.Replace(text, "<svg ", `<svg id="`+id+`" `, 1))
		return nil
	}
	if err := board("board", hexdame.SVGOptions{Coordinates: true, Size: 480}, hexdame.Position{}); err != nil {
		return "", err
	}
	if err := board("board-flipped", hexdame.SVGOptions{Coordinates: true, Size: 480, Flip: true}, hexdame.Position{}); err != nil {
		return "", err
	}
	// The templates: one piece of each kind, and a capture to copy the
	// path's marks from.
	tp := hexdame.MustParseFEN("W:Wa1,Ke1,c3:Bd4,i9,Kh9")
	if err := board("templates", hexdame.SVGOptions{Move: tp.MustParseMove("c3xe5")}, tp); err != nil {
		return "", err
	}
	return b.String(), nil
}

// A pageWriter writes the page's data: a JSON array with one object per
// game, which the script reads.
//
//	{"label": "1. Ann – Ben, Open 2-0",       the line of the game list
//	 "tags": [["Event","Open"], ...],          name and value
//	 "error": "line 3, column 9: ...",         the problems of an invalid game
//	 "result": "2-0",
//	 "nodes": [[-1,"w...rW"], [0,"d4-e5",""], [1,"f6xd4","e5"], [2,"c3xe5xg5","d4f6",1], [3,"w...rB"], ...],
//	 "text": ["m1. d4-e5", "c a comment", "(", "m1. c4-c5", ")", "n$1", "s[W:...]", ...]}
//
// The nodes are the game's tree, numbered in the order of the movetext
// (the root first; a node's main continuation comes before its
// variations): each is its parent's number and either the board (the
// pieces in Cell order as the diagram writes them, then W or B for the
// side to move: the root and setups), or the move's path in algebraic
// notation, its captured cells, and a 1 when it crowns a man. The script
// plays the moves on the boards. The text is the movetext, item by item:
// "m" a move as PDN writes it (with its number), "s" a setup, each the
// next node in order; "c" a comment, "n" a NAG, "(" and ")" a variation.
// All strings are escaped so that no "<" ends the script.
type pageWriter struct {
	w       *bufio.Writer
	err     error // the first write error
	scratch []byte
	paths   map[pathKey]string // the paths of captures found so far
}

func (pw *pageWriter) WriteString(s string) {
	if pw.err == nil {
		_, pw.err = pw.w.WriteString(s)
	}
}

func (pw *pageWriter) write(b []byte) {
	if pw.err == nil {
		_, pw.err = pw.w.Write(b)
	}
}

// str writes s as a JSON string.
func (pw *pageWriter) str(s string) {
	pw.scratch = appendJSONString(pw.scratch[:0], s)
	pw.write(pw.scratch)
}

// game writes the data of a game read from the file (and its problems).
func (pw *pageWriter) game(number int, g *hexdame.Game, err error) {
	errText := ""
	if err != nil {
		var lines []string
		for _, pe := range parseErrors(err) {
			lines = append(lines, fmt.Sprintf("line %d, column %d: %s", pe.Line, pe.Column, pe.Detail()))
		}
		errText = strings.Join(lines, "\n")
	}
	result := "*"
	label := strconv.Itoa(number) + ". (unreadable)"
	if g != nil {
		result = g.Outcome().Result.String()
		white, _ := g.Tag("White")
		red, _ := g.Tag("Black")
		event, _ := g.Tag("Event")
		label = fmt.Sprintf("%d. %s – %s", number, orUnknown(white), orUnknown(red))
		if event != "" {
			label += ", " + event
		}
		label += " " + result
		if err != nil {
			label += " (invalid)"
		}
	}
	pw.WriteString(`{"label":`)
	pw.str(label)
	pw.WriteString(`,"tags":[`)
	for _, t := range g.Tags() {
		pw.WriteString("[")
		pw.str(t.Name)
		pw.WriteString(",")
		pw.str(t.Value)
		pw.WriteString("],")
	}
	pw.WriteString(`["Result",`)
	pw.str(result)
	pw.WriteString(`]],"error":`)
	pw.str(errText)
	pw.WriteString(`,"result":`)
	pw.str(result)
	pw.WriteString(`,"nodes":[[-1,`)
	pw.str(boardText(g.InitialPosition()))
	pw.WriteString("]")
	if g != nil {
		walker{node: pw.node}.walk(g)
	}
	pw.WriteString(`],"text":[`)
	if g != nil {
		pw.text(g)
	}
	pw.WriteString("]}")
}

func orUnknown(s string) string {
	if s == "" {
		return "?"
	}
	return s
}

// boardText writes a position as the page's script reads it.
func boardText(p hexdame.Position) string {
	b := make([]byte, 0, hexdame.NumCells+1)
	for c := hexdame.Cell(1); c <= hexdame.NumCells; c++ {
		b = append(b, p.Piece(c).String()...)
	}
	return string(append(b, "WB"[p.SideToMove()]))
}

// A walker is told the parts of a game's movetext in the order the
// Writer writes them: each node but the root (numbered from 1, the root
// being 0, with its parent's number), its annotations when notes is set
// (one group at a time, read from the tree as they are told, as a record
// may hold a million), and the start and end of each variation when open
// and close are.
type walker struct {
	node        func(x *hexdame.Node, id, parent int)
	notes       func(elems iter.Seq[hexdame.Element])
	open, close func()
}

// walk visits the movetext of g: the root's annotations, then the main
// line and its variations.
func (w walker) walk(g *hexdame.Game) {
	root := g.Root()
	if w.notes != nil {
		before, after, _ := root.AnnotationsSeq()
		w.notes(before)
		w.notes(after)
	}
	next := 1
	w.line(root.Next(), 0, &next)
}

// line visits the line from node x, whose parent is numbered parent: each
// node, its annotations, and the variations that are alternatives to it.
// Variations nest at most hexdame.MaxVariationDepth deep in a game read
// from a record, which bounds the recursion.
func (w walker) line(x *hexdame.Node, parent int, next *int) {
	for ; x != nil; x = x.Next() {
		var before, after, tail iter.Seq[hexdame.Element]
		if w.notes != nil {
			before, after, tail = x.AnnotationsSeq()
			w.notes(before)
		}
		id := *next
		*next++
		w.node(x, id, parent)
		if w.notes != nil {
			w.notes(after)
		}
		if p := x.Parent(); p != nil && p.Next() == x {
			for _, s := range p.Children()[1:] {
				if w.open != nil {
					w.open()
				}
				w.line(s, parent, next)
				if w.close != nil {
					w.close()
				}
			}
		}
		if w.notes != nil {
			w.notes(tail)
		}
		parent = id
	}
}

// The calls that cost a search: the texts of a position's captures, one
// generation of the position, and a capture's path, one path search.
// Tests count them.
var (
	formatMoves    = hexdame.Position.FormatMoves
	formatMovePath = hexdame.Position.FormatMovePath
)

// captureTexts returns what PDN writes for each capture of g's tree, by
// the capture and the position it is played in. The captures played from
// one position, at however many nodes, are formatted together, with one
// generation of that position's legal moves (which a capture's text
// needs, to tell it from the others with the same start and end).
func captureTexts(g *hexdame.Game) map[pathKey]string {
	played := map[hexdame.Position][]hexdame.Move{}
	walker{node: func(x *hexdame.Node, _, _ int) {
		if m := x.Move(); !x.IsSetup() && m.IsCapture() {
			p := x.Before()
			if !slices.Contains(played[p], m) {
				played[p] = append(played[p], m)
			}
		}
	}}.walk(g)
	texts := make(map[pathKey]string)
	for p, moves := range played {
		for i, text := range formatMoves(p, moves, g.Notation()) {
			texts[pathKey{p, moves[i]}] = text
		}
	}
	return texts
}

// node writes a node of the page's data.
func (pw *pageWriter) node(x *hexdame.Node, _, parent int) {
	pw.WriteString(",[" + strconv.Itoa(parent) + ",")
	if x.IsSetup() {
		pw.str(boardText(x.Position()))
		pw.WriteString("]")
		return
	}
	before, m := x.Before(), x.Move()
	pw.str(pw.path(before, m))
	pw.WriteString(",\"")
	for c := range m.Captured().All() {
		pw.WriteString(c.String())
	}
	pw.WriteString("\"")
	if before.Crowns(m) {
		pw.WriteString(",1")
	}
	pw.WriteString("]")
}

// path returns the path of capture m in position p, searching it once
// however many nodes hold that move (a record may set up a position
// again and again): the paths found are kept, up to maxPaths of them.
func (pw *pageWriter) path(p hexdame.Position, m hexdame.Move) string {
	if !m.IsCapture() {
		return m.String()
	}
	key := pathKey{p, m}
	if s, ok := pw.paths[key]; ok {
		return s
	}
	if pw.paths == nil || len(pw.paths) >= maxPaths {
		pw.paths = make(map[pathKey]string)
	}
	s := formatMovePath(p, m, hexdame.Algebraic)
	pw.paths[key] = s
	return s
}

// A pathKey is a capture and the position it is played in.
type pathKey struct {
	p hexdame.Position
	m hexdame.Move
}

// maxPaths bounds the paths a pageWriter keeps (about 600 KB).
const maxPaths = 4096

// text writes the movetext of the page's data, item by item, as the
// Writer writes it.
func (pw *pageWriter) text(g *hexdame.Game) {
	texts := captureTexts(g)
	tw := textWriter{pw: pw, first: g.InitialPosition().SideToMove(), needNumber: true}
	walker{
		node: func(x *hexdame.Node, _, _ int) {
			if x.IsSetup() {
				tw.node(x, "")
				return
			}
			before, m := x.Before(), x.Move()
			text, ok := texts[pathKey{before, m}]
			if !ok {
				text = before.FormatMove(m, g.Notation()) // not a capture: no generation
			}
			tw.node(x, text)
		},
		notes: func(elems iter.Seq[hexdame.Element]) {
			for e := range elems {
				if e.Kind == hexdame.NAGElement {
					tw.item("n$" + strconv.Itoa(e.NAG))
				} else {
					tw.item("c" + e.Text)
				}
				tw.needNumber = true
			}
		},
		open: func() {
			tw.item("(")
			tw.needNumber = true
		},
		close: func() {
			tw.item(")")
			tw.needNumber = true
		},
	}.walk(g)
}

// A textWriter writes the items of the movetext, numbering the moves as
// the Writer does.
type textWriter struct {
	pw         *pageWriter
	first      hexdame.Color // the side to move at the start
	needNumber bool          // the next Red move needs "N..."
	items      int
}

func (tw *textWriter) item(s string) {
	if tw.items > 0 {
		tw.pw.WriteString(",")
	}
	tw.items++
	tw.pw.str(s)
}

// node writes node x, a setup or a move that PDN writes as text.
func (tw *textWriter) node(x *hexdame.Node, text string) {
	if x.IsSetup() {
		tw.item("s[" + x.Position().FEN() + "]")
		tw.needNumber = true
		return
	}
	idx := x.Ply() - 1
	if tw.first == hexdame.Red {
		idx++
	}
	number := ""
	switch {
	case x.Before().SideToMove() == hexdame.White:
		number = strconv.Itoa(idx/2+1) + ". "
	case tw.needNumber:
		number = strconv.Itoa(idx/2+1) + "... "
	}
	tw.item("m" + number + text + x.Strength())
	tw.needNumber = false
}

// appendJSONString appends s as a JSON string that is safe inside a
// <script> element: besides quotes, backslashes and control characters,
// "<", ">" and "&" are escaped (as encoding/json does), and so are U+2028
// and U+2029, and bytes that are not UTF-8 become U+FFFD.
func appendJSONString(dst []byte, s string) []byte {
	const hex = "0123456789abcdef"
	dst = append(dst, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				dst = append(dst, '\\', c)
			case c == '\n':
				dst = append(dst, '\\', 'n')
			case c < 0x20 || c == '<' || c == '>' || c == '&':
				dst = append(dst, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
			default:
				dst = append(dst, c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			dst = append(dst, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			dst = append(dst, '\\', 'u', '2', '0', '2', hex[r&0xF])
		default:
			dst = append(dst, s[i:i+size]...)
		}
		i += size
	}
	return append(dst, '"')
}

// pageTemplate is the page; {{TITLE}}, {{BOARDS}} and {{DATA}} are filled
// in. The script draws the current position by copying the template pieces
// and move marks onto the board.
const pageTemplate = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{TITLE}}</title>
<style>
body { margin: 0; font-family: sans-serif; color: #222; background: #faf7f2; display: flex; min-height: 100vh; }
nav { width: 18em; flex: none; overflow-y: auto; max-height: 100vh; border-right: 1px solid #ddd; background: #fff; }
nav h1 { font-size: 1em; margin: 0.8em; }
nav ol { list-style: none; margin: 0; padding: 0; }
nav li { padding: 0.3em 0.8em; cursor: pointer; border-bottom: 1px solid #eee; font-size: 0.9em; }
nav li:hover { background: #f0ebe2; }
nav li.current { background: #ffe9a8; }
nav li.invalid { color: #a00; }
main { flex: 1; display: flex; flex-wrap: wrap; align-items: flex-start; padding: 1em; gap: 1.5em; }
#boardbox svg { width: 480px; max-width: 100%; height: auto; }
#boardbox svg.hidden { display: none; }
#boardbox svg#templates { position: absolute; width: 0; height: 0; overflow: hidden; visibility: hidden; }
#controls { margin: 0.5em 0; display: flex; gap: 0.4em; }
#controls button { font-size: 1em; padding: 0.3em 0.8em; }
#side { max-width: 34em; }
#tags table { border-collapse: collapse; font-size: 0.9em; }
#tags td { padding: 0.1em 0.6em 0.1em 0; vertical-align: top; }
#tags td:first-child { color: #666; }
#error { color: #a00; white-space: pre-wrap; margin: 0.8em 0; }
#error:empty { display: none; }
#movetext { line-height: 1.7; margin-top: 0.8em; }
#movetext .move { cursor: pointer; padding: 0.05em 0.2em; border-radius: 3px; white-space: nowrap; }
#movetext .move:hover { background: #f0ebe2; }
#movetext .move.current { background: #1565c0; color: #fff; }
#movetext .comment { color: #2e6b34; font-style: italic; }
#movetext .nag { color: #7a4a00; }
#movetext .variation { color: #555; }
#movetext .variation .variation { color: #777; }
#status { color: #555; font-size: 0.9em; }
</style>
</head>
<body>
<nav><h1>{{TITLE}}</h1><ol id="games"></ol></nav>
<main>
<div id="boardbox">
{{BOARDS}}
<div id="controls">
<button id="first" title="start (Home)">&laquo;</button>
<button id="prev" title="back (left arrow)">&lsaquo;</button>
<button id="next" title="forward (right arrow)">&rsaquo;</button>
<button id="last" title="end (End)">&raquo;</button>
<button id="flip" title="turn the board">flip</button>
</div>
<div id="status"></div>
</div>
<div id="side">
<div id="tags"></div>
<div id="error"></div>
<div id="movetext"></div>
</div>
</main>
<script type="application/json" id="data">{{DATA}}</script>
<script>
(function () {
  "use strict";
  var games = JSON.parse(document.getElementById("data").textContent);
  var boards = [document.getElementById("board"), document.getElementById("board-flipped")];
  var templates = document.getElementById("templates");
  var SVG = "http://www.w3.org/2000/svg";
  var state = { game: -1, node: 0, flip: 0 };
  var boardCache = {}, kids = []; // the boards found so far, and each node's children, for the game shown

  // The centre of each cell, read from the hexagons of a board.
  function centres(svg) {
    var m = {};
    svg.querySelectorAll("polygon.cell").forEach(function (p) {
      var pts = p.getAttribute("points").trim().split(/\s+/), x = 0, y = 0;
      pts.forEach(function (pt) { var xy = pt.split(","); x += +xy[0]; y += +xy[1]; });
      m[p.getAttribute("data-cell")] = [x / pts.length, y / pts.length];
    });
    return m;
  }
  var tplCentres = centres(templates), boardCentres = boards.map(centres);
  var cells = [], cellIndex = {}; // Cell order, as the boards list them
  boards[0].querySelectorAll("polygon.cell").forEach(function (p) {
    cellIndex[p.getAttribute("data-cell")] = cells.length;
    cells.push(p.getAttribute("data-cell"));
  });

  // A node is [parent, board] (the root and setups) or [parent, path,
  // captured cells, 1 if the move crowns]. The board after a move is its
  // parent's with the move played.
  function pathOf(node) { return node.length > 2 ? node[1].split(/[-x]/) : null; }
  function capturedOf(node) { return node[2].match(/../g) || []; }
  function play(board, node) {
    var b = board.split(""), path = pathOf(node), from = cellIndex[path[0]], to = cellIndex[path[path.length - 1]];
    var piece = b[from];
    b[from] = ".";
    capturedOf(node).forEach(function (c) { b[cellIndex[c]] = "."; });
    b[to] = node[3] ? piece.toUpperCase() : piece;
    b[b.length - 1] = b[b.length - 1] === "W" ? "B" : "W";
    return b.join("");
  }
  function boardAt(n) {
    var nodes = games[state.game].nodes, chain = [], i = n;
    while (!(i in boardCache)) {
      if (nodes[i].length === 2) { boardCache[i] = nodes[i][1]; break; }
      chain.push(i);
      i = nodes[i][0];
    }
    for (var k = chain.length - 1; k >= 0; k--) {
      boardCache[chain[k]] = play(boardCache[nodes[chain[k]][0]], nodes[chain[k]]);
    }
    return boardCache[n];
  }
  var pieceTpl = {};
  templates.querySelectorAll("g.piece").forEach(function (g) {
    var cls = g.getAttribute("class"), sym = cls.indexOf("white") >= 0 ? "w" : "r";
    if (cls.indexOf("king") >= 0) { sym = sym.toUpperCase(); }
    pieceTpl[sym] = g;
  });
  var stepTpl = templates.querySelector("line.step"), capTpl = templates.querySelector("path.captured"),
    fromTpl = templates.querySelector("circle.from"), moveGroup = templates.querySelector("g.move");
  boards.forEach(function (svg) {
    var defs = templates.querySelector("defs").cloneNode(true);
    svg.insertBefore(defs, svg.firstChild);
    var layer = document.createElementNS(SVG, "g");
    layer.setAttribute("class", "dynamic");
    svg.appendChild(layer);
  });

  function copyAt(tpl, from, to) {
    var c = tpl.cloneNode(true);
    c.setAttribute("transform", "translate(" + (to[0] - from[0]).toFixed(2) + "," + (to[1] - from[1]).toFixed(2) + ")");
    return c;
  }

  function draw() {
    var g = games[state.game], node = g.nodes[state.node], board = boardAt(state.node), path = pathOf(node);
    var svg = boards[state.flip], at = boardCentres[state.flip];
    boards.forEach(function (b, i) { b.setAttribute("class", i === state.flip ? "" : "hidden"); });
    var layer = svg.querySelector("g.dynamic");
    while (layer.firstChild) { layer.removeChild(layer.firstChild); }
    for (var i = 0; i < cells.length; i++) {
      var sym = board.charAt(i);
      if (sym === ".") { continue; }
      var tpl = pieceTpl[sym], piece = copyAt(tpl, tplCentres[tpl.getAttribute("data-cell")], at[cells[i]]);
      piece.setAttribute("data-cell", cells[i]);
      layer.appendChild(piece);
    }
    if (path) {
      var marks = document.createElementNS(SVG, "g");
      ["class", "stroke", "fill", "stroke-linecap", "stroke-linejoin"].forEach(function (a) { marks.setAttribute(a, moveGroup.getAttribute(a)); });
      var from = fromTpl.cloneNode(true), p0 = at[path[0]];
      from.setAttribute("cx", p0[0]); from.setAttribute("cy", p0[1]);
      marks.appendChild(from);
      for (var k = 1; k < path.length; k++) {
        var a = at[path[k - 1]], b = at[path[k]], dx = b[0] - a[0], dy = b[1] - a[1], d = Math.sqrt(dx * dx + dy * dy);
        var line = stepTpl.cloneNode(true);
        line.setAttribute("x1", a[0]); line.setAttribute("y1", a[1]);
        line.setAttribute("x2", b[0] - dx / d * 3); line.setAttribute("y2", b[1] - dy / d * 3);
        marks.appendChild(line);
      }
      capturedOf(node).forEach(function (c) {
        var x = copyAt(capTpl, tplCentres[capTpl.getAttribute("data-cell")], at[c]);
        x.setAttribute("data-cell", c);
        marks.appendChild(x);
      });
      layer.appendChild(marks);
    }
    document.querySelectorAll("#movetext .move.current").forEach(function (m) { m.classList.remove("current"); });
    var span = document.querySelector('#movetext [data-n="' + state.node + '"]');
    if (span) { span.classList.add("current"); }
    var side = board.charAt(board.length - 1) === "W" ? "White" : "Red";
    document.getElementById("status").textContent = (state.node === 0 ? "Start" : "After " + (span ? span.textContent : "the setup")) + "; " + side + " to move";
    document.body.setAttribute("data-game", state.game + 1);
    document.body.setAttribute("data-node", state.node);
  }

  function selectGame(i) {
    state.game = i;
    state.node = 0;
    var g = games[i];
    document.querySelectorAll("#games li").forEach(function (li, k) { li.classList.toggle("current", k === i); });
    var rows = g.tags.map(function (t) { return "<tr><td>" + esc(t[0]) + "</td><td>" + esc(t[1]) + "</td></tr>"; });
    document.getElementById("tags").innerHTML = "<table>" + rows.join("") + "</table>";
    document.getElementById("error").textContent = g.error;
    boardCache = {};
    kids = g.nodes.map(function () { return []; });
    g.nodes.forEach(function (node, n) { if (n > 0) { kids[node[0]].push(n); } });
    showMovetext(g.text);
    draw();
  }

  // showMovetext writes the movetext's items: "m" a move and "s" a setup
  // (each the next node), "c" a comment, "n" a NAG, "(" and ")" a
  // variation.
  function showMovetext(items) {
    var box = document.getElementById("movetext"), stack = [document.createDocumentFragment()], next = 1;
    function add(cls, text, n) {
      var span = document.createElement("span");
      span.className = cls;
      span.textContent = text;
      if (n !== undefined) { span.setAttribute("data-n", n); }
      stack[stack.length - 1].appendChild(span);
      stack[stack.length - 1].appendChild(document.createTextNode(" "));
      return span;
    }
    items.forEach(function (item) {
      var kind = item.charAt(0), text = item.slice(1), top;
      switch (kind) {
        case "m": add("move", text, next++); break;
        case "s": add("setup", text, next++); break;
        case "c": add("comment", text); break;
        case "n": add("nag", text); break;
        case "(": stack.push(add("variation", "(")); break;
        case ")":
          top = stack.pop();
          if (top.lastChild && top.lastChild.nodeType === 3) { top.removeChild(top.lastChild); }
          top.appendChild(document.createTextNode(")"));
          break;
      }
    });
    box.textContent = "";
    box.appendChild(stack[0]);
  }

  function esc(s) {
    return String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  }

  function children(n) { return kids[n]; }
  function go(n) { state.node = n; draw(); }
  var actions = {
    first: function () { go(0); },
    prev: function () { var p = games[state.game].nodes[state.node][0]; if (p >= 0) { go(p); } },
    next: function () { var c = children(state.node); if (c.length) { go(c[0]); } },
    last: function () { var n = state.node, c; while ((c = children(n)).length) { n = c[0]; } go(n); },
    flip: function () { state.flip = 1 - state.flip; draw(); }
  };
  Object.keys(actions).forEach(function (id) { document.getElementById(id).addEventListener("click", actions[id]); });
  document.addEventListener("keydown", function (e) {
    var keys = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" };
    if (keys[e.key]) { e.preventDefault(); actions[keys[e.key]](); }
  });
  document.getElementById("movetext").addEventListener("click", function (e) {
    var m = e.target.closest("[data-n]");
    if (m) { go(+m.getAttribute("data-n")); }
  });
  var list = document.getElementById("games");
  games.forEach(function (g, i) {
    var li = document.createElement("li");
    li.textContent = g.label;
    if (g.error) { li.classList.add("invalid"); li.title = g.error; }
    li.addEventListener("click", function () { selectGame(i); });
    list.appendChild(li);
  });

  // The address may name a game and what to do first, as a reader would:
  // #game=2&play=next,next,prev (buttons), &keys=ArrowRight,End (keys),
  // &click=5 (the move numbered 5 in the movetext).
  if (!games.length) {
    document.getElementById("status").textContent = "No games.";
    return;
  }
  var params = new URLSearchParams(location.hash.slice(1));
  selectGame(Math.min(Math.max((+params.get("game") || 1) - 1, 0), games.length - 1));
  (params.get("play") || "").split(",").forEach(function (id) {
    if (actions[id]) { document.getElementById(id).click(); }
  });
  (params.get("keys") || "").split(",").forEach(function (key) {
    if (key) { document.dispatchEvent(new KeyboardEvent("keydown", { key: key })); }
  });
  (params.get("click") || "").split(",").forEach(function (n) {
    var m = n && document.querySelector('#movetext [data-n="' + n + '"]');
    if (m) { m.click(); }
  });
})();
</script>
</body>
</html>
`
