// Winter Queen: the hex map with provinces, royal tokens and floes; stands, stacks, books.
//
// A move is made by clicking: a floe on one of your stands, then a space on the map or an
// empty page of one of your books. Only legal choices are offered (they pulse).
import { h, s } from "../dom.js";
import { wait } from "../watch.js";

const SIZE = 34;
const ZONE_FILL = { red: "#f3c9c5", green: "#cfe9cf", purple: "#e0cdef", blue: "#c9dbf4",
                    royal: "#f3e7b3" };
export const FLOE = { blue: "#3b7dd8", green: "#3aa655", yellow: "#f0c419", purple: "#8e5cc2",
                      red: "#d64541" };
// Seats wear colours no floe has (the site's usual red, blue, green... would read as
// floes): charcoal, pink, brown, grey, in seat order.
const SEAT_INK = ["#2b2f36", "#e0569b", "#8a5a3c", "#7e8892"];

export function seatColour(view, seat) {
  return SEAT_INK[seat % SEAT_INK.length];
}

function hexPoints(cx, cy, r) {
  return Array.from({ length: 6 }, (_, i) => {
    const a = Math.PI / 180 * (60 * i - 30);
    return `${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`;
  }).join(" ");
}

function centre(q, r) {
  return [SIZE * Math.sqrt(3) * (q + r / 2), SIZE * 1.5 * r];
}

function floeIcon(colour, size = 16, extra = {}) {
  return s("svg", { width: size, height: size, viewBox: "-10 -10 20 20", class: "floe-icon" },
    s("polygon", { points: hexPoints(0, 0, 9), fill: FLOE[colour], stroke: "#333", ...extra }));
}

function legalOf(view, kind) {
  return view.legal.map((l) => l.action).filter((a) => a.kind === kind);
}

export function scores(view) {
  return view.observation.vp;
}

// Each seat's last turn, from the observation (every action is public): where its floe
// went, the book it took, used or returned a floe from. The newest is the one animated.
function lastMarks(view) {
  const turns = view.observation.last_turns || [];
  const cells = new Map();
  const pages = new Map();
  turns.forEach((turn, i) => {
    const mark = { player: turn.player, newest: i === turns.length - 1 };
    if (turn.placed?.cell) cells.set(turn.placed.cell, mark);
    if (turn.placed?.book) pages.set(`${turn.placed.book}.${turn.placed.page}`, mark);
  });
  return { cells, pages };
}

function turnText(view, turn) {
  const seat = view.seats[turn.player];
  const who = seat?.nickname || view.observation.players[turn.player];
  const p = turn.placed;
  const parts = [
    turn.passed ? "passed" : "",
    turn.used ? `used ${turn.used}` : "",
    turn.returned ? `returned the floe on ${turn.returned} to the bag` : "",
    p ? `placed a ${p.floe} floe from stand ${p.stand} on ${p.cell || `page ${p.page} of ${p.book}`}` : "",
    turn.took ? `took ${turn.took}` : "",
  ].filter(Boolean);
  return `${who}: ${parts.join(", then ")}`;
}

function drawLastTurns(view) {
  const turns = view.observation.last_turns || [];
  if (!turns.length) return "";
  return h("div", { class: "wq-last-turn", id: "wq-last-turns" },
    h("b", {}, "Last turns "), h("span", { class: "muted" }, "(marked on the board with a dashed ring)"),
    h("ul", {}, turns.map((turn, i) => h("li", { class: i === turns.length - 1 ? "newest" : "",
                                                 "data-player": turn.player }, turnText(view, turn)))));
}

/** Another seat's step: its marks (and the line saying it) pulse for one step. */
export function animate(ctx) {
  if (ctx.own) return null;
  const marked = document.querySelectorAll("#board .newest");
  for (const node of marked) node.classList.add("just-moved");
  return wait(ctx.pace * 1.5, ctx.signal).then(() => {
    for (const node of marked) node.classList.remove("just-moved");
  });
}

