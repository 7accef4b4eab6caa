// ICECOOL Wizards: the floor plan, lessons, exams and penguins; flicks aimed by dragging.
//
// Drag from anywhere on the board: the arrow leaves your penguin in the direction you
// drag, its length is the power; the spin slider bends the path. Releasing flicks. The
// server simulates the flick; each new path is animated when it arrives. A flick has
// power (the rulebook's flick pushes the penguin): a drag too short to mean one is not
// sent. After a Fire spell the others choose their discards at once: until all have
// chosen a seat sees only who has chosen, and its own hidden choice.
import { h, s } from "../dom.js";
import { PACE_MS as PACE_MS_DEFAULT } from "../watch.js";

const K = 12;    // pixels per cm
const PAD = 8;
const FULL_POWER_CM = 15;  // a drag this long is full power
const MIN_DRAG_POWER = 0.05;  // shorter drags are slips of the mouse, never a flick
const PENGUIN = { green: "#2e9d4a", pink: "#e05fa8", blue: "#3b6fd8", yellow: "#e8c21c" };

export function scores(view) {
  return view.observation.scores;
}

export function seatColour(view, seat) {
  return PENGUIN[view.observation.colours[seat]];
}

function geometry(layout) {
  const xs = layout.footprints.flatMap((r) => [r[0], r[2]]);
  const ys = layout.footprints.flatMap((r) => [r[1], r[3]]);
  const [w, hgt] = [Math.max(...xs), Math.max(...ys)];
  const X = (x) => PAD + x * K;
  const Y = (y) => PAD + (hgt - y) * K;
  return { X, Y, width: 2 * PAD + w * K, height: 2 * PAD + hgt * K,
           toBoard: (px, py) => [(px - PAD) / K, hgt - (py - PAD) / K] };
}

function rect(g, r, attrs) {
  const [x1, y1, x2, y2] = r;
  return s("rect", { x: g.X(x1), y: g.Y(y2), width: (x2 - x1) * K, height: (y2 - y1) * K, ...attrs });
}

function legalOf(view, kind) {
  return view.legal.map((l) => l.action).filter((a) => a.kind === kind);
}

