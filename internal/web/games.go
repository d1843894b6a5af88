package web

import (
	"errors"
	"fmt"
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
	var lines []string
	var visit func(error)
	visit = func(err error) {
		var pe *hexdame.ParseError
		if j, ok := err.(interface{ Unwrap() []error }); ok && !errors.As(err, new(*hexdame.MoveError)) {
			for _, e := range j.Unwrap() {
				visit(e)
			}
			return
		}
		if errors.As(err, &pe) {
			lines = append(lines, fmt.Sprintf("line %d, column %d: %s", pe.Line, pe.Column, pe.Detail()))
			return
		}
		lines = append(lines, message(err))
	}
	visit(err)
	return strings.Join(lines, "\n")
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
