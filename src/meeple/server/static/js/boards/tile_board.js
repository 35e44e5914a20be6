// The tile board (`browser_board` "tiles": both Carcassonne games): the tiles drawn from the
// game's tile data, the pieces, the spots where the drawn tile fits and the circles of the
// piece choices on the tile just laid, with pan and zoom through the SVG viewBox.
//
// Four parts, as chessground has them: `ui` (what the person is doing: the spot pointed
// at, the rotation, a finger's pick, the view box, a drag), the drawing (state and ui in,
// SVG out), `bind` (every listener, one unbind), and the board the page gets.
import { SIZE, indexTiles, locationPoint, tileMarkup, upright } from "./tiles.js";
import { cssColour, seatColours } from "../colours.js";
import { el, listen, typing } from "../dom.js";
import { sv } from "../svg.js";
import { perState } from "./moves.js";
import { nt, pt, t } from "../i18n.js";
import { colourName } from "../colours.js";

const KIND_LETTER = { road: "R", city: "C", monastery: "M", field: "F",
                      forest: "F", river: "R", meadow: "M", hut: "H" };
const FARMERS = new Set(["field", "meadow"]);          // a farmer lies on its side
// A meeple standing, about 22 units tall, centred on 0,0.
const MEEPLE = "M0,-11 C3,-11 4,-9 4,-7 C4,-5.5 3.5,-5 3,-4.5 L10,-2 C11.5,-1.5 11,1.5 9,1.5"
  + " L5,1 L8,10 L2,10 L0,6 L-2,10 L-8,10 L-5,1 L-9,1.5 C-11,1.5 -11.5,-1.5 -10,-2"
  + " L-3,-4.5 C-3.5,-5 -4,-5.5 -4,-7 C-4,-9 -3,-11 0,-11 Z";
const HUT = "M-9,9 L-9,-2 L0,-10 L9,-2 L9,9 Z";
const LAYERS = ["tiles", "marks", "lit", "pieces", "spots", "preview", "cursor", "hinted", "targets"];
const NUMBERED = 9;                    // the piece choices with a number key

// --- the legal moves, by what the board shows of them ------------------------------------

/** The state's legal moves as indices into `legal`: `spots` (where the drawn tile goes:
 * "x,y" -> {x, y, at: Map(rotation -> index)}), `pieces` (a follower or a hut on the tile
 * just laid: circles), `pass`, and `others` (anything else: buttons). */
const movesOf = perState((state) => {
  const spots = new Map(), pieces = [], others = [];
  let pass = null;
  (state.legal_parts || []).forEach((parts, i) => {
    const [kind] = parts;
    if (kind === "place") {
      const [, , x, y, rotation] = parts;
      const key = `${x},${y}`;
      if (!spots.has(key)) spots.set(key, { x, y, at: new Map() });
      spots.get(key).at.set(rotation, i);
    } else if (kind === "follower" || kind === "hut") pieces.push(i);
    else if (kind === "pass") pass = i;
    else others.push(i);
  });
  return { spots, pieces, pass, others };
});

/** The rotation the drawn tile shows on spot `key`: the chosen one where it fits there,
 * else the first that fits. */
function rotationAt(state, ui, key) {
  const spot = movesOf(state).spots.get(key);
  const rotations = spot ? [...spot.at.keys()] : [];
  return rotations.includes(ui.rotation) ? ui.rotation : rotations[0];
}

/** A piece choice's kind ("road", ..., "hut") and location on the tile. */
function pieceOf(parts) {
  return parts[0] === "hut" ? { kind: "hut", location: parts[1] }
    : { kind: parts[1], location: parts[2] };
}

/** Centres for the piece circles at `points` (tile units) so that none covers another
 * (a Hunters & Gatherers river follower and a hut go on one spot; some places lie close):
 * each circle takes the free spot on the tile nearest its place, trying rings around it. */
function spread(points, gap = 28) {
  const placed = [];
  const inside = (v) => v >= 13 && v <= SIZE - 13;
  const free = ([x, y]) => inside(x) && inside(y)
    && placed.every(([a, b]) => Math.hypot(a - x, b - y) >= gap);
  for (const [x0, y0] of points) {
    let at = [Math.min(SIZE - 13, Math.max(13, x0)), Math.min(SIZE - 13, Math.max(13, y0))];
    search: for (let r = 0; r <= SIZE; r += 6) {
      for (let k = 0; k < (r ? 16 : 1); k++) {
        const t = (k * Math.PI) / 8, p = [at[0] + r * Math.cos(t), at[1] + r * Math.sin(t)];
        if (free(p)) { at = p; break search; }
      }
    }
    placed.push(at);
  }
  return placed;
}

