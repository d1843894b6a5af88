//go:build linux && !race

package aslimit

import (
	"bufio"
	"bytes"
	"errors"
	"os"
	"strconv"
	"strings"
	"syscall"
)

const supported = true

// limit limits the process's address space to room bytes above its size
// now (VmSize in /proc/self/status).
func limit(room uint64) error {
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return err
	}
	sc := bufio.NewScanner(bytes.NewReader(status))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 3 && f[0] == "VmSize:" && f[2] == "kB" {
			kib, err := strconv.ParseUint(f[1], 10, 64)
			if err != nil {
				return err
			}
			n := kib<<10 + room
			return syscall.Setrlimit(syscall.RLIMIT_AS, &syscall.Rlimit{Cur: n, Max: n})
		}
	}
	return errors.New("no VmSize in /proc/self/status")
}
