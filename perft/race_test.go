//go:build race

package perft

const raceEnabled = true
