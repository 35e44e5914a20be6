// The hex board (`browser_board` "hex": Jäger und Sammler's field, odd-r offset layout),
// drawn from the view — tiles, settlements, caves, pawns and crates — with moves made by
// clicking pawns and the fields they reach. Every click path ends in send() of a string
// taken from state.legal, found through its `legal_parts`.
//
// Four parts, as chessground has them: `ui` (the fields chosen so far), the drawing (state
// and ui in, SVG and panels out), `bind` (every listener, one unbind), and the board.
import { cssColour, seatColours } from "../colours.js";
import { el, listen, loadStylesheet, swatch } from "../dom.js";
import { hexPoints, sv } from "../svg.js";
import { myMove, perState } from "./moves.js";

const R = 40;                          // hex radius (centre to corner), pointy-top
const W = Math.sqrt(3) * R;            // hex width
const ROW = 1.5 * R;                   // row spacing

// Tile kinds: fill, glyph colour, short label (the full name is written below it).
const KINDS = {
  berries: { fill: "#f3d3dc", ink: "#a8324f", glyph: "Be" },
  tubers: { fill: "#ead9c2", ink: "#8a5a26", glyph: "Tu" },
  herbs: { fill: "#d6ebc9", ink: "#3f7d2c", glyph: "He" },
  jug: { fill: "#f1dcc6", ink: "#b0602a", glyph: "Ju" },
  necklace: { fill: "#f5ebbf", ink: "#a98410", glyph: "Ne" },
  fur: { fill: "#e0d3c6", ink: "#6b4a30", glyph: "Fu" },
  skull: { fill: "#eeeadf", ink: "#5c574a", glyph: "Sk" },
  weapon: { fill: "#d9dee3", ink: "#3c4a57", glyph: "W" },
  path: { fill: "#efe6cb", ink: "#9c8a5a", glyph: "·" },
  cave: { fill: "#55535e", ink: "#f3f0ff", glyph: "◠" },
  mammoth: { fill: "#e2d7ec", ink: "#5b3f7a", glyph: "M" },
};
const UNKNOWN = { fill: "#eee", ink: "#333", glyph: "?" };
const MAMMOTH = /^mammoth(\d+)$/;      // the view names a mammoth tile with its value

const centre = (r, c) => [c * W + (r % 2 ? W / 2 : 0) + W / 2, r * ROW + R];

// --- the legal moves, by shape ---------------------------------------------------------------

/** The state's legal moves by shape, as indices into `legal`: `twos` (one pawn two steps,
 * [{a, b, c, i}]), `pairs` (two pawns one step each, [{a, b, d, e, i}]), `removes` (field ->
 * i), `others` (anything else: buttons). */
const movesOf = perState((state) => {
  const twos = [], pairs = [], removes = new Map(), others = [];
  (state.legal_parts || []).forEach((parts, i) => {
    const [kind, first, second] = parts;
    if (kind === "remove" && parts.length === 2) removes.set(first, i);
    else if (kind === "move" && parts.length === 2 && first.length === 3) {
      const [a, b, c] = first; twos.push({ a, b, c, i });
    } else if (kind === "move" && parts.length === 3 && first.length === 2 && second.length === 2) {
      const [[a, b], [d, e]] = [first, second]; pairs.push({ a, b, d, e, i });
    } else others.push(i);
  });
  return { twos, pairs, removes, others };
});

/** The fields a move can start from: the seat's pawns that can move or be removed. */
function starts(moves) {
  return new Set([...moves.twos.map((m) => m.a), ...moves.pairs.map((m) => m.a), ...moves.removes.keys()]);
}

// --- ui: the fields chosen so far ------------------------------------------------------------
// `sel` is null (nothing chosen), {a} (a pawn), {a, b} (a pawn and its one step: a second
// pawn to come), {a, b, d} (and the second pawn), or {a, c} (a pawn and a two-step end that
// several middles reach).

function newUi() { return { sel: null, index: null }; }

