// Board marks (issue 43): the game review shows a decision's move played and the move the
// search suggests on the board itself. The replay passes them to a view as
// `ctx.marks = [{action, role: "played" | "best", seat}]`; the view finds where each
// action lies on its board (its `spot` function: the element, a point, or an arrow) and
// calls drawMarks, which draws them the same way in every game:
//
//   played: a solid ring (an arrow for a flick) in the theme's "bad" red;
//   best:   a dashed ring, a little wider, in the theme's "good" green.
//
// Shape and colour both tell them apart (a colour-blind reader still can), and the wider
// ring of the two stays visible when both moves name the same place. A mark never takes a
// click (pointer-events: none): the board under it stays as it was.
import { h, s, SVG_NS } from "./dom.js";
import { PALETTE } from "./palette.js";

// The boards keep a light table in both themes: their marks take the light theme's inks.
const LIGHT = PALETTE.themes.light;
export const MARK_INK = { played: LIGHT.bad, best: LIGHT.good };
const HALO = LIGHT.table;  // under each ring, so it reads on a dark tile as on a light one
const DASH = { played: null, best: "7 4" };
// How far outside the element each ring runs (SVG units): the suggested one outside the
// played one, so both show on the same element.
const PAD = { played: 3, best: 9 };
const STROKE = 4;
// Each mark also says what it is, in a small tag: another red dashed ring on a board (a
// last turn's) is never taken for it, and the words need no colour.
export const MARK_WORDS = { played: "played", best: "suggested" };
const TAG_FONT = 12;

/** Whether `node` is an element drawn inside an SVG (a board's shape, not an HTML card). */
function inSvg(node) {
  return node instanceof SVGElement && node.ownerSVGElement !== null;
}

/** The outermost <svg> holding `node`: the board's drawing, whose user units marks use. */
function boardSvg(node) {
  let svg = node instanceof SVGSVGElement ? node : node.ownerSVGElement;
  while (svg?.ownerSVGElement) svg = svg.ownerSVGElement;
  return svg;
}

/** The layer of marks of an <svg>, drawn last (over every piece), made once per drawing. */
function layerOf(svg) {
  let layer = svg.querySelector(":scope > g.wg-marks");
  if (!layer) {
    layer = s("g", { class: "wg-marks", "pointer-events": "none" });
    svg.append(layer);
  }
  return layer;
}

/** `node`'s box in its board's user units (through the screen: nested svgs and
 *  transforms included), or null when it is not laid out (hidden on this screen). */
function boxIn(svg, node) {
  const r = node.getBoundingClientRect();
  const ctm = svg.getScreenCTM();
  if (!ctm || (r.width === 0 && r.height === 0)) return null;
  const inverse = ctm.inverse();
  const point = (x, y) => new DOMPoint(x, y).matrixTransform(inverse);
  const a = point(r.left, r.top);
  const b = point(r.right, r.bottom);
  return { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), width: Math.abs(b.x - a.x), height: Math.abs(b.y - a.y) };
}

function ringAttrs(role) {
  return { fill: "none", stroke: MARK_INK[role], "stroke-width": STROKE, "stroke-dasharray": DASH[role],
           "stroke-linejoin": "round" };
}

/** The tag saying what a mark is: its words on a pill of its colour, its top left corner
 *  at (x, y), kept inside the drawing's viewBox. */
const tagWidth = (role) => MARK_WORDS[role].length * TAG_FONT * 0.64 + 8;  // bold letters, ~0.6 em

function tag(svg, role, x, y) {
  const words = MARK_WORDS[role];
  const width = tagWidth(role);
  const height = TAG_FONT + 4;
  const view = svg.viewBox.baseVal;
  const [left, top] = view && view.width ? [view.x, view.y] : [0, 0];
  const [right, bottom] = view && view.width ? [view.x + view.width, view.y + view.height] : [Infinity, Infinity];
  const tx = Math.max(left + 1, Math.min(right - width - 1, x));
  const ty = Math.max(top + 1, Math.min(bottom - height - 1, y));
  return s("g", { class: "wg-mark-tag" },
    s("rect", { x: tx, y: ty, width, height, rx: 4, fill: MARK_INK[role], stroke: HALO, "stroke-width": 1.5 }),
    s("text", { x: tx + 4, y: ty + TAG_FONT, "font-size": TAG_FONT, "font-weight": 700, fill: HALO }, words));
}

