package web

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/engine"
)

// MaxHistory is the most positions a search request may give as the
// game before its position.
const MaxHistory = 1000

// A SearchRequest asks the engine about a position: the best move for
// the engine's turn (op "search"), or the analysis (op "analyze").
type SearchRequest struct {
	FEN     string   `json:"fen"`
	History []string `json:"history,omitempty"` // State.History: the positions before, oldest first
	Level   int      `json:"level,omitempty"`   // 1 to 10; 0 is 10
	MultiPV int      `json:"multipv,omitempty"` // analysis lines, 1 to 5
	// The limits, in milliseconds (none for an analysis, which goes on
	// until it is stopped).
	MoveTime  int `json:"movetime,omitempty"`
	Clock     int `json:"clock,omitempty"`
	Increment int `json:"increment,omitempty"`
	Depth     int `json:"depth,omitempty"`
	// Notation of the moves of the lines: "algebraic" (the default) or
	// "numeric".
	Notation string `json:"notation,omitempty"`
}

// A Report is a search's progress after a completed depth, or, with
// Done, its end.
type Report struct {
	Depth    int        `json:"depth"`
	SelDepth int        `json:"seldepth"`
	Nodes    uint64     `json:"nodes"`
	NPS      float64    `json:"nps"`
	Millis   int64      `json:"ms"`
	Lines    []LineInfo `json:"lines"`
	Done     bool       `json:"done,omitempty"`
	// Best is the move the engine plays (with Done), its path for the
	// board.
	Best  *MoveInfo `json:"best,omitempty"`
	Error string    `json:"error,omitempty"`
}

// A LineInfo is one line of an analysis: its score for the side to move
// ("+0.75", "win 7", "loss 6": plies to the end), the score in men
// (beyond ±290 for a win or a loss) and its moves as PDN writes them.
type LineInfo struct {
	Score string   `json:"score"`
	Men   float64  `json:"men"`
	Moves []string `json:"moves"`
	Path  []string `json:"path"` // the first move's path
}

// MaxMultiPV is the most lines an analysis gives.
const MaxMultiPV = 5

// SearchWork bounds the capture search of the position a search or an
// analysis is asked about, in states (see
// hexdame.Position.AppendLegalMovesWithin): the heaviest position known
// that a game reaches, testdata/hostile.fen's climb16-rim, takes 1.3
// million, about a tenth of a second. A position past it is refused
// before the engine generates its moves, which it cannot stop halfway.
const SearchWork = 2_000_000

// searchWork is SearchWork, lower in tests.
var searchWork = SearchWork

// checkGamePosition returns an error for a position that no game reaches
// (hexdame.Position.CheckReachable: more than 16 pieces a side, a man on
// its crowning row), or whose moves take the capture search past
// SearchWork states; the positions a game reaches from one that passes
// are of the same kind.
func checkGamePosition(p hexdame.Position) error {
	if err := p.CheckReachable(); err != nil {
		return fmt.Errorf("not a position a game reaches: %s", message(err))
	}
	if _, err := p.AppendLegalMovesWithin(nil, searchWork); err != nil {
		return fmt.Errorf("the position's moves take more work than a search here may: %s", message(err))
	}
	return nil
}

