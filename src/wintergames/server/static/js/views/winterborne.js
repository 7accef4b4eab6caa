// Winterborne: your kingdom (the hex ring around the castle), the province boards, the
// season track, your hand and supply, every other seat's kingdom; in solo the Balaur.
//
// A card is played by clicking it: its legal uses (and, whenever the engine offers
// them, reserve / take back, and discard at the clean-up) appear as buttons under the hand;
// a card the engine lists as staying where it is (reserve_blocked) says so. Every other decision is a button in the
// "Your move" panel; highlighted spaces, sections and province boards are shortcuts to
// the same actions. The prompt, each button's words and its tooltip are the engine's
// (view.decision; label, explain and group of each view.legal entry), drawn with their
// mentions (said.js). All text goes in as text nodes (h/s), never as HTML.
//
// Drawn with the sprite icons/winterborne.svg (issue 21): characters as figures in the
// seat's colour, buildings, the castle, each province's colour with its own glyph; cards
// as cards (faces in your hand and reserve, backs for decks, other hands and allies).
// Every colour comes from PALETTE (games.winterborne) or the theme's CSS variables.
import { breakdownLines, seatHeading } from "../breakdown.js";
import { h, s } from "../dom.js";
import { icon, loadIcons, useIcon } from "../icons.js";
import { PALETTE } from "../palette.js";
import { FIGURES, UNIT, remember } from "./winterborne/motion.js";
import { ruleLink, saidNodes } from "../said.js";
import { useStylesheet } from "../styles.js";
import { cardData, cardIcon, loadNames, mention as namedMention, useIcons } from "./winterborne/names.js";
import { spoilsBacks } from "./winterborne/spoils.js";
import { markSpot } from "./winterborne/marks.js";
import { drawMarks } from "../marks.js";

// Another seat's step, explained (views/winterborne/motion.js).
export { animate, animatesPartway, watchedArea } from "./winterborne/motion.js";

const CARD_KINDS = new Set(["play", "discard", "reserve", "unreserve", "wylds", "swap"]);
const GAME = PALETTE.games.winterborne;
const PROVINCE = GAME.components.province;
const BOARD = GAME.components.board;
const INK = GAME.ink;
const SEATS = GAME.seats;
const MUTED = PALETTE.themes.light.muted;  // the boards are light in both themes
const R = UNIT / Math.sqrt(3);  // hex circumradius (flat-topped hexes)
const cap = (t) => String(t).charAt(0).toUpperCase() + String(t).slice(1);
const TYPE_TERM = { house: "house card" };  // a card type's help term, where it is not the type itself

// The view's colours as CSS variables (winterborne.css reads only these and the theme's).
function paletteVariables() {
  return Object.fromEntries([
    ...Object.entries(INK).map(([k, v]) => [`--wb-${k}`, v]),
    ...Object.entries(BOARD).map(([k, v]) => [`--wb-${k}`, v]),
    ...Object.entries(PROVINCE).map(([k, v]) => [`--wb-province-${k}`, v]),
  ]);
}

// The sprite and the stylesheet are in the page before the first board is drawn (the table
// waits for this module): no first frame unstyled or without its pictures.
await Promise.all([
  loadIcons("winterborne").catch((err) => console.warn("Winterborne's icons", err)),
  useStylesheet("wb-style", new URL("./winterborne.css", import.meta.url).href, paletteVariables()),
  loadNames().catch((err) => console.warn("Winterborne's data", err)),
]);

export function seatColour(view, seat) {
  return SEATS[seat % SEATS.length];
}

// The end screen's columns: the icon of each scoring category we have one for.
const CATEGORY_ICON = { allies: "wb-ally-back", buildings: "wb-settlement", "exploration sets": "wb-card-treasure",
                        banners: "wb-banner-horn", favor: "wb-resource-favor", resources: "wb-resource-any",
                        objectives: "wb-balaur-head" };
export function categoryIcon(category) {
  const id = CATEGORY_ICON[String(category).toLowerCase()];
  return id ? icon(id, { size: "1.1em" }) : null;
}

/** How a mention of the log looks (said.js): a scoring category with its end-screen icon,
 *  the rest as views/winterborne/names.js draws it (cards, figures, places... with their
 *  pictures). Drawn from the mention's kind and ref, never from its words. */
export function mention(m, layout) {
  if (m.kind === "category") {
    const id = CATEGORY_ICON[String(m.ref).toLowerCase()];
    return id ? h("span", { class: "named said-category", "data-ref": m.ref, "data-term": m.term ?? null },
      icon(id, { size: "1.05em" }), m.text) : null;
  }
  return namedMention(m, layout);
}

