// Winter Queen: the hex map with provinces, royal tokens and floes; stands, stacks, books.
//
// A move is made by clicking: a floe on one of your stands, then a space on the map or an
// empty page of one of your books. Only legal choices are offered (they pulse).
// Every component is drawn with its icon (static/icons/winter-queen.svg): a floe's colour
// also has a glyph of its own, so players who cannot tell the colours apart still can.
import { h, s, sameAction } from "../dom.js";
import { wait } from "../watch.js";
import { PALETTE } from "../palette.js";
import { icon, loadIcons, useIcon } from "../icons.js";
import { all, cardBack, flip, flyPoints, slide } from "../motion.js";
import { ruleLink, saidNodes } from "../said.js";
import { bookName, effectId, floeId } from "./winter-queen/names.js";
import { markSpot } from "./winter-queen/marks.js";
import { drawMarks } from "../marks.js";

const SIZE = 34;
const COLOURS = PALETTE.games["winter-queen"];
const ZONE_FILL = COLOURS.components.zone;
export const FLOE = COLOURS.components.floe;
const INK = COLOURS.ink;
// Seats wear colours no floe has (the site's usual red, blue, green... would read as
// floes): charcoal, oxblood, navy, grey, in seat order (tests/server/test_palette.py).
const SEAT_INK = COLOURS.seats;
// Axial steps to the neighbour across each side of a hex, side i joining corners i and i+1.
const SIDES = [[1, 0], [0, 1], [-1, 1], [-1, 0], [0, -1], [1, -1]];

// The sprite is in the page before the first board is drawn (the table waits for this
// module); without it the board is still drawn, its icons empty.
await loadIcons("winter-queen").catch((err) => console.warn("Winter Queen's icons", err));

/** The end screen's column heads: a spellbook effect's icon, by the category's id (its
 *  effect's id; breakdown.js). */
export function categoryIcon(category, id) {
  const symbol = id ? effectId(id) : null;
  return symbol && document.getElementById(symbol) ? icon(symbol, { size: "1.1em" }) : null;
}

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

function floeIcon(colour, size = "1.5em") {
  return icon(floeId(colour), { size, class: "floe-icon", title: `${colour} floe` });
}

// A legal action's entry in the view (its label, explanation and group, in the engine's
// words), by the action.
function entryOf(view, action) {
  return view.legal.find((l) => sameAction(l.action, action)) || null;
}

// What a target says when pointed at: the engine's one-line explanation of the action.
const explained = (view, action) => (action ? entryOf(view, action)?.explain?.text ?? null : null);

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

/** How a mention of this game looks (said.js): a floe, a book and an effect with their
 *  icons (known from the layout: its colours, its books and their pages' effects), each
 *  with its tooltip; anything else as said.js draws it. */
export function mention(m, layout) {
  let id = null;
  if (m.kind === "piece" && layout?.colours?.includes(m.ref)) id = floeId(m.ref);
  else if (m.kind === "card" && layout?.books?.[m.ref]) id = "wq-book";
  else if (m.kind === "term" && Object.values(layout?.books || {}).flat().some((p) => p.effect === m.ref)) {
    id = effectId(m.ref);
  }
  if (!id) return null;
  // the icon stays with the first word; a long name ("the book with …") wraps after it
  const [first, ...rest] = m.text.split(" ");
  return h("span", { "data-term": m.term ?? null, "data-ref": m.ref, class: `said-${m.kind}` },
    h("span", { class: "named" }, icon(id, { size: "1.05em" }), first), rest.length ? ` ${rest.join(" ")}` : "");
}

function drawLastTurns(view, layout) {
  const turns = view.observation.last_turns || [];
  if (!turns.length) return "";
  return h("div", { class: "wq-last-turn", id: "wq-last-turns" },
    h("b", {}, "Last turns "), h("span", { class: "muted" }, "(marked on the board with a dashed ring)"),
    h("ul", {}, turns.map((turn, i) => h("li", { class: i === turns.length - 1 ? "newest" : "",
                                                 "data-player": turn.player }, ...saidNodes(turn.said, { mention }, layout)))));
}

