package web

import (
	"bytes"
	"errors"
	"fmt"
	"iter"
	"slices"
	"strconv"
	"strings"

	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/endgame"
)

// Limits of one session, so that a page cannot make the server hold
// more than a few megabytes for it: a tree of MaxNodes nodes held about
// 5 MB (2 MB of it the tree's cached state), and its comments and NAGs
// add at most MaxNotes.
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
)

// timeForfeit is the value of the PDN tag Termination for a loss on
// time, the word of hub.TimeForfeit, which hexdame match writes there.
const timeForfeit = "time-forfeit"

// A Request is one operation of the page on its session. Op names it;
// the other fields are its arguments, each used by the operations the
// package documentation lists.
type Request struct {
	Op        string   `json:"op"`
	Node      *int     `json:"node,omitempty"`      // a node of the tree, by its number
	Move      string   `json:"move,omitempty"`      // a move in either notation
	Moves     []string `json:"moves,omitempty"`     // moves played one after the other
	FEN       string   `json:"fen,omitempty"`       // a position
	PDN       string   `json:"pdn,omitempty"`       // PDN text to import
	Game      int      `json:"game,omitempty"`      // a game of the import, from 1
	Text      string   `json:"text,omitempty"`      // a comment
	NAGs      []int    `json:"nags,omitempty"`      // NAGs of a node
	Result    string   `json:"result,omitempty"`    // a result the players decide: "2-0", "0-2", "1-1"
	Reason    string   `json:"reason,omitempty"`    // why, with a result: "time-forfeit" for a loss on time; "" for a resignation or an agreement
	Count     int      `json:"count,omitempty"`     // how many moves to take back
	KingMoves int      `json:"kingMoves,omitempty"` // the draw rule of DrawRules.KingMoves, 0 for none
	Notation  string   `json:"notation,omitempty"`  // "algebraic" or "numeric"
	Flip      bool     `json:"flip,omitempty"`      // draw Red at the bottom
	Version   int      `json:"version,omitempty"`   // the tree the page holds; the state leaves it out when current
	Cell      string   `json:"cell,omitempty"`      // the editor's cell
	Piece     string   `json:"piece,omitempty"`     // the editor's piece for it: w, W, r, R, or . for none
	Side      string   `json:"side,omitempty"`      // the editor's side to move: "white" or "red"
}

// A Response is what an operation returns: the session's state after
// it, and what the operation gives besides.
type Response struct {
	State *State `json:"state,omitempty"`
	// Error is the operation's problem, located where it has a place
	// ("line 3, column 9: ..."). The state is then unchanged, but for
	// an import of a game with problems, which is loaded as far as it is
	// legal and shown at its last legal move.
	Error string `json:"error,omitempty"`
	// Candidates are the moves a move text could mean when it names
	// several: the page asks for a landing cell to choose among them.
	Candidates []MoveInfo `json:"candidates,omitempty"`
	// Games lists the games of an import of several.
	Games []GameInfo `json:"games,omitempty"`
	PDN   string     `json:"pdn,omitempty"` // the game as PDN (op "pdn")
	SVG   string     `json:"svg,omitempty"` // the position as an SVG document (op "svg")
	Edit  *Edit      `json:"edit,omitempty"`
}

// An Edit is the position editor's position (op "edit"): any placement
// of pieces, with the problem that keeps a game from starting from it.
type Edit struct {
	FEN     string `json:"fen"`
	Side    string `json:"side"`
	SVG     string `json:"svg"`
	Problem string `json:"problem,omitempty"` // Position.CheckReachable's, or that the side to move has no move
}

// A GameInfo is a game of an import: its line in the list, and its
// problems.
type GameInfo struct {
	Label string `json:"label"`
	Error string `json:"error,omitempty"`
}

// A MoveInfo is a move: its text in the session's notation, its path
// (start and landing cells, algebraic, as the board's cells are named)
// and its captured cells.
type MoveInfo struct {
	Text     string   `json:"text"`
	Path     []string `json:"path"`
	Captured []string `json:"captured,omitempty"`
	// Tables is the endgame tables' verdict on the move, for the side
	// that plays it, with the plies to the end counted from before it
	// ("win 7", "draw", "loss 12"), when the tables hold the position
	// after it.
	Tables string `json:"tables,omitempty"`
}

