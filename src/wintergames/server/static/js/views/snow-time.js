// Snow Time: the tree with fruit and played cards, the score track, each colour's cards.
//
// Everyone chooses at once: a seat clicks one of its cards; until all have chosen the
// others only see that a colour has chosen (the server never sends what it was).
// Every colour comes from PALETTE (js/palette.js) and every component is drawn with its
// icon (static/icons/snow-time.svg): a pawn's colour also has a glyph of its own, a card
// is drawn as a card (face in its colour, back when it lies face down).
import { h, s } from "../dom.js";
import { wait } from "../watch.js";
import { PALETTE } from "../palette.js";
import { icon, loadIcons, useIcon } from "../icons.js";
import { all, cardBack, flip, flyPoints, slide } from "../motion.js";
import { ruleLink, saidNodes } from "../said.js";
import { useStylesheet } from "../styles.js";
import { drawMarks } from "../marks.js";
import { markSpot } from "./snow-time/marks.js";

const GAME = PALETTE.games["snow-time"];
const COLOUR = GAME.components.pawn;
// Fruit is orange with a green leaf: no pawn colour is orange, and the leaf tells it from
// a pawn without colour at all.
const FRUIT = GAME.components.fruit;
const TREE = GAME.components.tree;
const INK = GAME.ink;
const BONUS_INK = { fruit: FRUIT.stroke, ...GAME.components.bonus };
// What is drawn on a card of a colour: white, dark on yellow.
const onColour = (colour) => INK[`card-ink-${colour}`] || INK["card-ink"];

// The sprite and the cards' look (snow-time.css: the face in its colour with its icon, the
// back a pattern, the palette's colours read as --st-* properties) before the first board.
await Promise.all([
  loadIcons("snow-time").catch((err) => console.warn("Snow Time's icons", err)),
  useStylesheet("st-style", new URL("./snow-time.css", import.meta.url).href, {
    ...Object.fromEntries(Object.entries(INK).map(([k, v]) => [`--st-${k}`, v])),
    "--st-shade": PALETTE.themes.light.shade, "--st-target": PALETTE.themes.light.target,
  }),
]);

const cardId = (card) => `st-card-${card}`;
const pawnId = (colour) => `st-pawn-${colour}`;
// A card id is a character's number ("5") or a special card's name ("healer").
const isNumber = (card) => String(Number.parseInt(card, 10)) === String(card);

// The icon of each kind of points, by its id (words.py's KIND_TITLES as ids): the end
// screen's column heads (breakdown.js) and the log's points and categories. A bonus space
// scores any kind, so a bonus wears a bonus space of its own, not one kind's icon.
const KIND_ICON = { fight: "st-bonus-fight", fruit: "st-fruit", mana: "st-bonus-mana", bonus: "st-bonus" };

export function categoryIcon(category, id) {
  return KIND_ICON[id] ? icon(KIND_ICON[id], { size: "1.1em" }) : null;
}

// The icon of what an amount counts (its unit): a kind of points, or a die's face.
const UNIT_ICON = { ...KIND_ICON, pips: "st-die" };

// The icon of a place the engine mentions: a level of the tree ("level-3") or a bonus
// space of the track ("space-7"); a plain space has none.
function placeIcon(ref, layout) {
  for (let level = 1; level <= (layout?.levels ?? 0); level++) {
    if (ref === `level-${level}`) return `st-level-${level}`;
  }
  const bonus = layout?.bonuses?.find((b) => ref === `space-${b.space}`);
  return bonus ? `st-bonus-${bonus.kind}` : null;
}

// Icons drawn in the board's dark ink (the fight's swords, a level's branch), which a dark
// page would swallow: in a line they sit on a chip of the boards' light table.
const INKED = ["st-bonus-fight", "st-level-"];

function mentionIcon(m, layout) {
  if (m.kind === "piece") return COLOUR[m.ref] ? pawnId(m.ref) : null;
  if (m.kind === "card") return layout?.cards?.includes(String(m.ref)) ? cardId(m.ref) : null;
  if (m.kind === "place") return placeIcon(m.ref, layout);
  if (m.kind === "amount") return UNIT_ICON[m.unit] ?? null;
  if (m.kind === "category") return KIND_ICON[m.ref] ?? null;
  return null;
}

