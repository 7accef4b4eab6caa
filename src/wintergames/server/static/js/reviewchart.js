// The game review's win-chance curve (issue 43): every seat's chance to win along the game,
// as the review's search estimated it after each move of the reviewed seat, ending on the
// game's outcome. x: the game's steps (0..steps); y: 0..100 %. One line per seat in its
// seat colour, the reviewed seat's drawn strongest, its flagged moves marked on it.
//
// Steps are numbered as the replay bar numbers them: step k is the position after k
// actions. A decision of step k (`d.step`) is the move made in position k; the chances
// after it are the position k + 1's, so its point of the curve (and a flagged move's
// marker, where its drop shows) lies at x = k + 1, while its words say "step k", as the
// panel's list does. A click on the chart goes to the nearest point's position (step
// k + 1, the chances shown there); a click on a flagged move's marker chooses that move
// (the review panel shows the replay at step k, the two moves on the board).
import { s } from "./dom.js";
import { MARK_INK } from "./marks.js";
import { PALETTE } from "./palette.js";

// The chart lies on the boards' light table in both themes (the seats' colours are chosen
// to read there): its grid and words take the light theme's inks.
const LIGHT = PALETTE.themes.light;

const W = 360;  // the drawing's user units; it scales to the panel's width
const H = 170;
const M = { left: 34, right: 8, top: 8, bottom: 22 };
const X0 = M.left;
const X1 = W - M.right;
const Y0 = H - M.bottom;  // 0 %
const Y1 = M.top;         // 100 %

/** The curve's points: [x (a step), chances of every seat], the outcome last. */
export function curvePoints(review) {
  const points = review.decisions.map((d) => [d.step + 1, d.chances]);
  points.push([review.steps, review.outcome]);
  return points;
}

function scales(steps) {
  const x = (step) => X0 + (X1 - X0) * (steps ? step / steps : 0);
  const y = (chance) => Y0 - (Y0 - Y1) * chance;
  return { x, y, stepAt: (ux) => Math.round(((ux - X0) / (X1 - X0)) * steps) };
}

function axes(steps, { x, y }) {
  const parts = [];
  for (const chance of [0, 0.5, 1]) {
    parts.push(s("line", { x1: X0, x2: X1, y1: y(chance), y2: y(chance), class: "rc-grid", stroke: LIGHT.line }),
      s("text", { x: X0 - 4, y: y(chance) + 4, "text-anchor": "end", class: "rc-label", fill: LIGHT.muted },
        `${chance * 100}%`));
  }
  for (const step of [0, steps]) {
    parts.push(s("text", { x: x(step), y: H - 6, "text-anchor": step ? "end" : "start", class: "rc-label",
                        fill: LIGHT.muted },
      `step ${step}`));
  }
  return parts;
}

function line(points, seat, { x, y }, ink, strong) {
  const at = points.map(([step, chances]) => `${x(step).toFixed(1)},${y(chances[seat]).toFixed(1)}`).join(" ");
  return s("polyline", { points: at, fill: "none", stroke: ink, "stroke-width": strong ? 3 : 1.6,
                         "stroke-linejoin": "round", "stroke-dasharray": strong ? null : "5 3",
                         class: `rc-line${strong ? " rc-reviewed" : ""}`, "data-seat": seat });
}

/** A flagged move's marker on the reviewed seat's line: a disc (larger for a worse grade,
 *  by the grades' order in the review's counts), clickable; its tooltip in the review's
 *  words for its grade (`gradeWord`). */
function flagMarker(decision, seat, { x, y }, size, choose, gradeWord) {
  const [cx, cy] = [x(decision.step + 1), y(decision.chances[seat])];
  return s("circle", { cx, cy, r: size, fill: MARK_INK.played, stroke: LIGHT.table,
                       class: "rc-flag", "data-step": decision.step, "data-grade": decision.grade,
                       tabindex: 0, role: "button",
                       onclick: (event) => { event.stopPropagation(); choose(decision.step); },
                       onkeydown: (event) => { if (event.key === "Enter") choose(decision.step); } },
  s("title", {}, `${gradeWord(decision.grade)} at step ${decision.step}`));
}

/**
 * The chart, as an <svg>: `inks[i]` is seat i's line colour, `goTo(step)` moves the replay,
 * `choose(step)` picks a flagged decision, `words.label` names the chart and
 * `words.grade(grade)` a grade. Returns the svg and `cursor(step)`, which moves the marker
 * of the step the replay shows.
 */
export function winChart(review, inks, { goTo, choose, words }) {
  const points = curvePoints(review);
  const sc = scales(review.steps);
  const svg = s("svg", { viewBox: `0 0 ${W} ${H}`, id: "review-chart", class: "review-chart", role: "img",
                         "aria-label": words.label });
  const cursor = s("line", { y1: Y1, y2: Y0, class: "rc-cursor", stroke: LIGHT.accent, "pointer-events": "none" });
  // every click on the plot goes to the nearest point's step
  const pad = s("rect", { x: X0, y: Y1, width: X1 - X0, height: Y0 - Y1, fill: "transparent", class: "rc-pad" });
  pad.addEventListener("click", (event) => {
    const p = new DOMPoint(event.clientX, event.clientY).matrixTransform(svg.getScreenCTM().inverse());
    const wanted = sc.stepAt(p.x);
    const nearest = points.reduce((a, b) => (Math.abs(b[0] - wanted) < Math.abs(a[0] - wanted) ? b : a));
    goTo(nearest[0]);
  });
  svg.append(...axes(review.steps, sc), pad, cursor);
  const seats = review.outcome.map((_, i) => i).filter((i) => i !== review.seat);
  for (const i of seats) svg.append(line(points, i, sc, inks[i], false));
  svg.append(line(points, review.seat, sc, inks[review.seat], true));
  const grades = Object.keys(review.counts);  // best .. blunder: a worse grade, a larger disc
  for (const d of review.decisions) {
    const rank = grades.indexOf(d.grade);
    if (!review.worst.includes(d.step)) continue;
    svg.append(flagMarker(d, review.seat, sc, 2.5 + Math.max(0, rank - 1), choose, words.grade));
  }
  const end = s("circle", { cx: sc.x(review.steps), cy: sc.y(review.outcome[review.seat]), r: 3.5,
                            fill: inks[review.seat], class: "rc-outcome" });
  svg.append(end);
  const move = (step) => {
    const ux = sc.x(Math.max(0, Math.min(review.steps, step)));
    cursor.setAttribute("x1", ux);
    cursor.setAttribute("x2", ux);
  };
  return { svg, cursor: move };
}
