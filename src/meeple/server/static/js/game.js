// The game page: one WebSocket, the seats and scores, the log, the game's board module,
// and around it the seat's panel (hints, takeback, rematch, leave), the tiles left and,
// at the end, the final breakdown.
import { GameSocket } from "./api.js";
import { seatColourNames, seatColours } from "./colours.js";
import { el, playerRows, swatch, typing } from "./dom.js";
import { gameTypes, loadBoard as loadBoardModule } from "./boards/index.js";
import { createBreakdown } from "./breakdown.js";
import { createClock } from "./clock.js";
import { createLog, peopleWords, personName } from "./log.js";
import { createPile } from "./pile.js";
import { createSeatPanel } from "./seat_actions.js";
import { me } from "./player.js";
import { nameWords } from "./names.js";
import { createTurnNotice } from "./turn_notice.js";
import { joinWords, nt, startPage, t } from "./i18n.js";

// For tests, benchmarks and the console while the page's language loads: no state yet
// (start() puts the real ones here).
window.meeple = { send: () => false, state: () => null, socket: null, redraw() {}, board: () => null };
// The page's language first: every word below is said in it.
await startPage();

const $ = (id) => document.getElementById(id);
const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());

// A person's seat comes with the browser's player cookie (the WebSocket carries it): the
// page needs no token. A join link's token (API clients, a browser without the cookie) is
// kept in this tab's sessionStorage (one tab, one seat), so a reload keeps it too.
const tokenKey = `meeple-token:${gameId}`;

/** The seat's token: from the link once, then only from this tab's sessionStorage, and
 * taken out of the address bar so a copied address never carries it. */
function takeToken() {
  const params = new URLSearchParams(location.search);
  const fromUrl = params.get("token");
  if (fromUrl) {
    sessionStorage.setItem(tokenKey, fromUrl);
    params.delete("token");
    const rest = params.toString();
    history.replaceState(null, "", location.pathname + (rest ? `?${rest}` : "") + location.hash);
  }
  return sessionStorage.getItem(tokenKey);
}

/** Drop this tab's token (it left, or it holds no seat): the page is a spectator's. */
function forgetToken() { sessionStorage.removeItem(tokenKey); }

const token = takeToken();
let state = null;        // the latest state message
let board = null;        // the board module's instance
let socket = null;
let waiting = false;     // a move sent and not yet answered (update or error)
let pile = null;         // the tiles-left panel (games whose data is a tile set)
let title = null;        // the game's title ("Carcassonne"), from the game types
let connected = true;    // the socket is live (else the board refuses clicks, visibly)

function showError(text) { $("error").textContent = peopleWords(state, text) || ""; }

/** Send a move in notation for the state we saw; the server answers update or error. */
function send(action) {
  if (!state || waiting) return false;      // one move in flight: a double click is one move
  showError("");
  if (!socket.send(action, state.index)) {
    showError(t("not connected: the move was not sent (reconnecting…)"));
    return false;
  }
  waiting = true;
  return true;
}

/** A seat as people say it: its person's name (or the bot's) and its colour,
 * "Ana (red)", "greedy bot (blue)", "you (red)"; never a seat number. */
function seatName(i) {
  const seat = state.seats.find((s) => s.seat === i);
  const colour = seatColourNames(state)[i];
  const named = personName(state, i);
  const who = i === state.seat ? t("you")
    : seat && seat.agent !== "human" ? t("{name} bot", { name: seat.agent })
      : named !== colour ? named : seat && seat.open ? t("an open seat") : t("a person");
  return t("{who} ({colour})", { who, colour });
}

/** Who this page plays: "You play ● red, Ana", or a spectator's line; and what help the
 * table allows, the same for every seat. */
const who = el("div", { id: "who", class: "who" });
const tableRules = el("p", { id: "table-rules", class: "table-rules muted" });
function renderWho() {
  if (state.seat === null || state.seat === undefined) {
    who.replaceChildren(el("span", {}, t("You are watching this game.")));
  } else {
    const seat = state.seats.find((s) => s.seat === state.seat);
    const name = nameWords((seat && seat.name) || (player && player.name));
    const colour = seatColourNames(state)[state.seat];
    who.replaceChildren(swatch(seatColours(state)[state.seat]), " ",
      name ? t("You play {colour}, {name}", { colour, name }) : t("You play {colour}", { colour }));
  }
  tableRules.textContent = state.hints ? t("Engine hints allowed for every seat")
    : t("No engine hints in this game");
}

