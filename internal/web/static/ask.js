// Questions the page asks before it loses work: a dialog in the page
// (not the browser's confirm, which stops the page), with two answers.
import { $ } from "hexdame/page.js";

var pending = null;

// ask shows the question with the answers yes and no (their labels) and
// returns a promise of true for yes; Escape answers no. A question asked
// while another is open answers that one no.
export function ask(question, yes, no) {
  var d = $("ask");
  if (!d) {
    d = document.createElement("dialog");
    d.id = "ask";
    d.innerHTML = '<p class="question"></p><div class="row"><button class="yes"></button><button class="no"></button></div>';
    document.body.appendChild(d);
    d.querySelector(".yes").addEventListener("click", function () { answer(true); });
    d.querySelector(".no").addEventListener("click", function () { answer(false); });
    d.addEventListener("cancel", function (e) { e.preventDefault(); answer(false); });
  }
  if (pending) { answer(false); }
  d.querySelector(".question").textContent = question;
  d.querySelector(".yes").textContent = yes || "yes";
  d.querySelector(".no").textContent = no || "no";
  return new Promise(function (resolve) {
    pending = resolve;
    if (d.showModal && !d.open) { d.showModal(); } else { d.setAttribute("open", ""); }
    d.querySelector(".no").focus();
  });
}

function answer(yes) {
  var d = $("ask"), resolve = pending;
  pending = null;
  if (d.open) { d.close ? d.close() : d.removeAttribute("open"); }
  if (resolve) { resolve(yes); }
}
