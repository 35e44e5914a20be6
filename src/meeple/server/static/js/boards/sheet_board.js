// The sheet board (`browser_board` "sheet": the Catan Dice Game's "Island One", geometry
// from rules/catan-dice-map.md), drawn from the view — roads, settlements, cities, knights
// with their jokers, the 15 score boxes — the six dice as buttons, and every seat's sheet
// in small. Every click path ends in send() of a string taken from state.legal, found
// through its `legal_parts`.
//
// Four parts, as chessground has them: `ui` (the sheet shown, the dice chosen, the joker
// opened, a breakdown item pointed at), the drawing (state and ui in, SVG and buttons
// out), `bind` (every listener, one unbind), and the board.
import { cssColour, seatColours } from "../colours.js";
import { el, listen } from "../dom.js";
import { hexPoints, sv } from "../svg.js";
import { nameWords } from "../names.js";
import { myMove, perState } from "./moves.js";
import { nt, pt, t } from "../i18n.js";
import { colourName } from "../colours.js";

const U = 100;                           // one hex size in SVG units

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
const TOWN_KIND = { S: "settlement", C: "city" };
const TURNS = 15;
const PHASES = { building: () => t("building"), rolling: () => t("rolling") };
/** A die's face (a resource) in the page's language, as the game log names it. */
const FACE_WORDS = { ore: () => pt("resource", "ore"), grain: () => pt("resource", "grain"),
                     wool: () => pt("resource", "wool"), lumber: () => pt("resource", "lumber"),
                     brick: () => pt("resource", "brick"), gold: () => pt("resource", "gold") };
const faceWord = (face) => (FACE_WORDS[face] ? FACE_WORDS[face]() : face);
/** A hex's terrain in the page's language. */
const TERRAIN_WORDS = { mountains: () => pt("terrain", "mountains"), fields: () => pt("terrain", "fields"),
                        pasture: () => pt("terrain", "pasture"), forest: () => pt("terrain", "forest"),
                        hills: () => pt("terrain", "hills"), desert: () => pt("terrain", "desert") };
const terrainWord = (terrain) => (TERRAIN_WORDS[terrain] ? TERRAIN_WORDS[terrain]() : terrain);

const P = ([x, y]) => [x * U, -y * U];
const text = (x, y, s, cls, extra = {}) => sv("text", { x, y, class: cls, ...extra }, s);

// --- the legal moves, by shape ---------------------------------------------------------------

/** The state's legal moves by shape, as indices into `legal`: `builds` (item -> i),
 * `trades` ([i]), `jokers` (knight -> [i]), `rerolls` ("0,3" (the dice) -> i), `stop`,
 * `end`, `others` (anything else: buttons). */
const movesOf = perState((state) => {
  const builds = new Map(), trades = [], jokers = new Map(), rerolls = new Map(), others = [];
  let stop = null, end = null;
  (state.legal_parts || []).forEach((parts, i) => {
    const [kind] = parts;
    if (kind === "build" && parts.length === 3) builds.set(parts[2], i);
    else if (kind === "trade") trades.push(i);
    else if (kind === "joker") {
      if (!jokers.has(parts[1])) jokers.set(parts[1], []);
      jokers.get(parts[1]).push(i);
    } else if (kind === "reroll") rerolls.set(diceKey(parts.slice(1)), i);
    else if (kind === "stop") stop = i;
    else if (kind === "end") end = i;
    else others.push(i);
  });
  return { builds, trades, jokers, rerolls, stop, end, others };
});

const diceKey = (dice) => [...dice].sort((a, b) => a - b).join(",");

// --- ui ---------------------------------------------------------------------------------------

function newUi() {
  return {
    shown: null,          // the seat whose sheet is drawn large (null: own / active)
    pointed: null,        // a final-breakdown item pointed at: {item, seat}
    selected: new Set(),  // dice chosen for a reroll
    joker: null,          // the knight whose joker moves are offered
    roll: null,           // the roll the selection belongs to (a new one clears it)
    hinted: null,         // a hint pointed at in the hint list (its action)
    index: null,          // the position drawn
  };
}

