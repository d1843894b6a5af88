package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strings"
	"unicode"

	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/internal/random"
)

// An opening is where the games of a pair start: a position and moves.
type opening struct {
	start hexdame.Position
	moves []hexdame.Move
	label string
}

// openingBook gives the opening of each pair of games.
type openingBook struct {
	fixed       []opening // from a file, used in turn
	randomPlies int
	seed        uint64
}

// get returns the opening of pair k (from 0).
func (b *openingBook) get(k int) (opening, error) {
	if len(b.fixed) > 0 {
		return b.fixed[k%len(b.fixed)], nil
	}
	if b.randomPlies == 0 {
		return opening{start: hexdame.StartPosition(), label: "start position"}, nil
	}
	rng := rand.New(rand.NewPCG(b.seed, uint64(k)))
	for range 1000 {
		if g := random.Opening(rng, b.randomPlies); g != nil {
			return opening{start: hexdame.StartPosition(), moves: g.Moves(),
				label: fmt.Sprintf("random %d plies, seed %d, #%d", b.randomPlies, b.seed, k+1)}, nil
		}
	}
	return opening{}, usageError{fmt.Sprintf("no random opening of %d plies found that does not end the game", b.randomPlies)}
}

// maxOpeningLine bounds a line of a FEN openings file, and each line read
// to decide what kind of file it is: a FEN is about 200 bytes.
const maxOpeningLine = 64 << 10

// readOpenings reads a file of FEN lines or PDN games. It reads the file as
// a stream, so that its memory grows with the openings it holds, not with
// the file's size: /dev/zero gives an error at once, and a named pipe is
// read as its writer writes.
func readOpenings(path string) ([]opening, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, usageError{"-openings: " + describeOpenError(path, err).Error()}
	}
	defer f.Close()
	if info, err := f.Stat(); err == nil && info.IsDir() {
		return nil, usageError{"-openings: " + path + ": is a directory, not a file of openings"}
	}
	br := bufio.NewReaderSize(f, maxOpeningLine)
	// The first line that is not blank or a comment says whether the file
	// holds FEN lines; for PDN, the lines read before are read again.
	var head bytes.Buffer
	var first []byte // the first line that is not blank or a comment
	n, fen := 0, false
	for {
		line, err := readOpeningLine(br)
		if err != nil {
			return nil, usageError{fmt.Sprintf("-openings: %s line %d: %s", path, n+1, err)}
		}
		if line == nil {
			break
		}
		n++
		head.Write(line)
		if text := openingText(line); text != "" && !strings.HasPrefix(text, "#") {
			_, err := hexdame.ParseFEN(text)
			fen, first = err == nil, line
			break
		}
	}
	var book []opening
	if fen {
		for line := first; line != nil; {
			if text := openingText(line); text != "" && !strings.HasPrefix(text, "#") {
				p, err := hexdame.ParseFEN(text)
				if err != nil {
					return nil, usageError{fmt.Sprintf("-openings: %s line %d: %s", path, n, err.Error())}
				}
				if p.CountLegalMoves() == 0 {
					return nil, usageError{fmt.Sprintf("-openings: %s line %d: the side to move has no legal move", path, n)}
				}
				book = append(book, opening{start: p, label: fmt.Sprintf("%s line %d", path, n)})
			}
			if line, err = readOpeningLine(br); err != nil {
				return nil, usageError{fmt.Sprintf("-openings: %s line %d: %s", path, n+1, err)}
			}
			n++
		}
	} else {
		r := hexdame.NewReader(io.MultiReader(&head, br))
		n := 0
		for {
			g, err := r.ReadGame()
			if err == io.EOF {
				break
			}
			n++
			if err != nil {
				if pes := hexdame.ParseErrors(err); len(pes) > 0 {
					pe := pes[0] // as validate writes it: the error names the game once
					return nil, usageError{fmt.Sprintf("-openings: %s:%d:%d: game %d, %s", path, pe.Line, pe.Column, pe.Game, pe.Detail())}
				}
				return nil, usageError{fmt.Sprintf("-openings: %s: %s", path, err.Error())}
			}
			start := initialPosition(g)
			check := hexdame.NewGameFrom(start)
			for i, m := range g.Moves() {
				if err := check.Play(m); err != nil {
					return nil, usageError{fmt.Sprintf("-openings: %s: game %d: move %d cannot be played from the game's start: %s", path, n, i+1, err.Error())}
				}
			}
			if check.Outcome().IsOver() {
				return nil, usageError{fmt.Sprintf("-openings: %s: game %d ends the game", path, n)}
			}
			book = append(book, opening{start: start, moves: g.Moves(), label: fmt.Sprintf("%s game %d", path, n)})
		}
	}
	if len(book) == 0 {
		return nil, usageError{"-openings: " + path + " holds no opening"}
	}
	return book, nil
}

// readOpeningLine returns the next line of r with its newline, nil at the
// end of the input, or an error for a line longer than maxOpeningLine or a
// read that failed. The line is valid until the next read.
func readOpeningLine(r *bufio.Reader) ([]byte, error) {
	line, err := r.ReadSlice('\n')
	switch {
	case err == bufio.ErrBufferFull:
		return nil, fmt.Errorf("a line longer than %d bytes: not a file of openings", maxOpeningLine)
	case err == io.EOF && len(line) == 0:
		return nil, nil
	case err != nil && err != io.EOF:
		return nil, errors.New(ioMessage(err))
	}
	return line, nil
}

// openingText returns a line of an openings file without the white space
// around it, a byte order mark among it, as the PDN reader skips one.
func openingText(line []byte) string {
	return strings.TrimFunc(string(line), func(r rune) bool { return unicode.IsSpace(r) || r == '\uFEFF' })
}

// initialPosition returns the position a game starts from.
func initialPosition(g *hexdame.Game) hexdame.Position { return g.Root().Position() }