/** How a mention of this game looks in a line (said.js): a colour with its pawn, a card
 *  with its face's icon, a level, a bonus space and a kind of points with theirs, each
 *  with its tooltip; a seat and a plain space as said.js draws them. Read from the
 *  mention's kind, ref and unit (and the layout's levels and bonus spaces), never from
 *  its words. */
export function mention(m, layout) {
  const id = mentionIcon(m, layout);
  if (!id) return null;
  // the icon stays with the first word; a longer name wraps after it
  const [first, ...rest] = m.text.split(" ");
  const chip = INKED.some((prefix) => id.startsWith(prefix)) ? "st-chip" : null;
  return h("span", { class: `said-${m.kind}`, "data-ref": m.ref, "data-term": m.term ?? null },
    h("span", { class: "named" }, icon(id, { size: "1.05em", class: chip }), first),
    rest.length ? ` ${rest.join(" ")}` : "");
}

// A symbol's own shapes, copied into the board (not a <use>): so the pieces' circles and
// paths are in the page, where their colours can be read and checked.
function inline(id, x, y, size) {
  const symbol = document.getElementById(id);
  const svg = s("svg", { x: x - size / 2, y: y - size / 2, width: size, height: size,
                         viewBox: symbol?.getAttribute("viewBox") });
  for (const child of symbol?.children || []) svg.append(child.cloneNode(true));
  return svg;
}

function fruitIcon(cx, cy, attrs) {
  return s("g", { class: "fruit", ...attrs }, inline("st-fruit", cx, cy - 3, 22));
}


export function scores(view) {
  return view.observation.scores;
}

// The seat's dot in the players list (a CSS background): in the two-player variant a seat
// runs two colours, and its dot shows both, half and half.
// Each half wears its pawn's glyph too, so the colour is never the only cue.
export function seatColour(view, seat) {
  const colours = view.observation.colours.filter((c) => c.owner === seat).map((c) => c.colour);
  const inks = colours.map((colour) => COLOUR[colour]);
  const glyphs = colours.map(glyphImage);
  if (inks.length > 1) {
    return `${glyphs[0]} 0 50% / 50% no-repeat, ${glyphs[1]} 100% 50% / 50% no-repeat, `
      + `linear-gradient(90deg, ${inks[0]} 50%, ${inks[1]} 50%)`;
  }
  return `${glyphs[0]} center / 80% no-repeat, ${inks[0]}`;
}

/** A seat's plain colour, where a stroke needs one (the review's chart): its first colour's
 *  pawn ink (seatColour is a CSS background: two colours and their glyphs in the
 *  two-player game). */
export function seatInk(view, seat) {
  const colour = view.observation.colours.find((c) => c.owner === seat)?.colour;
  return COLOUR[colour];
}

// A pawn's glyph alone (its sprite symbol's shapes after the body and head), as a CSS image.
const glyphs = {};
function glyphImage(colour) {
  if (glyphs[colour]) return glyphs[colour];
  const symbol = document.getElementById(pawnId(colour));
  if (!symbol) return "none";
  const parts = [...symbol.children].slice(2).map((part) => new XMLSerializer().serializeToString(part));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-3 0.6 6 5.6">${parts.join("")}</svg>`;
  glyphs[colour] = `url("data:image/svg+xml,${encodeURIComponent(svg)}")`;
  return glyphs[colour];
}

function label(card) {
  return isNumber(card) ? String(card) : String(card)[0].toUpperCase() + String(card).slice(1);
}

/** A card as a card, in HTML: its face (colour, icon, name) or, face down, its back. */
function cardFace(colour, card, attrs = {}, tag = "span") {
  const down = card === null;
  return h(tag, { ...attrs, class: `card st-card${down ? " back" : ""}${attrs.class ? ` ${attrs.class}` : ""}`,
                  style: down ? null : `background:${COLOUR[colour]};color:${onColour(colour)}` },
    down ? icon("st-card-back", { title: "a card, face down" })
      : icon(cardId(card), { title: `${colour} ${label(card)}` }));
}

