// "My games" on the lobby: the player's games from GET /api/players/me/games, yours to
// move first, then the others running, those waiting for invited friends (with their
// invitation links again), and the finished ones with their result and replay.
import { api } from "./api.js";
import { el, swatch } from "./dom.js";
import { colourName } from "./colours.js";
import { joinWords, nt, t } from "./i18n.js";
import { nameWords } from "./names.js";

/** A copy button for `url` (the clipboard, or a prompt where the page may not write it). */
export function copyButton(url, label = t("Copy")) {
  const button = el("button", { type: "button", class: "copy" }, label);
  button.addEventListener("click", async () => {
    try { await navigator.clipboard.writeText(url); button.textContent = t("Copied"); }
    catch (e) { window.prompt(t("Copy this link:"), url); }
  });
  return button;
}

/** A clock in words: "3 days a move", "10 min + 5 s", "60 s a move", "untimed". */
export function clockText(clock) {
  if (!clock) return t("untimed");
  if (clock.kind === "move") return t("{n} s a move", { n: clock.seconds });
  if (clock.kind === "live") {
    return `${t("{n} min", { n: Math.round(clock.base / 60) })} + ${t("{n} s", { n: clock.increment })}`;
  }
  if (clock.kind === "correspondence") return nt("{n} day a move", "{n} days a move", clock.days);
  return String(clock.kind);
}

/** Time until `iso` in words: "2 days 3 h", "5 h 10 min", "12 min", "under a minute";
 * null when past. */
export function timeLeft(iso, now = Date.now()) {
  const ms = Date.parse(iso) - now;
  if (!(ms > 0)) return null;
  const min = Math.floor(ms / 60000), h = Math.floor(min / 60), d = Math.floor(h / 24);
  if (d >= 1) return nt("{n} day", "{n} days", d) + (h % 24 ? ` ${t("{n} h", { n: h % 24 })}` : "");
  if (h >= 1) return t("{n} h", { n: h }) + (min % 60 ? ` ${t("{n} min", { n: min % 60 })}` : "");
  return min >= 1 ? t("{n} min", { n: min }) : t("under a minute");
}

/**
 * The list in `root`; `refresh()` asks the server again (the lobby calls it every few
 * seconds and after creating a game or logging in). `typeOf(name)` gives a game's type
 * (title, colours); `error` is the element for a list that cannot be loaded.
 */
