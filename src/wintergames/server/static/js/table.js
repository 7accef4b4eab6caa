// The table page: one seat's (or a spectator's) live view over a WebSocket.
//
// The server is the authority: this page draws the view it is sent and offers only the
// legal actions listed in it. Each game draws its board in its own module,
// views/<game>.js: the hooks it may export, and what they are given, are in docs/views.md.
import { getJSON, h, SEAT_COLOURS } from "./dom.js";
import "./people.js";  // your name and the creator's links; runs first, so it sees every view
import "./afterwards.js";  // Replay, Download record, Rematch, Back to lobby once it is over
import { breakdownRows, unitOf, winnersLine } from "./breakdown.js";
import { installTooltips } from "./tooltip.js";
import { stylesheetsLoaded } from "./styles.js";
import { chatHears, chatUses } from "./chat.js";  // the table chat, in a panel of its own
import { Watch, wait } from "./watch.js";
import { logItem, OPEN_RULE, ruleLink, sameLine } from "./said.js";

const $ = (id) => document.getElementById(id);
const tableId = decodeURIComponent(location.pathname.split("/").pop());
const secret = new URLSearchParams(location.search).get("secret");
const query = secret ? `?secret=${encodeURIComponent(secret)}` : "";

let game = null;     // the view module
let layout = null;   // public component data of the game
let view = null;     // the latest view from the server
let socket = null;
let retry = 500;
const END_WAIT_MS = 3000;  // the longest the end dialog waits for the last move's animation
const local = {};    // the view module's own state between renders (selection, ...)
// Every view passes through this queue: shown in order, others' moves animated (watch.js).
const watch = new Watch({ show: (next, how) => { view = next; render(how); }, game: () => game,
  context: () => ({ view, layout, board: $("board"), choices: $("choices"), act, local }) });

// The page's own action, also for the browser tests and benchmarks/click_latency.py (which
// time an action to the view it brings, as a click on a button or the board sends it).
window.wgAct = (action) => act(action);

function act(action) {
  if (!socket || socket.readyState !== WebSocket.OPEN) {
    showError("not connected; trying again…");
    return;
  }
  $("error").textContent = "";
  document.body.dataset.busy = "1";
  socket.send(JSON.stringify({ type: "action", version: view.version, action }));
}

// A refusal, with the link to the rule that refuses it where the game names one.
function showError(message, rule = null) {
  $("error").replaceChildren(message, rule ? " " : "", rule ? ruleLink(rule) : "");
}

// "Ada (Player 1)": the name its person typed, with the seat the log speaks of.
function seatName(i) {
  const seat = view.seats[i];
  return seat.nickname ? `${seat.nickname} (${seat.name})` : seat.name;
}

// "Ada (Player 1) wins.": the end dialog's line under its own "Game over" heading.
function winnersText() {
  return winnersLine(view.winners, view.breakdown, seatName);
}

function statusText() {
  if (view.closed) {
    return `This table was closed ${view.closed.by === "creator" ? "by its creator"
      : "after nobody played at it for too long"}; nothing more can be played.`;
  }
  if (view.over) return `Game over — ${winnersText()}`;
  // A seat is never told it waits for itself: its own part is "Your move", the rest by name.
  const others = view.to_move.filter((i) => i !== view.seat).map(seatName).join(", ");
  if (view.seat !== null && view.to_move.includes(view.seat)) {
    if (!view.simultaneous) return "Your move.";
    return `Your move: choose now (hidden until everyone has chosen).${
      others ? ` Also waiting for ${others}.` : ""}`;
  }
  return `Waiting for ${others}.`;
}

// What a spectator watches: whose move it is (or that nobody's is).
function watchingText() {
  if (view.closed) return "The table is closed.";
  if (view.over) return `The game is over: ${winnersText()}`;
  const movers = view.to_move.map(seatName);
  if (!movers.length) return "Nobody's move just now.";
  if (view.simultaneous) return `${movers.join(", ")} choosing (hidden until everyone has chosen).`;
  return `${movers.join(", ")} to move.`;
}

function seatColour(i) {
  return (game.seatColour && game.seatColour(view, i)) || SEAT_COLOURS[i % SEAT_COLOURS.length];
}