/** Your own choice, still face down to the others: the card that lies face down (the
 *  Healer, for the cards it takes back) and the engine's words for the choice, read from
 *  the observation's fields. */
// The card chosen face down and the engine's words for it ("You chose red 5 (hidden until
// everyone has chosen)"), the terminal's too: no heading of the page's own to repeat them.
function hiddenChoice(c, layout) {
  return h("div", { class: "st-hidden-choice", "data-term": "face down" },
    h("div", { class: "st-chosen", "data-term": c.your_card },
      cardFace(c.colour, c.your_card, { class: "hidden-choice" }),
      h("span", { class: "st-chosen-said" }, ...saidNodes(c.your_choice_said, { mention }, layout))));
}

/** A small card (discard, used, the resolution panel): its colour and icon. */
function miniCard(colour, card, attrs = {}) {
  return h("span", { ...attrs, class: "st-mini", style: `background:${COLOUR[colour]};color:${onColour(colour)}` },
    icon(cardId(card), { title: `${colour} ${label(card)}` }));
}

/** A card on the tree, in SVG: the face in its colour with the card's icon. */
function boardCard(colour, card, x, y, width, height, attrs = {}) {
  const size = Math.min(width, height) - 6;
  const wide = width > height * 2;
  // the colour's pawn in the card's corner: its glyph tells the colour without the colour
  const pawn = COLOUR[colour] && document.getElementById(pawnId(colour))
    ? s("g", { class: "st-card-pawn" }, inline(pawnId(colour), wide ? x + width - 11 : x + width - 3,
                                               wide ? y + height / 2 : y + height - 5, wide ? 20 : 16))
    : null;
  return s("g", attrs,
    s("rect", { x, y, width, height, rx: 4, fill: COLOUR[colour] || INK["card-back"], stroke: INK["played-line"],
                "stroke-width": 1.5 }),
    useIcon(cardId(card), x + (width > height * 2 ? size / 2 + 5 : width / 2), y + height / 2, size,
            { style: `color:${onColour(colour)}` }),
    width > height * 2 ? s("text", { x: x + size + 10, y: y + height / 2 + 5, "font-size": 14, "font-weight": 700,
                                     fill: onColour(colour) }, label(card)) : null,
    pawn);
}

const PIPS = { 1: [[0, 0]], 2: [[-1, -1], [1, 1]], 3: [[-1, -1], [0, 0], [1, 1]],
               4: [[-1, -1], [1, -1], [-1, 1], [1, 1]], 5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
               6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]] };

function die(value, x, y) {
  const pips = PIPS[value] || [];
  return s("g", { class: "die", "data-term": "dice", "data-tip": `A die showing ${value}`, "data-tip-icon": "st-die",
                  "aria-label": `die ${value}` },
    s("rect", { x, y, width: 36, height: 36, rx: 6, fill: INK.card, stroke: INK["die-line"], "stroke-width": 1.5 }),
    ...pips.map(([dx, dy]) => s("circle", { cx: x + 18 + dx * 9, cy: y + 18 + dy * 9, r: 3.2, fill: INK["die-line"] })),
    pips.length ? null : s("text", { x: x + 18, y: y + 24, "text-anchor": "middle", "font-size": 18 }, value));
}