/** The seat whose sheet is drawn large. */
function shownSeat(state, ui) {
  if (ui.pointed) return ui.pointed.seat;
  if (ui.shown !== null) return ui.shown;
  return state.seat !== null ? state.seat : state.view.active;
}

// --- drawing: state and ui in, SVG and buttons out -------------------------------------------

/** One seat's island sheet as SVG. `opts`: {colour, small, builds (item -> action) and
 * jokers (knight -> actions) where the items and jokers can be chosen, chosenJoker}. */
function drawSheet(sheet, opts) {
  const built = new Set(sheet.built), usedJokers = new Set(sheet.jokers_used);
  const { colour, small } = opts;
  const svg = sv("svg", { viewBox: `${-2.85 * U} ${-2.75 * U} ${5.7 * U} ${small ? 5.5 * U : 6.55 * U}`,
                          class: small ? "cd-mini" : "cd-sheet", role: "img" });
  const grad = sv("linearGradient", { id: "cd-any", x1: 0, x2: 1 },
    ...["#9aa0a8", "#f2d44e", "#c9efb0", "#3f7d3a", "#c4532f"].map((c, i) =>
      sv("stop", { offset: `${i * 25}%`, "stop-color": c })));
  svg.append(sv("defs", {}, grad));
  // Hexes: water in the middle, the six land hexes around.
  const hexes = sv("g", { class: "cd-hexes" },
    sv("polygon", { points: hexPoints(0, 0, U * 0.98), fill: TERRAIN.water, class: "cd-hex" }));
  for (const [c, terrain] of Object.values(KNIGHTS)) {
    const [x, y] = P(c);
    hexes.append(sv("polygon", { points: hexPoints(x, y, U * 0.98), fill: TERRAIN[terrain], class: "cd-hex",
                                 "data-hex": terrain }));
    if (!small) hexes.append(text(x, y + 0.62 * U, terrainWord(terrain), "cd-terrain"));
  }
  svg.append(hexes);

  // An item that can be built: lit, focusable, its action on it (the board's click plays it).
  const choosable = (g, name) => {
    const action = opts.builds && opts.builds.get(name);
    if (!action) return g;
    g.classList.add("cd-can");
    g.setAttribute("data-action", action);
    g.setAttribute("tabindex", "0");
    g.append(sv("title", {}, action));
    return g;
  };
  const fill = (isBuilt) => (isBuilt ? colour : "#fffdf6");

  // Roads: the start road (always built), then R0..R15.
  const road = (name, [a, b], isBuilt) => {
    const [x1, y1] = P(V[a]), [x2, y2] = P(V[b]);
    // Shortened so the ends do not cover the buildings.
    const dx = x2 - x1, dy = y2 - y1, len = Math.hypot(dx, dy), t = 14 / len;
    const pts = { x1: x1 + dx * t, y1: y1 + dy * t, x2: x2 - dx * t, y2: y2 - dy * t };
    const g = sv("g", { class: `cd-item cd-road${isBuilt ? " cd-built" : ""}`, "data-item": name },
      sv("line", { ...pts, class: "cd-road-hit" }), sv("line", { ...pts, class: "cd-road-edge" }),
      sv("line", { ...pts, class: "cd-road-fill", stroke: isBuilt ? colour : "#fffdf6" }));
    if (!small && name !== "START") {     // the label off to the side of the segment
      g.append(text((x1 + x2) / 2 - dy / len * 15, (y1 + y2) / 2 + dx / len * 15, name, "cd-road-label"));
    }
    return choosable(g, name);
  };
  svg.append(sv("g", { class: "cd-roads" }, road("START", ["start", "S3"], true),
    ...Object.entries(ROADS).map(([name, ends]) => road(name, ends, built.has(name)))));

  // Settlements (houses) and cities (bigger, two-part).
  svg.append(sv("g", { class: "cd-towns" }, ...[...SETTLEMENTS, ...CITIES].map((name) => {
    const [x, y] = P(V[name]), isBuilt = built.has(name), house = name[0] === "S";
    return choosable(sv("g", { class: `cd-item cd-${TOWN_KIND[name[0]]}${isBuilt ? " cd-built" : ""}`,
                               "data-item": name, transform: `translate(${x.toFixed(1)},${y.toFixed(1)})` },
      sv("path", { d: house ? "M-13,13 L-13,-3 L0,-16 L13,-3 L13,13 Z"
                     : "M-19,15 L-19,-4 L-8,-15 L3,-4 L3,0 L19,0 L19,15 Z",
                   class: "cd-shape", fill: fill(isBuilt) }),
      text(0, house ? 4 : 7, name.slice(1), `cd-value${isBuilt ? " cd-on" : ""}`)), name);
  })));

  // Knights on their hexes, each with its joker under it (crossed out once used).
  const knights = sv("g", { class: "cd-knights" });
  for (const [name, [c, , res]] of Object.entries(KNIGHTS)) {
    const [x, y] = P(c), isBuilt = built.has(name), used = usedJokers.has(name);
    knights.append(choosable(sv("g", { class: `cd-item cd-knight${isBuilt ? " cd-built" : ""}`, "data-item": name,
                                       transform: `translate(${x.toFixed(1)},${(y - 12).toFixed(1)})` },
      sv("path", { d: "M-17,-20 L17,-20 L17,2 Q17,18 0,26 Q-17,18 -17,2 Z", class: "cd-shape", fill: fill(isBuilt) }),
      text(0, 1, name.slice(1), `cd-value${isBuilt ? " cd-on" : ""}`)), name));
    const can = !!(opts.jokers && opts.jokers.get(name));
    const face = FACES[res] || { fill: "#fff", ink: "#333" };
    const joker = sv("g", { class: `cd-joker${used ? " cd-used" : ""}${isBuilt ? " cd-ready" : ""}`
                              + `${can ? " cd-can-joker" : ""}${opts.chosenJoker === name ? " cd-chosen" : ""}`,
                            "data-joker": name, tabindex: can ? "0" : null,
                            transform: `translate(${x.toFixed(1)},${(y + 34).toFixed(1)})` },
      sv("rect", { x: -30, y: -11, width: 60, height: 22, rx: 6, class: "cd-joker-box",
                   fill: res === "any" ? "url(#cd-any)" : face.fill }),
      small ? null : text(0, 1, res === "any" ? t("any res.") : faceWord(res), "cd-joker-text",
                          { fill: res === "any" ? "#222" : face.ink }),
      used ? sv("line", { x1: -28, y1: -10, x2: 28, y2: 10, class: "cd-cross" }) : null,
      used ? sv("line", { x1: -28, y1: 10, x2: 28, y2: -10, class: "cd-cross" }) : null,
      can ? sv("title", {}, t("use {knight}'s joker", { knight: name })) : null);
    knights.append(joker);
  }
  svg.append(knights);
  if (!small) svg.append(scoreRow(sheet, 2.95 * U));
  return svg;
}

