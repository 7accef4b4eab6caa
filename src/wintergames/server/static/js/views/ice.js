// ICE: the layered ice board seen from above, your guild board, Snow tiles and Requests,
// the Decrees and the Sunset row, every other guild board.
//
// The board is painted bottom up: Azulia's districts, the Deep layer with its frame of
// edges, the Surface layer with its edges, the Snow layer. Every tile is opaque and casts
// a shadow on the layer below, so each point shows the uppermost piece lying there, as on
// the table; deeper layers are darker. An Artifact shows its type's glyph (ice.svg), a
// Snow tile its back's symbol; Leaders, Camps and Archaeologists stand as figures on the
// part of a place that still shows. A place you can act on gets an orange ring: a click
// sends its action (or, with several, lists them in "Your move"). Every legal action is
// also a button there. All text goes in as text nodes (h/s). Every colour comes from
// PALETTE (js/palette.js); ice.css reads them as custom properties set here.
import { breakdownLines } from "../breakdown.js";
import { h, s } from "../dom.js";
import { icon, loadIcons, useIcon, withIcons } from "../icons.js";
import { all, cardBack, flip, flyPoints, ghost, highlight, reducedMotion, settle, slide } from "../motion.js";
import { PALETTE } from "../palette.js";

const S = 100;  // svg units per tile unit (neighbouring tile centres are 1 apart)
const PLACE_KINDS = new Set(["move", "fluent", "camp", "recruit", "sail", "put", "nourish"]);
const ICE = PALETTE.games.ice;
const TYPE = ICE.components.type;
const INK = ICE.ink;
const PIECE = ICE.components.piece;
const SEATS = ICE.seats;
const LIGHT = PALETTE.themes.light;
const LAYER_FILL = ICE.components.layer;
const EDGE_FILL = ICE.components.edge;
const SNOW_FILL = ICE.components.snow;
const DISTRICT_FILL = [INK["district-a"], INK["district-b"], INK["district-c"]];
const BACK_LABEL = { clear: "clear", tunnel: "tunnel", rift: "rift", nunatak: "nunatak",
                     encampment: "Encampment" };
const TYPE_OF = { HAR: "harmony", EXA: "exalted", ACH: "achievement", PHI: "philosophical", OBL: "obliteration" };
const cap = (t) => String(t).charAt(0).toUpperCase() + String(t).slice(1);
const seatColour_ = (p) => SEATS[p % SEATS.length];
// The help term a guild board's line explains (the tooltips, data-term).
const FACT_TERM = { EP: "EP", "RP tokens": "RP", "Leader / Camp": "leader", "Trigger slot": "trigger", Activation: "activate",
                    Grappling: "grapple", "On the board": "nourisher", "Ship's Hold": "ship's-hold", Validated: "validate", "In hand": "snow" };
const chip = (term, text, tip, tipIcon) => h("span", { "data-term": term, "data-tip": tip, "data-tip-icon": tipIcon }, text);
/** The symbol of an Artifact type ("prismatic" included). */
const typeIcon = (t) => (t === "prismatic" ? "ice-prismatic" : `ice-type-${t}`);
/** The symbol of a Snow tile's front (the Encampment's is blank: its back). */
const frontIcon = (front) => (front === "blank" ? "ice-back-encampment" : `ice-front-${front}`);

// The view's look: ice.css reads the palette through these custom properties. The sheet
// and the icons are in the page before the first board is drawn (the table waits for this
// module), so the board never shows unstyled.
function paletteProperties() {
  const props = { ...Object.fromEntries(Object.entries(INK).map(([k, v]) => [`--ice-${k}`, v])) };
  for (const [t, v] of Object.entries(TYPE)) props[`--ice-type-${t}`] = v;
  for (const [k, v] of Object.entries(PIECE)) props[`--ice-${k}`] = v;
  return Object.entries(props).map(([k, v]) => `${k}: ${v};`).join(" ");
}
async function loadStyle() {
  if (document.getElementById("ice-style")) return;
  document.head.append(h("style", { id: "ice-palette" }, `:root { ${paletteProperties()} }`));
  const link = h("link", { id: "ice-style", rel: "stylesheet", href: new URL("./ice.css", import.meta.url).href });
  const loaded = new Promise((done) => {
    link.addEventListener("load", done, { once: true });
    link.addEventListener("error", done, { once: true });
  });
  document.head.append(link);
  await loaded;
}
await Promise.all([loadStyle(), loadIcons("ice").catch((err) => console.warn("ICE's icons", err))]);

// The end screen's columns: the icon of each scoring category.
const CATEGORY_ICON = { decrees: "ice-decree", requests: "ice-request-back", bonuses: "ice-rp", "rp tokens": "ice-rp",
                        tokens: "ice-rp", planning: "ice-planning" };
export function categoryIcon(category) {
  const id = CATEGORY_ICON[String(category).toLowerCase()];
  return id ? icon(id, { size: "1.1em" }) : null;
}

export function seatColour(view, seat) {
  return seatColour_(seat);
}

/** A seat's guild symbol for its row in the players list (table.js), named by its tooltip
 *  and for screen readers; in the text's ink (the row's dot already shows the seat's
 *  colour, and a dark seat colour would vanish on the dark theme's panel). */
export function seatBadge(view, seat) {
  const st = view.observation?.seats?.[seat];
  if (!st?.guild) return null;
  const name = st.guild_name ?? cap(st.guild);
  return h("span", { class: "seat-badge ice-seat-badge", "data-guild": st.guild, role: "img", "aria-label": `Guild: ${name}`,
                     "data-term": st.guild, "data-tip": `${name} (guild board)`, "data-tip-icon": `ice-guild-${st.guild}` },
  icon(`ice-guild-${st.guild}`, { size: "1.2em" }));
}

// Log lines: the types, Snow tiles by their backs, Archaeologists, Camps, tokens.
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
const REQUEST_KIND = { MONO: "Mono", SHAPES: "Shapes", EITHER: "Either", DUO: "Duo", TRIO: "Trio", PRISM: "Prism" };

/** A Logbook card's event ("SOMETHING-IS-COMING-a" -> "something-is-coming") and its name. */
const eventOf = (id) => id.replace(/-[a-z]$/, "").toLowerCase();
const eventName = (event) => cap(event.split("-").map((w) => (w === "is" ? w : cap(w))).join(" "));

/** A Logbook card named: its event's icon and name; the code stays as the tooltip and data-code. */
function logbookName(id) {
  const event = eventOf(id);
  return h("span", { class: "named ice-named", title: id, "data-code": id },
    icon(`ice-event-${event}`, { size: "1.1em", class: "ice-event" }), eventName(event));
}

/** A Decree named: its icon, what it counts (a type's icon, Study or RP tokens, sets, Shapes)
 *  and a name ("DEC-HAR" -> [Decree][Harmony] Harmony); the code stays as the tooltip. */
