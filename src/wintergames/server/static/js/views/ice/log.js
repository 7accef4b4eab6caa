// How ICE's log draws what a line mentions (said.js calls `mention`): the engine's words,
// each thing led by its icon. The words are the engine's (a Snow tile by its front, an
// Artifact by its type, a Request by its kind); the icon comes from the mention's kind and
// ref (the code) looked up in the layout, never from the words.
import { h } from "../../dom.js";
import { icon } from "../../icons.js";
import { frontIcon, typeIcon } from "./names.js";

// Pieces and tokens by their ref, and amounts by their unit.
const PIECE_ICON = { archaeologist: "ice-archaeologist", leader: "ice-leader", camp: "ice-camp",
                     "white-camp": "ice-white-camp", planning: "ice-planning", grappling: "ice-grappling",
                     "light-curse": "ice-curse", "dark-curse": "ice-curse-dark" };
const UNIT_ICON = { Archaeologist: "ice-archaeologist", "RP token": "ice-rp" };
// A place's layer (its mention's term), as its tooltip says it.
const LAYER_WORDS = { snow: "a place on the Snow layer", surface: "a place on the Surface", deep: "a place in the Deep",
                      edge: "a place on the board's edge", azulia: "a district of Azulia" };

/** The icon of a mention, from its kind and ref (its code) and the layout; null: none. */
function iconOf(m, layout) {
  const ref = String(m.ref);
  if (m.kind === "amount") return UNIT_ICON[m.unit] ?? null;
  if (m.kind === "card") {
    if (layout?.fronts?.[ref]) return frontIcon(layout.fronts[ref].front);
    if (layout?.artifacts?.[ref]) return typeIcon(layout.artifacts[ref].type);
    if (layout?.requests?.[ref]) return "ice-request-back";
    if (layout?.decrees?.[ref]) return "ice-decree";
    if (layout?.logbook?.[ref]) return `ice-event-${layout.logbook[ref].event}`;
    return null;
  }
  if (PIECE_ICON[ref]) return PIECE_ICON[ref];
  if (ref === "prismatic" || layout?.types?.includes(ref)) return typeIcon(ref);
  if (layout?.backs?.includes(ref)) return `ice-back-${ref}`;
  if (layout?.types?.some((t) => ref === `study-${t}`)) return "ice-study";
  if (m.kind === "term" && layout?.guilds?.[ref]) return `ice-guild-${ref}`;
  if (m.kind === "term" && Object.values(layout?.fronts ?? {}).some((f) => f.front === ref)) return frontIcon(ref);
  return null;
}

/** How a mention of this game looks: a place by its name with its layer as the tooltip;
 *  a tile, a card, a piece or a token led by its icon (the icon stays with the first word,
 *  a long name wraps after it). Anything else as said.js draws it. */
export function mention(m, layout) {
  if (m.kind === "place") {
    return h("span", { class: "ice-place said-place", "data-place": m.ref, "data-ref": m.ref, "data-term": m.term ?? null,
                       "data-tip": `${m.text}: ${LAYER_WORDS[m.term] ?? "a place"}, its name written small on the board` },
      m.text);
  }
  const id = iconOf(m, layout);
  if (!id) return null;
  const [first, ...rest] = m.text.split(" ");
  return h("span", { class: `said-${m.kind}`, "data-ref": m.ref, "data-term": m.term ?? null,
                     "data-code": m.kind === "card" ? m.ref : null },
    h("span", { class: "named" }, icon(id, { size: "1.05em" }), first), rest.length ? ` ${rest.join(" ")}` : "");
}
