// Editing the game tree: a variation promoted, made the main line or
// deleted, and a move's comment and NAG.
import { $, page } from "hexdame/page.js";
import { send } from "hexdame/send.js";

// initAnnotate wires the tree's editing controls.
export function initAnnotate() {
  ["promote", "mainline", "delete"].forEach(function (id) {
    $(id).addEventListener("click", function () { send({ op: id, node: page.st.node }); });
  });
  $("nag").addEventListener("change", function () {
    var v = $("nag").value;
    if (v === "") { return; }
    send({ op: "nags", node: page.st.node, nags: v === "0" ? [] : [+v] });
    $("nag").value = "";
  });
  $("commentform").addEventListener("submit", function (e) {
    e.preventDefault();
    send({ op: "comment", node: page.st.node, text: $("comment").value });
  });
}
