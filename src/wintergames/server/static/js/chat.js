// The table chat: a panel in the side column where the people at the seats talk and
// spectators read along.
//
// table.js owns the socket: it hands it over (chatUses) and passes every message it gets
// to chatHears first, which keeps the chat's own ("chat", "chat-history", and errors
// "about": "chat"). Each time the socket opens, the last messages are asked for again,
// so a reload or a reconnection shows what was said meanwhile. The views table.js draws
// arrive as "wg:view" events: they say whose seat this page is, and whether the table is
// closed. Every name and message is set as text, never as HTML.
import { seatWords } from "./breakdown.js";
import { getJSON, h } from "./dom.js";
import { keepClear } from "./watch.js";

const $ = (id) => document.getElementById(id);
const tableId = decodeURIComponent(location.pathname.split("/").pop());
const secret = new URLSearchParams(location.search).get("secret");
const KEPT = 200;  // messages this page holds; the server gives the last 100 on each open

const messages = new Map();  // id -> message, shown in id order (the order they were stored)
let socket = null;
let view = null;
let pending = null;  // the text sent over the socket and not yet heard back
let maxLength = 300;  // the server's limit, as it says with the history
let unread = 0;      // others' messages that came while the chat was out of sight
let inSight = false; // the chat's log is on screen (an IntersectionObserver says)

// "Ada (Player 1)": the name the seat had when it was written, and the seat; "you" on
// this page's own lines, as the boards head your seat ("Ada (Player 1, you)").
function signed(message, mine) {
  return seatWords(message.name, message.nickname, mine);
}

function clock(iso) {
  const when = new Date(iso);
  return Number.isNaN(when.getTime()) ? ""
    : when.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}

function build() {
  const panel = $("chat");
  if (!panel) return null;
  const input = h("input", {
    id: "chat-input", type: "text", maxlength: maxLength, autocomplete: "off",
    enterkeyhint: "send", placeholder: "Message the table", "aria-label": "Chat message",
  });
  const form = h("form", { id: "chat-form", class: "chat-form" }, input,
    h("button", { type: "submit", id: "chat-send" }, "Send"));
  panel.replaceChildren(
    h("h2", { id: "chat-title" }, "Chat", h("span", { id: "chat-new", class: "chat-new", hidden: true })),
    h("ol", { id: "chat-log", class: "chat-log", role: "log", "aria-live": "polite",
              "aria-labelledby": "chat-title" }),
    h("p", { id: "chat-note", class: "muted chat-note", hidden: true }),
    form,
    h("p", { id: "chat-count", class: "muted chat-count", "aria-live": "polite" }),
    h("p", { id: "chat-error", class: "error chat-error", role: "alert" }));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    send(input.value);
  });
  input.addEventListener("input", count);
  // Typing here is for the chat alone: a key never reaches the game's own controls (a
  // letter or an arrow is not a move), and Escape hands the keyboard back to the page.
  for (const type of ["keydown", "keyup", "keypress"]) {
    input.addEventListener(type, (event) => {
      event.stopPropagation();
      if (type === "keydown" && event.key === "Escape") input.blur();
    });
  }
  return panel;
}

// How many characters are left, once the end is near.
function count() {
  const left = maxLength - $("chat-input").value.length;
  $("chat-count").textContent = left <= 50 ? `${left} of ${maxLength} characters left` : "";
}

function showError(text) {
  $("chat-error").textContent = text;
}

async function send(text) {
  const input = $("chat-input");
  showError("");
  if (socket && socket.readyState === WebSocket.OPEN) {
    pending = text;
    input.value = "";  // given back if the server refuses it
    count();
    socket.send(JSON.stringify({ type: "chat", text }));
    return;
  }
  // No socket just now: the same message over HTTP (every watcher still gets it).
  try {
    const body = await getJSON(`/api/tables/${encodeURIComponent(tableId)}/chat`, {
      method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ secret, text }),
    });
    input.value = "";
    count();
    add([body.message]);
  } catch (err) {
    showError(err.message);
  }
}

function line(message) {
  const mine = view && view.seat !== null && message.seat === view.seat;
  return h("li", { class: mine ? "mine" : "", "data-seat": message.seat,
                   "data-id": message.id },
    h("time", { class: "chat-time", datetime: message.at }, clock(message.at)),
    h("span", { class: "chat-who" }, signed(message, mine)), ": ",
    h("span", { class: "chat-text" }, message.text));
}

