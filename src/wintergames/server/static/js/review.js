// The game review on the replay page (issue 43): a seat's decisions judged by the server's
// search, shown beside the replay.
//
// The panel asks for one seat's review (POST /api/tables/<id>/reviews/<seat>: the one made,
// being made, or a new one), then looks at its progress about once a second (GET) with a
// progress bar and a Cancel button (DELETE). Once done it shows the win-chance curve
// (reviewchart.js), the seat's accuracy and its decisions counted by grade, and its
// mistakes ranked, the largest drop first.
// Choosing a mistake moves the replay to the position the decision was taken in and draws
// the move played and the move the search suggests on the board (marks.js; each game's
// view finds where an action lies).
//
// Every word about a move is the engine's: the label phrase of the move (said.js), its
// explanation as the tooltip, its notation where it has no label; grade names come from
// the review's `grade_words` (else its `grade` field), and no threshold is repeated here.
import { h } from "./dom.js";
import { marksLegend, revealMarks } from "./marks.js";
import { winChart } from "./reviewchart.js";
import { saidNodes } from "./said.js";

const POLL = 1000;  // ms between looks at a running review
const RUNNING = new Set(["queued", "running"]);
const LEGEND = { played: "the move played", best: "the move suggested" };  // marks.js tags them

const $ = (id) => document.getElementById(id);

/** The server's answer to a request: its status and body (an error's too). It never
 *  throws: a request the network lost (status 0), or an answer that is no review status
 *  (a proxy's page, say), is not ok and says so in `problem`, so no caller is left
 *  waiting on an answer that never comes. */
async function call(url, options) {
  let response;
  try {
    response = await fetch(url, options);
  } catch (err) {
    return { ok: false, status: 0, body: null,
             problem: `the server could not be reached (${err.message})` };
  }
  const body = await response.json().catch(() => null);
  if (response.ok && typeof body?.status !== "string") {
    return { ok: false, status: response.status, body: null,
             problem: "the server's answer could not be read" };
  }
  return { ok: response.ok, status: response.status, body };
}

/** What a failed request says: the problem, else the server's message, else the HTTP
 *  status. */
function refusal(answer) {
  return answer.problem || answer.body?.error?.message || `the server answered ${answer.status}`;
}

/** The seat a `?review=` value names, or null: a whole number written plainly (as the
 *  server reads a seat: digits, no sign, no leading zero) below `seats`. The value goes
 *  into a request's path, so nothing else may pass ("../" would reach another address). */
export function askedSeat(text, seats = Infinity) {
  if (typeof text !== "string" || !/^(0|[1-9][0-9]{0,5})$/.test(text)) return null;
  const seat = Number(text);
  return seat < seats ? seat : null;
}

/** The address of one seat's review. */
function reviewUrl(tableId, seat) {
  return `/api/tables/${encodeURIComponent(tableId)}/reviews/${seat}`;
}

/** Asks for `seat` (a number: `askedSeat`)'s review of a table the replay could not open
 *  (its game goes on): the server's refusal because the game goes on (409), for the page to
 *  show, or null. Any other answer is ignored as the panel ignores it: a seat beyond the
 *  table's (which the page cannot know here), or no answer at all. */
export async function reviewRefusal(tableId, seat, secret) {
  const answer = await call(reviewUrl(tableId, seat), {
    method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ secret: secret || null }),
  });
  return answer.status === 409 ? refusal(answer) : null;
}

/**
 * The review panel. `page` is the replay's: {data, game, layout, tableId, secret,
 * seatName(i), seatInk(i), goTo(step), markAt(step, marks), keepClear()}. Returns the
 * hook the replay calls as it shows a step (`shown(step)`).
 */
