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
import { cssColour, seatColours } from "../colours.js";
import { el, listen, loadStylesheet, swatch, typing } from "../dom.js";
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
const DEV_NAMES = { knight: "Knight", roadbuilding: "Road Building", plenty: "Year of Plenty",
                    monopoly: "Monopoly", vp: "Victory point" };
const PIPS = (n) => 6 - Math.abs(n - 7);
const MAX_SIDE = 3;                             // cards on each side of an offer (rules 7.4)

/** "2 ore and a lumber" from a card list. */
function cardWords(list) {
  const n = {};
  for (const c of list) n[c] = (n[c] || 0) + 1;
  const parts = RESOURCES.filter((r) => n[r]).map((r) => (n[r] > 1 ? `${n[r]} ${r}` : r === "ore" ? "an ore" : `a ${r}`));
  return parts.length < 2 ? parts.join("") : `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}`;
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
  const m = movesOf(state), v = state.view, out = [], colours = seatColours(state);
  const hexWords = (h) => { const x = v.board.hexes[h]; return x.terrain === "desert" ? "desert" : `${x.terrain} ${x.number}`; };
  const nodeWords = (n) => data.corners.map((c, h) => (c.includes(n) ? hexWords(h) : null)).filter(Boolean).join(", ");
  if (ui.robberHex !== null && m.robber.has(ui.robberHex)) {
    for (const { victim, i } of m.robber.get(ui.robberHex)) {
      const node = data.corners[ui.robberHex].find((n) => v.buildings.some(([b, p]) => b === n && p === victim));
      if (node === undefined) continue;
      out.push({ key: `v${node}`, kind: "victim", id: node, at: px(data.nodes[node]), act: i,
                 words: `rob ${colours[victim]} (node ${node})` });
    }
    return out;
  }
  for (const [n, i] of m.nodes) {
    out.push({ key: `n${n}`, kind: "node", id: n, at: px(data.nodes[n]), act: i,
               words: `${state.legal_parts[i][1]} on node ${n} (${nodeWords(n)})` });
  }
  for (const [e, i] of m.edges) {
    const [a, b] = data.edges[e].map((n) => px(data.nodes[n]));
    out.push({ key: `e${e}`, kind: "edge", id: e, at: [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2], act: i,
               words: `road on edge ${e} (nodes ${data.edges[e].join("–")})` });
  }
  for (const [h, options] of m.robber) {
    const robbed = options.filter((o) => o.victim !== null).map((o) => colours[o.victim]);
    out.push({ key: `h${h}`, kind: "hex", id: h, at: px(data.hexes[h]),
               act: options.length === 1 ? options[0].i : () => { ui.robberHex = h; },
               words: `robber to hex ${h}, ${hexWords(h)}` + (robbed.length ? `: rob ${robbed.join(" or ")}` : ": nobody to rob") });
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
  const v = state.view, colours = seatColours(state);
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
        sv("title", {}, `hex ${h}: ${hx.terrain}${hx.number ? ` ${hx.number}` : ""}`),
        sv("polygon", { class: "ct-hex-shape", points: hexPoints(x, y, K - 1.5, -90), fill: TERRAIN[hx.terrain] || "#ccc" }),
        sv("text", { x, y: y + 27, class: "ct-terrain" }, hx.terrain === "desert" ? "desert" : PRODUCES[hx.terrain]));
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
        sv("title", {}, `harbour ${rate}${kind === "any" ? " (any resource)" : ` ${kind}`}: nodes ${data.edges[edge].join(" and ")}`),
        sv("line", { x1: a[0], y1: a[1], x2: hx, y2: hy, class: "ct-pier" }),
        sv("line", { x1: b[0], y1: b[1], x2: hx, y2: hy, class: "ct-pier" }),
        sv("circle", { cx: hx, cy: hy, r: 17, fill: RES_COLOUR[kind], class: "ct-port-disc" }),
        sv("text", { x: hx, y: hy - 3, class: "ct-port-rate" + (kind === "any" ? "" : " ct-on-colour") }, rate),
        sv("text", { x: hx, y: hy + 8, class: "ct-port-kind" + (kind === "any" ? "" : " ct-on-colour") }, kind === "any" ? "any" : kind)));
    });
  }
  for (const [e, p] of v.roads) {
    const [a, b] = data.edges[e].map((n) => px(data.nodes[n]));
    const t = 0.16, x1 = a[0] + (b[0] - a[0]) * t, y1 = a[1] + (b[1] - a[1]) * t, x2 = b[0] - (b[0] - a[0]) * t, y2 = b[1] - (b[1] - a[1]) * t;
    roads.append(sv("g", { class: "ct-road", "data-edge": e, "data-seat": p },
      sv("title", {}, `road of ${colours[p]} on edge ${e}`),
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
      sv("title", {}, spot ? spot.words : `${kind} of ${colours[p]} on node ${n}`),
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
      sv("title", {}, `the robber, on hex ${v.robber}`),
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
    el("span", { class: "ct-card-name" }, resource), el("b", { class: "ct-card-count" }, String(n)));
}

/** Beside the island: the dice, the bank, every seat's public counts and the special
 * cards, the open offer, the last steal. */
function drawInfo(info, state) {
  const v = state.view, colours = seatColours(state);
  const name = (p) => (p === state.seat ? `you (${colours[p]})` : colours[p]);
  const rows = v.seats.map((s) => el("tr", { "data-seat": s.seat, class: s.seat === v.current_player && !v.terminal ? "ct-turn" : "" },
    el("th", { scope: "row" }, swatch(colours[s.seat]), ` ${name(s.seat)}`),
    el("td", { title: "victory points (others: the points they show)" }, String(s.points)),
    el("td", { title: "resource cards in hand" }, String(s.cards)),
    el("td", { title: "development cards in hand" }, String(s.dev_cards)),
    el("td", { title: "knights played" }, String(s.knights)),
    el("td", { title: "longest road" }, String(s.road_length)),
    el("td", {}, v.longest_road === s.seat ? el("abbr", { title: "Longest Road (2 points)" }, "LR") : null,
      v.largest_army === s.seat ? el("abbr", { title: "Largest Army (2 points)" }, " LA") : null)));
  const table = el("table", { class: "ct-seats", id: "ct-seats" },
    el("caption", { class: "sr-only" }, "the players: points, cards, development cards, knights, road"),
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "player"), el("th", { scope: "col", title: "victory points" }, "pts"),
      el("th", { scope: "col", title: "resource cards" }, "cards"), el("th", { scope: "col", title: "development cards" }, "dev"),
      el("th", { scope: "col", title: "knights played" }, "kn."), el("th", { scope: "col", title: "road length" }, "road"),
      el("th", { scope: "col", title: "Longest Road, Largest Army" }, "+2"))),
    el("tbody", {}, ...rows));
  const dice = el("div", { class: "ct-dice", id: "ct-dice" },
    el("span", { class: "ct-label" }, "dice"), el("b", { class: "ct-dice-total" + (v.dice === 7 ? " ct-seven" : "") }, v.dice ? String(v.dice) : "–"));
  const bank = el("div", { class: "ct-bank", id: "ct-bank" }, el("span", { class: "ct-label" }, "bank"),
    ...RESOURCES.map((r) => chip(r, v.bank[r] || 0)), el("span", { class: "ct-deck", title: "development cards left" }, `${v.deck} dev. cards`));
  const special = el("p", { class: "ct-special", id: "ct-special" },
    `Longest Road: ${v.longest_road === null ? "nobody" : name(v.longest_road)} · Largest Army: ${v.largest_army === null ? "nobody" : name(v.largest_army)}`);
  const extra = [];
  if (v.steal) {
    const { thief, victim, card } = v.steal;
    extra.push(el("p", { class: "ct-steal", id: "ct-steal" },
      card && thief === state.seat ? `You stole ${cardWords([card])} from ${colours[victim]}.`
        : card && victim === state.seat ? `${colours[thief]} stole your ${card}.`
          : `${colours[thief]} stole a card from ${colours[victim]}.`));
  }
  if (v.negotiation) extra.push(negotiationWords(state));
  if (v.to_discard && v.to_discard.length) {
    extra.push(el("p", { class: "ct-discarding" }, "Discarding: " + v.to_discard.map(([p, n]) => `${name(p)} ${n}`).join(", ")));
  }
  info.replaceChildren(el("div", { class: "ct-info-row" }, dice, bank), ...extra, table, special);
}

