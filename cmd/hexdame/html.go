package main

import (
	"flag"
	"io"

	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/internal/web"
)

var cmdHTML = &command{
	name:    "html",
	args:    "[FILE]",
	summary: "write a self-contained HTML page that shows the games of a PDN file",
	about: "Writes one HTML page on standard output that shows the games of a PDN file\n" +
		"(standard input when FILE is absent or -): a list of the games with their tags\n" +
		"and results, the board, and the movetext with comments and variations. Step\n" +
		"through a game with the buttons or the arrow keys, or click a move to jump to\n" +
		"it; the current move is drawn on the board. An invalid game is shown up to its\n" +
		"bad move, with the error. The page fetches nothing from the network. The page is\n" +
		"written as the games are read; if the file cannot be read to its end, the page\n" +
		"written so far is incomplete and the exit status is 2.",
	operands: []string{"FILE  a PDN file, or - for standard input (the default)"},
	setup: func(fs *flag.FlagSet) func(e *env) error {
		return func(e *env) error {
			in, display, closeIn, err := openOperand(e)
			if err != nil {
				return err
			}
			defer closeIn()
			title := display
			if display == "standard input" {
				title = "PDN games"
			}
			return writeHTML(e.stdout, in, title, display)
		}
	},
}

// writeHTML reads the games of in and writes the page as it reads them:
// internal/web's page in its viewer mode, each game's data as soon as the
// game is read: title is the page's title, name the input's in error
// messages. Its memory holds one game at a time (its tree and what is
// being written), not the page. A read error ends the page where it is,
// incomplete, with an error (exit status 2); a write error stops the
// reading at the next game.
func writeHTML(w io.Writer, in io.Reader, title, name string) error {
	v, err := web.NewViewer(w, title)
	if err != nil {
		return err
	}
	r := hexdame.NewReader(in)
	for {
		g, err := r.ReadGame()
		if err == io.EOF {
			break
		}
		if err != nil && hexdame.ParseErrors(err) == nil {
			v.Flush() // the page so far: the read error is the one to report
			return usageError{name + ": " + err.Error()}
		}
		if err := v.Add(g, err); err != nil {
			return err
		}
	}
	return v.Close()
}
