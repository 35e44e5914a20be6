// The hex board (`browser_board` "hex": Jäger und Sammler's field, odd-r offset layout),
// drawn from the view — tiles, settlements, caves, pawns and crates — with moves made by
// clicking pawns and the fields they reach. Every click path ends in send() of a string
// taken from state.legal, found through its `legal_parts`.
//
// Four parts, as chessground has them: `ui` (the fields chosen so far), the drawing (state
// and ui in, SVG and panels out), `bind` (every listener, one unbind), and the board.
import { cssColour, seatColours } from "../colours.js";
import { el, listen, swatch, typing } from "../dom.js";
import { hexPoints, sv } from "../svg.js";
import { myMove, perState } from "./moves.js";
import { nt, pt, t } from "../i18n.js";
import { colourName } from "../colours.js";

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
/** Each kind's name and its glyph (two letters of the name) in the page's language. */
const KIND_WORDS = {
  berries: () => [pt("tile kind", "berries"), pt("glyph", "Be")],
  tubers: () => [pt("tile kind", "tubers"), pt("glyph", "Tu")],
  herbs: () => [pt("tile kind", "herbs"), pt("glyph", "He")],
  jug: () => [pt("tile kind", "jug"), pt("glyph", "Ju")],
  necklace: () => [pt("tile kind", "necklace"), pt("glyph", "Ne")],
  fur: () => [pt("tile kind", "fur"), pt("glyph", "Fu")],
  skull: () => [pt("tile kind", "skull"), pt("glyph", "Sk")],
  weapon: () => [pt("tile kind", "weapon"), pt("glyph", "W")],
  path: () => [pt("tile kind", "path"), "·"],
  cave: () => [pt("tile kind", "cave"), "◠"],
};
const kindWord = (kind) => (KIND_WORDS[kind] ? KIND_WORDS[kind]()[0] : kind);
const kindGlyph = (kind, fallback) => (KIND_WORDS[kind] ? KIND_WORDS[kind]()[1] : fallback);
/** A settlement in words: "summer settlement". */
const settlementWord = (season) => (season === "summer" ? t("summer settlement") : t("winter settlement"));
/** A season's name, capitalised as a heading says it. */
const seasonWord = (season) => (season === "summer" ? t("Summer") : season === "winter" ? t("Winter") : season);
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
 * still fit the selection (for the list under the board). Every lit field but the chosen
 * ones leads on: a click on it plays a move or lights the next fields (no dead end).
 * Steps: `js-one` a field one step away where a second pawn then moves, `js-via` a field a
 * pawn passes over (occupied, or no second pawn can follow): the moves through it come
 * next, `js-two` a field reached in two steps. */
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
  } else if (sel.b !== undefined) {                // a first step chosen
    add(sel.b, "js-chosen");
    for (const m of moves.pairs) {                  // a second pawn to move one step
      if (m.a === sel.a && m.b === sel.b) { add(m.d, "js-second"); fitting.push(m.i); }
    }
    for (const m of moves.twos) {                   // on over it, two steps
      if (m.a === sel.a && m.b === sel.b) { add(m.c, "js-two"); fitting.push(m.i); }
    }
    for (const m of moves.twos) {                   // the same field as a two-step end, too
      if (m.a === sel.a && m.c === sel.b && !lit.has(m.b)) { add(m.b, "js-mid"); fitting.push(m.i); }
    }
  } else {                                          // a pawn chosen
    const ones = new Set(moves.pairs.filter((m) => m.a === sel.a).map((m) => m.b));
    for (const m of moves.twos) {
      if (m.a !== sel.a) continue;
      add(m.b, ones.has(m.b) ? "js-one" : "js-via"); fitting.push(m.i);
      if (m.c !== sel.a) add(m.c, "js-two");   // out and back: over its first step (a click here cancels)
    }
    for (const m of moves.pairs) if (m.a === sel.a) { add(m.b, "js-one"); fitting.push(m.i); }
    if (moves.removes.has(sel.a)) fitting.push(moves.removes.get(sel.a));
  }
  return { lit, fitting };
}

