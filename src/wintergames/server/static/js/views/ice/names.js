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

/** A Logbook card's event ("something-is-coming"), from the layout's data, and its name. */
export const eventOf = (id, layout) => layout.logbook[id].event;
export const eventName = (event) => cap(event.split("-").map((w) => (w === "is" ? w : cap(w))).join(" "));

/** A Logbook card named: its event's icon and name; the code stays as the tooltip and data-code. */
export function logbookName(id, layout) {
  const event = eventOf(id, layout);
  return h("span", { class: "named ice-named", title: id, "data-code": id },
    icon(`ice-event-${event}`, { size: "1.1em", class: "ice-event" }), eventName(event));
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