// State is what the page shows.
type State struct {
	Version  int    `json:"version"`        // the tree's version, which changes with the tree
	Tree     *Tree  `json:"tree,omitempty"` // left out when the page has this version
	Node     int    `json:"node"`           // the current node
	Start    string `json:"start"`          // the root's FEN
	FEN      string `json:"fen"`            // the current position
	Numeric  string `json:"fenNumeric"`     // the same in numeric notation
	Side     string `json:"side"`           // "white" or "red", to move
	SVG      string `json:"svg"`            // the board, as hexdame svg draws it, with the last move
	Notation string `json:"notation"`
	// Line is the moves from the root to the node, as PDN writes them,
	// for the page's address; nil when a setup is on the way.
	Line []string `json:"line"`
	// Main is the main line, node numbers from the root.
	Main []int `json:"main"`
	// History is the positions before this one since the last capture
	// or man move (the others cannot recur), oldest first: what a search
	// needs to see repetitions.
	History []string    `json:"history"`
	Moves   []MoveInfo  `json:"moves"`          // the legal moves
	Last    *MoveInfo   `json:"last,omitempty"` // the move that led here
	Over    bool        `json:"over"`           // the game has ended here
	Outcome string      `json:"outcome"`        // how, as the rules or the players decided: "2-0 (no legal move)"
	Result  string      `json:"result"`         // the game's result ("*" while it goes on)
	Comment string      `json:"comment"`        // the comment after the node's move
	NAGs    []int       `json:"nags"`
	Tags    [][2]string `json:"tags"`
	// Tables is the endgame tables' verdict on the position, for the
	// side to move, when the tables hold it.
	Tables    string `json:"tables,omitempty"`
	KingMoves int    `json:"kingMoves"` // the draw rule in force (0: none)
	Imported  int    `json:"imported"`  // the games of the last import
}

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
}

// NewSession returns a session with a new game; tables, when not nil,
// give the verdicts on positions they hold.
func NewSession(tables *endgame.Tables) *Session {
	s := &Session{tables: tables}
	s.reset(hexdame.NewGame())
	return s
}

func (s *Session) reset(g *hexdame.Game) {
	s.game = g
	s.cur = g.Root()
	s.changed()
}

// changed notes that the tree changed: its numbers are made again.
func (s *Session) changed() {
	s.version++
	s.tree = nil
	s.nodes = s.nodes[:0]
	s.ids = make(map[*hexdame.Node]int)
	walk(s.game, func(x *hexdame.Node) {
		s.ids[x] = len(s.nodes)
		s.nodes = append(s.nodes, x)
	}, nil)
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
		s.notation = n
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
	case "play":
		return s.play(req, resp)
	case "takeback":
		for range max(req.Count, 1) {
			if !s.game.Undo() {
				break
			}
		}
		if !s.game.Outcome().IsOver() {
			// The game goes on: how it ended is no longer true.
			s.game.RemoveTag("Termination")
		}
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
		s.changed()
	case "result":
		return s.setResult(req.Result, req.Reason)
	case "drawrules":
		if req.KingMoves < 0 || req.KingMoves > 1000 {
			return errors.New("the king moves of the draw rule must be from 0 to 1000")
		}
		s.game.SetDrawRules(hexdame.DrawRules{KingMoves: req.KingMoves})
		s.changed()
	case "import":
		return s.importPDN(req.PDN, resp)
	case "pick":
		return s.pick(req.Game)
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
		return fmt.Errorf("unknown operation %q", req.Op)
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
		return fmt.Errorf("unknown reason %q for a result: %q or none", reason, timeForfeit)
	}
	if err := s.game.SetResult(r); err != nil {
		return err
	}
	if reason == "" {
		s.game.RemoveTag("Termination")
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
		return x.Promote()
	case "mainline":
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
		if err := s.roomForNotes(x, hexdame.NAGElement, len(req.NAGs)*noteBytes); err != nil {
			return err
		}
		return x.SetNAGs(req.NAGs)
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
	for _, n := range s.nodes {
		before, after, tail := n.AnnotationsSeq()
		for i, seq := range []iter.Seq[hexdame.Element]{before, after, tail} {
			for e := range seq {
				b := noteBytes
				if e.Kind != hexdame.NAGElement {
					b += len(e.Text)
				}
				total += b
				if n == x && i == 1 && e.Kind == kind {
					replaced += b
				}
			}
		}
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
		if _, err := g.PlayText(m); err != nil {
			return fmt.Errorf("move %d %q: %w", i+1, m, err)
		}
	}
	s.reset(g)
	s.cur = g.End()
	return nil
}