/** Where a spot lies, in words: "1 north and 2 east of the starting tile" (the game
 * log's words for it). */
function spotWords({ x, y }) {
  const n = (v) => Math.abs(v);
  if (!x && !y) return t("on the starting tile");
  if (!x) {
    return y > 0 ? nt("{n} south of the starting tile", "{n} south of the starting tile", n(y))
      : nt("{n} north of the starting tile", "{n} north of the starting tile", n(y));
  }
  if (!y) {
    return x > 0 ? nt("{n} east of the starting tile", "{n} east of the starting tile", n(x))
      : nt("{n} west of the starting tile", "{n} west of the starting tile", n(x));
  }
  const vertical = y > 0 ? nt("{n} south", "{n} south", n(y)) : nt("{n} north", "{n} north", n(y));
  const horizontal = x > 0 ? nt("{n} east", "{n} east", n(x)) : nt("{n} west", "{n} west", n(x));
  return t("{vertical} and {horizontal} of the starting tile", { vertical, horizontal });
}

/** A side of a tile, where a piece stands ("at the north"), and a half of it. */
const SIDE = { N: () => pt("side", "north"), E: () => pt("side", "east"),
               S: () => pt("side", "south"), W: () => pt("side", "west") };
const HALF = { N: () => pt("half", "north"), E: () => pt("half", "east"),
               S: () => pt("half", "south"), W: () => pt("half", "west") };

/** Each feature's piece and where it stands on it, as the game log says them. */
const ON = {
  road: () => [t("a follower"), t("on the road")], city: () => [t("a follower"), t("in the city")],
  monastery: () => [t("a follower"), t("in the monastery")],
  field: () => [t("a follower"), t("on the field")],
  forest: () => [t("a gatherer"), t("in the forest")], river: () => [t("a fisher"), t("on the river")],
  meadow: () => [t("a hunter"), t("in the meadow")],
};

/** A piece choice in words: "a follower on the road at the north", "a hut in the middle". */
function pieceWords({ kind, location }) {
  const [side, half] = [location[0], (location[1] || "").toUpperCase()];
  const where = location === "C" || !SIDE[side] ? t("in the middle")
    : HALF[half] ? t("at the {side}, {half} half", { side: SIDE[side](), half: HALF[half]() })
      : t("at the {side}", { side: SIDE[side]() });
  if (kind === "hut") return t("{piece} {where}", { piece: t("a hut"), where });
  const [piece, place] = ON[kind] ? ON[kind]() : [t("a follower"), kind];
  return t("{piece} {place} {where}", { piece, place, where });
}

// --- ui: what the person is doing ----------------------------------------------------------

function newUi() {
  return {
    rotation: 0,        // the rotation the player chose last (degrees)
    hovered: null,      // the spot under the pointer (or picked): "x,y"
    picked: null,       // the spot a tap picked (touch), shown until placed
    touched: false,     // the last press was a finger: tap to pick, tap again to turn
    shown: null,        // cells lit from outside (highlight), back after a hover
    pointing: null,     // the cells of the piece under the pointer
    box: null,          // the view box {x, y, w, h}
    userMoved: false,   // zoomed or panned by hand: updates keep the view box
    drag: null,         // a press that may become a pan
    justDragged: false, // the click that ends a pan places nothing
    keyboard: false,    // the keys moved the cursor: the spot picked shows a focus ring
    hinted: null,       // a hint pointed at in the hint list (its action), drawn as a ghost
    hintedThen: null,   // and the follower or hut it puts on the tile next, if any
  };
}

// --- drawing: state and ui in, SVG out -------------------------------------------------------

/** The board's DOM: the SVG with its layers, the zoom buttons, and the side's controls. */
function makeDom(container, controls) {
  const svg = sv("svg", { class: "carc", role: "img", "aria-label": t("the board") });
  const layers = {};
  for (const id of LAYERS) svg.append(layers[id] = sv("g", { id, class: id === "preview" ? "preview" : null }));
  const tools = el("div", { class: "board-tools" },
    el("button", { "data-zoom": "in", title: t("zoom in"), "aria-label": t("zoom in") }, "+"),
    el("button", { "data-zoom": "out", title: t("zoom out"), "aria-label": t("zoom out") }, "−"),
    el("button", { "data-zoom": "fit", title: t("show the whole board") }, t("fit")));
  // The choices as buttons, off screen: what a screen reader reads and Tab reaches.
  const choices = el("ul", { class: "sr-only tile-choices", id: "tile-choices", "aria-label": t("your choices") });
  container.replaceChildren(svg, tools, choices);
  return { svg, layers, tools, controls, choices };
}

