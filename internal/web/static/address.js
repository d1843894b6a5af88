// The page's address: it holds the game shown, its position and moves,
// so that a link reproduces the board: fen (when not the start), moves
// (the line shown, to its end), at (the ply shown, when not the last)
// and game (the game of an import, which the browser keeps: see
// store.js).
import { mode, page, START } from "hexdame/page.js";

// restoreRequest is the operation that sets up the game the address
// holds.
export function restoreRequest() {
  var p = new URLSearchParams(location.hash.slice(1));
  var req = { op: "new", notation: page.notation, flip: page.flip };
  if (p.get("fen")) { req.fen = p.get("fen"); }
  if (p.get("moves")) { req.moves = p.get("moves").split(","); }
  if (p.get("at") && req.moves && /^\d+$/.test(p.get("at"))) { req.at = +p.get("at"); }
  return req;
}

// updateAddress writes the current line into the address. The viewer's
// address names a game and steps through it (see viewer.js): it stays.
export function updateAddress() {
  var st = page.st;
  if (mode === "viewer") { return; }
  var p = new URLSearchParams();
  if (st.from) { p.set("game", st.from); }
  if (st.line === null) {
    p.set("fen", st.fen);
  } else {
    if (st.start !== START) { p.set("fen", st.start); }
    var moves = st.line.concat(st.rest || []);
    if (moves.length) { p.set("moves", moves.join(",")); }
    if (st.rest && st.rest.length) { p.set("at", st.line.length); }
  }
  var h = p.toString();
  if (location.hash.slice(1) !== h) { history.replaceState(null, "", h ? "#" + h : location.pathname + location.search); }
}