/** The fields a click (or Enter on the cursor) can take now: the lit ones, chosen ones too
 * (a click on them steps back). */
function targets(lit) { return [...lit.keys()]; }

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
    const over = moves.twos.find((x) => x.a === sel.a && x.b === sel.b && x.c === f);
    if (over) return { send: over.i };
    const two = moves.twos.find((x) => x.a === sel.a && x.b === f && x.c === sel.b);
    if (two) return { send: two.i };
    if (f === sel.a) return { sel: null };
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
  if (!sel) return t("Choose one of your pawns (ringed) to move it: click it, or arrow keys and Enter; shift-click removes it.");
  if (sel.c !== undefined) return t("Several ways lead to {field}: choose the field to pass over.", { field: sel.c });
  if (sel.d !== undefined) return t("Now choose where the pawn on {field} steps (lit green).", { field: sel.d });
  if (sel.b !== undefined) {
    const moves = movesOf(state);
    const second = moves.pairs.some((m) => m.a === sel.a && m.b === sel.b);
    const over = moves.twos.some((m) => m.a === sel.a && m.b === sel.b);
    const ways = [second ? t("a second pawn (green) to move it one step too") : null,
                  over ? t("a field marked 2 to go on over {field}", { field: sel.b }) : null].filter(Boolean);
    const or = t(", or ");
    return t("First step to {field}: choose {ways}; Esc cancels.", { field: sel.b, ways: ways.join(or) });
  }
  return t("Pawn on {field}: choose a lit field — 1: one step (then a second pawn), "
    + "2: two steps, dotted: passed over on the way.", { field: sel.a });
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
             title: `${name}: ${settlementWord(settlement.season)}` };
  }
  if (!kind) return { classes: ["js-empty"], fill: "#c9c1ab", glyph: "", title: `${name}: ${t("empty")}` };
  const mammoth = MAMMOTH.exec(kind);
  const k = KINDS[mammoth ? "mammoth" : kind] || UNKNOWN;
  const label = mammoth ? t("mammoth {points}", { points: mammoth[1] }) : kindWord(kind);
  return { classes: ["js-tile", `js-${mammoth ? "mammoth" : kind}`], fill: k.fill, ink: k.ink,
           glyph: mammoth ? `${pt("glyph", "M")}${mammoth[1]}` : kindGlyph(kind, k.glyph), label,
           title: `${name}: ${label}` };
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
                sv("title", {}, t("crate of {colour}", { colour: colourName(colours[seat]) }))));
  });
  const steps = lit.get(name);
  const one = steps && steps.has("js-one"), two = steps && steps.has("js-two");
  const badge = one && two ? "1|2" : two ? "2" : one ? "1" : null;   // reached both ways: both
  if (badge) {
    const w = badge.length > 1 ? 21 : 15;       // at the hex's right edge, clear of the glyph
    g.append(sv("g", { class: "js-badge" },
      sv("rect", { x: cx + 33 - w, y: cy - 16, width: w, height: 15, rx: 7.5 }),
      sv("text", { x: cx + 33 - w / 2, y: cy - 8.5 }, badge)));
  }
  const seats = (pawns.get(name) || []).map((n, s) => [s, n]).filter(([, n]) => n > 0);
  const gap = 17, x0 = cx - ((seats.length - 1) * gap) / 2;
  seats.forEach(([s, n], i) => {
    const x = x0 + i * gap, y = cy + 4;
    g.append(sv("g", { class: "js-pawn", "data-seat": s, "data-count": n },
      sv("title", {}, nt("{n} pawn of {colour}", "{n} pawns of {colour}", n, { colour: colourName(colours[s]) })),
      sv("circle", { cx: x, cy: y, r: 8, fill: cssColour(colours[s]) }),
      n > 1 ? sv("text", { x, y, class: "js-count" }, String(n)) : null));
  });
  return g;
}