// -- the engine's words for actions ------------------------------------------------------

/** A legal action's entry (its label, explanation and group, in the engine's words). */
const entryOf = (view, action) => view.legal.find((l) => l.action === action) ?? null;

/** A legal action as a button: the engine's label, its explanation the tooltip. */
function actionButton(ctx, action, attrs) {
  const entry = entryOf(ctx.view, action);
  return h("button", { ...attrs, "data-tip": entry?.explain?.text ?? null, onclick: () => ctx.act(action) },
    ...(entry ? saidNodes(entry.label, { mention }, ctx.layout) : []));
}

/** The engine's prompt: what is decided, its cost and limit, and the rule it applies. */
function promptOf(ctx, decision) {
  const limits = [decision.cost, decision.limit].filter(Boolean)
    .flatMap((phrase, i) => [i ? "; " : "", ...saidNodes(phrase, { mention }, ctx.layout)]);
  return h("p", { class: "wb-prompt", id: "wb-prompt", "data-msg": decision.prompt.msg },
    ...saidNodes(decision.prompt, { mention }, ctx.layout),
    limits.length ? h("span", { class: "muted" }, " (", ...limits, ")") : "", " ", ruleLink(decision.prompt.rule));
}

// -- the kingdom board --------------------------------------------------------------------

function hexPoints(cx, cy, r) {
  return Array.from({ length: 6 }, (_, i) => {
    const t = Math.PI / 3 * i;
    return `${(cx + r * Math.cos(t)).toFixed(1)},${(cy + r * Math.sin(t)).toFixed(1)}`;
  }).join(" ");
}

/** A hex's name, the board's quietest text: small, plain, the muted ink on a light label
 *  (opaque, so it reads at AA on every province colour), at the hex's rim where no figure
 *  stands. The buttons and the log name hexes by it. */
function label(text, x, y, size = 7) {
  const w = text.length * size * 0.62 + 4;
  return s("g", { class: "label" },
    s("rect", { x: x - w / 2, y: y - size * 0.82, width: w, height: size * 1.1, rx: 2,
                fill: INK["label-bg"] }),
    s("text", { x, y, "text-anchor": "middle", "font-size": size, "font-weight": 400, fill: MUTED }, text));
}

function building(kind, x, y, size) {
  return s("g", { class: `building ${kind}`, "data-term": kind, "data-tip-icon": `wb-${kind}` },
    useIcon(`wb-${kind}`, x, y, size));
}

function figure(name, x, y, size, colour) {
  const id = `wb-character-${name}`;
  // a light base under the figure: it stands out on the gray space in every seat colour
  return s("g", { class: "figure", "data-figure": name, "data-term": name, "data-tip-icon": id, "data-x": x, "data-y": y,
                  "data-tip": name === "white" ? "the white meeple" : `the ${name}`, color: colour },
    s("ellipse", { cx: x, cy: y + size * 0.44, rx: size * 0.42, ry: size * 0.13, fill: INK["label-bg"], "fill-opacity": 0.8 }),
    useIcon(id, x, y, size));
}

