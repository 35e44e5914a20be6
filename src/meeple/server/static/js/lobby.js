// The lobby: the player's own games (My games), a new game (who plays each seat, the time
// control, hints and aids), the player's name and account, and the public lists (open,
// running, finished games).
import { api } from "./api.js";
import { el, swatch } from "./dom.js";
import { createPlayerCard, me, onPlayer } from "./player.js";
import { nameWords } from "./names.js";
import { clockText, copyButton, createMyGames } from "./my_games.js";
import { renderGameCards } from "./game_cards.js";
import { colourName } from "./colours.js";
import { joinWords, nt, startPage, t } from "./i18n.js";

const $ = (id) => document.getElementById(id);
let types = [];

const current = () => types.find((ty) => ty.name === $("game").value);

const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
// An option's JSON types by their JSON Schema names (its `type` is words, in the page's
// language); its `label` names it for people, its `name` is the key the config takes.
const takesObject = (o) => o.types.includes("object");
const takesNumber = (o) => !takesObject(o)
  && o.types.some((ty) => ty === "integer" || ty === "number");
/** An option of the game chosen by its key: its words for people (the key itself where
 * the game has no such option). */
const labelOf = (name) =>
  ((current().options || []).find((o) => o.name === name) || { label: name }).label;
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

/** An option's value in a few words, by its key: "draw pile of 11" (counts), "map:
 * beginner", "board set". */
function valueWords(name, value) {
  const option = labelOf(name);
  if (isCounts(value)) return t("{option} of {n}", { option, n: sum(value) });
  return isObject(value) || Array.isArray(value) ? t("{option} set", { option })
    : t("{option}: {value}", { option, value });
}

/** The options sent, in a few words: "draw pile of 11, map: beginner", or "default
 * options". */
function optionWords(config) {
  const words = Object.entries(config).map(([k, v]) => valueWords(k, v));
  return words.length ? words.join(", ") : t("default options");
}

