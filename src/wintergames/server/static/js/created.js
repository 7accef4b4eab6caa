// The tables this browser created: their invite links and the creator secret.
//
// The server keeps only hashes of the secrets, so the answer to "create table" is the one
// moment they can be read; the lobby keeps them here (localStorage) and the table page
// shows them to the creator, with a copy button each.
import { h } from "./dom.js";

const PREFIX = "wintergames.created.";
const KEEP = 50;  // the newest tables kept; older links live on in whatever they were sent by

/** Keep a freshly created table's links; false if this browser keeps nothing. */
export function remember(table) {
  const record = {
    table: table.table, game: table.game, saved: Date.now(),
    creator_secret: table.creator_secret, spectator: table.spectator,
    seats: table.seats.map((s) => ({ seat: s.seat, kind: s.kind, invite: s.invite })),
  };
  try {
    localStorage.setItem(PREFIX + table.table, JSON.stringify(record));
    const mine = Object.keys(localStorage).filter((k) => k.startsWith(PREFIX))
      .map((k) => [k, JSON.parse(localStorage.getItem(k)).saved || 0])
      .sort((a, b) => b[1] - a[1]);
    for (const [key] of mine.slice(KEEP)) localStorage.removeItem(key);
    return true;
  } catch {
    return false;  // storage switched off: the caller shows the links at once instead
  }
}

/** Change what is kept of a table (whether its links are folded away, say). */
export function note(tableId, changes) {
  const record = recall(tableId);
  if (!record) return;
  try {
    localStorage.setItem(PREFIX + tableId, JSON.stringify({ ...record, ...changes }));
  } catch {
    // nothing kept: the panel opens again next time, which is harmless
  }
}

/** The links of a table this browser created, or null. */
export function recall(tableId) {
  try {
    const text = localStorage.getItem(PREFIX + tableId);
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

export function fullLink(path) {
  return new URL(path, location.origin).href;
}

async function copy(text, button, code) {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // No clipboard API (a plain-http address other than localhost): the old way.
    const selection = getSelection();
    selection.selectAllChildren(code);
    const copied = document.execCommand && document.execCommand("copy");
    if (!copied) {
      button.textContent = "Selected: copy it";
      return;
    }
    selection.removeAllRanges();
  }
  // The last link copied stays marked, so a glance tells which one is on the clipboard.
  for (const other of document.querySelectorAll("button.copy.done")) {
    other.textContent = "Copy";
    other.classList.remove("done");
  }
  button.textContent = "Copied";
  button.classList.add("done");
}

/** One link shown in full, with its copy button. */
export function linkRow(label, path, attrs = {}) {
  const url = fullLink(path);
  // The text is the whole address to send; the link itself stays the server's path.
  const code = h("a", { href: path, target: "_blank", rel: "noopener", ...attrs }, url);
  const button = h("button", { type: "button", class: "copy", "aria-label": `Copy ${label}` },
    "Copy");
  button.addEventListener("click", () => copy(url, button, code));
  return h("li", { class: "link-row" }, h("span", { class: "link-label" }, label),
    h("span", { class: "link" }, code), button);
}

/** Every seat's invite (a bot's seat says so) and the spectator link, as list items; a
 * seat's label is "Player N", with "(you)" for ``you`` (its name is added by the page). */
export function inviteItems(record, you = null) {
  const items = record.seats.map((seat) => seat.invite
    ? linkRow(`Player ${seat.seat + 1}${seat.seat === you ? " (you)" : ""}`, seat.invite,
      { class: "invite", "data-seat": seat.seat })
    : h("li", { class: "link-row bot" }, h("span", { class: "link-label" }, `Player ${seat.seat + 1}`),
      h("span", { class: "muted" }, `${seat.kind} bot`)));
  record.seats.forEach((seat, i) => { items[i].dataset.seat = seat.seat; });
  items.push(linkRow("Spectators", record.spectator, { class: "spectate" }));
  return items;
}
