//go:build unix && !linux

package hub

import (
	"os"
	"os/exec"
	"syscall"
)

// setProcAttr starts the engine in a process group of its own, so that
// killGroup reaches whatever it starts.
func setProcAttr(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// killGroup kills the process group the engine leads, and the engine.
func killGroup(p *os.Process) {
	syscall.Kill(-p.Pid, syscall.SIGKILL)
	p.Kill()
}
