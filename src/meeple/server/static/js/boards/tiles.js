// Drawing tiles as SVG markup from the game's tile data (GET /api/games/types/NAME/data).
// A tile is 100×100 units, drawn at rotation 0 in its own frame; the caller rotates it.
// A tile's picture is fixed data, so it stays markup (made once per type and rotation by
// the tile board); the one value from the data written into it, the type's name, goes
// through `esc`.
import { esc } from "../svg.js";

export const SIZE = 100;
export const EDGES = ["N", "E", "S", "W"];
const EDGE_PT = { N: [50, 0], E: [100, 50], S: [50, 100], W: [0, 50] };
const HALF_PT = { Nw: [25, 0], Ne: [75, 0], En: [100, 25], Es: [100, 75],
                  Se: [75, 100], Sw: [25, 100], Ws: [0, 75], Wn: [0, 25] };

// Looks of each segment kind: areas (cities, forests), lines (roads, rivers), centres.
const AREA = { city: { fill: "#d9b47c", wall: "#8a5a2b" },
               forest: { fill: "#2f6b34", wall: "#1d4520" } };
const LINE = { road: { under: "#77736a", over: "#fbfaf3", width: 9 },
               river: { under: "#2a64a8", over: "#5fa0e6", width: 13 } };
const GROUND = { field: "#8cc461", meadow: "#a8d377" };

// An area's outline for each edge set, up to rotation: [edges at rotation 0, path].
const AREA_SHAPES = [
  [[0], "M0,0 L100,0 Q50,56 0,0 Z"],
  [[0, 1], "M0,0 L100,0 L100,100 Q30,70 0,0 Z"],
  [[0, 2], "M0,0 L100,0 Q66,50 100,100 L0,100 Q34,50 0,0 Z"],
  [[0, 1, 3], "M0,0 L100,0 L100,100 Q50,44 0,100 Z"],
  [[0, 1, 2, 3], "M0,0 L100,0 L100,100 L0,100 Z"],
];

/** Where a location (N, Nw, ..., C) sits on a tile, pulled toward the middle so a piece
 * there lies on its feature. */
export function locationPoint(loc) {
  if (loc === "C") return [50, 50];
  const [x, y] = EDGE_PT[loc] || HALF_PT[loc];
  const pull = EDGE_PT[loc] ? 0.32 : 0.36;
  return [x + (50 - x) * pull, y + (50 - y) * pull];
}

function areaPath(edges) {
  const want = edges.map((e) => EDGES.indexOf(e)).sort().join();
  for (const [base, path] of AREA_SHAPES) {
    for (let k = 0; k < 4; k++) {
      if (base.length !== edges.length) continue;
      if (base.map((e) => (e + k) % 4).sort().join() === want) {
        return `<path d="${path}" transform="rotate(${90 * k} 50 50)"`;
      }
    }
  }
  return null;
}

function linePath(edges) {
  const pts = edges.map((e) => EDGE_PT[e]);
  if (pts.length === 2) {
    const [a, b] = pts;
    const opposite = a[0] === b[0] || a[1] === b[1];
    return opposite ? `M${a} L${b}` : `M${a} Q50,50 ${b}`;
  }
  return pts.map((p) => `M${p} L50,50`).join(" ");
}

const shield = (x, y) => `<path class="pennant" transform="translate(${x} ${y})"
  d="M-6,-7 L6,-7 L6,0 Q6,6 0,9 Q-6,6 -6,0 Z" fill="#2454a6" stroke="#fff" stroke-width="1.5"/>`;

const monastery = `<g class="monastery"><rect x="37" y="42" width="26" height="20" fill="#efe4c8"
  stroke="#5a4630" stroke-width="1.5"/><path d="M34,43 L50,28 L66,43 Z" fill="#b5472f"
  stroke="#5a4630" stroke-width="1.5"/><rect x="46" y="50" width="8" height="12" fill="#5a4630"/></g>`;

const lake = `<g class="lake"><ellipse cx="50" cy="50" rx="20" ry="16" fill="#4a8fd6"
  stroke="#2a64a8" stroke-width="2"/></g>`;

