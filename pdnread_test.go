package hexdame

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io"
	"maps"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"
	"time"
)

// Tests of pdnread.go: ReadRecord and CheckRecord, the syntax layer:
// syntax errors and recovery after them, words joined across a space,
// nesting, and the conformance files of testdata/pdn/conformance, which
// exercise PDN as other draughts programs write it.

func TestSyntaxErrors(t *testing.T) {
	for _, text := range []string{
		"1. d4-e5 {unterminated",
		`[Event "unterminated]`,
		"1. d4-e5 ) *",
		"1. d4-e5 () *",
		"1. d4-e5 ] *",
		"1. d4-e5 $ *",
		"1. d4-e5 hello *",
		"1. *",
		"[Event \"a\"] 1. d4-e5 [Event \"b\"] *",
		"[Event 1]",
		"*",
	} {
		r := NewReader(strings.NewReader(text))
		var err error
		for err == nil {
			_, err = r.ReadRecord()
		}
		if !errors.Is(err, ErrSyntax) {
			t.Errorf("%q: error %v, want a syntax error", text, err)
		}
	}
}

func TestDeepNestingFailsFast(t *testing.T) {
	text := "1. d4-e5 " + strings.Repeat("(", 1_000_000)
	start := time.Now()
	r := NewReader(strings.NewReader(text))
	_, err := r.ReadRecord()
	if !errors.Is(err, ErrSyntax) {
		t.Fatalf("error %v, want a syntax error", err)
	}
	if _, err := r.ReadRecord(); err != io.EOF {
		t.Errorf("after the error: %v, want io.EOF", err)
	}
	// The reader stops at the first parenthesis past MaxVariationDepth and
	// skips the rest of the game in one pass: the bound catches a reader
	// that recurses or rescans for each parenthesis (a million of them),
	// which takes minutes. It is wall time with a margin of a thousand:
	// 20 ms on an idle machine (8a2aa3d, 2026-11-26), 63 ms on the shared
	// two-core machine at its usual load on 2026-11-28.
	if d := time.Since(start); d > 20*time.Second {
		t.Errorf("took %v", d)
	}
}

// CheckRecord reads what ReadRecord reads, with the same errors, in
// memory that does not grow with the record; a flood of annotations
// costs ReadGame little too (the tree keeps an empty line comment in two
// bytes), and ReadRecord, which keeps each as an Element (88 bytes),
// memory in proportion to the text.
func TestCheckRecord(t *testing.T) {
	features := readFile(t, "testdata/pdn/features.pdn")
	for _, text := range []string{
		features,
		readFile(t, "testdata/pdn/problems.pdn"),
		"1. d4-e5 {unterminated",
		"1. d4-e5 ) *\n\n1. d4-e5 *\n\n[Event 1]\n\n1. c4-c5 *",
		"[Event \"a\"] 1. d4-e5 [Event \"b\"] *",
		"1. d4-e5 " + strings.Repeat("(", MaxVariationDepth+1),
		"",
	} {
		read, check := NewReader(strings.NewReader(text)), NewReader(strings.NewReader(text))
		for i := 0; ; i++ {
			_, want := read.ReadRecord()
			got := check.CheckRecord()
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("%q..., record %d: CheckRecord %v, ReadRecord %v", clipped(text), i+1, got, want)
			}
			if want == io.EOF || i > 20 {
				break
			}
		}
	}
	flood := strings.Repeat("%\n", 300_000) + "1. d4-e5 *\n"
	if n := allocated(func() {
		if err := NewReader(strings.NewReader(flood)).CheckRecord(); err != nil {
			t.Error(err)
		}
	}); n > 1<<20 {
		// The bound catches a CheckRecord that keeps the record's
		// elements (it would allocate as ReadRecord does, below); it
		// keeps none. Measured: 67 KB for 600 KB of text on 2026-11-28.
		t.Errorf("CheckRecord of 300,000 line comments allocated %d bytes", n)
	}
	game := allocated(func() {
		if _, err := NewReader(strings.NewReader(flood)).ReadGame(); err != nil {
			t.Error(err)
		}
	})
	// The tree keeps an empty line comment in two bytes: the bound catches
	// a tree that keeps each as an Element (88 bytes, 44 times the text).
	// Measured: 5.5 times the text (1ea0408 and 2026-11-28).
	if game > 10*uint64(len(flood)) {
		t.Errorf("ReadGame of 300,000 line comments allocated %d bytes", game)
	}
	record := allocated(func() {
		if _, err := NewReader(strings.NewReader(flood)).ReadRecord(); err != nil {
			t.Error(err)
		}
	})
	// Measured: 227 times the text in all, the slice of Elements growing
	// to 26 MB (1ea0408 and 2026-11-28); the bound catches a second copy
	// of the Elements, or an Element grown by a third.
	if record > 300*uint64(len(flood)) {
		t.Errorf("ReadRecord of 300,000 line comments allocated %d bytes", record)
	}
}