function drawBoard(svg, state, lit, ui) {
  const { rows, cols } = state.view.board;
  svg.setAttribute("viewBox", `-4 -4 ${cols * W + W / 2 + 8} ${(rows - 1) * ROW + 2 * R + 8}`);
  const pawns = pawnsAt(state), colours = seatColours(state), fields = [];
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) fields.push(drawField(state, r, c, lit, pawns, colours));
  svg.replaceChildren(sv("defs", {}, sv("marker", { id: "js-arrow-head", viewBox: "0 0 10 10", refX: 6, refY: 5,
    markerWidth: 4, markerHeight: 4, orient: "auto-start-reverse" }, sv("path", { d: "M0,0 L10,5 L0,10 Z" }))),
    ...fields, sv("g", { class: "js-hint-layer", id: "js-hint-layer" }));
  svg.classList.toggle("js-active", myMove(state));
  drawCursor(svg, ui);
  drawHinted(svg, state, ui.hinted);
}

/** The keyboard's cursor: a ring on the field it is on (only once the keyboard moved it). */
function drawCursor(svg, ui) {
  for (const g of svg.querySelectorAll(".js-cursor")) g.classList.remove("js-cursor");
  const g = ui.cursor && ui.keyboard ? svg.querySelector(`[data-field='${ui.cursor}']`) : null;
  if (g) { g.classList.add("js-cursor"); g.parentNode.append(g); }   // drawn on top
}

/** A hint pointed at in the hint list, drawn on the board: an arrow for each pawn's move
 * (A over B to C, or A to B and D to E), a cross on a pawn to remove. */
function drawHinted(svg, state, action) {
  const layer = svg.querySelector("#js-hint-layer");
  if (!layer) return;
  const parts = action ? action.split(" ") : [];
  const at = (f) => { const [r, c] = f.split(",").map(Number); return centre(r, c); };
  const valid = (f) => /^\d+,\d+$/.test(f || "");
  const shapes = [];
  if (parts[0] === "move") {
    for (const path of parts.slice(1)) {
      const fields = path.split(">");
      if (!fields.every(valid)) continue;
      shapes.push(sv("polyline", { class: "js-hint-arrow", points: fields.map((f) => at(f).join(",")).join(" "),
                                   "marker-end": "url(#js-arrow-head)" }));
      const [x, y] = at(fields[0]);
      shapes.push(sv("circle", { class: "js-hint-from", cx: x, cy: y, r: R * 0.7 }));
    }
  } else if (parts[0] === "remove" && valid(parts[1])) {
    const [x, y] = at(parts[1]);
    shapes.push(sv("path", { class: "js-hint-arrow", d: `M${x - 18},${y - 18} L${x + 18},${y + 18} M${x - 18},${y + 18} L${x + 18},${y - 18}` }));
  }
  layer.replaceChildren(...shapes);
  svg.classList.toggle("js-hinting", shapes.length > 0);
}

/** The board in words, for a screen reader (the SVG's label): the season, whose turn,
 * and what can be chosen now. */
function describe(state, ui, lit) {
  const v = state.view, colours = seatColours(state);
  const mover = colours[state.current_player];
  const turn = state.terminal ? t("The game is over.")
    : state.seat !== null && state.current_player === state.seat ? t("Your turn.")
      : mover ? t("{colour} to move.", { colour: colourName(mover) }) : t("Another player to move.");
  const fields = targets(lit).filter((f) => !lit.get(f).has("js-chosen"));
  const what = !myMove(state) ? ""
    : ui.sel ? ` ${hint(state, ui)} ${t("Fields to choose: {fields}.", { fields: fields.join("; ") })}`
      : ` ${t("Your pawns that can move: {fields}.", { fields: fields.join("; ") })}`;
  const season = v.season === "summer" ? t("summer") : v.season === "winter" ? t("winter") : v.season;
  return `${t("Jäger und Sammler board, {season}, turn {n}.", { season, n: v.turn })} ${turn}${what}`;
}

