// The Catan board (`browser_board` "catan"): the island drawn from the view — terrain,
// number tokens (6 and 8 red), harbours with their rates, roads, settlements and cities in
// the seats' colours, the robber — and the turn around it: your hand, your development
// cards, the dice, the bank, every seat's public counts, Longest Road and Largest Army,
// discards, the robber's victim, trade with the bank and the negotiation of rules 7.4
// (offer, accept, decline, counter, trade, cancel). Geometry is the game's client data
// (rules 2.2: hex centre (2q + r, 3r), a point at (X·√3/2, Y/2)).
//
// Every move is a string of state.legal: a lit spot on the island (a node, an edge, a hex,
// a victim's building) plays it by click or by arrow keys and Enter; the rest are buttons
// and pickers built from the legal moves, and anything they do not cover is listed as a
// button, so every legal move stays reachable.
import { colourName, cssColour, seatColours } from "../colours.js";
import { joinWords, nt, pt, t } from "../i18n.js";
import { el, listen, swatch, typing } from "../dom.js";
import { hexPoints, sv } from "../svg.js";
import { myMove, perState } from "./moves.js";

const K = 56;                                   // a hex's radius in SVG units
const px = ([x, y]) => [x * K * Math.sqrt(3) / 2, y * K / 2];
const RESOURCES = ["lumber", "brick", "wool", "grain", "ore"];
const TERRAIN = { forest: "#3f7f3a", hills: "#c8653a", pasture: "#9bd16a", fields: "#eccb4e",
                  mountains: "#9a9893", desert: "#e5d4a4" };
const PRODUCES = { forest: "lumber", hills: "brick", pasture: "wool", fields: "grain", mountains: "ore" };
const RES_COLOUR = { lumber: "#2f6b2b", brick: "#a8482a", wool: "#6fae3c", grain: "#d9a900",
                     ore: "#6b7078", any: "#ffffff" };
const DEV_CARDS = ["knight", "roadbuilding", "plenty", "monopoly", "vp"];
/** A development card's name (built when asked: the catalogue loads first). */
function devName(card) {
  return { knight: () => t("Knight"), roadbuilding: () => t("Road Building"), plenty: () => t("Year of Plenty"),
           monopoly: () => t("Monopoly"), vp: () => t("Victory point") }[card]();
}
/** A resource's name ("ore"), the words of the engine's log. */
function resName(r) {
  return { lumber: () => pt("resource", "lumber"), brick: () => pt("resource", "brick"),
           wool: () => pt("resource", "wool"), grain: () => pt("resource", "grain"),
           ore: () => pt("resource", "ore"), any: () => t("any") }[r]();
}
/** One card of a resource ("a lumber", "an ore"). */
function oneCard(r) {
  return { lumber: () => pt("one card", "a lumber"), brick: () => pt("one card", "a brick"),
           wool: () => pt("one card", "a wool"), grain: () => pt("one card", "a grain"),
           ore: () => pt("one card", "an ore") }[r]();
}
/** A terrain's name. */
function terrainName(x) {
  return { forest: () => pt("terrain", "forest"), hills: () => pt("terrain", "hills"),
           pasture: () => pt("terrain", "pasture"), fields: () => pt("terrain", "fields"),
           mountains: () => pt("terrain", "mountains"), desert: () => pt("terrain", "desert") }[x]();
}
/** A terrain's name as it stands after a preposition (Czech and Russian inflect it):
 * "between" the hexes round a corner or either side of a path, "by" a coastal hex, "onto"
 * the robber's new hex — the engine's words (games/catan/words.py). */
function terrainAs(place, x) {
  return {
    between: { forest: () => pt("terrain, between", "forest"), hills: () => pt("terrain, between", "hills"),
               pasture: () => pt("terrain, between", "pasture"), fields: () => pt("terrain, between", "fields"),
               mountains: () => pt("terrain, between", "mountains"), desert: () => pt("terrain, between", "desert") },
    by: { forest: () => pt("terrain, by", "forest"), hills: () => pt("terrain, by", "hills"),
          pasture: () => pt("terrain, by", "pasture"), fields: () => pt("terrain, by", "fields"),
          mountains: () => pt("terrain, by", "mountains"), desert: () => pt("terrain, by", "desert") },
    onto: { forest: () => pt("terrain, onto", "forest"), hills: () => pt("terrain, onto", "hills"),
            pasture: () => pt("terrain, onto", "pasture"), fields: () => pt("terrain, onto", "fields"),
            mountains: () => pt("terrain, onto", "mountains"), desert: () => pt("terrain, onto", "desert") },
  }[place][x]();
}
/** A compass point of a hex's corner or coast (north up). */
function compass(d) {
  return { north: () => pt("direction", "north"), "north-east": () => pt("direction", "north-east"),
           east: () => pt("direction", "east"), "south-east": () => pt("direction", "south-east"),
           south: () => pt("direction", "south"), "south-west": () => pt("direction", "south-west"),
           west: () => pt("direction", "west"), "north-west": () => pt("direction", "north-west") }[d]();
}
const CORNER_NAMES = ["north", "north-east", "south-east", "south", "south-west", "north-west"];  // data.corners' order
const SIDE_NAMES = ["north-east", "east", "south-east", "south-west", "west", "north-west"];     // corner i to i + 1
/** A hex as its label reads ("mountains 8"). */
function hexLabel(v, h) {
  const x = v.board.hexes[h];
  return x.terrain === "desert" ? terrainName("desert") : `${terrainName(x.terrain)} ${x.number}`;
}

/** Where a node, an edge or a hex is, in the engine's words (games/catan/words.py, which
 * the log uses): by the hexes round it, a compass point on the coast and the harbour
 * ("between the fields 9, the hills 6 and the pasture 4", "on the north-west coast of the
 * mountains 10, by the 3:1 harbour", "the mountains 8"). Ids mean nothing to people. */