function renderStatus() {
  let text;
  if (state.terminal && state.result) {      // claimed, or ended as abandoned (clock.js)
    text = clock.resultText(state);
  } else if (state.terminal) {
    const s = state.scores || [];
    const best = Math.max(...s);
    const winners = s.map((v, i) => v === best ? i : -1).filter((i) => i >= 0);
    if (s.length === 1) {           // a solo game has a score, not a winner
      text = state.seat === 0
        ? nt("Game over — you scored {n} point", "Game over — you scored {n} points", s[0])
        : nt("Game over — {who} scored {n} point", "Game over — {who} scored {n} points", s[0],
             { who: seatName(0) });
    } else {
      const who = joinWords(winners.map((i) => seatName(i)));
      text = winners.length > 1 || winners[0] === state.seat
        ? nt("Game over — {who} win with {n} point", "Game over — {who} win with {n} points", best, { who })
        : nt("Game over — {who} wins with {n} point", "Game over — {who} wins with {n} points", best, { who });
    }
  } else if (state.seat !== null && state.current_player === state.seat) {
    const bonus = state.view && state.view.bonus_tile && state.legal && state.legal.length;
    const colour = seatColourNames(state)[state.seat];
    const what = bonus ? t("a bonus tile! You completed a forest with gold, so you place one "
                           + "more tile, drawn from the bonus pile") : board.status(state);
    text = what ? t("Your turn ({colour}): {what}", { colour, what })
      : t("Your turn ({colour})", { colour });
  } else {
    text = t("Waiting for {who}", { who: seatName(state.current_player) });
  }
  // While away the status says so, also when a message that came before the socket
  // closed is drawn after it (messages are drawn in turn, off the socket's events).
  $("status").textContent = connected ? text : offlineWords();
  if (state.terminal && connected) { // a finished game: step through it, with its review
    const a = document.createElement("a");
    a.id = "replay-link"; a.href = `/games/${encodeURIComponent(gameId)}/replay`; a.textContent = t("replay");
    $("status").append(" · ", a);
  }
  // What the seat to move can do now, in one sentence (the server's, in the page's language).
  advice.textContent = (!state.terminal && state.legal && state.legal.length && state.advice) || "";
  advice.hidden = !advice.textContent;
  $("status").dataset.myTurn = String(!!(state.legal && state.legal.length));
}

/** The seats with their scores and, with player aids, what each would score if the game
 * ended now (the server sends `projected` only then). */
function renderPlayers() {
  const supply = state.view && state.view.supply;
  const huts = state.view && state.view.huts_in_hand;
  const rows = playerRows(state, seatColours(state),
    (i) => seatName(i)
      + (supply ? ` · ${nt("{n} follower left", "{n} followers left", supply[i])}` : "")
      + (huts ? ` · ${nt("{n} hut left", "{n} huts left", huts[i])}` : ""));
  const projected = !state.terminal && state.projected;
  if (projected) {
    rows.forEach((li, i) => li.querySelector(".score").append(
      el("span", { class: "projected", title: t("the score if the game ended now") },
         ` · ${t("{n} if it ended now", { n: projected[i] })}`)));
  }
  $("players").replaceChildren(...rows);
}

/** The keys that work now, for a seat in a game under way: the panel's (hint with aids,
 * take back) and the board's own (`board.keys`, [key, what] pairs). */
function renderKeys() {
  $("keys").hidden = state.seat === null || state.terminal;
  const keys = [];
  if (state.hints) keys.push(["h", t("hint")]);
  keys.push(["u", t("take back")]);
  keys.push(...((board && board.keys) || []));
  const parts = keys.flatMap(([k, what], n) => [n ? " · " : "", el("kbd", {}, k), ` ${what}`]);
  $("keys").replaceChildren(t("Keys:"), " ", ...parts);
}

// The log: the server's words for the game's moves and its events (log.js).
const gameLog = createLog($("log"), { resync: () => socket && socket.resync() });

// Which board draws the game, the game's declaration says (boards/index.js, shared with
// the replay viewer).
async function loadBoard(game) {
  const { module, data } = await loadBoardModule(game);
  const type = (await gameTypes().catch(() => [])).find((t) => t.name === game);
  title = (type && type.title) || game;
  $("rules-link").hidden = !(type && type.rules);
  board = module.createBoard($("board"), $("controls"), { data, send });
  $("rules-link").href = `/rules/${encodeURIComponent(game)}`;
  pile = createPile($("pile"), data);
}

const seatPanel = createSeatPanel($("seat-panel"), {
  gameId, token, send, showError, forgetToken, seatName,
});
const clock = createClock($("clock"), { gameId, token, showError,
                                       colourOf: (i) => seatColourNames(state)[i] });