// The floes on the books' pages, by "book.page".
function pageFloes(obs) {
  return new Map(obs.books.flat().flatMap((book) => book.pages.map((page) => [`${book.id}.${page.page}`, page.floe])));
}

/**
 * Another seat's step, explained (js/motion.js): a floe it placed slides from its stand
 * (or the bag) to its space or page, a book it took turns over to show its face, and
 * the VP it gained fly to its score; its marks (and the line saying it) pulse meanwhile.
 * The board is drawn as the step ended; only copies and transforms move.
 */
export function animate(ctx, previous) {
  if (ctx.own) return null;
  const { view, board, signal, pace } = ctx;
  const obs = view.observation;
  const before = previous.observation;
  const turn = (obs.last_turns || []).at(-1);
  const marked = board.querySelectorAll(".newest");
  for (const node of marked) node.classList.add("just-moved");
  const slideTime = pace * 0.9;
  const motions = [];
  const placed = [];  // where the floes landed: the points fly from there
  const standOf = (cell, page) => {
    const p = turn?.placed;
    if (!p || (cell ? p.cell !== cell : `${p.book}.${p.page}` !== page)) return board.querySelector("[data-term='bag']");
    return board.querySelector(`.stand[data-stand='${p.stand}'] button.floe[data-floe='${p.floe}'] svg`)
      || board.querySelector(`.stand[data-stand='${p.stand}'] .group-title`);
  };
  const was = new Map(before.board.map((c) => [c.cell, c.floe]));
  for (const c of obs.board) {
    if (!c.floe || was.get(c.cell)) continue;
    const node = board.querySelector(`#wq-map .cell[data-cell='${c.cell}'] g.floe`);
    if (!node) continue;
    placed.push(node);
    motions.push(slide(node, standOf(c.cell, null), { duration: slideTime, signal }));
  }
  const wasOnPage = pageFloes(before);
  for (const [key, floe] of pageFloes(obs)) {
    if (!floe || wasOnPage.get(key) || !wasOnPage.has(key)) continue;
    const node = board.querySelector(`.page[data-page='${key}'] > svg:last-child`);
    if (!node) continue;
    placed.push(node);
    motions.push(slide(node, standOf(null, key), { duration: slideTime, signal }));
  }
  const held = new Set(before.books.flat().map((book) => book.id));
  obs.books.forEach((books) => books.filter((book) => !held.has(book.id)).forEach((book) => {
    const card = board.querySelector(`.book[data-book='${book.id}']`);
    if (!card) return;
    placed.push(card);
    const back = cardBack(icon("wq-book-back", { size: "100%" }), INK["book-back"]);
    motions.push(flip(card, { back, duration: pace * 0.8, signal }));
  }));
  // Another seat's VP stay hidden, but the log says what it gained (each gain a line of
  // the engine's with its seat and its VP).
  ctx.fresh.filter((line) => line.vp > 0 && line.player !== null).forEach((line, i) => {
    const seat = line.player;
    const from = placed[0] || board.querySelector(`.player-books[data-seat='${seat}']`);
    const row = document.querySelector(`#players li[data-seat='${seat}']`);
    const to = row?.querySelector(".score b") || row?.querySelector(".who") || row;
    motions.push(flyPoints(from, to, `+${line.vp} VP`,
                           { delay: (placed.length ? slideTime * 0.8 : 0) + i * 120, duration: pace, signal }));
  });
  return all([...motions, wait(pace * 1.5, signal)]).then(() => {
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
                           "data-term": cell.cell, "data-tip": explained(view, target),
                           onclick: target ? () => act(target) : null });
    group.append(s("polygon", { points: hexPoints(cx, cy, SIZE - 1), fill: ZONE_FILL[cell.zone],
                                stroke: INK["cell-line"], "stroke-width": cell.edge ? 2 : 1,
                                class: target ? "target" : "" }));
    if (here.floe) group.append(drawFloe(here, cell.cell, cx, cy));
    const token = obs.royal_tokens[cell.cell];
    if (token) group.append(royalToken(token, layout, cell.cell, cx, cy));
    // The space's name, small: the floes and the last turns' marks are what the eye finds
    // first; the name is there for the log's "on c3" (its ink still reads at AA; 8 px is the
    // smallest that stays legible once a phone scales the map down: tests/browser/test_phone.py).
    group.append(s("text", { x: cx, y: cy + SIZE * 0.84, "text-anchor": "middle", "font-size": 8,
                             fill: INK["cell-label"], class: "space-label" }, cell.cell));
    const mark = marks.cells.get(cell.cell);
    if (mark) onTop.push(...lastMark(mark, cx, cy));
    svg.append(group);
  }
  svg.append(provinceLines(layout, x0, y0), ...onTop);
  drawStacks(ctx, svg);
  return svg;
}

