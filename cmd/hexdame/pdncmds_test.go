package main

import (
	"errors"
	"fmt"
	"io"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"testing/iotest"
)

const mib = 1 << 20

// limitRecords returns records that validate accepts, each at one of the
// limits a PDN record has, and how many there are.
func limitRecords() (string, int) {
	x := func(n int) string { return strings.Repeat("x", n) }
	records := []string{
		"[Event \"comment of 1 MiB\"]\n\n1. d4-e5 {" + x(mib) + "} *\n",
		"[Event \"comment of 1 MiB ending in a character of two bytes\"]\n\n1. d4-e5 {" + x(mib-2) + "é} *\n",
		"[Event \"Latin-1 comment of 1 MiB as UTF-8\"]\n\n1. d4-e5 {" + x(mib-2) + "\xe9} *\n",
		"[Event \"" + x(mib) + "\"]\n\n1. d4-e5 *\n",
		"[" + "A" + x(mib-1) + " \"tag name of 1 MiB\"]\n\n1. d4-e5 *\n",
		"[Event \"line comment of 1 MiB\"]\n\n1. d4-e5\n%" + x(mib) + "\n*\n",
		"[Event \"strength mark of 1 MiB less 512 bytes\"]\n\n1. 40-31" + strings.Repeat("!", mib-512) + " *\n",
		"[Event \"capture with every landing cell\"]\n[FEN \"W:WKe1:BKa2,Ka3,c7,d7,e6,g5\"]\n\n1. 051x016x043x019 *\n",
		"[Event \"NAG of 9 digits\"]\n\n1. d4-e5 $999999999 *\n",
		"[Event \"variations 256 deep\"]\n\n1. d4-e5 " + strings.Repeat("(1. d4-e5 ", 256) + strings.Repeat(")", 256) + " *\n",
		"[Event \"two GameType tags\"]\n[GameType \"42\"]\n[GameType \"20\"]\n\n1. d4-e5 *\n",
		"[Event \"two FEN tags\"]\n[FEN \"W:WKa1:BKi9\"]\n[FEN \"not a FEN\"]\n\n1. a1-a2 *\n",
		"[Event \"\"]\n[Site \"?\"]\n\n1. d4-e5 *\n",
		"[Event \"line comment among the tags\"]\n%c\n[Site \"s\"]\n\n1. d4-e5 *\n",
	}
	return strings.Join(records, "\n"), len(records)
}

// No command loses a game that validate accepts: records at every limit
// convert, in both notations, to records that validate accepts, and the
// viewer shows each of them.
func TestValidateAcceptedRecordsConvert(t *testing.T) {
	text, n := limitRecords()
	summary := fmt.Sprintf("1 files, %d games, %d valid, 0 problems\n", n, n)
	if code, out, errOut := runCLI(t, text, "validate", "-"); code != 0 || out != summary {
		t.Fatalf("validate: exit %d, %q, %q", code, clip(out), clip(errOut))
	}
	for _, to := range []string{"numeric", "algebraic"} {
		code, converted, errOut := runCLI(t, text, "convert", "-to", to)
		if code != 0 || errOut != "" {
			t.Fatalf("convert -to %s: exit %d, %q", to, code, clip(errOut))
		}
		if code, out, _ := runCLI(t, converted, "validate", "-"); code != 0 || out != summary {
			t.Errorf("validate after convert -to %s: exit %d, %q", to, code, clip(out))
		}
		code, back, errOut := runCLI(t, converted, "convert", "-to", "algebraic")
		if code != 0 || errOut != "" {
			t.Errorf("converting the %s records back: exit %d, %q", to, code, clip(errOut))
		}
		if code, out, _ := runCLI(t, back, "validate", "-"); code != 0 || out != summary {
			t.Errorf("validate after converting back from %s: exit %d, %q", to, code, clip(out))
		}
	}
	code, page, errOut := runCLI(t, text, "html")
	if code != 0 || errOut != "" {
		t.Fatalf("html: exit %d, %q", code, clip(errOut))
	}
	if got := pageGames(page); got != n {
		t.Errorf("html shows %d games, want %d", got, n)
	}
}

// pageGames counts the games of a page the viewer wrote.
func pageGames(page string) int {
	return len(regexp.MustCompile(`"label":`).FindAllStringIndex(page, -1))
}

// convert goes on past a game it cannot convert, names it on standard
// error, writes every other game, and exits with status 1.
func TestConvertGoesOn(t *testing.T) {
	text := "[Event \"1\"]\n\n1. d4-e5 *\n\n" +
		"[Event \"2\"]\n[GameType \"20\"]\n\n1. 32-28 *\n\n" +
		"[Event \"3\"]\n\n1. d4-e5 {" + strings.Repeat("x", mib-1) + "é} *\n\n" +
		"[Event \"4\"]\n\n1. c4-c5 *\n"
	code, out, errOut := runCLI(t, text, "convert", "-to", "numeric")
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	for _, want := range []string{"hexdame convert: standard input:6:1: game 2, ", "standard input:12:10: game 3, invalid PDN: comment longer than 1 MiB"} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr %q does not say %q", clip(errOut), want)
		}
	}
	if lines := strings.Count(strings.TrimSpace(errOut), "\n") + 1; lines != 2 {
		t.Errorf("%d lines on stderr, want 2: %q", lines, clip(errOut))
	}
	if !strings.Contains(out, "[Event \"1\"]") || !strings.Contains(out, "[Event \"4\"]") || strings.Count(out, "[Event ") != 2 {
		t.Errorf("output %q, want games 1 and 4", clip(out))
	}
}

