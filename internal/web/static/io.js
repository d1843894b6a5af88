// In and out: PDN pasted or uploaded (a file of several games gives a
// list to pick from), a FEN set up, and the game downloaded as PDN or the
// position as SVG.
import { $, page, showError } from "hexdame/page.js";
import { send } from "hexdame/send.js";
import { stopGame } from "hexdame/play.js";

// listGames lists the games of an import (web.GameInfo: label and
// error), the first marked current; a click on one picks it.
export function listGames(games, current) {
  var list = $("games");
  list.textContent = "";
  games.forEach(function (g, i) {
    var li = document.createElement("li");
    li.textContent = g.label;
    if (g.error) { li.classList.add("invalid"); li.title = g.error; }
    if (i === (current || 0)) { li.classList.add("current"); }
    li.addEventListener("click", function () {
      list.querySelectorAll("li").forEach(function (x) { x.classList.remove("current"); });
      li.classList.add("current");
      send({ op: "pick", game: i + 1 });
    });
    list.appendChild(li);
  });
}

function importPDN(text) {
  send({ op: "import", pdn: text }).then(function (resp) { listGames(resp.games || []); });
}

function download(name, type, text) {
  var a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([text], { type: type }));
  a.download = name;
  document.body.appendChild(a);
  a.click();
  setTimeout(function () { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
}

function pdnOut(n) {
  var keep = page.notation;
  page.notation = n;
  send({ op: "pdn" }).then(function (r) { if (r.pdn) { download("game.pdn", "application/x-pdn", r.pdn); } });
  page.notation = keep;
  send({ op: "state" });
}

// initIO wires the controls of the panel "In and out".
export function initIO() {
  $("import").addEventListener("click", function () { stopGame(); importPDN($("pdnin").value); });
  $("pdnfile").addEventListener("change", function () {
    var f = $("pdnfile").files[0];
    if (!f) { return; }
    if (f.size > 1 << 20) { showError(f.name + " is larger than the 1 MiB an import takes"); return; }
    f.text().then(function (t) { stopGame(); importPDN(t); });
  });
  $("fenform").addEventListener("submit", function (e) {
    e.preventDefault();
    stopGame();
    send({ op: "new", fen: $("fenin").value });
  });
  $("pdnalg").addEventListener("click", function () { pdnOut("algebraic"); });
  $("pdnnum").addEventListener("click", function () { pdnOut("numeric"); });
  $("svgout").addEventListener("click", function () {
    send({ op: "svg" }).then(function (r) { if (r.svg) { download("position.svg", "image/svg+xml", r.svg); } });
  });
  $("copyfen").addEventListener("click", function () {
    if (navigator.clipboard) { navigator.clipboard.writeText(page.st.fen).catch(function () {}); }
    $("fenin").value = page.st.fen;
  });
  $("notation").addEventListener("change", function () { page.notation = $("notation").value; page.st.version = -1; send({ op: "state" }); });
}
