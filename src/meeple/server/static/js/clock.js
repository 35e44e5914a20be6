// The game's clock on the page: each seat's time (a live clock), the time left for the
// move (a fixed time per move), or the deadline of the move (correspondence), ticking each
// second; what a timeout lets the other people do (claim the win, end the game as
// abandoned); and a person's own seat handed to a bot ("let a bot finish for me") and
// taken back. The server decides everything (its clock is the one that counts); the page
// shows it, corrected by the message's `now` for this computer's clock.
import { api } from "./api.js";
import { el } from "./dom.js";
import { language, nt, t } from "./i18n.js";

const DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct",
                "Nov", "Dec"];
const LOW_S = 10;          // a live or move clock under this many seconds shows as low

const pad = (n) => String(n).padStart(2, "0");

/** Seconds as a clock shows them: `m:ss`, `h:mm:ss` past an hour (rounded up, so that
 * 0:00 means the time is out). */
export function clockText(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), rest = s % 60;
  return h ? `${h}:${pad(m)}:${pad(rest)}` : `${m}:${pad(rest)}`;
}

/** A deadline in words, in this computer's time zone: "by Thu 14:00" within the coming
 * week, with its date further on ("by Thu 8 Jan 14:00"). */
export function byText(deadline, now) {
  const d = new Date(deadline);
  const time = `${pad(d.getHours())}:${pad(d.getMinutes())}`;
  const far = d - now > 6 * 86400 * 1000;
  const english = language() === "en";
  const day = english ? DAYS[d.getDay()]
    : new Intl.DateTimeFormat(language(), { weekday: "short" }).format(d);
  const date = !far ? "" : english ? ` ${d.getDate()} ${MONTHS[d.getMonth()]}`
    : ` ${new Intl.DateTimeFormat(language(), { day: "numeric", month: "short" }).format(d)}`;
  return t("by {when}", { when: `${day}${date} ${time}` });
}

/** A long time left in words: "2 days 3 h", "5 h 20 min", or the clock under an hour. */
export function leftText(seconds) {
  const s = Math.max(0, seconds);
  if (s >= 86400) {
    const days = Math.floor(s / 86400);
    return `${nt("{n} day", "{n} days", days)} ${t("{n} h", { n: Math.floor((s % 86400) / 3600) })}`;
  }
  if (s >= 3600) {
    return `${t("{n} h", { n: Math.floor(s / 3600) })} ${t("{n} min", { n: Math.floor((s % 3600) / 60) })}`;
  }
  return clockText(s);
}

/** The clock's settings in words ("5 min + 3 s", "60 s a move", "3 days a move"). */
export function settingText(clock) {
  if (clock.kind === "move") return t("{n} s a move", { n: clock.seconds });
  if (clock.kind === "correspondence") return nt("{n} day a move", "{n} days a move", clock.days);
  const base = clock.base % 60 ? t("{n} s", { n: clock.base }) : t("{n} min", { n: clock.base / 60 });
  return clock.increment ? `${base} + ${t("{n} s", { n: clock.increment })}` : base;
}

/**
 * The clock's panel in `root`: `update(state)` after every message, `resultText(state)`
 * the words of a game that ended by a claim (null otherwise). `colourOf(i)` names a seat
 * by its colour; every request carries the seat's `token` (where the page has one) and the
 * player's cookie.
 */
