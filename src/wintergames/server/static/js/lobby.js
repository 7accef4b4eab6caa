// The lobby: choose a game, seats (people or bots, a name per person) and options; the
// creator is then taken to their own seat, where the other links wait (created.js).
// Below: open tables to watch, and the games that ended.
import { getJSON, h, s } from "./dom.js";
import { inviteItems, remember } from "./created.js";
import { loadIcons, useIcon } from "./icons.js";
import { PALETTE } from "./palette.js";

const $ = (id) => document.getElementById(id);
let catalogue = { games: [], bots: [] };

// -- each game's card: an emblem drawn from its own sprite, a line, its player counts ------

// The emblem's parts: [symbol, x, y, size, turn] in a 64-unit box, on a light table disc
// (the boards' table: components are drawn for a light surface in both themes). A game
// missing here, or whose sprite fails to load or lacks a symbol named, shows its initials.
const EMBLEMS = {
  "winter-queen": [["wq-floe-blue", 21.9, 23.5, 26], ["wq-floe-red", 42.1, 23.5, 26],
                   ["wq-floe-yellow", 32, 41, 26]],
  "snow-time": [["st-pawn-red", 24, 34, 30], ["st-pawn-blue", 40, 36, 30],
                ["st-fruit", 32, 14.5, 16]],
  "icecool-wizards": [["iw-penguin-blue", 36, 28, 40, 40]],
  "winterborne": [["wb-castle", 33, 34, 36], ["wb-season-winter", 17, 19, 14]],
  "ice": [["ice-archaeologist", 25, 34, 32], ["ice-type-achievement", 44, 24, 20],
          ["ice-type-exalted", 45, 44, 18]],
};
const FLICK = "M10 54C14 46 19 41 26 36";  // the penguin's path on ICECOOL's emblem
// The colours a game's initials are ringed with when it has no emblem (from its palette).
const RING = { "winter-queen": "floe", "snow-time": "pawn", "icecool-wizards": "penguin",
               "winterborne": "province", "ice": "type" };
const INITIALS = { "winterborne": "Wb", "ice": "ICE" };

const drawn = new Set();  // the games whose emblem's symbols are all in the page

function initials(game, title) {
  return INITIALS[game] || title.split(/\s+/).map((w) => w[0]).join("").slice(0, 3);
}

/** The game's emblem as an <svg> (size: CSS length); its initials while it has none. */
function emblem(game, title, size) {
  // the light table's ink for what a sprite draws in currentColor, in either theme
  const svg = s("svg", { class: "emblem", viewBox: "0 0 64 64", width: size, height: size,
                         role: "img", "data-game": game, color: PALETTE.themes.light.ink },
    s("title", {}, title), s("circle", { class: "emblem-table", cx: 32, cy: 32, r: 30 }));
  const parts = EMBLEMS[game];
  if (drawn.has(game)) {
    if (game === "icecool-wizards") {
      svg.append(s("path", { d: FLICK, fill: "none", stroke: PALETTE.games[game].ink.path,
                             "stroke-width": 2, "stroke-dasharray": "3 3",
                             "stroke-linecap": "round" }));
    }
    for (const [id, x, y, size_, turn] of parts) {
      const use = useIcon(id, x, y, size_);
      svg.append(turn ? s("g", { transform: `rotate(${turn} ${x} ${y})` }, use) : use);
    }
    svg.dataset.emblem = "drawn";
    return svg;
  }
  // No sprite (yet): the initials, ringed with the game's own colours from the palette.
  const group = PALETTE.games[game]?.components?.[RING[game]];
  const colours = group ? Object.values(group) : [];
  colours.forEach((colour, i) => {
    const a = (i / colours.length) * 2 * Math.PI - Math.PI / 2;
    const b = ((i + 1) / colours.length) * 2 * Math.PI - Math.PI / 2;
    const r = 26;
    svg.append(s("path", { d: `M${32 + r * Math.cos(a)} ${32 + r * Math.sin(a)}A${r} ${r} 0 0 1 `
      + `${32 + r * Math.cos(b)} ${32 + r * Math.sin(b)}`, fill: "none", stroke: colour,
      "stroke-width": 6 }));
  });
  const letters = initials(game, title);
  svg.append(s("text", { x: 32, y: 32, "text-anchor": "middle", "dominant-baseline": "central",
                         "font-size": letters.length > 2 ? 15 : 20, "font-weight": 700,
                         fill: PALETTE.themes.light.ink }, letters));
  svg.dataset.emblem = "initials";
  return svg;
}