function drawBoard(ctx, g) {
  const { view, layout, act } = ctx;
  const obs = view.observation;
  const svg = s("svg", { viewBox: `0 0 ${g.width} ${g.height}`, id: "ic-board", style: "max-width:560px" });
  for (const f of layout.footprints) svg.append(rect(g, f, { fill: "#e8f1f8" }));
  for (const room of layout.rooms) {  // a room's floor explains the room (a transparent fill catches the pointer)
    svg.append(rect(g, room.rect, { fill: "transparent", stroke: "#c9a400", "stroke-dasharray": "6 4",
                                    "data-term": room.id, class: "room" }));
    svg.append(s("text", { x: g.X((room.rect[0] + room.rect[2]) / 2), y: g.Y(room.rect[3]) + 14,
                           "text-anchor": "middle", "font-size": 11, fill: "#7a6400", "data-term": room.id }, room.name));
  }
  for (const line of layout.white_lines) {
    svg.append(s("polyline", { points: line.map(([x, y]) => `${g.X(x)},${g.Y(y)}`).join(" "),
                               fill: "none", stroke: "#fff", "stroke-width": 4, "data-term": "white line" }));
  }
  for (const door of layout.doorways) {  // the threshold, where the wall has its gap
    const [a, b] = door.span;
    const r = door.axis === "x" ? [a, door.at - 0.6, b, door.at + 0.6] : [door.at - 0.6, a, door.at + 0.6, b];
    svg.append(rect(g, r, { fill: "#c9a400", "fill-opacity": 0.15, class: "doorway", "data-term": door.id,
                            "data-tip": `Doorway ${door.id}` }));
  }
  const exams = new Map(legalOf(view, "exam").map((a) => [a.space, a]));
  const letter = Object.fromEntries(layout.icons.map((i) => [i.id, i.letter]));
  for (const space of layout.exam_spaces) {
    const exam = obs.exam_spaces[space.id];
    const [cx, cy] = [(space.rect[0] + space.rect[2]) / 2, (space.rect[1] + space.rect[3]) / 2];
    svg.append(s("g", { class: "exam-space", "data-space": space.id,
                        "data-term": exam ? `exam ${exam.icons.map((i) => letter[i]).join("+")}` : space.id,
                        "data-tip": exam ? `The exam card on ${space.id}: ${exam.points} Magic Points` : null },
      rect(g, space.rect, { fill: "#1f3a68", opacity: 0.88, class: exams.has(space.id) ? "target" : "" }),
      s("text", { x: g.X(cx), y: g.Y(cy) - 4, "text-anchor": "middle", "font-size": 10, fill: "#fff", "data-term": space.id }, space.id),
      s("text", { x: g.X(cx), y: g.Y(cy) + 9, "text-anchor": "middle", "font-size": 9, fill: "#fff" },
        exam ? `${exam.icons.map((i) => i[0].toUpperCase()).join("+")} · ${exam.points}` : "—")));
  }
  const collects = new Map(legalOf(view, "collect").map((a) => [a.icon, a]));
  for (const place of layout.lesson_places) {
    const card = obs.lessons_on_board[place.icon];
    if (!card) continue;
    const [[cx, cy], [w, hh]] = [place.centre, place.size];
    const collect = collects.get(place.icon);
    svg.append(s("g", { class: `lesson${collect ? " clickable" : ""}`, "data-icon": place.icon,
                        "data-term": card, "data-tip": `The lesson card on the ${place.icon} place`,
                        onclick: collect ? () => act(collect) : null },
      rect(g, [cx - w / 2, cy - hh / 2, cx + w / 2, cy + hh / 2],
        { fill: "#f6e7b0", stroke: "#8a6d1a", class: collect ? "target" : "" }),
      s("text", { x: g.X(cx), y: g.Y(cy) + 4, "text-anchor": "middle", "font-size": 10 }, card)));
  }
  for (const wall of layout.walls) {
    svg.append(s("line", { x1: g.X(wall.a[0]), y1: g.Y(wall.a[1]), x2: g.X(wall.b[0]), y2: g.Y(wall.b[1]),
                           stroke: "#333", "stroke-width": wall.radius > 0.15 ? 4 : 2.5 }));
  }
  svg.append(s("circle", { cx: g.X(layout.start[0]), cy: g.Y(layout.start[1]), r: layout.start_radius * K,
                           fill: "transparent", stroke: "#555", "stroke-dasharray": "2 3", "data-term": "start" }));
  obs.penguins.forEach((p, seat) => {
    if (!p) return;
    svg.append(s("g", { class: "penguin", "data-seat": seat, "data-term": "penguin",
                        "data-tip": `${obs.players[seat]}'s penguin` },
      s("circle", { cx: g.X(p[0]), cy: g.Y(p[1]), r: layout.penguin_radius * K,
                    fill: PENGUIN[obs.colours[seat]] || "#444", stroke: seat === view.seat ? "#000" : "#333",
                    "stroke-width": seat === view.seat ? 3 : 1 }),
      s("text", { x: g.X(p[0]), y: g.Y(p[1]) + 4, "text-anchor": "middle", "font-size": 11, fill: "#fff" }, seat + 1)));
  });
  return svg;
}

// The last flick's path, drawn where it ended; animate() plays it back.
function drawPath(view, svg, g) {
  const path = view.observation.last_path;
  if (!path || path.length < 2) return;
  svg.append(s("polyline", { points: path.map(([x, y]) => `${g.X(x)},${g.Y(y)}`).join(" "),
                             fill: "none", stroke: "#d62728", "stroke-width": 2, id: "flick-path" }));
}

/**
 * Every flick, of every seat, played back in order (watch.js queues the views, so a
 * bot's next flick waits for this one): the flicked penguin slides along its path
 * from where it stood, slowing as on ice, then stands where render() drew it. Each
 * path played counts in document.body.dataset.pathsAnimated, and pathsCut counts those
 * finished early (a skip, or this seat's own next move).
 */
