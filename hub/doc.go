// Package hub speaks the Hub protocol in its HexDame dialect, which HUB.md
// at the root of the module specifies: the line-based text protocol between
// a HexDame engine and a GUI or match runner, over the engine's standard
// input and output. It serves both sides:
//
//   - the line syntax: [ParseCommand], [Command.AppendText] and a
//     [CommandReader] that reads lines of bounded length;
//   - positions and moves in the dialect: [ParsePosition], [FormatPosition],
//     [ParseMove], [FormatMove];
//   - the GUI side: a [Client] starts an engine process ([Start]) or talks
//     to one over any pipe ([Connect]), does the handshake, sets
//     parameters and runs searches with time-outs and stop; [PlayGame] is a
//     referee that plays a game between two clients;
//   - the engine side: [Serve] runs the protocol for an [Engine], the small
//     interface a search engine implements; [RandomMover] is one, and
//     package github.com/hexdame/hexdame/enginehub serves the module's
//     engine as one.
//
// Errors follow the module's convention (see package hexdame): sentinels
// such as ErrTimeout for errors.Is, no package name before an error's
// text, and error types ([TextError], [SyntaxError]) whose Column is the
// byte of the problem from 1 (0 when not about one place), Why the reason
// in words and Err the sentinel (a SyntaxError always wraps ErrSyntax).
// Where the rules package has the word, hub uses its sentinel: move text
// that is not a move in the dialect's notation wraps hexdame.ErrMoveSyntax,
// a move that is not legal hexdame.ErrIllegalMove, and a search of a
// position without legal moves hexdame.ErrGameOver.
//
// Like every package of the module besides the rules package, it uses only
// the exported API of the rules package github.com/hexdame/hexdame.
package hub