/** The kingdom of one seat as an svg; ``targets`` maps a hex name to its legal actions. */
function drawKingdom(ctx, seat, seatIndex, { small = false, targets = new Map(), focus = false } = {}) {
  const { layout, act, local } = ctx;
  const k = seat.kingdom;
  const pos = layout.positions;
  const half = 2 * UNIT + R + 6;
  // another seat's kingdom is drawn small: its hexes' names would be specks there (each
  // hex still names itself in its tooltip)
  const name = small ? () => "" : label;
  // your kingdom is what a decision on it names: kept in sight on a phone (js/table.js)
  const svg = s("svg", { viewBox: `${-half} ${-half} ${2 * half} ${2 * half}`,
                         class: `wb-kingdom${small ? " small" : ""}`, "data-seat-name": seat.name,
                         "data-seat": seatIndex,
                         "data-phone-focus": focus && targets.size ? "kingdom" : null });
  const hexAt = (name, fill, extra = {}) => {
    const [x, y] = pos[name].map((v) => v * UNIT);
    const acts = targets.get(name) || [];
    const g = s("g", {
      class: `place${acts.length ? " clickable" : ""}`, "data-place": name, "data-term": name,
      onclick: acts.length ? () => {
        if (acts.length === 1) act(acts[0]);
        else { local.filter = name; ctx.rerender(); }
      } : null,
    });
    g.append(s("polygon", { class: `hex${acts.length ? " target" : ""}`, points: hexPoints(x, y, R - 1.5),
                            fill, stroke: INK["hex-line"], "stroke-width": 1, ...extra }));
    svg.append(g);
    return [g, x, y];
  };
  // castle
  const [castle, cx, cy] = hexAt("castle", BOARD.castle);
  castle.setAttribute("data-tip-icon", "wb-castle");
  castle.append(useIcon("wb-castle", cx, cy + 6, 24), name("castle", cx, cy + R * 0.82, 7));
  // sections: a conquered one in its province's colour with the province's glyph
  for (const sec of k.sections) {
    const owned = sec.colour !== null;
    const [g, x, y] = hexAt(sec.section, owned ? PROVINCE[sec.colour] : BOARD.unconquered,
      owned ? {} : { "stroke-dasharray": "4 3" });
    if (owned) {
      g.setAttribute("data-tip-icon", `wb-province-${sec.colour}`);
      g.append(useIcon(`wb-province-${sec.colour}`, x, y - R * 0.42, 15));
    } else {
      const pair = layout.borders[sec.section] || [];
      pair.forEach((c, i) => g.append(s("g", { "data-term": "conquer tile", "data-tip-icon": `wb-province-${c}`,
        "data-tip": `${sec.section}: conquer with a ${c} tile` }, useIcon(`wb-province-${c}`, x - 8 + 16 * i, y - 1, 15))));
    }
    g.append(name(sec.section, x, owned ? y + R * 0.72 : y - R * 0.5));
    if (sec.building) g.append(building(sec.building, x, y + 5, 20));
    g.setAttribute("data-tip", `${sec.section}: ${owned ? sec.colour : "unconquered"}${sec.building ? `, ${sec.building}` : ""}`);
  }
  // gray spaces and figures
  for (const space of layout.spaces) {
    const [g, x, y] = hexAt(space, BOARD.space);
    g.append(name(space, x, y - R * 0.64));
  }
  const byPlace = {};
  for (const name of FIGURES) {
    const where = k.figures[name];
    if (where) (byPlace[where] ||= []).push(name);
  }
  const colour = SEATS[seatIndex % SEATS.length];
  for (const [where, names] of Object.entries(byPlace)) {
    const [x, y] = pos[where].map((v) => v * UNIT);
    const size = names.length > 2 ? 21 : names.length === 2 ? 27 : 33;
    names.forEach((name, i) => {
      const dx = (i - (names.length - 1) / 2) * size * 0.72;
      svg.append(figure(name, x + dx, y + (where === "castle" ? -10 : 6), size, colour));
    });
  }
  return svg;
}

// -- cards, backs and counts ----------------------------------------------------------------

/** A pile drawn as a card back with its count on it: a deck, a discard pile, a hand. */
function pile(id, count, term, tip) {
  return h("span", { class: `wb-pile${count ? "" : " empty"}`, "data-term": term, "data-tip": tip, "data-tip-icon": id },
    icon(id, { size: "2.2em" }), h("span", {}, h("b", { class: "count" }, String(count)), h("br"), term));
}

/** A row of ``n`` small backs (another seat's hand, face-down allies); ``counted`` adds
 *  the number and the term beside them, as a pile has (nobody counts overlapping backs). */
function backs(id, n, term, tip, colours = [], counted = false) {
  return h("span", { class: "wb-backs", "data-term": term, "data-tip": tip, "data-tip-icon": id },
    Array.from({ length: n }, (_, i) => h("span", { class: "wb-back" }, icon(id, { size: "1.9em" }),
      colours[i] ? icon(`wb-province-${colours[i]}`, { size: ".9em", class: "corner", title: `${colours[i]} ally` }) : "")),
    n && counted ? h("span", { class: "wb-pile" }, h("span", {}, h("b", { class: "count" }, String(n)), h("br"), term)) : "",
    n ? "" : h("span", { class: "muted" }, counted ? `no ${term}` : "none"));
}

/** A card face; ``stays``: the engine lists it among the cards that may not move between
 *  hand and reserve now (the observation's reserve_blocked), said on the face. */