export function installReview(page) {
  const panel = $("review");
  const state = { seat: null, ticket: 0, timer: null, review: null, chosen: null, chart: null };
  const asked = new URLSearchParams(location.search).get("review");
  const own = page.data.seat ?? null;

  const seats = h("select", { id: "review-seat", "aria-label": "The seat to review" },
    page.data.seats.map((_, i) => h("option", { value: i }, page.seatName(i))));
  seats.addEventListener("change", () => open(Number(seats.value)));
  const body = h("div", { id: "review-body" });
  panel.replaceChildren(h("h2", { id: "review-title" }, "Game review"),
    h("label", { class: "review-seat" }, "Seat ", seats), body);

  function remember(seat) {
    const url = new URL(location.href);
    url.searchParams.set("review", String(seat));
    history.replaceState(null, "", url);
  }

  // -- asking the server --------------------------------------------------------------

  async function open(seat) {
    clearTimeout(state.timer);
    const ticket = ++state.ticket;  // an answer for a seat no longer shown is dropped
    Object.assign(state, { seat, review: null, chosen: null, chart: null });
    seats.value = String(seat);
    panel.hidden = false;
    panel.dataset.status = "asking";
    remember(seat);
    page.markAt(null, null);
    body.replaceChildren(h("p", { class: "muted" }, "Asking for the review…"));
    // one POST: the server answers with the review made or being made, and starts one
    // only where there is none (or it was cancelled or failed)
    await start(ticket);
  }

  async function start(ticket = ++state.ticket) {
    clearTimeout(state.timer);
    panel.dataset.status = "asking";
    const answer = await call(reviewUrl(page.tableId, state.seat), {
      method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ secret: page.secret || null }),
    });
    if (ticket === state.ticket) answered(answer, ticket);
  }

  async function poll(ticket) {
    const answer = await call(reviewUrl(page.tableId, state.seat));
    if (ticket === state.ticket) answered(answer, ticket);
  }

  async function cancel() {
    const ticket = ++state.ticket;
    clearTimeout(state.timer);
    const answer = await call(reviewUrl(page.tableId, state.seat), { method: "DELETE" });
    if (ticket === state.ticket) answered(answer, ticket);
  }

  // A failed request (refused, lost, or unreadable) stops the polling: its error and a
  // Try again button are shown, which asks afresh (joining the review if it still runs).
  function answered(answer, ticket) {
    if (!answer.ok) return drawRefused(refusal(answer));
    const status = answer.body;
    panel.dataset.status = status.status;
    if (RUNNING.has(status.status)) {
      drawProgress(status);
      state.timer = setTimeout(() => poll(ticket), POLL);
    } else if (status.status === "done" && status.review) {
      drawDone(status.review);
    } else {
      drawStopped(status);
    }
  }

  // -- drawing each state -------------------------------------------------------------

  const againButton = (words) => h("button", { type: "button", id: "review-again", onclick: () => start() }, words);

  function drawRefused(message) {
    panel.dataset.status = "refused";
    body.replaceChildren(h("p", { class: "error review-message", role: "alert" }, message),
      againButton("Try again"));
  }

  function drawProgress(status) {
    const known = status.total > 0;
    const bar = h("progress", { id: "review-progress", max: known ? status.total : null,
                                value: known ? status.done : null, "aria-label": "Review progress" });
    const words = status.status === "queued" && !status.done ? "Waiting for the reviewer…"
      : `Judged ${status.done} of ${status.total} decisions…`;
    body.replaceChildren(h("p", { class: "review-progress-line", role: "status" }, words), bar,
      h("button", { type: "button", id: "review-cancel", onclick: cancel }, "Cancel"));
  }

  function drawStopped(status) {
    const what = status.status === "cancelled" ? "The review was cancelled." : "The review failed.";
    body.replaceChildren(h("p", { class: "review-message", role: "status" },
      what, status.message ? ` ${status.message}` : ""), againButton("Start again"));
  }

  function drawDone(review) {
    state.review = review;
    const inks = page.data.seats.map((_, i) => page.seatInk(i));
    state.chart = winChart(review, inks, {
      goTo: (step) => page.goTo(step), choose: (step) => choose(step),
      words: { label: `Every seat's chance to win along the game; ${page.seatName(review.seat)} reviewed`,
               grade: (grade) => gradeWord(review, grade) },
    });
    state.chart.cursor(Number(document.body.dataset.step || 0));
    body.replaceChildren(
      h("figure", { class: "review-figure" }, state.chart.svg, chartKey(review, inks)),
      summary(review),
      h("div", { id: "review-chosen", class: "review-chosen" }),
      mistakes(review));
  }

  function chartKey(review, inks) {
    return h("figcaption", { class: "review-key" }, review.outcome.map((_, i) => h("span", {
      class: i === review.seat ? "reviewed" : "", "data-seat": i },
    h("span", { class: "review-swatch", style: `background:${inks[i]}` }), page.seatName(i))));
  }

  const gradeWord = (review, grade) => review.grade_words?.[grade] ?? grade;

  function summary(review) {
    return h("div", { class: "review-summary" },
      h("p", { class: "review-accuracy" }, "Accuracy ", h("b", { id: "review-accuracy" }, review.accuracy.toFixed(1)),
        h("span", { class: "muted" }, " of 100")),
      h("ul", { class: "review-counts", id: "review-counts" }, Object.entries(review.counts).map(([grade, n]) =>
        h("li", { class: `grade-${grade}`, "data-grade": grade },
          h("b", {}, String(n)), ` ${gradeWord(review, grade)}`))));
  }

  // A move in the engine's words: its label phrase (its explanation the tooltip), else its
  // notation.
  function moveWords(move) {
    const words = move.label ? saidNodes(move.label, page.game, page.layout) : [move.text];
    return h("span", { class: "review-move", title: move.explain?.text ?? move.text }, ...words);
  }

  function mistakes(review) {
    const byStep = new Map(review.decisions.map((d) => [d.step, d]));
    const flagged = review.worst.map((step) => byStep.get(step)).filter(Boolean);
    if (!flagged.length) return h("p", { class: "muted", id: "review-mistakes" }, "No move was flagged.");
    return h("div", { class: "review-list" }, h("h3", {}, "Mistakes, the largest first"),
      h("ol", { id: "review-mistakes" }, flagged.map((d) => h("li", { "data-step": d.step },
        h("button", { type: "button", class: `review-mistake grade-${d.grade}`, "data-step": d.step,
                      onclick: () => choose(d.step) },
        h("span", { class: "review-grade" }, gradeWord(review, d.grade)),
        h("span", { class: "review-drop", title: "chance to win given away, in percentage points" },
          `−${(d.drop * 100).toFixed(1)}% to win`),
        // the replay's step of the position the move was made in (as reviewchart.js says)
        h("span", { class: "muted review-step" }, `step ${d.step}`),
        h("span", { class: "review-played" },
          h("span", { class: "review-role played" }, "Played "), moveWords(d.played)),
        h("span", { class: "review-best" },
          h("span", { class: "review-role best" }, "Suggested "), moveWords(d.best)),
        h("span", { class: "muted review-points" }, `${d.points_lost.toFixed(1)} points lost`))))));
  }

  /** Shows decision `step`: the replay at its position, the two moves on the board. */
  function choose(step) {
    const review = state.review;
    const d = review?.decisions.find((x) => x.step === step);
    if (!d) return;
    state.chosen = step;
    for (const item of panel.querySelectorAll(".review-mistake")) {
      item.classList.toggle("chosen", Number(item.dataset.step) === step);
      item.setAttribute("aria-pressed", String(Number(item.dataset.step) === step));
    }
    $("review-chosen").replaceChildren(chosenDetail(review, d));
    page.markAt(step, [{ action: d.played.action, role: "played", seat: review.seat },
      { action: d.best.action, role: "best", seat: review.seat }]);
    // once the view has drawn the board (and its own first frame has run), in sight
    requestAnimationFrame(() => requestAnimationFrame(() => revealMarks($("board"), page.keepClear())));
  }

  function chosenDetail(review, d) {
    const pct = (x) => `${(x * 100).toFixed(1)}%`;
    return h("div", { class: "review-detail", "data-step": d.step },
      d.prompt ? h("p", { class: "review-prompt" }, ...saidNodes(d.prompt.prompt, page.game, page.layout)) : "",
      marksLegend(LEGEND),
      h("p", { class: "muted" },
        `Chance to win: ${pct(d.before)} with the suggested move, ${pct(d.after)} with the move played.`));
  }

  // -- opening -----------------------------------------------------------------------

  $("review-open").addEventListener("click", () => {
    if (panel.hidden) open(own ?? 0);  // once open, the button only brings it into sight
    // its top in sight below the replay's bar, which stays stuck over the page's top
    const top = panel.getBoundingClientRect().top - page.keepClear() - 8;
    if (top < 0 || top > window.innerHeight / 2) window.scrollBy({ top, behavior: "instant" });
  });
  // a value that names no seat of the table opens the panel as the Review button does
  if (asked !== null) open(askedSeat(asked, page.data.seats.length) ?? own ?? 0);

  return {
    shown(step) {
      state.chart?.cursor(step);
    },
  };
}
