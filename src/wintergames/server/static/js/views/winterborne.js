// Winterborne: your kingdom (the hex ring around the castle), the province boards, the
// season track, your hand and supply, every other seat's kingdom; in solo the Balaur.
//
// A card is played by clicking it: its legal uses (and, at the clean-up, reserve /
// discard) appear as buttons under the hand. Every other decision is a button in the
// "Your move" panel; highlighted spaces, sections and province boards are shortcuts to
// the same actions. All text goes in as text nodes (h/s), never as HTML.
import { breakdownLines } from "../breakdown.js";
import { h, s } from "../dom.js";

const CARD_KINDS = new Set(["play", "discard", "reserve", "unreserve", "wylds", "swap"]);
const FIGURES = ["shaman", "explorer", "warrior", "white"];
const DARK = new Set(["black", "purple", "blue", "red", "green"]);
const UNIT = 60;  // svg units between neighbouring hex centres
const R = UNIT / Math.sqrt(3);  // hex circumradius (flat-topped hexes)
const cap = (t) => String(t).charAt(0).toUpperCase() + String(t).slice(1);
const TYPE_TERM = { house: "house card" };  // a card type's help term, where it is not the type itself
/** A chip for a card, ally or spoils id: its tooltip explains it (data-term). */
const idChip = (id, tip) => h("span", { "data-term": id, "data-tip": tip }, id);
const ids = (list, tip) => (list.length ? list.flatMap((id, i) => [i ? ", " : "", idChip(id, tip)]) : ["—"]);


function ensureStyle() {
  if (document.getElementById("wb-style")) return;
  document.head.append(h("link", { id: "wb-style", rel: "stylesheet",
                                  href: new URL("./winterborne.css", import.meta.url).href }));
}

// Under the end screen's table: the solo game's verdict (the Balaur is no seat, so it has
// no row of its own there).
export function endNotes(view) {
  const b = view.observation.balaur;
  if (!b || b.score === null || !view.scores) return [];
  const you = view.scores[0];
  return [you > b.score ? `You beat the Balaur: ${you} to ${b.score}.`
    : `The Balaur wins: ${b.score} to your ${you}.`];
}

// -- words for actions --------------------------------------------------------------------

function describe(a, ctx) {
  const { layout, view } = ctx;
  const obs = view.observation;
  const prov = (c) => obs.provinces.find((p) => p.colour === c);
  const words = { end: "End your turn", done: "Done (finish the clean-up)",
                  pass: "Pass (no special action)", tax: "Tax (shaman)", pray: "Pray (shaman): take favor",
                  raid: "Raid (explorer)", cw: "Step clockwise", ccw: "Step counter-clockwise",
                  none: "None" };
  switch (a.kind) {
    case "play": return `${a.card}: ${layout.cards[a.card]?.uses[a.use] ?? a.use}`;
    case "word": return words[a.word] ?? a.word;
    case "trade": {
      const p = prov(a.province);
      return `Trade with ${a.province}${p?.ally ? ` — ${p.ally}: ${layout.allies[p.ally]?.text ?? ""}` : ""}`;
    }
    case "explore": {
      const p = prov(a.province);
      const card = p?.exploration;
      return `Explore ${a.province}${card ? ` — take ${card} ${layout.cards[card]?.name ?? ""}` : ""} (${obs.explore_cost} meat)`;
    }
    case "build": return `Build a ${a.building} (row ${a.row}) on ${a.section}`;
    case "conquer": return `Conquer ${a.section} with a ${a.colour} tile`;
    case "take": return a.spoils === null ? "Take no spoils" : `Take spoils ${a.spoils} (${layout.spoils[a.spoils]?.label ?? ""})`;
    case "facedown": return `Take a face-down spoils tile of ${a.province}`;
    case "choose": return `Choose ${a.resource}`;
    case "spoils": return `Use spoils ${a.spoils}: ${layout.spoils[a.spoils]?.label ?? ""}`;
    case "sack": return `Sack spoils ${a.spoils}`;
    case "power": return `Power: ${layout.powers[a.power] ?? a.power}`;
    case "relocate": return `Move the building on ${a.from} to ${a.to}`;
    case "figure": return `Figure: ${a.figure}`;
    case "exit": return `Leave the castle onto ${a.space}`;
    case "discard": return `Discard ${a.card}`;
    case "reserve": return `Put ${a.card} into your reserve`;
    case "unreserve": return `Take ${a.card} back into your hand`;
    case "wylds": return `Resolve ${a.card}: ${layout.cards[a.card]?.text ?? ""}`;
    case "swap": return `Swap ${a.card} with ${a.province}'s exploration card`;
    default: return JSON.stringify(a);
  }
}

