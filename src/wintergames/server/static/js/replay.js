// The replay viewer: a finished game, turn by turn (or step by step, when asked), as a
// spectator saw it. A turn is a seat's run of steps: each step ends one action, and the
// steps one seat takes in a row (a Winterborne turn is a dozen) are its turn.
//
// One request brings every step (GET /api/tables/<id>/replay/all: each step's public
// observation and how much of the log was written by then), so stepping never waits for
// the server. The board is drawn by the game's own view module with nothing to choose
// (an empty legal list), the same module the table page uses.
import { breakdownByCategory, unitOf, winnersLine } from "./breakdown.js";
import { getJSON, h, SEAT_COLOURS } from "./dom.js";
import { installTooltips } from "./tooltip.js";
import { logItem } from "./said.js";
import { askedSeat, installReview, reviewRefusal } from "./review.js";

const $ = (id) => document.getElementById(id);
const tableId = decodeURIComponent(location.pathname.split("/").pop());
const secret = new URLSearchParams(location.search).get("secret");  // a seat's: its own view
const PACE = 900;  // ms per step while playing: a move can be read before the next

let data = null;    // everything the server sent
let game = null;    // the view module
let layout = null;
let step = 0;
let turns = [];     // the last step of each turn (turn 0: the set-up, step 0)
let timer = null;
const local = {};   // the view module's own state between renders
let marks = null;   // the review's marks: {step, list} of the move played and the one suggested
let review = null;  // the review panel's hook (review.js)

function seatName(i) {
  const seat = data.seats[i];
  return seat.nickname ? `${seat.nickname} (${seat.name})` : seat.name;
}

// The view a spectator had after ``n`` steps, shaped as the table page's views are.
function viewAt(n) {
  const frame = data.frames[n];
  const over = n === data.steps;
  return {
    table: data.table, game: data.game, title: data.title, seat: data.seat ?? null, seats: data.seats,
    closed: null, version: n, to_move: frame.to_move, simultaneous: frame.simultaneous,
    over, winners: over ? data.winners : [], scores: over ? data.scores : null,
    seed: data.seed, observation: frame.observation, log: data.log.slice(0, frame.log),
    legal: [], score_unit: data.score_unit, score_unit_one: data.score_unit_one,
  };
}

function seatColour(view, i) {
  return (game.seatColour && game.seatColour(view, i)) || SEAT_COLOURS[i % SEAT_COLOURS.length];
}

function drawPlayers(view) {
  const scores = game.scores ? game.scores(view) : view.scores;
  const actor = data.frames[step].actor;
  $("players").replaceChildren(...data.seats.map((seat, i) => h("li", {
    class: [view.to_move.includes(i) ? "to-move" : "", actor === i ? "acted" : ""].join(" "),
    "data-seat": i,
  }, h("span", { class: "dot", style: `background:${seatColour(view, i)}` }),
  h("span", { class: "who" }, seat.nickname ? h("span", { class: "nickname" }, seat.nickname) : "",
    `${seat.nickname ? " · " : ""}${seat.name}`),
  h("span", { class: "kind" }, seat.kind),
  scores && scores[i] !== null && scores[i] !== undefined
    ? h("span", { class: "score" }, h("b", {}, String(scores[i])), ` ${unitOf(data, scores[i])}`) : "")));
}

// All lines written by this step; the ones this step added are marked, the last one
// brought into view inside the log (never by scrolling the page).
function drawLog() {
  const end = data.frames[step].log;
  // the lines of the step shown, or (turn by turn) of its turn so far
  const turn = turnOf(step);
  const begun = $("single").checked ? step - 1 : turns[Math.max(0, turn - 1)];
  const start = step > 0 ? data.frames[begun].log : 0;
  const log = $("log");
  log.replaceChildren(...data.log.slice(0, end).map((line, i) => logItem(line, game, layout, {
    class: i >= start ? (i === end - 1 ? "current last" : "current") : "",
  })));  // the engine's words, with the game's icons (said.js)
  const last = log.lastElementChild;
  if (last) {
    const top = last.offsetTop - log.offsetTop;
    if (top < log.scrollTop || top + last.offsetHeight > log.scrollTop + log.clientHeight) {
      log.scrollTop = top + last.offsetHeight - log.clientHeight + 8;
    }
  }
}

