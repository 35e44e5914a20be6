// The page's words in the reader's language. The server's catalogue (GET /api/languages/LANG)
// maps each English message to its translation; English needs none. `t("Place")` and
// `nt("{n} follower left", "{n} followers left", n)` are the words; `{name}` fields are
// filled from `params`. The plural form comes from the browser's Intl.PluralRules, whose
// category the catalogue maps to its form (`plural`). Messages are found in this source by
// the server's extractor (python -m meeple.i18n.extract), so keep their ids literal strings.

let catalogue = { lang: "en", plural: { one: 0, other: 1 }, messages: {} };
let rules = new Intl.PluralRules("en");

function fill(template, params) {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (all, name) =>
    Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : all);
}

/** The language the page speaks now. */
export function language() { return catalogue.lang; }

/** Loads the catalogue of `lang` (the server's choice for this reader when not given). */
export async function loadLanguage(lang) {
  if (!lang) {
    const reply = await fetch("/api/languages");
    lang = reply.ok ? (await reply.json()).chosen : "en";
  }
  if (lang !== "en") {
    const reply = await fetch(`/api/languages/${encodeURIComponent(lang)}`);
    if (reply.ok) catalogue = await reply.json();
  } else {
    catalogue = { lang: "en", plural: { one: 0, other: 1 }, messages: {} };
  }
  rules = new Intl.PluralRules(catalogue.lang);
  document.documentElement.lang = catalogue.lang;
  return catalogue.lang;
}

/** Remembers the person's choice (a cookie the server reads too) and loads it. */
export async function chooseLanguage(lang) {
  document.cookie = `meeple_lang=${encodeURIComponent(lang)}; path=/; max-age=${400 * 86400}; SameSite=Lax`;
  return loadLanguage(lang);
}

/** `msgid` in the page's language, its `{fields}` filled from `params`. */
export function t(msgid, params) {
  const said = catalogue.messages[msgid];
  return fill(typeof said === "string" ? said : msgid, params);
}

/** The words for `n` things (`n` is a field too). */
export function nt(singular, plural, n, params) {
  const said = catalogue.messages[singular];
  let template = n === 1 ? singular : plural;
  if (Array.isArray(said)) {
    const form = catalogue.plural[rules.select(n)];
    template = said[form ?? said.length - 1] || template;
  }
  return fill(template, { n, ...(params || {}) });
}
