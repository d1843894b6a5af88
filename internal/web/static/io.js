// In and out: PDN pasted or uploaded (a file of several games gives a
// list to pick from), a list of moves pasted and played, a FEN set up,
// and the game downloaded as PDN or the position as SVG.
import { $, page, showError } from "hexdame/page.js";
import { send } from "hexdame/send.js";
import { stopGame } from "hexdame/play.js";
import { keepImport } from "hexdame/store.js";

// listGames lists the games of an import (web.GameInfo: label and
// error); a click on one picks it, keeping the changes of the game
// shown. markGames marks the current one and those with changes.
export function listGames(games) {
  var list = $("games");
  list.textContent = "";
  games.forEach(function (g, i) {
    var li = document.createElement("li");
    li.textContent = g.label;
    if (g.error) { li.classList.add("invalid"); li.title = g.error; }
    li.addEventListener("click", function () {
      if (page.st && page.st.from === i + 1) { return; }
      stopGame();
      send({ op: "pick", game: i + 1, keep: true });
    });
    list.appendChild(li);
  });
  markGames();
}

// markGames marks, in the list of an import, the game shown and the
// games whose changes are kept.
export function markGames() {
  var st = page.st;
  if (!st) { return; }
  $("games").querySelectorAll("li").forEach(function (li, i) {
    li.classList.toggle("current", st.from === i + 1);
    var edited = (st.kept || []).indexOf(i + 1) >= 0;
    li.classList.toggle("edited", edited);
    if (!li.classList.contains("invalid")) { li.title = edited ? "changed: your changes are kept" : ""; }
  });
}

// importPDN imports text (leaving a game against the engine, as every
// operation that replaces the game does, asked or not).
function importPDN(text) {
  stopGame();
  return send({ op: "import", pdn: text, keep: true }).then(function (resp) {
    if (resp.confirm) { return; } // not replaced
    if (resp.state && resp.state.imported) { keepImport(text); }
    listGames(resp.games || []);
  });
}

// isMoveList reports whether text is a list of moves (with or without
// numbers), not a PDN game with tags or a FEN.
export function isMoveList(text) {
  return !/[[{]/.test(text) && /^\s*(\d+\.+\s*)?([a-i][1-9]|\d{1,2})[-x:]/i.test(text);
}

// pasteMoves plays a list of moves from the position shown, as the
// session's op paste does.
function pasteMoves(text) {
  if (page.game && !page.game.over) {
    showError("A list of moves is not played into a game against the engine: leave the game first (new game, or the game over).");
    return;
  }
  send({ op: "paste", text: text });
}

function onPaste(e) {
  var text = e.clipboardData ? e.clipboardData.getData("text/plain") : "";
  var el = e.target, tag = el && el.tagName;
  var field = tag === "TEXTAREA" || tag === "INPUT" || (el && el.isContentEditable);
  if (field && el.id !== "pdnin" && el.id !== "fenin") { return; } // the comment, the move field: their own
  if (!isMoveList(text)) {
    if (!field && text.trim()) { showError("Paste a list of moves on the board (1. d4-e5 f6xd4 2. c3xe5); a PDN game goes in the box of In and out."); }
    return;
  }
  e.preventDefault();
  pasteMoves(text);
}

function download(name, type, text) {
  var a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([text], { type: type }));
  a.download = name;
  document.body.appendChild(a);
  a.click();
  setTimeout(function () { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
}

// fileName names a download after the game: its players and date, as
// white-vs-black-2026-11-28, and what it holds (suffix: "-numeric").
export function fileName(suffix, ext) {
  var tags = {};
  (page.st.tags || []).forEach(function (t) { tags[t[0]] = t[1]; });
  function slug(s) { return (s || "").toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, ""); }
  var parts = [];
  var w = slug(tags.White), b = slug(tags.Black);
  if (w || b) { parts.push((w || "unknown") + "-vs-" + (b || "unknown")); }
  if (tags.Date && /^\d{4}/.test(tags.Date)) { parts.push(slug(tags.Date.replace(/\.\?+/g, ""))); }
  if (tags.Round && slug(tags.Round)) { parts.push("round-" + slug(tags.Round)); }
  if (!parts.length) { parts.push("hexdame-game"); }
  return parts.join("-") + suffix + "." + ext;
}

function pdnOut(n) {
  var keep = page.notation;
  page.notation = n;
  send({ op: "pdn" }).then(function (r) { if (r.pdn) { download(fileName(n === "numeric" ? "-numeric" : "", "pdn"), "application/x-pdn", r.pdn); } });
  page.notation = keep;
  send({ op: "state" });
}

// initIO wires the controls of the panel "In and out", and a list of
// moves pasted in its fields or on the board.
export function initIO() {
  $("import").addEventListener("click", function () { importPDN($("pdnin").value); });
  $("pdnfile").addEventListener("change", function () {
    var f = $("pdnfile").files[0];
    if (!f) { return; }
    if (f.size > 1 << 20) { showError(f.name + " is larger than the 1 MiB an import takes"); return; }
    f.text().then(function (t) { importPDN(t); });
  });
  $("fenform").addEventListener("submit", function (e) {
    e.preventDefault();
    stopGame();
    send({ op: "new", fen: $("fenin").value, keep: true });
  });
  document.addEventListener("paste", onPaste);
  $("pdnalg").addEventListener("click", function () { pdnOut("algebraic"); });
  $("pdnnum").addEventListener("click", function () { pdnOut("numeric"); });
  $("svgout").addEventListener("click", function () {
    send({ op: "svg" }).then(function (r) { if (r.svg) { download(fileName("-position", "svg"), "image/svg+xml", r.svg); } });
  });
  $("copyfen").addEventListener("click", function () {
    if (navigator.clipboard) { navigator.clipboard.writeText(page.st.fen).catch(function () {}); }
    $("fenin").value = page.st.fen;
  });
  $("notation").addEventListener("change", function () { page.notation = $("notation").value; page.st.version = -1; send({ op: "state" }); });
}
