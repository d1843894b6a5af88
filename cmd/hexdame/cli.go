package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/hub"
)

// Exit statuses: the tool's contract with the scripts that run it.
const (
	exitOK      = 0
	exitFailure = 1 // the content is wrong: an invalid record, an illegal or ambiguous move, a move after the end
	exitUsage   = 2 // a usage or I/O error: bad arguments, a bad FEN or move text, a file that cannot be read
)

// usageError is an error in the command line or its arguments, or a file
// that cannot be read or written: exit status 2. msg, when set, goes to
// standard error.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

// failure is a completed command whose answer is "no": an illegal move, an
// invalid record: exit status 1. msg, when set, goes to standard error.
type failure struct{ msg string }

func (e failure) Error() string { return e.msg }

// env is what a command runs with.
type env struct {
	args           []string // the arguments after the flags
	stdin          io.Reader
	stdout, stderr io.Writer
}

// A command is one of the tool's commands. setup defines its flags on fs
// and returns the function that runs it once they are parsed.
type command struct {
	name, args, summary string
	about               string   // what it does, for its help
	aliases             []string // other names it runs under, which the list of commands does not show
	operands            []string // "NAME  meaning" lines for its help
	setup               func(fs *flag.FlagSet) func(e *env) error
}

var commands []*command

func init() {
	commands = []*command{cmdShow, cmdMoves, cmdPlay, cmdPerft, cmdValidate, cmdConvert, cmdRandom, cmdSVG, cmdHTML, cmdSolve, cmdAnalyze, cmdReview, cmdMatch, cmdHub, cmdHubRandom, cmdEndgame, cmdServe}
}

func findCommand(name string) *command {
	for _, c := range commands {
		if c.name == name {
			return c
		}
		for _, a := range c.aliases {
			if a == name {
				return c
			}
		}
	}
	return nil
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: hexdame COMMAND [FLAGS] [ARGUMENTS]")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "commands:")
	width := 0
	for _, c := range commands {
		width = max(width, len(c.name))
	}
	for _, c := range commands {
		fmt.Fprintf(w, "  %-*s  %s\n", width, c.name, c.summary)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Run \"hexdame help COMMAND\" or \"hexdame COMMAND -h\" for a command's arguments and flags.")
	fmt.Fprintln(w, "Exit status: 0 success, 1 the content is wrong (an invalid record, an illegal move),")
	fmt.Fprintln(w, "2 a usage or I/O error.")
}

// help writes a command's usage line, what it does, its arguments and its
// flags.
func (c *command) help(w io.Writer) {
	fs := newFlagSet(c.name)
	c.setup(fs)
	fmt.Fprintf(w, "usage: hexdame %s %s\n\n%s\n", c.name, c.args, c.about)
	if len(c.operands) > 0 {
		fmt.Fprintln(w, "\narguments:")
		for _, o := range c.operands {
			fmt.Fprintf(w, "  %s\n", o)
		}
	}
	hasFlags := false
	fs.VisitAll(func(*flag.Flag) { hasFlags = true })
	if hasFlags {
		fmt.Fprintln(w, "\nflags:")
		var b strings.Builder
		fs.SetOutput(&b)
		fs.PrintDefaults()
		fmt.Fprintln(w, strings.TrimRight(b.String(), "\n"))
	}
}

func newFlagSet(name string) *flag.FlagSet {
	fs := flag.NewFlagSet("hexdame "+name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return fs
}

// run runs the command line args and returns the exit status. It never
// panics: an internal error is reported in one line with status 2.
//
// Every write to standard output goes through a checkedWriter: when one
// fails (a full disk, a closed descriptor), run reports it on one line
// and returns status 2, whatever the command returned. A command that
// buffers its output must flush it before it returns.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) (status int) {
	out := &checkedWriter{w: stdout}
	defer func() {
		if v := recover(); v != nil {
			fmt.Fprintf(stderr, "hexdame: internal error: %s (please report it)\n", oneLine(fmt.Sprint(v)))
			status = exitUsage
		}
	}()
	status, name := dispatch(args, stdin, out, stderr)
	if err := out.failed(); err != nil {
		fmt.Fprintf(stderr, "%s: writing standard output: %s\n", name, oneLine(ioMessage(err)))
		return exitUsage
	}
	return status
}

