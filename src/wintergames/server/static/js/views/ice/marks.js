// ICE's review marks (issue 43, js/marks.js): where an action lies on the board, for the
// seat that took it (`mark.seat`). An action on a place is a ring on the part of that
// place that shows (where its pieces stand, as the board's orange rings are drawn: a tile
// above may hide the rest of it); how many Archaeologists follow, a Study, an
// excavation are the seat's Leader; a Snow tile or a Request is its card where the page
// shows it (the seat's own view, the Sunset row), else its back among the seat's hand on
// its guild board; an Artifact type's action is that slot of the guild board. Other
// words (end, pass...) have no place.
import { attr, firstShown } from "../../marks.js";
import { PLACE_KINDS } from "./actions.js";
import { anchorOf, boardEntries, presentPlaces } from "./board.js";

const AT_LEADER = new Set(["study", "excavate"]);

const RING = 28;  // the board's own rings on places are 25 units across their middle

function placeSpot(board, layout, obs, name) {
  const place = layout.places.find((p) => p.name === name);
  const svg = board.querySelector("#ice-board");
  if (!place || !svg) return null;
  const present = presentPlaces(boardEntries(obs, layout));
  const icons = Object.fromEntries(layout.icons.map((i) => [i.district, i.at]));
  return { svg, at: anchorOf(place, present, icons), r: RING };
}

export function markSpot({ board, view, layout }, { action: a, seat }) {
  const who = seat ?? view.to_move[0];
  const guild = `.ice-guild${attr("data-seat", who)}`;
  const leader = () => firstShown(board, `#ice-board g${attr("data-leader", who + 1)}`);
  if (PLACE_KINDS.has(a.kind)) return placeSpot(board, layout, view.observation, a.place);
  switch (a.kind) {
    case "follow": case "excavate": return leader();
    case "word": return AT_LEADER.has(a.word) ? leader() : null;
    case "play": case "drop": case "sell": case "shift":
      return firstShown(board, `#ice-hand ${attr("data-tile", a.tile)}`, `${guild} .ice-hand-backs`, guild);
    case "buy": return firstShown(board, attr("data-tile", a.tile), guild);
    case "take": return firstShown(board, `#ice-row ${attr("data-row", a.card)}`);
    case "discard": case "validate":
      return firstShown(board, `#ice-hand ${attr("data-request", a.card)}`,
        `${guild} .ice-tokens${attr("data-term", "request")}`, guild);  // another's: its Requests' backs
    case "trigger": case "slot": case "choose":
      return firstShown(board, `${guild} .ice-slot${attr("data-slot", a.type)}`, guild);
    case "pay": return firstShown(board, guild);
    default: return null;
  }
}
