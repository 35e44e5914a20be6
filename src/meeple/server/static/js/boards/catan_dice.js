// The Catan Dice Game board: the island sheet ("Island One", geometry from
// rules/catan-dice-map.md) drawn as SVG from the view — roads, settlements, cities, knights
// with their jokers, the 15 score boxes — the six dice as clickable tiles, and every seat's
// sheet in small. Every click path ends in send() of a string taken from state.legal.
import { cssColour, movesInWords, seatColours } from "../api.js";
import { el, loadStylesheet } from "../dom.js";

const NS = "http://www.w3.org/2000/svg";
const U = 100;                           // one hex size in SVG units
const S3 = Math.sqrt(3);

// Map vertices (x, y up) from catan-dice-map.md; drawn with y down.
const V = {
  start: [-1, 1.732], S3: [-0.5, 0.866], a: [-1, 0], C7: [-2, 0], S4: [-0.5, -0.866],
  b: [-1, -1.732], C12: [-2, -1.732], S5: [-0.5, -2.598], c: [0.5, -2.598], S7: [1, -1.732],
  d: [0.5, -0.866], S9: [1, 0], e: [0.5, 0.866], S11: [1, 1.732], f: [2, -1.732],
  C20: [2.5, -0.866], g: [2, 0], C30: [2.5, 0.866],
};
const ROADS = {
  R0: ["S3", "a"], R1: ["a", "C7"], R2: ["a", "S4"], R3: ["S4", "b"], R4: ["b", "C12"],
  R5: ["b", "S5"], R6: ["S5", "c"], R7: ["c", "S7"], R8: ["S7", "d"], R9: ["d", "S9"],
  R10: ["S9", "e"], R11: ["e", "S11"], R12: ["S7", "f"], R13: ["f", "C20"],
  R14: ["C20", "g"], R15: ["g", "C30"],
};
const SETTLEMENTS = ["S3", "S4", "S5", "S7", "S9", "S11"];
const CITIES = ["C7", "C12", "C20", "C30"];
// Knights on their hexes: [hex centre, terrain, joker resource].
const KNIGHTS = {
  K1: [[-1.5, 0.866], "mountains", "ore"], K2: [[-1.5, -0.866], "fields", "grain"],
  K3: [[0, -1.732], "pasture", "wool"], K4: [[1.5, -0.866], "forest", "lumber"],
  K5: [[1.5, 0.866], "hills", "brick"], K6: [[0, 1.732], "desert", "any"],
};
const TERRAIN = { mountains: "#a9a6a0", fields: "#ecd27a", pasture: "#a9d98a",
                  forest: "#5f9a57", hills: "#d4845a", desert: "#eadcb4", water: "#8cc3e6" };
const FACES = {
  ore: { fill: "#9aa0a8", ink: "#2d333b" },
  grain: { fill: "#f2d44e", ink: "#6b5300" },
  wool: { fill: "#c9efb0", ink: "#2f6b1b" },
  lumber: { fill: "#3f7d3a", ink: "#ffffff" },
  brick: { fill: "#c4532f", ink: "#ffffff" },
  gold: { fill: "#f7c531", ink: "#6b4a00" },
};
const KIND_OF = (name) => name[0] === "R" ? "road" : name[0] === "S" ? "settlement"
  : name[0] === "C" ? "city" : "knight";
const TURNS = 15;