// "12 VP" when the view names the game's unit, else "score 12": a number never stands bare.
function scoreCell(score) {
  // a hidden score keeps its (empty) cell, so the kinds stay in one column
  if (score === null || score === undefined) return h("span", { class: "no-score" });
  const unit = view.score_unit;
  return h("span", { class: "score", title: unit ? `score in ${unit}` : "score" },
    unit ? "" : h("span", { class: "label" }, "score "), h("b", {}, String(score)),
    unit ? ` ${unitOf(view, score)}` : "");
}

function renderPlayers() {
  const scores = game.scores ? game.scores(view) : view.scores;
  $("players").replaceChildren(...view.seats.map((seat, i) => h("li", {
    class: [view.to_move.includes(i) ? "to-move" : "", view.seat === i ? "you" : ""].join(" "),
    "data-seat": i,
  }, h("span", { class: "dot", style: `background:${seatColour(i)}` }),
    // what a game adds to a seat's row, if anything (ICE: the seat's guild symbol)
    game.seatBadge ? game.seatBadge(view, i) : null,
    h("span", { class: "who" },
      seat.nickname ? h("span", { class: "nickname" }, seat.nickname) : "",
      `${seat.nickname ? " · " : ""}${seat.name}${view.seat === i ? " (you)" : ""}`),
    // The kind and the score in cells of their own: "human 0" read as one word before.
    h("span", { class: "kind" }, seat.kind),
    scoreCell(scores ? scores[i] : null))));
  // The people panel (people.js: your name, the creator's links) follows the view from here.
  document.dispatchEvent(new CustomEvent("wg:view", { detail: view }));
}

// The log lines #log shows, as drawn from: a view whose log goes on from them adds only its
// new lines. Redrawing every line at every view cost a long game's page most of its time
// (300 lines of names and icons: 350 ms a view in Winterborne's Winter).
let shownLog = [];

function renderLog() {
  const log = $("log");
  const atBottom = log.scrollTop + log.clientHeight >= log.scrollHeight - 4;
  // the engine's words, each mention drawn by the game with its icon (said.js)
  const item = (line) => logItem(line, game, layout);
  const goesOn = shownLog.length <= view.log.length
    && shownLog.every((line, i) => sameLine(line, view.log[i]));
  if (goesOn) {
    // the marks of the lines new in the view before (watch.js marks this view's own)
    for (const fresh of log.querySelectorAll("li.fresh")) fresh.classList.remove("fresh");
    log.append(...view.log.slice(shownLog.length).map(item));
  } else {
    log.replaceChildren(...view.log.map(item));
  }
  shownLog = view.log;
  if (atBottom) log.scrollTop = log.scrollHeight;
}

function renderEnd() {
  const dialog = $("end");
  if (!view.over) return;
  // the heading already says "Game over": the line under it names the winners only
  $("winners").textContent = view.closed ? statusText() : winnersText();
  // One table: each seat's score by the game's own categories, adding up to its total.
  $("final-scores").replaceChildren(...(view.breakdown ? breakdownRows(view, seatName, game.categoryIcon) : [
    h("tr", {}, h("th", {}, "Player"), h("th", {}, "Score")),
    ...view.seats.map((seat, i) => h("tr", { class: view.winners.includes(i) ? "winner" : "" },
      h("td", {}, seatName(i)), h("td", {}, view.scores ? view.scores[i] : "")))]));
  if (!dialog.open && !local.endShown) {
    local.endShown = true;
    // The last move is seen before the dialog covers the board (never held for long).
    Promise.race([watch.settled(), wait(END_WAIT_MS)]).then(() => {
      if (!dialog.open) dialog.showModal();
    });
  }
}

// A what-if table (made through the API with an overlay) says so, and which numbers differ
// from the printed game: the board's printed texts may not show them.
function renderWhatIf() {
  const changes = Object.entries(view.overlay || {});
  const badge = $("whatif");
  badge.hidden = !changes.length;
  // the rules' tooltip (tooltip.js), which a tap opens on a phone too (a title never shows there)
  badge.dataset.tip = `Changed from the printed game: ${
    changes.map(([key, value]) => `${key} = ${value}`).join("; ")}`;
}