/** A seat as people say it: its colour and its player's name ("red, Ana (you)"), never
 * its number. */
function seatLabel(state, i) {
  const seat = (state.seats || []).find((x) => x.seat === i);
  const name = seat && (seat.agent && seat.agent !== "human" ? t("bot {name}", { name: seat.agent }) : nameWords(seat.name));
  const colour = seatColours(state)[i];
  const label = `${colour ? colourName(colour) : t("a player")}${name ? `, ${name}` : ""}`;
  return i === state.seat ? t("{colour} (you)", { colour: label }) : label;
}

/** A seat's sheet in words, for a screen reader (the SVG's label). */
function sheetWords(sheet, colour, mine) {
  const built = sheet.built.filter((x) => x !== "START");
  const who = mine ? t("you") : colourName(colour);
  const points = nt("{n} point", "{n} points", sheet.total);
  const nothing = t("nothing yet");
  return t("Island sheet of {who}: {points}, {written} of {turns} turns written; built: {built}.", {
    who, points, written: sheet.boxes.length, turns: TURNS, built: built.length ? built.join(", ") : nothing });
}

/** The 15 written boxes: points, or X for −2; then the total. */
function scoreRow(sheet, y0) {
  const w = 30, h = 30, x0 = -2.8 * U;
  const boxes = Array.from({ length: TURNS }, (_, k) => {
    const x = x0 + k * (w + 2), written = k < sheet.boxes.length;
    const isX = written && sheet.boxes_built[k].length === 0;
    return sv("g", { class: `cd-box${written ? " cd-written" : ""}${isX ? " cd-x" : ""}`, "data-turn": k + 1 },
      sv("rect", { x, y: y0, width: w, height: h, rx: 3 }),
      text(x + w / 2, y0 + h / 2 + 1, written ? (isX ? "X" : String(sheet.boxes[k])) : "", "cd-box-text"),
      text(x + w / 2, y0 - 6, String(k + 1), "cd-box-turn"),
      written ? sv("title", {}, isX ? t("turn {n}: X (−2)", { n: k + 1 })
        : t("turn {n}: {sum}", { n: k + 1, sum: `${sheet.boxes_built[k].join(" + ")} = ${sheet.boxes[k]}` })) : null);
  });
  const xt = x0 + TURNS * (w + 2) + 4;
  return sv("g", { class: "cd-scores", id: "cd-scores" }, ...boxes,
            text(xt + 44, y0 + h / 2 + 1, `= ${sheet.total}`, "cd-total", { id: "cd-total" }));
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
  const f = FACES[face] || { fill: "#fff", ink: "#333" };
  return sv("svg", { viewBox: "0 0 40 40", class: "cd-die-svg" },
    sv("rect", { x: 1, y: 1, width: 38, height: 38, rx: 7, fill: f.fill, stroke: "#0006" }),
    symbol(face, f.ink));
}

