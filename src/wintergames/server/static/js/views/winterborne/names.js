// Winterborne's pictures for the things it names. The log's lines, the prompt and the
// buttons arrive as the engine's words and mentions (said.js): `mention` draws each
// mention with its icon, from its kind and ref (the code) and the layout's fields (a
// card's type and banner set, a spoils tile's kind), never from its words.
import { h } from "../../dom.js";
import { icon } from "../../icons.js";


// The game's public data (card names and uses, spoils): a log line is shown with names,
// not codes, also before the first board (the replay, the table's log).
let DATA = { cards: {}, spoils: {} };
export async function loadNames() {
  const answer = await fetch(new URL("/api/games/winterborne/layout", location.href));
  if (answer.ok) DATA = await answer.json();
}
/** A card's public data (its name, type and uses); undefined until loadNames() is done. */
export const cardData = (id) => DATA.cards[id];

/** The icon of a card from its data (the layout's type and, for a banner, its set). */
export function cardIcon(card) {
  if (card?.type === "banner") return card.banner ? `wb-banner-${card.banner}` : "wb-card-back";
  return card?.type ? `wb-card-${card.type}` : "wb-card-back";
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
    if (card) return named(m, [cardIcon(card)], ref);
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

/** A card's use as icons, from the layout's parts of its play code (use_codes): "S" a
 *  shaman figure, "m2" a move, "+1g1x" gold and military; [] for a code it lacks. */
export function useIcons(code) {
  const use = DATA.use_codes?.[code];
  if (!use) return [];
  switch (use.kind) {
    case "hex": return [`wb-character-${use.character}`];
    case "hire": return ["wb-resource-gold", "wb-meeple"];
    case "move": return [use.ccw ? "wb-move-ccw" : "wb-move"];
    case "wylds": return ["wb-card-wylds"];
    case "draw": return ["wb-draw"];
    case "horn": return ["wb-settlement"];
    case "castle": return ["wb-castle"];
    default: return use.resources.length ? use.resources.map((r) => `wb-resource-${r}`) : ["wb-resource-any"];
  }
}
