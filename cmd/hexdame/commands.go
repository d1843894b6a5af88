package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/hexdame/hexdame"
)

// Exit statuses.
const (
	exitOK      = 0
	exitFailure = 1 // an illegal move, an invalid record
	exitUsage   = 2 // bad arguments or input that is not what was asked for
)

// usageError is an error in the command line or its arguments.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

type command struct {
	name, args string
	run        func(args []string, stdin io.Reader, stdout, stderr io.Writer) error
}

var commands []command

func init() {
	commands = []command{
		{"show", "[-fen FEN]", cmdShow},
		{"moves", "[-fen FEN] [-numeric]", cmdMoves},
		{"play", "[-fen FEN] MOVE...", cmdPlay},
		{"perft", "[-fen FEN] [-divide] [-workers N] DEPTH", cmdPerft},
		{"validate", "[-syntax] FILE...", cmdValidate},
		{"convert", "-to algebraic|numeric [FILE]", cmdConvert},
		{"random", "-games N -seed S", cmdRandom},
	}
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage:")
	for _, c := range commands {
		fmt.Fprintf(w, "  hexdame %s %s\n", c.name, c.args)
	}
}

// run runs the command line args and returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return exitUsage
	}
	if args[0] == "-h" || args[0] == "-help" || args[0] == "--help" || args[0] == "help" {
		usage(stdout)
		return exitOK
	}
	for _, c := range commands {
		if c.name != args[0] {
			continue
		}
		err := c.run(args[1:], stdin, stdout, stderr)
		var ue usageError
		var fe failure
		switch {
		case err == nil:
			return exitOK
		case errors.Is(err, flag.ErrHelp):
			return exitOK
		case errors.As(err, &ue):
			fmt.Fprintf(stderr, "hexdame %s: %s\n", c.name, ue.msg)
			return exitUsage
		case errors.As(err, &fe):
			if fe.msg != "" {
				fmt.Fprintf(stderr, "hexdame %s: %s\n", c.name, fe.msg)
			}
			return exitFailure
		default:
			fmt.Fprintf(stderr, "hexdame %s: %v\n", c.name, err)
			return exitFailure
		}
	}
	fmt.Fprintf(stderr, "hexdame: unknown command %q (try hexdame help)\n", args[0])
	return exitUsage
}

// failure is a completed command whose answer is "no": an illegal move, an
// invalid record. msg, when set, goes to standard error.
type failure struct{ msg string }

func (e failure) Error() string { return e.msg }

// newFlags returns a flag set that reports errors as usage errors rather
// than exiting.
func newFlags(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("hexdame "+name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return fs
}

// parseFlags parses args, turning a flag error into a one-line usage error.
func parseFlags(fs *flag.FlagSet, args []string, stdout io.Writer) error {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fs.SetOutput(stdout)
			fs.PrintDefaults()
			return err
		}
		return usageError{err.Error()}
	}
	return nil
}

// fenFlag adds -fen and returns a function giving the position it names
// (the start position by default).
func fenFlag(fs *flag.FlagSet) func() (hexdame.Position, error) {
	s := fs.String("fen", "", "the position, as FEN (default the start position)")
	return func() (hexdame.Position, error) {
		if *s == "" {
			return hexdame.StartPosition(), nil
		}
		p, err := hexdame.ParseFEN(*s)
		if err != nil {
			return p, usageError{strings.TrimPrefix(err.Error(), "hexdame: ")}
		}
		return p, nil
	}
}

// positionOnly parses args for a command that takes flags and no
// arguments, and returns the position of its -fen flag.
func positionOnly(fs *flag.FlagSet, pos func() (hexdame.Position, error), args []string, stdout io.Writer) (hexdame.Position, error) {
	if err := parseFlags(fs, args, stdout); err != nil {
		return hexdame.Position{}, err
	}
	if fs.NArg() > 0 {
		return hexdame.Position{}, usageError{"unexpected argument " + strconv.Quote(fs.Arg(0))}
	}
	return pos()
}

func cmdShow(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := newFlags("show", stderr)
	p, err := positionOnly(fs, fenFlag(fs), args, stdout)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(stdout, "%s%s\n", p, p.FEN())
	return err
}

func cmdMoves(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := newFlags("moves", stderr)
	pos := fenFlag(fs)
	numeric := fs.Bool("numeric", false, "write numeric squares (1..61)")
	p, err := positionOnly(fs, pos, args, stdout)
	if err != nil {
		return err
	}
	n := hexdame.Algebraic
	if *numeric {
		n = hexdame.Numeric
	}
	var lines []string
	for _, m := range p.LegalMoves() {
		lines = append(lines, p.FormatMovePath(m, n))
	}
	slices.Sort(lines)
	for _, l := range lines {
		if _, err := fmt.Fprintln(stdout, l); err != nil {
			return err
		}
	}
	return nil
}

func cmdPlay(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := newFlags("play", stderr)
	pos := fenFlag(fs)
	if err := parseFlags(fs, args, stdout); err != nil {
		return err
	}
	p, err := pos()
	if err != nil {
		return err
	}
	for i, text := range fs.Args() {
		m, err := p.ParseMove(text)
		if err != nil {
			msg := fmt.Sprintf("move %d %q: %s", i+1, text, strings.TrimPrefix(err.Error(), "hexdame: "))
			if errors.Is(err, hexdame.ErrSyntax) {
				return usageError{msg}
			}
			return failure{msg}
		}
		p, _ = p.Play(m)
	}
	_, err = fmt.Fprintf(stdout, "%s\n%s", p.FEN(), p)
	return err
}

func cmdPerft(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := newFlags("perft", stderr)
	pos := fenFlag(fs)
	divide := fs.Bool("divide", false, "also print the count below each root move at DEPTH")
	workers := fs.Int("workers", 0, "goroutines sharing the root moves (default all cores)")
	if err := parseFlags(fs, args, stdout); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return usageError{"want one DEPTH argument"}
	}
	depth, err := strconv.Atoi(fs.Arg(0))
	if err != nil || depth < 1 {
		return usageError{"DEPTH must be a whole number of at least 1, not " + strconv.Quote(fs.Arg(0))}
	}
	p, err := pos()
	if err != nil {
		return err
	}
	start := time.Now()
	var total uint64
	for d := 1; d <= depth; d++ {
		n := hexdame.PerftParallel(p, d, *workers)
		total += n
		if _, err := fmt.Fprintf(stdout, "%d %d\n", d, n); err != nil {
			return err
		}
	}
	if *divide {
		for _, c := range hexdame.PerftDivideParallel(p, depth, *workers) {
			fmt.Fprintf(stdout, "%s %d\n", p.FormatMovePath(c.Move, hexdame.Algebraic), c.Nodes)
		}
	}
	elapsed := time.Since(start)
	nps := float64(total) / elapsed.Seconds()
	fmt.Fprintf(stderr, "time %v, %d nodes, %.0f nodes/s\n", elapsed.Round(time.Microsecond), total, nps)
	return nil
}
