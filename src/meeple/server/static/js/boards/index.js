// The board of a game, shared by the game page and the replay viewer. The game declares
// which kind of board draws it (`browser_board` in GET /api/games/types) and whether that
// board needs the game's fixed data (`client_data`: GET /api/games/types/NAME/data); a game
// that declares no board, or one this client does not know, gets the generic board.
//
// Every board module exports STYLESHEET (its own CSS, loaded here before the board is
// drawn) and createBoard(container, controls, {data, send}), which returns the board:
// - update(state): draw the state message (a replay step too: `legal` empty, `seat` null);
// - keys: the board's own [key, what] pairs for the page's help line;
// - status(state): the board's words for the status line on the seat's turn (": place
//   the tile"), from the legal moves;
// - destroy(): remove every listener the board added (and stop its observers);
// - highlight(cells) / highlightItem(item | null, seat), where the board has them: show
//   what a final-breakdown item scored while it is pointed at.
// A board plays a move with send(state.legal[i]), reading `legal_parts[i]` to know it, and
// lists as buttons the legal moves it cannot show on itself, so every move stays reachable.
import { api } from "../api.js";
import { loadStylesheet } from "../dom.js";

const MODULES = { tiles: "./tile_board.js", hex: "./hex_board.js", sheet: "./sheet_board.js",
                  catan: "./catan_board.js" };
const GENERIC = "./generic.js";

let types = null;

/** The game types (GET /api/games/types), fetched once per page. */
export function gameTypes() {
  if (!types) {
    types = api("/api/games/types");
    types.catch(() => { types = null; });      // a failed fetch is tried again next time
  }
  return types;
}

/** The board module of game `name` and its client data: {module, data}, once the board's
 * stylesheet has loaded. */
export async function loadBoard(name) {
  const type = (await gameTypes()).find((t) => t.name === name);
  const kind = type && type.browser_board;
  const [module, data] = await Promise.all([
    import(Object.hasOwn(MODULES, kind) ? MODULES[kind] : GENERIC),
    type && type.client_data ? api(`/api/games/types/${encodeURIComponent(name)}/data`) : null]);
  if (module.STYLESHEET) await loadStylesheet(module.STYLESHEET);
  return { module, data };
}