function sv(tag, attrs = {}, ...children) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null) node.setAttribute(k, v);
  for (const c of children) if (c !== null && c !== undefined) node.append(c);
  return node;
}
const P = ([x, y]) => [x * U, -y * U];
function hexPoints([cx, cy]) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = Math.PI / 3 * i;
    pts.push(`${(cx + U * 0.98 * Math.cos(a)).toFixed(1)},${(cy + U * 0.98 * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}
function text(x, y, s, cls, extra = {}) { return sv("text", { x, y, class: cls, ...extra }, s); }

/** The legal moves by shape. */
function parseLegal(legal) {
  const builds = new Map(), trades = [], jokers = new Map(), rerolls = new Set(), other = [];
  let stop = null, end = null;
  for (const action of legal || []) {
    const w = action.split(" ");
    if (w[0] === "build" && w.length === 3) builds.set(w[2], action);
    else if (w[0] === "trade") trades.push(action);
    else if (w[0] === "joker") {
      if (!jokers.has(w[1])) jokers.set(w[1], []);
      jokers.get(w[1]).push(action);
    } else if (w[0] === "reroll") rerolls.add(action);
    else if (action === "stop") stop = action;
    else if (action === "end") end = action;
    else other.push(action);
  }
  return { builds, trades, jokers, rerolls, stop, end, other };
}

/** One seat's island sheet as SVG. `opts`: {colour, builds (name->action), jokers
 * (knight->actions), onBuild, onJoker, chosenJoker, small}. */
function drawSheet(sheet, opts) {
  const built = new Set(sheet.built);
  const usedJ = new Set(sheet.jokers_used);
  const colour = opts.colour;
  const small = !!opts.small;
  const top = -2.75 * U, height = small ? 5.5 * U : 6.55 * U;
  const svg = sv("svg", { viewBox: `${-2.85 * U} ${top} ${5.7 * U} ${height}`,
                          class: small ? "cd-mini" : "cd-sheet", role: "img" });
  // Hexes: water in the middle, the six land hexes around.
  const hexes = sv("g", { class: "cd-hexes" });
  hexes.append(sv("polygon", { points: hexPoints(P([0, 0])), fill: TERRAIN.water, class: "cd-hex" }));
  for (const [k, [c, terrain]] of Object.entries(KNIGHTS)) {
    hexes.append(sv("polygon", { points: hexPoints(P(c)), fill: TERRAIN[terrain], class: "cd-hex",
                                 "data-hex": terrain }));
    if (!small) {
      const [x, y] = P(c);
      hexes.append(text(x, y + 0.62 * U, terrain, "cd-terrain"));
    }
    void k;
  }
  svg.append(hexes);

  const clickable = (g, name) => {
    const action = opts.builds && opts.builds.get(name);
    if (!action) return;
    g.classList.add("cd-can");
    g.setAttribute("data-action", action);
    g.setAttribute("tabindex", "0");
    g.append(sv("title", {}, action));
    const go = (e) => { e.stopPropagation(); opts.onBuild(action); };
    g.addEventListener("click", go);
    g.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") go(e); });
  };

  // Roads: the start road (always built), then R0..R15.
  const roads = sv("g", { class: "cd-roads" });
  const road = (name, [a, b], isBuilt) => {
    const [x1, y1] = P(V[a]), [x2, y2] = P(V[b]);
    // Shorten so the ends do not cover the buildings.
    const dx = x2 - x1, dy = y2 - y1, len = Math.hypot(dx, dy), t = 14 / len;
    const pts = { x1: x1 + dx * t, y1: y1 + dy * t, x2: x2 - dx * t, y2: y2 - dy * t };
    const g = sv("g", { class: `cd-item cd-road${isBuilt ? " cd-built" : ""}`, "data-item": name });
    g.append(sv("line", { ...pts, class: "cd-road-hit" }));
    g.append(sv("line", { ...pts, class: "cd-road-edge" }));
    g.append(sv("line", { ...pts, class: "cd-road-fill", stroke: isBuilt ? colour : "#fffdf6" }));
    if (!small && name !== "START") {
      const mx = (x1 + x2) / 2, my = (y1 + y2) / 2;
      // label off to the side of the segment
      const nx = -dy / len * 15, ny = dx / len * 15;
      g.append(text(mx + nx, my + ny, name, "cd-road-label"));
    }
    clickable(g, name);
    roads.append(g);
  };
  road("START", ["start", "S3"], true);
  for (const [name, ends] of Object.entries(ROADS)) road(name, ends, built.has(name));
  svg.append(roads);

  // Settlements (houses) and cities (bigger, two-part).
  const towns = sv("g", { class: "cd-towns" });
  for (const name of [...SETTLEMENTS, ...CITIES]) {
    const [x, y] = P(V[name]);
    const isBuilt = built.has(name);
    const g = sv("g", { class: `cd-item cd-${KIND_OF(name)}${isBuilt ? " cd-built" : ""}`,
                        "data-item": name, transform: `translate(${x.toFixed(1)},${y.toFixed(1)})` });
    const shape = name[0] === "S"
      ? "M-13,13 L-13,-3 L0,-16 L13,-3 L13,13 Z"
      : "M-19,15 L-19,-4 L-8,-15 L3,-4 L3,0 L19,0 L19,15 Z";
    g.append(sv("path", { d: shape, class: "cd-shape", fill: isBuilt ? colour : "#fffdf6" }));
    g.append(text(name[0] === "S" ? 0 : 0, name[0] === "S" ? 4 : 7, name.slice(1),
                  `cd-value${isBuilt ? " cd-on" : ""}`));
    clickable(g, name);
    towns.append(g);
  }
  svg.append(towns);

  // Knights on their hexes, with their joker under them.
  const knights = sv("g", { class: "cd-knights" });
  for (const [name, [c, , res]] of Object.entries(KNIGHTS)) {
    const [x, y] = P(c);
    const isBuilt = built.has(name);
    const g = sv("g", { class: `cd-item cd-knight${isBuilt ? " cd-built" : ""}`, "data-item": name,
                        transform: `translate(${x.toFixed(1)},${(y - 12).toFixed(1)})` });
    g.append(sv("path", { d: "M-17,-20 L17,-20 L17,2 Q17,18 0,26 Q-17,18 -17,2 Z", class: "cd-shape",
                          fill: isBuilt ? colour : "#fffdf6" }));
    g.append(text(0, 1, name.slice(1), `cd-value${isBuilt ? " cd-on" : ""}`));
    clickable(g, name);
    knights.append(g);
    // The joker: a resource token; crossed out once used.
    const used = usedJ.has(name);
    const jActions = opts.jokers && opts.jokers.get(name);
    const jg = sv("g", { class: `cd-joker${used ? " cd-used" : ""}${isBuilt ? " cd-ready" : ""}`
                         + `${jActions ? " cd-can-joker" : ""}${opts.chosenJoker === name ? " cd-chosen" : ""}`,
                         "data-joker": name,
                         transform: `translate(${x.toFixed(1)},${(y + 34).toFixed(1)})` });
    const f = FACES[res] || { fill: "#fff", ink: "#333" };
    jg.append(sv("rect", { x: -30, y: -11, width: 60, height: 22, rx: 6,
                           fill: res === "any" ? "url(#cd-any)" : f.fill, class: "cd-joker-box" }));
    if (!small) jg.append(text(0, 1, res === "any" ? "any res." : res, "cd-joker-text",
                               { fill: res === "any" ? "#222" : f.ink }));
    if (used) {
      jg.append(sv("line", { x1: -28, y1: -10, x2: 28, y2: 10, class: "cd-cross" }));
      jg.append(sv("line", { x1: -28, y1: 10, x2: 28, y2: -10, class: "cd-cross" }));
    }
    if (jActions) {
      jg.setAttribute("tabindex", "0");
      jg.append(sv("title", {}, `use ${name}'s joker`));
      const go = (e) => { e.stopPropagation(); opts.onJoker(name); };
      jg.addEventListener("click", go);
      jg.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") go(e); });
    }
    knights.append(jg);
  }
  svg.append(knights);
  const defs = sv("defs");
  const grad = sv("linearGradient", { id: "cd-any", x1: 0, x2: 1 });
  ["#9aa0a8", "#f2d44e", "#c9efb0", "#3f7d3a", "#c4532f"].forEach((c, i) =>
    grad.append(sv("stop", { offset: `${i * 25}%`, "stop-color": c })));
  defs.append(grad);
  svg.prepend(defs);
  if (!small) svg.append(scoreRow(sheet, 2.95 * U));
  return svg;
}

