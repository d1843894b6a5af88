package web

import (
	"bytes"
	"errors"
	"fmt"
	"strings"

	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/endgame"
)

// Limits of one session, so that a page cannot make the server hold
// more than SessionBytes for it: its game tree of MaxNodes nodes about
// 5 MB (2 MB of it the tree's cached state), its comments and NAGs at
// most MaxNotes, the text of its last import at most MaxPDN, the list of
// that import's games (MaxGames lines, each with its first problem
// only) about half a megabyte, and the edited games of the import it
// keeps at most MaxKept.
const (
	// MaxNodes is the most nodes a session's game tree may hold; a move
	// or an import that would go past it is refused.
	MaxNodes = 20_000
	// MaxPDN is the longest PDN text an import takes (the server also
	// bounds every request body by it).
	MaxPDN = 1 << 20
	// MaxGames is the most games of one PDN import that a session lists.
	MaxGames = 1000
	// MaxNotes is the most bytes the annotations of a session's game may
	// take, each comment its text and 10 bytes more, each NAG 10 bytes:
	// a comment or NAGs that would take them past it, and grow them, are
	// refused. (An import may bring more, as much as MaxPDN holds.)
	MaxNotes = MaxPDN
	// noteBytes is what MaxNotes counts for an annotation besides its
	// text.
	noteBytes = 10
	// pdnWork bounds the capture searches of one import (see
	// hexdame.Reader.WorkLimit): about a second of one core.
	pdnWork = 20_000_000
	// MaxKept is the most bytes of PDN that the edited games of an
	// import, kept while another is shown, may take together.
	MaxKept = MaxPDN
)

// SessionBytes is the most memory a session holds, every one of its
// limits reached (TestSessionMemory measures such a session: 9.3 MB), so
// that a server's sessions hold at most Config.Sessions times as much.
const SessionBytes = 10 << 20

// timeForfeit is the value of the PDN tag Termination for a loss on
// time, the word of hub.TimeForfeit, which hexdame match writes there.
const timeForfeit = "time-forfeit"

// Session is the game of one page: a game tree, the node shown, and the
// games of the last PDN import. It is not safe for use by several
// goroutines at once.
type Session struct {
	game     *hexdame.Game
	cur      *hexdame.Node
	notation hexdame.Notation
	version  int
	tree     *Tree // the tree of version, made when first asked for
	nodes    []*hexdame.Node
	ids      map[*hexdame.Node]int
	count    int // the tree's nodes
	pdn      string
	games    []GameInfo
	tables   *endgame.Tables
	// from is the game of the import shown (from 1), 0 for none; edited
	// reports that the game shown was changed since it was loaded; kept
	// holds, by number, the games of the import that were edited and
	// then left for another, as PDN.
	from   int
	edited bool
	kept   map[int]string
}

// NewSession returns a session with a new game; tables, when not nil,
// give the verdicts on positions they hold.
func NewSession(tables *endgame.Tables) *Session {
	s := &Session{tables: tables}
	s.reset(hexdame.NewGame())
	return s
}

func (s *Session) reset(g *hexdame.Game) {
	normalizeNotes(g)
	s.game = g
	s.cur = g.Root()
	s.edited = false
	s.changed()
}

// changed notes that the tree changed: its numbers are made again.
func (s *Session) changed() {
	s.version++
	s.tree = nil
	s.nodes = s.nodes[:0]
	s.ids = make(map[*hexdame.Node]int)
	nodes(s.game, func(x *hexdame.Node) {
		s.ids[x] = len(s.nodes)
		s.nodes = append(s.nodes, x)
	})
	s.count = len(s.nodes)
}

// Do carries out the request and returns the response. It never panics;
// a request that cannot be carried out leaves the session as it was and
// says why in Response.Error.
func (s *Session) Do(req Request) Response {
	var resp Response
	if req.Notation != "" {
		n, err := hexdame.ParseNotation(req.Notation)
		if err != nil {
			return s.fail(req, err.Error())
		}
		if n != s.notation {
			s.notation = n
			s.tree = nil // its moves are written in the notation
		}
	}
	if err := s.do(req, &resp); err != nil {
		resp.Error = message(err)
	}
	st := s.state(req)
	resp.State = &st
	return resp
}

