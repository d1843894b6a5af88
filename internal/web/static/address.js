// The page's address: it holds the position and the moves, so that a link
// reproduces the board.
import { mode, page, START } from "hexdame/page.js";

// restoreRequest is the operation that sets up the game the address
// holds.
export function restoreRequest() {
  var p = new URLSearchParams(location.hash.slice(1));
  var req = { op: "new", notation: page.notation, flip: page.flip };
  if (p.get("fen")) { req.fen = p.get("fen"); }
  if (p.get("moves")) { req.moves = p.get("moves").split(","); }
  return req;
}

// updateAddress writes the current line into the address. The viewer's
// address names a game and steps through it (see viewer.js): it stays.
export function updateAddress() {
  var st = page.st;
  if (mode === "viewer") { return; }
  var p = new URLSearchParams();
  if (st.line === null) {
    p.set("fen", st.fen);
  } else {
    if (st.start !== START) { p.set("fen", st.start); }
    if (st.line.length) { p.set("moves", st.line.join(",")); }
  }
  var h = p.toString();
  if (location.hash.slice(1) !== h) { history.replaceState(null, "", h ? "#" + h : location.pathname + location.search); }
}
