package main

import (
	"bufio"
	"bytes"
	"io/fs"
	"os"
	"path"
	"strconv"
	"strings"
)

// memoryAvailable returns how many bytes of memory the process can still
// take without the system running out, and false when the system does not
// say. Tests replace it.
var memoryAvailable = func() (uint64, bool) { return availableMemory(os.DirFS("/")) }

// tablesHeadroomMiB is the memory the endgame tables, loaded or built,
// must leave to the rest of the process: as much as hub leaves beside its
// hash table.
const tablesHeadroomMiB = hubHeadroomMiB

// tablesMemory returns the most bytes the endgame tables may take, loaded
// or built (LoadOptions.MaxMemory, BuildOptions.MaxMemory): the memory
// available less tablesHeadroomMiB, at least 1 byte; 0, no limit, where
// the system does not say.
func tablesMemory() uint64 {
	avail, ok := memoryAvailable()
	if !ok {
		return 0
	}
	return max(1, avail-min(avail, tablesHeadroomMiB<<20))
}

// availableMemory reads, from a Linux file system rooted at fsys, the
// memory the process can still take: the least of the memory the kernel
// can give without swapping (MemAvailable in /proc/meminfo); when the
// process's control group has a memory limit (cgroup v2 memory.max, v1
// memory.limit_in_bytes), the room left under the tightest limit of the
// group and its parents; and when the process's address space is limited
// (RLIMIT_AS, "Max address space" in /proc/self/limits), the room left
// under that limit (above VmSize in /proc/self/status). It returns false
// when none of them can be read (another system).
func availableMemory(fsys fs.FS) (uint64, bool) {
	var avail uint64
	found := false
	least := func(n uint64, ok bool) {
		if ok && (!found || n < avail) {
			avail, found = n, true
		}
	}
	if meminfo, err := fs.ReadFile(fsys, "proc/meminfo"); err == nil {
		least(memInfoField(meminfo, "MemAvailable"))
	}
	least(cgroupRoom(fsys))
	least(addressSpaceRoom(fsys))
	return avail, found
}

// addressSpaceRoom returns the address space the process can still map
// under its limit (RLIMIT_AS), and false when it has no limit or the
// system does not say.
func addressSpaceRoom(fsys fs.FS) (uint64, bool) {
	limits, err := fs.ReadFile(fsys, "proc/self/limits")
	if err != nil {
		return 0, false
	}
	status, err := fs.ReadFile(fsys, "proc/self/status")
	if err != nil {
		return 0, false
	}
	size, ok := memInfoField(status, "VmSize")
	if !ok {
		return 0, false
	}
	sc := bufio.NewScanner(bytes.NewReader(limits))
	for sc.Scan() {
		// "Max address space  SOFT  HARD  bytes", the soft limit applies.
		rest, ok := strings.CutPrefix(sc.Text(), "Max address space ")
		if !ok {
			continue
		}
		f := strings.Fields(rest)
		if len(f) != 3 || f[2] != "bytes" {
			return 0, false
		}
		limit, err := strconv.ParseUint(f[0], 10, 64)
		if err != nil { // "unlimited"
			return 0, false
		}
		return limit - min(limit, size), true
	}
	return 0, false
}

// memInfoField returns the field of the text of /proc/meminfo or
// /proc/self/status in bytes (the files give kB, which are KiB).
func memInfoField(text []byte, name string) (uint64, bool) {
	sc := bufio.NewScanner(bytes.NewReader(text))
	for sc.Scan() {
		key, rest, ok := strings.Cut(sc.Text(), ":")
		if !ok || key != name {
			continue
		}
		f := strings.Fields(rest)
		if len(f) != 2 || f[1] != "kB" {
			return 0, false
		}
		n, err := strconv.ParseUint(f[0], 10, 64)
		if err != nil || n > 1<<53 {
			return 0, false
		}
		return n << 10, true
	}
	return 0, false
}

// cgroupRoom returns the memory left under the tightest memory limit of
// the process's control group and its ancestors, and false when no limit
// can be read.
func cgroupRoom(fsys fs.FS) (uint64, bool) {
	groups, err := fs.ReadFile(fsys, "proc/self/cgroup")
	if err != nil {
		return 0, false
	}
	var room uint64
	found := false
	consider := func(limitFile, usageFile string) {
		limit, ok1 := readCount(fsys, limitFile)
		usage, ok2 := readCount(fsys, usageFile)
		if !ok1 || !ok2 {
			return
		}
		left := uint64(0)
		if usage < limit {
			left = limit - usage
		}
		if !found || left < room {
			room, found = left, true
		}
	}
	for _, line := range strings.Split(string(groups), "\n") {
		// hierarchy-ID:controllers:path
		parts := strings.SplitN(line, ":", 3)
		if len(parts) != 3 || !strings.HasPrefix(parts[2], "/") {
			continue
		}
		var dir, limit, usage string
		switch {
		case parts[0] == "0" && parts[1] == "":
			dir, limit, usage = "sys/fs/cgroup", "memory.max", "memory.current"
		case hasController(parts[1], "memory"):
			dir, limit, usage = "sys/fs/cgroup/memory", "memory.limit_in_bytes", "memory.usage_in_bytes"
		default:
			continue
		}
		// The group's own limit and those of its parents up to the root
		// of the hierarchy all apply.
		for p := path.Clean(parts[2]); ; p = path.Dir(p) {
			d := path.Join(dir, strings.TrimPrefix(p, "/"))
			consider(path.Join(d, limit), path.Join(d, usage))
			if p == "/" {
				break
			}
		}
	}
	return room, found
}

func hasController(list, name string) bool {
	for _, c := range strings.Split(list, ",") {
		if c == name {
			return true
		}
	}
	return false
}

// readCount reads a control-group file holding one number of bytes; "max"
// (no limit) and the huge number cgroup v1 writes for no limit count as
// no number.
func readCount(fsys fs.FS, name string) (uint64, bool) {
	b, err := fs.ReadFile(fsys, name)
	if err != nil {
		return 0, false
	}
	n, err := strconv.ParseUint(strings.TrimSpace(string(b)), 10, 64)
	if err != nil || n >= 1<<62 {
		return 0, false
	}
	return n, true
}