func (s *Session) fail(req Request, msg string) Response {
	st := s.state(req)
	return Response{State: &st, Error: msg}
}

// node returns the request's node, or the current one when it names none.
func (s *Session) node(req Request) (*hexdame.Node, error) {
	if req.Node == nil {
		return s.cur, nil
	}
	n := *req.Node
	if req.Version != 0 && req.Version != s.version || n < 0 || n >= len(s.nodes) {
		return nil, errors.New("no such node: the game changed; try again")
	}
	return s.nodes[n], nil
}

var errTooBig = fmt.Errorf("the game tree holds %d nodes, the most a page may have", MaxNodes)

func (s *Session) do(req Request, resp *Response) error {
	switch req.Op {
	case "state", "":
		return nil
	case "new":
		if q := s.discards(req, false); q != "" {
			resp.Confirm = q
			return errors.New(q)
		}
		return s.newGame(req)
	case "goto":
		x, err := s.node(req)
		if err != nil {
			return err
		}
		s.cur = x
	case "first":
		s.cur = s.game.Root()
	case "prev":
		if p := s.cur.Parent(); p != nil {
			s.cur = p
		}
	case "next":
		if n := s.cur.Next(); n != nil {
			s.cur = n
		}
	case "last":
		for n := s.cur.Next(); n != nil; n = n.Next() {
			s.cur = n
		}
	case "down":
		if c := s.cur.Children(); len(c) > 1 {
			s.cur = c[1]
		} else if x := sibling(s.cur, 1); x != nil {
			s.cur = x
		}
	case "up":
		if x := sibling(s.cur, -1); x != nil {
			s.cur = x
		}
	case "play":
		return s.play(req, req.Moves, resp)
	case "paste":
		moves, err := moveList(req.Text)
		if err != nil {
			return err
		}
		if err := s.check(moves); err != nil {
			return err
		}
		return s.play(req, moves, resp)
	case "takeback":
		for range max(req.Count, 1) {
			if !s.game.Undo() {
				break
			}
		}
		if !s.game.Outcome().IsOver() {
			// The game goes on: how it ended is no longer true.
			s.game.SetTag("Termination", "")
		}
		s.edited = true
		s.changed()
		s.cur = s.game.End()
	case "promote", "mainline", "delete", "comment", "nags":
		x, err := s.node(req)
		if err != nil {
			return err
		}
		if err := s.editNode(x, req); err != nil {
			return err
		}
		s.edited = true
		s.changed()
	case "result":
		if err := s.setResult(req.Result, req.Reason); err != nil {
			return err
		}
		s.edited = true
	case "drawrules":
		if req.KingMoves < 0 || req.KingMoves > 1000 {
			return errors.New("the king moves of the draw rule must be from 0 to 1000")
		}
		s.game.SetDrawRules(hexdame.DrawRules{KingMoves: req.KingMoves})
		s.changed()
	case "import":
		if q := s.discards(req, true); q != "" {
			resp.Confirm = q
			return errors.New(q)
		}
		return s.importPDN(req.PDN, resp)
	case "pick":
		return s.pickKeeping(req, resp)
	case "annotate":
		return s.annotate(req.Review)
	case "save":
		saved, err := s.save()
		if err != nil {
			return err
		}
		resp.Saved = saved
	case "restore":
		return s.restore(req, resp)
	case "pdn":
		var b bytes.Buffer
		if err := hexdame.NewWriter(&b).WriteGame(s.game, s.notation); err != nil {
			return err
		}
		resp.PDN = b.String()
	case "svg":
		resp.SVG = s.svg(req.Flip, true)
	case "edit":
		e, err := edit(req)
		if err != nil {
			return err
		}
		resp.Edit = e
	default:
		return fmt.Errorf("unknown operation %q", clip(req.Op))
	}
	return nil
}