// ``how.began``: this view begins the seat's move (watch.js knows it across views drawn as one).
function render(how = {}) {
  document.title = `${view.title} — wintergames`;
  $("title").textContent = view.title;
  $("me").textContent = view.seat === null ? "spectator" : `you are ${seatName(view.seat)}`;
  renderWhatIf();
  $("status").textContent = statusText();
  document.body.dataset.version = view.version;
  document.body.dataset.over = view.over ? "1" : "";
  document.body.dataset.myTurn = view.legal.length ? "1" : "";
  delete document.body.dataset.busy;
  renderPlayers();
  renderLog();
  const choices = $("choices");
  choices.replaceChildren();
  game.render({ view, layout, board: $("board"), choices, act, local });
  // A spectator has no move: its panel says whose move it watches instead; once the game
  // is over nobody has one.
  $("choices-panel").querySelector("h2").textContent = view.over ? "Game over"
    : view.seat === null ? "Watching" : "Your move";
  if (!choices.childNodes.length) {
    choices.append(h("p", { class: "muted" }, view.seat === null ? watchingText()
      : view.legal.length ? "Choose on the board." : "Nothing to do now."));
  }
  centreBoardOnce();
  // As your move begins, and when a step of it is made elsewhere (Winterborne: from your
  // hand to your kingdom), what the decision is made on comes into sight.
  const focus = view.legal.length ? $("board").querySelector("[data-phone-focus]")?.dataset.phoneFocus : null;
  if (how.began || (focus && lastFocus && focus !== lastFocus)) bringYourPiecesInSight();
  lastFocus = focus ?? null;
  renderEnd();
}

// On a phone, when your move begins, the pieces you play with (Winter Queen's stands, your
// hand: the view marks them data-phone-focus) are scrolled into sight just above the sheet
// of choices, with as much of the board as fits above them. The sheet is measured as it
// is drawn (often well under its 30vh at most): every pixel it leaves shows more of the
// board. Only then: never fights a scroll. And pieces already in sight stay where they
// are unless the board above them would gain a good deal: a turn that begins a few pixels
// from the last one's place (a stand one floe shorter) does not jolt the page.
const STILL_SHARE = 1 / 4;  // of the room above the sheet: a shift worth making
let lastFocus = null;       // what the last view of your move marked data-phone-focus
function bringYourPiecesInSight() {
  if (!matchMedia("(max-width: 720px)").matches) return;
  // after the view's own stylesheet has loaded: the page is laid out anew when it comes
  stylesheetsLoaded().then(() => requestAnimationFrame(() => {
    const focus = $("board").querySelector("[data-phone-focus]");
    if (!focus) return;
    const box = focus.getBoundingClientRect();
    const sheet = $("choices-panel").getBoundingClientRect();
    const room = Math.min(sheet.top, window.innerHeight) - 8;  // the screen above the sheet
    // the pieces' foot just above the sheet; pieces taller than the room show their top
    const by = box.height <= room ? box.bottom - room : box.top;
    const inSight = box.top >= 0 && box.bottom <= room;
    if (inSight && -by < room * STILL_SHARE) return;
    window.scrollBy({ top: by, behavior: "instant" });
  }));
}

