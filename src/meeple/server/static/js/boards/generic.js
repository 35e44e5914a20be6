// The generic board, for a game that declares no board of its own (the browser's twin of
// the terminal's default drawing): the view, readably — keys and values as a definition
// list, a list of records as a small table, a value per seat beside the seat's colour —
// and the legal moves as buttons (a click, Enter on a focused one, or its number plays it).
//
// Four parts, as chessground has them: `ui` (where the keyboard was), the drawing (state
// in, HTML out), `bind` (every listener, one unbind), and the board.
import { seatColours } from "../colours.js";
import { el, listen, swatch, typing } from "../dom.js";
import { myMove } from "./moves.js";
import { t } from "../i18n.js";
import { colourName } from "../colours.js";

const HIDDEN = new Set(["game", "seat"]);   // the page says these already
const DEEPEST = 4;                          // nested deeper: shown as compact JSON
const NUMBERED = 9;                         // the moves with a number key

const isRecord = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
const isPlain = (v) => v === null || ["string", "number", "boolean"].includes(typeof v);
const words = (key) => String(key).replace(/_/g, " ");

// --- drawing: state in, HTML out ---------------------------------------------------------------

/** A plain value in words. */
function plain(v) {
  if (v === null || v === undefined) return el("span", { class: "muted" }, "—");
  if (typeof v === "boolean") return v ? t("yes") : t("no");
  return String(v);
}

/** One number per seat: each beside its seat's colour. */
function perSeat(values, colours) {
  return el("ol", { class: "gen-seats" }, ...values.map((v, seat) =>
    el("li", { "data-seat": seat }, swatch(colours[seat]),
       el("span", { class: "gen-seat" }, colours[seat] ? colourName(colours[seat]) : `${seat}`), el("b", {}, plain(v)))));
}

/** A list of records as a table: a column per key. */
function table(rows, state, depth) {
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  return el("table", { class: "gen-table" },
    el("tr", {}, ...keys.map((k) => el("th", {}, words(k)))),
    ...rows.map((r) => el("tr", {}, ...keys.map((k) => el("td", {}, value(r[k], state, depth + 1))))));
}

/** Any value of the view, readably. */
function value(v, state, depth = 0) {
  if (isPlain(v) || v === undefined) return plain(v);
  if (depth >= DEEPEST) return el("code", {}, JSON.stringify(v));
  if (Array.isArray(v)) {
    if (!v.length) return el("span", { class: "muted" }, t("none"));
    const players = state.players || 0;
    if (players > 1 && v.length === players && v.every((x) => typeof x === "number")) {
      return perSeat(v, seatColours(state));
    }
    if (v.every(isPlain)) return v.map(plain).join(", ");
    if (v.every(isRecord)) return table(v, state, depth);
    return el("ol", { class: "gen-list" }, ...v.map((x) => el("li", {}, value(x, state, depth + 1))));
  }
  const entries = Object.entries(v).filter(([k]) => depth > 0 || !HIDDEN.has(k));
  if (!entries.length) return el("span", { class: "muted" }, "—");
  return el("dl", { class: "gen-dl" }, ...entries.flatMap(([k, x]) =>
    [el("dt", {}, words(k)), el("dd", {}, value(x, state, depth + 1))]));
}

/** The seat's legal moves as buttons, the first ones numbered for their key. */
function moveButtons(state) {
  return el("section", { class: "gen-moves", "aria-label": t("your moves") },
    el("h3", {}, t("Your move")),
    el("div", { class: "move-buttons", id: "moves" }, ...state.legal.map((action, i) =>
      el("button", { class: "move", "data-action": action },
         i < NUMBERED ? el("kbd", {}, String(i + 1)) : null, i < NUMBERED ? " " : null, action))));
}

function draw(root, state, ui) {
  root.replaceChildren(...[myMove(state) ? moveButtons(state) : null,
    el("section", { class: "gen-view", "aria-label": t("the game") }, value(state.view || {}, state))]
    .filter(Boolean));
  // The keyboard stays on the moves: on the same move where it is still legal, else the first.
  if (ui.focused === null) return;
  const buttons = [...root.querySelectorAll("#moves button")];
  const again = buttons.find((b) => b.dataset.action === ui.focused) || buttons[0];
  if (again) again.focus();
}

// --- input ---------------------------------------------------------------------------------------

/** Every listener of the board, each calling the named handler of `on`; returns the unbind. */
function bind(root, on) {
  return listen([root, "click", on.click], [document, "keydown", on.key]);
}

// --- the board -----------------------------------------------------------------------------------

/** The board's own stylesheet, loaded before it is drawn (boards/index.js). */
export const STYLESHEET = "/static/css/generic.css";

export function createBoard(container, controls, { send }) {
  const root = el("div", { class: "gen-board" });
  container.replaceChildren(root);
  const ui = { focused: null };      // the move the keyboard was on when the board was redrawn
  let state = null;

  const unbind = bind(root, {
    click(ev) {
      const button = ev.target.closest && ev.target.closest("button[data-action]");
      if (button && state) send(button.dataset.action);
    },
    key(ev) {
      if (!state || typing(ev) || ev.ctrlKey || ev.metaKey || ev.altKey) return;
      const n = Number(ev.key);
      if (Number.isInteger(n) && n >= 1 && n <= Math.min(NUMBERED, state.legal.length)) {
        ev.preventDefault();
        send(state.legal[n - 1]);
      }
    },
  });

  return {
    update(next) {
      state = next;
      const active = document.activeElement;
      if (active && root.contains(active)) ui.focused = (active.dataset && active.dataset.action) || "";
      else if (active && active !== document.body) ui.focused = null;   // the person went elsewhere
      // (on the body: the button it was on went with a redraw, and the keyboard comes back)
      draw(root, state, ui);
      controls.replaceChildren();
    },
    keys: [["1–9", t("a move")], ["Tab", t("to a move")], ["Enter", t("play it")]],
    status: () => t("choose a move"),
    destroy: unbind,
  };
}