function placesOf(v, data) {
  const hexName = (h, place) => {
    const x = v.board.hexes[h], terrain = terrainAs(place, x.terrain);
    return x.number ? t("the {terrain} {number}", { terrain, number: x.number }) : t("the {terrain}", { terrain });
  };
  const hexesOf = (nodes) => data.corners.flatMap((c, h) => (nodes.every((n) => c.includes(n)) ? [h] : []));
  const between = (hexes, coast) => {
    const named = { hexes: joinWords(hexes.map((h) => hexName(h, "between"))) };
    return coast ? t("on the coast between {hexes}", named) : t("between {hexes}", named);
  };
  const harbour = (slot, place) => {
    if (slot < 0) return place;
    const kind = v.board.harbours[slot];
    return kind === "any" ? t("{place}, by the 3:1 harbour", { place })
      : t("{place}, by the 2:1 {resource} harbour", { place, resource: resName(kind) });
  };
  const edgeOnly = (e) => {
    const [a, b] = data.edges[e], hexes = hexesOf([a, b]);
    if (hexes.length === 2) return between(hexes, false);
    const c = data.corners[hexes[0]], i = c.indexOf(a), j = c.indexOf(b);
    return t("on the {direction} coast of {hex}", { hex: hexName(hexes[0], "by"), direction: compass(SIDE_NAMES[(j - i + 6) % 6 === 1 ? i : j]) });
  };
  return {
    hex: (h) => hexName(h, "onto"),
    node(n) {
      const hexes = hexesOf([n]);
      const place = hexes.length > 1 ? between(hexes, hexes.length === 2)
        : t("at the {direction} corner of {hex}", { hex: hexName(hexes[0], "by"), direction: compass(CORNER_NAMES[data.corners[hexes[0]].indexOf(n)]) });
      return harbour(data.harbours.findIndex(({ edge }) => data.edges[edge].includes(n)), place);
    },
    edge: (e) => harbour(data.harbours.findIndex(({ edge }) => edge === e), edgeOnly(e)),
    /** A harbour's own coast (without "by the harbour"). */
    coast: edgeOnly,
  };
}
const PIPS = (n) => 6 - Math.abs(n - 7);
const MAX_SIDE = 3;                             // cards on each side of an offer (rules 7.4)

/** "2 ore and a lumber" from a card list. */
function cardWords(list) {
  const n = {};
  for (const c of list) n[c] = (n[c] || 0) + 1;
  const parts = RESOURCES.filter((r) => n[r]).map((r) => (n[r] > 1 ? t("{n} {resource}", { n: n[r], resource: resName(r) }) : oneCard(r)));
  return parts.length ? joinWords(parts) : t("nothing");
}

/** The card list of counts {resource: n}, in the notation's order. */
const listOf = (counts) => RESOURCES.flatMap((r) => Array(counts[r] || 0).fill(r));
const sideOf = (parts) => { const i = parts.indexOf("for"); return [parts.slice(1, i), parts.slice(i + 1)]; };

// --- the legal moves, by shape ---------------------------------------------------------------

/** The state's legal moves as indices into `legal`: `nodes` (node -> i: a settlement or a
 * city), `edges` (edge -> i), `robber` (hex -> [{victim, i}]), `named` (a move's text -> i:
 * roll, end, buy, play …, accept, decline, cancel, trade S), `discards`, `maritime`,
 * `offers`, `counters`, `plenty`, `monopoly` (lists of {parts, i}), `others` (buttons). */
const movesOf = perState((state) => {
  const m = { nodes: new Map(), edges: new Map(), robber: new Map(), named: new Map(), discards: [],
              maritime: [], offers: [], counters: [], plenty: [], monopoly: [], others: [] };
  (state.legal_parts || []).forEach((parts, i) => {
    const [kind] = parts, text = state.legal[i];
    if (kind === "build" && (parts[1] === "settlement" || parts[1] === "city")) m.nodes.set(parts[2], i);
    else if (kind === "build" && parts[1] === "road") m.edges.set(parts[2], i);
    else if (kind === "robber") {
      if (!m.robber.has(parts[1])) m.robber.set(parts[1], []);
      m.robber.get(parts[1]).push({ victim: parts.length === 4 ? parts[3] : null, i });
    } else if (kind === "discard") m.discards.push({ parts, i });
    else if (kind === "maritime") m.maritime.push({ parts, i });
    else if (kind === "offer") m.offers.push({ parts, i });
    else if (kind === "counter") m.counters.push({ parts, i });
    else if (kind === "play" && parts[1] === "plenty") m.plenty.push({ parts, i });
    else if (kind === "play" && parts[1] === "monopoly") m.monopoly.push({ parts, i });
    else if (["roll", "end", "buy", "play", "accept", "decline", "cancel", "trade"].includes(kind)) m.named.set(text, i);
    else m.others.push(i);
  });
  return m;
});

// --- ui: what is chosen so far ----------------------------------------------------------------

function newUi() {
  return { index: null, robberHex: null, cursor: null, keyboard: false, tradeOpen: false,
           picker: null,                              // "plenty" or "monopoly": its buttons shown
           discard: {}, give: {}, get: {}, cgive: {}, cget: {},
           maritimeGive: null, maritimeGet: null };
}

// --- the spots on the island: lit, clickable, reachable by the keyboard ------------------------

/** Every spot the seat can choose now: {key, x, y, words, act} where act() is the legal
 * index to send or a function (the next step). */
function spots(state, ui, data) {
  if (!myMove(state)) return [];
  const m = movesOf(state), v = state.view, out = [], colours = seatColours(state).map(colourName);
  const at = placesOf(v, data);
  if (ui.robberHex !== null && m.robber.has(ui.robberHex)) {
    for (const { victim, i } of m.robber.get(ui.robberHex)) {
      const node = data.corners[ui.robberHex].find((n) => v.buildings.some(([b, p]) => b === n && p === victim));
      if (node === undefined) continue;
      out.push({ key: `v${node}`, kind: "victim", id: node, at: px(data.nodes[node]), act: i,
                 words: t("rob {colour} ({place})", { colour: colours[victim], place: at.node(node) }) });
    }
    return out;
  }
  for (const [n, i] of m.nodes) {
    out.push({ key: `n${n}`, kind: "node", id: n, at: px(data.nodes[n]), act: i,
               words: (state.legal_parts[i][1] === "city" ? t("city {place}", { place: at.node(n) })
                 : t("settlement {place}", { place: at.node(n) })) });
  }
  for (const [e, i] of m.edges) {
    const [a, b] = data.edges[e].map((n) => px(data.nodes[n]));
    out.push({ key: `e${e}`, kind: "edge", id: e, at: [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2], act: i,
               words: t("road {place}", { place: at.edge(e) }) });
  }
  for (const [h, options] of m.robber) {
    const robbed = options.filter((o) => o.victim !== null).map((o) => colours[o.victim]);
    out.push({ key: `h${h}`, kind: "hex", id: h, at: px(data.hexes[h]),
               act: options.length === 1 ? options[0].i : () => { ui.robberHex = h; },
               words: robbed.length ? t("robber onto {hex}: rob {whom}", { hex: at.hex(h), whom: robbed.reduce((a, b) => t("{a} or {b}", { a, b })) })
                 : t("robber onto {hex}: nobody to rob", { hex: at.hex(h) }) });
  }
  return out;
}

