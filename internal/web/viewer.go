package web

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"html"
	"io"
	"io/fs"
	"path"
	"regexp"
	"strings"

	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/diagram"
)

// A Viewer writes the page of hexdame html: the page of hexdame serve in
// its read-only viewer mode, as one self-contained HTML file that shows
// games (a list with their tags and results, the board, the movetext
// with comments, NAGs and variations, stepped through with buttons, keys
// and clicks on moves) with nothing fetched: no server, no WebAssembly.
// Its style and modules are inline (the modules as data: URLs of an
// import map), and so are the games' data, which its module viewer.js
// reads.
//
// The page is written as the games are added: the Viewer holds one game
// at a time, not the page. Its writes are buffered; Close ends the page.
// After a write error every method returns that error.
type Viewer struct {
	w      *bufio.Writer
	enc    *json.Encoder
	err    error  // the first write error
	tail   string // the page after the games' data
	games  int
	ids    map[*hexdame.Node]int
	paths  map[capture]string // the paths of captures found so far
	node   viewNode
	buf    []byte
	closed bool
}

// A viewerGame is what the page shows of a game besides its tree: its line
// in the list, its problems, its tags and its end.
type viewerGame struct {
	GameInfo
	Tags    [][2]string `json:"tags"`
	Result  string      `json:"result"`
	Outcome string      `json:"outcome,omitempty"` // how the main line ends, "" when the game goes on
}

// A viewNode is a node of a game's tree in the viewer's data, numbered as
// Item numbers them: its parent's number (-1 for the root) and either the
// board (the root and setups: the pieces of cells 1 to 61 as
// hexdame.Piece.String writes them, then the side to move, W or B) or the
// move: its path (the start and landing cells, algebraic, two letters a
// cell), its captured cells, and whether it crowns a man. The page plays
// the moves on the boards.
type viewNode struct {
	Parent   int    `json:"p"`
	Board    string `json:"b,omitempty"`
	Path     string `json:"m,omitempty"`
	Captured string `json:"x,omitempty"`
	Crowns   bool   `json:"k,omitempty"`
}

// maxPaths bounds the capture paths a Viewer keeps (about 600 KB).
const maxPaths = 4096

// movePath is Position.Path, which tests count: a capture's path is a
// search.
var movePath = hexdame.Position.Path

// NewViewer starts the page on w, with the title given, and returns the
// Viewer that adds the games.
func NewViewer(w io.Writer, title string) (*Viewer, error) {
	head, tail, err := viewerPage(title)
	if err != nil {
		return nil, err
	}
	drawings, err := viewerDrawings()
	if err != nil {
		return nil, err
	}
	v := &Viewer{w: bufio.NewWriterSize(w, 64<<10), tail: tail}
	v.enc = json.NewEncoder(v.w) // escaping <, > and &: no "</script>" in the data
	v.str(head)
	v.str(`<template id="drawings">` + drawings + "</template>\n")
	v.str(`<script type="application/json" id="data">[`)
	return v, v.err
}

// viewerPage returns the page of the viewer before and after the games'
// data: the page of hexdame serve in viewer mode, its style and modules
// inline.
func viewerPage(title string) (head, tail string, err error) {
	files := pageFiles()
	index, err := fs.ReadFile(files, "index.html")
	if err != nil {
		return "", "", err
	}
	css, err := fs.ReadFile(files, "app.css")
	if err != nil {
		return "", "", err
	}
	imports, err := viewerImports(files)
	if err != nil {
		return "", "", err
	}
	page := string(index)
	for _, r := range []struct{ old, new string }{
		{"<title>HexDame</title>", "<title>" + html.EscapeString(title) + "</title>"},
		{`<link rel="stylesheet" href="app.css">` + "\n", "<style>\n" + string(css) + "</style>\n"},
		{`<link rel="icon" href="data:,">` + "\n", ""},
		{`data-mode="server"`, `data-mode="viewer"`},
		{`<script type="module" src="wasm.js"></script>` + "\n", ""}, // the static site's
		{`<script type="module" src="app.js"></script>`, `<script type="module">import "hexdame/app.js";</script>`},
	} {
		if !strings.Contains(page, r.old) {
			return "", "", errors.New("the page lacks " + r.old)
		}
		page = strings.Replace(page, r.old, r.new, 1)
	}
	// The modules are in the import map: the page preloads none.
	page = modulePreloadRE.ReplaceAllString(page, "")
	head, tail, ok := strings.Cut(page, importMapTag)
	_, tail, ok2 := strings.Cut(tail, "</script>")
	if !ok || !ok2 {
		return "", "", errors.New("the page has no import map")
	}
	return head, "]</script>\n" + importMapTag + imports + "</script>" + tail, nil
}

// modulePreloadRE finds the lines of the page that preload its modules
// from files, which the viewer does not have.
var modulePreloadRE = regexp.MustCompile(`(?m)^<link rel="modulepreload" href="[^"]*">\n`)

// viewerImports returns the viewer's import map: each module of the page,
// hexdame/NAME.js, as a data: URL.
func viewerImports(files fs.FS) (string, error) {
	names, err := fs.Glob(files, "*.js")
	if err != nil {
		return "", err
	}
	m := map[string]string{}
	for _, name := range names {
		if name == "worker.js" {
			continue // the static site's worker, a classic script
		}
		src, err := fs.ReadFile(files, name)
		if err != nil {
			return "", err
		}
		m[path.Join("hexdame", name)] = "data:text/javascript;base64," + base64.StdEncoding.EncodeToString(src)
	}
	b, err := json.Marshal(map[string]any{"imports": m})
	return string(b), err
}

