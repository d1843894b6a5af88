// Package web is the board in the browser: the page that hexdame serve
// serves, its server, and the static site of hexdame serve -export, which
// runs the same Go code as WebAssembly in the browser.
//
// # One copy of the rules
//
// The page (static/index.html and its JavaScript modules, which the
// browser loads as they are, through an import map: no build step) holds
// no rule of the game: every action goes to a Session, which keeps the
// game's tree with package hexdame's Game and answers with the State to
// draw (the board as hexdame svg draws it, the legal moves with their
// paths, the movetext, the outcome). Searches
// go to Search, which runs package engine. On hexdame serve the Session
// and the searches run in the server; on the static site they run in the
// browser, compiled to WebAssembly (package main in ./wasm), each in a
// Web Worker: one keeps the Session, the other searches, so that the page
// never waits for the engine. The page talks to either through one small
// interface (do, search, analyze), so both sites are the same page.
//
// # The protocol
//
// Every request and answer is JSON. On the server:
//
//	POST /api/session             -> {"session": ID}
//	POST /api/do?s=ID   Request   -> Response
//	POST /api/search    SearchRequest -> Report (the engine's move: Done and Best)
//	POST /api/analyze   SearchRequest -> text/event-stream of "data: Report" events
//	POST /api/review    ReviewRequest -> text/event-stream of "data: ReviewReport" events
//
// A request must say it is JSON, with Content-Type application/json, or
// it answers 415: so a page of another site cannot post to the server (to
// start searches, or make sessions until the user's are dropped), for its
// browser must first ask the server's leave, which the server does not
// give. A site that points its own name at 127.0.0.1 (DNS rebinding)
// would be asking its own leave: with Config.Loopback, which hexdame
// serve sets on a loopback address, requests for other names than
// localhost and loopback addresses answer 421.
//
// A session is one tab's game: the page makes one when it loads (and
// restores into it the work the browser keeps, see static/store.js, or
// the game of the address), and an unknown session (the server keeps the
// 64 used last) answers 404. Request.Op is one of:
//
//	state                       the state, nothing changed
//	new      fen, moves, at     a new game from the start or a FEN (a position a game
//	                            reaches: Position.CheckReachable), with moves played,
//	                            shown at ply at of them (the last by default)
//	goto     node               go to a node; first, prev, next, last move along the tree
//	down, up                    down: into the first variation of the next move, or
//	                            where it has none to the current move's next
//	                            alternative; up: to its alternative before
//	play     node, move | moves play moves from the node (the current one by default):
//	                            along the tree where it has them, else as a variation
//	                            (or the main line's continuation at its end); an
//	                            ambiguous capture answers its Candidates
//	paste    text               play a list of moves ("1. d4-e5 f6xd4 2. c3xe5") as
//	                            play does, all or, naming the first that cannot be
//	                            played, none
//	takeback count              take back the main line's last moves
//	promote, mainline, delete   a variation one up, to the main line, or removed
//	comment  node, text         the comment after a move; nags: node, nags (a NAG of
//	                            $1 to $6 is the move's strength mark, glued to it;
//	                            NAGs come before the comment)
//	result   result, reason     a result the players decide (resignation, agreement), or
//	                            with reason "time-forfeit" a loss on time
//	drawrules kingMoves         DrawRules.KingMoves (0: none)
//	import   pdn                read PDN: one game loaded, several listed (Games) and
//	                            the first loaded; problems located by line and column
//	pick     game               load game N of the last import, keeping the changes of
//	                            the game shown, if one of the import, for when it is
//	                            picked again
//	pdn                         the game as PDN, in the request's notation
//	svg                         the position as an SVG document
//	edit     fen, cell, piece, side  the position editor's next position (Edit)
//	annotate review             write a review into the game (package internal/review):
//	                            review.evals are the evaluations /api/review gave of
//	                            the main line's positions from the start (those that
//	                            are not its positions end them); the moves are judged,
//	                            and evaluations, NAGs (shown as strength marks), better
//	                            lines and the summary tags written
//	save                        the session's work (Saved): the game as PDN, its node,
//	                            the changed games of the import; the page keeps it in
//	                            the browser
//	restore  saved, pdn         the work saved, with the text of its import
//
// With keep, new, import and pick do not lose changes: where they would
// (State.Edited, State.Kept), they answer the question to ask
// (Response.Confirm) and change nothing; sent again without keep, they
// go on.
//
// Every request may carry notation (of the moves shown), flip (the
// board drawn with Red at the bottom) and version, the tree the page
// holds: the State leaves the Tree out when it is that one. Nodes are
// numbered in the order of the movetext, the root 0; the numbers change
// when the tree does, and a request that names a node of an older version
// is refused.
//
// The analysis streams by Server-Sent Events, read by a fetch rather
// than EventSource (which cannot POST), not by a WebSocket: the reports
// flow one way, and the page stops a search by aborting the fetch, which
// closes the connection and ends the request's context in net/http. So
// the standard library serves it, with no WebSocket library to keep up.
//
// An analysis streams a Report after each completed depth until the page
// stops it (by closing the connection), the position is solved (every
// line a proven win or loss, the search four plies deeper than the
// longest), or the server's AnalysisTime passes; the last report has
// Done. Reports the page
// has not read yet are replaced by newer ones.
//
// A review streams a ReviewReport for each position of the main line it
// was given (the page sends Tree.Main), in order, each with its
// evaluation, until the positions are done, the page stops it, or
// AnalysisTime passes; the last report has Done (and Error, when it
// stopped early). Every report is sent: the page keeps them, draws each
// on its graph as it comes, and at the end, or when the user stops the
// review, sends those it has to its session (op annotate), which writes
// the review into the game. On the static site the review runs in a Web
// Worker of its own (hexdameReview), ended when the review is done or
// stopped, so that the analysis goes on beside it. A review's time a
// position is at most MaxReviewMoveTime, its depth MaxReviewDepth, and its
// positions review.MaxPositions.
//
// # Bounds
//
// The Server bounds what a page may make it hold or do: request bodies
// (2 MiB), sessions (64, the one unused longest dropped, each holding at
// most SessionBytes), a game tree (MaxNodes) and its comments and NAGs
// (MaxNotes), PDN imports (MaxPDN, MaxGames, and the work of their
// capture searches; a game's problems listed up to 20), searches at once
// (2, each with its own engine), the positions a search or an analysis
// takes (positions a game reaches, whose moves take the capture search
// at most SearchWork states: the engine cannot stop halfway through a
// generation of moves), analysis and review streams (8), an
// analysis's or a review's time (10 minutes), a review's positions and
// limits, and how long a client may take to read an answer (30
// seconds). A search or an analysis stops as soon as its client leaves,
// and an analysis once its result is settled. HTTPServer adds timeouts
// for slow and idle clients, and its Shutdown ends every search and
// closes the connections no handler is using. Busy, the server answers
// 503.
package web
