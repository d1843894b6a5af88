//go:build unix

package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/hexdame/hexdame/hub"
)

// The README's output samples are the tool's output: every fenced block
// of README.md is Go code (```go, which TestReadmeGoCode builds), commands
// the reader runs but no test does (```sh: installing, the long test runs,
// match command lines with engines of the reader's), or a session this
// test runs (```console):
//
//	$ hexdame COMMAND ARGS...   # a comment
//	the output: standard output, then standard error
//
// A command may go on to the next lines with a trailing backslash. Its
// arguments are split as a shell would (hub.SplitCommandLine); it may be
// a pipeline of hexdame commands joined by " | "; a command ending with
// 2>/dev/null shows standard output only (of its last command); the comment "on a
// machine with N MiB free" makes the tool see N MiB of memory available.
// In the output, a line "..." stands for any lines, and the figures of
// time and speed (Go durations such as 1.479ms, "time 0.002", "N
// nodes/s") are any figures.
func TestReadmeSamples(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	sessions := 0
	for _, b := range fencedBlocks(string(readme)) {
		switch b.info {
		case "go", "sh":
			continue
		case "console":
		default:
			t.Errorf("README.md:%d: a block marked %q: mark it go, sh (commands no test runs) or console (a session the tests run)", b.line, b.info)
			continue
		}
		for _, s := range consoleSessions(t, b) {
			sessions++
			checkSample(t, s)
		}
	}
	if sessions < 4 {
		t.Errorf("only %d sessions in README.md", sessions)
	}
}

// A fencedBlock is a fenced code block of a Markdown file: its info
// string, the line of its opening fence, and its lines.
type fencedBlock struct {
	info  string
	line  int
	lines []string
}

// fencedBlocks returns the fenced code blocks of a Markdown text.
func fencedBlocks(text string) []fencedBlock {
	var blocks []fencedBlock
	var cur *fencedBlock
	for i, line := range strings.Split(text, "\n") {
		switch {
		case cur == nil && strings.HasPrefix(line, "```"):
			cur = &fencedBlock{info: strings.TrimSpace(line[3:]), line: i + 1}
		case cur != nil && line == "```":
			blocks = append(blocks, *cur)
			cur = nil
		case cur != nil:
			cur.lines = append(cur.lines, line)
		}
	}
	return blocks
}

// A session is one command of a console block and the output shown.
type session struct {
	line    int    // the line of README.md the command starts on
	command string // without the "$ " and the comment
	comment string
	output  []string
}

// consoleSessions splits a console block into its commands and their
// output.
func consoleSessions(t *testing.T, b fencedBlock) []session {
	t.Helper()
	var out []session
	for i := 0; i < len(b.lines); i++ {
		line := b.lines[i]
		if len(out) == 0 && !strings.HasPrefix(line, "$ ") {
			t.Errorf("README.md:%d: a console block starts with a command: $ hexdame ...", b.line+1+i)
			return nil
		}
		if !strings.HasPrefix(line, "$ ") {
			out[len(out)-1].output = append(out[len(out)-1].output, line)
			continue
		}
		s := session{line: b.line + 1 + i}
		command := strings.TrimPrefix(line, "$ ")
		for strings.HasSuffix(command, "\\") && i+1 < len(b.lines) {
			i++
			command = strings.TrimSuffix(command, "\\") + " " + strings.TrimSpace(b.lines[i])
		}
		command, s.comment, _ = strings.Cut(command, " #")
		s.command = strings.TrimSpace(command)
		s.comment = strings.TrimSpace(s.comment)
		out = append(out, s)
	}
	return out
}

// Figures of time and speed: Go durations, analyze's seconds, rates.
var (
	variableFigure = regexp.MustCompile(`\b(\d+h)?(\d+m)?\d+(\.\d+)?(ns|µs|ms|s)\b|\btime \d+\.\d+\b|\b\d+ nodes/s\b`)
	machineMemory  = regexp.MustCompile(`^on a machine with (\d+) MiB free$`)
)

