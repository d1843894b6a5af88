package main

import (
	"fmt"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/hexdame/hexdame/internal/aslimit"
	"github.com/hexdame/hexdame/perft"
)

// withMemory makes the tool see mib MiB of memory available (or none
// reported, for mib < 0) for the rest of the test. A perft cache larger
// than that, or than 512 MiB, fails the test and is made of 1 MiB, so that
// a broken check does not take the machine's memory.
func withMemory(t *testing.T, mib int) {
	t.Helper()
	savedMemory, savedCache := memoryAvailable, newPerftCache
	t.Cleanup(func() { memoryAvailable, newPerftCache = savedMemory, savedCache })
	memoryAvailable = func() (uint64, bool) {
		if mib < 0 {
			return 0, false
		}
		return uint64(mib) << 20, true
	}
	newPerftCache = func(size int) (*perft.Cache, error) {
		if s := floorPowerOfTwo(size); s > 512 || mib >= 0 && s > mib {
			t.Errorf("perft made a cache of %d MiB with %d MiB available", size, mib)
			size = 1
		}
		return perft.NewCache(size)
	}
}

// perft refuses, before any work and with one line, a table or a number
// of workers that cannot fit, instead of dying of "fatal error: out of
// memory" with a Go trace.
func TestPerftRefusesWhatCannotFit(t *testing.T) {
	tests := []struct {
		memory int // MiB available, -1 for a system that does not say
		args   []string
		stderr string // "" for success
	}{
		{1024, []string{"-hash", "512"}, ""},
		{1024, []string{"-hash", "1000"}, ""}, // a cache of 512 MiB
		{1024, []string{"-hash", "1024"}, "-hash 1024: a cache of 1024 MiB does not fit in the 1024 MiB of memory available (less 512 MiB for the rest of perft); at most -hash 512"},
		{24 << 10, []string{"-hash", "32768"}, "-hash must be from 0 to 16384 MiB, not 32768"},
		{24 << 10, []string{"-hash", "65536"}, "-hash must be from 0 to 16384 MiB, not 65536"},
		{-1, []string{"-hash", "65536"}, "-hash must be from 0 to 16384 MiB, not 65536"},
		{-1, []string{"-hash", "-1"}, "-hash must be from 0 to 16384 MiB, not -1"},
		{9000, []string{"-hash", "16384"}, "-hash 16384: a cache of 16384 MiB does not fit in the 9000 MiB of memory available (less 512 MiB for the rest of perft); at most -hash 8192"},
		{200, []string{"-hash", "1"}, "-hash 1: a cache of 1 MiB does not fit in the 200 MiB of memory available (less 512 MiB for the rest of perft)"},
		{200, nil, ""}, // no table, no check
		{-1, []string{"-workers", "1024"}, ""},
		{-1, []string{"-workers", "1025"}, "-workers must be from 0 to 1024, not 1025"},
		{-1, []string{"-workers", "1000000"}, "-workers must be from 0 to 1024, not 1000000"},
	}
	for _, tc := range tests {
		withMemory(t, tc.memory)
		args := append(append([]string{"perft"}, tc.args...), "3")
		status, out, errOut := runCLI(t, "", args...)
		if tc.stderr == "" {
			if status != 0 || out != "1 15\n2 211\n3 3337\n" {
				t.Errorf("%q with %d MiB: exit %d, stdout %q, stderr %q", args, tc.memory, status, out, errOut)
			}
			continue
		}
		if want := "hexdame perft: " + tc.stderr + "\n"; status != 2 || out != "" || errOut != want {
			t.Errorf("%q with %d MiB: exit %d, stdout %q, stderr %q; want exit 2 and %q", args, tc.memory, status, out, errOut, want)
		}
	}
}

