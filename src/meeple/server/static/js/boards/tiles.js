// Drawing tiles as SVG from the game's tile data (GET /api/games/types/NAME/tiles).
// A tile is 100×100 units, drawn at rotation 0 in its own frame; the caller rotates it.

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

const lake = (attrs) => `<g class="lake"><ellipse cx="50" cy="50" rx="20" ry="16" fill="#4a8fd6"
  stroke="#2a64a8" stroke-width="2"/>${attrs && attrs.fish ? `<text x="50" y="54"
  text-anchor="middle" font-size="12" fill="#fff">${"❯".repeat(attrs.fish)}</text>` : ""}</g>`;

/** The SVG markup of tile type `type` at rotation 0, in a 100×100 frame. Pennants and
 * buildings are drawn by `upright()` instead, so that they stand whatever the rotation. */
export function tileMarkup(tiles, type) {
  const tile = tiles.byType[type];
  if (!tile) return `<rect width="100" height="100" fill="#ccc"/><text x="50" y="55"
    text-anchor="middle">${type}</text>`;
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
      if (edges.length === 1) ends += 1;
    } else if (seg.locs.includes("C")) centres.push(seg);   // drawn by upright()
  }
  for (const [seg, edges] of lines) {
    const look = LINE[seg.kind], d = linePath(edges);
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

/** The pennants and centre pieces (monastery, lake) of a tile placed at rotation `deg`,
 * in the tile's placed frame: they stay upright. */
export function upright(tiles, type, deg) {
  const tile = tiles.byType[type];
  if (!tile) return "";
  const k = deg / 90;
  const out = [];
  for (const seg of tile.segments) {
    if (!seg.locs.includes("C")) continue;
    if (seg.kind === "monastery") out.push(monastery);
    else if (seg.kind === "lake") out.push(lake(seg.attrs));
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
  return out.join("");
}

/** The tile data indexed by type. */
export function indexTiles(data) {
  return { ...data, byType: Object.fromEntries(data.tiles.map((t) => [t.type, t])) };
}
