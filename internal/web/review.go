package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/endgame"
	"github.com/hexdame/hexdame/engine"
	"github.com/hexdame/hexdame/internal/review"
)

// The review of a game (package internal/review) on the page: the page
// sends the positions of the main line to be evaluated (POST /api/review
// on the server, hexdameReview in the static site's engine worker), which
// streams a ReviewReport a position; then it sends what it received to
// its session (op "annotate"), which judges the moves and writes the
// review into the game.

// Bounds of a review on the page.
const (
	// MaxReviewMoveTime is the longest time a position of a review may
	// get, in milliseconds.
	MaxReviewMoveTime = 10_000
	// MaxReviewDepth is the deepest search a position of a review may
	// get.
	MaxReviewDepth = 30
	// reviewNoteBytes is what MaxNotes counts for the annotations of one
	// reviewed move: its evaluation, and the words of an error.
	reviewNoteBytes = 100
)

// A ReviewRequest asks for the evaluations of the positions of a game's
// main line, the start first (Tree.Main): each within MoveTime
// milliseconds or to Depth plies, or both (neither: 200 ms).
type ReviewRequest struct {
	Positions []string `json:"positions"`
	MoveTime  int      `json:"movetime,omitempty"`
	Depth     int      `json:"depth,omitempty"`
}

// A ReviewReport is one position of a review evaluated: Ply (from 0, the
// start) of Of, with its evaluation, and Men, its score in men for the
// side to move. The last report has Done, and Error when the review
// failed or stopped early (a bound reached).
type ReviewReport struct {
	Ply   int          `json:"ply"`
	Of    int          `json:"of"`
	Eval  *review.Eval `json:"eval,omitempty"`
	Men   float64      `json:"men"`
	Done  bool         `json:"done,omitempty"`
	Error string       `json:"error,omitempty"`
}

// A ReviewResult is what a page sends its session to write into the game
// (op "annotate"): the evaluations it received, in order from the start,
// and the limits of the review.
type ReviewResult struct {
	Evals    []review.Eval `json:"evals"`
	MoveTime int           `json:"movetime,omitempty"`
	Depth    int           `json:"depth,omitempty"`
}

// limits checks the limits of a review and returns them.
func reviewLimits(moveTime, depth int) (engine.Limits, error) {
	if moveTime < 0 || moveTime > MaxReviewMoveTime {
		return engine.Limits{}, fmt.Errorf("a review's time a position is from 0 to %d ms, not %d", MaxReviewMoveTime, moveTime)
	}
	if depth < 0 || depth > MaxReviewDepth {
		return engine.Limits{}, fmt.Errorf("a review's depth is from 0 to %d, not %d", MaxReviewDepth, depth)
	}
	lim := engine.Limits{MoveTime: time.Duration(moveTime) * time.Millisecond, Depth: depth}
	if lim == (engine.Limits{}) {
		lim.MoveTime = review.DefaultMoveTime
	}
	return lim, nil
}

// parse checks the request and returns its positions and limits.
func (req ReviewRequest) parse() ([]hexdame.Position, engine.Limits, error) {
	lim, err := reviewLimits(req.MoveTime, req.Depth)
	if err != nil {
		return nil, lim, err
	}
	if len(req.Positions) == 0 {
		return nil, lim, errors.New("no position to review")
	}
	if len(req.Positions) > review.MaxPositions {
		return nil, lim, fmt.Errorf("a review takes at most %d positions, not %d", review.MaxPositions, len(req.Positions))
	}
	ps := make([]hexdame.Position, len(req.Positions))
	for i, f := range req.Positions {
		p, err := hexdame.ParseFEN(strings.TrimSpace(f))
		if err != nil {
			return nil, lim, fmt.Errorf("position %d: %s", i, message(err))
		}
		// The positions of a game: those no game reaches are what makes
		// the engine's generations of moves unbounded (see SearchWork).
		if err := p.CheckReachable(); err != nil {
			return nil, lim, fmt.Errorf("position %d: not a position a game reaches: %s", i, message(err))
		}
		ps[i] = p
	}
	return ps, lim, nil
}

