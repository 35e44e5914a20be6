// Small DOM helpers the pages and boards share.
import { cssColour } from "./colours.js";

/** An element with attributes (`class`; `style` set through the CSSOM, since the pages'
 * Content-Security-Policy refuses style attributes; `onclick` and other `on…` keys as
 * listeners; null or undefined values left out) and children (null or undefined left out). */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null) continue;
    if (k === "class") node.className = v;
    else if (k === "style") node.style.cssText = v;    // the CSSOM: no inline style attribute
    else if (k.startsWith("on") && typeof v === "function") node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v);
  }
  for (const c of children) if (c !== null && c !== undefined) node.append(c);
  return node;
}

/** A round swatch of a seat's colour (`colour`: the game's colour name). */
export function swatch(colour) {
  const dot = el("span", { class: "swatch" });
  dot.style.background = cssColour(colour);
  return dot;
}

const stylesheets = new Map();

/** Add the stylesheet `href` to the page once (a board brings its own). Resolves when it
 * has loaded, or failed (the page then goes on without it rather than never), so that a
 * board is not drawn before its rules apply: a table-rules board would show its yellow
 * spots for a moment. */
export function loadStylesheet(href) {
  if (!stylesheets.has(href)) {
    const link = el("link", { rel: "stylesheet", href });
    stylesheets.set(href, new Promise((done) => {
      link.addEventListener("load", done, { once: true });
      link.addEventListener("error", done, { once: true });
    }));
    document.head.append(link);
  }
  return stylesheets.get(href);
}

/** Add listeners, each `[target, type, handler, options?]`; returns the function that
 * removes them all again (a board's unbind). */
export function listen(...entries) {
  for (const [target, type, handler, options] of entries) target.addEventListener(type, handler, options);
  return () => {
    for (const [target, type, handler, options] of entries) target.removeEventListener(type, handler, options);
  };
}

/** Whether a key event is typing in a field (a shortcut key then is a letter). */
export function typing(ev) {
  return !!(ev.target.closest && ev.target.closest("input, textarea, select"));
}

/** The players' rows of a state (a game's or a replay step's): a swatch in the seat's
 * colour, ``label(seat, colour)``, the score (`?` while secret), the seat to move marked. */
export function playerRows(state, colours, label) {
  return colours.map((c, i) => {
    const li = el("li", { "data-seat": i });
    if (i === state.current_player && !state.terminal) li.classList.add("turn");
    li.append(swatch(c), el("span", {}, label(i, c)),
              el("span", { class: "score" }, String(state.scores ? state.scores[i] : "?")));
    return li;
  });
}