// viewerDrawings draws what the page draws its boards from: the board,
// the board turned, and a position with a piece of each kind and a
// capture, whose pieces and move marks the page copies.
func viewerDrawings() (string, error) {
	var b bytes.Buffer
	tp, err := hexdame.ParseFEN("W:Wa1,Ke1,c3:Bd4,i9,Kh9")
	if err != nil {
		return "", err
	}
	move, err := tp.ParseMove("c3xe5")
	if err != nil {
		return "", err
	}
	for _, d := range []struct {
		p    hexdame.Position
		opts diagram.Options
	}{
		{hexdame.Position{}, diagram.Options{Size: 480, Coordinates: true}},
		{hexdame.Position{}, diagram.Options{Size: 480, Coordinates: true, Flip: true}},
		{tp, diagram.Options{Move: move}},
	} {
		svg, err := diagram.AppendSVG(nil, d.p, d.opts)
		if err != nil {
			return "", err
		}
		b.WriteString(element(svg))
	}
	return b.String(), nil
}

// Add adds a game to the page, as it was read from PDN: g as far as it
// is legal (nil for a game that could not be read at all), and err its
// problems (nil for none).
func (v *Viewer) Add(g *hexdame.Game, err error) error {
	if v.err != nil {
		return v.err
	}
	if v.closed {
		return errors.New("the page is closed")
	}
	v.games++
	info := viewerGame{GameInfo: GameInfo{Label: label(v.games, g, err), Error: located(err)}, Result: "*"}
	if g == nil {
		g = hexdame.NewGame() // the start, and no move
	} else {
		info.Tags = tagPairs(g)
		info.Result = g.Outcome().Result.String()
		info.Outcome = outcomeText(g, g.Outcome())
	}
	if v.games > 1 {
		v.str(",\n")
	}
	v.str(`{"info":`)
	v.encode(&info)
	v.str(`,"nodes":[`)
	v.nodes(g)
	v.str(`],"items":[`)
	n := 0
	movetext(g, g.Notation(), func(it *Item) {
		if n++; n > 1 {
			v.str(",")
		}
		v.encode(it)
	})
	// The result ends the movetext, as the page's Tree ends it.
	if n > 0 {
		v.str(",")
	}
	v.encode(&Item{Kind: "r", Text: info.Result})
	v.str("]}")
	return v.err
}

// nodes writes the nodes of g's tree, in the order of its movetext.
func (v *Viewer) nodes(g *hexdame.Game) {
	clear(v.ids)
	if v.ids == nil {
		v.ids = make(map[*hexdame.Node]int)
	}
	nodes(g, func(x *hexdame.Node) {
		id := len(v.ids)
		v.ids[x] = id
		v.node = viewNode{Parent: -1}
		if p := x.Parent(); p != nil {
			v.node.Parent = v.ids[p]
		}
		if x.Parent() == nil || x.IsSetup() {
			v.node.Board = boardText(x.Position())
		} else {
			before, m := x.Parent().Position(), x.Move()
			v.node.Path = v.path(before, m)
			v.buf = v.buf[:0]
			for c := range m.Captured().All() {
				v.buf = append(v.buf, c.String()...)
			}
			v.node.Captured = string(v.buf)
			v.node.Crowns = !before.Piece(m.From()).IsKing() && x.Position().Piece(m.To()).IsKing()
		}
		if id > 0 {
			v.str(",")
		}
		v.encode(&v.node)
	})
	clear(v.ids) // the game's nodes are not kept
}

// path returns the cells of move m's path in position p, written one
// after the other: a capture's path is searched once however many nodes
// hold that capture (a record may set up a position again and again), and
// the paths found are kept, up to maxPaths of them.
func (v *Viewer) path(p hexdame.Position, m hexdame.Move) string {
	if !m.IsCapture() {
		return m.From().String() + m.To().String()
	}
	key := capture{p, m}
	if s, ok := v.paths[key]; ok {
		return s
	}
	if v.paths == nil || len(v.paths) >= maxPaths {
		v.paths = make(map[capture]string)
	}
	var b strings.Builder
	for _, c := range movePath(p, m).Cells() {
		b.WriteString(c.String())
	}
	v.paths[key] = b.String()
	return b.String()
}

// boardText writes a position as the viewer's data holds it.
func boardText(p hexdame.Position) string {
	b := make([]byte, 0, hexdame.NumCells+1)
	for c := hexdame.Cell(1); c <= hexdame.NumCells; c++ {
		b = append(b, p.Piece(c).String()...)
	}
	return string(append(b, "WB"[p.SideToMove()]))
}

// Flush writes what the Viewer holds of the page to its writer: the page
// as far as it goes, which Close ends.
func (v *Viewer) Flush() error {
	if v.err == nil {
		v.err = v.w.Flush()
	}
	return v.err
}

// Close ends the page and flushes it.
func (v *Viewer) Close() error {
	if !v.closed {
		v.closed = true
		v.str(v.tail)
	}
	return v.Flush()
}

// str writes s, unless a write failed.
func (v *Viewer) str(s string) {
	if v.err == nil {
		_, v.err = v.w.WriteString(s)
	}
}

// encode writes x as JSON, unless a write failed.
func (v *Viewer) encode(x any) {
	if v.err == nil {
		v.err = v.enc.Encode(x)
	}
}