// Review evaluates the positions of the request with engine e (and the
// tables, when not nil), calling report after each one, and a last time
// with Done. It stops when ctx ends, or after maxTime when positive. A bad
// request gives an error and no report.
func Review(ctx context.Context, e *engine.Engine, tables *endgame.Tables, req ReviewRequest, maxTime time.Duration, report func(ReviewReport)) error {
	ps, lim, err := req.parse()
	if err != nil {
		return err
	}
	o := e.Options()
	o.Level = engine.MaxLevel
	if err := e.SetOptions(o); err != nil {
		return err
	}
	e.Clear() // the same review of the same game, whatever came before
	opts := review.Options{Limits: lim, Tables: tables, MaxTime: maxTime, Progress: func(p review.Progress) {
		ev := p.Eval
		report(ReviewReport{Ply: p.Done - 1, Of: p.Total, Eval: &ev, Men: ev.Score.Men()})
	}}
	evals, err := review.Evaluate(ctx, e, ps, opts)
	last := ReviewReport{Ply: len(evals) - 1, Of: len(ps), Done: true}
	if err != nil {
		last.Error = err.Error()
	}
	report(last)
	return nil
}

// annotate judges the moves of the game's main line from the evaluations
// a review gave (Request.Review) and writes the review into the game:
// evaluations as comments, NAGs (which the page shows as strength
// marks), the better lines as variations, the summary as tags.
// Evaluations of positions that are not the main line's end it.
func (s *Session) annotate(res *ReviewResult) error {
	if res == nil || len(res.Evals) == 0 {
		return errors.New("no evaluation to write")
	}
	if len(res.Evals) > review.MaxPositions {
		return fmt.Errorf("a review takes at most %d positions, not %d", review.MaxPositions, len(res.Evals))
	}
	lim, err := reviewLimits(res.MoveTime, res.Depth)
	if err != nil {
		return err
	}
	r, err := review.Judge(s.game, res.Evals, pdnWork)
	if err != nil {
		return err
	}
	if len(r.Evals) < 2 {
		return errors.New("the evaluations are not of this game's main line: it changed during the review")
	}
	r.Annotator = review.Annotator(lim)
	// The tree's bounds: the better lines that would take it past
	// MaxNodes are left out, and the notes must fit.
	room := MaxNodes - s.count
	for i := range r.Moves {
		m := &r.Moves[i]
		if len(m.Better) > room {
			m.Better = nil
		}
		room -= len(m.Better)
	}
	if s.notesSize()+len(r.Evals)*reviewNoteBytes > MaxNotes {
		return errTooManyNotes
	}
	err = r.Annotate(s.game)
	normalizeNotes(s.game)
	s.edited = true
	s.changed()
	return err
}

// notesSize returns what the game's annotations take, as MaxNotes counts
// them.
func (s *Session) notesSize() int {
	total := 0
	for it := range s.game.Movetext(hexdame.Algebraic) {
		switch it.Kind {
		case hexdame.NAGElement:
			total += noteBytes
		case hexdame.CommentElement, hexdame.LineCommentElement:
			total += noteBytes + len(it.Text)
		}
	}
	return total
}

// review streams a review's evaluations as Server-Sent Events, one
// report a position, until the positions are done, the client stops it
// (by closing the connection), or AnalysisTime passes. Unlike an
// analysis's, every report is sent: the page needs each position's. A
// client that does not take a report within WriteTimeout is dropped.
func (s *Server) review(w http.ResponseWriter, r *http.Request) {
	var req ReviewRequest
	if !readJSON(w, r, &req) {
		return
	}
	if _, _, err := req.parse(); err != nil {
		s.deadline(w)
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	e, end, ok := s.openStream(w, r)
	if !ok {
		return
	}
	defer end()
	defer s.release(e)
	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	rc := http.NewResponseController(w)
	w.WriteHeader(http.StatusOK)
	if rc.Flush() != nil {
		return
	}
	Review(ctx, e, s.cfg.Tables, req, s.cfg.AnalysisTime, func(rep ReviewReport) {
		if ctx.Err() != nil && !rep.Done {
			return
		}
		b, err := json.Marshal(rep)
		if err == nil {
			_ = rc.SetWriteDeadline(time.Now().Add(s.cfg.WriteTimeout))
			_, err = io.WriteString(w, "data: "+string(b)+"\n\n")
		}
		if err != nil || rc.Flush() != nil {
			cancel()
		}
	})
}
