// The game against the engine, kept in the browser with the work (see
// store.js) so that a reload or a tab opened again goes on with it: the
// player's color, the level, the clocks and the increment. A game with
// clocks goes on with the clocks as they stood when the page was left,
// as an adjourned game's do: the time the page was away is charged to
// no one, and the page says so.
//
// The key, under the prefix "hexdame.v1.": play {tab, you, level, inc,
// clock: {white, red} or null, firstMove}, written by the tab that keeps
// the work (store.js's board, whose tab it must match to be resumed).
import { $, page } from "hexdame/page.js";
import { playTurn } from "hexdame/play.js";

var KEY = "hexdame.v1.play", TAB = "hexdame.v1.tab";

function storage() {
  try { return window.localStorage || null; } catch (e) { return null; }
}

function read(key) {
  var s = storage();
  try { return s ? JSON.parse(s.getItem(key)) : null; } catch (e) { return null; }
}

function tab() {
  try { return sessionStorage.getItem(TAB) || ""; } catch (e) { return ""; }
}

// The game the page may resume, read before anything is drawn (the
// work kept is written again as soon as it is shown).
var candidate = (function () {
  var play = read(KEY), board = read("hexdame.v1.board");
  return play && board && play.tab && play.tab === board.tab ? play : null;
})();

// keepPlay keeps the game against the engine as it stands now, or
// forgets it when there is none, or it is over.
export function keepPlay() {
  var game = page.game, s = storage();
  if (!game || game.over) { forgetPlay(); return; }
  var clock = null;
  if (game.clock) {
    clock = { white: game.clock.white, red: game.clock.red };
    if (game.side) { clock[game.side] = Math.max(0, clock[game.side] - (performance.now() - game.turnStart)); }
  }
  try {
    s.setItem(KEY, JSON.stringify({ tab: tab(), you: game.you, level: game.level, inc: game.inc, clock: clock, firstMove: game.firstMove }));
  } catch (e) { /* store.js says when the browser keeps nothing */ }
}

export function forgetPlay() {
  var s = storage();
  try { if (s) { s.removeItem(KEY); } } catch (e) { /* nothing to do */ }
}

// resumePlay goes on with the game kept, if the work shown is the one it
// was kept with (kept: the page shows the work the browser kept).
export function resumePlay(kept) {
  var rec = candidate;
  candidate = null;
  if (!kept || !rec || rec.you !== "white" && rec.you !== "red" || page.st.over) { return; }
  page.game = {
    you: rec.you, level: Math.min(10, Math.max(1, +rec.level || 5)), inc: +rec.inc || 0,
    clock: rec.clock ? { white: +rec.clock.white || 0, red: +rec.clock.red || 0 } : null,
    thinking: false, over: false, turnStart: performance.now(), side: null, firstMove: +rec.firstMove || 0
  };
  $("you").value = rec.you;
  $("level").value = String(page.game.level);
  $("clocks").hidden = !page.game.clock;
  $("playstatus").textContent = "You play " + (rec.you === "white" ? "White" : "Red") + " against level " + page.game.level +
    (page.game.clock ? "; the game goes on after the reload with the clocks as they stood when the page was left." : "; the game goes on after the reload.");
  playTurn();
}

window.addEventListener("pagehide", keepPlay);