// --- Hunters & Gatherers: the symbols on the segments -------------------------------------
// Small shapes of our own, about 12 units across, centred on 0,0; class `sym sym-NAME`.
// Each is drawn upright on the segment its attribute belongs to (meadow animals and powers
// near the meadow's half-edges, nuggets and mushrooms in the forest, fish in the lake).
const SYMBOLS = {
  deer: `<ellipse cx="0" cy="1" rx="6" ry="3.5" fill="#a0662e"/>
    <path d="M-4,3 L-4,7 M4,3 L4,7 M5,-1 L6,-6 M6,-6 L3,-9 M6,-6 L9,-8" stroke="#5e3814"
    stroke-width="1.4" fill="none" stroke-linecap="round"/><circle cx="6" cy="-2" r="2.2" fill="#a0662e"/>`,
  mammoth: `<ellipse cx="0" cy="0" rx="7" ry="5.5" fill="#6b4a2f"/>
    <path d="M-4,4 L-4,8 M3,4 L3,8" stroke="#4a3220" stroke-width="2.4" stroke-linecap="round"/>
    <path d="M6,-1 Q10,3 8,8" stroke="#6b4a2f" stroke-width="2.2" fill="none" stroke-linecap="round"/>
    <path d="M5,2 Q9,5 11,2" stroke="#f4ecd8" stroke-width="1.3" fill="none" stroke-linecap="round"/>`,
  aurochs: `<ellipse cx="0" cy="1" rx="6.5" ry="4" fill="#2b2b2b"/>
    <circle cx="6" cy="-1" r="2.6" fill="#2b2b2b"/>
    <path d="M4,-3 Q3,-8 6,-8 M8,-3 Q10,-8 7,-9" stroke="#eadfc4" stroke-width="1.3" fill="none"/>
    <path d="M-4,4 L-4,8 M4,4 L4,8" stroke="#2b2b2b" stroke-width="1.8" stroke-linecap="round"/>`,
  tiger: `<ellipse cx="0" cy="1" rx="7" ry="4" fill="#e08a1e"/>
    <circle cx="6.5" cy="-1.5" r="3" fill="#e08a1e"/>
    <path d="M-3,-2.5 L-2,4 M0,-3 L1,4.5 M3,-2.5 L3.5,4" stroke="#1b1b1b" stroke-width="1.1"/>
    <path d="M6,1 L6.5,4 M8,1 L8.3,3.5" stroke="#fff" stroke-width="1"/>`,
  fish: `<path d="M-5,0 Q0,-4 5,0 Q0,4 -5,0 Z M-5,0 L-8,-3 L-8,3 Z" fill="#f2f7fc"
    stroke="#1f4f85" stroke-width=".8"/>`,
  nugget: `<path d="M-5,2 L-3,-3 L2,-4 L6,-1 L5,3 L0,5 Z" fill="#f2c230" stroke="#8a6a10"
    stroke-width="1.2"/><path d="M-1,-2 L2,-2" stroke="#fff6c4" stroke-width="1"/>`,
  mushrooms: `<path d="M-7,0 Q-7,-7 0,-7 Q7,-7 7,0 Z" fill="#c8322b" stroke="#6d1410" stroke-width=".8"/>
    <rect x="-2" y="0" width="4" height="6" fill="#f4ecd8" stroke="#7a6a50" stroke-width=".6"/>
    <circle cx="-3" cy="-3.5" r="1.1" fill="#fff"/><circle cx="2.5" cy="-4.5" r="1" fill="#fff"/>`,
  fire: `<path d="M0,8 Q-7,6 -5,-1 Q-3,2 -2,0 Q-3,-5 1,-9 Q1,-4 4,-3 Q7,3 0,8 Z" fill="#e8531e"
    stroke="#8c2a0c" stroke-width=".8"/><path d="M0,7 Q-3,5 -1,1 Q1,3 2,2 Q3,6 0,7 Z" fill="#ffd23f"/>`,
  shrine: `<rect x="-7" y="-6" width="14" height="3" fill="#8d8a82" stroke="#4d4a44" stroke-width=".8"/>
    <rect x="-6" y="-3" width="3" height="10" fill="#a19d93" stroke="#4d4a44" stroke-width=".8"/>
    <rect x="3" y="-3" width="3" height="10" fill="#a19d93" stroke="#4d4a44" stroke-width=".8"/>`,
};
const MEADOW_SYMBOLS = ["deer", "mammoth", "aurochs", "tiger", "fire", "shrine"];
const FOREST_SYMBOLS = ["nugget", "mushrooms"];
// Where fish swim in a lake (the ellipse at the centre), by how many there are.
const FISH_AT = [[], [[50, 50]], [[42, 46], [58, 54]], [[41, 45], [59, 45], [50, 57]],
                 [[41, 44], [59, 44], [41, 57], [59, 57]]];
// Each half-edge's corner and edge middle, at rotation 0.
const HALF_CORNER = { Nw: [0, 0], Ne: [100, 0], En: [100, 0], Es: [100, 100],
                      Se: [100, 100], Sw: [0, 100], Ws: [0, 100], Wn: [0, 0] };
const HALF_EDGE = { Nw: "N", Ne: "N", En: "E", Es: "E", Se: "S", Sw: "S", Ws: "W", Wn: "W" };

/** The index of the lake off the tile's middle (a tile with several lakes) that segment
 * `seg` runs into, or null. */