/** The 15 written boxes: points, or X for −2; then the total. */
function scoreRow(sheet, y0) {
  const g = sv("g", { class: "cd-scores", id: "cd-scores" });
  const w = 30, h = 30, x0 = -2.8 * U;
  for (let t = 0; t < TURNS; t++) {
    const x = x0 + t * (w + 2);
    const written = t < sheet.boxes.length;
    const isX = written && sheet.boxes_built[t].length === 0;
    const box = sv("g", { class: `cd-box${written ? " cd-written" : ""}${isX ? " cd-x" : ""}`,
                          "data-turn": t + 1 });
    box.append(sv("rect", { x, y: y0, width: w, height: h, rx: 3 }));
    box.append(text(x + w / 2, y0 + h / 2 + 1, written ? (isX ? "X" : String(sheet.boxes[t])) : "",
                    "cd-box-text"));
    box.append(text(x + w / 2, y0 - 6, String(t + 1), "cd-box-turn"));
    if (written) box.append(sv("title", {}, isX ? `turn ${t + 1}: X (−2)`
      : `turn ${t + 1}: ${sheet.boxes_built[t].join(" + ")} = ${sheet.boxes[t]}`));
    g.append(box);
  }
  const xt = x0 + TURNS * (w + 2) + 4;
  g.append(text(xt + 44, y0 + h / 2 + 1, `= ${sheet.total}`, "cd-total", { id: "cd-total" }));
  return g;
}

