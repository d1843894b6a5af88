//go:build !unix

package engine

import "time"

// cpuTime returns 0: the benchmarks report no processor time here.
func cpuTime() time.Duration { return 0 }