function playerCount(game) {
  return game.min_players === game.max_players ? `${game.min_players} players`
    : `${game.min_players}–${game.max_players} players`;
}

function drawCards() {
  $("game-cards").replaceChildren(...catalogue.games.map((game) => {
    const card = h("button", { type: "button", class: "game-card", "data-game": game.id,
                               "aria-pressed": "false", title: game.summary },
      h("span", { class: "emblem-box" }, emblem(game.id, game.title, "100%")),
      h("span", { class: "card-name" }, h("b", { class: "card-title" }, game.title),
        h("span", { class: "card-players" }, playerCount(game))),
      h("span", { class: "card-line" }, game.tagline));
    // The form is right below (beside, on a wide screen): nothing scrolls, focus stays.
    card.addEventListener("click", () => {
      if ($("game").value === game.id) return;
      $("game").value = game.id;
      drawGame();
    });
    return card;
  }));
}

// The chosen game's card is marked, and its emblem heads the form.
function markChosen() {
  const game = currentGame();
  for (const card of $("game-cards").children) {
    const chosen = card.dataset.game === game.id;
    card.setAttribute("aria-pressed", String(chosen));
    card.classList.toggle("chosen", chosen);
  }
  $("chosen-emblem").replaceChildren(emblem(game.id, game.title, "100%"));
  $("chosen-title").textContent = game.title;
}

// Each emblem's sprite, fetched once; a sprite that fails, or lacks a symbol the emblem
// names, leaves the game's initials.
async function loadEmblems() {
  await Promise.all(Object.entries(EMBLEMS).map(async ([game, parts]) => {
    try {
      await loadIcons(game);
    } catch {
      return;
    }
    if (parts.every(([id]) => document.getElementById(id)?.localName === "symbol")) drawn.add(game);
  }));
}

// The theme, as in ⚙ Settings on a table's page (js/theme.js keeps it).
function drawThemeChoice() {
  const theme = window.wgTheme;
  const select = $("theme-choice");
  const names = { system: "System", light: "Light", dark: "Dark" };
  select.replaceChildren(...theme.choices.map((c) =>
    h("option", { value: c, selected: c === theme.choice() }, names[c])));
  select.addEventListener("change", () => theme.choose(select.value));
}

function currentGame() {
  return catalogue.games.find((g) => g.id === $("game").value);
}

// Only the kinds that can play the chosen game (the server refuses the others).
function seatKinds() {
  return ["human", ...(currentGame().bots || catalogue.bots)];
}

const PERSON = "A person: you, or whoever you send this seat's invite link to.";

// What a seat's kind does, in the bot's own sentence, and each of its settings below it.
function kindAbout(kind) {
  if (kind === "human") return [h("span", {}, PERSON)];
  const bot = (catalogue.bot_settings || []).find((b) => b.kind === kind);
  if (!bot) return [];
  const names = Object.keys(bot.settings);
  if (!names.length) return [h("span", {}, bot.about, " It has no settings.")];
  return [h("span", {}, bot.about),
    h("details", { class: "bot-settings" },
      h("summary", {}, "Settings (type them in the box above as name=value)"),
      h("dl", {}, names.flatMap((name) => [
        h("dt", {}, `${name} (default ${shown(bot.settings[name])})`),
        h("dd", {}, bot.setting_about[name] || "")])))];
}

function shown(value) {
  return value === null ? "none" : String(value);
}

function settingsHint(kind) {
  const bot = (catalogue.bot_settings || []).find((b) => b.kind === kind);
  if (!bot) return "";
  const pairs = Object.entries(bot.settings).map(([k, v]) => `${k}=${v === null ? "none" : v}`);
  return pairs.length ? `e.g. ${pairs.join(", ")}` : "no settings";
}

