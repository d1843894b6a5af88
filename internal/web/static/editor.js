// The position editor: pieces put on the board one by one, the side to
// move chosen, and a game started from the position when the rules allow
// it. While it is open, it takes the place of the other panels, beside
// the board (body.editing).
import { $, page, START, showError } from "hexdame/page.js";
import { send } from "hexdame/send.js";
import { drawBoard } from "hexdame/board.js";
import { stopGame } from "hexdame/play.js";
import { stopAnalysis } from "hexdame/analysis.js";

// editTo asks the rules for the editor's next position: make gives the
// request from the editor's position when its turn comes, after the
// operations before it.
function editTo(make) {
  var p = page.queue.then(function () {
    var req = make(page.editor);
    req.op = "edit";
    req.flip = page.flip;
    return page.backend.do(req);
  }).then(function (r) {
    document.body.setAttribute("data-done", ++page.answered);
    if (!r.edit) { showError(r.error || ""); return; }
    page.editor = r.edit;
    drawBoard(r.edit.svg);
    $("board").querySelectorAll("polygon.cell").forEach(function (p) { p.classList.add("edit"); });
    $("editproblem").textContent = r.edit.problem || "";
    $("status").textContent = "Editing the position (" + (r.edit.side === "white" ? "White" : "Red") + " to move): click a cell to put the piece chosen there";
    $("editfen").textContent = r.edit.fen;
    $("editside").value = r.edit.side;
    $("editdone").disabled = !!r.edit.problem;
  }, function (e) { showError(String(e.message || e)); });
  page.queue = p;
  return p;
}

// editCell puts the piece chosen on cell c.
export function editCell(c) {
  var piece = document.querySelector('input[name="piece"]:checked').value;
  editTo(function (e) { return { fen: e.fen, cell: c, piece: piece }; });
}

function closeEditor() {
  page.editor = null;
  document.body.classList.remove("editing");
  $("palette").hidden = $("edittools").hidden = true;
  $("editproblem").textContent = $("editfen").textContent = "";
}

// initEditor wires the editor's controls.
export function initEditor() {
  $("edit").addEventListener("click", function () {
    stopGame();
    stopAnalysis();
    $("analyze").checked = false;
    $("palette").hidden = $("edittools").hidden = false;
    document.body.classList.add("editing");
    var fen = page.st.fen;
    editTo(function () { return { fen: fen }; }).then(function () {
      // Beside the board: the page's top; under it: the editor in view.
      if (window.matchMedia("(min-width: 1000px)").matches) { window.scrollTo(0, 0); } else { $("editpanel").scrollIntoView({ block: "nearest" }); }
    });
  });
  $("editside").addEventListener("change", function () {
    var side = $("editside").value;
    editTo(function (e) { return { fen: e.fen, side: side }; });
  });
  $("editclear").addEventListener("click", function () { editTo(function () { return { fen: "W:W:B" }; }); });
  $("editstart").addEventListener("click", function () { editTo(function () { return { fen: START }; }); });
  $("editdone").addEventListener("click", function () {
    var fen = page.editor.fen;
    closeEditor();
    send({ op: "new", fen: fen, keep: true });
  });
  $("editcancel").addEventListener("click", function () { closeEditor(); send({ op: "state" }); });
}
