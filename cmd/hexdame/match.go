package main

import (
	"errors"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/endgame"
	"github.com/hexdame/hexdame/hub"
	"github.com/hexdame/hexdame/internal/stats"
)

// The output of hexdame match is a contract with the scripts that read it.
// Every line on standard output is a line of the Hub protocol's syntax
// (hub.ParseCommand reads it): a word, then name=value arguments, a value
// in double quotes when it holds a space or "=" or is empty, and never a
// double quote inside a value. Lines may gain arguments at the end; the
// ones below keep their names and meanings.
//
// One line per finished game, in the order the games finish:
//
//	game number=N opening=K white=NAME red=NAME result=R score=S reason=WORD plies=P detail=TEXT
//
// N is the game's number from 1 (games 2k-1 and 2k play opening k with
// the colors swapped); R is the result, 2-0, 0-2 or 1-1; S the first
// engine's points in the game: 1, 0.5 or 0; WORD how the game ended, one
// of no-legal-move, repetition, king-move-rule (the ends the rules give,
// the last with the -draw flag), adjudication (a draw when the moves since
// the last capture or man move no longer fit in a pos line, or the
// -tables flag's result), illegal-move, unparseable-move, no-move,
// time-forfeit, hang, crash, protocol, start-failure (losses by the fault
// of the side that lost); P the plies the engines played after the
// opening; TEXT the same in words.
//
// Then, once the match ends (all games played, the SPRT decided, or the
// runner interrupted), from the first engine's point of view:
//
//	result engine1=NAME engine2=NAME games=N wins=W draws=D losses=L score=S elo=E elo-low=LO elo-high=HI los=P
//
// with S the mean score (4 decimals), E the Elo difference and LO..HI its
// 95 % interval (1 decimal, "inf" or "-inf" when unbounded), P the
// likelihood of superiority (4 decimals); see package internal/stats for
// the formulas. With -sprt, a last line:
//
//	sprt elo0=E0 elo1=E1 alpha=A beta=B llr=X lower=LO upper=HI verdict=V
//
// with V one of H1 (the first engine is stronger by elo1: accepted), H0
// (rejected) or undecided, X the log-likelihood ratio (3 decimals) and
// LO, HI its bounds.
//
// Progress goes to standard error. The exit status is 0 when the match
// ended (all games, or the SPRT decided), 2 for a usage or I/O error (a
// -pdn or -log file that cannot be written among them), an engine that
// cannot be started (a program that does not run, not a HexDame engine, a
// -param it does not declare or answers with an error line) or that fails
// its start three times in a row, or an interruption (SIGINT, SIGTERM), after which the finished
// games are still printed and written. An engine that fails its start
// otherwise (no wait or ready in time, an exit) loses the game by
// start-failure.

// An engineSpec is one -engine with its -param and -name flags.
type engineSpec struct {
	cmdline  string
	argv     []string
	settings []hub.Setting
	name     string
}

// engineFlags collects -engine, -param and -name in the order given: -param
// and -name apply to the -engine before them; a -param before any -engine
// applies to both.
type engineFlags struct {
	specs  []*engineSpec
	shared []hub.Setting
}

type engineFlag struct{ f *engineFlags }

func (v engineFlag) String() string { return "" }
func (v engineFlag) Set(s string) error {
	argv, err := hub.SplitCommandLine(s)
	if err != nil {
		return err
	}
	v.f.specs = append(v.f.specs, &engineSpec{cmdline: s, argv: argv})
	return nil
}

type paramFlag struct{ f *engineFlags }

func (v paramFlag) String() string { return "" }
func (v paramFlag) Set(s string) error {
	set, err := hub.ParseSetting(s)
	if err != nil {
		return errors.New("want NAME=VALUE, not " + quote(s))
	}
	if hub.NewCommand("set-param").With("name", set.Name).With("value", set.Value).String() == "" {
		return errors.New(quote(s) + " cannot be sent in the Hub protocol (a double quote, a line end or a control character)")
	}
	if len(v.f.specs) == 0 {
		v.f.shared = append(v.f.shared, set)
		return nil
	}
	last := v.f.specs[len(v.f.specs)-1]
	last.settings = append(last.settings, set)
	return nil
}

type nameFlag struct{ f *engineFlags }

