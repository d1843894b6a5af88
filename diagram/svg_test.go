package diagram

import (
	"bytes"
	"encoding/xml"
	"errors"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hexdame/hexdame"
)

// svgCases are the golden pictures: testdata/svg/NAME.svg.
var svgCases = []struct {
	name, fen, move string
	opts            Options
}{
	{"start", "", "", Options{}},
	{"start-coords", "", "", Options{Coordinates: true}},
	{"king-capture", "W:WKe1,c3:Ba2,a3,c7,d7,e6,g5,Kh8", "e1xe8xb5xh5xh9", Options{Coordinates: true}},
	{"king-capture-flipped", "W:WKe1,c3:Ba2,a3,c7,d7,e6,g5,Kh8", "e1xe8xb5xh5xh9", Options{Coordinates: true, Flip: true, Size: 300}},
	{"ring", "W:Wc3:Bd3,f4,g6,f7,d6,c4", "c3xc3", Options{}},
	{"highlight", "", "", Options{Highlight: []hexdame.Cell{cellE4, cellE5, cellD5}}},
}

var (
	cellD5 = hexdame.MustParseCell("d5")
	cellE4 = hexdame.MustParseCell("e4")
	cellE5 = hexdame.MustParseCell("e5")
)

// svgOf draws a case.
func svgOf(t *testing.T, fen, move string, opts Options) (hexdame.Position, []byte) {
	t.Helper()
	p := hexdame.StartPosition()
	if fen != "" {
		p = hexdame.MustParseFEN(fen)
	}
	if move != "" {
		opts.Move = p.MustParseMove(move)
	}
	b, err := AppendSVG(nil, p, opts)
	if err != nil {
		t.Fatal(err)
	}
	return p, b
}

