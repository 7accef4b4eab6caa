// Icons (issue 21): each game's components drawn once, as <symbol>s in an SVG sprite
// (static/icons/<game>.svg), and used wherever the component is named: on the board, in
// hands, tooltips, the log and the end screen. A sprite is fetched once per page and put,
// hidden, into the document, so <use href="#id"> finds its symbols (an external href would
// not inherit currentColor and is refused on some browsers).
import { h, s } from "./dom.js";

const loaded = new Map();  // game -> Promise of the sprite's <svg>

/** Load `game`'s sprite into the page (once); resolves when its symbols can be used. */
export function loadIcons(game) {
  if (!loaded.has(game)) loaded.set(game, fetchSprite(game));
  return loaded.get(game);
}

async function fetchSprite(game) {
  const response = await fetch(`/static/icons/${game}.svg`);
  if (!response.ok) throw new Error(`no icons for ${game} (${response.status})`);
  const sprite = new DOMParser().parseFromString(await response.text(), "image/svg+xml").documentElement;
  const holder = document.importNode(sprite, true);
  // Hidden but not display:none: a symbol's gradients and patterns must stay renderable.
  holder.setAttribute("aria-hidden", "true");
  holder.setAttribute("class", "icon-sprite");
  holder.setAttribute("data-game", game);
  Object.assign(holder.style, { position: "absolute", width: "0", height: "0", overflow: "hidden" });
  document.body.prepend(holder);
  return holder;
}

/** An inline <svg class="icon"> showing symbol `id`, for HTML (hands, tooltips, log).
 *  opts: size (CSS length, default 1.2em), title (spoken and shown on hover), class. */
export function icon(id, opts = {}) {
  const size = opts.size ?? "1.2em";
  const svg = s("svg", { class: `icon${opts.class ? ` ${opts.class}` : ""}`, width: size, height: size,
                         role: opts.title ? "img" : null,
                         "aria-hidden": opts.title ? null : "true" });
  if (opts.title) svg.append(s("title", {}, opts.title));
  svg.append(s("use", { href: `#${id}` }));
  return svg;
}

/** An SVG <use> of symbol `id`, centred on (x, y) and `size` units across, for boards. */
export function useIcon(id, x, y, size, attrs = {}) {
  return s("use", { href: `#${id}`, x: x - size / 2, y: y - size / 2, width: size, height: size,
                    ...attrs });
}
