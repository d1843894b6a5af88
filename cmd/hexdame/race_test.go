//go:build race

package main

// raceEnabled reports that the tests run under the race detector, which
// makes every start of the tool slow: the shell engine starts it twice a move.
const raceEnabled = true
