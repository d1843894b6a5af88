package main

import (
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strconv"

	"github.com/hexdame/hexdame"
)

// cmdValidate replays every game of the files and reports each problem.
func cmdValidate(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := newFlags("validate", stderr)
	syntaxOnly := fs.Bool("syntax", false, "check PDN syntax only (for records of other draughts games)")
	if err := parseFlags(fs, args, stdout); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return usageError{"want one or more PDN files"}
	}
	games, problems := 0, 0
	for _, name := range fs.Args() {
		g, p := validateFile(name, *syntaxOnly, stdout)
		games += g
		problems += p
	}
	fmt.Fprintf(stdout, "%d files, %d games, %d valid, %d problems\n", fs.NArg(), games, games-min(games, problems), problems)
	if problems > 0 {
		return failure{}
	}
	return nil
}

// validateFile checks one file, printing a line per problem, and returns
// the number of games and of problems.
func validateFile(name string, syntaxOnly bool, stdout io.Writer) (games, problems int) {
	f, err := os.Open(name)
	if err != nil {
		fmt.Fprintf(stdout, "%s: %v\n", name, err)
		return 0, 1
	}
	defer f.Close()
	r := hexdame.NewReader(f)
	for {
		rec, err := r.ReadRecord()
		if err == io.EOF {
			return games, problems
		}
		games++
		if err == nil && !syntaxOnly {
			_, err = rec.Replay()
		}
		if err == nil {
			continue
		}
		problems++
		var pe *hexdame.ParseError
		if !errors.As(err, &pe) {
			fmt.Fprintf(stdout, "%s: %v\n", name, err)
			return games, problems
		}
		fmt.Fprintf(stdout, "%s:%d:%d: game %d, %s\n", name, pe.Line, pe.Column, pe.Game, pe.Reason())
	}
}

// cmdConvert rewrites records in another notation.
func cmdConvert(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlags("convert", stderr)
	to := fs.String("to", "", "the notation to write: algebraic or numeric")
	if err := parseFlags(fs, args, stdout); err != nil {
		return err
	}
	var n hexdame.Notation
	switch *to {
	case "algebraic":
		n = hexdame.Algebraic
	case "numeric":
		n = hexdame.Numeric
	default:
		return usageError{"-to must be algebraic or numeric"}
	}
	in := stdin
	name := "standard input"
	switch fs.NArg() {
	case 0:
	case 1:
		f, err := os.Open(fs.Arg(0))
		if err != nil {
			return usageError{err.Error()}
		}
		defer f.Close()
		in, name = f, fs.Arg(0)
	default:
		return usageError{"want at most one FILE"}
	}
	r := hexdame.NewReader(in)
	w := hexdame.NewWriter(stdout)
	failed := false
	for {
		rec, err := r.ReadRecord()
		if err == io.EOF {
			break
		}
		if err == nil {
			rec, err = rec.Convert(n)
		}
		if err != nil {
			var pe *hexdame.ParseError
			if errors.As(err, &pe) {
				fmt.Fprintf(stderr, "hexdame convert: %s:%d:%d: game %d, %s\n", name, pe.Line, pe.Column, pe.Game, pe.Reason())
				failed = true
				continue
			}
			return err
		}
		if err := w.WriteRecord(rec); err != nil {
			return err
		}
	}
	if failed {
		return failure{}
	}
	return nil
}

// cmdRandom writes random legal games.
func cmdRandom(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := newFlags("random", stderr)
	games := fs.Int("games", 1, "number of games")
	seed := fs.Uint64("seed", 1, "seed of the random choices; the same seed gives the same games")
	maxPlies := fs.Int("maxplies", 300, "a game not decided after this many plies is drawn by agreement")
	numeric := fs.Bool("numeric", false, "write numeric squares (1..61)")
	if err := parseFlags(fs, args, stdout); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usageError{"unexpected argument " + strconv.Quote(fs.Arg(0))}
	}
	if *games < 0 || *maxPlies < 0 {
		return usageError{"-games and -maxplies must not be negative"}
	}
	n := hexdame.Algebraic
	if *numeric {
		n = hexdame.Numeric
	}
	rng := rand.New(rand.NewPCG(*seed, 0x6865786461))
	w := hexdame.NewWriter(stdout)
	for i := 1; i <= *games; i++ {
		g := hexdame.RandomGame(rng, *maxPlies)
		g.SetTag("Event", "Random game")
		g.SetTag("Site", "hexdame random")
		g.SetTag("Round", strconv.Itoa(i))
		g.SetTag("White", "random")
		g.SetTag("Black", "random")
		if err := w.WriteGame(g, n); err != nil {
			return err
		}
	}
	return nil
}
