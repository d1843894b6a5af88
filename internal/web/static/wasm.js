// The static site's WebAssembly (the rules and the engine), fetched and
// compiled from the moment the page is parsed: index.html runs this
// module before app.js, whose modules are still loading, so that the
// compiling and the loading go on side by side. static.js takes the
// compiled module from here.
export var compiled = document.body.getAttribute("data-mode") === "static" ? compile() : null;

// compiledAt is when the module was compiled, in milliseconds since the
// navigation began (0 until then).
export var compiledAt = 0;

function compile() {
  function done(m) { compiledAt = performance.now(); return m; }
  function bytes() { return fetch("hexdame.wasm").then(function (r) { return r.arrayBuffer(); }).then(WebAssembly.compile); }
  if (!WebAssembly.compileStreaming) { return bytes().then(done); }
  return WebAssembly.compileStreaming(fetch("hexdame.wasm")).catch(bytes).then(done);
}
