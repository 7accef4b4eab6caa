// ICECOOL Wizards: the floor plan, lessons, exams and penguins; flicks aimed by dragging.
//
// Drag from anywhere on the board: the arrow leaves your penguin in the direction you
// drag, its length is the power; the spin slider bends the path. Releasing flicks. The
// server simulates the flick; each new path is animated when it arrives. A flick has
// power (the rulebook's flick pushes the penguin): a drag too short to mean one is not
// sent. After a Fire spell the others choose their discards at once: until all have
// chosen a seat sees only who has chosen, and its own hidden choice. The log, the prompt
// and every button's words are the engine's (said.js: the decision and each legal
// action's label, explanation and group); `mention` gives its lessons, exams, doorways,
// seats and penguins their icons, known by each mention's kind and ref, never by its words.
import { unitOf } from "../breakdown.js";
import { h, s, sameAction } from "../dom.js";
import { icon, loadIcons, useIcon } from "../icons.js";
import { PALETTE } from "../palette.js";
import { ruleLink, saidNodes } from "../said.js";
import { useStylesheet } from "../styles.js";
import { FULL_POWER_CM, K, geometry, rect } from "./icecool-wizards/geometry.js";
import { markSpot } from "./icecool-wizards/marks.js";
import { drawMarks } from "../marks.js";
import { placeNames } from "./icecool-wizards/places.js";

// Another seat's flick played back, and what a step won (views/icecool-wizards/motion.js).
export { animate } from "./icecool-wizards/motion.js";

const MIN_DRAG_POWER = 0.05;  // shorter drags are slips of the mouse, never a flick
const COLOURS = PALETTE.games["icecool-wizards"];
const PENGUIN = COLOURS.components.penguin;
const INK = COLOURS.ink;
const ELEMENTS = ["wind", "mountain", "water", "fire"];

// The sprite and the stylesheet are in the page before the first board is drawn (the table
// waits for this module); without the sprite the board is still drawn, its icons empty.
// icecool-wizards.css reads the palette's colours as --iw-* properties.
await Promise.all([
  loadIcons("icecool-wizards").catch((err) => console.warn("ICECOOL Wizards' icons", err)),
  useStylesheet("iw-style", new URL("./icecool-wizards.css", import.meta.url).href, {
    ...Object.fromEntries(Object.entries(INK).map(([k, v]) => [`--iw-${k}`, v])),
    "--iw-shade": PALETTE.themes.light.shade,
  }),
]);

const lessonIcon = (iconName) => `iw-lesson-${iconName}`;
// A lesson card's code ("F-wind", as the observation names it) -> its icon's id and name
// and its element (null for a plain card), read from the layout's fields for that code.
function cardParts(layout, card) {
  const kind = layout.lessons[card];
  const found = kind ? layout.icons.find((i) => i.id === kind.icon) : null;
  return { icon: found ? found.id : null, name: found ? found.name : String(card), element: kind ? kind.element : null };
}

// The end screen's column heads (table.js, breakdown.js), by the category's id: a spell
// cast is a lesson lying face down, so it shows the lesson's back.
const CATEGORY_ICON = { exams: "iw-exam", lessons: "iw-lesson-star", spells: "iw-lesson-back" };

export function categoryIcon(category, id) {
  return CATEGORY_ICON[id] ? icon(CATEGORY_ICON[id], { size: "1.1em" }) : null;
}

