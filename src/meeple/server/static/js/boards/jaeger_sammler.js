// The Jäger und Sammler board: the hex field (odd-r offset layout) drawn as SVG from the
// view — tiles, settlements, caves, pawns and crates — and moves made by clicking pawns and
// the fields they reach. Every click path ends in send() of a string taken from state.legal.
import { cssColour, movesInWords, seatColours } from "../api.js";
import { el, loadStylesheet } from "../dom.js";

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

const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c]));

function centre(name) {
  const [r, c] = name.split(",").map(Number);
  return [c * W + (r % 2 ? W / 2 : 0) + W / 2, r * ROW + R];
}

function hexPoints(cx, cy, r = R) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = Math.PI / 180 * (60 * i - 90);
    pts.push(`${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}

/** The legal moves sorted by shape: {twos: [{a,b,c,action}], pairs: [{a,b,d,e,action}],
 * removes: Map(field -> action)}. */
function parseLegal(legal) {
  const twos = [], pairs = [], removes = new Map(), other = [];
  for (const action of legal || []) {
    const [kind, ...rest] = action.split(" ");
    if (kind === "remove" && rest.length === 1) { removes.set(rest[0], action); continue; }
    if (kind === "move") {
      const paths = rest.map((p) => p.split(">"));
      if (paths.length === 1 && paths[0].length === 3) {
        const [a, b, c] = paths[0]; twos.push({ a, b, c, action }); continue;
      }
      if (paths.length === 2 && paths[0].length === 2 && paths[1].length === 2) {
        const [[a, b], [d, e]] = paths; pairs.push({ a, b, d, e, action }); continue;
      }
    }
    other.push(action);
  }
  return { twos, pairs, removes, other };
}

export function createBoard(container, controls, { send, log }) {
  loadStylesheet("/static/css/jaeger_sammler.css");
  const NS = "http://www.w3.org/2000/svg";
  const wrap = el("div", { class: "js-wrap" });
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("class", "js-board");
  svg.setAttribute("aria-label", "the board");
  const below = el("div", { class: "js-below" });
  wrap.append(svg, below);
  container.replaceChildren(wrap);

  let state = null, colours = [], moves = parseLegal([]);
  let sel = null;        // null | {a} | {a, b} | {a, b, d} | {a, c}  (see click())
  let lastIndex = null;

  const mine = () => state && state.seat !== null && state.legal && state.legal.length > 0;
  const starts = () => new Set([...moves.twos.map((m) => m.a), ...moves.pairs.map((m) => m.a),
                                ...moves.removes.keys()]);

  /** What is lit for the current selection: field -> class names, and the moves that
   * still fit the selection (for the list under the board). */
  function lights() {
    const lit = new Map();
    const add = (f, cls) => { if (!lit.has(f)) lit.set(f, new Set()); lit.get(f).add(cls); };
    let fitting = [];
    if (!mine()) return { lit, fitting };
    if (!sel) {
      for (const f of starts()) add(f, "js-start");
      return { lit, fitting: state.legal.slice() };
    }
    add(sel.a, "js-chosen");
    if (sel.c !== undefined) {                       // a two-step target with several middles
      add(sel.c, "js-chosen");
      for (const m of moves.twos) if (m.a === sel.a && m.c === sel.c) { add(m.b, "js-mid"); fitting.push(m.action); }
    } else if (sel.d !== undefined) {                // the second pawn of a two-pawn move
      add(sel.b, "js-chosen"); add(sel.d, "js-chosen");
      for (const m of moves.pairs) {
        if (m.a === sel.a && m.b === sel.b && m.d === sel.d) { add(m.e, "js-end"); fitting.push(m.action); }
      }
    } else if (sel.b !== undefined) {                // first pawn's one step chosen
      add(sel.b, "js-chosen");
      for (const m of moves.pairs) {
        if (m.a === sel.a && m.b === sel.b) { add(m.d, "js-second"); fitting.push(m.action); }
      }
      for (const m of moves.twos) {                   // the same field as a two-step end, too
        if (m.a === sel.a && m.c === sel.b) { add(m.b, "js-mid"); fitting.push(m.action); }
      }
    } else {                                          // a pawn chosen
      for (const m of moves.twos) if (m.a === sel.a) { add(m.b, "js-one"); add(m.c, "js-two"); fitting.push(m.action); }
      for (const m of moves.pairs) if (m.a === sel.a) { add(m.b, "js-one"); fitting.push(m.action); }
      if (moves.removes.has(sel.a)) fitting.push(moves.removes.get(sel.a));
    }
    return { lit, fitting };
  }

  function setSel(next) { sel = next; draw(); }

  function click(f, ev) {
    if (!mine()) return;
    if (ev && ev.shiftKey && moves.removes.has(f) && (!sel || sel.a === f)) {
      send(moves.removes.get(f)); return;
    }
    if (!sel) { if (starts().has(f)) setSel({ a: f }); return; }
    if (sel.c !== undefined) {
      const m = moves.twos.find((x) => x.a === sel.a && x.b === f && x.c === sel.c);
      if (m) send(m.action); else if (f === sel.a || f === sel.c) setSel(null);
      return;
    }
    if (sel.d !== undefined) {
      const m = moves.pairs.find((x) => x.a === sel.a && x.b === sel.b && x.d === sel.d && x.e === f);
      if (m) send(m.action);
      else if (f === sel.d) setSel({ a: sel.a, b: sel.b });
      else if (moves.pairs.some((x) => x.a === sel.a && x.b === sel.b && x.d === f)) setSel({ a: sel.a, b: sel.b, d: f });
      return;
    }
    if (sel.b !== undefined) {
      const two = moves.twos.find((x) => x.a === sel.a && x.b === f && x.c === sel.b);
      if (moves.pairs.some((x) => x.a === sel.a && x.b === sel.b && x.d === f)) setSel({ a: sel.a, b: sel.b, d: f });
      else if (two) send(two.action);
      else if (f === sel.b) setSel({ a: sel.a });
      return;
    }
    // A pawn chosen: its own field again cancels; a target goes on; another pawn reselects.
    if (f === sel.a) { setSel(null); return; }
    const viaTwo = moves.twos.filter((m) => m.a === sel.a && m.c === f);
    const isOne = moves.twos.some((m) => m.a === sel.a && m.b === f)
      || moves.pairs.some((m) => m.a === sel.a && m.b === f);
    if (viaTwo.length === 1 && !isOne) { send(viaTwo[0].action); return; }
    if (viaTwo.length > 1 && !isOne) { setSel({ a: sel.a, c: f }); return; }
    if (isOne) { setSel({ a: sel.a, b: f }); return; }
    if (starts().has(f)) setSel({ a: f });
  }

  // --- drawing ----------------------------------------------------------------------------
  function pawnsAt() {
    const at = new Map();            // field -> [count per seat]
    for (const s of state.view.seats) {
      for (const f of s.pawns) {
        if (!at.has(f)) at.set(f, new Array(state.players).fill(0));
        at.get(f)[s.seat] += 1;
      }
    }
    return at;
  }

  function fieldMarkup(name, lit, pawns) {
    const v = state.view;
    const [cx, cy] = centre(name);
    const kind = v.tiles[name];
    const settlement = v.settlements[name];
    const classes = ["js-field"];
    let fill = "#c9c1ab", ink = "#777", glyph = "", label = "", title = `${name}: empty`;
    if (settlement) {
      classes.push(`js-settlement js-${settlement.season}`);
      fill = settlement.season === "summer" ? "#ffd98a" : "#cfe6fb";
      ink = settlement.season === "summer" ? "#b26a00" : "#2a6aa8";
      glyph = settlement.season === "summer" ? "☀" : "❄";
      label = `${settlement.season} camp`;
      title = `${name}: ${settlement.season} settlement`;
    } else if (kind) {
      const m = /^mammoth(\d+)$/.exec(kind);
      const k = KINDS[m ? "mammoth" : kind] || { fill: "#eee", ink: "#333", glyph: "?" };
      classes.push(`js-tile js-${m ? "mammoth" : kind}`);
      fill = k.fill; ink = k.ink; glyph = m ? `M${m[1]}` : k.glyph;
      label = m ? `mammoth ${m[1]}` : kind;
      title = `${name}: ${label}`;
    } else classes.push("js-empty");
    for (const c of lit.get(name) || []) classes.push(c);
    const parts = [`<g class="${classes.join(" ")}" data-field="${name}"${kind ? ` data-kind="${kind}"` : ""}>`,
      `<title>${esc(title)}</title>`,
      `<polygon class="js-hex" points="${hexPoints(cx, cy, R - 1)}" fill="${fill}"/>`];
    if (glyph) {
      const big = kind === "cave" || settlement;
      parts.push(`<text class="js-glyph" x="${cx}" y="${cy - 12}" fill="${ink}"
        font-size="${big ? 19 : glyph.length > 1 ? 16 : 18}">${esc(glyph)}</text>`);
      if (!settlement) {
        parts.push(`<text class="js-label" x="${cx}" y="${cy + 21}" fill="${kind === "cave" ? "#ddd" : "#444"}">${esc(label)}</text>`);
      }
    }
    parts.push(`<text class="js-name" x="${cx}" y="${cy - R + 11}">${name}</text>`);
    if (settlement && settlement.crates.length) {
      const n = settlement.crates.length;
      settlement.crates.forEach((seat, i) => {
        const x = cx - (n * 11) / 2 + i * 11 + 1;
        parts.push(`<rect class="js-crate" data-seat="${seat}" x="${x}" y="${cy + 16}" width="9" height="9"
          fill="${cssColour(colours[seat])}"><title>crate of ${colours[seat]}</title></rect>`);
      });
    }
    const counts = pawns.get(name);
    if (counts) {
      const seats = counts.map((n, s) => [s, n]).filter(([, n]) => n > 0);
      const gap = 17, x0 = cx - ((seats.length - 1) * gap) / 2;
      seats.forEach(([s, n], i) => {
        const x = x0 + i * gap, y = cy + 4;
        parts.push(`<g class="js-pawn" data-seat="${s}" data-count="${n}">
          <title>${n} pawn${n > 1 ? "s" : ""} of ${colours[s]}</title>
          <circle cx="${x}" cy="${y}" r="8" fill="${cssColour(colours[s])}"/>
          ${n > 1 ? `<text x="${x}" y="${y}" class="js-count">${n}</text>` : ""}</g>`);
      });
    }
    parts.push("</g>");
    return parts.join("");
  }

  function draw() {
    if (!state) return;
    const v = state.view;
    const { rows, cols } = v.board;
    const width = cols * W + W / 2, height = (rows - 1) * ROW + 2 * R;
    svg.setAttribute("viewBox", `-4 -4 ${width + 8} ${height + 8}`);
    const { lit, fitting } = lights();
    const pawns = pawnsAt();
    const out = [];
    for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) out.push(fieldMarkup(`${r},${c}`, lit, pawns));
    svg.innerHTML = out.join("");
    svg.classList.toggle("js-active", mine());
    drawBelow(fitting);
    drawControls();
  }

  function hint() {
    if (!sel) return "Click one of your pawns (ringed) to move it; shift-click removes it.";
    if (sel.c !== undefined) return `Several ways lead to ${sel.c}: click the field to pass over.`;
    if (sel.d !== undefined) return `Now click where the pawn on ${sel.d} steps (lit).`;
    if (sel.b !== undefined) {
      const also = moves.twos.some((m) => m.a === sel.a && m.c === sel.b)
        ? ` (or click a dotted field to go to ${sel.b} in two steps over it)` : "";
      return `One step to ${sel.b}: a one-step move needs a second pawn — click another of your pawns (lit), or cancel${also}.`;
    }
    return `Pawn on ${sel.a}: click a lit field — pale = one step (then a second pawn), bright = two steps.`;
  }

  function drawBelow(fitting) {
    if (!mine()) { below.replaceChildren(); return; }
    const parts = [el("p", { class: "js-hint", id: "js-hint" }, hint())];
    const row = el("div", { class: "controls" });
    if (sel) {
      const cancel = el("button", { id: "js-cancel" }, "cancel (Esc)");
      cancel.addEventListener("click", () => setSel(null));
      row.append(cancel);
      if (sel.b === undefined && sel.c === undefined && moves.removes.has(sel.a)) {
        const rm = el("button", { id: "js-remove", "data-action": moves.removes.get(sel.a) },
                      `remove pawn ${sel.a}`);
        rm.addEventListener("click", () => send(moves.removes.get(sel.a)));
        row.append(rm);
      }
    }
    parts.push(row);
    // Every legal move that fits the selection stays reachable as a button.
    const list = el("div", { class: "move-buttons js-moves", id: "moves" });
    for (const action of fitting) {
      const b = el("button", { class: "move", "data-action": action }, action);
      b.addEventListener("click", () => send(action));
      list.append(b);
    }
    const details = el("details", { class: "js-list" },
      el("summary", {}, sel ? `the moves of this selection (${fitting.length})`
        : `all legal moves as a list (${fitting.length})`), list);
    if (sel && fitting.length <= 12) details.open = true;
    parts.push(details);
    below.replaceChildren(...parts);
  }

  function drawControls() {
    const v = state.view;
    const box = el("div", { class: "js-panel", id: "js-panel" });
    box.append(el("p", { class: "js-season", id: "js-season" },
      `${v.season[0].toUpperCase()}${v.season.slice(1)} · ${v.phase === "play" ? "playing" : v.phase === "over" ? "game over" : "setting up"} · turn ${v.turn}`));
    const table = el("table", { class: "js-seats" });
    table.append(el("tr", {}, el("th", {}, ""), el("th", { title: "pawns on the board" }, "pawns"),
      el("th", { title: "crates in hand" }, "crates"), el("th", { title: "weapons" }, "weap­ons"),
      el("th", { title: "mammoths taken (points)" }, "mam­moths"),
      el("th", { title: "face-down tiles: summer + winter" }, "face down")));
    for (const s of v.seats) {
      const sw = el("span", { class: "swatch" }); sw.style.background = cssColour(colours[s.seat]);
      const fd = s.face_down || {};
      const tr = el("tr", { "data-seat": s.seat },
        el("td", {}, sw, ` ${colours[s.seat]}${s.seat === state.seat ? " (you)" : ""}`),
        el("td", {}, String(s.pawns.length)), el("td", {}, String(s.crates_in_hand)),
        el("td", {}, String(s.weapons)),
        el("td", {}, s.mammoths.length ? s.mammoths.join(" ") : "–"),
        el("td", { class: "js-facedown", title: `summer ${fd.summer || 0}, winter ${fd.winter || 0}` },
          `${(fd.summer || 0) + (fd.winter || 0)}`));
      if (s.seat === state.current_player && !state.terminal) tr.classList.add("turn");
      table.append(tr);
    }
    box.append(table);
    if (state.terminal) {          // the end reveals everything
      for (const s of v.seats) {
        if (!s.collected) continue;
        box.append(el("p", { class: "js-collected" }, `${colours[s.seat]}: `
          + Object.entries(s.collected).map(([k, n]) => `${n} ${k}`).join(", ")));
      }
    }
    const legend = el("details", { class: "js-legend" }, el("summary", {}, "legend"),
      el("p", {}, "Be berries 1 · Tu tubers 2 · He herbs 3 · Ju jug · Ne necklace · Fu fur · "
        + "Sk skull · W weapon · M5 mammoth worth 5 · ◠ cave · ☀ summer / ❄ winter settlement; "
        + "small squares are crates."));
    box.append(legend);
    controls.replaceChildren(box);
  }

  svg.addEventListener("click", (ev) => {
    const g = ev.target.closest("[data-field]");
    if (g) click(g.dataset.field, ev);
  });
  svg.addEventListener("contextmenu", (ev) => {
    const g = ev.target.closest("[data-field]");
    if (g && mine() && moves.removes.has(g.dataset.field) && (!sel || sel.a === g.dataset.field)) {
      ev.preventDefault();
      send(moves.removes.get(g.dataset.field));
    }
  });
  document.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape" && sel) setSel(null);
  });

  return {
    update(next) {
      state = next;
      colours = seatColours(state);
      moves = parseLegal(state.seat === null ? [] : state.legal);
      if (state.index !== lastIndex) sel = null;
      lastIndex = state.index;
      draw();
    },
    keys: [["Esc", "cancel"]],
    describe(before, after) {
      for (const line of movesInWords(after)) log(line, "move");
    },
  };
}
