// Every move watched (issue 18): a queue between the socket and the table page's render.
//
// The hub sends each watcher one view per change, in order, so this page sees every
// step: each is drawn, then (another seat's move) animated by the game's view module,
// or held at a readable pace with its new log lines marked. A view that arrives
// meanwhile waits its turn; views nothing animates are drawn together, as the newest, once
// a frame. The board is always drawn before its animation runs, so the
// seat to move can act at once; acting, or "Skip animations", finishes the animation
// and shows whatever waits. A long queue is played faster, a very long one not at all,
// so others' moves never keep a person from acting for long.
//
// A view module may export watchedArea(ctx, previousView): the element another seat's step
// is made on, brought into sight before it moves (bringInSight) and left after.
// A view module may export animate(ctx, previousView) returning a Promise, or null when
// it has nothing to show for this step. ctx is the render context plus: previous (the
// view before), own (this view answers this page's own action), fresh (the new log
// lines), pace (ms per step) and signal (an AbortSignal: when it fires the animation
// must finish at once, leaving the board as render() drew it). A module that exports
// animatesPartway = true is also asked for another seat's views that add no log line
// (a step of several actions, seen before its line comes); it returns null for most.
import { h } from "./dom.js";

export const PACE_MS = 800;        // one step of another seat's move
const FAST_AFTER = 3;              // views waiting: every step at double speed
const DROP_AFTER = 40;             // views waiting: shown without animation (a long absence)
const BATCH_MS = 100;              // nothing animated: views are drawn together this often at least
const ANIMATIONS_KEY = "wg.animations";  // "off" turns animations off
const SOUND_KEY = "wg.turnSound";        // "on" plays a sound when it becomes your turn
// What the floating "Skip animations" button must never cover: the chat's form, and on a
// phone the sheet of choices. While one reaches into the button's corner, the button
// rides above it.
const KEEP_CLEAR = ["#chat-form", "body[data-my-turn='1'] #choices-panel"];
const CLEAR_GAP_PX = 8;

/** Lift `button` (fixed at the bottom) above whatever of KEEP_CLEAR it would cover. */
export function keepClear(button) {
  if (!button || button.hidden) return;
  button.style.bottom = "";
  const own = button.getBoundingClientRect();
  let lift = 0;
  for (const element of document.querySelectorAll(KEEP_CLEAR.join(", "))) {
    const r = element.getBoundingClientRect();
    if (r.width && r.height && r.left < own.right && r.right > own.left
        && r.top < own.bottom && r.bottom > own.top) {
      lift = Math.max(lift, window.innerHeight - r.top + CLEAR_GAP_PX);
    }
  }
  if (lift) button.style.bottom = `${lift}px`;
}

/** A pause of `ms` that ends early when `signal` aborts. */
export function wait(ms, signal) {
  return new Promise((resolve) => {
    if (signal?.aborted) {
      resolve();
      return;
    }
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
  });
}

// The log lines a view adds to the one before; none when the log was not extended (a
// first view, a name or chat change, or a reconnect's view of another seat).
function newLines(previous, view) {
  if (!previous || view.log.length <= previous.log.length) return [];
  return view.log.slice(previous.log.length);
}

function stored(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;  // storage refused (a private window): the defaults apply
  }
}

function store(key, value) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // not kept across visits, but still in force on this page
  }
}

// A short two-note chime, made on the spot: no sound file to load.
function chime(audio) {
  const now = audio.currentTime;
  [[660, 0], [880, 0.16]].forEach(([frequency, at]) => {
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, now + at);
    gain.gain.exponentialRampToValueAtTime(0.2, now + at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + at + 0.28);
    tone.connect(gain).connect(audio.destination);
    tone.start(now + at);
    tone.stop(now + at + 0.3);
  });
}

const THEME_NAMES = { system: "System", light: "Light", dark: "Dark" };

// Light / Dark / System (js/theme.js keeps the choice and applies it before the first paint).
function themeSetting() {
  const theme = window.wgTheme;
  if (!theme) return null;
  const select = h("select", { id: "theme-setting" },
    theme.choices.map((c) => h("option", { value: c, selected: c === theme.choice() }, THEME_NAMES[c])));
  select.addEventListener("change", () => theme.choose(select.value));
  return h("label", { class: "watch-setting" }, "Theme ", select);
}