// -- the kingdom board --------------------------------------------------------------------

function hexPoints(cx, cy, r) {
  return Array.from({ length: 6 }, (_, i) => {
    const t = Math.PI / 3 * i;
    return `${(cx + r * Math.cos(t)).toFixed(1)},${(cy + r * Math.sin(t)).toFixed(1)}`;
  }).join(" ");
}

function building(kind, x, y) {
  if (kind === "church") {
    return s("g", { class: "building church", "data-term": "church" },
      s("polygon", { points: `${x - 7},${y + 9} ${x - 7},${y - 3} ${x},${y - 10} ${x + 7},${y - 3} ${x + 7},${y + 9}`,
                     fill: "#fff", stroke: "#222", "stroke-width": 1.5 }),
      s("path", { d: `M${x} ${y - 19}v10M${x - 4} ${y - 15}h8`, stroke: "#222", "stroke-width": 2 }));
  }
  return s("g", { class: "building settlement", "data-term": "settlement" },
    s("polygon", { points: `${x - 7},${y + 7} ${x - 7},${y - 1} ${x},${y - 8} ${x + 7},${y - 1} ${x + 7},${y + 7}`,
                   fill: "#fff", stroke: "#222", "stroke-width": 1.5 }));
}

function figure(name, x, y, r) {
  return s("g", { class: "figure", "data-figure": name, "data-term": name,
                  "data-tip": name === "white" ? "the white meeple" : `the ${name}` },
    s("circle", { cx: x, cy: y, r, fill: null, stroke: "#111", "stroke-width": 1.5 }),
    s("text", { x, y: y + r * 0.4, "text-anchor": "middle", "font-size": r * 1.1, "font-weight": 700,
                fill: name === "white" ? "#111" : "#fff" }, name[0].toUpperCase()));
}

