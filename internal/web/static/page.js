// The page's shared state: what the backend answered last, what the page
// holds besides, and the elements it draws in. Every other module of the
// page reads and writes it here.

// The page's mode: "server" (hexdame serve), "static" (the static site,
// with the rules in WebAssembly) or "viewer" (hexdame html: read only).
export const mode = document.body.getAttribute("data-mode");

export const SVGNS = "http://www.w3.org/2000/svg";

// The start position's FEN, which the address leaves out.
export const START = "W:Wa1,a2,a3,a4,b1,b2,b3,b4,c1,c2,c3,c4,d1,d2,d3,d4:Bf6,f7,f8,f9,g6,g7,g8,g9,h6,h7,h8,h9,i6,i7,i8,i9";

export const page = {
  backend: null,    // the backend the page talks to: do, search, analyze
  st: null,         // the last state
  tree: null,       // its tree
  flip: false,
  notation: "algebraic",
  sel: null,        // the selected piece: {from, via: [], to, cands}
  centers: {},      // cell -> [x, y] on the board drawn
  queue: Promise.resolve(), // the operations sent, one after the other
  game: null,       // a game against the engine: {you, level, clock: {white, red}, inc, ...}
  evals: {},        // FEN -> White's view in men, for the graph
  analysis: null,   // the running analysis: {handle, fen}
  lastLines: [],
  editor: null,     // the editor's position: {fen}
  answered: 0       // the operations answered
};

// What the page measured, for the browser tests and the curious (in the
// console: hexdame.timings).
export const timings = { clicks: [] };

export function $(id) { return document.getElementById(id); }

export function showError(msg) { $("error").textContent = msg; }
