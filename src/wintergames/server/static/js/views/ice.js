// ICE: the layered ice board seen from above, your guild board, Snow tiles and Requests,
// the Decrees and the Sunset row, every other guild board.
//
// The board is painted bottom up: Azulia's districts, the Deep layer with its frame of
// edges, the Surface layer with its edges, the Snow layer. Every tile is opaque, so each
// point shows the uppermost piece lying there, as on the table; deeper layers are darker.
// Pieces are drawn on the part of a place that still shows. A place you can act on gets an
// orange ring: a click sends its action (or, with several, lists them in "Your move").
// Every legal action is also a button there. All text goes in as text nodes (h/s).
// The prompt is the observation's own when it has one, else read off the legal actions.
import { breakdownLines } from "../breakdown.js";
import { h, s, SEAT_COLOURS } from "../dom.js";

const S = 100;  // svg units per tile unit (neighbouring tile centres are 1 apart)
const PLACE_KINDS = new Set(["move", "fluent", "camp", "recruit", "sail", "put", "nourish"]);
const LAYER_FILL = { 1: "#3f6f96", 2: "#7fa9cb" };
const EDGE_FILL = { 1: "#5b5f66", 2: "#8a8f96" };
const SNOW_FILL = { clear: "#f7fbfe", tunnel: "#e3edf6", rift: "#eef4fa", nunatak: "#c9d3dc",
                    encampment: "#fff1cf" };
const BACK_LABEL = { clear: "clear", tunnel: "tunnel", rift: "rift", nunatak: "nunatak",
                     encampment: "Encampment" };
const DISTRICT_FILL = ["#16324a", "#1b3a55", "#15304a", "#1d3d59", "#172f47", "#1a3852", "#143049"];
const cap = (t) => String(t).charAt(0).toUpperCase() + String(t).slice(1);
// The help term a guild board's line explains (the tooltips, data-term).
const FACT_TERM = { EP: "EP", "RP tokens": "RP", "Leader / Camp": "leader", "Trigger slot": "trigger", Activation: "activate",
                    Grappling: "grapple", "On the board": "nourisher", "Ship's Hold": "ship's-hold", Validated: "validate", "In hand": "snow" };
const chip = (term, text, tip) => h("span", { "data-term": term, "data-tip": tip }, text);