// On a phone the board is wider than the screen and pans in its own box (style.css): it
// opens on its middle, where the play is, and keeps wherever the person pans it after.
let boardCentred = false;
function centreBoardOnce() {
  const board = $("board");
  if (boardCentred || board.scrollWidth <= board.clientWidth) return;
  boardCentred = true;
  board.scrollLeft = (board.scrollWidth - board.clientWidth) / 2;
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${tableId}${query}`);
  chatUses(socket);
  socket.addEventListener("open", () => {
    retry = 500;
    $("connection").textContent = "connected";
    $("connection").classList.remove("muted");
  });
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    if (chatHears(message)) return;  // the chat's messages and refusals (chat.js)
    if (message.type === "view") {
      watch.push(message);
    } else if (message.type === "error") {
      delete document.body.dataset.busy;
      showError(message.message, message.rule);
    }
  });
  socket.addEventListener("close", (event) => {
    $("connection").textContent = "reconnecting…";
    $("connection").classList.add("muted");
    if (event.code >= 4000) {  // the server refused (its reason came as an error message)
      $("connection").textContent = "not connected";
      const problem = PROBLEMS[event.code - 4000];
      if (problem) showProblem(problem);
      else if (!$("error").textContent) showError("The server refused this connection.");
      return;
    }
    setTimeout(connect, retry);  // a reload or a dropped line: the server still has it all
    retry = Math.min(retry * 2, 8000);
  });
}

// Rules at hand: the game's summary in a dialog, with the project's interpretations.
async function setUpRules(gameId) {
  let rules;
  try {
    rules = await getJSON(`/api/games/${gameId}/rules`);
  } catch {
    return;  // a game without a summary keeps the button hidden
  }
  installTooltips(rules.terms);  // the same texts explain the board's pieces (data-term)
  $("rules-title").textContent = `${rules.title}: the rules in brief`;
  $("rules-text").replaceChildren(...rules.summary.flatMap((part) => [
    h("h3", {}, part.title),
    ...part.text.split("\n").map((paragraph) => h("p", {}, paragraph)),
  ]));
  // Every log line, refusal and prompt links to one of these passages (said.js).
  $("rules-passages").replaceChildren(...(rules.passages.length ? [
    h("h3", {}, "The rules, passage by passage"),
    ...rules.passages.map((p) => h("section", { class: "passage", id: `rule-${p.id}`, tabindex: "-1" },
      h("h4", {}, p.title, " ", h("span", { class: "muted" }, `(${p.id})`)),
      h("p", { class: "muted" }, `Rulebook: ${p.section}`),
      h("p", {}, p.text))),
  ] : []));
  $("rules-more").replaceChildren(...(rules.interpretations
    ? ["Where the rulebook is unclear, the readings this site plays by: ",
       h("a", { href: rules.interpretations, target: "_blank", rel: "noopener" },
         `docs/rules/${gameId}.md`), "."]
    : []));
  const button = $("rules-button");
  button.classList.remove("waiting");
  button.addEventListener("click", () => {
    $("rules").showModal();
    $("rules-title").focus();  // not the link at the bottom: the summary opens at its top
  });
  // A line's "§": the dialog opens at that line's passage, marked.
  document.addEventListener(OPEN_RULE, (event) => {
    const passage = document.getElementById(`rule-${event.detail}`);
    if (!passage) return;
    event.preventDefault();
    for (const old of document.querySelectorAll(".passage.asked")) old.classList.remove("asked");
    passage.classList.add("asked");
    if (!$("rules").open) $("rules").showModal();
    passage.scrollIntoView({ block: "start" });
    passage.focus({ preventScroll: true });
  });
}

// What a person is told when the page cannot show the table, by the server's status.
const PROBLEMS = {
  403: { code: "bad-secret", title: "This link opens no seat of this table",
         text: "The secret in the address is not one of this table's links: it may be cut "
           + "short or mistyped. Ask whoever created the table to send the link again." },
  404: { code: "no-table", title: "There is no such table",
         text: "No table has this address: it may be mistyped, or the table was made on "
           + "another server." },
};

// Instead of a board that will never come: what is wrong, and the way back.
function showProblem({ code, title, text, retry: again = false }) {
  document.title = `${title} — wintergames`;
  document.body.dataset.problem = code;
  $("title").textContent = "Table not shown";
  $("me").hidden = true;
  $("connection").textContent = "not connected";
  $("connection").classList.add("muted");
  $("status").textContent = "";
  $("error").textContent = "";
  $("main").replaceChildren(h("section", { id: "problem", class: "panel problem" },
    h("h2", {}, title), h("p", {}, text),
    h("p", {}, h("a", { href: "/", class: "back" }, "Back to the lobby"),
      again ? [" · ", h("a", { href: location.href }, "Try again")] : [])));
}

async function firstView() {
  const response = await fetch(`/api/tables/${tableId}/view${query}`);
  const body = await response.json().catch(() => null);
  if (response.ok) return body;
  const problem = PROBLEMS[response.status];
  if (problem) {
    showProblem(problem);
    return null;
  }
  throw new Error(body?.error?.message || response.statusText);
}

async function start() {
  try {
    const first = await firstView();
    if (!first) return;
    game = await import(`./views/${first.game}.js`);
    layout = await getJSON(`/api/games/${first.game}/layout`);
    watch.push(first);
    connect();
    document.body.dataset.game = first.game;  // said.js: a rule link's document
    setUpRules(first.game);
  } catch (err) {
    // the server unreachable or failing: say so, never leave "connecting…" standing
    showProblem({ code: "unavailable", title: "The table could not be loaded",
                  text: `${err.message}. The server may be restarting.`, retry: true });
  }
}

start();
