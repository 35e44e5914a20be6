// A game's rules page: the rulebook's text in the reader's language (GET /api/rules/GAME),
// each picture and worked example drawn by the game's own board module from the position
// the page's moves lead to, as a spectator sees it, and a switch between the languages the
// page is written in (remembered for every page).
import { api } from "./api.js";
import { loadBoard } from "./boards/index.js";
import { chooseLanguage, loadLanguage, nt, t } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const game = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");
const asked = new URLSearchParams(location.search).get("lang");

function languageSwitch(page, names) {
  const nav = $("languages");
  nav.setAttribute("aria-label", t("Language"));
  nav.replaceChildren(...page.languages.map((code) => {
    const a = document.createElement("a");
    a.href = `?lang=${encodeURIComponent(code)}`;
    a.lang = code;
    a.textContent = names[code] || code;
    if (code === page.lang) a.setAttribute("aria-current", "true");
    a.addEventListener("click", async (e) => {
      e.preventDefault();
      await chooseLanguage(code);
      location.search = `?lang=${encodeURIComponent(code)}`;
    });
    return a;
  }));
}

function contents(page) {
  $("contents-title").textContent = t("Contents");
  $("contents-list").replaceChildren(...page.sections.map((s) => {
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.href = `#${s.id}`;
    a.textContent = s.title;
    li.append(a);
    return li;
  }));
}

function sections(page) {
  $("sections").replaceChildren(...page.sections.map((s) => {
    const section = document.createElement("section");
    section.id = s.id;
    const h = document.createElement("h3");
    h.textContent = s.title;
    const body = document.createElement("div");
    body.innerHTML = s.html;      // rendered by the server from its own files, raw HTML off
    section.append(h, body);
    return section;
  }));
}

function scoresLine(block) {
  if (!block.scores) return null;
  const p = document.createElement("p");
  p.className = "example-scores";
  p.textContent = block.scores.length === 1
    ? nt("Score: {n} point", "Score: {n} points", block.scores[0])
    : t("Scores: {scores}", { scores: block.scores.join(" – ") });
  return p;
}

async function pictures(page) {
  const figures = [...document.querySelectorAll("figure.position")];
  if (!figures.length) return;
  const { module, data } = await loadBoard(game);
  for (const figure of figures) {
    const block = page.blocks[Number(figure.dataset.block)];
    const holder = document.createElement("div");
    holder.className = "rules-board";
    holder.setAttribute("role", "group");
    holder.setAttribute("aria-label", block.caption);
    const controls = document.createElement("div");
    controls.hidden = true;
    const caption = document.createElement("figcaption");
    caption.textContent = block.caption;
    figure.append(holder, controls, caption);
    const extra = scoresLine(block);
    if (extra) figure.append(extra);
    const board = module.createBoard(holder, controls, { data, send: () => false });
    board.update(block.position);
  }
}

async function main() {
  const lang = await loadLanguage(asked || undefined);
  $("back").textContent = t("Back to the lobby");
  let page;
  try {
    const query = `?lang=${encodeURIComponent(asked || lang)}`;
    page = await api(`/api/rules/${encodeURIComponent(game)}${query}`);
  } catch (e) {
    $("error").textContent = e.message;
    $("title").textContent = "";
    return;
  }
  document.documentElement.lang = page.lang;
  document.title = `meeple — ${page.title}`;
  $("title").textContent = page.title;
  $("intro").innerHTML = page.intro;
  const spoken = await api("/api/languages");
  languageSwitch(page, spoken.languages);
  contents(page);
  sections(page);
  if (location.hash) document.getElementById(location.hash.slice(1))?.scrollIntoView();
  await pictures(page);
}

main();
