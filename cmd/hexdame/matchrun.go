package main

import (
	"bufio"
	"context"
	"fmt"
	"math"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/hub"
	"github.com/hexdame/hexdame/internal/match"
	"github.com/hexdame/hexdame/internal/stats"
)

// runMatch runs the match of cfg: it reads the openings, starts each
// engine once, plays the games on cfg.concurrency workers, prints each
// game's line as it finishes, then the result (and sprt) lines.
func runMatch(e *env, cfg *matchOptions) error {
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
	first, ids, err := startEngines(ctx, cfg)
	if err != nil {
		return err
	}
	names := engineNames(cfg, ids)
	var pdn *pdnFile
	if cfg.pdn != "" {
		if pdn, err = createPDN(cfg.pdn); err != nil {
			closePlayers(first)
			return err
		}
		defer pdn.f.Close()
	}
	fmt.Fprintf(e.stderr, "match: %s vs %s, %d games, %s, %d at once\n", names[0], names[1], cfg.games, cfg.timeControl(), cfg.concurrency)

	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	results := playGames(runCtx, cfg, book, first, names)
	sb := &scoreboard{e: e, cfg: cfg, names: names, pdn: pdn, started: time.Now()}
	sb.lastProgress = sb.started
	var fatal error
	for f := range results {
		if f.fatal != nil && fatal == nil {
			fatal = f.fatal
			cancel()
		}
		if f.aborted || f.fatal != nil || sb.decided {
			continue
		}
		if err := sb.add(f, cancel); err != nil {
			cancel()
			return err
		}
	}
	if pdn != nil {
		if err := pdn.f.Close(); err != nil {
			return usageError{"-pdn: " + err.Error()}
		}
	}
	if err := cfg.log.close(); err != nil {
		return usageError{"-log: " + err.Error()}
	}
	if err := sb.summary(); err != nil {
		return err
	}
	switch {
	case fatal != nil:
		return usageError{fatal.Error()}
	case ctx.Err() != nil && !sb.decided:
		return usageError{fmt.Sprintf("interrupted after %d games", sb.t.Games())}
	}
	return nil
}

// clientOptions returns the options of the client of engine k (0 or 1)
// in the game slot of worker slot.
func clientOptions(cfg *matchOptions, k, slot int) hub.ClientOptions {
	return hub.ClientOptions{Settings: cfg.engines[k].settings, StartTimeout: cfg.startTimeout,
		StopTimeout: max(cfg.margin, 500*time.Millisecond),
		Log:         cfg.log.writer(fmt.Sprintf("e%d/%d", k+1, slot+1))}
}

// startEngines starts each engine once, for the first worker and for the
// engines' names: one that cannot start (a program that cannot be run,
// not a HexDame engine, an undeclared -param, a -param it answers with an
// error line) is a usage error; one that misbehaves during the handshake
// loses its first game. It returns the players and the engines' ids.
func startEngines(ctx context.Context, cfg *matchOptions) ([2]*player, [2]hub.ID, error) {
	var first [2]*player
	var ids [2]hub.ID
	for i, s := range cfg.engines {
		c, err := hub.Start(ctx, s.argv, clientOptions(cfg, i, 0))
		switch {
		case ctx.Err() != nil:
			closePlayers(first)
			return first, ids, usageError{"interrupted"}
		case err != nil && !misbehaved(err):
			closePlayers(first)
			return first, ids, usageError{fmt.Sprintf("engine %d (%s): %s", i+1, quote(s.cmdline), err)}
		case err != nil:
			first[i] = &player{spec: s, fails: 1, startErr: err}
		case len(s.settings) > 0 && c.LastError() != "":
			// The engine keeps its value before a setting it refuses
			// (HUB.md): the games would be played, and named, with a
			// setting that never took.
			c.Close()
			closePlayers(first)
			return first, ids, usageError{fmt.Sprintf("engine %d (%s): it refused a -param: %s", i+1, quote(s.cmdline), c.LastError())}
		default:
			first[i] = &player{spec: s, client: c}
			ids[i] = c.ID()
		}
	}
	if err := cfg.log.failed(); err != nil {
		closePlayers(first)
		return first, ids, usageError{"-log: " + err.Error()}
	}
	return first, ids, nil
}

// closePlayers closes the engines of the players that have one.
func closePlayers(players [2]*player) {
	for _, p := range players {
		if p != nil && p.client != nil {
			p.client.Close()
		}
	}
}

// playGames plays the match's games on its workers, the first with the
// players first, and sends each game to the channel as it finishes. The
// channel is closed once every worker has ended: after the last game, or
// once ctx is done.
func playGames(ctx context.Context, cfg *matchOptions, book *openingBook, first [2]*player, names [2]string) <-chan finished {
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
			defer closePlayers(players)
			for ctx.Err() == nil {
				i := int(next.Add(1)) - 1
				if i >= cfg.games {
					return
				}
				f := playMatchGame(ctx, cfg, book, players, names, func(k int) hub.ClientOptions { return clientOptions(cfg, k, w) }, i)
				select {
				case results <- f:
				case <-ctx.Done():
					return
				}
			}
		}()
	}
	go func() {
		wg.Wait()
		close(results)
	}()
	return results
}

// A pdnFile is the -pdn file, written one game at a time.
type pdnFile struct {
	f   *os.File
	buf *bufio.Writer
	w   *hexdame.Writer
}

