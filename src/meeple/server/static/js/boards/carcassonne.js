// The Carcassonne board: tiles drawn from the tile data, followers, the legal spots of the
// drawn tile and the follower choices, with pan and zoom through the SVG viewBox.
import { SIZE, indexTiles, locationPoint, tileMarkup, upright } from "./tiles.js";
import { cssColour, seatColours } from "../api.js";
import { loadStylesheet } from "../dom.js";

const NS = "http://www.w3.org/2000/svg";
const KIND_LETTER = { road: "R", city: "C", monastery: "M", field: "F",
                      forest: "F", river: "R", meadow: "M", hut: "H" };
// A meeple standing (a farmer lies on its side), about 22 units tall, centred on 0,0.
const MEEPLE = "M0,-11 C3,-11 4,-9 4,-7 C4,-5.5 3.5,-5 3,-4.5 L10,-2 C11.5,-1.5 11,1.5 9,1.5"
  + " L5,1 L8,10 L2,10 L0,6 L-2,10 L-8,10 L-5,1 L-9,1.5 C-11,1.5 -11.5,-1.5 -10,-2"
  + " L-3,-4.5 C-3.5,-5 -4,-5.5 -4,-7 C-4,-9 -3,-11 0,-11 Z";

const isPiece = (a) => a.startsWith("follower ") || a.startsWith("hut ");
const HUT = "M-9,9 L-9,-2 L0,-10 L9,-2 L9,9 Z";

const parsePlace = (a) => {
  const [, type, x, y, r] = a.split(" ");
  return { type, x: Number(x), y: Number(y), r: Number(r), action: a };
};

