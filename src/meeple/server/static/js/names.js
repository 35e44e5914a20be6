// The names people go by before they choose one (the server's names.py and storage.GUEST):
// the name a new player gets, "Guest 4821", and a seat taken by nobody named yet, "guest".
// Both are stored so, the same for every reader; a page says them in its own language.
import { t } from "./i18n.js";

/** A seat whose person has not named it yet: the server calls it so (seats.py). */
export const GUEST = "guest";

const DEFAULT_NAME = /^Guest (\d{1,9})$/;

/** Whether `name` is one the server gave ("Guest 4821", or GUEST), not one a person chose. */
export const unnamed = (name) => name === GUEST || DEFAULT_NAME.test(name || "");

/** A person's name as this page's reader reads it: a new player's "Guest 4821" in the
 * page's language ("Host 4821"), a seat nobody named "guest" too; any other as it is. */
export function nameWords(name) {
  if (name === GUEST) return t("guest");
  const given = DEFAULT_NAME.exec(name || "");
  return given ? t("Guest {number}", { number: given[1] }) : name;
}
