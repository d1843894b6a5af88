package web

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/hexdame/hexdame"
)

// A Saved is a session's work as the page keeps it in the browser (op
// "save"), to give it back after a reload or in a new tab (op
// "restore", with the text of the last import as PDN).
type Saved struct {
	// Game is the game shown, tree, tags, comments and NAGs, as PDN in
	// algebraic notation; Node its current node.
	Game string `json:"game"`
	Node int    `json:"node"`
	// From is the game of the import it is, from 1; 0 for none.
	From int `json:"from,omitempty"`
	// Edited reports that the game was changed since it was loaded.
	Edited    bool `json:"edited,omitempty"`
	KingMoves int  `json:"kingMoves,omitempty"`
	// Kept holds the games of the import that were edited and then left
	// for another, as PDN, by their number.
	Kept map[int]string `json:"kept,omitempty"`
}

// writePDN returns g as PDN in algebraic notation.
func writePDN(g *hexdame.Game) (string, error) {
	var b bytes.Buffer
	if err := hexdame.NewWriter(&b).WriteGame(g, hexdame.Algebraic); err != nil {
		return "", err
	}
	return b.String(), nil
}

// readPDN reads the one game of text, which must have no problem.
func readPDN(text string) (*hexdame.Game, error) {
	var g *hexdame.Game
	var problem error
	readGames(text, func(x *hexdame.Game, err error) bool {
		g, problem = x, err
		return false
	})
	switch {
	case problem != nil:
		return nil, errors.New(located(problem))
	case g == nil:
		return nil, errors.New("no game in the PDN text")
	case countNodes(g) > MaxNodes:
		return nil, errTooBig
	}
	return g, nil
}

// save returns the session's work.
func (s *Session) save() (*Saved, error) {
	pdn, err := writePDN(s.game)
	if err != nil {
		return nil, err
	}
	return &Saved{Game: pdn, Node: s.ids[s.cur], From: s.from, Edited: s.edited, KingMoves: s.game.DrawRules().KingMoves, Kept: s.kept}, nil
}

// restore gives the session the work req.Saved holds, with req.PDN as
// the text of the import it comes from, if any. A problem leaves the
// session as it was.
func (s *Session) restore(req Request, resp *Response) error {
	sv := req.Saved
	if sv == nil {
		return errors.New("nothing to restore")
	}
	g, err := readPDN(sv.Game)
	if err != nil {
		return fmt.Errorf("the game kept in the browser: %v", err)
	}
	var games []GameInfo
	if req.PDN != "" {
		if len(req.PDN) > MaxPDN {
			return fmt.Errorf("the PDN text is %d bytes, more than the %d a page may send", len(req.PDN), MaxPDN)
		}
		readGames(req.PDN, func(g *hexdame.Game, err error) bool {
			if len(games) == MaxGames {
				return false
			}
			games = append(games, GameInfo{Label: label(len(games)+1, g, err), Error: firstProblem(err)})
			return !errors.Is(err, hexdame.ErrWorkLimit)
		})
	}
	if sv.From < 0 || sv.From > len(games) {
		return fmt.Errorf("the game kept in the browser is game %d of an import of %d", sv.From, len(games))
	}
	size := 0
	for i, pdn := range sv.Kept {
		if i < 1 || i > len(games) || i == sv.From {
			return fmt.Errorf("the browser keeps an edited game %d of an import of %d", i, len(games))
		}
		size += len(pdn)
	}
	if size > MaxKept {
		return fmt.Errorf("the edited games kept in the browser take %d bytes, more than the %d a page may keep", size, MaxKept)
	}
	if sv.KingMoves < 0 || sv.KingMoves > 1000 {
		return errors.New("the king moves of the draw rule must be from 0 to 1000")
	}
	if len(games) > 0 {
		s.pdn, s.games = req.PDN, games
		if len(games) > 1 {
			resp.Games = games
		}
	} else {
		s.pdn, s.games = "", nil
	}
	s.kept = nil
	if len(sv.Kept) > 0 {
		s.kept = make(map[int]string, len(sv.Kept))
		for i, pdn := range sv.Kept {
			s.kept[i] = pdn
		}
	}
	g.SetDrawRules(hexdame.DrawRules{KingMoves: sv.KingMoves})
	s.reset(g)
	s.from, s.edited = sv.From, sv.Edited
	if s.from > 0 {
		s.notation = g.Notation()
		if req.Notation != "" {
			s.notation, _ = hexdame.ParseNotation(req.Notation)
		}
	}
	if sv.Node > 0 && sv.Node < len(s.nodes) {
		s.cur = s.nodes[sv.Node]
	}
	return nil
}

// discards returns the question to ask before req replaces the game
// shown, when req.Keep asks for one and that would lose changes that no
// game of the import keeps (and, for an import, the edited games the
// import keeps); "" to go on.
func (s *Session) discards(req Request, imports bool) string {
	if !req.Keep {
		return ""
	}
	kept := 0
	if imports {
		kept = len(s.kept)
	}
	switch {
	case s.edited && kept > 0:
		return fmt.Sprintf("Replace the game on the board and the %s of the list, with their changes?", plural(kept, "edited game"))
	case kept > 0:
		return fmt.Sprintf("Replace the %s of the list, with their changes?", plural(kept, "edited game"))
	case s.edited:
		return "Replace the game on the board? Its changes will be lost."
	}
	return ""
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return strconv.Itoa(n) + " " + what + "s"
}

