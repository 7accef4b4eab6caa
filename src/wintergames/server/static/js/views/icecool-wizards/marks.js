// ICECOOL Wizards' review marks (issue 43, js/marks.js): where an action lies on the board,
// for the seat that took it (`mark.seat`). A flick is an arrow from the seat's penguin in
// its direction, as long as the aiming arrow of that power (shortened, never turned, where
// it would leave the board); a lesson collected is its card on the board, an exam its
// space; a lesson cast, discarded or given in a trade is that card in the seat's hand; the
// penguin put back at the start is the penguin. "Done" has no place.
import { attr, firstShown } from "../../marks.js";
import { FULL_POWER_CM, K } from "./geometry.js";

/** The flick's arrow: from the penguin (or the start, before it entered), `power` of the
 *  full length in the direction `angle` (degrees, 0 right, 90 up), kept on the board. */
function flickArrow(svg, g, layout, obs, seat, a) {
  const [px, py] = obs.penguins[seat] || layout.start;
  const from = [g.X(px), g.Y(py)];
  const rad = (a.angle * Math.PI) / 180;
  // at least past the penguin's own disc, so a soft flick still shows its direction
  let length = Math.max(a.power * FULL_POWER_CM * K, layout.penguin_radius * K * 2.2);
  const [dx, dy] = [Math.cos(rad), -Math.sin(rad)];
  const room = (v, d, size) => (d > 0 ? (size - 4 - v) / d : d < 0 ? (4 - v) / d : Infinity);
  length = Math.min(length, room(from[0], dx, g.width), room(from[1], dy, g.height));
  return { svg, from, to: [from[0] + dx * length, from[1] + dy * length] };
}

export function markSpot({ board, view, layout }, { action: a, seat }, g) {
  const obs = view.observation;
  const who = seat ?? obs.current ?? view.to_move[0];
  const hand = `.hand${attr("data-seat", who)}`;
  const card = (id) => firstShown(board, `${hand} .iw-card${attr("data-term", id)}`, hand);
  switch (a.kind) {
    case "flick": {
      const svg = board.querySelector("#ic-board");
      return svg ? flickArrow(svg, g, layout, obs, who, a) : null;
    }
    case "collect": return firstShown(board, `#ic-board .lesson${attr("data-icon", a.icon)}`);
    case "exam": return firstShown(board, `#ic-board .exam-space${attr("data-space", a.space)}`);
    case "cast": case "discard": return card(a.card);
    case "trade": return card(a.give);
    case "relocate": return firstShown(board, `#ic-board .penguin${attr("data-seat", who)}`);
    default: return null;
  }
}
