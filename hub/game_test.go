//go:build unix

package hub_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/hub"
)

// connect runs eng in this process behind pipes and connects a client to
// it; both end when the test does.
func connect(t testing.TB, eng hub.Engine) *hub.Client {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	served := make(chan struct{})
	go func() {
		defer close(served)
		hub.Serve(context.Background(), inR, outW, eng)
		outW.Close()
	}()
	c, err := hub.Connect(context.Background(), outR, inW, hub.ClientOptions{StopTimeout: 200 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		c.Close()
		<-served
	})
	return c
}

func checkRecord(t *testing.T, res hub.GameReport) {
	t.Helper()
	var buf bytes.Buffer
	if err := hexdame.NewWriter(&buf).WriteGame(res.Game, hexdame.Numeric); err != nil {
		t.Fatal(err)
	}
	back, err := hexdame.NewReader(&buf).ReadGame()
	if err != nil {
		t.Fatalf("the game's PDN does not read back: %v\n%s", err, buf.String())
	}
	if back.Outcome().Result != res.Result || back.End().Ply() != res.Game.End().Ply() {
		t.Errorf("PDN read back: %v after %d plies, want %v after %d", back.Outcome(), back.End().Ply(), res.Result, res.Game.End().Ply())
	}
}

func TestPlayGameRandomMovers(t *testing.T) {
	white, red := connect(t, hub.NewRandomMover(1)), connect(t, hub.NewRandomMover(2))
	seen := map[hub.Reason]int{}
	for range 20 {
		res, err := hub.PlayGame(context.Background(), white, red, hub.GameOptions{
			Start: hexdame.StartPosition(), MoveTime: time.Second, Margin: time.Second, DrawRules: hexdame.DrawRules{KingMoves: 30}})
		if err != nil {
			t.Fatal(err)
		}
		seen[res.Reason]++
		if res.Reason.IsFault() || res.Plies != res.Game.End().Ply() || res.Moves[0]+res.Moves[1] != res.Plies {
			t.Fatalf("%+v", res)
		}
		o := res.Game.Outcome()
		switch res.Reason {
		case hub.NoLegalMove:
			if o.Reason != hexdame.NoLegalMove || o.Result != res.Result {
				t.Errorf("no legal move, but the game says %v", o)
			}
		case hub.Repetition:
			if o.Reason != hexdame.Repetition || res.Result != hexdame.Draw {
				t.Errorf("repetition, but the game says %v", o)
			}
		case hub.KingMoveRule:
			if o.Reason != hexdame.KingMoveRule || res.Result != hexdame.Draw || res.Game.DrawRules().KingMoves != 30 {
				t.Errorf("king-move rule, but the game says %v", o)
			}
		default:
			t.Errorf("reason %v", res.Reason)
		}
		checkRecord(t, res)
	}
	if seen[hub.NoLegalMove] == 0 {
		t.Errorf("reasons: %v", seen)
	}
}

// pendulum is an engine that moves its king between two cells.
type pendulum struct {
	hub.RandomMover
	a, b hexdame.Cell
}

func (e *pendulum) Search(ctx context.Context, s hub.Search, info func(hub.Info)) (hub.Done, error) {
	p, err := s.Current()
	if err != nil {
		return hub.Done{}, err
	}
	for _, m := range p.LegalMoves() {
		if (m.From() == e.a && m.To() == e.b) || (m.From() == e.b && m.To() == e.a) {
			return hub.Done{Move: m}, nil
		}
	}
	return hub.Done{}, errors.New("the pendulum is stuck")
}

