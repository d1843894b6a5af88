// The static site's Web Worker: the rules and the engine, compiled from
// Go to WebAssembly, answering the page's messages. The page sends the
// compiled module and the worker's role first ("engine": the engine is
// made before the worker says it is ready); the worker answers {ready:
// true}. Then each
// {id, kind: "do" | "search" | "review", req} gets {id, result}, and a
// search also {id, report} after each depth, a review after each
// position.
importScripts("wasm_exec.js");
onmessage = function (e) {
  var m = e.data;
  if (m.module) {
    var go = new Go();
    WebAssembly.instantiate(m.module, go.importObject).then(function (inst) {
      go.run(inst);
      if (m.role === "engine") { hexdameWarm(); }
      postMessage({ ready: true });
    }).catch(function (err) { postMessage({ failed: String(err) }); });
    return;
  }
  if (m.kind === "do") {
    postMessage({ id: m.id, result: hexdameDo(m.req) });
  } else if (m.kind === "search" || m.kind === "review") {
    var run = m.kind === "search" ? hexdameSearch : hexdameReview;
    var result = run(m.req, function (rep) { postMessage({ id: m.id, report: JSON.parse(rep) }); });
    postMessage({ id: m.id, result: result });
  }
};