// The icons of a mention of this game, by its kind and ref (the engine's codes): a lesson
// card ("H-fire": the hourglass and the fire element), an exam ("exam F+H"), a lesson
// icon, a doorway or exam space, a seat's penguin, a penguin by its colour. Rooms,
// flicks and amounts have none.
function mentionIcons(m, layout) {
  const ref = String(m.ref);
  if (m.kind === "seat") return layout.colours[m.ref] ? [`iw-penguin-${layout.colours[m.ref]}`] : [];
  if (m.kind === "piece") return layout.colours.includes(ref) ? [`iw-penguin-${ref}`] : [];
  if (m.kind === "card" && !layout.lessons[ref]) return ["iw-exam"];  // a card not a lesson is an exam
  if (m.kind === "card") {
    const { icon: iconName, element } = cardParts(layout, ref);
    return iconName ? [lessonIcon(iconName), ...(element ? [`iw-spell-${element}`] : [])] : [];
  }
  if (m.kind === "term" && layout.icons.some((i) => i.id === ref)) return [lessonIcon(ref)];
  if (m.kind === "place" && layout.doorways.some((d) => d.id === ref)) return ["iw-doorway"];
  if (m.kind === "place" && layout.exam_spaces.some((x) => x.id === ref)) return ["iw-exam"];
  return [];
}

/** How a mention of this game looks (said.js): the engine's words, led by the icons of
 *  what it names (a lesson with its spell's element, an exam, a doorway, a seat's
 *  penguin); anything without an icon is drawn by said.js. */
export function mention(m, layout) {
  const ids = mentionIcons(m, layout);
  if (!ids.length) return null;
  // the icons stay with the first word; a long name wraps after it
  const [first, ...rest] = m.text.split(" ");
  return h("span", { class: `said-${m.kind}`, "data-ref": m.ref, "data-term": m.term ?? null,
                     "data-seat": m.kind === "seat" ? m.ref : null },
    h("span", { class: "named" }, ...ids.map((id) => icon(id, { size: "1.05em" })), first),
    rest.length ? ` ${rest.join(" ")}` : "");
}

// A legal action's entry in the view (its label, explanation and group, in the engine's
// words), by the action.
function entryOf(view, action) {
  return view.legal.find((l) => sameAction(l.action, action)) || null;
}

// The engine's words drawn with this game's icons.
const said = (phrase, layout) => saidNodes(phrase, { mention }, layout);

export function scores(view) {
  return view.observation.scores;
}

export function seatColour(view, seat) {
  return PENGUIN[view.observation.colours[seat]];
}

function legalOf(view, kind) {
  return view.legal.map((l) => l.action).filter((a) => a.kind === kind);
}

// An exam card lying on its space: a card with the icons it asks for and its value.
function examCard(g, space, exam, target) {
  const [x1, y1, x2, y2] = space.rect;
  const [cx, cy] = [g.X((x1 + x2) / 2), g.Y((y1 + y2) / 2)];
  const [w, hh] = [(x2 - x1) * K, (y2 - y1) * K];
  const wide = w > hh;
  const parts = [rect(g, space.rect, { fill: INK.card, stroke: INK["exam-space"], "stroke-width": 2, rx: 5,
                                       class: target ? "target" : "" })];
  // the value top right, the icons in the room left below (the space is named by its room)
  const [left, top] = [g.X(x1), g.Y(y2)];
  const n = exam.icons.length;
  const room = wide ? w - 30 : hh - 26;
  const size = Math.min(20, room / n - 2, (wide ? hh - 10 : w - 10));
  exam.icons.forEach((name, i) => {
    const offset = (i - (n - 1) / 2) * (size + 2);
    const [ix, iy] = wide ? [left + room / 2 + 4 + offset, cy + 3] : [cx, top + 22 + room / 2 + offset];
    parts.push(useIcon(lessonIcon(name), ix, iy, size, { color: INK["card-ink"] }));
  });
  const [px, py] = [left + w - 11, top + 11];
  parts.push(s("circle", { cx: px, cy: py, r: 8.5, fill: INK.points }),
    s("text", { x: px, y: py + 4, "text-anchor": "middle", "font-size": 11, "font-weight": 700,
                fill: INK["points-ink"] }, exam.points));
  return parts;
}

