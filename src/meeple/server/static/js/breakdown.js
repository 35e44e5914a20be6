// The end of a game: each seat's points item by item ("Final scores"), the same breakdown
// the CLI prints. An item lights up what it scored on the board while the pointer is on it.
import { el, swatch } from "./dom.js";
import { nt, t } from "./i18n.js";

/** Show the item on the board (where the board can: `highlightItem`) while it is
 * pointed at: a tile game's scored cells, a Catan Dice turn's box and what it built. */
function pointing(li, item, seat, getBoard) {
  const light = (it) => { const b = getBoard(); if (b && b.highlightItem) b.highlightItem(it, seat); };
  li.addEventListener("mouseenter", () => light(item));
  li.addEventListener("mouseleave", () => light(null));
}

/** One seat's items (text and points) under its colour, name and total. */
function seatSection(seat, colour, name, getBoard) {
  const all = seat.items || [];
  const item = (item) => {
    const li = el("li", { class: "breakdown-item", "data-seat": seat.seat,
                          "data-points": item.points },
                  el("span", { class: "text" }, item.text),
                  el("span", { class: "points" }, String(item.points)));
    pointing(li, item, seat.seat, getBoard);
    return li;
  };
  // What scored, and what scored nothing folded under one line, open on demand; a game's
  // turns (Catan Dice's score row: a box per turn) stay every one in its order.
  const fold = (i) => i.points === 0 && i.turn === undefined;
  const scored = all.filter((i) => !fold(i)).map(item);
  const nothing = all.filter(fold).map(item);
  const folded = nothing.length ? el("details", { class: "breakdown-zero" },
    el("summary", { class: "muted" },
       nt("{n} item scored nothing", "{n} items scored nothing", nothing.length)),
    el("ul", {}, ...nothing)) : null;
  return el("section", { class: "breakdown-seat", "data-seat": seat.seat },
    el("h4", {}, swatch(colour), el("span", {}, name), el("span", { class: "total" }, String(seat.total))),
    scored.length ? el("ul", {}, ...scored) : el("p", { class: "muted" }, t("no points scored")),
    folded);
}

/** Fill `container` with the final breakdown once the game is over (hidden before), drawn
 * once per position so a hover in progress is not lost to a repeated message. */
export function createBreakdown(container, { colours, seatName, board }) {
  let shown = null;
  return {
    update(state) {
      const seats = state.terminal && state.breakdown && state.breakdown.seats;
      container.hidden = !seats;
      if (!seats) { shown = null; return; }
      if (shown === state.index) return;
      shown = state.index;
      const names = colours(state);
      container.replaceChildren(el("h3", {}, t("Final scores")),
        ...seats.map((s) => seatSection(s, names[s.seat], seatName(s.seat), board)));
    },
  };
}
