// The table page once its game is over: Replay, Review, Download record, Rematch, Back to
// lobby.
//
// The row is drawn twice: in the end dialog (#end-actions), and above the board once the
// dialog is closed (#after-bar), so "Look at the board" loses none of them. table.js
// announces every view with a "wg:view" event; this module follows it.
//
// A rematch keeps each seat for its person: the seat's secret here claims its new one
// (the server derives it and keeps only its hash), so every player reaches their own seat
// from this page, and spectators get the new table's spectator link.
import { getJSON, h } from "./dom.js";

const $ = (id) => document.getElementById(id);
const tableId = decodeURIComponent(location.pathname.split("/").pop());
const secret = new URLSearchParams(location.search).get("secret");
const api = `/api/tables/${encodeURIComponent(tableId)}`;
const POLL = 3000;  // ms between looks for a rematch someone else started

let view = null;
let rows = [];        // the two rows, redrawn together
let rematch = null;   // the rematch's table id once known
let poller = null;
let note = "";        // what the rematch button last said (an error, or that one started)

function mine() {
  return view.seat !== null;  // a person's seat (only people's seats have secrets)
}

function people() {
  return view.seats.some((seat) => seat.kind === "human");
}

async function startRematch(button) {
  button.disabled = true;
  note = "";
  try {
    const answer = await getJSON(`${api}/rematch`, {
      method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ secret: secret || null }),
    });
    location.assign(answer.invite || answer.spectator);
  } catch (err) {
    note = err.message;
    button.disabled = false;
    draw();
  }
}

function rematchItem(prefix) {
  if (mine() || !people()) {
    const label = rematch ? "Join the rematch" : "Rematch";
    const button = h("button", { type: "button", class: "primary rematch", id: `${prefix}-rematch` },
      label);
    button.addEventListener("click", () => startRematch(button));
    return button;
  }
  // A spectator of a game between people: the rematch is theirs to start.
  return rematch
    ? h("a", { href: `/table/${rematch}`, class: "button-link rematch", id: `${prefix}-rematch` },
      "Watch the rematch")
    : null;
}

function noteText() {
  if (note) return note;
  if (rematch) {
    return mine() ? "A rematch has started: your seat in it is kept for you."
      : "A rematch has started.";
  }
  if (!mine() && people()) return "If the players start a rematch, its link appears here.";
  return mine() ? "Rematch: the same seats and options, a new shuffle." : "";
}

// The game review (issue 43) opens on the replay: of your own seat, seen as you saw it (its
// secret), or a spectator's view of the first seat (the panel switches seats).
function reviewHref() {
  const own = mine() && secret;
  const query = new URLSearchParams({ review: String(own ? view.seat : 0) });
  if (own) query.set("secret", secret);
  return `/replay/${encodeURIComponent(tableId)}?${query}`;
}

function build(prefix) {
  return h("nav", { id: prefix === "end" ? "end-actions" : "after-bar",
                    class: "after-actions", "aria-label": "after the game" });
}

function draw() {
  for (const row of rows) {
    const prefix = row.id === "end-actions" ? "end" : "bar";
    row.replaceChildren(
      h("div", { class: "after-buttons" },
        // a seat's replay shows its own hand as it was; a spectator's, the public view
        h("a", { href: `/replay/${encodeURIComponent(tableId)}${mine() && secret
          ? `?secret=${encodeURIComponent(secret)}` : ""}`, class: "button-link replay" },
          "Replay"),
        h("a", { href: reviewHref(), class: "button-link review" }, "Review"),
        h("a", { href: `${api}/record`, class: "button-link download", download: "" },
          "Download record"),
        rematchItem(prefix),
        h("a", { href: "/", class: "button-link lobby" }, "Back to lobby")),
      h("p", { class: note ? "error rematch-note" : "muted rematch-note", role: "status" },
        noteText()));
  }
}

async function look() {
  try {
    const found = await getJSON(`${api}/rematch`);
    if (found.table) {
      rematch = found.table;
      clearInterval(poller);
      draw();
    }
  } catch {
    // the server is restarting: look again next time
  }
}

document.addEventListener("wg:view", (event) => {
  view = event.detail;
  if (!view.over || rows.length) return;
  const dialog = $("end");
  const spot = dialog.querySelector("form[method=dialog]");
  rows = [build("end"), build("bar")];
  if (spot) spot.before(rows[0]);
  else dialog.append(rows[0]);
  $("status").after(rows[1]);
  draw();
  look();
  poller = setInterval(look, POLL);
});
