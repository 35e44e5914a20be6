// Each game's board module, shared by the game page and the replay viewer:
// createBoard(container, controls, {tiles, send, log}) returns
// {update(state), keys, describe?(previous, next), highlightItem?(item | null, seat)}: keys
// are the board's own [key, what] pairs for the help line, describe logs a move's words,
// highlightItem shows on the board what a final-breakdown item scored while it is
// pointed at. Every board also lists, as buttons, the legal
// moves it cannot show on the board, so every move stays reachable.
import { api } from "../api.js";

export const TILE_GAMES = new Set(["carcassonne", "hunters-gatherers"]);

export const BOARDS = {
  "carcassonne": "./carcassonne.js",
  "hunters-gatherers": "./carcassonne.js",
  "jaeger-sammler": "./jaeger_sammler.js",
  "catan-dice": "./catan_dice.js",
};

/** The game's board module and, for the tile games, its tile data: {module, tiles}. */
export async function loadBoard(game) {
  if (!BOARDS[game]) throw new Error(`no board for the game ${game}`);
  const module = await import(BOARDS[game]);
  const tiles = TILE_GAMES.has(game) ? await api(`/api/games/types/${game}/tiles`) : null;
  return { module, tiles };
}
