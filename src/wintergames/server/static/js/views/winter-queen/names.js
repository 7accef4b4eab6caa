// Winter Queen's components named as players name them (issue 21): a spellbook by its two
// pages' effects ("the book with Wind Rose / Secret Knowledge"), never by its id (SB10); a
// royal token by what it shows (its crown, its gold-ringed floe), never by its id (RD4).
// The ids stay in data-code and title only. The names come from the game's public layout
// (GET /api/games/winter-queen/layout): a used book has left every observation, yet the log
// still speaks of it.
import { withIcons } from "../../icons.js";

export const floeId = (colour) => `wq-floe-${colour}`;
export const effectId = (effect) => `wq-effect-${effect}`;
// "Forest Lights" -> "forest-lights": the log names effects by their titles.
const effectOfTitle = (title) => title.toLowerCase().replace(/ /g, "-");

/** A page's title as the game's log prints it: "Forest Lights (red)", "Wind Rose". */
export function pageTitle(page) {
  return page.depicts ? `${page.title} (${page.depicts})` : page.title;
}

/** A book's name, its pages' titles: "Forest Lights (red) / Border Guard" (no two books
 *  share both effects, so the pair names one book). */
export function bookName(pages) {
  return pages.map(pageTitle).join(" / ");
}

/** "the book with Wind Rose / Secret Knowledge" for a book id (a book the layout does not
 *  know stays unnamed rather than showing its id). */
export function theBook(id, layout) {
  const pages = layout?.books?.[id];
  return pages ? `the book with ${bookName(pages)}` : "a spellbook";
}

// An id in the engine's log, with the book's title after it when the line gives one:
// "takes SB01 (Forest Lights (red) / Border Guard) from the purple stack".
const BOOK_ID = /\b(SB\d+)\b(?: \(([^()]*(?:\([^()]*\)[^()]*)*)\))?/g;
const TOKEN_ID = / ?\bRD\d+\b/g;

/** The engine's line with every book and royal token id replaced by what players call it. */
export function namedLine(line, layout) {
  return line
    .replace(BOOK_ID, (whole, id, title) => {
      const name = theBook(id, layout);
      return title === undefined || name.endsWith(title) ? name : `${name} (${title})`;
    })
    .replace(TOKEN_ID, "");
}

const LOG_WORDS = /\b(?:(?:blue|green|yellow|purple|red) floe|Forest Lights|Wind Rose|Border Guard|Magic Clouds|Bright Path|Northern Lights|Polar Star|Secret Knowledge|book with)\b/g;

/** A line with its floes, effects and books led by their icons, its codes named. */
export function logLine(line, layout) {
  return withIcons(namedLine(line, layout), LOG_WORDS, (word) => {
    if (word.endsWith(" floe")) return floeId(word.split(" ")[0]);
    if (word === "book with") return "wq-book";
    return effectId(effectOfTitle(word));
  });
}
