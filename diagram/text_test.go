package diagram

import (
	"flag"
	"os"
	"testing"

	"github.com/hexdame/hexdame"
)

var update = flag.Bool("update", false, "rewrite golden files in testdata")

// readFile returns the content of a file, or ends the test.
func readFile(t testing.TB, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// The text diagram with and without coordinates, flipped and not, against
// testdata/text.
func TestTextGolden(t *testing.T) {
	p := hexdame.MustParseFEN("W:WKa1,c3,e5:BKi9,g7,e8")
	for _, tc := range []struct {
		name string
		opts Options
	}{
		{"plain", Options{}},
		{"coordinates", Options{Coordinates: true}},
		{"flipped", Options{Flip: true}},
		{"flipped-coordinates", Options{Flip: true, Coordinates: true}},
	} {
		path := "testdata/text/" + tc.name + ".txt"
		got := Text(p, tc.opts)
		if *update {
			if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if want := readFile(t, path); got != want {
			t.Errorf("Text(%+v) differs from %s (go test -update rewrites it):\n%s", tc.opts, path, got)
		}
	}
}