func TestPlayGameRulesAndAdjudication(t *testing.T) {
	// Two kings in corners, each going to and fro without meeting the
	// other's lines: the start position occurs for the third time at ply 8.
	kings := hexdame.MustParseFEN("W:WKa1:BKi9")
	c := hexdame.MustParseCell
	white := connect(t, &pendulum{a: c("a1"), b: c("a2")})
	red := connect(t, &pendulum{a: c("i9"), b: c("i8")})
	cfg := hub.GameOptions{Start: kings, MoveTime: time.Second, Margin: time.Second, DrawRules: hexdame.DrawRules{KingMoves: 3}}
	res, err := hub.PlayGame(context.Background(), white, red, cfg)
	if err != nil || res.Reason != hub.KingMoveRule || res.Result != hexdame.Draw || res.Plies != 6 ||
		res.Game.Outcome().Reason != hexdame.KingMoveRule || res.Detail != "3 moves a side with only kings and no capture" {
		t.Errorf("king-move rule: %+v, %v", res, err)
	}
	checkRecord(t, res)
	cfg.DrawRules = hexdame.DrawRules{}
	res, err = hub.PlayGame(context.Background(), white, red, cfg)
	if err != nil || res.Reason != hub.Repetition || res.Result != hexdame.Draw || res.Plies != 8 || res.Game.Outcome().Reason != hexdame.Repetition {
		t.Errorf("repetition: %+v, %v", res, err)
	}
	checkRecord(t, res)
	// The opening's king moves count towards the rule.
	cfg.DrawRules, cfg.Opening = hexdame.DrawRules{KingMoves: 2}, []hexdame.Move{kings.MustParseMove("a1-a2")}
	res, err = hub.PlayGame(context.Background(), white, red, cfg)
	if err != nil || res.Reason != hub.KingMoveRule || res.Plies != 3 || res.Game.End().Ply() != 4 {
		t.Errorf("king-move rule after an opening: %+v, %v", res, err)
	}
	// A man move starts the count again.
	men := hexdame.MustParseFEN("W:WKa1,e1:BKi9")
	g := hexdame.NewGameFrom(men)
	for _, text := range []string{"a1-a2", "i9-i8", "e1-e2"} {
		if err := g.Play(g.Position().MustParseMove(text)); err != nil {
			t.Fatal(err)
		}
	}
	cfg.Start, cfg.Opening, cfg.DrawRules = men, g.Moves(), hexdame.DrawRules{KingMoves: 2}
	res, err = hub.PlayGame(context.Background(), white, red, cfg)
	if err != nil || res.Reason != hub.KingMoveRule || res.Plies != 4 {
		t.Errorf("king-move rule after a man move: %+v, %v", res, err)
	}
}

func TestPlayGameOpeningErrors(t *testing.T) {
	white, red := connect(t, hub.NewRandomMover(3)), connect(t, hub.NewRandomMover(4))
	start := hexdame.StartPosition()
	m := start.MustParseMove("40-31")
	for _, cfg := range []hub.GameOptions{
		{Start: start, Opening: []hexdame.Move{m, m}, MoveTime: time.Second},
		{Start: hexdame.MustParseFEN("W:W:B1"), MoveTime: time.Second},
	} {
		if _, err := hub.PlayGame(context.Background(), white, red, cfg); !errors.Is(err, hub.ErrOpening) {
			t.Errorf("%v: %v", cfg.Opening, err)
		}
	}
}

// recorder remembers the searches it is asked.
type recorder struct {
	*hub.RandomMover
	mu       sync.Mutex
	searches []hub.Search
}

func (r *recorder) Search(ctx context.Context, s hub.Search, info func(hub.Info)) (hub.Done, error) {
	r.mu.Lock()
	r.searches = append(r.searches, s)
	r.mu.Unlock()
	return r.RandomMover.Search(ctx, s, info)
}