function drawTree(obs) {
  const svg = s("svg", { viewBox: "0 0 760 400", id: "st-tree" });
  svg.append(s("path", { d: "M352 392 C360 300 356 120 372 22 Q380 10 388 22 C404 120 400 300 408 392 Z",
                         fill: TREE.trunk }));
  for (let level = 1; level <= 7; level++) {
    const y = 390 - level * 52;
    const reach = 190 + level * 4;
    svg.append(s("path", { d: `M${reach} ${y - 3} Q380 ${y - 8} ${760 - reach} ${y - 3} L${760 - reach} ${y + 4} Q380 ${y + 2} ${reach} ${y + 5} Z`,
                           fill: TREE.branch, stroke: TREE.trunk, "stroke-width": 1, "data-term": `level ${level}` }));
    svg.append(useIcon(`st-level-${level}`, 150, y - 2, 30, { "data-term": `level ${level}`,
                                                          "data-tip-icon": `st-level-${level}` }));
    svg.append(s("text", { x: 130, y: y + 4, "text-anchor": "end", "font-size": 13, fill: INK.label, "data-term": `level ${level}` },
      `level ${level}`));
    const fruit = obs.fruit[level - 1];
    for (let i = 0; i < fruit; i++) {
      svg.append(fruitIcon(reach + 12 + i * 17, y - 12, { "data-level": level, "data-term": "fruit",
                                                          "data-tip": `Fruit on level ${level}`, "data-tip-icon": "st-fruit" }));
    }
    const here = obs.colours.filter((c) => c.level === level);
    here.forEach((c, i) => {
      svg.append(boardCard(c.colour, c.in_play, 420 + i * 46, y - 44, 32, 40, {
        class: "played", "data-colour": c.colour, "data-term": c.in_play, "data-tip-icon": cardId(c.in_play),
        "data-tip": `${c.name}'s card on level ${level}` }));
    });
  }
  const specials = obs.colours.filter((c) => c.in_play && c.level === null);
  specials.forEach((c, i) => svg.append(boardCard(c.colour, c.in_play, 600, 40 + i * 36, 140, 30, {
    class: "played special", "data-colour": c.colour, "data-term": c.in_play, "data-tip-icon": cardId(c.in_play),
    "data-tip": `${c.name}'s card` })));
  // beside the tree on a wide screen; a phone shows diceStrip()'s copy instead (CSS)
  svg.append(s("g", { class: "st-tree-dice" },
    ...(obs.dice || []).map((d, i) => die(d, 600 + i * 44, 270)),
    useIcon("st-fruit", 608, 322, 16, { "data-term": "supply" }),
    s("text", { x: 620, y: 326, "font-size": 12, fill: INK.label, "data-term": "supply" }, `fruit in the supply: ${obs.supply}`),
    s("text", { x: 600, y: 346, "font-size": 12, fill: INK.label }, `turn ${obs.turn}`)));
  return svg;
}

// On a phone the dice and the fruit supply sit right of the tree, in the part that pans
// out of sight: there they are drawn in a row under the tree and track instead, which does
// not pan, just above the hands a phone player is shown when their move begins.
function diceStrip(obs) {
  const dice = obs.dice || [];
  return h("div", { class: "st-dice-strip" },
    dice.length ? s("svg", { class: "st-dice", viewBox: `0 0 ${dice.length * 44 - 6} 38`, role: "img",
                             "aria-label": `dice: ${dice.join(", ")}` },
      ...dice.map((d, i) => die(d, 1 + i * 44, 1))) : null,
    h("span", { "data-term": "supply" }, icon("st-fruit", { size: "1.2em" }), ` fruit in the supply: ${obs.supply}`),
    h("span", {}, `turn ${obs.turn}`));
}