/** A ring (a rounded rectangle) around a box, over a white halo; its tag above it (the
 *  move played) or below it (the move suggested), so the two never cover each other. */
function ring(svg, role, box) {
  const pad = PAD[role];
  const shape = { x: box.x - pad, y: box.y - pad, width: box.width + 2 * pad, height: box.height + 2 * pad,
                  rx: Math.min(12, (box.width + 2 * pad) / 2), ry: Math.min(12, (box.height + 2 * pad) / 2) };
  const tagY = role === "played" ? shape.y - TAG_FONT - 5 : shape.y + shape.height + 1;
  return s("g", { class: "wg-mark", "data-role": role },
    s("rect", { ...shape, fill: "none", stroke: HALO, "stroke-width": STROKE + 3 }),
    s("rect", { ...shape, ...ringAttrs(role) }),
    tag(svg, role, shape.x, tagY));
}

/** An arrow from `from` to `to` (user units), its head a filled triangle, over a halo; its
 *  tag beside the head. */
function arrow(svg, role, [x1, y1], [x2, y2]) {
  const angle = Math.atan2(y2 - y1, x2 - x1);
  const head = 14;
  const wing = (side) => [x2 - head * Math.cos(angle + side * 0.45), y2 - head * Math.sin(angle + side * 0.45)];
  const tip = [[x2, y2], wing(1), wing(-1)].map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(" ");
  // the shaft stops where the head begins, so a dashed shaft never pokes through its tip
  const [sx, sy] = [x2 - head * 0.8 * Math.cos(angle), y2 - head * 0.8 * Math.sin(angle)];
  const shaft = { x1, y1, x2: sx, y2: sy, "stroke-linecap": "round" };
  return s("g", { class: "wg-mark", "data-role": role },
    s("line", { ...shaft, stroke: HALO, "stroke-width": STROKE + 3 }),
    s("polygon", { points: tip, fill: HALO, stroke: HALO, "stroke-width": 3, "stroke-linejoin": "round" }),
    s("line", { ...shaft, ...ringAttrs(role) }),
    s("polygon", { points: tip, fill: MARK_INK[role] }),
    tag(svg, role, x2 + (Math.cos(angle) >= 0 ? 6 : -6 - tagWidth(role)),
      y2 + (Math.sin(angle) >= 0 ? 4 : -TAG_FONT - 8)));
}

/** A ring on an HTML element (a card, a panel): an overlay of the element (replay.css: the
 *  played one's just outside its edge, the suggested one's inside it), with its tag. */
function htmlRing(role, node) {
  node.classList.add("wg-marked");
  node.append(h("span", { class: `wg-mark wg-mark-${role}`, "data-role": role, "aria-hidden": "true" },
    h("span", { class: "wg-mark-tag" }, MARK_WORDS[role])));
}

/**
 * Draws `ctx.marks` on the board the view just drew. `spot(ctx, mark)` is the view's: where
 * the mark's action lies, as one of
 *   an Element (a shape of the board's SVG, or an HTML card or panel): ringed;
 *   {svg, at: [x, y], r}: a ring around a point of the drawing, in its user units;
 *   {svg, from: [x, y], to: [x, y]}: an arrow (a flick);
 *   null: the action has no place on this board (the review's words say it).
 * Returns the marks it drew, by role.
 */
export function drawMarks(ctx, spot) {
  const drawn = [];
  for (const mark of ctx.marks || []) {
    const where = spot(ctx, mark);
    const node = where ? drawOne(mark.role, where) : null;
    if (node) drawn.push({ role: mark.role, node });
  }
  return drawn;
}

