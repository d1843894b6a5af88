//go:build unix

// Package hubtest holds Hub engines for tests: a well-behaved random mover
// and engines that misbehave in each of the ways a match runner must
// survive. A test binary becomes one of them when started with the
// environment variable EngineVar set (RunIfAsked, called from TestMain),
// so that tests start them as processes without a build step.
package hubtest

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/hub"
	"github.com/hexdame/hexdame/internal/random"
)

// EngineVar names the engine a test binary is to be; PidDirVar, when set,
// a directory where each engine process writes a file named after its pid.
const (
	EngineVar = "HEXDAME_TEST_ENGINE"
	PidDirVar = "HEXDAME_TEST_PIDDIR"
)

// Engines lists the engines by name, with what they do.
var Engines = map[string]string{
	"random":     "a well-behaved random mover (hub.Serve with hub.RandomMover)",
	"garbage":    "plays random moves, with garbage lines before every answer",
	"longline":   "plays random moves, with a 4 MiB line before every done",
	"flood":      "plays random moves, with 5000 info lines before every done",
	"floodhang":  "floods info lines without end and never answers",
	"noready":    "answers hub but never init",
	"notvariant": "declares variant=international only",
	"nomove":     "answers go with a done without a move",
	"twodone":    "answers go with two done lines",
	"notation":   "answers with its move in algebraic notation (d4-e5)",
	"illegal":    "answers with a well-formed move that is not legal",
	"exit":       "exits with status 3 at its third search",
	"kill":       "kills itself with SIGKILL at its second search",
	"ignorestop": "never answers go, and ignores stop",
	"slow":       "answers after three times its time budget and 20 ms more",
	"forker":     "starts a child that holds its output open and sleeps, then never answers go",
	"sleeper":    "sleeps (the forker's child)",
	"noping":     "plays random moves but ignores ping",
	"blunder":    "plays random moves, and an illegal move at one search in 30",
	"flaky":      "the first process (per pid directory) exits at its third search; the later ones exit with status 3 as they start",
}

// Command returns the command line and the environment variables that
// start the running test binary as the engine name.
func Command(name string) (argv, env []string) {
	return []string{os.Args[0]}, []string{EngineVar + "=" + name}
}

// RunIfAsked runs the engine EngineVar names on standard input and output
// and exits, when it is set; otherwise it returns.
func RunIfAsked() {
	name := os.Getenv(EngineVar)
	if name == "" {
		return
	}
	if dir := os.Getenv(PidDirVar); dir != "" {
		os.WriteFile(filepath.Join(dir, strconv.Itoa(os.Getpid())), []byte(name), 0o644)
	}
	if name == "random" {
		err := hub.Serve(context.Background(), os.Stdin, os.Stdout, hub.NewRandomMover(0))
		if err != nil {
			os.Exit(1)
		}
		os.Exit(0)
	}
	if name == "sleeper" {
		time.Sleep(time.Hour)
		os.Exit(0)
	}
	if _, ok := Engines[name]; !ok {
		fmt.Fprintln(os.Stderr, "hubtest: unknown engine", name)
		os.Exit(2)
	}
	if name == "flaky" {
		dir := os.Getenv(PidDirVar)
		marker := filepath.Join(dir, "flaky-started")
		if _, err := os.Stat(marker); err == nil || dir == "" {
			os.Exit(3)
		} else {
			os.WriteFile(marker, nil, 0o644)
			name = "exit"
		}
	}
	run(name, os.Stdin, os.Stdout)
	os.Exit(0)
}

