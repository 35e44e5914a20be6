// Seat colours: the game declares each seat's colour name (the state message's `colours`),
// the page paints it with the CSS colour below and names it in the page's language.
import { pt } from "./i18n.js";

/** CSS colours for the colour names games use; another name is taken as CSS as it is. */
const COLOURS = { red: "#d33b2c", blue: "#2f62c9", green: "#2f9a45", yellow: "#f0c419",
                  black: "#2b2b2b", white: "#f5f5f5", purple: "#8748b8", orange: "#ee8a1d",
                  grey: "#888888", gray: "#888888", pink: "#e777b0" };

export function cssColour(name) { return COLOURS[name] || name; }

/** Each seat's colour name, in seat order, as the game declares them. */
export function seatColours(state) {
  return (state && state.colours) || [];
}

/** A colour's name in the page's language ("red" is "červená", "красный"); another name
 * as it is. The same words as the server's log (context "colour"). */
export function colourName(name) {
  const said = {
    red: () => pt("colour", "red"), blue: () => pt("colour", "blue"),
    green: () => pt("colour", "green"), yellow: () => pt("colour", "yellow"),
    black: () => pt("colour", "black"), white: () => pt("colour", "white"),
    purple: () => pt("colour", "purple"), orange: () => pt("colour", "orange"),
    grey: () => pt("colour", "grey"), gray: () => pt("colour", "grey"),
    pink: () => pt("colour", "pink"),
  }[name];
  return said ? said() : String(name ?? "");
}

/** Each seat's colour in words, in seat order. */
export function seatColourNames(state) {
  return seatColours(state).map(colourName);
}