function drawOne(role, where) {
  if (where instanceof Element) {
    if (!inSvg(where) && !(where instanceof SVGSVGElement)) {
      htmlRing(role, where);
      return where;
    }
    const svg = boardSvg(where);
    const box = svg && boxIn(svg, where);
    if (!box) return null;
    return layerOf(svg).appendChild(ring(svg, role, box));
  }
  if (!(where.svg instanceof SVGSVGElement)) return null;
  if (where.from) return layerOf(where.svg).appendChild(arrow(where.svg, role, where.from, where.to));
  const [x, y] = where.at;
  const r = where.r;
  return layerOf(where.svg).appendChild(ring(where.svg, role, { x: x - r, y: y - r, width: 2 * r, height: 2 * r }));
}

/** The first element under `root` matching one of `selectors` (tried in order) that is
 *  drawn on this screen, or null: the views' `spot` functions look their places up so. A
 *  value in a selector goes through `CSS.escape` (see `attr`). */
export function firstShown(root, ...selectors) {
  for (const selector of selectors.filter(Boolean)) {
    for (const node of root.querySelectorAll(selector)) {
      if (node.getClientRects().length) return node;
    }
  }
  return null;
}

/** An attribute selector `[name='value']` with the value escaped. */
export function attr(name, value) {
  return `[${name}='${CSS.escape(String(value))}']`;
}

/** The legend of the marks, for the review's panel: each role's swatch and its words. */
export function marksLegend(words = MARK_WORDS) {
  const swatch = (role) => {
    const svg = document.createElementNS(SVG_NS, "svg");
    svg.setAttribute("viewBox", "0 0 28 16");
    svg.setAttribute("class", "wg-swatch");
    svg.setAttribute("aria-hidden", "true");
    svg.append(s("rect", { x: 3, y: 3, width: 22, height: 10, rx: 4, ...ringAttrs(role), "stroke-width": 3,
                           "stroke-dasharray": role === "best" ? "4 2.5" : null }));
    return svg;
  };
  return h("p", { class: "wg-marks-legend" },
    h("span", { "data-role": "played" }, swatch("played"), words.played),
    h("span", { "data-role": "best" }, swatch("best"), words.best));
}

/** Brings every mark on the page into view: each box that pans sideways (a phone's board)
 *  turned to show them, then the page scrolled as little as it takes to have them inside
 *  the viewport, below whatever stays stuck at its top (the replay's bar); marks already
 *  in sight leave the page where it is. Marks spread wider or taller than the screen are
 *  shown from their top left. */
export function revealMarks(root, keepClear = 0) {
  const marks = [...root.querySelectorAll(".wg-mark")];
  if (!marks.length) return;
  const pan = (box) => {
    const rects = marks.filter((m) => box.contains(m)).map((m) => m.getBoundingClientRect());
    if (!rects.length) return;
    const outer = box.getBoundingClientRect();
    const left = Math.min(...rects.map((r) => r.left));
    const right = Math.max(...rects.map((r) => r.right));
    const middle = (left + right) / 2 - (outer.left + outer.right) / 2;
    const shift = right - left > outer.width ? left - outer.left - 8 : middle;
    box.scrollLeft += shift;
  };
  for (const box of new Set(marks.map(panningBox).filter(Boolean))) pan(box);
  const rects = marks.map((m) => m.getBoundingClientRect());
  const top = Math.min(...rects.map((r) => r.top));
  const bottom = Math.max(...rects.map((r) => r.bottom));
  const margin = 12;
  const room = window.innerHeight - keepClear - 2 * margin;
  let wanted = 0;
  if (bottom - top > room || top < keepClear + margin) wanted = top - keepClear - margin;
  else if (bottom > window.innerHeight - margin) wanted = bottom - window.innerHeight + margin;
  if (wanted) window.scrollBy({ top: wanted, behavior: "instant" });
}

/** The nearest ancestor of `node` that pans sideways (scrolls in x), if any. */
function panningBox(node) {
  for (let at = node.parentElement; at; at = at.parentElement) {
    if (at.scrollWidth > at.clientWidth + 1 && ["auto", "scroll"].includes(getComputedStyle(at).overflowX)) {
      return at;
    }
  }
  return null;
}
