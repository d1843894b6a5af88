package hexdame

import (
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// Tests of tag.go: the tags of a game: set, replaced, read from a
// record and written back.

func TestSetTagReplaces(t *testing.T) {
	g := NewGame()
	for _, v := range []string{"first", "second"} {
		if err := g.SetTag("Event", v); err != nil {
			t.Fatal(err)
		}
	}
	n := 0
	for _, tag := range g.Tags() {
		if tag.Name == "Event" {
			n++
		}
	}
	if v, _ := g.Tag("Event"); v != "second" || n != 1 {
		t.Errorf("after two SetTag: Event %q, %d Event tags; want \"second\", 1", v, n)
	}
}

// A game written and read back has the same tags, whatever tags it was
// given: roster tags set to the value for unknown, empty values, tags set
// twice, in any order.
func TestPropertyTagsRoundTrip(t *testing.T) {
	names := []string{"Event", "Site", "Date", "Round", "White", "Black", "Annotator", "WhiteRating", "Time"}
	values := []string{"?", "????.??.??", "", "Open", "2026.??.??", "*", `a "b" \c`}
	rapid.Check(t, func(t *rapid.T) {
		g := drawGame(t)
		for range rapid.IntRange(0, 12).Draw(t, "tags") {
			name := rapid.SampledFrom(names).Draw(t, "name")
			value := rapid.SampledFrom(values).Draw(t, "value")
			if err := g.SetTag(name, value); err != nil {
				t.Fatal(err)
			}
			if isUnknownRosterValue(name, value) {
				if _, ok := g.Tag(name); ok {
					t.Fatalf("SetTag(%q, %q) kept the tag", name, value)
				}
			}
		}
		for _, n := range []Notation{Algebraic, Numeric} {
			again := writeAndRead(t, g, n)
			if got, want := again.Tags(), g.Tags(); !slices.Equal(got, want) {
				t.Fatalf("%v: tags %q read back as %q", n, want, got)
			}
		}
	})
}

// The HexDame layer reads a roster tag holding the value for unknown as
// no tag, and each name once (the first counts); the syntax layer keeps
// every tag as written.
func TestGameTagsFromRecord(t *testing.T) {
	text := "[White \"Ann\"]\n[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[Black \"?\"]\n" +
		"[Annotator \"?\"]\n[White \"Bob\"]\n[Event \"Open\"]\n[FEN \"W:WKa1:BKi9\"]\n[FEN \"W:WKa2:BKi9\"]\n\n1. a1-a2 *\n"
	rec, err := NewReader(strings.NewReader(text)).ReadRecord()
	if err != nil || len(rec.Tags) != 11 {
		t.Fatalf("ReadRecord: %v, %d tags", err, len(rec.Tags))
	}
	g, err := rec.Replay()
	if err != nil {
		t.Fatal(err)
	}
	want := []Tag{{"White", "Ann"}, {"Annotator", "?"}}
	if got := g.Tags(); !slices.Equal(got, want) {
		t.Errorf("tags %q, want %q", got, want)
	}
	if g.Root().Position() != MustParseFEN("W:WKa1:BKi9") {
		t.Errorf("start %v: the first FEN tag counts", g.Root().Position().String())
	}
}