/** The kingdom of one seat as an svg; ``targets`` maps a hex name to its legal actions. */
function drawKingdom(ctx, seat, { small = false, targets = new Map() } = {}) {
  const { layout, act, local } = ctx;
  const k = seat.kingdom;
  const pos = layout.positions;
  const half = 2 * UNIT + R + 6;
  const svg = s("svg", { viewBox: `${-half} ${-half} ${2 * half} ${2 * half}`,
                         class: `wb-kingdom${small ? " small" : ""}`, "data-seat-name": seat.name });
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
                            fill, stroke: "#555", "stroke-width": 1, ...extra }));
    svg.append(g);
    return [g, x, y];
  };
  // castle
  const [castle, cx, cy] = hexAt("castle", "#d8cfbf");
  castle.append(s("text", { x: cx, y: cy + 5, "text-anchor": "middle", "font-size": 15 }, "♜"),
    s("text", { x: cx, y: cy + 19, "text-anchor": "middle", "font-size": 8, fill: "#444" }, "castle"));
  // sections
  for (const sec of k.sections) {
    const owned = sec.colour !== null;
    const fill = owned ? layout.colour_ink[sec.colour] : "#f7f7f2";
    const [g, x, y] = hexAt(sec.section, fill, owned ? {} : { "stroke-dasharray": "4 3", stroke: "#888" });
    const ink = owned && DARK.has(sec.colour) ? "#fff" : "#333";
    g.append(s("text", { x, y: y - R * 0.5, "text-anchor": "middle", "font-size": 8.5, fill: ink }, sec.section));
    if (!owned) {
      const pair = layout.borders[sec.section] || [];
      pair.forEach((c, i) => g.append(s("circle", { cx: x - 6 + 12 * i, cy: y + 2, r: 4.5,
        fill: layout.colour_ink[c], stroke: "#555", "data-term": "conquer tile", "data-tip": `${sec.section}: conquer with a ${c} tile` })));
      g.append(s("text", { x, y: y + R * 0.62, "text-anchor": "middle", "font-size": 7, fill: "#777" }, "unconquered"));
    }
    if (sec.building) g.append(building(sec.building, x, y + 3));
    g.setAttribute("data-tip", `${sec.section}: ${owned ? sec.colour : "unconquered"}${sec.building ? `, ${sec.building}` : ""}`);
  }
  // gray spaces and figures
  for (const space of layout.spaces) {
    const [g, x, y] = hexAt(space, "#8d9096");
    g.append(s("text", { x, y: y - R * 0.55, "text-anchor": "middle", "font-size": 8.5, fill: "#fff" }, space));
  }
  const byPlace = {};
  for (const name of FIGURES) {
    const where = k.figures[name];
    if (where) (byPlace[where] ||= []).push(name);
  }
  for (const [where, names] of Object.entries(byPlace)) {
    const [x, y] = pos[where].map((v) => v * UNIT);
    const r = small ? 8 : 7.5;
    names.forEach((name, i) => {
      const dx = (i - (names.length - 1) / 2) * (r * 2.1);
      const f = figure(name, x + dx, y + (where === "castle" ? -8 : 4), r);
      f.querySelector("circle").setAttribute("fill", layout.figure_ink[name]);
      svg.append(f);
    });
  }
  return svg;
}

// -- panels -------------------------------------------------------------------------------

function seasonTrack(ctx) {
  const { view, layout } = ctx;
  const obs = view.observation;
  const now = layout.seasons.indexOf(obs.season);
  const row = h("div", { class: "wb-seasons", id: "wb-seasons" });
  layout.seasons.forEach((name, i) => {
    const extra = name === "winter"
      ? (obs.winter_round ? ` · round ${obs.winter_round} of ${layout.winter_rounds}` : "")
      : ` · ${obs.season_decks[i]} card${obs.season_decks[i] === 1 ? "" : "s"} left`;
    row.append(h("div", { class: `wb-season${i === now ? " now" : i < now ? " done" : ""}`, "data-season": name, "data-term": name },
      `${cap(name)} (explore ${layout.explore_cost[i]} meat)${extra}`));
  });
  row.append(h("div", { class: "wb-season", "data-term": "favor" }, `Favor supply ${obs.favor_supply}`));
  row.append(h("div", { class: "wb-season" }, "Played this turn: ", ...ids(obs.played, "played this turn")));
  if (obs.autumn_out) row.append(h("div", { class: "wb-season now" }, "Autumn deck out: winter next"));
  return row;
}

function resources(seat) {
  const r = seat.resources;
  const res = (n, term) => h("span", { "data-term": term }, `${n} ${term}`);
  return h("span", { class: "wb-res" }, res(r.gold, "gold"), " · ", res(r.meat, "meat"), " · ",
    res(r.military, "military"), " · ", res(seat.favor, "favor"));
}

function cardButton(ctx, id, where, actions) {
  const { layout, local } = ctx;
  const c = layout.cards[id] || { name: id, type: "", text: "", uses: {} };
  const chosen = local.card === `${where}:${id}`;
  const uses = Object.values(c.uses);
  return h("button", {
    class: `wb-card${actions.length ? " playable" : ""}${chosen ? " chosen" : ""}`,
    "data-card": id, "data-where": where, disabled: !actions.length, "data-term": id,
    onclick: actions.length ? () => { local.card = chosen ? null : `${where}:${id}`; ctx.rerender(); } : null,
  }, h("span", { class: "type", "data-term": TYPE_TERM[c.type] ?? c.type }, c.type), h("div", { class: "id" }, id), h("div", {}, c.name),
  uses.length ? h("ul", {}, uses.map((u) => h("li", {}, u))) : h("div", { class: "muted" }, c.text));
}