/** What a field is, for a screen reader's list of choices. */
function fieldWords(state, f, classes) {
  const kind = state.view.tiles[f], settlement = state.view.settlements[f];
  const mammoth = kind && MAMMOTH.exec(kind);
  const what = settlement ? settlementWord(settlement.season)
    : mammoth ? t("mammoth {points}", { points: mammoth[1] }) : kind ? kindWord(kind) : t("empty");
  const role = classes.has("js-start") ? t("your pawn") : classes.has("js-chosen") ? t("chosen (choose again to step back)")
    : classes.has("js-second") ? t("your second pawn") : classes.has("js-one") ? t("one step")
      : classes.has("js-two") ? t("two steps") : classes.has("js-via") ? t("pass over")
        : classes.has("js-mid") ? t("pass over") : classes.has("js-end") ? t("its step") : "";
  return `${f}, ${what}${role ? `: ${role}` : ""}`;
}

/** Under the board: what to click next, cancel and remove, and every legal move that fits
 * the selection as a button. */
function drawBelow(below, state, ui, fitting) {
  if (!myMove(state)) { below.replaceChildren(); return; }
  const sel = ui.sel, removes = movesOf(state).removes;
  const row = el("div", { class: "controls" });
  if (sel) {
    row.append(el("button", { id: "js-cancel" }, t("cancel (Esc)")));
    if (sel.b === undefined && sel.c === undefined && removes.has(sel.a)) {
      row.append(el("button", { id: "js-remove", "data-action": state.legal[removes.get(sel.a)] },
                    t("remove pawn {field}", { field: sel.a })));
    }
  }
  const list = el("div", { class: "move-buttons js-moves", id: "moves" },
    ...fitting.map((i) => el("button", { class: "move", "data-action": state.legal[i] }, state.legal[i])));
  const details = el("details", { class: "js-list" },
    el("summary", {}, sel ? t("the moves of this selection ({n})", { n: fitting.length })
      : t("all legal moves as a list ({n})", { n: fitting.length })), list);
  if (sel && fitting.length <= 12) details.open = true;
  below.replaceChildren(el("p", { class: "js-hint", id: "js-hint" }, hint(state, ui)), row, details);
}

const PHASES = { play: () => t("playing"), over: () => t("game over") };
// A kind of tile counted as people count it: "1 herb", "4 jugs".
const COUNTS = {
  berries: (n) => nt("{n} berry", "{n} berries", n), tubers: (n) => nt("{n} tuber", "{n} tubers", n),
  herbs: (n) => nt("{n} herb", "{n} herbs", n), jug: (n) => nt("{n} jug", "{n} jugs", n),
  necklace: (n) => nt("{n} necklace", "{n} necklaces", n), fur: (n) => nt("{n} fur", "{n} furs", n),
  skull: (n) => nt("{n} skull", "{n} skulls", n), weapon: (n) => nt("{n} weapon", "{n} weapons", n),
};
const count = (n, kind) => (COUNTS[kind] ? COUNTS[kind](n) : `${n} ${kind}`);

/** The side panel: the season, every seat's pawns, crates, weapons, mammoths and face-down
 * tiles, what each collected (revealed at the end), a legend. */
