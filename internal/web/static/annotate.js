// Editing the game tree: a variation promoted, made the main line or
// deleted, and a move's comment and NAG.
import { $, page } from "hexdame/page.js";
import { send } from "hexdame/send.js";

// EVAL is an evaluation in a comment, as a review writes it ([%eval
// +0.35]): the graph shows it, the comment's field leaves it out, and a
// comment set keeps it.
var EVAL = /\s*\[%eval [^\]]*\]\s*/g;
var evals = ""; // the evaluations of the comment shown

// showComment puts a move's comment in the comment's field, without its
// evaluations.
export function showComment(text) {
  evals = ((text || "").match(EVAL) || []).map(function (e) { return e.trim(); }).join(" ");
  $("comment").value = (text || "").replace(EVAL, " ").trim();
}

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
    var text = $("comment").value.trim();
    send({ op: "comment", node: page.st.node, text: evals ? (text ? text + " " : "") + evals : text });
  });
}