function ensureStyle() {
  if (document.getElementById("ice-style")) return;
  document.head.append(h("link", { id: "ice-style", rel: "stylesheet",
                                  href: new URL("./ice.css", import.meta.url).href }));
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

function describe(a, layout) {
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
    case "play": return `Play ${tileName(layout, a.tile)}`;
    case "drop": return `Discard ${tileName(layout, a.tile)} (hand limit 3)`;
    case "trigger": return `Trigger ${a.type}: ${layout.glossary[`type:${a.type}`] ?? ""}`;
    case "slot": return `Into the ${a.type} slot`;
    case "choose": return `Choose ${a.type}`;
    case "take": return `Take ${a.card}: ${layout.requests[a.card]?.text ?? ""}`;
    case "discard": return `Discard ${a.card}`;
    case "validate": return `Validate ${a.card}: ${layout.requests[a.card]?.text ?? ""}`;
    case "pay": return a.item.startsWith("study-") ? `Pay with your ${a.item.slice(6)} Study token`
      : `Pay with ${tileName(layout, a.item)}`;
    case "sell": return `Sell ${tileName(layout, a.tile)} for 2 RP`;
    case "buy": return `Buy ${tileName(layout, a.tile)} for 1 RP`;
    case "shift": return `Move ${tileName(layout, a.tile)} to another slot`;
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

function pieceAt(kind, v, x, y, place, layout, obs) {
  if (kind === "name") {
    const ink = place.kind === "district" ? "#bcd6ec" : "#eef1f3";
    return s("text", { x, y: y + 5, "text-anchor": "middle", "font-size": 13, "font-weight": 600, fill: ink }, place.name);
  }
  if (kind === "tile") {
    // a pill in the Artifact type's colour: the place's name and the type's letter
    const dark = v === "prismatic" || v === "exalted";
    const letter = v === "prismatic" ? "✦" : v[0].toUpperCase();
    return s("g", { "data-type": v },
      s("rect", { x: x - 26, y: y - 10, width: 52, height: 20, rx: 10, fill: layout.type_ink[v], stroke: "#10202e", "stroke-width": 1.5 }),
      s("text", { x, y: y + 5, "text-anchor": "middle", "font-size": 13, "font-weight": 700, fill: dark ? "#222" : "#fff" },
        `${place.name} ${letter}`));
  }
  if (kind === "camp") {
    const colour = v < 0 ? "#ffffff" : SEAT_COLOURS[v % SEAT_COLOURS.length];
    return s("path", { d: `M${x - 10} ${y + 9} L${x} ${y - 10} L${x + 10} ${y + 9} Z`, fill: colour,
                       stroke: "#111", "stroke-width": 2, "data-camp": v < 0 ? "white" : v + 1 },
      s("title", {}, v < 0 ? "a White Camp" : `${obs.seats[v].name}'s Camp`));
  }
  if (kind === "leader") {
    return s("g", { "data-leader": v + 1 },
      s("circle", { cx: x, cy: y, r: 11, fill: SEAT_COLOURS[v % SEAT_COLOURS.length], stroke: "#111", "stroke-width": 2 }),
      s("text", { x, y: y + 5, "text-anchor": "middle", "font-size": 14, "font-weight": 700, fill: "#fff" }, String(v + 1)));
  }
  return s("g", { "data-archaeologists": v },
    s("rect", { x: x - 10, y: y - 10, width: 20, height: 20, rx: 6, fill: "#c9a36a", stroke: "#5a3d12", "stroke-width": 2 }),
    s("text", { x, y: y + 5, "text-anchor": "middle", "font-size": 14, "font-weight": 700, fill: "#2b1a04" }, String(v)));
}

/** What a place's tooltip explains: an edge, a Snow tile by its back, an Artifact by its
 *  type (what shows through the ice), never a tile's hidden face; and a line about it. */
function placeTerm(p, e) {
  if (p.kind === "district") return ["azulia", `${p.name}: a district of Azulia, the city at the bottom`];
  if (p.kind === "edge") return ["edge", `${p.name}: the board's edge (explorers may stand here)`];
  if (!e.tile) return ["place", `${p.name}: an empty place`];
  if (e.tile.layer === "snow") return [e.tile.back, `${p.name}: a Snow tile with a ${BACK_LABEL[e.tile.back]} back`];
  return [e.tile.type, `${p.name}: a ${cap(e.tile.layer)} Artifact, ${e.tile.type}, Anima ${e.tile.anima}`];
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

  // Azulia: the districts' cells, their white outlines, the 1 RP icons.
  const districts = layout.places.filter((p) => p.kind === "district");
  const cellOwner = new Map();
  districts.forEach((d, i) => d.cells.forEach(([x, y]) => cellOwner.set(`${Math.round(x * 20)},${Math.round(y * 20)}`, i)));
  const azulia = s("g", { class: "azulia" });
  districts.forEach((d, i) => {
    const g = s("g", { class: `place${targets.has(d.name) ? " clickable" : ""}`, "data-place": d.name, onclick: click(d.name),
                       "data-term": "azulia", "data-tip": `${d.name}: a district of Azulia, the city at the bottom` });
    for (const [cx, cy] of d.cells) {
      g.append(s("polygon", { points: hexPoints(cx * S, cy * S, R), fill: DISTRICT_FILL[i % DISTRICT_FILL.length],
                              stroke: DISTRICT_FILL[i % DISTRICT_FILL.length], "stroke-width": 1 }));
    }
    azulia.append(g);
  });
  for (const d of districts) {  // white lines between districts
    for (const [cx, cy] of d.cells) {
      for (const [dx, dy] of layout.sides) {
        const key = `${Math.round((cx + dx) * 20)},${Math.round((cy + dy) * 20)}`;
        if (cellOwner.get(key) === cellOwner.get(`${Math.round(cx * 20)},${Math.round(cy * 20)}`)) continue;
        const [x1, y1, x2, y2] = sideSegment(cx * S, cy * S, R, dx, dy);
        azulia.append(s("line", { x1, y1, x2, y2, stroke: "#e8f2fb", "stroke-width": 3, "stroke-linecap": "round",
                                  "pointer-events": "none" }));
      }
    }
  }
  for (const icon of layout.icons) {
    const open = icon.under.every((p) => !present.has(p));
    const [x, y] = icon.at.map((v) => v * S);
    azulia.append(s("g", { class: "icon", "pointer-events": "none" },
      s("circle", { cx: x, cy: y, r: 17, fill: open ? "#5d6b78" : "#f0c040", stroke: "#7a5a00", "stroke-width": 2 }),
      s("text", { x, y: y + 6, "text-anchor": "middle", "font-size": 15, "font-weight": 700, fill: open ? "#ccc" : "#3a2a00" }, "1RP")));
  }
  svg.append(azulia);

  // The layers, bottom up.
  for (const level of [1, 2, 3]) {
    const g = s("g", { class: `layer layer-${level}` });
    for (const p of layout.places) {
      if (p.level !== level) continue;
      const e = entries.get(p.name);
      if (p.kind === "tile" && !e.tile) continue;  // excavated or collapsed: what lies below shows
      const x = p.x * S;
      const y = p.y * S;
      const [term, tip] = placeTerm(p, e);  // the tooltip: what shows of the tile, never its face
      const pg = s("g", { class: `place${targets.has(p.name) ? " clickable" : ""}`, "data-place": p.name,
                          onclick: click(p.name), "data-term": term, "data-tip": tip });
      const fill = p.kind === "edge" ? EDGE_FILL[level] : e.tile.layer === "snow" ? SNOW_FILL[e.tile.back] : LAYER_FILL[level];
      pg.append(s("polygon", { points: hexPoints(x, y, R - 1), fill, stroke: e.tile?.layer === "snow" ? "#9db4c8" : "#22384d",
                               "stroke-width": 2 }));
      if (e.tile?.layer === "snow") {
        const label = BACK_LABEL[e.tile.back];
        pg.append(s("text", { x, y: y - 26, "text-anchor": "middle", "font-size": 15, "font-weight": 600, fill: "#27425c" }, p.name),
          s("text", { x, y: y + 42, "text-anchor": "middle", "font-size": label.length > 8 ? 10 : 12, fill: "#5d768c" }, label));
      }
      g.append(pg);
      if (e.rift_axis !== undefined) {
        for (const k of [e.rift_axis, e.rift_axis + 3]) {
          const [dx, dy] = layout.sides[k];
          const [x1, y1, x2, y2] = sideSegment(x, y, R - 3, dx, dy);
          g.append(s("line", { x1, y1, x2, y2, stroke: "#c0392b", "stroke-width": 7, "stroke-linecap": "round",
                               class: "rift", "pointer-events": "none" }));
        }
      }
    }
    svg.append(g);
  }

  // On the part of each place that shows, one line: (below the Snow layer) its name and
  // an Artifact's type, then the pieces: Camps, Leaders in seat colours, Archaeologists.
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
    // A small cluster on the part that shows: the place's label, the pieces under it
    // (rows of 4 at most).
    const [ax, ay] = anchor(p, present);
    const g = s("g", { class: "on", "data-on": p.name });
    const rows = [];
    for (let i = 0; i < items.length; i += 4) rows.push(items.slice(i, i + 4));
    const lines = (label ? 1 : 0) + rows.length;
    let y = ay - ((lines - 1) * 23) / 2 + (snow ? 6 : 0);
    if (label) {
      g.append(pieceAt(label[0], label[1], ax, y, p, layout, obs));
      y += 23;
    }
    for (const row of rows) {
      row.forEach(([kind, v], j) => g.append(pieceAt(kind, v, ax + (j - (row.length - 1) / 2) * 23, y, p, layout, obs)));
      y += 23;
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
      rings.append(s("polygon", { points: hexPoints(p.x * S, p.y * S, R - 2), fill: "rgba(255,255,255,.12)", stroke: "#ff9800",
                                  "stroke-width": 3, "stroke-dasharray": "8 5", "pointer-events": "none" }),
        s("text", { x: ax, y: ay - 32, "text-anchor": "middle", "font-size": 14, "font-weight": 700, fill: "#7a4300",
                    "pointer-events": "none" }, name));
    }
    rings.append(s("circle", { class: `ring${local.place === name ? " chosen" : ""}`, cx: ax, cy: ay, r: 25,
                               "data-place": name, onclick: click(name), "data-term": placeTerm(p, entries.get(name))[0],
                               "data-tip": acts.map((a) => describe(a, layout)).join(" / ") }));
  }
  svg.append(rings);
  return svg;
}

// -- panels -------------------------------------------------------------------------------

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
    row.append(h("span", { class: "ice-pill now", id: "ice-turn", "data-term": "EP" },
      `${obs.seats[p].name} to move · ${obs.seats[p].ep} EP left · ${obs.spent_this_turn} spent this turn (max ${obs.overwork ? 3 : 2})`));
    row.append(h("span", { class: "ice-pill", "data-term": done.length ? "sunset" : "exploration" },
      done.length ? `Sunset: ${done.join(", ")}` : "Exploration"));
  }
  row.append(h("span", { class: "ice-pill", "data-term": "archaeologist" }, `Pool: ${obs.archaeologists_in_pool} Archaeologists`));
  row.append(h("span", { class: "ice-pill", "data-term": "request" }, `Requests in deck: ${obs.request_deck}`));
  if (obs.logbook.length || obs.logbook_deck) {  // the Logbook cards revealed so far, each explained by its tooltip
    row.append(h("span", { class: "ice-pill", id: "ice-logbook" }, chip("logbook", "Logbook"), `: ${obs.logbook_deck} left`,
      ...obs.logbook.flatMap((id) => [" · ", chip(id, id, "A revealed Logbook card")])));
  }
  if (obs.curse_tokens) {
    const marks = obs.curse_tokens.map((n, i) => {
      const here = obs.seats.map((st, p) => (st.curse === i ? p + 1 : null)).filter((x) => x !== null);
      return `${i}${n ? (i > 7 ? "d" : "l").repeat(n) : ""}${here.length ? `[${here.join(",")}]` : ""}`;
    });
    row.append(h("span", { class: "ice-pill", id: "ice-curse", "data-term": "curse", "data-tip": "l/d: light/dark Curse tokens; [n]: Player n's marker" },
      `Curse track: ${marks.join(" ")}`));
  }
  return row;
}

