// The replay's review chart: each seat's estimated win chance (solo games: the expected
// score) move by move, the result at the end, the step shown, and the three moves that
// lost the most, each a marker that jumps to its step.
import { cssColour } from "./colours.js";
import { listen } from "./dom.js";
import { sv } from "./svg.js";
import { t } from "./i18n.js";

const PAD = { left: 58, right: 12, top: 10, bottom: 22 };

/** The three moves that lost the most (chance − played), largest first. */
export function costliest(moves) {
  return moves.filter((m) => m.played !== null && m.played !== undefined && m.chance - m.played > 1e-9)
    .sort((a, b) => (b.chance - b.played) - (a.chance - a.played)).slice(0, 3);
}

/** What a costly move lost, in words: `said(i)` is the game log's words for move `i`
 * ("Ana placed a straight road…"), the best move is the review's words for it; the
 * notation only where a review or a log has none. */
export function lossWords(m, colours, solo, said = () => null) {
  const lost = m.chance - m.played;
  const amount = solo ? t("{n} points", { n: lost.toFixed(1) }) : `${Math.round(lost * 100)}%`;
  const played = said(m.index) || t("{who} played {move}", { who: colours[m.seat] || "?", move: m.move });
  return t("{played}; best was: {best}; lost {amount}", { played, best: m.best_words || m.best, amount });
}

/** The top of the value axis: 1 (a chance), or for a solo game a round number above every
 * expected score and the final one. */
function axisTop(solo, moves, end) {
  if (!solo) return 1;
  const values = moves.flatMap((m) => [m.chance, m.played]).concat(end && end.scores ? end.scores : [])
    .filter((v) => typeof v === "number");
  const max = Math.max(1, ...values);
  const unit = 10 ** Math.floor(Math.log10(max));
  return Math.ceil(max / unit) * unit;
}

/** Each seat's line: its chance at every move, from the one search of the seat to move
 * (`chances`: they add up to 1), then the result. A review without them (stored before)
 * gives each seat its chance at its own moves; in a 2-seat game where both seats know the
 * same, the other's estimate says it too (1 − the other's). */
function seatSeries({ analysis, total, players, end }) {
  const solo = players === 1, mirror = players === 2 && !analysis.hides_information;
  const series = Array.from({ length: players }, () => []);
  for (const m of analysis.moves) {
    if (typeof m.chance !== "number" || m.seat < 0 || m.seat >= players) continue;
    if (Array.isArray(m.chances) && m.chances.length === players) {
      m.chances.forEach((chance, seat) => series[seat].push([m.index, chance]));
      continue;
    }
    series[m.seat].push([m.index, m.chance]);
    if (mirror) series[1 - m.seat].push([m.index, 1 - m.chance]);
  }
  // The end: the result itself (a win 1, a loss 0, a shared win split; solo: the score).
  if (end && end.terminal && end.scores) {
    const best = Math.max(...end.scores);
    const winners = end.scores.filter((v) => v === best).length;
    series.forEach((points, seat) => {
      if (points.length) points.push([total, solo ? end.scores[seat] : end.scores[seat] === best ? 1 / winners : 0]);
    });
  }
  return series;
}

/** The tooltip of the markers (one per page). */
function chartTip() {
  let tip = document.querySelector(".chart-tip");
  if (!tip) {
    tip = document.createElement("div");
    tip.className = "chart-tip"; tip.hidden = true; tip.setAttribute("role", "tooltip");
    document.body.append(tip);
  }
  return tip;
}

function moveTip(ev) {
  const tip = chartTip();
  const left = Math.min(ev.clientX + 12, window.innerWidth - tip.offsetWidth - 8);
  tip.style.left = `${left}px`; tip.style.top = `${ev.clientY - tip.offsetHeight - 10}px`;
}

/**
 * The chart in `svg`, and the costliest moves as links in `losses` (an <ol>) under
 * `lossesTitle`. `draw(review)` draws it (review: {analysis, total, players, colours, end
 * (the final position)}), again on every resize; `now(step)` moves the line of the step
 * shown; a click on the chart or a marker calls `go(step)`.
 */