function drawTrack(obs) {
  const finish = obs.track.finish;
  const perRow = Math.ceil((finish + 1) / 2);
  const cell = 740 / perRow;
  const svg = s("svg", { viewBox: `0 0 760 ${2 * cell + 20}`, id: "st-track" });
  const bonus = Object.fromEntries(obs.track.bonuses.map((b) => [b.space, b]));
  for (let space = 0; space <= finish; space++) {
    const row = Math.floor(space / perRow);
    const col = row === 0 ? space % perRow : perRow - 1 - (space % perRow);  // a snake
    const [x, y] = [10 + col * cell, 10 + row * cell];
    const b = bonus[space];
    svg.append(s("rect", { x, y, width: cell - 2, height: cell - 2, rx: 4,
                           fill: b ? INK["bonus-space"] : space === finish ? INK.finish : INK.space, stroke: INK["space-line"],
                           "data-term": b ? `${b.kind} bonus` : "score track",
                           "data-tip-icon": b ? `st-bonus-${b.kind}` : null,
                           "data-tip": b ? `Space ${space}: ${b.kind} bonus +${b.value}` : `Space ${space}${space === finish ? ", the last" : ""}` }));
    svg.append(s("text", { class: "st-space-number", x: x + 3, y: y + 11, "font-size": 9, fill: INK.label }, space));
    if (b) svg.append(bonusMark(b, x, y, cell));
    obs.colours.filter((c) => c.pawn === space).forEach((c, i) => svg.append(s("g", {
      class: "pawn", "data-colour": c.colour, "data-term": "pawn", "data-tip-icon": pawnId(c.colour),
      "data-tip": `${c.name} on space ${space}` },
    inline(pawnId(c.colour), x + 9 + (i % 3) * 11, y + cell - 14 - Math.floor(i / 3) * 12, 18))));
  }
  return svg;
}

// A bonus space's kind and value on the top row of its space, right of the space's number:
// the icon, then "+N" after it, side by side so neither covers the other. A space is about
// 44 units wide: number (up to "30", ~12), icon (12) and "+N" (~15) fit with a unit or two
// between them; the pawns stand below, on the space's lower part.
const BONUS_ICON = 12;
function bonusMark(bonus, x, y, cell) {
  const iconX = x + cell - 25;
  return s("g", { class: "st-bonus-mark", "data-term": `${bonus.kind} bonus` },
    useIcon(`st-bonus-${bonus.kind}`, iconX, y + 9, BONUS_ICON),
    s("text", { x: iconX + BONUS_ICON / 2 + 1.5, y: y + 13, "font-size": 9.5, "font-weight": 700,
                fill: BONUS_INK[bonus.kind] }, `+${bonus.value}`));
}

function drawColours(ctx) {
  const { view, act, layout } = ctx;
  // each card you may play, with the engine's label and explanation of playing it
  const plays = view.legal.filter((l) => l.action.kind === "play");
  const box = h("div", { class: "colours" });
  for (const c of view.observation.colours) {
    const mine = c.owner === view.seat;
    // once the game is over nobody chooses any more: no badge is left standing
    const state = view.over ? "" : c.has_chosen ? "has chosen" : c.owes_choice ? "choosing…" : "";
    const hand = h("div", { class: "cards st-hand" });
    for (const card of c.hand) {
      const play = plays.find((l) => l.action.colour === c.colour && String(l.action.card) === String(card));
      hand.append(cardFace(c.colour, card, {
        class: play ? "playable" : "", "data-colour": c.colour, "data-card": card, "data-term": card,
        "data-tip-icon": cardId(card), "aria-label": play ? play.label.text : null,
        onclick: play ? () => act(play.action) : null, "data-tip": play ? play.explain.text : `${c.name}'s hand`,
      }, play ? "button" : "span"));
    }
    const hidden = Boolean(c.your_card) && !view.over;
    const cards = (list, where) => (list.length ? list.map((card) =>
      miniCard(c.colour, card, { "data-term": card, "data-tip": `${c.name}'s ${where}`, "data-tip-icon": cardId(card) }))
      : ["—"]);
    box.append(h("div", { class: `colour panel${mine ? " yours" : ""}`, "data-colour": c.colour,
                          "data-phone-focus": mine && !box.querySelector("[data-phone-focus]") },
      icon(pawnId(c.colour), { size: "1.3em", title: `${c.colour} pawn` }), " ",
      h("b", { style: `color:${INK.label}`, "data-term": c.colour }, c.name), ` · space ${c.pawn} `,
      h("span", { class: "muted st-chosen", "data-term": state ? "face down" : null },
        c.has_chosen && !view.over && !hidden ? cardFace(c.colour, null) : "", state),
      c.watched ? h("span", { class: "badge", "data-term": "watcher" }, icon("st-card-watcher"), " watched") : "",
      hidden ? hiddenChoice(c, layout) : "",
      h("div", { class: "group-title", "data-term": "hand" }, "hand"), hand,
      h("div", { class: "muted" }, h("span", { "data-term": "discard" }, "discard: "), ...cards(c.discard, "discard"),
        " · ", h("span", { "data-term": "used up" }, "used: "), ...cards(c.used, "used-up cards"))));
  }
  return box;
}