/** The open offer and its answers, in words. */
function negotiationWords(state) {
  const v = state.view, n = v.negotiation, colours = seatColours(state);
  const who = (p) => (p === state.seat ? "you" : colours[p]);
  const items = n.order.map((p) => {
    const a = n.answers[String(p)];
    const said = a === undefined ? "still to answer" : a === "accept" ? "accepts" : a === "decline" ? "declines"
      : `counters: gives ${cardWords(a.counter.gives)} for ${cardWords(a.counter.asks)}`;
    return el("li", { "data-seat": p }, swatch(colours[p]), ` ${who(p)}: ${said}`);
  });
  return el("div", { class: "ct-offer", id: "ct-offer" },
    el("p", {}, el("b", {}, `${who(v.mover)} offer${v.mover === state.seat ? "" : "s"} `),
      `${cardWords(n.gives)} for ${cardWords(n.asks)}`), el("ul", { class: "ct-answers" }, ...items));
}

/** A row of steppers, one per resource: `counts` changed in place, `limit(r)` the most. */
function steppers(name, counts, limit, redraw) {
  return el("div", { class: "ct-steppers", "data-picker": name }, ...RESOURCES.map((r) => {
    const n = counts[r] || 0, most = limit(r);
    return el("span", { class: `ct-stepper ct-res-${r}`, "data-resource": r },
      el("span", { class: "ct-card-name" }, r),
      el("button", { class: "ct-minus", "aria-label": `${name}: one ${r} less`, disabled: n <= 0 ? "" : null,
                     onclick: () => { counts[r] = n - 1; redraw(); } }, "−"),
      el("b", { "aria-live": "polite" }, String(n)),
      el("button", { class: "ct-plus", "aria-label": `${name}: one ${r} more`, disabled: n >= most ? "" : null,
                     onclick: () => { counts[r] = n + 1; redraw(); } }, "+"));
  }));
}

