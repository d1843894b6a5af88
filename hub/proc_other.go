//go:build !unix

package hub

import (
	"os"
	"os/exec"
)

// setProcAttr does nothing where there are no process groups.
func setProcAttr(cmd *exec.Cmd) {}

// killGroup kills the engine (only it: there are no process groups here).
func killGroup(p *os.Process) { p.Kill() }
