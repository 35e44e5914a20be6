// The replay viewer: step through a game's positions with its own board module (as a
// spectator), and chart the review's win chances move by move.
import { api } from "./api.js";
import { seatColourNames, seatColours } from "./colours.js";
import { playerRows, typing } from "./dom.js";
import { peopleWords, personName } from "./log.js";
import { gameTypes, loadBoard } from "./boards/index.js";
import { createChart } from "./chart.js";
import { startPage, t } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const parts = location.pathname.split("/").filter(Boolean);   // games, ID, replay
const gameId = decodeURIComponent(parts[parts.length - 2]);

let record = null;          // the game's record: its actions in notation
let total = 0;              // N: the number of actions
let step = 0;               // the step shown (positions after `step` actions)
let wanted = 0;             // the step asked for last (a slow fetch never overwrites it)
let board = null;
let boardReady = null;     // the board module's loading
let analysis = null;        // the finished review, once done
let chart = null;           // the review's chart (chart.js)
let colours = [];           // seat colour names (the game's: CSS)
let colourWords = [];       // and in the page's language
let players = 0;
let words = new Map();      // action index -> the log's words for it (the game's log)
let named = null;           // the game's state: the seats' names for the engine's words
const positions = new Map();    // n -> Promise of the position after n actions
const known = new Map();        // n -> the position, once fetched

function showError(text) { $("error").textContent = text || ""; }

function position(n) {
  if (!positions.has(n)) {
    const p = api(`/api/games/${encodeURIComponent(gameId)}/positions/${n}`)
      .then((pos) => { known.set(n, pos); return pos; });
    p.catch(() => positions.delete(n));         // a failed fetch is tried again next time
    positions.set(n, p);
  }
  return positions.get(n);
}

const clamp = (n) => Math.max(0, Math.min(total, Math.round(n)));

/** Show step `n`: fetch (or reuse) its position and draw it. */
async function go(n) {
  n = clamp(Number.isFinite(n) ? n : 0);
  wanted = n;
  $("slider").value = String(n);
  if (location.hash !== `#${n}`) history.replaceState(null, "", `#${n}`);
  renderNav();
  let pos;
  try { pos = await position(n); } catch (e) { if (wanted === n) showError(e.message); return; }
  if (wanted !== n) return;                      // a later step was asked for meanwhile
  showError("");
  step = n;
  if (!board) {             // once, even when several steps are asked for meanwhile
    boardReady ||= loadBoard(record.game).then(({ module, data }) =>
      module.createBoard($("board"), $("controls"), { data, send: () => false }));
    board = await boardReady;
    if (wanted !== n) return;
  }
  if (!players) { players = pos.players; colours = seatColours(pos); colourWords = seatColourNames(pos); }
  board.update({ ...pos, legal: [], legal_parts: [], seat: null });
  renderStep(pos);
  renderPlayers(pos);
  chart.now(step);
  for (const m of [n + 1, n - 1]) if (m >= 0 && m <= total) position(m).catch(() => {});
}

function renderNav() {
  $("first").disabled = $("prev").disabled = wanted <= 0;
  $("next").disabled = $("last").disabled = wanted >= total;
}

function moverOf(i) {
  // The seat that made action i: the review says it, else the position before it.
  const m = analysis && analysis.moves.find((x) => x.index === i);
  if (m) return m.seat;
  const before = known.get(i);
  return before ? before.current_player : null;
}

function renderStep(pos) {
  $("step").textContent = step === 0 ? `${t("the start")} · ${t("move {n} of {total}", { n: 0, total })}`
    : t("move {n} of {total}", { n: step, total });
  $("step").dataset.step = String(step);
  const move = $("move");
  if (step === 0) { move.textContent = t("before the first move"); delete move.dataset.action; }
  else {
    // The log's words for the move ("Ana placed a straight road…"); the notation only
    // where the log has none, and kept in data-action and the tooltip.
    const action = record.actions[step - 1];
    const seat = moverOf(step - 1);
    const said = saidOf(step - 1);
    const who = seat === -1 ? t("chance") : seat !== null && seat >= 0 ? seatWords(pos, seat) : "";
    move.textContent = said ? said
      : seat === -1 ? t("chance: a draw or a roll") : who ? `${who}: ${action}` : action;
    move.dataset.action = action;
    move.title = action;
  }
  $("events").replaceChildren(...(pos.events || []).filter((e) => e.text).map((e) => {
    const li = document.createElement("li"); li.textContent = peopleWords(pos, e.text); return li;
  }));
  if (pos.terminal) {
    const li = document.createElement("li");
    const s = pos.scores || [];
    li.textContent = t("game over: {scores}", { scores: s.join(" : ") });
    $("events").append(li);
  }
}