// --- drawing the island -----------------------------------------------------------------------

function token(x, y, n) {
  const red = n === 6 || n === 8;
  const g = sv("g", { class: "ct-token" + (red ? " ct-red" : "") },
    sv("circle", { cx: x, cy: y, r: 15 }),
    sv("text", { x, y: y - 1, class: "ct-number" }, String(n)));
  const dots = PIPS(n);
  for (let d = 0; d < dots; d++) g.append(sv("circle", { class: "ct-pip", cx: x + (d - (dots - 1) / 2) * 4, cy: y + 9, r: 1.4 }));
  return g;
}

function house(x, y, city, colour) {
  const d = city
    ? `M${x - 12},${y + 8} V${y - 3} H${x - 3} V${y - 10} L${x + 4},${y - 15} L${x + 11},${y - 10} V${y + 8} Z`
    : `M${x - 8},${y + 7} V${y - 3} L${x},${y - 11} L${x + 8},${y - 3} V${y + 7} Z`;
  return sv("path", { d, class: "ct-building-shape", fill: cssColour(colour) });
}

/** A band `w` wide each side of the segment a–b (a path's target: a vertical line alone
 * would have no width to click). */
function band(a, b, w) {
  const dx = b[0] - a[0], dy = b[1] - a[1], len = Math.hypot(dx, dy), nx = -dy / len * w, ny = dx / len * w;
  return [[a[0] + nx, a[1] + ny], [b[0] + nx, b[1] + ny], [b[0] - nx, b[1] - ny], [a[0] - nx, a[1] - ny]]
    .map((p) => p.map((c) => c.toFixed(1)).join(",")).join(" ");
}