// A lesson card lying across its place: the icon large, its spell's element in a badge.
function lessonCard(g, place, card, target, layout) {
  const [[cx, cy], [w, hh]] = [place.centre, place.size];
  const { icon: iconName, name, element } = cardParts(layout, card);
  const [px, py] = [g.X(cx), g.Y(cy)];
  const [width, height, top] = [w * K, hh * K, g.Y(cy + hh / 2)];
  // its name at the foot (the code, "H-fire", is the tooltip's title), on two lines when
  // one would be small; the icon takes the room above it
  const caption = fitText(name, width - 4, 10, 9, 0.56);
  const below = caption.lines.length * caption.size * 1.1 + 5;
  const room = height - below - 4;
  const size = Math.min(Math.min(w, hh) * K * 0.62, room * 0.9, width * 0.62);
  const parts = [rect(g, [cx - w / 2, cy - hh / 2, cx + w / 2, cy + hh / 2],
    { fill: INK.card, stroke: INK["card-line"], "stroke-width": 1.5, rx: 5, class: target ? "target" : "" }),
    useIcon(lessonIcon(iconName), px - (element && width > height ? 6 : 0), top + 4 + room / 2, size,
            { color: INK["card-ink"] })];
  if (element) {
    const [bx, by] = [px + width / 2 - 11, py - height / 2 + 11];
    parts.push(s("circle", { cx: bx, cy: by, r: 9, fill: INK.spell }),
      useIcon(`iw-spell-${element}`, bx, by, 13, { color: INK["spell-ink"] }));
  }
  caption.lines.forEach((line, i) => parts.push(s("text", {
    x: px, y: top + height - 5 - (caption.lines.length - 1 - i) * caption.size * 1.1, "text-anchor": "middle",
    "font-size": caption.size.toFixed(1), fill: INK["card-ink"], class: "iw-caption" }, line)));
  return parts;
}

// `text` in one line, or in two (split between words) when one line would be drawn
// smaller than `least`: its lines and the font size (at most `most`) that fits `width`.
// A letter is taken as `em` of the font size wide (0.62 bold, 0.56 regular).
function fitText(text, width, most, least, em = 0.62) {
  // the widest line decides; among splits that fit as well, the most even one
  const sizeOf = (lines) => width / (em * Math.max(...lines.map((l) => l.length)));
  let best = { lines: [text], size: sizeOf([text]) };
  const words = text.split(" ");
  if (Math.min(most, best.size) < least) {
    for (let i = 1; i < words.length; i += 1) {
      const lines = [words.slice(0, i).join(" "), words.slice(i).join(" ")];
      if (sizeOf(lines) > best.size) best = { lines, size: sizeOf(lines) };
    }
  }
  return { lines: best.lines, size: Math.min(most, best.size) };
}

// The widest stretch along a room's top wall that none of `rects` covers: [from, to] in cm.
function widestGap([x1, , x2, top], rects) {
  const covered = rects.filter((r) => r[3] > top - 2.5 && r[1] < top && r[2] > x1 && r[0] < x2)
    .map((r) => [r[0], r[2]]).sort((p, q) => p[0] - q[0]);
  const gaps = [];
  let at = x1;
  for (const [a, b] of covered) { gaps.push([at, a]); at = Math.max(at, b); }
  gaps.push([at, x2]);
  return gaps.reduce((m, gap) => (gap[1] - gap[0] > m[1] - m[0] ? gap : m), [x1, x1]);
}

