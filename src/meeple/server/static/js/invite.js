// The invitation page: the browser's player accepts the invitation in the address (the
// first player to open it gets the seat for good) and goes to the game; a refusal is
// said in words, with the way back to the lobby.

import { startPage, t } from "./i18n.js";

const status = document.getElementById("invite-status");
const code = decodeURIComponent(location.pathname.split("/").pop());

async function accept() {
  try {
    await fetch("/api/players/me");                    // makes the player and its cookie
    const reply = await fetch(`/api/invites/${encodeURIComponent(code)}`, { method: "POST" });
    const body = await reply.json().catch(() => ({}));
    if (reply.ok) {
      status.textContent = t("The seat is yours. Opening the game…");
      location.replace(`/games/${encodeURIComponent(body.id)}`);
      return;
    }
    status.textContent = body.error
      || t("The invitation could not be accepted ({status}).", { status: reply.status });
  } catch (e) {
    status.textContent = t("The server cannot be reached: try the link again in a moment.");
  }
  status.classList.add("error");
}

await startPage();
accept();