export function animate(ctx, previous) {
  const { view, layout, signal } = ctx;
  const path = view.observation.last_path;
  if (!path || path.length < 2
      || JSON.stringify(path) === JSON.stringify(previous.observation.last_path)) return null;
  const svg = document.getElementById("ic-board");
  const line = document.getElementById("flick-path");
  if (!svg || !line || !line.getTotalLength) return null;
  const seat = previous.to_move[0];  // one seat flicks at a time
  const penguin = svg.querySelector(`g.penguin[data-seat='${seat}']`);
  const colour = PENGUIN[view.observation.colours[seat]] || "#d62728";
  const mover = s("g", { id: "flick-dot", "pointer-events": "none" },
    s("circle", { r: layout.penguin_radius * K, fill: colour, stroke: "#000", "stroke-width": 2, opacity: 0.9 }),
    s("text", { y: 4, "text-anchor": "middle", "font-size": 11, fill: "#fff" }, seat + 1));
  const total = line.getTotalLength();
  // long enough to follow, never so long that a bot's turn drags: 0.7 to 1.8 s
  const duration = Math.min(1800, 700 + total * 2) * (ctx.pace / PACE_MS_DEFAULT);
  line.style.strokeDasharray = `${total}`;
  line.style.strokeDashoffset = `${total}`;
  if (penguin) penguin.style.visibility = "hidden";
  svg.append(mover);
  const place = (length) => {
    const at = line.getPointAtLength(length);
    mover.setAttribute("transform", `translate(${at.x},${at.y})`);
  };
  place(0);
  return new Promise((resolve) => {
    const begun = performance.now();
    const finish = (cut) => {
      // counted for the browser tests: played (to the end or cut short by a skip or a move)
      const counts = document.body.dataset;
      counts.pathsAnimated = String(Number(counts.pathsAnimated || 0) + 1);
      if (cut) counts.pathsCut = String(Number(counts.pathsCut || 0) + 1);
      line.style.strokeDasharray = "";
      line.style.strokeDashoffset = "";
      mover.remove();
      if (penguin) penguin.style.visibility = "";
      resolve();
    };
    const frame = (now) => {
      const t = Math.min(1, (now - begun) / duration);
      if (signal.aborted || !line.isConnected || t >= 1) {
        finish(t < 1);
        return;
      }
      const eased = 1 - (1 - t) * (1 - t);  // decelerating, as on ice
      line.style.strokeDashoffset = `${total * (1 - eased)}`;
      place(total * eased);
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

function round(value, digits) {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

function aimControl(ctx, svg, g) {
  const { view, layout, act, local } = ctx;
  if (!legalOf(view, "flick").length) return null;
  const me = view.observation.penguins[view.seat] || layout.start;
  const [ox, oy] = [g.X(me[0]), g.Y(me[1])];
  const arrow = s("line", { x1: ox, y1: oy, x2: ox, y2: oy, stroke: "#ff6f00", "stroke-width": 4,
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
  let aiming = false;
  svg.addEventListener("pointerdown", (event) => {
    aiming = true;
    svg.setPointerCapture(event.pointerId);
    arrow.setAttribute("visibility", "visible");
    aimAt(event);
  });
  svg.addEventListener("pointermove", (event) => { if (aiming) aimAt(event); });
  svg.addEventListener("pointerup", (event) => {
    if (!aiming) return;
    aiming = false;
    const { angle, power } = aimAt(event);
    if (!(power >= MIN_DRAG_POWER)) { readout.textContent = "too short: drag further to flick"; return; }
    act({ kind: "flick", angle, power, spin: round(Number(spin.value), 2) });
  });
  const typed = ["angle", "power", "spin"].map((name) => h("input", {
    id: `typed-${name}`, type: "number", step: "any", placeholder: name === "power" ? "power 0.01..1" : name,
    style: "width:7rem" }));
  const typedFlick = () => act({ kind: "flick", angle: Number(typed[0].value), power: Number(typed[1].value),
                                 spin: Number(typed[2].value || 0) });
  return h("div", { class: "aim" },
    h("p", { "data-term": "flick" }, "Flick: drag from your penguin's side of the board in the direction to go; longer is harder. Release to flick."),
    h("label", {}, "Spin ", spin, " ", spinText), h("div", {}, readout),
    h("details", {}, h("summary", {}, "type a flick"), ...typed, h("button", { onclick: typedFlick }, "Flick")));
}

const NICE = {
  relocate: () => "Move my penguin to the white line",
  cast: (a) => `Cast ${a.card}`,
  collect: (a) => `Collect the ${a.icon} lesson`,
  exam: (a) => `Take the exam on ${a.space}, paying ${a.paid.join(" + ")}`,
  trade: (a) => `Trade with Player ${a.player}: give ${a.give}, take ${a.take}`,
  discard: (a) => `Discard ${a.card}${a.face_down ? " (face down)" : ""}`,
  done: () => "Done",
};

function drawFire(view) {
  // Only who still chooses and who has chosen are public; the choice is the owner's alone.
  const obs = view.observation;
  if (!obs.fire_discards.length) return null;
  const seats = [...obs.fire_chosen.map((i) => [i, "has chosen"]), ...obs.fire_discards.map((i) => [i, "choosing…"])]
    .sort((a, b) => a[0] - b[0]);
  return h("div", { class: "panel", id: "fire", "data-term": "fire-discard" },
    h("b", {}, "Fire! "), "The other players choose a lesson to discard, all at once; each choice stays hidden until everyone has chosen.",
    h("ul", {}, seats.map(([i, what]) => h("li", { "data-seat": i, class: "fire-seat" }, `${obs.players[i]}: ${what}`))),
    obs.your_discard ? h("div", { id: "your-discard" }, `Your hidden choice: ${obs.your_discard}`) : "");
}

function drawHands(view, layout) {
  const obs = view.observation;
  const letter = Object.fromEntries(layout.icons.map((i) => [i.id, i.letter]));
  const exam = (e, i) => [i ? ", " : "", h("span", { "data-term": `exam ${e.icons.map((x) => letter[x]).join("+")}` },
    `${e.icons.join("+")} (${e.points})`)];
  return h("div", { class: "hands" }, obs.hands.map((hand, i) => h("div", { class: "panel hand", "data-seat": i },
    h("b", { style: `color:${PENGUIN[obs.colours[i]]}` }, `${obs.players[i]} (${obs.colours[i]})`), " · ",
    h("span", { "data-term": "magic points" }, `${obs.scores[i]} points`),
    h("div", { class: "cards" }, Object.entries(hand.face_up).map(([card, n]) => h("span", { class: "card", "data-term": card,
      "data-tip": `${obs.players[i]}'s lesson, face up` }, `${card}${n > 1 ? ` ×${n}` : ""}`)),
      Object.entries(hand.face_down).map(([card, n]) => h("span", { class: "card muted", "data-term": card,
        "data-tip": `${obs.players[i]}'s lesson, face down (spell used)` }, `${card}↓${n > 1 ? ` ×${n}` : ""}`))),
    h("div", { class: "muted" }, "exams: ", ...(hand.exams.length ? hand.exams.flatMap(exam) : ["none"])))),
  h("p", { class: "muted" }, h("span", { "data-term": "lesson" }, `lesson deck ${obs.lesson_deck}`), " · ",
    h("span", { "data-term": "exam" }, `exam deck ${obs.exam_deck}`),
    obs.final_round ? h("span", { "data-term": "last round" }, " · last round") : ""));
}

export function render(ctx) {
  const { view, layout, board, choices, act } = ctx;
  const g = geometry(layout);
  const svg = drawBoard(ctx, g);
  const fire = drawFire(view);
  board.replaceChildren(...(fire ? [fire] : []), svg, drawHands(view, layout));
  drawPath(view, svg, g);
  const aim = aimControl(ctx, svg, g);
  if (aim) choices.append(aim);
  const others = view.legal.map((l) => l.action).filter((a) => a.kind !== "flick");
  const terms = { cast: "card", discard: "card", collect: "icon", exam: "space" };  // what each button is about
  for (const action of others.filter((a) => a.kind !== "trade")) {
    choices.append(h("button", { class: `act-${action.kind}`, onclick: () => act(action),
                                 "data-term": terms[action.kind] ? action[terms[action.kind]] : action.kind },
      (NICE[action.kind] || JSON.stringify)(action)));
  }
  const trades = others.filter((a) => a.kind === "trade");
  if (trades.length) choices.append(tradeChoice(ctx, trades));
}

// A trade is two choices, as at the table: the lesson you give, then the one you take
// (one button per pair was a wall of buttons). Nothing is sent before the second.
function tradeChoice(ctx, trades) {
  const { act, local } = ctx;
  const giving = trades.some((a) => a.give === local.tradeGive) ? local.tradeGive : null;
  const box = h("div", { class: "trade", id: "trade" },
    h("p", { "data-term": "trade" }, `Trade with Player ${trades[0].player}: `,
      giving ? ["you give ", h("b", { "data-term": giving }, giving), "; take which?"]
        : "choose the lesson you give."));
  const pick = (give) => () => { local.tradeGive = give; box.replaceWith(tradeChoice(ctx, trades)); };
  if (!giving) {
    for (const give of [...new Set(trades.map((a) => a.give))]) {
      box.append(h("button", { class: "trade-give", "data-card": give, "data-term": give, onclick: pick(give) },
        `Give ${give}`));
    }
    return box;
  }
  for (const action of trades.filter((a) => a.give === giving)) {
    box.append(h("button", { class: "act-trade", "data-card": action.take, "data-term": action.take,
                             onclick: () => { local.tradeGive = null; act(action); } },
      `Take ${action.take}`));
  }
  box.append(h("button", { class: "trade-back", onclick: pick(null) }, "Back: give another"));
  return box;
}
