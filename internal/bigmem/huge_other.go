//go:build !linux

package bigmem

func adviseHuge([]byte) {}
