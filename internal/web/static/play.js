// Playing the engine: a game with either color at a level, with clocks,
// take backs, resignation and draw offers.
import { $, page, showError } from "hexdame/page.js";
import { send } from "hexdame/send.js";
import { clearAnalysis } from "hexdame/analysis.js";
import { noteEval } from "hexdame/graph.js";
import { considerDraw } from "hexdame/draw.js";
import { setFlip } from "hexdame/settings.js";
import { forgetPlay, keepPlay } from "hexdame/resume.js";

// canMove reports whether the player may move on the board: not in the
// editor, nor while the engine is to move.
export function canMove() {
  var game = page.game;
  if (page.editor) { return false; }
  if (!game) { return true; }
  return !game.thinking && !game.over && page.st.side === game.you;
}

// startGame starts a game against the engine, from the start or the
// position shown, once the game shown may be replaced (the session asks
// when it has changes).
function startGame(fromHere) {
  clearAnalysis();
  stopGame();
  var minutes = +$("minutes").value, inc = +$("increment").value;
  var req = fromHere ? { op: "new", fen: page.st.fen, keep: true } : { op: "new", keep: true };
  send(req).then(function (r) {
    if (r.confirm || r.error) { return; } // the game shown stays
    var game = page.game = {
      you: $("you").value, level: +$("level").value, inc: inc * 1000,
      clock: minutes > 0 ? { white: minutes * 60000, red: minutes * 60000 } : null,
      thinking: false, over: false, turnStart: performance.now(), side: null,
      // The player's first move: the next ply, or the one after the
      // engine's first move.
      firstMove: page.st.main.length - 1 + (page.st.side === $("you").value ? 1 : 2)
    };
    $("resign").disabled = $("offerdraw").disabled = false;
    $("clocks").hidden = !game.clock;
    $("playstatus").textContent = "You play " + (game.you === "white" ? "White" : "Red") + " against level " + game.level + ".";
    setFlip(game.you === "red"); // the player's color at the bottom
    // Its state starts the engine when it is to move.
    send({ op: "drawrules", kingMoves: $("kingrule").checked ? 25 : 0 });
  });
}

// stopGame leaves the game against the engine, if any.
export function stopGame() {
  page.game = null;
  forgetPlay();
  ["takeback", "resign", "offerdraw"].forEach(function (id) { $(id).disabled = true; });
  $("clocks").hidden = true;
}

// endGame records a result the players decide, for reason ("" for a
// resignation or an agreement, "time-forfeit" for a loss on time).
function endGame(result, why, reason) {
  var game = page.game;
  if (game.clock && game.side && !game.over) {
    // The clock stops: the side to move is charged its turn so far.
    game.clock[game.side] = Math.max(0, game.clock[game.side] - (performance.now() - game.turnStart));
  }
  game.over = true;
  forgetPlay();
  send({ op: "result", result: result, reason: reason || "" }).then(function (r) {
    if (!r.error) { $("playstatus").textContent = why + " " + result; }
  });
}

function engineSide() { return page.game.you === "white" ? "red" : "white"; }

// playTurn runs the clocks and, on the engine's turn at the end of the
// main line, asks the engine for its move.
export function playTurn() {
  var game = page.game, st = page.st;
  if (!game) { return; }
  var now = performance.now();
  if (game.side && game.clock && !game.over) {
    game.clock[game.side] -= now - game.turnStart;
    if (game.side !== st.side) { game.clock[game.side] += game.inc; }
  }
  game.side = st.side;
  game.turnStart = now;
  if (st.over) {
    game.over = true;
    $("playstatus").textContent = "Game over: " + st.outcome;
  }
  $("resign").disabled = $("offerdraw").disabled = game.over;
  drawTakeback();
  drawClocks();
  keepPlay();
  if (game.over || game.thinking || st.side === game.you || st.main[st.main.length - 1] !== st.node) { return; }
  game.thinking = true;
  drawTakeback();
  var node = st.node, req = { fen: st.fen, history: st.history, level: game.level, notation: page.notation };
  if (game.clock) { req.clock = Math.max(100, Math.round(game.clock[st.side])); req.increment = game.inc; } else { req.movetime = 1000; }
  page.backend.search(req).then(function (r) {
    game.thinking = false;
    drawTakeback();
    // Not played when the game was left, or the engine's flag fell
    // while it thought.
    if (page.game !== game || game.over) { return; }
    if (!r.best) { showError(r.error || "the engine found no move"); return; }
    if (r.lines && r.lines[0]) { noteEval(req.fen, engineSide(), r.lines[0]); }
    send({ op: "play", node: node, move: r.best.text });
  }, function (e) { game.thinking = false; drawTakeback(); if (page.game === game) { showError(String(e.message || e)); } });
}

// drawTakeback enables take back when there is a move of the player's
// to take back in a game that goes on, and the engine is not thinking.
function drawTakeback() {
  var game = page.game, st = page.st;
  $("takeback").disabled = !game || game.over || game.thinking || !st || st.main.length - 1 < game.firstMove;
}

function drawClocks() {
  var game = page.game;
  if (!game || !game.clock) { return; }
  ["white", "red"].forEach(function (c) {
    var ms = game.clock[c];
    if (c === game.side && !game.over) { ms -= performance.now() - game.turnStart; }
    if (ms <= 0 && !game.over) {
      endGame(c === "white" ? "0-2" : "2-0", (c === "white" ? "White" : "Red") + " lost on time.", "time-forfeit");
      ms = 0;
    }
    var s = Math.max(0, Math.ceil(ms / 1000));
    $("clock-" + c).textContent = (c === "white" ? "White " : "Red ") + Math.floor(s / 60) + ":" + ("0" + s % 60).slice(-2);
    $("clock-" + c).classList.toggle("running", c === game.side && !game.over);
  });
}

// initPlay wires the controls of a game against the engine, and runs the
// clocks.
export function initPlay() {
  for (var lv = 1; lv <= 10; lv++) {
    var o = document.createElement("option");
    o.value = o.textContent = lv;
    if (lv === 5) { o.selected = true; }
    $("level").appendChild(o);
  }
  $("newgame").addEventListener("click", function () { startGame(false); });
  $("newhere").addEventListener("click", function () { startGame(true); });
  $("takeback").addEventListener("click", function () {
    var game = page.game;
    if (!game || game.thinking || game.over) { return; }
    // Back to the player's last turn: one move or two.
    var count = page.st.side === game.you ? 2 : 1;
    send({ op: "takeback", count: count });
  });
  $("resign").addEventListener("click", function () {
    var game = page.game;
    if (!game || game.over) { return; }
    endGame((game.you === "white" ? "0-2" : "2-0"), "You resigned.");
  });
  $("offerdraw").addEventListener("click", function () {
    var game = page.game, st = page.st;
    if (!game || game.over || game.thinking) { return; }
    $("playstatus").textContent = "The engine considers your offer…";
    considerDraw(st, engineSide()).then(function (d) {
      if (page.game !== game || game.over) { return; }
      if (d.accept) { endGame("1-1", "The engine accepts the draw: " + d.why + "."); } else { $("playstatus").textContent = "The engine declines the draw: " + d.why + "."; }
    }).catch(function (e) { showError(String(e.message || e)); });
  });
  setInterval(drawClocks, 250);
}