function artChip(layout, a) {
  const label = a.id ? a.id : `${a.type} ${a.layer} (unseen)`;
  const shape = a.shape ? ` shape ${a.shape}` : "";
  const ink = a.type === "prismatic" || a.type === "exalted" ? "#222" : "#fff";
  return h("span", { class: `ice-art${a.face_down ? " down" : ""}`, style: `background:${layout.type_ink[a.type]};color:${ink}`,
                     "data-term": a.id ?? a.type,  // an unseen face-down Artifact: only its type is public
                     "data-tip": `${a.id ? "" : "A face-down Artifact: "}${a.type}, Anima ${a.anima}${shape}${a.face_down ? ", face down (used today)" : ""}` },
    `${label} ${"•".repeat(a.anima)}`);
}

function guildBoard(ctx, p, mine, legal = []) {
  const { view, layout, act } = ctx;
  const obs = view.observation;
  const st = obs.seats[p];
  const g = layout.guilds[st.guild];
  const colour = SEAT_COLOURS[p % SEAT_COLOURS.length];
  const facts = h("dl", {});
  const add = (k, ...v) => facts.append(h("dt", { "data-term": FACT_TERM[k] }, k), h("dd", {}, ...v));
  const pips = h("span", { class: "ice-ep", "data-term": "EP", "data-tip": `${st.ep} EP` });
  for (let i = 0; i < layout.ep_max; i += 1) pips.append(h("i", { class: i < st.ep ? "on" : "" }));
  add("EP", pips, ` ${st.ep}`);
  add("RP tokens", String(st.rp_tokens), st.planning ? " · Planning token" : "", st.fluent_moves ? ` · Fluent Move ×${st.fluent_moves}` : "");
  add("Leader / Camp", `${st.leader ?? "off the board"} / ${st.camp ?? "in supply"}`);
  if (st.trigger !== "none") add("Trigger slot", st.trigger);
  if (st.activation !== undefined) add("Activation", st.activation);
  if (st.grappling !== undefined) add("Grappling", String(st.grappling));
  if (st.guild_archaeologists !== undefined) add("On the board", `${st.guild_archaeologists} Archaeologists`);
  const slots = h("div", { class: "ice-slots" }, layout.types.map((t) => {
    // A click on a slot triggers its effect, or (a Prismatic, a Study token) chooses it.
    const acts = mine ? legal.filter((a) => ["trigger", "slot", "choose"].includes(a.kind) && a.type === t) : [];
    const study = st.study[t];
    return h("div", {
      class: `ice-slot${st.used_today.includes(t) ? " used" : ""}${acts.length === 1 ? " playable" : ""}`,
      style: `border-color:${layout.type_ink[t]}`, "data-slot": t, "data-term": t,
      "data-tip": `${st.name}'s ${cap(t)} slot${acts.length === 1 ? ` — click: ${describe(acts[0], layout)}` : ""}`,
      onclick: acts.length === 1 ? () => act(acts[0]) : null,
    },
    h("span", { class: "t", style: `color:${layout.type_ink[t]}` }, cap(t),
      study !== "none" ? h("span", { class: `ice-study${study === "flipped" ? " flipped" : ""}`, "data-term": "study-token",
        "data-tip": study === "flipped" ? "Flipped (paid a Request)" : `1 Anima of ${t}` }, "Study") : ""),
    st.slots[t].map((a) => artChip(layout, a)));
  }));
  add("Ship's Hold", st.ship_hold.length ? st.ship_hold.map((a) => artChip(layout, a)) : "empty");
  add("Validated", st.validated.length ? st.validated.flatMap((v, i) => [i ? ", " : "", chip(v.card, `${v.card} (Day ${v.day}, ${v.rp} RP)`)]) : "none",
    st.second_request_bonuses ? ` · ${st.second_request_bonuses} second-Request bonus` : "");
  // others' Snow tiles by their backs only (all anyone may know of them)
  add("In hand", `${st.snow_tiles} Snow tile${st.snow_tiles === 1 ? "" : "s"}`, ...(st.snow_backs.length ? [" (",
    ...st.snow_backs.flatMap((b, i) => [i ? ", " : "", chip(b, b, "A Snow tile's back")]), ")"] : []), " · ",
  chip("request", `${st.requests} Request${st.requests === 1 ? "" : "s"}`));
  return h("div", { class: `ice-guild${obs.to_move.includes(p) ? " to-move" : ""}`, style: `border-color:${colour}`,
                    "data-seat": p, id: mine ? "ice-me" : null },
    h("h3", { style: `color:${colour}` }, `${st.name}${mine ? " (you)" : ""} — `, chip(st.guild, g?.name ?? st.guild_name, "Guild board"),
      " (", chip(g?.leader ?? st.guild, g?.leader ?? "", "Expedition Leader"), ")",
      obs.first_player === p ? h("span", { class: "muted" }, " · first player") : "",
      st.finished_today ? h("span", { class: "muted" }, " · day over") : ""),
    h("div", { class: "muted", "data-term": st.guild }, g?.short ?? ""),
    slots, facts);
}

