// The client's only door to the server: JSON requests and the game WebSocket.
import { t } from "./i18n.js";

/** An error from the server, with its HTTP status and the server's own words. */
export class ApiError extends Error {
  constructor(status, message) { super(message); this.status = status; }
}

/** Fetch `path` as JSON; a refusal ({"error": ...}) becomes an ApiError with its words. */
export async function api(path, { method = "GET", body, token } = {}) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["Authorization"] = `Bearer ${token}`;
  let reply;
  try {
    // The player's cookie goes with every request to this server (same origin only).
    reply = await fetch(path, { method, headers, credentials: "same-origin",
                                body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (e) {
    throw new ApiError(0, t("the server cannot be reached (are you online?)"));
  }
  let data = null;
  try { data = await reply.json(); } catch (e) { /* not JSON: use the status below */ }
  if (!reply.ok) {
    const words = data && typeof data.error === "string" ? data.error : reply.statusText;
    throw new ApiError(reply.status, `${words || t("request failed")} (${reply.status})`);
  }
  return data;
}

// Closes that reconnecting cannot mend (a bad token, an unknown game, a client the
// server does not understand).
const FINAL_CLOSES = {
  4400: () => t("this page could not connect (the server refused how it asked)"),
  4401: () => t("this link's token holds no seat (left or replaced)"),
  4404: () => t("no such game"),
};

/**
 * The live connection to one game. `onMessage(msg)` gets every server message; the first
 * message after each (re)connection is a whole `state`, so a dropped link catches up by
 * itself. Reconnects with exponential backoff (0.5 s doubling to 10 s).
 *
 * The seat's token rides in the subprotocol list (`meeple.token.TOKEN` beside `meeple`,
 * the protocol the server answers), never in the URL, where proxies and logs would see
 * it: a browser cannot set a WebSocket's headers, and a token is URL-safe base64, which a
 * subprotocol may hold.
 */
export class GameSocket {
  constructor(gameId, token, { onMessage, onStatus }) {
    this.gameId = gameId; this.token = token;
    this.onMessage = onMessage; this.onStatus = onStatus || (() => {});
    this.delay = 500; this.closed = false; this.ws = null;
    this.connect();
  }

  url() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    return `${scheme}//${location.host}/api/games/${encodeURIComponent(this.gameId)}/ws`;
  }

  protocols() {
    return this.token ? ["meeple", `meeple.token.${this.token}`] : ["meeple"];
  }

  connect() {
    this.onStatus("connecting");
    let ws;
    try {
      ws = new WebSocket(this.url(), this.protocols());
    } catch (e) {     // a token that is no subprotocol (not a token the server made)
      this.onStatus("closed", FINAL_CLOSES[4401]());
      return;
    }
    this.ws = ws;
    ws.onopen = () => { this.delay = 500; this.onStatus("live"); };
    ws.onmessage = (e) => {
      let msg;
      try { msg = JSON.parse(e.data); } catch (err) { return; }
      this.onMessage(msg);
    };
    ws.onclose = (e) => {
      if (this.closed) return;
      if (FINAL_CLOSES[e.code]) { this.onStatus("closed", FINAL_CLOSES[e.code]()); return; }
      this.onStatus("reconnecting", e.reason);
      setTimeout(() => this.connect(), this.delay);
      this.delay = Math.min(this.delay * 2, 10000);
    };
  }

  /** Send a move; false when not connected (the caller says so on the page). */
  send(action, index) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify({ action, index }));
    return true;
  }

  /** Ask for the whole game again (an update started past what this client knew). */
  resync() {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify({ state: true }));
    }
  }

  close() { this.closed = true; if (this.ws) this.ws.close(); }
}
