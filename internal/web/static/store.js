// Keeping the page's work in the browser, so that a reload, a closed tab
// or another game of the list loses nothing: after each change the page
// asks its session for its work (op "save": the game as PDN, the edited
// games of the import) and keeps it in localStorage, with the node shown
// and the text of the last import; when it loads, it gives it back (op
// "restore"). One piece of work is kept for the site: the tab that
// changed it last keeps it. Where the browser keeps nothing (storage full
// or turned off, or another tab's work kept since), the page says so and
// asks before the tab is left.
//
// The keys, each under the prefix "hexdame.v1.":
//
//	board   {saved, tab, time, label, importId}: web.Saved without its node
//	at      {node, address, tab}: the node shown and the page's address
//	import  {id, text}: the PDN text of the last import
import { $, mode, page } from "hexdame/page.js";
import { restoreRequest } from "hexdame/address.js";

var PREFIX = "hexdame.v1.";

// kept is what this tab knows of what the browser keeps of it.
var kept = {
  version: null,  // the tree version last saved
  node: null,     // the node last noted
  saving: 0,      // saves asked and not yet written
  failed: "",     // why the last write failed, "" when it did not
  other: false,   // another tab's work was kept since this tab's
  importId: ""    // the import the work comes from
};

var tab = tabId();

function tabId() {
  var id = "";
  try { id = sessionStorage.getItem(PREFIX + "tab") || ""; } catch (e) { /* no storage */ }
  if (!id) {
    id = Math.random().toString(36).slice(2, 10);
    try { sessionStorage.setItem(PREFIX + "tab", id); } catch (e) { /* no storage */ }
  }
  return id;
}

function storage() {
  try { return window.localStorage || null; } catch (e) { return null; }
}

function read(key) {
  var s = storage();
  if (!s) { return null; }
  try { return JSON.parse(s.getItem(PREFIX + key)); } catch (e) { return null; }
}

// write keeps value under key, and reports whether the browser took it.
function write(key, value) {
  var s = storage();
  if (!s) { return failed("this browser keeps no data for this page"); }
  try {
    s.setItem(PREFIX + key, JSON.stringify(value));
    return true;
  } catch (e) {
    return failed(e && e.name === "QuotaExceededError" ? "the browser's storage for this page is full" : "the browser did not store it (" + (e && (e.message || e.name)) + ")");
  }
}

function remove(key) {
  var s = storage();
  try { if (s) { s.removeItem(PREFIX + key); } } catch (e) { /* nothing to do */ }
}

function failed(why) {
  kept.failed = why;
  drawNote();
  return false;
}

// drawNote says, under the board, when the browser does not keep this
// tab's work.
function drawNote() {
  var box = $("keepnote");
  if (!box) { return; }
  var text = "";
  if (kept.failed) {
    text = "Not kept in this browser: " + kept.failed + ". Download the game as PDN to keep it.";
  } else if (kept.other && changed()) {
    text = "Another tab's game is now the one kept in this browser: this tab's changes are kept again when you next change the game, or download it as PDN.";
  }
  box.textContent = text;
  document.body.setAttribute("data-kept", kept.failed ? "failed" : kept.other ? "other" : kept.saving ? "saving" : kept.version === null ? "" : String(kept.version));
}

// changed reports whether this tab holds work that the browser would not
// have from elsewhere: an edited game, or edited games of the list.
function changed() {
  var st = page.st;
  return !!st && (st.edited || (st.kept && st.kept.length > 0));
}

// unkept reports whether leaving the tab now would lose work.
export function unkept() {
  return changed() && (kept.failed !== "" || kept.other || kept.saving > 0);
}

// label names the game shown, for a question.
function label() {
  var st = page.st, tags = {};
  (st.tags || []).forEach(function (t) { tags[t[0]] = t[1]; });
  var plies = st.main.length - 1, moves = Math.ceil(plies / 2);
  var s = (tags.White && tags.White !== "?") || (tags.Black && tags.Black !== "?") ? (tags.White || "?") + " – " + (tags.Black || "?") + ", " : "";
  return s + moves + (moves === 1 ? " move" : " moves");
}

