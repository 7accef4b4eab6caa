// Rules at hand on the board: any element with a data-term attribute explains that term
// in the game's own words (the terms of GET /api/games/<id>/rules, from the game's
// data/help.toml). One bubble for the whole page, driven by delegated listeners, so the
// views only name their components and may redraw them at will.
//
// Mouse or pen: resting on a component shows its bubble, leaving it hides it.
// Keyboard: a component focused from the keyboard shows it; Escape hides it.
// Touch: a tap on a component that offers no move shows its bubble (a tap elsewhere or
// Escape hides it). A component that offers a move (a playable card, a ringed space)
// keeps making that move on a tap, as players of card games on phones expect: a first
// tap that only explained would make every move a double tap. Pressing and holding it
// shows the bubble instead, and the click that ends the hold is swallowed, so no move
// is made: the long press is how Android's own tooltips open.
//
// A button with a data-tip and no term (a choice, its tip the engine's explanation of it)
// shows that line alone, whatever words and icons with terms it holds.
//
// data-term names the term (looked up like the core's helptext: case, spaces, hyphens
// and underscores do not matter); an optional data-tip adds a first line about this
// very piece (which space, whose card), and an optional data-tip-name heads the bubble with
// the component's name where its term is a code (a room's id). Texts go in as text nodes,
// never as HTML. An optional data-tip-icon names the component's icon (js/icons.js),
// shown before the term.
import { icon } from "./icons.js";

const HOVER_DELAY = 250;  // ms resting before a bubble opens: passing over the board is quiet
const HOLD = 450;          // ms pressing before a touch counts as a long press
const SLOP = 10;           // px a finger may drift and still tap or hold
const MARGIN = 8;          // px kept between the bubble and the viewport's edges
const GAP = 6;             // px between the bubble and its component
// What a click acts on in the views: a tap there is a move, not a question.
const INTERACTIVE = "button:not(:disabled), a[href], input, select, textarea, summary, label, "
  + ".clickable, .playable, .ring, svg.aiming";

/** A term as lookups compare it: lower case, words joined by single hyphens (like
 *  wintergames.core.helptext._folded). */
export function folded(term) {
  return String(term).toLowerCase().replace(/[_-]/g, " ").split(/\s+/).filter(Boolean).join("-");
}

/** Install the tooltips for ``terms`` (term -> text); returns the lookup and the bubble's
 *  show and hide, for tests and callers. Installing twice replaces the terms only. */