/** The drawing functions into `dom`, with the tile pictures of `tiles` (each type at each
 * rotation made once, then cloned). */
function drawing(dom, tiles) {
  const { svg, layers, controls, choices: choiceList } = dom;
  const pictures = new Map();

  function picture(type, rotation) {
    const key = `${type}@${rotation}`;
    if (!pictures.has(key)) {
      const g = sv("g");
      g.innerHTML = `<g transform="rotate(${Number(rotation)} 50 50)">${tileMarkup(tiles, type)}</g>`
        + `${upright(tiles, type, rotation)}<rect class="tile-border" width="100" height="100"/>`;
      const parts = document.createDocumentFragment();
      parts.append(...g.childNodes);
      pictures.set(key, parts);
    }
    return pictures.get(key).cloneNode(true);
  }
  const tileGroup = (t, attrs = {}) =>
    sv("g", { transform: `translate(${t.x * SIZE} ${t.y * SIZE})`, ...attrs }, picture(t.type, t.rotation));

  function drawTiles(state) {
    const board = state.view.board;
    layers.tiles.replaceChildren(...board.map((t) => tileGroup(t, { "data-tile": `${t.x},${t.y}` })));
    const last = board.length > 1 ? board[board.length - 1] : null;
    layers.marks.replaceChildren(...(last ? [sv("rect", { class: "last-tile", x: last.x * SIZE + 2,
      y: last.y * SIZE + 2, width: 96, height: 96, rx: 3 })] : []));
  }

  function drawPieces(state) {
    const colours = seatColours(state);
    // Each piece over a light halo, under a dark outline: every colour stands out on
    // every terrain (yellow on a field, black on a forest).
    const halo = (d, transform) => sv("path", { class: "halo", d, transform });
    const huts = (state.view.huts || []).flatMap((h, i) => {
      const [px, py] = locationPoint(h.location);
      const at = `translate(${h.x * SIZE + px} ${h.y * SIZE + py})`;
      return [halo(HUT, at), sv("path", { class: "hut", "data-seat": h.seat, "data-index": i, d: HUT,
                          fill: cssColour(colours[h.seat]), stroke: "#1b1b1b", "stroke-width": 1.5,
                          transform: at })];
    });
    const followers = state.view.followers.map((f, i) => {
      const [px, py] = locationPoint(f.location);
      const farmer = FARMERS.has(f.kind);
      return sv("g", { class: farmer ? "follower farmer" : "follower", "data-seat": f.seat, "data-index": i,
                       transform: `translate(${f.x * SIZE + px} ${f.y * SIZE + py})`
                         + `${farmer ? " rotate(-90) scale(1.05 .9)" : ""} scale(1.4)` },
        halo(MEEPLE), sv("path", { d: MEEPLE, fill: cssColour(colours[f.seat]), stroke: "#1b1b1b", "stroke-width": 1.2 }));
    });
    layers.pieces.replaceChildren(...huts, ...followers);
  }

  /** The cells lit: the piece pointed at's, else those lit from outside. */
  function drawLit(ui) {
    const cells = ui.pointing || ui.shown || [];
    layers.lit.replaceChildren(...cells.map(([x, y]) => sv("rect", { class: "lit", "data-cell": `${x},${y}`,
      x: x * SIZE, y: y * SIZE, width: SIZE, height: SIZE })));
  }

  // Table rules (player aids off): no yellow spots telling where the tile fits. The spots
  // stay as invisible places to point at, as a player holds the tile over the table: the
  // tile shows only where the pointer is, and a click there places it. The follower circles
  // stay (they are the only way to place one) but plain, without the hover colour.
  function drawSpots(state) {
    layers.spots.replaceChildren(...[...movesOf(state).spots].map(([key, { x, y }]) => {
      return sv("rect", { class: "spot", "data-spot": key, x: x * SIZE + 3, y: y * SIZE + 3,
                          width: 94, height: 94, rx: 6 }, sv("title", {}, `(${x}, ${y})`));
    }));
    svg.classList.toggle("no-aids", state.aids === false);
  }

  /** The drawn tile on the spot pointed at (or picked), in the rotation it would take. */
  function drawPreview(state, ui) {
    const tile = state.view.tile, key = ui.hovered;
    const rotation = key ? rotationAt(state, ui, key) : undefined;
    layers.preview.dataset.rotation = key ? rotation : "";
    if (key && tile) {
      const { x, y } = movesOf(state).spots.get(key);
      layers.preview.replaceChildren(tileGroup({ type: tile, x, y, rotation }));
    } else layers.preview.replaceChildren();
    for (const r of layers.spots.children) {
      r.classList.toggle("selected", r.dataset.spot === key);
      r.classList.toggle("cursor", ui.keyboard && r.dataset.spot === key);
    }
    const at = ui.keyboard && key && movesOf(state).spots.get(key);   // above the tile shown there
    layers.cursor.replaceChildren(...(at ? [sv("rect", { class: "kbd-cursor", x: at.x * SIZE - 3, y: at.y * SIZE - 3,
                                                         width: SIZE + 6, height: SIZE + 6, rx: 6 })] : []));
  }

  function drawTargets(state) {
    const { pieces } = movesOf(state);
    const board = state.view.board, last = board[board.length - 1];
    const choices = pieces.map((i) => ({ action: state.legal[i], ...pieceOf(state.legal_parts[i]) }));
    const at = spread(choices.map((c) => locationPoint(c.location)));
    layers.targets.replaceChildren(...choices.map((c, i) => sv("g", {
      class: "target", "data-action": c.action,
      transform: `translate(${last.x * SIZE + at[i][0]} ${last.y * SIZE + at[i][1]})` },
      sv("circle", { r: 13 }), sv("text", {}, KIND_LETTER[c.kind] || "?"),
      i < NUMBERED ? sv("g", { class: "target-key" }, sv("circle", { cx: 12, cy: -12, r: 7 }),
                        sv("text", { x: 12, y: -12 }, String(i + 1))) : null,
      sv("title", {}, t("{what} (key {n})", { what: pieceWords(c), n: i + 1 })))));
  }

  /** A hint pointed at in the hint list, as a ghost on the board: the drawn tile where
   * the hint lays it, with the follower or hut the hint puts on it next (`ui.hintedThen`),
   * or a follower or hut on the tile just laid. */
  function drawHint(state, ui) {
    const parts = ui.hinted ? ui.hinted.split(" ") : [];
    const board = state.view.board, last = board[board.length - 1];
    const piece = (words, x, y) => {
      const { kind, location } = pieceOf(words);
      const [px, py] = locationPoint(location);
      return sv("g", { class: "ghost-piece", transform: `translate(${x * SIZE + px} ${y * SIZE + py}) scale(1.6)` },
        sv("path", { d: kind === "hut" ? HUT : MEEPLE,
                     fill: cssColour(seatColours(state)[state.current_player]) }));
    };
    const isPiece = (words) => words && (words[0] === "follower" || words[0] === "hut");
    const ghost = [];
    if (parts[0] === "place" && state.view.tile && parts.length >= 5) {
      const [x, y, rotation] = parts.slice(2, 5).map(Number);
      const tile = tileGroup({ type: state.view.tile, x, y, rotation }, { class: "ghost-tile" });
      tile.append(sv("rect", { class: "ghost-ring", x: 2, y: 2, width: 96, height: 96, rx: 4 }));
      ghost.push(tile);
      const then = ui.hintedThen ? ui.hintedThen.split(" ") : null;
      if (isPiece(then)) ghost.push(piece(then, x, y));
    } else if (isPiece(parts) && last) {
      ghost.push(piece(parts, last.x, last.y));
    }
    layers.hinted.replaceChildren(...ghost);
    svg.classList.toggle("hinting", ghost.length > 0);
  }

  /** The board in words (the SVG's label) and the choices as buttons, for a screen reader
   * and for Tab: the spots where the tile fits, the pieces on the new tile, pass. */
  function drawWords(state, ui) {
    const v = state.view, moves = movesOf(state), colours = seatColours(state);
    const text = v.tile ? (tiles.byType[v.tile] || {}).text || t("a tile") : "";
    const mover = colours[state.current_player];
    const turn = state.terminal ? t("The game is over.")
      : state.seat !== null && state.current_player === state.seat ? t("Your turn.")
        : mover ? t("{colour} to move.", { colour: colourName(mover) }) : t("Another player to move.");
    let what = "";
    if (moves.spots.size) {
      what = ` ${t("Place the drawn tile, {tile}.", { tile: text })} `
        + nt("It fits at {n} place: {places}.", "It fits at {n} places: {places}.", moves.spots.size,
             { places: [...moves.spots.values()].map(spotWords).join("; ") });
    } else if (moves.pieces.length) {
      what = ` ${t("Put a piece on the tile just laid, or pass: {pieces}.", {
        pieces: moves.pieces.map((i) => pieceWords(pieceOf(state.legal_parts[i]))).join("; ") })}`;
    }
    svg.setAttribute("aria-label", `${nt("The board, {n} tile laid.", "The board, {n} tiles laid.", v.board.length)} ${turn}${what}`);
    const buttons = [];
    for (const [key, spot] of moves.spots) {
      buttons.push(el("button", { "data-spot": key }, key === ui.picked
        ? t("place the tile {where}, turned {degrees} degrees", { where: spotWords(spot), degrees: rotationAt(state, ui, key) })
        : t("place the tile {where}", { where: spotWords(spot) })));
    }
    moves.pieces.forEach((i, n) => buttons.push(el("button", { "data-action": state.legal[i] },
      `${n < NUMBERED ? `${n + 1}: ` : ""}${pieceWords(pieceOf(state.legal_parts[i]))}`)));
    if (moves.pass !== null) buttons.push(el("button", { "data-action": state.legal[moves.pass] }, t("pass")));
    const focused = choiceList.contains(document.activeElement) ? document.activeElement.dataset : null;
    choiceList.replaceChildren(...buttons.map((b) => el("li", {}, b)));
    if (focused) {
      const again = buttons.find((b) => (focused.spot && b.dataset.spot === focused.spot)
        || (focused.action && b.dataset.action === focused.action)) || buttons[0];
      if (again) again.focus();
    }
  }

  /** The side panel: the drawn tile, Place / Rotate / Pass, and as buttons whatever the
   * board cannot show as a spot or a circle. */
  function drawControls(state, ui) {
    const v = state.view, moves = movesOf(state);
    const parts = [];
    if (v.tile && !state.terminal) {
      const rotation = ui.hovered ? rotationAt(state, ui, ui.hovered) : ui.rotation;
      const drawn = sv("svg", { viewBox: "-4 -4 108 108", "aria-label": t("the drawn tile") },
                       tileGroup({ type: v.tile, x: 0, y: 0, rotation }));
      parts.push(el("h3", { "data-tile": v.tile }, t("Your tile")),
        el("div", { class: "row drawn" }, drawn,
           el("div", { class: "muted" }, (tiles.byType[v.tile] || {}).text || "", el("br"),
              nt("{n} tile left", "{n} tiles left", v.remaining))));
    }
    if (moves.spots.size) {
      const how = ui.touched ? t("tap a place, tap it again to turn the tile")
        : state.aids !== false ? t("click a yellow spot to place") : t("point at where the tile goes, click to place");
      parts.push(el("div", { class: "controls" },
        ui.picked ? el("button", { id: "place", class: "primary" }, t("Place"), " ", el("kbd", {}, "Enter")) : null,
        el("button", { id: "rotate" }, t("Rotate"), " ", el("kbd", {}, "r")),
        el("span", { class: "muted" }, how)));
    } else if (moves.pass !== null) {
      parts.push(el("div", { class: "controls" },
        el("button", { id: "pass", "data-action": state.legal[moves.pass] }, t("Pass"), " ", el("kbd", {}, "p")),
        el("span", { class: "muted" }, t("or click a circle on the new tile"))));
    }
    if (moves.others.length) {
      parts.push(el("div", { class: "move-buttons" }, ...moves.others.map((i) =>
        el("button", { class: "move", "data-action": state.legal[i] }, state.legal[i]))));
    }
    controls.replaceChildren(...parts);
  }

  /** What pointing at a spot changes: the preview, the lit spot, the side's tile. */
  function drawPointing(state, ui) {
    drawPreview(state, ui);
    drawControls(state, ui);
    drawWords(state, ui);
  }

  return {
    all(state, ui) {
      drawTiles(state); drawPieces(state); drawSpots(state); drawPointing(state, ui);
      drawTargets(state); drawLit(ui); drawHint(state, ui);
    },
    hint: drawHint,
    pointing: drawPointing,
    controls: drawControls,
    lit: drawLit,
    box(ui) { svg.setAttribute("viewBox", `${ui.box.x} ${ui.box.y} ${ui.box.w} ${ui.box.h}`); },
  };
}

