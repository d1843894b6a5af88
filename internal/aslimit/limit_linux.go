//go:build linux && !race

package aslimit

import (
	"os"
	"syscall"
)

const supported = true

// limitAndExec limits the address space to n bytes and runs the test
// binary again, with the same arguments, in this process, with environment
// env. It returns only on failure.
func limitAndExec(n uint64, env []string) error {
	if err := syscall.Setrlimit(syscall.RLIMIT_AS, &syscall.Rlimit{Cur: n, Max: n}); err != nil {
		return err
	}
	exe, err := os.Executable()
	if err != nil {
		return err
	}
	return syscall.Exec(exe, os.Args, env)
}
