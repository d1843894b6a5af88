//go:build !race

package perft

const raceEnabled = false