// A royal token: its crown only. A token printing a floe says which by the floe lying there
// (gold-ringed); an open one is the bare crown. Its id stays in data-code.
function royalToken(token, layout, cell, cx, cy) {
  const prints = layout?.royal_tokens?.[token];
  return s("g", { class: "royal-token", "data-term": "royal token", "data-code": token,
                  "data-tip": prints ? `Royal token on ${cell}, printing a ${prints} floe`
                    : `Royal token on ${cell}: an open royal space` },
    useIcon("wq-royal", cx, cy - SIZE * 0.7, 12));
}

// A floe on the map: its icon (colour and glyph); one printed on a royal token has a gold ring.
function drawFloe(here, cell, cx, cy) {
  const g = s("g", { class: "floe", "data-floe": here.floe, "data-term": here.depicted ? "printed floe" : here.floe,
                     "data-tip-icon": floeId(here.floe),
                     "data-tip": `${here.floe} floe on ${cell}${here.depicted ? ", printed on the royal token" : ""}` });
  if (here.depicted) {
    g.append(s("polygon", { points: hexPoints(cx, cy, SIZE * 0.57), fill: "none", stroke: INK.depicted,
                            "stroke-width": 3 }));
  }
  g.append(useIcon(floeId(here.floe), cx, cy, SIZE * 1.1));
  return g;
}

// A seat's last placed floe: a dashed ring and the seat's number (low right, clear of a
// royal token's name), over every cell.
function lastMark(mark, cx, cy) {
  const newest = mark.newest ? " newest" : "";
  return [s("polygon", { points: hexPoints(cx, cy, SIZE - 4), class: `wq-last${newest}`, "data-last": mark.player }),
    s("g", { class: `wq-last-tag${newest}`, "pointer-events": "none" },
      s("circle", { cx: cx + SIZE * 0.62, cy: cy + SIZE * 0.42, r: 8, fill: INK.last, stroke: INK["last-ink"] }),
      s("text", { x: cx + SIZE * 0.62, y: cy + SIZE * 0.42 + 3.5, "text-anchor": "middle", "font-size": 10,
                  "font-weight": 700, fill: INK["last-ink"] }, mark.player + 1))];
}

// The provinces' borders, drawn darker than the spaces' sides: the zones' pale colours
// look alike to many colour-blind players, the lines do not.
function provinceLines(layout, x0, y0) {
  const zoneAt = new Map(layout.cells.map((c) => [`${c.q},${c.r}`, c.zone]));
  const path = [];
  for (const cell of layout.cells) {
    const [dx, dy] = centre(cell.q, cell.r);
    const corners = hexPoints(x0 + dx, y0 + dy, SIZE - 1).split(" ");
    SIDES.forEach(([q, r], i) => {
      const other = zoneAt.get(`${cell.q + q},${cell.r + r}`);
      if (other && other !== cell.zone) path.push(`M${corners[i]}L${corners[(i + 1) % 6]}`);
    });
  }
  return s("path", { d: path.join(""), stroke: INK["province-line"], "stroke-width": 2.5,
                     "stroke-linecap": "round", fill: "none", "pointer-events": "none", class: "province-lines" });
}

