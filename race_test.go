//go:build race

package hexdame

// raceEnabled reports that the tests run under the race detector, which
// makes some values escape to the heap that otherwise stay on the stack
// and lets sync.Pool drop what it is given: memory bounds allow for it.
const raceEnabled = true
