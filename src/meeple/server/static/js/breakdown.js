// The end of a game: each seat's points item by item ("Final scores"), the same breakdown
// the CLI prints. An item lights up what it scored on the board while the pointer is on it.
import { el, swatch } from "./dom.js";

/** Show the item on the board (where the board can: `highlightItem`) while it is
 * pointed at: a tile game's scored cells, a Catan Dice turn's box and what it built. */
function pointing(li, item, seat, getBoard) {
  const light = (it) => { const b = getBoard(); if (b && b.highlightItem) b.highlightItem(it, seat); };
  li.addEventListener("mouseenter", () => light(item));
  li.addEventListener("mouseleave", () => light(null));
}

/** One seat's items (text and points) under its colour, name and total. */
function seatSection(seat, colour, name, getBoard) {
  const items = (seat.items || []).map((item) => {
    const li = el("li", { class: "breakdown-item", "data-seat": seat.seat,
                          "data-points": item.points },
                  el("span", { class: "text" }, item.text),
                  el("span", { class: "points" }, String(item.points)));
    pointing(li, item, seat.seat, getBoard);
    return li;
  });
  return el("section", { class: "breakdown-seat", "data-seat": seat.seat },
    el("h4", {}, swatch(colour), el("span", {}, name), el("span", { class: "total" }, String(seat.total))),
    items.length ? el("ul", {}, ...items) : el("p", { class: "muted" }, "no points scored"));
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
      container.replaceChildren(el("h3", {}, "Final scores"),
        ...seats.map((s) => seatSection(s, names[s.seat], seatName(s.seat), board)));
    },
  };
}