function decreeName(id) {
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
function requestName(id) {
  const [kind, ...rest] = id.split("-");
  const types = kind === "PRISM" ? ["prismatic"] : rest.filter((c) => TYPE_OF[c]).map((c) => TYPE_OF[c]);
  return h("span", { class: "named ice-named", title: id, "data-code": id },
    icon("ice-request-back", { size: "1.05em" }),
    h("span", { class: "ice-asks" }, types.map((t) => icon(typeIcon(t), { size: "1.1em", title: cap(t) }))),
    `${REQUEST_KIND[kind] ?? cap(kind.toLowerCase())} Request`);
}
const LOG_ICON = { Archaeologist: "ice-archaeologist", Archaeologists: "ice-archaeologist", "White Camp": "ice-white-camp",
                   Camp: "ice-camp", "RP token": "ice-rp", "RP tokens": "ice-rp", "Study token": "ice-study",
                   "Planning token": "ice-planning", "Grappling token": "ice-grappling", Logbook: "ice-logbook",
                   "Curse token": "ice-curse", "Ship's Hold": "ice-hold", Leader: "ice-leader" };

/** A log line as people say it: tiles by their name and icon (the layout's fronts and
 *  artifacts, when the page passes its layout: table.js, replay.js), Requests, Logbook
 *  cards and Decrees by name and icon, the other components led by their icons; every
 *  code stays only as a tooltip and data-code. */
export function logLine(line, layout = null) {
  if (!layout?.fronts) return namedLine(line);
  const parts = [];
  let at = 0;
  for (const match of line.matchAll(tileIds(layout))) {
    const [start, end] = tileSpan(line, match, layout);
    if (start < at) continue;
    parts.push(...namedLine(line.slice(at, start)), tileNode(layout, match[0]));
    at = end;
  }
  parts.push(...namedLine(line.slice(at)));
  return parts.filter((part) => part !== "");
}

// The tile ids the engine writes ("SN18", "ENC", "S-OBL-2b"), one pattern per layout.
const TILE_IDS = new WeakMap();
function tileIds(layout) {
  if (!TILE_IDS.has(layout)) {
    // longest first, ids being letters, digits and hyphens only (nothing to escape)
    const ids = [...Object.keys(layout.fronts), ...Object.keys(layout.artifacts)].sort((a, b) => b.length - a.length);
    TILE_IDS.set(layout, new RegExp(`(?<![\\w-])(?:${ids.join("|")})(?![\\w-])`, "g"));
  }
  return TILE_IDS.get(layout);
}

/** Where a tile's mention starts and ends: the words the engine writes beside its id
 *  ("SN18 (abseiling-rope)", "SN35 (Swarm of Polar Termites)", "Abseiling Rope (SN18)",
 *  "D-PRI-1 (Prismatic)") go with it, since its node already says them. */
function tileSpan(line, match, layout) {
  const id = match[0];
  const f = layout.fronts[id];
  const says = (f ? [f.name, f.front] : [layout.artifacts[id].type]).map(plain);
  let start = match.index;
  let end = start + id.length;
  const after = /^ \(([^()]+)\)/.exec(line.slice(end));
  const before = plain(line.slice(0, start));
  const named = says.find((w) => before.endsWith(`${w} (`));
  if (after && says.some((w) => plain(after[1]).endsWith(w))) end += after[0].length;
  else if (named && line[end] === ")") {
    start -= named.length + 2;
    end += 1;
  }
  return [start, end];
}
/** Words compared as the engine and the layout may write them: lower case, no hyphens. */
const plain = (text) => String(text).toLowerCase().replace(/-/g, " ");

/** A line's Requests, Logbook cards and Decrees named, the rest led by their icons. */
function namedLine(line) {
  const parts = [];
  let at = 0;
  for (const match of line.matchAll(LOG_WORDS)) {
    const word = match[0];
    const named = IS_REQUEST.test(word) ? requestName(word) : IS_LOGBOOK.test(word) ? logbookName(word)
      : IS_DECREE.test(word) ? decreeName(word) : null;
    if (!named) continue;
    parts.push(...plainLine(line.slice(at, match.index)), named);
    at = match.index + word.length;
  }
  parts.push(...plainLine(line.slice(at)));
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

// -- words for actions --------------------------------------------------------------------

const WORDS = {
  end: "End your turn", stop: "End your day (your Sunset starts)", pass: "Pass", done: "Done",
  none: "Take no Request", study: "Study (1 EP): the Study token of the Artifact under your Leader",
  plan: "Plan (1 EP): a Planning token, +1 EP tomorrow", overwork: "Overwork (1 RP): spend up to 3 EP this turn",
  excavate: "Excavate the tile under your Leader", collect: "Collect the tile (Philosophical Artifact)",
  navigate: "Navigator: go to your own Camp for free", activate: "Incandescent: arm the Artifact type under your Leader",
  rebuild: "CryoArchitect: rebuild your Camp (1 EP)", grapple: "Icewalker: use a Grappling token",
};

function tileName(layout, id) {
  const f = layout.fronts[id];
  if (f) return `${id} ${f.name}${f.talisman ? ` (${f.talisman})` : ""}`;
  const a = layout.artifacts[id];
  return a ? `${id} (${a.type}, shape ${a.shape || "—"}, Anima ${a.anima})` : id;
}

/** A tile named for a button: a Snow tile by its front's icon and name (a Talisman's type
 *  icon after it), an Artifact by its type's icon, its type, Anima and Shape's symbol; the
 *  id stays as the tooltip and data-code. */
function tileNode(layout, id) {
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

/** An action's words for its button: its tiles, Requests and Logbook cards drawn (the
 *  tooltips on the board keep describe's plain words). */
export function actionLabel(a, layout) {
  const parts = describe(a, layout, (_, id) => `\u0000${id}\u0000`).split("\u0000");
  return parts.flatMap((part, i) => (i % 2 ? [tileNode(layout, part)] : logLine(part, layout)));
}

function describe(a, layout, nameOf = tileName) {
  switch (a.kind) {
    case "word": return WORDS[a.word] ?? a.word;
    case "move": return `Move to ${a.place}`;
    case "fluent": return `Fluent Move: first step to ${a.place}`;
    case "camp": return `Build a Camp on ${a.place} (1 EP)`;
    case "recruit": return `Recruit an Archaeologist on ${a.place} (1 EP)`;
    case "sail": return `Sail to ${a.place} (1 EP)`;
    case "put": return `Choose ${a.place}`;
    case "nourish": return `Nourisher: an Archaeologist onto ${a.place}`;
    case "follow": return a.count === 1 ? "1 Archaeologist follows" : `${a.count} Archaeologists follow`;
    case "play": return `Play ${nameOf(layout, a.tile)}`;
    case "drop": return `Discard ${nameOf(layout, a.tile)} (hand limit 3)`;
    case "trigger": return `Trigger ${a.type}: ${layout.glossary[`type:${a.type}`] ?? ""}`;
    case "slot": return `Into the ${a.type} slot`;
    case "choose": return `Choose ${a.type}`;
    case "take": return `Take ${a.card}: ${layout.requests[a.card]?.text ?? ""}`;
    case "discard": return `Discard ${a.card}`;
    case "validate": return `Validate ${a.card}: ${layout.requests[a.card]?.text ?? ""}`;
    case "pay": return a.item.startsWith("study-") ? `Pay with your ${a.item.slice(6)} Study token`
      : `Pay with ${nameOf(layout, a.item)}`;
    case "sell": return `Sell ${nameOf(layout, a.tile)} for 2 RP`;
    case "buy": return `Buy ${nameOf(layout, a.tile)} for 1 RP`;
    case "shift": return `Move ${nameOf(layout, a.tile)} to another slot`;
    default: return JSON.stringify(a);
  }
}

function prompt(view, legal) {
  const obs = view.observation;
  if (obs.prompt) return obs.prompt;
  const kinds = new Set(legal.map((a) => a.kind));
  const words = new Set(legal.filter((a) => a.kind === "word").map((a) => a.word));
  if (obs.day === 0) return "Choose a Request to discard (you keep the rest).";
  if (kinds.has("follow")) return "How many Archaeologists follow your Leader?";
  if (kinds.has("fluent") && kinds.size === 1) return "Fluent Move: the first step.";
  if (kinds.has("slot")) return "Which slot does the Prismatic Artifact go to?";
  if (kinds.has("take")) return "Take a Request from the Sunset row, or none.";
  if (kinds.has("validate") || (words.has("done") && kinds.size === 1)) return "Validate a Request, or done.";
  if (kinds.has("pay")) return "Pay the Request, item by item.";
  if (kinds.has("drop")) return "More than 3 Snow tiles: discard one.";
  if (kinds.has("discard")) return "More than 4 Requests: discard one.";
  if (words.has("collect")) return "Collect the tile with your Philosophical Artifact?";
  if (kinds.has("put") && !words.has("end")) return "Choose a place on the board (orange rings).";
  if (words.has("end") || words.has("stop")) {
    const me = obs.seats[view.seat];
    return `Your turn: ${me.ep} EP left, ${obs.spent_this_turn} spent this turn (up to ${obs.overwork ? 3 : 2}).`;
  }
  return "Your decision.";
}

// -- the board ----------------------------------------------------------------------------

function hexPoints(x, y, r) {
  const pts = [];
  for (let k = 0; k < 6; k += 1) {
    const a = Math.PI / 6 + (k * Math.PI) / 3;
    pts.push(`${(x + r * Math.cos(a)).toFixed(1)},${(y + r * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}

/** The side of a pointy-topped hex facing direction (dx, dy): its two corners. */
function sideSegment(x, y, r, dx, dy) {
  const angle = Math.atan2(dy, dx);
  const a = angle - Math.PI / 6;
  const b = angle + Math.PI / 6;
  return [x + r * Math.cos(a), y + r * Math.sin(a), x + r * Math.cos(b), y + r * Math.sin(b)];
}

/** Where the pieces of a place are drawn: the middle of the parts of it that still show
 *  (in a district, the open part nearest its centre, away from its 1 RP icon). */
function anchorOf(place, present, icons) {
  if (!place.thirds.length) return [place.x * S, place.y * S];
  const open = place.thirds.filter((t) => t.over === null || !present.has(t.over));
  if (place.kind === "district") {
    const icon = icons[place.name];
    const cost = (t) => Math.hypot(t.at[0] - place.x, t.at[1] - place.y)
      + (icon && Math.hypot(t.at[0] - icon[0], t.at[1] - icon[1]) < 0.4 ? 10 : 0);
    const pick = (open.length ? open : place.thirds).slice().sort((a, b) => cost(a) - cost(b));
    return [pick[0].at[0] * S, pick[0].at[1] * S];
  }
  if (!open.length || open.length === place.thirds.length) return [place.x * S, place.y * S];
  const x = open.reduce((v, t) => v + t.at[0], 0) / open.length;
  const y = open.reduce((v, t) => v + t.at[1], 0) / open.length;
  return [x * S, y * S];
}

function placeTargets(legal) {
  const t = new Map();
  for (const a of legal) {
    if (!PLACE_KINDS.has(a.kind)) continue;
    if (!t.has(a.place)) t.set(a.place, []);
    t.get(a.place).push(a);
  }
  return t;
}

/** A count beside a figure: a small white disc with the number. */
function countBadge(x, y, n) {
  return s("g", { class: "count" },
    s("circle", { cx: x, cy: y, r: 8, fill: INK["count-bg"], stroke: INK["piece-line"], "stroke-width": 1.2 }),
    s("text", { x, y: y + 4, "text-anchor": "middle", "font-size": 11, "font-weight": 700, fill: INK["piece-line"] }, String(n)));
}

function pieceAt(kind, v, x, y, place, obs) {
  if (kind === "name") {  // an edge's or an empty place's name
    const ink = place.kind === "district" ? INK["district-label"] : INK[`label-${place.level}`];
    return s("text", { x, y: y + 5, "text-anchor": "middle", "font-size": 13, "font-weight": 600, fill: ink }, place.name);
  }
  if (kind === "tile") {
    // the Artifact's type glyph, the place's name above it
    return s("g", { "data-type": v },
      s("text", { x, y: y - 17, "text-anchor": "middle", "font-size": 11, "font-weight": 600, fill: INK[`label-${place.level}`] },
        place.name),
      useIcon(typeIcon(v), x, y, 28, { class: "artifact" }));
  }
  if (kind === "camp") {
    const white = v < 0;
    return s("g", { "data-camp": white ? "white" : v + 1 },
      s("title", {}, white ? "a White Camp" : `${obs.seats[v].name}'s Camp`),
      useIcon(white ? "ice-white-camp" : "ice-camp", x, y, 22, white ? {} : { color: seatColour_(v) }));
  }
  if (kind === "leader") {
    return s("g", { "data-leader": v + 1 },
      s("title", {}, `${obs.seats[v].name}'s Leader`),
      useIcon("ice-leader", x, y, 24, { color: seatColour_(v) }));
  }
  return s("g", { "data-archaeologists": v },
    s("title", {}, `${v} Archaeologist${v === 1 ? "" : "s"}`),
    useIcon("ice-archaeologist", x - 3, y, 21, { color: PIECE.archaeologist }),
    countBadge(x + 8, y + 6, v));
}

/** What a place's tooltip explains: an edge, a Snow tile by its back, an Artifact by its
 *  type (what shows through the ice), never a tile's hidden face; a line about it; its icon. */
function placeTerm(p, e) {
  if (p.kind === "district") return ["azulia", `${p.name}: a district of Azulia, the city at the bottom`, "ice-district"];
  if (p.kind === "edge") return ["edge", `${p.name}: the board's edge (explorers may stand here)`, null];
  if (!e.tile) return ["place", `${p.name}: an empty place`, null];
  if (e.tile.layer === "snow") {
    return [e.tile.back, `${p.name}: a Snow tile with a ${BACK_LABEL[e.tile.back]} back`, `ice-back-${e.tile.back}`];
  }
  return [e.tile.type, `${p.name}: a ${cap(e.tile.layer)} Artifact, ${e.tile.type}, Anima ${e.tile.anima}`, typeIcon(e.tile.type)];
}

function drawBoard(ctx, legal) {
  const { layout, view, act, local } = ctx;
  const obs = view.observation;
  const R = layout.hex_radius * S;
  const entries = new Map(obs.board.map((e) => [e.place, e]));
  const present = new Set(obs.board.filter((e) => e.tile || e.kind === "edge").map((e) => e.place));
  const targets = placeTargets(legal);
  const icons = Object.fromEntries(layout.icons.map((i) => [i.district, i.at]));
  const anchor = (p, shown) => anchorOf(p, shown, icons);
  const svg = s("svg", { viewBox: "-470 -425 940 850", class: "ice-board", id: "ice-board",
                         role: "img", "aria-label": "the ice board, seen from above" });
  const click = (name) => {
    const acts = targets.get(name) || [];
    if (!acts.length) return null;
    return () => {
      if (acts.length === 1) act(acts[0]);
      else { local.place = local.place === name ? null : name; ctx.rerender(); }
    };
  };

  // Azulia: the districts' cells, their light outlines, the 1 RP icons.
  const districts = layout.places.filter((p) => p.kind === "district");
  const cellOwner = new Map();
  districts.forEach((d, i) => d.cells.forEach(([x, y]) => cellOwner.set(`${Math.round(x * 20)},${Math.round(y * 20)}`, i)));
  const azulia = s("g", { class: "azulia" });
  districts.forEach((d, i) => {
    const g = s("g", { class: `place${targets.has(d.name) ? " clickable" : ""}`, "data-place": d.name, onclick: click(d.name),
                       "data-term": "azulia", "data-tip-icon": "ice-district",
                       "data-tip": `${d.name}: a district of Azulia, the city at the bottom` });
    const fill = DISTRICT_FILL[i % DISTRICT_FILL.length];
    for (const [cx, cy] of d.cells) {
      g.append(s("polygon", { points: hexPoints(cx * S, cy * S, R), fill, stroke: fill, "stroke-width": 1 }));
    }
    azulia.append(g);
  });
  for (const d of districts) {  // light lines between districts
    for (const [cx, cy] of d.cells) {
      for (const [dx, dy] of layout.sides) {
        const key = `${Math.round((cx + dx) * 20)},${Math.round((cy + dy) * 20)}`;
        if (cellOwner.get(key) === cellOwner.get(`${Math.round(cx * 20)},${Math.round(cy * 20)}`)) continue;
        const [x1, y1, x2, y2] = sideSegment(cx * S, cy * S, R, dx, dy);
        azulia.append(s("line", { x1, y1, x2, y2, stroke: INK["district-line"], "stroke-width": 3, "stroke-linecap": "round",
                                  "pointer-events": "none" }));
      }
    }
  }
  for (const icon_ of layout.icons) {
    const open = icon_.under.every((p) => !present.has(p));  // uncovered: its RP taken
    const [x, y] = icon_.at.map((v) => v * S);
    azulia.append(s("g", { class: `rp-icon${open ? " taken" : ""}`, "pointer-events": "none", opacity: open ? 0.45 : 1 },
      useIcon("ice-azulia-rp", x, y, 32)));
  }
  svg.append(azulia);

  // The layers, bottom up; each tile casts a shadow down and to the right on what lies below.
  for (const level of [1, 2, 3]) {
    const g = s("g", { class: `layer layer-${level}` });
    const shadows = s("g", { class: "shadows", "pointer-events": "none" });
    g.append(shadows);
    for (const p of layout.places) {
      if (p.level !== level) continue;
      const e = entries.get(p.name);
      if (p.kind === "tile" && !e.tile) continue;  // excavated or collapsed: what lies below shows
      const x = p.x * S;
      const y = p.y * S;
      const snow = e.tile?.layer === "snow";
      const [term, tip, tipIcon] = placeTerm(p, e);  // the tooltip: what shows of the tile, never its face
      const pg = s("g", { class: `place${targets.has(p.name) ? " clickable" : ""}`, "data-place": p.name,
                          "data-back": snow ? e.tile.back : null, onclick: click(p.name), "data-term": term, "data-tip": tip,
                          "data-tip-icon": tipIcon });
      const fill = p.kind === "edge" ? EDGE_FILL[level] : snow ? SNOW_FILL[e.tile.back] : LAYER_FILL[level];
      shadows.append(s("polygon", { points: hexPoints(x + 5, y + 7, R - 1), fill: INK.shadow }));
      pg.append(s("polygon", { points: hexPoints(x, y, R - 1), fill, stroke: snow ? INK["snow-line"] : INK["tile-line"],
                               "stroke-width": 2 }));
      if (snow) {  // its name at the top, its back's symbol at the bottom (the middle holds the pieces)
        pg.append(s("text", { x, y: y - 27, "text-anchor": "middle", "font-size": 14, "font-weight": 600, fill: INK["snow-label"] }, p.name),
          useIcon(`ice-back-${e.tile.back}`, x, y + 33, 22, { color: INK["snow-glyph"], class: "back" }));
      }
      g.append(pg);
      if (e.rift_axis !== undefined) {
        for (const k of [e.rift_axis, e.rift_axis + 3]) {
          const [dx, dy] = layout.sides[k];
          const [x1, y1, x2, y2] = sideSegment(x, y, R - 3, dx, dy);
          g.append(s("line", { x1, y1, x2, y2, stroke: INK.rift, "stroke-width": 7, "stroke-linecap": "round",
                               class: "rift", "pointer-events": "none" }));
        }
      }
    }
    svg.append(g);
  }

  // On the part of each place that shows, one cluster: (below the Snow layer) an
  // Artifact's type glyph or the place's name, then the pieces: Camps, Leaders, Archaeologists.
  const pieces = s("g", { class: "pieces" });
  const leaders = new Map();
  const camps = new Map();
  const push = (map, key, v) => (map.get(key) || map.set(key, []).get(key)).push(v);
  obs.seats.forEach((seat, i) => {
    if (seat.leader) push(leaders, seat.leader, i);
    if (seat.camp) push(camps, seat.camp, i);
  });
  const whites = obs.camps.white;
  for (const at of (typeof whites === "string" ? [whites] : whites || [])) push(camps, at, -1);
  for (const p of layout.places) {
    const e = entries.get(p.name);
    if (p.kind === "tile" && !e.tile) continue;
    let label = null;
    const snow = e.tile?.layer === "snow";
    const open = !p.thirds.length || p.thirds.some((t) => t.over === null || !present.has(t.over));
    if (!open) continue;  // out of sight under the layer above
    if (!snow) label = e.tile ? ["tile", e.tile.type] : ["name", null];
    const items = [];
    for (const c of camps.get(p.name) || []) items.push(["camp", c]);
    for (const l of leaders.get(p.name) || []) items.push(["leader", l]);
    if (e.archaeologists) items.push(["arch", e.archaeologists]);
    if (!label && !items.length) continue;
    const [ax, ay] = anchor(p, present);
    const g = s("g", { class: "on", "data-on": p.name });
    const rows = [];
    for (let i = 0; i < items.length; i += 3) rows.push(items.slice(i, i + 3));
    const tall = label?.[0] === "tile" ? 34 : 24;
    const height = (label ? tall : 0) + rows.length * 26;
    let y = ay - height / 2 + (snow ? 0 : 0);
    if (label) {
      g.append(pieceAt(label[0], label[1], ax, y + tall / 2 + (label[0] === "tile" ? 6 : 0), p, obs));
      y += tall;
    }
    for (const row of rows) {
      row.forEach(([kind, v], j) => g.append(pieceAt(kind, v, ax + (j - (row.length - 1) / 2) * 27, y + 13, p, obs)));
      y += 26;
    }
    pieces.append(g);
  }
  svg.append(pieces);

  // Rings on the places you can act on (on top, so a click always reaches them).
  const rings = s("g", { class: "rings" });
  for (const [name, acts] of targets) {
    const p = layout.places.find((q) => q.name === name);
    const [ax, ay] = anchor(p, present);
    if (p.kind === "tile" && !entries.get(name).tile) {
      // an empty slot (a Snow tile put back there): its outline and name
      rings.append(s("polygon", { points: hexPoints(p.x * S, p.y * S, R - 2), fill: INK["slot-fill"], stroke: LIGHT.target,
                                  "stroke-width": 3, "stroke-dasharray": "8 5", "pointer-events": "none" }),
        s("text", { x: ax, y: ay - 32, "text-anchor": "middle", "font-size": 14, "font-weight": 700, fill: INK["slot-label"],
                    "pointer-events": "none" }, name));
    }
    const [term, , tipIcon] = placeTerm(p, entries.get(name));
    rings.append(s("circle", { class: `ring${local.place === name ? " chosen" : ""}`, cx: ax, cy: ay, r: 25,
                               "data-place": name, onclick: click(name), "data-term": term, "data-tip-icon": tipIcon,
                               "data-tip": acts.map((a) => describe(a, layout)).join(" / ") }));
  }
  svg.append(rings);
  return svg;
}

// -- panels -------------------------------------------------------------------------------

/** A count with its icon: "⟨icon⟩ ×n" (a token kind on a guild board, backs in a hand). */
function tokens(id, n, term, tip, count = true) {
  return h("span", { class: `ice-tokens${id === "ice-archaeologist" ? " ice-neutral" : ""}`, "data-term": term, "data-tip": tip, "data-tip-icon": id },
    icon(id, { size: "1.25em" }), count && n !== 1 ? h("b", {}, `×${n}`) : "");
}

function topLine(ctx) {
  const { view, layout } = ctx;
  const obs = view.observation;
  const row = h("div", { class: "ice-top", id: "ice-day" });
  if (obs.day === 0) {
    row.append(h("span", { class: "ice-pill now" }, "Before Day 1: choose the Requests to keep"));
  } else {
    for (let d = 1; d <= layout.days; d += 1) {
      row.append(h("span", { class: `ice-pill${d === obs.day ? " now" : ""}`, "data-day": d, "data-term": "day" }, `Day ${d}`));
    }
  }
  const first = obs.seats[obs.first_player].name;
  row.append(h("span", { class: "ice-pill", "data-term": "first-player" }, `First player: ${first}`));
  if (obs.day > 0 && obs.to_move.length && !obs.over) {
    const p = obs.to_move[0];
    const done = obs.seats.filter((st) => st.finished_today).map((st) => st.name);
    row.append(h("span", { class: "ice-pill now", id: "ice-turn", "data-term": "EP", "data-tip-icon": "ice-ep" },
      icon("ice-ep"), ` ${obs.seats[p].name} to move · ${obs.seats[p].ep} EP left · ${obs.spent_this_turn} spent this turn (max ${obs.overwork ? 3 : 2})`));
    row.append(h("span", { class: "ice-pill", "data-term": done.length ? "sunset" : "exploration" },
      done.length ? `Sunset: ${done.join(", ")}` : "Exploration"));
  }
  row.append(h("span", { class: "ice-pill", "data-term": "archaeologist", "data-tip-icon": "ice-archaeologist",
                         "data-tip": `${obs.archaeologists_in_pool} Archaeologists in the pool` },
    icon("ice-archaeologist", { class: "ice-neutral" }), ` Pool ×${obs.archaeologists_in_pool}`));
  row.append(h("span", { class: "ice-pill", "data-term": "request", "data-tip-icon": "ice-request-back",
                         "data-tip": `${obs.request_deck} Requests in the deck` },
    icon("ice-request-back"), ` Deck ×${obs.request_deck}`));
  if (obs.logbook.length || obs.logbook_deck) {  // the Logbook cards revealed so far, each explained by its tooltip
    row.append(h("span", { class: "ice-pill", id: "ice-logbook-pill" }, icon("ice-logbook"), " ",
      chip("logbook", "Logbook", `${obs.logbook_deck} Logbook cards left`, "ice-logbook"), ` ×${obs.logbook_deck}`,
      ...obs.logbook.flatMap((id) => [" · ", h("span", { "data-term": id, "data-tip": `A revealed Logbook card: ${eventName(eventOf(id))}`,
                                                        "data-tip-icon": `ice-event-${eventOf(id)}` }, logbookName(id))])));
  }
  if (obs.curse_tokens) {
    const track = h("span", { class: "ice-pill ice-curse", id: "ice-curse", "data-term": "curse", "data-tip-icon": "ice-curse-track",
                              "data-tip": "The Curse track: light and dark Curse tokens on its spaces, each player's marker" },
      icon("ice-curse-track"), " ");
    obs.curse_tokens.forEach((n, i) => {
      const here = obs.seats.map((st, p) => (st.curse === i ? p : null)).filter((x) => x !== null);
      const cell = h("span", { class: "space", "data-space": i }, String(i));
      for (let k = 0; k < n; k += 1) cell.append(icon(i > 7 ? "ice-curse-dark" : "ice-curse", { size: "1em" }));
      for (const p of here) cell.append(h("i", { class: "marker", style: `background:${seatColour_(p)}` }));
      track.append(cell);
    });
    row.append(track);
  }
  return row;
}

/** An Artifact as a small tile: its type's glyph and its Anima; face down: hatched. */
function artChip(layout, a) {
  const shape = a.shape ? ` shape ${a.shape}` : "";
  const tip = `${a.id ? "" : "A face-down Artifact: "}${a.type}, Anima ${a.anima}${shape}${a.face_down ? ", face down (used today)" : ""}`;
  return h("span", { class: `ice-art${a.face_down ? " down" : ""}`, "data-term": a.id ?? a.type,  // unseen: only its type is public
                     "data-tip": tip, "data-tip-icon": typeIcon(a.type), title: a.id ?? `${a.type} ${a.layer}` },
    icon(typeIcon(a.type), { size: "1.35em" }), h("span", { class: "anima" }, "•".repeat(a.anima)),
    a.shape ? icon(`ice-shape-${a.shape}`, { size: ".95em", class: "shape", title: `Shape ${a.shape}` }) : "");
}

function guildBoard(ctx, p, mine, legal = []) {
  const { view, layout, act } = ctx;
  const obs = view.observation;
  const st = obs.seats[p];
  const g = layout.guilds[st.guild];
  const colour = seatColour_(p);
  const facts = h("dl", {});
  const add = (k, ...v) => facts.append(h("dt", { "data-term": FACT_TERM[k] }, k), h("dd", {}, ...v));
  const pips = h("span", { class: "ice-ep", "data-term": "EP", "data-tip": `${st.ep} EP`, "data-tip-icon": "ice-ep" });
  for (let i = 0; i < layout.ep_max; i += 1) pips.append(h("i", { class: i < st.ep ? "on" : "" }));
  add("EP", icon("ice-ep"), pips, ` ${st.ep}`);
  add("RP tokens", icon("ice-rp"), " ", h("b", { class: "ice-rp-count" }, String(st.rp_tokens)),
    st.planning ? tokens("ice-planning", 1, "planning", "A Planning token: +1 EP tomorrow, 1 RP if unused") : "",
    st.fluent_moves ? tokens("ice-fluent", st.fluent_moves, "fluent", `${st.fluent_moves} Fluent Move tokens`) : "");
  add("Leader / Camp", icon("ice-leader", { class: "seat", size: "1.3em" }), ` ${st.leader ?? "off the board"} `,
    icon("ice-camp", { class: "seat", size: "1.1em" }), ` ${st.camp ?? "in supply"}`);
  if (st.trigger !== "none") add("Trigger slot", st.trigger);
  if (st.activation !== undefined) add("Activation", st.activation);
  if (st.grappling !== undefined) add("Grappling", tokens("ice-grappling", st.grappling, "grapple", `${st.grappling} Grappling tokens`, false), ` ${st.grappling}`);
  if (st.guild_archaeologists !== undefined) {
    add("On the board", tokens("ice-archaeologist", st.guild_archaeologists, "nourisher", `${st.guild_archaeologists} Archaeologists`, false),
      ` ${st.guild_archaeologists} Archaeologists`);
  }
  const slots = h("div", { class: "ice-slots" }, layout.types.map((t) => {
    // A click on a slot triggers its effect, or (a Prismatic, a Study token) chooses it.
    const acts = mine ? legal.filter((a) => ["trigger", "slot", "choose"].includes(a.kind) && a.type === t) : [];
    const study = st.study[t];
    return h("div", {
      class: `ice-slot${st.used_today.includes(t) ? " used" : ""}${acts.length === 1 ? " playable" : ""}`,
      style: `border-color:var(--ice-type-${t});background:color-mix(in srgb, var(--ice-type-${t}) 9%, var(--panel))`, "data-slot": t, "data-term": t, "data-tip-icon": typeIcon(t),
      "data-tip": `${st.name}'s ${cap(t)} slot${acts.length === 1 ? ` — click: ${describe(acts[0], layout)}` : ""}`,
      onclick: acts.length === 1 ? () => act(acts[0]) : null,
    },
    h("span", { class: "t" }, icon(typeIcon(t), { size: "1.2em" }), h("span", { class: "name" }, cap(t)),
      study !== "none" ? h("span", { class: `ice-study${study === "flipped" ? " flipped" : ""}`, "data-term": "study-token",
        "data-tip-icon": "ice-study",
        "data-tip": study === "flipped" ? "Flipped (paid a Request)" : `1 Anima of ${t}` }, icon("ice-study", { size: "1.1em" })) : ""),
    h("span", { class: "arts" }, st.slots[t].map((a) => artChip(layout, a))));
  }));
  add("Ship's Hold", icon("ice-hold", { size: "1.2em" }), " ",
    st.ship_hold.length ? st.ship_hold.map((a) => artChip(layout, a)) : "empty");
  add("Validated", st.validated.length ? st.validated.flatMap((v, i) => [i ? ", " : "",
    h("span", { class: "ice-validated", "data-term": v.card, "data-validated": v.card }, requestName(v.card),
      ` (Day ${v.day}, ${v.rp} RP)`)]) : "none",
    st.second_request_bonuses ? ` · ${st.second_request_bonuses} second-Request bonus` : "");
  // others' Snow tiles by their backs only (all anyone may know of them), Requests as backs
  const backs = {};
  for (const b of st.snow_backs) backs[b] = (backs[b] || 0) + 1;
  add("In hand", h("span", { class: "ice-hand-backs" },
    Object.entries(backs).map(([b, n]) => h("span", { class: "ice-back-card", "data-term": b, "data-back": b,
                                                     "data-tip": `${n} Snow tile${n === 1 ? "" : "s"} with a ${b} back`,
                                                     "data-tip-icon": `ice-back-${b}` },
      icon(`ice-back-${b}`, { size: "1.1em" }), n > 1 ? h("b", {}, `×${n}`) : "")),
    st.snow_tiles ? "" : "no Snow tile", " · ",
    tokens("ice-request-back", st.requests, "request", `${st.requests} Request${st.requests === 1 ? "" : "s"}`),
    ` Request${st.requests === 1 ? "" : "s"}`));
  return h("div", { class: `ice-guild${obs.to_move.includes(p) ? " to-move" : ""}`, style: `border-color:${colour};--seat:${colour}`,
                    "data-seat": p, id: mine ? "ice-me" : null },
    h("h3", {}, icon("ice-leader", { class: "seat", size: "1.3em" }), ` ${st.name}${mine ? " (you)" : ""} — `,
      icon(`ice-guild-${st.guild}`, { class: "seat ice-guild-icon", size: "1.25em" }), " ",
      chip(st.guild, g?.name ?? st.guild_name, "Guild board", `ice-guild-${st.guild}`),
      " (", chip(g?.leader ?? st.guild, g?.leader ?? "", "Expedition Leader", "ice-leader"), ")",
      obs.first_player === p ? h("span", { class: "muted" }, " · first player") : "",
      st.finished_today ? h("span", { class: "muted" }, " · day over") : ""),
    h("div", { class: "muted", "data-term": st.guild }, g?.short ?? ""),
    slots, facts);
}

function cardsFor(legal, field, id) {
  return legal.filter((a) => a[field] === id && !PLACE_KINDS.has(a.kind));
}

/** What a Request asks for, read off its id (KIND-TYPES-letter) and its text: the item
 *  icons, a short rule under them and its RP. */
function requestParts(id, r) {
  const codes = id.split("-").filter((c) => TYPE_OF[c]).map((c) => TYPE_OF[c]);
  const rp = [...(r?.text ?? "").matchAll(/(\d+) RP/g)].map((m) => m[1]).join("/");
  const kind = r?.kind ?? "";
  const items = kind === "mono" ? [codes[0], codes[0], codes[0]] : kind === "prism" ? ["prismatic", "prismatic"] : codes;
  const rule = { mono: "3 Anima", shapes: "2–3 Shapes", either: "2 Anima, one type", duo: "2 types", trio: "3 Anima, any mix",
                 prism: "2 Anima" }[kind] ?? kind;
  return { items, rule, rp, glue: kind === "either" ? "or" : null };
}

function requestCard(layout, id, acts, chosen, onclick, attrs = {}) {
  const r = layout.requests[id];
  const { items, rule, rp, glue } = requestParts(id, r);
  const row = h("span", { class: "items" });
  items.forEach((t, i) => {
    if (i && glue) row.append(h("span", { class: "glue" }, glue));
    row.append(icon(typeIcon(t), { size: "1.5em", title: cap(t) }));
  });
  return h("button", { class: `ice-card ice-request${acts ? " playable" : ""}${chosen ? " chosen" : ""}`, "data-term": id,
                       "data-tip-icon": "ice-request-back", disabled: !acts, onclick: acts ? onclick : null, title: r?.text ?? "", ...attrs },
    h("span", { class: "rp", "data-term": "RP" }, icon("ice-rp", { size: "1.1em" }), rp),
    row, h("span", { class: "rule" }, r?.kind === "shapes" ? [1, 2, 3].map((n) => icon(`ice-shape-${n}`, { size: "1em" })) : "",
      r?.kind === "shapes" ? " " : "", rule),
    h("span", { class: "id", "data-code": id }, `${REQUEST_KIND[id.split("-")[0]] ?? ""} Request`));
}

function handArea(ctx, me, legal) {
  const { layout, local, act } = ctx;
  const box = h("section", { id: "ice-hand" });
  const snow = h("div", { class: "ice-cards" });
  for (const t of me.hand || []) {
    const acts = cardsFor(legal, "tile", t.id);
    const f = layout.fronts[t.id] || { name: t.front };
    snow.append(h("button", {
      class: `ice-card ice-snow${acts.length ? " playable" : ""}${local.card === t.id ? " chosen" : ""}`, "data-tile": t.id, "data-term": t.id,
      "data-tip-icon": frontIcon(t.front), title: layout.glossary[`front:${t.front}`] ?? "",
      disabled: !acts.length, onclick: acts.length ? () => { local.card = local.card === t.id ? null : t.id; ctx.rerender(); } : null,
    }, h("span", { class: "back", "data-term": t.back, "data-tip": `A ${t.back} back`, "data-tip-icon": `ice-back-${t.back}` },
      icon(`ice-back-${t.back}`, { size: "1em" })),
    h("span", { class: "face" }, icon(frontIcon(t.front), { size: "2.1em" }),
      t.talisman ? icon(typeIcon(t.talisman), { size: "1.3em", title: cap(t.talisman) }) : ""),
    h("span", { class: "id", "data-code": t.id }, f.name)));
  }
  if (!(me.hand || []).length) snow.append(h("span", { class: "muted" }, "none"));
  const reqs = h("div", { class: "ice-cards" });
  for (const id of me.request_cards || []) {
    const acts = cardsFor(legal, "card", id);
    reqs.append(requestCard(layout, id, acts.length > 0, local.card === id,
      () => { local.card = local.card === id ? null : id; ctx.rerender(); }, { "data-request": id }));
  }
  if (!(me.request_cards || []).length) reqs.append(h("span", { class: "muted" }, "none"));
  box.append(h("div", { class: "ice-row" },
    h("div", {}, h("h3", { class: "ice-section-title", "data-term": "snow" }, "Your Snow tiles"), snow),
    h("div", {}, h("h3", { class: "ice-section-title", "data-term": "request" }, "Your Requests"), reqs)));
  if (local.card) {
    const acts = [...cardsFor(legal, "tile", local.card), ...cardsFor(legal, "card", local.card)];
    const name = layout.fronts[local.card]?.name;
    box.append(h("div", { class: "ice-uses", id: "ice-uses" },
      h("b", { "data-code": local.card }, name ?? requestName(local.card), ": "),
      acts.map((a) => h("button", { class: "use", onclick: () => act(a) }, actionLabel(a, layout))),
      h("button", { class: "cancel", onclick: () => { local.card = null; ctx.rerender(); } }, "Cancel")));
  }
  return box;
}

/** A Decree as a card: its icon (a type, Study tokens, RP tokens, sets, shapes) and text. */
function decreeCard(layout, id) {
  const code = id.replace("DEC-", "");
  const what = TYPE_OF[code] ? [typeIcon(TYPE_OF[code])] : code === "STUDY" ? ["ice-study"] : code === "TOKENS" ? ["ice-rp"]
    : code === "SETS" ? layout.types.map(typeIcon) : code === "SHAPES" ? [1, 2, 3].map((n) => `ice-shape-${n}`) : [];
  return h("div", { class: "ice-card ice-decree", "data-decree": id, "data-term": id, "data-tip-icon": "ice-decree" },
    h("span", { class: "face" }, icon("ice-decree", { size: "1.5em" }), what.map((i) => icon(i, { size: "1.35em" }))),
    h("span", { class: "text" }, layout.decrees[id] ?? ""));
}

function tablePanels(ctx, legal) {
  const { view, layout, act } = ctx;
  const obs = view.observation;
  const box = h("div", { class: "ice-row" });
  box.append(h("div", { class: "ice-panel", id: "ice-decrees" }, h("h3", { class: "ice-section-title", "data-term": "decree" }, "Decrees"),
    h("div", { class: "ice-cards" }, obs.decrees.map((id) => decreeCard(layout, id)))));
  if (obs.row.length) {
    box.append(h("div", { class: "ice-panel", id: "ice-row" }, h("h3", { class: "ice-section-title", "data-term": "row" }, "Sunset row"),
      h("div", { class: "ice-cards" }, obs.row.map((id) => {
        const take = legal.find((a) => a.kind === "take" && a.card === id);
        return requestCard(layout, id, Boolean(take), false, () => act(take), { "data-row": id });
      }))));
  }
  return box;
}

/** The legend: each kind of thing on the board, drawn as it is drawn there. */
function legend(layout) {
  const item = (id, text, opts = {}) => h("span", { class: "item" }, icon(id, { size: "1.3em", ...opts }), ` ${text}`);
  return h("div", { class: "ice-legend" },
    h("p", {}, "Seen from above: Snow tiles on top (pale, their back's symbol below the name), then the Surface's "
      + "Artifacts, the darker Deep, grey edges, navy Azulia at the bottom. Each tile hides a third of each of the "
      + "three it rests on and casts a shadow on them. Red bars: a Rift's sides. Orange rings: places you can act on."),
    h("p", { class: "items" },
      layout.types.map((t) => item(typeIcon(t), cap(t))), item("ice-prismatic", "Prismatic"),
      layout.backs.map((b) => item(`ice-back-${b}`, BACK_LABEL[b], { class: "ice-snow-glyph" })),
      item("ice-leader", "Leader", { class: "ice-neutral" }), item("ice-camp", "Camp", { class: "ice-neutral" }),
      item("ice-white-camp", "White Camp"), item("ice-archaeologist", "Archaeologists", { class: "ice-neutral" }),
      item("ice-azulia-rp", "1 RP in Azulia")));
}

// -- render -------------------------------------------------------------------------------

export function render(ctx) {
  const { view, layout, board, choices, act, local } = ctx;
  ctx.rerender = () => render(ctx);
  track(view);
  choices.replaceChildren();
  const obs = view.observation;
  const legal = view.legal.map((l) => l.action);
  if (local.version !== view.version) { local.place = null; local.card = null; }
  local.version = view.version;

  const svg = drawBoard(ctx, legal);
  const parts = [topLine(ctx), svg, legend(layout)];
  const me = view.seat !== null ? obs.seats[view.seat] : null;
  if (me) {
    parts.push(h("div", { class: "ice-row" }, guildBoard(ctx, view.seat, true, legal)), handArea(ctx, me, legal));
  }
  parts.push(tablePanels(ctx, legal));
  const others = obs.seats.map((_, i) => i).filter((i) => i !== view.seat);
  if (others.length) {
    parts.push(h("h3", { class: "ice-section-title" }, me ? "Other guilds" : "Guilds"),
      h("div", { class: "ice-row", id: "ice-others" }, others.map((i) => guildBoard(ctx, i, false))));
  }
  board.replaceChildren(...parts);

  if (!legal.length) {
    // the end screen's numbers (view.breakdown), one line per seat
    if (view.breakdown) choices.append(h("ul", { id: "ice-result" }, breakdownLines(view).map((l) => h("li", {}, l))));
    return;
  }
  choices.append(h("p", { class: "ice-prompt", id: "ice-prompt" }, prompt(view, legal)));
  if (local.place) {
    choices.append(h("p", { id: "ice-filter" }, `On ${local.place}: `,
      h("button", { onclick: () => { local.place = null; ctx.rerender(); } }, "Show all")));
  }
  const shown = legal.filter((a) => !local.place || a.place === local.place);
  const placeActs = shown.filter((a) => PLACE_KINDS.has(a.kind));
  const other = shown.filter((a) => !PLACE_KINDS.has(a.kind));
  for (const a of other) {
    choices.append(h("button", { class: "act", "data-kind": a.kind, onclick: () => act(a) }, actionLabel(a, layout)));
  }
  if (placeActs.length) {
    const byKind = new Map();
    for (const a of placeActs) (byKind.get(a.kind) || byKind.set(a.kind, []).get(a.kind)).push(a);
    for (const [kind, acts] of byKind) {
      const title = { move: "Move to", fluent: "Fluent Move to", camp: "Build a Camp (1 EP) on", recruit: "Recruit (1 EP) on",
                      sail: "Sail (1 EP) to", put: "Choose", nourish: "Nourish" }[kind] ?? kind;
      choices.append(h("div", { class: "group ice-places" }, h("span", { class: "group-title" }, `${title}:`),
        acts.map((a) => h("button", { class: "act", "data-kind": a.kind, "data-place": a.place, title: describe(a, layout),
                                      onclick: () => act(a) }, a.place))));
    }
  }
}

// -- motion (issue 21, js/motion.js) ------------------------------------------------------
//
// watch.js animates a step only when the log grew, but several of ICE's decisions add no
// line (a Leader's move before "how many follow", an excavation's places below): so the
// view remembers the board as it was before such quiet steps, and the next step with a
// line explains them all at once.

const steps = { last: null, carry: null, base: null };

function track(view) {
  const last = steps.last;
  if (last === view) return;  // redrawn (a click, a name), not a new step
  if (last && view.log.length === last.log.length) steps.carry = steps.carry ?? last.observation;
  else {  // a step with a line (or a log that shrank: no step before it to explain)
    steps.base = last && view.log.length > last.log.length ? (steps.carry ?? last.observation) : null;
    steps.carry = null;
  }
  steps.last = view;
}

/** The client box of a point of the board (svg units) as big as `like` (a client box). */
function pointBox(svg, [x, y], like) {
  const m = svg.getScreenCTM();
  if (!m) return null;
  const at = new DOMPoint(x, y).matrixTransform(m);
  return { left: at.x - like.width / 2, top: at.y - like.height / 2, width: like.width, height: like.height };
}

/** `node`'s box moved by the distance from `to` to `from` (both svg points): where a piece
 *  drawn at `to` stood when it stood at `from`. */
function movedBox(svg, node, from, to) {
  const box = node.getBoundingClientRect();
  const a = pointBox(svg, from, box);
  const b = pointBox(svg, to, box);
  if (!a || !b) return null;
  return { left: box.left + a.left - b.left, top: box.top + a.top - b.top, width: box.width, height: box.height };
}

/** A box over `node`, higher up: what a dropped piece falls from. */
function above(node, lift = 70) {
  const box = node.getBoundingClientRect();
  return { left: box.left, top: box.top - lift, width: box.width, height: box.height };
}

/** A copy of a piece that is no longer on the board, drawn where it stood (a ghost in the
 *  motion layer), that lifts off and fades; under reduced motion it only fades. */
function liftOff(svg, drawing, { signal, duration, delay = 0, rise = true }) {
  const temp = s("g", { "pointer-events": "none" }, drawing);
  svg.append(temp);
  const copy = ghost(temp);
  temp.remove();
  const frames = reducedMotion() || !rise
    ? [{ opacity: 1 }, { opacity: 0 }]
    : [{ transform: "translate(0, 0) scale(1)", opacity: 1, offset: 0 },
       { transform: "translate(0, -14px) scale(1.12)", opacity: 1, offset: 0.35 },
       { transform: "translate(0, -34px) scale(1.2)", opacity: 0 }];
  const lift = copy.animate(frames, { duration, delay, easing: "ease-in", fill: "both" });
  lift.id = rise ? "motion-lift" : "motion-fade";
  if (rise && !reducedMotion()) copy.classList.add("motion-sliding");
  return settle([lift], signal, () => copy.remove());
}

/** A tile as it lay on the board (`obs`): its hexagon, a Snow tile's back or an Artifact's
 *  glyph, and the pieces that stood on it (they lift off with it). */
function tileDrawing(layout, place, entry, obs) {
  const { tile } = entry;
  const R = layout.hex_radius * S;
  const x = place.x * S;
  const y = place.y * S;
  const snow = tile.layer === "snow";
  const fill = snow ? SNOW_FILL[tile.back] : LAYER_FILL[place.level];
  const items = [];
  obs.seats.forEach((st, i) => { if (st.camp === place.name) items.push(["camp", i]); });
  const whites = typeof obs.camps.white === "string" ? [obs.camps.white] : obs.camps.white || [];
  if (whites.includes(place.name)) items.push(["camp", -1]);
  obs.seats.forEach((st, i) => { if (st.leader === place.name) items.push(["leader", i]); });
  if (entry.archaeologists) items.push(["arch", entry.archaeologists]);
  return s("g", { class: "ice-lifted" },
    s("polygon", { points: hexPoints(x, y, R - 1), fill, stroke: snow ? INK["snow-line"] : INK["tile-line"], "stroke-width": 2 }),
    snow ? useIcon(`ice-back-${tile.back}`, x, y + 33, 22, { color: INK["snow-glyph"] })
      : useIcon(typeIcon(tile.type), x, y - 14, 28),
    items.map(([kind, v], j) => pieceAt(kind, v, x + (j - (items.length - 1) / 2) * 27, y + (snow ? 0 : 14), place, obs)));
}

/** The EP a seat spent: each pip that went out glows and shrinks to its empty ring. */
function spendPips(pips, { signal, duration }) {
  if (!pips.length) return null;
  if (reducedMotion()) return all(pips.map((pip) => highlight(pip, { signal })));
  const on = `var(--ice-ep-on)`;
  return settle(pips.map((pip, i) => {
    const a = pip.animate([{ background: on, transform: "scale(1.6)", boxShadow: `0 0 0 3px ${on}` },
                           { background: on, transform: "scale(1.6)", offset: 0.3 },
                           { transform: "scale(1)" }], { duration, delay: i * 90, easing: "ease-in", fill: "backwards" });
    a.id = "motion-ep";
    return a;
  }), signal);
}

/**
 * Another seat's step, explained (watch.js plays it once the board shows the step's end):
 * the Leader slides from where it stood to where it went, the Archaeologists that moved
 * slide with it (or come from the pool, the Nourisher's board, or an excavation); an
 * excavated tile lifts off its place and its card or chip slides to its new owner's guild
 * board, while a tile that collapsed or was destroyed only fades away; a Camp built, a
 * Leader first placed or a Snow tile put back drops in; an Artifact or a Logbook card that
 * turns face up flips; a Request validated turns over on its guild board; the RP gained
 * (RP tokens, a Request's public RP) fly to the seat's RP; the EP spent go out one by one
 * on the seat's EP row. Under reduced motion only fades (js/motion.js).
 */
export function animate(ctx, previous) {
  if (ctx.own) return null;
  const { view, layout, board, signal, pace } = ctx;
  const svg = board.querySelector("#ice-board");
  const before = (steps.last === view && steps.base) || previous?.observation;
  if (!svg || !before || !before.board) return null;
  const obs = view.observation;
  const places = new Map(layout.places.map((p) => [p.name, p]));
  const icons = Object.fromEntries(layout.icons.map((i) => [i.district, i.at]));
  const presentOf = (o) => new Set(o.board.filter((e) => e.tile || e.kind === "edge").map((e) => e.place));
  const wasPresent = presentOf(before);
  const anchorBefore = (name) => (places.has(name) ? anchorOf(places.get(name), wasPresent, icons) : null);
  const dig = before.decision?.context?.excavation ?? null;
  const slideTime = pace * 0.9;
  const motions = [];
  const guild = (p) => board.querySelector(`.ice-guild[data-seat='${p}']`);
  const onPlace = (name, sel) => svg.querySelector(`g.on[data-on='${name}'] ${sel}`);
  const was = new Map(before.board.map((e) => [e.place, e]));
  const now = new Map(obs.board.map((e) => [e.place, e]));

  // Tiles gone from the board: excavated into a hand or a guild board, else collapsed or destroyed.
  const gains = obs.seats.map((st, p) => {
    const old = before.seats[p];
    const backs = {};
    for (const b of st.snow_backs) backs[b] = (backs[b] || 0) + 1;
    for (const b of old.snow_backs) backs[b] = (backs[b] || 0) - 1;
    const types = {};
    for (const t of layout.types) types[t] = st.slots[t].length - old.slots[t].length;
    const hold = st.ship_hold.length - old.ship_hold.length;
    return { backs, types, hold };
  });
  const owner = (tile) => {
    for (const [p, g] of gains.entries()) {
      if (tile.layer === "snow" && g.backs[tile.back] > 0) {
        g.backs[tile.back] -= 1;
        return guild(p)?.querySelector(`.ice-back-card[data-back='${tile.back}']`) ?? guild(p);
      }
      if (tile.layer !== "snow" && (g.types[tile.type] > 0 || tile.type === "prismatic")) {
        const slot = tile.type === "prismatic" ? null : guild(p)?.querySelector(`.ice-slot[data-slot='${tile.type}']`);
        if (slot) {
          g.types[tile.type] -= 1;
          return slot.querySelector(".arts .ice-art:last-child") ?? slot;
        }
      }
      if (tile.layer !== "snow" && g.hold > 0) {
        g.hold -= 1;
        return guild(p)?.querySelector("dd .ice-art:last-child") ?? guild(p);
      }
    }
    return null;
  };
  for (const [name, e] of was) {
    if (!e.tile || now.get(name)?.tile) continue;
    const place = places.get(name);
    if (!place) continue;
    const to = owner(e.tile);
    const drawing = tileDrawing(layout, place, e, before);
    motions.push(liftOff(svg, drawing, { signal, duration: pace * (to ? 0.9 : 1.1), rise: Boolean(to) }));
    if (to) {
      const hex = pointBox(svg, [place.x * S, place.y * S], to.getBoundingClientRect());
      motions.push(slide(to, hex, { duration: slideTime, delay: pace * 0.3, signal, scale: 1.6 }));
    }
  }
  // What an excavation uncovered (an Artifact, a place's name) shows as the tile lifts off.
  const nowPresent = presentOf(obs);
  const shows = (p, present) => !p.thirds.length || p.thirds.some((x) => x.over === null || !present.has(x.over));
  for (const node of svg.querySelectorAll("g.on[data-on]")) {
    const p = places.get(node.dataset.on);
    if (p && p.kind !== "district" && !shows(p, wasPresent) && shows(p, nowPresent)) {
      motions.push(highlight(node, { signal, delay: pace * 0.3, duration: pace * 0.6 }));
    }
  }
  // Tiles put (back) on the board: they drop in.
  for (const [name, e] of now) {
    if (!e.tile || was.get(name)?.tile) continue;
    const node = svg.querySelector(`g.layer g.place[data-place='${name}']`);
    if (node) motions.push(slide(node, above(node, 90), { duration: slideTime, signal, scale: 1.25 }));
  }

  // Leaders: from where they stood (or the excavated tile they were lifted with) to where they are.
  const moved = new Map();  // seat -> [from, to] place names
  obs.seats.forEach((st, p) => {
    const old = before.seats[p];
    if (!st.leader || st.leader === old.leader) return;
    const node = onPlace(st.leader, `g[data-leader='${p + 1}']`);
    if (!node) return;
    const from = old.leader ?? (dig && dig.leaders.includes(p) ? dig.at : null);
    if (from) {
      moved.set(p, [from, st.leader]);
      const box = movedBox(svg, node, anchorBefore(from), anchorOf(places.get(st.leader), presentOf(obs), icons));
      motions.push(slide(node, box, { duration: slideTime, signal, scale: 1 }));
    } else {
      motions.push(slide(node, above(node), { duration: slideTime, signal, scale: 1.5 }));
    }
  });
  // Camps: built (they drop in) or moved (from the excavated tile).
  const campNodes = [];
  obs.seats.forEach((st, p) => {
    const old = before.seats[p];
    if (!st.camp || st.camp === old.camp) return;
    const node = onPlace(st.camp, `g[data-camp='${p + 1}']`);
    if (!node) return;
    const from = old.camp ?? (dig && dig.camp === p ? dig.at : null);
    campNodes.push([node, from, st.camp]);
  });
  const whites = (o) => (typeof o.camps.white === "string" ? [o.camps.white] : o.camps.white || []);
  const oldWhites = whites(before);
  for (const at of whites(obs).filter((w) => !oldWhites.includes(w))) {
    const node = onPlace(at, "g[data-camp='white']");
    if (node) campNodes.push([node, dig && dig.camp === "white" ? dig.at : null, at]);
  }
  for (const [node, from, to] of campNodes) {
    const box = from ? movedBox(svg, node, anchorBefore(from), anchorOf(places.get(to), presentOf(obs), icons)) : above(node);
    motions.push(slide(node, box, { duration: slideTime, signal, scale: from ? 1 : 1.6 }));
  }

  // Archaeologists: those that left a place go to those that gained, nearest first; the
  // rest come from the excavation, the pool or a Nourisher's board.
  const out = [];
  const inn = [];
  for (const [name, e] of now) {
    const d = (e.archaeologists || 0) - (was.get(name)?.archaeologists || 0);
    if (d > 0) inn.push([name, d]);
  }
  for (const [name, e] of was) {
    const d = (e.archaeologists || 0) - (now.get(name)?.archaeologists || 0);
    if (d > 0) out.push(name);
  }
  const followed = new Map([...moved.values()].map(([from, to]) => [to, from]));
  const pool = board.querySelector("#ice-day [data-term='archaeologist']");
  const nourisher = obs.seats.findIndex((st, p) => (st.guild_archaeologists ?? 0) < (before.seats[p].guild_archaeologists ?? 0));
  for (const [name] of inn) {
    const node = onPlace(name, "g[data-archaeologists]");
    if (!node) continue;
    const to = anchorOf(places.get(name), presentOf(obs), icons);
    const fromPlace = followed.get(name) ?? out.sort((a, b) => {
      const [pa, pb, pn] = [places.get(a), places.get(b), places.get(name)];
      return Math.hypot(pa.x - pn.x, pa.y - pn.y) - Math.hypot(pb.x - pn.x, pb.y - pn.y);
    })[0] ?? (dig && dig.archaeologists ? dig.at : null);
    let box = null;
    if (fromPlace) box = movedBox(svg, node, anchorBefore(fromPlace), to);
    else if (obs.archaeologists_in_pool < before.archaeologists_in_pool && pool) box = pool;
    else if (nourisher >= 0) box = guild(nourisher)?.querySelector("[data-term='nourisher']") ?? guild(nourisher);
    motions.push(slide(node, box ?? above(node), { duration: slideTime, delay: followed.has(name) ? pace * 0.15 : 0,
                                                   signal, scale: 1 }));
  }

  // Face up: an Artifact on a guild board, a Logbook card.
  obs.seats.forEach((st, p) => {
    const old = before.seats[p];
    for (const t of layout.types) {
      const chips = guild(p)?.querySelectorAll(`.ice-slot[data-slot='${t}'] .ice-art`) ?? [];
      st.slots[t].forEach((a, i) => {
        const o = old.slots[t][i];
        if (!o || a.face_down || !o.face_down || !chips[i]) return;
        const back = cardBack(icon(typeIcon(a.type), { size: "100%" }), INK["down-a"]);
        motions.push(flip(chips[i], { back, duration: pace * 0.8, signal }));
      });
    }
  });
  for (const id of obs.logbook.filter((c) => !before.logbook.includes(c))) {
    const node = board.querySelector(`#ice-logbook-pill [data-term='${id}']`);
    if (node) motions.push(flip(node, { back: cardBack(icon("ice-logbook", { size: "100%" }), INK.card), duration: pace * 0.8, signal }));
  }

  // Requests validated turn over on the guild board, and their RP fly to the seat; RP
  // tokens won fly to the seat's RP; the EP spent go out on its EP row.
  obs.seats.forEach((st, p) => {
    const old = before.seats[p];
    const g = guild(p);
    if (!g) return;
    const sources = [];
    const known = new Set(old.validated.map((v) => v.card));
    for (const v of st.validated.filter((x) => !known.has(x.card))) {
      const node = g.querySelector(`.ice-validated[data-validated='${v.card}']`);
      if (!node) continue;
      const back = cardBack(icon("ice-request-back", { size: "100%" }), INK.card);
      motions.push(flip(node, { back, duration: pace * 0.8, signal }));
      // to the seat's row in the players list, in sight beside the board (its score once
      // there is one; during the game its guild symbol), else to its guild board's name
      const row = document.querySelector(`#players li[data-seat='${p}']`);
      const to = row?.querySelector(".score b") ?? row?.querySelector(".seat-badge") ?? g.querySelector("h3");
      if (v.rp) motions.push(flyPoints(node, to, `+${v.rp} RP`, { delay: pace * 0.6, duration: pace, signal }));
      sources.push(node);
    }
    const rp = st.rp_tokens - old.rp_tokens;
    if (rp > 0) {
      const leader = st.leader ? onPlace(st.leader, `g[data-leader='${p + 1}']`) : null;
      motions.push(flyPoints(sources[0] ?? leader ?? g.querySelector("h3"), g.querySelector(".ice-rp-count"), `+${rp} RP`,
                             { delay: pace * 0.5, duration: pace, signal }));
    }
    if (st.ep < old.ep) {
      const pips = [...g.querySelectorAll(".ice-ep i")].slice(st.ep, old.ep);
      motions.push(spendPips(pips, { signal, duration: pace }));
    }
  });
  if (!motions.length) return null;
  return all(motions);
}
