// "My games" on the lobby: the player's games from GET /api/players/me/games, yours to
// move first, then the others running, those waiting for invited friends (with their
// invitation links again), and the finished ones with their result and replay.
import { api } from "./api.js";
import { el, swatch } from "./dom.js";

/** A copy button for `url` (the clipboard, or a prompt where the page may not write it). */
export function copyButton(url, label = "Copy") {
  const button = el("button", { type: "button", class: "copy" }, label);
  button.addEventListener("click", async () => {
    try { await navigator.clipboard.writeText(url); button.textContent = "Copied"; }
    catch (e) { window.prompt("Copy this link:", url); }
  });
  return button;
}

/** A clock in words: "3 days a move", "10 min + 5 s", "60 s a move", "untimed". */
export function clockText(clock) {
  if (!clock) return "untimed";
  if (clock.kind === "move") return `${clock.seconds} s a move`;
  if (clock.kind === "live") return `${Math.round(clock.base / 60)} min + ${clock.increment} s`;
  if (clock.kind === "correspondence") {
    return `${clock.days} day${clock.days === 1 ? "" : "s"} a move`;
  }
  return String(clock.kind);
}

/** Time until `iso` in words: "2 days 3 h", "5 h 10 min", "12 min", "under a minute";
 * null when past. */
export function timeLeft(iso, now = Date.now()) {
  const ms = Date.parse(iso) - now;
  if (!(ms > 0)) return null;
  const min = Math.floor(ms / 60000), h = Math.floor(min / 60), d = Math.floor(h / 24);
  if (d >= 1) return `${d} day${d > 1 ? "s" : ""}${h % 24 ? ` ${h % 24} h` : ""}`;
  if (h >= 1) return `${h} h${min % 60 ? ` ${min % 60} min` : ""}`;
  return min >= 1 ? `${min} min` : "under a minute";
}

const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

/**
 * The list in `root`; `refresh()` asks the server again (the lobby calls it every few
 * seconds and after creating a game or logging in). `typeOf(name)` gives a game's type
 * (title, colours); `error` is the element for a list that cannot be loaded.
 */
export function createMyGames(root, { typeOf, error }) {
  let last = "";          // the reply last drawn: an unchanged list keeps its elements
  let drawnAt = 0;

  const colourOf = (g, seat) => {
    const t = typeOf(g.game);
    return (g.colours && g.colours[seat]) || (t && t.colours && t.colours[seat])
      || `seat ${seat + 1}`;
  };

  /** A seat in words, from the player's side: "you", "Bob", "bot greedy", "an invited
   * friend (not joined yet)", "an open seat". */
  function seatName(g, seat) {
    const s = (g.seats || []).find((x) => x.seat === seat);
    if (seat === g.seat) return "you";
    if (!s) return `seat ${seat + 1}`;
    if (s.agent && s.agent !== "human") return `bot ${s.agent}`;
    if (s.name) return s.name;
    if (s.mode === "invite") return "an invited friend (not here yet)";
    return s.open ? "an open seat" : "a person";
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
    const text = !left ? "time is up" : g.your_turn ? `${left} left to move`
      : `their move is due in ${left}`;
    return el("span", { class: `deadline${g.your_turn ? " mine" : ""}`, title: when },
              text);
  }

  function resultWords(g) {
    const scores = g.scores;
    const r = g.result;
    const words = [];
    if (r && r.ended === "claimed") {
      words.push(`${r.by === g.seat ? "you" : seatName(g, r.by)} claimed the win`
        + (r.timed_out !== undefined && r.timed_out !== null
          ? ` (${seatName(g, r.timed_out)} ran out of time)` : ""));
    } else if (r && r.ended === "abandoned") {
      words.push("ended as abandoned");
    } else if (scores && scores.length) {
      const best = Math.max(...scores);
      const winners = scores.map((v, i) => v === best ? i : -1).filter((i) => i >= 0);
      if (winners.includes(g.seat)) words.push(winners.length > 1 ? "a shared win" : "you won");
      else words.push(`${winners.map((i) => seatName(g, i)).join(" and ")} won`);
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
        el("span", {}, swatch(colourOf(g, i.seat)),
           ` ${colourOf(g, i.seat)}: send this link to your friend: the first person to open it `
           + "gets the seat. "),
        el("span", { class: "row link-row" }, el("code", { class: "invite-url" }, url),
           copyButton(url, "Copy link")));
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
      action = el("a", { class: "button", href: `${href}/replay` }, "Replay");
    } else if (g.your_turn) {
      li.classList.add("your-turn");
      head.append(el("span", { class: "badge" }, "your turn"));
      action = el("a", { class: "button primary", href }, "Play");
    } else if (g.status === "invited") {
      head.append(el("span", { class: "waiting" }, "waiting for your invited friend"));
      action = el("a", { class: "button", href }, "Open");
    } else {
      const turn = g.to_move ?? g.current_player;     // the seat to move, where given
      const who = turn !== undefined && turn !== null && turn >= 0 ? seatName(g, turn)
        : "the others";
      head.append(el("span", { class: "waiting" }, `waiting for ${who}`));
      action = el("a", { class: "button", href }, "Open");
    }
    head.append(deadline(g) || "", action);
    const running = g.status !== "finished";
    li.append(head, el("div", { class: "my-line muted" }, players(g),
      running && g.turn !== undefined ? ` · turn ${g.turn}` : "",
      running && g.clock ? ` · ${clockText(g.clock)}` : ""));
    const invites = g.status !== "finished" ? invitesPart(g) : null;
    if (invites) li.append(invites);
    return li;
  }

  const GROUPS = [
    ["Your turn", (g) => g.status !== "finished" && g.your_turn],
    ["Waiting for the others", (g) => g.status === "running" && !g.your_turn],
    ["Waiting for invited friends", (g) => g.status === "invited" && !g.your_turn],
    ["Finished", (g) => g.status === "finished"],
  ];
  const dueFirst = (a, b) => (Date.parse(a.deadline) || Infinity) - (Date.parse(b.deadline) || Infinity);
  const newestFirst = (a, b) => (Date.parse(b.updated_at) || 0) - (Date.parse(a.updated_at) || 0);

  function render(games) {
    const mine = games.filter((g) => g.status !== "finished" && g.your_turn).length;
    // The lobby's tab says it too, like a game page's.
    document.title = mine ? `● Your turn (${mine}) — meeple lobby` : "meeple — lobby";
    if (!games.length) {
      root.replaceChildren(el("p", { class: "muted", id: "my-games-none" },
        "No games yet: create one below, open a friend's invitation, or join an open game."));
      return;
    }
    const parts = [];
    for (const [heading, test] of GROUPS) {
      const group = games.filter(test);
      if (!group.length) continue;
      group.sort(heading === "Finished" ? newestFirst : dueFirst);
      const shown = heading === "Finished" ? group.slice(0, 10) : group;
      parts.push(el("h3", {}, heading, el("span", { class: "muted count" },
                                           ` (${plural(group.length, "game")})`)),
                 el("ul", { class: "my-list" }, ...shown.map(item)));
    }
    root.replaceChildren(...parts);
  }

  async function refresh() {
    let games;
    try { games = await api("/api/players/me/games"); }
    catch (e) {
      error.textContent = `Your games cannot be loaded: ${e.message}`;
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
