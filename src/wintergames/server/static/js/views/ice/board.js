// ICE's layered board seen from above, painted bottom up: Azulia's districts, the Deep
// layer with its frame of edges, the Surface layer with its edges, the Snow layer. Every
// tile is opaque and casts a shadow on the layer below; Leaders, Camps and Archaeologists
// stand on the part of a place that still shows; a place you can act on gets an orange
// ring. And the legend under it, each kind of thing drawn as it is drawn there.
import { h, s } from "../../dom.js";
import { icon, useIcon } from "../../icons.js";
import { explained, PLACE_KINDS } from "./actions.js";
import { DISTRICT_FILL, EDGE_FILL, INK, LAYER_FILL, LIGHT, PIECE, seatColourOf, SNOW_FILL } from "./inks.js";
import { BACK_LABEL, cap, typeIcon } from "./names.js";

export const S = 100;  // svg units per tile unit (neighbouring tile centres are 1 apart)

export function hexPoints(x, y, r) {
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
/** A view's board place by place, from its three lists in the layout's place order: each
 *  place's name, level and kind, its tile's public face (the layout's `tile_faces`), a
 *  Rift tile's axis, its Archaeologists. A Map by place name. */
export function boardEntries(obs, layout) {
  // A replay stored before the board became lists lists its places as these entries.
  if (Array.isArray(obs.board)) return new Map(obs.board.map((e) => [e.place, e]));
  const { tiles, rift_axis: rifts, archaeologists } = obs.board;
  return new Map(layout.places.map((p, i) => {
    const e = { place: p.name, level: p.level, kind: p.kind };
    if (tiles[i] !== null) {
      e.tile = layout.tile_faces[tiles[i]];
      if (rifts[i] !== null) e.rift_axis = rifts[i];
    }
    if (archaeologists[i]) e.archaeologists = archaeologists[i];
    return [p.name, e];
  }));
}

/** The places that hold a tile, and the board's edge: what hides a place below. */
export function presentPlaces(entries) {
  return new Set([...entries.values()].filter((e) => e.tile || e.kind === "edge").map((e) => e.place));
}

export function anchorOf(place, present, icons) {
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

// A place's name is the board's quietest text: small and plain, in an ink that reads at AA on
// what it lies on, never over a piece (the log names places by it, the tooltip names each).
const NAME = { "text-anchor": "middle", "font-size": 10, "font-weight": 400, class: "place-name" };

/** The ink of a place's name: the muted ink on the pale Snow tiles (the darker Nunatak keeps
 *  its own label ink, the muted one falls short of AA there), the layer's label ink below. */
function nameInk(place, back = null) {
  if (back) return back === "nunatak" ? INK["snow-label"] : LIGHT.muted;
  return place.kind === "district" ? INK["district-label"] : INK[`label-${place.level}`];
}

function placeName(place, x, y, back = null) {
  return s("text", { ...NAME, x, y, fill: nameInk(place, back) }, place.name);
}

export function pieceAt(kind, v, x, y, place, obs) {
  if (kind === "name") return placeName(place, x, y + 4);  // an edge's or an empty place's name
  if (kind === "tile") {
    // the Artifact's type glyph, the place's name above it when no piece stands there
    return s("g", { "data-type": v.type }, v.named ? placeName(place, x, y - 18) : "",
      useIcon(typeIcon(v.type), x, y, 28, { class: "artifact" }));
  }
  if (kind === "camp") {
    const white = v < 0;
    return s("g", { "data-camp": white ? "white" : v + 1 },
      s("title", {}, white ? "a White Camp" : `${obs.seats[v].name}'s Camp`),
      useIcon(white ? "ice-white-camp" : "ice-camp", x, y, 22, white ? {} : { color: seatColourOf(v) }));
  }
  if (kind === "leader") {
    return s("g", { "data-leader": v + 1 },
      s("title", {}, `${obs.seats[v].name}'s Leader`),
      useIcon("ice-leader", x, y, 24, { color: seatColourOf(v) }));
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

export function drawBoard(ctx, legal) {
  const { layout, view, act, local } = ctx;
  const obs = view.observation;
  const R = layout.hex_radius * S;
  const entries = boardEntries(obs, layout);
  const present = presentPlaces(entries);
  const targets = placeTargets(legal);
  const icons = Object.fromEntries(layout.icons.map((i) => [i.district, i.at]));
  const anchor = (p, shown) => anchorOf(p, shown, icons);
  // data-phone-focus: the board is what ICE is played on: in sight on a phone as your move begins
  const svg = s("svg", { viewBox: "-470 -425 940 850", class: "ice-board", id: "ice-board", "data-phone-focus": true,
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
        pg.append(placeName(p, x, y - 33, e.tile.back),
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
  const spots = [];  // where each piece stands (a neighbour's name must not lie under it)
  for (const p of layout.places) {
    const e = entries.get(p.name);
    if (p.kind === "tile" && !e.tile) continue;
    let label = null;
    const snow = e.tile?.layer === "snow";
    const open = !p.thirds.length || p.thirds.some((t) => t.over === null || !present.has(t.over));
    if (!open) continue;  // out of sight under the layer above
    const items = [];
    for (const c of camps.get(p.name) || []) items.push(["camp", c]);
    for (const l of leaders.get(p.name) || []) items.push(["leader", l]);
    if (e.archaeologists) items.push(["arch", e.archaeologists]);
    // below the Snow: an Artifact's glyph (named when nothing stands on it), or the place's
    // name where nothing stands (a piece there would cover it; its tooltip names it)
    if (!snow && e.tile) label = ["tile", { type: e.tile.type, named: !items.length }];
    else if (!snow && !items.length) label = ["name", null];
    if (!label && !items.length) continue;
    const [ax, ay] = anchor(p, present);
    const g = s("g", { class: "on", "data-on": p.name });
    const rows = [];
    for (let i = 0; i < items.length; i += 3) rows.push(items.slice(i, i + 3));
    const tall = label?.[0] === "tile" ? 34 : label ? 16 : 0;
    const height = (label ? tall : 0) + rows.length * 26;
    let y = ay - height / 2 + (snow ? 0 : 0);
    if (label) {
      g.append(pieceAt(label[0], label[1], ax, y + tall / 2 + (label[0] === "tile" ? 6 : 0), p, obs));
      y += tall;
    }
    for (const row of rows) {
      row.forEach(([kind, v], j) => {
        const px = ax + (j - (row.length - 1) / 2) * 27;
        spots.push([px, y + 13]);
        g.append(pieceAt(kind, v, px, y + 13, p, obs));
      });
      y += 26;
    }
    pieces.append(g);
  }
  svg.append(pieces);
  unhideNames(svg, spots);

  // Rings on the places you can act on (on top, so a click always reaches them).
  const rings = s("g", { class: "rings" });
  for (const [name, acts] of targets) {
    const p = layout.places.find((q) => q.name === name);
    const [ax, ay] = anchor(p, present);
    if (p.kind === "tile" && !entries.get(name).tile) {
      // an empty slot (a Snow tile put back there): its outline and name
      rings.append(s("polygon", { points: hexPoints(p.x * S, p.y * S, R - 2), fill: INK["slot-fill"], stroke: LIGHT.target,
                                  "stroke-width": 3, "stroke-dasharray": "8 5", "pointer-events": "none" }),
        s("text", { ...NAME, x: ax, y: ay - 32, fill: INK["slot-label"], "pointer-events": "none" }, name));
    }
    const [term, , tipIcon] = placeTerm(p, entries.get(name));
    rings.append(s("circle", { class: `ring${local.place === name ? " chosen" : ""}`, cx: ax, cy: ay, r: 25,
                               "data-place": name, onclick: click(name), "data-term": term, "data-tip-icon": tipIcon,
                               "data-tip": acts.map((a) => explained(view, a)).join(" / ") }));
  }
  svg.append(rings);
  return svg;
}

/** Drops the places' names a piece would cover (a piece on a lower place shows beside the
 *  tile over it; the tooltip still names the place): a name's box against each piece's
 *  (a figure ~24 units, its count badge to the right). */
function unhideNames(svg, spots) {
  for (const name of svg.querySelectorAll("text.place-name")) {
    const x = Number(name.getAttribute("x"));
    const y = Number(name.getAttribute("y"));
    const half = 3 * name.textContent.length + 2;
    if (spots.some(([px, py]) => x - half < px + 18 && px - 14 < x + half && y - 9 < py + 14 && py - 13 < y + 2)) {
      name.remove();
    }
  }
}

/** The legend: each kind of thing on the board, drawn as it is drawn there. */
export function legend(layout) {
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