// Words ending in a separator are joined to the next ("28x 6"), in linear
// time and to a bounded length.
func TestHostileJoinedWords(t *testing.T) {
	for _, text := range []string{
		strings.Repeat("a1x ", 100_000) + "*",
		strings.Repeat("x ", 1_000_000) + "*",
		"1. " + strings.Repeat("d4- ", 200) + "e5 *",
		// One word, no separator to join: as long a limit (found by
		// FuzzReadPDN: the reader took it, the writer refused it).
		strings.Repeat("01", 256) + "1 *",
	} {
		r := NewReader(strings.NewReader(text))
		_, err := r.ReadRecord()
		if !errors.Is(err, ErrSyntax) {
			t.Errorf("%.20q...: %v, want a syntax error", text, err)
		}
		if _, err := r.ReadRecord(); err != io.EOF {
			t.Errorf("%.20q...: after the error %v, want io.EOF (one error)", text, err)
		}
		// Joining words, the reader keeps at most one word of the longest
		// move's length: the bound, four times the text and 1 MiB,
		// catches a join that lets the word grow past it, copying it as
		// it grows. Measured on 2026-11-28: 0.28 and 0.10 times the text
		// for the first two, 112 KB and 69 KB for the two short ones.
		if n := allocated(func() { NewReader(strings.NewReader(text)).ReadRecord() }); n > 4*uint64(len(text))+1<<20 {
			t.Errorf("%.20q...: allocated %d bytes for %d of input", text, n, len(text))
		}
	}
	// The longest move the reader takes, the writer writes back.
	longest := strings.Repeat("01", 256) // 512 bytes
	rec, err := NewReader(strings.NewReader(longest + " *")).ReadRecord()
	var buf bytes.Buffer
	if err != nil || len(rec.Body) != 1 || NewWriter(&buf).WriteRecord(rec) != nil || !strings.Contains(buf.String(), longest) {
		t.Errorf("a 512-byte move: %v, written as %.40q...", err, buf.String())
	}
	// A move written with spaces after its separators still reads.
	rec, err = NewReader(strings.NewReader("1. 32- 28 19x 23 *")).ReadRecord()
	if err != nil || len(rec.Body) != 2 || rec.Body[0].Text != "32-28" || rec.Body[1].Text != "19x23" {
		t.Errorf("joined moves: %v, %+v", err, rec)
	}
}

func TestHostileRecovery(t *testing.T) {
	// An unterminated comment holding tag pairs is one error, not one
	// game per tag pair.
	body := strings.Repeat("[Event \"x\"]\n1. d4-e5 *\n", 50_000)
	for _, text := range []string{
		"[Event \"a\"]\n1. d4-e5 {" + body,
		"[Event \"a\"]\n1. d4-e5 {" + strings.Repeat("y", 2<<20) + "}\n" + body,
		"[Event \"" + body,
		"1. d4-e5 " + strings.Repeat("z", 2<<20) + " " + body,
	} {
		r := NewReader(strings.NewReader(text))
		errs, games := 0, 0
		for {
			_, err := r.ReadRecord()
			if err == io.EOF {
				break
			}
			if err != nil {
				errs++
				continue
			}
			games++
		}
		if errs != 1 {
			t.Errorf("%.30q...: %d errors, %d games; want one error", text, errs, games)
		}
	}
}

// A tag pair whose line ends without its ] is reported where the ] should
// be, and the tag pairs after it are the same game's: the Reader used to
// point at the next line and read the next tag pair as a second game
// (issue 36: "1 files, 2 games" for a file of one).
func TestUnclosedTagPair(t *testing.T) {
	for _, c := range []struct {
		text      string
		line, col int
		games     int // the records read, problems included
		valid     int // those without a problem
	}{
		{"[Event \"a\"]\n[White \"x\"\n[Black \"y\"]\n\n1. d4-e5 *\n", 2, 11, 1, 0},
		{"[Event \"a\"]\n[White \"x\"\n[Black \"y\"]\n[Result \"*\"]\n\n1. d4-e5 f6xd4 *\n", 2, 11, 1, 0},
		{"[White \"x\"\n1. d4-e5 *\n[Event \"b\"]\n1. d4-e5 *\n", 1, 11, 2, 1},
		{"[White \"x\"", 1, 11, 1, 0},
		// On the same line, the token that stands where the ] should.
		{"[White \"x\" 1. d4-e5 *\n[Event \"b\"]\n1. d4-e5 *\n", 1, 12, 2, 1},
		// A value that is not quoted: the tag pair goes on to its ].
		{"[White x]\n[Black \"y\"]\n[Result \"*\"]\n1. d4-e5 *\n[Event \"b\"] 1. d4-e5 *\n", 1, 8, 2, 1},
		{"[Result 2-0]\n[Black \"y\"]\n1. d4-e5 *\n[Event \"b\"] 1. d4-e5 *\n", 1, 9, 2, 1},
	} {
		r := NewReader(strings.NewReader(c.text))
		games, valid := 0, 0
		var first *ParseError
		for {
			_, err := r.ReadRecord()
			if err == io.EOF {
				break
			}
			games++
			var pe *ParseError
			switch {
			case err == nil:
				valid++
			case errors.As(err, &pe):
				if first == nil {
					first = pe
				}
			default:
				t.Fatalf("%q: %v", c.text, err)
			}
		}
		if games != c.games || valid != c.valid {
			t.Errorf("%q: %d records, %d valid; want %d, %d", c.text, games, valid, c.games, c.valid)
		}
		if first == nil || first.Game != 1 || first.Line != c.line || first.Column != c.col {
			t.Errorf("%q: first problem %v, want game 1 at %d:%d", c.text, first, c.line, c.col)
		}
	}
}