// play plays req.Move, or req.Moves one after the other, from the node:
// along the tree where it holds them, as new variations where it does
// not (or as the main line's continuation at its end).
func (s *Session) play(req Request, resp *Response) error {
	x, err := s.node(req)
	if err != nil {
		return err
	}
	moves := req.Moves
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
	r := hexdame.NewReader(strings.NewReader(text))
	r.WorkLimit = pdnWork
	for g, err := range r.Games() {
		if len(games) == MaxGames {
			break
		}
		games = append(games, GameInfo{Label: label(len(games)+1, g, err), Error: located(err)})
		if errors.Is(err, hexdame.ErrWorkLimit) {
			break
		}
	}
	if len(games) == 0 {
		return errors.New("no game in the PDN text")
	}
	s.pdn, s.games = text, games
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
	r := hexdame.NewReader(strings.NewReader(s.pdn))
	r.WorkLimit = pdnWork
	n := 0
	for g, err := range r.Games() {
		n++
		if n < i {
			continue
		}
		if g == nil {
			return errors.New(s.games[i-1].Error)
		}
		if count := countNodes(g); count > MaxNodes {
			return errTooBig
		}
		s.reset(g)
		s.notation = g.Notation()
		if err != nil {
			// Shown where it breaks: its last legal move.
			s.cur = g.End()
			return errors.New(located(err))
		}
		return nil
	}
	return fmt.Errorf("no game %d", i)
}

func countNodes(g *hexdame.Game) int {
	n := 0
	walk(g, func(*hexdame.Node) { n++ }, nil)
	return n
}

// label is a game's line in the list of an import.
func label(number int, g *hexdame.Game, err error) string {
	if g == nil {
		return strconv.Itoa(number) + ". (unreadable)"
	}
	white, _ := g.Tag("White")
	red, _ := g.Tag("Black")
	event, _ := g.Tag("Event")
	s := fmt.Sprintf("%d. %s – %s", number, orUnknown(white), orUnknown(red))
	if event != "" {
		s += ", " + event
	}
	s += " " + g.Outcome().Result.String()
	if err != nil {
		s += " (invalid)"
	}
	return s
}

func orUnknown(s string) string {
	if s == "" {
		return "?"
	}
	return s
}

// located returns the problems of a game read from PDN, each with its
// line and column, one a line; "" for none.
func located(err error) string {
	if err == nil {
		return ""
	}
	var lines []string
	var visit func(error)
	visit = func(err error) {
		var pe *hexdame.ParseError
		if j, ok := err.(interface{ Unwrap() []error }); ok && !errors.As(err, new(*hexdame.MoveError)) {
			for _, e := range j.Unwrap() {
				visit(e)
			}
			return
		}
		if errors.As(err, &pe) {
			lines = append(lines, fmt.Sprintf("line %d, column %d: %s", pe.Line, pe.Column, pe.Detail()))
			return
		}
		lines = append(lines, message(err))
	}
	visit(err)
	return strings.Join(lines, "\n")
}

// message returns an error's text for the page: a FEN error points at
// its place.
func message(err error) string {
	var fe *hexdame.FENError
	if errors.As(err, &fe) {
		return fmt.Sprintf("FEN, at column %d: %s", fe.Column, fe.Why)
	}
	if errors.As(err, new(*hexdame.ParseError)) {
		return located(err)
	}
	return err.Error()
}