function cardsFor(legal, field, id) {
  return legal.filter((a) => a[field] === id && !PLACE_KINDS.has(a.kind));
}

function handArea(ctx, me, legal) {
  const { layout, local, act } = ctx;
  const box = h("section", { id: "ice-hand" });
  const snow = h("div", { class: "ice-cards" });
  for (const t of me.hand || []) {
    const acts = cardsFor(legal, "tile", t.id);
    const f = layout.fronts[t.id] || { name: t.front };
    snow.append(h("button", {
      class: `ice-card snow${acts.length ? " playable" : ""}${local.card === t.id ? " chosen" : ""}`, "data-tile": t.id, "data-term": t.id,
      disabled: !acts.length, onclick: acts.length ? () => { local.card = local.card === t.id ? null : t.id; ctx.rerender(); } : null,
    }, h("span", { class: "kind", "data-term": t.back }, `${t.back} back`), h("div", { class: "id" }, `${f.name}${t.talisman ? ` (${t.talisman})` : ""}`),
    h("div", {}, layout.glossary[`front:${t.front}`] ?? ""), h("div", { class: "muted" }, t.id)));
  }
  if (!(me.hand || []).length) snow.append(h("span", { class: "muted" }, "none"));
  const reqs = h("div", { class: "ice-cards" });
  for (const id of me.request_cards || []) {
    const acts = cardsFor(legal, "card", id);
    const r = layout.requests[id];
    reqs.append(h("button", {
      class: `ice-card${acts.length ? " playable" : ""}${local.card === id ? " chosen" : ""}`, "data-request": id, "data-term": id,
      disabled: !acts.length, onclick: acts.length ? () => { local.card = local.card === id ? null : id; ctx.rerender(); } : null,
    }, h("span", { class: "kind", "data-term": r?.kind }, r?.kind ?? ""), h("div", { class: "id" }, id), h("div", {}, r?.text ?? "")));
  }
  if (!(me.request_cards || []).length) reqs.append(h("span", { class: "muted" }, "none"));
  box.append(h("h3", { class: "ice-section-title", "data-term": "snow" }, "Your Snow tiles"), snow,
    h("h3", { class: "ice-section-title", "data-term": "request" }, "Your Requests"), reqs);
  if (local.card) {
    const acts = [...cardsFor(legal, "tile", local.card), ...cardsFor(legal, "card", local.card)];
    box.append(h("div", { class: "ice-uses", id: "ice-uses" }, h("b", {}, `${local.card}: `),
      acts.map((a) => h("button", { class: "use", onclick: () => act(a) }, describe(a, layout))),
      h("button", { class: "cancel", onclick: () => { local.card = null; ctx.rerender(); } }, "Cancel")));
  }
  return box;
}

