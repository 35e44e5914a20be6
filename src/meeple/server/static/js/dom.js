// Small DOM helpers the pages and boards share.
import { cssColour } from "./api.js";

/** An element with attributes (`class`; `onclick` and other `on…` keys as listeners; null
 * or undefined values left out) and children (null or undefined left out). */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null) continue;
    if (k === "class") node.className = v;
    else if (k.startsWith("on") && typeof v === "function") node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v);
  }
  for (const c of children) if (c !== null && c !== undefined) node.append(c);
  return node;
}

/** Add the stylesheet `href` to the page once (a board loads its own). */
export function loadStylesheet(href) {
  if (document.querySelector(`link[rel=stylesheet][href="${href}"]`)) return;
  document.head.append(el("link", { rel: "stylesheet", href }));
}

/** The players' rows of a state (a game's or a replay step's): a swatch in the seat's
 * colour, ``label(seat, colour)``, the score (`?` while secret), the seat to move marked. */
export function playerRows(state, colours, label) {
  return colours.map((c, i) => {
    const li = el("li", { "data-seat": i });
    if (i === state.current_player && !state.terminal) li.classList.add("turn");
    const dot = el("span", { class: "swatch" });
    dot.style.background = cssColour(c);
    li.append(dot, el("span", {}, label(i, c)),
              el("span", { class: "score" }, String(state.scores ? state.scores[i] : "?")));
    return li;
  });
}