function drawFinal(view) {
  const panel = $("final");
  panel.hidden = !view.over;
  if (!view.over) return;
  $("final-winners").textContent = winnersLine(data.winners, data.breakdown, seatName);
  $("final-table").replaceChildren(
    h("tr", {}, h("th", {}, "Player"), h("th", {}, data.score_unit)),
    ...data.seats.map((_, i) => h("tr", { class: data.winners.includes(i) ? "winner" : "" },
      h("td", {}, `${data.winners.includes(i) ? "★ " : ""}${seatName(i)}`),
      h("td", {}, String(data.scores[i])))));
  // where the points came from, by the game's own categories, as on the end screen
  const parts = $("final-breakdown");
  parts.hidden = !data.breakdown;
  if (data.breakdown) parts.replaceChildren(...breakdownByCategory(data, seatName, game.categoryIcon));
}

function statusText(view) {
  const frame = data.frames[step];
  if (step === 0) return `The set-up. ${data.steps} steps follow.`;
  const who = frame.actor === null ? "" : `${seatName(frame.actor)} acted. `;
  if (view.over) return `${who}Game over.`;
  const next = view.to_move.map(seatName).join(" and ");
  return `${who}${next ? `Next: ${next}.` : ""}`;
}

// The turns: where each ends (the last step before another seat acts), from the frames.
function turnsOf(frames) {
  const ends = [0];
  for (let n = 1; n <= data.steps; n++) {
    if (n === data.steps || frames[n + 1].actor !== frames[n].actor) ends.push(n);
  }
  return ends;
}

// The turn step ``n`` is in (0: the set-up).
function turnOf(n) {
  return turns.findIndex((end) => n <= end);
}

function show(n) {
  step = Math.max(0, Math.min(data.steps, n));
  const view = viewAt(step);
  $("slider").value = String(step);
  $("where").textContent = `Turn ${turnOf(step)} of ${turns.length - 1} · step ${step} of ${data.steps}`;
  $("status").textContent = statusText(view);
  $("first").disabled = $("back").disabled = step === 0;
  $("next").disabled = $("last").disabled = step === data.steps;
  document.body.dataset.step = String(step);
  document.body.dataset.over = view.over ? "1" : "";
  drawPlayers(view);
  drawLog();
  drawFinal(view);
  const choices = $("choices");
  choices.replaceChildren();
  // the review's marks only on the position they belong to
  const shown = marks && marks.step === step ? marks.list : undefined;
  game.render({ view, layout, board: $("board"), choices, act: () => {}, local, marks: shown });
  $("details").hidden = !choices.childNodes.length;
  // the step in the address: reloading or sharing the link opens the same position
  const url = new URL(location.href);  // (a seat's secret stays in it)
  url.searchParams.set("step", String(step));
  history.replaceState(null, "", url);
  if (step === data.steps) stop();
  review?.shown(step);
}

// Where one move forward or back goes: the end of the next or previous turn, or one step
// with "single steps" ticked.
function target(delta) {
  if ($("single").checked) return step + delta;
  const turn = turnOf(step);
  if (delta > 0) return turns[Math.min(turns.length - 1, step === turns[turn] ? turn + 1 : turn)];
  return turns[Math.max(0, turn - 1)];
}

function play() {
  if (timer) return stop();
  if (step === data.steps) show(0);
  $("play").textContent = "⏸ Pause";
  timer = setInterval(() => show(target(1)), PACE);
}

function stop() {
  clearInterval(timer);
  timer = null;
  $("play").textContent = "▶ Play";
}

function moveBy(delta) {
  stop();
  show(target(delta));
}

// "Go to turn N": its end, as turn by turn shows it.
function goToTurn() {
  const asked = Number($("turn").value);
  if (!Number.isInteger(asked)) return;
  stop();
  show(turns[Math.max(0, Math.min(turns.length - 1, asked))]);
}

