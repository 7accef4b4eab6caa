// Winterborne's motion (issue 21, js/motion.js): another seat's step explained on the board
// views/winterborne.js drew as the step ended. A figure walks round the ring of gray spaces,
// what a seat places or takes slides there from where it was, cards turn over, gains fly
// to the counts; in solo the Balaur's turn follows, one step at a time. Split out of
// winterborne.js (the board), which re-exports animate and calls remember on each render.
import { s } from "../../dom.js";
import { icon } from "../../icons.js";
import { PALETTE } from "../../palette.js";
import { all, cardBack, flip, flyPoints, ghost, highlight, reducedMotion, settle, slide, along } from "../../motion.js";
import { wait } from "../../watch.js";

export const FIGURES = ["shaman", "explorer", "warrior", "white"];
export const UNIT = 60;  // svg units between neighbouring hex centres (the kingdom board's too)
const INK = PALETTE.games.winterborne.ink;

// A Winterborne step is several actions: two cards, then the special action. The figure
// moves when the second card is played, but the log line comes with the last action. So
// the figure walks as soon as a view shows it moved (js/watch.js animates such views of a
// game that says animatesPartway), compared with the view drawn just before; the rest of
// the step is shown with its log line, compared with the board right after the previous
// log line: the first view drawn at each log length is kept for that.
export const animatesPartway = true;
const seen = { now: null, before: null };
export function remember(view) {
  if (seen.now && seen.now.log === view.log.length) return;
  seen.before = seen.now;
  seen.now = { log: view.log.length, obs: view.observation };
}

const RING = 2 * UNIT;  // the gray spaces' distance from the castle
// a gray space's place round the ring, by the layout's list of them (-1: no gray space)
const spaceIndex = (layout, place) => (layout.spaces ?? []).indexOf(place);
const ringAt = (angle) => [RING * Math.sin(angle), -RING * Math.cos(angle)];

/** Partway through a step no line says how far a figure went: the movement circle of a
 *  card just played does ([steps, counter-clockwise]), when one leads from `from` to `to`. */
function playedMove(layout, cards, from, to) {
  const [start, end] = [spaceIndex(layout, from), spaceIndex(layout, to)];
  for (const id of cards) {
    for (const code of Object.keys(layout.cards?.[id]?.uses ?? {})) {
      const use = layout.use_codes?.[code];  // what the code is made of, from the layout
      if (use?.kind !== "move") continue;
      const [steps, ccw] = [use.steps, use.ccw];
      if (start < 0 || (start + (ccw ? -steps : steps) + 12) % 6 === end) return [steps, ccw];
    }
  }
  return [null, false];
}

/** The walks the log's fresh lines tell, read from their mentions (kind and ref, never
 *  the words): a walk clause mentions the figure (a piece), the spaces it walked (an
 *  amount counted in "spaces"), the way when counter-clockwise (the term "ccw"), then the
 *  gray space it stopped on (a place). */
export function walksOf(lines) {
  const walks = [];
  for (const line of lines) {
    const mentions = (line.parts ?? []).filter((part) => typeof part !== "string");
    mentions.forEach((m, i) => {
      if (m.kind !== "amount" || m.unit !== "spaces") return;
      const [figure, next] = [mentions[i - 1], mentions[i + 1]];
      const ccw = next?.kind === "term" && next.ref === "ccw";
      const to = mentions[i + (ccw ? 2 : 1)];
      if (figure?.kind === "piece" && FIGURES.includes(figure.ref) && to?.kind === "place") {
        walks.push({ figure: figure.ref, steps: m.ref, ccw, to: to.ref });
      }
    });
  }
  return walks;
}

/** The points (svg units) a figure passes from `from` to `to`: out of the castle to a gray
 *  space, then space by space round the ring (clockwise, unless a walk of the log, from
 *  walksOf, or the card played says otherwise), through the section between two spaces;
 *  into the castle straight from its space. */
export function figurePath(layout, name, from, to, walks, played = []) {
  let [steps, ccw] = playedMove(layout, played, from, to);
  for (const walk of walks) {
    if (walk.figure === name && walk.to === to) [steps, ccw] = [walk.steps, walk.ccw];
  }
  const centre = (place) => (place === "castle" ? [0, -16] : layout.positions[place].map((v) => v * UNIT));
  const points = [centre(from)];
  const end = spaceIndex(layout, to);
  if (end < 0) return [...points, centre(to)];  // into the castle
  if (steps === null) steps = spaceIndex(layout, from) < 0 ? 0 : (end - spaceIndex(layout, from) + 6) % 6;
  // out of the castle: onto the space the walk starts from, then round the ring
  let at = spaceIndex(layout, from) >= 0 ? spaceIndex(layout, from) : (end + (ccw ? steps : -steps) + 12) % 6;
  if (spaceIndex(layout, from) < 0) points.push(ringAt(at * Math.PI / 3));
  const dir = ccw ? -1 : 1;
  for (let i = 0; i < steps; i++) {
    for (let k = 1; k <= 6; k++) points.push(ringAt((at + dir * k / 6) * Math.PI / 3));
    at = (at + dir + 6) % 6;
  }
  return points;
}