function cardActions(legal, id) {
  return legal.filter((a) => CARD_KINDS.has(a.kind) && a.card === id);
}

function handArea(ctx, me, legal) {
  const { local, act } = ctx;
  const box = h("section", { class: "wb-hand-area", id: "wb-hand", "data-phone-focus": true });
  const groups = [["hand", "Your hand", me.hand || []], ["reserve", "Your reserve", me.reserve]];
  for (const [where, title, cards] of groups) {
    box.append(h("div", { class: "group-title", "data-term": where }, `${title} (${cards.length})`));
    const row = h("div", { class: "wb-hand" }, cards.map((id) => cardButton(ctx, id, where, cardActions(legal, id))));
    if (!cards.length) row.append(h("span", { class: "muted" }, "empty"));
    box.append(row);
    if (local.card && local.card.startsWith(`${where}:`)) {
      const id = local.card.split(":")[1];
      box.append(h("div", { class: "wb-uses", id: "wb-uses" }, h("b", {}, `${id}: `),
        cardActions(legal, id).map((a) => h("button", { class: "use", "data-card": id, onclick: () => act(a) },
          describe(a, ctx).replace(`${id}: `, ""))),
        h("button", { class: "cancel", onclick: () => { local.card = null; ctx.rerender(); } }, "Cancel")));
    }
  }
  box.append(h("p", { class: "muted" }, h("span", { "data-term": "deck" }, `Deck ${me.deck_size}`), " · ",
    h("span", { "data-term": "discard" }, `discard ${me.discard.length}`),
    ...(me.discard.length ? [" (", ...ids(me.discard, "your discard pile"), ")"] : [])));
  return box;
}

function seatFacts(ctx, seat, legal, mine) {
  const { layout, act } = ctx;
  const facts = h("dl", {});
  const add = (k, ...v) => facts.append(h("dt", {}, k), h("dd", {}, ...v));
  add("Resources", resources(seat));
  add("Spoils", seat.spoils.length ? seat.spoils.map((id) => {
    const use = legal.find((a) => a.kind === "spoils" && a.spoils === id);
    return h(use ? "button" : "span", { class: `wb-chip${use ? " playable" : ""}`, "data-spoils": id,
      "data-term": id, onclick: use ? () => act(use) : null },
    `${id} (${layout.spoils[id]?.label ?? ""})`);
  }) : "none");
  if (mine && seat.allies) {
    add("Allies", seat.allies.length ? seat.allies.map((id) => h("span", { class: "wb-chip", "data-term": id },
      `${id}: ${layout.allies[id]?.text ?? ""}`)) : "none");
  } else {
    // face down: only the colours are public, so the tooltip explains allies in general
    add("Allies", seat.ally_colours.length ? h("span", { "data-term": "ally", "data-tip": `${seat.ally_colours.length} face down` },
      seat.ally_colours.join(", ") + " (face down)") : "none");
  }
  add("House board", h("span", { "data-term": "house board" },
    seat.kingdom.rows.map((r, i) => `row ${i + 1}: ${r.settlements}/2 settlements${r.church ? ", church" : ""}`).join(" · ")));
  add("Power card", idChip(seat.power_card.id, "power card"), ": ", ...seat.power_card.powers.flatMap((p, i) => [i ? " / " : "",
    h("span", { "data-term": p }, layout.powers[p] ?? p)]),
    seat.powers_used.some(Boolean) ? ` (used in rounds ${seat.powers_used.map((u, i) => (u ? i + 1 : null)).filter(Boolean).join(", ")})` : "");
  if (seat.favor_on_card) add("Favor on card", h("span", { "data-term": "favor" }, String(seat.favor_on_card)));
  return facts;
}

