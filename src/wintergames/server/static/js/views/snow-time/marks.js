// Snow Time's review marks (issue 43, js/marks.js): where an action lies on the board.
// Every hand is public, so a card played is that card in its colour's hand; a Healer's
// choice (which fallen cards it takes back) is its colour's panel, where the discard is.
import { attr, firstShown } from "../../marks.js";

export function markSpot({ board }, { action: a }) {
  const colour = `.colour${attr("data-colour", a.colour)}`;
  if (a.kind === "play") {
    return firstShown(board, `${colour} .st-hand ${attr("data-card", a.card)}`, colour);
  }
  if (a.kind === "heal") return firstShown(board, colour);
  return null;
}
