// Winterborne's pictures for the things it names. The log's lines arrive as the engine's
// words and mentions (said.js): `mention` draws each mention with its icon, from its kind
// and ref (the code), never from its words. The buttons' words are still the view's own
// (views/winterborne.js describe), and `namedWords` names the codes in them: cards
// ("Explorer II"), spoils by what they give, allies by their province, characters,
// resources and buildings led by their icons; the code stays as the tooltip and data-code.
import { h } from "../../dom.js";
import { icon } from "../../icons.js";

const RESOURCE_OF = { g: "gold", m: "meat", x: "military" };
const CHARACTER_OF = { S: "shaman", E: "explorer", W: "warrior" };
const BANNERS = ["horn", "mask", "bag", "book", "rune", "orb", "potion"];

// The game's public data (card names and uses, spoils): a log line is shown with names,
// not codes, also before the first board (the replay, the table's log).
let DATA = { cards: {}, spoils: {} };
export async function loadNames() {
  const answer = await fetch(new URL("/api/games/winterborne/layout", location.href));
  if (answer.ok) DATA = await answer.json();
}
/** A card's public data (its name, type and uses); undefined until loadNames() is done. */
export const cardData = (id) => DATA.cards[id];

/** The icon of a card, by its type (a banner by its set, read from its id). */
export function cardIcon(id, type) {
  if (type === "banner") {
    const set = BANNERS.find((b) => id.toLowerCase().startsWith(b));
    return set ? `wb-banner-${set}` : "wb-card-back";
  }
  return type ? `wb-card-${type}` : "wb-card-back";
}
export const typeOfId = (id) => (/^(SHA|EXP|WAR)\d$/.test(id) ? "house" : id === "MERC" ? "mercenary"
  : /^WY\d+$/.test(id) ? "wylds" : /^T\d$/.test(id) ? "treasure" : /^P\d$/.test(id) ? "provision"
    : /^W\d$/.test(id) ? "weapon" : "banner");

// Card ids (with the use played, "EXP2 (E)"), spoils ids, characters, resources and
// buildings: a button's words name them (the view builds those words itself).
const CARD_ID = "(?:SHA|EXP|WAR)[12]|MERC|[TPW][1-6]|(?:HORN|MASK|BAG|BOOK|RUNE|ORB|POTION)[1-3]|WY\\d{1,2}";
const CODE_WORDS = new RegExp(`\\b(?:(?:${CARD_ID})(?: \\([^()\\s]+\\))?|(?:PR|HX|MV|WY)(?:-[A-Za-z0-9]+)+|(?:the ally )?(?:GR|YE|BL|PU|RE|BK)\\d|shaman|explorer|warrior`
  + "|white meeple|gold|meat|military|favor|settlement|church|castle|[SCG][1-6])(?![\\w-])", "g");
const NAMED_WORD = (word) => {
  if (["shaman", "explorer", "warrior"].includes(word)) return `wb-character-${word}`;
  if (word === "white meeple") return "wb-character-white";
  if (["gold", "meat", "military", "favor"].includes(word)) return `wb-resource-${word}`;
  if (["settlement", "church", "castle"].includes(word)) return `wb-${word}`;
  return null;
};

/** A card by its name and icon, its code ("EXP2 (E)") kept as the tooltip and data-code; the
 *  use played follows as its icons and words ("(explorer figure) Explorer hex"). */
function cardName(word) {
  const [id, code] = [word.split(" ")[0], word.match(/\(([^()]+)\)/)?.[1]];
  const card = DATA.cards[id];
  const name = h("span", { class: "named" }, icon(cardIcon(id, card?.type ?? typeOfId(id)), { size: "1.05em" }),
    card?.name ?? id);
  if (!code) return h("span", { class: "wb-named", title: id, "data-code": id }, name);
  const use = card?.uses?.[code] ?? code;
  return h("span", { class: "wb-named", title: word, "data-code": id }, name, " ",
    h("span", { class: "named" }, "(", ...useIcons(code).map((u) => icon(u, { size: "1.05em" })), `${use})`));
}

/** An ally by its province ("the ally PU2" -> "the purple ally"), its id kept as the tooltip. */
function allyName(word) {
  const id = word.split(" ").at(-1);
  const colour = DATA.allies?.[id]?.colour;
  if (!colour) return word;
  return h("span", { class: "named wb-named", title: id, "data-code": id }, word.startsWith("the ") ? "the " : "",
    icon("wb-ally-back", { size: "1.05em" }), icon(`wb-province-${colour}`, { size: "1.05em" }), `${colour} ally`);
}

/** A spoils tile by its kind's icon and what it gives, its id kept as the tooltip. */
function spoilsName(id) {
  const t = DATA.spoils[id];
  if (!t) return id;
  return h("span", { class: "named wb-named", title: id, "data-code": id },
    icon(`wb-spoils-${t.kind}`, { size: "1.05em" }), t.label);
}

// A kingdom's hex as the log names it ("moves 1 to G6"): the board writes its name small, so
// the mention says what kind of hex it is (its tooltip explains it) and keeps the name.
const HEX_NAME = /^[SCG][1-6]$/;
const HEX_KIND = { S: ["section", "a starter section"], C: ["section", "a section to conquer"],
                   G: ["gray space", "a gray space"] };