function provinceBoards(ctx, legal) {
  const { view, layout, local } = ctx;
  const obs = view.observation;
  const box = h("div", { class: "wb-provinces", id: "wb-provinces" });
  for (const p of obs.provinces) {
    const acts = legal.filter((a) => !CARD_KINDS.has(a.kind) && (a.province === p.colour
      || (a.kind === "take" && a.spoils && p.spoils?.includes(a.spoils))));
    const ink = layout.colour_ink[p.colour];
    const ex = p.exploration && layout.cards[p.exploration];
    box.append(h("div", {
      class: `wb-province${acts.length ? " target clickable" : ""}`, "data-province": p.colour, style: `border-color:${ink}`,
      onclick: acts.length ? () => {
        if (acts.length === 1) ctx.act(acts[0]);
        else { local.filter = p.colour; ctx.rerender(); }
      } : null,
    },
    h("header", { style: `background:${ink};color:${p.colour === "yellow" ? "#222" : "#fff"}`, "data-term": p.name }, `${p.name} (${p.colour})`),
    h("div", { class: "body" },
      h("p", {}, h("b", { "data-term": "ally" }, "Ally: "), p.ally ? h("span", { "data-term": p.ally, "data-tip": `The top ally of ${p.name}` },
        `${p.ally} — ${layout.allies[p.ally]?.text ?? ""}`) : "none", ` (${p.allies_left} allies left)`),
      h("p", { "data-term": "conquer tile" }, h("b", {}, "Conquer tiles: "), String(p.conquer_tiles)),
      h("p", {}, h("b", { "data-term": "spoils" }, "Spoils: "), p.spoils === null ? h("span", { "data-term": "spoils" }, `${p.spoils_count} face down`)
        : p.spoils.length ? p.spoils.map((id) => h("span", { class: "wb-chip", "data-term": id }, `${id} (${layout.spoils[id]?.label ?? ""})`)) : "none"),
      h("p", { "data-term": p.exploration, "data-tip": `The exploration card of ${p.name}` }, h("b", { "data-term": "exploration card" }, "Exploration: "),
        ex ? `${p.exploration} ${ex.name} (${ex.type}) — ${ex.text}` : "empty"))));
  }
  return box;
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
    h("h3", { style: "margin:.1rem 0" }, h("span", { "data-term": "Balaur" }, "The Balaur"), " (",
      h("span", { "data-term": b.difficulty }, b.difficulty), ")"),
    h("p", {}, h("b", {}, "Board: "), b.board.map((id, i) => h("span", { class: "wb-bslot",
      style: `background:${layout.colour_ink[layout.colours[i]]}${layout.colours[i] === "yellow" ? ";color:#222" : ""}`,
      "data-term": id ?? "Balaur", "data-tip": `The Balaur's ${layout.colours[i]} province hex` }, `${layout.colours[i]}: ${id ?? "—"}`))),
    h("p", {}, h("b", {}, "Deck: "), `${b.deck_size} cards · `, h("b", {}, "Score pile: "), ...(b.pile.length ? ids(b.pile, "the Balaur's score pile") : ["empty"])),
    h("p", {}, h("b", { "data-term": "objective" }, "Objectives: ")),
    h("ul", {}, b.objectives.map((o) => h("li", { "data-term": `objective ${o.letter}` }, `${o.letter} (${o.vp} VP): ${o.text}`))),
    b.score !== null ? h("p", { id: "wb-balaur-score" }, h("b", {}, `Balaur score: ${b.score}`)) : "");
}