export class Watch {
  /**
   * show(view): make `view` the page's view and draw it (table.js's render).
   * context(): the render context of the view now shown.
   * game(): the game's view module.
   */
  constructor({ show, context, game }) {
    this.show = show;
    this.context = context;
    this.game = game;
    this.queue = [];          // {view, own, quiet} waiting to be shown, oldest first
    this.previous = null;     // the view shown last
    this.running = false;
    this.controller = null;   // aborts the animation playing now
    this.shown = [];          // each view shown: log length and whether it animated (tests read it)
    this.animations = stored(ANIMATIONS_KEY) !== "off";
    this.sound = stored(SOUND_KEY) === "on";
    this.audio = null;
    this.wasMine = false;     // the view shown last was this seat's turn
    this.waiters = [];        // settled() promises, resolved when nothing plays or waits
    this.scheduled = false;   // a drawing of the views waiting is due (soon())
    this.returnTo = null;     // where the page was before another seat's move was brought in sight
    this.scrolledTo = null;   // where that put it: the page goes back only if still there
    this.controls();
    window.wgWatch = this;    // for the browser tests, and for looking at it in devtools
  }

  /** A view from the server: shown now, or after what plays and waits before it. */
  push(view) {
    // The page marks itself busy when it sends an action, until it draws a view: the
    // first view to arrive after that answers it (those behind it are others' moves).
    const own = document.body.dataset.busy === "1" && !this.queue.some((entry) => entry.own);
    if (own) this.skip();  // a person who acts need not watch the rest first
    this.queue.push({ view, own, quiet: false });
    if (this.animations) this.pump();
    else this.soon();
  }