function drawSeats() {
  const count = Number($("players").value);
  const box = $("seats");
  const before = [...box.querySelectorAll("select")].map((x) => x.value);
  const names = [...box.querySelectorAll("[data-name]")].map((x) => x.value);
  box.replaceChildren(h("legend", {}, "Seats"));
  for (let i = 0; i < count; i++) {
    // a kind this game has no use for (the flick planner after ICECOOL) falls back
    const kind = seatKinds().includes(before[i]) ? before[i] : (i === 0 ? "human" : "random");
    const settings = h("input", { "data-settings": i, class: "settings",
                                  placeholder: settingsHint(kind), hidden: kind === "human" });
    // A person's seat may carry a name (the server checks it and says why it refuses one).
    const name = h("input", { "data-name": i, class: "name", value: names[i] || "",
                              maxlength: catalogue.name_max,
                              placeholder: "name (optional)", autocomplete: "off",
                              "aria-label": `Player ${i + 1}'s name`, hidden: kind !== "human" });
    const select = h("select", { "data-seat": i, name: `seat-${i}` },
      seatKinds().map((k) => h("option", { value: k, selected: k === kind }, k)));
    const about = h("div", { class: "muted seat-about", "data-about": i, id: `seat-about-${i}` },
      ...kindAbout(kind));
    select.setAttribute("aria-describedby", about.id);
    select.addEventListener("change", () => {
      settings.hidden = select.value === "human";
      name.hidden = select.value !== "human";
      settings.placeholder = settingsHint(select.value);
      about.replaceChildren(...kindAbout(select.value));
      drawSeed();
    });
    box.append(h("div", { class: "seat-row" },
      h("label", { class: "seat" }, `Player ${i + 1} `, select, name, settings), about));
  }
  drawSeed();
}

// A seed known to a player would reveal every hidden draw, so the server takes one only
// for tables of bots (unless it is a test server); the field says so instead of failing.
function seedAllowed() {
  const kinds = [...$("seats").querySelectorAll("select")].map((x) => x.value);
  return catalogue.seeded_human_tables || !kinds.includes("human");
}

function drawSeed() {
  const seed = $("seed");
  seed.disabled = !seedAllowed();
  seed.placeholder = seed.disabled ? "drawn by the server" : "random";
  $("seed-hint").hidden = !seed.disabled;
}

function drawGame() {
  const game = currentGame();
  $("game-summary").textContent = game.summary;
  markChosen();
  const players = $("players");
  const wanted = Number(players.value) || Math.min(3, game.max_players);
  players.replaceChildren(...Array.from({ length: game.max_players - game.min_players + 1 },
    (_, i) => game.min_players + i).map((n) => h("option", { value: n, selected: n === wanted }, n)));
  if (!players.value) players.value = game.min_players;
  drawSeats();
  drawOptions();
}

// Choices follow the player count (a 2-player game has no seat 3), as the server says.
function drawOptions() {
  const game = currentGame();
  const count = $("players").value;
  const options = $("options");
  const before = Object.fromEntries([...options.querySelectorAll("[data-option]")]
    .map((x) => [x.dataset.option, x.type === "checkbox" ? x.checked : x.value]));
  options.replaceChildren(h("legend", {}, "Options"));
  options.hidden = game.options.length === 0;
  for (const option of game.options) {
    const choices = option.choices_by_players ? option.choices_by_players[count] : option.choices;
    const wanted = choices && choices.includes(before[option.name])
      ? before[option.name] : option.default;
    // A yes/no option is a checkbox, greyed out at player counts where only "no" is
    // allowed (ICE's Fluent Move variant is for 3 players).
    const yes = !choices || choices.includes(true);
    const input = option.kind === "bool"
      ? h("input", { "data-option": option.name, type: "checkbox", disabled: !yes,
                     checked: yes && (option.name in before ? before[option.name]
                                                          : option.default) === true })
      : choices
        ? h("select", { "data-option": option.name },
            choices.map((c) => h("option", { value: c, selected: c === wanted }, c)))
        : h("input", { "data-option": option.name, value: option.default });
    const label = h("label", { title: option.description }, `${option.name} `, input,
      h("span", { class: "muted" }, ` ${option.description}`));
    // A choice with one value left at this player count (ICE's guild_4 in a 3-player
    // game) is no choice: it stays in the form, out of sight.
    label.hidden = option.kind !== "bool" && choices !== undefined && choices !== null
      && choices.length === 1;
    options.append(label);
  }
  summariseMore();
}

