package hub

import (
	"context"
	"errors"
	"io"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

func TestParseCommand(t *testing.T) {
	tests := []struct {
		line string
		want Command
	}{
		{"hub", Command{Name: "hub"}},
		{"  ping  ", Command{Name: "ping"}},
		{"go think", Command{Name: "go", Args: []Arg{{Name: "think", Flag: true}}}},
		{"level move-time=0.5", Command{Name: "level", Args: []Arg{{Name: "move-time", Value: "0.5"}}}},
		{`id name=Scan version=3.1 author="Fabien Letouzey"`, Command{Name: "id", Args: []Arg{
			{Name: "name", Value: "Scan"}, {Name: "version", Value: "3.1"}, {Name: "author", Value: "Fabien Letouzey"}}}},
		{`pos pos=Wbe moves="40-31 18x27x22"`, Command{Name: "pos", Args: []Arg{
			{Name: "pos", Value: "Wbe"}, {Name: "moves", Value: "40-31 18x27x22"}}}},
		{`error message="a=b"`, Command{Name: "error", Args: []Arg{{Name: "message", Value: "a=b"}}}},
		{`param name=x value="" type=string`, Command{Name: "param", Args: []Arg{
			{Name: "name", Value: "x"}, {Name: "value", Value: ""}, {Name: "type", Value: "string"}}}},
		{"set-param name=x value= init", Command{Name: "set-param", Args: []Arg{
			{Name: "name", Value: "x"}, {Name: "value", Value: ""}, {Name: "init", Flag: true}}}},
		{"done move=40-31\r", Command{Name: "done", Args: []Arg{{Name: "move", Value: "40-31"}}}},
		{"info\tdepth=3\t\tscore=0.25", Command{Name: "info", Args: []Arg{{Name: "depth", Value: "3"}, {Name: "score", Value: "0.25"}}}},
		{"x a==b", Command{Name: "x", Args: []Arg{{Name: "a", Value: "=b"}}}},
		{`x a="tab	inside"`, Command{Name: "x", Args: []Arg{{Name: "a", Value: "tab\tinside"}}}},
		{"unknown-command with=args", Command{Name: "unknown-command", Args: []Arg{{Name: "with", Value: "args"}}}},
		{"ünïcode nämé=välue", Command{Name: "ünïcode", Args: []Arg{{Name: "nämé", Value: "välue"}}}},
	}
	for _, tt := range tests {
		got, err := ParseCommand(tt.line)
		if err != nil {
			t.Errorf("ParseCommand(%q): %v", tt.line, err)
			continue
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("ParseCommand(%q) (-want +got):\n%s", tt.line, diff)
		}
	}
}

func TestParseCommandErrors(t *testing.T) {
	tests := []struct {
		line   string
		column int
		msg    string
	}{
		{"", 1, "no command"},
		{"   ", 4, "no command"},
		{"=x", 1, "'='"},
		{`"quoted"`, 1, `'"'`},
		{"go =think", 4, "without a name"},
		{`x a="open`, 5, "unterminated quote"},
		{`x a="closed"tail`, 13, "after a closing quote"},
		{`x a=b"c`, 6, "inside an unquoted value"},
		{`x a"=b`, 4, `'"' in an argument name`},
		{"x a=\x00", 5, "control character"},
		{"x\nnewline", 2, "control character"},
		{"x \r y", 3, "control character"},
		{"x \xff", 3, "invalid UTF-8"},
		{"x\x7f", 2, "control character"},
	}
	for _, tt := range tests {
		_, err := ParseCommand(tt.line)
		var se *SyntaxError
		if !errors.As(err, &se) || !errors.Is(err, ErrSyntax) {
			t.Errorf("ParseCommand(%q): error %v, want a *SyntaxError", tt.line, err)
			continue
		}
		if se.Column != tt.column || !strings.Contains(se.Why, tt.msg) || !strings.HasPrefix(err.Error(), "invalid line ") {
			t.Errorf("ParseCommand(%q): column %d, %q; want column %d, %q", tt.line, se.Column, err, tt.column, tt.msg)
		}
	}
}

func TestCommandAppendText(t *testing.T) {
	c := NewCommand("pos").With("pos", "Wabc").With("moves", "40-31 18-23").WithFlag("x").With("empty", "").With("eq", "a=b")
	want := `pos pos=Wabc moves="40-31 18-23" x empty="" eq="a=b"`
	if got := c.String(); got != want {
		t.Errorf("String: %q, want %q", got, want)
	}
	for _, bad := range []Command{
		{Name: ""},
		{Name: "a b"},
		{Name: "a=b"},
		{Name: "x", Args: []Arg{{Name: "", Value: "v"}}},
		{Name: "x", Args: []Arg{{Name: "n", Value: `a"b`}}},
		{Name: "x", Args: []Arg{{Name: "n", Value: "a\nb"}}},
		{Name: "x", Args: []Arg{{Name: "n", Value: "\xff"}}},
		{Name: "x", Args: []Arg{{Name: "n=m", Value: "v"}}},
	} {
		b, err := bad.AppendText([]byte("keep"))
		if !errors.Is(err, ErrSyntax) || string(b) != "keep" || bad.String() != "" {
			t.Errorf("%#v: AppendText gave %q, %v; want ErrSyntax and dst unchanged", bad, b, err)
		}
	}
}

// With and WithFlag never change the command they are called on.
func TestCommandWithIsAValue(t *testing.T) {
	base := NewCommand("x").With("a", "1")
	b1 := base.With("b", "2")
	b2 := base.With("c", "3")
	if base.String() != "x a=1" || b1.String() != "x a=1 b=2" || b2.String() != "x a=1 c=3" {
		t.Errorf("base %q, b1 %q, b2 %q", base, b1, b2)
	}
}

func TestCommandValueAndHas(t *testing.T) {
	c, _ := ParseCommand("go think depth=3 depth=4 flag")
	if v, ok := c.Value("depth"); !ok || v != "3" {
		t.Errorf("Value(depth) = %q, %v", v, ok)
	}
	if _, ok := c.Value("think"); ok {
		t.Error("a flag has no value")
	}
	if !c.Has("think") || !c.Has("depth") || c.Has("nope") {
		t.Error("Has")
	}
}

// Every command that AppendText writes, ParseCommand reads back.
func TestCommandRoundTrip(t *testing.T) {
	word := rapid.StringMatching(`[a-z\-é]{1,8}`)
	value := rapid.StringOf(rapid.SampledFrom([]rune("ab =\t-x09é")))
	rapid.Check(t, func(t *rapid.T) {
		c := Command{Name: word.Draw(t, "name")}
		for i := range rapid.IntRange(0, 5).Draw(t, "n") {
			if rapid.Bool().Draw(t, "flag"+string(rune('0'+i))) {
				c = c.WithFlag(word.Draw(t, "arg"))
			} else {
				c = c.With(word.Draw(t, "arg"), value.Draw(t, "value"))
			}
		}
		text, err := c.AppendText(nil)
		if err != nil {
			t.Fatalf("AppendText: %v", err)
		}
		back, err := ParseCommand(string(text))
		if err != nil {
			t.Fatalf("ParseCommand(%q): %v", text, err)
		}
		if diff := cmp.Diff(c, back, cmp.Comparer(func(a, b []Arg) bool { return cmp.Equal(append([]Arg{}, a...), append([]Arg{}, b...)) })); diff != "" {
			t.Fatalf("round trip of %q (-want +got):\n%s", text, diff)
		}
	})
}

func TestCleanValue(t *testing.T) {
	got := CleanValue("say \"hi\"\nnow\x00\xff")
	if got != "say 'hi' now ?" {
		t.Errorf("CleanValue: %q", got)
	}
	if ok, _ := checkValue(got); !ok {
		t.Error("a cleaned value cannot be written")
	}
}

func TestCommandReader(t *testing.T) {
	long := strings.Repeat("y", MaxLineLength+1)
	exact := strings.Repeat("z", MaxLineLength)
	input := "hub\r\n\n   \ngarbage \"\n" + long + "\nping\n" + exact + "\r\nlast"
	r := NewCommandReader(strings.NewReader(input))
	type step struct {
		name string
		err  error
	}
	var got []step
	for {
		c, err := r.ReadCommand()
		if err == io.EOF {
			break
		}
		switch {
		case errors.Is(err, ErrSyntax):
			err = ErrSyntax
		case err != nil && err != ErrLineTooLong:
			t.Fatal(err)
		}
		got = append(got, step{c.Name, err})
	}
	want := []step{{"hub", nil}, {"", ErrSyntax}, {"", ErrLineTooLong}, {"ping", nil}, {exact, nil}, {"last", nil}}
	if !slices.Equal(want, got) {
		t.Errorf("got %v, want %v", got, want)
	}
}

// endless is a reader of one endless line.
type endless struct{ n int64 }

func (e *endless) Read(p []byte) (int, error) {
	if e.n <= 0 {
		return 0, io.EOF
	}
	for i := range p {
		p[i] = 'x'
	}
	if int64(len(p)) > e.n {
		p = p[:e.n]
	}
	e.n -= int64(len(p))
	return len(p), nil
}

// A line of 64 MiB is skipped with memory in proportion to MaxLineLength,
// not to the line.
// A CommandReader without an input, made with a nil io.Reader or the zero
// value, returns an error from every read, and Serve given a nil input
// returns it: none panics (Serve's panicked in its reading goroutine, where
// the caller cannot recover it).
func TestCommandReaderNoInput(t *testing.T) {
	for _, r := range []*CommandReader{NewCommandReader(nil), {}} {
		for range 2 {
			if _, err := r.ReadLine(); err == nil || err == io.EOF {
				t.Errorf("ReadLine without an input: %v", err)
			}
			if _, err := r.ReadCommand(); err == nil || err == io.EOF {
				t.Errorf("ReadCommand without an input: %v", err)
			}
		}
	}
}

// Serve and Connect refuse nil inputs, outputs and engines with an error:
// they panicked, Serve's input in its reading goroutine, where the caller
// cannot recover it.
func TestNilStreams(t *testing.T) {
	ctx := context.Background()
	noPanic := func(name string, f func() error) {
		t.Helper()
		defer func() {
			if r := recover(); r != nil {
				t.Errorf("%s panics: %v", name, r)
			}
		}()
		if err := f(); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	in := func() io.Reader { return strings.NewReader("hub\ninit\nquit\n") }
	noPanic("Serve(nil in)", func() error { return Serve(ctx, nil, io.Discard, NewRandomMover(1)) })
	noPanic("Serve(nil out)", func() error { return Serve(ctx, in(), nil, NewRandomMover(1)) })
	noPanic("Serve(nil engine)", func() error { return Serve(ctx, in(), io.Discard, nil) })
	noPanic("Connect(nil r)", func() error {
		_, err := Connect(ctx, nil, io.Discard, ClientOptions{})
		return err
	})
	noPanic("Connect(nil w)", func() error {
		_, err := Connect(ctx, strings.NewReader(""), nil, ClientOptions{})
		return err
	})
}

func TestCommandReaderLongLineBoundedMemory(t *testing.T) {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	r := NewCommandReader(io.MultiReader(&endless{n: 64 << 20}, strings.NewReader("\nping\n")))
	if _, err := r.ReadCommand(); err != ErrLineTooLong {
		t.Fatalf("first: %v, want ErrLineTooLong", err)
	}
	c, err := r.ReadCommand()
	if err != nil || c.Name != "ping" {
		t.Fatalf("second: %v %v", c, err)
	}
	runtime.ReadMemStats(&after)
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 4*MaxLineLength {
		t.Errorf("allocated %d bytes to skip a 64 MiB line", grew)
	}
}

func BenchmarkParseCommand(b *testing.B) {
	b.ReportAllocs()
	line := `info depth=12 mean-depth=13.4 score=0.25 nodes=123456 time=0.123 nps=1003707 pv="40-31 18-23 31x14x18 9x20x14"`
	for b.Loop() {
		if _, err := ParseCommand(line); err != nil {
			b.Fatal(err)
		}
	}
}

// A CommandReader of short lines keeps a small buffer: its memory grows with the
// lines it reads, not with MaxLineLength.
func TestCommandReaderShortLinesSmallMemory(t *testing.T) {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	r := NewCommandReader(strings.NewReader("ping\n"))
	if c, err := r.ReadCommand(); err != nil || c.Name != "ping" {
		t.Fatalf("%v %v", c, err)
	}
	runtime.ReadMemStats(&after)
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 16<<10 {
		t.Errorf("allocated %d bytes to read a line of 4", grew)
	}
}