/** A figure walks (a copy of it, in its own kingdom's svg, pointer-events none) from where it
 *  stood to where it stopped; the figure drawn there is hidden meanwhile. */
function walkFigure(ctx, node, points, duration) {
  const { signal } = ctx;
  if (reducedMotion()) return highlight(node, { signal });
  const [x, y] = [Number(node.dataset.x), Number(node.dataset.y)];
  const copy = node.cloneNode(true);
  for (const name of ["class", "data-figure", "data-term", "data-tip", "data-tip-icon"]) copy.removeAttribute(name);
  const mover = s("g", { class: "wb-walker", "pointer-events": "none" }, copy);
  node.ownerSVGElement.append(mover);
  node.style.visibility = "hidden";
  const relative = points.map(([px, py]) => [px - x, py + 6 - y]);
  relative[relative.length - 1] = [0, 0];
  return along(mover, relative, { duration, signal, easing: "ease-in-out" }).then(() => {
    mover.remove();
    node.style.visibility = "";
  });
}

/** A copy of `node` (an icon) flies from where it is to `to`, then is gone: the Balaur's
 *  character going to the province it acts in. */
function fly(node, to, { duration, delay = 0, signal }) {
  const start = node?.getBoundingClientRect();
  const end = to?.getBoundingClientRect();
  if (!start?.width || !end?.width || signal?.aborted) return Promise.resolve();
  if (reducedMotion()) return highlight(to, { signal, delay });
  const moving = ghost(node, start);
  moving.classList.add("motion-sliding");
  Object.assign(moving.style, { opacity: "0", color: getComputedStyle(node).color });
  const dx = end.left + end.width / 2 - (start.left + start.width / 2);
  const dy = end.top + end.height / 2 - (start.top + start.height / 2);
  const travel = moving.animate([
    { transform: "translate(0, 0) scale(1.6)", opacity: 1 },
    { transform: `translate(${dx * 0.5}px, ${dy * 0.5 - 40}px) scale(2.4)`, opacity: 1 },
    { transform: `translate(${dx}px, ${dy}px) scale(1.8)`, opacity: 1, offset: 0.85 },
    { transform: `translate(${dx}px, ${dy}px) scale(1)`, opacity: 0 },
  ], { duration, delay, easing: "ease-in-out" });
  travel.id = "motion-slide";
  return settle([travel], signal, () => moving.remove());
}

const back = (id = "wb-card-back", colour = INK["card-back"]) => cardBack(icon(id, { size: "100%" }), colour);

/**
 * Another seat's step, explained: each figure it moved walks round the ring from where it
 * stood; a building it placed comes from its house board, a section it conquered gets its
 * tile from the province board; a card it explored, an ally it traded for, spoils it took
 * slide from their province board to it; a card revealed in their place turns over; cards
 * it played from its hidden hand turn over; the resources and favor it gained fly to its
 * counts; a power used is marked. In the solo game the Balaur's turn follows, one step at a
 * time: its card turns over on its board, its character goes to the province, and what it
 * takes leaves the province board. This seat's own actions are not replayed to it (the
 * Balaur's turn that follows them is). The board is drawn as the step ended; only copies
 * and transforms move, and under reduced motion only fades.
 */
/** Where another seat's step happens: its kingdom and house board (the Balaur's board in a
 *  solo game), scrolled into sight while it moves (watch.js). */
export function watchedArea(ctx, previous) {
  const actor = previous?.observation?.current;
  if (actor === undefined || actor === ctx.view.seat) return null;
  return ctx.board.querySelector(`.wb-seat[data-seat='${actor}']`)
    ?? (ctx.view.observation.balaur ? ctx.board.querySelector("#wb-balaur") : null);
}

