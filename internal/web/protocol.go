package web

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
	At        *int     `json:"at,omitempty"`        // with new: the ply of Moves to show (the last by default)
	// Keep asks an operation that replaces the game shown (new, import,
	// pick) not to lose changes: where it would, it answers
	// Response.Confirm instead, and is carried out sent again without.
	Keep   bool          `json:"keep,omitempty"`
	Saved  *Saved        `json:"saved,omitempty"`  // the work to restore (op "restore")
	Review *ReviewResult `json:"review,omitempty"` // a review's evaluations to write into the game (op "annotate")
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
	// Confirm is the question to ask before an operation that would lose
	// changes (new, import, pick, asked with Keep): the operation was not
	// carried out, and is, sent again without Keep.
	Confirm string `json:"confirm,omitempty"`
	Saved   *Saved `json:"saved,omitempty"` // the session's work (op "save")
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
	Side     string `json:"side"`           // "white" or "red", to move
	SVG      string `json:"svg"`            // the board, as hexdame svg draws it, with the last move
	Notation string `json:"notation"`
	// Line is the moves from the root to the node, as PDN writes them,
	// for the page's address; nil when a setup is on the way. Rest is the
	// moves of the line after the node, to its end.
	Line []string `json:"line"`
	Rest []string `json:"rest"`
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
	// From is the game of the import shown (from 1), 0 for none.
	From int `json:"from"`
	// Edited reports that the game shown changed since it was loaded:
	// a new game, an import or a pick loads one.
	Edited bool `json:"edited"`
	// Kept lists the games of the import that hold changes, the one shown
	// among them when edited.
	Kept []int `json:"kept"`
}
