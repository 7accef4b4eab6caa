// The lobby: choose a game, seats (people or bots, a name per person) and options; the
// creator is then taken to their own seat, where the other links wait (created.js).
// Below: open tables to watch, and the games that ended.
import { getJSON, h } from "./dom.js";
import { inviteItems, remember } from "./created.js";

const $ = (id) => document.getElementById(id);
let catalogue = { games: [], bots: [] };

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
    h("div", { class: "recent-head" }, h("b", {}, game.title),
      h("time", { datetime: game.ended_at, class: "muted" }, WHEN.format(new Date(game.ended_at)))),
    h("div", { class: "recent-body" }, h("span", { class: "seats" }, ...seats),
      // a game played to its end also steps back and forth on its replay page (issue 18)
      h("span", { class: "recent-links" }, h("a", { href: game.watch, class: "watch" }, "Watch"),
        game.scores && !game.closed_by
          ? [" · ", h("a", { href: `/replay/${game.table}`, class: "replay" }, "Replay")] : null)),
    game.closed_by ? h("div", { class: "muted closed-note" }, closedNote(game)) : null);
}

async function refreshTables() {
  try {
    const [{ tables }, { games }] = await Promise.all([getJSON("/api/tables"),
                                                      getJSON("/api/recent-games")]);
    $("open-tables").replaceChildren(...(tables.length ? tables.map((t) =>
      h("li", {}, h("a", { href: `/table/${t.table}` }, t.title),
        ` — ${t.seats.map((kind, i) => seatLabel({ kind, nickname: t.nicknames[i],
                                                   name: `Player ${i + 1}` })).join(", ")}`,
        ` · ${t.version} moves`))
      : [h("li", { class: "muted" }, "none yet")]));
    $("recent-games").replaceChildren(...(games.length ? games.map(recentItem)
      : [h("li", { class: "muted" }, "none yet")]));
  } catch {
    // the server is restarting or unreachable: keep the lists, try again next time
  }
}

async function start() {
  catalogue = await getJSON("/api/games");
  $("game").replaceChildren(...catalogue.games.map((g) => h("option", { value: g.id }, g.title)));
  $("game").addEventListener("change", drawGame);
  $("players").addEventListener("change", () => { drawSeats(); drawOptions(); });
  $("options").addEventListener("change", summariseMore);
  $("seed").addEventListener("input", summariseMore);
  // Open where there is room; folded on a phone, where the form must fit the screen.
  $("more").open = !matchMedia("(max-width: 720px)").matches;
  $("create").addEventListener("submit", create);
  drawGame();
  refreshTables();
  setInterval(refreshTables, 5000);
  document.body.dataset.ready = "1";
}

start();
