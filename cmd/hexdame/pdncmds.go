package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strconv"

	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/internal/random"
)

var cmdValidate = &command{
	name:    "validate",
	args:    "[-syntax] FILE...",
	summary: "check PDN files against the rules",
	about: "Replays every game of the PDN files against the rules and prints one line per\n" +
		"problem on standard output, FILE:LINE:COL: game N, ply P, move TEXT: reason;\n" +
		"legal: ..., then a summary line. Each variation is checked on its own, so a game\n" +
		"can have several problems. The exit status is 0 when every game is valid, 1 when\n" +
		"some game is not, and 2 when a file cannot be read (the message, naming the file,\n" +
		"goes to standard error).",
	operands: []string{"FILE  a PDN file, or - for standard input"},
	setup: func(fs *flag.FlagSet) func(e *env) error {
		syntaxOnly := fs.Bool("syntax", false, "check PDN syntax only (for records of other draughts games)")
		return func(e *env) error {
			if len(e.args) == 0 {
				return usageError{"want one or more PDN files (- for standard input)"}
			}
			var total validation
			var ioErr error
			for _, name := range e.args {
				v, err := validateFile(name, *syntaxOnly, e)
				total.games += v.games
				total.invalid += v.invalid
				total.problems += v.problems
				if err != nil {
					fmt.Fprintf(e.stderr, "hexdame validate: %s\n", oneLine(err.Error()))
					ioErr = err
				}
			}
			fmt.Fprintf(e.stdout, "%d files, %d games, %d valid, %d problems\n",
				len(e.args), total.games, total.games-total.invalid, total.problems)
			switch {
			case ioErr != nil:
				return usageError{} // already reported
			case total.problems > 0:
				return failure{}
			}
			return nil
		}
	},
}

// A validation counts the games of a file, those with problems, and the
// problems.
type validation struct{ games, invalid, problems int }

// validateFile checks one file, printing a line per problem. It returns an
// error when the file cannot be opened or read.
func validateFile(name string, syntaxOnly bool, e *env) (validation, error) {
	var v validation
	in, display, closeIn, err := openInput(name, e)
	if err != nil {
		return v, err
	}
	defer closeIn()
	r := hexdame.NewReader(in)
	for {
		var err error
		if syntaxOnly {
			err = r.CheckRecord()
		} else {
			err = r.CheckGame()
		}
		if err == io.EOF {
			return v, nil
		}
		if err != nil && hexdame.ParseErrors(err) == nil {
			return v, fmt.Errorf("%s: %s", display, err.Error())
		}
		v.games++
		if err == nil {
			continue
		}
		v.invalid++
		for _, pe := range hexdame.ParseErrors(err) {
			v.problems++
			fmt.Fprintf(e.stdout, "%s:%d:%d: game %d, %s\n", display, pe.Line, pe.Column, pe.Game, oneLine(pe.Detail()))
		}
	}
}

// openInput opens a named input: a file, or standard input for "-". A
// missing or unreadable file, or a directory, is an error naming it.
// openOperand opens the command's one optional FILE operand, standard
// input when it is absent or "-"; its errors are usage errors.
func openOperand(e *env) (in io.Reader, display string, closeIn func(), err error) {
	name := "-"
	switch len(e.args) {
	case 0:
	case 1:
		name = e.args[0]
	default:
		return nil, "", nil, usageError{"want at most one FILE"}
	}
	in, display, closeIn, err = openInput(name, e)
	if err != nil {
		return nil, display, nil, usageError{err.Error()}
	}
	return in, display, closeIn, nil
}

func openInput(name string, e *env) (in io.Reader, display string, closeIn func(), err error) {
	if name == "-" {
		return e.stdin, "standard input", func() {}, nil
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, name, nil, describeOpenError(name, err)
	}
	if info, err := f.Stat(); err == nil && info.IsDir() {
		f.Close()
		return nil, name, nil, fmt.Errorf("%s: is a directory, not a PDN file", name)
	}
	return f, name, func() { f.Close() }, nil
}