function offLake(tile, seg) {
  for (const b of seg.borders || []) {
    const other = tile.segments[b];
    if (other && other.kind === "lake" && !other.locs.includes("C")) return b;
  }
  return null;
}
/** Where a lake off the tile's middle lies at rotation 0: between the middle and the edges
 * of the rivers that run into it. */
function lakeSpot(tile, index) {
  const rivers = (tile.segments[index].borders || []).map((b) => tile.segments[b])
    .flatMap((s) => s.locs.filter((l) => EDGES.includes(l)));
  if (!rivers.length) return [50, 50];
  let x = 0, y = 0;
  for (const e of rivers) { x += EDGE_PT[e][0] / rivers.length; y += EDGE_PT[e][1] / rivers.length; }
  return [x + (50 - x) * 0.45, y + (50 - y) * 0.45];
}

const symbol = (name, [x, y]) =>
  `<g class="sym sym-${name}" transform="translate(${x.toFixed(1)} ${y.toFixed(1)})">${SYMBOLS[name]}</g>`;
/** Point (x, y) of a tile's rotation-0 frame after `k` quarter turns clockwise. */
function turn([x, y], k) {
  for (let i = 0; i < k; i++) [x, y] = [100 - y, x];
  return [x, y];
}
const inward = ([x, y], d) => {            // `d` units from an edge point toward the middle
  const len = Math.hypot(50 - x, 50 - y) || 1;
  return [x + (50 - x) * d / len, y + (50 - y) * d / len];
};
/** Spots for symbols on a meadow: near each of its half-edges, toward that half's corner
 * (a follower on the meadow stands nearer the edge's middle). */
function meadowSpots(seg) {
  return seg.locs.filter((l) => HALF_CORNER[l]).map((l) => {
    const [cx, cy] = HALF_CORNER[l], [mx, my] = EDGE_PT[HALF_EDGE[l]];
    return inward([cx + (mx - cx) * 0.42, cy + (my - cy) * 0.42], 15);
  });
}
/** Spots for symbols in a forest: beside the middle of a lone edge (its follower stands
 * on the middle), or about the middle of a forest of several edges. */
function forestSpots(seg) {
  const edges = seg.locs.filter((l) => EDGES.includes(l));
  if (edges.length === 1) {
    const [x, y] = inward(EDGE_PT[edges[0]], 11), along = x === 50 ? [1, 0] : [0, 1];
    return [[x + 17 * along[0], y + 17 * along[1]], [x - 17 * along[0], y - 17 * along[1]]];
  }
  let x = 0, y = 0;
  for (const e of edges) { x += EDGE_PT[e][0] / edges.length; y += EDGE_PT[e][1] / edges.length; }
  [x, y] = [x + (50 - x) * 0.15, y + (50 - y) * 0.15];
  return [[x, y], [x, y + 13], [x, y - 13]];
}
/** The symbols of a tile's segments, upright, for a tile placed turned `k` quarter turns. */
function symbols(tile, k) {
  const out = [];
  for (const seg of tile.segments) {
    const attrs = seg.attrs || {};
    let names = [], spots = [];
    if (seg.kind === "meadow") {
      names = MEADOW_SYMBOLS.flatMap((a) => Array(attrs[a] || 0).fill(a));
      spots = meadowSpots(seg);
    } else if (seg.kind === "forest") {
      names = FOREST_SYMBOLS.flatMap((a) => Array(attrs[a] || 0).fill(a));
      spots = forestSpots(seg);
    } else if (seg.kind === "lake") {
      const n = Math.min(attrs.fish || 0, FISH_AT.length - 1);
      if (seg.locs.includes("C")) {
        // Spots in the placed frame already: the lake is round enough to stay as it is.
        FISH_AT[n].forEach((p) => out.push(symbol("fish", p)));
      } else {                          // one of several lakes: smaller, off the middle
        const [lx, ly] = turn(lakeSpot(tile, tile.segments.indexOf(seg)), k);
        out.push(`<ellipse class="lake" cx="${lx.toFixed(1)}" cy="${ly.toFixed(1)}" rx="14"
          ry="11" fill="#4a8fd6" stroke="#2a64a8" stroke-width="2"/>`);
        FISH_AT[n].forEach(([fx, fy]) =>
          out.push(symbol("fish", [lx + (fx - 50) * 0.6, ly + (fy - 50) * 0.6])));
      }
      continue;
    }
    if (!spots.length) continue;
    names.forEach((name, i) => {
      // More symbols than spots: the extra ones sit a little beside the first ones.
      const [x, y] = spots[i % spots.length], shift = 9 * Math.floor(i / spots.length);
      const [px, py] = turn([x, y], k);
      out.push(symbol(name, inward([px, py], shift)));
    });
  }
  return out.join("");
}
// Bonus tiles are named B01, B02, ... in the tile data (the notation's `draw B..`).
const isBonus = (type) => /^B\d+$/.test(type);
const bonusMark = `<rect class="bonus-mark" x="4" y="4" width="92" height="92" rx="4" fill="none"
  stroke="#f2c230" stroke-width="2.5" stroke-dasharray="6 4"/>`;

