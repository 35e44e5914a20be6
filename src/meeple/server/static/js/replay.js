// The replay viewer: step through a game's positions with its own board module (as a
// spectator), and chart the review's win chances move by move.
import { api } from "./api.js";
import { cssColour, seatColours } from "./colours.js";
import { playerRows, typing } from "./dom.js";
import { loadBoard } from "./boards/index.js";
import { sv } from "./svg.js";

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
let colours = [];           // seat colour names
let players = 0;
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
      module.createBoard($("board"), $("controls"), { data, send: () => false, log: () => {} }));
    board = await boardReady;
    if (wanted !== n) return;
  }
  if (!players) { players = pos.players; colours = seatColours(pos); }
  board.update({ ...pos, legal: [], legal_parts: [], seat: null });
  renderStep(pos);
  renderPlayers(pos);
  drawNow();
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
  $("step").textContent = step === 0 ? `the start · move 0 of ${total}` : `move ${step} of ${total}`;
  $("step").dataset.step = String(step);
  const move = $("move");
  if (step === 0) move.textContent = "before the first move";
  else {
    const action = record.actions[step - 1];
    const seat = moverOf(step - 1);
    const who = seat === -1 ? "chance" : seat !== null && seat >= 0
      ? `${colours[seat] || ""} (seat ${seat})` : "";
    move.textContent = who ? `${who}: ${action}` : action;
  }
  $("events").replaceChildren(...(pos.events || []).filter((e) => e.text).map((e) => {
    const li = document.createElement("li"); li.textContent = e.text; return li;
  }));
  if (pos.terminal) {
    const li = document.createElement("li");
    const s = pos.scores || [];
    li.textContent = `game over: ${s.join(" : ")}`;
    $("events").append(li);
  }
}

function renderPlayers(pos) {
  const seats = pos.seats || [];
  $("players").replaceChildren(...playerRows(pos, colours, (i, c) => {
    const seat = seats.find((s) => s.seat === i);
    const who = seat && seat.agent !== "human" ? `bot ${seat.agent}` : (seat && seat.name) || "a person";
    return `${c} (seat ${i}, ${who})`;
  }));
}

// --- the review chart --------------------------------------------------------------------
const PAD = { left: 58, right: 12, top: 10, bottom: 22 };
let scale = null;           // {x(n), y(v), n(px)} of the chart as drawn last

function svgEl(tag, attrs = {}, parent) {
  const node = sv(tag, attrs);
  if (parent) parent.append(node);
  return node;
}

/** The three moves that lost the most (chance − played), largest first. */
function costliest(moves) {
  return moves.filter((m) => m.played !== null && m.played !== undefined && m.chance - m.played > 1e-9)
    .sort((a, b) => (b.chance - b.played) - (a.chance - a.played)).slice(0, 3);
}

function lossWords(m, solo) {
  const lost = m.chance - m.played;
  const amount = solo ? `${lost.toFixed(1)} points` : `${Math.round(lost * 100)}%`;
  return `seat ${m.seat} (${colours[m.seat] || "?"}) played ${m.move}; best was ${m.best}; lost ${amount}`;
}

