// Command hexdame shows HexDame positions, lists and plays legal moves,
// counts perft, and validates, converts and generates PDN game records.
//
// Usage:
//
//	hexdame show [-fen FEN]
//	hexdame moves [-fen FEN] [-numeric]
//	hexdame play [-fen FEN] MOVE...
//	hexdame perft [-fen FEN] [-divide] [-workers N] DEPTH
//	hexdame validate [-syntax] FILE...
//	hexdame convert -to algebraic|numeric [FILE]
//	hexdame random -games N -seed S
//
// show prints the diagram of a position followed by its FEN on the last
// line; with no -fen it shows the start position.
//
// moves prints every legal move, one per line, with the start cell and
// every landing cell (d4-e5, c3xe5xg5), and nothing else.
//
// play plays the moves in order (any notation ParseMove accepts) and prints
// the final position's FEN on the first line, then its diagram. An illegal
// or ambiguous move stops it with exit status 1 and a message on standard
// error naming the move's index (from 1), its text and the legal moves.
//
// perft prints, for each depth from 1 to DEPTH, a line "DEPTH NODES"; with
// -divide it then prints "MOVE NODES" for each root move at DEPTH. The time
// taken and nodes per second go to standard error.
//
// validate replays every game of the PDN files against the rules and prints
// one line per problem, FILE:LINE:COL: game N, ply P, move TEXT: reason;
// legal: ..., then a summary line; the exit status is 0 only when every game
// is valid. With -syntax it checks PDN syntax only.
//
// convert rewrites PDN records (a file, or standard input) with algebraic or
// numeric squares on standard output.
//
// random writes N random legal games as PDN on standard output.
//
// Usage errors (unknown command or flag, bad FEN, malformed move, unknown
// cell) print one line to standard error and exit with status 2.
package main

import (
	"os"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