function tablePanels(ctx, legal) {
  const { view, layout, act } = ctx;
  const obs = view.observation;
  const box = h("div", { class: "ice-row" });
  box.append(h("div", { style: "flex:1;min-width:18rem", id: "ice-decrees" }, h("h3", { class: "ice-section-title", "data-term": "decree" }, "Decrees"),
    h("div", { class: "ice-cards" }, obs.decrees.map((id) => h("div", { class: "ice-card", "data-decree": id, "data-term": id },
      h("div", { class: "id" }, id), h("div", {}, layout.decrees[id] ?? ""))))));
  if (obs.row.length) {
    box.append(h("div", { style: "flex:1;min-width:18rem", id: "ice-row" }, h("h3", { class: "ice-section-title", "data-term": "row" }, "Sunset row"),
      h("div", { class: "ice-cards" }, obs.row.map((id) => {
        const take = legal.find((a) => a.kind === "take" && a.card === id);
        return h("button", { class: `ice-card${take ? " playable" : ""}`, "data-row": id, disabled: !take, "data-term": id,
                             onclick: take ? () => act(take) : null },
          h("span", { class: "kind" }, layout.requests[id]?.kind ?? ""), h("div", { class: "id" }, id),
          h("div", {}, layout.requests[id]?.text ?? ""));
      }))));
  }
  return box;
}

