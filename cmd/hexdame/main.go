// Command hexdame shows HexDame positions, lists and plays legal moves,
// counts perft, proves problems, draws positions, validates, converts,
// generates and shows PDN game records, and plays matches between engines
// that speak the Hub protocol.
//
// Usage:
//
//	hexdame show [-fen FEN] [-coords] [-flip]
//	hexdame moves [-fen FEN] [-numeric | -hub]
//	hexdame play [-fen FEN] [-hub] MOVE...
//	hexdame perft [-fen FEN] [-divide] [-workers N] [-hash MiB] DEPTH
//	hexdame validate [-syntax] FILE...
//	hexdame convert -to algebraic|numeric [FILE]
//	hexdame random [-games N] [-seed S] [-maxplies M] [-numeric]
//	hexdame svg [-fen FEN] [-move MOVE] [-flip] [-coords] [-size PX]
//	hexdame html [FILE]
//	hexdame solve [-fen FEN] [-all] PLIES
//	hexdame review [-movetime SECONDS] [-depth N] [-hash MiB] [-tables DIR [-tables-pieces N]] [FILE]
//	hexdame match -engine CMD [-param N=V]... -engine CMD [-param N=V]... [FLAGS]
//	hexdame hub [-level L] [-threads T] [-hash MiB] [-tables DIR [-tables-pieces N]] [-eval patterns|classic]
//	hexdame hub-random [-seed S] [-spend-time]
//	hexdame endgame build [-pieces N] [-material M] [-workers W] DIR
//	hexdame endgame probe [-fen FEN] [-numeric] [-pieces N] DIR
//	hexdame endgame stats [-pieces N] [-distances] DIR
//	hexdame endgame materials [-pieces N] [-memory]
//	hexdame serve [-addr HOST:PORT] [-tables DIR [-tables-pieces N]] [-hash MiB] [-threads N] [-export DIR]
//	hexdame help [COMMAND]
//
// show prints the diagram of a position followed by its FEN on the last
// line; with no -fen it shows the start position.
//
// moves prints every legal move, one per line, with the start cell and
// every landing cell (d4-e5, c3xe5xg5), and nothing else.
//
// play plays the moves in order (any notation ParseMove accepts),
// following the rules of the game, and prints the final position's FEN on
// the first line, then its diagram. A move that is illegal, ambiguous, or
// played after the game has ended stops it with exit status 1 and a
// message on standard error naming the move's index (from 1), its text and
// why.
//
// perft prints, for each depth from 1 to DEPTH (at most 32), a line "DEPTH
// NODES"; with -divide it then prints "MOVE NODES" for each root move at
// DEPTH. One line on standard error gives the last depth's count, time and
// nodes per second, then the nodes and time of the whole run. -workers
// goes up to 1024; a -hash table that does not fit in the memory available
// (on Linux, MemAvailable or the control group's limit, less 512 MiB), or
// is above 16384 MiB, is refused with exit status 2 before any work.
//
// validate replays every game of the PDN files (- is standard input)
// against the rules and prints one line per problem, FILE:LINE:COL: game
// N, ply P, move TEXT: reason; legal: ..., then a summary line. With
// -syntax it checks PDN syntax only.
//
// convert rewrites PDN records (a file, or standard input) with algebraic
// or numeric cells on standard output; it refuses records of other
// draughts games.
//
// random writes N random legal games as PDN on standard output.
//
// svg draws the position, and a move of it, as an SVG picture; html writes
// one self-contained HTML page that shows the games of a PDN file; solve
// proves whether the side to move forces a win within PLIES plies.
//
// review reads the games of a PDN file, evaluates every position of each
// main line with the engine (or the endgame tables), and writes the games
// as PDN with the evaluation after each move ({[%eval +0.35]}), the
// inaccuracies, mistakes and blunders marked with NAGs and the engine's
// better line as a variation, and a summary per side in the tags
// WhiteReview and RedReview; progress goes to standard error. A game that
// cannot be replayed is left out with its located problem (exit status
// 1); interrupted, it writes the games done and the one under way as far
// as it got, and exits with status 2.
//
// match plays games between two Hub engines as the referee and prints one
// line per finished game, then the first engine's score, Elo difference
// with its 95% interval and likelihood of superiority (and with -sprt the
// test's LLR and verdict); the format is a contract described in match.go
// and the README. hub is the engine as a Hub engine (parameters level,
// threads, hash and tables, also set by its flags); hub-random is a Hub
// engine that plays random legal moves. With -hub, moves and play write and read moves in the Hub
// notation; every -fen flag also takes a Hub position.
//
// endgame builds the endgame tables into DIR (all up to N pieces, keeping
// those already there, or the one material M once its dependencies are
// there; progress on standard error; interrupted, it keeps the finished
// tables), probes a position in them ("win N", "loss N" or "draw", then a
// best move), prints per-material statistics, or lists the materials in
// build order ("LEVEL MATERIAL").
//
// serve serves the board in the browser (package internal/web) at
// 127.0.0.1:8080 until interrupted: play the engine, analyze, read and
// write games, set up positions, probe the tables; with -export DIR it
// writes the same page as a static site, the rules and the engine built
// for the browser as WebAssembly.
//
// "hexdame help COMMAND" and "hexdame COMMAND -h" describe a command's
// arguments and flags.
//
// Exit status: 0 for success; 1 when the content is wrong (an invalid
// record, an illegal or ambiguous move, a move after the game has ended);
// 2 for a usage or I/O error (an unknown command or flag, a bad FEN or
// malformed move, a depth out of range, a missing or unreadable file, a
// directory, standard output that cannot be written, such as a full disk:
// "hexdame validate: writing standard output: no space left on device";
// for match also an engine that cannot be started; for match and review
// an interruption).
// Messages go to standard error on one line; the problems validate finds
// go to standard output.
package main

import (
	"os"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
