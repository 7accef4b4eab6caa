// Winter Queen's review marks (issue 43, js/marks.js): where an action lies on the board.
// A floe placed (or returned) is its space on the map, a floe put on a page is that page
// of the book, a book taken is its province's stack, a book used is its card. Taking no
// book and passing have no place: the review's words say them.
import { attr, firstShown } from "../../marks.js";

export function markSpot({ board }, { action: a }) {
  switch (a.kind) {
    case "place":
    case "return":
      return firstShown(board, `#wq-map .cell${attr("data-cell", a.cell)} > polygon`);
    case "place-book":
      return firstShown(board, `.page${attr("data-page", `${a.book}.${a.page}`)}`);
    case "take":
      return a.province === null ? null : firstShown(board, `.stack${attr("data-province", a.province)}`);
    case "use":
      return firstShown(board, `.book${attr("data-book", a.book)}`);
    default:
      return null;
  }
}