/** Mark on a drawn sheet what a breakdown item (a turn) scored: its score box and the
 * items it built. */
function lightItem(svg, item) {
  const lit = [svg.querySelector(`.cd-box[data-turn='${item.turn}']`),
               ...(item.built || []).map((name) => svg.querySelector(`[data-item='${name}']`))];
  for (const node of lit) if (node) node.classList.add("cd-lit");
}

/** The large sheet: whose it is, the island (its items to build lit on the seat's turn),
 * a breakdown item lit. */
function drawLargeSheet(box, state, ui) {
  const view = state.view, colours = seatColours(state).map(cssColour), moves = movesOf(state);
  const who = shownSeat(state, ui), sheet = view.sheets[who];
  const own = myMove(state) && who === state.seat;
  const svg = drawSheet(sheet, {
    colour: colours[who],
    builds: own ? new Map([...moves.builds].map(([item, i]) => [item, state.legal[i]])) : null,
    jokers: own ? moves.jokers : null, chosenJoker: own ? ui.joker : null,
  });
  svg.id = "cd-sheet";
  svg.dataset.seat = who;
  svg.setAttribute("aria-label", sheetWords(sheet, seatColours(state)[who], who === state.seat)
    + (own && moves.builds.size ? ` ${t("You can build: {items}.", { items: [...moves.builds.keys()].join(", ") })}` : ""));
  if (ui.pointed) lightItem(svg, ui.pointed.item);
  box.replaceChildren(
    el("div", { class: "cd-head" },
      el("span", { class: "swatch", style: `background:${colours[who]}` }),
      el("strong", {}, seatLabel(state, who)),
      el("span", { class: "muted" }, ` · ${t("{written} of {turns} turns written", { written: sheet.boxes.length, turns: TURNS })}`
        + ` · ${nt("{n} point", "{n} points", sheet.total)}`)),
    svg,
    el("div", { class: "cd-legend muted" },
      t("road: brick+lumber · settlement: brick+lumber+wool+grain · city: 3 ore+2 grain · "
        + "knight: ore+wool+grain. Settlements, cities and knights in order of value.")));
}