/** A simple drawn symbol per face (no emoji fonts needed), in a 40×40 box. */
function symbol(face, ink) {
  const g = sv("g", { class: "cd-die-sym", stroke: ink, fill: "none", "stroke-width": 2.2,
                      "stroke-linejoin": "round", "stroke-linecap": "round" });
  const add = (tag, attrs) => g.append(sv(tag, attrs));
  if (face === "ore") {
    add("path", { d: "M6,31 L16,12 L22,21 L26,16 L34,31 Z", fill: "#ffffff55" });
  } else if (face === "grain") {
    add("line", { x1: 20, y1: 33, x2: 20, y2: 9 });
    for (const y of [12, 18, 24]) {
      add("path", { d: `M20,${y + 4} Q14,${y + 1} 14,${y - 3}` });
      add("path", { d: `M20,${y + 4} Q26,${y + 1} 26,${y - 3}` });
    }
  } else if (face === "wool") {
    add("path", { d: "M11,24 a5,5 0 0 1 3,-9 a6,6 0 0 1 11,-1 a5,5 0 0 1 4,9 a5,5 0 0 1 -6,4 "
                  + "a6,6 0 0 1 -8,0 a5,5 0 0 1 -4,-3 Z", fill: "#ffffff" });
    add("line", { x1: 15, y1: 28, x2: 15, y2: 33 }); add("line", { x1: 25, y1: 28, x2: 25, y2: 33 });
  } else if (face === "lumber") {
    add("path", { d: "M20,6 L30,20 L25,20 L32,29 L8,29 L15,20 L10,20 Z", fill: "#ffffff44" });
    add("line", { x1: 20, y1: 29, x2: 20, y2: 35 });
  } else if (face === "brick") {
    for (const [x, y, w] of [[6, 9, 13], [21, 9, 13], [6, 17, 6], [14, 17, 12], [28, 17, 6],
                             [6, 25, 13], [21, 25, 13]]) {
      add("rect", { x, y, width: w, height: 6, "stroke-width": 1.6, fill: "#ffffff33" });
    }
  } else {
    const pts = [];
    for (let i = 0; i < 10; i++) {
      const r = i % 2 ? 6 : 13, a = Math.PI / 5 * i - Math.PI / 2;
      pts.push(`${(20 + r * Math.cos(a)).toFixed(1)},${(21 + r * Math.sin(a)).toFixed(1)}`);
    }
    add("polygon", { points: pts.join(" "), fill: "#fff4" });
  }
  return g;
}

function dieFace(face) {
  const f = FACES[face];
  const svg = sv("svg", { viewBox: "0 0 40 40", class: "cd-die-svg" });
  svg.append(sv("rect", { x: 1, y: 1, width: 38, height: 38, rx: 7, fill: f.fill, stroke: "#0006" }));
  svg.append(symbol(face, f.ink));
  return svg;
}

