// Sending the page's operations to its backend, one after the other, and
// drawing the state each answer holds.
import { $, page, showError } from "hexdame/page.js";
import { ask } from "hexdame/ask.js";

var draw = function () {};

// onState sets the function that draws a state the backend answers.
export function onState(fn) { draw = fn; }

// send runs an operation after those before it and draws its answer. An
// operation sent with keep (new, import, pick) that would lose changes
// answers a question (Response.confirm): the page asks it, and sends the
// operation again without keep when the answer is yes; the answer is
// then that of the operation, else the question's, with confirm.
export function send(req) {
  req.flip = page.flip;
  req.notation = page.notation;
  req.version = page.st ? page.st.version : 0;
  var p = page.queue.then(function () {
    $("busy").hidden = false;
    return page.backend.do(req);
  }).then(function (resp) {
    $("busy").hidden = true;
    document.body.setAttribute("data-done", ++page.answered);
    if (resp.state) { draw(resp.state); }
    showError(resp.confirm ? "" : resp.error || "");
    return resp;
  }, function (e) {
    $("busy").hidden = true;
    showError(String(e.message || e));
    return { error: String(e.message || e) };
  });
  page.queue = p;
  if (!req.keep) { return p; }
  return p.then(function (resp) {
    if (!resp.confirm) { return resp; }
    return ask(resp.confirm, "yes, replace it", "no, keep it").then(function (yes) {
      if (!yes) { return resp; }
      var again = Object.assign({}, req);
      delete again.keep;
      return send(again);
    });
  });
}