func clip(s string) string {
	if len(s) > 300 {
		return s[:300] + "..."
	}
	return s
}

// validate -syntax checks a record without building it: a flood of
// 300,000 empty line comments (600 KB) allocated 150 MB (issue 27).
func TestValidateSyntaxMemory(t *testing.T) {
	flood := strings.Repeat("%\n", 300_000) + "1. d4-e5 *\n"
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	code, out, errOut := runCLI(t, flood, "validate", "-syntax", "-")
	runtime.ReadMemStats(&after)
	if code != 0 || out != "1 files, 1 games, 1 valid, 0 problems\n" {
		t.Fatalf("validate -syntax: exit %d, %q, %q", code, out, errOut)
	}
	if n := after.TotalAlloc - before.TotalAlloc; n > 1<<20 {
		t.Errorf("validate -syntax of %d bytes allocated %d", len(flood), n)
	}
}

// A read error names the record the reader was reading, numbered from 1
// as validate numbers games: before the first record, game 1, not game
// 0; after a valid game 1, game 2, not the game already counted valid.
func TestReadErrorNamesTheNextGame(t *testing.T) {
	for _, tc := range []struct {
		text, game string
	}{
		{"", "reading game 1 at line 1, column 1: "},
		{"1. d4-e5 *\n", "reading game 2 at line 2, column 1: "},
	} {
		for _, args := range [][]string{{"validate", "-"}, {"validate", "-syntax", "-"}, {"convert", "-to", "numeric"}, {"html"}} {
			in := io.MultiReader(strings.NewReader(tc.text), iotest.ErrReader(errors.New("disk on fire")))
			var out, errOut strings.Builder
			status := run(args, in, &out, &errOut)
			want := "hexdame " + args[0] + ": standard input: " + tc.game + "disk on fire\n"
			if status != 2 || errOut.String() != want {
				t.Errorf("%q after %q: exit %d, stderr %q; want exit 2 and %q", args, tc.text, status, errOut.String(), want)
			}
		}
	}
}

// hexdame random -seed S writes the same games in every version: a
// contract, which internal/random's TestGameIsStable pins for the
// moves. An undecided game is drawn by agreement at -maxplies; one the
// rules end keeps their result.
func TestRandomIsStable(t *testing.T) {
	const want = `[Event "Random game"]
[Site "hexdame random"]
[Date "????.??.??"]
[Round "1"]
[White "random"]
[Black "random"]
[Result "1-1"]
[GameType "42,W,9,9,A0,0"]

1. d4-e4 f9-e8 2. d3-d4 i6-h5 3. d2-d3 e8-d7 4. e4-f4 f6-e6 5. f4-g4 h5xf3 6.
d3-e3 f3xd5 1-1

[Event "Random game"]
[Site "hexdame random"]
[Date "????.??.??"]
[Round "2"]
[White "random"]
[Black "random"]
[Result "1-1"]
[GameType "42,W,9,9,A0,0"]

1. a4-a5 h6-h5 2. d3-e4 f7-e7 3. b4-b5 f8-f7 4. d1-e2 f9-f8 5. e4-f4 e7-e6 6.
b3-b4 f7-e7 1-1
`
	if code, out, _ := runCLI(t, "", "random", "-games", "2", "-seed", "7", "-maxplies", "12"); code != 0 || out != want {
		t.Errorf("random -games 2 -seed 7 -maxplies 12: exit %d\n%s\nwant\n%s", code, out, want)
	}
	const end = "b2-c2 g5-g4 37. c3-d3 g4-f3 38. e4-f5 f3-e3 39. d2xf4 2-0\n"
	if code, out, _ := runCLI(t, "", "random", "-seed", "3"); code != 0 || !strings.HasSuffix(out, end) {
		t.Errorf("random -seed 3: exit %d\n%s\nwant it to end in\n%s", code, out, end)
	}
}

// A file of one game whose line 2 holds a tag pair without its ]: one
// problem at line 2, and one game (issue 36: validate pointed at line 3
// and counted two games, one of them valid).
func TestValidateUnclosedTag(t *testing.T) {
	text := "[Event \"a\"]\n[White \"x\"\n[Black \"y\"]\n\n1. d4-e5 *\n"
	code, out, errOut := runCLI(t, text, "validate", "-")
	want := "standard input:2:11: game 1, invalid PDN: tag White must end with ]\n1 files, 1 games, 0 valid, 1 problems\n"
	if code != 1 || out != want {
		t.Errorf("exit %d, %q (stderr %q); want 1, %q", code, out, errOut, want)
	}
}
