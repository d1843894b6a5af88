package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
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
	operands            []string // "NAME  meaning" lines for its help
	setup               func(fs *flag.FlagSet) func(e *env) error
}

var commands []*command

func init() {
	commands = []*command{cmdShow, cmdMoves, cmdPlay, cmdPerft, cmdValidate, cmdConvert, cmdRandom, cmdSVG, cmdHTML, cmdSolve, cmdAnalyse, cmdMatch, cmdHubRandom}
}

func findCommand(name string) *command {
	for _, c := range commands {
		if c.name == name {
			return c
		}
	}
	return nil
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: hexdame COMMAND [FLAGS] [ARGUMENTS]")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "commands:")
	for _, c := range commands {
		fmt.Fprintf(w, "  %-9s %s\n", c.name, c.summary)
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
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) (status int) {
	defer func() {
		if v := recover(); v != nil {
			fmt.Fprintf(stderr, "hexdame: internal error: %s (please report it)\n", oneLine(fmt.Sprint(v)))
			status = exitUsage
		}
	}()
	if len(args) == 0 {
		usage(stderr)
		return exitUsage
	}
	switch args[0] {
	case "-h", "-help", "--help", "help":
		if len(args) > 1 && args[0] == "help" {
			c := findCommand(args[1])
			if c == nil {
				fmt.Fprintf(stderr, "hexdame help: unknown command %s (try hexdame help)\n", quote(args[1]))
				return exitUsage
			}
			c.help(stdout)
			return exitOK
		}
		usage(stdout)
		return exitOK
	}
	c := findCommand(args[0])
	if c == nil {
		fmt.Fprintf(stderr, "hexdame: unknown command %s (try hexdame help)\n", quote(args[0]))
		return exitUsage
	}
	fs := newFlagSet(c.name)
	runner := c.setup(fs)
	if err := fs.Parse(protectNegatives(fs, args[1:])); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			c.help(stdout)
			return exitOK
		}
		fmt.Fprintf(stderr, "hexdame %s: %s\n", c.name, oneLine(err.Error()))
		return exitUsage
	}
	err := runner(&env{args: fs.Args(), stdin: stdin, stdout: stdout, stderr: stderr})
	var ue usageError
	var fe failure
	switch {
	case err == nil:
		return exitOK
	case errors.As(err, &fe):
		if fe.msg != "" {
			fmt.Fprintf(stderr, "hexdame %s: %s\n", c.name, oneLine(fe.msg))
		}
		return exitFailure
	case errors.As(err, &ue):
		if ue.msg != "" {
			fmt.Fprintf(stderr, "hexdame %s: %s\n", c.name, oneLine(ue.msg))
		}
		return exitUsage
	default:
		// Writing the output failed, or another I/O error.
		fmt.Fprintf(stderr, "hexdame %s: %s\n", c.name, oneLine(err.Error()))
		return exitUsage
	}
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

// errMessage returns an error's message without the library's prefix.
func errMessage(err error) string {
	return strings.TrimPrefix(strings.TrimPrefix(err.Error(), "hexdame: "), "hexdame/hub: ")
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
			return p, usageError{strings.TrimPrefix(err.Error(), "hexdame/hub: ")}
		}
		return p, nil
	}
	p, err := hexdame.ParseFEN(f.text)
	if err != nil {
		return p, usageError{errMessage(err)}
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