func TestSVGGolden(t *testing.T) {
	for _, tc := range svgCases {
		_, b := svgOf(t, tc.fen, tc.move, tc.opts)
		path := filepath.Join("testdata", "svg", tc.name+".svg")
		if *update {
			if err := os.WriteFile(path, b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if want := readFile(t, path); string(b) != want {
			t.Errorf("%s differs from %s (go test -update rewrites it)", tc.name, path)
		}
		// The same arguments give the same bytes.
		if _, again := svgOf(t, tc.fen, tc.move, tc.opts); !bytes.Equal(b, again) {
			t.Errorf("%s: two drawings differ", tc.name)
		}
	}
}

// svgDoc is the part of an SVG document the tests read.
type svgDoc struct {
	XMLName xml.Name `xml:"svg"`
	Version string   `xml:"version,attr"`
	ViewBox string   `xml:"viewBox,attr"`
	Title   string   `xml:"title"`
	Desc    string   `xml:"desc"`
	Groups  []struct {
		Class string `xml:"class,attr"`
		Marks []struct {
			Class string `xml:"class,attr"`
			Cell  string `xml:"data-cell,attr"`
		} `xml:",any"`
	} `xml:"g"`
}

// The SVG is XML with a viewBox, a title and the FEN as its description,
// one mark per piece, on its cell, and nothing fetched from outside.
func TestSVGStructure(t *testing.T) {
	for _, tc := range svgCases {
		p, b := svgOf(t, tc.fen, tc.move, tc.opts)
		var doc svgDoc
		if err := xml.Unmarshal(b, &doc); err != nil {
			t.Fatalf("%s: not XML: %v", tc.name, err)
		}
		if doc.Version != "1.1" || len(strings.Fields(doc.ViewBox)) != 4 || doc.Desc != p.String() || !strings.Contains(doc.Title, "HexDame position") {
			t.Errorf("%s: version %q, viewBox %q, title %q, desc %q", tc.name, doc.Version, doc.ViewBox, doc.Title, doc.Desc)
		}
		pieces, cells, captured := map[string]string{}, 0, 0
		for _, g := range doc.Groups {
			for _, m := range g.Marks {
				switch {
				case strings.HasPrefix(m.Class, "piece "):
					if _, twice := pieces[m.Cell]; twice {
						t.Errorf("%s: two marks on %s", tc.name, m.Cell)
					}
					pieces[m.Cell] = m.Class
				case m.Class == "cell":
					cells++
				case m.Class == "captured":
					captured++
				}
			}
		}
		if cells != hexdame.NumCells {
			t.Errorf("%s: %d cells", tc.name, cells)
		}
		for c := hexdame.Cell(1); c <= hexdame.NumCells; c++ {
			x := p.Piece(c)
			class, ok := pieces[c.String()]
			if ok != (x != hexdame.NoPiece) {
				t.Errorf("%s: %v holds %v, mark %q", tc.name, c, x, class)
				continue
			}
			if ok {
				want := "piece " + strings.ToLower(x.Color().String()) + map[bool]string{false: " man", true: " king"}[x.IsKing()]
				if class != want {
					t.Errorf("%s: %v marked %q, want %q", tc.name, c, class, want)
				}
			}
		}
		if tc.move != "" && captured != p.MustParseMove(tc.move).Captured().Len() {
			t.Errorf("%s: %d captured marks", tc.name, captured)
		}
		for _, external := range []string{"href", "@import", "url(http", "<image", "<script", "font-face"} {
			if bytes.Contains(b, []byte(external)) {
				t.Errorf("%s: holds %q", tc.name, external)
			}
		}
	}
}

func TestSVGErrors(t *testing.T) {
	p := hexdame.StartPosition()
	other := hexdame.MustParseFEN("W:Wc3:Bd4").MustParseMove("c3xe5")
	var buf bytes.Buffer
	if err := WriteSVG(&buf, p, Options{Move: other}); !errors.Is(err, hexdame.ErrIllegalMove) || buf.Len() != 0 {
		t.Errorf("illegal move: %v, wrote %d bytes", err, buf.Len())
	}
	if err := WriteSVG(&buf, p, Options{Highlight: []hexdame.Cell{hexdame.NoCell}}); !errors.Is(err, hexdame.ErrInvalid) {
		t.Errorf("invalid cell: %v", err)
	}
	for _, size := range []int{-1, 10001} {
		if err := WriteSVG(&buf, p, Options{Size: size}); !errors.Is(err, hexdame.ErrInvalid) {
			t.Errorf("size %d: %v", size, err)
		}
	}
	if err := WriteSVG(&buf, p, Options{}); err != nil || !bytes.Contains(buf.Bytes(), []byte(`width="400"`)) {
		t.Errorf("nil options: %v", err)
	}
}

// requireTool finds a program the renderer tests need. In CI
// (HEXDAME_REQUIRE_RENDERERS=1, set by .ci/run after installing them) a
// missing program fails the test; elsewhere the test is skipped.
func requireTool(t *testing.T, name, pkg string) string {
	t.Helper()
	path, err := exec.LookPath(name)
	if err != nil {
		if os.Getenv("HEXDAME_REQUIRE_RENDERERS") != "" {
			t.Fatalf("%s is not installed (Debian package %s)", name, pkg)
		}
		t.Skipf("%s is not installed (Debian package %s); skipping the rendering test", name, pkg)
	}
	return path
}

// TestSVGRendered renders the pictures with rsvg-convert and checks the
// color at each cell: a White piece, a Red piece, or the board.
func TestSVGRendered(t *testing.T) {
	rsvg := requireTool(t, "rsvg-convert", "librsvg2-bin")
	dir := t.TempDir()
	for _, tc := range svgCases {
		p, b := svgOf(t, tc.fen, tc.move, tc.opts)
		in, out := filepath.Join(dir, tc.name+".svg"), filepath.Join(dir, tc.name+".png")
		if err := os.WriteFile(in, b, 0o644); err != nil {
			t.Fatal(err)
		}
		const width = 400
		if msg, err := exec.Command(rsvg, "-w", "400", "-o", out, in).CombinedOutput(); err != nil {
			t.Fatalf("rsvg-convert: %v: %s", err, msg)
		}
		f, err := os.Open(out)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		w, _ := svgSize()
		scale := float64(width) / w
		for c := hexdame.Cell(1); c <= hexdame.NumCells; c++ {
			if tc.move != "" && p.MustParseMove(tc.move).Captured().Has(c) {
				continue // crossed out
			}
			x, y := svgCenter(c, tc.opts.Flip)
			// Below the center: inside a piece, outside a king's crown.
			got := pixelKind(img, int((x)*scale), int((y+0.62*svgR)*scale))
			want := "board"
			if piece := p.Piece(c); piece != hexdame.NoPiece {
				want = strings.ToLower(piece.Color().String())
			}
			if got != want && !(want == "board" && got == "highlight") {
				t.Errorf("%s: %v looks %s, want %s", tc.name, c, got, want)
			}
		}
	}
}

// pixelKind says what a pixel of the picture looks like.
func pixelKind(img image.Image, x, y int) string {
	r, g, b, _ := img.At(x, y).RGBA()
	r, g, b = r>>8, g>>8, b>>8
	switch {
	case r > 235 && g > 235 && b > 235:
		return "white"
	case r > 150 && g < 90 && b < 90:
		return "red"
	case b > r:
		return "highlight"
	case r > 180 && g > 130 && b > 80 && r > b+40:
		return "board"
	}
	return "other"
}
