// Moving through the game tree: the buttons under the board, the arrow
// keys (Up and Down among the variations) and Home/End, a click on a move of the movetext or on the graph,
// and the board turned.
import { $, page } from "hexdame/page.js";
import { send } from "hexdame/send.js";
import { setFlip } from "hexdame/settings.js";

// initNav wires the navigation.
export function initNav() {
  ["first", "prev", "next", "last"].forEach(function (id) {
    $(id).addEventListener("click", function () { send({ op: id }); });
  });
  $("flip").addEventListener("click", function () { setFlip(!page.flip); send({ op: "state" }); });
  // The arrow keys and Home/End move through the tree, but in the fields
  // whose own they are (text, lists, radio buttons: a checkbox or a
  // button has no use for them) and with a modifier (Alt+Left is the
  // browser's back).
  document.addEventListener("keydown", function (e) {
    var el = e.target, tag = el && el.tagName;
    if (e.altKey || e.ctrlKey || e.metaKey) { return; }
    if (tag === "TEXTAREA" || tag === "SELECT" || el && el.isContentEditable) { return; }
    if (tag === "INPUT" && el.type !== "checkbox" && el.type !== "button" && el.type !== "submit") { return; }
    if (document.querySelector("dialog[open]")) { return; }
    // Down (or Shift+Right) goes into the first variation of the next
    // move, or where it has none to the current move's next alternative;
    // Up to its alternative before.
    var keys = e.shiftKey ? { ArrowRight: "down" } : { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last", ArrowDown: "down", ArrowUp: "up" };
    if (keys[e.key]) { e.preventDefault(); send({ op: keys[e.key] }); }
  });
  $("movetext").addEventListener("click", function (e) {
    var m = e.target.closest("[data-n]");
    if (m) { send({ op: "goto", node: +m.getAttribute("data-n") }); }
  });
  $("graph").addEventListener("click", function (e) {
    var st = page.st;
    if (!st || st.main.length < 2) { return; }
    var r = $("graph").getBoundingClientRect(), pad = 4;
    var i = Math.round((e.clientX - r.left - pad) / (r.width - 2 * pad) * (st.main.length - 1));
    send({ op: "goto", node: st.main[Math.max(0, Math.min(st.main.length - 1, i))] });
  });
}
