// The backend of the static site: the rules and the engine as WebAssembly
// in Web Workers (worker.js). One keeps the game, another searches, and is
// replaced to stop a search (a search never yields to its worker's
// messages) by a spare one started beforehand, so that the next search
// starts at once. The engines' workers start once the rules have answered
// the page's first operation (or at the first search), so that they do
// not hold up the board's first drawing.
import { timings } from "hexdame/page.js";
import { compiled, compiledAt } from "hexdame/wasm.js";

export function staticBackend() {
  var module = null, rules = null, engine = null, spare = null, seq = 0, pending = {};
  function spawn(role) {
    var w = new Worker("worker.js");
    var ready = new Promise(function (resolve, reject) {
      w.onmessage = function (e) {
        var m = e.data;
        if (m.ready) { resolve(w); return; }
        if (m.failed) { reject(new Error(m.failed)); return; }
        var p = pending[m.id];
        if (!p) { return; }
        if (m.report && p.onReport) { p.onReport(m.report); }
        if (m.result !== undefined) { delete pending[m.id]; p.resolve(m.result); }
      };
      w.onerror = function (e) { reject(new Error(e.message || "the worker failed")); };
    });
    w.postMessage({ module: module, role: role });
    return ready;
  }
  // engines starts the engines' workers, if not yet started, and returns
  // the one that searches.
  function engines() {
    if (!engine) {
      var t1 = performance.now();
      engine = spawn("engine");
      spare = spawn("engine");
      engine.then(function () { timings.engineReady = performance.now() - t1; });
    }
    return engine;
  }
  function call(wp, kind, req, onReport) {
    return wp.then(function (w) {
      return new Promise(function (resolve) {
        var id = ++seq;
        pending[id] = { resolve: resolve, onReport: onReport };
        w.postMessage({ id: id, kind: kind, req: JSON.stringify(req) });
      });
    }).then(function (text) {
      var v = JSON.parse(text);
      if (v.error && !v.state && kind === "do") { throw new Error(v.error); }
      return v;
    });
  }
  return {
    init: function () {
      var t0 = performance.now();
      return compiled.then(function (m) {
        module = m;
        timings.compiled = compiledAt;
        // The page is ready with the rules; the engines start after.
        rules = spawn("rules");
        return rules;
      }).then(function () {
        timings.rulesReady = performance.now() - t0;
      });
    },
    do: function (req) {
      return call(rules, "do", req).then(function (v) {
        timings.answered = timings.answered || performance.now();
        engines();
        return v;
      });
    },
    search: function (req) { return call(engines(), "search", req); },
    analyze: function (req, onReport) {
      var stopped = false;
      var done = call(engines(), "search", req, function (r) { if (!stopped) { onReport(r); } });
      done.then(function (r) { if (!stopped) { onReport(r); } });
      return {
        stop: function () {
          if (stopped) { return; }
          stopped = true;
          // The search holds its worker: end the worker, start another.
          engine.then(function (w) { w.terminate(); });
          Object.keys(pending).forEach(function (k) { if (pending[k].onReport) { delete pending[k]; } });
          engine = spare;
          spare = spawn("engine");
        }
      };
    },
    // review runs a review in a worker of its own, which the analysis
    // does not wait for, and ends it when the review is done or stopped.
    review: function (req, onReport) {
      var stopped = false, worker = spawn("engine");
      function each(r) { if (!stopped) { onReport(r); } }
      function end() {
        if (stopped) { return; }
        stopped = true;
        worker.then(function (w) { w.terminate(); }, function () {});
        Object.keys(pending).forEach(function (k) { if (pending[k].onReport === each) { delete pending[k]; } });
      }
      call(worker, "review", req, each).then(function (r) { each(r); end(); }, function (e) {
        each({ done: true, error: String(e.message || e) });
        end();
      });
      return { stop: end };
    }
  };
}