function drawIsland(svg, state, ui, data, lit) {
  const v = state.view, colours = seatColours(state), names = colours.map(colourName);
  const at = v.board ? placesOf(v, data) : null;
  const g = (cls) => sv("g", { class: cls });
  const sea = g("ct-sea-layer"), land = g("ct-land"), ports = g("ct-ports"), roads = g("ct-roads"),
        spotsEdge = g("ct-spots-edges"), houses = g("ct-buildings"), spotsNode = g("ct-spots-nodes"), top = g("ct-top");
  sea.append(sv("polygon", { class: "ct-sea", points: hexPoints(0, 0, 5.35 * K * Math.sqrt(3) / 2 * 1.13, 0) }));
  const litKeys = new Map(lit.map((s) => [s.key, s]));
  if (v.board) {
    v.board.hexes.forEach((hx, h) => {
      const [x, y] = px(data.hexes[h]);
      const spot = litKeys.get(`h${h}`);
      const hexG = sv("g", { class: "ct-hex" + (spot ? " ct-lit" : ""), "data-hex": h, ...(spot ? { "data-spot": spot.key } : {}) },
        sv("title", {}, hexLabel(v, h)),
        sv("polygon", { class: "ct-hex-shape", points: hexPoints(x, y, K - 1.5, -90), fill: TERRAIN[hx.terrain] || "#ccc" }),
        sv("text", { x, y: y + 27, class: "ct-terrain" }, hx.terrain === "desert" ? terrainName("desert") : resName(PRODUCES[hx.terrain])));
      if (hx.number) hexG.append(token(x, y - 4, hx.number));
      land.append(hexG);
    });
    data.harbours.forEach(({ edge, hex }, slot) => {
      const kind = v.board.harbours[slot];
      const [a, b] = data.edges[edge].map((n) => px(data.nodes[n]));
      const [cx, cy] = px(data.hexes[hex]);
      const mx = (a[0] + b[0]) / 2, my = (a[1] + b[1]) / 2, dx = mx - cx, dy = my - cy, len = Math.hypot(dx, dy);
      const hx = mx + dx / len * 30, hy = my + dy / len * 30;
      const rate = kind === "any" ? "3:1" : "2:1";
      ports.append(sv("g", { class: `ct-port ct-port-${kind}`, "data-slot": slot },
        sv("title", {}, kind === "any" ? t("harbour {rate} (any resource) {place}", { rate, place: at.coast(edge) })
          : t("harbour {rate} {resource} {place}", { rate, resource: resName(kind), place: at.coast(edge) })),
        sv("line", { x1: a[0], y1: a[1], x2: hx, y2: hy, class: "ct-pier" }),
        sv("line", { x1: b[0], y1: b[1], x2: hx, y2: hy, class: "ct-pier" }),
        sv("circle", { cx: hx, cy: hy, r: 17, fill: RES_COLOUR[kind], class: "ct-port-disc" }),
        sv("text", { x: hx, y: hy - 3, class: "ct-port-rate" + (kind === "any" ? "" : " ct-on-colour") }, rate),
        sv("text", { x: hx, y: hy + 8, class: "ct-port-kind" + (kind === "any" ? "" : " ct-on-colour") }, resName(kind))));
    });
  }
  for (const [e, p] of v.roads) {
    const [a, b] = data.edges[e].map((n) => px(data.nodes[n]));
    const f = 0.16, x1 = a[0] + (b[0] - a[0]) * f, y1 = a[1] + (b[1] - a[1]) * f, x2 = b[0] - (b[0] - a[0]) * f, y2 = b[1] - (b[1] - a[1]) * f;
    roads.append(sv("g", { class: "ct-road", "data-edge": e, "data-seat": p },
      sv("title", {}, t("road of {colour} {place}", { colour: names[p], place: at.edge(e) })),
      sv("line", { x1, y1, x2, y2, class: "ct-road-edge" }),
      sv("line", { x1, y1, x2, y2, class: "ct-road-fill", stroke: cssColour(colours[p]) })));
  }
  for (const s of lit) {
    if (s.kind !== "edge") continue;
    const [a, b] = data.edges[s.id].map((n) => px(data.nodes[n]));
    spotsEdge.append(sv("g", { class: "ct-spot ct-spot-edge", "data-spot": s.key, "data-edge": s.id },
      sv("title", {}, s.words),
      sv("polygon", { points: band(a, b, 9), class: "ct-hit" }),
      sv("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], class: "ct-mark" })));
  }
  for (const [n, p, kind] of v.buildings) {
    const [x, y] = px(data.nodes[n]);
    const spot = litKeys.get(`n${n}`) || litKeys.get(`v${n}`);
    houses.append(sv("g", { class: `ct-building ct-${kind}` + (spot ? " ct-lit" : "") + (spot && spot.kind === "victim" ? " ct-victim" : ""),
                            "data-node": n, "data-seat": p, ...(spot ? { "data-spot": spot.key } : {}) },
      sv("title", {}, spot ? spot.words : kind === "city" ? t("city of {colour} {place}", { colour: names[p], place: at.node(n) })
        : t("settlement of {colour} {place}", { colour: names[p], place: at.node(n) })),
      spot ? sv("circle", { cx: x, cy: y - 2, r: 17, class: "ct-ring" }) : null,
      house(x, y, kind === "city", colours[p])));
  }
  for (const s of lit) {
    if (s.kind !== "node" || v.buildings.some(([n]) => n === s.id)) continue;
    const [x, y] = s.at;
    spotsNode.append(sv("g", { class: "ct-spot ct-spot-node", "data-spot": s.key, "data-node": s.id },
      sv("title", {}, s.words), sv("circle", { cx: x, cy: y, r: 13, class: "ct-hit" }),
      sv("circle", { cx: x, cy: y, r: 7, class: "ct-mark" })));
  }
  if (v.robber !== null && v.robber !== undefined) {
    const [x, y] = px(data.hexes[v.robber]);
    top.append(sv("g", { class: "ct-robber", "data-hex": v.robber },
      sv("title", {}, t("the robber ({hex})", { hex: hexLabel(v, v.robber) })),
      sv("path", { d: `M${x - 30},${y + 12} q0,-13 6,-16 a6,6 0 1 1 8,0 q6,3 6,16 z` })));
  }
  svg.replaceChildren(sea, land, ports, roads, spotsEdge, houses, spotsNode, top);
  svg.classList.toggle("ct-active", lit.length > 0);
  drawCursor(svg, ui);
}

function drawCursor(svg, ui) {
  for (const n of svg.querySelectorAll(".ct-cursor")) n.classList.remove("ct-cursor");
  if (!ui.keyboard || !ui.cursor) return;
  const spot = svg.querySelector(`[data-spot='${ui.cursor}']`);
  if (spot) spot.classList.add("ct-cursor");
}

/** The spot nearest `from` in the arrow's direction (or the first). */
function nextSpot(all, from, key) {
  if (!all.length) return null;
  const at = all.find((s) => s.key === from);
  if (!at) return all[0].key;
  const dir = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] }[key];
  let best = null, score = Infinity;
  for (const s of all) {
    if (s === at) continue;
    const dx = s.at[0] - at.at[0], dy = s.at[1] - at.at[1], along = dx * dir[0] + dy * dir[1];
    if (along <= 1) continue;
    const value = along + 2.5 * Math.abs(dx * dir[1] - dy * dir[0]);
    if (value < score) { score = value; best = s.key; }
  }
  return best || at.key;
}

// --- the panels: information beside the island, the turn's controls ---------------------------

function chip(resource, n, extra = "") {
  return el("span", { class: `ct-card ct-res-${resource}${n ? "" : " ct-none"} ${extra}`, "data-resource": resource },
    el("span", { class: "ct-card-name" }, resName(resource)), el("b", { class: "ct-card-count" }, String(n)));
}

/** Where the pips of each face stand, on a 3×3 grid (1–3 across, 1–3 down). */
const PIP_SPOTS = { 1: [[2, 2]], 2: [[3, 1], [1, 3]], 3: [[3, 1], [2, 2], [1, 3]],
                    4: [[1, 1], [3, 1], [1, 3], [3, 3]], 5: [[1, 1], [3, 1], [2, 2], [1, 3], [3, 3]],
                    6: [[1, 1], [3, 1], [1, 2], [3, 2], [1, 3], [3, 3]] };

/** A die showing `n`, its pips drawn (no dice font needed). */
function dieFace(n) {
  return sv("svg", { viewBox: "0 0 24 24", class: "ct-die", "data-face": n },
    sv("rect", { x: 1, y: 1, width: 22, height: 22, rx: 4, class: "ct-die-body" }),
    ...PIP_SPOTS[n].map(([c, r]) => sv("circle", { cx: c * 6, cy: r * 6, r: 2.2, class: "ct-die-pip" })));
}

/** The last roll: its two dice and the total, one picture named "rolled 3 and 5: 8" (a 7
 * stands out: the robber); "–" before the first roll. */
function rollOf(v) {
  if (!v.dice) return el("b", { class: "ct-dice-total" }, "–");
  const [a, b] = v.dice_faces, said = t("rolled {a} and {b}: {total}", { a, b, total: v.dice });
  return el("span", { class: "ct-rolled", id: "ct-rolled", role: "img", "aria-label": said, title: said },
    dieFace(a), dieFace(b), el("b", { class: "ct-dice-total" + (v.dice === 7 ? " ct-seven" : "") }, String(v.dice)));
}

/** Beside the island: the dice, the bank, every seat's public counts and the special
 * cards, the open offer, the last steal. */
function drawInfo(info, state) {
  const v = state.view, colours = seatColours(state), names = colours.map(colourName);
  const name = (p) => (p === state.seat ? t("you ({colour})", { colour: names[p] }) : names[p]);
  const rows = v.seats.map((s) => el("tr", { "data-seat": s.seat, class: s.seat === v.current_player && !v.terminal ? "ct-turn" : "" },
    el("th", { scope: "row" }, swatch(colours[s.seat]), ` ${name(s.seat)}`),
    el("td", { title: t("victory points (others: the points they show)") }, String(s.points)),
    el("td", { title: t("resource cards in hand") }, String(s.cards)),
    el("td", { title: t("development cards in hand") }, String(s.dev_cards)),
    el("td", { title: t("knights played") }, String(s.knights)),
    el("td", { title: t("longest road") }, String(s.road_length)),
    el("td", {}, v.longest_road === s.seat ? el("abbr", { title: t("Longest Road (2 points)") }, t("LR")) : null,
      v.largest_army === s.seat ? el("abbr", { title: t("Largest Army (2 points)") }, ` ${t("LA")}`) : null)));
  const table = el("table", { class: "ct-seats", id: "ct-seats" },
    el("caption", { class: "sr-only" }, t("the players: points, cards, development cards, knights, road")),
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, t("player")), el("th", { scope: "col", title: t("victory points") }, t("pts")),
      el("th", { scope: "col", title: t("resource cards") }, t("cards")), el("th", { scope: "col", title: t("development cards") }, t("dev")),
      el("th", { scope: "col", title: t("knights played") }, t("kn.")), el("th", { scope: "col", title: t("road length") }, pt("column", "road")),
      el("th", { scope: "col", title: t("Longest Road, Largest Army") }, "+2"))),
    el("tbody", {}, ...rows));
  const dice = el("div", { class: "ct-dice", id: "ct-dice" }, el("span", { class: "ct-label" }, t("dice")), rollOf(v));
  const bank = el("div", { class: "ct-bank", id: "ct-bank" }, el("span", { class: "ct-label" }, t("bank")),
    ...RESOURCES.map((r) => chip(r, v.bank[r] || 0)), el("span", { class: "ct-deck", title: t("development cards left") }, nt("{n} dev. card", "{n} dev. cards", v.deck)));
  const special = el("p", { class: "ct-special", id: "ct-special" },
    t("Longest Road: {road} · Largest Army: {army}", { road: v.longest_road === null ? t("nobody") : name(v.longest_road),
                                                      army: v.largest_army === null ? t("nobody") : name(v.largest_army) }));
  const extra = [];
  if (v.steal) {
    const { thief, victim, card } = v.steal;
    extra.push(el("p", { class: "ct-steal", id: "ct-steal" },
      card && thief === state.seat ? t("You stole {cards} from {colour}.", { cards: cardWords([card]), colour: names[victim] })
        : card && victim === state.seat ? t("{colour} stole your {resource}.", { colour: names[thief], resource: resName(card) })
          : t("{thief} stole a card from {victim}.", { thief: names[thief], victim: names[victim] })));
  }
  if (v.negotiation) extra.push(negotiationWords(state));
  if (v.to_discard && v.to_discard.length) {
    extra.push(el("p", { class: "ct-discarding" }, t("Discarding: {who}", { who: v.to_discard.map(([p, n]) => `${name(p)} ${n}`).join(", ") })));
  }
  info.replaceChildren(el("div", { class: "ct-info-row" }, dice, bank), ...extra, table, special);
}