/** The dice of the seat to move: buttons, chosen for a reroll while choosing. */
function drawDice(state, ui, colours) {
  const view = state.view, active = view.active;
  const phase = view.phase === "choosing" ? t("roll {n} of 3", { n: view.rolls })
    : PHASES[view.phase] ? PHASES[view.phase]() : view.phase;
  const canPick = myMove(state) && view.phase === "choosing";
  return [
    el("div", { class: "cd-dice-head" },
      el("span", { class: "swatch", style: `background:${colours[active]}` }),
      `${t("Dice of {who}", { who: seatLabel(state, active) })} · `
      + `${t("turn {n}", { n: Math.min(view.sheets[active].boxes.length + 1, TURNS) })} · ${phase}`),
    el("div", { class: "cd-dice", id: "cd-dice" }, ...view.dice.map((face, i) => {
      const used = view.used[i], chosen = ui.selected.has(i);
      return el("button", { class: `cd-die${used ? " cd-used" : ""}${chosen ? " cd-selected" : ""}`,
                            "data-die": i, "data-face": face,
                            title: used ? t("die {n}: {face} (used)", { n: i, face: faceWord(face) })
                              : t("die {n}: {face}", { n: i, face: faceWord(face) }),
                            "aria-pressed": String(chosen), disabled: canPick ? null : "" },
        dieFace(face), el("span", { class: "cd-die-name" }, faceWord(face)), el("span", { class: "cd-die-num" }, String(i)));
    })),
    view.built_this_turn.length
      ? el("div", { class: "cd-now" }, t("built this turn: {items}", { items: view.built_this_turn.join(", ") })) : null,
  ];
}

/** The seat's moves as buttons: reroll the chosen dice, keep, build, trade, the opened
 * joker's choices, anything else, end the turn. */
function drawMoves(state, ui) {
  const view = state.view, moves = movesOf(state), legal = state.legal;
  const button = (label, i, attrs = {}) =>
    el("button", { class: "move", "data-action": legal[i], ...attrs }, label);
  const row = el("div", { class: "cd-actions move-buttons", id: "moves" });
  if (view.phase === "choosing") {
    const picked = [...ui.selected].sort((a, b) => a - b);
    const i = moves.rerolls.get(diceKey(picked));
    row.append(el("button", { id: "cd-reroll", class: "primary", "data-action": i === undefined ? null : legal[i],
                              disabled: i === undefined ? "" : null },
      picked.length ? t("Reroll selected ({dice})", { dice: picked.join(", ") }) : t("Reroll selected")));
  }
  if (moves.stop !== null) row.append(button(t("Keep"), moves.stop, { id: "cd-keep" }));
  for (const [name, i] of moves.builds) {
    row.append(button(t("build {item}", { item: name }), i, { "data-build": name, title: legal[i] }));
  }
  for (const i of moves.trades) {
    const [, a, b, res] = state.legal_parts[i];
    row.append(button(`${faceWord("gold")} ${a}+${b} → ${faceWord(res)}`, i, { title: legal[i] }));
  }
  if (ui.joker && moves.jokers.has(ui.joker)) {
    row.append(el("div", { class: "cd-joker-moves", id: "cd-joker-moves" },
      el("div", {}, t("{knight}'s joker (once): turn a die into…", { knight: ui.joker })),
      ...moves.jokers.get(ui.joker).map((i) => {
        const [, knight, die, res] = state.legal_parts[i];
        return button(`${t("die {n} ({face})", { n: die, face: faceWord(view.dice[die]) })} → `
                      + `${faceWord(res || KNIGHTS[knight][2])}`, i, { title: legal[i] });
      })));
  } else if (moves.jokers.size) {
    row.append(el("div", { class: "cd-hint muted" },
      t("jokers ready: {knights} — click the joker on the sheet", { knights: [...moves.jokers.keys()].join(", ") })));
  }
  for (const i of moves.others) row.append(button(legal[i], i));
  if (moves.end !== null) {
    row.append(button(view.built_this_turn.length ? t("End turn") : t("End turn (writes X, −2)"), moves.end,
                      { id: "cd-end" }));
  }
  return row;
}