// state returns the session's state for a page that holds tree version
// req.Version.
func (s *Session) state(req Request) State {
	x := s.cur
	p := x.Position()
	st := State{
		Version:   s.version,
		Node:      s.ids[x],
		Start:     s.game.InitialPosition().FEN(),
		FEN:       p.FEN(),
		Numeric:   p.FormatFEN(hexdame.Numeric),
		Side:      strings.ToLower(p.SideToMove().String()),
		SVG:       s.svg(req.Flip, false),
		Notation:  s.notation.String(),
		Comment:   x.Comment(),
		NAGs:      x.NAGs(),
		Result:    s.game.Outcome().Result.String(),
		KingMoves: s.game.DrawRules().KingMoves,
		Imported:  len(s.games),
		History:   []string{},
		Main:      []int{0},
	}
	if req.Version != s.version {
		if s.tree == nil {
			s.tree = makeTree(s.game, s.notation, s.ids)
		}
		st.Tree = s.tree
	}
	for _, t := range s.game.Tags() {
		st.Tags = append(st.Tags, [2]string{t.Name, t.Value})
	}
	for n := range s.game.Root().Mainline() {
		st.Main = append(st.Main, s.ids[n])
	}
	// The line from the root, and the history.
	var path []*hexdame.Node
	for n := x; n != nil && n.Parent() != nil; n = n.Parent() {
		path = append(path, n)
	}
	slices.Reverse(path)
	st.Line = []string{}
	for _, n := range path {
		if n.IsSetup() {
			st.Line = nil
			break
		}
		st.Line = append(st.Line, n.Before().FormatMove(n.Move(), hexdame.Algebraic))
	}
	for i := len(path) - 1; i >= 0; i-- {
		n := path[i]
		m := n.Move()
		if n.IsSetup() || !n.Before().IsReversible(m) {
			break
		}
		st.History = append(st.History, n.Before().FEN())
	}
	slices.Reverse(st.History)
	// The moves, the last move, the outcome.
	mps := p.LegalMovePaths()
	moves := make([]hexdame.Move, len(mps))
	for i, mp := range mps {
		moves[i] = mp.Move
	}
	texts := p.FormatMoves(moves, s.notation)
	st.Moves = make([]MoveInfo, len(mps))
	for i, mp := range mps {
		st.Moves[i] = MoveInfo{Text: texts[i], Path: cellNames(mp.Cells()), Captured: cellNames(mp.Move.Captured().Cells())}
	}
	if x.Parent() != nil && !x.IsSetup() {
		mi := moveInfo(x.Before(), x.Move(), s.notation)
		st.Last = &mi
	}
	o := x.Outcome()
	if x == s.game.End() {
		o = s.game.Outcome()
	}
	st.Over = o.IsOver()
	if st.Over {
		st.Outcome = o.String()
		// The rules package records a decisive result the players
		// decide as a resignation; the Termination tag tells a loss on
		// time.
		if v, _ := s.game.Tag("Termination"); o.Reason == hexdame.Resignation && v == timeForfeit {
			st.Outcome = o.Result.String() + " (loss on time)"
		}
	}
	if s.tables != nil {
		if v, d, ok := s.tables.Probe(p); ok {
			st.Tables = verdict(v, d)
			for i, m := range moves {
				if v, d, ok := s.tables.Probe(p.PlayUnchecked(m)); ok {
					st.Moves[i].Tables = verdict(v.Opposite(), d+1) // and the move's ply
				}
			}
		}
	}
	return st
}

// verdict writes a value of the tables: "win 7", "loss 12" or "draw".
func verdict(v endgame.Value, plies int) string {
	switch v {
	case endgame.Win:
		return "win " + strconv.Itoa(plies)
	case endgame.Loss:
		return "loss " + strconv.Itoa(plies)
	}
	return "draw"
}