/** The open offer and its answers, in words. */
function negotiationWords(state) {
  const v = state.view, n = v.negotiation, colours = seatColours(state), names = colours.map(colourName);
  const who = (p) => (p === state.seat ? t("you") : names[p]);
  const items = n.order.map((p) => {
    const a = n.answers[String(p)];
    const said = a === undefined ? t("still to answer") : a === "accept" ? t("accepts") : a === "decline" ? t("declines")
      : t("counters: gives {gives} for {asks}", { gives: cardWords(a.counter.gives), asks: cardWords(a.counter.asks) });
    return el("li", { "data-seat": p }, swatch(colours[p]), ` ${who(p)}: ${said}`);
  });
  return el("div", { class: "ct-offer", id: "ct-offer" },
    el("p", {}, el("b", {}, v.mover === state.seat ? t("You offer") : t("{colour} offers", { colour: names[v.mover] })), " ",
      t("{gives} for {asks}", { gives: cardWords(n.gives), asks: cardWords(n.asks) })), el("ul", { class: "ct-answers" }, ...items));
}

/** A row of steppers, one per resource: `counts` changed in place, `limit(r)` the most;
 * `name` says the picker in words, `key` names it for the page. */
function steppers(key, name, counts, limit, redraw) {
  return el("div", { class: "ct-steppers", "data-picker": key }, ...RESOURCES.map((r) => {
    const n = counts[r] || 0, most = limit(r);
    return el("span", { class: `ct-stepper ct-res-${r}`, "data-resource": r },
      el("span", { class: "ct-card-name" }, resName(r)),
      el("button", { class: "ct-minus", "aria-label": t("{picker}: one {resource} less", { picker: name, resource: resName(r) }), disabled: n <= 0 ? "" : null,
                     onclick: () => { counts[r] = n - 1; redraw(); } }, "−"),
      el("b", { "aria-live": "polite" }, String(n)),
      el("button", { class: "ct-plus", "aria-label": t("{picker}: one {resource} more", { picker: name, resource: resName(r) }), disabled: n >= most ? "" : null,
                     onclick: () => { counts[r] = n + 1; redraw(); } }, "+"));
  }));
}

/** The controls of the turn: your hand, your development cards, what the moment asks
 * (discard, rob, answer an offer, close it, a card's picker), the actions, the trade
 * dialog, and any legal move left over as a button. */