// The cards a reveal line mentions, each after its colour ("Player 1 (red) 3, ..."):
// read from its mentions' kinds and refs, with the card's name in the engine's words.
function revealedCards(line) {
  const cards = [];
  let colour = null;
  for (const part of line.parts) {
    if (typeof part === "string") continue;
    if (part.kind === "piece") colour = part.ref;
    else if (part.kind === "card" && colour) {
      cards.push({ colour, card: String(part.ref), name: part.text });
      colour = null;
    }
  }
  return cards;
}

/**
 * The cards revealed, then the tree resolved step by step: the reveal and each line of
 * its resolution (fights, fruit, Mana, bonuses, the next turn's dice) appear one by one
 * in a panel under the tree, the current one marked. The board already shows where
 * everything ended; the panel stays until the next view, so the turn can be reread.
 * Meanwhile (js/motion.js) the revealed cards turn over from their backs on the tree, and
 * each colour that scored slides its pawn along the track from its old space while its
 * points fly from its card to where the pawn lands.
 */
export function animate(ctx, previous) {
  const { signal, board, layout } = ctx;
  // the engine's lines as data: the reveal by its kind, its cards by its mentions
  const start = ctx.fresh.findIndex((line) => line.kind === "reveal");
  if (start < 0) return null;  // a seat has chosen, or a Healer's choice: the usual step
  const steps = ctx.fresh.slice(start);
  const revealed = revealedCards(steps[0]);
  const cards = h("div", { class: "revealed" }, revealed.map(({ colour, card, name }) =>
    h("span", { style: `background:${COLOUR[colour] || INK["card-back"]};color:${onColour(colour)}`,
                "data-colour": colour, "data-term": card },
    COLOUR[colour] ? icon(pawnId(colour), { title: `${colour} pawn` }) : "", icon(cardId(card)), name)));
  const list = h("ol", {});
  const panel = h("section", { class: "panel st-resolution", id: "st-resolution", "aria-live": "polite" },
    h("b", {}, "This turn, step by step"), cards, list);
  const tree = board.querySelector("#st-tree");
  const pan = board.querySelector(".st-pan-box");
  if (pan) pan.after(panel);  // under the tree and track, outside their panning box
  else board.prepend(panel);
  const shown = tree ? revealOnTree(tree, revealed) : [];
  // Every line is laid out at once, hidden until its turn: the panel has its final
  // height from the start, so nothing below it moves while the motions run. Each is drawn
  // as the log draws it, its mentions with their icons.
  const items = steps.map((line) => h("li", { class: "st-later", "data-msg": line.msg },
    ...saidNodes(line, { mention }, layout)));
  list.append(...items);
  // a readable pace, but a long resolution takes no more than about six seconds
  const pace = Math.max(ctx.pace * 0.6, Math.min(ctx.pace, 6000 / steps.length));
  const back = () => cardBack(icon("st-card-back", { size: "100%" }), INK["card-back"]);
  const flipTime = ctx.pace * 0.8;
  const motions = shown.map((card, i) => flip(card, { back: back(), duration: flipTime, delay: i * 150, signal }));
  motions.push(...moveScores(ctx, previous, shown, flipTime + shown.length * 150));
  const lines = (async () => {
    for (const item of items) {
      list.querySelector(".now")?.classList.remove("now");
      item.classList.remove("st-later");
      if (!signal.aborted) item.classList.add("now");
      await wait(pace, signal);
    }
  })();
  return all([lines, ...motions]).then(() => {
    list.querySelector(".now")?.classList.remove("now");
    for (const card of shown) card.remove();  // the tree shows the next turn from here
    panel.dataset.done = "1";
  });
}

