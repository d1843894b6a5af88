// The board: the SVG drawing the backend sends (as hexdame svg draws it),
// the last move's cells, the selected piece and its moves, the engine's
// arrow, and the status line under it.
import { $, page, SVGNS } from "hexdame/page.js";

// drawBoard shows an SVG drawing of the board and notes the center of
// each cell.
export function drawBoard(svg) {
  var box = $("board");
  box.innerHTML = svg;
  page.centers = {};
  box.querySelectorAll("polygon.cell").forEach(function (p) {
    page.centers[p.getAttribute("data-cell")] = polygonCenter(p);
  });
  if (!page.editor) { markLast(page.st && page.st.last); }
  drawSelection();
  drawArrow();
}

// LAST is the color the last move's cells are tinted with, as much of it
// as LAST_PART (its start, landing cells and end) and TAKEN_PART (the
// cells of the pieces it took): a yellow-green, apart from the selection's
// greens and blue, which stands out on the three wood colors.
var LAST = [205, 220, 57], LAST_PART = 0.5, TAKEN_PART = 0.22;

// markLast marks the cells of move last ({path, captured}): the class
// last on its path's cells, taken on those of the pieces it took, each
// with its own color blended with the tint (--mark, which app.css
// fills them with).
function markLast(last) {
  if (!last || !last.path) { return; }
  function mark(c, cls, part) {
    var p = cellPolygon(c), rgb = p && hexColor(p.getAttribute("fill"));
    if (!rgb) { return; }
    p.classList.add(cls);
    p.style.setProperty("--mark", "rgb(" + rgb.map(function (v, i) { return Math.round(v + (LAST[i] - v) * part); }).join(",") + ")");
  }
  last.path.forEach(function (c) { mark(c, "last", LAST_PART); });
  (last.captured || []).forEach(function (c) { mark(c, "taken", TAKEN_PART); });
}

function hexColor(s) {
  var m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(s || "");
  return m ? [parseInt(m[1], 16), parseInt(m[2], 16), parseInt(m[3], 16)] : null;
}

// polygonCenter returns the center of a cell's hexagon.
export function polygonCenter(p) {
  var pts = p.getAttribute("points").trim().split(/\s+/), x = 0, y = 0;
  pts.forEach(function (pt) { var xy = pt.split(","); x += +xy[0]; y += +xy[1]; });
  return [x / pts.length, y / pts.length];
}

export function cellPolygon(c) { return $("board").querySelector('polygon.cell[data-cell="' + c + '"]'); }

export function movesFrom(c) { return page.st.moves.filter(function (m) { return m.path[0] === c; }); }

// drawSelection lights the selected piece's cell and where it may go.
export function drawSelection() {
  var sel = page.sel;
  $("board").querySelectorAll("polygon.cell.dest, polygon.cell.via, polygon.cell.chosen, polygon.cell.selected").forEach(function (p) {
    p.classList.remove("dest", "via", "chosen", "selected");
  });
  if (!sel) { return; }
  var from = cellPolygon(sel.from);
  if (from) { from.classList.add("selected"); }
  var cands = sel.cands || movesFrom(sel.from);
  cands.forEach(function (m) {
    var last = m.path[m.path.length - 1];
    if (!sel.to) {
      var d = cellPolygon(last);
      if (d) { d.classList.add("dest"); }
    }
    if (sel.to) {
      // Choosing among captures that end on one cell: light the
      // landing cells that tell them apart.
      m.path.slice(1, -1).forEach(function (c) {
        var all = cands.every(function (o) { return o.path.indexOf(c) > 0; });
        var q = cellPolygon(c);
        if (q && !all) { q.classList.add("via"); }
      });
      var t = cellPolygon(sel.to);
      if (t) { t.classList.add("chosen"); }
    }
  });
  sel.via.forEach(function (c) { var q = cellPolygon(c); if (q) { q.classList.add("chosen"); } });
}

// drawArrow draws the best line's first move on the board: a shaft
// from the center of its start cell through its landing cells, and a
// head whose tip is the center of its end cell, in one translucent
// shape (its overlaps are not darker).
export function drawArrow() {
  var svg = $("board").querySelector("svg"), lines = page.lastLines;
  if (!svg) { return; }
  var old = svg.querySelector("g.arrow");
  if (old) { old.remove(); }
  if (!lines.length || !lines[0].path || lines[0].path.length < 2) { return; }
  var pts = lines[0].path.map(function (c) { return page.centers[c]; });
  if (pts.some(function (p) { return !p; })) { return; }
  var g = document.createElementNS(SVGNS, "g");
  g.setAttribute("class", "arrow");
  g.setAttribute("opacity", "0.75");
  var tip = pts[pts.length - 1], from = pts[pts.length - 2];
  var dx = tip[0] - from[0], dy = tip[1] - from[1], d = Math.sqrt(dx * dx + dy * dy) || 1;
  var ux = dx / d, uy = dy / d, len = 7, half = 4.6; // the head, in the board's units
  var base = [tip[0] - ux * len, tip[1] - uy * len];
  var shaft = document.createElementNS(SVGNS, "polyline");
  shaft.setAttribute("points", pts.slice(0, -1).concat([base]).map(function (p) { return p[0].toFixed(2) + "," + p[1].toFixed(2); }).join(" "));
  shaft.setAttribute("fill", "none");
  shaft.setAttribute("stroke", "#2e7d32");
  shaft.setAttribute("stroke-width", "3.4");
  shaft.setAttribute("stroke-linecap", "round");
  shaft.setAttribute("stroke-linejoin", "round");
  g.appendChild(shaft);
  var head = document.createElementNS(SVGNS, "polygon");
  head.setAttribute("points", [tip, [base[0] - uy * half, base[1] + ux * half], [base[0] + uy * half, base[1] - ux * half]].map(function (p) { return p[0].toFixed(2) + "," + p[1].toFixed(2); }).join(" "));
  head.setAttribute("fill", "#2e7d32");
  g.appendChild(head);
  svg.appendChild(g);
}

// drawStatus writes who is to move, or how the game ended, under the
// board, and the state's node, position and outcome on the body (for
// the tests).
export function drawStatus() {
  var s = page.st, box = $("status");
  box.textContent = "";
  var side = s.side === "white" ? "White" : "Red";
  var text = document.createElement("span");
  if (s.over) {
    text.className = "over";
    text.textContent = "Game over: " + s.outcome;
  } else {
    text.textContent = side + " to move";
    if (s.last) { text.textContent = "After " + s.last.text + "; " + text.textContent; }
  }
  box.appendChild(text);
  if (page.sel && page.sel.to) {
    box.appendChild(document.createTextNode(" — several captures end on " + page.sel.to + ": click the landing cells along the way"));
  }
  document.body.setAttribute("data-node", s.node);
  document.body.setAttribute("data-fen", s.fen);
  document.body.setAttribute("data-over", s.over ? s.outcome : "");
}
