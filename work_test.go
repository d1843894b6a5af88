package hexdame

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"
)

// Tests of work.go: the work limit of capture searches, for one position
// (AppendLegalMovesWithin) and for all the games a Reader reads
// (Reader.WorkLimit). Work is counted in capture-search states
// (searchWork).

func TestAppendLegalMovesWithin(t *testing.T) {
	for _, fen := range []string{
		"W:WKe1:Ba2,a3,c7,d7,e6,g5,c4,h7",
		"W:Wc1,Kd3,Ke4:Bc3,c4,c6,f4,f8",
		hostileKingFEN,
		hostileFEN(t, "climb16-edge"),
	} {
		p := MustParseFEN(fen)
		want := p.LegalMoves()
		states := searchWork(func() { p.LegalMoves() })
		// Exactly the states it needs: the moves of AppendLegalMoves.
		got, err := p.AppendLegalMovesWithin(nil, states)
		if err != nil || fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%s within %d states: %v, %v; want %v", fen, states, got, err, want)
		}
		// One fewer: an error naming the position, dst unchanged.
		dst := []Move{{}}
		got, err = p.AppendLegalMovesWithin(dst, states-1)
		if !errors.Is(err, ErrWorkLimit) || len(got) != 1 || !strings.Contains(err.Error(), p.String()) ||
			!strings.HasPrefix(err.Error(), "work limit exceeded: ") {
			t.Errorf("%s within %d states: %v, %v", fen, states-1, got, err)
		}
	}
	// A position without a capture needs no search.
	p := StartPosition()
	if got, err := p.AppendLegalMovesWithin(nil, 0); err != nil || len(got) != 15 {
		t.Errorf("start position within 0 states: %d moves, %v", len(got), err)
	}
}

// A search past its limit stops soon after: the work a server pays for a
// refused position is about the limit, not the position's.
func TestAppendLegalMovesWithinStops(t *testing.T) {
	p := MustParseFEN(hostileFEN(t, "climb16-kings"))
	for _, limit := range []int{0, 1, 100, 10_000, 100_000} {
		var err error
		w := searchWork(func() { _, err = p.AppendLegalMovesWithin(nil, limit) })
		if !errors.Is(err, ErrWorkLimit) {
			t.Fatalf("limit %d: %v", limit, err)
		}
		// The search checks its limit once it remembers states, and ends
		// its run: the bound, 100 states past the limit, catches a search
		// that goes on to the end of the position's 739,000 states, or
		// checks its limit more rarely. Measured: at most 48 states past
		// the limit (270ad16, 2026-11-24), 24 to 76 on 2026-11-28 (76 for
		// limits 0 and 1).
		if w > limit+100 {
			t.Errorf("limit %d: the search visited %d states", limit, w)
		}
	}
}

// heavyRecord returns a record that sets up fen and plays its first legal
// move.
func heavyRecord(fen string) string {
	p := MustParseFEN(fen)
	return fmt.Sprintf("[FEN %q]\n1. %s *\n\n", fen, p.FormatMove(p.LegalMoves()[0], Algebraic))
}

// readerTestFEN is a position a game can reach whose capture search
// visits 83,547 states (found by climbSlowPositions).
const readerTestFEN = "W:WKa2,Ka3,Kc1,Kd1,Kd7,e1,e8,Ke9,Kg7,Kg8:BKb3,Kb5,Kc2,Kc5,Kc7,Kd5,Ke2,Ke3,Ke4,e5,e6,f5,g3,Kh5,h9,i8"

