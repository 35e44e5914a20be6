// Seat colours: the game declares each seat's colour name (the state message's `colours`),
// the page paints it with the CSS colour below.

/** CSS colours for the colour names games use; another name is taken as CSS as it is. */
const COLOURS = { red: "#d33b2c", blue: "#2f62c9", green: "#2f9a45", yellow: "#f0c419",
                  black: "#2b2b2b", white: "#f5f5f5", purple: "#8748b8", orange: "#ee8a1d",
                  grey: "#888888", gray: "#888888", pink: "#e777b0" };

export function cssColour(name) { return COLOURS[name] || name; }

/** Each seat's colour name, in seat order, as the game declares them. */
export function seatColours(state) {
  return (state && state.colours) || [];
}
