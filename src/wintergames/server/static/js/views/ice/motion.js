// Motion that explains another seat's step on ICE's board (issue 21, js/motion.js).
//
// watch.js animates a step only when the log grew, but several of ICE's decisions add no
// line (a Leader's move before "how many follow", an excavation's places below): so the
// view remembers the board as it was before such quiet steps, and the next step with a
// line explains them all at once.
import { s } from "../../dom.js";
import { icon, useIcon } from "../../icons.js";
import { all, cardBack, flip, flyPoints, ghost, highlight, reducedMotion, settle, slide } from "../../motion.js";
import { anchorOf, boardEntries, hexPoints, pieceAt, presentPlaces, S } from "./board.js";
import { INK, LAYER_FILL, SNOW_FILL } from "./inks.js";
import { typeIcon } from "./names.js";

const steps = { last: null, carry: null, base: null };

/** Each view render draws: a step without a line is carried to the next step that has one. */
export function track(view) {
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

/** Where another seat's step happens, when it moves pieces on the board (a Leader, the
 *  Archaeologists, a Camp, a tile): the board, brought into sight before it moves
 *  (watch.js). A step that only changes a guild board (a Request validated, RP won) is
 *  shown where the person looks: its gains fly to the edge of the screen nearest them. */
export function watchedArea(ctx, previous) {
  const before = previous?.observation;
  const now = ctx.view.observation;
  if (ctx.own || !before?.board) return null;
  const where = (o) => JSON.stringify([o.board, o.camps, o.seats.map((s) => s.leader)]);
  return where(before) !== where(now) ? ctx.board.querySelector("#ice-board") : null;
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
  const was = boardEntries(before, layout);
  const now = boardEntries(obs, layout);
  const wasPresent = presentPlaces(was);
  const anchorBefore = (name) => (places.has(name) ? anchorOf(places.get(name), wasPresent, icons) : null);
  const dig = before.decision?.context?.excavation ?? null;
  const slideTime = pace * 0.9;
  const motions = [];
  const guild = (p) => board.querySelector(`.ice-guild[data-seat='${p}']`);
  const onPlace = (name, sel) => svg.querySelector(`g.on[data-on='${name}'] ${sel}`);

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
  const nowPresent = presentPlaces(now);
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
      const box = movedBox(svg, node, anchorBefore(from), anchorOf(places.get(st.leader), nowPresent, icons));
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
    const box = from ? movedBox(svg, node, anchorBefore(from), anchorOf(places.get(to), nowPresent, icons)) : above(node);
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
    const to = anchorOf(places.get(name), nowPresent, icons);
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