// Each search gets the position after the last capture or man move, the
// moves since, and the time control.
func TestPlayGameSendsReversibleMoves(t *testing.T) {
	rw, rr := &recorder{RandomMover: hub.NewRandomMover(5)}, &recorder{RandomMover: hub.NewRandomMover(6)}
	white, red := connect(t, rw), connect(t, rr)
	start := hexdame.MustParseFEN("W:WK61,40:BK1,22")
	res, err := hub.PlayGame(context.Background(), white, red, hub.GameOptions{
		Start: start, Clock: 10 * time.Second, Increment: time.Second, DrawRules: hexdame.DrawRules{KingMoves: 15}})
	if err != nil {
		t.Fatal(err)
	}
	positions, moves := []hexdame.Position{res.Game.Root().Position()}, res.Game.Moves()
	for x := range res.Game.Root().Mainline() {
		positions = append(positions, x.Position())
	}
	for i, s := range append(rw.searches, rr.searches...) {
		current, err := s.Current()
		if err != nil {
			t.Fatal(err)
		}
		ply := -1
		for j, p := range positions {
			if p == current && j%2 == map[bool]int{true: 0, false: 1}[i < len(rw.searches)] {
				ply = j
				break
			}
		}
		if ply < 0 {
			t.Fatalf("search %d: a position not in the game", i)
		}
		base := ply - len(s.Moves)
		if positions[base] != s.Position {
			t.Errorf("search %d: pos= is not the position before moves=", i)
		}
		for j := base; j < ply; j++ {
			if !positions[j].IsReversible(moves[j]) {
				t.Errorf("search %d: moves= holds a capture or man move", i)
			}
		}
		if base > 0 && positions[base-1].IsReversible(moves[base-1]) {
			t.Errorf("search %d: moves= leaves out a reversible move", i)
		}
		if !s.Limits.HasClock() || s.Limits.Increment != time.Second || s.Limits.Clock > 10*time.Second+time.Duration(ply)*time.Second {
			t.Errorf("search %d: limits %+v", i, s.Limits)
		}
	}
}

func TestPlayGameInterrupted(t *testing.T) {
	white := connect(t, hub.NewRandomMover(1))
	e := newEngines(t)
	red := e.start("ignorestop", hub.ClientOptions{StopTimeout: 100 * time.Millisecond})
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	res, err := hub.PlayGame(ctx, white, red, hub.GameOptions{Start: hexdame.StartPosition(), MoveTime: time.Hour})
	if !errors.Is(err, context.DeadlineExceeded) || res.Reason != hub.NotOver || res.Result != hexdame.NoResult {
		t.Errorf("%+v, %v", res, err)
	}
}

