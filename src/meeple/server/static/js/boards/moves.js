// The fallback board: the view's essentials as text and every legal move as a button.
// It makes every game playable before its own drawn board exists.

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  for (const c of children) node.append(c);
  return node;
}

const short = (v) => Array.isArray(v) && v.every((x) => typeof x !== "object")
  ? v.join(", ") : typeof v === "object" && v !== null ? null : String(v);

/** Top-level facts of a view that read well as one line each (the rest stays in JSON). */
function facts(view) {
  const dl = el("dl");
  for (const [k, v] of Object.entries(view)) {
    const text = short(v);
    if (text === null || text.length > 120 || ["game", "seat", "used"].includes(k)) continue;
    dl.append(el("dt", {}, k), el("dd", { "data-key": k }, text));
  }
  return dl;
}

function dice(view) {
  if (!Array.isArray(view.dice)) return null;
  const row = el("div", { class: "dice" });
  view.dice.forEach((face, i) => row.append(el("span",
    { class: `die${view.used && view.used[i] ? " used" : ""}`, title: `die ${i}` },
    `${i}: ${face}${view.used && view.used[i] ? " (used)" : ""}`)));
  return row;
}

function sheets(view) {
  if (!Array.isArray(view.sheets)) return null;
  const list = el("ul");
  view.sheets.forEach((s, i) => list.append(el("li", {},
    `seat ${i}: ${s.total} points; built ${(s.built || []).join(" ") || "nothing"}`)));
  return list;
}

/** A text box that hides the move buttons not containing what is typed (long lists). */
let filterText = "";          // kept across updates: the list is redrawn after each move
function filterBox(moves) {
  const input = el("input", { placeholder: "filter moves, e.g. 1,1>", id: "move-filter" });
  input.value = filterText;
  const apply = () => {
    filterText = input.value.trim();
    for (const b of moves.children) b.hidden = !b.dataset.action.includes(filterText);
  };
  input.addEventListener("input", apply);
  queueMicrotask(apply);
  return el("div", { class: "row" }, input);
}

export function createBoard(container, controls, { send, log }) {
  const root = el("div", { class: "moves-board" });
  container.replaceChildren(root);
  return {
    update(state) {
      const view = state.view || {};
      const parts = [el("h3", {}, "The game")];
      for (const part of [dice(view), sheets(view), facts(view)]) if (part) parts.push(part);
      const moves = el("div", { class: "move-buttons", id: "moves" });
      for (const action of state.legal || []) {
        const b = el("button", { class: "move", "data-action": action }, action);
        b.addEventListener("click", () => send(action));
        moves.append(b);
      }
      if (state.legal && state.legal.length) {
        parts.push(el("h3", {}, `Your moves (${state.legal.length})`));
        if (state.legal.length > 30) parts.push(filterBox(moves));
        parts.push(moves);
      }
      parts.push(el("details", {}, el("summary", {}, "the whole view (JSON)"),
                    el("pre", { class: "view" }, JSON.stringify(view, null, 1))));
      root.replaceChildren(...parts);
      controls.replaceChildren();
    },
    describe(before, after) {
      // The move itself is the last action before any chance outcome that followed it.
      if (after.last_action) log(`move ${after.index}: ${after.last_action}`, "move");
    },
  };
}