export function installTooltips(terms, doc = document) {
  const table = new Map(Object.entries(terms).map(([name, text]) => [folded(name), text]));
  if (doc.wgTooltips) {
    doc.wgTooltips.table = table;
    return doc.wgTooltips;
  }
  const bubble = doc.createElement("div");
  bubble.id = "term-tip";
  bubble.className = "term-tip";
  bubble.setAttribute("role", "tooltip");
  bubble.hidden = true;
  doc.body.append(bubble);

  const tips = { table, anchor: null, byKeyboard: false, lookup: (term) => tips.table.get(folded(term)) ?? null };
  let timer = null;
  let press = null;         // the touch being pressed: where, on what, whether it was held
  let swallowClick = false;  // the click that ends a long press makes no move

  // A button that explains itself (data-tip: the engine's explanation of a choice) speaks
  // for the words and icons inside it; elsewhere the nearest term or note does.
  const termOf = (node) => (node instanceof Element
    ? node.closest("button[data-tip]") ?? node.closest("[data-term], [data-tip]") : null);
  const offersMove = (node) => node instanceof Element && node.closest(INTERACTIVE) !== null;

  function hide() {
    clearTimeout(timer);
    tips.byKeyboard = false;
    if (tips.anchor) tips.anchor.removeAttribute("aria-describedby");
    tips.anchor = null;
    bubble.hidden = true;
    delete bubble.dataset.term;
  }

  // ``touch``: the bubble then takes the next tap itself (which hides it), so a tap meant
  // to close it never reaches a card lying under it; under a mouse it lets the pointer by.
  function show(anchor, touch = false) {
    clearTimeout(timer);
    tips.byKeyboard = false;
    const term = anchor.dataset.term ?? null;
    const text = term === null ? null : tips.lookup(term);
    // a term the game does not explain, and no note about this very piece: nothing to say
    if (text === null && !anchor.dataset.tip) { hide(); return false; }
    if (tips.anchor && tips.anchor !== anchor) tips.anchor.removeAttribute("aria-describedby");
    const parts = [];
    if (text !== null) {
      const name = doc.createElement("b");
      name.textContent = anchor.dataset.tipName ?? term;
      // the component's icon before its name (issue 21), when its view names one
      if (anchor.dataset.tipIcon) name.prepend(icon(anchor.dataset.tipIcon, { size: "1.4em" }));
      parts.push(name);
    }
    if (anchor.dataset.tip) {
      const note = doc.createElement("span");
      note.className = "term-tip-note";
      note.textContent = anchor.dataset.tip;
      parts.push(note);
    }
    for (const paragraph of text === null ? [] : text.split("\n")) {
      const p = doc.createElement("p");
      p.textContent = paragraph;
      parts.push(p);
    }
    bubble.replaceChildren(...parts);
    if (text !== null) bubble.dataset.term = term;
    else delete bubble.dataset.term;
    bubble.style.pointerEvents = touch ? "auto" : "none";
    bubble.hidden = false;
    tips.anchor = anchor;
    anchor.setAttribute("aria-describedby", bubble.id);
    place(anchor);
    return true;
  }

  // Below the component, or above it when there is more room there; clamped to the
  // viewport on every side, so a bubble at the screen's edge stays readable.
  function place(anchor) {
    const view = doc.documentElement;
    const [vw, vh] = [view.clientWidth, view.clientHeight];
    bubble.style.maxWidth = `${Math.min(352, vw - 2 * MARGIN)}px`;
    bubble.style.left = "0px";
    bubble.style.top = "0px";
    const r = anchor.getBoundingClientRect();
    const b = bubble.getBoundingClientRect();
    const below = vh - r.bottom - GAP - MARGIN;
    const above = r.top - GAP - MARGIN;
    let top = b.height <= below || below >= above ? r.bottom + GAP : r.top - GAP - b.height;
    top = Math.max(MARGIN, Math.min(top, vh - MARGIN - b.height));
    let left = r.left + r.width / 2 - b.width / 2;
    left = Math.max(MARGIN, Math.min(left, vw - MARGIN - b.width));
    bubble.style.left = `${Math.round(left)}px`;
    bubble.style.top = `${Math.round(top)}px`;
    bubble.dataset.side = top >= r.bottom ? "below" : "above";
  }

  // -- mouse and pen: hover ---------------------------------------------------------------
  doc.addEventListener("pointerover", (event) => {
    if (event.pointerType === "touch" || event.buttons) return;
    const anchor = termOf(event.target);
    if (anchor === tips.anchor) { clearTimeout(timer); return; }
    // A page scrolled under a resting mouse (focus brings a card into view) moves it out of
    // one thing and over another: that closes no bubble the keyboard opened (focus leaving,
    // or Escape, does).
    if (!anchor && tips.byKeyboard) return;
    clearTimeout(timer);
    timer = setTimeout(() => (anchor && anchor.isConnected ? show(anchor) : hide()),
      anchor ? HOVER_DELAY : 80);
  });
  doc.addEventListener("pointerout", (event) => {
    if (event.pointerType === "touch" || !tips.anchor || tips.byKeyboard) return;
    if (event.relatedTarget instanceof Node && tips.anchor.contains(event.relatedTarget)) return;
    clearTimeout(timer);
    timer = setTimeout(hide, 80);  // unless pointerover finds the pointer on it again
  });

  // -- touch: tap or long press -----------------------------------------------------------
  doc.addEventListener("pointerdown", (event) => {
    swallowClick = false;
    if (event.pointerType !== "touch") { hide(); press = null; return; }  // a mouse acts
    const pressed = { id: event.pointerId, x: event.clientX, y: event.clientY, target: event.target,
                      held: false, timer: null };
    pressed.timer = setTimeout(() => {
      const anchor = termOf(pressed.target);
      if (anchor && show(anchor, true)) { pressed.held = true; swallowClick = true; }
    }, HOLD);
    press = pressed;
  }, true);
  doc.addEventListener("pointermove", (event) => {
    if (press && event.pointerId === press.id
        && Math.hypot(event.clientX - press.x, event.clientY - press.y) > SLOP) {
      clearTimeout(press.timer);  // a scroll or a drag, not a tap
      press.moved = true;
    }
  }, true);
  const release = (event) => {
    if (!press || event.pointerId !== press.id) return;
    const pressed = press;
    press = null;
    clearTimeout(pressed.timer);
    if (event.type === "pointercancel" || pressed.held || pressed.moved) return;
    const anchor = termOf(pressed.target);
    if (!anchor || offersMove(pressed.target)) { hide(); return; }  // a move, or elsewhere
    if (anchor === tips.anchor) hide();
    else show(anchor, true);
  };
  doc.addEventListener("pointerup", release, true);
  doc.addEventListener("pointercancel", release, true);
  doc.addEventListener("click", (event) => {
    if (!swallowClick) return;
    swallowClick = false;
    event.preventDefault();
    event.stopPropagation();
  }, true);
  doc.addEventListener("contextmenu", (event) => {  // a long press opens no menu on a term
    if (termOf(event.target) && (press || swallowClick)) event.preventDefault();
  });

  // -- keyboard ---------------------------------------------------------------------------
  doc.addEventListener("focusin", (event) => {
    const anchor = termOf(event.target);
    if (anchor && event.target.matches(":focus-visible") && show(anchor)) tips.byKeyboard = true;
  });
  doc.addEventListener("focusout", () => { if (tips.anchor) hide(); });
  doc.addEventListener("keydown", (event) => { if (event.key === "Escape" && tips.anchor) hide(); });

  // The bubble follows the page: gone with its component (a view redraws its board on
  // every update), moved when the page scrolls or the window turns.
  new MutationObserver(() => { if (tips.anchor && !tips.anchor.isConnected) hide(); })
    .observe(doc.body, { childList: true, subtree: true });
  const follow = () => { if (tips.anchor) place(tips.anchor); };
  doc.defaultView.addEventListener("scroll", follow, { passive: true, capture: true });
  doc.defaultView.addEventListener("resize", follow);

  tips.show = show;
  tips.hide = hide;
  doc.wgTooltips = tips;
  doc.documentElement.dataset.tooltips = String(tips.table.size);
  return tips;
}
