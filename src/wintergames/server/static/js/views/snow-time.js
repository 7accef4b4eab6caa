// Snow Time: the tree with fruit and played cards, the score track, each colour's cards.
//
// Everyone chooses at once: a seat clicks one of its cards; until all have chosen the
// others only see that a colour has chosen (the server never sends what it was).
import { h, s } from "../dom.js";
import { wait } from "../watch.js";

const COLOUR = { red: "#d64541", blue: "#3b6fd8", green: "#2e9d4a", yellow: "#e8b51c",
                 purple: "#8e5cc2" };
const BONUS_MARK = { fruit: "●", fight: "⚔", mana: "✦" };
// Fruit is orange with a green leaf: no pawn colour is orange, and the leaf tells it from
// a pawn's disc without colour at all.
const FRUIT = { fill: "#e8730c", stroke: "#7a3b00", leaf: "#2f7d32" };
const BONUS_INK = { fruit: FRUIT.stroke, fight: "#333", mana: "#6a3fb5" };

function fruitIcon(cx, cy, attrs) {
  return s("g", { class: "fruit", ...attrs },
    s("circle", { cx, cy, r: 6.5, fill: FRUIT.fill, stroke: FRUIT.stroke }),
    s("path", { d: `M${cx} ${cy - 6} q 3 -5 7 -4 q -2 4 -7 4 z`, fill: FRUIT.leaf }));
}

export function scores(view) {
  return view.observation.scores;
}

// The seat's dot in the players list (a CSS background): in the two-player variant a seat
// runs two colours, and its dot shows both, half and half.
export function seatColour(view, seat) {
  const inks = view.observation.colours.filter((c) => c.owner === seat).map((c) => COLOUR[c.colour]);
  if (inks.length > 1) return `linear-gradient(90deg, ${inks[0]} 50%, ${inks[1]} 50%)`;
  return inks[0];
}

function label(card) {
  return /^\d+$/.test(String(card)) ? String(card) : String(card)[0].toUpperCase() + String(card).slice(1);
}

function drawTree(obs) {
  const svg = s("svg", { viewBox: "0 0 760 400", id: "st-tree" });
  svg.append(s("rect", { x: 352, y: 20, width: 56, height: 370, fill: "#8b5a2b", rx: 8 }));
  for (let level = 1; level <= 7; level++) {
    const y = 390 - level * 52;
    svg.append(s("rect", { x: 190, y: y - 4, width: 380, height: 8, fill: "#a0703c", rx: 4, "data-term": `level ${level}` }));
    svg.append(s("text", { x: 170, y: y + 4, "text-anchor": "end", "font-size": 13, fill: "#555", "data-term": `level ${level}` },
      `level ${level}`));
    const fruit = obs.fruit[level - 1];
    for (let i = 0; i < fruit; i++) {
      svg.append(fruitIcon(200 + i * 16, y - 12, { "data-level": level, "data-term": "fruit",
                                                    "data-tip": `Fruit on level ${level}` }));
    }
    const here = obs.colours.filter((c) => c.level === level);
    here.forEach((c, i) => {
      const x = 420 + i * 46;
      svg.append(s("g", { class: "played", "data-colour": c.colour, "data-term": c.in_play,
                          "data-tip": `${c.name}'s card on level ${level}` },
        s("rect", { x, y: y - 36, width: 40, height: 30, rx: 4, fill: COLOUR[c.colour], stroke: "#222" }),
        s("text", { x: x + 20, y: y - 16, "text-anchor": "middle", "font-size": 14, fill: "#fff",
                    "font-weight": 700 }, label(c.in_play))));
    });
  }
  const specials = obs.colours.filter((c) => c.in_play && c.level === null);
  specials.forEach((c, i) => svg.append(s("g", { class: "played special", "data-colour": c.colour,
                                                 "data-term": c.in_play, "data-tip": `${c.name}'s card` },
    s("rect", { x: 600, y: 40 + i * 36, width: 140, height: 30, rx: 4, fill: COLOUR[c.colour], stroke: "#222" }),
    s("text", { x: 670, y: 60 + i * 36, "text-anchor": "middle", fill: "#fff", "font-size": 13 }, `${label(c.in_play)}`))));
  (obs.dice || []).forEach((d, i) => svg.append(s("g", { class: "die", "data-term": "dice", "data-tip": `A die showing ${d}` },
    s("rect", { x: 600 + i * 44, y: 270, width: 36, height: 36, rx: 6, fill: "#fff", stroke: "#333" }),
    s("text", { x: 618 + i * 44, y: 294, "text-anchor": "middle", "font-size": 18 }, d))));
  svg.append(s("text", { x: 600, y: 326, "font-size": 12, fill: "#555", "data-term": "supply" }, `fruit in the supply: ${obs.supply}`));
  svg.append(s("text", { x: 600, y: 344, "font-size": 12, fill: "#555" }, `turn ${obs.turn}`));
  return svg;
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
                           fill: b ? "#fff4cc" : space === finish ? "#d7f0d7" : "#f4f8fb", stroke: "#9bb3c9",
                           "data-term": b ? `${b.kind} bonus` : "score track",
                           "data-tip": b ? `Space ${space}: ${b.kind} bonus +${b.value}` : `Space ${space}${space === finish ? ", the last" : ""}` }));
    svg.append(s("text", { x: x + 3, y: y + 11, "font-size": 9, fill: "#777" }, space));
    if (b) svg.append(s("text", { x: x + cell - 5, y: y + 12, "text-anchor": "end", "font-size": 10, fill: BONUS_INK[b.kind] }, `${BONUS_MARK[b.kind] || ""}+${b.value}`));
    obs.colours.filter((c) => c.pawn === space).forEach((c, i) => svg.append(s("circle", {
      cx: x + 9 + (i % 3) * 11, cy: y + cell - 12 - Math.floor(i / 3) * 10, r: 5, fill: COLOUR[c.colour],
      stroke: "#222", class: "pawn", "data-colour": c.colour, "data-term": "pawn", "data-tip": `${c.name} on space ${space}` })));
  }
  return svg;
}

