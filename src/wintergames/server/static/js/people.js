// The table page's people: your seat's name, and for the table's creator the invite links
// (each in full, with a copy button), the spectator link and closing the table.
//
// table.js draws the board and the players; it announces every view it draws with a
// "wg:view" event, and this module follows it. Names are set as text, never as HTML.
import { getJSON, h } from "./dom.js";
import { inviteItems, note, recall } from "./created.js";

const $ = (id) => document.getElementById(id);
const tableId = decodeURIComponent(location.pathname.split("/").pop());
const secret = new URLSearchParams(location.search).get("secret");
const made = recall(tableId);  // set only in the browser that created this table

let nameForm = null;
let invites = null;

function ended(view) {
  return view.over || Boolean(view.closed);
}

// -- your name ---------------------------------------------------------------------------

function buildNameForm() {
  const input = h("input", { id: "name-input", autocomplete: "nickname", enterkeyhint: "done" });
  const status = h("span", { id: "name-status", class: "muted", role: "status" });
  const error = h("p", { id: "name-error", class: "error", role: "alert" });
  const form = h("form", { id: "name-form", class: "name-form" },
    h("label", { for: "name-input" }, "Your name"), input,
    h("button", { type: "submit" }, "Save"), status, error);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = status.textContent = "";
    try {
      await getJSON(`/api/tables/${encodeURIComponent(tableId)}/name`, {
        method: "POST", headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ secret, name: input.value }),
      });
      status.textContent = "Saved.";  // every page at the table shows it with the next view
      input.blur();
    } catch (err) {
      error.textContent = err.message;
    }
  });
  return form;
}

function drawName(view) {
  if (view.seat === null || ended(view)) {
    if (nameForm) nameForm.hidden = true;
    return;
  }
  if (!nameForm) {
    nameForm = buildNameForm();
    $("players").after(nameForm);
  }
  nameForm.hidden = false;
  const input = nameForm.querySelector("input");
  input.placeholder = view.seats[view.seat].name;
  input.maxLength = view.name_max;  // the server's limit: typing stops there
  // Never overwrite what the person is typing; otherwise show the name the table knows.
  if (document.activeElement !== input) input.value = view.seats[view.seat].nickname || "";
}

// -- the creator's links and the close button ---------------------------------------------

function buildInvites(view) {
  const confirm = h("p", { class: "confirm", hidden: true },
    "Nobody can move at a closed table; it stays here to read. ",
    h("button", { type: "button", class: "danger", id: "close-confirm" }, "Close it"),
    h("button", { type: "button", id: "close-cancel" }, "Keep playing"));
  const error = h("p", { class: "error", role: "alert" });
  const ask = h("button", { type: "button", id: "close-table" }, "Close this table…");
  const done = h("button", { type: "button", id: "hide-invites" }, "Done: fold the links away");
  ask.addEventListener("click", () => { confirm.hidden = false; ask.hidden = true; });
  confirm.querySelector("#close-cancel").addEventListener("click", () => {
    confirm.hidden = true;
    ask.hidden = false;
  });
  confirm.querySelector("#close-confirm").addEventListener("click", async () => {
    error.textContent = "";
    try {
      await getJSON(`/api/tables/${encodeURIComponent(tableId)}/close`, {
        method: "POST", headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ secret: made.creator_secret }),
      });
    } catch (err) {
      error.textContent = err.message;
    }
  });
  // Open until the creator folds it away (remembered for this table), or the game ends;
  // folded from the start where there is nobody to invite (every other seat a bot).
  const others = view.seats.some((seat, i) => seat.kind === "human" && i !== view.seat);
  const panel = h("details", { id: "invites", class: "panel invites",
                               open: !ended(view) && !made.folded && others },
    h("summary", {}, h("b", {}, "Invite people"), h("span", { class: "muted" },
      " · you made this table")),
    h("p", { class: "muted" }, "Send each person their own link: it is their seat's key, so " +
      "keep yours to come back. Anyone may watch with the spectator link."),
    h("ul", { class: "links" }, inviteItems(made, view.seat)),
    h("div", { class: "closing" }, done, ask, confirm, error));
  // noted at once: the toggle event comes a task later, after a quick reload is gone
  done.addEventListener("click", () => {
    panel.open = false;
    note(tableId, { folded: true });
  });
  panel.addEventListener("toggle", () => note(tableId, { folded: !panel.open }));
  return panel;
}

function drawInvites(view) {
  if (!made) return;
  if (!invites) {
    invites = buildInvites(view);
    $("error").after(invites);
  }
  const closing = invites.querySelector(".closing");
  if (ended(view) && !closing.hidden) invites.open = false;  // it just ended: out of the way
  closing.hidden = ended(view);
  // Each person's link is labelled with the name they gave their seat, as it changes.
  for (const row of invites.querySelectorAll("li[data-seat]")) {
    const seat = view.seats[Number(row.dataset.seat)];
    row.querySelector(".link-nickname")?.remove();
    if (seat.nickname) {
      row.querySelector(".link-label").append(h("span", { class: "link-nickname" }, seat.nickname));
    }
  }
}

document.addEventListener("wg:view", (event) => {
  drawName(event.detail);
  drawInvites(event.detail);
});