/** Every seat's sheet in small, with its boxes: click to show it large. */
function drawSeats(state, ui, colours) {
  const view = state.view, who = shownSeat(state, ui);
  return el("div", { class: "cd-seats", id: "cd-seats" }, ...view.sheets.map((s, i) => el("button", {
    class: `cd-seat${i === who ? " cd-shown" : ""}${i === view.active && !view.terminal ? " cd-active" : ""}`,
    "data-seat": i, title: t("show the sheet of {who}", { who: seatLabel(state, i) }) },
    (() => { const mini = drawSheet(s, { colour: colours[i], small: true });
      mini.setAttribute("aria-label", sheetWords(s, seatColours(state)[i], i === state.seat)); return mini; })(),
    el("span", { class: "cd-seat-label" },
      el("span", { class: "swatch", style: `background:${colours[i]}` }),
      ` ${seatLabel(state, i)}: ${s.total}`),
    el("span", { class: "cd-mini-boxes" }, ...Array.from({ length: TURNS }, (_, t) => {
      const written = t < s.boxes.length, x = written && !s.boxes_built[t].length;
      return el("span", { class: `cd-mini-box${x ? " cd-x" : ""}` }, written ? (x ? "X" : String(s.boxes[t])) : "");
    })))));
}

function drawSide(side, state, ui) {
  const colours = seatColours(state).map(cssColour);
  const parts = [...(state.view.terminal ? [] : drawDice(state, ui, colours)),
                 myMove(state) ? drawMoves(state, ui) : null,
                 // Alone, the one sheet is the one shown: nothing to pick.
                 ...(state.view.sheets.length > 1
                   ? [el("div", { class: "cd-seats-head muted" }, t("Sheets (click to show):")),
                      drawSeats(state, ui, colours)] : [])];
  side.replaceChildren(...parts.filter(Boolean));
}

// --- input ------------------------------------------------------------------------------------

/** Every listener of the board, each calling the named handler of `on`; returns the unbind. */
function bind(root, on) {
  return listen([root, "click", on.click], [root, "keydown", on.key],
                [document, "pointerover", on.hintOver], [document, "focusin", on.hintOver],
                [document, "pointerout", on.hintOut], [document, "focusout", on.hintOut]);
}

/** A hint pointed at in the hint list, shown on the board: the dice it rerolls or turns,
 * the item it builds, the knight whose joker it uses, the button it presses. */
function markHint(root, action) {
  for (const node of root.querySelectorAll(".cd-hinted")) node.classList.remove("cd-hinted");
  const parts = action ? action.split(" ") : [];
  const nodes = [];
  const die = (i) => root.querySelector(`.cd-die[data-die='${Number(i)}']`);
  if (parts[0] === "reroll") nodes.push(...parts.slice(1).map(die));
  else if (parts[0] === "build") nodes.push(root.querySelector(`#cd-sheet [data-item='${parts[parts.length - 1]}']`));
  else if (parts[0] === "joker") nodes.push(root.querySelector(`#cd-sheet [data-joker='${parts[1]}']`), die(parts[2]));
  else if (parts[0] === "trade") nodes.push(die(parts[1]), die(parts[2]));
  else if (parts[0] === "stop") nodes.push(root.querySelector("#cd-keep"));
  else if (parts[0] === "end") nodes.push(root.querySelector("#cd-end"));
  for (const node of nodes) if (node) node.classList.add("cd-hinted");
}