function drawControls(root, state, ui, send, redraw) {
  const v = state.view, colours = seatColours(state), names = colours.map(colourName), m = movesOf(state);
  const me = state.seat !== null ? v.seats[state.seat] : null;
  const used = new Set();
  const legalIndex = (text) => state.legal.indexOf(text);
  const button = (text, label, attrs = {}) => {
    const i = legalIndex(text);
    if (i < 0) return null;
    used.add(i);
    return el("button", { "data-action": text, onclick: () => send(text), ...attrs }, label);
  };
  const parts = [];
  if (me) {
    const hand = me.hand || {};
    parts.push(el("div", { class: "ct-hand", id: "ct-hand", "aria-label": t("your hand") },
      el("span", { class: "ct-label" }, t("your hand ({n})", { n: me.cards })), ...RESOURCES.map((r) => chip(r, hand[r] || 0))));
    const dev = me.dev || {}, fresh = me.new_dev || {};
    const held = DEV_CARDS.filter((c) => dev[c]);
    if (held.length) {
      parts.push(el("div", { class: "ct-devs", id: "ct-devs" }, el("span", { class: "ct-label" }, t("development cards")),
        ...held.map((c) => el("span", { class: "ct-dev", "data-card": c },
          `${devName(c)}${dev[c] > 1 ? ` ×${dev[c]}` : ""}${fresh[c] ? ` ${t("({n} new)", { n: fresh[c] })}` : ""}`))));
    }
  }
  if (myMove(state)) {
    // What the moment asks.
    if (m.discards.length) {
      const need = m.discards[0].parts.length - 1, hand = (me && me.hand) || {};
      const chosen = listOf(ui.discard), text = `discard ${chosen.join(" ")}`;
      m.discards.forEach(({ i }) => used.add(i));
      parts.push(el("div", { class: "ct-ask", id: "ct-discard" },
        el("p", {}, el("b", {}, nt("A 7: discard {n} card", "A 7: discard {n} cards", need)), ` ${t("({n} chosen)", { n: chosen.length })}`),
        steppers("discard", t("discard"), ui.discard, (r) => Math.min(hand[r] || 0, need - chosen.length + (ui.discard[r] || 0)), redraw),
        el("button", { class: "primary", id: "ct-discard-go", disabled: legalIndex(text) < 0 ? "" : null,
                       onclick: () => send(text) }, chosen.length ? t("Discard {cards}", { cards: cardWords(chosen) }) : t("Discard"))));
    }
    if (m.robber.size) {
      m.robber.forEach((options) => options.forEach(({ i }) => used.add(i)));
      const p = el("div", { class: "ct-ask", id: "ct-robber" },
        el("p", {}, el("b", {}, t("Move the robber:")), " ", t("click a lit hex.")));
      if (ui.robberHex !== null && m.robber.has(ui.robberHex)) {
        p.replaceChildren(el("p", {}, el("b", {}, `${hexLabel(v, ui.robberHex)}:`), " ", t("rob whom? Click a ringed building or:")),
          el("div", { class: "controls" }, ...m.robber.get(ui.robberHex).map(({ victim, i }) =>
            el("button", { class: "ct-victim-button", "data-action": state.legal[i], onclick: () => send(state.legal[i]) },
              swatch(colours[victim]), " ", nt("rob {colour} ({n} card)", "rob {colour} ({n} cards)", v.seats[victim].cards, { colour: names[victim] }))),
          el("button", { id: "ct-robber-back", onclick: () => { ui.robberHex = null; redraw(); } }, t("another hex"))));
      }
      parts.push(p);
    }
    if (v.negotiation && (m.named.has("accept") || m.named.has("decline") || m.counters.length)) {
      const n = v.negotiation, hand = (me && me.hand) || {};
      m.counters.forEach(({ i }) => used.add(i));
      const text = `counter ${listOf(ui.cgive).join(" ")} for ${listOf(ui.cget).join(" ")}`;
      parts.push(el("div", { class: "ct-ask", id: "ct-answer" },
        el("p", {}, el("b", {}, t("{colour} offers you", { colour: names[v.mover] })), " ", t("{gives} for {asks}", { gives: cardWords(n.gives), asks: cardWords(n.asks) })),
        el("div", { class: "controls" }, button("accept", t("Accept"), { class: "primary", id: "ct-accept" }),
          button("decline", t("Decline"), { id: "ct-decline" })),
        m.counters.length ? el("details", { class: "ct-counter", id: "ct-counter", open: ui.countering ? "" : null,
                                            ontoggle: (ev) => { ui.countering = ev.target.open; } },
          el("summary", {}, t("Counter-offer")),
          el("p", { class: "ct-label" }, t("you give")), steppers("counter give", t("counter-offer, you give"), ui.cgive, (r) => Math.min(MAX_SIDE, hand[r] || 0), redraw),
          el("p", { class: "ct-label" }, t("you get")), steppers("counter get", t("counter-offer, you get"), ui.cget, () => MAX_SIDE, redraw),
          el("button", { id: "ct-counter-go", disabled: legalIndex(text) < 0 ? "" : null, onclick: () => send(text) },
            t("Send counter-offer"))) : null));
    }
    const trades = state.legal.filter((a) => a.startsWith("trade "));
    if (trades.length || m.named.has("cancel")) {
      const n = v.negotiation;
      parts.push(el("div", { class: "ct-ask", id: "ct-close" },
        el("p", {}, el("b", {}, t("Your offer:")), " ", n ? t("{gives} for {asks}. Pick an answer:", { gives: cardWords(n.gives), asks: cardWords(n.asks) }) : ""),
        el("div", { class: "controls" }, ...trades.map((move) => {
          const p = Number(move.split(" ")[1]), a = n && n.answers[String(p)];
          const label = a && typeof a === "object"
            ? t("Trade with {colour}: give {gives}, get {gets}", { colour: names[p], gives: cardWords(a.counter.asks), gets: cardWords(a.counter.gives) })
            : t("Trade with {colour} (accepted)", { colour: names[p] });
          return button(move, label, { class: "primary ct-trade-with", "data-seat": p });
        }), button("cancel", t("Cancel the offer"), { id: "ct-cancel" }))));
    }
    if (ui.picker === "plenty" && m.plenty.length) {
      parts.push(el("div", { class: "ct-ask", id: "ct-plenty" }, el("p", {}, el("b", {}, t("Year of Plenty:")), " ", t("take which two?")),
        el("div", { class: "controls" }, ...m.plenty.map(({ parts: p, i }) => el("button", { "data-action": state.legal[i],
          onclick: () => send(state.legal[i]) }, p.slice(2).map(resName).join(" + "))),
          el("button", { onclick: () => { ui.picker = null; redraw(); } }, t("not now")))));
    }
    if (ui.picker === "monopoly" && m.monopoly.length) {
      parts.push(el("div", { class: "ct-ask", id: "ct-monopoly" }, el("p", {}, el("b", {}, t("Monopoly:")), " ", t("take every card of")),
        el("div", { class: "controls" }, ...m.monopoly.map(({ parts: p, i }) => el("button", { "data-action": state.legal[i],
          onclick: () => send(state.legal[i]) }, resName(p[2]))),
          el("button", { onclick: () => { ui.picker = null; redraw(); } }, t("not now")))));
    }
    m.plenty.forEach(({ i }) => used.add(i));
    m.monopoly.forEach(({ i }) => used.add(i));
    // The actions of the turn.
    const actions = el("div", { class: "controls ct-actions", id: "ct-actions" },
      button("roll", t("Roll the dice"), { class: "primary", id: "ct-roll" }),
      button("play knight", t("Play Knight"), { id: "ct-knight" }),
      button("play roadbuilding", t("Play Road Building"), { id: "ct-roadbuilding" }),
      m.plenty.length ? el("button", { id: "ct-plenty-open", onclick: () => { ui.picker = "plenty"; redraw(); } }, t("Play Year of Plenty…")) : null,
      m.monopoly.length ? el("button", { id: "ct-monopoly-open", onclick: () => { ui.picker = "monopoly"; redraw(); } }, t("Play Monopoly…")) : null,
      button("buy", t("Buy a development card"), { id: "ct-buy" }),
      m.maritime.length || m.offers.length ? el("button", { id: "ct-trade-open", "aria-expanded": String(ui.tradeOpen),
        onclick: () => { ui.tradeOpen = !ui.tradeOpen; redraw(); } }, ui.tradeOpen ? t("Close trade") : t("Trade…")) : null,
      button("end", t("End the turn"), { id: "ct-end" }));
    if (actions.childNodes.length) parts.push(actions);
    if (ui.tradeOpen && (m.maritime.length || m.offers.length)) parts.push(tradeDialog(state, ui, send, redraw, used));
    m.maritime.forEach(({ i }) => used.add(i));
    m.offers.forEach(({ i }) => used.add(i));
    for (const [, i] of m.nodes) used.add(i);
    for (const [, i] of m.edges) used.add(i);
    const rest = state.legal.map((_, i) => i).filter((i) => !used.has(i));
    if (rest.length) {
      parts.push(el("div", { class: "move-buttons ct-others", id: "moves" }, ...rest.map((i) =>
        el("button", { class: "move", "data-action": state.legal[i], onclick: () => send(state.legal[i]) }, state.legal[i]))));
    }
  }
  root.replaceChildren(...parts);
}