// createPDN creates the -pdn file at path.
func createPDN(path string) (*pdnFile, error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, usageError{"-pdn: " + err.Error()}
	}
	buf := bufio.NewWriter(f)
	return &pdnFile{f: f, buf: buf, w: hexdame.NewWriter(buf)}, nil
}

// write writes game g and flushes it to the file.
func (p *pdnFile) write(g *hexdame.Game) error {
	if err := p.w.WriteGame(g, hexdame.Algebraic); err != nil {
		return usageError{"-pdn: " + err.Error()}
	}
	if err := p.buf.Flush(); err != nil {
		return usageError{"-pdn: " + err.Error()}
	}
	return nil
}

// A scoreboard takes the finished games in turn: it prints each game's
// line, writes the game to the -pdn file, keeps the tally and shows the
// progress; at the end it prints the match's result.
type scoreboard struct {
	e     *env
	cfg   *matchOptions
	names [2]string
	pdn   *pdnFile // nil without -pdn

	t                     stats.Tally
	decided               bool // the SPRT decided: later games are not counted
	started, lastProgress time.Time
	plies                 int
	searching             time.Duration // the time the games' searches took, in all
}

// add counts game f, prints its line and writes it to the -pdn file; it
// calls cancel once the SPRT decides. It returns the error that ends the
// match: standard output, the -pdn or the -log file failing.
func (sb *scoreboard) add(f finished, cancel func()) error {
	names, cfg := sb.names, sb.cfg
	points := match.Points(f.res.Result, f.engine1)
	sb.t.Add(points)
	score := strconv.FormatFloat(points, 'g', -1, 64) // 1, 0.5 or 0
	sb.plies += f.res.Plies
	sb.searching += f.res.Thinking[0] + f.res.Thinking[1]
	white, red := names[0], names[1]
	if f.engine1 == hexdame.Red {
		white, red = red, white
	}
	line := hub.NewCommand("game").With("number", strconv.Itoa(f.number)).With("opening", strconv.Itoa(f.opening)).
		With("white", white).With("red", red).With("result", f.res.Result.String()).With("score", score).
		With("reason", f.res.Reason.String()).With("plies", strconv.Itoa(f.res.Plies)).With("detail", hub.CleanValue(f.res.Detail))
	if _, err := fmt.Fprintln(sb.e.stdout, line); err != nil {
		return err
	}
	if sb.pdn != nil {
		if err := sb.pdn.write(f.res.Game); err != nil {
			return err
		}
	}
	if err := cfg.log.failed(); err != nil {
		return usageError{"-log: " + err.Error()}
	}
	t := &sb.t
	if cfg.sprt != nil && cfg.sprt.Verdict(*t) != stats.Undecided {
		sb.decided = true
		cancel()
	}
	if now := time.Now(); now.Sub(sb.lastProgress) >= time.Second || t.Games() == cfg.games {
		sb.lastProgress = now
		elo, lo, hi := t.Elo()
		fmt.Fprintf(sb.e.stderr, "match: %d of %d games, +%d =%d -%d, elo %s [%s, %s], %s\n", t.Games(), cfg.games,
			t.Wins, t.Draws, t.Losses, formatElo(elo), formatElo(lo), formatElo(hi), now.Sub(sb.started).Round(time.Millisecond))
	}
	return nil
}

// summary prints the result line, and the sprt line with -sprt, on
// standard output, then the time the match took on standard error.
func (sb *scoreboard) summary() error {
	t, names := sb.t, sb.names
	elo, lo, hi := t.Elo()
	summary := hub.NewCommand("result").With("engine1", names[0]).With("engine2", names[1]).
		With("games", strconv.Itoa(t.Games())).With("wins", strconv.Itoa(t.Wins)).
		With("draws", strconv.Itoa(t.Draws)).With("losses", strconv.Itoa(t.Losses)).
		With("score", strconv.FormatFloat(t.Mean(), 'f', 4, 64)).
		With("elo", formatElo(elo)).With("elo-low", formatElo(lo)).With("elo-high", formatElo(hi)).
		With("los", strconv.FormatFloat(t.LOS(), 'f', 4, 64))
	if _, err := fmt.Fprintln(sb.e.stdout, summary); err != nil {
		return err
	}
	if sprt := sb.cfg.sprt; sprt != nil {
		lower, upper := sprt.Bounds()
		f := func(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }
		line := hub.NewCommand("sprt").With("elo0", f(sprt.Elo0)).With("elo1", f(sprt.Elo1)).
			With("alpha", f(sprt.Alpha)).With("beta", f(sprt.Beta)).
			With("llr", strconv.FormatFloat(sprt.LLR(t), 'f', 3, 64)).
			With("lower", strconv.FormatFloat(lower, 'f', 3, 64)).With("upper", strconv.FormatFloat(upper, 'f', 3, 64)).
			With("verdict", string(sprt.Verdict(t)))
		if _, err := fmt.Fprintln(sb.e.stdout, line); err != nil {
			return err
		}
	}
	wall := time.Since(sb.started)
	fmt.Fprintf(sb.e.stderr, "match: %d games, %d plies by the engines in %s; their searches took %s in all, %s a ply\n",
		t.Games(), sb.plies, wall.Round(time.Millisecond), sb.searching.Round(time.Millisecond), perPly(sb.searching, sb.plies))
	return nil
}

// engineNames returns the names of the two engines in the output.
func engineNames(cfg *matchOptions, ids [2]hub.ID) [2]string {
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