// The folded options say what they hold: "Options: as in the rulebook" or the changes.
function summariseMore() {
  const game = currentGame();
  const changed = [...$("options").querySelectorAll("[data-option]")].flatMap((input) => {
    const option = game.options.find((o) => o.name === input.dataset.option);
    const value = input.type === "checkbox" ? input.checked : input.value;
    return option && String(value) !== String(option.default) ? [`${option.name} ${value}`] : [];
  });
  const seed = $("seed").value ? [`seed ${$("seed").value}`] : [];
  const parts = [...changed, ...seed];
  $("more-summary").textContent = game.options.length || parts.length
    ? `Options and seed: ${parts.length ? parts.join(", ") : "as in the rulebook, seed drawn"}`
    : "Seed: drawn";
}

function parseSettings(text) {
  const settings = {};
  for (const part of text.split(/[,\s]+/).filter(Boolean)) {
    const [key, value] = part.split("=");
    if (value === undefined) throw new Error(`bot setting "${part}" is not key=value`);
    const words = { none: null, true: true, false: false };
    settings[key] = value.toLowerCase() in words ? words[value.toLowerCase()]
      : /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
  }
  return settings;
}

async function create(event) {
  event.preventDefault();
  $("create-error").textContent = "";
  try {
    const seats = [...$("seats").querySelectorAll("select")].map((select, i) => {
      const text = $("seats").querySelector(`[data-settings="${i}"]`).value;
      if (select.value !== "human") return { kind: select.value, settings: parseSettings(text) };
      return { kind: "human", settings: {},
               name: $("seats").querySelector(`[data-name="${i}"]`).value };
    });
    const options = {};
    for (const input of $("options").querySelectorAll("[data-option]")) {
      options[input.dataset.option] = input.type === "checkbox" ? input.checked : input.value;
    }
    const body = { game: $("game").value, seats, options };
    if ($("seed").value !== "" && seedAllowed()) body.seed = Number($("seed").value);
    const table = await getJSON("/api/tables", {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
    });
    // Straight to the creator's own seat (the first person's; a table of bots is
    // watched); the table page shows the other links from what is remembered here.
    const mine = table.seats.find((seat) => seat.invite);
    if (remember(table)) {
      location.assign(mine ? mine.invite : table.spectator);
    } else {
      showInvites(table, mine);
    }
  } catch (err) {
    $("create-error").textContent = err.message;
  }
}

// Only when this browser keeps nothing (storage switched off): the links here, at once.
function showInvites(table, mine) {
  $("create-error").replaceChildren(
    "This browser keeps no data, so here are the links (they are shown only once): ",
    h("ul", { class: "links" }, inviteItems(table, mine ? mine.seat : null)));
}

// How a seat is shown in the lists: the name its person typed, else its seat or bot.
function seatLabel(seat) {
  if (seat.nickname) return seat.nickname;
  return seat.kind === "human" ? seat.name : `${seat.kind} bot`;
}

const WHEN = new Intl.DateTimeFormat([], { dateStyle: "medium", timeStyle: "short" });

function closedNote(game) {
  const moves = `${game.moves} move${game.moves === 1 ? "" : "s"}`;
  if (game.closed_by === "creator") return `Closed by its creator after ${moves}.`;
  return `Closed after ${moves}: nobody played at it for too long.`;
}