/** The controls of the turn: your hand, your development cards, what the moment asks
 * (discard, rob, answer an offer, close it, a card's picker), the actions, the trade
 * dialog, and any legal move left over as a button. */
function drawControls(root, state, ui, send, redraw) {
  const v = state.view, colours = seatColours(state), m = movesOf(state);
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
    parts.push(el("div", { class: "ct-hand", id: "ct-hand", "aria-label": "your hand" },
      el("span", { class: "ct-label" }, `your hand (${me.cards})`), ...RESOURCES.map((r) => chip(r, hand[r] || 0))));
    const dev = me.dev || {}, fresh = me.new_dev || {};
    const names = Object.keys(DEV_NAMES).filter((c) => dev[c]);
    if (names.length) {
      parts.push(el("div", { class: "ct-devs", id: "ct-devs" }, el("span", { class: "ct-label" }, "development cards"),
        ...names.map((c) => el("span", { class: "ct-dev", "data-card": c },
          `${DEV_NAMES[c]}${dev[c] > 1 ? ` ×${dev[c]}` : ""}${fresh[c] ? ` (${fresh[c]} new)` : ""}`))));
    }
  }
  if (myMove(state)) {
    // What the moment asks.
    if (m.discards.length) {
      const need = m.discards[0].parts.length - 1, hand = (me && me.hand) || {};
      const chosen = listOf(ui.discard), text = `discard ${chosen.join(" ")}`;
      m.discards.forEach(({ i }) => used.add(i));
      parts.push(el("div", { class: "ct-ask", id: "ct-discard" },
        el("p", {}, el("b", {}, `A 7: discard ${need} cards`), ` (${chosen.length} chosen)`),
        steppers("discard", ui.discard, (r) => Math.min(hand[r] || 0, need - chosen.length + (ui.discard[r] || 0)), redraw),
        el("button", { class: "primary", id: "ct-discard-go", disabled: legalIndex(text) < 0 ? "" : null,
                       onclick: () => send(text) }, `Discard ${chosen.length ? cardWords(chosen) : ""}`)));
    }
    if (m.robber.size) {
      m.robber.forEach((options) => options.forEach(({ i }) => used.add(i)));
      const p = el("div", { class: "ct-ask", id: "ct-robber" },
        el("p", {}, el("b", {}, "Move the robber: "), "click a lit hex."));
      if (ui.robberHex !== null && m.robber.has(ui.robberHex)) {
        p.replaceChildren(el("p", {}, el("b", {}, `Hex ${ui.robberHex}: `), "rob whom? Click a ringed building or:"),
          el("div", { class: "controls" }, ...m.robber.get(ui.robberHex).map(({ victim, i }) =>
            el("button", { class: "ct-victim-button", "data-action": state.legal[i], onclick: () => send(state.legal[i]) },
              swatch(colours[victim]), ` rob ${colours[victim]} (${v.seats[victim].cards} cards)`)),
          el("button", { id: "ct-robber-back", onclick: () => { ui.robberHex = null; redraw(); } }, "another hex")));
      }
      parts.push(p);
    }
    if (v.negotiation && (m.named.has("accept") || m.named.has("decline") || m.counters.length)) {
      const n = v.negotiation, hand = (me && me.hand) || {};
      m.counters.forEach(({ i }) => used.add(i));
      const text = `counter ${listOf(ui.cgive).join(" ")} for ${listOf(ui.cget).join(" ")}`;
      parts.push(el("div", { class: "ct-ask", id: "ct-answer" },
        el("p", {}, el("b", {}, `${colours[v.mover]} offers you `), `${cardWords(n.gives)} for ${cardWords(n.asks)}`),
        el("div", { class: "controls" }, button("accept", "Accept", { class: "primary", id: "ct-accept" }),
          button("decline", "Decline", { id: "ct-decline" })),
        m.counters.length ? el("details", { class: "ct-counter", id: "ct-counter", open: ui.countering ? "" : null,
                                            ontoggle: (ev) => { ui.countering = ev.target.open; } },
          el("summary", {}, "Counter-offer"),
          el("p", { class: "ct-label" }, "you give"), steppers("counter give", ui.cgive, (r) => Math.min(MAX_SIDE, hand[r] || 0), redraw),
          el("p", { class: "ct-label" }, "you get"), steppers("counter get", ui.cget, () => MAX_SIDE, redraw),
          el("button", { id: "ct-counter-go", disabled: legalIndex(text) < 0 ? "" : null, onclick: () => send(text) },
            "Send counter-offer")) : null));
    }
    const trades = state.legal.filter((a) => a.startsWith("trade "));
    if (trades.length || m.named.has("cancel")) {
      const n = v.negotiation;
      parts.push(el("div", { class: "ct-ask", id: "ct-close" },
        el("p", {}, el("b", {}, "Your offer: "), n ? `${cardWords(n.gives)} for ${cardWords(n.asks)}. Pick an answer:` : ""),
        el("div", { class: "controls" }, ...trades.map((t) => {
          const p = Number(t.split(" ")[1]), a = n && n.answers[String(p)];
          const label = a && typeof a === "object" ? `Trade with ${colours[p]}: give ${cardWords(a.counter.asks)}, get ${cardWords(a.counter.gives)}`
            : `Trade with ${colours[p]} (accepted)`;
          return button(t, label, { class: "primary ct-trade-with", "data-seat": p });
        }), button("cancel", "Cancel the offer", { id: "ct-cancel" }))));
    }
    if (ui.picker === "plenty" && m.plenty.length) {
      parts.push(el("div", { class: "ct-ask", id: "ct-plenty" }, el("p", {}, el("b", {}, "Year of Plenty: "), "take which two?"),
        el("div", { class: "controls" }, ...m.plenty.map(({ parts: p, i }) => el("button", { "data-action": state.legal[i],
          onclick: () => send(state.legal[i]) }, p.slice(2).join(" + "))),
          el("button", { onclick: () => { ui.picker = null; redraw(); } }, "not now"))));
    }
    if (ui.picker === "monopoly" && m.monopoly.length) {
      parts.push(el("div", { class: "ct-ask", id: "ct-monopoly" }, el("p", {}, el("b", {}, "Monopoly: "), "take every card of"),
        el("div", { class: "controls" }, ...m.monopoly.map(({ parts: p, i }) => el("button", { "data-action": state.legal[i],
          onclick: () => send(state.legal[i]) }, p[2])),
          el("button", { onclick: () => { ui.picker = null; redraw(); } }, "not now"))));
    }
    m.plenty.forEach(({ i }) => used.add(i));
    m.monopoly.forEach(({ i }) => used.add(i));
    // The actions of the turn.
    const actions = el("div", { class: "controls ct-actions", id: "ct-actions" },
      button("roll", "Roll the dice", { class: "primary", id: "ct-roll" }),
      button("play knight", "Play Knight", { id: "ct-knight" }),
      button("play roadbuilding", "Play Road Building", { id: "ct-roadbuilding" }),
      m.plenty.length ? el("button", { id: "ct-plenty-open", onclick: () => { ui.picker = "plenty"; redraw(); } }, "Play Year of Plenty…") : null,
      m.monopoly.length ? el("button", { id: "ct-monopoly-open", onclick: () => { ui.picker = "monopoly"; redraw(); } }, "Play Monopoly…") : null,
      button("buy", "Buy a development card", { id: "ct-buy" }),
      m.maritime.length || m.offers.length ? el("button", { id: "ct-trade-open", "aria-expanded": String(ui.tradeOpen),
        onclick: () => { ui.tradeOpen = !ui.tradeOpen; redraw(); } }, ui.tradeOpen ? "Close trade" : "Trade…") : null,
      button("end", "End the turn", { id: "ct-end" }));
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
  const box = el("div", { class: "ct-trade", id: "ct-trade", role: "group", "aria-label": "trade" });
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
    box.append(el("div", { class: "ct-maritime", id: "ct-maritime" }, el("span", { class: "ct-label" }, "with the bank:"),
      el("label", {}, "give ", el("select", { id: "ct-maritime-give", onchange: (ev) => { ui.maritimeGive = ev.target.value; redraw(); } },
        ...gives.map((g) => el("option", { value: `${g.n} ${g.r}`, selected: `${g.n} ${g.r}` === ui.maritimeGive ? "" : null }, `${g.n} ${g.r} (${g.n}:1)`)))),
      el("label", {}, " for ", el("select", { id: "ct-maritime-get", onchange: (ev) => { ui.maritimeGet = ev.target.value; redraw(); } },
        ...gets.map((g) => el("option", { value: g, selected: g === ui.maritimeGet ? "" : null }, g)))),
      el("button", { id: "ct-maritime-go", disabled: state.legal.includes(text) ? null : "", onclick: () => send(text) }, "Trade")));
  }
  if (m.offers.length) {
    const text = `offer ${listOf(ui.give).join(" ")} for ${listOf(ui.get).join(" ")}`;
    const v = state.view;
    box.append(el("div", { class: "ct-offer-make", id: "ct-offer-make" },
      el("p", { class: "ct-label" }, `offer to the others (${v.offers_per_turn - v.offers_made} offers left this turn): you give`),
      steppers("give", ui.give, (r) => Math.min(MAX_SIDE, hand[r] || 0), redraw),
      el("p", { class: "ct-label" }, "you get"),
      steppers("get", ui.get, () => MAX_SIDE, redraw),
      el("button", { class: "primary", id: "ct-offer-go", disabled: state.legal.includes(text) ? null : "", onclick: () => send(text) },
        listOf(ui.give).length && listOf(ui.get).length ? `Offer ${cardWords(listOf(ui.give))} for ${cardWords(listOf(ui.get))}` : "Offer")));
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
    return m.nodes.size ? ": place a settlement (click a lit corner)" : ": place a road beside it (click a lit path)";
  }
  if (m.discards.length) return `: a 7 — discard ${m.discards[0].parts.length - 1} cards`;
  if (m.robber.size) return ": move the robber (click a lit hex)";
  if (m.named.has("accept") || m.named.has("decline")) return ": answer the offer";
  if (state.legal.some((a) => a.startsWith("trade ")) || m.named.has("cancel")) return ": trade with someone who answered, or cancel";
  if (v.free_roads) return ": place a free road (click a lit path)";
  if (m.named.has("roll")) return ": roll the dice (or play a card first)";
  return ": build, trade, buy or end your turn";
}