/** Trade: with the bank (what to give at which rate, what to get) and an offer to the
 * others (give and get pickers); each button only when its move is legal. */
function tradeDialog(state, ui, send, redraw, used) {
  const m = movesOf(state), me = state.view.seats[state.seat], hand = me.hand || {};
  const box = el("div", { class: "ct-trade", id: "ct-trade", role: "group", "aria-label": t("trade") });
  if (m.maritime.length) {
    const gives = [...new Map(m.maritime.map(({ parts }) => {
      const [give] = sideOf(parts); return [`${give.length} ${give[0]}`, { n: give.length, r: give[0] }];
    })).values()];
    if (!ui.maritimeGive || !gives.some((g) => `${g.n} ${g.r}` === ui.maritimeGive)) ui.maritimeGive = `${gives[0].n} ${gives[0].r}`;
    const [n, r] = ui.maritimeGive.split(" ");
    const gets = m.maritime.filter(({ parts }) => { const [g] = sideOf(parts); return g.length === Number(n) && g[0] === r; })
      .map(({ parts }) => sideOf(parts)[1][0]);
    if (!gets.includes(ui.maritimeGet)) ui.maritimeGet = gets[0];
    const text = `maritime ${Array(Number(n)).fill(r).join(" ")} for ${ui.maritimeGet}`;
    box.append(el("div", { class: "ct-maritime", id: "ct-maritime" }, el("span", { class: "ct-label" }, t("with the bank:")),
      el("label", {}, `${t("give")} `, el("select", { id: "ct-maritime-give", onchange: (ev) => { ui.maritimeGive = ev.target.value; redraw(); } },
        ...gives.map((g) => el("option", { value: `${g.n} ${g.r}`, selected: `${g.n} ${g.r}` === ui.maritimeGive ? "" : null }, t("{n} {resource} ({n}:1)", { n: g.n, resource: resName(g.r) }))))),
      el("label", {}, ` ${t("for")} `, el("select", { id: "ct-maritime-get", onchange: (ev) => { ui.maritimeGet = ev.target.value; redraw(); } },
        ...gets.map((g) => el("option", { value: g, selected: g === ui.maritimeGet ? "" : null }, resName(g))))),
      el("button", { id: "ct-maritime-go", disabled: state.legal.includes(text) ? null : "", onclick: () => send(text) }, t("Trade"))));
  }
  if (m.offers.length) {
    const text = `offer ${listOf(ui.give).join(" ")} for ${listOf(ui.get).join(" ")}`;
    const v = state.view;
    box.append(el("div", { class: "ct-offer-make", id: "ct-offer-make" },
      el("p", { class: "ct-label" }, nt("offer to the others ({n} offer left this turn): you give",
                                        "offer to the others ({n} offers left this turn): you give", v.offers_per_turn - v.offers_made)),
      steppers("give", t("you give"), ui.give, (r) => Math.min(MAX_SIDE, hand[r] || 0), redraw),
      el("p", { class: "ct-label" }, t("you get")),
      steppers("get", t("you get"), ui.get, () => MAX_SIDE, redraw),
      el("button", { class: "primary", id: "ct-offer-go", disabled: state.legal.includes(text) ? null : "", onclick: () => send(text) },
        listOf(ui.give).length && listOf(ui.get).length ? t("Offer {gives} for {asks}", { gives: cardWords(listOf(ui.give)), asks: cardWords(listOf(ui.get)) }) : t("Offer"))));
  }
  m.maritime.forEach(({ i }) => used.add(i));
  m.offers.forEach(({ i }) => used.add(i));
  return box;
}

