// Winter Queen's components named as players name them (issue 21): a spellbook by its two
// pages' effects ("the book with Wind Rose / Secret Knowledge"), never by its id (SB10); a
// royal token by what it shows (its crown, its gold-ringed floe), never by its id (RD4).
// The ids stay in data-code and title only. The names come from the game's public layout
// (GET /api/games/winter-queen/layout). The log and the prompts are the engine's words
// (said.js), which name books the same way.
export const floeId = (colour) => `wq-floe-${colour}`;
export const effectId = (effect) => `wq-effect-${effect}`;

/** A page's title as the game's log prints it: "Forest Lights (red)", "Wind Rose". */
export function pageTitle(page) {
  return page.depicts ? `${page.title} (${page.depicts})` : page.title;
}

/** A book's name, its pages' titles: "Forest Lights (red) / Border Guard" (no two books
 *  share both effects, so the pair names one book). */
export function bookName(pages) {
  return pages.map(pageTitle).join(" / ");
}
