//go:build !unix

package web

import "os/exec"

// inOwnGroup leaves cmd as it is: its context's end kills the process.
func inOwnGroup(*exec.Cmd) {}

// killGroup kills the process cmd started.
func killGroup(cmd *exec.Cmd) error {
	if cmd.Process == nil {
		return nil
	}
	return cmd.Process.Kill()
}
