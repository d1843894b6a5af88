package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
	"unicode"

	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/endgame"
	"github.com/hexdame/hexdame/hub"
	"github.com/hexdame/hexdame/internal/match"
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
// the colours swapped); R is the result, 2-0, 0-2 or 1-1; S the first
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

// matchConfig is the parsed command line of hexdame match.
type matchConfig struct {
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

// A protocolLog is the -log file: every line exchanged with every engine.
// It keeps the first error writing it, for the match to report.
type protocolLog struct {
	mu    sync.Mutex
	f     *os.File
	start time.Time
	err   error
}

// failed returns the first error writing the log, or nil.
func (l *protocolLog) failed() error {
	if l == nil {
		return nil
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.err
}

// close closes the log file and returns the first error writing it.
func (l *protocolLog) close() error {
	if l == nil {
		return nil
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if err := l.f.Close(); l.err == nil {
		l.err = err
	}
	return l.err
}

// writer returns the log's writer for the engine process named prefix.
func (l *protocolLog) writer(prefix string) io.Writer {
	if l == nil {
		return nil
	}
	return logWriter{l, prefix}
}

type logWriter struct {
	l      *protocolLog
	prefix string
}

// Write writes one line of the client's log with the time and the engine.
// After an error it writes nothing more.
func (w logWriter) Write(p []byte) (int, error) {
	w.l.mu.Lock()
	defer w.l.mu.Unlock()
	if w.l.err != nil {
		return 0, w.l.err
	}
	if _, err := fmt.Fprintf(w.l.f, "%.3f %s %s", time.Since(w.l.start).Seconds(), w.prefix, p); err != nil {
		w.l.err = err
		return 0, err
	}
	return len(p), nil
}

// timeControl returns the TimeControl tag: "0.1/move" or "60+0.5".
func (c *matchConfig) timeControl() string {
	if c.moveTime > 0 {
		return seconds(c.moveTime) + "/move"
	}
	return seconds(c.clock) + "+" + seconds(c.increment)
}

func seconds(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'f', -1, 64)
}

// parseSeconds reads a non-negative number of seconds for flag name.
func parseSeconds(name, s string) (time.Duration, error) {
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(f) || f < 0 || f > 1e6 {
		return 0, usageError{name + " must be a number of seconds from 0 to 1000000, not " + quote(s)}
	}
	return secondsDuration(f), nil
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
		margin := fs.String("margin", "0.1", "how many `seconds` a move may overrun its time before it loses")
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
			cfg := &matchConfig{games: *games, concurrency: *concurrency, drawRules: hexdame.DrawRules{KingMoves: *draw},
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
			if cfg.margin, err = parseSeconds("-margin", *margin); err != nil {
				return err
			}
			if cfg.startTimeout, err = parseSeconds("-start-timeout", *startTimeout); err != nil {
				return err
			}
			if cfg.startTimeout == 0 {
				return usageError{"-start-timeout must be more than 0"}
			}
			switch {
			case *moveTime != "" && *tc != "":
				return usageError{"-movetime and -tc exclude each other"}
			case *tc != "":
				t, inc, _ := strings.Cut(*tc, "+")
				if cfg.clock, err = parseSeconds("-tc", t); err != nil {
					return err
				}
				if inc != "" {
					if cfg.increment, err = parseSeconds("-tc", inc); err != nil {
						return err
					}
				}
				if cfg.clock == 0 && cfg.increment == 0 {
					return usageError{"-tc must give some time"}
				}
			default:
				text := *moveTime
				if text == "" {
					text = "0.1"
				}
				if cfg.moveTime, err = parseSeconds("-movetime", text); err != nil {
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

// An opening is where the games of a pair start: a position and moves.
type opening struct {
	start hexdame.Position
	moves []hexdame.Move
	label string
}

// openingBook gives the opening of each pair of games.
type openingBook struct {
	fixed       []opening // from a file, used in turn
	randomPlies int
	seed        uint64
}

// get returns the opening of pair k (from 0).
func (b *openingBook) get(k int) (opening, error) {
	if len(b.fixed) > 0 {
		return b.fixed[k%len(b.fixed)], nil
	}
	if b.randomPlies == 0 {
		return opening{start: hexdame.StartPosition(), label: "start position"}, nil
	}
	rng := rand.New(rand.NewPCG(b.seed, uint64(k)))
	for range 1000 {
		if g := match.RandomOpening(rng, b.randomPlies); g != nil {
			return opening{start: hexdame.StartPosition(), moves: g.Moves(),
				label: fmt.Sprintf("random %d plies, seed %d, #%d", b.randomPlies, b.seed, k+1)}, nil
		}
	}
	return opening{}, usageError{fmt.Sprintf("no random opening of %d plies found that does not end the game", b.randomPlies)}
}

// maxOpeningLine bounds a line of a FEN openings file, and each line read
// to decide what kind of file it is: a FEN is about 200 bytes.
const maxOpeningLine = 64 << 10

// readOpenings reads a file of FEN lines or PDN games. It reads the file as
// a stream, so that its memory grows with the openings it holds, not with
// the file's size: /dev/zero gives an error at once, and a named pipe is
// read as its writer writes.
func readOpenings(path string) ([]opening, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, usageError{"-openings: " + describeOpenError(path, err).Error()}
	}
	defer f.Close()
	if info, err := f.Stat(); err == nil && info.IsDir() {
		return nil, usageError{"-openings: " + path + ": is a directory, not a file of openings"}
	}
	br := bufio.NewReaderSize(f, maxOpeningLine)
	// The first line that is not blank or a comment says whether the file
	// holds FEN lines; for PDN, the lines read before are read again.
	var head bytes.Buffer
	var first []byte // the first line that is not blank or a comment
	n, fen := 0, false
	for {
		line, err := readOpeningLine(br)
		if err != nil {
			return nil, usageError{fmt.Sprintf("-openings: %s line %d: %s", path, n+1, err)}
		}
		if line == nil {
			break
		}
		n++
		head.Write(line)
		if text := openingText(line); text != "" && !strings.HasPrefix(text, "#") {
			_, err := hexdame.ParseFEN(text)
			fen, first = err == nil, line
			break
		}
	}
	var book []opening
	if fen {
		for line := first; line != nil; {
			if text := openingText(line); text != "" && !strings.HasPrefix(text, "#") {
				p, err := hexdame.ParseFEN(text)
				if err != nil {
					return nil, usageError{fmt.Sprintf("-openings: %s line %d: %s", path, n, err.Error())}
				}
				if !p.HasLegalMoves() {
					return nil, usageError{fmt.Sprintf("-openings: %s line %d: the side to move has no legal move", path, n)}
				}
				book = append(book, opening{start: p, label: fmt.Sprintf("%s line %d", path, n)})
			}
			if line, err = readOpeningLine(br); err != nil {
				return nil, usageError{fmt.Sprintf("-openings: %s line %d: %s", path, n+1, err)}
			}
			n++
		}
	} else {
		r := hexdame.NewReader(io.MultiReader(&head, br))
		n := 0
		for g, err := range r.Games() {
			n++
			if err != nil {
				if pes := parseErrors(err); len(pes) > 0 {
					pe := pes[0] // as validate writes it: the error names the game once
					return nil, usageError{fmt.Sprintf("-openings: %s:%d:%d: game %d, %s", path, pe.Line, pe.Column, pe.Game, pe.Detail())}
				}
				return nil, usageError{fmt.Sprintf("-openings: %s: %s", path, err.Error())}
			}
			start := initialPosition(g)
			check := hexdame.NewGameFrom(start)
			for i, m := range g.Moves() {
				if err := check.Play(m); err != nil {
					return nil, usageError{fmt.Sprintf("-openings: %s: game %d: move %d cannot be played from the game's start: %s", path, n, i+1, err.Error())}
				}
			}
			if check.Outcome().IsOver() {
				return nil, usageError{fmt.Sprintf("-openings: %s: game %d ends the game", path, n)}
			}
			book = append(book, opening{start: start, moves: g.Moves(), label: fmt.Sprintf("%s game %d", path, n)})
		}
	}
	if len(book) == 0 {
		return nil, usageError{"-openings: " + path + " holds no opening"}
	}
	return book, nil
}

// readOpeningLine returns the next line of r with its newline, nil at the
// end of the input, or an error for a line longer than maxOpeningLine or a
// read that failed. The line is valid until the next read.
func readOpeningLine(r *bufio.Reader) ([]byte, error) {
	line, err := r.ReadSlice('\n')
	switch {
	case err == bufio.ErrBufferFull:
		return nil, fmt.Errorf("a line longer than %d bytes: not a file of openings", maxOpeningLine)
	case err == io.EOF && len(line) == 0:
		return nil, nil
	case err != nil && err != io.EOF:
		return nil, errors.New(ioMessage(err))
	}
	return line, nil
}

// openingText returns a line of an openings file without the white space
// around it, a byte order mark among it, as the PDN reader skips one.
func openingText(line []byte) string {
	return strings.TrimFunc(string(line), func(r rune) bool { return unicode.IsSpace(r) || r == '\uFEFF' })
}

// initialPosition returns the position a game starts from.
func initialPosition(g *hexdame.Game) hexdame.Position { return g.InitialPosition() }

// A finished is a game as a worker hands it to the collector.
type finished struct {
	number  int // from 1
	opening int // from 1
	engine1 hexdame.Color
	res     hub.GameResult
	fatal   error // an engine that cannot be started any more
	aborted bool  // interrupted: not counted
}

// player is an engine process a worker keeps between games.
type player struct {
	spec     *engineSpec
	client   *hub.Client
	fails    int   // start failures in a row
	startErr error // a start failure not yet recorded as a loss
}

// misbehaved reports whether err, from hub.Start, is the engine's fault
// during the handshake (a time-out, an exit, a protocol violation), which
// loses a game, rather than a usage error.
func misbehaved(err error) bool {
	return errors.Is(err, hub.ErrTimeout) || errors.Is(err, hub.ErrExited) || errors.Is(err, hub.ErrProtocol)
}

// names returns the names of the two engines in the output.
func engineNames(cfg *matchConfig, ids [2]hub.ID) [2]string {
	var names [2]string
	for i, s := range cfg.engines {
		names[i] = s.name
		if names[i] == "" {
			names[i] = ids[i].String()
		}
		if names[i] == "" {
			names[i] = s.argv[0]
		}
	}
	if names[0] == names[1] {
		for i, s := range cfg.engines {
			var parts []string
			for _, set := range s.settings {
				parts = append(parts, set.Name+"="+set.Value)
			}
			if len(parts) > 0 {
				names[i] += " " + strings.Join(parts, " ")
			}
		}
	}
	if names[0] == names[1] {
		names[0] += " #1"
		names[1] += " #2"
	}
	for i := range names {
		names[i] = hub.CleanValue(names[i])
	}
	return names
}

func runMatch(e *env, cfg *matchConfig) error {
	// The openings are read before the signals are caught: until the match
	// starts, an interrupt ends the program at once, even while it waits
	// on a named pipe.
	book := &openingBook{randomPlies: cfg.randomPlies, seed: cfg.seed}
	if cfg.openings != "" {
		var err error
		if book.fixed, err = readOpenings(cfg.openings); err != nil {
			return err
		}
	}
	ctx, stopSignals := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stopSignals()
	pairs := (cfg.games + 1) / 2
	if pairs > 0 {
		if _, err := book.get(0); err != nil {
			return err
		}
	}
	opts := func(k, slot int) hub.ClientOptions {
		return hub.ClientOptions{Settings: cfg.engines[k].settings, StartTimeout: cfg.startTimeout,
			StopTimeout: max(cfg.margin, 500*time.Millisecond),
			Log:         cfg.log.writer(fmt.Sprintf("e%d/%d", k+1, slot+1))}
	}
	// Start each engine once: one that cannot start (a program that cannot
	// be run, not a HexDame engine, an undeclared -param, a -param it
	// answers with an error line) is a usage error;
	// one that misbehaves during the handshake loses its first game.
	var first [2]*player
	var ids [2]hub.ID
	closeFirst := func() {
		for _, p := range first {
			if p != nil && p.client != nil {
				p.client.Close()
			}
		}
	}
	for i, s := range cfg.engines {
		c, err := hub.Start(ctx, s.argv, opts(i, 0))
		switch {
		case ctx.Err() != nil:
			closeFirst()
			return usageError{"interrupted"}
		case err != nil && !misbehaved(err):
			closeFirst()
			return usageError{fmt.Sprintf("engine %d (%s): %s", i+1, quote(s.cmdline), err)}
		case err != nil:
			first[i] = &player{spec: s, fails: 1, startErr: err}
		case len(s.settings) > 0 && c.LastError() != "":
			// The engine keeps its value before a setting it refuses
			// (HUB.md): the games would be played, and named, with a
			// setting that never took.
			c.Close()
			closeFirst()
			return usageError{fmt.Sprintf("engine %d (%s): it refused a -param: %s", i+1, quote(s.cmdline), c.LastError())}
		default:
			first[i] = &player{spec: s, client: c}
			ids[i] = c.ID()
		}
	}
	if err := cfg.log.failed(); err != nil {
		closeFirst()
		return usageError{"-log: " + err.Error()}
	}
	names := engineNames(cfg, ids)
	var pdnOut *os.File
	var pdnWriter *hexdame.Writer
	var pdnBuf *bufio.Writer
	if cfg.pdn != "" {
		f, err := os.Create(cfg.pdn)
		if err != nil {
			closeFirst()
			return usageError{"-pdn: " + err.Error()}
		}
		pdnOut = f
		pdnBuf = bufio.NewWriter(f)
		pdnWriter = hexdame.NewWriter(pdnBuf)
		defer f.Close()
	}
	fmt.Fprintf(e.stderr, "match: %s vs %s, %d games, %s, %d at once\n", names[0], names[1], cfg.games, cfg.timeControl(), cfg.concurrency)

	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	results := make(chan finished)
	var next atomic.Int64
	var wg sync.WaitGroup
	workers := min(cfg.concurrency, max(cfg.games, 1))
	for w := range workers {
		players := [2]*player{{spec: cfg.engines[0]}, {spec: cfg.engines[1]}}
		if w == 0 {
			players = first
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() {
				for _, p := range players {
					if p.client != nil {
						p.client.Close()
					}
				}
			}()
			for runCtx.Err() == nil {
				i := int(next.Add(1)) - 1
				if i >= cfg.games {
					return
				}
				f := playMatchGame(runCtx, cfg, book, players, names, func(k int) hub.ClientOptions { return opts(k, w) }, i)
				select {
				case results <- f:
				case <-runCtx.Done():
					return
				}
			}
		}()
	}
	go func() {
		wg.Wait()
		close(results)
	}()

	var t stats.Tally
	var fatal error
	decided := false
	started := time.Now()
	lastProgress := started
	plies := 0
	var searching time.Duration // the time the games' searches took, in all
	for f := range results {
		if f.fatal != nil && fatal == nil {
			fatal = f.fatal
			cancel()
		}
		if f.aborted || f.fatal != nil || decided {
			continue
		}
		points := match.Points(f.res.Result, f.engine1)
		t.Add(points)
		score := strconv.FormatFloat(points, 'g', -1, 64) // 1, 0.5 or 0
		plies += f.res.Plies
		searching += f.res.Thinking[0] + f.res.Thinking[1]
		white, red := names[0], names[1]
		if f.engine1 == hexdame.Red {
			white, red = red, white
		}
		line := hub.NewCommand("game").With("number", strconv.Itoa(f.number)).With("opening", strconv.Itoa(f.opening)).
			With("white", white).With("red", red).With("result", f.res.Result.String()).With("score", score).
			With("reason", f.res.Termination.String()).With("plies", strconv.Itoa(f.res.Plies)).With("detail", hub.CleanValue(f.res.Detail))
		if _, err := fmt.Fprintln(e.stdout, line); err != nil {
			cancel()
			return err
		}
		if pdnWriter != nil {
			if err := pdnWriter.WriteGame(f.res.Game, hexdame.Algebraic); err != nil {
				cancel()
				return usageError{"-pdn: " + err.Error()}
			}
			if err := pdnBuf.Flush(); err != nil {
				cancel()
				return usageError{"-pdn: " + err.Error()}
			}
		}
		if err := cfg.log.failed(); err != nil {
			cancel()
			return usageError{"-log: " + err.Error()}
		}
		if cfg.sprt != nil && cfg.sprt.Verdict(t) != stats.Undecided {
			decided = true
			cancel()
		}
		if now := time.Now(); now.Sub(lastProgress) >= time.Second || t.Games() == cfg.games {
			lastProgress = now
			elo, lo, hi := t.Elo()
			fmt.Fprintf(e.stderr, "match: %d of %d games, +%d =%d -%d, elo %s [%s, %s], %s\n", t.Games(), cfg.games,
				t.Wins, t.Draws, t.Losses, formatElo(elo), formatElo(lo), formatElo(hi), now.Sub(started).Round(time.Millisecond))
		}
	}
	if pdnOut != nil {
		if err := pdnOut.Close(); err != nil {
			return usageError{"-pdn: " + err.Error()}
		}
	}
	if err := cfg.log.close(); err != nil {
		return usageError{"-log: " + err.Error()}
	}
	elo, lo, hi := t.Elo()
	summary := hub.NewCommand("result").With("engine1", names[0]).With("engine2", names[1]).
		With("games", strconv.Itoa(t.Games())).With("wins", strconv.Itoa(t.Wins)).
		With("draws", strconv.Itoa(t.Draws)).With("losses", strconv.Itoa(t.Losses)).
		With("score", strconv.FormatFloat(t.Mean(), 'f', 4, 64)).
		With("elo", formatElo(elo)).With("elo-low", formatElo(lo)).With("elo-high", formatElo(hi)).
		With("los", strconv.FormatFloat(t.LOS(), 'f', 4, 64))
	if _, err := fmt.Fprintln(e.stdout, summary); err != nil {
		return err
	}
	if cfg.sprt != nil {
		lower, upper := cfg.sprt.Bounds()
		f := func(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }
		line := hub.NewCommand("sprt").With("elo0", f(cfg.sprt.Elo0)).With("elo1", f(cfg.sprt.Elo1)).
			With("alpha", f(cfg.sprt.Alpha)).With("beta", f(cfg.sprt.Beta)).
			With("llr", strconv.FormatFloat(cfg.sprt.LLR(t), 'f', 3, 64)).
			With("lower", strconv.FormatFloat(lower, 'f', 3, 64)).With("upper", strconv.FormatFloat(upper, 'f', 3, 64)).
			With("verdict", string(cfg.sprt.Verdict(t)))
		if _, err := fmt.Fprintln(e.stdout, line); err != nil {
			return err
		}
	}
	wall := time.Since(started)
	fmt.Fprintf(e.stderr, "match: %d games, %d plies by the engines in %s; their searches took %s in all, %s a ply\n",
		t.Games(), plies, wall.Round(time.Millisecond), searching.Round(time.Millisecond), perPly(searching, plies))
	switch {
	case fatal != nil:
		return usageError{fatal.Error()}
	case ctx.Err() != nil && !decided:
		return usageError{fmt.Sprintf("interrupted after %d games", t.Games())}
	}
	return nil
}

// perPly returns d shared among the plies, or "-" for none.
func perPly(d time.Duration, plies int) string {
	if plies == 0 {
		return "-"
	}
	return (d / time.Duration(plies)).Round(time.Microsecond).String()
}

// formatElo writes an Elo difference with one decimal, or inf, -inf.
func formatElo(x float64) string {
	switch {
	case math.IsInf(x, 1):
		return "inf"
	case math.IsInf(x, -1):
		return "-inf"
	case math.Abs(x) < 0.05:
		return "0.0" // not "-0.0"
	}
	return strconv.FormatFloat(x, 'f', 1, 64)
}

// maxStartFailures is how many times in a row an engine may fail to start
// before the match stops.
const maxStartFailures = 3

// playMatchGame plays game i with the worker's players, starting (again)
// the engines that need it.
func playMatchGame(ctx context.Context, cfg *matchConfig, book *openingBook, players [2]*player, names [2]string,
	opts func(k int) hub.ClientOptions, i int) finished {
	f := finished{number: i + 1, opening: i/2 + 1, engine1: hexdame.White}
	if i%2 == 1 {
		f.engine1 = hexdame.Red
	}
	op, err := book.get(i / 2)
	if err != nil {
		f.fatal = err
		return f
	}
	g := hexdame.NewGameFrom(op.start)
	for _, m := range op.moves {
		g.Play(m)
	}
	f.res = hub.GameResult{Game: g}
	engineColor := func(k int) hexdame.Color {
		if k == 0 {
			return f.engine1
		}
		return f.engine1.Opponent()
	}
	for k, p := range players {
		if p.client != nil && p.client.Err() != nil {
			p.client.Close()
			p.client = nil
		}
		if p.client != nil {
			continue
		}
		err := p.startErr // the start before the match
		p.startErr = nil
		if err == nil {
			c, startErr := hub.Start(ctx, p.spec.argv, opts(k))
			if ctx.Err() != nil {
				f.aborted = true
				return f
			}
			if startErr == nil {
				p.fails = 0
				p.client = c
				continue
			}
			err = startErr
			p.fails++
		}
		if p.fails >= maxStartFailures {
			f.fatal = fmt.Errorf("engine %d failed to start %d times in a row: %s", k+1, p.fails, err)
			return f
		}
		loser := engineColor(k)
		f.res.Termination, f.res.Faulty = hub.StartFailure, loser
		f.res.Detail = fmt.Sprintf("%s could not be started: %s", loser, err)
		f.res.Result = hexdame.WhiteWins
		if loser == hexdame.White {
			f.res.Result = hexdame.RedWins
		}
		g.SetResult(f.res.Result)
		setTags(g, cfg, op, f, names)
		return f
	}
	white, red := players[0].client, players[1].client
	if f.engine1 == hexdame.Red {
		white, red = red, white
	}
	res, err := hub.PlayGame(ctx, white, red, hub.GameConfig{
		Start: op.start, Opening: op.moves,
		MoveTime: cfg.moveTime, Clock: cfg.clock, Increment: cfg.increment, Margin: cfg.margin,
		DrawRules: cfg.drawRules, Adjudicate: tablesAdjudicator(cfg.tables),
	})
	if err != nil {
		if ctx.Err() != nil {
			f.aborted = true
		} else {
			f.fatal = err
		}
		return f
	}
	f.res = res
	setTags(res.Game, cfg, op, f, names)
	return f
}

// setTags sets the PDN tags of a match game.
func setTags(g *hexdame.Game, cfg *matchConfig, op opening, f finished, names [2]string) {
	white, red := names[0], names[1]
	if f.engine1 == hexdame.Red {
		white, red = red, white
	}
	for _, t := range [][2]string{
		{"Event", "hexdame match"},
		{"Site", "?"},
		{"Date", time.Now().Format("2006.01.02")},
		{"Round", strconv.Itoa(f.number)},
		{"White", white},
		{"Black", red},
		{"TimeControl", cfg.timeControl()},
		{"Opening", op.label},
		{"OpeningPlies", strconv.Itoa(len(op.moves))},
		{"Termination", f.res.Termination.String()},
		{"TerminationDetails", f.res.Detail},
	} {
		g.SetTag(t[0], strings.ToValidUTF8(t[1], "?"))
	}
}
