// The lobby: create a game (seats: people or bots) and list open, running, finished games.
import { api } from "./api.js";
import { el } from "./dom.js";

const $ = (id) => document.getElementById(id);
let types = [];

const current = () => types.find((t) => t.name === $("game").value);

const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
const takesObject = (o) => /\bobject\b/.test(o.type);
const takesNumber = (o) => !takesObject(o) && /\b(integer|number)\b/.test(o.type);
const isCounts = (v) => isObject(v) && Object.values(v).every((n) => typeof n === "number");
const sum = (counts) => Object.values(counts).reduce((a, b) => a + b, 0);

/** "Short game": the value each option offers for a game of a few minutes (its `short`,
 * e.g. a small pile), {option name: value}; null when no option of the game has one. */
function shortValues(type) {
  const out = Object.fromEntries(type.options
    .filter((o) => o.short !== null && o.short !== undefined && (takesObject(o) || !o.file))
    .map((o) => [o.name, o.short]));
  return Object.keys(out).length ? out : null;
}

/** An option's value in a few words: "deck of 11" (counts), "target 15", "board set". */
function valueWords(name, value) {
  if (isCounts(value)) return `${name} of ${sum(value)}`;
  return isObject(value) || Array.isArray(value) ? `${name} set` : `${name} ${value}`;
}

/** The options sent, in a few words: "deck of 11, target 15", or "default options". */
function optionWords(config) {
  const words = Object.entries(config).map(([k, v]) => valueWords(k, v));
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
    } else if (field.value.trim() !== "") {
      const text = field.value.trim();
      config[o.name] = takesNumber(o) && Number.isFinite(Number(text)) ? Number(text) : text;
    }
  }
  return { config, errors };
}

/** A field changed by hand from the short game's value: the game length says "custom". */
function leftShort(field) {
  if (field.dataset.short !== undefined && field.value !== field.dataset.short && $("opt-length")) {
    $("opt-length").value = "custom";
  }
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
      leftShort(area);
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
  // Any other option is typed: a number as a number, anything else as text.
  const input = el("input", { "data-option": o.name, "data-kind": "text", placeholder: help,
                              size: 30, type: takesNumber(o) ? "number" : "text" });
  input.addEventListener("input", () => leftShort(input));
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
  const short = shortValues(type);
  if (short) {
    const length = el("select", { id: "opt-length", "aria-label": "game length" },
      el("option", { value: "full" }, "full game"),
      el("option", { value: "short" },
         `short game (${Object.entries(short).map(([k, v]) => valueWords(k, v)).join(" · ")})`),
      el("option", { value: "custom" }, "my own options (below)"));
    length.addEventListener("change", () => {
      if (length.value === "custom") return;
      for (const [name, value] of Object.entries(short)) {
        const field = body.querySelector(`[data-option="${name}"]`);
        if (!field) continue;
        field.value = length.value !== "short" ? ""
          : field.dataset.kind === "json" ? JSON.stringify(value) : String(value);
        field.dataset.short = field.value;
        field.dispatchEvent(new Event("input"));
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
    // The server's menu of bots by strength (`bots`: name, spec, description).
    const select = el("select", { "data-seat": seat, "aria-label": `seat ${seat}` },
      el("option", { value: "human" }, "a person"),
      ...type.bots.map((b) => el("option", { value: b.spec }, `bot: ${b.name}`)));
    // Default: seat 0 a person, the others the game's greedy bot (a quick opponent).
    const fallback = seat === 0 ? "human"
      : (type.bots.find((b) => b.spec === "greedy") ? "greedy" : "human");
    select.value = before[seat] || fallback;
    const desc = el("span", { class: "desc" });
    const name = el("input", { placeholder: "name (optional)", "data-name": seat, size: 14 });
    const explain = () => {
      const bot = type.bots.find((b) => b.spec === select.value);
      desc.textContent = bot ? bot.description : "plays through a join link";
      name.hidden = !!bot;
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
  types.sort((a, b) => a.title.localeCompare(b.title));      // the menu in the titles' order
  for (const t of types) $("game").append(el("option", { value: t.name }, t.title));
  $("game").value = types[0].name;
  $("game").addEventListener("change", renderGameInfo);
  $("players").addEventListener("input", renderSeats);
  $("create").addEventListener("click", create);
  renderGameInfo();
  refresh();
  setInterval(refresh, 4000);
}

start();