// checkSample runs the command of a session and compares its output with
// the one shown.
func checkSample(t *testing.T, s session) {
	t.Helper()
	command, stdoutOnly := strings.CutSuffix(s.command, " 2>/dev/null")
	// A pipeline of hexdame commands: each one's standard output is the
	// next one's input; 2>/dev/null is the last one's.
	var stages [][]string
	for _, c := range strings.Split(command, " | ") {
		args, err := hub.SplitCommandLine(c)
		if err != nil || len(args) == 0 || args[0] != "hexdame" {
			t.Errorf("README.md:%d: %q is not a hexdame command (%v)", s.line, s.command, err)
			return
		}
		stages = append(stages, args)
	}
	switch m := machineMemory.FindStringSubmatch(s.comment); {
	case m != nil:
		mib, _ := strconv.Atoi(m[1])
		withMemory(t, mib)
	case s.comment != "":
		t.Errorf("README.md:%d: the comment %q says nothing the test can set up", s.line, s.comment)
	}
	stdout, stderr := "", ""
	for i, args := range stages {
		_, out, errOut := runCLI(t, stdout, args[1:]...)
		stdout = out
		if i < len(stages)-1 || !stdoutOnly {
			stderr += errOut
		}
	}
	got := stdout + stderr
	if !matchOutput(strings.Split(strings.TrimSuffix(got, "\n"), "\n"), s.output) {
		t.Errorf("README.md:%d: the output of\n\t%s\nis\n%s\nnot, as README.md shows,\n%s", s.line, s.command, got, strings.Join(s.output, "\n"))
	}
}

// matchOutput reports whether the output lines got are those shown, where
// a line "..." stands for any lines and figures of time and speed for any
// figures.
func matchOutput(got, shown []string) bool {
	if len(shown) == 0 {
		return len(got) == 0
	}
	if shown[0] == "..." {
		for k := 0; k <= len(got); k++ {
			if matchOutput(got[k:], shown[1:]) {
				return true
			}
		}
		return false
	}
	return len(got) > 0 && sameFigures(got[0], shown[0]) && matchOutput(got[1:], shown[1:])
}

// sameFigures reports whether two lines are the same but for their
// figures of time and speed.
func sameFigures(a, b string) bool {
	mask := func(s string) string {
		return variableFigure.ReplaceAllStringFunc(s, func(f string) string {
			switch {
			case strings.HasPrefix(f, "time "):
				return "time <seconds>"
			case strings.HasSuffix(f, " nodes/s"):
				return "<rate> nodes/s"
			}
			return "<duration>"
		})
	}
	return mask(a) == mask(b)
}

func TestMatchOutput(t *testing.T) {
	tests := []struct {
		got, shown string
		want       bool
	}{
		{"a\nb", "a\nb", true},
		{"a\nb", "a", false},
		{"a", "a\nb", false},
		{"a\nb\nc", "a\n...\nc", true},
		{"a\nc", "a\n...\nc", true},
		{"a\nb\nc", "a\n...\nd", false},
		{"a\nb\nc", "...", true},
		{"time 19.753ms, 6924 nodes, 350534 nodes/s", "time 3.578ms, 6924 nodes, 1935402 nodes/s", true},
		{"time 953µs, 6924 nodes, 350534 nodes/s", "time 3.578ms, 6924 nodes, 1935402 nodes/s", true},
		{"time 19.753ms, 6925 nodes, 350534 nodes/s", "time 3.578ms, 6924 nodes, 1935402 nodes/s", false},
		{"depth 1 score -0.17 nodes 56 time 0.013 pv a3-a4", "depth 1 score -0.17 nodes 56 time 0.000 pv a3-a4", true},
		{"depth 1 score -0.17 nodes 56 time 0.013 pv a3-a4", "depth 1 score -1.11 nodes 54 time 0.000 pv a3-a4", false},
		{"depth 5: 848774 nodes in 2.855ms, 297332612 nodes/s", "depth 5: 848774 nodes in 1m2.5s, 1 nodes/s", true},
	}
	for _, tc := range tests {
		if got := matchOutput(strings.Split(tc.got, "\n"), strings.Split(tc.shown, "\n")); got != tc.want {
			t.Errorf("matchOutput(%q, %q) = %v", tc.got, tc.shown, got)
		}
	}
}