// --- input -------------------------------------------------------------------------------------

function bind({ svg, choices }, on) {
  return listen([svg, "click", on.spotClick], [choices, "click", on.choiceClick],
                [choices, "focusin", on.choiceFocus], [document, "keydown", on.key]);
}

// --- the board ---------------------------------------------------------------------------------

export function createBoard(container, controls, { data, send }) {
  loadStylesheet("/static/css/catan_board.css");
  const [minX, maxX] = [-6.1 * K * Math.sqrt(3) / 2, 6.1 * K * Math.sqrt(3) / 2];
  const svg = sv("svg", { class: "ct-board", id: "ct-board", role: "img", "aria-label": "the island",
                          viewBox: `${minX} ${-5.05 * K} ${maxX - minX} ${10.1 * K}`, preserveAspectRatio: "xMidYMid meet" });
  const choices = el("ul", { class: "sr-only", id: "ct-choices", "aria-label": "places to choose on the island" });
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
    const v = state.view, colours = seatColours(state);
    const turn = v.terminal ? "The game is over." : state.seat !== null && state.current_player === state.seat ? "Your turn."
      : `${colours[state.current_player] || "chance"} to move.`;
    return `Catan island, turn ${v.turn}. ${turn}` + (lit.length ? ` ${lit.length} places to choose: see the list.` : "");
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
        svg.setAttribute("aria-label", describe() + (s ? ` On ${s.words}.` : ""));
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
    keys: [["arrows", "choose a place"], ["Enter", "take it"], ["Esc", "back"]],
    status,
    destroy() { unbind(); narrow.removeEventListener("change", placeInfo); },
  };
}
