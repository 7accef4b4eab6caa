// Winterborne's review marks (issue 43, js/marks.js): where an action lies on the board,
// for the seat that took it (`mark.seat`). A card is its face where the page shows it (the
// seat's own view), else the seat's hand or reserve; a space or section is its hex of the
// seat's kingdom (a building moved: where it goes), a figure its figure there; a
// province's action (trade, explore, a spoils tile taken) its province board; a spoils
// tile used, a resource chosen, a power, the seat's own panel. A bare word (end, pass...)
// has no place: the review's words say it.
import { attr, firstShown } from "../../marks.js";

const CARD_KINDS = new Set(["play", "discard", "reserve", "unreserve", "wylds"]);

export function markSpot({ board, view }, { action: a, seat }) {
  const who = seat ?? view.observation.current;
  const kingdom = `svg.wb-kingdom${attr("data-seat", who)}`;
  const panel = view.seat === who ? "#wb-me" : `.wb-seat${attr("data-seat", who)}`;
  const hex = (name) => firstShown(board, `${kingdom} g.place${attr("data-place", name)}`);
  const province = (colour) => firstShown(board, `.wb-province${attr("data-province", colour)}`);
  if (CARD_KINDS.has(a.kind)) {
    return firstShown(board, `.wb-card${attr("data-card", a.card)}`, `${panel} .wb-named${attr("data-code", a.card)}`,
      `${panel} .wb-backs`, panel);
  }
  switch (a.kind) {
    case "exit": return hex(a.space);
    case "conquer": case "build": return hex(a.section);
    case "relocate": return hex(a.to);  // where the building goes (from the same one, often)
    case "figure": return firstShown(board, `${kingdom} g.figure${attr("data-figure", a.figure)}`);
    case "trade": case "explore": case "facedown": case "swap": return province(a.province);
    case "take": return a.spoils ? firstShown(board, `#wb-provinces ${attr("data-spoils", a.spoils)}`) : null;
    case "spoils": case "sack": return firstShown(board, `${panel} ${attr("data-spoils", a.spoils)}`, panel);
    case "choose": return firstShown(board, `${panel} .wb-amount${attr("data-term", a.resource)}`, panel);
    case "power": return firstShown(board, `${panel} .wb-power`, panel);
    default: return null;
  }
}