// Stacks beside the province they belong to: red above, green right, purple below, blue left.
const STACK_AT = { red: [298, 4], green: [592, 196], purple: [298, 442], blue: [4, 196] };
const STACK_W = 164;

// A stack: its books' backs piled up (its size), its province's floe, and the top book's
// two pages, face up as at the table.
function drawStacks({ view, act }, svg) {
  const takes = new Map(legalOf(view, "take").map((a) => [a.province, a]));
  for (const stack of view.observation.stacks) {
    const [x, y] = STACK_AT[stack.province] || [0, 0];
    const take = takes.get(stack.province);
    const g = s("g", { class: `stack${take ? " clickable" : ""}`, "data-province": stack.province,
                       "data-code": stack.top?.id ?? "",
                       "data-term": "stack",
                       "data-tip": explained(view, take) ?? `The ${stack.province} stack: ${stack.size} books`,
                       onclick: take ? () => act(take) : null });
    g.append(s("rect", { x, y, width: STACK_W, height: 74, rx: 6, fill: INK.stack,
                         stroke: FLOE[stack.province], "stroke-width": 3, class: take ? "target" : "" }));
    for (let i = Math.min(stack.size, 3) - 1; i >= 0; i--) {  // a pile: up to three backs show
      g.append(s("use", { href: "#wq-book-back", x: x + 6 + i * 2.5, y: y + 8 - i * 2.5, width: 26, height: 35 }));
    }
    g.append(useIcon(floeId(stack.province), x + 45, y + 13, 15),
      s("text", { x: x + 55, y: y + 17, "font-size": 12, "font-weight": 600, fill: INK["cell-label"] },
        `${stack.province} · ${stack.size}`));
    if (stack.top) {  // the top book, named by its pages as at the table
      const name = bookName(stack.top.pages);
      stack.top.pages.forEach((page, i) => g.append(stackPage(page, name, x + 40, y + 36 + 18 * i)));
    } else {
      g.append(s("text", { x: x + 40, y: y + 44, "font-size": 11, fill: INK["cell-label"] }, "empty"));
    }
    svg.append(g);
  }
}

function stackPage(page, name, x, y) {
  const g = s("g", { "data-term": page.title, "data-tip": `Page ${page.page} of the book with ${name}`,
                     "data-tip-icon": effectId(page.effect) },
    s("g", { color: INK["cell-label"] }, useIcon(effectId(page.effect), x + 7, y - 4, 15)),
    s("text", { x: x + 17, y, "font-size": 10.5, fill: INK["cell-label"] }, page.title));
  if (page.depicts) g.append(useIcon(floeId(page.depicts), x + 24 + page.title.length * 5.4, y - 4, 13));
  return g;
}

// The bag: its sack, how many floes it holds, and (public) how many of each colour.
function drawBag(bag) {
  const colours = Object.entries(bag.floes || {}).filter(([, n]) => n > 0);
  return h("span", { class: "wq-bag", id: "wq-bag", "data-term": "bag", "data-tip-icon": "wq-bag",
                     "data-tip": `The bag: ${bag.size} floe${bag.size === 1 ? "" : "s"}` },
    icon("wq-bag", { size: "1.9em", class: "bag-icon", title: "bag" }),
    h("b", { class: "bag-size" }, `${bag.size}`), ` floe${bag.size === 1 ? "" : "s"} in the bag`,
    colours.length ? h("span", { class: "bag-colours" }, colours.map(([colour, n]) =>
      h("span", { class: "bag-colour", "data-floe": colour }, floeIcon(colour, "1.2em"), `${n}`))) : "");
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
        "data-tip-icon": floeId(colour),
        "data-tip": `${count} ${colour} floe${count > 1 ? "s" : ""} on stand ${stand.stand}${usable ? ": click to place one" : ""}`,
        onclick: () => {
          local.selected = chosen ? null : { stand: stand.stand, floe: colour, version: view.version };
          ctx.rerender();
        },
      }, floeIcon(colour), h("span", { class: "count" }, `×${count}`)));
    }
    row.append(box);
  }
  return row;
}

