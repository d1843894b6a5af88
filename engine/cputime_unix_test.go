//go:build unix

package engine

import (
	"syscall"
	"time"
)

// cpuTime returns the processor time the process has used, or 0 where it
// cannot tell.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