function draw(scroll) {
  const log = $("chat-log");
  const atBottom = log.scrollTop + log.clientHeight >= log.scrollHeight - 4;
  const shown = [...messages.values()].sort((a, b) => a.id - b.id).slice(-KEPT);
  if (messages.size > KEPT) {
    messages.clear();
    for (const m of shown) messages.set(m.id, m);
  }
  log.replaceChildren(...shown.map(line));
  // Newest at the bottom, followed along unless the reader scrolled up to read back.
  if (atBottom || scroll) log.scrollTop = log.scrollHeight;
}

// Others' messages that came while the chat was out of sight: a notice at the bottom of
// the screen ("1 new message in the chat", a click brings the chat into view; kept clear
// of a phone's sheet of choices) and the count by its title, until the chat is seen.
function markUnread() {
  const notice = $("chat-unread");
  const count = $("chat-new");
  const words = `${unread} new message${unread === 1 ? "" : "s"}`;
  notice.hidden = count.hidden = unread === 0;
  notice.textContent = `${words} in the chat ↓`;
  keepClear(notice);
  count.textContent = ` (${unread} new)`;
}

function seen() {
  if (!unread) return;
  unread = 0;
  markUnread();
}

function add(list, { replace = false } = {}) {
  if (replace) messages.clear();
  let mine = false;
  for (const message of list) {
    messages.set(message.id, message);
    if (view && message.seat === view.seat) mine = true;
  }
  draw(replace || mine);
}

/** Hand the table's socket to the chat; it asks for the history whenever it opens. */
export function chatUses(newSocket) {
  socket = newSocket;
  socket.addEventListener("open", () => {
    socket.send(JSON.stringify({ type: "chat-history" }));
  });
}

/** The chat's part of a socket message: true if it was the chat's (and is handled). */
export function chatHears(message) {
  if (!ready) return false;
  if (message.type === "chat-history") {
    maxLength = message.max_length || maxLength;
    $("chat-input")?.setAttribute("maxlength", maxLength);
    add(message.messages, { replace: true });
    return true;
  }
  if (message.type === "chat") {
    const heard = message.message;
    if (pending !== null && view && heard.seat === view.seat
        && heard.text === pending.trim().normalize("NFC")) {
      pending = null;
    }
    const news = !messages.has(heard.id) && !(view && heard.seat === view.seat);
    add([heard]);
    if (news && (!inSight || document.hidden)) {
      unread += 1;
      markUnread();
    }
    return true;
  }
  if (message.type === "error" && message.about === "chat") {
    showError(message.message);
    const input = $("chat-input");
    if (pending !== null && input && !input.value) {
      input.value = pending;  // nothing is lost: fix it and send again
      count();
    }
    pending = null;
    return true;
  }
  return false;
}

// Who may write: a seat's person while the table is open; a spectator reads, and says so.
function follow(next) {
  const first = view === null;
  view = next;
  const note = $("chat-note");
  const form = $("chat-form");
  let text = "";
  if (view.seat === null) {
    text = "You are watching: spectators read the chat; only the players write in it.";
  } else if (view.closed) {
    text = "This table is closed; its chat stays here to read.";
  }
  note.textContent = text;
  note.hidden = !text;
  form.hidden = Boolean(text);
  if (first) draw(true);  // the messages drawn before this page knew its seat
}

const ready = Boolean(build());  // a page without the chat's <section> has no chat
if (ready) {
  document.addEventListener("wg:view", (event) => follow(event.detail));
  const notice = h("button", { type: "button", id: "chat-unread", class: "chat-unread", hidden: true,
                               onclick: () => $("chat").scrollIntoView({ block: "end", behavior: "smooth" }) });
  document.body.append(notice);
  new IntersectionObserver((entries) => {
    inSight = entries.some((e) => e.isIntersecting);
    if (inSight && !document.hidden) seen();
  }, { threshold: 0.5 }).observe($("chat-log"));
  document.addEventListener("visibilitychange", () => {
    if (inSight && !document.hidden) seen();
  });
  window.addEventListener("scroll", () => keepClear(notice), { passive: true });
}
