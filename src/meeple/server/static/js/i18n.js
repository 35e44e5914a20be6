// The page's words in the reader's language. The server's catalogue (GET /api/languages/LANG)
// maps each English message to its translation; English needs none. `t("Place")` and
// `nt("{n} follower left", "{n} followers left", n)` are the words, `pt("colour", "red")` a
// word whose translation depends on where it stands; `{name}` fields are filled from
// `params`. The plural form comes from the browser's Intl.PluralRules, whose category the
// catalogue maps to its form (`plural`). Messages are found in this source by the server's
// extractor (python -m meeple.i18n.extract), so keep their ids literal strings.
//
// The pages' static words are in their HTML, marked: an element with `data-t` has its text
// (whitespace collapsed) as its message, `data-t-attrs="title aria-label"` names the
// attributes whose values are messages; `translatePage()` puts them in the page's language.
// Every page loads its language first (`loadLanguage`), then draws; the switch in its
// header (`languageSwitch`) remembers the choice (a cookie the server reads too) and
// reloads the page, so its words, its WebSocket and the server's words all follow.
//
// A message the catalogue lacks is said in English and recorded on `window.__meepleMisses`
// (what a test of the pages in every language reads).

const ENGLISH = { lang: "en", plural: { one: 0, other: 1 }, messages: {} };
let catalogue = ENGLISH;
let rules = new Intl.PluralRules("en");
let spoken = null;           // {code: its own name}, from GET /api/languages
const misses = new Set();

function fill(template, params) {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (all, name) =>
    Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : all);
}

function missed(key) {
  if (catalogue.lang === "en" || misses.has(key)) return;
  misses.add(key);
  window.__meepleMisses = [...misses];
}
window.__meepleMisses = [];

/** The language the page speaks now. */
export function language() { return catalogue.lang; }

/** The languages the server speaks, each in its own name ({} before `loadLanguage`). */
export function languages() { return spoken || {}; }

/** Loads the catalogue of `lang` (the server's choice for this reader when not given). */
export async function loadLanguage(lang) {
  try {
    const reply = await fetch("/api/languages", { credentials: "same-origin" });
    if (reply.ok) {
      const body = await reply.json();
      spoken = body.languages;
      lang = lang || body.chosen;
    }
  } catch (e) { /* the server cannot be reached: English */ }
  lang = lang || "en";
  catalogue = ENGLISH;
  if (lang !== "en") {
    try {
      const reply = await fetch(`/api/languages/${encodeURIComponent(lang)}`);
      if (reply.ok) catalogue = await reply.json();
    } catch (e) { /* English then */ }
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
  if (typeof said !== "string") missed(msgid);
  return fill(typeof said === "string" ? said : msgid, params);
}

/** `msgid` in the sense `context` gives it ("colour", "red"). */
export function pt(context, msgid, params) {
  const said = catalogue.messages[`${context}\x04${msgid}`];
  if (typeof said !== "string") missed(`${context}|${msgid}`);
  return fill(typeof said === "string" ? said : msgid, params);
}

/** The words for `n` things (`n` is a field too). */
export function nt(singular, plural, n, params) {
  const said = catalogue.messages[singular];
  let template = n === 1 ? singular : plural;
  if (Array.isArray(said)) {
    const form = catalogue.plural[rules.select(n)];
    template = said[form ?? said.length - 1] || template;
  } else missed(singular);
  return fill(template, { n, ...(params || {}) });
}

/** "a", "a and b", "a, b and c" in the page's language (the engine's words for lists). */
export function joinWords(items) {
  if (!items.length) return "";
  let head = items[0];
  for (const item of items.slice(1, -1)) head = t("{a}, {b}", { a: head, b: item });
  return items.length > 1 ? t("{a} and {b}", { a: head, b: items[items.length - 1] }) : head;
}

const collapse = (text) => text.replace(/\s+/g, " ").trim();

/** The marked words of the page's HTML (`data-t`, `data-t-attrs`) in its language. */
export function translatePage(root = document) {
  for (const node of root.querySelectorAll("[data-t]")) {
    if (node.dataset.tId === undefined) node.dataset.tId = node.dataset.t || collapse(node.textContent);
    node.textContent = t(node.dataset.tId);
  }
  for (const node of root.querySelectorAll("[data-t-attrs]")) {
    for (const name of node.dataset.tAttrs.split(/\s+/).filter(Boolean)) {
      const key = `tAttr${name.replace(/(^|-)(\w)/g, (all, dash, c) => c.toUpperCase())}`;
      if (node.dataset[key] === undefined) node.dataset[key] = node.getAttribute(name) || "";
      if (node.dataset[key]) node.setAttribute(name, t(node.dataset[key]));
    }
  }
}

/** The page again, without a `?lang=` that would choose the old language again. */
function reloadPage() {
  const url = new URL(location.href);
  url.searchParams.delete("lang");
  if (url.href === location.href) location.reload(); else location.replace(url.href);
}

/**
 * The language switch in `nav` (an element in the page's header): each language in its own
 * name, the page's marked as current; choosing one remembers it and calls `go(code)`
 * (by default the page loads again, in the language chosen).
 */
export function languageSwitch(nav, { go = reloadPage } = {}) {
  nav.classList.add("languages");
  nav.setAttribute("aria-label", t("Language"));
  const names = languages();
  nav.replaceChildren(...Object.keys(names).map((code) => {
    const a = document.createElement("a");
    a.href = `?lang=${encodeURIComponent(code)}`;
    a.lang = code;
    a.hreflang = code;
    a.dataset.lang = code;
    a.textContent = names[code];
    if (code === catalogue.lang) a.setAttribute("aria-current", "true");
    a.addEventListener("click", async (e) => {
      e.preventDefault();
      if (code === catalogue.lang) return;
      await chooseLanguage(code);
      go(code);
    });
    return a;
  }));
  return nav;
}

/**
 * What every page does first: its language (a `?lang=` in the address is a choice too,
 * remembered), its marked words, and the switch in `#languages` where the page has one.
 */
export async function startPage() {
  const asked = new URLSearchParams(location.search).get("lang");
  if (asked) await chooseLanguage(asked); else await loadLanguage();
  translatePage();
  const nav = document.getElementById("languages");
  if (nav) languageSwitch(nav);
  return catalogue.lang;
}