// moveInfo describes move m of position p.
func moveInfo(p hexdame.Position, m hexdame.Move, n hexdame.Notation) MoveInfo {
	return MoveInfo{Text: p.FormatMove(m, n), Path: cellNames(p.Path(m)), Captured: cellNames(m.Captured().Cells())}
}

func cellNames(cells []hexdame.Cell) []string {
	out := make([]string, len(cells))
	for i, c := range cells {
		out[i] = c.String()
	}
	return out
}

// svg draws the current position as hexdame svg does, with the move
// that led to it: its path and the pieces it captured, which are gone.
// The move's marks are those WriteSVG draws for the move in the position
// before it, laid on the position after it. whole asks for a document
// (with its XML declaration) rather than an element for a page.
func (s *Session) svg(flip, whole bool) string {
	x := s.cur
	opts := hexdame.SVGOptions{Size: 480, Flip: flip, Coordinates: true}
	b, err := hexdame.AppendSVG(nil, x.Position(), opts)
	if err != nil {
		return ""
	}
	if x.Parent() != nil && !x.IsSetup() {
		opts.Move = x.Move()
		if before, err := hexdame.AppendSVG(nil, x.Before(), opts); err == nil {
			b = spliceMove(b, before)
		}
	}
	if !whole {
		return element(b)
	}
	return string(b)
}

// element returns the <svg> element of an SVG document, without the XML
// declaration, which has no place inside HTML.
func element(doc []byte) string {
	if i := bytes.Index(doc, []byte("<svg")); i >= 0 {
		doc = doc[i:]
	}
	return string(doc)
}

// spliceMove copies the move group of the drawing before (its marker
// definition and its <g class="move">) into the drawing after, which has
// none, before its coordinates.
func spliceMove(after, before []byte) []byte {
	defs, _, ok1 := cut(before, "<defs>", "</defs>\n")
	move, _, ok2 := cut(before, `<g class="move"`, "</g>\n")
	at := bytes.Index(after, []byte(`<g class="board"`))
	end := bytes.Index(after, []byte(`<g class="coordinates"`))
	if !ok1 || !ok2 || at < 0 || end < 0 {
		return after
	}
	out := make([]byte, 0, len(after)+len(defs)+len(move))
	out = append(out, after[:at]...)
	out = append(out, defs...)
	out = append(out, after[at:end]...)
	out = append(out, move...)
	return append(out, after[end:]...)
}

// cut returns the part of b from the first start to the end of the
// first end after it.
func cut(b []byte, start, end string) ([]byte, int, bool) {
	i := bytes.Index(b, []byte(start))
	if i < 0 {
		return nil, 0, false
	}
	j := bytes.Index(b[i:], []byte(end))
	if j < 0 {
		return nil, 0, false
	}
	return b[i : i+j+len(end)], i, true
}

// edit places req.Piece on req.Cell and sets req.Side to move, in the
// position req.FEN, for the position editor.
func edit(req Request) (*Edit, error) {
	p, err := hexdame.ParseFEN(strings.TrimSpace(req.FEN))
	if err != nil {
		return nil, err
	}
	if req.Cell != "" {
		c, err := hexdame.ParseCell(req.Cell)
		if err != nil {
			return nil, err
		}
		x, err := hexdame.ParsePiece(req.Piece)
		if err != nil {
			return nil, err
		}
		p = p.WithPiece(c, x)
	}
	if req.Side != "" {
		c, err := hexdame.ParseColor(req.Side)
		if err != nil {
			return nil, err
		}
		p = p.WithSideToMove(c)
	}
	b, err := hexdame.AppendSVG(nil, p, hexdame.SVGOptions{Size: 480, Flip: req.Flip, Coordinates: true})
	if err != nil {
		return nil, err
	}
	e := &Edit{FEN: p.FEN(), Side: strings.ToLower(p.SideToMove().String()), SVG: element(b)}
	if err := p.CheckReachable(); err != nil {
		e.Problem = err.Error()
	} else if !p.HasLegalMoves() {
		e.Problem = "the side to move has no legal move: the game would be over"
	}
	return e, nil
}