function drawBoard(ctx, g) {
  const { view, layout, act } = ctx;
  const obs = view.observation;
  const svg = s("svg", { viewBox: `0 0 ${g.width} ${g.height}`, id: "ic-board" });
  // the classrooms' floors: tiles of polished ice (the sprite's floor tile as a pattern)
  svg.append(s("defs", {}, s("pattern", { id: "iw-tiles", width: 2.5 * K, height: 2.5 * K,
                                          patternUnits: "userSpaceOnUse" },
    s("use", { href: "#iw-floor", width: 2.5 * K, height: 2.5 * K }))));
  for (const f of layout.footprints) svg.append(rect(g, f, { fill: INK.floor }), rect(g, f, { fill: "url(#iw-tiles)" }));
  for (const room of layout.rooms) {  // a room's floor explains the room (a transparent fill catches the pointer)
    svg.append(rect(g, room.rect, { fill: "transparent", stroke: INK["room-line"], "stroke-dasharray": "6 4",
                                    "data-term": room.id, "data-tip-name": room.name, class: "room" }));
  }
  for (const line of layout.white_lines) {
    svg.append(s("polyline", { points: line.map(([x, y]) => `${g.X(x)},${g.Y(y)}`).join(" "),
                               fill: "none", stroke: INK["white-line"], "stroke-width": 4, "data-term": "white line" }));
  }
  const names = placeNames(layout);  // "doorway between ...", "exam space in ...": never a code
  for (const door of layout.doorways) {  // the threshold, where the wall has its gap
    const [a, b] = door.span;
    const r = door.axis === "x" ? [a, door.at - 0.6, b, door.at + 0.6] : [door.at - 0.6, a, door.at + 0.6, b];
    svg.append(s("g", { class: "doorway", "data-term": names[door.id], "data-code": door.id,
                        "data-tip-icon": "iw-doorway" },
      rect(g, r, { fill: INK.doorway, stroke: INK["doorway-line"], "stroke-width": 1, "stroke-dasharray": "3 2" })));
  }
  const exams = new Map(legalOf(view, "exam").map((a) => [a.space, a]));
  const examGroup = (space) => (exams.has(space) ? entryOf(view, exams.get(space))?.group?.text : null);
  const letter = Object.fromEntries(layout.icons.map((i) => [i.id, i.letter]));
  for (const space of layout.exam_spaces) {
    const exam = obs.exam_spaces[space.id];
    const [cx, cy] = [(space.rect[0] + space.rect[2]) / 2, (space.rect[1] + space.rect[3]) / 2];
    svg.append(s("g", { class: "exam-space", "data-space": space.id, "data-code": space.id,
                        "data-term": exam ? `exam ${exam.icons.map((i) => letter[i]).join("+")}` : names[space.id],
                        "data-tip": examGroup(space.id)
                          ?? (exam ? `The exam card on the ${names[space.id]}: ${exam.points} Magic Points` : null),
                        "data-tip-icon": "iw-exam" },
      ...(exam ? examCard(g, space, exam, exams.has(space.id))
        : [rect(g, space.rect, { fill: "transparent", stroke: INK["exam-space"], "stroke-dasharray": "4 3", rx: 5 }),
           useIcon("iw-exam", g.X(cx), g.Y(cy), 16, { color: INK["room-label"] })])));
  }
  // each room's name along its top wall, in the widest stretch no exam card or lesson
  // place covers; a long name that would be small there takes two lines
  const lessonRects = layout.lesson_places.map(({ centre: [x, y], size: [w, hh] }) =>
    [x - w / 2, y - hh / 2, x + w / 2, y + hh / 2]);
  // a penguin standing under a wall hides no name either: the name moves beside it
  const R = layout.penguin_radius;
  const penguinRects = obs.penguins.filter(Boolean).map(([x, y]) => [x - R, y - R, x + R, y + R]);
  for (const room of layout.rooms) {
    const top = room.rect[3];
    // beside the penguins when the name keeps its size there, else where the cards leave room
    const fitted = [[...lessonRects, ...penguinRects], lessonRects].map((others) => {
      const best = widestGap(room.rect, [...layout.exam_spaces.map((sp) => sp.rect), ...others]);
      return { best, label: fitText(room.name, (best[1] - best[0]) * K - 8, 12, 10.5) };
    });
    const { best, label } = fitted[0].label.size >= 10.5 ? fitted[0] : fitted[1];
    label.lines.forEach((line, i) => svg.append(s("text", {
      x: g.X((best[0] + best[1]) / 2), y: g.Y(top) + 4 + label.size * (1 + 1.1 * i), "text-anchor": "middle",
      "font-size": label.size.toFixed(1), "font-weight": 600, fill: INK["room-label"], stroke: INK.floor,
      "stroke-width": 3, "paint-order": "stroke", class: "room-name", "data-term": room.id, "data-tip-name": room.name }, line)));
  }
  const collects = new Map(legalOf(view, "collect").map((a) => [a.icon, a]));
  for (const place of layout.lesson_places) {
    const card = obs.lessons_on_board[place.icon];
    if (!card) continue;
    const collect = collects.get(place.icon);
    // a card to collect explains what collecting it does, in the engine's words
    const tip = collect ? entryOf(view, collect)?.explain?.text : `The lesson card on the ${place.icon} place`;
    svg.append(s("g", { class: `lesson${collect ? " clickable" : ""}`, "data-icon": place.icon,
                        "data-term": card, "data-tip": tip,
                        "data-tip-icon": lessonIcon(place.icon),
                        onclick: collect ? () => act(collect) : null },
      ...lessonCard(g, place, card, Boolean(collect), layout)));
  }
  for (const wall of layout.walls) {
    svg.append(s("line", { x1: g.X(wall.a[0]), y1: g.Y(wall.a[1]), x2: g.X(wall.b[0]), y2: g.Y(wall.b[1]),
                           stroke: INK.wall, "stroke-width": wall.radius > 0.15 ? 5 : 3, "stroke-linecap": "round" }));
  }
  svg.append(s("circle", { cx: g.X(layout.start[0]), cy: g.Y(layout.start[1]), r: layout.start_radius * K,
                           fill: "transparent", stroke: INK.start, "stroke-dasharray": "2 3", "data-term": "start" }));
  obs.penguins.forEach((p, seat) => {
    if (!p) return;
    const mine = seat === view.seat;
    const r = layout.penguin_radius * K;
    svg.append(s("g", { class: "penguin", "data-seat": seat, "data-term": "penguin",
                        "data-tip": `${obs.players[seat]}'s penguin`,
                        "data-tip-icon": `iw-penguin-${obs.colours[seat]}` },
      // the disc the rules slide (a ring: the mover's own is marked)
      s("circle", { cx: g.X(p[0]), cy: g.Y(p[1]), r, fill: PENGUIN[obs.colours[seat]], "fill-opacity": 0.18,
                    stroke: mine ? INK.mine : INK["penguin-line"], "stroke-width": mine ? 3 : 1,
                    "stroke-dasharray": mine ? null : "3 2" }),
      useIcon(`iw-penguin-${obs.colours[seat]}`, g.X(p[0]), g.Y(p[1]), 2 * r * 0.92)));
  });
  return svg;
}

