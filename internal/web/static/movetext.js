// The game's movetext and tags: the moves, comments, NAGs and variations
// as the backend lists them (web.Tree), with the current move marked.
import { $, page } from "hexdame/page.js";

var glyphs = { 1: "!", 2: "?", 3: "!!", 4: "??", 5: "!?", 6: "?!" };

// drawTree writes the movetext of the tree: each move and setup a span
// with its node's number (data-n), each variation a span of its own.
export function drawTree() {
  var box = $("movetext"), stack = [document.createDocumentFragment()];
  function add(cls, text, n) {
    var span = document.createElement("span");
    span.className = cls;
    span.textContent = text;
    if (n !== undefined) { span.setAttribute("data-n", n); }
    stack[stack.length - 1].appendChild(span);
    stack[stack.length - 1].appendChild(document.createTextNode(" "));
    return span;
  }
  page.tree.items.forEach(function (it) {
    switch (it.k) {
      case "m": add("move", it.t, it.n); break;
      case "s": add("setup", "[" + it.t + "]", it.n); break;
      case "c": add("comment", "{" + it.t + "}"); break;
      case "n": add("nag", glyphs[it.g] || "$" + it.g); break;
      case "r": add("result", it.t); break;
      case "(": stack.push(add("variation", "(")); break;
      case ")":
        var top = stack.pop();
        if (top.lastChild && top.lastChild.nodeType === 3) { top.removeChild(top.lastChild); }
        top.appendChild(document.createTextNode(")"));
        break;
    }
  });
  box.textContent = "";
  box.appendChild(stack[0]);
}

// drawTags writes the game's tags on one line: the players, the event,
// the date, the result; all of them, one a line, in its title.
export function drawTags() {
  var st = page.st, tags = {};
  (st.tags || []).forEach(function (t) { tags[t[0]] = t[1]; });
  var parts = [];
  if (tags.White || tags.Black) { parts.push((tags.White || "?") + " – " + (tags.Black || "?")); }
  ["Event", "Site", "Date", "Round"].forEach(function (k) { if (tags[k]) { parts.push(tags[k]); } });
  if (parts.length || st.result !== "*") { parts.push(st.result); }
  $("tags").textContent = parts.join(", ");
  $("tags").title = (st.tags || []).map(function (t) { return t[0] + ": " + t[1]; }).join("\n");
}

// markCurrent marks the current move in the movetext and scrolls it into
// view.
export function markCurrent() {
  document.querySelectorAll("#movetext .current").forEach(function (m) { m.classList.remove("current"); });
  var span = document.querySelector('#movetext [data-n="' + page.st.node + '"]');
  if (span) {
    span.classList.add("current");
    var box = $("movetext"), top = span.offsetTop - box.offsetTop;
    if (top < box.scrollTop || top > box.scrollTop + box.clientHeight - 20) { box.scrollTop = top - 40; }
  }
}