function drawMap(ctx, targets, returns) {
  const { view, layout, act } = ctx;
  const obs = view.observation;
  const board = Object.fromEntries(obs.board.map((c) => [c.cell, c]));
  const marks = lastMarks(view);
  const onTop = [];  // the last turns' marks, drawn after the cells so none hides them
  const [x0, y0] = [205, 160];
  const svg = s("svg", { viewBox: "0 0 760 520", id: "wq-map" });
  for (const cell of layout.cells) {
    const [dx, dy] = centre(cell.q, cell.r);
    const [cx, cy] = [x0 + dx, y0 + dy];
    const here = board[cell.cell];
    const target = targets.get(cell.cell) || returns.get(cell.cell);
    const group = s("g", { class: `cell${target ? " clickable" : ""}`, "data-cell": cell.cell,
                           "data-term": cell.cell, onclick: target ? () => act(target) : null });
    group.append(s("polygon", { points: hexPoints(cx, cy, SIZE - 1), fill: ZONE_FILL[cell.zone],
                                stroke: "#7d8b99", "stroke-width": cell.edge ? 2 : 1,
                                class: target ? "target" : "" }));
    if (here.floe) {
      group.append(s("polygon", { points: hexPoints(cx, cy, SIZE * 0.62), fill: FLOE[here.floe],
                                  stroke: here.depicted ? "#b8860b" : "#333",
                                  "stroke-width": here.depicted ? 3 : 1,
                                  "data-term": here.depicted ? "depicted" : here.floe,
                                  "data-tip": `${here.floe} floe on ${cell.cell}${here.depicted ? ", printed on the royal token" : ""}` }));
    }
    if (obs.royal_tokens[cell.cell]) {
      group.append(s("text", { x: cx, y: cy - SIZE * 0.62, "text-anchor": "middle", "font-size": 10, fill: "#7a5b00",
                               "data-term": obs.royal_tokens[cell.cell], "data-tip": `Royal token on ${cell.cell}` },
        `♛ ${obs.royal_tokens[cell.cell]}`));
    }
    group.append(s("text", { x: cx, y: cy + SIZE * 0.8, "text-anchor": "middle", "font-size": 9,
                             fill: "#55606b" }, cell.cell));
    const mark = marks.cells.get(cell.cell);
    if (mark) {  // a seat's last placed floe: a dashed ring and the seat's number, over every cell
      const newest = mark.newest ? " newest" : "";
      onTop.push(s("polygon", { points: hexPoints(cx, cy, SIZE - 4), class: `wq-last${newest}`,
                                "data-last": mark.player }),
        s("g", { class: `wq-last-tag${newest}`, "pointer-events": "none" },
          s("circle", { cx: cx + SIZE * 0.62, cy: cy - SIZE * 0.5, r: 8, fill: "#d62728", stroke: "#fff" }),
          s("text", { x: cx + SIZE * 0.62, y: cy - SIZE * 0.5 + 3.5, "text-anchor": "middle", "font-size": 10,
                      "font-weight": 700, fill: "#fff" }, mark.player + 1)));
    }
    svg.append(group);
  }
  svg.append(...onTop);
  drawStacks(ctx, svg);
  return svg;
}

// Stacks beside the province they belong to: red above, green right, purple below, blue left.
const STACK_AT = { red: [300, 8], green: [600, 200], purple: [300, 440], blue: [4, 200] };

function drawStacks({ view, act }, svg) {
  const takes = new Map(legalOf(view, "take").map((a) => [a.province, a]));
  for (const stack of view.observation.stacks) {
    const [x, y] = STACK_AT[stack.province] || [0, 0];
    const take = takes.get(stack.province);
    const g = s("g", { class: `stack${take ? " clickable" : ""}`, "data-province": stack.province,
                       "data-term": "stack", "data-tip": `The ${stack.province} stack: ${stack.size} books`,
                       onclick: take ? () => act(take) : null });
    g.append(s("rect", { x, y, width: 156, height: 70, rx: 6, fill: "#fff",
                         stroke: FLOE[stack.province], "stroke-width": 3,
                         class: take ? "target" : "" }));
    g.append(s("text", { x: x + 8, y: y + 16, "font-size": 12, "font-weight": 600 },
      `${stack.province} stack · ${stack.size}`));
    if (stack.top) {
      g.append(s("text", { x: x + 8, y: y + 33, "font-size": 11, "data-term": stack.top.id,
                           "data-tip": `Top of the ${stack.province} stack` }, stack.top.id));
      stack.top.pages.forEach((page, i) => g.append(s("text", { x: x + 8, y: y + 48 + 14 * i,
        "font-size": 10.5, "data-term": page.title, "data-tip": `Page ${page.page} of ${stack.top.id}` },
      `${page.page}: ${page.title}${page.depicts ? ` (${page.depicts})` : ""}`)));
    } else {
      g.append(s("text", { x: x + 8, y: y + 36, "font-size": 11, fill: "#888" }, "empty"));
    }
    svg.append(g);
  }
}

function drawStands(ctx) {
  const { view, local } = ctx;
  const places = [...legalOf(view, "place"), ...legalOf(view, "place-book")];
  const row = h("div", { class: "stands", "data-phone-focus": true });  // kept in sight on a phone
  for (const stand of view.observation.stands) {
    const box = h("div", { class: `stand${stand.yours ? " yours" : ""}`, "data-stand": stand.stand },
      h("span", { class: "group-title", "data-term": "stand", "data-tip": `Stand ${stand.stand}` },
        `Stand ${stand.stand}${stand.yours ? " (yours)" : ""}`));
    for (const [colour, count] of Object.entries(stand.floes)) {
      const usable = places.some((a) => a.stand === stand.stand && a.floe === colour);
      const chosen = local.selected?.stand === stand.stand && local.selected?.floe === colour;
      box.append(h("button", {
        class: `floe${usable ? " playable" : ""}${chosen ? " chosen" : ""}`,
        "data-stand": stand.stand, "data-floe": colour, disabled: !usable, "data-term": colour,
        "data-tip": `${count} ${colour} floe${count > 1 ? "s" : ""} on stand ${stand.stand}${usable ? ": click to place one" : ""}`,
        onclick: () => { local.selected = chosen ? null : { stand: stand.stand, floe: colour }; ctx.rerender(); },
      }, floeIcon(colour), ` ×${count}`));
    }
    row.append(box);
  }
  return row;
}

