// The game's log: the server's words for every seat's action (a message's `log`, the same
// for every viewer) and the events (what the actions scored, a season's end), interleaved
// by action index, newest first. A `state` message carries the whole game's, so a reload,
// a reconnect, a takeback or a spectator arriving late shows the same log; an `update`
// carries its own actions' entries from its `since` on.
import { seatColourNames } from "./colours.js";
import { el } from "./dom.js";
import { GUEST, nameWords } from "./names.js";

/** A seat as the log names it: its person's name, else its colour (the server's rule). */
export function personName(state, seat) {
  const s = (state.seats || []).find((x) => x.seat === seat);
  return s && s.name && s.name !== GUEST ? nameWords(s.name) : seatColourNames(state)[seat];
}

/** The engine's words with people in them: "seat 1 (blue)", "seat 1" become the seat's
 * person and colour, "Ana (blue)" (its colour alone, "blue", where nobody named it):
 * the engines count seats from 0, people do not count seats at all. */
export function peopleWords(state, text) {
  if (!text || !state) return text;
  const colours = seatColourNames(state);
  return String(text).replace(/\bseat (\d+)(?: \((\w+)\))?/g, (all, n) => {
    const seat = Number(n);
    if (!(seat < colours.length)) return all;
    const name = personName(state, seat);
    return name === colours[seat] ? name : `${name} (${colours[seat]})`;
  });
}

const namesOf = (state) => (state.seats || []).map((s) => personName(state, s.seat)).join("\n");

/**
 * The log in `root` (an <ol>/<ul>): `update(msg)` after every message; `note(text)` a line
 * of this page's own (a declined takeback), kept until the next whole state. `resync()`
 * asks for the whole state again: when a seat's name changes, the words named it before.
 */
export function createLog(root, { resync }) {
  let moves = [];          // the server's entries: {index, seat, text}
  let events = [];         // the events: {index, kind, text, ...}
  let notes = [];          // this page's own lines: {index, text}
  let names = null;        // the seats' names the entries were told with
  let state = null;        // the latest message: the seats' names and colours

  /** Keep what came before `since`, add the message's own from there on. */
  function merge(list, since, fresh) {
    return list.filter((e) => e.index < since).concat(fresh || []);
  }

  function render() {
    const lines = [
      ...moves.map((e) => ({ ...e, kind: "move", order: 0 })),
      ...events.filter((e) => e.text).map((e) => ({ ...e, kind: "event", order: 1 })),
      ...notes.map((e) => ({ ...e, kind: "note", order: 2 })),
    ];
    lines.sort((a, b) => a.index - b.index || a.order - b.order);
    root.replaceChildren(...lines.reverse().map((e) => el("li", {
      class: e.kind, "data-index": e.index, "data-seat": e.seat ?? null,
    }, peopleWords(state, e.text))));
  }

  return {
    update(msg) {
      state = msg;
      if (msg.type === "state" || msg.type === undefined) {
        moves = msg.log || []; events = msg.events || []; notes = [];
      } else if (msg.type === "update") {
        moves = merge(moves, msg.since, msg.log);
        events = merge(events, msg.since, msg.events);
      } else if (names !== null && namesOf(msg) !== names) {
        resync();          // a seat was named: the whole state tells its lines anew
      }
      names = namesOf(msg);
      render();
    },
    note(text, index) {
      notes.push({ index: index ?? Number.MAX_SAFE_INTEGER, text });
      render();
    },
  };
}
