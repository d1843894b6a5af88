// The HexDame page. The rules live in Go: the page sends each action to
// its backend (the server's session, or the same Go code compiled to
// WebAssembly in a Web Worker on the static site; in hexdame html's
// viewer, the games the page holds) and draws the state it gets back. See the package documentation of internal/web for the
// protocol. This module starts the page; each of the others has one part
// of it.
import { $, mode, page, timings, showError } from "hexdame/page.js";
import { onState, send } from "hexdame/send.js";
import { updateAddress } from "hexdame/address.js";
import { serverBackend } from "hexdame/server.js";
import { staticBackend } from "hexdame/static.js";
import { startViewer, viewerBackend } from "hexdame/viewer.js";
import { drawBoard, drawStatus } from "hexdame/board.js";
import { animate, step } from "hexdame/animate.js";
import { initSettings } from "hexdame/settings.js";
import { drawTree, drawTags, markCurrent } from "hexdame/movetext.js";
import { drawGraph } from "hexdame/graph.js";
import { drawLines, drawTables, initAnalysis, startAnalysis } from "hexdame/analysis.js";
import { initPlay, playTurn } from "hexdame/play.js";
import { initEditor } from "hexdame/editor.js";
import { initInput } from "hexdame/input.js";
import { initNav } from "hexdame/nav.js";
import { initAnnotate, showComment } from "hexdame/annotate.js";
import { drawReviewSummary, initReview } from "hexdame/review.js";
import { initIO, listGames, markGames } from "hexdame/io.js";
import { initStore, keepWork, startPlan } from "hexdame/store.js";
import { ask } from "hexdame/ask.js";
import { resumePlay } from "hexdame/resume.js";

// show draws a state the backend answered.
function show(s) {
  var st = page.st, drawn = $("board").querySelector("svg");
  var changedPosition = !st || st.fen !== s.fen || st.node !== s.node;
  page.st = s;
  // A selection (and a choice among captures) is of the position before.
  if (changedPosition) { page.sel = null; }
  if (s.tree) { page.tree = s.tree; drawTree(); drawTags(); }
  drawReviewSummary();
  if (!page.editor) { drawBoard(s.svg); animate(step(st, s), drawn); }
  markCurrent();
  drawStatus();
  $("fen").textContent = s.fen;
  showComment(s.comment);
  if (!page.editor) { updateAddress(); }
  if (mode !== "viewer") { markGames(); keepWork(); }
  drawTables();
  drawGraph();
  if (changedPosition) {
    page.lastLines = [];
    drawLines();
    if (page.analysis) { startAnalysis(); }
  }
  playTurn();
}

var backend = page.backend = { server: serverBackend, static: staticBackend, viewer: viewerBackend }[mode]();
// The backend and what the page measured, for the browser tests and the
// curious (in the console: hexdame.timings).
window.hexdame = { backend: backend, timings: timings, page: page };
onState(show);
initSettings();
initNav();
window.addEventListener("resize", drawGraph);
if (mode !== "viewer") {
  initAnnotate();
  initInput();
  initAnalysis();
  initPlay();
  initEditor();
  initIO();
  initReview();
  initStore();
  $("mode").textContent = mode === "static" ? "static site: the rules and the engine run in your browser" : "served by hexdame serve";
}

// start sends the operation that starts the page (store.js's plan): the
// work the browser kept, or the address's game (also when the kept work
// cannot be restored); where the address names another game, the page
// asks, with the kept work shown behind the question, whether to show
// that game instead. It reports whether the kept work is shown.
function start(plan) {
  return send(plan.req).then(function (r) {
    if (plan.req.op !== "restore") { return false; }
    if (r.error) {
      return send(plan.instead).then(function () { showError("The work this browser kept could not be restored: " + r.error); return false; });
    }
    if (r.games) { listGames(r.games); }
    if (!plan.ask) { return true; }
    return ask(plan.ask[0], plan.ask[1], plan.ask[2]).then(function (yes) {
      return yes ? send(plan.instead).then(function () { return false; }) : true;
    });
  });
}

var started = performance.now();
backend.init().then(function () {
  return mode === "viewer" ? startViewer(backend) : start(startPlan()).then(resumePlay);
}).then(function () {
  timings.ready = performance.now(); // since the navigation began
  timings.start = performance.now() - started;
  document.body.setAttribute("data-ready", "1");
}).catch(function (e) { showError("The page could not start: " + (e.message || e)); });
