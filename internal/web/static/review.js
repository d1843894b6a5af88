// The review of the game: one click has the engine evaluate every
// position of the main line (on the server, or in a Web Worker of its
// own on the static site), fills the graph as the evaluations come, and
// then writes the review into the game (op "annotate"; see
// internal/review): an evaluation after each move, the errors marked ?!,
// ? and ??, the engine's better line as a variation after each, and a
// summary per side in the tags, which the page shows. Stopped, it writes
// what it has.
import { $, page, timings } from "hexdame/page.js";
import { send } from "hexdame/send.js";
import { drawGraph } from "hexdame/graph.js";

var running = null; // the review under way: {handle, evals, movetime}

function status(text) { $("reviewstatus").textContent = text; }

// startReview starts the review of the main line, or stops the one under
// way.
export function startReview() {
  if (running) { stopReview(); return; }
  var tree = page.tree;
  if (!tree || !tree.main || tree.main.length < 2) { status("there is no move to review"); return; }
  var r = { evals: [], movetime: +$("reviewtime").value, t0: performance.now() };
  running = r;
  $("review").textContent = "stop the review";
  status("reviewing: position 0 of " + tree.main.length);
  document.body.removeAttribute("data-reviewed");
  r.handle = page.backend.review({ positions: tree.main.slice(), movetime: r.movetime }, function (rep) {
    if (running !== r) { return; }
    if (rep.eval) {
      r.evals[rep.ply] = rep.eval;
      var men = rep.eval.fen.charAt(0) === "W" ? rep.men : -rep.men;
      page.evals[rep.eval.fen] = men;
      drawGraph();
      status("reviewing: position " + (rep.ply + 1) + " of " + rep.of);
      document.body.setAttribute("data-review", rep.ply + 1);
    }
    if (rep.done) { finish(r, rep.error || ""); }
  });
}

// stopReview stops the review under way and writes what it has.
export function stopReview() {
  var r = running;
  if (!r) { return; }
  r.handle.stop();
  finish(r, "stopped");
}

// finish ends review r and writes its evaluations, those from the start
// without a gap, into the game.
function finish(r, why) {
  if (running !== r) { return; }
  running = null;
  $("review").textContent = "review the game";
  var evals = [], depths = 0, searched = 0;
  for (var i = 0; i < r.evals.length && r.evals[i]; i++) {
    evals.push(r.evals[i]);
    if (r.evals[i].depth > 0) { depths += r.evals[i].depth; searched++; }
  }
  // What the review took, for the browser tests and the curious (in the
  // console: hexdame.timings.review).
  timings.review = { positions: evals.length, ms: performance.now() - r.t0, depth: searched ? depths / searched : 0 };
  if (evals.length < 2) {
    status(why || "nothing to write");
    document.body.setAttribute("data-reviewed", "0");
    return;
  }
  send({ op: "annotate", review: { evals: evals, movetime: r.movetime } }).then(function (resp) {
    var text = "reviewed " + evals.length + " positions";
    if (why) { text += " (" + why + ")"; }
    status(resp.error ? resp.error : text);
    document.body.setAttribute("data-reviewed", resp.error ? "0" : String(evals.length));
  });
}

// drawReviewSummary shows the summary of the game's review, from its tags
// WhiteReview and RedReview ("moves=40 inaccuracies=2 mistakes=1
// blunders=0 loss=0.23"), when it has them.
export function drawReviewSummary() {
  var table = $("reviewsummary"), tags = {};
  ((page.st && page.st.tags) || []).forEach(function (t) { tags[t[0]] = t[1]; });
  table.textContent = "";
  if (!tags.WhiteReview && !tags.RedReview) { table.hidden = true; return; }
  table.hidden = false;
  table.title = tags.Annotator || "";
  function row(cells, head) {
    var tr = document.createElement("tr");
    cells.forEach(function (c, i) {
      var td = document.createElement(head || i === 0 ? "th" : "td");
      td.textContent = c;
      tr.appendChild(td);
    });
    table.appendChild(tr);
  }
  row(["", "moves", "?! inaccuracies", "? mistakes", "?? blunders", "average loss"], true);
  [["White", tags.WhiteReview], ["Red", tags.RedReview]].forEach(function (side) {
    var v = {};
    (side[1] || "").split(" ").forEach(function (kv) { var p = kv.split("="); v[p[0]] = p[1]; });
    row([side[0], v.moves || "0", v.inaccuracies || "0", v.mistakes || "0", v.blunders || "0", (v.loss || "0.00") + " men"]);
  });
}

// initReview wires the review's button.
export function initReview() {
  $("review").addEventListener("click", startReview);
  window.addEventListener("pagehide", function () { if (running) { running.handle.stop(); running = null; } });
}