export function animate(ctx, previous) {
  const { view, layout, board, signal, pace, own } = ctx;
  const now = view.observation;
  const base = seen.before && seen.before.log === previous.log.length ? seen.before.obs : previous.observation;
  if (!base || base.seats.length !== now.seats.length) return null;
  const walks = walksOf(ctx.fresh);
  const motions = [];
  // partway through another seat's step: only its figures walk (the line says the rest)
  const partway = !ctx.fresh.length;
  const area = (i) => (i === view.seat ? board.querySelector("#wb-me") : board.querySelector(`.wb-seat[data-seat='${i}']`));
  const province = (c) => board.querySelector(`.wb-province[data-province='${c}']`);
  const walk = pace * 0.45;  // per step round the ring
  let next = 0;  // when the step's second part (what the move did) starts
  const sources = [];  // where each seat's gains come from: what it moved or placed
  now.seats.forEach((seat, i) => {
    if (own && i === view.seat) return;
    const kingdom = board.querySelector(`svg.wb-kingdom[data-seat='${i}']`);
    if (!kingdom) return;
    // figures round the ring, from where the view drawn before showed them: a figure that
    // walked partway through the step does not walk again with its line
    const was = previous.observation?.seats[i];
    if (!was) return;
    for (const name of FIGURES) {
      const [from, to] = [was.kingdom.figures[name], seat.kingdom.figures[name]];
      const node = kingdom.querySelector(`g.figure[data-figure='${name}']`);
      if (!node) continue;
      // what the step gained flies from the figure that moved in it, walked or not
      if (to && to !== base.seats[i].kingdom.figures[name]) sources[i] = node;
      if (!from || !to || from === to) continue;
      const played = now.played.filter((c) => !previous.observation.played.includes(c));
      const points = figurePath(layout, name, from, to, walks, played);
      const duration = Math.min(pace * 2.4, Math.max(pace, walk * (points.length / 6)));
      next = Math.max(next, duration);
      sources[i] = node;
      motions.push(walkFigure(ctx, node, points, duration));
    }
  });
  if (partway) return motions.length ? all(motions) : null;
  const later = { delay: next, duration: pace * 0.9, signal };
  const reveal = next + pace * 0.9;  // what comes in place of a card taken turns over then
  now.seats.forEach((seat, i) => {
    if (own && i === view.seat) return;
    const was = base.seats[i];
    const kingdom = board.querySelector(`svg.wb-kingdom[data-seat='${i}']`);
    const mine = area(i);
    if (!kingdom || !mine) return;
    const houseBoard = mine.querySelector("[data-term='house board']");
    seat.kingdom.sections.forEach((sec, k) => {
      const old = was.kingdom.sections[k];
      const place = kingdom.querySelector(`g.place[data-place='${sec.section}']`);
      if (!place) return;
      if (sec.colour && !old.colour) {  // conquered: the tile comes from its province board
        const tile = province(sec.colour)?.querySelector(".counts [data-term='conquer tile'] svg");
        sources[i] ||= place;
        motions.push(slide(place, tile || province(sec.colour), later));
      }
      if (sec.building && sec.building !== old.building) {
        // a building moved (a power) comes from where it stood; a new one from the house board
        const left = was.kingdom.sections.findIndex((o, j) => o.building === sec.building && !seat.kingdom.sections[j].building);
        const from = left >= 0 ? kingdom.querySelector(`g.place[data-place='${was.kingdom.sections[left].section}']`) : houseBoard;
        sources[i] ||= place;
        motions.push(slide(place.querySelector("g.building"), from,
                           { ...later, delay: later.delay + (sec.colour && !old.colour ? pace * 0.5 : 0) }));
      }
    });
    // spoils taken from a province board
    for (const id of seat.spoils.filter((t) => !was.spoils.includes(t))) {
      const chip = mine.querySelector(`.wb-chip[data-spoils='${id}']`);
      const from = base.provinces.find((p) => p.spoils?.includes(id))
        || base.provinces.find((p, c) => p.spoils_count > now.provinces[c].spoils_count);
      if (chip) motions.push(slide(chip, from ? province(from.colour)?.querySelector(".spoils") : null, later));
    }
    // allies traded for: from the province's ally deck to the seat's allies
    const gained = [...seat.ally_colours];
    for (const c of was.ally_colours) gained.splice(gained.indexOf(c), 1);
    for (const c of gained) {
      const to = seat.allies
        ? mine.querySelector(`.wb-chip.ally[data-term='${base.provinces.find((p) => p.colour === c)?.ally}']`)
        : [...mine.querySelectorAll(".wb-backs[data-term='ally'] .wb-back")].filter((b) => b.querySelector(`use[href='#wb-province-${c}']`)).at(-1);
      if (to) motions.push(slide(to, province(c)?.querySelector("p.ally"), later));
    }
    // resources and favor gained fly to the seat's counts; a power used is marked
    const from = sources[i] || mine;
    const r = { ...seat.resources, favor: seat.favor };
    const o = { ...was.resources, favor: was.favor };
    Object.keys(r).filter((k) => r[k] > o[k]).forEach((k, n) => {
      const to = mine.querySelector(`.wb-amount[data-term='${k}'] b`);
      motions.push(flyPoints(from, to, `+${r[k] - o[k]} ${k}`, { delay: next + pace * (0.4 + 0.25 * n), duration: pace, signal }));
    });
    if (seat.powers_used.some((u, round) => u && !was.powers_used[round])) {
      motions.push(flyPoints(from, mine.querySelector(".wb-power"), "power used", { delay: next, duration: pace, signal }));
    }
  });
  // a card taken from a province board goes to whoever took it; the card revealed in its
  // place, and a new top ally, turn over
  const actor = base.current;
  now.provinces.forEach((p, c) => {
    const old = base.provinces[c];
    const node = province(p.colour);
    if (!node) return;
    if (old.exploration && old.exploration !== p.exploration) {
      const to = board.querySelector(`#wb-hand .wb-card[data-card='${old.exploration}']`)
        || board.querySelector(`#wb-balaur [data-term='${old.exploration}']`)
        || (actor !== view.seat && area(actor)?.querySelector(".wb-backs[data-term='hand']"));
      const balaur = to && to.closest("#wb-balaur");
      if (to && (balaur || !(own && actor === view.seat))) {
        // from the card shown there, or the empty place when none came in its stead
        motions.push(slide(to, node.querySelector(".explore .wb-mini") || node.querySelector(".explore"),
                           balaur ? { ...later, delay: BALAUR_TAKES * pace, scale: 1.5 } : later));
      }
    }
    if (p.exploration && p.exploration !== old.exploration) {
      const card = node.querySelector(".explore .wb-mini");
      if (card) motions.push(flip(card, { back: back(), delay: reveal + balaurDelay(now, base, pace), duration: pace * 0.7, signal }));
    }
    if (p.ally && p.ally !== old.ally && !(own && actor === view.seat && !now.balaur)) {
      const line = node.querySelector("p.ally");
      if (line) motions.push(flip(line, { back: back("wb-ally-back", INK["ally-back"]), delay: reveal, duration: pace * 0.7, signal }));
    }
  });
  // cards played from a hidden hand turn over where the played cards are shown
  const faceUp = new Set(base.seats[actor]?.reserve ?? []);
  if (!(own && actor === view.seat)) {
    for (const id of now.played.filter((c) => !base.played.includes(c) && !faceUp.has(c))) {
      const chip = board.querySelector(`#wb-seasons .played [data-term='${id}']`);
      if (chip) motions.push(flip(chip, { back: back(), duration: pace * 0.6, signal }));
    }
  }
  if (now.balaur && base.balaur) motions.push(...balaurMotions(ctx, base, now));
  if (!motions.length) return null;
  return all([...motions, wait(pace, signal)]);
}

