// How ICE's things are named and iconed: the Artifact types, Snow tiles by their fronts
// and backs, Requests, Logbook cards and Decrees, each drawn as its icon and the name
// people say; a code or id stays only as a tooltip and data-code.
import { h } from "../../dom.js";
import { icon } from "../../icons.js";

export const BACK_LABEL = { clear: "clear", tunnel: "tunnel", rift: "rift", nunatak: "nunatak",
                            encampment: "Encampment" };
export const TYPE_OF = { HAR: "harmony", EXA: "exalted", ACH: "achievement", PHI: "philosophical", OBL: "obliteration" };
export const cap = (t) => String(t).charAt(0).toUpperCase() + String(t).slice(1);

/** A term explained by its tooltip (data-term: the help's term; data-tip, data-tip-icon). */
export const chip = (term, text, tip, tipIcon) => h("span", { "data-term": term, "data-tip": tip, "data-tip-icon": tipIcon }, text);
/** The symbol of an Artifact type ("prismatic" included). */
export const typeIcon = (t) => (t === "prismatic" ? "ice-prismatic" : `ice-type-${t}`);
/** The symbol of a Snow tile's front (the Encampment's is blank: its back). */
export const frontIcon = (front) => (front === "blank" ? "ice-back-encampment" : `ice-front-${front}`);

/** A Request's kind, by its code's first word. */
export const REQUEST_KIND = { MONO: "Mono", SHAPES: "Shapes", EITHER: "Either", DUO: "Duo", TRIO: "Trio", PRISM: "Prism" };

/** A Logbook card's event ("SOMETHING-IS-COMING-a" -> "something-is-coming") and its name. */
export const eventOf = (id) => id.replace(/-[a-z]$/, "").toLowerCase();
export const eventName = (event) => cap(event.split("-").map((w) => (w === "is" ? w : cap(w))).join(" "));

/** A Logbook card named: its event's icon and name; the code stays as the tooltip and data-code. */
export function logbookName(id) {
  const event = eventOf(id);
  return h("span", { class: "named ice-named", title: id, "data-code": id },
    icon(`ice-event-${event}`, { size: "1.1em", class: "ice-event" }), eventName(event));
}

/** A Decree named: its icon, what it counts (a type's icon, Study or RP tokens, sets, Shapes)
 *  and a name ("DEC-HAR" -> [Decree][Harmony] Harmony); the code stays as the tooltip. */
export function decreeName(id) {
  const code = id.slice(4);
  const what = TYPE_OF[code] ? [typeIcon(TYPE_OF[code]), cap(TYPE_OF[code])]
    : { TOKENS: ["ice-rp", "RP tokens"], STUDY: ["ice-study", "Study tokens"], SETS: [null, "Sets"],
        SHAPES: ["ice-shape-3", "Shapes"] }[code];
  return h("span", { class: "named ice-named", title: id, "data-code": id },
    icon("ice-decree", { size: "1.05em" }), what[0] ? icon(what[0], { size: "1.05em" }) : "", what[1]);
}

/** A Request named: its back, the icons of the types it asks for (each named on hover) and
 *  its kind ("DUO-HAR-EXA-OBL" -> [Harmony][Exalted][Obliteration] Duo Request); the code
 *  stays as the tooltip and data-code. */
export function requestName(id) {
  const [kind, ...rest] = id.split("-");
  const types = kind === "PRISM" ? ["prismatic"] : rest.filter((c) => TYPE_OF[c]).map((c) => TYPE_OF[c]);
  return h("span", { class: "named ice-named", title: id, "data-code": id },
    icon("ice-request-back", { size: "1.05em" }),
    h("span", { class: "ice-asks" }, types.map((t) => icon(typeIcon(t), { size: "1.1em", title: cap(t) }))),
    `${REQUEST_KIND[kind] ?? cap(kind.toLowerCase())} Request`);
}

/** A tile named for a button: a Snow tile by its front's icon and name (a Talisman's type
 *  icon after it), an Artifact by its type's icon, its type, Anima and Shape's symbol; the
 *  id stays as the tooltip and data-code. */
export function tileNode(layout, id) {
  const f = layout.fronts[id];
  const attrs = { class: "named ice-named", title: id, "data-code": id };
  if (f) {
    return h("span", attrs, icon(frontIcon(f.front), { size: "1.1em" }), f.front === "blank" ? "Encampment tile" : f.name,
      f.talisman ? [" (", icon(typeIcon(f.talisman), { size: "1em", title: cap(f.talisman) }), `${cap(f.talisman)})`] : "");
  }
  const a = layout.artifacts[id];
  if (!a) return id;
  return h("span", attrs, icon(typeIcon(a.type), { size: "1.1em" }), `${cap(a.type)} Artifact (Anima ${a.anima}`,
    a.shape ? [", ", icon(`ice-shape-${a.shape}`, { size: ".95em", title: `Shape ${a.shape}` }), `Shape ${a.shape}`] : "", ")");
}