// setResult records a result the players decide, result, for the reason
// given: "" for a resignation or a draw agreed, timeForfeit for a loss on
// time, which the game's Termination tag records (a resignation or an
// agreement removes that tag).
func (s *Session) setResult(result, reason string) error {
	r, err := hexdame.ParseResult(result)
	if err != nil {
		return err
	}
	switch {
	case reason == timeForfeit && r != hexdame.WhiteWins && r != hexdame.RedWins:
		return fmt.Errorf("a loss on time is a win for one side, not %v", r)
	case reason != "" && reason != timeForfeit:
		return fmt.Errorf("unknown reason %q for a result: %q or none", clip(reason), timeForfeit)
	}
	if err := s.game.SetResult(r); err != nil {
		return err
	}
	if reason == "" {
		s.game.SetTag("Termination", "")
	} else if err := s.game.SetTag("Termination", reason); err != nil {
		return err
	}
	s.changed()
	return nil
}

// editNode makes the change req.Op asks of node x: a variation promoted
// or made the main line, a move deleted with what follows it (the
// current node, if among them, becomes x's parent), its comment or NAGs
// set.
func (s *Session) editNode(x *hexdame.Node, req Request) error {
	switch req.Op {
	case "promote":
		v := variationStart(x)
		if v == nil {
			return errors.New("nothing to promote: this move is on the main line")
		}
		return v.Promote()
	case "mainline":
		if variationStart(x) == nil {
			return errors.New("nothing to do: this move is on the main line already")
		}
		return x.PromoteToMain()
	case "comment":
		size := 0
		if req.Text != "" {
			size = len(req.Text) + noteBytes
		}
		if err := s.roomForNotes(x, hexdame.CommentElement, size); err != nil {
			return err
		}
		return x.SetComment(req.Text)
	case "nags":
		if x.Parent() == nil || x.IsSetup() {
			return errors.New("a NAG goes after a move: go to one first")
		}
		strength, nags := glyphOf(req.NAGs)
		if err := s.roomForNotes(x, hexdame.NAGElement, len(nags)*noteBytes); err != nil {
			return err
		}
		return setNotes(x, strength, nags)
	}
	p := x.Parent()
	err := x.Remove()
	if err == nil && !s.cur.IsInTree() {
		s.cur = p
	}
	return err
}

var errTooManyNotes = fmt.Errorf("the game's comments and NAGs would take more than the %d bytes a page may have", MaxNotes)

// roomForNotes returns an error when the annotations of kind after x's
// move, replaced by ones of size bytes (as MaxNotes counts them), would
// take the game's annotations past MaxNotes and grow them.
func (s *Session) roomForNotes(x *hexdame.Node, kind hexdame.ElementKind, size int) error {
	total, replaced := 0, 0
	for it := range s.game.Movetext(hexdame.Algebraic) {
		switch it.Kind {
		case hexdame.NAGElement:
			total += noteBytes
		case hexdame.CommentElement, hexdame.LineCommentElement:
			total += noteBytes + len(it.Text)
		}
	}
	// What x's comments or NAGs after its move take, as one comment (the
	// comments joined by a space, about their size) or each NAG.
	switch {
	case kind == hexdame.NAGElement:
		replaced = len(x.NAGs()) * noteBytes
	case x.Comment() != "":
		replaced = noteBytes + len(x.Comment())
	}
	if grown := total - replaced + size; grown > MaxNotes && grown > total {
		return errTooManyNotes
	}
	return nil
}

