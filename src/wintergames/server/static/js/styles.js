// The one way a game's view adds its stylesheet: added once, with the palette's colours
// as custom properties on :root for the sheet to read (CSS cannot import palette.js), and
// loaded before the view's first board is drawn (the table waits for the view's module).

import { h } from "./dom.js";

/** Waits for ``link`` to load (or fail: the board is drawn all the same, unstyled). */
function loaded(link) {
  if (link.sheet) return Promise.resolve();
  return new Promise((done) => {
    link.addEventListener("load", done, { once: true });
    link.addEventListener("error", done, { once: true });
  });
}

/** The stylesheet ``href`` under the id ``id``, its ``properties`` ({"--ice-ink": INK.ink})
 *  set first; resolves once it has loaded. A second call finds the first's link. */
export function useStylesheet(id, href, properties = {}) {
  let link = document.getElementById(id);
  if (!link) {
    const vars = Object.entries(properties).map(([k, v]) => `${k}: ${v};`).join(" ");
    document.head.append(h("style", { id: `${id}-properties` }, `:root { ${vars} }`));
    link = h("link", { id, rel: "stylesheet", href });
    document.head.append(link);
  }
  return loaded(link);
}

/** Resolves once every stylesheet of the page has loaded: the page is laid out anew as
 *  one comes, so what measures the layout waits for them. */
export function stylesheetsLoaded() {
  return Promise.all([...document.querySelectorAll("link[rel=stylesheet]")].map(loaded));
}
