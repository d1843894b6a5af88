// Moves played on the board: a click or a drag of a piece to its
// destination (and, where captures with different pieces end on one
// cell, clicks on the landing cells along the way), or a move typed.
import { $, page, timings, showError } from "hexdame/page.js";
import { send } from "hexdame/send.js";
import { drawSelection, drawStatus, movesFrom } from "hexdame/board.js";
import { canMove } from "hexdame/play.js";
import { editCell } from "hexdame/editor.js";
import { endAnimation } from "hexdame/animate.js";

function cellAt(target) {
  var el = target && target.closest ? target.closest("[data-cell]") : null;
  return el ? el.getAttribute("data-cell") : null;
}

// clickTarget handles a click on cell c while a piece is selected: a
// destination plays the move (or asks for the landing cells when
// captures with different pieces end there), a landing cell is noted.
// It reports whether c was one of them.
function clickTarget(c) {
  var sel = page.sel, moves = movesFrom(sel.from);
  if (sel.to) {
    if (c === sel.to) { return true; }
    sel.via.push(c);
    tryMove();
    return true;
  }
  var ending = moves.filter(function (m) { return m.path[m.path.length - 1] === c; });
  if (ending.length === 1 && !sel.via.length) {
    playMove(ending[0].text);
    return true;
  }
  if (ending.length >= 1) {
    sel.to = c;
    sel.cands = ending;
    tryMove();
    return true;
  }
  var onPath = moves.some(function (m) { return m.path.indexOf(c) > 0; });
  if (onPath) {
    sel.via.push(c);
    drawSelection();
    return true;
  }
  return false;
}

// tryMove asks the rules which capture the cells clicked name: one is
// played, several wait for another landing cell, none drops the click.
function tryMove() {
  var s = page.sel;
  var text = [s.from].concat(s.via, [s.to]).join("x");
  if (s.cands.length === 1 && !s.cands[0].captured) { text = s.from + "-" + s.to; }
  send({ op: "play", move: text }).then(function (resp) {
    if (!resp.error) { return; }
    if (resp.candidates && resp.candidates.length) {
      s.cands = resp.candidates;
      showError("");
    } else if (s.via.length) {
      var c = s.via.pop();
      showError(c + " is a landing cell of none of the captures to " + s.to);
    }
    page.sel = s;
    drawSelection();
    drawStatus();
  });
}

function playMove(text) {
  page.sel = null;
  drawSelection();
  return send({ op: "play", move: text });
}

// initInput wires the board's pointer events and the move field.
export function initInput() {
  var drag = null, board = $("board");
  board.addEventListener("pointerdown", function (e) {
    var t0 = performance.now();
    var c = cellAt(e.target);
    endAnimation(); // a click does not wait for a piece on its way
    if (!c || !page.st) { return; }
    if (page.editor) { editCell(c); return; }
    if (!canMove()) { return; }
    if (page.sel && page.sel.from !== c && clickTarget(c)) { return; }
    if (movesFrom(c).length) {
      page.sel = { from: c, via: [], to: null, cands: null };
      drawSelection();
      timings.clicks.push(performance.now() - t0);
      var piece = board.querySelector('g.piece[data-cell="' + c + '"]');
      if (piece) {
        drag = { piece: piece, x: e.clientX, y: e.clientY, moved: false, from: c };
        piece.setPointerCapture && board.setPointerCapture(e.pointerId);
      }
    } else {
      page.sel = null;
      drawSelection();
    }
    drawStatus();
  });
  board.addEventListener("pointermove", function (e) {
    if (!drag) { return; }
    var svg = board.querySelector("svg"), ctm = svg.getScreenCTM();
    var dx = (e.clientX - drag.x) / ctm.a, dy = (e.clientY - drag.y) / ctm.d;
    if (Math.abs(dx) + Math.abs(dy) > 2) {
      drag.moved = true;
      drag.piece.classList.add("dragging");
      drag.piece.setAttribute("transform", "translate(" + dx.toFixed(1) + "," + dy.toFixed(1) + ")");
    }
  });
  board.addEventListener("pointerup", function (e) {
    if (!drag) { return; }
    var d = drag;
    drag = null;
    if (!d.moved) { return; }
    d.piece.removeAttribute("transform");
    d.piece.classList.remove("dragging");
    var c = cellAt(document.elementFromPoint(e.clientX, e.clientY));
    if (c && c !== d.from) { clickTarget(c); }
  });
  $("moveform").addEventListener("submit", function (e) {
    e.preventDefault();
    var text = $("moveinput").value.trim();
    if (!text || !canMove()) { return; }
    playMove(text).then(function (r) { if (!r.error) { $("moveinput").value = ""; } });
  });
}