// The last flick's path, drawn where it ended; animate() plays it back.
function drawPath(view, svg, g) {
  const path = view.observation.last_path;
  if (!path || path.length < 2) return;
  svg.append(s("polyline", { points: path.map(([x, y]) => `${g.X(x)},${g.Y(y)}`).join(" "),
                             fill: "none", stroke: INK.path, "stroke-width": 2, id: "flick-path" }));
}

function round(value, digits) {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

function aimControl(ctx, svg, g) {
  const { view, layout, act, local } = ctx;
  if (!legalOf(view, "flick").length) {
    delete local.aimingPointer;  // no flick to aim now
    return null;
  }
  const me = view.observation.penguins[view.seat] || layout.start;
  const [ox, oy] = [g.X(me[0]), g.Y(me[1])];
  const arrow = s("line", { x1: ox, y1: oy, x2: ox, y2: oy, stroke: INK.aim, "stroke-width": 4,
                            "stroke-linecap": "round", id: "aim-arrow", visibility: "hidden" });
  svg.append(arrow);
  svg.classList.add("aiming");
  const readout = h("span", { class: "aim-readout", id: "aim-readout" }, "drag on the board to aim");
  const spin = h("input", { type: "range", min: -1, max: 1, step: 0.05, value: local.spin ?? 0, id: "spin" });
  const spinText = h("span", { class: "aim-readout", "data-term": "spin" }, `spin ${Number(spin.value).toFixed(2)}`);
  spin.addEventListener("input", () => { local.spin = Number(spin.value); spinText.textContent = `spin ${local.spin.toFixed(2)}`; });
  const aimAt = (event) => {
    const point = svg.createSVGPoint();
    [point.x, point.y] = [event.clientX, event.clientY];
    const p = point.matrixTransform(svg.getScreenCTM().inverse());
    const [dx, dy] = [p.x - ox, oy - p.y];  // board y is up
    const power = Math.min(1, Math.hypot(dx, dy) / K / FULL_POWER_CM);
    const angle = (Math.atan2(dy, dx) * 180 / Math.PI + 360) % 360;
    const len = power * FULL_POWER_CM * K;
    arrow.setAttribute("x2", ox + len * Math.cos(angle * Math.PI / 180));
    arrow.setAttribute("y2", oy - len * Math.sin(angle * Math.PI / 180));
    readout.textContent = `angle ${angle.toFixed(1)}°, power ${power.toFixed(2)}`;
    return { angle: round(angle, 1) % 360, power: round(power, 2) };
  };
  // The pointer aiming, kept in ``local``: a view arriving mid-drag (the socket's first, as
  // the page connects) redraws the board, and the drag goes on on the new one.
  const aiming = () => local.aimingPointer !== undefined;
  if (aiming()) {
    arrow.setAttribute("visibility", "visible");
    queueMicrotask(() => {  // once the new board is in the page, it takes the pointer
      if (!aiming() || !svg.isConnected) return;
      try {
        svg.setPointerCapture(local.aimingPointer);
      } catch {
        delete local.aimingPointer;  // released meanwhile, on the old board: no drag goes on
        arrow.setAttribute("visibility", "hidden");
      }
    });
  }
  svg.addEventListener("pointerdown", (event) => {
    local.aimingPointer = event.pointerId;
    svg.setPointerCapture(event.pointerId);
    arrow.setAttribute("visibility", "visible");
    aimAt(event);
  });
  svg.addEventListener("pointermove", (event) => {
    if (!aiming()) return;
    if (!event.buttons) {  // the release went to a board since replaced: the drag is over
      delete local.aimingPointer;
      arrow.setAttribute("visibility", "hidden");
      return;
    }
    aimAt(event);
  });
  svg.addEventListener("pointercancel", () => { delete local.aimingPointer; });
  svg.addEventListener("pointerup", (event) => {
    if (!aiming()) return;
    delete local.aimingPointer;
    const { angle, power } = aimAt(event);
    if (!(power >= MIN_DRAG_POWER)) { readout.textContent = "too short: drag further to flick"; return; }
    act({ kind: "flick", angle, power, spin: round(Number(spin.value), 2) });
  });
  // A typed flick outlives a redraw (another view arriving as it is typed): the box stays
  // open and keeps what was typed, as the spin slider does.
  const kept = local.typed ?? (local.typed = {});
  const typed = ["angle", "power", "spin"].map((name) => h("input", {
    id: `typed-${name}`, type: "number", step: "any", placeholder: name === "power" ? "power 0.01..1" : name,
    style: "width:7rem", value: kept[name] ?? null, oninput: (event) => { kept[name] = event.target.value; } }));
  const typedFlick = () => {
    const flick = { kind: "flick", angle: Number(typed[0].value), power: Number(typed[1].value),
                    spin: Number(typed[2].value || 0) };
    local.typed = {};
    act(flick);
  };
  const box = h("details", { open: Boolean(local.typedOpen) }, h("summary", {}, "type a flick"), ...typed,
                h("button", { onclick: typedFlick }, "Flick"));
  box.addEventListener("toggle", () => { local.typedOpen = box.open; });
  // how this page flicks (the gesture); what is decided and its limits are the prompt's
  return h("div", { class: "aim" },
    h("p", { class: "muted", "data-term": "flick" }, "Drag from your penguin's side of the board in the direction to go; longer is harder. Release to flick."),
    h("label", {}, "Spin ", spin, " ", spinText), h("div", {}, readout), box);
}

function drawFire(view, layout) {
  // Only who still chooses and who has chosen are public; the choice is the owner's alone.
  // What a seat owes is its prompt (in the choices); this panel is the step's state.
  const obs = view.observation;
  if (!obs.fire_discards.length) return null;
  const seats = [...obs.fire_chosen.map((i) => [i, "has chosen"]), ...obs.fire_discards.map((i) => [i, "choosing…"])]
    .sort((a, b) => a[0] - b[0]);
  const mine = obs.your_discard ? hiddenChoice(view) : null;
  return h("div", { class: "panel", id: "fire", "data-term": "fire-discard" },
    h("b", {}, "Fire!"),
    h("ul", {}, seats.map(([i, what]) => h("li", { "data-seat": i, class: "fire-seat" }, `${obs.players[i]}: ${what}`))),
    mine ? h("div", { id: "your-discard" }, ...said(mine, layout), " ", ruleLink(mine.rule)) : "");
}

// The seat's own pending discard: the log's line that only this seat sees ("You chose to
// discard your Hourglass"), the latest of its private choices.
function hiddenChoice(view) {
  return view.log.findLast((line) => line.kind === "choice" && line.player === view.seat) || null;
}

// A lesson card in a hand: face up, its icon and name (a spell's element in a badge);
// face down (its spell used), its back, with what it is still shown small.
function handCard(layout, card, n, faceDown, owner) {
  const { icon: iconName, name, element } = cardParts(layout, card);
  const tip = `${owner}'s lesson, ${faceDown ? "face down (spell used)" : "face up"}`;
  const cards = [];
  for (let k = 0; k < n; k += 1) {
    cards.push(h("span", { class: `card iw-card${faceDown ? " iw-down" : ""}`, "data-term": card, "data-tip": tip,
                           "data-tip-icon": lessonIcon(iconName) },
      element ? h("span", { class: "iw-spell" }, icon(`iw-spell-${element}`, { size: ".8rem", title: `${element} spell` })) : "",
      icon(lessonIcon(iconName), { size: faceDown ? "1.2rem" : "1.6rem" }),
      h("span", { class: "iw-name" }, name)));
  }
  return cards;
}

function handExam(e, letter) {
  return h("span", { class: "card iw-card iw-exam", "data-term": `exam ${e.icons.map((x) => letter[x]).join("+")}`,
                     "data-tip": `An exam passed: ${e.points} Magic Points`, "data-tip-icon": "iw-exam" },
    h("span", { class: "iw-icons" }, e.icons.map((x) => icon(lessonIcon(x), { size: "1.05rem" }))),
    h("span", { class: "iw-points" }, e.points));
}

// A deck: its back, and how many cards it holds.
function deck(id, term, count, label) {
  return h("span", { class: "iw-seat", "data-term": term }, icon(id, { size: "1.9rem", title: label }),
    h("span", { class: "iw-count" }, `${count}`), ` ${label}`);
}

function drawHands(view, layout) {
  const obs = view.observation;
  const letter = Object.fromEntries(layout.icons.map((i) => [i.id, i.letter]));
  return h("div", { class: "hands" }, obs.hands.map((hand, i) => h("div", { class: "panel hand", "data-seat": i },
    h("b", { class: "iw-seat" }, icon(`iw-penguin-${obs.colours[i]}`, { size: "1.5rem", title: `${obs.colours[i]} penguin` }),
      `${obs.players[i]} (${obs.colours[i]})`), " · ",
    h("span", { "data-term": "magic points" }, `${obs.scores[i]} ${unitOf(view, obs.scores[i])}`),
    h("div", { class: "cards iw-row" },
      Object.entries(hand.face_up).flatMap(([card, n]) => handCard(layout, card, n, false, obs.players[i])),
      Object.entries(hand.face_down).flatMap(([card, n]) => handCard(layout, card, n, true, obs.players[i]))),
    h("div", { class: "muted iw-row" }, "exams: ",
      ...(hand.exams.length ? hand.exams.map((e) => handExam(e, letter)) : ["none"])))),
  h("p", { class: "muted iw-row" },
    deck("iw-lesson-back", "lesson", obs.lesson_deck, "lesson deck"),
    deck("iw-exam-back", "exam", obs.exam_deck, "exam deck"),
    obs.final_round ? h("span", { "data-term": "last round" }, " · last round") : ""));
}

export function render(ctx) {
  const { view, layout, board, choices } = ctx;
  const g = geometry(layout);
  const svg = drawBoard(ctx, g);
  const fire = drawFire(view, layout);
  // the board and, beside it when there is room, the hands: read at a glance
  board.replaceChildren(...(fire ? [fire] : []), h("div", { class: "iw-table" }, svg, drawHands(view, layout)));
  drawPath(view, svg, g);
  drawMarks(ctx, (c, mark) => markSpot(c, mark, g));  // a review's moves (js/marks.js)
  if (view.decision) choices.append(drawPrompt(view.decision, layout));
  const aim = aimControl(ctx, svg, g);
  if (aim) choices.append(aim);
  const others = view.legal.filter((l) => l.action.kind !== "flick");
  const trades = others.filter((l) => l.action.kind === "trade");
  let heading = null;
  for (const entry of others.filter((l) => l.action.kind !== "trade")) {
    // choices of one group (an exam's payments) under the group's words, as the terminal lists them
    if (entry.group && entry.group.text !== heading?.text) choices.append(h("p", { class: "iw-group" }, ...said(entry.group, layout)));
    heading = entry.group;
    choices.append(choiceButton(ctx, entry));
  }
  if (trades.length) choices.append(tradeChoice(ctx, trades));
}

// The engine's prompt, its cost and limit as the terminal prints them ("(…; …)"), and
// the link to its rule.
function drawPrompt(decision, layout) {
  const limits = [decision.cost, decision.limit].filter(Boolean);
  const saidLimits = limits.flatMap((p, i) => [...(i ? ["; "] : []), ...said(p, layout)]);
  return h("p", { class: "iw-prompt", id: "iw-prompt", "data-msg": decision.prompt.msg },
    ...said(decision.prompt, layout),
    limits.length ? h("span", { class: "muted" }, " (", ...saidLimits, ")") : "",
    " ", ruleLink(decision.prompt.rule));
}

// A legal action's button: the engine's label, its explanation the tooltip. A card the
// action names (a discard's, a trade's) is kept in data-card from the action's fields.
function choiceButton(ctx, entry, attrs = {}) {
  const { act, layout } = ctx;
  const { action } = entry;
  return h("button", { class: `act-${action.kind}`, "data-tip": entry.explain.text,
                       "data-card": action.card ?? action.take ?? null, onclick: () => act(action), ...attrs },
    ...said(entry.label, layout));
}

// A trade is two choices, as at the table: the lesson you give (to whom), then the one
// you take (one button per pair was a wall of buttons). Nothing is sent before the second.
// The first step's buttons are the engine's groups ("Exchange knowledge with Player 2:
// give Wand"), the second's its labels ("take Potion").
function tradeChoice(ctx, trades) {
  const { local, layout } = ctx;
  const key = (a) => `${a.player}:${a.give}`;
  const giving = trades.find((l) => key(l.action) === local.tradeGive) || null;
  const box = h("div", { class: "trade", id: "trade" });
  const pick = (chosen) => () => { local.tradeGive = chosen; box.replaceWith(tradeChoice(ctx, trades)); };
  if (!giving) {
    const firsts = new Map(trades.map((l) => [key(l.action), l]));
    for (const [chosen, entry] of firsts) {
      box.append(h("button", { class: "trade-give", "data-card": entry.action.give, "data-player": entry.action.player,
                               onclick: pick(chosen) }, ...said(entry.group, layout)));
    }
    return box;
  }
  box.append(h("p", { class: "iw-group" }, ...said(giving.group, layout)));
  for (const entry of trades.filter((l) => key(l.action) === local.tradeGive)) {
    box.append(choiceButton(ctx, entry, { onclick: () => { local.tradeGive = null; ctx.act(entry.action); } }));
  }
  box.append(h("button", { class: "trade-back", onclick: pick(null) }, "Back: give another"));
  return box;
}