function drawPanel(controls, state) {
  const v = state.view, colours = seatColours(state);
  const table = el("table", { class: "js-seats" },
    el("tr", {}, el("th", {}, ""), el("th", { title: t("pawns on the board") }, t("pawns")),
      el("th", { title: t("crates in hand") }, t("crates")), el("th", { title: t("weapons") }, t("weapons")),
      el("th", { title: t("mammoths taken (points)") }, t("mammoths")),
      el("th", { title: t("face-down tiles: summer + winter") }, t("face down"))));
  for (const s of v.seats) {
    const fd = s.face_down || {};
    const tr = el("tr", { "data-seat": s.seat },
      el("td", {}, swatch(colours[s.seat]), " ", s.seat === state.seat
        ? t("{colour} (you)", { colour: colourName(colours[s.seat]) }) : colourName(colours[s.seat])),
      el("td", {}, String(s.pawns.length)), el("td", {}, String(s.crates_in_hand)),
      el("td", {}, String(s.weapons)),
      el("td", {}, s.mammoths.length ? s.mammoths.join(" ") : "–"),
      el("td", { class: "js-facedown", title: t("summer {summer}, winter {winter}", { summer: fd.summer || 0, winter: fd.winter || 0 }) },
        `${(fd.summer || 0) + (fd.winter || 0)}`));
    if (s.seat === state.current_player && !state.terminal) tr.classList.add("turn");
    table.append(tr);
  }
  const collected = state.terminal ? v.seats.filter((s) => s.collected).map((s) =>   // the end reveals all
    el("p", { class: "js-collected" }, `${colourName(colours[s.seat])}: `
      + Object.entries(s.collected).map(([k, n]) => count(n, k)).join(", "))) : [];
  const legend = el("details", { class: "js-legend" }, el("summary", {}, t("legend")),
    el("p", {}, t("Be berries 1 · Tu tubers 2 · He herbs 3 · Ju jug · Ne necklace · Fu fur · "
      + "Sk skull · W weapon · M5 mammoth worth 5 · ◠ cave · ☀ summer / ❄ winter settlement; "
      + "small squares are crates.")));
  controls.replaceChildren(el("div", { class: "js-panel", id: "js-panel" },
    el("p", { class: "js-season", id: "js-season" },
      `${seasonWord(v.season)} · ${PHASES[v.phase] ? PHASES[v.phase]() : t("setting up")} · ${t("turn {n}", { n: v.turn })}`),
    table, ...collected, legend));
}

// --- input ------------------------------------------------------------------------------------

/** Every listener of the board, each calling the named handler of `on`; returns the unbind.
 * The hint list's moves (the seat panel's `.hint-move` buttons) are drawn on the board
 * while pointed at or focused. */
function bind({ svg, below, tools, choices }, on) {
  return listen(
    [svg, "click", on.fieldClick],
    [svg, "contextmenu", on.fieldMenu],
    [below, "click", on.belowClick],
    [tools, "click", on.zoomButton],
    [choices, "click", on.choiceClick],
    [choices, "focusin", on.choiceFocus],
    [document, "keydown", on.key],
    [document, "pointerover", on.hintOver],
    [document, "focusin", on.hintOver],
    [document, "pointerout", on.hintOut],
    [document, "focusout", on.hintOut],
  );
}

// --- the board --------------------------------------------------------------------------------

const MIN_HEX = 46;                    // CSS px: a hex wide enough for a finger
const ZOOM = 1.3;

/** The field nearest `from` in the arrow key's direction among `fields` (or the first). */
function nextField(fields, from, key) {
  if (!fields.length) return null;
  if (!from || !fields.includes(from)) return fields[0];
  const dir = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] }[key];
  const [fx, fy] = centre(...from.split(",").map(Number));
  let best = null, bestScore = Infinity;
  for (const f of fields) {
    if (f === from) continue;
    const [x, y] = centre(...f.split(",").map(Number));
    const dx = x - fx, dy = y - fy, along = dx * dir[0] + dy * dir[1];
    if (along <= 1) continue;
    const across = Math.abs(dx * dir[1] - dy * dir[0]);
    const score = along + 2.5 * across;
    if (score < bestScore) { best = f; bestScore = score; }
  }
  return best || from;
}

/** The board's own stylesheet, loaded before it is drawn (boards/index.js). */
export const STYLESHEET = "/static/css/hex_board.css";