/** What is lit for the selection: field -> class names, and the legal moves (indices) that
 * still fit the selection (for the list under the board). */
function lights(state, ui) {
  const lit = new Map();
  const add = (f, cls) => { if (!lit.has(f)) lit.set(f, new Set()); lit.get(f).add(cls); };
  const moves = movesOf(state), sel = ui.sel, fitting = [];
  if (!myMove(state)) return { lit, fitting };
  if (!sel) {
    for (const f of starts(moves)) add(f, "js-start");
    return { lit, fitting: state.legal.map((_, i) => i) };
  }
  add(sel.a, "js-chosen");
  if (sel.c !== undefined) {                       // a two-step end with several middles
    add(sel.c, "js-chosen");
    for (const m of moves.twos) if (m.a === sel.a && m.c === sel.c) { add(m.b, "js-mid"); fitting.push(m.i); }
  } else if (sel.d !== undefined) {                // the second pawn of a two-pawn move
    add(sel.b, "js-chosen"); add(sel.d, "js-chosen");
    for (const m of moves.pairs) {
      if (m.a === sel.a && m.b === sel.b && m.d === sel.d) { add(m.e, "js-end"); fitting.push(m.i); }
    }
  } else if (sel.b !== undefined) {                // first pawn's one step chosen
    add(sel.b, "js-chosen");
    for (const m of moves.pairs) {
      if (m.a === sel.a && m.b === sel.b) { add(m.d, "js-second"); fitting.push(m.i); }
    }
    for (const m of moves.twos) {                   // the same field as a two-step end, too
      if (m.a === sel.a && m.c === sel.b) { add(m.b, "js-mid"); fitting.push(m.i); }
    }
  } else {                                          // a pawn chosen
    for (const m of moves.twos) if (m.a === sel.a) { add(m.b, "js-one"); add(m.c, "js-two"); fitting.push(m.i); }
    for (const m of moves.pairs) if (m.a === sel.a) { add(m.b, "js-one"); fitting.push(m.i); }
    if (moves.removes.has(sel.a)) fitting.push(moves.removes.get(sel.a));
  }
  return { lit, fitting };
}

/** Where a click on field `f` leads from the selection: {send: legal index} plays a move,
 * {sel} is the next selection (null: none), or null changes nothing. */
function clicked(state, ui, f, shift) {
  const moves = movesOf(state), sel = ui.sel;
  if (shift && moves.removes.has(f) && (!sel || sel.a === f)) return { send: moves.removes.get(f) };
  if (!sel) return starts(moves).has(f) ? { sel: { a: f } } : null;
  if (sel.c !== undefined) {
    const m = moves.twos.find((x) => x.a === sel.a && x.b === f && x.c === sel.c);
    if (m) return { send: m.i };
    return f === sel.a || f === sel.c ? { sel: null } : null;
  }
  const secondPawn = (x) => x.a === sel.a && x.b === sel.b && x.d === f;
  if (sel.d !== undefined) {
    const m = moves.pairs.find((x) => x.a === sel.a && x.b === sel.b && x.d === sel.d && x.e === f);
    if (m) return { send: m.i };
    if (f === sel.d) return { sel: { a: sel.a, b: sel.b } };
    return moves.pairs.some(secondPawn) ? { sel: { a: sel.a, b: sel.b, d: f } } : null;
  }
  if (sel.b !== undefined) {
    if (moves.pairs.some(secondPawn)) return { sel: { a: sel.a, b: sel.b, d: f } };
    const two = moves.twos.find((x) => x.a === sel.a && x.b === f && x.c === sel.b);
    if (two) return { send: two.i };
    return f === sel.b ? { sel: { a: sel.a } } : null;
  }
  // A pawn chosen: its own field again cancels; a target goes on; another pawn reselects.
  if (f === sel.a) return { sel: null };
  const viaTwo = moves.twos.filter((m) => m.a === sel.a && m.c === f);
  const isOne = moves.twos.some((m) => m.a === sel.a && m.b === f)
    || moves.pairs.some((m) => m.a === sel.a && m.b === f);
  if (viaTwo.length === 1 && !isOne) return { send: viaTwo[0].i };
  if (viaTwo.length > 1 && !isOne) return { sel: { a: sel.a, c: f } };
  if (isOne) return { sel: { a: sel.a, b: f } };
  return starts(moves).has(f) ? { sel: { a: f } } : null;
}