export function createBoard(container, controls, { send, log }) {
  loadStylesheet("/static/css/catan_dice.css");
  const root = el("div", { class: "cd-wrap" });
  const main = el("div", { class: "cd-main" });
  const sheetBox = el("div", { class: "cd-sheet-box" });
  const side = el("div", { class: "cd-side" });
  main.append(sheetBox, side);
  root.append(main);
  container.replaceChildren(root);

  let state = null, moves = parseLegal([]);
  let shown = null;          // the seat whose sheet is drawn large (null: own / active)
  let pointed = null;        // a final-breakdown item pointed at: {item, seat}
  let selected = new Set();  // dice chosen for a reroll
  let chosenJoker = null;    // the knight whose joker moves are offered
  let lastKey = null;

  const mine = () => state && state.seat !== null && state.legal && state.legal.length > 0;
  const play = (action) => {
    if (!state || !(state.legal || []).includes(action)) return;
    send(action);
  };

  /** Mark on a drawn sheet what a breakdown item (a turn) scored: its score box and the
   * items it built. */
  function lightItem(svg, item) {
    const lit = [svg.querySelector(`.cd-box[data-turn='${item.turn}']`),
                 ...(item.built || []).map((name) => svg.querySelector(`[data-item='${name}']`))];
    for (const node of lit) if (node) node.classList.add("cd-lit");
  }

  function render() {
    const view = state.view;
    const colours = seatColours(state).map(cssColour);
    const who = pointed ? pointed.seat
      : shown !== null ? shown : state.seat !== null ? state.seat : view.active;
    const active = view.active;
    const own = mine() && who === state.seat;
    const sheet = view.sheets[who];

    // --- the large sheet --------------------------------------------------------------
    const head = el("div", { class: "cd-head" },
      el("span", { class: "swatch", style: `background:${colours[who]}` }),
      el("strong", {}, `Seat ${who}${who === state.seat ? " (you)" : ""}`),
      el("span", { class: "muted" }, ` · ${sheet.boxes.length} of ${TURNS} turns written · ${sheet.total} points`));
    const svg = drawSheet(sheet, {
      colour: colours[who],
      builds: own ? moves.builds : null,
      jokers: own ? moves.jokers : null,
      chosenJoker: own ? chosenJoker : null,
      onBuild: (a) => { chosenJoker = null; play(a); },
      onJoker: (k) => { chosenJoker = chosenJoker === k ? null : k; render(); },
    });
    svg.id = "cd-sheet";
    svg.dataset.seat = who;
    if (pointed) lightItem(svg, pointed.item);
    const legend = el("div", { class: "cd-legend muted" },
      "road: brick+lumber · settlement: brick+lumber+wool+grain · city: 3 ore+2 grain · "
      + "knight: ore+wool+grain. Settlements, cities and knights in order of value.");
    sheetBox.replaceChildren(head, svg, legend);

    // --- the side: dice, moves, every seat --------------------------------------------
    const parts = [];
    if (!view.terminal) {
      const phase = { choosing: `roll ${view.rolls} of 3`, building: "building",
                      rolling: "rolling" }[view.phase] || view.phase;
      parts.push(el("div", { class: "cd-dice-head" },
        el("span", { class: "swatch", style: `background:${colours[active]}` }),
        `Dice of seat ${active}${active === state.seat ? " (you)" : ""} · turn `
        + `${Math.min(view.sheets[active].boxes.length + 1, TURNS)} · ${phase}`));
      const dice = el("div", { class: "cd-dice", id: "cd-dice" });
      const canPick = mine() && view.phase === "choosing";
      view.dice.forEach((face, i) => {
        const used = view.used[i];
        const b = el("button", { class: `cd-die${used ? " cd-used" : ""}${selected.has(i) ? " cd-selected" : ""}`,
                                 "data-die": i, "data-face": face, title: `die ${i}: ${face}${used ? " (used)" : ""}`,
                                 "aria-pressed": String(selected.has(i)) },
                     dieFace(face), el("span", { class: "cd-die-name" }, face),
                     el("span", { class: "cd-die-num" }, String(i)));
        if (!canPick) b.disabled = true;
        b.addEventListener("click", () => {
          if (selected.has(i)) selected.delete(i); else selected.add(i);
          render();
        });
        dice.append(b);
      });
      parts.push(dice);
      if (view.built_this_turn.length) {
        parts.push(el("div", { class: "cd-now" }, `built this turn: ${view.built_this_turn.join(", ")}`));
      }
    }
    if (mine()) {
      const row = el("div", { class: "cd-actions move-buttons", id: "moves" });
      const button = (label, action, attrs = {}) => {
        const b = el("button", { class: "move", "data-action": action, ...attrs }, label);
        b.addEventListener("click", () => { chosenJoker = null; play(action); });
        return b;
      };
      if (view.phase === "choosing") {
        const picked = [...selected].sort((a, b) => a - b);
        const action = `reroll ${picked.join(" ")}`;
        const rr = el("button", { id: "cd-reroll", class: "primary" },
                      picked.length ? `Reroll selected (${picked.join(", ")})` : "Reroll selected");
        rr.disabled = !moves.rerolls.has(action);
        rr.addEventListener("click", () => {
          if (moves.rerolls.has(action)) { selected = new Set(); play(action); }
        });
        row.append(rr);
      }
      if (moves.stop) row.append(button("Keep", moves.stop, { id: "cd-keep" }));
      for (const [name, action] of moves.builds) row.append(button(action.replace(/^build /, "build "), action, { "data-build": name }));
      for (const action of moves.trades) {
        const [, i, j, res] = action.split(" ");
        row.append(button(`gold ${i}+${j} → ${res}`, action, { title: action }));
      }
      if (chosenJoker && moves.jokers.has(chosenJoker)) {
        const box = el("div", { class: "cd-joker-moves", id: "cd-joker-moves" },
          el("div", {}, `${chosenJoker}'s joker (once): turn a die into…`));
        for (const action of moves.jokers.get(chosenJoker)) {
          const [, , die, res] = action.split(" ");
          const target = res || KNIGHTS[chosenJoker][2];
          box.append(button(`die ${die} (${view.dice[die]}) → ${target}`, action, { title: action }));
        }
        row.append(box);
      } else if (moves.jokers.size) {
        row.append(el("div", { class: "cd-hint muted" },
          `jokers ready: ${[...moves.jokers.keys()].join(", ")} — click the joker on the sheet`));
      }
      for (const action of moves.other) row.append(button(action, action));
      if (moves.end) {
        const label = view.built_this_turn.length ? "End turn" : "End turn (writes X, −2)";
        row.append(button(label, moves.end, { id: "cd-end" }));
      }
      parts.push(row);
    }

    // Every seat's sheet in small: click to show it large.
    const seats = el("div", { class: "cd-seats", id: "cd-seats" });
    view.sheets.forEach((s, i) => {
      const card = el("button", { class: `cd-seat${i === who ? " cd-shown" : ""}${i === active && !view.terminal ? " cd-active" : ""}`,
                                  "data-seat": i, title: `show seat ${i}'s sheet` });
      card.append(drawSheet(s, { colour: colours[i], small: true }));
      const boxes = el("span", { class: "cd-mini-boxes" });
      for (let t = 0; t < TURNS; t++) {
        const written = t < s.boxes.length;
        boxes.append(el("span", { class: `cd-mini-box${written && !s.boxes_built[t].length ? " cd-x" : ""}` },
          written ? (s.boxes_built[t].length ? String(s.boxes[t]) : "X") : ""));
      }
      card.append(el("span", { class: "cd-seat-label" },
        el("span", { class: "swatch", style: `background:${colours[i]}` }),
        ` seat ${i}${i === state.seat ? " (you)" : ""}: ${s.total}`), boxes);
      card.addEventListener("click", () => {
        const mineSeat = state.seat !== null ? state.seat : null;
        shown = i === mineSeat ? null : i;
        render();
      });
      seats.append(card);
    });
    parts.push(el("div", { class: "cd-seats-head muted" }, "Sheets (click to show):"), seats);
    side.replaceChildren(...parts);
  }

  return {
    update(s) {
      state = s;
      moves = parseLegal(s.legal);
      // A new roll or turn clears the selection of dice and the chosen joker.
      const key = `${s.view.active}:${s.view.turn}:${s.view.rolls}:${s.view.phase}`;
      if (key !== lastKey) { selected = new Set(); lastKey = key; }
      if (chosenJoker && !moves.jokers.has(chosenJoker)) chosenJoker = null;
      for (const i of [...selected]) if (s.view.used[i]) selected.delete(i);
      if (shown !== null && shown >= s.view.sheets.length) shown = null;
      render();
      controls.replaceChildren();
    },
    keys: [["Enter", "choose"]],
    describe(before, after) {
      for (const line of movesInWords(after)) log(line, "move");
    },
    /** A breakdown item pointed at (null: no longer): that seat's sheet, the turn lit. */
    highlightItem(item, seat) {
      pointed = item ? { item, seat } : null;
      if (state) render();
    },
  };
}