function cardFace(ctx, id, where, actions, stays = false) {
  const { layout, local } = ctx;
  const c = layout.cards[id] || { name: id, type: "", text: "", uses: {} };
  const chosen = local.card === `${where}:${id}`;
  const kind = cardIcon(c);
  return h("button", {
    class: `wb-card type-${c.type}${actions.length ? " playable" : ""}${chosen ? " chosen" : ""}`,
    "data-card": id, "data-code": id, "data-where": where, disabled: !actions.length, "data-term": id, "data-tip-icon": kind,
    onclick: actions.length ? () => { local.card = chosen ? null : `${where}:${id}`; ctx.rerender(); } : null,
  },
  h("div", { class: "top" }, icon(kind, { size: "1.8em" }),
    h("span", { class: "title" }, h("span", { class: "name" }, c.name),
      h("span", { class: "id" }, h("span", { class: "type", "data-term": TYPE_TERM[c.type] ?? c.type }, c.type),
        stays ? h("span", { class: "wb-stays", "data-term": "unreserve" }, ` · stays in ${where}`) : ""))),
  Object.keys(c.uses).length
    ? h("ul", { class: "uses" }, Object.entries(c.uses).map(([code, words]) => h("li", {},
      h("span", { class: "use-icons" }, useIcons(code).map((u) => icon(u, { size: "1.25em" }))), words)))
    : h("div", { class: "text" }, c.text));
}

function cardActions(legal, id) {
  return legal.filter((a) => CARD_KINDS.has(a.kind) && a.card === id);
}

function handArea(ctx, me, legal) {
  const { local, view } = ctx;
  const obs = view.observation;
  // the seat to move's cards that stay where they are (they are yours only on your turn)
  const stays = new Set(obs.current === view.seat ? obs.reserve_blocked ?? [] : []);
  const box = h("section", { class: "wb-hand-area", id: "wb-hand" });
  const groups = [["hand", "Your hand", me.hand || []], ["reserve", "Your reserve", me.reserve]];
  for (const [where, title, cards] of groups) {
    box.append(h("div", { class: "group-title", "data-term": where }, `${title} (${cards.length})`));
    // your hand's cards are kept in sight on a phone as your move begins (js/table.js),
    // unless the decision is made on your kingdom (a section to conquer, a space to step to)
    const onKingdom = kingdomTargets(legal).size > 0;
    const row = h("div", { class: "wb-hand",
                           "data-phone-focus": where === "hand" && !onKingdom ? "hand" : null },
      cards.map((id) => cardFace(ctx, id, where, cardActions(legal, id), stays.has(id))));
    if (!cards.length) row.append(h("span", { class: "muted" }, "empty"));
    box.append(row);
  }
  box.append(h("div", { class: "wb-piles" },
    pile("wb-card-back", me.deck_size, "deck", `Your deck: ${me.deck_size} cards`),
    pile("wb-card-back", me.discard.length, "discard", `Your discard pile: ${me.discard.length} cards`),
    me.discard.length ? h("span", { class: "muted" }, "discard: ", ...ids(me.discard, "your discard pile")) : ""));
  return box;
}

// -- panels -------------------------------------------------------------------------------

/** Cards by their icons and names ("Shaman I"), each explained by its tooltip, its id kept as data-code. */
const ids = (list, tip) => (list.length
  ? list.flatMap((id, i) => [i ? ", " : "", h("span", { class: "named wb-named", "data-term": id, "data-code": id,
    "data-tip": tip, "data-tip-icon": cardIcon(cardData(id)) },
  icon(cardIcon(cardData(id)), { size: "1.05em" }), cardData(id)?.name ?? id)]) : ["—"]);

/** The season track; the season now says what exploring costs the seat to move (the
 *  game's price, a power's discount included), the others their printed cost. */
export function seasonTrack(ctx) {
  const { view, layout } = ctx;
  const obs = view.observation;
  const now = layout.seasons.indexOf(obs.season);
  const row = h("div", { class: "wb-seasons", id: "wb-seasons" });
  layout.seasons.forEach((name, i) => {
    const extra = name === "winter"
      ? (obs.winter_round ? ` · round ${obs.winter_round} of ${obs.winter_rounds ?? layout.winter_rounds}` : "")
      : ` · ${obs.season_decks[i]} card${obs.season_decks[i] === 1 ? "" : "s"} left`;
    row.append(h("div", { class: `wb-season${i === now ? " now" : i < now ? " done" : ""}`, "data-season": name,
                          "data-term": name, "data-tip-icon": `wb-season-${name}` },
      icon(`wb-season-${name}`, { size: "1.5em" }),
      h("span", {}, h("b", {}, cap(name)), h("br"), `explore `, icon("wb-resource-meat", { size: "1em", title: "meat" }),
        ` ${i === now ? obs.explore_cost : (obs.explore_costs ?? layout.explore_cost)[i]}${extra}`)));
  });
  row.append(h("div", { class: "wb-season", "data-term": "favor", "data-tip-icon": "wb-resource-favor" },
    icon("wb-resource-favor", { size: "1.5em" }), h("span", {}, h("b", {}, String(obs.favor_supply)), h("br"), "favor supply")));
  row.append(h("div", { class: "wb-season played" }, h("span", {}, "Played this turn", h("br"), ...ids(obs.played, "played this turn"))));
  // Between the autumn deck running out and the end of that round only: winter then
  // begins (its rounds are counted on the Winter box), and the game may end.
  if (obs.autumn_out && obs.season === "autumn" && !view.over) {
    row.append(h("div", { class: "wb-season now" }, "Autumn deck out: winter next"));
  }
  return row;
}