/** The game log's words for action `i`, the seats named as people name them (null
 * where the log has none). */
function saidOf(i) {
  const said = words.get(i);
  return said ? peopleWords(named || known.get(i + 1), said) : null;
}

/** A seat as people say it: "Ana (red)", "greedy bot (blue)"; never a seat number. */
function seatWords(pos, i) {
  const seat = (pos.seats || []).find((s) => s.seat === i);
  const named = personName(pos, i);
  const who = seat && seat.agent !== "human" ? t("{name} bot", { name: seat.agent })
    : named !== colourWords[i] ? named : t("a person");
  return t("{who} ({colour})", { who, colour: colourWords[i] });
}

function renderPlayers(pos) {
  $("players").replaceChildren(...playerRows(pos, colours, (i) => seatWords(pos, i)));
}

async function pollAnalysis() {
  const status = $("chart-status");
  try {
    const a = await api(`/api/games/${encodeURIComponent(gameId)}/analysis`);
    if (a.status === "done") {
      analysis = a;
      await position(total).catch(() => null);      // the result ends each line
      status.textContent = "";
      $("chart-box").dataset.state = "done";
      chart.draw({ analysis, total, players, colours, colourWords, end: known.get(total), said: saidOf });
      const shown = known.get(step);
      if (shown) renderStep(shown);               // the review names each move's seat
      return;
    }
    status.textContent = t("reviewing… {done} of {of}", { done: a.done || 0, of: a.of ?? "?" });
  } catch (e) {
    status.textContent = e.status === 409 ? t("the review comes once the game is over")
      : t("the review cannot be loaded: {why}", { why: e.message });
    setTimeout(pollAnalysis, 5000);
    return;
  }
  setTimeout(pollAnalysis, 1000);
}

// --- input ---------------------------------------------------------------------------------
function wire() {
  $("first").addEventListener("click", () => go(0));
  $("prev").addEventListener("click", () => go(wanted - 1));
  $("next").addEventListener("click", () => go(wanted + 1));
  $("last").addEventListener("click", () => go(total));
  $("slider").addEventListener("input", () => go(Number($("slider").value)));
  document.addEventListener("keydown", (ev) => {
    if (typing(ev)) return;                         // the slider steps itself
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const to = { ArrowLeft: wanted - 1, ArrowRight: wanted + 1, Home: 0, End: total }[ev.key];
    if (to === undefined) return;
    ev.preventDefault();
    go(to);
  });
  window.addEventListener("hashchange", () => {
    const n = Number(location.hash.slice(1));
    if (Number.isFinite(n) && n !== wanted) go(n);
  });
  chart = createChart($("chart"), { losses: $("losses"), lossesTitle: $("losses-title"), go });
}

async function start() {
  await startPage();                  // the page's language, before any of its words
  $("back-to-game").href = `/games/${encodeURIComponent(gameId)}`;
  gameTypes().catch(() => {});     // asked while the record comes: which board, ready sooner
  try {
    record = await api(`/api/games/${encodeURIComponent(gameId)}/record`);
  } catch (e) {
    $("step").textContent = "";
    showError(e.status === 403 ? t("the replay is served once the game is over") : e.message);
    return;
  }
  total = record.actions.length;
  try {                     // the log's words for each move (a finished game's whole log)
    named = await api(`/api/games/${encodeURIComponent(gameId)}`);
    words = new Map((named.log || []).map((e) => [e.index, e.text]));
  } catch (e) { /* the notation then */ }
  const type = (await gameTypes().catch(() => [])).find((ty) => ty.name === record.game);
  const title = (type && type.title) || record.game;
  document.title = `meeple — ${t("replay of {game} {id}", { game: title, id: gameId })}`;
  $("title").textContent = `${title} · ${t("replay")}`;
  $("slider").max = String(total);
  wire();
  const fromHash = Number(location.hash.slice(1));
  await go(location.hash && Number.isFinite(fromHash) ? fromHash : 0);
  pollAnalysis();
  // For tests and the console.
  window.meeple = { go, step: () => step, of: () => total, record: () => record,
                    analysis: () => analysis, position: (n) => known.get(n) };
}

start();