func TestReaderWorkLimit(t *testing.T) {
	fen := readerTestFEN
	states := int64(searchWork(func() { MustParseFEN(fen).LegalMoves() }))
	quiet := "1. d4-d5 *\n\n"
	stream := strings.Repeat(heavyRecord(fen), 3) + quiet + heavyRecord(fen)
	for _, read := range []struct {
		name string
		next func(r *Reader) error
	}{
		{"ReadGame", func(r *Reader) error { _, err := r.ReadGame(); return err }},
		{"CheckGame", func(r *Reader) error { return r.CheckGame() }},
	} {
		// Room for two heavy games and a half: the third fails, the quiet
		// fourth passes, and the fifth fails, the limit being spent.
		r := NewReader(strings.NewReader(stream))
		r.WorkLimit = 2*states + states/2
		var work int
		for i, wantLimit := range []bool{false, false, true, false, true} {
			var err error
			work += searchWork(func() { err = read.next(r) })
			var pe *ParseError
			if wantLimit {
				if !errors.Is(err, ErrWorkLimit) || !errors.As(err, &pe) || pe.Ply != 1 ||
					!strings.Contains(err.Error(), fen) || !strings.Contains(err.Error(), "WorkLimit") {
					t.Errorf("%s, game %d: %v, want a work limit error at ply 1 naming the position", read.name, i+1, err)
				}
			} else if err != nil {
				t.Errorf("%s, game %d: %v", read.name, i+1, err)
			}
		}
		if err := read.next(r); err == nil {
			t.Errorf("%s: a sixth game", read.name)
		}
		// The bound, 1,000 states past the limit, catches a Reader that
		// lets a game's search finish past the limit, or does not count
		// the games' searches together. Measured: 74 states past it on
		// 2026-11-28.
		if int64(work) > r.WorkLimit+1000 {
			t.Errorf("%s: the stream's replays visited %d states, limit %d", read.name, work, r.WorkLimit)
		}
		// Without a limit every game passes.
		r = NewReader(strings.NewReader(stream))
		for i := range 5 {
			if err := read.next(r); err != nil {
				t.Errorf("%s without a limit, game %d: %v", read.name, i+1, err)
			}
		}
	}
}

// A thousand setups of a heavy position in a small upload cost a server
// what its WorkLimit allows, and no more.
func TestReaderWorkLimitBoundsAnUpload(t *testing.T) {
	fen := hostileFEN(t, "climb16-kings")
	var upload bytes.Buffer
	for record := heavyRecord(fen); upload.Len() < 256<<10; {
		upload.WriteString(record)
	}
	r := NewReader(bytes.NewReader(upload.Bytes()))
	r.WorkLimit = 1_000_000
	games, refused := 0, 0
	work := searchWork(func() {
		for {
			err := r.CheckGame()
			if err != nil && !errors.Is(err, ErrWorkLimit) {
				break
			}
			games++
			if err != nil {
				refused++
			}
		}
	})
	// Each refused game costs the states before the search checks its
	// limit, and a few final states: the bound, 100 a game, catches a
	// refused game that costs its position's generation (739,000 states).
	// Measured: at most 48 a game (270ad16, 2026-11-24); 2,033 games and
	// 154,383 states past the limit, 76 a game, on 2026-11-28.
	if limit := int(r.WorkLimit) + 100*games; work > limit {
		t.Errorf("%d games (%d refused) of %d bytes: %d states, want at most %d", games, refused, upload.Len(), work, limit)
	}
	if refused < games-1 {
		t.Errorf("%d games, %d refused", games, refused)
	}
}

// A move written with its landing cells is matched by path searches,
// which count towards the limit too.
func TestReaderWorkLimitCountsPathSearches(t *testing.T) {
	fen := readerTestFEN
	p := MustParseFEN(fen)
	m := p.LegalMoves()[0]
	text := fmt.Sprintf("[FEN %q]\n1. %s *\n", fen, p.Path(m).Format(Algebraic))
	gen := int64(searchWork(func() { p.LegalMoves() }))
	r := NewReader(strings.NewReader(text))
	r.WorkLimit = gen // the generation fits; its paths do not
	if err := r.CheckGame(); !errors.Is(err, ErrWorkLimit) {
		t.Errorf("%v, want a work limit error", err)
	}
	r = NewReader(strings.NewReader(text))
	r.WorkLimit = 100 * gen // ample: the check costs the generation and 16 states of path search (2026-11-28)
	if err := r.CheckGame(); err != nil {
		t.Error(err)
	}
}