function resources(seat) {
  const r = seat.resources;
  const res = (n, term) => h("span", { class: "wb-amount", "data-term": term, "data-tip-icon": `wb-resource-${term}` },
    icon(`wb-resource-${term}`, { size: "1.5em", title: term }), h("b", {}, String(n)));
  return h("span", { class: "wb-res" }, res(r.gold, "gold"), res(r.meat, "meat"),
    res(r.military, "military"), res(seat.favor, "favor"));
}

function spoilsChip(ctx, id, use = null) {
  const t = ctx.layout.spoils[id];
  const colour = t?.colour ?? null;
  const character = t?.character ?? null;
  return h(use ? "button" : "span", { class: `wb-chip${use ? " playable" : ""}`, "data-spoils": id,
    "data-term": id, "data-tip-icon": `wb-spoils-${t?.kind}`, onclick: use ? () => ctx.act(use) : null },
  icon(`wb-spoils-${t?.kind ?? "hex"}`, { size: "1.3em" }),
  colour && PROVINCE[colour] ? icon(`wb-province-${colour}`, { size: "1.1em" }) : "",
  character ? icon(`wb-character-${character}`, { size: "1.1em" }) : "",
  ` ${t?.label ?? id}`);
}

function seatFacts(ctx, seat, legal, mine) {
  const { layout } = ctx;
  const facts = h("dl", {});
  const add = (k, ...v) => facts.append(h("dt", {}, k), h("dd", {}, ...v));
  add("Resources", resources(seat));
  add("Spoils", seat.spoils.length ? seat.spoils.map((id) => spoilsChip(ctx, id,
    legal.find((a) => a.kind === "spoils" && a.spoils === id))) : "none");
  if (mine && seat.allies) {
    add("Allies", seat.allies.length ? seat.allies.map((id) => h("span", { class: "wb-chip ally", "data-term": id,
      "data-code": id, "data-tip-icon": `wb-province-${layout.allies[id]?.colour}` },
    icon(`wb-province-${layout.allies[id]?.colour}`, { size: "1.2em" }), ` ${layout.allies[id]?.text ?? id}`)) : "none");
  } else {
    // face down: only the colours are public, so the tooltip explains allies in general
    add("Allies", backs("wb-ally-back", seat.ally_colours.length, "ally",
      `${seat.ally_colours.length} face down: ${seat.ally_colours.join(", ") || "none"}`, seat.ally_colours));
  }
  add("House board", h("span", { "data-term": "house board", class: "wb-rows" },
    seat.kingdom.rows.map((r, i) => h("span", { class: "wb-row-slots" }, `${i + 1}: `,
      Array.from({ length: 2 }, (_, j) => icon("wb-settlement", { size: "1.1em", class: j < r.settlements ? "built" : "empty" })),
      r.church ? icon("wb-church", { size: "1.1em", class: "built" }) : ""))));
  add("Power card", h("span", { class: "wb-power", "data-code": seat.power_card.id },
    h("span", { "data-term": seat.power_card.id, "data-tip": "power card", "data-tip-icon": "wb-power" },
      icon("wb-power", { size: "1.4em" })), ...seat.power_card.powers.flatMap((p, i) => [i ? " / " : "",
      h("span", { "data-term": p }, layout.powers[p] ?? p)]),
    // a power on no card (the round power, with its option) is the seat's all the same
    ...seat.powers.filter((p) => !seat.power_card.powers.includes(p)).flatMap((p) => [
      h("br"), "Round power: ", h("span", { "data-term": p }, layout.powers[p] ?? p)]),
    seat.powers_used.some(Boolean) ? ` (used in rounds ${seat.powers_used.map((u, i) => (u ? i + 1 : null)).filter(Boolean).join(", ")})` : ""));
  if (seat.favor_on_card) add("Favor on card", h("span", { "data-term": "favor" }, icon("wb-resource-favor", { size: "1.1em" }), ` ${seat.favor_on_card}`));
  return facts;
}

