// Moves as the boards meet them: the legal ones the seat to move is offered (the server's
// `legal` strings and, in the same order, their `legal_parts`). The log's words for the
// moves played are the server's (`log`, shown by ../log.js).

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