func (v nameFlag) String() string { return "" }
func (v nameFlag) Set(s string) error {
	if len(v.f.specs) == 0 {
		return errors.New("-name must follow the -engine it names")
	}
	v.f.specs[len(v.f.specs)-1].name = strings.ToValidUTF8(s, "?")
	return nil
}

// matchOptions is the parsed command line of hexdame match.
type matchOptions struct {
	engines      [2]*engineSpec
	games        int
	concurrency  int
	moveTime     time.Duration
	clock        time.Duration
	increment    time.Duration
	margin       time.Duration
	startTimeout time.Duration
	drawRules    hexdame.DrawRules // -draw: the king-move rule
	openings     string
	randomPlies  int
	seed         uint64
	pdn          string
	sprt         *stats.SPRT
	log          *protocolLog
	tables       *endgame.Tables // -tables: adjudicate the positions they hold
}

// timeControl returns the TimeControl tag: "0.1/move" or "60+0.5".
func (c *matchOptions) timeControl() string {
	if c.moveTime > 0 {
		return seconds(c.moveTime) + "/move"
	}
	return seconds(c.clock) + "+" + seconds(c.increment)
}

func seconds(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'f', -1, 64)
}

// maxSeconds is the most seconds match's time flags take.
const maxSeconds = 1e6

// parseSeconds reads the value s of flag name, a number of seconds from 0
// to most (a decimal number without a unit, such as 0.5).
func parseSeconds(name, s string, most float64) (time.Duration, error) {
	top := strconv.FormatFloat(most, 'f', -1, 64)
	f, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	switch {
	case err != nil && !errors.Is(err, strconv.ErrRange) || math.IsNaN(f):
		return 0, usageError{name + " must be a number of seconds, such as 0.5, without a unit: not " + quote(s) + asSeconds(s)}
	case f < 0 || f > most:
		return 0, usageError{name + " must be from 0 to " + top + " seconds, not " + quote(s)}
	}
	return secondsDuration(f), nil
}

// asSeconds returns, for a flag's value s written as a Go duration with a
// unit ("1s", "1m30s", "500ms"), a hint that gives it in seconds: " (1s
// is 1)"; "" for anything else.
func asSeconds(s string) string {
	d, err := time.ParseDuration(strings.TrimSpace(s))
	if err != nil || d < 0 || !strings.ContainsAny(s, "hmsuµn") {
		return ""
	}
	return " (" + strings.TrimSpace(s) + " is " + seconds(d) + ")"
}

// parseClock reads -tc's value s, SECONDS+INC or SECONDS: the time for
// the game and the increment per move, each a number of seconds.
func parseClock(s string) (clock, inc time.Duration, err error) {
	t, i, hasInc := strings.Cut(s, "+")
	clock, err = parseSeconds("-tc", t, maxSeconds)
	if err == nil && hasInc {
		inc, err = parseSeconds("-tc", i, maxSeconds)
	}
	if err != nil {
		hint := ""
		if a, b := asSeconds(t), asSeconds(i); a != "" && (b != "" || !hasInc) {
			d1, _ := time.ParseDuration(strings.TrimSpace(t))
			hint = " (" + strings.TrimSpace(s) + " is " + seconds(d1)
			if hasInc {
				d2, _ := time.ParseDuration(strings.TrimSpace(i))
				hint += "+" + seconds(d2)
			}
			hint += ")"
		}
		return 0, 0, usageError{"-tc must be SECONDS+INC, the time for the game and the increment per move, numbers of seconds from 0 to " +
			strconv.FormatFloat(maxSeconds, 'f', -1, 64) + " without a unit, such as 60+0.5: not " + quote(s) + hint}
	}
	return clock, inc, nil
}

// secondsDuration returns f seconds (f from 0 to 1e9) as a Duration. A
// positive f is at least a nanosecond: a time that rounds to zero must not
// become the zero Duration, which sets no limit.
func secondsDuration(f float64) time.Duration {
	d := time.Duration(f * float64(time.Second))
	if f > 0 {
		d = max(d, time.Nanosecond)
	}
	return d
}