func TestIterators(t *testing.T) {
	const text = "1. d4-e5 f6xd4 *\n\n1. d4-e6 *\n\n{unterminated"
	var games, errs int
	for g, err := range readAll(NewReader(strings.NewReader(text)).ReadGame) {
		if err != nil {
			errs++
			continue
		}
		games++
		var plies []string
		for _, p := range playedMoves(g) {
			plies = append(plies, p.Move.String())
			if p.After != p.Before.PlayUnchecked(p.Move) {
				t.Errorf("ply %d: positions", p.Ply)
			}
		}
		if strings.Join(plies, " ") != "d4-e5 f6xd4" {
			t.Errorf("plies %v", plies)
		}
	}
	if games != 1 || errs != 2 {
		t.Errorf("Games: %d games, %d errors", games, errs)
	}
	recs := 0
	for rec, err := range readAll(NewReader(strings.NewReader(text)).ReadRecord) {
		if err == nil {
			recs++
			if rec == nil {
				t.Error("nil record without error")
			}
		}
	}
	if recs != 2 {
		t.Errorf("Records: %d records", recs)
	}
	// A read error ends the iteration, after it is yielded.
	broken := errors.New("broken")
	n := 0
	for _, err := range readAll(NewReader(io.MultiReader(strings.NewReader("1. d4-e5 * 1. d4-"), iotest.ErrReader(broken))).ReadRecord) {
		n++
		if n == 2 && !errors.Is(err, broken) {
			t.Errorf("second: %v", err)
		}
	}
	if n != 2 {
		t.Errorf("%d items before the read error ended it", n)
	}
	// Movetext, with depths.
	rec, _ := NewReader(strings.NewReader("1. d4-e5 (1. c4-c5 (1. b4-b5)) {c} *")).ReadRecord()
	var got []string
	for it := range rec.Movetext() {
		got = append(got, strconv.Itoa(it.Depth)+":"+it.Kind.String())
	}
	if strings.Join(got, " ") != "0:move 0:variation 1:move 1:variation 2:move 0:comment" {
		t.Errorf("Movetext: %v", got)
	}
}

// conformanceDir holds PDN files written for these tests in the manner
// of the archives that other draughts programs write, to check that the
// syntax layer reads PDN as they write it: succeed/ holds files every
// game of which reads, fail/ files with a game that must not. They
// exercise what the PDN 3.0 standard's conformance games do (tag pairs of
// every kind, comments, line comments, NAGs, strength marks, nested
// variations, setups, move numbers in their forms, numeric and algebraic
// moves of other draughts games, their GameTypes, CRLF line ends, UTF-8)
// and the faults those games hold, without their text.
const conformanceDir = "testdata/pdn/conformance"

// readAllRecords reads every record of a file with the syntax layer and
// returns them with the errors met, each a *ParseError. CheckRecord,
// reading the same file, must meet the same errors.
func readAllRecords(t *testing.T, path string) ([]*Record, []error) {
	t.Helper()
	text := readFile(t, path)
	read, check := NewReader(strings.NewReader(text)), NewReader(strings.NewReader(text))
	var recs []*Record
	var errs []error
	for {
		rec, err := read.ReadRecord()
		if checkErr := check.CheckRecord(); fmt.Sprint(checkErr) != fmt.Sprint(err) {
			t.Errorf("%s: ReadRecord says %v, CheckRecord %v", path, err, checkErr)
		}
		if err == io.EOF {
			return recs, errs
		}
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("%s: error %v is not a *ParseError", path, err)
			}
			errs = append(errs, err)
			continue
		}
		recs = append(recs, rec)
	}
}