/** The whole board's extent in board units, spots included: [x0, y0, x1, y1]. */
function bounds(state) {
  const xs = [], ys = [];
  for (const t of state.view.board) { xs.push(t.x); ys.push(t.y); }
  const { spots } = movesOf(state);
  for (const { x, y } of spots.values()) { xs.push(x); ys.push(y); }
  // The spots already ring the board: a quarter tile of margin is enough.
  const pad = spots.size ? 0.25 : 1;
  return [Math.min(...xs) - pad, Math.min(...ys) - pad, Math.max(...xs) + 1 + pad, Math.max(...ys) + 1 + pad];
}

// --- input ------------------------------------------------------------------------------------

/** Every listener of the board, each calling the named handler of `on`; returns the unbind.
 * A mouse: pointing at a spot previews the tile there, a click places it. A finger
 * (pointerType "touch"): the first tap on a spot picks it and previews the tile, another
 * tap on the same spot turns it to its next legal rotation, and "Place" (or Enter) places. */
function bind(dom, on) {
  const { svg, tools, controls } = dom;
  return listen(
    [svg, "wheel", on.wheel, { passive: false }],
    [svg, "pointerdown", on.press],
    [svg, "pointermove", on.drag],
    [svg, "pointerup", on.release],
    [svg, "pointercancel", on.release],
    [svg, "pointerover", on.over],
    [svg, "pointerout", on.out],
    [svg, "click", on.click],
    [tools, "click", on.zoomButton],
    [controls, "click", on.controlClick],
    [dom.choices, "click", on.choiceClick],
    [dom.choices, "focusin", on.choiceFocus],
    [document, "keydown", on.key],
    [document, "pointerover", on.hintOver],
    [document, "focusin", on.hintOver],
    [document, "pointerout", on.hintOut],
    [document, "focusout", on.hintOut],
  );
}

