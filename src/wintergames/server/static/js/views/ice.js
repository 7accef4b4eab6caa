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
//
// This module is what the pages import (render, animate, mention, actionLabel, the
// players list's hooks) and loads the view's look; its parts live in views/ice/: names
// and icons, the log's mentions, action words and labels, the board, the top line, guild
// boards, cards, motion.
import { breakdownByCategory, seatLabel } from "../breakdown.js";
import { h } from "../dom.js";
import { icon, loadIcons } from "../icons.js";
import { actionLabel, describe, PLACE_KINDS, prompt } from "./ice/actions.js";
import { drawBoard, legend } from "./ice/board.js";
import { handArea, tablePanels } from "./ice/cards.js";
import { guildBoard } from "./ice/guild.js";
import { INK, PIECE, seatColourOf, TYPE } from "./ice/inks.js";
import { track } from "./ice/motion.js";
import { cap } from "./ice/names.js";
import { topLine } from "./ice/topline.js";

export { actionLabel } from "./ice/actions.js";
export { mention } from "./ice/log.js";
export { animate } from "./ice/motion.js";

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

  if (!legal.length) {
    if (view.over) {
      // The game is over, said as the table page's status says it; then the end screen's
      // numbers (view.breakdown) turned on their side for the narrow panel, each category
      // by its icon as in the end dialog's table (which a person may close to see the board).
      const won = view.winners.map((i) => seatLabel(view, i));
      choices.append(h("p", { class: "ice-prompt", id: "ice-over" }, `The game is over: ${
        won.length ? `${won.join(" and ")} ${won.length > 1 ? "win" : "wins"}.` : "Nobody wins."}`));
      if (view.breakdown) {
        choices.append(h("table", { id: "ice-result" }, breakdownByCategory(view, (i) => seatLabel(view, i), categoryIcon)));
      }
    }
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
    choices.append(h("button", { class: "act", "data-kind": a.kind, onclick: () => act(a) }, actionLabel(a, layout, view.observation)));
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