function otherSeats(ctx, legal) {
  const { view } = ctx;
  const obs = view.observation;
  const row = h("div", { class: "wb-row", id: "wb-others" });
  obs.seats.forEach((seat, i) => {
    if (i === view.seat) return;
    row.append(h("div", { class: `wb-seat${obs.to_move.includes(i) ? " to-move" : ""}`, "data-seat": i },
      drawKingdom(ctx, seat, { small: true }),
      h("div", {}, h("b", {}, seat.name), obs.first_player === i ? h("span", { "data-term": "first_player" }, " (first player)") : "",
        h("p", {}, h("span", { "data-term": "hand" }, `Hand ${seat.hand_size}`), " · ", h("span", { "data-term": "deck" }, `deck ${seat.deck_size}`),
          " · ", h("span", { "data-term": "discard" }, `discard ${seat.discard.length}`),
          ...(seat.discard.length ? [" (", ...ids(seat.discard, `${seat.name}'s discard pile`), ")"] : [])),
        h("p", {}, h("span", { "data-term": "reserve" }, "Reserve: "), ...ids(seat.reserve, `${seat.name}'s reserve`)),
        seatFacts(ctx, seat, view.seat === i ? legal : [], false))));
  });
  return row;
}

// -- render -------------------------------------------------------------------------------

export function render(ctx) {
  ensureStyle();
  const { view, board, choices, act, local } = ctx;
  ctx.rerender = () => render(ctx);
  choices.replaceChildren();  // a local redraw (a card chosen) starts from an empty panel
  const obs = view.observation;
  const legal = view.legal.map((l) => l.action);
  if (local.card && !legal.some((a) => CARD_KINDS.has(a.kind) && a.card === local.card.split(":")[1])) local.card = null;
  if (local.filter && local.version !== view.version) local.filter = null;
  local.version = view.version;

  const me = view.seat !== null ? obs.seats[view.seat] : null;
  const parts = [seasonTrack(ctx)];
  if (me) {
    parts.push(h("div", { class: "wb-row" },
      h("div", {}, drawKingdom(ctx, me, { targets: kingdomTargets(legal) }),
        h("p", { class: "wb-legend" }, "Figures on the gray spaces: S shaman (blue), E explorer (green), W warrior (red), ",
          "white meeple. Coloured sections are yours; dashed ones are unconquered (dots: the two colours a conquer may use). ",
          "House shape: settlement; with a cross: church. Characters move clockwise.")),
      h("div", { class: "wb-me", id: "wb-me" }, h("h3", { style: "margin:.2rem 0" }, `${me.name} (you)`),
        seatFacts(ctx, me, legal, true))));
    parts.push(handArea(ctx, me, legal));
  }
  if (obs.balaur) parts.push(balaurPanel(ctx));
  parts.push(h("h3", { style: "margin:.5rem 0 .2rem" }, "Province boards"), provinceBoards(ctx, legal));
  if (obs.seats.length > (me ? 1 : 0)) parts.push(h("h3", { style: "margin:.5rem 0 .2rem" }, me ? "Other players" : "Players"), otherSeats(ctx, legal));
  board.replaceChildren(...parts);

  // the decision and every legal action that is not made on a card
  const d = obs.decision;
  if (d) {
    const who = d.seat === view.seat ? "You" : obs.players[d.seat];
    choices.append(h("p", { class: "wb-prompt", id: "wb-prompt" }, `${who}: ${d.prompt}`));
  }
  if (legal.some((a) => CARD_KINDS.has(a.kind))) {
    choices.append(h("p", { class: "muted" }, "Click a highlighted card of your hand or reserve to see its uses."));
  }
  const shown = legal.filter((a) => !CARD_KINDS.has(a.kind) && (!local.filter
    || [a.space, a.section, a.from, a.province].includes(local.filter)
    || obs.provinces.some((p) => p.colour === local.filter && a.spoils && p.spoils?.includes(a.spoils))));
  if (local.filter) {
    choices.append(h("p", {}, `For ${local.filter}: `,
      h("button", { onclick: () => { local.filter = null; ctx.rerender(); } }, "Show all")));
  }
  for (const a of shown) {
    choices.append(h("button", { class: "act", "data-kind": a.kind, onclick: () => act(a) }, describe(a, ctx)));
  }
  if (view.over) {
    // the end screen's numbers (view.breakdown), one line per seat, then the verdict
    const lines = [...(view.breakdown ? breakdownLines(view) : []), ...endNotes(view)];
    choices.append(h("ul", { id: "wb-result" }, lines.map((l) => h("li", {}, l))));
  }
}
