// The engine's answer to a draw offer: the rule it accepts one by.
import { page } from "hexdame/page.js";

// DRAW_DEPTH is the depth of the search that weighs a draw offer, and
// DRAW_MARGIN the most, in men, that the engine may see itself ahead by
// and still take a draw.
export const DRAW_DEPTH = 10, DRAW_MARGIN = 0.1;

// considerDraw weighs a draw offer in the state st for the engine, which
// plays side: it declines while a capture is pending (the material is
// changing hands: the offer waits for the exchange to end); else it
// searches the position at full strength to DRAW_DEPTH (the same depth
// on any machine, so the same answer) and accepts when its score, for
// itself, is at most DRAW_MARGIN: a draw is then fair for it. A proven
// win it declines, a proven loss it accepts. It returns a promise of
// {accept, why}.
export function considerDraw(st, side) {
  if (st.moves.some(function (m) { return m.captured && m.captured.length; })) {
    return Promise.resolve({ accept: false, why: "a capture is pending; offer again when the exchange is over" });
  }
  return page.backend.search({ fen: st.fen, history: st.history, depth: DRAW_DEPTH, movetime: 5000 }).then(function (r) {
    var l = r.lines && r.lines[0];
    if (!l) { throw new Error(r.error || "the engine did not answer"); }
    var mine = st.side === side ? l.men : -l.men, w = /^(win|loss) /.exec(l.score);
    if (w) {
      var wins = (w[1] === "win") === (st.side === side);
      return { accept: !wins, why: wins ? "it sees a forced win" : "it sees a forced loss" };
    }
    var score = (mine >= 0 ? "+" : "") + mine.toFixed(2);
    if (mine <= DRAW_MARGIN) { return { accept: true, why: "it sees itself at " + score + ", no better than a draw" }; }
    return { accept: false, why: "it sees itself ahead, at " + score };
  });
}