/** The SVG markup of tile type `type` at rotation 0, in a 100×100 frame. Pennants and
 * buildings are drawn by `upright()` instead, so that they stand whatever the rotation. */
export function tileMarkup(tiles, type) {
  const tile = tiles.byType[type];
  if (!tile) return `<rect width="100" height="100" fill="#ccc"/><text x="50" y="55"
    text-anchor="middle">${esc(type)}</text>`;
  const halfKind = Object.entries(tiles.kinds).find(([, c]) => c === "half");
  const ground = GROUND[halfKind && halfKind[0]] || "#8cc461";
  const parts = [`<rect width="100" height="100" fill="${ground}"/>`];
  const lines = [], areas = [], centres = [];
  let ends = 0;
  for (const seg of tile.segments) {
    const edges = seg.locs.filter((l) => EDGES.includes(l));
    if (AREA[seg.kind] && edges.length) areas.push([seg, edges]);
    else if (LINE[seg.kind] && edges.length) {
      lines.push([seg, edges]);
      if (edges.length === 1 && !offLake(tile, seg)) ends += 1;
    } else if (seg.locs.includes("C")) centres.push(seg);   // drawn by upright()
  }
  for (const [seg, edges] of lines) {
    const look = LINE[seg.kind], into = offLake(tile, seg);
    // A river that ends in one of a tile's several lakes runs to that lake, not the middle.
    const d = into !== null && edges.length === 1
      ? `M${EDGE_PT[edges[0]]} Q${inward(EDGE_PT[edges[0]], 30)} ${lakeSpot(tile, into)}`
      : linePath(edges);
    parts.push(`<path d="${d}" fill="none" stroke="${look.under}" stroke-width="${look.width + 4}"
      stroke-linecap="butt"/><path d="${d}" fill="none" stroke="${look.over}"
      stroke-width="${look.width}" stroke-linecap="butt"/>`);
  }
  const hasCentre = centres.length > 0;
  const river = lines.some(([seg]) => seg.kind === "river");
  if (river && ends >= 1 && !hasCentre) {
    parts.push(`<circle cx="50" cy="50" r="8" fill="${LINE.river.over}"
      stroke="${LINE.river.under}" stroke-width="2"/>`);                 // a spring
  } else if (ends >= 3 || (ends >= 1 && !hasCentre && lines.every(([, e]) => e.length === 1))) {
    // Roads that end at a crossroads (a village) or, alone, in the middle of the tile.
    parts.push(`<rect x="41" y="41" width="18" height="18" fill="#c9b89a" stroke="#5a4630"
      stroke-width="1.5" transform="rotate(45 50 50)"/>`);
  }
  for (const [seg, edges] of areas) {
    const look = AREA[seg.kind];
    parts.push(`${areaPath(edges)} fill="${look.fill}" stroke="${look.wall}"
      stroke-width="3" stroke-linejoin="round"/>`);
  }
  return parts.join("");
}

/** The pennants, centre pieces (monastery, lake) and symbols (animals, fish, nuggets, ...)
 * of a tile placed at rotation `deg`, in the tile's placed frame: they stay upright. */
export function upright(tiles, type, deg) {
  const tile = tiles.byType[type];
  if (!tile) return "";
  const k = deg / 90;
  const out = [];
  for (const seg of tile.segments) {
    if (!seg.locs.includes("C")) continue;
    if (seg.kind === "monastery") out.push(monastery);
    else if (seg.kind === "lake") out.push(lake);
    else out.push(`<circle cx="50" cy="50" r="12" fill="#ddd" stroke="#555"/>`);
  }
  for (const seg of tile.segments) {
    if (!(seg.attrs && seg.attrs.pennant)) continue;
    const edges = seg.locs.filter((l) => EDGES.includes(l))
      .map((e) => EDGES[(EDGES.indexOf(e) + k) % 4]);
    let x = 0, y = 0;
    for (const e of edges) { x += EDGE_PT[e][0]; y += EDGE_PT[e][1]; }
    x /= edges.length; y /= edges.length;
    const pull = edges.length === 1 ? 0.3 : 0.1;
    // Off the middle a little, so a follower on the city does not hide the pennant.
    out.push(shield(x + (50 - x) * pull + 14, y + (50 - y) * pull + 10));
  }
  out.push(symbols(tile, k));
  if (isBonus(type)) out.push(bonusMark);
  return out.join("");
}

/** The tile data indexed by type. */
export function indexTiles(data) {
  return { ...data, byType: Object.fromEntries(data.tiles.map((t) => [t.type, t])) };
}