  // Nothing animated: the views that arrive before the next frame are drawn as one, the
  // newest (a full view holds all the ones before it did). A bot's turn of a dozen
  // actions was a dozen whole boards drawn within a frame or two, none of them seen. A
  // hidden page draws no frames: the timer still brings its title up to date.
  soon() {
    if (this.scheduled) return;
    this.scheduled = true;
    const go = () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      this.scheduled = false;
      this.pump();
    };
    const frame = requestAnimationFrame(go);
    const timer = setTimeout(go, BATCH_MS);
  }

  // Whether an entry is drawn without an animation whatever it holds.
  still(entry) {
    return !this.animations || entry.quiet;
  }

  /** Resolves once nothing plays or waits: the end dialog opens after the last move. */
  settled() {
    if (!this.running && !this.queue.length) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Finish the animation playing now and show every waiting view at once. */
  skip() {
    for (const entry of this.queue) entry.quiet = true;
    this.controller?.abort();
  }

  async pump() {
    if (this.running) {
      this.mark();
      return;
    }
    this.running = true;
    try {
      while (this.queue.length) {
        const entry = this.queue.shift();
        const previous = this.previous;
        if (this.still(entry)) {
          this.displayAtOnce([entry, ...this.takeStill()], previous);
          continue;
        }
        const fresh = newLines(previous, entry.view);
        this.display(entry.view, previous, entry.own ? [] : fresh.map((_, i) => previous.log.length + i));
        // A step of several actions logs one line at its end; a game whose board shows
        // something moving before that (Winterborne's walking figure) animates those views too.
        const partway = Boolean(previous) && !fresh.length && !entry.own
          && Boolean(this.game()?.animatesPartway);
        const animate = this.animations && !entry.quiet && (fresh.length || partway)
          && this.queue.length <= DROP_AFTER;
        const step = { log: entry.view.log.length, animated: Boolean(animate) };
        this.shown.push(step);
        if (animate) {
          const shown = await this.play(entry, previous, fresh);
          if (partway) step.animated = shown;  // most such views show nothing
        }
      }
    } finally {
      this.running = false;
      this.goBack();
      this.mark();
      for (const resolve of this.waiters.splice(0)) resolve();
    }
  }

  // The entries at the head of the queue drawn without an animation, taken off it.
  takeStill() {
    const taken = [];
    while (this.queue.length && this.still(this.queue[0])) taken.push(this.queue.shift());
    return taken;
  }

  // Several views drawn as one, the newest: each is counted as shown, and the log lines
  // other seats' moves added among them are marked as if each had been drawn.
  displayAtOnce(entries, previous) {
    // Another seat's move among them, drawn as one with this seat's next: its move begins
    // all the same (the sheet's scroll, the bell), though the view before it was its own.
    const passed = entries.slice(0, -1).some((entry) => entry.view.legal.length === 0);
    const others = [];
    let before = previous;
    for (const entry of entries) {
      const start = before ? before.log.length : entry.view.log.length;
      const added = newLines(before, entry.view).length;
      if (!entry.own) for (let i = 0; i < added; i++) others.push(start + i);
      this.shown.push({ log: entry.view.log.length, animated: false });
      before = entry.view;
    }
    this.display(before, previous, others, passed);
  }

  // Draw a view, mark other seats' new log lines (``others``: their indices in the log),
  // and say whose turn it is. ``passed``: a view not this seat's was drawn as one with it.
  display(view, previous, others, passed = false) {
    const mine = view.legal.length > 0;
    const began = mine && (!this.wasMine || passed);
    this.show(view, { began });
    this.previous = view;
    if (others.length) {
      const items = document.querySelectorAll("#log li");
      const first = items.length - view.log.length;  // the li of line 0
      for (const line of others) items[first + line]?.classList.add("fresh");
    }
    if (mine) document.title = `● Your move — ${view.title}`;
    if (began && previous && this.sound) this.ring();
    this.wasMine = mine;
  }

  async play(entry, previous, fresh) {
    const controller = new AbortController();
    this.controller = controller;
    const pace = this.queue.length >= FAST_AFTER ? PACE_MS / 2 : PACE_MS;
    const ctx = { ...this.context(), previous, own: entry.own, fresh, pace,
                  signal: controller.signal };
    document.body.dataset.animating = "1";
    this.mark();
    try {
      const game = this.game();
      if (!entry.own && game.watchedArea) this.bringInSight(game.watchedArea(ctx, previous));
      const running = game.animate ? game.animate(ctx, previous) : null;
      // Nothing of the game's own to show: another seat's move is held for one step,
      // its log lines marked, so a person sees it before the next one replaces it (a
      // view partway through a step has no lines to read: it is not held).
      const hold = !running && !entry.own && fresh.length > 0;
      await (running || (hold ? wait(pace, controller.signal) : null));
      return Boolean(running);
    } catch (err) {
      console.error("an animation failed; the board shows the move as it ended", err);
      return false;
    } finally {
      this.controller = null;
      delete document.body.dataset.animating;
    }
  }

  // Another seat's move happens where the person is looking: the part of the board it is
  // made on (the view's watchedArea) is scrolled into sight before it moves, and the page
  // goes back once nothing more plays, unless the person (or their own move beginning)
  // scrolled it meanwhile.
  bringInSight(area) {
    if (!area) return;
    const box = area.getBoundingClientRect();
    if (box.top >= 0 && box.bottom <= window.innerHeight) return;
    if (this.returnTo === null) this.returnTo = window.scrollY;
    area.scrollIntoView({ block: box.height > window.innerHeight ? "start" : "center",
                          behavior: "instant" });
    this.scrolledTo = window.scrollY;
  }

  goBack() {
    if (this.returnTo !== null && window.scrollY === this.scrolledTo) {
      window.scrollTo({ top: this.returnTo, behavior: "instant" });
    }
    this.returnTo = this.scrolledTo = null;
  }

  // What the page shows of the queue: the skip button while something plays or waits.
  mark() {
    const busy = this.running && (this.controller !== null || this.queue.length > 0);
    document.body.dataset.queued = String(this.queue.length);
    const button = document.getElementById("skip-animations");
    if (button) {
      button.hidden = !busy;
      button.textContent = this.queue.length
        ? `Skip animations (${this.queue.length} more)` : "Skip animations";
      keepClear(button);
    }
  }

  ring() {
    try {
      if (!this.audio) this.audio = new AudioContext();
      if (this.audio.state === "suspended") this.audio.resume();
      chime(this.audio);
    } catch {
      // no sound on this device: the title still says it
    }
  }

  // The settings (kept in this browser) and the skip button, in #watch.
  controls() {
    const place = document.getElementById("watch");
    if (!place) return;
    const toggle = (id, text, on, change) => {
      const box = h("input", { type: "checkbox", id, checked: on });
      box.addEventListener("change", () => change(box.checked));
      return h("label", { class: "watch-setting" }, box, ` ${text}`);
    };
    // Folded behind one small button in the log's corner: settings are seldom changed.
    place.replaceChildren(
      h("details", { class: "watch-menu" },
        h("summary", { title: "How others' moves are shown, sound and theme" }, "⚙ Settings"),
        h("div", { class: "watch-menu-box" },
          toggle("animations-setting", "Animate others' moves", this.animations, (on) => {
            this.animations = on;
            store(ANIMATIONS_KEY, on ? "on" : "off");
            if (!on) this.skip();
          }),
          toggle("sound-setting", "Sound when it is your turn", this.sound, (on) => {
            this.sound = on;
            store(SOUND_KEY, on ? "on" : "off");
            if (on) this.ring();  // a click may start audio: the chime is made here first
          }),
          themeSetting())),
      h("button", { type: "button", id: "skip-animations", hidden: true,
                    onclick: () => this.skip() }, "Skip animations"));
    // The page moves under the fixed button: keep it clear as it does (once a frame).
    let pending = false;
    const follow = () => {
      if (pending) return;
      pending = true;
      requestAnimationFrame(() => {
        pending = false;
        keepClear(document.getElementById("skip-animations"));
      });
    };
    window.addEventListener("scroll", follow, { passive: true });
    window.addEventListener("resize", follow, { passive: true });
  }
}