// --- the board -------------------------------------------------------------------------------

/** The board's own stylesheet, loaded before it is drawn (boards/index.js). */
export const STYLESHEET = "/static/css/tiles.css";

export function createBoard(container, controls, { data, send }) {
  const dom = makeDom(container, controls);
  const draw = drawing(dom, indexTiles(data));
  const ui = newUi();
  let state = null;

  // The view box: fit, zoom, pan.
  function setBox({ x, y, w, h }) {
    const rect = dom.svg.getBoundingClientRect();
    const aspect = rect.width > 0 && rect.height > 0 ? rect.width / rect.height : 1.4;
    // Keep the element's aspect, so that one screen pixel is the same in x and y.
    if (w / h < aspect) { const nw = h * aspect; x -= (nw - w) / 2; w = nw; }
    else { const nh = w / aspect; y -= (nh - h) / 2; h = nh; }
    ui.box = { x, y, w, h };
    draw.box(ui);
  }
  function fit() {
    const [x0, y0, x1, y1] = bounds(state);
    const w = (x1 - x0) * SIZE, h = (y1 - y0) * SIZE;
    const min = 4 * SIZE;      // never closer than four tiles across: tiles stay tile-sized
    setBox({ x: x0 * SIZE - Math.max(0, min - w) / 2, y: y0 * SIZE - Math.max(0, min - h) / 2,
             w: Math.max(w, min), h: Math.max(h, min) });
  }
  function zoom(factor, cx = ui.box.x + ui.box.w / 2, cy = ui.box.y + ui.box.h / 2) {
    const { box } = ui;
    const w = Math.min(Math.max(box.w * factor, 2 * SIZE), 80 * SIZE);
    const f = w / box.w;
    ui.userMoved = true;
    setBox({ x: cx - (cx - box.x) * f, y: cy - (cy - box.y) * f, w, h: box.h * f });
  }
  function toBoard(ev) {
    const rect = dom.svg.getBoundingClientRect(), { box } = ui;
    return [box.x + (ev.clientX - rect.left) * box.w / rect.width,
            box.y + (ev.clientY - rect.top) * box.h / rect.height];
  }

  // Moves.
  const spots = () => movesOf(state).spots;
  /** Place the drawn tile on spot `key` ("x,y") in the rotation shown there. */
  function placeAt(key) {
    if (!key || !spots().has(key)) return;
    ui.hovered = key;
    ui.rotation = rotationAt(state, ui, key);
    send(state.legal[spots().get(key).at.get(ui.rotation)]);
  }
  function rotateNext() {
    const key = ui.hovered;
    const rotations = key ? [...spots().get(key).at.keys()].sort((a, b) => a - b) : [0, 90, 180, 270];
    const now = key ? rotationAt(state, ui, key) : ui.rotation;
    ui.rotation = rotations.find((r) => r > now) ?? rotations[0];
    draw.pointing(state, ui);
  }
  /** The keyboard's cursor on spot `key`: picked (Place shows), previewed, in view. */
  function pickSpot(key) {
    ui.keyboard = true;
    ui.picked = ui.hovered = key;
    draw.pointing(state, ui);
    const { x, y } = spots().get(key), { box } = ui;
    if (box && (x * SIZE < box.x || y * SIZE < box.y || (x + 1) * SIZE > box.x + box.w
                || (y + 1) * SIZE > box.y + box.h)) {
      ui.userMoved = true;
      setBox({ ...box, x: (x + 0.5) * SIZE - box.w / 2, y: (y + 0.5) * SIZE - box.h / 2 });
    }
  }
  /** The spot nearest `from` in the arrow key's direction (none yet: the first). */
  function nextSpot(from, arrow) {
    const all = [...spots().values()];
    if (!all.length) return null;
    const at = from && spots().get(from);
    if (!at) return `${all[0].x},${all[0].y}`;
    const [dx0, dy0] = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] }[arrow];
    let best = null, bestScore = Infinity;
    for (const s of all) {
      const dx = s.x - at.x, dy = s.y - at.y, along = dx * dx0 + dy * dy0;
      if (along <= 0) continue;
      const score = along + 2 * Math.abs(dx * dy0 - dy * dx0);
      if (score < bestScore) { best = s; bestScore = score; }
    }
    return best ? `${best.x},${best.y}` : from;
  }
  /** The cells a piece on the board (a follower's or a hut's element) scores: the
   * server's `regions` for its list, at its index. */
  function regionOf(piece) {
    const list = piece.classList.contains("hut") ? "huts" : "followers";
    return ((state.regions || {})[list] || [])[Number(piece.dataset.index)] || null;
  }
  const closest = (ev, selector) => (ev.target.closest ? ev.target.closest(selector) : null);

  const unbind = bind(dom, {
    wheel(ev) {
      if (!ui.box) return;
      ev.preventDefault();
      const [cx, cy] = toBoard(ev);
      // Proportional to the wheel's travel: a mouse notch zooms ~25 %, a trackpad gently.
      zoom(Math.exp(Math.max(-100, Math.min(100, ev.deltaY)) * 0.0022), cx, cy);
    },
    zoomButton(ev) {
      const which = ev.target.dataset.zoom;
      if (!ui.box || !which) return;
      if (which === "in") zoom(1 / 1.3);
      if (which === "out") zoom(1.3);
      if (which === "fit") { ui.userMoved = false; fit(); }
    },
    press(ev) {
      ui.keyboard = false;
      if (ui.box) ui.drag = { x: ev.clientX, y: ev.clientY, box: { ...ui.box }, moving: false, id: ev.pointerId };
      const was = ui.touched;
      ui.touched = ev.pointerType === "touch";
      if (was !== ui.touched && state) draw.controls(state, ui);
    },
    drag(ev) {
      const { drag } = ui;
      if (!drag) return;
      const dx = ev.clientX - drag.x, dy = ev.clientY - drag.y;
      if (!drag.moving && Math.hypot(dx, dy) < 5) return;   // a click, not yet a drag
      if (!drag.moving) { drag.moving = true; dom.svg.setPointerCapture(drag.id); dom.svg.classList.add("dragging"); }
      const scale = drag.box.w / dom.svg.getBoundingClientRect().width;
      ui.userMoved = true;
      setBox({ ...drag.box, x: drag.box.x - dx * scale, y: drag.box.y - dy * scale });
    },
    release() {
      if (ui.drag && ui.drag.moving) { ui.justDragged = true; setTimeout(() => { ui.justDragged = false; }, 0); }
      ui.drag = null;
      dom.svg.classList.remove("dragging");
    },
    over(ev) {
      if (!state) return;
      const piece = closest(ev, ".follower, .hut");
      if (piece) { ui.pointing = regionOf(piece); draw.lit(ui); }
      if (ev.pointerType === "touch") return;      // a finger picks by tapping
      const spot = closest(ev, ".spot");
      if (spot && spot.dataset.spot !== ui.hovered) { ui.hovered = spot.dataset.spot; draw.pointing(state, ui); }
    },
    out(ev) {
      const piece = closest(ev, ".follower, .hut");
      if (piece && !(ev.relatedTarget && piece.contains(ev.relatedTarget))) { ui.pointing = null; draw.lit(ui); }
    },
    click(ev) {
      if (ui.justDragged || !state) return;
      const spot = closest(ev, ".spot"), target = closest(ev, ".target");
      if (spot && ui.touched) {
        const key = spot.dataset.spot;
        if (key === ui.picked) rotateNext();
        else { ui.picked = ui.hovered = key; draw.pointing(state, ui); }
      } else if (spot) placeAt(spot.dataset.spot);
      else if (target) send(target.dataset.action);
    },
    controlClick(ev) {
      const button = closest(ev, "button");
      if (!button || !state) return;
      if (button.id === "place") placeAt(ui.picked);
      else if (button.id === "rotate") rotateNext();
      else if (button.dataset.action) send(button.dataset.action);
    },
    choiceClick(ev) {
      const button = closest(ev, "button");
      if (!button || !state) return;
      if (button.dataset.spot) placeAt(button.dataset.spot);
      else if (button.dataset.action) send(button.dataset.action);
    },
    choiceFocus(ev) {
      const button = closest(ev, "button[data-spot]");
      if (button && state && button.dataset.spot !== ui.picked) pickSpot(button.dataset.spot);
      const action = (closest(ev, "button[data-action]") || { dataset: {} }).dataset.action;
      for (const t of dom.layers.targets.children) t.classList.toggle("cursor", t.dataset.action === action);
    },
    hintOver(ev) {
      const h = closest(ev, ".hint-move[data-action]");
      if (h && state) {
        ui.hinted = h.dataset.action; ui.hintedThen = h.dataset.then || null; draw.hint(state, ui);
      }
    },
    hintOut(ev) {
      const h = closest(ev, ".hint-move[data-action]");
      if (!h || (ev.relatedTarget && h.contains(ev.relatedTarget))) return;
      ui.hinted = ui.hintedThen = null; if (state) draw.hint(state, ui);
    },
    key(ev) {
      if (!state || typing(ev) || ev.ctrlKey || ev.metaKey || ev.altKey) return;
      const hasSpots = spots().size > 0;
      if (ev.key.startsWith("Arrow") && hasSpots) {
        ev.preventDefault();
        const key = nextSpot(ui.picked || ui.hovered, ev.key);
        if (key) pickSpot(key);
        return;
      }
      const n = Number(ev.key), { pieces } = movesOf(state);
      if (/^[1-9]$/.test(ev.key) && n <= Math.min(NUMBERED, pieces.length)) {
        ev.preventDefault();
        send(state.legal[pieces[n - 1]]);
        return;
      }
      if (ev.key === "r" && hasSpots) rotateNext();
      if (ev.key === "Enter" && closest(ev, "button, a")) return;   // the button's own click
      if (ev.key === "Enter" && hasSpots && (ui.picked || ui.hovered)) placeAt(ui.picked || ui.hovered);
      const { pass } = movesOf(state);
      if (ev.key === "p" && pass !== null) send(state.legal[pass]);
    },
  });
  const resized = new ResizeObserver(() => { if (state && ui.box) (ui.userMoved ? setBox(ui.box) : fit()); });
  resized.observe(dom.svg);

  return {
    update(next) {
      const first = state === null;
      state = next;
      const { spots: now } = movesOf(state);
      if (ui.hovered && !now.has(ui.hovered)) ui.hovered = null;
      if (ui.picked && !now.has(ui.picked)) ui.picked = null;
      ui.pointing = null;
      if (state.index !== ui.index) ui.hinted = null;       // a hint was for that position
      ui.index = state.index;
      draw.all(state, ui);
      if (first || !ui.userMoved) fit();
    },
    /** Light up the board cells `cells` ([[x, y], ...]), or clear them with null. */
    highlight(cells) {
      ui.shown = cells && cells.length ? cells : null;
      draw.lit(ui);
    },
    /** A breakdown item pointed at (null: no longer): the cells it scored. */
    highlightItem(item) { this.highlight(item && item.tiles); },
    keys: [[t("arrows"), t("move the tile")], ["r", t("rotate")], ["Enter", t("place")],
           ["1–9", t("a piece")], ["p", t("pass")]],
    /** The status line's words for the seat to move: what its legal moves ask for. */
    status(s) {
      const moves = movesOf(s);
      if (moves.spots.size) return t("place the tile");
      const kinds = new Set(moves.pieces.map((i) => s.legal_parts[i][0]));
      const follower = kinds.has("follower"), hut = kinds.has("hut"), pass = moves.pass !== null;
      if (!follower && !hut) return pass ? t("no piece fits the tile, pass") : "";
      if (follower && hut) return pass ? t("a follower or a hut, or pass") : t("a follower or a hut");
      if (follower) return pass ? t("a follower, or pass") : t("a follower");
      return pass ? t("a hut, or pass") : t("a hut");
    },
    destroy() { unbind(); resized.disconnect(); },
  };
}