export function createBoard(container, controls, { send }) {
  const svg = sv("svg", { class: "js-board", role: "img", "aria-label": t("the board") });
  const scroller = el("div", { class: "js-scroll", tabindex: "-1" }, svg);
  const tools = el("div", { class: "board-tools js-tools" },
    el("button", { "data-zoom": "in", title: t("zoom in"), "aria-label": t("zoom in") }, "+"),
    el("button", { "data-zoom": "out", title: t("zoom out"), "aria-label": t("zoom out") }, "−"),
    el("button", { "data-zoom": "fit", title: t("show the whole board") }, t("fit")));
  // The choices as buttons, off screen: what a screen reader reads and Tab reaches.
  const choices = el("ul", { class: "sr-only js-choices", id: "js-choices", "aria-label": t("fields to choose") });
  const below = el("div", { class: "js-below-moves" });
  container.replaceChildren(el("div", { class: "js-wrap" },
    el("div", { class: "js-view" }, scroller), choices, el("div", { class: "js-below" }, tools, below)));
  const ui = newUi();
  ui.cursor = null; ui.keyboard = false; ui.hinted = null; ui.hexPx = null;
  let state = null, lit = new Map();

  /** The hex size in CSS px at which the whole board fits the view. */
  function fitPx() {
    const { rows, cols } = state.view.board;
    const w = cols * W + W / 2 + 8, h = (rows - 1) * ROW + 2 * R + 8;
    const box = scroller.getBoundingClientRect();
    if (!box.width || !box.height) return null;
    return Math.min(box.width / w, box.height / h) * W;
  }
  /** Size the SVG: the whole board at `ui.hexPx` per hex, never smaller than fits, and by
   * default never under a finger's width (the view scrolls then). */
  function size() {
    if (!state) return;
    const fit = fitPx();
    if (!fit) return;
    const px = ui.hexPx ?? Math.max(fit, MIN_HEX);
    const { rows, cols } = state.view.board;
    const scale = px / W;
    if (px <= fit + 0.5) { svg.style.width = ""; svg.style.height = ""; svg.classList.remove("js-zoomed"); }
    else {
      svg.style.width = `${(cols * W + W / 2 + 8) * scale}px`;
      svg.style.height = `${((rows - 1) * ROW + 2 * R + 8) * scale}px`;
      svg.classList.add("js-zoomed");
    }
    svg.dataset.hexPx = String(Math.round(Math.max(px, fit)));
  }
  function zoom(which) {
    const fit = fitPx();
    if (!fit) return;
    const now = ui.hexPx ?? Math.max(fit, MIN_HEX);
    if (which === "fit") ui.hexPx = fit;
    else ui.hexPx = Math.max(fit, Math.min(4 * MIN_HEX, which === "in" ? now * ZOOM : now / ZOOM));
    size();
  }
  function show(field) {      // scroll the view to a field (the keyboard's cursor)
    const g = field && svg.querySelector(`[data-field='${field}'] .js-hex`);
    if (g && svg.classList.contains("js-zoomed")) g.scrollIntoView({ block: "nearest", inline: "nearest" });
  }

  function drawChoices() {
    const fields = targets(lit);
    choices.replaceChildren(...fields.map((f) => el("li", {},
      el("button", { "data-field": f, tabindex: "0" }, fieldWords(state, f, lit.get(f))))));
  }
  function draw() {
    ({ lit } = lights(state, ui));
    const { fitting } = lights(state, ui);
    const fields = targets(lit);
    if (ui.cursor && !fields.includes(ui.cursor)) ui.cursor = nearest(lit, ui.cursor);
    drawBoard(svg, state, lit, ui);
    svg.setAttribute("aria-label", describe(state, ui, lit));
    drawChoices();
    drawBelow(below, state, ui, fitting);
    drawPanel(controls, state);
  }
  /** The field of `fields` nearest `from` (the cursor after a choice: on the next step). */
  function nearest(now, from) {
    const fields = targets(now);
    const open = fields.filter((f) => !now.get(f).has("js-chosen"));
    const pool = open.length ? open : fields;
    if (!pool.length) return null;
    if (!from) return pool[0];
    const [fx, fy] = centre(...from.split(",").map(Number));
    const d = (f) => { const [x, y] = centre(...f.split(",").map(Number)); return Math.hypot(x - fx, y - fy); };
    return pool.reduce((a, b) => (d(b) < d(a) ? b : a));
  }
  function choose(sel) {
    ui.sel = sel;
    if (ui.cursor) ui.cursor = nearest(lights(state, ui).lit, ui.cursor);
    draw();
  }
  /** A field chosen (a click, Enter on the cursor, a button of the list). */
  function pick(field, shift = false) {
    if (!state || !myMove(state)) return;
    const next = clicked(state, ui, field, shift);
    if (next && next.send !== undefined) send(state.legal[next.send]);
    else if (next) { ui.cursor = field; choose(next.sel); }
  }
  const fieldOf = (ev) => (ev.target.closest ? ev.target.closest("[data-field]") : null);
  const hintOf = (ev) => (ev.target.closest ? ev.target.closest(".hint-move[data-action]") : null);

  const unbind = bind({ svg, below, tools, choices }, {
    fieldClick(ev) {
      const g = fieldOf(ev);
      if (!g) return;
      ui.keyboard = false;
      pick(g.dataset.field, ev.shiftKey);
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
    zoomButton(ev) {
      const which = ev.target.closest("[data-zoom]");
      if (which && state) zoom(which.dataset.zoom);
    },
    choiceClick(ev) {
      const button = ev.target.closest("button[data-field]");
      if (!button) return;
      ui.keyboard = true;
      pick(button.dataset.field);
      const again = choices.querySelector(`button[data-field='${ui.cursor}']`) || choices.querySelector("button");
      if (again) again.focus();
    },
    choiceFocus(ev) {
      const button = ev.target.closest("button[data-field]");
      if (!button || !state) return;
      ui.cursor = button.dataset.field; ui.keyboard = true;
      drawCursor(svg, ui); show(ui.cursor);
    },
    key(ev) {
      if (!state || typing(ev) || ev.ctrlKey || ev.metaKey || ev.altKey) return;
      if (ev.key === "Escape" && ui.sel) { choose(null); return; }
      if (!myMove(state)) return;
      const fields = targets(lit);
      if (ev.key.startsWith("Arrow")) {
        ev.preventDefault();
        ui.keyboard = true;
        ui.cursor = nextField(fields, ui.cursor, ev.key) || ui.cursor;
        drawCursor(svg, ui); show(ui.cursor);
        svg.setAttribute("aria-label", describe(state, ui, lit) + (ui.cursor ? ` On ${ui.cursor}.` : ""));
      } else if ((ev.key === "Enter" || ev.key === " ") && ui.keyboard && ui.cursor
                 && !(ev.target.closest && ev.target.closest("button, a, summary"))) {
        ev.preventDefault();
        pick(ui.cursor);
      } else if ((ev.key === "x" || ev.key === "Delete") && ui.keyboard && ui.cursor
                 && movesOf(state).removes.has(ui.cursor) && (!ui.sel || ui.sel.a === ui.cursor)) {
        ev.preventDefault();
        send(state.legal[movesOf(state).removes.get(ui.cursor)]);
      }
    },
    hintOver(ev) {
      const h = hintOf(ev);
      if (!h || !state) return;
      ui.hinted = h.dataset.action; drawHinted(svg, state, ui.hinted);
    },
    hintOut(ev) {
      const h = hintOf(ev);
      if (!h || (ev.relatedTarget && h.contains(ev.relatedTarget))) return;
      ui.hinted = null; if (state) drawHinted(svg, state, null);
    },
  });
  const resized = new ResizeObserver(() => size());
  resized.observe(scroller);

  return {
    update(next) {
      const first = state === null;
      state = next;
      if (state.index !== ui.index) { ui.sel = null; ui.hinted = null; }  // a new position: a new choice
      ui.index = state.index;
      draw();
      if (first) size();
    },
    keys: [[t("arrows"), t("choose a field")], ["Enter", t("take it")], ["x", t("remove the pawn")], ["Esc", t("cancel")]],
    status: () => t("move your pawns"),
    destroy() { unbind(); resized.disconnect(); },
  };
}
