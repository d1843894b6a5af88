// Moves animated: the piece slides along its path, hop by hop, and the
// pieces it takes fade as it passes them; a step back plays the move
// backwards. Only a step of one ply along the line shown is animated (a
// move played, the engine's reply, Left or Right), not a jump. An
// animation never holds the page up: the board is the new position's
// from the start (the piece only looks on its way), and the next state
// drawn, or a click on the board, ends it at once.
import { page, timings } from "hexdame/page.js";
import { animates } from "hexdame/settings.js";

// HOP is the time of one hop of a piece, in milliseconds.
export var HOP = 180;

var running = null; // {anims: [Animation], ghosts: [Element]}

// endAnimation ends the animation under way, leaving the board as the
// position it shows.
export function endAnimation() {
  var r = running;
  if (!r) { return; }
  running = null;
  r.anims.forEach(function (a) { a.cancel(); });
  r.ghosts.forEach(function (g) { g.remove(); });
  r.moving.classList.remove("moving");
  if (r.log) { r.log.ended = performance.now() - r.t0; r.log.finished = r.finished; }
}

// step returns the move between the state drawn before, prev, and st, if
// st is one ply on from prev along its line ({path, captured, back:
// false}) or one ply back ({..., back: true}), else null.
export function step(prev, st) {
  if (!prev || !st || !prev.line || !st.line || prev.start !== st.start) { return null; }
  var fwd = st.line.length === prev.line.length + 1, back = st.line.length === prev.line.length - 1;
  var short = fwd ? prev.line : st.line, long = fwd ? st.line : prev.line, last = fwd ? st.last : prev.last;
  if (!(fwd || back) || !last || !last.path || last.path.length < 2) { return null; }
  for (var i = 0; i < short.length; i++) { if (short[i] !== long[i]) { return null; } }
  return { path: last.path, captured: last.captured || [], back: back };
}

// animate animates move mv ({path, captured, back}) on the board just
// drawn; old is the board's drawing before (the pieces taken are copied
// from it).
export function animate(mv, old) {
  endAnimation();
  if (!mv || !animates() || typeof Element.prototype.animate !== "function") { return; }
  var svg = document.querySelector("#board svg"), c = page.centers;
  var path = mv.back ? mv.path.slice().reverse() : mv.path;
  var pts = path.map(function (cell) { return c[cell]; });
  var piece = svg && svg.querySelector('g.piece[data-cell="' + path[path.length - 1] + '"]');
  if (!piece || pts.some(function (p) { return !p; })) { return; }
  var base = translation(piece), end = pts[pts.length - 1], hops = pts.length - 1;
  var r = running = { anims: [], ghosts: [], moving: piece, t0: performance.now(), finished: false };
  r.log = { move: mv.path.join(mv.captured.length ? "x" : "-"), back: mv.back, hops: hops, ms: hops * HOP, captured: mv.captured.length };
  timings.animations = timings.animations || [];
  timings.animations.push(r.log);
  piece.parentNode.appendChild(piece); // over the others
  piece.classList.add("moving");
  var frames = pts.map(function (p, i) {
    return { transform: "translate(" + (base[0] + p[0] - end[0]).toFixed(2) + "px," + (base[1] + p[1] - end[1]).toFixed(2) + "px)", offset: i / hops, easing: "ease-in-out" };
  });
  var a = piece.animate(frames, { duration: hops * HOP });
  r.anims.push(a);
  // The pieces taken: faded out as the piece passes them, or in, going
  // back, as it passes them again.
  mv.captured.forEach(function (cell) {
    var g = mv.back ? svg.querySelector('g.piece[data-cell="' + cell + '"]') : copyOf(old, cell, svg, piece);
    if (!g) { return; }
    var at = passes(pts, c[cell]);
    var from = mv.back ? 0 : 1, to = 1 - from;
    g.style.opacity = String(to);
    r.anims.push(g.animate([{ opacity: from }, { opacity: to }], { duration: HOP, delay: Math.max(0, (at - 0.5) * HOP), fill: "backwards" }));
  });
  a.onfinish = function () {
    if (running !== r) { return; }
    r.finished = true;
    endAnimation();
  };
}

// copyOf returns a copy of the piece on cell of the drawing old, put on
// the board svg under the piece moving: a ghost, which is no piece of
// the position (it has no cell) and goes with the animation.
function copyOf(old, cell, svg, moving) {
  var src = old && old.querySelector('g.piece[data-cell="' + cell + '"]');
  if (!src) { return null; }
  var g = src.cloneNode(true);
  g.removeAttribute("data-cell");
  g.classList.add("ghost");
  moving.parentNode.insertBefore(g, moving);
  running.ghosts.push(g);
  return g;
}

// passes returns the hop (1 to the number of hops) of the path through
// points pts that passes over the point q, or the last.
function passes(pts, q) {
  for (var i = 1; q && i < pts.length; i++) {
    var a = pts[i - 1], b = pts[i], dx = b[0] - a[0], dy = b[1] - a[1], len = dx * dx + dy * dy;
    var t = ((q[0] - a[0]) * dx + (q[1] - a[1]) * dy) / (len || 1);
    var ex = a[0] + t * dx - q[0], ey = a[1] + t * dy - q[1];
    if (t > 0 && t < 1 && ex * ex + ey * ey < 1) { return i; }
  }
  return pts.length - 1;
}

// translation returns the translation of an element's transform
// attribute (the viewer draws its pieces as moved copies), [0, 0] for
// none.
function translation(el) {
  var m = /translate\(\s*([-\d.]+)[ ,]+([-\d.]+)\s*\)/.exec(el.getAttribute("transform") || "");
  return m ? [+m[1], +m[2]] : [0, 0];
}
