package main

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/hub"
)

// A finished is a game as a worker hands it to runMatch.
type finished struct {
	number  int // from 1
	opening int // from 1
	engine1 hexdame.Color
	res     hub.GameReport
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

// maxStartFailures is how many times in a row an engine may fail to start
// before the match stops.
const maxStartFailures = 3

// playMatchGame plays game i with the worker's players, starting (again)
// the engines that need it.
func playMatchGame(ctx context.Context, cfg *matchOptions, book *openingBook, players [2]*player, names [2]string,
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
	f.res = hub.GameReport{Game: g}
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
		f.res.Reason, f.res.Faulty = hub.StartFailure, loser
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
	res, err := hub.PlayGame(ctx, white, red, hub.GameOptions{
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
func setTags(g *hexdame.Game, cfg *matchOptions, op opening, f finished, names [2]string) {
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
		{"Termination", f.res.Reason.String()},
		{"TerminationDetails", f.res.Detail},
	} {
		g.SetTag(t[0], strings.ToValidUTF8(t[1], "?"))
	}
}
