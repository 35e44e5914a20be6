// The lobby's first look: each game with a small picture, who plays it and how long it
// takes; choosing one picks it in the New game form.
import { el } from "./dom.js";
import { hexPoints, sv } from "./svg.js";
import { nt, t } from "./i18n.js";

/** What each game is, in a line, and its length as its box gives it (in the page's
 * language: asked when the cards are drawn). */
const ABOUT = () => ({
  "carcassonne": { line: t("Lay tiles to build a landscape of cities, roads, monasteries and "
                           + "fields; put your followers on them to score."),
                   length: t("about 35 minutes (72 tiles)") },
  "hunters-gatherers": { line: t("Carcassonne in the stone age: forests, rivers and meadows; "
                                 + "hunters, gatherers and huts, and bonus tiles for gold."),
                         length: t("about 35 minutes (79 tiles)") },
  "jaeger-sammler": { line: t("Walk your pawns over a board of hexes to gather berries, herbs "
                              + "and weapons in summer, and hunt mammoths in winter."),
                      length: t("about 45 minutes (a summer and a winter)") },
  "catan-dice": { line: t("Roll resource dice and build roads, settlements, cities and "
                          + "knights on your island sheet. Good alone."),
                  length: t("about 15 minutes (15 turns)") },
  "catan": { line: t("Settle an island laid anew each game: roll for resources, trade with "
                     + "the bank and each other, build roads, settlements and cities."),
             length: t("about 75 minutes (to 10 points)") },
});

/** A small picture of each game, drawn (no image files): a tile, hexes, a die. */
const PICTURES = {
  "carcassonne": () => [
    sv("rect", { x: 2, y: 2, width: 44, height: 44, rx: 3, fill: "#8cc45e" }),
    sv("path", { d: "M2 2 H46 Q24 26 2 2Z", fill: "#d9b47a", stroke: "#8a5a2b", "stroke-width": 1.5 }),
    sv("path", { d: "M24 46 V30", stroke: "#fff", "stroke-width": 4 }),
    sv("circle", { cx: 24, cy: 29, r: 4, fill: "#d33b2c" })],
  "hunters-gatherers": () => [
    sv("rect", { x: 2, y: 2, width: 44, height: 44, rx: 3, fill: "#b7d98b" }),
    sv("path", { d: "M2 30 Q16 22 24 30 T46 26", stroke: "#4d8fd6", "stroke-width": 5, fill: "none" }),
    sv("circle", { cx: 14, cy: 13, r: 7, fill: "#2f7d3a" }),
    sv("circle", { cx: 30, cy: 11, r: 6, fill: "#2f7d3a" }),
    sv("circle", { cx: 36, cy: 40, r: 3, fill: "#e2b321" })],
  "jaeger-sammler": () => [[10, 12, "#f2c6d0"], [23.5, 19.8, "#d9e9f7"], [37, 12, "#f6e3a8"],
                           [10, 27.6, "#dfe9c9"], [37, 27.6, "#e9d6bd"], [23.5, 35.4, "#f2c6d0"]]
    .map(([x, y, fill]) => sv("polygon", { points: hexPoints(x, y, 9), fill,
                                           stroke: "#8a7f6a", "stroke-width": 1 })),
  "catan-dice": () => [
    sv("rect", { x: 5, y: 5, width: 38, height: 38, rx: 7, fill: "#fff", stroke: "#5c574e",
                 "stroke-width": 2 }),
    ...[[15, 15], [33, 15], [24, 24], [15, 33], [33, 33]].map(([cx, cy]) =>
      sv("circle", { cx, cy, r: 3.5, fill: "#2b2a27" }))],
  "catan": () => [
    ...[[14, 16, "#3f8f3a"], [34, 16, "#c9a227"], [24, 33, "#b5582f"]].map(([x, y, fill]) =>
      sv("polygon", { points: hexPoints(x, y, 11), fill, stroke: "#f1e3b8", "stroke-width": 1.5 })),
    sv("path", { d: "M20 20 L28 20", stroke: "#2f62c9", "stroke-width": 3 }),
    sv("path", { d: "M21 27 l3 -4 l3 4 v4 h-6 z", fill: "#d33b2c", stroke: "#fff",
                 "stroke-width": 1 })],
};

function picture(name) {
  const draw = PICTURES[name];
  if (!draw) return null;
  return sv("svg", { class: "game-picture", viewBox: "0 0 48 48", "aria-hidden": "true" },
            ...draw());
}

const playersWords = ({ min, max }) =>
  min === max ? nt("{n} player", "{n} players", min)
    : min === 1 ? t("1–{max} players (alone too)", { max })
      : t("{min}–{max} players", { min, max });

/** The cards of `types` in `root`; `choose(name)` when one is picked. */
export function renderGameCards(root, types, choose) {
  const abouts = ABOUT();
  root.replaceChildren(...types.map((type) => {
    const about = abouts[type.name] || {};
    return el("li", { class: "game-card", "data-game": type.name },
      picture(type.name),
      el("div", { class: "game-card-text" },
        el("h3", {}, type.title),
        el("p", { class: "game-facts" }, [playersWords(type.players), about.length]
          .filter(Boolean).join(" · ")),
        about.line ? el("p", { class: "muted game-line" }, about.line) : null,
        el("div", { class: "row game-card-actions" },
          el("button", { type: "button", class: "choose", onclick: () => choose(type.name),
                         "aria-label": t("new game of {game}", { game: type.title }) }, t("New game")),
          type.rules ? el("a", { class: "rules-of", href: `/rules/${encodeURIComponent(type.name)}`,
                                 "aria-label": t("the rules of {game}", { game: type.title }) },
                          t("Rules")) : null)));
  }));
}