export function createBoard(container, controls, { tiles: data, send, log }) {
  loadStylesheet("/static/css/tiles.css");
  const tiles = indexTiles(data);
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("class", "carc");
  svg.setAttribute("aria-label", "the board");
  svg.innerHTML = `<g id="tiles"></g><g id="marks"></g><g id="lit"></g><g id="pieces"></g>
    <g id="spots"></g><g id="preview" class="preview"></g><g id="targets"></g>`;
  const tools = document.createElement("div");
  tools.className = "board-tools";
  tools.innerHTML = `<button data-zoom="in" title="zoom in">+</button>
    <button data-zoom="out" title="zoom out">−</button>
    <button data-zoom="fit" title="show the whole board">fit</button>`;
  container.replaceChildren(svg, tools);
  const layer = (id) => svg.querySelector(`#${id}`);

  let state = null, colours = [];
  let rotation = 0;           // the rotation the player chose last (degrees)
  let hovered = null;         // the spot under the pointer: "x,y"
  let spots = new Map();      // "x,y" -> [place actions there, by rotation]
  let touched = false;        // the last press was a finger: tap to pick, tap again to turn
  let picked = null;          // the spot a tap picked (touch), shown until placed
  let shown = null;           // cells lit from outside (highlight), back after a hover
  let vb = null, userMoved = false;

  // --- the view box: fit, zoom, pan -----------------------------------------------------
  function bounds() {
    const xs = [], ys = [];
    for (const t of state.view.board) { xs.push(t.x); ys.push(t.y); }
    for (const key of spots.keys()) { const [x, y] = key.split(",").map(Number); xs.push(x); ys.push(y); }
    // The spots already ring the board: a quarter tile of margin is enough.
    const pad = spots.size ? 0.25 : 1;
    return [Math.min(...xs) - pad, Math.min(...ys) - pad, Math.max(...xs) + 1 + pad, Math.max(...ys) + 1 + pad];
  }
  function setBox(box) {
    const rect = svg.getBoundingClientRect();
    const aspect = rect.width > 0 && rect.height > 0 ? rect.width / rect.height : 1.4;
    let { x, y, w, h } = box;
    // Keep the element's aspect, so that one screen pixel is the same in x and y.
    if (w / h < aspect) { const nw = h * aspect; x -= (nw - w) / 2; w = nw; }
    else { const nh = w / aspect; y -= (nh - h) / 2; h = nh; }
    vb = { x, y, w, h };
    svg.setAttribute("viewBox", `${x} ${y} ${w} ${h}`);
  }
  function fit() {
    const [x0, y0, x1, y1] = bounds();
    let w = (x1 - x0) * SIZE, h = (y1 - y0) * SIZE;
    const min = 4 * SIZE;      // never closer than four tiles across: tiles stay tile-sized
    const x = x0 * SIZE - Math.max(0, min - w) / 2, y = y0 * SIZE - Math.max(0, min - h) / 2;
    setBox({ x, y, w: Math.max(w, min), h: Math.max(h, min) });
  }
  function zoom(factor, cx, cy) {
    if (cx === undefined) { cx = vb.x + vb.w / 2; cy = vb.y + vb.h / 2; }
    const w = Math.min(Math.max(vb.w * factor, 2 * SIZE), 80 * SIZE);
    const f = w / vb.w;
    userMoved = true;
    setBox({ x: cx - (cx - vb.x) * f, y: cy - (cy - vb.y) * f, w, h: vb.h * f });
  }
  function toBoard(ev) {
    const rect = svg.getBoundingClientRect();
    return [vb.x + (ev.clientX - rect.left) * vb.w / rect.width,
            vb.y + (ev.clientY - rect.top) * vb.h / rect.height];
  }
  svg.addEventListener("wheel", (ev) => {
    ev.preventDefault();
    const [cx, cy] = toBoard(ev);
    // Proportional to the wheel's travel: a mouse notch zooms ~25 %, a trackpad gently.
    zoom(Math.exp(Math.max(-100, Math.min(100, ev.deltaY)) * 0.0022), cx, cy);
  }, { passive: false });
  tools.addEventListener("click", (ev) => {
    const which = ev.target.dataset.zoom;
    if (which === "in") zoom(1 / 1.3);
    if (which === "out") zoom(1.3);
    if (which === "fit") { userMoved = false; fit(); }
  });
  let drag = null, justDragged = false;
  svg.addEventListener("pointerdown", (ev) => {
    drag = { x: ev.clientX, y: ev.clientY, vb: { ...vb }, moving: false, id: ev.pointerId };
  });
  svg.addEventListener("pointermove", (ev) => {
    if (!drag) return;
    const dx = ev.clientX - drag.x, dy = ev.clientY - drag.y;
    if (!drag.moving && Math.hypot(dx, dy) < 5) return;   // a click, not yet a drag
    if (!drag.moving) { drag.moving = true; svg.setPointerCapture(drag.id); svg.classList.add("dragging"); }
    const scale = vb.w / svg.getBoundingClientRect().width;
    userMoved = true;
    setBox({ ...drag.vb, x: drag.vb.x - dx * scale, y: drag.vb.y - dy * scale });
  });
  const endDrag = () => {
    if (drag && drag.moving) { justDragged = true; setTimeout(() => { justDragged = false; }, 0); }
    drag = null; svg.classList.remove("dragging");
  };
  svg.addEventListener("pointerup", endDrag);
  svg.addEventListener("pointercancel", endDrag);
  new ResizeObserver(() => { if (state) (userMoved ? setBox(vb) : fit()); }).observe(svg);

  // --- drawing ----------------------------------------------------------------------------
  function tileGroup(t, extra = "") {
    return `<g transform="translate(${t.x * SIZE} ${t.y * SIZE})" ${extra}>
      <g transform="rotate(${t.rotation} 50 50)">${tileMarkup(tiles, t.type)}</g>
      ${upright(tiles, t.type, t.rotation)}
      <rect class="tile-border" width="100" height="100"/></g>`;
  }
  function drawTiles() {
    const board = state.view.board;
    layer("tiles").innerHTML = board.map((t) => tileGroup(t, `data-tile="${t.x},${t.y}"`)).join("");
    const last = board.length > 1 ? board[board.length - 1] : null;
    layer("marks").innerHTML = last ? `<rect class="last-tile" x="${last.x * SIZE + 2}"
      y="${last.y * SIZE + 2}" width="96" height="96" rx="3"/>` : "";
  }
  function drawPieces() {
    const huts = (state.view.huts || []).map((h, i) => {
      const [px, py] = locationPoint(h.location);
      return `<path class="hut" data-seat="${h.seat}" data-index="${i}" d="${HUT}" fill="${cssColour(colours[h.seat])}"
        stroke="#1b1b1b" stroke-width="1.5" transform="translate(${h.x * SIZE + px} ${h.y * SIZE + py})"/>`;
    });
    layer("pieces").innerHTML = huts.join("") + state.view.followers.map((f, i) => {
      const [px, py] = locationPoint(f.location);
      const farmer = f.kind === "field" || f.kind === "meadow";
      const colour = cssColour(colours[f.seat]);
      return `<g class="follower${farmer ? " farmer" : ""}" data-seat="${f.seat}" data-index="${i}"
        transform="translate(${f.x * SIZE + px} ${f.y * SIZE + py}) ${farmer ? "rotate(-90) scale(1.05 .9)" : ""} scale(1.4)">
        <path d="${MEEPLE}" fill="${colour}" stroke="#1b1b1b" stroke-width="1.2"/></g>`;
    }).join("");
  }
  /** Light up `cells` ([[x, y], ...]) over the tiles; null or [] clears. */
  function light(cells) {
    layer("lit").innerHTML = (cells || []).map(([x, y]) => `<rect class="lit"
      data-cell="${x},${y}" x="${x * SIZE}" y="${y * SIZE}" width="${SIZE}" height="${SIZE}"/>`).join("");
  }
  const mine = () => state.legal && state.legal.length > 0;
  // Table rules (player aids off): no yellow spots telling where the tile fits. The spots
  // stay as invisible places to point at, as a player holds the tile over the table: the
  // tile shows only where the pointer is, and a click there places it. The follower circles
  // stay (they are the only way to place one) but plain, without the hover colour.
  const aids = () => state.aids !== false;
  const rotationAt = (key) => {
    const rots = [...(spots.get(key) || new Map()).keys()];
    return rots.includes(rotation) ? rotation : rots[0];
  };
  function drawSpots() {
    spots = new Map();
    if (mine()) {               // Carcassonne's "place" phase, H&G's "bonus" one too
      for (const p of state.legal.filter((a) => a.startsWith("place ")).map(parsePlace)) {
        const key = `${p.x},${p.y}`;
        if (!spots.has(key)) spots.set(key, new Map());
        spots.get(key).set(p.r, p.action);
      }
    }
    layer("spots").innerHTML = [...spots.keys()].map((key) => {
      const [x, y] = key.split(",").map(Number);
      return `<rect class="spot" data-spot="${key}" x="${x * SIZE + 3}" y="${y * SIZE + 3}"
        width="94" height="94" rx="6"><title>(${x}, ${y})</title></rect>`;
    }).join("");
    svg.classList.toggle("no-aids", !aids());
    if (hovered && !spots.has(hovered)) hovered = null;
    if (picked && !spots.has(picked)) picked = null;
    drawPreview();
  }
  function drawPreview() {
    const tile = state.view.tile;
    layer("preview").dataset.rotation = hovered ? rotationAt(hovered) : "";
    layer("preview").innerHTML = hovered && tile ? tileGroup({ type: tile,
      x: Number(hovered.split(",")[0]), y: Number(hovered.split(",")[1]),
      rotation: rotationAt(hovered) }) : "";
    for (const r of layer("spots").querySelectorAll(".spot")) {
      r.classList.toggle("selected", r.dataset.spot === hovered);
    }
    renderControls();
  }
  /** Centres for the piece circles at `points` (tile units) so that none covers another
   * (a Hunters & Gatherers river follower and a hut go on one spot; some places lie close):
   * each circle takes the free spot on the tile nearest its place, trying rings around it. */
  function spread(points, gap = 28) {
    const placed = [];
    const inside = (v) => v >= 13 && v <= SIZE - 13;
    const free = ([x, y]) => inside(x) && inside(y)
      && placed.every(([a, b]) => Math.hypot(a - x, b - y) >= gap);
    for (const [x0, y0] of points) {
      let at = [Math.min(SIZE - 13, Math.max(13, x0)), Math.min(SIZE - 13, Math.max(13, y0))];
      search: for (let r = 0; r <= SIZE; r += 6) {
        for (let k = 0; k < (r ? 16 : 1); k++) {
          const t = (k * Math.PI) / 8, p = [at[0] + r * Math.cos(t), at[1] + r * Math.sin(t)];
          if (free(p)) { at = p; break search; }
        }
      }
      placed.push(at);
    }
    return placed;
  }

  function drawTargets() {
    const board = state.view.board, last = board[board.length - 1];
    const choices = mine() ? state.legal.filter(isPiece) : [];
    const at = spread(choices.map((a) => locationPoint(a.split(" ").pop())));
    layer("targets").innerHTML = choices.map((a, i) => {
      const words = a.split(" ");
      const kind = words[0] === "hut" ? "hut" : words[1];
      const [px, py] = at[i];
      return `<g class="target" data-action="${a}" transform="translate(${last.x * SIZE + px}
        ${last.y * SIZE + py})"><circle r="13"/><text>${KIND_LETTER[kind] || "?"}</text>
        <title>${a}</title></g>`;
    }).join("");
  }

  // --- the side panel: the drawn tile, rotate, pass ----------------------------------------
  function renderControls() {
    const v = state.view;
    const parts = [];
    if (v.tile && !state.terminal) {
      const r = hovered ? rotationAt(hovered) : rotation;
      parts.push(`<h3>Tile ${v.tile}</h3><div class="row drawn"><svg viewBox="-4 -4 108 108"
        aria-label="the drawn tile">${tileGroup({ type: v.tile, x: 0, y: 0, rotation: r })}</svg>
        <div class="muted">${(tiles.byType[v.tile] || {}).text || ""}<br>${v.remaining} tiles left</div></div>`);
    }
    if (spots.size) {
      const how = touched ? "tap a place, tap it again to turn the tile"
        : aids() ? "click a yellow spot to place" : "point at where the tile goes, click to place";
      const place = picked ? `<button id="place" class="primary">Place <kbd>Enter</kbd></button>` : "";
      parts.push(`<div class="controls">${place}<button id="rotate">Rotate <kbd>r</kbd></button>
        <span class="muted">${how}</span></div>`);
    } else if (mine() && state.legal.includes("pass")) {
      parts.push(`<div class="controls"><button id="pass">Pass <kbd>p</kbd></button>
        <span class="muted">or click a circle on the new tile</span></div>`);
    }
    // Whatever the board cannot show as a spot or a circle is still one click away.
    const others = mine() ? state.legal.filter((a) => !a.startsWith("place ") && !isPiece(a)
                                                       && a !== "pass") : [];
    if (others.length) {
      parts.push(`<div class="move-buttons">${others.map((a) =>
        `<button class="move" data-action="${a}">${a}</button>`).join("")}</div>`);
    }
    controls.innerHTML = parts.join("");
    for (const b of controls.querySelectorAll("button.move")) {
      b.addEventListener("click", () => send(b.dataset.action));
    }
    const rotate = controls.querySelector("#rotate"), pass = controls.querySelector("#pass");
    const place = controls.querySelector("#place");
    if (place) place.addEventListener("click", () => placeAt(picked));
    if (rotate) rotate.addEventListener("click", rotateNext);
    if (pass) pass.addEventListener("click", () => send("pass"));
  }
  /** Place the drawn tile on spot `key` ("x,y") in the rotation shown there. */
  function placeAt(key) {
    if (!key || !spots.has(key)) return;
    hovered = key;
    rotation = rotationAt(key);
    send(spots.get(key).get(rotation));
  }
  function rotateNext() {
    const rots = hovered ? [...spots.get(hovered).keys()].sort((a, b) => a - b) : [0, 90, 180, 270];
    const now = hovered ? rotationAt(hovered) : rotation;
    rotation = rots.find((r) => r > now) ?? rots[0];
    drawPreview();
  }

  /** The cells a piece on the board (a follower's or a hut's element) scores: the
   * server's `regions` for its list, at its index. */
  function regionOf(piece) {
    const list = piece.classList.contains("hut") ? "huts" : "followers";
    return ((state.regions || {})[list] || [])[Number(piece.dataset.index)];
  }

  // --- input ------------------------------------------------------------------------------
  // A mouse: pointing at a spot previews the tile there, a click places it. A finger
  // (pointerType "touch"): the first tap on a spot picks it and previews the tile, another
  // tap on the same spot turns it to its next legal rotation, and "Place" (or Enter) places.
  svg.addEventListener("pointerdown", (ev) => {
    const was = touched;
    touched = ev.pointerType === "touch";
    if (was !== touched && state) renderControls();
  });
  svg.addEventListener("pointerover", (ev) => {
    const piece = ev.target.closest && ev.target.closest(".follower, .hut");
    if (piece) light(regionOf(piece) || shown);
    if (ev.pointerType === "touch") return;      // a finger picks by tapping, below
    const spot = ev.target.closest && ev.target.closest(".spot");
    if (spot && spot.dataset.spot !== hovered) { hovered = spot.dataset.spot; drawPreview(); }
  });
  svg.addEventListener("pointerout", (ev) => {
    const piece = ev.target.closest && ev.target.closest(".follower, .hut");
    if (piece && !(ev.relatedTarget && piece.contains(ev.relatedTarget))) light(shown);
  });
  svg.addEventListener("click", (ev) => {
    if (justDragged) return;
    const spot = ev.target.closest(".spot"), target = ev.target.closest(".target");
    if (spot && touched) {
      const key = spot.dataset.spot;
      if (key === picked) rotateNext();
      else { picked = hovered = key; drawPreview(); }
    } else if (spot) placeAt(spot.dataset.spot);
    else if (target) send(target.dataset.action);
  });
  document.addEventListener("keydown", (ev) => {
    if (!state || ev.target.closest("input, textarea, select") || ev.ctrlKey || ev.metaKey) return;
    if (ev.key === "r" && spots.size) rotateNext();
    if (ev.key === "Enter" && ev.target.closest("button, a")) return;   // the button's own click
    if (ev.key === "Enter" && spots.size && (picked || hovered)) placeAt(picked || hovered);
    if (ev.key === "p" && mine() && state.legal.includes("pass")) send("pass");
  });

  return {
    update(next) {
      const first = state === null;
      state = next;
      colours = seatColours(state);
      drawTiles(); drawPieces(); drawSpots(); drawTargets(); light(shown);
      if (first || !userMoved) fit();
    },
    /** Light up the board cells `cells` ([[x, y], ...]), or clear them with null. */
    highlight(cells) {
      shown = cells && cells.length ? cells : null;
      light(shown);
    },
    /** A breakdown item pointed at (null: no longer): the cells it scored. */
    highlightItem(item) { this.highlight(item && item.tiles); },
    keys: [["r", "rotate"], ["Enter", "place"], ["p", "pass"]],
    describe(before, after) {
      const seat = before.current_player, who = seatColours(after)[seat] || `seat ${seat}`;
      for (const t of after.view.board.slice(before.view.board.length)) {
        log(`${who} placed tile ${t.type} at (${t.x}, ${t.y}), ${t.rotation}°`, "move");
      }
      const had = new Set(before.view.followers.map((f) => `${f.x},${f.y},${f.location}`));
      const added = after.view.followers.filter((f) => !had.has(`${f.x},${f.y},${f.location}`)
                                                     && f.seat === seat);
      for (const f of added) log(`${who} put a follower on the ${f.kind} (${f.location})`, "move");
      if (before.view.phase === "follower" && !added.length
          && after.view.board.length === before.view.board.length) log(`${who} passed`, "move");
    },
  };
}