func TestAvailableMemory(t *testing.T) {
	meminfo := "MemTotal:       24684084 kB\nMemFree:        20000000 kB\nMemAvailable:   16777216 kB\n"
	const all = 16 << 30 // MemAvailable in bytes
	tests := []struct {
		name  string
		files fstest.MapFS
		want  int64 // bytes, -1 when the system does not say
	}{
		{"no /proc", fstest.MapFS{}, -1},
		{"meminfo without MemAvailable", fstest.MapFS{"proc/meminfo": {Data: []byte("MemTotal: 1000 kB\n")}}, -1},
		{"meminfo in another unit", fstest.MapFS{"proc/meminfo": {Data: []byte("MemAvailable: 1000 MB\n")}}, -1},
		{"meminfo only", fstest.MapFS{"proc/meminfo": {Data: []byte(meminfo)}}, all},
		{"cgroup v2 without a limit", fstest.MapFS{
			"proc/meminfo":     {Data: []byte(meminfo)},
			"proc/self/cgroup": {Data: []byte("0::/user.slice/job\n")},
			"sys/fs/cgroup/user.slice/job/memory.max":     {Data: []byte("max\n")},
			"sys/fs/cgroup/user.slice/job/memory.current": {Data: []byte("1000\n")},
		}, all},
		{"cgroup v2 limit", fstest.MapFS{
			"proc/meminfo":     {Data: []byte(meminfo)},
			"proc/self/cgroup": {Data: []byte("0::/user.slice/job\n")},
			"sys/fs/cgroup/user.slice/job/memory.max":     {Data: []byte("4294967296\n")},
			"sys/fs/cgroup/user.slice/job/memory.current": {Data: []byte("1073741824\n")},
		}, 3 << 30},
		{"cgroup v2 parent's limit", fstest.MapFS{
			"proc/meminfo":     {Data: []byte(meminfo)},
			"proc/self/cgroup": {Data: []byte("0::/user.slice/job\n")},
			"sys/fs/cgroup/user.slice/job/memory.max":     {Data: []byte("max\n")},
			"sys/fs/cgroup/user.slice/job/memory.current": {Data: []byte("1073741824\n")},
			"sys/fs/cgroup/user.slice/memory.max":         {Data: []byte("2147483648\n")},
			"sys/fs/cgroup/user.slice/memory.current":     {Data: []byte("1610612736\n")},
		}, 512 << 20},
		{"cgroup over its limit", fstest.MapFS{
			"proc/meminfo":                 {Data: []byte(meminfo)},
			"proc/self/cgroup":             {Data: []byte("0::/\n")},
			"sys/fs/cgroup/memory.max":     {Data: []byte("1000\n")},
			"sys/fs/cgroup/memory.current": {Data: []byte("2000\n")},
		}, 0},
		{"cgroup v1 limit", fstest.MapFS{
			"proc/meminfo":     {Data: []byte(meminfo)},
			"proc/self/cgroup": {Data: []byte("5:cpu,cpuacct:/x\n4:memory:/docker/abc\n0::/\n")},
			"sys/fs/cgroup/memory/docker/abc/memory.limit_in_bytes": {Data: []byte("8589934592\n")},
			"sys/fs/cgroup/memory/docker/abc/memory.usage_in_bytes": {Data: []byte("0\n")},
			"sys/fs/cgroup/memory/memory.limit_in_bytes":            {Data: []byte("9223372036854771712\n")},
			"sys/fs/cgroup/memory/memory.usage_in_bytes":            {Data: []byte("123\n")},
		}, 8 << 30},
		{"address-space limit", fstest.MapFS{
			"proc/meminfo":     {Data: []byte(meminfo)},
			"proc/self/limits": {Data: []byte(limitsText("1073741824"))},
			"proc/self/status": {Data: []byte(statusText)},
		}, 1<<30 - 700<<20},
		{"address-space limit without meminfo", fstest.MapFS{
			"proc/self/limits": {Data: []byte(limitsText("1073741824"))},
			"proc/self/status": {Data: []byte(statusText)},
		}, 1<<30 - 700<<20},
		{"address space already over its limit", fstest.MapFS{
			"proc/meminfo":     {Data: []byte(meminfo)},
			"proc/self/limits": {Data: []byte(limitsText("1000"))},
			"proc/self/status": {Data: []byte(statusText)},
		}, 0},
		{"address space without a limit", fstest.MapFS{
			"proc/meminfo":     {Data: []byte(meminfo)},
			"proc/self/limits": {Data: []byte(limitsText("unlimited"))},
			"proc/self/status": {Data: []byte(statusText)},
		}, all},
		{"address-space limit above the memory", fstest.MapFS{
			"proc/meminfo":     {Data: []byte(meminfo)},
			"proc/self/limits": {Data: []byte(limitsText("68719476736"))},
			"proc/self/status": {Data: []byte(statusText)},
		}, all},
		{"address-space limit without VmSize", fstest.MapFS{
			"proc/meminfo":     {Data: []byte(meminfo)},
			"proc/self/limits": {Data: []byte(limitsText("1073741824"))},
			"proc/self/status": {Data: []byte("Name:\thexdame\n")},
		}, all},
	}
	for _, tc := range tests {
		got, ok := availableMemory(tc.files)
		if ok != (tc.want >= 0) || ok && got != uint64(tc.want) {
			t.Errorf("%s: %d, %v; want %d", tc.name, got, ok, tc.want)
		}
	}
}

