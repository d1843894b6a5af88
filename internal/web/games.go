package web

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/hexdame/hexdame"
)

// label is a game's line in the list of an import.
func label(number int, g *hexdame.Game, err error) string {
	if g == nil {
		return strconv.Itoa(number) + ". (unreadable)"
	}
	white, _ := g.Tag("White")
	red, _ := g.Tag("Black")
	event, _ := g.Tag("Event")
	s := fmt.Sprintf("%d. %s – %s", number, orUnknown(white), orUnknown(red))
	if event != "" {
		s += ", " + event
	}
	// Games of one event and players are told apart by their round and
	// date.
	if round, _ := g.Tag("Round"); strings.Trim(round, "?-") != "" {
		s += ", round " + round
	}
	if date, _ := g.Tag("Date"); strings.Trim(date, "?.") != "" {
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

// located returns the problems of a game read from PDN, each with its
// line and column, one a line; "" for none.
func located(err error) string {
	if err == nil {
		return ""
	}
	pes := hexdame.ParseErrors(err)
	if len(pes) == 0 {
		return message(err)
	}
	lines := make([]string, len(pes))
	for i, pe := range pes {
		lines[i] = fmt.Sprintf("line %d, column %d: %s", pe.Line, pe.Column, pe.Detail())
	}
	return strings.Join(lines, "\n")
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
