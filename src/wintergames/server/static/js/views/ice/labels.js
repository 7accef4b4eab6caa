// The words of ICE's buttons as people say them: Requests, Logbook cards and Decrees by
// name and icon (ice/names.js), places marked, the other components led by their icons.
// Only the labels the view builds itself (actions.js) are read here: the log is drawn from
// the engine's mentions (ice/log.js). Issue 38 moves the labels to the engine too, and this
// reading of words with it.
import { h } from "../../dom.js";
import { withIcons } from "../../icons.js";
import { decreeName, logbookName, requestName, typeIcon } from "./names.js";

// Words: the types, Snow tiles by their backs, Archaeologists, Camps, tokens.
const FRONTS = ["talisman", "explosive-rune", "anima-gemstone", "whistle-of-storms", "abseiling-rope", "ice-sailboat",
                "expedition-survivors", "wreck", "polar-termites", "ice-manta-ray", "boreal-smilodon", "white-spiders"];
const LOG_NAMES = [...FRONTS, "Harmony", "Exalted", "Achievement", "Philosophical", "Obliteration", "Prismatic",
                   "(?:clear|tunnel|rift|nunatak|encampment) Snow tile", "Archaeologists?", "White Camp", "Camp", "RP tokens?",
                   "Study token", "Planning token", "Grappling token", "Logbook", "Curse token", "Ship's Hold", "Leader"];
// A Request's code (KIND-TYPES, a copy's letter) and a Logbook card's (EVENT, a copy's letter).
const REQUEST_CODE = "(?:MONO|SHAPES|EITHER|DUO|TRIO)(?:-(?:HAR|EXA|ACH|PHI|OBL))+(?:-[a-z])?|PRISM-[a-z]";
const EVENTS = ["prismatic-flow", "something-is-coming", "artifact-study", "merchant-caravan", "safe-haven", "blizzard",
                "cataclysm", "snowstorm"];
const LOGBOOK_CODE = `(?:${EVENTS.map((e) => e.toUpperCase()).join("|")})(?:-[a-z])?`;
const DECREE_CODE = "DEC-(?:TOKENS|STUDY|SETS|SHAPES|HAR|EXA|ACH|PHI|OBL)";
const IS_DECREE = new RegExp(`^${DECREE_CODE}$`);
const LOG_WORDS = new RegExp(`(?<![\\w-])(?:${REQUEST_CODE}|${LOGBOOK_CODE}|${DECREE_CODE}|${LOG_NAMES.join("|")})(?![\\w-])`, "g");
const IS_REQUEST = new RegExp(`^(?:${REQUEST_CODE})$`);
const IS_LOGBOOK = new RegExp(`^(?:${LOGBOOK_CODE})$`);

const LOG_ICON = { Archaeologist: "ice-archaeologist", Archaeologists: "ice-archaeologist", "White Camp": "ice-white-camp",
                   Camp: "ice-camp", "RP token": "ice-rp", "RP tokens": "ice-rp", "Study token": "ice-study",
                   "Planning token": "ice-planning", "Grappling token": "ice-grappling", Logbook: "ice-logbook",
                   "Curse token": "ice-curse", "Ship's Hold": "ice-hold", Leader: "ice-leader" };

/** A button's words as people say them (actionLabel's prose between the tiles it draws
 *  itself): Requests, Logbook cards and Decrees by name and icon, places marked, the other
 *  components led by their icons; every code stays only as a tooltip and data-code. */
export function labelParts(line, layout = null) {
  const parts = [];
  let at = 0;
  for (const match of line.matchAll(LOG_WORDS)) {
    const word = match[0];
    const named = IS_REQUEST.test(word) ? requestName(word) : IS_LOGBOOK.test(word) ? logbookName(word)
      : IS_DECREE.test(word) ? decreeName(word) : null;
    if (!named) continue;
    parts.push(...placedLine(line.slice(at, match.index), layout), named);
    at = match.index + word.length;
  }
  parts.push(...placedLine(line.slice(at), layout));
  return parts.filter((part) => part !== "");
}

/** Prose with the other components led by their icons. */
function plainLine(line) {
  return withIcons(line, LOG_WORDS, (word) => {
    if (IS_REQUEST.test(word) || IS_LOGBOOK.test(word) || IS_DECREE.test(word)) return null;
    if (LOG_ICON[word]) return LOG_ICON[word];
    if (FRONTS.includes(word)) return `ice-front-${word}`;
    if (word.endsWith(" Snow tile")) return `ice-back-${word.split(" ")[0]}`;
    return typeIcon(word.toLowerCase());
  });
}

// A place the engine names ("moves to T26"): the board writes its name small, so the log's
// mention says which layer it is on (its tooltip explains the layer) and keeps the name,
// the one a player finds on the board and the terminal reads.
const PLACE_ID = /(?<![\w-])[TSDEA]\d{1,2}(?![\w-])/g;
const LAYER_TERM = { T: "snow", S: "surface", D: "deep", E: "edge", A: "azulia" };
const LAYER_WORDS = { T: "a place on the Snow layer", S: "a place on the Surface", D: "a place in the Deep",
                      E: "a place on the board's edge", A: "a district of Azulia" };

/** Prose with its places marked (when the layout names them), the rest as plainLine. */
function placedLine(line, layout) {
  if (!layout?.places) return plainLine(line);
  const names = placeNames(layout);
  const parts = [];
  let at = 0;
  for (const match of line.matchAll(PLACE_ID)) {
    if (!names.has(match[0])) continue;
    parts.push(...plainLine(line.slice(at, match.index)), placeNode(match[0]));
    at = match.index + match[0].length;
  }
  parts.push(...plainLine(line.slice(at)));
  return parts;
}

const PLACE_NAMES = new WeakMap();
function placeNames(layout) {
  if (!PLACE_NAMES.has(layout)) PLACE_NAMES.set(layout, new Set(layout.places.map((p) => p.name)));
  return PLACE_NAMES.get(layout);
}

function placeNode(name) {
  const layer = name[0];
  return h("span", { class: "ice-place", "data-place": name, "data-term": LAYER_TERM[layer],
                     "data-tip": `${name}: ${LAYER_WORDS[layer]}, its name written small on the board` }, name);
}
