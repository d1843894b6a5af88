// Sending the page's operations to its backend, one after the other, and
// drawing the state each answer holds.
import { $, page, showError } from "hexdame/page.js";

var draw = function () {};

// onState sets the function that draws a state the backend answers.
export function onState(fn) { draw = fn; }

// send runs an operation after those before it and draws its answer.
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
    showError(resp.error || "");
    return resp;
  }, function (e) {
    $("busy").hidden = true;
    showError(String(e.message || e));
    return { error: String(e.message || e) };
  });
  page.queue = p;
  return p;
}
