// ICECOOL Wizards' motion: another seat's flick played back along its path, and what a
// step won (a lesson collected, a card turned over, the Magic Points) shown arriving.
import { s } from "../../dom.js";
import { icon, useIcon } from "../../icons.js";
import { all, along, cardBack, flip, flyPoints, highlight, reducedMotion, settle, slide } from "../../motion.js";
import { PALETTE } from "../../palette.js";
import { PACE_MS as PACE_MS_DEFAULT } from "../../watch.js";
import { K, geometry } from "./geometry.js";

const INK = PALETTE.games["icecool-wizards"].ink;

/**
 * Every flick, of every seat, played back in order (watch.js queues the views, so a
 * bot's next flick waits for this one): the flicked penguin slides along its path
 * from where it stood, slowing as on ice, then stands where render() drew it. Each
 * path played counts in document.body.dataset.pathsAnimated, and pathsCut counts those
 * finished early (a skip, or this seat's own next move). Under reduced motion the path
 * is drawn at once and the penguin only fades in where it stopped (js/motion.js).
 * Any other step that won something: a lesson collected slides from its place on the
 * board into its owner's hand, a lesson or an exam otherwise won turns over there, and
 * the Magic Points won fly to the owner's score.
 */
export function animate(ctx, previous) {
  const flick = flickMotion(ctx, previous);
  const won = wonMotion(ctx, previous);
  if (!flick && !won.length) return null;
  return all([flick, ...won]);
}

function flickMotion(ctx, previous) {
  const { view, layout, signal } = ctx;
  const path = view.observation.last_path;
  if (!path || path.length < 2
      || JSON.stringify(path) === JSON.stringify(previous.observation.last_path)) return null;
  const svg = document.getElementById("ic-board");
  const line = document.getElementById("flick-path");
  if (!svg || !line || !line.getTotalLength) return null;
  const seat = previous.to_move[0];  // one seat flicks at a time
  const penguin = svg.querySelector(`g.penguin[data-seat='${seat}']`);
  const counts = document.body.dataset;
  const count = (cut) => {  // counted for the browser tests: played, to the end or cut short
    counts.pathsAnimated = String(Number(counts.pathsAnimated || 0) + 1);
    if (cut) counts.pathsCut = String(Number(counts.pathsCut || 0) + 1);
  };
  if (reducedMotion()) {
    count(false);
    return highlight(penguin, { signal });
  }
  const r = layout.penguin_radius * K;
  const mover = s("g", { id: "flick-dot", "pointer-events": "none" },
    useIcon(`iw-penguin-${view.observation.colours[seat]}`, 0, 0, 2 * r * 0.92));
  const total = line.getTotalLength();
  // long enough to follow, never so long that a bot's turn drags: 0.7 to 1.8 s
  const duration = Math.min(1800, 700 + total * 2) * (ctx.pace / PACE_MS_DEFAULT);
  // points at equal steps along the drawn path (it may bend: spin, walls)
  const steps = Math.max(2, Math.min(120, Math.ceil(total / 6)));
  const points = Array.from({ length: steps + 1 }, (_, i) => {
    const at = line.getPointAtLength(total * i / steps);
    return [at.x, at.y];
  });
  const easing = "cubic-bezier(.3, .7, .4, 1)";  // decelerating, as on ice
  if (penguin) penguin.style.visibility = "hidden";
  svg.append(mover);
  const trail = line.animate([{ strokeDasharray: `${total}`, strokeDashoffset: `${total}` },
                              { strokeDasharray: `${total}`, strokeDashoffset: "0" }], { duration, easing });
  const slid = along(mover, points, { duration, signal, easing });
  return all([slid, settle([trail], signal)]).then(() => {
    count(signal.aborted);
    mover.remove();
    if (penguin) penguin.style.visibility = "";
  });
}

// Lessons and exams that came into a hand with this step, and the points they brought.
function wonMotion(ctx, previous) {
  const { view, board, signal, pace } = ctx;
  const motions = [];
  const before = previous.observation;
  view.observation.hands.forEach((hand, seat) => {
    const old = before.hands[seat];
    if (!old) return;
    const row = board.querySelector(`.hand[data-seat='${seat}']`);
    if (!row) return;
    let from = null;  // where the points fly from: the card won
    for (const [card, n] of Object.entries(hand.face_up)) {
      const had = (old.face_up[card] || 0) + (old.face_down[card] || 0);
      const now = n + (hand.face_down[card] || 0);
      if (now <= had) continue;
      const node = [...row.querySelectorAll(".iw-card:not(.iw-down)")].filter((c) => c.dataset.term === card).at(-1);
      if (!node) continue;
      from = from || node;
      // collected from the board: it slides from its place there (no longer drawn) to the hand
      const place = (before.after_flick?.collect || []).find((i) => before.lessons_on_board[i] === card);
      const source = place && placeBox(ctx.layout, place);
      if (source) {
        motions.push(slide(node, source, { duration: pace * 0.9, signal }));
        continue;
      }
      const back = cardBack(icon("iw-lesson-back", { size: "100%" }), INK["lesson-back"]);
      motions.push(flip(node, { back, duration: pace * 0.8, signal }));
    }
    if (hand.exams.length > old.exams.length) {
      const exams = row.querySelectorAll(".iw-exam");
      for (const node of [...exams].slice(old.exams.length)) {
        from = from || node;
        const back = cardBack(icon("iw-exam-back", { size: "100%" }), INK["exam-back"]);
        motions.push(flip(node, { back, duration: pace * 0.8, signal }));
      }
    }
    const gained = view.observation.scores[seat] - before.scores[seat];
    if (gained > 0) {
      const to = document.querySelector(`#players li[data-seat='${seat}'] .score b`)
        || row.querySelector("[data-term='magic points']");
      motions.push(flyPoints(from || row, to, `+${gained}`, { delay: pace * 0.6, duration: pace, signal }));
    }
  });
  return motions;
}

// Where a lesson place lies on the screen now (a DOMRect), from the board's layout.
function placeBox(layout, iconName) {
  const svg = document.getElementById("ic-board");
  const place = layout.lesson_places.find((p) => p.icon === iconName);
  const toScreen = svg?.getScreenCTM();
  if (!place || !toScreen) return null;
  const g = geometry(layout);
  const [[cx, cy], [w, hh]] = [place.centre, place.size];
  const corner = (x, y) => new DOMPoint(g.X(x), g.Y(y)).matrixTransform(toScreen);
  const [a, b] = [corner(cx - w / 2, cy + hh / 2), corner(cx + w / 2, cy - hh / 2)];
  return new DOMRect(a.x, a.y, b.x - a.x, b.y - a.y);
}