var cmdMatch = &command{
	name:    "match",
	args:    "-engine CMD [-param NAME=VALUE]... [-name NAME] -engine CMD [-param NAME=VALUE]... [-name NAME] [FLAGS]",
	summary: "play matches between two Hub engines",
	about: "Plays games between two engines that speak the Hub protocol (HUB.md), as the\n" +
		"referee: an illegal, unparseable or missing move loses, as does a move later than\n" +
		"the time and the margin, an engine that exits or breaks the protocol; the rules\n" +
		"decide the rest (no legal move, threefold repetition, and with -draw N the\n" +
		"king-move rule: a draw once each side has made N moves in a row with only kings\n" +
		"and no capture, 2N plies; reason king-move-rule). Each opening is played\n" +
		"twice, each engine White once. -param and -name apply to the -engine before them\n" +
		"(a -param before the first -engine applies to both). Prints one line per finished\n" +
		"game, then the score of the first engine: wins, draws, losses, the Elo difference\n" +
		"with its 95% interval and the likelihood of superiority, and with -sprt the\n" +
		"test's log-likelihood ratio and verdict; the match stops once the test decides.\n" +
		"Each line is in the Hub protocol's syntax (see hexdame's README for the fields).\n" +
		"Progress goes to standard error. Ctrl-C stops the match: the engines are killed,\n" +
		"the finished games printed and written, and the exit status is 2. With -tables\n" +
		"DIR a game that reaches, by a move of the engines, a position the endgame tables\n" +
		"hold ends with their result: reason adjudication, and the detail says \"endgame\n" +
		"tables: \" and the material and value (the -draw rule comes first: it is a rule).",
	setup: func(fs *flag.FlagSet) func(e *env) error {
		ef := &engineFlags{}
		fs.Var(engineFlag{ef}, "engine", "an engine's `command` line, split as a shell would (twice: the first engine, then the second)")
		fs.Var(paramFlag{ef}, "param", "set an engine parameter, `NAME=VALUE`, for the -engine before it (before any -engine: for both)")
		fs.Var(nameFlag{ef}, "name", "the `name` of the -engine before it in the output and the PDN (default: its id name and version)")
		games := fs.Int("games", 2, "the number of games")
		concurrency := fs.Int("concurrency", 1, "the number of games played at once, each with its own engine processes")
		moveTime := fs.String("movetime", "", "the time per move in `seconds` (default 0.1 when -tc is not given)")
		tc := fs.String("tc", "", "a clock for each side: `SECONDS+INC`, the time for the game and the increment per move")
		margin := fs.String("margin", "0.1", "how many `seconds` a move may overrun its time before it loses (with -tc: how far below zero a clock, which keeps its debt, may go)")
		startTimeout := fs.String("start-timeout", "10", "the `seconds` an engine has to answer hub and init")
		draw := fs.Int("draw", 0, "draw a game once each side has made `N` moves in a row with only kings and no capture, 2N plies (0: never; International Draughts uses 25)")
		openings := fs.String("openings", "", "a `file` of openings: PDN games (their start and main line) or FEN lines")
		randomPlies := fs.Int("random-plies", 0, "openings of `N` random plies from the start position (with -seed)")
		seed := fs.Uint64("seed", 1, "the seed of the random openings")
		pdn := fs.String("pdn", "", "write the games as PDN to `file`")
		logFile := fs.String("log", "", "write every line exchanged with the engines to `file`, each after the time in seconds and the engine (e1, e2) and game slot")
		tablesDir := addTablesFlag(fs)
		sprtText := fs.String("sprt", "", "run an SPRT of the first engine against the second: `ELO0,ELO1,ALPHA,BETA`")
		return func(e *env) error {
			if err := noArgs(e); err != nil {
				return err
			}
			if len(ef.specs) != 2 {
				return usageError{"want two -engine flags, not " + strconv.Itoa(len(ef.specs))}
			}
			cfg := &matchOptions{games: *games, concurrency: *concurrency, drawRules: hexdame.DrawRules{KingMoves: *draw},
				openings: *openings, randomPlies: *randomPlies, seed: *seed, pdn: *pdn}
			for i, s := range ef.specs {
				s.settings = append(append([]hub.Setting(nil), ef.shared...), s.settings...)
				cfg.engines[i] = s
			}
			switch {
			case cfg.games < 0:
				return usageError{"-games must not be negative"}
			case cfg.concurrency < 1 || cfg.concurrency > 1024:
				return usageError{"-concurrency must be from 1 to 1024"}
			case cfg.drawRules.KingMoves < 0:
				return usageError{"-draw must not be negative"}
			case cfg.randomPlies < 0 || cfg.randomPlies > 1000:
				return usageError{"-random-plies must be from 0 to 1000"}
			case cfg.randomPlies > 0 && cfg.openings != "":
				return usageError{"-openings and -random-plies exclude each other"}
			}
			var err error
			if cfg.margin, err = parseSeconds("-margin", *margin, maxSeconds); err != nil {
				return err
			}
			if cfg.startTimeout, err = parseSeconds("-start-timeout", *startTimeout, maxSeconds); err != nil {
				return err
			}
			if cfg.startTimeout == 0 {
				return usageError{"-start-timeout must be more than 0"}
			}
			switch {
			case *moveTime != "" && *tc != "":
				return usageError{"-movetime and -tc exclude each other"}
			case *tc != "":
				if cfg.clock, cfg.increment, err = parseClock(*tc); err != nil {
					return err
				}
				if cfg.clock == 0 && cfg.increment == 0 {
					return usageError{"-tc must give some time"}
				}
			default:
				text := *moveTime
				if text == "" {
					text = "0.1"
				}
				if cfg.moveTime, err = parseSeconds("-movetime", text, maxSeconds); err != nil {
					return err
				}
				if cfg.moveTime == 0 {
					return usageError{"-movetime must be more than 0"}
				}
			}
			if cfg.tables, err = tablesDir.open(); err != nil {
				return err
			}
			if *sprtText != "" {
				if cfg.sprt, err = parseSPRT(*sprtText); err != nil {
					return err
				}
			}
			if err := distinctFiles([][2]string{{"-openings", *openings}, {"-pdn", *pdn}, {"-log", *logFile}}); err != nil {
				return err
			}
			if *logFile != "" {
				f, err := os.Create(*logFile)
				if err != nil {
					return usageError{"-log: " + err.Error()}
				}
				cfg.log = &protocolLog{f: f, start: time.Now()}
				defer cfg.log.close()
			}
			return runMatch(e, cfg)
		}
	},
}

