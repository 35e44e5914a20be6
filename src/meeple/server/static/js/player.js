// Who this browser is: the player (a cookie the server sets on first use, HttpOnly, so
// no script reads it), their name, and an account that brings their games to another
// device. Every page asks `me()` first: the first request makes the player, and the game's
// WebSocket then carries the cookie that gives the player their seats.
import { api, ApiError } from "./api.js";
import { el } from "./dom.js";
import { t } from "./i18n.js";
import { nameWords, unnamed } from "./names.js";

let asked = null;            // the pending or answered GET /api/players/me
const listeners = new Set();

/** The player `{id, name, account: null | {username}}`; asked once per page unless
 * `again`. A server that cannot be reached gives null (the page still works by links). */
export function me(again = false) {
  if (!asked || again) {
    asked = api("/api/players/me").catch(() => null);
  }
  return asked;
}

/** Call `fn(player)` whenever the player changes (a new name, logged in or out). */
export function onPlayer(fn) { listeners.add(fn); return () => listeners.delete(fn); }

function changed(player) {
  asked = Promise.resolve(player);
  for (const fn of listeners) fn(player);
}

/** A refusal of the account routes in words (the status says which). */
export function accountWords(error, action) {
  if (!(error instanceof ApiError)) return String(error.message || error);
  const server = error.message.replace(/\s*\(\d+\)$/, "");
  if (error.status === 401) return t("wrong username or password");
  if (error.status === 409) return t("that username is taken: choose another");
  if (error.status === 400) return `${action}: ${server}`;
  if (error.status === 429) return t("too many tries: {why}", { why: server });
  if (error.status === 0) return server;
  return t("{action} failed: {why}", { action, why: server });
}

/** A labelled field of the account forms. */
function field(id, label, attrs) {
  return el("label", { class: "field", for: id }, el("span", {}, label),
            el("input", { id, required: "", ...attrs }));
}

/**
 * The "you" card in `root`: the name others see, and the account (create, log in, log
 * out). `onChange(player)` after the player changed (the lobby reloads "my games").
 */
export function createPlayerCard(root, { onChange } = {}) {
  const nameInput = el("input", { id: "my-name", maxlength: 40, size: 16,
                                  autocomplete: "nickname", placeholder: t("your name") });
  const nameNote = el("span", { class: "muted", id: "name-note", role: "status" });
  const nameForm = el("form", { class: "row name-row", id: "name-form" },
    el("label", { for: "my-name" }, t("Your name"), " "), nameInput,
    el("button", { type: "submit" }, t("Save")), nameNote);
  nameForm.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const name = nameInput.value.trim();
    if (!name) { nameNote.textContent = t("type a name first"); return; }
    try {
      const player = await api("/api/players/me", { method: "PATCH", body: { name } });
      nameNote.textContent = t("saved");
      changed(player);
      if (onChange) onChange(player);
    } catch (e) { nameNote.textContent = accountWords(e, t("the name")); }
  });

  const account = el("div", { class: "account", id: "account" });
  const error = el("div", { class: "error", id: "account-error", role: "alert" });

  function accountForm(kind) {
    const create = kind === "create";
    const prefix = create ? "new" : "login";
    const form = el("form", { class: "account-form", id: `${prefix}-form` },
      field(`${prefix}-username`, t("Username"), { autocomplete: "username", maxlength: 40,
                                                autocapitalize: "none", spellcheck: "false" }),
      field(`${prefix}-password`, t("Password"), { type: "password",
        autocomplete: create ? "new-password" : "current-password",
        placeholder: create ? t("8 characters or more") : null }),
      el("button", { type: "submit", class: "primary" },
         create ? t("Create the account") : t("Log in")));
    form.addEventListener("submit", async (ev) => {
      ev.preventDefault();
      error.textContent = "";
      const body = { username: form.querySelector(`#${prefix}-username`).value.trim(),
                     password: form.querySelector(`#${prefix}-password`).value };
      try {
        await api(create ? "/api/accounts" : "/api/login", { method: "POST", body });
        const player = await me(true);
        changed(player);
        if (onChange) onChange(player);
      } catch (e) {
        error.textContent = accountWords(e, create ? t("the account") : t("logging in"));
      }
    });
    return form;
  }

  async function logOut() {
    error.textContent = "";
    try {
      await api("/api/logout", { method: "POST" });
      const player = await me(true);
      changed(player);
      if (onChange) onChange(player);
    } catch (e) { error.textContent = accountWords(e, t("logging out")); }
  }

  function render(player) {
    if (!player) {
      account.replaceChildren(el("p", { class: "muted" },
        t("The server cannot be reached: your name and games show once it answers.")));
      return;
    }
    // The name the server gave is no name to edit: it shows as the field's hint.
    if (document.activeElement !== nameInput) {
      nameInput.value = unnamed(player.name) ? "" : player.name || "";
      nameInput.placeholder = unnamed(player.name) ? nameWords(player.name) : t("your name");
    }
    if (player.account) {
      account.replaceChildren(el("p", { class: "row" },
        el("span", { id: "account-name" }, t("Logged in as {username}: your games are with you "
           + "on every device where you log in.", { username: player.account.username })),
        el("button", { id: "logout", onclick: logOut }, t("Log out"))));
      return;
    }
    const createBox = el("details", { class: "account-box", id: "create-account" },
      el("summary", {}, t("Create an account")), accountForm("create"));
    const loginBox = el("details", { class: "account-box", id: "log-in" },
      el("summary", {}, t("Log in")), accountForm("login"));
    // One open at a time.
    createBox.addEventListener("toggle", () => { if (createBox.open) loginBox.open = false; });
    loginBox.addEventListener("toggle", () => { if (loginBox.open) createBox.open = false; });
    account.replaceChildren(
      el("p", { class: "muted account-why" }, t("This browser remembers you without an account. "
         + "An account lets you play on another device: your games come with you.")),
      el("div", { class: "row account-boxes" }, createBox, loginBox));
  }

  root.replaceChildren(el("h2", {}, t("You")), nameForm, account, error);
  onPlayer(render);
  me().then(render);
}