// newGame starts a game from the start position or req.FEN, which must be
// a position a game reaches, and plays req.Moves from there.
func (s *Session) newGame(req Request) error {
	p := hexdame.StartPosition()
	if req.FEN != "" {
		var err error
		if p, err = hexdame.ParseFEN(strings.TrimSpace(req.FEN)); err != nil {
			return err
		}
		if err := p.CheckReachable(); err != nil {
			return err
		}
	}
	if len(req.Moves) > MaxNodes {
		return errTooBig
	}
	g := hexdame.NewGameFrom(p)
	g.SetDrawRules(s.game.DrawRules())
	for i, m := range req.Moves {
		mv, err := g.Position().ParseMove(m)
		if err == nil {
			err = g.Play(mv)
		}
		if err != nil {
			return fmt.Errorf("move %d %q: %w", i+1, clip(m), err)
		}
	}
	s.reset(g)
	s.from = 0
	s.cur = g.End()
	if req.At != nil && *req.At >= 0 && *req.At < len(req.Moves) {
		s.cur = g.Root()
		for range *req.At {
			s.cur = s.cur.Next()
		}
	}
	return nil
}

// play plays req.Move, then moves one after the other, from the node:
// along the tree where it holds them, as new variations where it does
// not (or as the main line's continuation at its end).
func (s *Session) play(req Request, moves []string, resp *Response) error {
	x, err := s.node(req)
	if err != nil {
		return err
	}
	if req.Move != "" {
		moves = append([]string{req.Move}, moves...)
	}
	if len(moves) == 0 {
		return errors.New("no move to play")
	}
	added := false
	defer func() {
		if added {
			s.changed()
		}
	}()
	for _, text := range moves {
		if s.count >= MaxNodes {
			return errTooBig
		}
		p := x.Position()
		m, err := p.ParseMove(text)
		if err != nil {
			var me *hexdame.MoveError
			if errors.As(err, &me) && errors.Is(err, hexdame.ErrAmbiguousMove) {
				for _, c := range me.Candidates {
					resp.Candidates = append(resp.Candidates, moveInfo(p, c, s.notation))
				}
			}
			return err
		}
		had := len(x.Children())
		next, err := x.AddMove(m)
		if err != nil {
			return err
		}
		if len(x.Children()) != had {
			added = true
			s.edited = true
			s.count++
		}
		x = next
		s.cur = x
	}
	return nil
}

// importPDN reads the games of text: one game is loaded, several are
// listed for the page to pick from (and the first loaded).
func (s *Session) importPDN(text string, resp *Response) error {
	if len(text) > MaxPDN {
		return fmt.Errorf("the PDN text is %d bytes, more than the %d a page may send", len(text), MaxPDN)
	}
	var games []GameInfo
	readGames(text, func(g *hexdame.Game, err error) bool {
		if len(games) == MaxGames {
			return false
		}
		games = append(games, GameInfo{Label: label(len(games)+1, g, err), Error: firstProblem(err)})
		return !errors.Is(err, hexdame.ErrWorkLimit)
	})
	if len(games) == 0 {
		return errors.New("no game in the PDN text")
	}
	s.pdn, s.games, s.kept = text, games, nil
	if len(games) > 1 {
		resp.Games = games
	}
	return s.pick(1)
}

// pick loads game i (from 1) of the last import: a game with problems as
// far as it is legal, with its problems as the error.
func (s *Session) pick(i int) error {
	if i < 1 || i > len(s.games) {
		return fmt.Errorf("no game %d: the last import has %d", i, len(s.games))
	}
	n := 0
	var result error
	found := false
	readGames(s.pdn, func(g *hexdame.Game, err error) bool {
		if n++; n < i {
			return true
		}
		found = true
		switch {
		case g == nil:
			result = errors.New(s.games[i-1].Error)
		case countNodes(g) > MaxNodes:
			result = errTooBig
		default:
			s.reset(g)
			s.from = i
			s.notation = g.Notation()
			if err != nil {
				// Shown where it breaks: its last legal move.
				s.cur = g.End()
				result = errors.New(located(err))
			}
		}
		return false
	})
	if found {
		return result
	}
	return fmt.Errorf("no game %d", i)
}

func countNodes(g *hexdame.Game) int {
	n := 0
	nodes(g, func(*hexdame.Node) { n++ })
	return n
}
