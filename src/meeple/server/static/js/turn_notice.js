// "Your turn", noticed away from the board: the tab's title and icon, an optional short
// tone, and a browser notification while the tab is hidden (each only when the person
// asked for it; the sound and the notification are remembered in localStorage).
import { el } from "./dom.js";
import { t } from "./i18n.js";

const ICON = "/static/favicon.svg";
const ICON_TURN = "/static/favicon-turn.svg";    // the same meeple with a dot: your turn
const SOUND_KEY = "meeple-turn-sound";
const NOTIFY_KEY = "meeple-turn-notify";

function stored(key) {
  try { return localStorage.getItem(key) === "on"; } catch (e) { return false; }
}
function store(key, on) {
  try { localStorage.setItem(key, on ? "on" : "off"); } catch (e) { /* private mode */ }
}

/** A short two-note chime (WebAudio; nothing to download). */
function chime() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return;
  const audio = new Context();
  const now = audio.currentTime;
  [[660, 0], [880, 0.12]].forEach(([hz, at]) => {
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.type = "sine"; osc.frequency.value = hz;
    gain.gain.setValueAtTime(0.0001, now + at);
    gain.gain.exponentialRampToValueAtTime(0.2, now + at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + at + 0.25);
    osc.connect(gain).connect(audio.destination);
    osc.start(now + at); osc.stop(now + at + 0.3);
  });
  setTimeout(() => audio.close(), 800);
}

/** Whether it is this page's seat's move in a game under way. */
export function isMyTurn(state) {
  return !!state && !state.terminal && state.seat !== null && state.seat !== undefined
    && state.current_player === state.seat;
}

/**
 * The notice for one game page: `update(state, title)` after every message sets the tab's
 * title ("● Your turn — " before `title` on the seat's move) and icon, and on the turn's
 * arrival plays the tone and shows the notification if asked for; `controls` is the
 * element with the two switches (hidden for a spectator and once the game is over).
 */
export function createTurnNotice() {
  let mine = false;
  let first = true;        // the page just opened: its state is no news
  let icon = document.querySelector("link[rel~='icon']");
  if (!icon) { icon = el("link", { rel: "icon", href: ICON }); document.head.append(icon); }

  const sound = el("input", { type: "checkbox", id: "turn-sound" });
  sound.checked = stored(SOUND_KEY);
  sound.addEventListener("change", () => {
    store(SOUND_KEY, sound.checked);
    if (sound.checked) chime();                 // what it sounds like (and unlocks audio)
  });

  const supported = "Notification" in window;
  const notifyButton = el("button", { id: "turn-notify", type: "button" });
  const notifyNote = el("span", { class: "muted", id: "turn-notify-note", role: "status" });
  function renderNotify() {
    const allowed = supported && Notification.permission === "granted";
    const on = allowed && stored(NOTIFY_KEY);
    notifyButton.textContent = on ? t("Stop notifying me") : t("Notify me when it is my turn");
    notifyButton.setAttribute("aria-pressed", String(on));
    notifyButton.hidden = !supported || Notification.permission === "denied";
    notifyNote.textContent = !supported ? ""
      : Notification.permission === "denied"
        ? t("notifications are blocked for this site (the browser's site settings can allow them)")
        : on ? t("a notification comes while this tab is hidden") : "";
  }
  notifyButton.addEventListener("click", async () => {
    if (!supported) return;
    if (Notification.permission === "granted" && stored(NOTIFY_KEY)) {
      store(NOTIFY_KEY, false);
    } else {
      const answer = Notification.permission === "granted" ? "granted"
        : await Notification.requestPermission();
      store(NOTIFY_KEY, answer === "granted");
    }
    renderNotify();
  });
  renderNotify();

  const controls = el("div", { class: "turn-alerts", id: "turn-alerts" },
    notifyButton,
    el("label", { for: "turn-sound" }, sound, " ", t("sound on my turn")),
    notifyNote);

  function arrived(title) {
    if (sound.checked) { try { chime(); } catch (e) { /* no audio: the title still says it */ } }
    if (supported && Notification.permission === "granted" && stored(NOTIFY_KEY)
        && document.hidden) {
      try {
        const n = new Notification(t("Your turn"), { body: title, icon: ICON_TURN,
                                                  tag: `meeple-${location.pathname}` });
        n.onclick = () => { window.focus(); n.close(); };
      } catch (e) { /* some browsers allow notifications only from a service worker */ }
    }
  }

  return {
    controls,
    update(state, title) {
      const now = isMyTurn(state);
      document.title = now ? `● ${t("Your turn")} — ${title}` : title;
      const href = now ? ICON_TURN : ICON;
      if (icon.getAttribute("href") !== href) icon.setAttribute("href", href);
      if (now && !mine && !first) arrived(title);
      mine = now; first = false;
      controls.hidden = !state || state.seat === null || state.seat === undefined
        || !!state.terminal;
    },
  };
}
