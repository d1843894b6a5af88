// The player's settings, which the browser keeps (in localStorage, under
// hexdame.v1.settings) across reloads and tabs: the board turned, the
// notation of the moves, and whether moves are animated (by default
// unless the system asks for reduced motion, prefers-reduced-motion).
import { $, page } from "hexdame/page.js";

var KEY = "hexdame.v1.settings";

// settings are the settings as kept: a setting the player never changed
// is missing.
var settings = read();

function read() {
  try { return JSON.parse(window.localStorage.getItem(KEY)) || {}; } catch (e) { return {}; }
}

function write() {
  try { window.localStorage.setItem(KEY, JSON.stringify(settings)); } catch (e) { /* kept for this page only */ }
}

// reducedMotion reports whether the system asks for less motion.
function reducedMotion() {
  return !!(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
}

// animates reports whether moves are animated: as the player chose, else
// unless the system asks for reduced motion.
export function animates() {
  return typeof settings.animate === "boolean" ? settings.animate : !reducedMotion();
}

// setFlip turns the board (true: Red at the bottom) and keeps the
// setting; the next state drawn shows it.
export function setFlip(flip) {
  page.flip = !!flip;
  settings.flip = page.flip;
  write();
}

// initSettings gives the page the settings kept, before it draws
// anything, and keeps those the player changes.
export function initSettings() {
  page.flip = !!settings.flip;
  if (settings.notation === "numeric" || settings.notation === "algebraic") { page.notation = settings.notation; }
  $("notation").value = page.notation;
  $("animate").checked = animates();
  $("animate").addEventListener("change", function () {
    settings.animate = $("animate").checked;
    write();
  });
  $("notation").addEventListener("change", function () {
    settings.notation = $("notation").value;
    write();
  });
}
