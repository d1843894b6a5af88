// The analysis: the engine's best lines of the position shown, as they
// deepen, and the endgame tables' verdicts.
import { $, page, timings } from "hexdame/page.js";
import { send } from "hexdame/send.js";
import { drawArrow } from "hexdame/board.js";
import { drawEvalBar, noteEval, scoreText, inMoves } from "hexdame/graph.js";

// startAnalysis analyzes the position shown, stopping the analysis
// before.
export function startAnalysis() {
  var st = page.st;
  stopAnalysis();
  if (!st || st.over || !st.moves.length) { $("depth").textContent = st && st.over ? "game over" : ""; page.analysis = { handle: null }; return; }
  var fen = st.fen, side = st.side, t0 = performance.now(), first = true;
  var a = { fen: fen };
  a.handle = page.backend.analyze({ fen: fen, history: st.history, multipv: +$("multipv").value, notation: page.notation }, function (r) {
    if (page.analysis !== a) { return; }
    if (r.error) { $("depth").textContent = r.error; return; }
    if (!r.lines || !r.lines.length) { return; }
    if (first) { first = false; timings.firstLine = timings.firstLine || []; timings.firstLine.push(performance.now() - t0); }
    page.lastLines = r.lines;
    $("depth").textContent = "depth " + r.depth + "/" + r.seldepth + ", " + fmtNodes(r.nps) + " nodes/s" + (r.done ? ", done" : "");
    document.body.setAttribute("data-depth", r.depth);
    drawLines(side);
    drawArrow();
    drawEvalBar(r.lines[0], side);
    noteEval(fen, side, r.lines[0]);
  });
  page.analysis = a;
}

export function stopAnalysis() {
  if (page.analysis && page.analysis.handle) { page.analysis.handle.stop(); }
  page.analysis = null;
}

// clearAnalysis stops the analysis, unticks it and clears what it showed:
// the lines, the arrow, the bar, the score and the depth.
export function clearAnalysis() {
  stopAnalysis();
  $("analyze").checked = false;
  page.lastLines = [];
  drawLines();
  drawArrow();
  drawEvalBar(null);
  $("depth").textContent = "";
  document.body.removeAttribute("data-depth");
}

function fmtNodes(n) {
  if (n >= 1e6) { return (n / 1e6).toFixed(2) + "M"; }
  if (n >= 1e3) { return (n / 1e3).toFixed(0) + "k"; }
  return String(Math.round(n));
}

// drawLines lists the analysis's lines, each with its score for side (the
// side to move) and its moves numbered; a click plays a line.
export function drawLines(side) {
  var box = $("lines");
  box.textContent = "";
  var s = page.st;
  page.lastLines.forEach(function (l) {
    var li = document.createElement("li"), sc = document.createElement("span");
    sc.className = "score";
    sc.textContent = scoreText(l.score, side || s.side);
    li.appendChild(sc);
    var pv = document.createElement("span");
    pv.className = "pv";
    pv.textContent = numbered(l.moves, s);
    li.appendChild(pv);
    li.title = "play this line into the game";
    li.addEventListener("click", function () { send({ op: "play", node: s.node, moves: l.moves }); });
    box.appendChild(li);
  });
}

function numbered(moves, s) {
  var ply = s.main.indexOf(s.node), white = s.side === "white", out = [];
  var n = Math.floor((ply < 0 ? 0 : ply) / 2) + 1;
  moves.forEach(function (m, i) {
    if (white) { out.push(n + ". " + m); } else { out.push(i === 0 ? n + "... " + m : m); n++; }
    white = !white;
  });
  return out.join(" ");
}

// drawTables writes the endgame tables' verdict on the position and on
// each move, when the tables hold them.
export function drawTables() {
  var st = page.st, box = $("tables");
  box.textContent = "";
  if (!st.tables) { return; }
  var side = st.side === "white" ? "White" : "Red";
  var head = document.createElement("div");
  head.textContent = "Endgame tables: " + verdictText(st.tables, side);
  box.appendChild(head);
  var moves = document.createElement("div");
  moves.className = "moves";
  moves.textContent = st.moves.filter(function (m) { return m.tables; }).map(function (m) {
    return m.text + " " + verdictText(m.tables, "").trim();
  }).join(", ");
  box.appendChild(moves);
}

// verdictText writes a verdict of the tables ("win 7", "loss 12",
// "draw": plies to the end) for side, the player it is for (none: the
// move's): "White wins in 4 moves (7 plies)", "draws".
function verdictText(v, side) {
  if (v === "draw") { return side ? "a draw" : "draws"; }
  var m = /^(win|loss) (\d+)$/.exec(v);
  if (!m) { return v; }
  return (side ? side + " " : "") + (m[1] === "win" ? "wins " : "loses ") + inMoves(+m[2]);
}

// initAnalysis wires the analysis's controls.
export function initAnalysis() {
  $("analyze").addEventListener("change", function () {
    if ($("analyze").checked) {
      startAnalysis();
    } else {
      clearAnalysis();
    }
  });
  $("multipv").addEventListener("change", function () { if (page.analysis) { startAnalysis(); } });
  window.addEventListener("pagehide", stopAnalysis);
}