function provinceBoards(ctx, legal) {
  const { view, layout, local } = ctx;
  const obs = view.observation;
  const box = h("div", { class: "wb-provinces", id: "wb-provinces" });
  for (const p of obs.provinces) {
    const acts = legal.filter((a) => !CARD_KINDS.has(a.kind) && (a.province === p.colour
      || (a.kind === "take" && a.spoils && p.spoils?.includes(a.spoils))));
    const ex = p.exploration && layout.cards[p.exploration];
    box.append(h("div", {
      class: `wb-province${acts.length ? " target clickable" : ""}`, "data-province": p.colour,
      style: `--wb-colour: var(--wb-province-${p.colour})`,
      onclick: acts.length ? () => {
        if (acts.length === 1) ctx.act(acts[0]);
        else { local.filter = p.colour; ctx.rerender(); }
      } : null,
    },
    h("header", { "data-term": p.name, "data-tip-icon": `wb-province-${p.colour}` },
      icon(`wb-province-${p.colour}`, { size: "1.6em" }), h("span", {}, p.name, h("small", {}, ` ${p.colour}`))),
    h("div", { class: "body" },
      h("p", { class: "counts" },
        h("span", { "data-term": "conquer tile", "data-tip-icon": "wb-conquer" }, icon("wb-conquer", { size: "1.4em" }),
          h("b", {}, ` ${p.conquer_tiles}`), " tiles"),
        h("span", { "data-term": "ally", "data-tip-icon": "wb-ally-back" }, icon("wb-ally-back", { size: "1.4em" }),
          h("b", {}, ` ${p.allies_left}`), " allies")),
      h("p", { class: "ally" }, h("b", { "data-term": "ally" }, "Ally: "), p.ally ? h("span", { "data-term": p.ally, "data-code": p.ally,
        "data-tip": `The top ally of ${p.name}`, "data-tip-icon": `wb-province-${p.colour}` },
      layout.allies[p.ally]?.text ?? p.ally) : "none"),
      h("div", { class: "spoils" }, h("b", { "data-term": "spoils" }, "Spoils: "), p.spoils === null
        ? spoilsBacks(p.spoils_count)
        : p.spoils.length ? p.spoils.map((id) => spoilsChip(ctx, id)) : "none"),
      h("div", { class: "explore", "data-term": p.exploration, "data-tip": `The exploration card of ${p.name}`,
                 "data-tip-icon": ex ? cardIcon(ex) : null },
      h("b", { "data-term": "exploration card" }, "Exploration: "),
      ex ? h("span", { class: "wb-mini", "data-code": p.exploration }, icon(cardIcon(ex), { size: "1.6em" }),
        h("span", {}, h("b", {}, ex.name), h("br"), ex.text)) : "empty"))));
  }
  return box;
}

/** What the kingdom's pictures mean, with the pictures themselves. */
function legend(seat) {
  const colour = SEATS[seat % SEATS.length];
  const item = (id, words, tint = null) => h("span", { class: "item" },
    tint ? h("span", { style: `color:${tint}` }, icon(id, { size: "1.5em" })) : icon(id, { size: "1.5em" }), words);
  return h("p", { class: "wb-legend" },
    item("wb-character-shaman", "shaman", colour), item("wb-character-explorer", "explorer", colour),
    item("wb-character-warrior", "warrior", colour), item("wb-character-white", "white meeple"),
    item("wb-settlement", "settlement"), item("wb-church", "church"),
    h("span", { class: "note" }, "Your characters stand on the gray spaces and move clockwise. A coloured section is yours; ",
      "a dashed one shows the two colours a conquer tile may have."));
}

function kingdomTargets(legal) {
  const t = new Map();
  const add = (name, a) => (t.get(name) || t.set(name, []).get(name)).push(a);
  for (const a of legal) {
    if (a.kind === "exit") add(a.space, a);
    else if (a.kind === "conquer" || a.kind === "build") add(a.section, a);
    else if (a.kind === "relocate") add(a.from, a);
  }
  return t;
}