function drawChart() {
  const svg = $("chart");
  const rect = svg.getBoundingClientRect();
  if (!analysis || rect.width < 50 || rect.height < 30) return;
  const W = rect.width, H = rect.height;
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  svg.replaceChildren();
  const solo = players === 1;
  const moves = analysis.moves;
  let top = 1;
  if (solo) {
    const end = known.get(total);
    const values = moves.flatMap((m) => [m.chance, m.played]).concat(end && end.scores ? end.scores : [])
      .filter((v) => typeof v === "number");
    const max = Math.max(1, ...values);
    const unit = 10 ** Math.floor(Math.log10(max));
    top = Math.ceil(max / unit) * unit;
  }
  const iw = W - PAD.left - PAD.right, ih = H - PAD.top - PAD.bottom;
  const x = (n) => PAD.left + (total ? n / total : 0) * iw;
  const y = (v) => PAD.top + (1 - v / top) * ih;
  scale = { x, y, n: (px) => clamp(((px - PAD.left) / iw) * total) };

  // Grid, axes and labels.
  for (const f of [0, 0.25, 0.5, 0.75, 1]) {
    const v = f * top;
    svgEl("line", { class: f === 0 ? "axis" : "grid", x1: PAD.left, x2: W - PAD.right, y1: y(v), y2: y(v) }, svg);
    const t = svgEl("text", { class: "label", x: PAD.left - 4, y: y(v) + 4, "text-anchor": "end" }, svg);
    t.textContent = solo ? String(Math.round(v * 10) / 10) : `${Math.round(f * 100)}%`;
  }
  svgEl("line", { class: "axis", x1: PAD.left, x2: PAD.left, y1: PAD.top, y2: H - PAD.bottom }, svg);
  const ticks = Math.min(total, 10);
  for (let k = 0; k <= ticks; k++) {
    const n = Math.round((k / Math.max(ticks, 1)) * total);
    const t = svgEl("text", { class: "label", x: x(n), y: H - 6, "text-anchor": "middle" }, svg);
    t.textContent = String(n);
  }
  const axis = svgEl("text", { class: "label axis-label", "text-anchor": "middle",
    transform: `translate(12 ${PAD.top + ih / 2}) rotate(-90)` }, svg);
  axis.textContent = solo ? "expected score" : "win chance";

  // One line per seat: its chance at its own moves. In a 2-seat game where both seats
  // know the same, the other's estimate says it too (1 − the other's); where each knows
  // something the other does not (Jäger und Sammler's face-down tiles), each seat's
  // estimate is its own view's, and mixing the two would make the lines zig-zag.
  const mirror = players === 2 && !analysis.hides_information;
  const series = Array.from({ length: players }, () => []);
  for (const m of moves) {
    if (typeof m.chance !== "number" || m.seat < 0 || m.seat >= players) continue;
    series[m.seat].push([m.index, m.chance]);
    if (mirror) series[1 - m.seat].push([m.index, 1 - m.chance]);
  }
  // The end: the result itself (a win 1, a loss 0, a shared win split; solo: the score).
  const end = known.get(total);
  if (end && end.terminal && end.scores) {
    const best = Math.max(...end.scores);
    const winners = end.scores.filter((v) => v === best).length;
    series.forEach((points, seat) => {
      if (points.length) points.push([total, solo ? end.scores[seat] : end.scores[seat] === best ? 1 / winners : 0]);
    });
  }
  series.forEach((points, seat) => {
    if (!points.length) return;
    const colour = colours[seat] || "black";
    const d = points.map(([n, v], i) => `${i ? "L" : "M"}${x(n).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
    const path = svgEl("path", { class: `seat-line ${colour}`, d, "data-seat": seat }, svg);
    path.style.stroke = cssColour(colour);
  });

  svgEl("line", { class: "now", id: "chart-now", y1: PAD.top, y2: H - PAD.bottom }, svg);
  drawNow();

  // The three costliest moves, numbered, with what they lost.
  const worst = costliest(moves);
  const tip = chartTip();
  worst.forEach((m, k) => {
    const g = svgEl("g", { class: "loss", "data-index": m.index, "data-tip": lossWords(m, solo),
                           "aria-label": lossWords(m, solo),
                           transform: `translate(${x(m.index)} ${y(m.chance)})` }, svg);
    svgEl("circle", { r: 8 }, g);
    svgEl("text", {}, g).textContent = String(k + 1);
    g.addEventListener("mouseenter", (ev) => { tip.textContent = g.dataset.tip; tip.hidden = false; moveTip(ev); });
    g.addEventListener("mousemove", moveTip);
    g.addEventListener("mouseleave", () => { tip.hidden = true; });
    g.addEventListener("click", (ev) => { ev.stopPropagation(); go(m.index + 1); });
  });
  $("losses-title").hidden = !worst.length;
  $("losses").replaceChildren(...worst.map((m) => {
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.href = `#${m.index + 1}`;
    a.textContent = `move ${m.index + 1}: ${lossWords(m, solo)}`;
    li.append(a);
    return li;
  }));
}

function chartTip() {
  let tip = document.querySelector(".chart-tip");
  if (!tip) {
    tip = document.createElement("div");
    tip.className = "chart-tip"; tip.hidden = true; tip.setAttribute("role", "tooltip");
    document.body.append(tip);
  }
  return tip;
}

function moveTip(ev) {
  const tip = chartTip();
  const left = Math.min(ev.clientX + 12, window.innerWidth - tip.offsetWidth - 8);
  tip.style.left = `${left}px`; tip.style.top = `${ev.clientY - tip.offsetHeight - 10}px`;
}

function drawNow() {
  const line = $("chart-now");
  if (!line || !scale) return;
  line.setAttribute("x1", scale.x(step)); line.setAttribute("x2", scale.x(step));
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
      drawChart();
      const shown = known.get(step);
      if (shown) renderStep(shown);               // the review names each move's seat
      return;
    }
    status.textContent = `reviewing… ${a.done || 0} of ${a.of ?? "?"}`;
  } catch (e) {
    status.textContent = e.status === 409 ? "the review comes once the game is over"
      : `the review cannot be loaded: ${e.message}`;
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
  $("chart").addEventListener("click", (ev) => {
    if (!scale) return;
    const rect = $("chart").getBoundingClientRect();
    go(scale.n(ev.clientX - rect.left));
  });
  new ResizeObserver(() => drawChart()).observe($("chart"));
}

async function start() {
  $("back-to-game").href = `/games/${encodeURIComponent(gameId)}`;
  try {
    record = await api(`/api/games/${encodeURIComponent(gameId)}/record`);
  } catch (e) {
    $("step").textContent = "";
    showError(e.status === 403 ? "the replay is served once the game is over" : e.message);
    return;
  }
  total = record.actions.length;
  document.title = `meeple — replay of ${record.game} ${gameId}`;
  $("title").textContent = `${record.game} · game ${gameId} · replay`;
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
