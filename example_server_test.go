package hexdame_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"time"

	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/engine"
)

// moveRequest is what a client sends: the position and a move, as a Move
// object or as text, and, to play against the server, the level of its
// bot (1 to 10).
type moveRequest struct {
	Position hexdame.Position `json:"position"`
	Move     *hexdame.Move    `json:"move,omitempty"`
	Text     string           `json:"text,omitempty"`
	Bot      int              `json:"bot,omitempty"`
}

// moveResponse is what the server answers: with a bot, its reply and the
// position after it.
type moveResponse struct {
	Position hexdame.Position `json:"position"`
	Reply    *hexdame.Move    `json:"reply,omitempty"`
	Legal    []hexdame.Move   `json:"legal"`
	Outcome  hexdame.Outcome  `json:"outcome"`
	Error    string           `json:"error,omitempty"`
}

// bots holds an engine for each level, made when first asked for. An
// engine searches for one request at a time; the levels play side by side.
var bots struct {
	sync.Mutex
	level [engine.MaxLevel + 1]*engine.Engine
}

// bot returns the engine of a level from 1 to 10, or nil for another
// level.
func bot(level int) *engine.Engine {
	if level < 1 || level > engine.MaxLevel {
		return nil
	}
	bots.Lock()
	defer bots.Unlock()
	if bots.level[level] == nil {
		bots.level[level], _ = engine.New(engine.Options{Level: level, HashMiB: 16})
	}
	return bots.level[level]
}

// playHandler plays a move sent as JSON and answers with the position
// reached, its legal moves and the outcome. Everything a client sends is
// checked: a bad FEN or move object fails to decode, an illegal move fails
// Play. With a bot, the server answers the move with its own, searched for
// at most a tenth of a second.
func playHandler(w http.ResponseWriter, r *http.Request) {
	var req moveRequest
	dec := json.NewDecoder(io.LimitReader(r.Body, 1<<16))
	if err := dec.Decode(&req); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	p := req.Position
	var err error
	switch {
	case req.Move != nil:
		p, err = p.Play(*req.Move)
	default:
		var m hexdame.Move
		if m, err = p.ParseMove(req.Text); err == nil {
			p, err = p.Play(m)
		}
	}
	var reply *hexdame.Move
	if e := bot(req.Bot); err == nil && e != nil && p.CountLegalMoves() > 0 {
		res, err := e.Search(r.Context(), p, engine.SearchOptions{Limits: engine.Limits{MoveTime: 100 * time.Millisecond}})
		if err == nil {
			reply = &res.Move
			p, _ = p.Play(res.Move)
		}
	}
	resp := moveResponse{Position: p, Reply: reply, Legal: p.LegalMoves(), Outcome: hexdame.NewGameFrom(p).Outcome()}
	status := http.StatusOK
	var me *hexdame.MoveError
	if errors.As(err, &me) {
		status, resp.Error = http.StatusUnprocessableEntity, me.Detail()
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(resp)
}

func Example_server() {
	server := httptest.NewServer(http.HandlerFunc(playHandler))
	defer server.Close()
	for _, body := range []string{
		`{"position":"W:Wc3:Bd4,f5,h8","text":"c3xg5"}`,
		`{"position":"W:Wc3:Bd4,f5,h8","move":{"from":"c3","to":"c4","captured":[],"king":false,"promotes":false}}`,
		`{"position":"W:Wc3:Bz9","text":"c3-c4"}`,
		// Against the bot of level 5: its man on f6 must take.
		`{"position":"W:Wd4:Bf6,i9","text":"d4-e5","bot":5}`,
	} {
		resp, err := http.Post(server.URL, "application/json", strings.NewReader(body))
		if err != nil {
			fmt.Println(err)
			return
		}
		answer, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		fmt.Print(resp.StatusCode, " ", string(answer))
	}
	// Output:
	// 200 {"position":"B:Wg5:Bh8","legal":[{"from":"h8","to":"g8","captured":[]},{"from":"h8","to":"h7","captured":[]},{"from":"h8","to":"g7","captured":[]}],"outcome":{"result":"*","reason":"not over"}}
	// 422 {"position":"W:Wc3:Bd4,f5,h8","legal":[{"from":"c3","to":"g5","captured":["d4","f5"]}],"outcome":{"result":"*","reason":"not over"},"error":"illegal move: not a legal move in this position; legal: c3xg5"}
	// 400 invalid FEN "W:Wc3:Bz9" at column 8: invalid cell "z9"
	// 200 {"position":"W:W:Bd4,i9","reply":{"from":"f6","to":"d4","captured":["e5"]},"legal":[],"outcome":{"result":"0-2","reason":"no legal move"}}
}

// Example_archive checks the games of a PDN archive and says where each
// bad one breaks, keeping the legal part of it.
func Example_archive() {
	const archive = `[Event "Club 1"]
1. d4-e5 f6xd4 2. c3xe5 2-0

[Event "Club 2"]
1. d4-e5 f6xd4 2. c3xe5 h6-h5 3. e5xg5 (3. e5-f6) *

[Event "Club 3"]
[FEN "W:Wa6"]
1. a6-a7 *
`
	r := hexdame.NewReader(strings.NewReader(archive))
	for {
		g, err := r.ReadGame()
		if err == io.EOF {
			break
		}
		if err == nil {
			event, _ := g.Tag("Event")
			fmt.Printf("%s: %d plies, %v\n", event, g.End().Ply(), g.Outcome())
			continue
		}
		for _, pe := range hexdame.ParseErrors(err) {
			fmt.Printf("game %d breaks at line %d, column %d: %s\n", pe.Game, pe.Line, pe.Column, pe.Detail())
		}
		if g != nil {
			fmt.Printf("  its legal part: %d plies, %v\n", g.End().Ply(), g.Moves())
		}
	}
	// Output:
	// Club 1: 3 plies, 2-0 (resignation)
	// game 2 breaks at line 5, column 34: ply 5, move e5xg5: illegal move: the piece on e5 cannot move to g5; legal: a4-a5, a4-b5, b2-c3, b3-c3, b4-b5, b4-c5, c2-c3, c4-c5, c4-d4, c4-d5, d1-e1, d1-e2, d2-e2, d2-e3, d3-d4, d3-e3, d3-e4, e5-e6, e5-f5, e5-f6
	//   its legal part: 4 plies, [d4-e5 f6xd4 c3xe5 h6-h5]
	// game 3 breaks at line 8, column 1: invalid FEN "W:Wa6" at column 4: invalid cell "a6"
}