/** The board's words for the status line on the seat's turn. */
function status(state) {
  const m = movesOf(state), v = state.view;
  if (!myMove(state)) return "";
  if (v.phase && String(v.phase).startsWith("setup")) {
    return m.nodes.size ? t("place a settlement (click a lit corner)") : t("place a road beside it (click a lit path)");
  }
  if (m.discards.length) return nt("a 7 — discard {n} card", "a 7 — discard {n} cards", m.discards[0].parts.length - 1);
  if (m.robber.size) return t("move the robber (click a lit hex)");
  if (m.named.has("accept") || m.named.has("decline")) return t("answer the offer");
  if (state.legal.some((a) => a.startsWith("trade ")) || m.named.has("cancel")) return t("trade with someone who answered, or cancel");
  if (v.free_roads) return t("place a free road (click a lit path)");
  if (m.named.has("roll")) return t("roll the dice (or play a card first)");
  return t("build, trade, buy or end your turn");
}

// --- input -------------------------------------------------------------------------------------

function bind({ svg, choices }, on) {
  return listen([svg, "click", on.spotClick], [choices, "click", on.choiceClick],
                [choices, "focusin", on.choiceFocus], [document, "keydown", on.key]);
}

// --- the board ---------------------------------------------------------------------------------

/** The board's own stylesheet, loaded before it is drawn (boards/index.js). */
export const STYLESHEET = "/static/css/catan_board.css";

export function createBoard(container, controls, { data, send }) {
  const [minX, maxX] = [-6.1 * K * Math.sqrt(3) / 2, 6.1 * K * Math.sqrt(3) / 2];
  const svg = sv("svg", { class: "ct-board", id: "ct-board", role: "img", "aria-label": t("the island"),
                          viewBox: `${minX} ${-5.05 * K} ${maxX - minX} ${10.1 * K}`, preserveAspectRatio: "xMidYMid meet" });
  const choices = el("ul", { class: "sr-only", id: "ct-choices", "aria-label": t("places to choose on the island") });
  const info = el("div", { class: "ct-info", id: "ct-info" });
  const panel = el("div", { class: "ct-panel", id: "ct-panel" });
  container.replaceChildren(el("div", { class: "ct-wrap" }, el("div", { class: "ct-island" }, svg), choices, info));
  const ui = newUi();
  let state = null, lit = [];
  // On a phone the information follows the turn's controls (the island fills the width
  // above them); on a wide screen it stands beside the island.
  const narrow = window.matchMedia("(max-width: 760px)");
  function placeInfo() {
    if (narrow.matches) controls.append(info);
    else container.querySelector(".ct-wrap").append(info);
  }

  function draw() {
    if (!state || !state.view.board) return;
    lit = spots(state, ui, data);
    if (ui.cursor && !lit.some((s) => s.key === ui.cursor)) ui.cursor = lit.length ? lit[0].key : null;
    drawIsland(svg, state, ui, data, lit);
    svg.setAttribute("aria-label", describe());
    choices.replaceChildren(...lit.map((s) => el("li", {}, el("button", { "data-spot": s.key }, s.words))));
    drawInfo(info, state);
    if (!controls.contains(panel)) { controls.replaceChildren(panel); placeInfo(); }
    drawControls(panel, state, ui, send, draw);
  }
  function describe() {
    const v = state.view, names = seatColours(state).map(colourName);
    const turn = v.terminal ? t("The game is over.") : state.seat !== null && state.current_player === state.seat ? t("Your turn.")
      : t("{who} to move.", { who: names[state.current_player] || t("chance") });
    return `${t("Catan island, turn {turn}.", { turn: v.turn })} ${turn}`
      + (lit.length ? ` ${nt("{n} place to choose: see the list.", "{n} places to choose: see the list.", lit.length)}` : "");
  }
  function pick(key) {
    const spot = lit.find((s) => s.key === key);
    if (!spot || !state || !myMove(state)) return;
    if (typeof spot.act === "function") { spot.act(); draw(); } else send(state.legal[spot.act]);
  }
  narrow.addEventListener("change", placeInfo);
  const unbind = bind({ svg, choices }, {
    spotClick(ev) {
      const g = ev.target.closest && ev.target.closest("[data-spot]");
      if (!g) return;
      ui.keyboard = false;
      pick(g.dataset.spot);
    },
    choiceClick(ev) {
      const b = ev.target.closest("button[data-spot]");
      if (b) { ui.keyboard = true; ui.cursor = b.dataset.spot; pick(b.dataset.spot); }
    },
    choiceFocus(ev) {
      const b = ev.target.closest("button[data-spot]");
      if (b) { ui.keyboard = true; ui.cursor = b.dataset.spot; drawCursor(svg, ui); }
    },
    key(ev) {
      if (!state || typing(ev) || ev.ctrlKey || ev.metaKey || ev.altKey) return;
      if (ev.key === "Escape" && (ui.robberHex !== null || ui.picker)) { ui.robberHex = null; ui.picker = null; draw(); return; }
      if (!lit.length) return;
      if (ev.key.startsWith("Arrow")) {
        ev.preventDefault();
        ui.keyboard = true;
        ui.cursor = nextSpot(lit, ui.cursor, ev.key);
        drawCursor(svg, ui);
        const s = lit.find((x) => x.key === ui.cursor);
        svg.setAttribute("aria-label", describe() + (s ? ` ${t("On {place}.", { place: s.words })}` : ""));
      } else if ((ev.key === "Enter" || ev.key === " ") && ui.keyboard && ui.cursor
                 && !(ev.target.closest && ev.target.closest("button, a, summary, select"))) {
        ev.preventDefault();
        pick(ui.cursor);
      }
    },
  });
  return {
    update(next) {
      state = next;
      if (state.index !== ui.index) {          // a new position: choices start again
        Object.assign(ui, { robberHex: null, picker: null, discard: {}, cgive: {}, cget: {}, countering: false });
        if (!myMove(state)) { ui.give = {}; ui.get = {}; ui.tradeOpen = false; }
      }
      ui.index = state.index;
      draw();
    },
    keys: [[t("arrows"), t("choose a place")], ["Enter", t("take it")], ["Esc", t("back")]],
    status,
    destroy() { unbind(); narrow.removeEventListener("change", placeInfo); },
  };
}
