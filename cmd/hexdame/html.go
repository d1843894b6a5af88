package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"html"
	"io"
	"strconv"
	"strings"

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
		"bad move, with the error. The page fetches nothing from the network.",
	operands: []string{"FILE  a PDN file, or - for standard input (the default)"},
	setup: func(fs *flag.FlagSet) func(e *env) error {
		return func(e *env) error {
			in, display, closeIn, err := openOperand(e)
			if err != nil {
				return err
			}
			defer closeIn()
			if display == "standard input" {
				display = "PDN games"
			}
			return writeHTML(e.stdout, in, display)
		}
	},
}

// htmlGame is a game as the page's script sees it.
type htmlGame struct {
	Label  string      `json:"label"`  // the line of the game list
	Tags   [][2]string `json:"tags"`   // name and value
	Error  string      `json:"error"`  // the problems of an invalid game
	Nodes  []htmlNode  `json:"nodes"`  // the tree, in order: [0] is the start
	Moves  string      `json:"moves"`  // the movetext as HTML, moves marked with data-n
	Result string      `json:"result"` // the result, as PDN writes it
}

// htmlNode is a node of a game's tree: its parent, the board after it (the
// pieces in Cell order as the diagram writes them, then W or B for the
// side to move), and its move's path and captured cells.
type htmlNode struct {
	Parent   int      `json:"p"`
	Board    string   `json:"b"`
	Path     []string `json:"path,omitempty"`
	Captured []string `json:"cap,omitempty"`
}