// limitsText returns a /proc/self/limits whose address space is limited
// to soft bytes.
func limitsText(soft string) string {
	return "Limit                     Soft Limit           Hard Limit           Units     \n" +
		"Max stack size            8388608              unlimited            bytes     \n" +
		fmt.Sprintf("Max address space         %-20s %-20s bytes     \n", soft, "unlimited") +
		"Max nice priority         0                    0                    \n"
}

// statusText is a /proc/self/status with 700 MiB of address space.
const statusText = "Name:\thexdame\nVmPeak:\t  800000 kB\nVmSize:\t  716800 kB\nVmRSS:\t    4080 kB\n"

// On Linux the tool reads the memory available from the system.
func TestMemoryAvailableHere(t *testing.T) {
	n, ok := memoryAvailable()
	if runtime.GOOS == "linux" && (!ok || n == 0) {
		t.Errorf("memoryAvailable on Linux: %d, %v", n, ok)
	}
	t.Logf("memory available: %d MiB (%v)", n>>20, ok)
}

// With 512 MiB of address space to spare (as under prlimit --as), a table
// of 2048 MiB is refused in one line with exit status 2: by the memory
// check, which reads the address-space limit, and, where the system does
// not say what it has, by the allocation's error. Before, the tool died of
// "fatal error: out of memory" with a Go trace.
func TestTablesUnderAddressLimit(t *testing.T) {
	if !aslimit.Child(t, 512<<20) {
		return
	}
	fits := `does not fit in the \d+ MiB of memory available \(less \d+ MiB for the rest[^)]*\)`
	tests := []struct {
		args   []string
		stderr string // a regular expression
	}{
		{[]string{"analyze", "-hash", "2048", "-depth", "1"}, `-hash: a hash table of 2048 MiB ` + fits},
		{[]string{"solve", "-hash", "2048", "3"}, `-hash: a hash table of 2048 MiB ` + fits},
		{[]string{"perft", "-hash", "2048", "3"}, `-hash 2048: a cache of 2048 MiB ` + fits + `(; at most -hash \d+)?`},
	}
	check := func(args []string, want string) {
		t.Helper()
		status, out, errOut := runCLI(t, "", args...)
		re := regexp.MustCompile(`^hexdame ` + args[0] + `: ` + want + "\n$")
		if status != 2 || out != "" || !re.MatchString(errOut) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2 and %s", args, status, out, errOut, re)
		}
	}
	for _, tc := range tests {
		check(tc.args, tc.stderr)
	}
	saved := memoryAvailable
	defer func() { memoryAvailable = saved }()
	memoryAvailable = func() (uint64, bool) { return 0, false }
	check([]string{"analyze", "-hash", "2048", "-depth", "1"}, `a hash table of 2048 MiB: cannot allocate memory`)
	check([]string{"solve", "-hash", "2048", "3"}, `a hash table of 2048 MiB: cannot allocate memory`)
	check([]string{"perft", "-hash", "2048", "3"}, `a perft cache of 2048 MiB: cannot allocate memory`)
}

// With 512 MiB of address space to spare, hexdame hub refuses a hash of
// 2048 MiB with an error line and keeps the old value, before init and
// after; where the system does not say what it has, init reports the
// allocation's error and can be tried again. Before, it died in the
// handshake with no ready.
func TestHubHashUnderAddressLimit(t *testing.T) {
	if !aslimit.Child(t, 512<<20) {
		return
	}
	s := startHub(t)
	s.send("hub")
	s.until("wait")
	s.send("set-param name=hash value=2048")
	if c, _ := s.until("error"); !strings.Contains(c.String(), "2048 MiB does not fit") {
		t.Errorf("set-param hash 2048 before init: %v", c)
	}
	s.send("init")
	s.until("ready")
	s.search(hubStart, posLine(hubStart), "level depth=2", "go think")
	s.send("set-param name=hash value=2048")
	if c, _ := s.until("error"); !strings.Contains(c.String(), "2048 MiB does not fit") {
		t.Errorf("set-param hash 2048 after init: %v", c)
	}
	s.search(hubStart, posLine(hubStart), "level depth=2", "go think")

	saved := memoryAvailable
	defer func() { memoryAvailable = saved }()
	memoryAvailable = func() (uint64, bool) { return 0, false }
	s = startHub(t)
	s.send("hub")
	s.until("wait")
	s.send("set-param name=hash value=2048", "init")
	if c, _ := s.until("error"); !strings.Contains(c.String(), "cannot allocate memory") {
		t.Errorf("init with a hash of 2048 MiB: %v", c)
	}
	s.send("set-param name=hash value=16", "init")
	s.until("ready")
	s.send("set-param name=hash value=2048")
	if c, _ := s.until("error"); !strings.Contains(c.String(), "cannot allocate memory") {
		t.Errorf("set-param hash 2048 after init: %v", c)
	}
	s.search(hubStart, posLine(hubStart), "level depth=2", "go think")
}