function balaurPanel(ctx) {
  const { view, layout } = ctx;
  const b = view.observation.balaur;
  return h("section", { class: "wb-balaur", id: "wb-balaur" },
    h("h3", {}, icon("wb-balaur-head", { size: "1.6em" }), h("span", { "data-term": "Balaur", "data-tip-icon": "wb-balaur-head" }, "The Balaur"), " (",
      h("span", { "data-term": b.difficulty }, b.difficulty), ")"),
    h("p", { class: "wb-bboard" }, h("b", {}, "Board: "), b.board.map((id, i) => h("span", { class: "wb-bslot", "data-slot": i,
      "data-term": id ?? "Balaur", "data-tip": `The Balaur's ${layout.colours[i]} province hex`,
      "data-tip-icon": `wb-province-${layout.colours[i]}` },
    icon(`wb-province-${layout.colours[i]}`, { size: "1.3em" }), id ? h("span", { class: "wb-bcard", "data-code": id },
      icon(`wb-character-${layout.cards[id]?.character ?? "white"}`, { size: "1.2em" }), layout.cards[id]?.name ?? id) : " —"))),
    h("p", { class: "wb-piles" }, pile("wb-card-back", b.deck_size, "Balaur", `The Balaur's deck: ${b.deck_size} cards`),
      h("span", {}, h("b", {}, "Score pile: "), ...(b.pile.length ? b.pile.map((id) => h("span", { class: "wb-chip card",
        "data-term": id, "data-code": id, "data-tip": "the Balaur's score pile", "data-tip-icon": cardIcon(layout.cards[id]) },
      icon(cardIcon(layout.cards[id]), { size: "1.2em" }), ` ${layout.cards[id]?.name ?? id}`)) : ["empty"]))),
    h("p", {}, h("b", { "data-term": "objective" }, "Objectives: ")),
    h("ul", { class: "wb-objectives" }, b.objectives.map((o) => h("li", { "data-term": `objective ${o.letter}`,
      "data-objective": o.letter, "data-tip-icon": `wb-objective-${o.letter.toLowerCase()}` },
    icon(`wb-objective-${o.letter.toLowerCase()}`, { size: "2.6em" }),
    h("span", {}, h("b", {}, `${o.letter} · ${o.vp} VP`), h("br"), o.text)))),
    b.score !== null ? h("p", { id: "wb-balaur-score" }, h("b", {}, `Balaur score: ${b.score}`)) : "");
}

/** The seat to move's cards the engine says stay where they are (reserve_blocked: picked
 *  up from its reserve, or moved in its clean-up), by where they lie. */
function staying(obs, seat, i) {
  if (obs.current !== i || !obs.reserve_blocked?.length) return [];
  const inReserve = obs.reserve_blocked.filter((id) => seat.reserve.includes(id));
  const inHand = obs.reserve_blocked.filter((id) => !seat.reserve.includes(id));
  return [["hand", inHand], ["reserve", inReserve]].filter(([, list]) => list.length).map(([where, list]) =>
    h("p", { class: "wb-stays", "data-stays": where }, h("span", { "data-term": "unreserve" }, `Stays in ${where}: `),
      ...ids(list, `${seat.name}'s ${where}: it stays there for now`)));
}

function otherSeats(ctx, legal) {
  const { view } = ctx;
  const obs = view.observation;
  const row = h("div", { class: "wb-row", id: "wb-others" });
  obs.seats.forEach((seat, i) => {
    if (i === view.seat) return;
    row.append(h("div", { class: `wb-seat${obs.to_move.includes(i) ? " to-move" : ""}`, "data-seat": i },
      drawKingdom(ctx, seat, i, { small: true }),
      h("div", {}, h("b", { class: "wb-seat-name" }, icon("wb-meeple", { size: "1.2em" }), seatHeading(view, i)),
        obs.first_player === i ? h("span", { "data-term": "first_player" }, " (first player)") : "",
        h("div", { class: "wb-piles" },
          backs("wb-card-back", seat.hand_size, "hand", `${seat.name}'s hand: ${seat.hand_size} cards`, [], true),
          pile("wb-card-back", seat.deck_size, "deck", `${seat.name}'s deck: ${seat.deck_size} cards`),
          pile("wb-card-back", seat.discard.length, "discard", `${seat.name}'s discard pile: ${seat.discard.length} cards`)),
        seat.discard.length ? h("p", { class: "muted" }, "discard: ", ...ids(seat.discard, `${seat.name}'s discard pile`)) : "",
        h("p", {}, h("span", { "data-term": "reserve" }, "Reserve: "), ...ids(seat.reserve, `${seat.name}'s reserve`)),
        ...staying(obs, seat, i),
        seatFacts(ctx, seat, view.seat === i ? legal : [], false))));
    row.lastChild.querySelector(".wb-seat-name svg").style.color = SEATS[i % SEATS.length];
  });
  return row;
}