export function createChart(svg, { losses, lossesTitle, go }) {
  let scale = null;           // {x(n), y(v), n(px)} of the chart as drawn last
  let review = null;
  let shown = 0;              // the step shown

  function now(step) {
    shown = step;
    const line = svg.querySelector(".now");
    if (!line || !scale) return;
    line.setAttribute("x1", scale.x(step)); line.setAttribute("x2", scale.x(step));
  }

  function draw(next = review) {
    review = next;
    const rect = svg.getBoundingClientRect();
    if (!review || rect.width < 50 || rect.height < 30) return;
    const { analysis, total, players, colours, end, said } = review;
    const names = review.colourWords || colours;
    const W = rect.width, H = rect.height, solo = players === 1;
    const top = axisTop(solo, analysis.moves, end);
    const iw = W - PAD.left - PAD.right, ih = H - PAD.top - PAD.bottom;
    const x = (n) => PAD.left + (total ? n / total : 0) * iw;
    const y = (v) => PAD.top + (1 - v / top) * ih;
    scale = { x, y, n: (px) => Math.max(0, Math.min(total, Math.round(((px - PAD.left) / iw) * total))) };
    svg.setAttribute("viewBox", `0 0 ${W} ${H}`);

    // Grid, axes and labels.
    const parts = [];
    for (const f of [0, 0.25, 0.5, 0.75, 1]) {
      const v = f * top;
      parts.push(sv("line", { class: f === 0 ? "axis" : "grid", x1: PAD.left, x2: W - PAD.right, y1: y(v), y2: y(v) }),
        sv("text", { class: "label", x: PAD.left - 4, y: y(v) + 4, "text-anchor": "end" },
           solo ? String(Math.round(v * 10) / 10) : `${Math.round(f * 100)}%`));
    }
    parts.push(sv("line", { class: "axis", x1: PAD.left, x2: PAD.left, y1: PAD.top, y2: H - PAD.bottom }));
    const ticks = Math.min(total, 10);
    for (let k = 0; k <= ticks; k++) {
      const n = Math.round((k / Math.max(ticks, 1)) * total);
      parts.push(sv("text", { class: "label", x: x(n), y: H - 6, "text-anchor": "middle" }, String(n)));
    }
    parts.push(sv("text", { class: "label axis-label", "text-anchor": "middle",
                            transform: `translate(12 ${PAD.top + ih / 2}) rotate(-90)` },
                  solo ? t("expected score") : t("win chance")));

    seatSeries(review).forEach((points, seat) => {
      if (!points.length) return;
      const colour = colours[seat] || "black";
      const d = points.map(([n, v], i) => `${i ? "L" : "M"}${x(n).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
      const path = sv("path", { class: `seat-line ${colour}`, d, "data-seat": seat });
      path.style.stroke = cssColour(colour);
      parts.push(path);
    });
    parts.push(sv("line", { class: "now", id: "chart-now", y1: PAD.top, y2: H - PAD.bottom }));

    // The three costliest moves, numbered, with what they lost.
    const worst = costliest(analysis.moves);
    worst.forEach((m, k) => {
      const words = lossWords(m, names, solo, said);
      parts.push(sv("g", { class: "loss", "data-index": m.index, "data-tip": words, "aria-label": words,
                           transform: `translate(${x(m.index)} ${y(m.chance)})` },
        sv("circle", { r: 8 }), sv("text", {}, String(k + 1))));
    });
    svg.replaceChildren(...parts);
    now(shown);
    lossesTitle.hidden = !worst.length;
    losses.replaceChildren(...worst.map((m) => {
      const li = document.createElement("li");
      const a = document.createElement("a");
      a.href = `#${m.index + 1}`;
      a.textContent = t("move {n}: {words}", { n: m.index + 1, words: lossWords(m, names, solo, said) });
      li.append(a);
      return li;
    }));
  }

  const marker = (ev) => (ev.target.closest ? ev.target.closest(".loss") : null);
  const unbind = listen(
    [svg, "click", (ev) => {
      const g = marker(ev);
      if (g) { go(Number(g.dataset.index) + 1); return; }     // the step after the move
      if (!scale) return;
      go(scale.n(ev.clientX - svg.getBoundingClientRect().left));
    }],
    [svg, "mouseover", (ev) => {
      const g = marker(ev);
      if (!g) return;
      const tip = chartTip();
      tip.textContent = g.dataset.tip; tip.hidden = false; moveTip(ev);
    }],
    [svg, "mousemove", (ev) => { if (marker(ev)) moveTip(ev); }],
    [svg, "mouseout", (ev) => {
      const g = marker(ev);
      if (g && !(ev.relatedTarget && g.contains(ev.relatedTarget))) chartTip().hidden = true;
    }],
  );
  const resized = new ResizeObserver(() => draw());
  resized.observe(svg);

  return { draw, now, destroy() { unbind(); resized.disconnect(); } };
}
