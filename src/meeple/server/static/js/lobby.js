// The lobby: create a game (seats: people or bots) and list open, running, finished games.
import { api } from "./api.js";
import { el } from "./dom.js";

const $ = (id) => document.getElementById(id);
let types = [];

const current = () => types.find((t) => t.name === $("game").value);

// "Short game": small piles of the games' own tile types (a few minutes against a bot).
const SHORT_DECKS = {
  "carcassonne": { deck: { U: 3, V: 3, E: 2, D: 2, B: 1 } },
  "hunters-gatherers": { deck: { L07: 2, L15: 2, L28: 2, L29: 2, L30: 2 },
                         bonus_deck: { B04: 1, B06: 1 } },
};

const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
const takesObject = (o) => /\bobject\b/.test(o.type);
const tileCount = (deck) => Object.values(deck).reduce((a, b) => a + b, 0);

/** The short piles of a game: {option name: deck} for its object options (from the table
 * above, else a few of the allowed types), or null when it has none. */
function shortDecks(type) {
  const out = {};
  for (const o of type.options) {
    if (o.file || !takesObject(o) || !/deck/.test(o.name)) continue;
    const known = SHORT_DECKS[type.name] && SHORT_DECKS[type.name][o.name];
    if (known) out[o.name] = known;
    else if (o.allowed && o.allowed.length) {
      out[o.name] = Object.fromEntries(o.allowed.slice(0, 4).map((t) => [t, 2]));
    }
  }
  return Object.keys(out).length ? out : null;
}

/** The options sent, in a few words: "deck: 11 tiles", "board set", "default options". */
function optionWords(config) {
  const words = Object.entries(config).map(([k, v]) =>
    isObject(v) && /deck/.test(k) ? `${k}: ${tileCount(v)} tiles` : `${k} set`);
  return words.length ? words.join(", ") : "default options";
}

/** The value of a JSON field: {value} (undefined when empty) or {error}. */
function readJson(field, option) {
  const text = field.value.trim();
  if (!text) return { value: undefined };
  let value;
  try { value = JSON.parse(text); } catch (e) {
    return { error: `option ${option.name}: not valid JSON (${e.message})` };
  }
  if (!isObject(value)) {
    return { error: `option ${option.name}: must be a JSON object: ${option.type}` };
  }
  return { value };
}

/** Every option's field, checked: {config, errors}. */
function readOptions() {
  const type = current();
  const config = {}, errors = [];
  for (const o of type.options) {
    const field = $("options-body").querySelector(`[data-option="${o.name}"]`);
    if (!field) continue;
    if (field.dataset.kind === "json") {
      const { value, error } = readJson(field, o);
      if (error) errors.push(error);
      else if (value !== undefined) config[o.name] = value;
    } else if (field.value.trim() !== "") config[o.name] = field.value.trim();
  }
  return { config, errors };
}

function optionField(o) {
  const help = o.help || o.type;
  if (takesObject(o)) {
    const area = el("textarea", { id: `opt-${o.name}`, "data-option": o.name, "data-kind": "json",
                                  rows: 2, cols: 48,
                                  placeholder: help, spellcheck: "false",
                                  "aria-label": `option ${o.name} (JSON)` });
    const message = el("div", { class: "opt-error", "data-error-for": o.name, role: "status" });
    area.addEventListener("input", () => {
      const { error } = readJson(area, o);
      message.textContent = error || "";
      area.classList.toggle("invalid", !!error);
      area.setAttribute("aria-invalid", String(!!error));
      if (area.dataset.short !== undefined && area.value !== area.dataset.short) {
        $("opt-length") && ($("opt-length").value = "custom");
      }
    });
    const parts = [el("label", { class: "opt-name", for: `opt-${o.name}` }, o.name), area];
    if (o.file) {   // a file's path means nothing to the server: its data (JSON) only
      const load = el("input", { type: "file", accept: ".json,application/json",
                                 "aria-label": `load option ${o.name} from a file` });
      load.addEventListener("change", async () => {
        const f = load.files && load.files[0];
        if (!f) return;
        area.value = await f.text();
        area.dispatchEvent(new Event("input"));
      });
      parts.push(el("span", { class: "muted opt-note" },
        "the server reads no files: paste the data (JSON) or load it from this computer ", load));
    }
    const allowed = o.allowed && o.allowed.length ? ` · keys: ${o.allowed.join(" ")}` : "";
    return el("div", { class: "opt", "data-for": o.name }, ...parts,
              el("div", { class: "muted opt-help" }, `${o.type}${allowed}`), message);
  }
  if (o.file) {     // a path on the server: not something a browser can send
    return el("div", { class: "opt muted opt-file", "data-for": o.name },
      el("span", { class: "opt-name" }, o.name), ` — ${help}: a file on the server, which `
      + "cannot be chosen from a browser (in a terminal: meeple play --config)");
  }
  // No game has an option of another kind yet: one would be typed as text.
  const input = el("input", { "data-option": o.name, "data-kind": "text", placeholder: help,
                              size: 30 });
  return el("div", { class: "opt", "data-for": o.name },
    el("label", {}, el("span", { class: "opt-name" }, o.name), " ", input),
    el("div", { class: "muted opt-help" }, `${help} · ${o.type}`));
}

function renderOptions() {
  const type = current();
  const body = $("options-body");
  const options = type.options || [];
  $("options-count").textContent = options.length ? `(${options.length})` : "(none)";
  if (!options.length) {
    body.replaceChildren(el("p", { class: "muted" }, `${type.title} has no options.`));
    return;
  }
  const parts = [];
  const decks = shortDecks(type);
  if (decks) {
    const n = Object.values(decks).map(tileCount).join(" + ");   // per pile: "10 + 2"
    const length = el("select", { id: "opt-length", "aria-label": "game length" },
      el("option", { value: "full" }, "full game (the whole pile)"),
      el("option", { value: "short" }, `short game (${n} tiles)`),
      el("option", { value: "custom" }, "my own piles (JSON below)"));
    length.addEventListener("change", () => {
      for (const [name, deck] of Object.entries(decks)) {
        const area = body.querySelector(`[data-option="${name}"]`);
        if (length.value === "custom") continue;
        area.value = length.value === "short" ? JSON.stringify(deck) : "";
        area.dataset.short = area.value;
        area.dispatchEvent(new Event("input"));
      }
    });
    parts.push(el("div", { class: "row" }, el("label", {}, "Game length ", length)));
  }
  parts.push(...options.map(optionField));
  body.replaceChildren(...parts);
}

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
  renderOptions();
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
  const { config, errors } = readOptions();
  if (errors.length) {
    $("options").open = true;
    $("create-error").textContent = errors.join("; ");
    return;
  }
  const body = { game: type.name, players: Number($("players").value), bots, names,
                 private: $("private").checked };
  if (Object.keys(config).length) body.config = config;
  if (!$("aids").checked) body.aids = false;
  try {
    $("create").disabled = true;
    const created = await api("/api/games", { method: "POST", body });
    showLinks(created);
    $("created-options").textContent = `${type.title} · ${optionWords(config)} · player aids `
      + (body.aids === false ? "off (table rules)" : "on");
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