// conformanceFiles returns the names of the files of conformanceDir/sub,
// which must be those of want.
func conformanceFiles[V any](t *testing.T, sub string, want map[string]V) []string {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(conformanceDir, sub, "*.pdn"))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, path := range paths {
		names = append(names, filepath.Base(path))
	}
	if wanted := slices.Sorted(maps.Keys(want)); !slices.Equal(names, wanted) {
		t.Fatalf("%s holds %q; the test expects %q", filepath.Join(conformanceDir, sub), names, wanted)
	}
	return names
}

// recordsSummary counts what the syntax layer read in a file's records:
// games, tags, the elements of each kind at every depth, the moves with
// a strength mark, and the results ("none" for a game without one).
func recordsSummary(recs []*Record) string {
	counts := map[ElementKind]int{}
	tags, strengths := 0, 0
	var results []string
	var walk func(es []Element)
	walk = func(es []Element) {
		for _, e := range es {
			counts[e.Kind]++
			if e.Strength != "" {
				strengths++
			}
			walk(e.Variation)
		}
	}
	for _, rec := range recs {
		tags += len(rec.Tags)
		walk(rec.Body)
		results = append(results, cmp.Or(rec.ResultText, "none"))
	}
	return fmt.Sprintf("%d games, %d tags, %d moves (%d marked), %d comments, %d line comments, %d NAGs, %d setups, %d variations; %s",
		len(recs), tags, counts[MoveElement], strengths, counts[CommentElement], counts[LineCommentElement],
		counts[NAGElement], counts[SetupElement], counts[VariationElement], strings.Join(results, " "))
}

// Every game of the files of succeed/ reads, each part as what it is.
func TestConformanceSucceed(t *testing.T) {
	want := map[string]string{
		"tags.pdn":          "3 games, 23 tags, 14 moves (0 marked), 0 comments, 0 line comments, 0 NAGs, 0 setups, 0 variations; 2-0 1-0 0-2",
		"international.pdn": "4 games, 14 tags, 33 moves (0 marked), 0 comments, 0 line comments, 0 NAGs, 0 setups, 0 variations; 1-1 1/2-1/2 0-2 0-0",
		"checkers.pdn":      "6 games, 14 tags, 37 moves (0 marked), 0 comments, 0 line comments, 0 NAGs, 0 setups, 0 variations; 1-0 1/2-1/2 0-1 * * none",
		"setups.pdn":        "5 games, 11 tags, 13 moves (0 marked), 0 comments, 0 line comments, 0 NAGs, 1 setups, 0 variations; 2-0 0-2 * * *",
		"annotations.pdn":   "2 games, 4 tags, 21 moves (7 marked), 5 comments, 3 line comments, 5 NAGs, 0 setups, 6 variations; 2-0 *",
	}
	for _, name := range conformanceFiles(t, "succeed", want) {
		recs, errs := readAllRecords(t, filepath.Join(conformanceDir, "succeed", name))
		for _, err := range errs {
			t.Errorf("%s: %v", name, err)
		}
		if got := recordsSummary(recs); got != want[name] {
			t.Errorf("%s: read %s\nwant %s", name, got, want[name])
		}
	}
}

// Each file of fail/ holds a game that does not read: the first error is
// where the fault is, and the games around it read.
func TestConformanceFail(t *testing.T) {
	type fault struct {
		game, line int
		why        string // in the error's text
		records    int    // the games of the file that read
	}
	want := map[string]fault{
		"missing-result.pdn":    {2, 11, "tag pair inside movetext", 2},
		"unknown-result.pdn":    {1, 6, "tag pair inside movetext", 1},
		"stray-dot.pdn":         {1, 5, `unexpected "." in movetext`, 0},
		"dangling-number.pdn":   {1, 5, "move number 3. is not followed by a move", 1},
		"result-as-move.pdn":    {1, 4, "move number 1. is not followed by a move", 0},
		"placeholder-moves.pdn": {1, 4, "move number 1. is not followed by a move", 0},
		"nested-comment.pdn":    {1, 1, "} without {", 0},
	}
	for _, name := range conformanceFiles(t, "fail", want) {
		recs, errs := readAllRecords(t, filepath.Join(conformanceDir, "fail", name))
		w := want[name]
		if len(errs) == 0 {
			t.Errorf("%s: read without error, want a syntax error", name)
			continue
		}
		var pe *ParseError
		if !errors.As(errs[0], &pe) || !errors.Is(errs[0], ErrSyntax) || pe.Game != w.game || pe.Line != w.line ||
			!strings.Contains(errs[0].Error(), w.why) || len(recs) != w.records {
			t.Errorf("%s: %d games read, first error %v; want %d games and a syntax error in game %d, line %d, saying %q",
				name, len(recs), errs[0], w.records, w.game, w.line, w.why)
		}
	}
}