const LEGEND = "Seen from above: white hexes are Snow tiles (the top layer), blue ones Artifacts of the Surface, "
  + "darker blue the Deep, grey the board's edges (a frame explorers may stand on), navy Azulia's districts at the bottom. "
  + "Each tile hides a third of each of the three it rests on. An Artifact's label shows its place and type (H harmony, "
  + "E exalted, A achievement, P philosophical, O obliteration, ✦ prismatic; Surface ones have 1 Anima, Deep ones 2). "
  + "Red bars: a Rift's sides, never crossed. "
  + "Brown squares count Archaeologists, numbered discs are Leaders, triangles Camps (white: a White Camp). "
  + "Gold 1RP: an Azulia icon still covered. Orange rings: places you can act on.";

// -- render -------------------------------------------------------------------------------

export function render(ctx) {
  ensureStyle();
  const { view, layout, board, choices, act, local } = ctx;
  ctx.rerender = () => render(ctx);
  choices.replaceChildren();
  const obs = view.observation;
  const legal = view.legal.map((l) => l.action);
  if (local.version !== view.version) { local.place = null; local.card = null; }
  local.version = view.version;

  const svg = drawBoard(ctx, legal);
  const parts = [topLine(ctx), svg, h("p", { class: "ice-legend" }, LEGEND)];
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
    choices.append(h("button", { class: "act", "data-kind": a.kind, onclick: () => act(a) }, describe(a, layout)));
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