// Each misbehaving engine loses with its reason, against a random mover,
// as White and as Red. The random mover answers at once and has a second
// of margin (or a second on its clock), so that it loses no game on a busy
// machine. The slow engine sleeps three times its budget and 20 ms more
// before it answers: 1.52 s after go with 0.5 s a move, or 1.245 s with
// 1 s on its clock and 0.5 s a move; both are always after its time
// (1.5 s with the margin, 1 s) and well before the client gives up
// waiting after stop (2 s more), so that it loses on time and not by a
// hang.
func TestPlayGameHostileEngines(t *testing.T) {
	tests := []struct {
		engine string
		want   hub.Reason // NotOver: the game ends by the rules
		clock  bool
	}{
		{"garbage", hub.NotOver, false},
		{"longline", hub.Protocol, false},
		{"flood", hub.NotOver, false},
		{"nomove", hub.NoMove, false},
		{"twodone", hub.Protocol, false},
		{"notation", hub.UnparseableMove, false},
		{"illegal", hub.IllegalMove, false},
		{"exit", hub.Crash, false},
		{"kill", hub.Crash, false},
		{"ignorestop", hub.Hang, false},
		{"floodhang", hub.Hang, false},
		{"forker", hub.Hang, false},
		{"slow", hub.TimeForfeit, false},
		{"slow", hub.TimeForfeit, true},
	}
	for _, tt := range tests {
		for _, hostileSide := range []hexdame.Color{hexdame.White, hexdame.Red} {
			name := tt.engine + "/" + hostileSide.String()
			if tt.clock {
				name += "/clock"
			}
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				e := newEngines(t)
				stopTimeout := 200 * time.Millisecond
				if tt.engine == "slow" {
					stopTimeout = 2 * time.Second
				}
				hostile := e.start(tt.engine, hub.ClientOptions{StopTimeout: stopTimeout})
				random := e.start("random", hub.ClientOptions{})
				white, red := hostile, random
				if hostileSide == hexdame.Red {
					white, red = random, hostile
				}
				cfg := hub.GameOptions{Start: hexdame.StartPosition(), MoveTime: 20 * time.Millisecond, Margin: time.Second, DrawRules: hexdame.DrawRules{KingMoves: 20}}
				switch {
				case tt.clock:
					cfg.MoveTime, cfg.Clock, cfg.Increment, cfg.Margin = 0, time.Second, time.Second/2, 0
				case tt.engine == "slow":
					cfg.MoveTime = 500 * time.Millisecond
				}
				limit := 30 * time.Second // for the whole game
				if tt.engine == "flood" || tt.engine == "longline" {
					// The flood takes time to write and read: under the
					// race detector one move took 1.18 s on a busy
					// machine, and more than 4.2 s at a load of 8.
					cfg.Margin, limit = 30*time.Second, 5*time.Minute
				}
				infos := 0
				cfg.Info = func(hexdame.Color, hub.Info) { infos++ }
				start := time.Now()
				res, err := hub.PlayGame(context.Background(), white, red, cfg)
				if err != nil {
					t.Fatal(err)
				}
				if d := time.Since(start); d > limit {
					t.Errorf("the game took %v", d)
				}
				if tt.want == hub.NotOver {
					if res.Reason.IsFault() {
						t.Errorf("%v: %s", res.Reason, res.Detail)
					}
					return
				}
				winner := hexdame.WhiteWins
				if hostileSide == hexdame.White {
					winner = hexdame.RedWins
				}
				if res.Reason != tt.want || res.Faulty != hostileSide || res.Result != winner {
					t.Errorf("got %v (%s), faulty %v, result %v; want %v by %v", res.Reason, res.Detail, res.Faulty, res.Result, tt.want, hostileSide)
				}
				if res.Game.Outcome().Result != winner {
					t.Errorf("the game's outcome: %v", res.Game.Outcome())
				}
				checkRecord(t, res)
			})
		}
	}
}

// GameOptions.Adjudicate ends the game with its result and detail once it
// knows the position; a result that is not one is ignored.
func TestPlayGameAdjudicate(t *testing.T) {
	kings := hexdame.MustParseFEN("W:WKa1:BKi9")
	c := hexdame.MustParseCell
	white := connect(t, &pendulum{a: c("a1"), b: c("a2")})
	red := connect(t, &pendulum{a: c("i9"), b: c("i8")})
	calls := 0
	cfg := hub.GameOptions{Start: kings, MoveTime: time.Second, Margin: time.Second, DrawRules: hexdame.DrawRules{KingMoves: 3},
		Adjudicate: func(p hexdame.Position) (hexdame.Result, string, bool) {
			calls++
			if calls == 1 {
				return hexdame.NoResult, "not a result", true
			}
			return hexdame.RedWins, "tables: Red wins", calls == 3
		}}
	res, err := hub.PlayGame(context.Background(), white, red, cfg)
	if err != nil || res.Reason != hub.Adjudication || res.Result != hexdame.RedWins || res.Plies != 3 ||
		res.Detail != "tables: Red wins" || res.Game.Outcome().Result != hexdame.RedWins {
		t.Errorf("adjudication: %+v, %v", res, err)
	}
	checkRecord(t, res)
}