// dispatch runs the command line args with standard output out and
// returns the exit status and the name the command's messages begin
// with. When out has failed it leaves the message to run.
func dispatch(args []string, stdin io.Reader, out *checkedWriter, stderr io.Writer) (status int, name string) {
	if len(args) == 0 {
		usage(stderr)
		return exitUsage, "hexdame"
	}
	switch args[0] {
	case "-h", "-help", "--help", "help":
		if len(args) > 2 && args[0] == "help" {
			fmt.Fprintf(stderr, "hexdame help: want one command, not %d arguments (try hexdame help)\n", len(args)-1)
			return exitUsage, "hexdame help"
		}
		if len(args) > 1 && args[0] == "help" && args[1] != "help" {
			c := findCommand(args[1])
			if c == nil {
				fmt.Fprintf(stderr, "hexdame help: unknown command %s (try hexdame help)\n", quote(args[1]))
				return exitUsage, "hexdame help"
			}
			c.help(out)
			return exitOK, "hexdame help"
		}
		usage(out)
		if args[0] == "help" {
			return exitOK, "hexdame help"
		}
		return exitOK, "hexdame"
	}
	c := findCommand(args[0])
	if c == nil {
		fmt.Fprintf(stderr, "hexdame: unknown command %s (try hexdame help)\n", quote(args[0]))
		return exitUsage, "hexdame"
	}
	name = "hexdame " + c.name
	fs := newFlagSet(c.name)
	runner := c.setup(fs)
	if err := fs.Parse(protectNegatives(fs, args[1:])); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			c.help(out)
			return exitOK, name
		}
		fmt.Fprintf(stderr, "%s: %s\n", name, oneLine(err.Error()))
		return exitUsage, name
	}
	err := runner(&env{args: fs.Args(), stdin: stdin, stdout: out, stderr: stderr})
	var ue usageError
	var fe failure
	switch {
	case out.failed() != nil:
		// The output is lost, which matters more than what the command
		// found: run says so.
		return exitUsage, name
	case err == nil:
		return exitOK, name
	case errors.As(err, &fe):
		if fe.msg != "" {
			fmt.Fprintf(stderr, "%s: %s\n", name, oneLine(fe.msg))
		}
		return exitFailure, name
	case errors.As(err, &ue):
		if ue.msg != "" {
			fmt.Fprintf(stderr, "%s: %s\n", name, oneLine(ue.msg))
		}
		return exitUsage, name
	default:
		// Another I/O error.
		fmt.Fprintf(stderr, "%s: %s\n", name, oneLine(err.Error()))
		return exitUsage, name
	}
}

// A checkedWriter passes writes on to w until one fails, and keeps the
// first error; every later write returns that error without trying. A
// short write without an error counts as io.ErrShortWrite. Goroutines may
// share it.
type checkedWriter struct {
	w   io.Writer
	mu  sync.Mutex
	err error
}

func (c *checkedWriter) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.w.Write(p)
	if err == nil && n < len(p) {
		err = io.ErrShortWrite
	}
	c.err = err
	return n, err
}

// WriteString passes s on without copying it, when w can take a string.
func (c *checkedWriter) WriteString(s string) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.err != nil {
		return 0, c.err
	}
	n, err := io.WriteString(c.w, s)
	if err == nil && n < len(s) {
		err = io.ErrShortWrite
	}
	c.err = err
	return n, err
}

// failed returns the first error of a write, or nil.
func (c *checkedWriter) failed() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.err
}

// ioMessage returns an I/O error's message without the operation and
// file name the os package puts before it ("no space left on device").
func ioMessage(err error) string {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

var negativeNumber = regexp.MustCompile(`^-[0-9]+$`)

// protectNegatives returns args with "--" before the first argument that
// is a negative number and not the value of a flag, so that the flag
// package reads it as an argument ("perft -5" is a negative depth, not an
// unknown flag -5).
func protectNegatives(fs *flag.FlagSet, args []string) []string {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" || !strings.HasPrefix(a, "-") {
			return args
		}
		if negativeNumber.MatchString(a) {
			return append(append(append([]string(nil), args[:i]...), "--"), args[i:]...)
		}
		name, _, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if f := fs.Lookup(name); f != nil && !hasValue && !isBoolFlag(f) {
			i++ // the next argument is this flag's value
		}
	}
	return args
}

func isBoolFlag(f *flag.Flag) bool {
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// oneLine returns s with its line ends replaced, so that a message is one
// line.
func oneLine(s string) string {
	return strings.NewReplacer("\r\n", "; ", "\n", "; ", "\r", "; ").Replace(s)
}

// quote quotes s for a message, at most 60 characters of it.
func quote(s string) string {
	if utf8.RuneCountInString(s) <= 60 {
		return strconv.Quote(s)
	}
	r := []rune(s)
	return strconv.Quote(string(r[:60])) + "..."
}

// A fenFlag is the -fen flag: a position in FEN, the start position when
// the flag is not given.
type fenFlag struct {
	set  bool
	text string
}

func (f *fenFlag) String() string { return f.text }
func (f *fenFlag) Set(s string) error {
	f.set, f.text = true, s
	return nil
}

func addFENFlag(fs *flag.FlagSet) *fenFlag {
	f := &fenFlag{}
	fs.Var(f, "fen", "the `position`, in FEN such as W:Wa1,b2:Bi9, or in the Hub protocol's 62 characters (default the start position)")
	return f
}

// position returns the position the flag names.
func (f *fenFlag) position() (hexdame.Position, error) {
	if !f.set {
		return hexdame.StartPosition(), nil
	}
	if strings.TrimSpace(f.text) == "" {
		return hexdame.Position{}, usageError{"-fen: empty FEN"}
	}
	if text := strings.TrimSpace(f.text); len(text) == hub.PositionLength && !strings.Contains(text, ":") {
		p, err := hub.ParsePosition(text)
		if err != nil {
			return p, usageError{err.Error()}
		}
		return p, nil
	}
	p, err := hexdame.ParseFEN(f.text)
	if err != nil {
		return p, usageError{err.Error()}
	}
	return p, nil
}

// noArgs is a usage error unless a command that takes no arguments got
// none.
func noArgs(e *env) error {
	if len(e.args) > 0 {
		return usageError{"unexpected argument " + quote(e.args[0])}
	}
	return nil
}
