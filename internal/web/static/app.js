// The HexDame page. The rules live in Go: the page sends each action to
// its backend (the server's session, or the same Go code compiled to
// WebAssembly in a Web Worker on the static site) and draws the state it
// gets back. See the package documentation of internal/web for the
// protocol.
(function () {
  "use strict";
  var $ = function (id) { return document.getElementById(id); };
  var mode = document.body.getAttribute("data-mode");
  var SVGNS = "http://www.w3.org/2000/svg";

  // ---- Backends -------------------------------------------------------

  // serverBackend talks to hexdame serve: JSON over HTTP, analysis as
  // Server-Sent Events read from a fetch, which the page aborts to stop.
  function serverBackend() {
    var session = null;
    function post(path, body, signal) {
      return fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body), signal: signal });
    }
    function json(r) {
      return r.json().then(function (v) {
        if (!r.ok && !v.state) { throw new Error(v.error || r.statusText); }
        return v;
      });
    }
    function newSession() {
      return post("/api/session", {}).then(json).then(function (v) { session = v.session; });
    }
    return {
      init: newSession,
      lost: false,
      do: function (req) {
        var self = this;
        return post("/api/do?s=" + session, req).then(function (r) {
          if (r.status === 404) {
            // The server forgot this tab's game (it keeps the most
            // recently used ones): start again from the address.
            self.lost = true;
            return newSession().then(function () { return post("/api/do?s=" + session, restoreRequest()); }).then(json);
          }
          return json(r);
        });
      },
      search: function (req) { return post("/api/search", req).then(json); },
      analyse: function (req, onReport) {
        var ctl = new AbortController(), stopped = false;
        post("/api/analyse", req, ctl.signal).then(function (r) {
          if (!r.ok) { return r.json().then(function (v) { onReport({ done: true, error: v.error || r.statusText }); }); }
          var reader = r.body.getReader(), dec = new TextDecoder(), buf = "";
          function pump() {
            return reader.read().then(function (x) {
              if (x.done) { return; }
              buf += dec.decode(x.value, { stream: true });
              var k;
              while ((k = buf.indexOf("\n\n")) >= 0) {
                var ev = buf.slice(0, k);
                buf = buf.slice(k + 2);
                if (ev.indexOf("data: ") === 0 && !stopped) { onReport(JSON.parse(ev.slice(6))); }
              }
              return pump();
            });
          }
          return pump();
        }).catch(function (e) { if (!stopped) { onReport({ done: true, error: String(e) }); } });
        return { stop: function () { stopped = true; ctl.abort(); } };
      }
    };
  }

  // staticBackend runs the rules and the engine as WebAssembly in Web
  // Workers: one keeps the game, another searches, and is replaced to stop
  // a search (a search never yields to its worker's messages) by a spare
  // one started beforehand, so that the next search starts at once.
  function staticBackend() {
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
        var load = WebAssembly.compileStreaming ? WebAssembly.compileStreaming(fetch("hexdame.wasm")).catch(function () {
          return fetch("hexdame.wasm").then(function (r) { return r.arrayBuffer(); }).then(WebAssembly.compile);
        }) : fetch("hexdame.wasm").then(function (r) { return r.arrayBuffer(); }).then(WebAssembly.compile);
        return load.then(function (m) {
          module = m;
          // The page is ready with the rules; the engines start after.
          rules = spawn("rules");
          return rules;
        }).then(function () {
          timings.rulesReady = performance.now() - t0;
          engine = spawn("engine");
          spare = spawn("engine");
          engine.then(function () { timings.engineReady = performance.now() - t0; });
        });
      },
      do: function (req) { return call(rules, "do", req); },
      search: function (req) { return call(engine, "search", req); },
      analyse: function (req, onReport) {
        var stopped = false;
        var done = call(engine, "search", req, function (r) { if (!stopped) { onReport(r); } });
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
      }
    };
  }

  var backend = mode === "static" ? staticBackend() : serverBackend();
  // What the page measured, and its backend, for the browser tests and
  // the curious (in the console: hexdame.timings).
  var timings = { clicks: [] };
  window.hexdame = { backend: backend, timings: timings };

  // ---- State ----------------------------------------------------------

  var st = null;          // the last state
  var tree = null;        // its tree
  var flip = false;
  var notation = "algebraic";
  var sel = null;         // the selected piece: {from, via: [], to, cands}
  var centres = {};       // cell -> [x, y] on the board drawn
  var queue = Promise.resolve();
  var game = null;        // a game against the engine: {you, level, clock: {white, red}, inc, ...}
  var evals = {};         // FEN -> White's view in men, for the graph
  var analysis = null;    // the running analysis: {handle, fen}
  var lastLines = [];
  var editor = null;      // the editor's position: {fen}
  var answered = 0;       // the operations answered

  function restoreRequest() {
    var p = new URLSearchParams(location.hash.slice(1));
    var req = { op: "new", notation: notation, flip: flip };
    if (p.get("fen")) { req.fen = p.get("fen"); }
    if (p.get("moves")) { req.moves = p.get("moves").split(","); }
    return req;
  }

  // send runs an operation after those before it and draws its answer.
  function send(req) {
    req.flip = flip;
    req.notation = notation;
    req.version = st ? st.version : 0;
    var p = queue.then(function () {
      $("busy").hidden = false;
      return backend.do(req);
    }).then(function (resp) {
      $("busy").hidden = true;
      document.body.setAttribute("data-done", ++answered);
      if (resp.state) { show(resp.state); }
      showError(resp.error || "");
      return resp;
    }, function (e) {
      $("busy").hidden = true;
      showError(String(e.message || e));
      return { error: String(e.message || e) };
    });
    queue = p;
    return p;
  }

  function showError(msg) { $("error").textContent = msg; }

  // ---- Drawing --------------------------------------------------------

  function show(s) {
    var changedPosition = !st || st.fen !== s.fen || st.node !== s.node;
    st = s;
    if (s.tree) { tree = s.tree; drawTree(); drawTags(); }
    if (!editor) { drawBoard(s.svg); }
    markCurrent();
    drawStatus();
    $("fen").textContent = s.fen;
    $("comment").value = s.comment || "";
    if (!editor) { updateAddress(); }
    drawTables();
    drawGraph();
    if (changedPosition) {
      sel = null;
      lastLines = [];
      drawLines();
      if (analysis) { startAnalysis(); }
    }
    playTurn();
  }

  function drawBoard(svg) {
    var box = $("board");
    box.innerHTML = svg;
    centres = {};
    box.querySelectorAll("polygon.cell").forEach(function (p) {
      var pts = p.getAttribute("points").trim().split(/\s+/), x = 0, y = 0;
      pts.forEach(function (pt) { var xy = pt.split(","); x += +xy[0]; y += +xy[1]; });
      centres[p.getAttribute("data-cell")] = [x / pts.length, y / pts.length];
    });
    drawSelection();
    drawArrow();
  }

  function cellPolygon(c) { return $("board").querySelector('polygon.cell[data-cell="' + c + '"]'); }

  function drawSelection() {
    $("board").querySelectorAll("polygon.cell.dest, polygon.cell.via, polygon.cell.chosen, polygon.cell.selected").forEach(function (p) {
      p.classList.remove("dest", "via", "chosen", "selected");
    });
    if (!sel) { return; }
    var from = cellPolygon(sel.from);
    if (from) { from.classList.add("selected"); }
    var cands = sel.cands || movesFrom(sel.from);
    cands.forEach(function (m) {
      var last = m.path[m.path.length - 1];
      if (!sel.to) {
        var d = cellPolygon(last);
        if (d) { d.classList.add("dest"); }
      }
      if (sel.to) {
        // Choosing among captures that end on one cell: light the
        // landing cells that tell them apart.
        m.path.slice(1, -1).forEach(function (c) {
          var all = cands.every(function (o) { return o.path.indexOf(c) > 0; });
          var q = cellPolygon(c);
          if (q && !all) { q.classList.add("via"); }
        });
        var t = cellPolygon(sel.to);
        if (t) { t.classList.add("chosen"); }
      }
    });
    sel.via.forEach(function (c) { var q = cellPolygon(c); if (q) { q.classList.add("chosen"); } });
  }

  function movesFrom(c) { return st.moves.filter(function (m) { return m.path[0] === c; }); }

  function whiteView(line, side) {
    var men = line.men;
    return side === "white" ? men : -men;
  }

  // scoreText writes a score for the side to move from White's view:
  // men with a sign, or who wins in how many plies.
  function scoreText(score, side) {
    var m = /^(win|loss) (\d+)$/.exec(score);
    if (m) {
      var winner = (m[1] === "win") === (side === "white") ? "White" : "Red";
      return winner + " wins in " + m[2];
    }
    var v = parseFloat(score);
    if (side !== "white") { v = -v; }
    return (v >= 0 ? "+" : "") + v.toFixed(2);
  }

  // drawArrow draws the best line's first move on the board: a shaft
  // from the centre of its start cell through its landing cells, and a
  // head whose tip is the centre of its end cell, in one translucent
  // shape (its overlaps are not darker).
  function drawArrow() {
    var svg = $("board").querySelector("svg");
    if (!svg) { return; }
    var old = svg.querySelector("g.arrow");
    if (old) { old.remove(); }
    if (!lastLines.length || !lastLines[0].path || lastLines[0].path.length < 2) { return; }
    var pts = lastLines[0].path.map(function (c) { return centres[c]; });
    if (pts.some(function (p) { return !p; })) { return; }
    var g = document.createElementNS(SVGNS, "g");
    g.setAttribute("class", "arrow");
    g.setAttribute("opacity", "0.75");
    var tip = pts[pts.length - 1], from = pts[pts.length - 2];
    var dx = tip[0] - from[0], dy = tip[1] - from[1], d = Math.sqrt(dx * dx + dy * dy) || 1;
    var ux = dx / d, uy = dy / d, len = 7, half = 4.6; // the head, in the board's units
    var base = [tip[0] - ux * len, tip[1] - uy * len];
    var shaft = document.createElementNS(SVGNS, "polyline");
    shaft.setAttribute("points", pts.slice(0, -1).concat([base]).map(function (p) { return p[0].toFixed(2) + "," + p[1].toFixed(2); }).join(" "));
    shaft.setAttribute("fill", "none");
    shaft.setAttribute("stroke", "#2e7d32");
    shaft.setAttribute("stroke-width", "3.4");
    shaft.setAttribute("stroke-linecap", "round");
    shaft.setAttribute("stroke-linejoin", "round");
    g.appendChild(shaft);
    var head = document.createElementNS(SVGNS, "polygon");
    head.setAttribute("points", [tip, [base[0] - uy * half, base[1] + ux * half], [base[0] + uy * half, base[1] - ux * half]].map(function (p) { return p[0].toFixed(2) + "," + p[1].toFixed(2); }).join(" "));
    head.setAttribute("fill", "#2e7d32");
    g.appendChild(head);
    svg.appendChild(g);
  }

  function drawStatus() {
    var s = st, box = $("status");
    box.textContent = "";
    var side = s.side === "white" ? "White" : "Red";
    var text = document.createElement("span");
    if (s.over) {
      text.className = "over";
      text.textContent = "Game over: " + s.outcome;
    } else {
      text.textContent = side + " to move";
      if (s.last) { text.textContent = "After " + s.last.text + "; " + text.textContent; }
    }
    box.appendChild(text);
    if (sel && sel.to) {
      box.appendChild(document.createTextNode(" — several captures end on " + sel.to + ": click the landing cells along the way"));
    }
    document.body.setAttribute("data-node", s.node);
    document.body.setAttribute("data-fen", s.fen);
    document.body.setAttribute("data-over", s.over ? s.outcome : "");
  }

  function drawTree() {
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
    var glyphs = { 1: "!", 2: "?", 3: "!!", 4: "??", 5: "!?", 6: "?!" };
    tree.items.forEach(function (it) {
      switch (it.k) {
        case "m": add("move", it.t, it.n); break;
        case "s": add("setup", "[" + it.t + "]", it.n); break;
        case "c": add("comment", "{" + it.t + "}"); break;
        case "n": add("nag", glyphs[it.g] || "$" + it.g); break;
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
  // the date, the result.
  function drawTags() {
    var tags = {};
    (st.tags || []).forEach(function (t) { tags[t[0]] = t[1]; });
    var parts = [];
    if (tags.White || tags.Black) { parts.push((tags.White || "?") + " – " + (tags.Black || "?")); }
    ["Event", "Site", "Date", "Round"].forEach(function (k) { if (tags[k]) { parts.push(tags[k]); } });
    if (parts.length || st.result !== "*") { parts.push(st.result); }
    $("tags").textContent = parts.join(", ");
  }

  function markCurrent() {
    document.querySelectorAll("#movetext .current").forEach(function (m) { m.classList.remove("current"); });
    var span = document.querySelector('#movetext [data-n="' + st.node + '"]');
    if (span) {
      span.classList.add("current");
      var box = $("movetext"), top = span.offsetTop - box.offsetTop;
      if (top < box.scrollTop || top > box.scrollTop + box.clientHeight - 20) { box.scrollTop = top - 40; }
    }
  }

  function updateAddress() {
    var p = new URLSearchParams();
    if (st.line === null) {
      p.set("fen", st.fen);
    } else {
      if (st.start !== START) { p.set("fen", st.start); }
      if (st.line.length) { p.set("moves", st.line.join(",")); }
    }
    var h = p.toString();
    if (location.hash.slice(1) !== h) { history.replaceState(null, "", h ? "#" + h : location.pathname + location.search); }
  }
  var START = "W:Wa1,a2,a3,a4,b1,b2,b3,b4,c1,c2,c3,c4,d1,d2,d3,d4:Bf6,f7,f8,f9,g6,g7,g8,g9,h6,h7,h8,h9,i6,i7,i8,i9";

  function drawTables() {
    var box = $("tables");
    box.textContent = "";
    if (!st.tables) { return; }
    var side = st.side === "white" ? "White" : "Red";
    var head = document.createElement("div");
    head.textContent = "Endgame tables: " + verdictText(st.tables, side);
    box.appendChild(head);
    var moves = document.createElement("div");
    moves.className = "moves";
    moves.textContent = st.moves.filter(function (m) { return m.tables; }).map(function (m) {
      return m.text + ": " + m.tables.replace(/^(win|loss) /, function (w) { return w.trim() + " in "; });
    }).join(", ");
    box.appendChild(moves);
  }

  function verdictText(v, side) {
    if (v === "draw") { return "a draw"; }
    var m = /^(win|loss) (\d+)$/.exec(v);
    return side + (m[1] === "win" ? " wins in " : " loses in ") + m[2] + (m[2] === "1" ? " ply" : " plies");
  }

  // drawGraph draws the evaluations the page has of the main line's
  // positions (from the analysis and the engine's moves, in any order):
  // a dot for each, joined by a line, over the plies of the main line, and
  // the current move. It draws in the graph's own pixels, so that the dots
  // stay round.
  function drawGraph() {
    var svg = $("graph");
    svg.textContent = "";
    if (!st || !tree) { return; }
    var fens = tree.main || [], n = fens.length, W = svg.clientWidth || 300, H = svg.clientHeight || 80, pad = 4;
    svg.setAttribute("viewBox", "0 0 " + W + " " + H);
    function x(i) { return n > 1 ? pad + i / (n - 1) * (W - 2 * pad) : pad; }
    function add(name, attrs, parent) {
      var el = document.createElementNS(SVGNS, name);
      Object.keys(attrs).forEach(function (k) { el.setAttribute(k, attrs[k]); });
      (parent || svg).appendChild(el);
      return el;
    }
    add("line", { x1: 0, x2: W, y1: H / 2, y2: H / 2, stroke: "#bbb", "stroke-width": 1 });
    var at = st.main.indexOf(st.node);
    if (at >= 0) {
      add("line", { class: "current", x1: x(at), x2: x(at), y1: 0, y2: H, stroke: "#e65100", "stroke-width": 1.5 });
    }
    var g = add("g", { class: "evals" }), pts = [];
    for (var i = 0; i < n; i++) {
      var v = evals[fens[i]];
      if (v === undefined) { continue; }
      pts.push([x(i), H / 2 - Math.tanh(v / 3) * (H / 2 - pad), i, v]);
    }
    if (pts.length > 1) {
      // The area between the line and the middle, then the line.
      var line = pts.map(function (p) { return p[0].toFixed(1) + "," + p[1].toFixed(1); }).join(" ");
      add("polygon", { points: pts[0][0].toFixed(1) + "," + H / 2 + " " + line + " " + pts[pts.length - 1][0].toFixed(1) + "," + H / 2, fill: "#1565c0", "fill-opacity": 0.12 }, g);
      add("polyline", { points: line, fill: "none", stroke: "#1565c0", "stroke-width": 1.5 }, g);
    }
    pts.forEach(function (p) {
      var c = add("circle", { cx: p[0].toFixed(1), cy: p[1].toFixed(1), r: p[2] === at ? 3.5 : 2.5, fill: "#1565c0", "data-ply": p[2] }, g);
      var t = document.createElementNS(SVGNS, "title");
      t.textContent = "ply " + p[2] + ": " + (p[3] >= 0 ? "+" : "") + p[3].toFixed(2);
      c.appendChild(t);
    });
  }
  window.addEventListener("resize", drawGraph);
  function noteEval(fen, side, line) {
    evals[fen] = whiteView(line, side);
    drawGraph();
  }

  function drawEvalBar(line, side) {
    var fill = $("evalfill"), text = $("evalscore");
    $("evalbar").classList.toggle("off", !line);
    if (!line) { fill.style.height = "50%"; text.textContent = ""; return; }
    var v = whiteView(line, side), frac = 0.5 + 0.5 * Math.tanh(v / 3);
    fill.style.height = (frac * 100).toFixed(1) + "%";
    text.textContent = scoreText(line.score, side);
  }

  // ---- The board: clicks and drags --------------------------------------

  function cellAt(target) {
    var el = target && target.closest ? target.closest("[data-cell]") : null;
    return el ? el.getAttribute("data-cell") : null;
  }

  var drag = null;
  $("board").addEventListener("pointerdown", function (e) {
    var t0 = performance.now();
    var c = cellAt(e.target);
    if (!c || !st) { return; }
    if (editor) { editCell(c); return; }
    if (!canMove()) { return; }
    if (sel && sel.from !== c && clickTarget(c)) { return; }
    if (movesFrom(c).length) {
      sel = { from: c, via: [], to: null, cands: null };
      drawSelection();
      timings.clicks.push(performance.now() - t0);
      var piece = $("board").querySelector('g.piece[data-cell="' + c + '"]');
      if (piece) {
        drag = { piece: piece, x: e.clientX, y: e.clientY, moved: false, from: c };
        piece.setPointerCapture && $("board").setPointerCapture(e.pointerId);
      }
    } else {
      sel = null;
      drawSelection();
    }
    drawStatus();
  });
  $("board").addEventListener("pointermove", function (e) {
    if (!drag) { return; }
    var svg = $("board").querySelector("svg"), ctm = svg.getScreenCTM();
    var dx = (e.clientX - drag.x) / ctm.a, dy = (e.clientY - drag.y) / ctm.d;
    if (Math.abs(dx) + Math.abs(dy) > 2) {
      drag.moved = true;
      drag.piece.classList.add("dragging");
      drag.piece.setAttribute("transform", "translate(" + dx.toFixed(1) + "," + dy.toFixed(1) + ")");
    }
  });
  $("board").addEventListener("pointerup", function (e) {
    if (!drag) { return; }
    var d = drag;
    drag = null;
    if (!d.moved) { return; }
    d.piece.removeAttribute("transform");
    d.piece.classList.remove("dragging");
    var c = cellAt(document.elementFromPoint(e.clientX, e.clientY));
    if (c && c !== d.from) { clickTarget(c); }
  });

  // clickTarget handles a click on cell c while a piece is selected: a
  // destination plays the move (or asks for the landing cells when
  // captures with different pieces end there), a landing cell is noted.
  // It reports whether c was one of them.
  function clickTarget(c) {
    var moves = movesFrom(sel.from);
    if (sel.to) {
      if (c === sel.to) { return true; }
      sel.via.push(c);
      tryMove();
      return true;
    }
    var ending = moves.filter(function (m) { return m.path[m.path.length - 1] === c; });
    if (ending.length === 1 && !sel.via.length) {
      playMove(ending[0].text);
      return true;
    }
    if (ending.length >= 1) {
      sel.to = c;
      sel.cands = ending;
      tryMove();
      return true;
    }
    var onPath = moves.some(function (m) { return m.path.indexOf(c) > 0; });
    if (onPath) {
      sel.via.push(c);
      drawSelection();
      return true;
    }
    return false;
  }

  // tryMove asks the rules which capture the cells clicked name: one is
  // played, several wait for another landing cell, none drops the click.
  function tryMove() {
    var text = [sel.from].concat(sel.via, [sel.to]).join("x");
    if (sel.cands.length === 1 && !sel.cands[0].captured) { text = sel.from + "-" + sel.to; }
    var s = sel;
    send({ op: "play", move: text }).then(function (resp) {
      if (!resp.error) { return; }
      if (resp.candidates && resp.candidates.length) {
        s.cands = resp.candidates;
        showError("");
      } else if (s.via.length) {
        var c = s.via.pop();
        showError(c + " is a landing cell of none of the captures to " + s.to);
      }
      sel = s;
      drawSelection();
      drawStatus();
    });
  }

  function playMove(text) {
    sel = null;
    drawSelection();
    return send({ op: "play", move: text });
  }

  $("moveform").addEventListener("submit", function (e) {
    e.preventDefault();
    var text = $("moveinput").value.trim();
    if (!text || !canMove()) { return; }
    playMove(text).then(function (r) { if (!r.error) { $("moveinput").value = ""; } });
  });

  // ---- Navigation ---------------------------------------------------------

  ["first", "prev", "next", "last"].forEach(function (id) {
    $(id).addEventListener("click", function () { send({ op: id }); });
  });
  $("flip").addEventListener("click", function () { flip = !flip; send({ op: "state" }); });
  // The arrow keys and Home/End move through the tree, but in the fields
  // whose own they are (text, lists, radio buttons: a checkbox or a
  // button has no use for them) and with a modifier (Alt+Left is the
  // browser's back).
  document.addEventListener("keydown", function (e) {
    var el = e.target, tag = el && el.tagName;
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) { return; }
    if (tag === "TEXTAREA" || tag === "SELECT" || el && el.isContentEditable) { return; }
    if (tag === "INPUT" && el.type !== "checkbox" && el.type !== "button" && el.type !== "submit") { return; }
    var keys = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" };
    if (keys[e.key]) { e.preventDefault(); send({ op: keys[e.key] }); }
  });
  $("movetext").addEventListener("click", function (e) {
    var m = e.target.closest("[data-n]");
    if (m) { send({ op: "goto", node: +m.getAttribute("data-n") }); }
  });
  ["promote", "mainline", "delete"].forEach(function (id) {
    $(id).addEventListener("click", function () { send({ op: id, node: st.node }); });
  });
  $("nag").addEventListener("change", function () {
    var v = $("nag").value;
    if (v === "") { return; }
    send({ op: "nags", node: st.node, nags: v === "0" ? [] : [+v] });
    $("nag").value = "";
  });
  $("commentform").addEventListener("submit", function (e) {
    e.preventDefault();
    send({ op: "comment", node: st.node, text: $("comment").value });
  });
  $("graph").addEventListener("click", function (e) {
    if (!st || st.main.length < 2) { return; }
    var r = $("graph").getBoundingClientRect(), pad = 4;
    var i = Math.round((e.clientX - r.left - pad) / (r.width - 2 * pad) * (st.main.length - 1));
    send({ op: "goto", node: st.main[Math.max(0, Math.min(st.main.length - 1, i))] });
  });

  // ---- In and out -----------------------------------------------------------

  function importPDN(text) {
    send({ op: "import", pdn: text }).then(function (resp) {
      var list = $("games");
      list.textContent = "";
      (resp.games || []).forEach(function (g, i) {
        var li = document.createElement("li");
        li.textContent = g.label;
        if (g.error) { li.classList.add("invalid"); li.title = g.error; }
        if (i === 0) { li.classList.add("current"); }
        li.addEventListener("click", function () {
          list.querySelectorAll("li").forEach(function (x) { x.classList.remove("current"); });
          li.classList.add("current");
          send({ op: "pick", game: i + 1 });
        });
        list.appendChild(li);
      });
    });
  }
  $("import").addEventListener("click", function () { stopGame(); importPDN($("pdnin").value); });
  $("pdnfile").addEventListener("change", function () {
    var f = $("pdnfile").files[0];
    if (!f) { return; }
    if (f.size > 1 << 20) { showError(f.name + " is larger than the 1 MiB an import takes"); return; }
    f.text().then(function (t) { stopGame(); importPDN(t); });
  });
  $("fenform").addEventListener("submit", function (e) {
    e.preventDefault();
    stopGame();
    send({ op: "new", fen: $("fenin").value });
  });
  function download(name, type, text) {
    var a = document.createElement("a");
    a.href = URL.createObjectURL(new Blob([text], { type: type }));
    a.download = name;
    document.body.appendChild(a);
    a.click();
    setTimeout(function () { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
  }
  $("pdnalg").addEventListener("click", function () { pdnOut("algebraic"); });
  $("pdnnum").addEventListener("click", function () { pdnOut("numeric"); });
  function pdnOut(n) {
    var keep = notation;
    notation = n;
    send({ op: "pdn" }).then(function (r) { if (r.pdn) { download("game.pdn", "application/x-pdn", r.pdn); } });
    notation = keep;
    send({ op: "state" });
  }
  $("svgout").addEventListener("click", function () {
    send({ op: "svg" }).then(function (r) { if (r.svg) { download("position.svg", "image/svg+xml", r.svg); } });
  });
  $("copyfen").addEventListener("click", function () {
    if (navigator.clipboard) { navigator.clipboard.writeText(st.fen).catch(function () {}); }
    $("fenin").value = st.fen;
  });
  $("notation").addEventListener("change", function () { notation = $("notation").value; st.version = -1; send({ op: "state" }); });

  // ---- Analysis ---------------------------------------------------------------

  function startAnalysis() {
    stopAnalysis();
    if (!st || st.over || !st.moves.length) { $("depth").textContent = st && st.over ? "game over" : ""; analysis = { handle: null }; return; }
    var fen = st.fen, side = st.side, t0 = performance.now(), first = true;
    var a = { fen: fen };
    a.handle = backend.analyse({ fen: fen, history: st.history, multipv: +$("multipv").value, notation: notation }, function (r) {
      if (analysis !== a) { return; }
      if (r.error) { $("depth").textContent = r.error; return; }
      if (!r.lines || !r.lines.length) { return; }
      if (first) { first = false; timings.firstLine = timings.firstLine || []; timings.firstLine.push(performance.now() - t0); }
      lastLines = r.lines;
      $("depth").textContent = "depth " + r.depth + "/" + r.seldepth + ", " + fmtNodes(r.nps) + " nodes/s" + (r.done ? ", done" : "");
      document.body.setAttribute("data-depth", r.depth);
      drawLines(side);
      drawArrow();
      drawEvalBar(r.lines[0], side);
      noteEval(fen, side, r.lines[0]);
    });
    analysis = a;
  }
  function stopAnalysis() {
    if (analysis && analysis.handle) { analysis.handle.stop(); }
    analysis = null;
  }
  function fmtNodes(n) {
    if (n >= 1e6) { return (n / 1e6).toFixed(2) + "M"; }
    if (n >= 1e3) { return (n / 1e3).toFixed(0) + "k"; }
    return String(Math.round(n));
  }
  function drawLines(side) {
    var box = $("lines");
    box.textContent = "";
    var s = st;
    lastLines.forEach(function (l) {
      var li = document.createElement("li"), sc = document.createElement("span");
      sc.className = "score";
      sc.textContent = scoreText(l.score, side || s.side);
      li.appendChild(sc);
      var pv = document.createElement("span");
      pv.className = "pv";
      pv.textContent = numbered(l.moves, s);
      li.appendChild(pv);
      li.title = "play this line into the game";
      li.addEventListener("click", function () { send({ op: "play", node: s.node, moves: l.moves }); });
      box.appendChild(li);
    });
  }
  function numbered(moves, s) {
    var ply = s.main.indexOf(s.node), white = s.side === "white", out = [];
    var n = Math.floor((ply < 0 ? 0 : ply) / 2) + 1;
    moves.forEach(function (m, i) {
      if (white) { out.push(n + ". " + m); } else { out.push(i === 0 ? n + "... " + m : m); n++; }
      white = !white;
    });
    return out.join(" ");
  }
  $("analyse").addEventListener("change", function () {
    if ($("analyse").checked) { startAnalysis(); } else { stopAnalysis(); lastLines = []; drawLines(); drawArrow(); drawEvalBar(null); $("depth").textContent = ""; }
  });
  $("multipv").addEventListener("change", function () { if (analysis) { startAnalysis(); } });
  window.addEventListener("pagehide", stopAnalysis);

  // ---- Playing the engine ---------------------------------------------------

  for (var lv = 1; lv <= 10; lv++) {
    var o = document.createElement("option");
    o.value = o.textContent = lv;
    if (lv === 5) { o.selected = true; }
    $("level").appendChild(o);
  }
  function canMove() {
    if (editor) { return false; }
    if (!game) { return true; }
    return !game.thinking && !game.over && st.side === game.you;
  }
  function startGame(fromHere) {
    stopAnalysis();
    $("analyse").checked = false;
    var minutes = +$("minutes").value, inc = +$("increment").value;
    game = {
      you: $("you").value, level: +$("level").value, inc: inc * 1000,
      clock: minutes > 0 ? { white: minutes * 60000, red: minutes * 60000 } : null,
      thinking: false, over: false, turnStart: performance.now(), side: null
    };
    ["takeback", "resign", "offerdraw"].forEach(function (id) { $(id).disabled = false; });
    $("clocks").hidden = !game.clock;
    $("playstatus").textContent = "You play " + (game.you === "white" ? "White" : "Red") + " against level " + game.level + ".";
    var req = fromHere ? { op: "new", fen: st.fen } : { op: "new" };
    send({ op: "drawrules", kingMoves: $("kingrule").checked ? 25 : 0 });
    send(req);
  }
  function stopGame() {
    game = null;
    ["takeback", "resign", "offerdraw"].forEach(function (id) { $(id).disabled = true; });
    $("clocks").hidden = true;
  }
  $("newgame").addEventListener("click", function () { startGame(false); });
  $("newhere").addEventListener("click", function () { startGame(true); });
  $("takeback").addEventListener("click", function () {
    if (!game || game.thinking) { return; }
    // Back to the player's last turn: one move or two.
    var count = st.side === game.you ? 2 : 1;
    game.over = false;
    send({ op: "takeback", count: count });
  });
  $("resign").addEventListener("click", function () {
    if (!game || game.over) { return; }
    endGame((game.you === "white" ? "0-2" : "2-0"), "You resigned.");
  });
  $("offerdraw").addEventListener("click", function () {
    if (!game || game.over || game.thinking) { return; }
    // The engine takes a draw when it does not see itself better by a
    // quarter of a man after a short search.
    $("playstatus").textContent = "The engine considers your offer…";
    backend.search({ fen: st.fen, history: st.history, movetime: 300 }).then(function (r) {
      var men = r.lines && r.lines[0] ? r.lines[0].men : 0;
      var engineView = st.side === game.you ? -men : men;
      if (engineView <= 0.25) { endGame("1-1", "The engine accepts the draw."); } else { $("playstatus").textContent = "The engine declines the draw."; }
    }).catch(function (e) { showError(String(e.message || e)); });
  });
  // endGame records a result the players decide, for reason ("" for a
  // resignation or an agreement, "time-forfeit" for a loss on time).
  function endGame(result, why, reason) {
    if (game.clock && game.side && !game.over) {
      // The clock stops: the side to move is charged its turn so far.
      game.clock[game.side] = Math.max(0, game.clock[game.side] - (performance.now() - game.turnStart));
    }
    game.over = true;
    send({ op: "result", result: result, reason: reason || "" }).then(function (r) {
      if (!r.error) { $("playstatus").textContent = why + " " + result; }
    });
  }
  function engineSide() { return game.you === "white" ? "red" : "white"; }

  // playTurn runs the clocks and, on the engine's turn at the end of the
  // main line, asks the engine for its move.
  function playTurn() {
    if (!game) { return; }
    var now = performance.now();
    if (game.side && game.clock && !game.over) {
      game.clock[game.side] -= now - game.turnStart;
      if (game.side !== st.side) { game.clock[game.side] += game.inc; }
    }
    game.side = st.side;
    game.turnStart = now;
    if (st.over) {
      game.over = true;
      $("playstatus").textContent = "Game over: " + st.outcome;
    }
    $("resign").disabled = $("offerdraw").disabled = game.over;
    drawClocks();
    if (game.over || game.thinking || st.side === game.you || st.main[st.main.length - 1] !== st.node) { return; }
    game.thinking = true;
    var node = st.node, req = { fen: st.fen, history: st.history, level: game.level, notation: notation };
    if (game.clock) { req.clock = Math.max(100, Math.round(game.clock[st.side])); req.increment = game.inc; } else { req.movetime = 1000; }
    var g = game;
    backend.search(req).then(function (r) {
      g.thinking = false;
      // Not played when the game was left, or the engine's flag fell
      // while it thought.
      if (game !== g || g.over) { return; }
      if (!r.best) { showError(r.error || "the engine found no move"); return; }
      if (r.lines && r.lines[0]) { noteEval(req.fen, engineSide(), r.lines[0]); }
      send({ op: "play", node: node, move: r.best.text });
    }, function (e) { g.thinking = false; if (game === g) { showError(String(e.message || e)); } });
  }
  function drawClocks() {
    if (!game || !game.clock) { return; }
    ["white", "red"].forEach(function (c) {
      var ms = game.clock[c];
      if (c === game.side && !game.over) { ms -= performance.now() - game.turnStart; }
      if (ms <= 0 && !game.over) {
        endGame(c === "white" ? "0-2" : "2-0", (c === "white" ? "White" : "Red") + " lost on time.", "time-forfeit");
        ms = 0;
      }
      var s = Math.max(0, Math.ceil(ms / 1000));
      $("clock-" + c).textContent = (c === "white" ? "White " : "Red ") + Math.floor(s / 60) + ":" + ("0" + s % 60).slice(-2);
      $("clock-" + c).classList.toggle("running", c === game.side && !game.over);
    });
  }
  setInterval(drawClocks, 250);

  // ---- The position editor ----------------------------------------------------

  // editTo asks the rules for the editor's next position: make gives the
  // request from the editor's position when its turn comes, after the
  // operations before it.
  function editTo(make) {
    var p = queue.then(function () {
      var req = make(editor);
      req.op = "edit";
      req.flip = flip;
      return backend.do(req);
    }).then(function (r) {
      document.body.setAttribute("data-done", ++answered);
      if (!r.edit) { showError(r.error || ""); return; }
      editor = r.edit;
      drawBoard(r.edit.svg);
      $("board").querySelectorAll("polygon.cell").forEach(function (p) { p.classList.add("edit"); });
      $("editproblem").textContent = r.edit.problem || "";
      $("status").textContent = "Editing the position (" + (r.edit.side === "white" ? "White" : "Red") + " to move): click a cell to put the piece chosen there";
      $("fen").textContent = r.edit.fen;
      $("editside").value = r.edit.side;
      $("editdone").disabled = !!r.edit.problem;
    }, function (e) { showError(String(e.message || e)); });
    queue = p;
    return p;
  }
  function editCell(c) {
    var piece = document.querySelector('input[name="piece"]:checked').value;
    editTo(function (e) { return { fen: e.fen, cell: c, piece: piece }; });
  }
  $("edit").addEventListener("click", function () {
    stopGame();
    stopAnalysis();
    $("analyse").checked = false;
    $("palette").hidden = $("edittools").hidden = false;
    var fen = st.fen;
    editTo(function () { return { fen: fen }; });
  });
  $("editside").addEventListener("change", function () {
    var side = $("editside").value;
    editTo(function (e) { return { fen: e.fen, side: side }; });
  });
  $("editclear").addEventListener("click", function () { editTo(function () { return { fen: "W:W:B" }; }); });
  $("editstart").addEventListener("click", function () { editTo(function () { return { fen: START }; }); });
  function closeEditor() {
    editor = null;
    $("palette").hidden = $("edittools").hidden = true;
    $("editproblem").textContent = "";
  }
  $("editdone").addEventListener("click", function () {
    var fen = editor.fen;
    closeEditor();
    send({ op: "new", fen: fen });
  });
  $("editcancel").addEventListener("click", function () { closeEditor(); send({ op: "state" }); });

  // ---- Start ------------------------------------------------------------------

  $("mode").textContent = mode === "static" ? "static site: the rules and the engine run in your browser" : "served by hexdame serve";
  var started = performance.now();
  backend.init().then(function () {
    return send(restoreRequest());
  }).then(function () {
    timings.ready = performance.now(); // since the navigation began
    timings.start = performance.now() - started;
    document.body.setAttribute("data-ready", "1");
  }).catch(function (e) { showError("The page could not start: " + (e.message || e)); });
})();