// --- the board --------------------------------------------------------------------------------

/** The board's own stylesheet, loaded before it is drawn (boards/index.js). */
export const STYLESHEET = "/static/css/sheet_board.css";

export function createBoard(container, controls, { send }) {
  const sheetBox = el("div", { class: "cd-sheet-box" }), side = el("div", { class: "cd-side" });
  const root = el("div", { class: "cd-wrap" }, el("div", { class: "cd-main" }, sheetBox, side));
  container.replaceChildren(root);
  const ui = newUi();
  let state = null;

  function draw() {
    drawLargeSheet(sheetBox, state, ui);
    drawSide(side, state, ui);
    markHint(root, ui.hinted);
  }
  function play(action) {
    if (!state || !(state.legal || []).includes(action)) return;
    ui.joker = null;
    send(action);
  }
  /** What a click (or Enter on a focused item) on `target` does. */
  function activate(target) {
    const joker = target.closest(".cd-can-joker");
    const die = target.closest(".cd-die"), seat = target.closest(".cd-seat");
    const action = target.closest("[data-action]");
    if (joker) { ui.joker = ui.joker === joker.dataset.joker ? null : joker.dataset.joker; draw(); }
    else if (action) play(action.dataset.action);
    else if (die && !die.disabled) {
      const i = Number(die.dataset.die);
      if (ui.selected.has(i)) ui.selected.delete(i); else ui.selected.add(i);
      draw();
    } else if (seat) {
      const i = Number(seat.dataset.seat);
      ui.shown = i === state.seat ? null : i;
      draw();
    }
  }

  const unbind = bind(root, {
    click(ev) { if (state && ev.target.closest) activate(ev.target); },
    hintOver(ev) {
      const h = ev.target.closest && ev.target.closest(".hint-move[data-action]");
      if (h && state) { ui.hinted = h.dataset.action; markHint(root, ui.hinted); }
    },
    hintOut(ev) {
      const h = ev.target.closest && ev.target.closest(".hint-move[data-action]");
      if (!h || (ev.relatedTarget && h.contains(ev.relatedTarget))) return;
      ui.hinted = null; markHint(root, null);
    },
    key(ev) {         // the sheet's items and jokers are focusable: Enter or space chooses
      if (!state || (ev.key !== "Enter" && ev.key !== " ") || ev.target.closest("button")) return;
      if (!ev.target.closest("[data-action], .cd-can-joker")) return;
      ev.preventDefault();
      activate(ev.target);
    },
  });

  return {
    update(next) {
      state = next;
      const view = state.view, moves = movesOf(state);
      // A new roll or turn clears the selection of dice and the chosen joker.
      const roll = `${view.active}:${view.turn}:${view.rolls}:${view.phase}`;
      if (roll !== ui.roll) { ui.selected = new Set(); ui.roll = roll; }
      if (state.index !== ui.index) ui.hinted = null;      // a hint was for that position
      ui.index = state.index;
      if (ui.joker && !moves.jokers.has(ui.joker)) ui.joker = null;
      for (const i of [...ui.selected]) if (view.used[i]) ui.selected.delete(i);
      if (ui.shown !== null && ui.shown >= view.sheets.length) ui.shown = null;
      draw();
      controls.replaceChildren();
    },
    keys: [["Enter", t("choose")]],
    status(s) {
      const moves = movesOf(s);
      if (moves.rerolls.size || moves.stop !== null) return t("keep or reroll");
      return moves.end !== null ? t("build, or end the turn") : "";
    },
    /** A breakdown item pointed at (null: no longer): that seat's sheet, the turn lit. */
    highlightItem(item, seat) {
      ui.pointed = item ? { item, seat } : null;
      if (state) draw();
    },
    destroy: unbind,
  };
}
