// Motion that explains (issue 21): small helpers a view's animate() uses to show what a
// move did. A floe slides from its stand, a revealed card flips, points fly to the score.
//
// The rules every helper keeps:
// - The board is drawn in its final state before any helper runs. A helper only moves a
//   copy (a "ghost" in a layer over the page, pointer-events: none) or animates the
//   final node's transform or opacity. Nothing blocks input; a click lands on the board.
// - Each returns a Promise that resolves when the motion ends, or at once when `signal`
//   (watch.js's AbortSignal: "Skip animations", or this seat acting) aborts. Every
//   ghost is then gone and every node looks as render() drew it.
// - Under prefers-reduced-motion: reduce nothing slides, flips or flies. A helper gives
//   at most a short fade of the final node (opacity only, never a transform).
// - Positions are measured when a helper is called (its delay included): call it once
//   the page's layout is settled, and keep what lies above the board still meanwhile.
// - What moves stays on screen, and nothing scrolls the page: a slide or a flight whose
//   end (or start) is off screen heads to (or comes from) the screen's edge nearest it,
//   and one with both ends off screen is only a fade in place (flightPath()).
// - The Web Animations API does the work, so document.getAnimations() lists what runs
//   (the browser tests read it).

const LAYER_ID = "motion-layer";

/** True when the browser asks for reduced motion. */
export function reducedMotion() {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** Resolves when every animation in `animations` has ended, or at once when `signal`
 *  aborts (each is then finished: it jumps to its end). `cleanup` runs once, after. */
export function settle(animations, signal, cleanup = () => {}) {
  return new Promise((resolve) => {
    let done = false;
    const end = () => {
      if (done) return;
      done = true;
      signal?.removeEventListener("abort", end);
      for (const animation of animations) {
        if (animation.playState !== "finished") animation.finish();
      }
      cleanup();
      resolve();
    };
    if (signal?.aborted || !animations.length) {
      end();
      return;
    }
    signal?.addEventListener("abort", end, { once: true });
    Promise.all(animations.map((a) => a.finished.catch(() => null))).then(end);
  });
}

// The layer the ghosts move in: over the whole document, never under the pointer.
function layer() {
  let found = document.getElementById(LAYER_ID);
  if (!found) {
    found = document.createElement("div");
    found.id = LAYER_ID;
    found.setAttribute("aria-hidden", "true");
    document.body.append(found);
  }
  return found;
}

// A box's centre in document coordinates.
function centreOf(box) {
  return [box.left + box.width / 2 + scrollX, box.top + box.height / 2 + scrollY];
}

// How far inside the screen's edge a flight that cannot reach its end stops (px).
const EDGE = 28;

// The part of the document on screen now, in document coordinates, `inset` px inside its edges.
function screenBox(inset = 0) {
  const width = document.documentElement.clientWidth || innerWidth;
  const height = document.documentElement.clientHeight || innerHeight;
  return { left: scrollX + inset, top: scrollY + inset,
           right: scrollX + width - inset, bottom: scrollY + height - inset };
}

function onScreen([x, y], screen = screenBox()) {
  return x >= screen.left && x <= screen.right && y >= screen.top && y <= screen.bottom;
}

// The point nearest [x, y] (document coordinates) where a thing of `size` centred on it is
// wholly on screen, EDGE px inside its edge at least.
function nearestOnScreen([x, y], size) {
  const screen = screenBox();
  const dx = Math.max(EDGE, size.width / 2 + 4);
  const dy = Math.max(EDGE, size.height / 2 + 4);
  return [Math.min(Math.max(x, screen.left + dx), screen.right - dx),
          Math.min(Math.max(y, screen.top + dy), screen.bottom - dy)];
}

/**
 * Where a flight from `start` to `end` (boxes) of a thing of `size` (default `end`'s) is
 * seen to go, on this screen. On a phone a
 * score row or a stand often lies below the fold, and a piece flying off the screen, or in
 * from nowhere, explains nothing; nor may a motion scroll the page under the person. So an
 * end off screen is moved to the screen's edge nearest it (the piece visibly heads that way,
 * and fades there), and a start off screen likewise (the piece comes in from that edge).
 * Returns null when both ends are off screen: the caller then fades the piece in place.
 * `clamped` names the ends moved ("start", "end", "start end" or "").
 */
export function flightPath(start, end, size = end) {
  let from = centreOf(start);
  let to = centreOf(end);
  const screen = screenBox();
  const clamped = [];
  if (!onScreen(from, screen) && !onScreen(to, screen)) return null;
  if (!onScreen(from, screen)) {
    from = nearestOnScreen(from, size);
    clamped.push("start");
  }
  if (!onScreen(to, screen)) {
    to = nearestOnScreen(to, size);
    clamped.push("end");
  }
  return { from, to, clamped: clamped.join(" ") };
}

function boxOf(thing) {
  if (!thing) return null;
  const box = thing.getBoundingClientRect ? thing.getBoundingClientRect() : thing;
  return box.width || box.height ? box : null;
}

/** A copy of `node` in the motion layer, over the place `box` (default: where `node` is).
 *  An SVG element is copied into an <svg> of its own (its <use>s still find the sprite). */
export function ghost(node, box = node.getBoundingClientRect()) {
  const holder = document.createElement("div");
  holder.className = "motion-ghost";
  Object.assign(holder.style, { left: `${box.left + scrollX}px`, top: `${box.top + scrollY}px`,
                                width: `${box.width}px`, height: `${box.height}px` });
  if (node instanceof SVGElement && !(node instanceof SVGSVGElement)) {
    const bbox = node.getBBox();
    const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    svg.setAttribute("viewBox", `${bbox.x} ${bbox.y} ${bbox.width} ${bbox.height}`);
    svg.setAttribute("width", "100%");
    svg.setAttribute("height", "100%");
    svg.setAttribute("overflow", "visible");
    svg.style.color = getComputedStyle(node).color;
    svg.append(node.cloneNode(true));
    holder.append(svg);
  } else {
    const copy = node.cloneNode(true);
    copy.removeAttribute("id");
    Object.assign(copy.style, { width: "100%", height: "100%", margin: "0", boxSizing: "border-box" });
    holder.append(copy);
  }
  layer().append(holder);
  return holder;
}

// Under reduced motion a fade waits this share of the delay its motion would have had:
// the fades keep their order, and a watcher is not held for slides that never happen.
const REDUCED_DELAY = 1 / 3;

/** A short fade of `node` to how render() drew it: the reduced-motion stand-in for
 *  a slide, a flip or a flight (opacity only). */
export function highlight(node, { duration = 450, signal, delay = 0 } = {}) {
  if (!node || signal?.aborted) return Promise.resolve();
  const wait = reducedMotion() ? delay * REDUCED_DELAY : delay;
  const fade = node.animate([{ opacity: 0.25 }, { opacity: 1 }],
                            { duration, delay: wait, easing: "ease-out", fill: "backwards" });
  fade.id = "motion-highlight";
  return settle([fade], signal);
}

/**
 * `node` (drawn where it ended) slides there from `from` (an element or a DOMRect): a
 * ghost travels while the node itself is hidden, then the node shows again. Options:
 * duration (ms), delay, signal, scale (the ghost's size at the start, default the ratio
 * of the two boxes, so a floe grows from its stand's size to the cell's).
 */
export function slide(node, from, { duration = 600, delay = 0, signal, scale } = {}) {
  const to = boxOf(node);
  const start = boxOf(from);
  if (!to || signal?.aborted) return Promise.resolve();
  const path = start && !reducedMotion() ? flightPath(start, to) : null;
  if (!path) return highlight(node, { signal, delay });
  const [[x0, y0], [x1, y1]] = [path.from, path.to];
  const ratio = scale ?? Math.max(0.4, Math.min(2.5, Math.sqrt((start.width * start.height)
                                                                / (to.width * to.height)) || 1));
  // the copy ends where the path does: on the node, or at the screen's edge nearest it
  const [cx, cy] = centreOf(to);
  const moving = ghost(node, new DOMRect(to.left + x1 - cx, to.top + y1 - cy, to.width, to.height));
  moving.classList.add("motion-sliding");
  if (path.clamped) moving.dataset.clamped = path.clamped;
  const hidden = node.animate([{ opacity: 0 }, { opacity: 0 }], { duration: duration + delay });
  const arrives = !path.clamped.includes("end");
  const travel = moving.animate([
    { transform: `translate(${x0 - x1}px, ${y0 - y1}px) scale(${ratio})`, opacity: 1 },
    { transform: "translate(0, 0) scale(1)", opacity: arrives ? 1 : 0 },
  ], { duration, delay, easing: "cubic-bezier(.25, .8, .3, 1)", fill: "backwards" });
  travel.id = "motion-slide";
  return settle([travel, hidden], signal, () => moving.remove());
}

/**
 * `node` follows `points` ([[x, y], ...] in its parent's SVG units) to the last one,
 * slowing as it goes: the ICECOOL penguin on its path. `node` is a moving copy the caller
 * made; it is left at the last point. Under reduced motion it is put there at once.
 */
export function along(node, points, { duration = 1200, signal, easing = "cubic-bezier(.3, .7, .4, 1)" } = {}) {
  const at = ([x, y]) => ({ transform: `translate(${x}px, ${y}px)` });
  if (!points.length || signal?.aborted || reducedMotion()) {
    if (points.length) Object.assign(node.style, at(points[points.length - 1]));
    return Promise.resolve();
  }
  // keyframes at equal distances along the path: the easing then slows the whole slide
  const lengths = [0];
  for (let i = 1; i < points.length; i++) {
    lengths.push(lengths[i - 1] + Math.hypot(points[i][0] - points[i - 1][0], points[i][1] - points[i - 1][1]));
  }
  const total = lengths[lengths.length - 1] || 1;
  const frames = points.map((p, i) => ({ ...at(p), offset: lengths[i] / total }));
  const travel = node.animate(frames, { duration, easing, fill: "forwards" });
  travel.id = "motion-along";
  return settle([travel], signal);
}

/**
 * A card turned over: `node` (its face, drawn face up) shows `back` first, then turns
 * to its face. `back` is an element (an icon of the card's back) laid over the face in
 * the motion layer. Options: duration, delay, signal.
 */
export function flip(node, { back, duration = 500, delay = 0, signal } = {}) {
  const box = boxOf(node);
  if (!box || signal?.aborted) return Promise.resolve();
  if (reducedMotion()) return highlight(node, { signal, delay });
  const cover = document.createElement("div");
  cover.className = "motion-ghost motion-back";
  Object.assign(cover.style, { left: `${box.left + scrollX}px`, top: `${box.top + scrollY}px`,
                               width: `${box.width}px`, height: `${box.height}px` });
  if (back) cover.append(back);
  layer().append(cover);
  if (node instanceof SVGElement) Object.assign(node.style, { transformBox: "fill-box", transformOrigin: "center" });
  const timing = { duration, delay, easing: "ease-in-out", fill: "backwards" };
  const backTurn = cover.animate([{ transform: "scaleX(1)" }, { transform: "scaleX(0)", offset: 0.5 },
                                  { transform: "scaleX(0)" }], timing);
  const faceTurn = node.animate([{ transform: "scaleX(0)" }, { transform: "scaleX(0)", offset: 0.5 },
                                 { transform: "scaleX(1)" }], timing);
  faceTurn.id = "motion-flip";
  return settle([backTurn, faceTurn], signal, () => cover.remove());
}

/**
 * Points won: a badge with `text` ("+3") flies from `from` to `to` (elements or boxes),
 * and `to` (the score) then pops. Under reduced motion only the score fades in.
 */
export function flyPoints(from, to, text, { duration = 700, delay = 0, signal } = {}) {
  const target = boxOf(to);
  if (!target || signal?.aborted) return Promise.resolve();
  const pop = to.animate ? to : null;
  const badge = document.createElement("div");
  badge.className = "motion-ghost motion-points";
  badge.style.opacity = "0";  // seen only while it flies (not during its delay)
  badge.textContent = text;
  layer().append(badge);
  const path = boxOf(from) && !reducedMotion() ? flightPath(boxOf(from), target, badge.getBoundingClientRect()) : null;
  if (!path) {
    badge.remove();
    return pop ? highlight(pop, { signal, delay }) : Promise.resolve();
  }
  if (path.clamped) badge.dataset.clamped = path.clamped;
  const [[x0, y0], [x1, y1]] = [path.from, path.to];
  Object.assign(badge.style, { left: `${x1}px`, top: `${y1}px` });
  // it arcs up on its way, never above the screen's top
  const lift = Math.max(0, Math.min(30, y1 + (y0 - y1) * 0.4 - screenBox(EDGE).top));
  const flight = badge.animate([
    { transform: `translate(-50%, -50%) translate(${x0 - x1}px, ${y0 - y1}px) scale(1.25)`, opacity: 1 },
    { transform: `translate(-50%, -50%) translate(${(x0 - x1) * 0.4}px, ${(y0 - y1) * 0.4 - lift}px) scale(1.1)`,
      opacity: 1, offset: 0.45 },
    { transform: "translate(-50%, -50%) scale(.8)", opacity: path.clamped.includes("end") ? 0 : 0.2 },
  ], { duration, delay, easing: "ease-in" });
  flight.id = "motion-points";
  const animations = [flight];
  if (pop) {
    if (pop instanceof SVGElement) Object.assign(pop.style, { transformBox: "fill-box", transformOrigin: "center" });
    animations.push(pop.animate([{ transform: "scale(1)" }, { transform: "scale(1.35)" }, { transform: "scale(1)" }],
                                { duration: 300, delay: delay + duration * 0.9 }));
  }
  return settle(animations, signal, () => badge.remove());
}

/** A card's back for flip(): `iconNode` (the back's icon) centred on `colour`, filling
 *  the card however wide it is (a Winter Queen book is wider than its back's icon). */
export function cardBack(iconNode, colour) {
  const back = document.createElement("span");
  back.className = "motion-card-back";
  back.style.background = colour;
  back.append(iconNode);
  return back;
}

/** Every motion of a step together: resolves when all have. */
export function all(motions) {
  return Promise.all(motions.filter(Boolean)).then(() => undefined);
}