// The zero GameOptions play from the start position, each engine told to
// move at once. It used to fail: its zero Start is an empty board.
func TestPlayGameZeroConfig(t *testing.T) {
	rw, rr := &recorder{RandomMover: hub.NewRandomMover(7)}, &recorder{RandomMover: hub.NewRandomMover(8)}
	white, red := connect(t, rw), connect(t, rr)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	res, err := hub.PlayGame(ctx, white, red, hub.GameOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Game.Root().Position() != hexdame.StartPosition() || res.Plies == 0 || res.Reason.IsFault() {
		t.Errorf("%v after %d plies: %s", res.Reason, res.Plies, res.Detail)
	}
	for _, s := range append(rw.searches, rr.searches...) {
		if s.Limits != (hub.Limits{MoveTime: hub.LeastTime}) {
			t.Fatalf("limits %+v, want a move at once", s.Limits)
		}
	}
}

// slowStart is a random mover whose first search takes delay.
type slowStart struct {
	*recorder
	delay time.Duration
}

func (e *slowStart) Search(ctx context.Context, s hub.Search, info func(hub.Info)) (hub.Done, error) {
	e.mu.Lock()
	first := len(e.searches) == 0
	e.mu.Unlock()
	if first {
		time.Sleep(e.delay)
	}
	return e.recorder.Search(ctx, s, info)
}

// A clock run out within the margin leaves no time: the next search is
// told to move at once (time=LeastTime), and the engine that does plays
// on. The referee used to send level infinite, and the engine lost on time
// at the end of the margin.
func TestPlayGameClockRunOut(t *testing.T) {
	slow := &slowStart{recorder: &recorder{RandomMover: hub.NewRandomMover(9)}, delay: 200 * time.Millisecond}
	white, red := connect(t, slow), connect(t, hub.NewRandomMover(10))
	res, err := hub.PlayGame(context.Background(), white, red, hub.GameOptions{
		Start: hexdame.StartPosition(), Clock: 50 * time.Millisecond, Margin: 30 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if res.Reason.IsFault() {
		t.Errorf("%v after %d plies: %s", res.Reason, res.Plies, res.Detail)
	}
	if len(slow.searches) < 2 {
		t.Fatalf("%d searches", len(slow.searches))
	}
	for _, s := range slow.searches[1:] {
		if s.Limits != (hub.Limits{Clock: hub.LeastTime}) {
			t.Errorf("limits after the clock ran out: %+v, want a move at once", s.Limits)
		}
	}
}

// lateMover is a random mover that answers every search after late,
// whatever its limits say, or at stop.
type lateMover struct {
	*hub.RandomMover
	late time.Duration
}

func (e *lateMover) Search(ctx context.Context, s hub.Search, info func(hub.Info)) (hub.Done, error) {
	select {
	case <-time.After(e.late):
	case <-ctx.Done():
	}
	return e.RandomMover.Search(context.Background(), s, info)
}

// A clock keeps its debt: a move that overruns the clock within the
// margin leaves it below zero, and the next overrun counts from there, so
// an engine late on every move loses on time once its debts add up to
// the margin. The referee used to set the clock back to zero after each
// overrun, so that the margin was a time each move could add: at
// -tc 0.2+0 -margin 2 an engine 0.35 s late on every move played 65
// plies and won (issue 36).
func TestPlayGameClockKeepsDebt(t *testing.T) {
	late := &lateMover{RandomMover: hub.NewRandomMover(11), late: 300 * time.Millisecond}
	white, red := connect(t, late), connect(t, hub.NewRandomMover(12))
	// 50 ms on the clock and a margin of a second: the first move leaves
	// the clock at -0.25 s or below, the third at -0.85 s, so that the
	// fourth, with 0.15 s allowed at most, loses on time. Without the
	// debt every move has 1.05 s and none loses.
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	res, err := hub.PlayGame(ctx, white, red, hub.GameOptions{
		Start: hexdame.StartPosition(), Clock: 50 * time.Millisecond, Margin: time.Second})
	if err != nil {
		t.Fatalf("after %d plies: %v", res.Plies, err)
	}
	if res.Reason != hub.TimeForfeit || res.Faulty != hexdame.White || res.Moves[0] > 4 {
		t.Errorf("%v (faulty %v) after %d moves of White's, %d plies: %s; want White to lose on time by its fourth move",
			res.Reason, res.Faulty, res.Moves[0], res.Plies, res.Detail)
	}
	if !strings.Contains(res.Detail, "in debt") {
		t.Errorf("detail %q does not say the clock was in debt", res.Detail)
	}
}
