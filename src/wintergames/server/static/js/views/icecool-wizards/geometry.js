// ICECOOL Wizards: the board's drawing scale. The rules measure in cm with y upwards; the
// SVG draws K pixels per cm with y downwards, inside a margin of PAD pixels.
import { s } from "../../dom.js";

export const K = 12;    // pixels per cm
export const FULL_POWER_CM = 15;  // an aiming drag (and a review's flick arrow) this long is full power
const PAD = 8;

/** The board's size in pixels and its two ways between cm and pixels (X, Y; toBoard). */
export function geometry(layout) {
  const xs = layout.footprints.flatMap((r) => [r[0], r[2]]);
  const ys = layout.footprints.flatMap((r) => [r[1], r[3]]);
  const [w, hgt] = [Math.max(...xs), Math.max(...ys)];
  const X = (x) => PAD + x * K;
  const Y = (y) => PAD + (hgt - y) * K;
  return { X, Y, width: 2 * PAD + w * K, height: 2 * PAD + hgt * K,
           toBoard: (px, py) => [(px - PAD) / K, hgt - (py - PAD) / K] };
}

export function rect(g, r, attrs) {
  const [x1, y1, x2, y2] = r;
  return s("rect", { x: g.X(x1), y: g.Y(y2), width: (x2 - x1) * K, height: (y2 - y1) * K, ...attrs });
}