export function createClock(root, { gameId, token, showError, colourOf }) {
  const base = `/api/games/${encodeURIComponent(gameId)}`;
  let state = null;
  let offset = 0;          // the server's clock less this computer's, in ms
  let busy = false;        // a request under way: a double click asks once
  const times = el("div", { id: "clock-times", class: "clock-times" });
  const actions = el("div", { id: "clock-actions", class: "clock-actions" });
  root.replaceChildren(times, actions);

  const serverNow = () => Date.now() + offset;
  const seated = () => !!state && state.seat !== null && state.seat !== undefined;
  const mine = () => seated() && state.seats.find((s) => s.seat === state.seat);
  const running = () => !!state.clock && !!state.clock.deadline && !state.terminal;

  async function ask(path, body) {
    if (busy) return;
    busy = true;
    showError("");
    try { await api(base + path, { method: "POST", body, token }); }
    catch (e) { showError(e.message); }
    finally { busy = false; }
  }

  /** The seconds left of seat `i` now (a live clock): the seat to move counts down to
   * its deadline; the others keep what they had. */
  function secondsOf(i) {
    const c = state.clock;
    if (running() && state.current_player === i) return (Date.parse(c.deadline) - serverNow()) / 1000;
    return c.remaining ? c.remaining[i] : null;
  }

  function renderTimes() {
    const c = state && state.clock;
    times.hidden = !c;
    if (!c) return;
    const head = el("div", { class: "clock-setting" }, t("Clock: {setting}", { setting: settingText(c) }),
      el("span", { class: "muted" }, " · ", c.on_timeout === "claim"
        ? t("on timeout the others may claim the game") : t("on timeout a bot takes over")));
    const rows = [];
    if (c.kind === "live" && c.remaining) {
      const list = el("ul", { class: "clock-seats" });
      c.remaining.forEach((_, i) => {
        const left = secondsOf(i);
        const seat = state.seats.find((s) => s.seat === i);
        const bot = seat && seat.agent !== "human";         // a bot's own seat runs no clock
        const li = el("li", { "data-seat": i, class: "clock-seat" },
          el("span", {}, colourOf(i)),
          el("span", { class: "clock-time" }, bot ? t("bot") : clockText(left)));
        if (running() && state.current_player === i) li.classList.add("running");
        if (!bot && left < LOW_S) li.classList.add("low");
        list.append(li);
      });
      rows.push(list);
    }
    if (running() && c.kind !== "live") {
      const left = (Date.parse(c.deadline) - serverNow()) / 1000;
      const mine = state.current_player === state.seat;
      const who = mine ? t("You move") : t("{colour} moves", { colour: colourOf(state.current_player) });
      const when = byText(Date.parse(c.deadline), serverNow());
      rows.push(c.kind === "move"
        ? el("p", { id: "clock-deadline", class: `clock-deadline running${left < LOW_S ? " low" : ""}` },
             `${who}: `, el("span", { class: "clock-time" }, clockText(left)), " ", t("left"))
        : el("p", { id: "clock-deadline", class: "clock-deadline" },
             t("{who} {when} ({left} left)", { who, when, left: leftText(left) })));
    } else if (!state.terminal && c.timed_out === null && !running()) {
      rows.push(el("p", { class: "clock-deadline muted" }, t("No clock runs while a bot moves.")));
    }
    times.replaceChildren(head, ...rows);
  }

  function timeoutPart() {
    const c = state.clock;
    if (!c || c.timed_out === null || c.timed_out === undefined || state.terminal) return null;
    const out = colourOf(c.timed_out);
    if (seated() && state.seat === c.timed_out) {
      return el("p", { id: "timed-out-mine", class: "clock-question" },
                t("Your time ran out: move now, or the others may claim the game."));
    }
    if (!seated() || !mine() || mine().agent !== "human") {
      return el("p", { class: "clock-question" },
                t("{colour}'s time ran out: the others may claim the game.", { colour: out }));
    }
    return el("div", { id: "claim", class: "clock-question" },
      el("p", {}, t("{colour}'s time ran out. You may end the game:", { colour: out })),
      el("div", { class: "controls" },
        el("button", { id: "claim-win", class: "primary", onclick: () => ask("/claim", { end: "win" }) },
           t("Claim the win")),
        el("button", { id: "claim-abandoned", onclick: () => ask("/claim", { end: "abandoned" }) },
           t("End as abandoned"))));
  }

  function seatBotPart() {
    const seat = mine();
    if (!seat || seat.agent !== "human" || state.terminal) return null;
    if (seat.bot) {
      return el("div", { id: "seat-bot", class: "seat-bot" },
        el("p", {}, t("A bot ({bot}) plays for you now.", { bot: seat.bot })),
        el("button", { id: "seat-back", class: "primary", onclick: () => ask("/seat/bot", { bot: false }) },
           t("Take my seat back")));
    }
    return el("div", { id: "seat-bot", class: "seat-bot" },
      el("button", { id: "seat-to-bot", onclick: () => ask("/seat/bot", { bot: true }),
                     title: t("a bot plays your seat from now on; you may take it back") },
         t("Let a bot finish for me")));
  }

  function render() {
    renderTimes();
    const result = resultText(state);
    actions.replaceChildren(...[
      result ? el("p", { id: "clock-result", class: "clock-result" }, result) : null,
      timeoutPart(), seatBotPart()].filter(Boolean));
  }

  /** How a game ended outside its rules, in words; null for any other game. */
  function resultText(s) {
    const r = s && s.result;
    if (!r) return null;
    const out = colourOf(r.timed_out);
    return r.ended === "claimed"
      ? t("Game over — {by} claimed the win: {out}'s time ran out", { by: colourOf(r.by), out })
      : t("Game over — ended as abandoned by {by}: {out}'s time ran out", { by: colourOf(r.by), out });
  }

  setInterval(() => { if (state && running()) renderTimes(); }, 1000);

  return {
    update(next) {
      state = next;
      if (next.clock && next.clock.now) offset = Date.parse(next.clock.now) - Date.now();
      render();
    },
    resultText,
  };
}