// Endgame tables that do not fit in the memory available, less 256 MiB,
// are refused in one line before they are read or built; before, they
// took the memory until the system killed the tool.
func TestTablesRefusedWhenMemoryShort(t *testing.T) {
	dir := tablesDir(t)
	empty := t.TempDir()
	withMemory(t, 256) // nothing left for the tables
	short := dir + ": more memory than allowed: its 9 tables, up to 3 pieces, take 6 MiB, more than the 0 MiB allowed\n"
	tests := []struct {
		args   []string
		stderr string
	}{
		{[]string{"endgame", "probe", "-fen", "W:WKa1:BKb1", dir}, "hexdame endgame: " + short},
		{[]string{"endgame", "stats", dir}, "hexdame endgame: " + short},
		{[]string{"analyze", "-depth", "1", "-tables", dir}, "hexdame analyze: -tables: " + short},
		{[]string{"solve", "-tables", dir, "3"}, "hexdame solve: -tables: " + short},
		{[]string{"endgame", "build", "-pieces", "3", empty}, "hexdame endgame: the build of KvK would take 1 MiB, more than the 0 MiB allowed: more memory than allowed\n"},
	}
	for _, tc := range tests {
		status, out, errOut := runCLI(t, "", tc.args...)
		if status != 2 || out != "" || errOut != tc.stderr {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2 and %q", tc.args, status, out, errOut, tc.stderr)
		}
	}
	s := startHub(t)
	s.send("hub")
	s.until("wait")
	s.send("set-param name=tables value=" + dir)
	if c, _ := s.until("error"); !strings.Contains(c.String(), "more memory than allowed") {
		t.Errorf("set-param tables: %v", c)
	}
	withMemory(t, 300)
	if status, out, errOut := runCLI(t, "", "endgame", "probe", "-fen", "W:WKa1:BKb1", dir); status != 0 || out == "" {
		t.Errorf("probe with 44 MiB for the tables: exit %d, stdout %q, stderr %q", status, out, errOut)
	}
}

// With 150 MiB of address space to spare, the default hash table of 64
// MiB does not fit with the engine's headroom of 128 MiB beside it:
// analyze, solve, hub and serve make a smaller one, say so in one line on
// standard error, and play; a size asked for with -hash is still refused
// when it does not fit. Under prlimit --as=1073741824 hexdame hub
// answered "init: a hash table of 64 MiB: cannot allocate memory" and
// done with no move, and analyze refused to search (issue 36). (With 48
// MiB to spare, the room of the first versions of this test, the Go heap
// could not take a second arena: 1 run in 15 died.)
func TestDefaultHashUnderAddressLimit(t *testing.T) {
	if !aslimit.Child(t, 150<<20) {
		return
	}
	note := regexp.MustCompile(`^hexdame (analyze|solve|serve|review): the default hash table of 64 MiB does not fit in the memory the system gives \(an address-space limit\?\): searching with \d+ MiB\n`)
	for _, args := range [][]string{{"analyze", "-depth", "3"}, {"solve", "3"}, {"serve", "-addr", "127.0.0.1:0"}, {"review", "-depth", "3"}} {
		stdin := ""
		if args[0] == "review" {
			stdin = "1. d4-e5 f6xd4 *\n"
		}
		status, out, errOut := runCLI(t, stdin, args...)
		if status != 0 || out == "" || !note.MatchString(errOut) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 0 and %s", args, status, out, errOut, note)
		}
	}
	if status, _, errOut := runCLI(t, "", "analyze", "-depth", "3", "-hash", "64"); status != 2 || !strings.Contains(errOut, "-hash: a hash table of 64 MiB does not fit") {
		t.Errorf("analyze -hash 64: exit %d, stderr %q; want it refused", status, errOut)
	}

	s := startHub(t)
	s.send("hub")
	s.until("wait")
	s.send("init")
	s.until("ready")
	s.search(hubStart, posLine(hubStart), "level depth=3", "go think")
	s.send("quit")
	<-s.exit
	if !regexp.MustCompile(`^hexdame hub: the default hash table of 64 MiB does not fit .*: searching with \d+ MiB\n$`).MatchString(s.stderr.String()) {
		t.Errorf("hub's standard error: %q", s.stderr.String())
	}
	s.exit <- 0 // for the cleanup

	// A size asked for that does not fit is refused before the protocol
	// starts.
	if status, _, errOut := runCLI(t, "", "hub", "-hash", "200"); status != 2 || !strings.Contains(errOut, "-hash: a hash table of 200 MiB does not fit") {
		t.Errorf("hub -hash 200: exit %d, stderr %q; want it refused", status, errOut)
	}
}