// parse checks the request and returns its position, history and
// options.
func (req SearchRequest) parse() (hexdame.Position, engine.SearchOptions, hexdame.Notation, error) {
	var opts engine.SearchOptions
	p, err := hexdame.ParseFEN(strings.TrimSpace(req.FEN))
	if err != nil {
		return p, opts, 0, err
	}
	if len(req.History) > MaxHistory {
		return p, opts, 0, fmt.Errorf("a search takes at most %d positions of history", MaxHistory)
	}
	for i, f := range req.History {
		q, err := hexdame.ParseFEN(f)
		if err == nil {
			if err = q.CheckReachable(); err != nil {
				err = fmt.Errorf("not a position a game reaches: %s", message(err))
			}
		}
		if err != nil {
			return p, opts, 0, fmt.Errorf("position %d of the history: %s", i+1, message(err))
		}
		opts.History = append(opts.History, q)
	}
	if req.Level < 0 || req.Level > engine.MaxLevel {
		return p, opts, 0, fmt.Errorf("level %d is not from 1 to %d", req.Level, engine.MaxLevel)
	}
	if req.MultiPV < 0 || req.MultiPV > MaxMultiPV {
		return p, opts, 0, fmt.Errorf("%d lines: an analysis gives 1 to %d", req.MultiPV, MaxMultiPV)
	}
	const day = 24 * 3600 * 1000
	for _, v := range []int{req.MoveTime, req.Clock, req.Increment, req.Depth} {
		if v < 0 || v > day {
			return p, opts, 0, errors.New("a limit is out of range")
		}
	}
	n := hexdame.Algebraic
	if req.Notation != "" {
		if n, err = hexdame.ParseNotation(req.Notation); err != nil {
			return p, opts, 0, err
		}
	}
	// Last, as the dearest check.
	if err := checkGamePosition(p); err != nil {
		return p, opts, 0, err
	}
	ms := func(v int) time.Duration { return time.Duration(v) * time.Millisecond }
	opts.MultiPV = req.MultiPV
	opts.Limits = engine.Limits{MoveTime: ms(req.MoveTime), Clock: ms(req.Clock), Increment: ms(req.Increment), Depth: req.Depth}
	return p, opts, n, nil
}

// Search runs the search the request asks for with engine e, at the
// request's level, calling report after each completed depth, and
// returns the last report, with Done and the best move. An analysis
// without limits goes on until ctx ends, or until its result is settled
// (see settled). A bad request, a position no game reaches or whose
// moves take more than SearchWork, or a position without a legal move,
// gives an error and no search.
func Search(ctx context.Context, e *engine.Engine, req SearchRequest, report func(Report)) (Report, error) {
	p, opts, n, err := req.parse()
	if err != nil {
		return Report{}, err
	}
	o := e.Options()
	o.Level = req.Level
	if err := e.SetOptions(o); err != nil {
		return Report{}, err
	}
	ctx, stop := context.WithCancel(ctx)
	defer stop()
	opts.Progress = func(r engine.Analysis) {
		if report != nil {
			report(makeReport(p, r, n))
		}
		if settled(r) {
			stop() // deeper would say the same
		}
	}
	res, err := e.Search(ctx, p, opts)
	if err != nil {
		return Report{}, err
	}
	rep := makeReport(p, res, n)
	rep.Done = true
	best := moveInfo(p, res.Move, n)
	rep.Best = &best
	return rep, nil
}

// settled reports whether a depth's analysis cannot change with more
// depth: every line a proven win or loss, the search at least four plies
// deeper than the longest of them (as the engine itself stops a timed
// search). An analysis without limits that has proven "win 1" used to go
// on, a depth at a time, until its time ran out.
func settled(r engine.Analysis) bool {
	if len(r.Lines) == 0 {
		return false
	}
	longest := 0
	for _, l := range r.Lines {
		plies, win := l.Score.IsWin()
		if !win {
			var loss bool
			if plies, loss = l.Score.IsLoss(); !loss {
				return false
			}
		}
		longest = max(longest, plies)
	}
	return r.Depth >= longest+4
}

// makeReport describes a search's result, its lines' moves in notation n.
func makeReport(p hexdame.Position, r engine.Analysis, n hexdame.Notation) Report {
	rep := Report{Depth: r.Depth, SelDepth: r.SelDepth, Nodes: r.Nodes, NPS: r.NodesPerSecond(), Millis: r.Time.Milliseconds()}
	for _, l := range r.Lines {
		li := LineInfo{Score: l.Score.String(), Men: l.Score.Men(), Moves: []string{}, Path: cellNames(p.Path(l.Move).Cells())}
		q := p
		for _, m := range l.PV {
			if !q.IsLegal(m) {
				break
			}
			li.Moves = append(li.Moves, q.FormatMove(m, n))
			q = q.PlayUnchecked(m)
		}
		rep.Lines = append(rep.Lines, li)
	}
	return rep
}