// The Balaur's turn, in paces from the step's start: its card turns over, its character goes
// to the province, then what it takes leaves the province board.
const BALAUR_FLIPS = 0.6;
const BALAUR_GOES = 1.4;
const BALAUR_TAKES = 2.5;
function balaurDelay(now, base, pace) {
  return now.balaur && now.balaur.board.some((id, i) => id && id !== base.balaur.board[i]) ? pace * BALAUR_TAKES : 0;
}

/** The solo Balaur's turn, step by step: its card turns over on its board, its character
 *  goes to that province, and what it takes there leaves the province board. */
function balaurMotions(ctx, base, now) {
  const { board, signal, pace, layout } = ctx;
  const motions = [];
  now.balaur.board.forEach((id, i) => {
    if (!id || id === base.balaur.board[i]) return;
    const slot = board.querySelector(`#wb-balaur .wb-bslot[data-slot='${i}'] .wb-bcard`);
    if (!slot) return;
    const colour = layout.colours[i];
    const target = board.querySelector(`.wb-province[data-province='${colour}'] header`);
    // measured before the flip folds the card up
    motions.push(fly(slot.querySelector("svg"), target, { delay: pace * BALAUR_GOES, duration: pace * 1.1, signal }));
    motions.push(flip(slot, { back: back(), delay: pace * BALAUR_FLIPS, duration: pace * 0.8, signal }));
    const p = now.provinces[i];
    const o = base.provinces[i];
    const at = board.querySelector(`.wb-province[data-province='${colour}']`);
    const taken = { delay: pace * BALAUR_TAKES, duration: pace, signal };
    if (p.allies_left < o.allies_left) {
      motions.push(flyPoints(at?.querySelector("p.ally"), at?.querySelector(".counts [data-term='ally'] b"), "−1 ally", taken));
    }
    if (p.conquer_tiles < o.conquer_tiles) {
      motions.push(flyPoints(at?.querySelector(".counts"), at?.querySelector(".counts [data-term='conquer tile'] b"), "−1 tile", taken));
    }
  });
  return motions;
}
