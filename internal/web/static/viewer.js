// The viewer of hexdame html: the page, read only, showing the games it
// holds (written by web.Viewer) with no server and no WebAssembly. Its
// backend answers the operations that move through a game from the
// games' data, and draws the board from drawings the page holds: the
// board, the board turned, and a position with a piece of each kind and
// a capture, whose pieces and move marks it copies onto the board.
import { $, SVGNS } from "hexdame/page.js";
import { polygonCenter } from "hexdame/board.js";
import { send } from "hexdame/send.js";
import { listGames } from "hexdame/io.js";

// centers returns the center of each cell of a drawing.
function centers(svg) {
  var m = {};
  svg.querySelectorAll("polygon.cell").forEach(function (p) { m[p.getAttribute("data-cell")] = polygonCenter(p); });
  return m;
}

// copyAt returns a copy of drawing el moved from the center from to the
// center to.
function copyAt(el, from, to) {
  var c = el.cloneNode(true);
  c.setAttribute("transform", "translate(" + (to[0] - from[0]).toFixed(2) + "," + (to[1] - from[1]).toFixed(2) + ")");
  return c;
}

// viewerBackend returns the backend of the games in the page. Each game
// is {info: {label, error, tags, result, outcome}, nodes, items}: its
// nodes (web.viewNode, by number) and its movetext (web.Item).
export function viewerBackend() {
  var games = JSON.parse($("data").textContent);
  var drawings = $("drawings").content.querySelectorAll("svg");
  var boards = [drawings[0], drawings[1]], at = boards.map(centers);
  var tpl = drawings[2], tplAt = centers(tpl);
  var cells = Array.prototype.map.call(boards[0].querySelectorAll("polygon.cell"), function (p) { return p.getAttribute("data-cell"); });
  var pieces = {};
  tpl.querySelectorAll("g.piece").forEach(function (g) {
    var cls = g.getAttribute("class"), sym = cls.indexOf("white") >= 0 ? "w" : "r";
    pieces[cls.indexOf("king") >= 0 ? sym.toUpperCase() : sym] = g;
  });
  var marks = tpl.querySelector("g.move");
  var g = null, version = 0, node = 0, kids = [], texts = {}, boardCache = {};

  function pick(i) {
    g = games[i];
    version = i + 1;
    node = 0;
    boardCache = {};
    kids = g.nodes.map(function () { return []; });
    g.nodes.forEach(function (x, n) { if (n > 0) { kids[x.p].push(n); } });
    texts = {};
    g.items.forEach(function (it) { if (it.k === "m") { texts[it.n] = it.t; } });
    document.body.setAttribute("data-game", i + 1);
  }

  // play returns the board after the move of node x, from the board
  // before it.
  function play(board, x) {
    var b = board.split(""), path = x.m.match(/../g);
    var from = cells.indexOf(path[0]), to = cells.indexOf(path[path.length - 1]), piece = b[from];
    b[from] = ".";
    ((x.x || "").match(/../g) || []).forEach(function (c) { b[cells.indexOf(c)] = "."; });
    b[to] = x.k ? piece.toUpperCase() : piece;
    b[b.length - 1] = b[b.length - 1] === "W" ? "B" : "W";
    return b.join("");
  }

  function boardAt(n) {
    var chain = [], i = n;
    while (!(i in boardCache)) {
      if (g.nodes[i].b) { boardCache[i] = g.nodes[i].b; break; }
      chain.push(i);
      i = g.nodes[i].p;
    }
    for (var k = chain.length - 1; k >= 0; k--) {
      boardCache[chain[k]] = play(boardCache[g.nodes[chain[k]].p], g.nodes[chain[k]]);
    }
    return boardCache[n];
  }

  // draw returns the drawing of node n, as hexdame svg draws it with the
  // move that led there.
  function draw(n, flip) {
    var f = flip ? 1 : 0, svg = boards[f].cloneNode(true), c = at[f], board = boardAt(n), x = g.nodes[n];
    var coords = svg.querySelector("g.coordinates"), layer = document.createElementNS(SVGNS, "g");
    layer.setAttribute("class", "pieces");
    for (var i = 0; i < cells.length; i++) {
      var t = pieces[board.charAt(i)];
      if (!t) { continue; }
      var p = copyAt(t, tplAt[t.getAttribute("data-cell")], c[cells[i]]);
      p.setAttribute("data-cell", cells[i]);
      layer.appendChild(p);
    }
    svg.insertBefore(layer, coords);
    if (x.m) {
      var path = x.m.match(/../g), m = marks.cloneNode(false);
      m.setAttribute("class", "move last");
      svg.insertBefore(tpl.querySelector("defs").cloneNode(true), svg.querySelector("g.board"));
      var from = marks.querySelector("circle.from").cloneNode(true);
      from.setAttribute("cx", c[path[0]][0]);
      from.setAttribute("cy", c[path[0]][1]);
      m.appendChild(from);
      for (var k = 1; k < path.length; k++) {
        // Short of the center, so that the arrow's tip is seen.
        var a = c[path[k - 1]], b = c[path[k]], dx = b[0] - a[0], dy = b[1] - a[1], d = Math.sqrt(dx * dx + dy * dy);
        var step = marks.querySelector("line.step").cloneNode(true);
        step.setAttribute("x1", a[0]);
        step.setAttribute("y1", a[1]);
        step.setAttribute("x2", b[0] - dx / d * 3);
        step.setAttribute("y2", b[1] - dy / d * 3);
        m.appendChild(step);
      }
      var cross = marks.querySelector("path.captured");
      ((x.x || "").match(/../g) || []).forEach(function (cell) {
        var e = copyAt(cross, tplAt[cross.getAttribute("data-cell")], c[cell]);
        e.setAttribute("data-cell", cell);
        m.appendChild(e);
      });
      svg.insertBefore(m, coords);
    }
    return svg.outerHTML;
  }

  function state(req) {
    var main = [0];
    while (kids[main[main.length - 1]].length) { main.push(kids[main[main.length - 1]][0]); }
    var board = boardAt(node), end = main[main.length - 1] === node && g.info.outcome;
    var x = g.nodes[node], line = [];
    for (var i = node; i > 0; i = g.nodes[i].p) { line.unshift(String(i)); }
    var s = {
      // The line: the nodes from the root, which the page compares to
      // animate a step along it.
      version: version, node: node, fen: "", start: "game " + version, line: line, history: [], moves: [], main: main,
      side: board.charAt(board.length - 1) === "W" ? "white" : "red",
      svg: draw(node, req.flip), last: x.m ? { text: texts[node], path: x.m.match(/../g), captured: (x.x || "").match(/../g) || [] } : null,
      over: !!end, outcome: end ? g.info.outcome : "", result: g.info.result, tags: g.info.tags, comment: ""
    };
    if (req.version !== version) { s.tree = { items: g.items, main: [] }; }
    return s;
  }

  var ops = {
    state: function () {},
    pick: function (req) { pick(Math.min(Math.max(req.game - 1, 0), games.length - 1)); },
    first: function () { node = 0; },
    prev: function () { if (g.nodes[node].p >= 0) { node = g.nodes[node].p; } },
    next: function () { if (kids[node].length) { node = kids[node][0]; } },
    last: function () { while (kids[node].length) { node = kids[node][0]; } },
    goto: function (req) { if (req.node >= 0 && req.node < g.nodes.length) { node = req.node; } }
  };
  function refuse() { return Promise.reject(new Error("the viewer has no engine")); }
  return {
    games: games,
    init: function () { return Promise.resolve(); },
    do: function (req) {
      if (!ops[req.op] || !g && req.op !== "pick") { return Promise.resolve({ error: "the viewer only shows the games" }); }
      ops[req.op](req);
      return Promise.resolve({ state: state(req), error: g.info.error });
    },
    search: refuse,
    analyze: function (req, onReport) { onReport({ done: true, error: "the viewer has no engine" }); return { stop: function () {} }; }
  };
}

// startViewer lists the games and shows the one the address names; the
// address may also say what to do first, as a reader would:
// #game=2&play=next,next,prev (the buttons), &keys=ArrowRight,End (the
// keys), &click=5 (the move numbered 5 in the movetext).
export function startViewer(backend) {
  var games = backend.games;
  $("mode").textContent = document.title;
  if (!games.length) {
    $("status").textContent = "No games.";
    return Promise.resolve();
  }
  var params = new URLSearchParams(location.hash.slice(1));
  var i = Math.min(Math.max((+params.get("game") || 1) - 1, 0), games.length - 1);
  listGames(games.map(function (g) { return g.info; }), i);
  return send({ op: "pick", game: i + 1 }).then(function () {
    (params.get("play") || "").split(",").forEach(function (id) {
      if (/^(first|prev|next|last|flip)$/.test(id)) { $(id).click(); }
    });
    (params.get("keys") || "").split(",").forEach(function (key) {
      if (key) { document.dispatchEvent(new KeyboardEvent("keydown", { key: key })); }
    });
    (params.get("click") || "").split(",").forEach(function (n) {
      var m = n && document.querySelector('#movetext [data-n="' + n + '"]');
      if (m) { m.click(); }
    });
    return send({ op: "state" });
  });
}
