package hub

import (
	"bufio"
	"errors"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

// MaxLineLength is the longest line, in bytes without its line end, that a
// CommandReader returns. A longer line is skipped whole and reported as
// ErrLineTooLong. It leaves room for a pos command with about 170,000
// moves: the longest game record of two kings, where each position may
// come twice, has fewer than 15,000 (about 88 KB).
const MaxLineLength = 1 << 20

// ErrSyntax is wrapped by the errors for a line that is not a command:
// an unterminated quote, an argument without a name, a control character,
// invalid UTF-8, or a line with nothing on it.
var ErrSyntax = errors.New("invalid line")

// ErrLineTooLong is returned by CommandReader.ReadCommand for a line longer than
// MaxLineLength bytes; the line has been skipped.
var ErrLineTooLong = errors.New("line too long")

// A SyntaxError reports a line that is not a command: where and why. It
// wraps ErrSyntax.
type SyntaxError struct {
	Line   string // the line, clipped to 80 bytes
	Column int    // the byte of the problem, from 1
	Why    string // what was wrong, in words
}

// Error returns the message with the line, the column and why.
func (e *SyntaxError) Error() string {
	return "invalid line " + strconv.Quote(e.Line) + " at column " + strconv.Itoa(e.Column) + ": " + e.Why
}

// Unwrap returns ErrSyntax.
func (e *SyntaxError) Unwrap() error { return ErrSyntax }

// An Arg is one argument of a command: name=value, or a bare flag (Flag
// true, Value empty) such as "think" in "go think".
type Arg struct {
	Name  string
	Value string
	Flag  bool
}

// A Command is one line of the protocol: a command name such as "pos" and
// its arguments in order. Commands are values; the methods that add
// arguments return a new Command and never change the receiver's.
type Command struct {
	Name string
	Args []Arg
}

// NewCommand returns the command with the given name and no arguments.
func NewCommand(name string) Command { return Command{Name: name} }

// With returns c with the argument name=value added at the end.
func (c Command) With(name, value string) Command {
	c.Args = append(c.Args[:len(c.Args):len(c.Args)], Arg{Name: name, Value: value})
	return c
}

// WithFlag returns c with the bare flag name added at the end.
func (c Command) WithFlag(name string) Command {
	c.Args = append(c.Args[:len(c.Args):len(c.Args)], Arg{Name: name, Flag: true})
	return c
}

// Value returns the value of the first argument called name that has a
// value, and whether there is one. A bare flag has no value.
func (c Command) Value(name string) (string, bool) {
	for _, a := range c.Args {
		if a.Name == name && !a.Flag {
			return a.Value, true
		}
	}
	return "", false
}

// Has reports whether the command has an argument called name, with or
// without a value.
func (c Command) Has(name string) bool {
	for _, a := range c.Args {
		if a.Name == name {
			return true
		}
	}
	return false
}

// isSpace reports whether b separates words.
func isSpace(b byte) bool { return b == ' ' || b == '\t' || b == '\r' }

// ParseCommand reads one line (without its line end; a final "\r" is
// allowed) into a command: the command name, then arguments separated by
// spaces or tabs, each name=value, name="quoted value" or a bare name.
// A quoted value runs to the next double quote and may hold spaces and
// "="; "name=" followed by a space is read as an empty value. A line that
// is blank, holds a control character or invalid UTF-8, an unterminated
// quote, a double quote inside an unquoted word, or an argument without a
// name gives a *SyntaxError wrapping ErrSyntax. Unknown commands and
// arguments are not errors: the protocol ignores them, and so does the
// caller.
func ParseCommand(line string) (Command, error) {
	fail := func(i int, why string) (Command, error) {
		clip := line
		if len(clip) > 80 {
			clip = clip[:80]
			for !utf8.ValidString(clip) && len(clip) > 0 {
				clip = clip[:len(clip)-1]
			}
		}
		return Command{}, &SyntaxError{Line: clip, Column: i + 1, Why: why}
	}
	if !utf8.ValidString(line) {
		for i := 0; i < len(line); {
			r, size := utf8.DecodeRuneInString(line[i:])
			if r == utf8.RuneError && size == 1 {
				return fail(i, "invalid UTF-8")
			}
			i += size
		}
	}
	for i := 0; i < len(line); i++ {
		if b := line[i]; (b < 0x20 && b != '\t' && !(b == '\r' && i == len(line)-1)) || b == 0x7f {
			return fail(i, "control character "+strconv.QuoteRune(rune(b)))
		}
	}
	i := 0
	skip := func() {
		for i < len(line) && isSpace(line[i]) {
			i++
		}
	}
	word := func() (start int) {
		start = i
		for i < len(line) && !isSpace(line[i]) && line[i] != '=' && line[i] != '"' {
			i++
		}
		return start
	}
	skip()
	if i == len(line) {
		return fail(i, "no command")
	}
	start := word()
	if i < len(line) && !isSpace(line[i]) {
		return fail(i, "unexpected "+strconv.QuoteRune(rune(line[i]))+" in the command name")
	}
	var c Command
	c.Name = line[start:i]
	for {
		skip()
		if i == len(line) {
			return c, nil
		}
		start := word()
		if i == start {
			return fail(i, "argument without a name")
		}
		name := line[start:i]
		if i == len(line) || isSpace(line[i]) {
			c.Args = append(c.Args, Arg{Name: name, Flag: true})
			continue
		}
		if line[i] == '"' {
			return fail(i, "unexpected '\"' in an argument name")
		}
		i++ // the '='
		if i < len(line) && line[i] == '"' {
			end := strings.IndexByte(line[i+1:], '"')
			if end < 0 {
				return fail(i, "unterminated quote")
			}
			value := line[i+1 : i+1+end]
			i += end + 2
			if i < len(line) && !isSpace(line[i]) {
				return fail(i, "text after a closing quote")
			}
			c.Args = append(c.Args, Arg{Name: name, Value: value})
			continue
		}
		vstart := i
		for i < len(line) && !isSpace(line[i]) {
			if line[i] == '"' {
				return fail(i, "'\"' inside an unquoted value")
			}
			i++
		}
		c.Args = append(c.Args, Arg{Name: name, Value: line[vstart:i]})
	}
}

// checkWord reports whether s can be written as a command or argument name.
func checkWord(s string) bool {
	if s == "" || !utf8.ValidString(s) {
		return false
	}
	for i := 0; i < len(s); i++ {
		if b := s[i]; b <= ' ' || b == '=' || b == '"' || b == 0x7f {
			return false
		}
	}
	return true
}

// checkValue reports whether s can be written as a value, and whether it
// must be quoted.
func checkValue(s string) (ok, quote bool) {
	if !utf8.ValidString(s) {
		return false, false
	}
	quote = s == ""
	for i := 0; i < len(s); i++ {
		switch b := s[i]; {
		case b == '"' || b == 0x7f || (b < 0x20 && b != '\t'):
			return false, false
		case b == ' ' || b == '\t' || b == '=':
			quote = true
		}
	}
	return true, quote
}

// AppendText appends the command as one line, without the line end: the
// name, then each argument, its value in double quotes when it holds a
// space, a tab or "=", or is empty. A name that is empty or holds a space,
// "=", a double quote or a control character, or a value that holds a
// double quote or a control character other than tab, cannot be written and
// gives an error wrapping ErrSyntax (dst is then returned unchanged).
// ParseCommand reads back every line AppendText writes.
func (c Command) AppendText(dst []byte) ([]byte, error) {
	orig := len(dst)
	bad := func(why string) ([]byte, error) {
		return dst[:orig], &SyntaxError{Line: clipName(c.Name), Column: 1, Why: why}
	}
	if !checkWord(c.Name) {
		return bad("command name " + strconv.Quote(c.Name) + " cannot be written")
	}
	dst = append(dst, c.Name...)
	for _, a := range c.Args {
		if !checkWord(a.Name) {
			return bad("argument name " + strconv.Quote(a.Name) + " cannot be written")
		}
		dst = append(dst, ' ')
		dst = append(dst, a.Name...)
		if a.Flag {
			continue
		}
		ok, quote := checkValue(a.Value)
		if !ok {
			return bad("value of " + a.Name + " cannot be written")
		}
		dst = append(dst, '=')
		if quote {
			dst = append(dst, '"')
		}
		dst = append(dst, a.Value...)
		if quote {
			dst = append(dst, '"')
		}
	}
	return dst, nil
}

func clipName(s string) string {
	if len(s) > 80 {
		s = s[:80]
	}
	return strings.ToValidUTF8(s, "?")
}

// MarshalText implements encoding.TextMarshaler with AppendText.
func (c Command) MarshalText() ([]byte, error) { return c.AppendText(nil) }

// UnmarshalText implements encoding.TextUnmarshaler with ParseCommand.
func (c *Command) UnmarshalText(text []byte) error {
	x, err := ParseCommand(string(text))
	if err != nil {
		return err
	}
	*c = x
	return nil
}

// String returns the line AppendText writes, or "" for a command that
// cannot be written.
func (c Command) String() string {
	b, err := c.AppendText(nil)
	if err != nil {
		return ""
	}
	return string(b)
}

// CleanValue returns s made writable as a value: every double quote becomes
// a single quote and every control character a space. It is for free text
// such as an error message or a name read from elsewhere.
func CleanValue(s string) string {
	s = strings.ToValidUTF8(s, "?")
	return strings.Map(func(r rune) rune {
		switch {
		case r == '"':
			return '\''
		case r < 0x20 || r == 0x7f:
			return ' '
		}
		return r
	}, s)
}

// A CommandReader reads protocol lines from an input, each at most MaxLineLength
// bytes, so that a peer that writes an endless line cannot exhaust memory:
// the reader's memory grows with the longest line it returns, up to about
// twice MaxLineLength, and it skips the rest of a longer line.
type CommandReader struct {
	br   *bufio.Reader
	long []byte // a line longer than br's buffer, gathered
}

// readerBuffer is the size of a CommandReader's buffer: lines up to it are read
// without copying.
const readerBuffer = 4 << 10

// NewCommandReader returns a CommandReader reading from r. One made with
// a nil r, like the zero CommandReader, returns an error from every read.
func NewCommandReader(r io.Reader) *CommandReader {
	if r == nil {
		return &CommandReader{}
	}
	return &CommandReader{br: bufio.NewReaderSize(r, readerBuffer)}
}

// errNoInput is returned by a CommandReader that has no io.Reader.
var errNoInput = errors.New("no io.Reader to read (make the CommandReader with NewCommandReader, given one)")

// ReadLine returns the next line without its line end ("\n" or "\r\n").
// At the end of the input it returns io.EOF (a last line without a line end
// is returned first). A line longer than MaxLineLength is skipped and gives
// ErrLineTooLong; other read errors are returned as they are.
func (r *CommandReader) ReadLine() (string, error) {
	if r.br == nil {
		return "", errNoInput
	}
	b, err := r.br.ReadSlice('\n')
	if err == bufio.ErrBufferFull {
		// A line longer than the buffer: gather it up to the limit and
		// the line end.
		r.long = r.gather(r.long[:0], b)
		for err == bufio.ErrBufferFull && len(r.long) <= MaxLineLength+2 {
			b, err = r.br.ReadSlice('\n')
			r.long = r.gather(r.long, b)
		}
		b = r.long
		if cap(r.long) > 4*readerBuffer {
			r.long = nil // the memory goes with the long line
		}
		if err == bufio.ErrBufferFull {
			for err == bufio.ErrBufferFull {
				_, err = r.br.ReadSlice('\n')
			}
			if err != nil && err != io.EOF {
				return "", err
			}
			return "", ErrLineTooLong
		}
	}
	switch {
	case err == io.EOF && len(b) > 0:
		// A last line without its end.
	case err != nil:
		return "", err
	}
	b = b[:len(b)-boolInt(len(b) > 0 && b[len(b)-1] == '\n')]
	b = b[:len(b)-boolInt(len(b) > 0 && b[len(b)-1] == '\r')]
	if len(b) > MaxLineLength {
		return "", ErrLineTooLong
	}
	return string(b), nil
}

// gather appends b to long, growing it at most to what the longest line
// takes, its line end and one more read.
func (r *CommandReader) gather(long, b []byte) []byte {
	if n := len(long) + len(b); n > cap(long) {
		grown := make([]byte, len(long), min(max(2*cap(long), n), MaxLineLength+2+readerBuffer))
		copy(grown, long)
		long = grown
	}
	return append(long, b...)
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// ReadCommand returns the next line that is not blank, parsed with
// ParseCommand. A line that does not parse gives its *SyntaxError, a line
// too long ErrLineTooLong; either way the line is consumed and the next
// call reads the next one. At the end of the input it returns io.EOF.
func (r *CommandReader) ReadCommand() (Command, error) {
	for {
		line, err := r.ReadLine()
		if err != nil {
			return Command{}, err
		}
		if strings.TrimLeft(line, " \t\r") == "" {
			continue
		}
		return ParseCommand(line)
	}
}