const breakdown = createBreakdown($("breakdown"), { colours: seatColours, seatName,
                                                    board: () => board });

/** The panel's keys (h, u), not while typing or with a modifier (the board has its own). */
document.addEventListener("keydown", (ev) => {
  if (typing(ev)) return;
  if (ev.ctrlKey || ev.metaKey || ev.altKey || !state) return;
  const act = seatPanel.keys[ev.key];
  if (act) { ev.preventDefault(); act(); }
});

async function onMessage(msg) {
  if (msg.type === "error" || msg.type === "state" || msg.type === "update") waiting = false;
  if (msg.type === "error") { showError(msg.error); return; }
  if (!board) await loadBoard(msg.game);   // the state is the page's once it can draw it
  const previous = state;
  state = msg;
  if (msg.type === "update") {
    // an update that starts past what this page knew: one was missed; the state tells all
    if (previous && msg.since > previous.index) socket.resync();
    showError("");
  }
  gameLog.update(msg);
  if (msg.type === "takeback" && previous && previous.takeback && !msg.takeback) {
    gameLog.note(t("the takeback was declined"), msg.index);   // one carried out: a new `state`
  }
  turnNotice.update(state, `${title} ${gameId} · meeple`);   // the id tells tabs apart
  // Turns as the players count them (the engine's `turn`), not the actions and draws.
  $("title").textContent = `${title} · ${msg.terminal ? t("finished") : t("turn {n}", { n: msg.turn })}`
    + (msg.seat === null ? ` · ${t("spectator")}` : "")
    + (msg.practice ? ` · ${t("practice (seed chosen)")}` : "");   // its creator may know the draws
  renderWho();
  renderStatus();
  renderPlayers();
  renderKeys();
  board.update(state);
  seatPanel.update(state);
  clock.update(state);
  pile.update(state);
  breakdown.update(state);
}

/** While the connection is away the board says so and takes no clicks (a cover over it),
 * and the status line tells why; the next state message redraws both. */
function offline(away) {
  if (away === !connected) return;
  connected = !away;
  const cover = $("offline");
  cover.hidden = connected;
  if (!connected) {
    $("status").textContent = offlineWords();
  } else if (state) renderStatus();
}

function offlineWords() {
  return `${t("Not connected: reconnecting…")} ${t("Moves wait until the connection is back.")}`;
}

/** The socket closed for good (no such game, a dead link): words and a way back, never
 * an endless "Loading…". */
function closed(why) {
  offline(false);
  const words = state ? t("The connection to this game was closed.")
    : token ? t("This link does not open a seat in this game.")
      : t("This game cannot be opened.");
  $("status").replaceChildren(words);
  showError(why);
  if (token) {              // a dead token: forget it, and offer the spectator's view
    forgetToken();
    $("error").append(" ", el("a", { href: location.pathname },
                              t("Open the game without this link (your own seat if you have one)")));
  }
  $("error").append(" ", el("a", { href: "/" }, t("Back to the lobby")));
}

// Handle messages one at a time: the first one awaits the board module's loading.
let queue = Promise.resolve();
let player = null;       // the browser's player (GET /api/players/me), whose cookie holds seats
const turnNotice = createTurnNotice();
const advice = el("p", { id: "advice", class: "advice", hidden: "" });
async function start() {
  gameTypes().catch(() => {});     // asked while the socket connects: which board, ready sooner
  $("status").before(who);
  $("status").after(advice);
  $("keys").before(tableRules, turnNotice.controls);
  turnNotice.controls.hidden = true;
  // For tests, benchmarks and the console: the move sender, the latest state, a redraw,
  // the board module's instance, the socket (once connecting).
  window.meeple = {
    send, state: () => state, get socket() { return socket; },
    redraw: () => board && board.update(state), board: () => board,
  };
  player = await me();             // first: the player's cookie, which the WebSocket carries
  socket = new GameSocket(gameId, token, {
    onMessage: (m) => { queue = queue.then(() => onMessage(m)).catch((e) => showError(String(e))); },
    onStatus: (s, why) => {
      $("conn").textContent = s === "live" ? `● ${t("live")}` : s === "closed" ? t("not connected")
        : s === "connecting" ? t("connecting") : s === "reconnecting" ? t("reconnecting") : s;
      if (s !== "live") waiting = false;    // a lost answer: the next state tells all
      $("conn").dataset.state = s;
      offline(s === "reconnecting" || s === "connecting" && state !== null);
      if (s === "live") showError("");        // what failed while away is stale now
      if (s === "closed") closed(why);
    },
  });
}

start();