function drawColours(ctx) {
  const { view, act } = ctx;
  const plays = view.legal.map((l) => l.action).filter((a) => a.kind === "play");
  const box = h("div", { class: "colours" });
  for (const c of view.observation.colours) {
    const mine = c.owner === view.seat;
    // once the game is over nobody chooses any more: no badge is left standing
    const state = view.over ? "" : c.has_chosen ? "has chosen" : c.owes_choice ? "choosing…" : "";
    const hand = h("div", { class: "cards" });
    for (const card of c.hand) {
      const play = plays.find((a) => a.colour === c.colour && String(a.card) === String(card));
      hand.append(h(play ? "button" : "span", {
        class: `card${play ? " playable" : ""}`, "data-colour": c.colour, "data-card": card, "data-term": card,
        onclick: play ? () => act(play) : null, "data-tip": `${c.name}'s hand${play ? ": click to play it" : ""}`,
      }, label(card)));
    }
    const cards = (list, where) => (list.length ? list.flatMap((card, i) => [i ? ", " : "",
      h("span", { "data-term": card, "data-tip": `${c.name}'s ${where}` }, label(card))]) : ["—"]);
    box.append(h("div", { class: `colour panel${mine ? " yours" : ""}`, "data-colour": c.colour,
                          "data-phone-focus": mine && !box.querySelector("[data-phone-focus]") },
      h("b", { style: `color:${COLOUR[c.colour]}`, "data-term": c.colour }, c.name), ` · space ${c.pawn} `,
      h("span", { class: "muted", "data-term": state ? "face down" : null }, state),
      c.watched ? h("span", { class: "badge", "data-term": "watcher" }, "watched") : "",
      c.your_choice !== null && c.your_choice !== undefined
        ? h("div", { "data-term": c.your_choice }, `Your hidden choice: ${label(c.your_choice)}`) : "",
      h("div", { class: "group-title", "data-term": "hand" }, "hand"), hand,
      h("div", { class: "muted" }, h("span", { "data-term": "discard" }, "discard: "), ...cards(c.discard, "discard"),
        " · ", h("span", { "data-term": "used up" }, "used: "), ...cards(c.used, "used-up cards"))));
  }
  return box;
}

