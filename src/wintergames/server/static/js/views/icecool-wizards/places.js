// ICECOOL Wizards: the words a player uses for places, where the rules and the notation use
// codes. An exam space is named by its room ("exam space in Potions", "top exam space in
// Magic 101"), a doorway by the rooms it joins ("doorway between Astrology and Magic 101"):
// the layout serves the names the rules' terms are keyed by
// (icecool_wizards.layout.place_names), so a tooltip's heading is the name. The log says
// them as the engine does (icecool_wizards.words); the board and the buttons name them here.

/** Every doorway's and exam space's name, by code ("D1", "X6"): the layout's, the same
 *  words the rules' terms are keyed by. */
export function placeNames(layout) {
  return layout.place_names;
}