export function createMyGames(root, { typeOf, error }) {
  let last = "";          // the reply last drawn: an unchanged list keeps its elements
  let drawnAt = 0;

  const colourOf = (g, seat) => {
    const type = typeOf(g.game);
    return (g.colours && g.colours[seat]) || (type && type.colours && type.colours[seat])
      || `seat ${seat + 1}`;
  };
  const colourWords = (g, seat) => colourName(colourOf(g, seat));

  /** A seat in words, from the player's side: "you", "Bob", "bot greedy", "an invited
   * friend (not joined yet)", "an open seat". */
  function seatName(g, seat) {
    const s = (g.seats || []).find((x) => x.seat === seat);
    if (seat === g.seat) return t("you");
    if (!s) return colourWords(g, seat);
    if (s.agent && s.agent !== "human") return t("bot {name}", { name: s.agent });
    if (s.name) return nameWords(s.name);
    if (s.mode === "invite") return t("an invited friend (not here yet)");
    return s.open ? t("an open seat") : t("a person");
  }

  function players(g) {
    const seats = (g.seats || []).map((s) => s.seat);
    return el("span", { class: "my-players" }, ...seats.flatMap((seat, n) => [
      n ? ", " : "", swatch(colourOf(g, seat)), ` ${seatName(g, seat)}`]));
  }

  function deadline(g) {
    if (!g.deadline) return null;
    const left = timeLeft(g.deadline);
    const when = new Date(g.deadline).toLocaleString();
    const text = !left ? t("time is up") : g.your_turn ? t("{time} left to move", { time: left })
      : t("their move is due in {time}", { time: left });
    return el("span", { class: `deadline${g.your_turn ? " mine" : ""}`, title: when },
              text);
  }

  function resultWords(g) {
    const scores = g.scores;
    const r = g.result;
    const words = [];
    if (r && r.ended === "claimed") {
      const who = r.by === g.seat ? t("you") : seatName(g, r.by);
      words.push(r.timed_out !== undefined && r.timed_out !== null
        ? t("{who} claimed the win ({out} ran out of time)", { who, out: seatName(g, r.timed_out) })
        : t("{who} claimed the win", { who }));
    } else if (r && r.ended === "abandoned") {
      words.push(t("ended as abandoned"));
    } else if (scores && scores.length) {
      const best = Math.max(...scores);
      const winners = scores.map((v, i) => v === best ? i : -1).filter((i) => i >= 0);
      if (winners.includes(g.seat)) words.push(winners.length > 1 ? t("a shared win") : t("you won"));
      else words.push(t("{who} won", { who: joinWords(winners.map((i) => seatName(g, i))) }));
    }
    if (scores && scores.length) words.push(scores.join(" : "));
    return words.join(" · ");
  }

  function invitesPart(g) {
    const invites = g.invites || [];
    if (!invites.length) return null;
    return el("ul", { class: "invites" }, ...invites.map((i) => {
      const url = new URL(i.invite, location.href).href;
      return el("li", { "data-seat": i.seat, class: "invite" },
        el("span", {}, swatch(colourOf(g, i.seat)), " ",
           t("{colour}: send this link to your friend: the first person to open it gets the seat.",
             { colour: colourWords(g, i.seat) }), " "),
        el("span", { class: "row link-row" }, el("code", { class: "invite-url" }, url),
           copyButton(url, t("Copy link"))));
    }));
  }

  function item(g) {
    const type = typeOf(g.game);
    const title = (type && type.title) || g.game;
    const href = `/games/${encodeURIComponent(g.id)}`;
    const li = el("li", { class: "my-game", "data-game": g.id, "data-status": g.status });
    const head = el("div", { class: "my-head" },
      el("a", { class: "my-title", href }, title));
    let action;
    if (g.status === "finished") {
      head.append(el("span", { class: "result" }, resultWords(g)));
      action = el("a", { class: "button", href: `${href}/replay` }, t("Replay"));
    } else if (g.your_turn) {
      li.classList.add("your-turn");
      head.append(el("span", { class: "badge" }, t("your turn")));
      action = el("a", { class: "button primary", href }, t("Play"));
    } else if (g.status === "invited") {
      head.append(el("span", { class: "waiting" }, t("waiting for your invited friend")));
      action = el("a", { class: "button", href }, t("Open"));
    } else {
      const turn = g.to_move ?? g.current_player;     // the seat to move, where given
      const who = turn !== undefined && turn !== null && turn >= 0 ? seatName(g, turn)
        : t("the others");
      head.append(el("span", { class: "waiting" }, t("waiting for {who}", { who })));
      action = el("a", { class: "button", href }, t("Open"));
    }
    head.append(deadline(g) || "", action);
    const running = g.status !== "finished";
    li.append(head, el("div", { class: "my-line muted" }, players(g),
      running && g.turn !== undefined ? ` · ${t("turn {n}", { n: g.turn })}` : "",
      running && g.clock ? ` · ${clockText(g.clock)}` : ""));
    const invites = g.status !== "finished" ? invitesPart(g) : null;
    if (invites) li.append(invites);
    return li;
  }

  const GROUPS = [
    ["mine", t("Your turn"), (g) => g.status !== "finished" && g.your_turn],
    ["others", t("Waiting for the others"), (g) => g.status === "running" && !g.your_turn],
    ["invited", t("Waiting for invited friends"), (g) => g.status === "invited" && !g.your_turn],
    ["finished", t("Finished"), (g) => g.status === "finished"],
  ];
  const dueFirst = (a, b) => (Date.parse(a.deadline) || Infinity) - (Date.parse(b.deadline) || Infinity);
  const newestFirst = (a, b) => (Date.parse(b.updated_at) || 0) - (Date.parse(a.updated_at) || 0);

  function render(games) {
    const mine = games.filter((g) => g.status !== "finished" && g.your_turn).length;
    // The lobby's tab says it too, like a game page's.
    document.title = mine ? `● ${t("Your turn ({n}) — meeple lobby", { n: mine })}` : t("meeple — lobby");
    if (!games.length) {
      root.replaceChildren(el("p", { class: "muted", id: "my-games-none" },
        t("No games yet: create one below, open a friend's invitation, or join an open game.")));
      return;
    }
    const parts = [];
    for (const [kind, heading, test] of GROUPS) {
      const group = games.filter(test);
      if (!group.length) continue;
      group.sort(kind === "finished" ? newestFirst : dueFirst);
      const shown = kind === "finished" ? group.slice(0, 10) : group;
      parts.push(el("h3", {}, heading, el("span", { class: "muted count" },
                                           ` (${nt("{n} game", "{n} games", group.length)})`)),
                 el("ul", { class: "my-list" }, ...shown.map(item)));
    }
    root.replaceChildren(...parts);
  }

  async function refresh() {
    let games;
    try { games = await api("/api/players/me/games"); }
    catch (e) {
      error.textContent = t("Your games cannot be loaded: {why}", { why: e.message });
      return;
    }
    error.textContent = "";
    const text = JSON.stringify(games);
    // Redrawn when something changed, and each minute for the deadlines' words.
    if (text === last && Date.now() - drawnAt < 60000) return;
    last = text; drawnAt = Date.now();
    render(games);
  }

  return { refresh };
}
