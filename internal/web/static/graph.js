// The evaluations: the bar beside the board and the graph of the main
// line, from the analysis and the engine's moves.
import { $, page, SVGNS } from "hexdame/page.js";

// whiteView returns a line's evaluation in men from White's view, side
// being the side to move.
export function whiteView(line, side) {
  var men = line.men;
  return side === "white" ? men : -men;
}

// scoreText writes a score for the side to move from White's view:
// men with a sign, or who wins in how many moves.
export function scoreText(score, side) {
  var m = /^(win|loss) (\d+)$/.exec(score);
  if (m) {
    var winner = (m[1] === "win") === (side === "white") ? "White" : "Red";
    return winner + " wins " + inMoves(+m[2]);
  }
  var v = parseFloat(score);
  if (side !== "white") { v = -v; }
  return (v >= 0 ? "+" : "") + v.toFixed(2);
}

// inMoves writes a distance to the end of the game, given in plies, as
// the page words every one (the engine's scores, the endgame tables'
// verdicts): in the winner's moves, with the plies where they differ,
// "in 4 moves (7 plies)", "in 1 move".
export function inMoves(plies) {
  var moves = Math.ceil(plies / 2);
  var s = "in " + moves + (moves === 1 ? " move" : " moves");
  return moves === plies ? s : s + " (" + plies + " plies)";
}

// drawGraph draws the evaluations the page has of the main line's
// positions (from the analysis, the engine's moves and a review, in any
// order, and those the record's comments hold):
// a dot for each, joined by a line, over the plies of the main line, and
// the current move. It draws in the graph's own pixels, so that the dots
// stay round.
export function drawGraph() {
  var svg = $("graph"), st = page.st;
  svg.textContent = "";
  if (!st || !page.tree) { return; }
  var fens = page.tree.main || [], n = fens.length, W = svg.clientWidth || 300, H = svg.clientHeight || 80, pad = 4;
  svg.setAttribute("viewBox", "0 0 " + W + " " + H);
  function x(i) { return n > 1 ? pad + i / (n - 1) * (W - 2 * pad) : pad; }
  function add(name, attrs, parent) {
    var el = document.createElementNS(SVGNS, name);
    Object.keys(attrs).forEach(function (k) { el.setAttribute(k, attrs[k]); });
    (parent || svg).appendChild(el);
    return el;
  }
  add("line", { x1: 0, x2: W, y1: H / 2, y2: H / 2, stroke: "#bbb", "stroke-width": 1 });
  var at = st.main.indexOf(st.node);
  if (at >= 0) {
    add("line", { class: "current", x1: x(at), x2: x(at), y1: 0, y2: H, stroke: "#e65100", "stroke-width": 1.5 });
  }
  var g = add("g", { class: "evals" }), pts = [];
  for (var i = 0; i < n; i++) {
    var v = page.evals[fens[i]];
    if (v === undefined && page.tree.evals && page.tree.evals[i] != null) { v = page.tree.evals[i]; } // a review's, in the record
    if (v === undefined) { continue; }
    pts.push([x(i), H / 2 - Math.tanh(v / 3) * (H / 2 - pad), i, v]);
  }
  if (pts.length > 1) {
    // The area between the line and the middle, then the line.
    var line = pts.map(function (p) { return p[0].toFixed(1) + "," + p[1].toFixed(1); }).join(" ");
    add("polygon", { points: pts[0][0].toFixed(1) + "," + H / 2 + " " + line + " " + pts[pts.length - 1][0].toFixed(1) + "," + H / 2, fill: "#1565c0", "fill-opacity": 0.12 }, g);
    add("polyline", { points: line, fill: "none", stroke: "#1565c0", "stroke-width": 1.5 }, g);
  }
  pts.forEach(function (p) {
    var c = add("circle", { cx: p[0].toFixed(1), cy: p[1].toFixed(1), r: p[2] === at ? 3.5 : 2.5, fill: "#1565c0", "data-ply": p[2] }, g);
    var t = document.createElementNS(SVGNS, "title");
    t.textContent = "ply " + p[2] + ": " + (p[3] >= 0 ? "+" : "") + p[3].toFixed(2);
    c.appendChild(t);
  });
}

// noteEval notes the evaluation of the position fen, side to move, for
// the graph.
export function noteEval(fen, side, line) {
  page.evals[fen] = whiteView(line, side);
  drawGraph();
}

// drawEvalBar shows a line's evaluation on the bar; none turns it off.
export function drawEvalBar(line, side) {
  var fill = $("evalfill"), text = $("evalscore");
  $("evalbar").classList.toggle("off", !line);
  if (!line) { fill.style.height = "50%"; text.textContent = ""; return; }
  var v = whiteView(line, side), frac = 0.5 + 0.5 * Math.tanh(v / 3);
  fill.style.height = (frac * 100).toFixed(1) + "%";
  text.textContent = scoreText(line.score, side);
}
