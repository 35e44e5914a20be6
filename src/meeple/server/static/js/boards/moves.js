// Moves as the boards meet them: the legal ones the seat to move is offered (the server's
// `legal` strings and, in the same order, their `legal_parts`), and the seats' moves an
// update reports (`moves`), put in words for the log.
import { seatColours } from "../colours.js";

/** Whether the page's seat has moves to make now (a spectator, or a seat not to move,
 * gets none from the server). */
export function myMove(state) {
  return !!(state && state.legal && state.legal.length > 0);
}

/** `sort(state)` computed once per state message: a board sorts the legal parts by what
 * it shows of them once, then every drawing of that state reads the result. */
export function perState(sort) {
  const done = new WeakMap();
  return (state) => {
    if (!done.has(state)) done.set(state, sort(state));
    return done.get(state);
  };
}

/** An update's moves by seats in words, one line each. By default `move N (colour):
 * action` (N counts actions from 1, chance outcomes included, as the replay's steps do);
 * a board that can say a move better gives `say(move, colour)`, whose words (when not
 * null) follow `move N: `. */
export function movesInWords(state, say = null) {
  const colours = seatColours(state);
  return (state.moves || []).map((m) => {
    const colour = colours[m.seat] || `seat ${m.seat}`;
    const words = say && say(m, colour);
    return words ? `move ${m.index + 1}: ${words}` : `move ${m.index + 1} (${colour}): ${m.action}`;
  });
}