function drawBooks(ctx, pageTargets) {
  const { view, act } = ctx;
  const obs = view.observation;
  const uses = new Map(legalOf(view, "use").map((a) => [a.book, a]));
  const marks = lastMarks(view);
  const box = h("div", { class: "books" });
  obs.books.forEach((books, seat) => {
    const line = h("div", { class: "player-books", "data-seat": seat },
      h("span", { class: "group-title", "data-term": "spellbook" }, `${obs.players[seat]}'s books`));
    for (const book of books) {
      const use = uses.get(book.id);
      const card = h("div", { class: "book card", "data-book": book.id },
        h("b", { "data-term": book.id, "data-tip": `${obs.players[seat]}'s book` }, book.id));
      for (const page of book.pages) {
        const target = pageTargets.get(`${book.id}.${page.page}`);
        const mark = marks.pages.get(`${book.id}.${page.page}`);
        card.append(h("div", {
          class: `page${target ? " playable" : ""}${mark ? ` wq-last-page${mark.newest ? " newest" : ""}` : ""}`, "data-page": `${book.id}.${page.page}`,
          "data-term": page.title, "data-tip": `Page ${page.page} of ${book.id}${page.floe ? `, holding a ${page.floe} floe` : ", empty"}`,
          onclick: target ? () => act(target) : null,
        }, `${page.page}: ${page.title} `, page.depicts ? h("span", { class: "muted" }, `(${page.depicts}) `) : "",
        page.floe ? floeIcon(page.floe, 14) : h("span", { class: "muted" }, "empty")));
      }
      if (use) card.append(h("button", { class: "use", "data-book": book.id, onclick: () => act(use) }, `Use ${book.id}`));
      line.append(card);
    }
    if (!books.length) line.append(h("span", { class: "muted" }, " none"));
    box.append(line);
  });
  return box;
}

export function render(ctx) {
  const { view, board, choices, act, local } = ctx;
  const legal = view.legal.map((l) => l.action);
  ctx.rerender = () => render(ctx);
  if (local.selected && !legal.some((a) => (a.kind === "place" || a.kind === "place-book")
      && a.stand === local.selected.stand && a.floe === local.selected.floe)) {
    local.selected = null;
  }
  const chosen = (a) => local.selected && a.stand === local.selected.stand && a.floe === local.selected.floe;
  const targets = new Map(legalOf(view, "place").filter(chosen).map((a) => [a.cell, a]));
  const pageTargets = new Map(legalOf(view, "place-book").filter(chosen).map((a) => [`${a.book}.${a.page}`, a]));
  const returns = new Map(legalOf(view, "return").map((a) => [a.cell, a]));
  const obs = view.observation;
  const info = h("p", { class: "muted" },
    h("span", { "data-term": "bag" }, `Bag: ${obs.bag.size} floes`), ` · phase: ${obs.phase}`,
    obs.final_phase ? h("span", { "data-term": "final phase" },
      ` · final phase${obs.turns_left !== null ? `, ${obs.turns_left} turns left for you` : ""}`) : "");
  board.replaceChildren(drawMap(ctx, targets, returns), drawLastTurns(view), info, drawStands(ctx),
    drawBooks(ctx, pageTargets));

  choices.replaceChildren();
  if (local.selected) {
    choices.append(h("p", {}, `Place the ${local.selected.floe} floe from stand ${local.selected.stand}: `,
      "click a pulsing space or book page. ", h("button", { onclick: () => { local.selected = null; ctx.rerender(); } }, "Cancel")));
  } else if (legal.some((a) => a.kind === "place" || a.kind === "place-book")) {
    choices.append(h("p", {}, "Click a floe on one of your stands."));
  }
  const takeNone = legal.find((a) => a.kind === "take" && a.province === null);
  if (legal.some((a) => a.kind === "take")) {
    choices.append(h("p", {}, "Take the top book of a pulsing stack, or none."));
    if (takeNone) choices.append(h("button", { id: "take-none", onclick: () => act(takeNone) }, "Take no book"));
  }
  if (returns.size) choices.append(h("p", {}, "Click the floe to return to the bag."));
  const pass = legal.find((a) => a.kind === "pass");
  if (pass) choices.append(h("button", { id: "pass", onclick: () => act(pass) }, "Pass"));
  if (legal.some((a) => a.kind === "use")) choices.append(h("p", { class: "muted" }, "Or use one of your books (its Use button)."));
}