// quiet runs an operation after those before it, without drawing its
// answer.
function quiet(req) {
  var p = page.queue.then(function () {
    req.notation = page.notation;
    return page.backend.do(req);
  }).catch(function (e) { return { error: String(e.message || e) }; });
  page.queue = p;
  return p;
}

// keepWork keeps the state just shown: the work when the tree changed,
// else the node when it did.
export function keepWork() {
  var st = page.st;
  if (mode === "viewer" || !st) { return; }
  if (st.version !== kept.version) {
    kept.version = st.version;
    kept.saving++;
    drawNote();
    quiet({ op: "save" }).then(function (r) {
      kept.saving--;
      if (!r.saved) { failed(r.error || "the game could not be written"); return; }
      var s = r.saved;
      delete s.node;
      var board = { saved: s, tab: tab, time: Date.now(), label: label(), importId: page.st.imported ? kept.importId : "" };
      if (write("board", board) && writeAt(page.st.node)) {
        kept.failed = "";
        kept.other = false;
      }
      drawNote();
    });
  } else if (st.node !== kept.node && !kept.failed && !kept.saving) {
    // (A node of a tree the browser does not hold would be another's.)
    writeAt(st.node);
  }
}

function writeAt(node) {
  kept.node = node;
  return write("at", { node: node, address: location.hash, tab: tab });
}

// keepImport keeps the text of an import just made.
export function keepImport(text) {
  kept.importId = Date.now().toString(36) + Math.random().toString(36).slice(2, 6);
  if (!write("import", { id: kept.importId, text: text })) {
    remove("import"); // an older import must not pass for this one
  }
}

// startPlan returns what the page starts with: req, the operation of the
// work the browser keeps, or else of the game of the address; and, when
// the address names another game than the kept work, which holds changes
// or a list, the question to ask once the kept work is shown (ask: the
// question and its answers), with instead, the address's operation, for
// yes. instead is also what to show if the kept work cannot be restored.
export function startPlan() {
  var board = read("board"), at = read("at") || {}, addr = location.hash;
  var plan = { req: restoreRequest(), instead: restoreRequest(), ask: null };
  if (!board || !board.saved) { return plan; }
  var worth = board.saved.edited || board.importId;
  if (addr.length > 1 && addr !== at.address && !worth) { return plan; }
  plan.req = keptRequest(board, at);
  if (addr.length > 1 && addr !== at.address) {
    plan.ask = ["This address shows another game than the one this browser keeps with your work (" + (board.label || "a game") + "), shown here. Show the address's game? The kept one will be replaced.", "show the address's game", "keep the game shown"];
  }
  return plan;
}

// keptRequest returns the operation "restore" of the work kept.
function keptRequest(board, at) {
  var saved = board.saved, imp = read("import");
  saved.node = at.node || 0;
  var req = { op: "restore", saved: saved };
  if (imp && board.importId && imp.id === board.importId) {
    req.pdn = imp.text;
    kept.importId = imp.id;
  } else {
    // The import is not kept: the game stays, not its list.
    saved.from = 0;
    delete saved.kept;
  }
  return req;
}

// recoveryRequest is the operation that gives a session the server has
// forgotten this tab's work: what the browser keeps of it, or the
// address.
export function recoveryRequest() {
  var board = read("board");
  if (board && board.saved && board.tab === tab && !kept.other) { return keptRequest(board, read("at") || {}); }
  return restoreRequest();
}

// initStore asks before the tab is left with work the browser does not
// keep, and notes when another tab's work takes the place of this one's.
export function initStore() {
  window.addEventListener("beforeunload", function (e) {
    if (!unkept()) { return; }
    e.preventDefault();
    e.returnValue = "";
  });
  window.addEventListener("storage", function (e) {
    if (e.key !== PREFIX + "board" || !e.newValue) { return; }
    try {
      if (JSON.parse(e.newValue).tab !== tab) { kept.other = true; }
    } catch (err) { /* not ours */ }
    drawNote();
  });
}