// A held book, drawn as a card: the book's sign, then each page as the effect's icon and title, the
// colour a Forest Lights page prints, and the floe lying on the page (or its empty place).
function bookCard(ctx, book, owner, pageTargets, marks, use) {
  const { act } = ctx;
  // Named by its pages (shown right below), so the head is the book's sign, not its id.
  const name = bookName(book.pages);
  const card = h("div", { class: "book card", "data-book": book.id, "data-code": book.id },
    h("div", { class: "book-head", "data-term": "spellbook", "data-tip": `${owner}'s book with ${name}` },
      icon("wq-book", { size: "1.2em" })));
  for (const page of book.pages) {
    const key = `${book.id}.${page.page}`;
    const target = pageTargets.get(key);
    const mark = marks.pages.get(key);
    card.append(h("div", {
      class: `page${target ? " playable" : ""}${mark ? ` wq-last-page${mark.newest ? " newest" : ""}` : ""}`,
      "data-page": key, "data-term": page.title, "data-tip-icon": effectId(page.effect),
      "data-tip": explained(ctx.view, target)
        ?? `Page ${page.page} of the book with ${name}${page.floe ? `, holding a ${page.floe} floe` : ", empty"}`,
      onclick: target ? () => act(target) : null,
    }, icon(effectId(page.effect), { size: "1.6em", class: "effect" }),
    h("span", { class: "page-title" }, page.title,
      page.depicts ? h("span", { class: "depicts" }, " ", floeIcon(page.depicts, "1.1em")) : ""),
    page.floe ? floeIcon(page.floe, "1.6em")
      : icon("wq-floe-empty", { size: "1.6em", class: "empty-page", title: "empty page" })));
  }
  if (use) {  // in the card, so "Use this book" says which; its full name for screen readers
    const entry = entryOf(ctx.view, use);  // the engine's label, its explanation the tooltip
    card.append(h("button", { class: "use", "data-book": book.id, "data-code": book.id,
                              "data-tip": entry?.explain?.text ?? null, onclick: () => act(use) },
      entry?.label?.text ?? "Use this book"));
  }
  return card;
}

function drawBooks(ctx, pageTargets) {
  const { view } = ctx;
  const obs = view.observation;
  const uses = new Map(legalOf(view, "use").map((a) => [a.book, a]));
  const marks = lastMarks(view);
  const box = h("div", { class: "books" });
  obs.books.forEach((books, seat) => {
    const first = seat === obs.first_player
      ? h("span", { class: "queen", "data-term": "Winter Queen token", "data-tip-icon": "wq-queen",
                    "data-tip": `${obs.players[seat]} holds the Winter Queen token` },
        icon("wq-queen", { size: "1.3em", title: "Winter Queen token (first player)" })) : "";
    const line = h("div", { class: "player-books", "data-seat": seat },
      h("span", { class: "group-title", "data-term": "spellbook" }, first, `${obs.players[seat]}'s books`));
    const cards = h("div", { class: "book-row" });
    for (const book of books) cards.append(bookCard(ctx, book, obs.players[seat], pageTargets, marks, uses.get(book.id)));
    if (!books.length) cards.append(h("span", { class: "muted" }, "none"));
    line.append(cards);
    box.append(line);
  });
  return box;
}

