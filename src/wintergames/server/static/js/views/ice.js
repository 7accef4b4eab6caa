// ICE: the layered ice board seen from above, your guild board, Snow tiles and Requests,
// the Decrees and the Sunset row, every other guild board.
//
// The board is painted bottom up: Azulia's districts, the Deep layer with its frame of
// edges, the Surface layer with its edges, the Snow layer. Every tile is opaque and casts
// a shadow on the layer below, so each point shows the uppermost piece lying there, as on
// the table; deeper layers are darker. An Artifact shows its type's glyph (ice.svg), a
// Snow tile its back's symbol; Leaders, Camps and Archaeologists stand as figures on the
// part of a place that still shows. A place you can act on gets an orange ring: a click
// sends its action (or, with several, lists them under the prompt). Every legal action is
// also a button there. All text goes in as text nodes (h/s). Every colour comes from
// PALETTE (js/palette.js); ice.css reads them as custom properties set here.
//
// This module is what the pages import (render, animate, mention, the players list's
// hooks) and loads the view's look; its parts live in views/ice/: names and icons, the
// log's mentions, the engine's labels of actions, the board, the top line, guild boards,
// cards, motion. Every prompt, label and tooltip of a choice is the engine's (view.decision,
// view.legal's label / explain / group), drawn by said.js.
import { breakdownByCategory, seatLabel, winnersLine } from "../breakdown.js";
import { h } from "../dom.js";
import { icon, loadIcons } from "../icons.js";
import { ruleLink } from "../said.js";
import { useStylesheet } from "../styles.js";
import { entryOf, PLACE_KINDS, said } from "./ice/actions.js";
import { drawBoard, legend } from "./ice/board.js";
import { handArea, tablePanels } from "./ice/cards.js";
import { guildBoard } from "./ice/guild.js";
import { INK, PIECE, seatColourOf, TYPE } from "./ice/inks.js";
import { track } from "./ice/motion.js";
import { cap } from "./ice/names.js";
import { topLine } from "./ice/topline.js";
import { markSpot } from "./ice/marks.js";
import { drawMarks } from "../marks.js";

export { mention } from "./ice/log.js";
export { animate, watchedArea } from "./ice/motion.js";

// The view's look: ice.css reads the palette through these custom properties. The sheet
// and the icons are in the page before the first board is drawn (the table waits for this
// module), so the board never shows unstyled.
function paletteProperties() {
  const props = { ...Object.fromEntries(Object.entries(INK).map(([k, v]) => [`--ice-${k}`, v])) };
  for (const [t, v] of Object.entries(TYPE)) props[`--ice-type-${t}`] = v;
  for (const [k, v] of Object.entries(PIECE)) props[`--ice-${k}`] = v;
  return props;
}
await Promise.all([
  useStylesheet("ice-style", new URL("./ice.css", import.meta.url).href, paletteProperties()),
  loadIcons("ice").catch((err) => console.warn("ICE's icons", err)),
]);

// The end screen's columns: the icon of each scoring category.
// (the server's "Bonus": the second-Request bonuses)
const CATEGORY_ICON = { decrees: "ice-decree", requests: "ice-request-back", bonus: "ice-rp", bonuses: "ice-rp", "rp tokens": "ice-rp",
                        tokens: "ice-rp", planning: "ice-planning" };
export function categoryIcon(category) {
  const id = CATEGORY_ICON[String(category).toLowerCase()];
  return id ? icon(id, { size: "1.1em" }) : null;
}

export function seatColour(view, seat) {
  return seatColourOf(seat);
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
  drawMarks(ctx, markSpot);  // a review's moves (js/marks.js)

  if (!legal.length) {
    if (view.over) {
      // The game is over, said as the table page's status says it; then the end screen's
      // numbers (view.breakdown) turned on their side for the narrow panel, each category
      // by its icon as in the end dialog's table (which a person may close to see the board).
      choices.append(h("p", { class: "ice-prompt", id: "ice-over" }, `The game is over: ${
        winnersLine(view.winners, view.breakdown, (i) => seatLabel(view, i))}`));
      if (view.breakdown) {
        choices.append(h("table", { id: "ice-result" }, breakdownByCategory(view, (i) => seatLabel(view, i), categoryIcon)));
      }
    }
    return;
  }
  // The engine's prompt: what is decided, for which piece, its cost and limit, the rule.
  const decision = view.decision;
  if (decision) {
    const limits = [decision.cost, decision.limit].filter(Boolean);
    choices.append(h("p", { class: "ice-prompt", id: "ice-prompt", "data-msg": decision.prompt.msg },
      ...said(decision.prompt, layout),
      limits.length ? h("span", { class: "muted ice-limit" }, " (", ...limits.flatMap((l, i) => [i ? "; " : "", ...said(l, layout)]), ")") : "",
      " ", ruleLink(decision.prompt.rule)));
  }
  if (local.place) {
    choices.append(h("p", { id: "ice-filter" }, `On ${local.place}: `,
      h("button", { onclick: () => { local.place = null; ctx.rerender(); } }, "Show all")));
  }
  // Each choice by the engine's label, its explanation (cost included) the tooltip; an
  // action on a place under its group (what goes there), as the terminal lists them.
  const button = (a, attrs = {}) => {
    const entry = entryOf(view, a);
    return h("button", { class: "act", "data-kind": a.kind, "data-tip": entry?.explain?.text ?? null, onclick: () => act(a), ...attrs },
      ...(entry?.label ? said(entry.label, layout) : [entry?.notation ?? a.kind]));
  };
  const shown = legal.filter((a) => !local.place || a.place === local.place);
  for (const a of shown.filter((x) => !PLACE_KINDS.has(x.kind))) choices.append(button(a));
  const groups = new Map();
  for (const a of shown.filter((x) => PLACE_KINDS.has(x.kind))) {
    const group = entryOf(view, a)?.group ?? null;
    const key = group?.text ?? a.kind;
    if (!groups.has(key)) groups.set(key, { group, acts: [] });
    groups.get(key).acts.push(a);
  }
  for (const { group, acts } of groups.values()) {
    choices.append(h("div", { class: "group ice-places" }, h("span", { class: "group-title" }, ...said(group, layout), ":"),
      acts.map((a) => button(a, { "data-place": a.place }))));
  }
}