// writeHTML reads the games of in and writes the page.
func writeHTML(w io.Writer, in io.Reader, title string) error {
	var games []htmlGame
	r := hexdame.NewReader(in)
	for g, err := range r.Games() {
		if err != nil && !isParseError(err) {
			return usageError{title + ": " + errMessage(err)}
		}
		games = append(games, pageGame(len(games)+1, g, err))
	}
	data, err := json.Marshal(games) // escapes <, > and &: safe inside <script>
	if err != nil {
		return err
	}
	boards, err := pageBoards()
	if err != nil {
		return err
	}
	page := strings.NewReplacer(
		"{{TITLE}}", html.EscapeString(title),
		"{{BOARDS}}", boards,
		"{{DATA}}", string(data),
	).Replace(pageTemplate)
	_, err = io.WriteString(w, page)
	return err
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

// pageGame turns a game read from the file (and its problems) into what
// the page shows.
func pageGame(number int, g *hexdame.Game, err error) htmlGame {
	pg := htmlGame{Result: "*", Tags: [][2]string{}}
	if err != nil {
		var lines []string
		for _, pe := range parseErrors(err) {
			lines = append(lines, fmt.Sprintf("line %d, column %d: %s", pe.Line, pe.Column, pe.Detail()))
		}
		pg.Error = strings.Join(lines, "\n")
	}
	if g == nil {
		pg.Label = strconv.Itoa(number) + ". (unreadable)"
		pg.Nodes = []htmlNode{{Parent: -1, Board: boardText(hexdame.StartPosition())}}
		return pg
	}
	pg.Result = g.Outcome().Result.String()
	for _, t := range g.Tags() {
		pg.Tags = append(pg.Tags, [2]string{t.Name, t.Value})
	}
	pg.Tags = append(pg.Tags, [2]string{"Result", pg.Result})
	white, _ := g.Tag("White")
	red, _ := g.Tag("Black")
	event, _ := g.Tag("Event")
	pg.Label = fmt.Sprintf("%d. %s – %s", number, orUnknown(white), orUnknown(red))
	if event != "" && event != "?" {
		pg.Label += ", " + event
	}
	pg.Label += " " + pg.Result
	if err != nil {
		pg.Label += " (invalid)"
	}
	// Number the nodes depth first, children in order, and write the
	// movetext as the Writer would.
	ids := map[*hexdame.Node]int{}
	stack := []*hexdame.Node{g.Root()}
	parents := []int{-1}
	for len(stack) > 0 {
		n, parent := stack[len(stack)-1], parents[len(parents)-1]
		stack, parents = stack[:len(stack)-1], parents[:len(parents)-1]
		id := len(pg.Nodes)
		ids[n] = id
		node := htmlNode{Parent: parent, Board: boardText(n.Position())}
		if parent >= 0 && !n.IsSetup() {
			before := n.Before()
			for _, c := range before.Path(n.Move()) {
				node.Path = append(node.Path, c.String())
			}
			for c := range n.Move().Captured().All() {
				node.Captured = append(node.Captured, c.String())
			}
		}
		pg.Nodes = append(pg.Nodes, node)
		kids := n.Children()
		for i := len(kids) - 1; i >= 0; i-- {
			stack = append(stack, kids[i])
			parents = append(parents, id)
		}
	}
	var mt strings.Builder
	if before, after, _ := g.Root().Annotations(); len(before)+len(after) > 0 {
		writeNotes(&mt, append(before, after...))
	}
	writeLine(&mt, g.Root().Next(), ids, g.Notation(), g.InitialPosition().SideToMove(), 0)
	pg.Moves = mt.String()
	return pg
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

// writeLine writes the movetext of the line from node x: numbers, moves as
// spans the script can click, annotations and variations.
func writeLine(b *strings.Builder, x *hexdame.Node, ids map[*hexdame.Node]int, n hexdame.Notation, first hexdame.Color, depth int) {
	needNumber := true
	for ; x != nil; x = x.Next() {
		before, after, tail := x.Annotations()
		if len(before) > 0 {
			writeNotes(b, before)
			needNumber = true
		}
		if x.IsSetup() {
			fmt.Fprintf(b, `<span class="setup" data-n="%d">[%s]</span> `, ids[x], html.EscapeString(x.Position().FEN()))
			needNumber = true
		} else {
			mover := x.Before().SideToMove()
			idx := x.Ply() - 1
			if first == hexdame.Red {
				idx++
			}
			number := ""
			switch {
			case mover == hexdame.White:
				number = strconv.Itoa(idx/2+1) + ". "
			case needNumber:
				number = strconv.Itoa(idx/2+1) + "... "
			}
			text := x.Before().FormatMove(x.Move(), n) + x.Strength()
			fmt.Fprintf(b, `<span class="move" data-n="%d">%s%s</span> `, ids[x], number, html.EscapeString(text))
			needNumber = false
		}
		if len(after) > 0 {
			writeNotes(b, after)
			needNumber = true
		}
		if p := x.Parent(); p != nil && p.Next() == x {
			for _, v := range p.Children()[1:] {
				var vb strings.Builder
				writeLine(&vb, v, ids, n, first, depth+1)
				b.WriteString(`<span class="variation">(` + strings.TrimSpace(vb.String()) + `)</span> `)
				needNumber = true
			}
		}
		if len(tail) > 0 {
			writeNotes(b, tail)
			needNumber = true
		}
	}
}

// writeNotes writes comments, line comments and NAGs, escaped.
func writeNotes(b *strings.Builder, notes []hexdame.Element) {
	for _, e := range notes {
		switch e.Kind {
		case hexdame.NAGElement:
			fmt.Fprintf(b, `<span class="nag">$%d</span> `, e.NAG)
		default:
			fmt.Fprintf(b, `<span class="comment">%s</span> `, html.EscapeString(e.Text))
		}
	}
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
  var cells = []; // Cell order, as the boards list them
  boards[0].querySelectorAll("polygon.cell").forEach(function (p) { cells.push(p.getAttribute("data-cell")); });
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
    var g = games[state.game], node = g.nodes[state.node];
    var svg = boards[state.flip], at = boardCentres[state.flip];
    boards.forEach(function (b, i) { b.setAttribute("class", i === state.flip ? "" : "hidden"); });
    var layer = svg.querySelector("g.dynamic");
    while (layer.firstChild) { layer.removeChild(layer.firstChild); }
    for (var i = 0; i < cells.length; i++) {
      var sym = node.b.charAt(i);
      if (sym === ".") { continue; }
      var tpl = pieceTpl[sym], piece = copyAt(tpl, tplCentres[tpl.getAttribute("data-cell")], at[cells[i]]);
      piece.setAttribute("data-cell", cells[i]);
      layer.appendChild(piece);
    }
    if (node.path) {
      var marks = document.createElementNS(SVG, "g");
      ["class", "stroke", "fill", "stroke-linecap", "stroke-linejoin"].forEach(function (a) { marks.setAttribute(a, moveGroup.getAttribute(a)); });
      var from = fromTpl.cloneNode(true), p0 = at[node.path[0]];
      from.setAttribute("cx", p0[0]); from.setAttribute("cy", p0[1]);
      marks.appendChild(from);
      for (var k = 1; k < node.path.length; k++) {
        var a = at[node.path[k - 1]], b = at[node.path[k]], dx = b[0] - a[0], dy = b[1] - a[1], d = Math.sqrt(dx * dx + dy * dy);
        var line = stepTpl.cloneNode(true);
        line.setAttribute("x1", a[0]); line.setAttribute("y1", a[1]);
        line.setAttribute("x2", b[0] - dx / d * 3); line.setAttribute("y2", b[1] - dy / d * 3);
        marks.appendChild(line);
      }
      (node.cap || []).forEach(function (c) {
        var x = copyAt(capTpl, tplCentres[capTpl.getAttribute("data-cell")], at[c]);
        x.setAttribute("data-cell", c);
        marks.appendChild(x);
      });
      layer.appendChild(marks);
    }
    document.querySelectorAll("#movetext .move.current").forEach(function (m) { m.classList.remove("current"); });
    var span = document.querySelector('#movetext [data-n="' + state.node + '"]');
    if (span) { span.classList.add("current"); }
    var side = node.b.charAt(node.b.length - 1) === "W" ? "White" : "Red";
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
    document.getElementById("movetext").innerHTML = g.moves;
    draw();
  }

  function esc(s) {
    return String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  }

  function children(n) {
    var out = [], nodes = games[state.game].nodes;
    for (var i = n + 1; i < nodes.length; i++) { if (nodes[i].p === n) { out.push(i); } }
    return out;
  }
  function go(n) { state.node = n; draw(); }
  var actions = {
    first: function () { go(0); },
    prev: function () { var p = games[state.game].nodes[state.node].p; if (p >= 0) { go(p); } },
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