function controls() {
  $("first").addEventListener("click", () => { stop(); show(0); });
  $("back").addEventListener("click", () => moveBy(-1));
  $("next").addEventListener("click", () => moveBy(1));
  $("last").addEventListener("click", () => { stop(); show(data.steps); });
  $("play").addEventListener("click", play);
  $("slider").max = String(data.steps);
  $("turn").max = String(turns.length - 1);
  $("turn-form").addEventListener("submit", (event) => {
    event.preventDefault();
    goToTurn();
  });
  $("single").addEventListener("change", () => {
    $("back").textContent = $("single").checked ? "◀ Step" : "◀ Turn";
    $("next").textContent = $("single").checked ? "Step ▶" : "Turn ▶";
  });
  $("slider").addEventListener("input", () => { stop(); show(Number($("slider").value)); });
  document.addEventListener("keydown", (event) => {
    // the slider moves itself with the arrows; text fields keep their keys
    if (event.target === $("slider") || event.target.closest?.("input, textarea, select")) return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const keys = { ArrowLeft: () => moveBy(-1), ArrowRight: () => moveBy(1),
                   Home: () => { stop(); show(0); }, End: () => { stop(); show(data.steps); },
                   " ": () => { if (event.target.tagName !== "BUTTON") play(); } };
    if (keys[event.key]) {
      if (event.key !== " " || event.target.tagName !== "BUTTON") event.preventDefault();
      keys[event.key]();
    }
  });
  $("download").href = `/api/tables/${encodeURIComponent(tableId)}/record`;
  $("to-table").href = `/table/${encodeURIComponent(tableId)}`;
  $("replay-bar").hidden = false;
}

function showProblem(title, text) {
  document.title = `${title} — wintergames`;
  document.body.dataset.problem = "1";
  $("status").textContent = "";
  $("main").replaceChildren(h("section", { id: "problem", class: "panel problem" },
    h("h2", {}, title), h("p", {}, text),
    h("p", {}, h("a", { href: "/", class: "back" }, "Back to the lobby"))));
}

async function start() {
  const response = await fetch(`/api/tables/${encodeURIComponent(tableId)}/replay/all${
    secret ? `?secret=${encodeURIComponent(secret)}` : ""}`);
  const body = await response.json().catch(() => null);
  if (!response.ok) {
    const message = body?.error?.message || response.statusText;
    if (response.status === 409) {
      // a review asked for too soon (issue 43): the review's refusal, in the server's words
      // (only for a seat written as one: the value goes into the request's path)
      const reviewing = askedSeat(new URLSearchParams(location.search).get("review"));
      const refused = reviewing === null ? null : await reviewRefusal(tableId, reviewing, secret);
      if (refused) showProblem("This game cannot be reviewed yet", refused);
      else showProblem("This game is not over yet", `${message}. Watch it at its table instead.`);
      $("main").querySelector(".problem").append(h("p", {},
        h("a", { href: `/table/${encodeURIComponent(tableId)}` }, "Watch the table")));
    } else if (response.status === 404) {
      showProblem("There is no such game", "No table has this address: it may be mistyped.");
    } else {
      showProblem("The replay could not be loaded", message);
    }
    return;
  }
  data = body;
  turns = turnsOf(data.frames);
  document.body.dataset.game = data.game;  // said.js: a rule link's document
  game = await import(`./views/${data.game}.js`);
  layout = await getJSON(`/api/games/${data.game}/layout`);
  document.title = `Replay: ${data.title} — wintergames`;
  if (data.seat !== null && data.seat !== undefined) {
    document.querySelector("header .badge").textContent = `replay · as ${seatName(data.seat)} saw it`;
  }
  $("title").textContent = `Replay: ${data.title}`;
  controls();
  review = installReview({
    data, game, layout, tableId, secret, seatName,
    seatInk: (i) => (game.seatInk ?? seatColour)(viewAt(data.steps), i),
    goTo: (n) => { stop(); show(n); },
    markAt: (n, list) => {  // null: no marks (the board drawn again without them)
      const had = marks;
      marks = list ? { step: n, list } : null;
      if (list || had) { stop(); show(list ? n : step); }
    },
    keepClear: () => $("replay-bar").offsetHeight,  // the bar stays stuck over the page's top
  });
  const asked = Number(new URLSearchParams(location.search).get("step"));
  show(Number.isInteger(asked) && asked >= 0 ? asked : 0);
  document.body.dataset.ready = "1";
  getJSON(`/api/games/${data.game}/rules`).then((rules) => installTooltips(rules.terms))
    .catch(() => {});  // a game without explained terms shows no tooltips
}

start().catch((err) => showProblem("The replay could not be loaded",
  `${err.message}. The server may be restarting.`));
