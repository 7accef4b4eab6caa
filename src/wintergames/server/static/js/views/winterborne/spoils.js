// Winterborne's face-down spoils (the solo game's province boards): a small stack of tile
// backs with their count, as the other hidden things (decks, hands, allies) are drawn.
// The back is the spoils tiles' shape in the card backs' colours (PALETTE games.winterborne).
import { h, s } from "../../dom.js";
import { PALETTE } from "../../palette.js";

const INK = PALETTE.games.winterborne.ink;
const SHOWN = 4;  // backs drawn at most: past that, the count says how many

/** One spoils tile's back: a rounded square, a hex outline on the top one (what a spoils
 *  tile is); those under it show only their edges. */
function back(x, top) {
  const hex = Array.from({ length: 6 }, (_, i) => {
    const t = Math.PI / 3 * i;
    return `${(x + 11 + 6.5 * Math.cos(t)).toFixed(1)},${(11 + 6.5 * Math.sin(t)).toFixed(1)}`;
  }).join(" ");
  return [s("rect", { x: x + 1, y: 1, width: 20, height: 20, rx: 4.5, fill: INK["card-back"], stroke: INK["card-back-ink"],
                      "stroke-width": 1 }),
          ...(top ? [s("polygon", { points: hex, fill: "none", stroke: INK["card-back-ink"], "stroke-width": 1.4 })] : [])];
}

/** ``count`` face-down spoils: their backs, fanned, and the number. */
export function spoilsBacks(count) {
  const drawn = Math.min(count, SHOWN);
  const width = 22 + Math.max(drawn - 1, 0) * 7;
  const svg = s("svg", { class: "icon wb-spoils-backs", viewBox: `0 0 ${width} 22`, width: `${(width / 22 * 1.4).toFixed(2)}em`,
                         height: "1.4em", "aria-hidden": "true" });
  for (let i = 0; i < drawn; i++) svg.append(...back(i * 7, i === drawn - 1));
  return h("span", { class: "wb-spoils-down", "data-term": "spoils", "data-count": count,
                     "data-tip": `${count} spoils tile${count === 1 ? "" : "s"}, face down` },
    count ? svg : "", h("b", { class: "count" }, String(count)), h("span", { class: "muted" }, " face down"));
}