// distinctFiles is a usage error when two of the flags, each a name and
// its path ("" for none), name the same regular file, or the same path
// not yet created: the file of one would be truncated by, or mixed with,
// another (-log over -openings destroyed the book before it was read;
// -pdn and -log together wrote a PDN file that validate refuses).
// Devices such as /dev/null may be shared.
func distinctFiles(flags [][2]string) error {
	for i, a := range flags {
		for _, b := range flags[i+1:] {
			if a[1] != "" && b[1] != "" && sameFile(a[1], b[1]) {
				return usageError{fmt.Sprintf("%s and %s name the same file, %s", a[0], b[0], quote(b[1]))}
			}
		}
	}
	return nil
}

// sameFile reports whether paths a and b are the same regular file, or,
// when either does not exist, the same absolute path.
func sameFile(a, b string) bool {
	ia, errA := os.Stat(a)
	ib, errB := os.Stat(b)
	if errA == nil && errB == nil {
		return ia.Mode().IsRegular() && os.SameFile(ia, ib)
	}
	absA, errA := filepath.Abs(a)
	absB, errB := filepath.Abs(b)
	return errA == nil && errB == nil && absA == absB
}

// parseSPRT reads -sprt: elo0,elo1,alpha,beta.
func parseSPRT(s string) (*stats.SPRT, error) {
	parts := strings.Split(s, ",")
	bad := usageError{"-sprt must be ELO0,ELO1,ALPHA,BETA with ELO0 < ELO1 and ALPHA, BETA between 0 and 1, not " + quote(s)}
	if len(parts) != 4 {
		return nil, bad
	}
	var v [4]float64
	for i, p := range parts {
		f, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
		if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
			return nil, bad
		}
		v[i] = f
	}
	if v[0] >= v[1] || v[2] <= 0 || v[2] >= 0.5 || v[3] <= 0 || v[3] >= 0.5 || math.Abs(v[0]) > 2000 || math.Abs(v[1]) > 2000 {
		return nil, bad
	}
	return &stats.SPRT{Elo0: v[0], Elo1: v[1], Alpha: v[2], Beta: v[3]}, nil
}
