// Package hub speaks the Hub protocol in its HexDame dialect, which HUB.md
// at the root of the module specifies: the line-based text protocol between
// a HexDame engine and a GUI or match runner, over the engine's standard
// input and output. It serves both sides:
//
//   - the line syntax: [ParseCommand], [Command.AppendText] and a [Reader]
//     that reads lines of bounded length;
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
// Like every package of the module besides the rules package, it uses only
// the exported API of the rules package github.com/hexdame/hexdame. Its
// errors begin with "hexdame/hub: ".
package hub