function hint(state, ui) {
  const sel = ui.sel;
  if (!sel) return "Click one of your pawns (ringed) to move it; shift-click removes it.";
  if (sel.c !== undefined) return `Several ways lead to ${sel.c}: click the field to pass over.`;
  if (sel.d !== undefined) return `Now click where the pawn on ${sel.d} steps (lit).`;
  if (sel.b !== undefined) {
    const also = movesOf(state).twos.some((m) => m.a === sel.a && m.c === sel.b)
      ? ` (or click a dotted field to go to ${sel.b} in two steps over it)` : "";
    return `One step to ${sel.b}: a one-step move needs a second pawn — click another of your pawns (lit), or cancel${also}.`;
  }
  return `Pawn on ${sel.a}: click a lit field — pale = one step (then a second pawn), bright = two steps.`;
}

// --- drawing: state and ui in, SVG and panels out --------------------------------------------

/** Pawns per field: field -> [count per seat]. */
function pawnsAt(state) {
  const at = new Map();
  for (const s of state.view.seats) {
    for (const f of s.pawns) {
      if (!at.has(f)) at.set(f, new Array(state.players).fill(0));
      at.get(f)[s.seat] += 1;
    }
  }
  return at;
}

/** How a field looks: its classes, fill, glyph and label. */
function fieldLook(name, kind, settlement) {
  if (settlement) {
    const summer = settlement.season === "summer";
    return { classes: ["js-settlement", `js-${settlement.season}`], fill: summer ? "#ffd98a" : "#cfe6fb",
             ink: summer ? "#b26a00" : "#2a6aa8", glyph: summer ? "☀" : "❄", label: "",
             title: `${name}: ${settlement.season} settlement` };
  }
  if (!kind) return { classes: ["js-empty"], fill: "#c9c1ab", glyph: "", title: `${name}: empty` };
  const mammoth = MAMMOTH.exec(kind);
  const k = KINDS[mammoth ? "mammoth" : kind] || UNKNOWN;
  const label = mammoth ? `mammoth ${mammoth[1]}` : kind;
  return { classes: ["js-tile", `js-${mammoth ? "mammoth" : kind}`], fill: k.fill, ink: k.ink,
           glyph: mammoth ? `M${mammoth[1]}` : k.glyph, label, title: `${name}: ${label}` };
}