// "Player 1 (red) 3, Player 2 (blue) snowstorm": the cards of a reveal line, by colour.
function revealedCards(line) {
  return [...line.matchAll(/\(([a-z]+)\) ([\w-]+)/g)].map(([, colour, card]) => ({ colour, card }));
}

/**
 * The cards revealed, then the tree resolved step by step: the reveal and each line of
 * its resolution (fights, fruit, Mana, bonuses, the next turn's dice) appear one by one
 * in a panel under the tree, the current one marked. The board already shows where
 * everything ended; the panel stays until the next view, so the turn can be reread.
 */
export function animate(ctx) {
  const { fresh, signal, board } = ctx;
  const start = fresh.findIndex((line) => /^(After the Watcher, )?[Rr]evealed: /.test(line));
  if (start < 0) return null;  // a seat has chosen, or a Healer's choice: the usual step
  const steps = fresh.slice(start);
  const cards = h("div", { class: "revealed" }, revealedCards(steps[0]).map(({ colour, card }) =>
    h("span", { style: `background:${COLOUR[colour] || "#555"}`, "data-colour": colour, "data-term": card },
      label(card))));
  const list = h("ol", {});
  const panel = h("section", { class: "panel st-resolution", id: "st-resolution", "aria-live": "polite" },
    h("b", {}, "This turn, step by step"), cards, list);
  const tree = board.querySelector("#st-tree");
  if (tree) tree.after(panel);
  else board.prepend(panel);
  const shown = tree ? revealOnTree(tree, revealedCards(steps[0])) : [];
  // a readable pace, but a long resolution takes no more than about six seconds
  const pace = Math.max(ctx.pace * 0.6, Math.min(ctx.pace, 6000 / steps.length));
  return (async () => {
    for (const line of steps) {
      list.querySelector(".now")?.classList.remove("now");
      list.append(h("li", { class: signal.aborted ? "" : "now" }, line));
      await wait(pace, signal);
    }
    list.querySelector(".now")?.classList.remove("now");
    for (const card of shown) card.remove();  // the tree shows the next turn from here
    panel.dataset.done = "1";
  })();
}

// The revealed cards where they were played while their turn resolves: a number on its
// level of the tree, a special card beside it (as render() draws cards in play).
function revealOnTree(tree, cards) {
  const perLevel = {};
  let specials = 0;
  return cards.map(({ colour, card }) => {
    const level = /^\d+$/.test(card) ? Number(card) : null;
    const [x, y, width] = level
      ? [420 + 46 * (perLevel[level] = (perLevel[level] ?? -1) + 1), 390 - level * 52 - 36, 40]
      : [600, 40 + 36 * specials++, 140];
    const shape = s("g", { class: "revealing", "data-colour": colour },
      s("rect", { x, y, width, height: 30, rx: 4, fill: COLOUR[colour] || "#555", stroke: "#222" }),
      s("text", { x: x + width / 2, y: y + 20, "text-anchor": "middle", "font-size": 14, fill: "#fff",
                  "font-weight": 700 }, label(card)));
    tree.append(shape);
    return shape;
  });
}

export function render(ctx) {
  const { view, board, choices, act } = ctx;
  const obs = view.observation;
  board.replaceChildren(drawTree(obs), drawTrack(obs), drawColours(ctx));
  const legal = view.legal.map((l) => l.action);
  if (legal.some((a) => a.kind === "play")) {
    choices.append(h("p", {}, "Click one of your cards (highlighted). It stays hidden until everyone has chosen."));
  }
  const heals = legal.filter((a) => a.kind === "heal");
  if (heals.length) {
    choices.append(h("p", {}, "Your Healer: take back which discarded cards?"));
    for (const heal of heals) {
      choices.append(h("button", { class: "heal", "data-term": "heal", onclick: () => act(heal) },
        heal.cards.length ? `Take back ${heal.cards.join(" and ")}` : "Take back nothing"));
    }
  }
}