// pickKeeping loads game req.Game of the last import, keeping the
// changes of the game shown: an edited game of the import is kept, to
// come back when it is picked again, unless the kept games would take
// more than MaxKept. When the changes would be lost (that, or an edited
// game of no import) and req.Keep asks, the response asks (Confirm)
// and nothing changes.
func (s *Session) pickKeeping(req Request, resp *Response) error {
	i := req.Game
	if i < 1 || i > len(s.games) {
		return fmt.Errorf("no game %d: the last import has %d", i, len(s.games))
	}
	if i == s.from {
		return nil // shown already, with its changes
	}
	keep := ""
	if s.edited {
		if s.from == 0 && req.Keep {
			resp.Confirm = fmt.Sprintf("Open game %d? The game on the board is not one of the list: its changes will be lost.", i)
			return errors.New(resp.Confirm)
		}
		pdn, err := writePDN(s.game)
		size := len(pdn)
		for j, p := range s.kept {
			if j != s.from {
				size += len(p)
			}
		}
		if (err != nil || size > MaxKept) && req.Keep {
			resp.Confirm = fmt.Sprintf("Open game %d? The changes of game %d cannot be kept (the edited games would take more than %d KiB): they will be lost.", i, s.from, MaxKept>>10)
			return errors.New(resp.Confirm)
		}
		if err == nil && size <= MaxKept {
			keep = pdn
		}
	}
	from := s.from
	if pdn, ok := s.kept[i]; ok {
		g, err := readPDN(pdn)
		if err != nil {
			return fmt.Errorf("the changes of game %d: %v", i, err)
		}
		g.SetDrawRules(s.game.DrawRules())
		s.reset(g)
		s.from, s.edited = i, true
		s.notation = g.Notation()
		delete(s.kept, i)
	} else if err := s.pick(i); err != nil && s.from != i {
		return err // not loaded
	} else if err != nil {
		s.keep(from, keep)
		return err // loaded as far as it is legal
	}
	s.keep(from, keep)
	return nil
}

// keep keeps pdn, the edited game i of the import; "" keeps nothing.
func (s *Session) keep(i int, pdn string) {
	if i == 0 || pdn == "" {
		return
	}
	if s.kept == nil {
		s.kept = make(map[int]string)
	}
	s.kept[i] = pdn
}

// keptGames returns the numbers of the import's games that hold changes:
// those kept, and the game shown if edited.
func (s *Session) keptGames() []int {
	var out []int
	for i := range s.kept {
		out = append(out, i)
	}
	if s.edited && s.from > 0 {
		out = append(out, s.from)
	}
	slices.Sort(out)
	return out
}

// sibling returns the alternative to x's move d places after it (before
// it for a negative d) among its parent's children, or nil.
func sibling(x *hexdame.Node, d int) *hexdame.Node {
	p := x.Parent()
	if p == nil {
		return nil
	}
	c := p.Children()
	i := slices.Index(c, x) + d
	if i < 0 || i >= len(c) {
		return nil
	}
	return c[i]
}

// variationStart returns the first move of the innermost variation that
// holds x, or nil when x is on the main line.
func variationStart(x *hexdame.Node) *hexdame.Node {
	for ; x.Parent() != nil; x = x.Parent() {
		if x.Parent().Children()[0] != x {
			return x
		}
	}
	return nil
}

// moveNumber matches a move number of a move list, "12." or "12...",
// with what follows it glued.
var moveNumber = regexp.MustCompile(`^[0-9]+\.+`)

// moveList returns the moves of text, a list of moves as PDN writes
// them ("1. d4-e5 f6xd4 2. c3xe5"): move numbers, strength marks and a
// final result are left out. Anything else gives an error that names it.
func moveList(text string) ([]string, error) {
	words := strings.Fields(text)
	var moves []string
	for i, w := range words {
		if loc := moveNumber.FindStringIndex(w); loc != nil {
			// A move number; a move glued to it ("1.d4-e5") follows.
			w = w[loc[1]:]
			if w == "" {
				continue
			}
		}
		if i == len(words)-1 && slices.Contains([]string{"*", "2-0", "0-2", "1-1"}, w) {
			break
		}
		m := strings.TrimRight(w, "!?")
		if j := strings.IndexByte(m, '('); j > 0 && strings.HasSuffix(m, ")") && strings.Trim(m[j:], "(!?)") == "" {
			m = m[:j]
		}
		if m == "" || strings.Trim(m, "abcdefghi0123456789-x:") != "" {
			return nil, fmt.Errorf("%q is not a move: paste a list of moves, such as 1. d4-e5 f6xd4 2. c3xe5 (a game with tags goes through import PDN)", clip(w))
		}
		moves = append(moves, m)
	}
	if len(moves) == 0 {
		return nil, errors.New("no move in the text pasted")
	}
	if len(moves) > MaxNodes {
		return nil, errTooBig
	}
	return moves, nil
}

// check reports the first of moves that cannot be played after the one
// before it from the current position, naming it; nil when all can.
func (s *Session) check(moves []string) error {
	p := s.cur.Position()
	for i, text := range moves {
		m, err := p.ParseMove(text)
		if err != nil {
			return fmt.Errorf("nothing played: move %d of the list, %s, cannot be played %s: %v", i+1, clip(text), before(i, moves), err)
		}
		p = p.PlayUnchecked(m)
	}
	return nil
}

// before says where move i of a list is played: here, or after the
// move before it.
func before(i int, moves []string) string {
	if i == 0 {
		return "here"
	}
	return "after " + clip(moves[i-1])
}
