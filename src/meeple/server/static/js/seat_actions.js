// What a seat asks of the server besides its moves: its name, hints, takebacks, a rematch,
// leaving.
// Every request carries the seat's token; a refusal's own words go to the page's #error.
// The server decides (whose turn, what can be taken back); the panel only offers.
import { api } from "./api.js";
import { el } from "./dom.js";
import { peopleWords, personName } from "./log.js";
import { unnamed } from "./names.js";
import { t } from "./i18n.js";

/** A hint's value in words: a win chance in percent, or the expected final score where
 * the hint agent ranks by score (solo games). */
export function hintValue(hint, ranksBy) {
  return ranksBy === "win rate" ? t("{percent}% chance to win", { percent: Math.round(100 * hint.value) })
    : t("expected final score {score}", { score: hint.value.toFixed(1) });
}

/**
 * The seat's panel in `root`: `update(state)` after every message; `keys` maps the
 * panel's keyboard shortcuts to their actions. `send(action)` plays a hint the way the
 * board plays a move; `seatName(i)` names a seat; `forgetToken()` drops this tab's token.
 */
export function createSeatPanel(root, { gameId, token, send, showError, seatName,
                                        forgetToken }) {
  const base = `/api/games/${encodeURIComponent(gameId)}`;
  let state = null;
  let hints = null;        // the latest hints reply, kept while its position is the current one
  let thinking = false;    // a hints request under way (they take a second or more)
  let busy = false;        // a POST under way: a double click asks once

  /** A request to one of the game's routes with the token: the reply, or null with the
   * server's words shown. */
  async function ask(path, method = "POST", body) {
    const post = method === "POST";
    if (post && busy) return null;
    showError("");
    if (post) busy = true;
    try { return await api(base + path, { method, body, token }); }
    catch (e) { showError(e.message); return null; }
    finally { if (post) busy = false; }
  }

  const seated = () => !!state && state.seat !== null;
  const playing = () => seated() && !state.terminal;
  // Engine hints: only where the game's creator allowed them, for every seat alike
  // (`hints`; the beginner's aids, `aids`, are a separate switch).
  const canHint = () => playing() && state.hints && state.current_player === state.seat;
  // The server says whether the seat has a move to take back (a chance outcome seen
  // since forbids it).
  const canTakeBack = () => playing() && state.can_take_back && !state.takeback;

  async function askHints() {
    if (!canHint() || thinking) return;
    thinking = true; hints = null; render();
    const reply = await ask("/hints?k=3", "GET");
    thinking = false;
    if (reply && state && reply.index === state.index) hints = reply;   // else: moved on
    render();
  }

  async function askTakeback() { if (canTakeBack()) await ask("/takeback"); }

  async function answer(accept) { await ask("/takeback/answer", "POST", { accept }); }

  /** Start the rematch, or join the one that exists: the seat's token there (the same
   * one each time it is asked), carried in the link (the new game's page takes it out of
   * the address bar). */
  async function rematch() {
    const reply = await ask("/rematch");
    if (reply) location.assign(reply.join);
  }

  async function leave() {
    if (!confirm(t("Leave this game? Your seat opens for someone else and your link stops "
                   + "working."))) return;
    if (await ask("/leave")) { forgetToken(); location.replace(location.pathname); }
  }

  function hintPart() {
    if (!canHint()) return null;
    const button = el("button", { id: "hint", onclick: askHints, disabled: thinking ? "" : null,
                                  title: t("the strongest bot's best moves here (h)") },
                      thinking ? t("thinking…") : t("hint"));
    if (!hints) return el("div", { class: "hints" }, button);
    const rows = hints.moves.map((h) => el("li", {},
      el("button", { class: "hint-move", "data-action": h.action, "data-then": h.then || null,
                     onclick: () => send(h.action),
                     title: t("play this move") },
         h.words ? el("span", { class: "words" }, h.words) : el("code", {}, h.action),
         el("span", { class: "value" }, hintValue(h, hints.ranks_by)))));
    return el("div", { class: "hints" }, button,
              el("ol", { class: "hint-list", id: "hint-list" }, ...rows),
              el("p", { class: "muted" }, t("from {bot}", { bot: hints.agent })));
  }

  function takebackPart() {
    if (!playing()) return null;
    const tb = state.takeback;
    if (!tb) {
      return canTakeBack() ? el("button", { id: "takeback", onclick: askTakeback,
                                            title: t("ask to take back your last turn (u)") },
                                t("take back")) : null;
    }
    // What it undoes, in the log's words (the server's, from the request's `keep` on).
    const undone = () => el("ul", { class: "takeback-undo" },
                            ...(tb.undo || []).map((text) => el("li", {}, peopleWords(state, text))));
    if (tb.by === state.seat) {
      return el("div", { class: "takeback pending", id: "takeback-pending" },
                el("p", {}, t("You asked to take back: waiting for the others' answer…")),
                undone());
    }
    if ((tb.accepted || []).includes(state.seat)) {
      return el("p", { class: "takeback pending" },
                t("You accepted {who}'s takeback: waiting for the others…", { who: personName(state, tb.by) }));
    }
    return el("div", { class: "takeback question", id: "takeback-question" },
      el("p", {}, t("{who} asks to take back:", { who: personName(state, tb.by) })), undone(),
      el("div", { class: "controls" },
        el("button", { id: "takeback-accept", class: "primary", onclick: () => answer(true) },
           t("Accept")),
        el("button", { id: "takeback-decline", onclick: () => answer(false) }, t("Decline"))));
  }

  // A seat whose link is in use but not named yet (names.js: GUEST, or the name the
  // server gave a new player, "Guest 4821") asks its person for a name (the form stays
  // one element, so typing survives the updates).
  const nameInput = el("input", { id: "my-name", placeholder: t("your name"), maxlength: 40,
                                  size: 14, "aria-label": t("your name") });
  const nameForm = el("form", { class: "row name-form", id: "name-form", onsubmit: async (e) => {
    e.preventDefault();
    const name = nameInput.value.trim();
    if (!name) return;
    // The player's name (the games to come carry it), then this seat's.
    try { await api("/api/players/me", { method: "PATCH", body: { name } }); }
    catch (err) { /* no player cookie: the seat is named all the same */ }
    if (await ask("/join", "POST", { name })) nameInput.value = "";
  } }, nameInput, el("button", { type: "submit" }, t("save name")));

  function namePart() {
    const mine = seated() && state.seats.find((s) => s.seat === state.seat);
    return mine && unnamed(mine.name) && !state.terminal ? nameForm : null;
  }

  /** Leave while playing; once over, the rematch (a spectator may watch one). */
  function seatPart() {
    if (playing()) return el("button", { id: "leave", onclick: leave }, t("leave"));
    if (!state.terminal) return null;
    if (seated()) {
      return el("div", { class: "rematch" },
        state.rematch ? el("span", {}, t("A rematch has started."), " ") : null,
        el("button", { id: "rematch", class: "primary", onclick: rematch },
           state.rematch ? t("go to the rematch") : t("rematch")));
    }
    return state.rematch ? el("a", { id: "rematch-link",
                                     href: `/games/${encodeURIComponent(state.rematch)}` },
                              t("watch the rematch")) : null;
  }

  function render() {
    const parts = [namePart(), hintPart(), takebackPart(), seatPart()].filter(Boolean);
    root.replaceChildren(...parts);
  }

  return {
    update(next) {
      if (hints && next.index !== hints.index) hints = null;
      state = next;
      render();
    },
    keys: { h: askHints, u: askTakeback },
  };
}
