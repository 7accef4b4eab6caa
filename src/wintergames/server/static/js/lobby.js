// The lobby: choose a game, seats (people or bots) and options; get one link per seat.
import { getJSON, h } from "./dom.js";

const $ = (id) => document.getElementById(id);
let catalogue = { games: [], bots: [] };

function currentGame() {
  return catalogue.games.find((g) => g.id === $("game").value);
}

function seatKinds() {
  return ["human", ...catalogue.bots];
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
  box.replaceChildren(h("legend", {}, "Seats"));
  for (let i = 0; i < count; i++) {
    const kind = before[i] || (i === 0 ? "human" : "random");
    const settings = h("input", { "data-settings": i, class: "settings",
                                  placeholder: settingsHint(kind), hidden: kind === "human" });
    const select = h("select", { "data-seat": i, name: `seat-${i}` },
      seatKinds().map((k) => h("option", { value: k, selected: k === kind }, k)));
    select.addEventListener("change", () => {
      settings.hidden = select.value === "human";
      settings.placeholder = settingsHint(select.value);
      drawSeed();
    });
    box.append(h("label", { class: "seat" }, `Player ${i + 1} `, select, settings));
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
      return { kind: select.value, settings: select.value === "human" ? {} : parseSettings(text) };
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
    showInvites(table);
    refreshTables();
  } catch (err) {
    $("create-error").textContent = err.message;
  }
}

function showInvites(table) {
  const links = table.seats.map((seat) =>
    h("li", {}, seat.invite
      ? h("a", { href: seat.invite, class: "invite", "data-seat": seat.seat, target: "_blank" },
          `Play as Player ${seat.seat + 1}`)
      : h("span", { class: "muted" }, `Player ${seat.seat + 1}: ${seat.kind} bot`)));
  links.push(h("li", {}, h("a", { href: table.spectator, class: "spectate", target: "_blank" },
    "Watch (spectator link)")));
  $("invites").replaceChildren(...links);
  $("created").hidden = false;
}

async function refreshTables() {
  const { tables } = await getJSON("/api/tables");
  $("open-tables").replaceChildren(...(tables.length ? tables.map((t) =>
    h("li", {}, h("a", { href: `/table/${t.table}` }, t.title),
      ` — ${t.seats.join(", ")} · ${t.version} moves`))
    : [h("li", { class: "muted" }, "none yet")]));
}

async function start() {
  catalogue = await getJSON("/api/games");
  $("game").replaceChildren(...catalogue.games.map((g) => h("option", { value: g.id }, g.title)));
  $("game").addEventListener("change", drawGame);
  $("players").addEventListener("change", () => { drawSeats(); drawOptions(); });
  $("create").addEventListener("submit", create);
  drawGame();
  refreshTables();
  setInterval(refreshTables, 5000);
  document.body.dataset.ready = "1";
}

start();