export function render(ctx) {
  const { view, board, choices, act, local } = ctx;
  const legal = view.legal.map((l) => l.action);
  ctx.rerender = () => render(ctx);
  // A floe chosen on an earlier turn is not chosen on this one, even if it could be placed again.
  if (local.selected && (local.selected.version !== view.version
      || !legal.some((a) => (a.kind === "place" || a.kind === "place-book")
        && a.stand === local.selected.stand && a.floe === local.selected.floe))) {
    local.selected = null;
  }
  const chosen = (a) => local.selected && a.stand === local.selected.stand && a.floe === local.selected.floe;
  const targets = new Map(legalOf(view, "place").filter(chosen).map((a) => [a.cell, a]));
  const pageTargets = new Map(legalOf(view, "place-book").filter(chosen).map((a) => [`${a.book}.${a.page}`, a]));
  const returns = new Map(legalOf(view, "return").map((a) => [a.cell, a]));
  const obs = view.observation;
  const info = h("p", { class: "muted wq-info" }, drawBag(obs.bag), h("span", {}, `phase: ${obs.phase}`),
    obs.final_phase ? h("span", { "data-term": "final phase" },
      // turns_left counts the whole table's turns (each seat's, in order), as the terminal says
      `final phase${obs.turns_left !== null ? `: ${obs.turns_left} more turn${
        obs.turns_left === 1 ? "" : "s"} at the table after this one` : ""}`) : "");
  // The book cards' paper and edge, from the palette (the stylesheet reads them).
  board.style.setProperty("--wq-book", INK.book);
  board.style.setProperty("--wq-book-line", INK["book-line"]);
  board.replaceChildren(drawMap(ctx, targets, returns), drawLastTurns(view, ctx.layout), info, drawStands(ctx),
    drawBooks(ctx, pageTargets));
  drawMarks(ctx, markSpot);  // a review's moves (js/marks.js)

  choices.replaceChildren();
  // The engine's prompt (what is decided, its limit), then how this page lets you do it.
  const decision = view.decision;
  if (decision) {
    choices.append(h("p", { class: "wq-prompt", "data-msg": decision.prompt.msg },
      ...saidNodes(decision.prompt, { mention }, ctx.layout),
      decision.limit ? h("span", { class: "muted" }, " (", ...saidNodes(decision.limit, { mention }, ctx.layout), ")") : "",
      " ", ruleLink(decision.prompt.rule)));
  }
  const button = (action, id) => {
    const entry = entryOf(view, action);
    return h("button", { id, "data-tip": entry.explain.text, onclick: () => act(action) },
      ...saidNodes(entry.label, { mention }, ctx.layout));
  };
  if (local.selected) {
    const group = view.legal.find((l) => l.group && chosen(l.action))?.group;
    choices.append(h("p", {}, ...(group ? saidNodes(group, { mention }, ctx.layout) : []),
      ": click a space ringed in orange, or a book page. ",
      h("button", { onclick: () => { local.selected = null; ctx.rerender(); } }, "Cancel")));
  } else if (legal.some((a) => a.kind === "place" || a.kind === "place-book")) {
    choices.append(h("p", { class: "muted" }, "Click a floe on one of your stands."));
  }
  const takeNone = legal.find((a) => a.kind === "take" && a.province === null);
  if (legal.some((a) => a.kind === "take")) {
    choices.append(h("p", { class: "muted" }, "Click a stack ringed in orange to take its top book."));
    if (takeNone) choices.append(button(takeNone, "take-none"));
  }
  if (returns.size) choices.append(h("p", { class: "muted" }, "Click the floe to return to the bag."));
  const pass = legal.find((a) => a.kind === "pass");
  if (pass) choices.append(button(pass, "pass"));
  if (legal.some((a) => a.kind === "use")) choices.append(h("p", { class: "muted" }, "Or use one of your books (its Use button)."));
}