func describeOpenError(name string, err error) error {
	switch {
	case errors.Is(err, os.ErrNotExist):
		return fmt.Errorf("%s: no such file", name)
	case errors.Is(err, os.ErrPermission):
		return fmt.Errorf("%s: permission denied", name)
	}
	var pe *os.PathError
	if errors.As(err, &pe) {
		return fmt.Errorf("%s: %v", name, pe.Err)
	}
	return err
}

var cmdConvert = &command{
	name:    "convert",
	args:    "-to algebraic|numeric [FILE]",
	summary: "rewrite PDN records in algebraic or numeric notation",
	about: "Writes the records of a PDN file (standard input when FILE is absent or -) on\n" +
		"standard output with every square in the given notation, keeping tags, comments,\n" +
		"variations and the form of each move; a record without a GameType tag gets the\n" +
		"notation's, as every record hexdame writes has one. A record that cannot be\n" +
		"converted (its GameType names another game, its FEN tag is not a FEN, it is not\n" +
		"PDN) is left out with a line on standard error, FILE:LINE:COL: game N, reason;\n" +
		"the records after it are still converted, and the exit status is 1. Every record\n" +
		"that validate accepts is converted. A file that cannot be read or written gives\n" +
		"status 2.",
	operands: []string{"FILE  a PDN file, or - for standard input (the default)"},
	setup: func(fs *flag.FlagSet) func(e *env) error {
		to := fs.String("to", "", "the `notation` to write: algebraic or numeric")
		return func(e *env) error {
			n, err := hexdame.ParseNotation(*to)
			if err != nil {
				return usageError{"-to must be algebraic or numeric"}
			}
			in, display, closeIn, err := openOperand(e)
			if err != nil {
				return err
			}
			defer closeIn()
			r := hexdame.NewReader(in)
			w := hexdame.NewWriter(e.stdout)
			failed := false
			for {
				rec, err := r.ReadRecord()
				if err == nil {
					rec, err = rec.Convert(n)
				}
				if err == nil {
					err = w.WriteRecord(rec)
				}
				if err == io.EOF {
					break
				}
				if err == nil {
					continue
				}
				pes := hexdame.ParseErrors(err)
				if len(pes) == 0 {
					return usageError{display + ": " + err.Error()}
				}
				for _, pe := range pes {
					fmt.Fprintf(e.stderr, "hexdame convert: %s:%d:%d: game %d, %s\n", display, pe.Line, pe.Column, pe.Game, oneLine(pe.Detail()))
				}
				failed = true
			}
			if failed {
				return failure{}
			}
			return nil
		}
	},
}

var cmdRandom = &command{
	name:    "random",
	args:    "[-games N] [-seed S] [-maxplies M] [-numeric]",
	summary: "write random legal games as PDN",
	about: "Writes N games of uniformly random legal moves as PDN on standard output. The\n" +
		"same seed gives the same games. A game not decided after M plies is recorded as\n" +
		"drawn by agreement.",
	setup: func(fs *flag.FlagSet) func(e *env) error {
		games := fs.Int("games", 1, "the number of games")
		seed := fs.Uint64("seed", 1, "the seed of the random choices")
		maxPlies := fs.Int("maxplies", 300, "the plies after which an undecided game is drawn by agreement")
		numeric := fs.Bool("numeric", false, "write numeric squares (1..61) instead of algebraic ones")
		return func(e *env) error {
			if err := noArgs(e); err != nil {
				return err
			}
			if *games < 0 || *maxPlies < 0 {
				return usageError{"-games and -maxplies must not be negative"}
			}
			n := hexdame.Algebraic
			if *numeric {
				n = hexdame.Numeric
			}
			rng := rand.New(rand.NewPCG(*seed, 0x6865786461))
			w := hexdame.NewWriter(e.stdout)
			for i := 1; i <= *games; i++ {
				g := random.Game(rng, *maxPlies)
				for _, t := range [][2]string{{"Event", "Random game"}, {"Site", "hexdame random"},
					{"Round", strconv.Itoa(i)}, {"White", "random"}, {"Black", "random"}} {
					if err := g.SetTag(t[0], t[1]); err != nil {
						return err
					}
				}
				if err := w.WriteGame(g, n); err != nil {
					return err
				}
			}
			return nil
		}
	},
}