// Each colour that scored: its pawn slides along the track from the space it stood on
// before, and "+N" flies from its card on the tree (or its panel) to where it lands.
function moveScores({ board, view, signal, pace }, previous, shown, after) {
  const was = Object.fromEntries(previous.observation.colours.map((c) => [c.colour, c.pawn]));
  const spaces = board.querySelectorAll("#st-track > rect");
  const motions = [];
  view.observation.colours.forEach((c, i) => {
    const gained = c.pawn - (was[c.colour] ?? c.pawn);
    const pawn = board.querySelector(`#st-track g.pawn[data-colour='${c.colour}']`);
    if (!(gained > 0) || !pawn) return;
    const from = shown.find((card) => card.dataset.colour === c.colour)
      || board.querySelector(`.colour[data-colour='${c.colour}']`);
    const delay = after + i * 120;
    motions.push(slide(pawn, spaces[was[c.colour]], { delay, duration: pace * 0.8, signal, scale: 1 }),
      flyPoints(from, pawn, `+${gained}`, { delay: delay + pace * 0.2, duration: pace, signal }));
  });
  return motions;
}

// The revealed cards where they were played while their turn resolves: a number on its
// level of the tree, a special card beside it (as render() draws cards in play).
function revealOnTree(tree, cards) {
  const perLevel = {};
  let specials = 0;
  return cards.map(({ colour, card }) => {
    const level = isNumber(card) ? Number(card) : null;
    const [x, y, width, height] = level
      ? [420 + 46 * (perLevel[level] = (perLevel[level] ?? -1) + 1), 390 - level * 52 - 44, 32, 40]
      : [600, 40 + 36 * specials++, 140, 30];
    const shape = boardCard(colour, card, x, y, width, height, { class: "revealing", "data-colour": colour });
    tree.append(shape);
    return shape;
  });
}

// On a phone the tree and track pan in their own box (the board itself does not, so it is
// not opened on its middle): it opens on its left edge, where the levels, space 0 and the
// pawns at the start are, keeps where the person panned it across views, and shades the
// side that has more to see.
let panned = 0;
function panAt(pan, box) {
  const edges = () => {
    box.classList.toggle("more-left", pan.scrollLeft > 2);
    box.classList.toggle("more-right", pan.scrollLeft + pan.clientWidth < pan.scrollWidth - 2);
  };
  pan.addEventListener("scroll", () => { panned = pan.scrollLeft; edges(); }, { passive: true });
  requestAnimationFrame(() => { pan.scrollLeft = panned; edges(); });
}

export function render(ctx) {
  const { view, board, choices, act } = ctx;
  const obs = view.observation;
  const pan = h("div", { class: "st-pan" }, drawTree(obs), drawTrack(obs));
  const box = h("div", { class: "st-pan-box" }, pan);
  board.replaceChildren(box, diceStrip(obs), drawColours(ctx));
  panAt(pan, box);
  drawMarks(ctx, markSpot);  // a review's moves (js/marks.js)
  // The engine's prompt (what is chosen, for which colour, how many have yet to choose):
  // none once this seat's choices are in, though others still choose.
  const decision = view.decision;
  if (decision) {
    const limits = [decision.cost, decision.limit].filter(Boolean);
    choices.append(h("p", { class: "st-prompt", "data-msg": decision.prompt.msg },
      ...saidNodes(decision.prompt, { mention }, ctx.layout),
      limits.length ? h("span", { class: "muted" }, " (", ...limits.flatMap((said, i) =>
        [i ? "; " : "", ...saidNodes(said, { mention }, ctx.layout)]), ")") : "",
      " ", ruleLink(decision.prompt.rule)));
  }
  if (view.legal.some((l) => l.action.kind === "play")) {
    choices.append(h("p", { class: "muted" }, "Click one of your highlighted cards."));
  }
  for (const entry of view.legal.filter((l) => l.action.kind === "heal")) {
    choices.append(h("button", { class: "heal", "data-tip": entry.explain.text, onclick: () => act(entry.action) },
      icon("st-card-healer", { size: "1.1em" }), " ", ...saidNodes(entry.label, { mention }, ctx.layout)));
  }
}
