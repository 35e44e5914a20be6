// The tiles still to be drawn (a player aid of the tile games): each type as a small
// picture, drawn as the board draws it, with how many are left.
import { indexTiles, tileMarkup, upright } from "./boards/tiles.js";
import { el } from "./dom.js";
import { t } from "./i18n.js";
import { sv } from "./svg.js";

/** Tile `type` at rotation 0 as a small SVG, with the board's border. */
function tilePicture(tiles, type) {
  const svg = sv("svg", { viewBox: "0 0 100 100", class: "pile-tile", "aria-hidden": "true" });
  svg.innerHTML = tileMarkup(tiles, type) + upright(tiles, type, 0)
    + `<rect class="tile-border" width="100" height="100"/>`;
  return svg;
}

/** One pile's types and counts as a grid; a type none is left of is dimmed. */
function pileGrid(tiles, counts, kind) {
  return el("div", { class: "pile-grid", "data-pile": kind },
    ...Object.entries(counts).map(([type, n]) =>
      el("figure", { class: n ? "pile-item" : "pile-item gone", "data-type": type,
                     "data-count": n, title: t("tile {type}: {n} left", { type, n }) },
         tilePicture(tiles, type), el("figcaption", {}, `×${n}`))));
}

/** The "tiles left" panel in `details` (a <details> element): hidden unless aids are on,
 * the game's client data is a tile set, the view has a pile and the game is under way;
 * drawn again only when the counts change (some eighty pictures: not worth redrawing on
 * every message). */
export function createPile(details, data) {
  const tiles = data && Array.isArray(data.tiles) ? indexTiles(data) : null;
  const summary = el("summary", {});
  const body = el("div", { class: "pile-body" });
  details.replaceChildren(summary, body);
  let shown = null;

  return {
    update(state) {
      const view = state.view || {};
      const on = !!(tiles && state.aids && view.pile && !state.terminal);
      details.hidden = !on;
      if (!on) return;
      const key = JSON.stringify([view.pile, view.bonus_pile || null]);
      if (key === shown) return;
      shown = key;
      const bonus = view.bonus_pile;
      summary.textContent = t("Tiles left: {n}", { n: view.remaining })
        + (bonus ? ` · ${t("bonus tiles: {n}", { n: view.bonus_left })}` : "");
      body.replaceChildren(pileGrid(tiles, view.pile, "land"),
        ...(bonus ? [el("h4", {}, t("Bonus tiles")), pileGrid(tiles, bonus, "bonus")] : []));
    },
  };
}
