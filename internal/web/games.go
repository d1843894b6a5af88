package web

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/hexdame/hexdame"
)

// label is a game's line in the list of an import.
func label(number int, g *hexdame.Game, err error) string {
	if g == nil {
		return strconv.Itoa(number) + ". (unreadable)"
	}
	// Each tag clipped: a session keeps the labels of MaxGames games.
	tag := func(name string) string {
		v, _ := g.Tag(name)
		return clip(v)
	}
	white, red, event := tag("White"), tag("Black"), tag("Event")
	s := fmt.Sprintf("%d. %s – %s", number, orUnknown(white), orUnknown(red))
	if event != "" {
		s += ", " + event
	}
	// Games of one event and players are told apart by their round and
	// date.
	if round := tag("Round"); strings.Trim(round, "?-") != "" {
		s += ", round " + round
	}
	if date := tag("Date"); strings.Trim(date, "?.") != "" {
		s += ", " + date
	}
	s += " " + g.Outcome().Result.String()
	if err != nil {
		s += " (invalid)"
	}
	return s
}

func orUnknown(s string) string {
	if s == "" {
		return "?"
	}
	return s
}

// The most problems of a game that located lists, and the most bytes of
// each: a game's problems are as many as its variations, and each may
// list the legal moves, so that 1 MiB of PDN made 19 MB of problems.
const (
	maxProblems     = 20
	maxProblemBytes = 300
)

// located returns the problems of a game read from PDN, each with its
// line and column, one a line, at most maxProblems of them each clipped
// to maxProblemBytes, then how many more there are; "" for none.
func located(err error) string {
	if err == nil {
		return ""
	}
	pes := hexdame.ParseErrors(err)
	if len(pes) == 0 {
		return clipBytes(message(err), maxProblemBytes)
	}
	var lines []string
	for i, pe := range pes {
		if i == maxProblems {
			lines = append(lines, fmt.Sprintf("and %d more problems", len(pes)-i))
			break
		}
		lines = append(lines, clipBytes(fmt.Sprintf("line %d, column %d: %s", pe.Line, pe.Column, pe.Detail()), maxProblemBytes))
	}
	return strings.Join(lines, "\n")
}

// firstProblem returns the first of a game's problems, as located
// writes it, and how many more there are: the line of a game in an
// import's list, which the session keeps for MaxGames games.
func firstProblem(err error) string {
	if err == nil {
		return ""
	}
	pes := hexdame.ParseErrors(err)
	if len(pes) <= 1 {
		return located(err)
	}
	first := located(pes[0])
	return fmt.Sprintf("%s (and %d more problems)", first, len(pes)-1)
}

// clipBytes returns s cut to at most n bytes, at a character, and "..."
// when it is cut.
func clipBytes(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "..."
}

// readGames calls f with each game of the PDN text, read with a Reader
// whose WorkLimit is pdnWork, and its problems, until f returns false or
// the text ends.
func readGames(text string, f func(g *hexdame.Game, err error) bool) {
	r := hexdame.NewReader(strings.NewReader(text))
	r.WorkLimit = pdnWork
	for {
		g, err := r.ReadGame()
		if err == io.EOF || !f(g, err) {
			return
		}
	}
}

// message returns an error's text for the page: a FEN error points at
// its place.
func message(err error) string {
	var fe *hexdame.FENError
	if errors.As(err, &fe) {
		return fmt.Sprintf("FEN, at column %d: %s", fe.Column, fe.Why)
	}
	if errors.As(err, new(*hexdame.ParseError)) {
		return located(err)
	}
	return err.Error()
}
