//go:build unix

package web

import (
	"os/exec"
	"syscall"
)

// inOwnGroup starts cmd in a process group of its own and has its
// context's end kill the whole group: the go command and the compilers
// and linker it runs, which would otherwise go on as orphans.
func inOwnGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return killGroup(cmd) }
}

// killGroup kills the process group that cmd, started, leads.
func killGroup(cmd *exec.Cmd) error {
	if cmd.Process == nil {
		return nil
	}
	err := syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	if err == syscall.ESRCH {
		return nil
	}
	return err
}
