// The lobby: create a game (seats: people or bots) and list open, running, finished games.
import { api } from "./api.js";
import { el } from "./dom.js";

const $ = (id) => document.getElementById(id);
let types = [];

const current = () => types.find((t) => t.name === $("game").value);

function renderSeats() {
  const type = current();
  if (!type) return;
  const n = Number($("players").value);
  const box = $("seats");
  const before = [...box.querySelectorAll("select")].map((s) => s.value);
  box.replaceChildren();
  for (let seat = 0; seat < n; seat++) {
    const select = el("select", { "data-seat": seat, "aria-label": `seat ${seat}` },
      el("option", { value: "human" }, "a person"),
      ...type.agents.map((a) => el("option", { value: a.name }, `bot: ${a.name}`)));
    // Default: seat 0 a person, the others the game's greedy bot (a quick opponent).
    const fallback = seat === 0 ? "human"
      : (type.agents.find((a) => a.name === "greedy") ? "greedy" : "human");
    select.value = before[seat] || fallback;
    const desc = el("span", { class: "desc" });
    const name = el("input", { placeholder: "name (optional)", "data-name": seat, size: 14 });
    const explain = () => {
      const agent = type.agents.find((a) => a.name === select.value);
      desc.textContent = agent ? agent.description : "plays through a join link";
      name.hidden = !!agent;
    };
    select.addEventListener("change", explain);
    explain();
    box.append(el("div", { class: "row seat-row" }, el("label", {}, `Seat ${seat} `, select),
                  name, desc));
  }
}

function renderGameInfo() {
  const type = current();
  const p = type.players;
  $("players").min = p.min; $("players").max = p.max;
  const n = Number($("players").value);
  if (!(n >= p.min && n <= p.max)) $("players").value = Math.max(p.min, Math.min(p.max, 2));
  $("game-info").textContent = `${type.title}: ${p.min}–${p.max} players`
    + (type.hides_information ? " · hidden information" : "");
  renderSeats();
}

async function create() {
  $("create-error").textContent = "";
  const type = current();
  const bots = {}, names = {};
  for (const s of $("seats").querySelectorAll("select")) {
    if (s.value !== "human") bots[s.dataset.seat] = s.value;
  }
  for (const i of $("seats").querySelectorAll("input[data-name]")) {
    if (!i.hidden && i.value.trim()) names[i.dataset.name] = i.value.trim();
  }
  const body = { game: type.name, players: Number($("players").value), bots, names,
                 private: $("private").checked };
  try {
    $("create").disabled = true;
    const created = await api("/api/games", { method: "POST", body });
    showLinks(created);
    refresh();
  } catch (e) {
    $("create-error").textContent = e.message;
  } finally {
    $("create").disabled = false;
  }
}

function showLinks(created) {
  const list = $("links");
  list.replaceChildren();
  for (const seat of created.seats) {
    const url = new URL(seat.join, location.href).href;
    const copy = el("button", { class: "copy", onclick: async () => {
      try { await navigator.clipboard.writeText(url); copy.textContent = "copied"; }
      catch (e) { window.prompt("Copy this link:", url); }
    } }, "copy");
    list.append(el("li", { "data-seat": seat.seat }, `Seat ${seat.seat}: `,
      el("code", {}, url), " ", copy, " ",
      el("a", { href: seat.join, class: "open", target: "_blank", rel: "noopener" }, "open")));
  }
  if (!created.seats.length) list.append(el("li", {}, "Bots only: ",
    el("a", { href: `/games/${created.id}` }, "watch the game")));
  $("created").hidden = false;
}

function seatWords(game) {
  return game.seats.map((s) => s.agent !== "human" ? `bot ${s.agent}`
    : s.open ? "free" : (s.name || "taken")).join(", ");
}

async function joinSeat(game, seat) {
  const name = window.prompt("Your name?", "");
  if (name === null) return;
  try {
    const joined = await api(`/api/games/${game.id}/join`,
                             { method: "POST", body: { seat, name: name.trim() || "guest" } });
    location.href = joined.join;
  } catch (e) { $("lobby-error").textContent = e.message; }
}

function renderList(status, games) {
  const box = $(`list-${status}`);
  if (!games.length) { box.replaceChildren(el("p", { class: "muted" }, "none")); return; }
  const title = (name) => (types.find((t) => t.name === name) || { title: name }).title;
  const rows = games.map((g) => {
    const actions = el("td", {}, el("a", { href: `/games/${g.id}` }, "watch"));
    if (status === "finished") {
      actions.append(" ", el("a", { href: `/games/${g.id}/replay`, class: "replay" }, "replay"));
    }
    if (status === "open") {
      for (const s of g.seats.filter((s) => s.open)) {
        actions.append(" ", el("button", { onclick: () => joinSeat(g, s.seat) },
                                `join seat ${s.seat}`));
      }
    }
    const scores = g.scores ? g.scores.join(" : ") : "";
    return el("tr", { "data-game": g.id }, el("td", {}, title(g.game)),
      el("td", {}, el("code", {}, g.id)), el("td", {}, seatWords(g)),
      el("td", {}, `turn ${g.turn}`), el("td", {}, scores), actions);
  });
  box.replaceChildren(el("table", { class: "games" }, ...rows));
}

async function refresh() {
  try {
    const lists = await Promise.all(["open", "running", "finished"].map(
      (s) => api(`/api/games?status=${s}&limit=20`)));
    ["open", "running", "finished"].forEach((s, i) => renderList(s, lists[i]));
    $("lobby-error").textContent = "";
  } catch (e) { $("lobby-error").textContent = `The lists cannot be loaded: ${e.message}`; }
}

async function start() {
  try { types = await api("/api/games/types"); }
  catch (e) { $("create-error").textContent = e.message; return; }
  for (const t of types) $("game").append(el("option", { value: t.name }, t.title));
  $("game").value = types.some((t) => t.name === "carcassonne") ? "carcassonne" : types[0].name;
  $("game").addEventListener("change", renderGameInfo);
  $("players").addEventListener("input", renderSeats);
  $("create").addEventListener("click", create);
  renderGameInfo();
  refresh();
  setInterval(refresh, 4000);
}

start();