// run is the loop of the misbehaving engines.
func run(name string, in io.Reader, stdout io.Writer) {
	out := bufio.NewWriter(stdout)
	say := func(s string) {
		out.WriteString(s)
		out.WriteByte('\n')
		out.Flush()
	}
	rng := rand.New(rand.NewPCG(uint64(os.Getpid()), uint64(time.Now().UnixNano())))
	r := hub.NewCommandReader(in)
	pos := hexdame.StartPosition()
	var limits hub.Limits
	searches := 0
	for {
		c, err := r.ReadCommand()
		if err == io.EOF {
			return
		}
		if err != nil {
			continue
		}
		if name == "garbage" {
			say("\x00\x01 binary \xff\xfe")
			say(`done move="unterminated`)
			say("=novalue")
			say("")
			say("   ")
			say("info pv=\"99-100 x\" score=abc depth=-3")
		}
		switch c.Name {
		case "hub":
			say("id name=" + name + " version=1")
			if name == "notvariant" {
				say("param name=variant value=international type=enum values=international")
			} else {
				say("param name=variant value=hexdame type=enum values=hexdame")
			}
			say("wait")
		case "init":
			if name != "noready" {
				say("ready")
			}
		case "ping":
			if name != "noping" {
				say("pong")
			}
		case "quit":
			return
		case "level":
			limits, _ = hub.ParseLimits(c)
		case "pos":
			p, err := hub.ParsePosition(valueOr(c, "pos", hub.FormatPosition(hexdame.StartPosition())))
			if err != nil {
				continue
			}
			_, p, err = hub.ParseMoves(p, valueOr(c, "moves", ""))
			if err == nil {
				pos = p
			}
		case "go":
			searches++
			m, ok := random.Move(pos, rng)
			if !ok {
				say("done")
				continue
			}
			move := hub.FormatMove(m)
			switch name {
			case "longline":
				big := strings.Repeat("x", 4<<20)
				out.WriteString("info pv=")
				out.WriteString(big)
				out.WriteByte('\n')
			case "flood":
				for i := range 5000 {
					fmt.Fprintf(out, "info depth=%d nodes=%d score=0.5 pv=%s\n", i%50+1, i, move)
				}
			case "floodhang":
				for {
					if _, err := fmt.Fprintf(out, "info depth=1 nodes=1 pv=%s\n", move); err != nil {
						return
					}
				}
			case "nomove":
				say("done")
				continue
			case "twodone":
				say("done move=" + move)
				say("done move=" + move)
				continue
			case "notation":
				say("done move=" + pos.Path(m).Format(hexdame.Algebraic))
				continue
			case "illegal":
				say("done move=" + illegalMove(pos))
				continue
			case "blunder":
				if rng.IntN(30) == 0 {
					say("done move=" + illegalMove(pos))
					continue
				}
			case "exit":
				if searches == 3 {
					os.Exit(3)
				}
			case "kill":
				if searches == 2 {
					syscall.Kill(os.Getpid(), syscall.SIGKILL)
				}
			case "ignorestop":
				continue
			case "slow":
				soft, _ := limits.Budget()
				time.Sleep(3*soft + 20*time.Millisecond)
			case "forker":
				child := exec.Command(os.Args[0])
				child.Env = append(os.Environ(), EngineVar+"=sleeper")
				child.Stdout = os.Stdout // holds the engine's output open
				child.Start()
				continue
			}
			say("done move=" + move)
		}
	}
}

func valueOr(c hub.Command, name, def string) string {
	if v, ok := c.Value(name); ok {
		return v
	}
	return def
}

// illegalMove returns a move in Hub notation that is not legal in p: a step
// from an empty cell.
func illegalMove(p hexdame.Position) string {
	for n := 1; n <= hexdame.NumCells; n++ {
		c, _ := hexdame.CellFromNumber(n)
		if p.Piece(c) == hexdame.NoPiece {
			to := n%hexdame.NumCells + 1
			return strconv.Itoa(n) + "-" + strconv.Itoa(to)
		}
	}
	return "1-2"
}

// Alive reports whether process pid still runs (a zombie does not count).
func Alive(pid int) bool {
	if err := syscall.Kill(pid, 0); err != nil {
		return false
	}
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return true // no /proc: the signal test is all there is
	}
	s := string(stat)
	if i := strings.LastIndexByte(s, ')'); i >= 0 && i+2 < len(s) {
		return s[i+2] != 'Z'
	}
	return true
}

// Pids returns the pids of the engines that wrote to the pid directory.
func Pids(dir string) []int {
	entries, _ := os.ReadDir(dir)
	var pids []int
	for _, e := range entries {
		if pid, err := strconv.Atoi(e.Name()); err == nil {
			pids = append(pids, pid)
		}
	}
	return pids
}

// GoneWait is how long a test waits for the engines it ended to be gone:
// they are gone within milliseconds, and the wait is wide for a busy
// machine.
const GoneWait = 20 * time.Second

// WaitGone waits up to d for every process of pids to be gone and returns
// those still alive.
func WaitGone(pids []int, d time.Duration) []int {
	deadline := time.Now().Add(d)
	for {
		var alive []int
		for _, pid := range pids {
			if Alive(pid) {
				alive = append(alive, pid)
			}
		}
		if len(alive) == 0 || time.Now().After(deadline) {
			return alive
		}
		time.Sleep(10 * time.Millisecond)
	}
}
