// The line above ICE's board: the days, the first player, whose turn with their EP, the
// Archaeologists' pool, the Request deck, the Logbook cards revealed, the Curse track.
import { h } from "../../dom.js";
import { icon } from "../../icons.js";
import { seatColourOf } from "./inks.js";
import { chip, eventName, eventOf, logbookName } from "./names.js";

export function topLine(ctx) {
  const { view, layout } = ctx;
  const obs = view.observation;
  const row = h("div", { class: "ice-top", id: "ice-day" });
  if (obs.day === 0) {
    row.append(h("span", { class: "ice-pill now" }, "Before Day 1: choose the Requests to keep"));
  } else {
    for (let d = 1; d <= layout.days; d += 1) {
      row.append(h("span", { class: `ice-pill${d === obs.day ? " now" : ""}`, "data-day": d, "data-term": "day" }, `Day ${d}`));
    }
  }
  const first = obs.seats[obs.first_player].name;
  row.append(h("span", { class: "ice-pill", "data-term": "first-player" }, `First player: ${first}`));
  if (obs.day > 0 && obs.to_move.length && !obs.over) {
    const p = obs.to_move[0];
    const done = obs.seats.filter((st) => st.finished_today).map((st) => st.name);
    row.append(h("span", { class: "ice-pill now", id: "ice-turn", "data-term": "EP", "data-tip-icon": "ice-ep" },
      icon("ice-ep"), ` ${obs.seats[p].name} to move · ${obs.seats[p].ep} EP left · ${obs.spent_this_turn} spent this turn (max ${obs.overwork ? layout.overwork_ep : layout.turn_ep})`));
    row.append(h("span", { class: "ice-pill", "data-term": done.length ? "sunset" : "exploration" },
      done.length ? `Sunset: ${done.join(", ")}` : "Exploration"));
  }
  row.append(h("span", { class: "ice-pill", "data-term": "archaeologist", "data-tip-icon": "ice-archaeologist",
                         "data-tip": `${obs.archaeologists_in_pool} Archaeologists in the pool` },
    icon("ice-archaeologist", { class: "ice-neutral" }), ` Pool ×${obs.archaeologists_in_pool}`));
  row.append(h("span", { class: "ice-pill", "data-term": "request", "data-tip-icon": "ice-request-back",
                         "data-tip": `${obs.request_deck} Requests in the deck` },
    icon("ice-request-back"), ` Deck ×${obs.request_deck}`));
  if (obs.logbook.length || obs.logbook_deck) {  // the Logbook cards revealed so far, each explained by its tooltip
    row.append(h("span", { class: "ice-pill", id: "ice-logbook-pill" }, icon("ice-logbook"), " ",
      chip("logbook", "Logbook", `${obs.logbook_deck} Logbook cards left`, "ice-logbook"), ` ×${obs.logbook_deck}`,
      ...obs.logbook.flatMap((id) => [" · ", h("span", { "data-term": id, "data-tip": `A revealed Logbook card: ${eventName(eventOf(id, layout))}`,
                                                        "data-tip-icon": `ice-event-${eventOf(id, layout)}` }, logbookName(id, layout))])));
  }
  if (obs.curse_tokens) {
    const track = h("span", { class: "ice-pill ice-curse", id: "ice-curse", "data-term": "curse", "data-tip-icon": "ice-curse-track",
                              "data-tip": "The Curse track: light and dark Curse tokens on its spaces, each player's marker" },
      icon("ice-curse-track"), " ");
    obs.curse_tokens.forEach((n, i) => {
      const here = obs.seats.map((st, p) => (st.curse === i ? p : null)).filter((x) => x !== null);
      const cell = h("span", { class: "space", "data-space": i }, String(i));
      for (let k = 0; k < n; k += 1) cell.append(icon(i > 7 ? "ice-curse-dark" : "ice-curse", { size: "1em" }));
      for (const p of here) cell.append(h("i", { class: "marker", style: `background:${seatColourOf(p)}` }));
      track.append(cell);
    });
    row.append(track);
  }
  return row;
}