function drawField(state, r, c, lit, pawns, colours) {
  const name = `${r},${c}`, [cx, cy] = centre(r, c);
  const kind = state.view.tiles[name], settlement = state.view.settlements[name];
  const look = fieldLook(name, kind, settlement);
  const g = sv("g", { class: ["js-field", ...look.classes, ...(lit.get(name) || [])].join(" "),
                      "data-field": name, "data-kind": kind || null },
    sv("title", {}, look.title),
    sv("polygon", { class: "js-hex", points: hexPoints(cx, cy, R - 1, -90), fill: look.fill }));
  if (look.glyph) {
    const big = kind === "cave" || settlement;
    g.append(sv("text", { class: "js-glyph", x: cx, y: cy - 12, fill: look.ink,
                          "font-size": big ? 19 : look.glyph.length > 1 ? 16 : 18 }, look.glyph));
    if (!settlement) {
      g.append(sv("text", { class: "js-label", x: cx, y: cy + 21, fill: kind === "cave" ? "#ddd" : "#444" },
                  look.label));
    }
  }
  g.append(sv("text", { class: "js-name", x: cx, y: cy - R + 11 }, name));
  const crates = settlement ? settlement.crates : [];
  crates.forEach((seat, i) => {
    g.append(sv("rect", { class: "js-crate", "data-seat": seat, x: cx - (crates.length * 11) / 2 + i * 11 + 1,
                          y: cy + 16, width: 9, height: 9, fill: cssColour(colours[seat]) },
                sv("title", {}, `crate of ${colours[seat]}`)));
  });
  const seats = (pawns.get(name) || []).map((n, s) => [s, n]).filter(([, n]) => n > 0);
  const gap = 17, x0 = cx - ((seats.length - 1) * gap) / 2;
  seats.forEach(([s, n], i) => {
    const x = x0 + i * gap, y = cy + 4;
    g.append(sv("g", { class: "js-pawn", "data-seat": s, "data-count": n },
      sv("title", {}, `${n} pawn${n > 1 ? "s" : ""} of ${colours[s]}`),
      sv("circle", { cx: x, cy: y, r: 8, fill: cssColour(colours[s]) }),
      n > 1 ? sv("text", { x, y, class: "js-count" }, String(n)) : null));
  });
  return g;
}

function drawBoard(svg, state, lit) {
  const { rows, cols } = state.view.board;
  svg.setAttribute("viewBox", `-4 -4 ${cols * W + W / 2 + 8} ${(rows - 1) * ROW + 2 * R + 8}`);
  const pawns = pawnsAt(state), colours = seatColours(state), fields = [];
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) fields.push(drawField(state, r, c, lit, pawns, colours));
  svg.replaceChildren(...fields);
  svg.classList.toggle("js-active", myMove(state));
}

/** Under the board: what to click next, cancel and remove, and every legal move that fits
 * the selection as a button. */
function drawBelow(below, state, ui, fitting) {
  if (!myMove(state)) { below.replaceChildren(); return; }
  const sel = ui.sel, removes = movesOf(state).removes;
  const row = el("div", { class: "controls" });
  if (sel) {
    row.append(el("button", { id: "js-cancel" }, "cancel (Esc)"));
    if (sel.b === undefined && sel.c === undefined && removes.has(sel.a)) {
      row.append(el("button", { id: "js-remove", "data-action": state.legal[removes.get(sel.a)] },
                    `remove pawn ${sel.a}`));
    }
  }
  const list = el("div", { class: "move-buttons js-moves", id: "moves" },
    ...fitting.map((i) => el("button", { class: "move", "data-action": state.legal[i] }, state.legal[i])));
  const details = el("details", { class: "js-list" },
    el("summary", {}, sel ? `the moves of this selection (${fitting.length})`
      : `all legal moves as a list (${fitting.length})`), list);
  if (sel && fitting.length <= 12) details.open = true;
  below.replaceChildren(el("p", { class: "js-hint", id: "js-hint" }, hint(state, ui)), row, details);
}

const PHASES = { play: "playing", over: "game over" };

/** The side panel: the season, every seat's pawns, crates, weapons, mammoths and face-down
 * tiles, what each collected (revealed at the end), a legend. */
