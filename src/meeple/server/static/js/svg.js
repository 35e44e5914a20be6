// What every SVG drawing of the client shares: the namespace, the one element builder,
// hexagons, and escaping for the few pictures kept as markup (the tile pictures of
// boards/tiles.js).
//
// The drawing style is DOM building: a board makes its nodes with `sv` (SVG) and dom.js's
// `el` (HTML), so text and attributes from the server go in through textContent and
// setAttribute and never need escaping; markup strings are left only where a picture is
// fixed data (a tile), and every value put into them goes through `esc`.

export const NS = "http://www.w3.org/2000/svg";

/** An SVG element with attributes (null or undefined values left out) and children
 * (nodes or text; null or undefined left out). */
export function sv(tag, attrs = {}, ...children) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null) node.setAttribute(k, v);
  for (const c of children) if (c !== null && c !== undefined) node.append(c);
  return node;
}

/** The six corners of a hexagon of radius `r` (centre to corner) around (cx, cy), as an
 * SVG `points` list; the first corner at `turn` degrees (0: flat top, -90: pointy top). */
export function hexPoints(cx, cy, r, turn = 0) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = Math.PI / 180 * (60 * i + turn);
    pts.push(`${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}

const ENTITIES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** `s` as text safe inside markup, in an element or a quoted attribute. */
export function esc(s) {
  return String(s).replace(/[&<>"']/g, (c) => ENTITIES[c]);
}