function recentItem(game) {
  const seats = game.seats.map((seat, i) => {
    const won = game.winners.includes(i);
    return h("span", { class: won ? "seat winner" : "seat" }, won ? "★ " : "", seatLabel(seat),
      game.scores ? h("b", {}, ` ${game.scores[i]}`) : "");
  });
  return h("li", { "data-table": game.table },
    h("div", { class: "recent-head" }, h("b", { class: "titled" },
      h("span", { class: "emblem-box small" }, emblem(game.game, game.title, "100%")), game.title),
      h("time", { datetime: game.ended_at, class: "muted" }, WHEN.format(new Date(game.ended_at)))),
    h("div", { class: "recent-body" }, h("span", { class: "seats" }, ...seats),
      // a game played to its end also steps back and forth on its replay page (issue 18)
      h("span", { class: "recent-links" }, h("a", { href: game.watch, class: "watch" }, "Watch"),
        game.scores && !game.closed_by
          ? [" · ", h("a", { href: `/replay/${game.table}`, class: "replay" }, "Replay")] : null)),
    game.closed_by ? h("div", { class: "muted closed-note" }, closedNote(game)) : null);
}

// An open table: its game, who sits at it, how far it is, and the link to watch it.
function openItem(t) {
  const seats = t.seats.map((kind, i) => seatLabel({ kind, nickname: t.nicknames[i],
                                                     name: `Player ${i + 1}` })).join(", ");
  return h("li", { "data-table": t.table },
    h("span", { class: "emblem-box small" }, emblem(t.game, t.title, "100%")),
    h("span", { class: "table-text" },
      h("span", { class: "table-title" }, h("b", {}, t.title),
        h("span", { class: "muted" }, ` · ${t.version} move${t.version === 1 ? "" : "s"}`)),
      h("span", { class: "table-seats" }, seats)),
    h("a", { href: `/table/${t.table}`, class: "watch" }, "Watch"));
}

// Tables nobody has touched for a while (the server's lobby_quiet_seconds) are listed
// only when asked: abandoned tables would crowd out the games being played.
let showQuiet = false;

function quietNote(count, seconds) {
  const note = $("quiet-tables");
  note.hidden = !count && !showQuiet;
  const span = seconds >= 60 ? `${Math.round(seconds / 60)} minutes` : `${Math.round(seconds)} seconds`;
  const toggle = h("button", { type: "button", id: "quiet-toggle", onclick: () => {
    showQuiet = !showQuiet;
    refreshTables();
  } }, showQuiet ? "Hide quiet tables"
    : `Show ${count} quiet table${count === 1 ? "" : "s"}`);
  note.replaceChildren(toggle, ` (nobody has moved or named a seat there for ${span})`);
}

async function refreshTables() {
  try {
    const [open, { games }] = await Promise.all([
      getJSON(showQuiet ? "/api/tables?quiet=true" : "/api/tables"), getJSON("/api/recent-games")]);
    const tables = open.tables;
    $("open-tables").replaceChildren(...(tables.length ? tables.map(openItem)
      : [h("li", { class: "muted" }, "No table is being played now: create one above.")]));
    quietNote(open.quiet_tables, open.quiet_after_seconds);
    $("recent-games").replaceChildren(...(games.length ? games.map(recentItem)
      : [h("li", { class: "muted" }, "No game has ended yet.")]));
  } catch {
    // the server is restarting or unreachable: keep the lists, try again next time
  }
}

async function start() {
  catalogue = await getJSON("/api/games");
  drawThemeChoice();
  await loadEmblems();
  $("game").replaceChildren(...catalogue.games.map((g) => h("option", { value: g.id }, g.title)));
  drawCards();
  $("game").addEventListener("change", drawGame);
  $("players").addEventListener("change", () => { drawSeats(); drawOptions(); });
  $("options").addEventListener("change", summariseMore);
  $("seed").addEventListener("input", summariseMore);
  // Open where there is room; folded on a phone, where the form must fit the screen.
  $("more").open = !matchMedia("(max-width: 720px)").matches;
  $("create").addEventListener("submit", create);
  drawGame();
  const lists = refreshTables();
  setInterval(refreshTables, 5000);
  await lists;
  document.body.dataset.ready = "1";
}

start();