function drawPanel(controls, state) {
  const v = state.view, colours = seatColours(state);
  const table = el("table", { class: "js-seats" },
    el("tr", {}, el("th", {}, ""), el("th", { title: "pawns on the board" }, "pawns"),
      el("th", { title: "crates in hand" }, "crates"), el("th", { title: "weapons" }, "weap­ons"),
      el("th", { title: "mammoths taken (points)" }, "mam­moths"),
      el("th", { title: "face-down tiles: summer + winter" }, "face down")));
  for (const s of v.seats) {
    const fd = s.face_down || {};
    const tr = el("tr", { "data-seat": s.seat },
      el("td", {}, swatch(colours[s.seat]), ` ${colours[s.seat]}${s.seat === state.seat ? " (you)" : ""}`),
      el("td", {}, String(s.pawns.length)), el("td", {}, String(s.crates_in_hand)),
      el("td", {}, String(s.weapons)),
      el("td", {}, s.mammoths.length ? s.mammoths.join(" ") : "–"),
      el("td", { class: "js-facedown", title: `summer ${fd.summer || 0}, winter ${fd.winter || 0}` },
        `${(fd.summer || 0) + (fd.winter || 0)}`));
    if (s.seat === state.current_player && !state.terminal) tr.classList.add("turn");
    table.append(tr);
  }
  const collected = state.terminal ? v.seats.filter((s) => s.collected).map((s) =>   // the end reveals all
    el("p", { class: "js-collected" }, `${colours[s.seat]}: `
      + Object.entries(s.collected).map(([k, n]) => `${n} ${k}`).join(", "))) : [];
  const legend = el("details", { class: "js-legend" }, el("summary", {}, "legend"),
    el("p", {}, "Be berries 1 · Tu tubers 2 · He herbs 3 · Ju jug · Ne necklace · Fu fur · "
      + "Sk skull · W weapon · M5 mammoth worth 5 · ◠ cave · ☀ summer / ❄ winter settlement; "
      + "small squares are crates."));
  controls.replaceChildren(el("div", { class: "js-panel", id: "js-panel" },
    el("p", { class: "js-season", id: "js-season" },
      `${v.season[0].toUpperCase()}${v.season.slice(1)} · ${PHASES[v.phase] || "setting up"} · turn ${v.turn}`),
    table, ...collected, legend));
}

// --- input ------------------------------------------------------------------------------------

/** Every listener of the board, each calling the named handler of `on`; returns the unbind. */
function bind({ svg, below }, on) {
  return listen(
    [svg, "click", on.fieldClick],
    [svg, "contextmenu", on.fieldMenu],
    [below, "click", on.belowClick],
    [document, "keydown", on.key],
  );
}

// --- the board --------------------------------------------------------------------------------

export function createBoard(container, controls, { send }) {
  loadStylesheet("/static/css/hex_board.css");
  const svg = sv("svg", { class: "js-board", "aria-label": "the board" });
  const below = el("div", { class: "js-below" });
  container.replaceChildren(el("div", { class: "js-wrap" }, svg, below));
  const ui = newUi();
  let state = null;

  function draw() {
    const { lit, fitting } = lights(state, ui);
    drawBoard(svg, state, lit);
    drawBelow(below, state, ui, fitting);
    drawPanel(controls, state);
  }
  function choose(sel) { ui.sel = sel; draw(); }
  const fieldOf = (ev) => (ev.target.closest ? ev.target.closest("[data-field]") : null);

  const unbind = bind({ svg, below }, {
    fieldClick(ev) {
      const g = fieldOf(ev);
      if (!g || !state || !myMove(state)) return;
      const next = clicked(state, ui, g.dataset.field, ev.shiftKey);
      if (next && next.send !== undefined) send(state.legal[next.send]);
      else if (next) choose(next.sel);
    },
    fieldMenu(ev) {           // a right click on a pawn that can be removed removes it
      const g = fieldOf(ev);
      if (!g || !state || !myMove(state)) return;
      const i = movesOf(state).removes.get(g.dataset.field);
      if (i !== undefined && (!ui.sel || ui.sel.a === g.dataset.field)) { ev.preventDefault(); send(state.legal[i]); }
    },
    belowClick(ev) {
      const button = ev.target.closest("button");
      if (!button) return;
      if (button.id === "js-cancel") choose(null);
      else if (button.dataset.action) send(button.dataset.action);
    },
    key(ev) { if (ev.key === "Escape" && ui.sel) choose(null); },
  });

  return {
    update(next) {
      state = next;
      if (state.index !== ui.index) ui.sel = null;      // a new position: a new choice
      ui.index = state.index;
      draw();
    },
    keys: [["Esc", "cancel"]],
    status: () => ": move your pawns",
    destroy: unbind,
  };
}