function hexName(word) {
  const [term, words] = HEX_KIND[word[0]];
  return h("span", { class: "wb-hex-name", "data-term": term, "data-tip": `${word}: ${words} of the kingdom board` }, word);
}

/** A button's words (views/winterborne.js describe) with names for codes and icons before
 *  them: cards by their names, spoils by what they give, characters, resources and
 *  buildings led by their icons. The log never comes here: its lines are the engine's
 *  mentions (`mention`). */
export function namedWords(line) {
  const parts = [];
  let at = 0;
  for (const match of String(line).matchAll(CODE_WORDS)) {
    const word = match[0];
    const id = NAMED_WORD(word);
    let node;
    if (id) node = h("span", { class: "named" }, icon(id, { size: "1.05em" }), word);
    else if (HEX_NAME.test(word)) node = hexName(word);
    else if (word.includes("-")) node = spoilsName(word);
    else if (/(?:GR|YE|BL|PU|RE|BK)\d$/.test(word)) node = allyName(word);
    else node = cardName(word);
    parts.push(line.slice(at, match.index), node);
    at = match.index + word.length;
  }
  parts.push(line.slice(at));
  return parts.filter((part) => part !== "");
}

// -- the log's mentions (said.js) ----------------------------------------------------------

const FIGURES = new Set(["shaman", "explorer", "warrior", "white"]);
const BUILDINGS = new Set(["settlement", "church"]);
const RESOURCES = new Set(["gold", "meat", "military", "favor"]);
const SEASONS = new Set(["spring", "summer", "autumn", "winter"]);

/** A mention's words led by its icons; `code` (a card's, a spoils tile's, an ally's) goes
 *  into data-code and the title, as a code shown nowhere else. */
function named(m, icons, code = null) {
  return h("span", { class: `named said-${m.kind}${code ? " wb-named" : ""}`, "data-ref": m.ref,
                     "data-term": m.term ?? null, "data-code": code, title: code,
                     "data-tip-icon": icons[0] ?? null },
  ...icons.map((id) => icon(id, { size: "1.05em" })), m.text);
}

/** How a mention of Winterborne looks in the log, from its kind and ref only: a card, a
 *  spoils tile and an ally with their pictures, a figure, a building, a conquer tile, a
 *  province, the castle, a resource, a season, a power, a card's use with its icons, a
 *  hex of the kingdom by its small name; null for what has no picture (said.js then draws
 *  the words with their tooltip). */
export function mention(m, layout) {
  const data = layout?.cards ? layout : DATA;
  const ref = String(m.ref);
  if (m.kind === "card") {
    const card = data.cards?.[ref];
    if (card) return named(m, [cardIcon(ref, card.type)], ref);
    const tile = data.spoils?.[ref];
    if (tile) return named(m, [`wb-spoils-${tile.kind}`], ref);
    const colour = data.allies?.[ref]?.colour;
    if (colour) return named(m, ["wb-ally-back", `wb-province-${colour}`], ref);
    return null;
  }
  if (m.kind === "piece") {
    if (FIGURES.has(ref)) return named(m, [`wb-character-${ref}`]);
    if (BUILDINGS.has(ref)) return named(m, [`wb-${ref}`]);
    if (data.colours?.includes(ref)) return named(m, [`wb-province-${ref}`]);  // a conquer tile
    return null;
  }
  if (m.kind === "place") {
    if (ref === "castle") return named(m, ["wb-castle"]);
    if (data.colours?.includes(ref)) return named(m, [`wb-province-${ref}`]);
    // a hex of the kingdom: its small name, as the board writes it; its term explains it
    if (data.positions?.[ref]) return h("span", { class: "wb-hex-name said-place", "data-ref": ref, "data-term": m.term ?? ref }, m.text);
    return null;
  }
  if (m.kind === "amount") return RESOURCES.has(m.unit) ? named(m, [`wb-resource-${m.unit}`]) : null;
  if (m.kind === "term") {
    if (SEASONS.has(ref)) return named(m, [`wb-season-${ref}`]);
    if (data.powers?.[ref]) return named(m, ["wb-power"]);
    const uses = useIcons(ref);  // a card's use by its code ("E", "m2", "+1g"), "ccw" the way
    return uses.length ? named(m, uses) : null;
  }
  return null;
}

/** A card's uses as icons: "S" a shaman figure, "m2" a move, "+1g1x" gold and military. */
export function useIcons(code) {
  if (CHARACTER_OF[code]) return [`wb-character-${CHARACTER_OF[code]}`];
  if (code === "*") return ["wb-meeple"];
  if (code.startsWith("hire")) return ["wb-resource-gold", "wb-meeple"];
  if (code.startsWith("ccw")) return ["wb-move-ccw"];
  if (/^m\d/.test(code)) return ["wb-move"];
  if (code === "wy") return ["wb-card-wylds"];
  if (code === "draw") return ["wb-draw"];
  if (code.startsWith("horn")) return ["wb-settlement"];
  if (code.startsWith("castle")) return ["wb-castle"];
  if (code.startsWith("+")) {
    const found = [...code.matchAll(/(\d*)([gmx])/g)].map((m) => `wb-resource-${RESOURCE_OF[m[2]]}`);
    return found.length ? found : ["wb-resource-any"];
  }
  return [];
}
