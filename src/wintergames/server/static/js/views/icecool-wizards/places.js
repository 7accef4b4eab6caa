// ICECOOL Wizards: the words a player uses for places and flicks, where the rules and the
// terminal use codes. An exam space is named by its room ("exam space in Potions", "top
// exam space in Magic 101"), a doorway by the rooms it joins ("doorway between Astrology
// and Magic 101"): the layout serves the names the rules' terms are keyed by
// (icecool_wizards.layout.place_names), so a tooltip's heading is the name. A flick
// ("flick 60 0.5 0") is said as a player would: which way on the board, how hard, which
// way it curves.
import { h } from "../../dom.js";

/** Every doorway's and exam space's name, by code ("D1", "X6"): the layout's, the same
 *  words the rules' terms are keyed by. */
export function placeNames(layout) {
  return layout.place_names;
}

const DIRECTIONS = ["right", "up and right", "up", "up and left", "left", "down and left", "down", "down and right"];

/** A flick in words: "up and right, hard (75%), curving right". The angle is the
 *  board's (0 is right, 90 up, as drawn); spin +1 pushes the right side: it curves right. */
export function flickWords(angle, power, spin) {
  const way = DIRECTIONS[Math.round((((angle % 360) + 360) % 360) / 45) % 8];
  const strength = power <= 0.25 ? "soft" : power <= 0.5 ? "medium" : power <= 0.8 ? "hard" : "very hard";
  const bend = Math.abs(spin) < 0.05 ? "no spin"
    : `${Math.abs(spin) < 0.5 ? "a little spin" : "spin"}, curving ${spin > 0 ? "right" : "left"}`;
  return `${way}, ${strength} (${Math.round(power * 100)}%), ${bend}`;
}

const NUMBER = "-?\\d+(?:\\.\\d+)?";
const CODES = new RegExp([
  `\\bflick (${NUMBER}) (${NUMBER}) (${NUMBER})(?![\\d.])`,  // a flick as the notation writes it
  "\\b([Ee])xam spaces? (X\\d(?:, X\\d)*)\\b",              // "exam spaces X1, X6"
  "\\bpassed through (D\\d(?:, D\\d)*)\\b",                 // "passed through D1, D3"
  "\\b([XD]\\d)\\b",                                         // any other: "on X1"
].join("|"), "g");

// A named thing in a line: its words, its code kept as the tooltip and in data-code.
const named = (code, words) => h("span", { class: "iw-place", title: code, "data-code": code }, words);

function listed(codes, names) {
  const nodes = codes.split(", ").map((code) => named(code, `the ${names[code]}`));
  return nodes.flatMap((node, i) => (i === 0 ? [node] : [i === nodes.length - 1 ? " and " : ", ", node]));
}

/** A log line with its places and flicks in words: strings and nodes, in order. */
export function placeWords(line, layout) {
  const names = layout ? placeNames(layout) : {};
  const parts = [];
  let at = 0;
  for (const m of line.matchAll(CODES)) {
    const [word, angle, power, spin, capital, spaces, doors, code] = m;
    let nodes;
    if (angle !== undefined) {
      nodes = [named(word, flickWords(Number(angle), Number(power), Number(spin)))];
    } else if (spaces !== undefined && spaces.split(", ").every((x) => names[x])) {
      const list = listed(spaces, names);
      if (capital === "E") list[0].textContent = `The${list[0].textContent.slice(3)}`;
      nodes = list;
    } else if (doors !== undefined && doors.split(", ").every((d) => names[d])) {
      nodes = ["passed through ", ...listed(doors, names)];
    } else if (code !== undefined && names[code]) {
      nodes = [named(code, `the ${names[code]}`)];
    } else {
      continue;
    }
    parts.push(line.slice(at, m.index), ...nodes);
    at = m.index + word.length;
  }
  parts.push(line.slice(at));
  return parts.filter((part) => part !== "");
}