/** The value of a JSON field: {value} (undefined when empty) or {error}. */
function readJson(field, option) {
  const text = field.value.trim();
  if (!text) return { value: undefined };
  let value;
  try { value = JSON.parse(text); } catch (e) {
    return { error: t("option {option}: not valid JSON ({why})", { option: option.label, why: e.message }) };
  }
  if (!isObject(value)) {
    return { error: t("option {option}: must be a JSON object: {type}", { option: option.label, type: option.type }) };
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

/** The key a config gives an option a value by (`meeple play --config`, the API). */
const key = (o) => el("code", { class: "opt-key muted" }, o.name);

/** `text` as nodes, each file path in it ("docs/jaeger-sammler.md") as code. */
function withCode(text) {
  return String(text).split(/([\w.-]+(?:\/[\w.-]+)+)/)
    .map((part, i) => (i % 2 ? el("code", {}, part) : part));
}

function optionField(o) {
  const help = o.help || o.type;
  if (takesObject(o)) {
    const area = el("textarea", { id: `opt-${o.name}`, "data-option": o.name, "data-kind": "json",
                                  rows: 2, cols: 48,
                                  placeholder: help, spellcheck: "false",
                                  "aria-label": t("option {option} (JSON)", { option: o.label }) });
    const message = el("div", { class: "opt-error", "data-error-for": o.name, role: "status" });
    area.addEventListener("input", () => {
      const { error } = readJson(area, o);
      message.textContent = error || "";
      area.classList.toggle("invalid", !!error);
      area.setAttribute("aria-invalid", String(!!error));
      leftShort(area);
    });
    const parts = [el("label", { class: "opt-name", for: `opt-${o.name}` }, o.label), " ",
                   key(o), area];
    if (o.file) {   // a file's path means nothing to the server: its data (JSON) only
      const load = el("input", { type: "file", accept: ".json,application/json",
                                 "aria-label": t("load option {option} from a file", { option: o.label }) });
      load.addEventListener("change", async () => {
        const f = load.files && load.files[0];
        if (!f) return;
        area.value = await f.text();
        area.dispatchEvent(new Event("input"));
      });
      parts.push(el("span", { class: "muted opt-note" },
        t("the server reads no files: paste the data (JSON) or load it from this computer"), " ", load));
    }
    const allowed = o.allowed && o.allowed.length
      ? ` · ${t("keys: {keys}", { keys: o.allowed.join(" ") })}` : "";
    return el("div", { class: "opt", "data-for": o.name }, ...parts,
              el("div", { class: "muted opt-help" }, ...withCode(`${o.type}${allowed}`)), message);
  }
  if (o.file) {     // a path on the server: not something a browser can send
    const [before, after] = t("a file on the server, which cannot be chosen from a browser "
      + "(in a terminal: {command})", { command: "\x00" }).split("\x00");
    return el("div", { class: "opt muted opt-file", "data-for": o.name },
      el("span", { class: "opt-name" }, o.label), " ", key(o), " — ", ...withCode(help), ": ",
      before, el("code", {}, "meeple play --config"), after);
  }
  // Any other option is typed: a number as a number, anything else as text.
  const input = el("input", { "data-option": o.name, "data-kind": "text", placeholder: help,
                              size: 30, type: takesNumber(o) ? "number" : "text" });
  input.addEventListener("input", () => leftShort(input));
  return el("div", { class: "opt", "data-for": o.name },
    el("label", {}, el("span", { class: "opt-name" }, o.label), " ", key(o), " ", input),
    el("div", { class: "muted opt-help" }, ...withCode(`${help} · ${o.type}`)));
}

function renderOptions() {
  const type = current();
  const body = $("options-body");
  const options = type.options || [];
  $("options-count").textContent = options.length ? `(${options.length})` : t("(none)");
  if (!options.length) {
    body.replaceChildren(el("p", { class: "muted" }, t("{game} has no options.", { game: type.title })));
    return;
  }
  const parts = [];
  const short = shortValues(type);
  if (short) {
    const length = el("select", { id: "opt-length", "aria-label": t("game length") },
      el("option", { value: "full" }, t("full game")),
      el("option", { value: "short" }, t("short game ({options})", {
        options: Object.entries(short).map(([k, v]) => valueWords(k, v)).join(" · ") })),
      el("option", { value: "custom" }, t("my own options (below)")));
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
    parts.push(el("div", { class: "row" }, el("label", {}, t("Game length"), " ", length)));
  }
  parts.push(...options.map(optionField));
  body.replaceChildren(...parts);
}

// --- who plays each seat ------------------------------------------------------------------

/** How a person's seat is given, as the form offers it (`value` is CreateGame's mode). */
const MODES = () => [
  { value: "me", label: t("me"), words: t("you play this seat from this browser") },
  { value: "invite", label: t("invite a friend"),
    words: t("a link to send: the first person to open it gets the seat") },
  { value: "open", label: t("open to anyone"),
    words: t("listed in the lobby under Open games: anyone may take it") },
];

const colourOf = (type, seat) => (type.colours && type.colours[seat]) || `seat ${seat + 1}`;
/** A seat's colour in words (the page's language). */
const colourWords = (type, seat) => colourName(colourOf(type, seat));

// The colour each seat plays, picked from the game's palette (no two alike) or left to
// chance ("random"); the server checks the same (colours.py).
const RANDOM = "random";

/** The seats' colour menus now, in the form's order. */
const colourSelects = () => [...$("seats").querySelectorAll("select[data-colour]")];

/** One seat's colour menu: the palette and "random colour"; `value` the one shown. A
 * colour picked that another seat has gives that seat the colour this one had: no two
 * alike, ever. */
function colourSelect(type, seat, value, label) {
  const select = el("select", { "data-colour": seat, id: `colour-${seat}`,
                                "aria-label": t("colour of player {n}", { n: seat + 1 }) },
    ...type.colours.map((c) => el("option", { value: c }, colourName(c))),
    el("option", { value: RANDOM }, t("random colour")));
  select.value = value;
  let was = select.value;
  const paint = () => {
    label.replaceChildren(...(select.value === RANDOM ? [el("span", { class: "swatch random" })]
                                : [swatch(select.value)]));
  };
  select.addEventListener("change", () => {
    const other = colourSelects().find((o) => o !== select && o.value === select.value
                                       && select.value !== RANDOM);
    if (other) { other.value = was; other.dispatchEvent(new Event("repaint")); }
    was = select.value;
    paint();
  });
  select.addEventListener("repaint", () => { was = select.value; paint(); });
  paint();
  return select;
}

/** The colours to send: every seat's, as the form shows them. */
const readColours = () => Object.fromEntries(colourSelects().map((s) => [s.dataset.colour, s.value]));

/** The seats' choices now: [{seat, value, bot}] (bot: the bot's menu entry or undefined). */
function seatChoices() {
  const type = current();
  return [...$("seats").querySelectorAll("select[data-seat]")].map((s) => ({
    seat: Number(s.dataset.seat), value: s.value,
    bot: type.bots.find((b) => b.spec === s.value),
  }));
}

/** The number of seats people play (mine, invited or open). */
const people = () => seatChoices().filter((c) => !c.bot).length;

function renderSeats() {
  const type = current();
  if (!type) return;
  const n = Number($("players").value);
  const box = $("seats");
  const orderBefore = $("order") && $("order").value;
  const before = [...box.querySelectorAll("select[data-seat]")].map((s) => s.value);
  const coloursBefore = colourSelects().map((s) => s.value);
  const used = [];          // colours the rows above have: a row below takes another
  box.replaceChildren();
  for (let seat = 0; seat < n; seat++) {
    // People first (me, a friend, anyone), then the server's menu of bots by strength.
    const modes = MODES();
    const select = el("select", { "data-seat": seat, id: `seat-${seat}` },
      ...modes.map((m) => el("option", { value: m.value }, m.label)),
      el("optgroup", { label: t("a bot") },
         ...type.bots.map((b) => el("option", { value: b.spec }, t("bot: {name}", { name: b.name })))));
    // Default: seat 1 is the creator's, the others invite a friend each.
    const fallback = seat === 0 ? "me" : "invite";
    const kept = before[seat];
    select.value = kept && [...select.options].some((o) => o.value === kept) ? kept : fallback;
    const desc = el("span", { class: "desc", id: `seat-${seat}-desc` });
    select.setAttribute("aria-describedby", desc.id);
    const explain = () => {
      const bot = type.bots.find((b) => b.spec === select.value);
      const mode = modes.find((m) => m.value === select.value);
      desc.textContent = bot ? bot.description : mode ? mode.words : "";
    };
    select.addEventListener("change", () => {
      // One seat is "me": choosing it for another seat makes the old one an invitation.
      if (select.value === "me") {
        for (const other of box.querySelectorAll("select[data-seat]")) {
          if (other !== select && other.value === "me") {
            other.value = "invite";
            other.dispatchEvent(new Event("explain"));
          }
        }
      }
      explain();
      followPeople();
    });
    select.addEventListener("explain", explain);
    explain();
    const dot = el("span", { class: "seat-dot", "aria-hidden": "true" });
    let colour = coloursBefore[seat] || colourOf(type, seat);
    if (colour !== RANDOM && (!type.colours.includes(colour) || used.includes(colour))) {
      colour = type.colours.find((c) => !used.includes(c)) || RANDOM;
    }
    if (colour !== RANDOM) used.push(colour);
    select.setAttribute("aria-label", t("who plays seat {n}", { n: seat + 1 }));
    box.append(el("div", { class: "row seat-row", "data-seat-row": seat },
                  el("span", { class: "seat-name" }, dot, colourSelect(type, seat, colour, dot)),
                  select, desc));
  }
  box.append(el("div", { class: "row order-row" },
    el("label", { for: "order" }, t("Who starts")),
    el("select", { id: "order" },
       el("option", { value: "listed" }, t("the first listed, in this order")),
       el("option", { value: "random" }, t("chance decides the order")))));
  if (orderBefore) $("order").value = orderBefore;
  followPeople();
}

// --- time control, hints, aids: defaults that follow the seats until changed by hand -----

const touched = new Set();      // the fields the person set themselves

function clockWords() {
  return people() > 1
    ? t("Default for games between people: correspondence, 3 days a move. Friends who are "
        + "not at the table together never lose on time overnight, and a game someone walked "
        + "away from still ends.")
    : t("Default against bots: untimed (nobody waits for you).");
}

function showClockFields() {
  const kind = $("clock-kind").value;
  for (const k of ["move", "live", "correspondence"]) $(`clock-${k}`).hidden = kind !== k;
  $("timeout-row").hidden = kind === "none";
}

/** The defaults for the seats chosen, on every field not set by hand. */
function followPeople() {
  const several = people() > 1;
  if (!touched.has("clock")) {
    $("clock-kind").value = several ? "correspondence" : "none";
    $("clock-days").value = "3";
  }
  if (!touched.has("hints")) $("hints").checked = !several;
  showClockFields();
  $("clock-why").textContent = clockWords();
  $("hints-why").textContent = $("hints").checked
    ? t("every seat may ask the strongest bot for the best moves, and every seat is told so")
    : several ? t("off: between people, nobody asks the engine") : "";
}

/** The clock to send: null (untimed) or one of CreateGame's shapes. */
function readClock() {
  const kind = $("clock-kind").value;
  const number = (id) => Math.round(Number($(id).value));
  if (kind === "move") return { kind, seconds: number("clock-seconds") };
  if (kind === "live") {
    return { kind, base: number("clock-base") * 60, increment: number("clock-increment") };
  }
  if (kind === "correspondence") return { kind, days: number("clock-days") };
  return null;
}

function renderGameInfo() {
  const type = current();
  const p = type.players;
  $("players").min = p.min; $("players").max = p.max;
  const n = Number($("players").value);
  if (!(n >= p.min && n <= p.max)) $("players").value = Math.max(p.min, Math.min(p.max, 2));
  $("game-info").textContent = t("{game}: {min}–{max} players", { game: type.title, min: p.min, max: p.max })
    + (type.hides_information ? ` · ${t("hidden information")}` : "");
  // The beginner's aids are the tile games' (lit spots, the tiles left, the score if it
  // ended now); the other boards have none to switch.
  const tiles = type.browser_board === "tiles";
  $("aids-row").hidden = !tiles;
  $("aids-words").textContent = t("beginner's aids: legal spots lit, tiles left, the score "
    + "if it ended now");
  renderSeats();
  renderOptions();
}

// --- create ---------------------------------------------------------------------------------

async function create() {
  $("create-error").textContent = "";
  const type = current();
  const bots = {}, seats = {};
  for (const c of seatChoices()) {
    if (c.bot) bots[c.seat] = c.value;
    else seats[c.seat] = c.value;
  }
  const { config, errors } = readOptions();
  if (errors.length) {
    $("options").open = true;
    $("create-error").textContent = errors.join("; ");
    return;
  }
  const clock = readClock();
  const body = { game: type.name, players: Number($("players").value), seats, bots,
                 private: $("private").checked, clock, hints: $("hints").checked,
                 colours: readColours(), order: $("order").value };
  if (clock) body.on_timeout = document.querySelector("input[name=on-timeout]:checked").value;
  if (!$("aids-row").hidden) body.aids = $("aids").checked;
  if (Object.keys(config).length) body.config = config;
  try {
    $("create").disabled = true;
    const created = await api("/api/games", { method: "POST", body });
    showCreated(created, body, type, config);
    refresh();
    myGames.refresh();
  } catch (e) {
    $("create-error").textContent = e.message;
  } finally {
    $("create").disabled = false;
  }
}

function showCreated(created, body, type, config) {
  const invites = created.seats.filter((s) => s.invite);
  // The seats as the server placed them (a shuffled order moves them) in their colours.
  const colourAt = (seat) => colourName((created.colours && created.colours[seat]) || colourOf(type, seat));
  const swatchAt = (seat) => swatch((created.colours && created.colours[seat]) || colourOf(type, seat));
  $("created-title").textContent = t("Your game of {game} is ready", { game: type.title });
  $("created-options").textContent = [optionWords(config), clockText(body.clock),
    body.hints ? t("engine hints for everyone") : t("no engine hints"),
    body.aids === false ? t("no beginner's aids") : null,
    body.order === "random" && created.colours
      ? t("{colour} starts (chance decided)", { colour: colourAt(0) }) : null].filter(Boolean).join(" · ");
  $("invites").replaceChildren(...invites.map((s) => {
    const url = new URL(s.invite, location.href).href;
    return el("li", { "data-seat": s.seat, class: "invite" },
      el("p", {}, swatchAt(s.seat), " ",
         t("{colour}: send this link to your friend: the first person to open it gets the seat.",
           { colour: colourAt(s.seat) })),
      el("div", { class: "row link-row" }, el("code", { class: "invite-url" }, url),
         copyButton(url, t("Copy link"))));
  }));
  const open = created.seats.filter((s) => s.mode === "open").map((s) => s.seat);
  const seats = joinWords(open.map(colourAt));
  $("created-open").textContent = !open.length ? ""
    : body.private
      ? nt("The {seats} seat is open to anyone who has the game's address (the game is not listed).",
           "The {seats} seats are open to anyone who has the game's address (the game is not listed).",
           open.length, { seats })
      : nt("The {seats} seat is open to anyone: listed under Open games below.",
           "The {seats} seats are open to anyone: listed under Open games below.",
           open.length, { seats });
  const mine = Object.values(body.seats).includes("me");
  $("play").href = `/games/${encodeURIComponent(created.id)}`;
  $("play").textContent = mine ? t("Play") : t("Watch the game");
  $("links").replaceChildren(...created.seats.map((seat) => {
    const url = new URL(seat.join, location.href).href;
    return el("li", { "data-seat": seat.seat }, `${colourAt(seat.seat)}: `,
      el("code", {}, url), " ", copyButton(url, t("copy")));
  }));
  $("api-links").hidden = !created.seats.length;
  $("created").hidden = false;
  $("created").scrollIntoView({ block: "nearest" });
  $("created").focus({ preventScroll: true });
}

// --- the public lists -----------------------------------------------------------------------

const titleOf = (name) => (types.find((ty) => ty.name === name) || { title: name }).title;

/** Seats that anyone may take (a person's seat offered to anyone, not taken yet). */
const offered = (game) => game.seats.filter((s) => s.open && s.mode === "open");

function seatWords(game) {
  return game.seats.map((s) => s.agent !== "human" ? t("bot {name}", { name: s.agent })
    : s.open && s.mode === "open" ? t("free")
      : nameWords(s.name) || (s.mode === "invite" ? t("invited") : t("a person"))).join(", ");
}

async function joinSeat(game, seat) {
  const player = await me();
  let name = player && player.name;
  if (!name) {
    name = window.prompt(t("Your name?"), "");
    if (name === null) return;
  }
  try {
    const joined = await api(`/api/games/${game.id}/join`,
                             { method: "POST", body: { seat, name: name.trim() || "guest" } });
    // The player's cookie holds the seat now; the token in the link is the fallback of a
    // browser that keeps no cookie (the game page takes it out of the address bar).
    location.href = joined.join;
  } catch (e) { $("lobby-error").textContent = e.message; }
}

function renderList(status, games) {
  const box = $(`list-${status}`);
  if (!games.length) { box.replaceChildren(el("p", { class: "muted" }, t("none"))); return; }
  const rows = games.map((g) => {
    const actions = el("td", { class: "actions" },
                       el("a", { href: `/games/${g.id}`, "aria-label": t("watch game {id}", { id: g.id }) },
                          t("watch")));
    if (status === "finished") {
      actions.append(" ", el("a", { href: `/games/${g.id}/replay`, class: "replay" }, t("replay")));
    }
    for (const s of offered(g)) {
      const type = types.find((ty) => ty.name === g.game) || {};
      const colour = colourName((g.colours && g.colours[s.seat]) || colourOf(type, s.seat));
      actions.append(" ", el("button", { onclick: () => joinSeat(g, s.seat),
                                         "data-seat": s.seat }, t("join as {colour}", { colour })));
    }
    const scores = g.scores ? g.scores.join(" : ") : "";
    return el("tr", { "data-game": g.id }, el("td", {}, titleOf(g.game)),
      el("td", {}, seatWords(g)), el("td", { class: "col-turn" }, t("turn {n}", { n: g.turn })),
      el("td", { class: "col-score" }, scores), actions);
  });
  const head = el("tr", {}, ...[[t("Game")], [t("Players")], [t("Turn"), "col-turn"],
    [t("Score"), "col-score"]].map(([h, cls]) => el("th", { scope: "col", class: cls }, h)),
    el("td", { class: "actions" }));
  box.replaceChildren(el("table", { class: "games" }, el("thead", {}, head),
                         el("tbody", {}, ...rows)));
}

async function refresh() {
  try {
    const lists = await Promise.all(["open", "running", "finished"].map(
      (s) => api(`/api/games?status=${s}&limit=20`)));
    // Open games: only those with a seat offered to anyone.
    lists[0] = lists[0].filter((g) => offered(g).length);
    ["open", "running", "finished"].forEach((s, i) => renderList(s, lists[i]));
    $("lobby-error").textContent = "";
  } catch (e) { $("lobby-error").textContent = t("The lists cannot be loaded: {why}", { why: e.message }); }
}

let myGames = null;

function showWho(player) {
  $("whoami").textContent = !player ? ""
    : player.account
      ? `${nameWords(player.name) || player.account.username} (${player.account.username})`
      : nameWords(player.name) || "";
}

async function start() {
  await startPage();                   // the page's language, before any of its words
  const player = await me();           // first: the server makes the player and its cookie
  showWho(player);
  onPlayer(showWho);
  myGames = createMyGames($("my-games"), { error: $("my-games-error"),
                                           typeOf: (n) => types.find((ty) => ty.name === n) });
  createPlayerCard($("you"), { onChange: () => myGames.refresh() });
  try { types = await api("/api/games/types"); }
  catch (e) { $("create-error").textContent = e.message; return; }
  // the server lists the games in the README's order (the registry's one list): kept as it is
  for (const ty of types) $("game").append(el("option", { value: ty.name }, ty.title));
  $("game").value = types[0].name;
  renderGameCards($("game-cards"), types, (name) => {     // a card picks its game below
    $("game").value = name;
    renderGameInfo();
    $("new-game").scrollIntoView({ block: "start", behavior: "smooth" });
    $("game").focus({ preventScroll: true });
  });
  $("game").addEventListener("change", renderGameInfo);
  $("players").addEventListener("input", renderSeats);
  $("clock-kind").addEventListener("change", () => { touched.add("clock"); followPeople(); });
  $("clock-days").addEventListener("change", () => touched.add("clock"));
  $("hints").addEventListener("change", () => { touched.add("hints"); followPeople(); });
  $("create").addEventListener("click", create);
  renderGameInfo();
  myGames.refresh();
  refresh();
  // My games also while the tab is hidden: its title says when a move is yours.
  setInterval(() => { if (!document.hidden) refresh(); myGames.refresh(); }, 4000);
}

start();