// -- render -------------------------------------------------------------------------------

export function render(ctx) {
  const { view, board, choices, local } = ctx;
  ctx.rerender = () => render(ctx);
  choices.replaceChildren();  // a local redraw (a card chosen) starts from an empty panel
  const obs = view.observation;
  const legal = view.legal.map((l) => l.action);
  if (local.card && !legal.some((a) => CARD_KINDS.has(a.kind) && a.card === local.card.split(":")[1])) local.card = null;
  if (local.filter && local.version !== view.version) local.filter = null;
  local.version = view.version;

  remember(view);
  const me = view.seat !== null ? obs.seats[view.seat] : null;
  const parts = [seasonTrack(ctx)];
  if (me) {
    parts.push(h("div", { class: "wb-row" },
      h("div", {}, drawKingdom(ctx, me, view.seat, { targets: kingdomTargets(legal), focus: true }),
        legend(view.seat)),
      h("div", { class: "wb-me", id: "wb-me" }, h("h3", { style: "margin:.2rem 0" },
        h("span", { style: `color:${SEATS[view.seat % SEATS.length]}` }, icon("wb-meeple", { size: "1.3em" })), seatHeading(view, view.seat)),
        seatFacts(ctx, me, legal, true))));
    parts.push(handArea(ctx, me, legal));
  }
  if (obs.balaur) parts.push(balaurPanel(ctx));
  parts.push(h("h3", { style: "margin:.5rem 0 .2rem" }, "Province boards"), provinceBoards(ctx, legal));
  if (obs.seats.length > (me ? 1 : 0)) parts.push(h("h3", { style: "margin:.5rem 0 .2rem" }, me ? "Other players" : "Players"), otherSeats(ctx, legal));
  board.replaceChildren(...parts);
  drawMarks(ctx, markSpot);  // a review's moves (js/marks.js)

  // the decision, the uses of the card tapped (in the sheet of choices, where a phone
  // shows them: under the hand they opened behind it), and every legal action that is not
  // made on a card
  if (view.decision) choices.append(promptOf(ctx, view.decision));
  if (local.card) {
    const id = local.card.split(":")[1];
    const actions = cardActions(legal, id);
    const group = entryOf(view, actions[0])?.group;
    choices.append(h("div", { class: "wb-uses", id: "wb-uses" },
      h("b", {}, ...(group ? saidNodes(group, { mention }, ctx.layout) : [cardData(id)?.name ?? id]), ": "),
      actions.map((a) => actionButton(ctx, a, { class: "use", "data-card": id })),
      h("button", { class: "cancel", onclick: () => { local.card = null; ctx.rerender(); } }, "Cancel")));
  } else if (legal.some((a) => CARD_KINDS.has(a.kind))) {
    choices.append(h("p", { class: "muted" }, "Click a highlighted card of your hand or reserve to see its uses."));
  }
  const shown = legal.filter((a) => !CARD_KINDS.has(a.kind) && (!local.filter
    || [a.space, a.section, a.from, a.province].includes(local.filter)
    || obs.provinces.some((p) => p.colour === local.filter && a.spoils && p.spoils?.includes(a.spoils))));
  if (local.filter) {
    choices.append(h("p", {}, `For ${local.filter}: `,
      h("button", { onclick: () => { local.filter = null; ctx.rerender(); } }, "Show all")));
  }
  // a group (a section, a building) heads the buttons of what is done there
  let heading = null;
  for (const a of shown) {
    const group = entryOf(view, a)?.group;
    if (group && group.text !== heading) {
      choices.append(h("p", { class: "wb-group" }, ...saidNodes(group, { mention }, ctx.layout), ":"));
    }
    heading = group?.text ?? null;
    choices.append(actionButton(ctx, a, { class: "act", "data-kind": a.kind }));
  }
  if (view.over) {
    // the end screen's numbers (view.breakdown), one line per seat (and the Balaur's)
    // (none in a replay, whose final panel has them: no empty list under its log)
    const lines = view.breakdown ? breakdownLines(view) : [];
    if (lines.length) choices.append(h("ul", { id: "wb-result" }, lines.map((l) => h("li", {}, l))));
  }
}
