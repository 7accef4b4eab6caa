// A guild board: its EP, RP and tokens, Leader and Camp, the five type slots with their
// Artifacts and Study tokens, the Ship's Hold, the Requests validated, what is in hand
// (another seat's Snow tiles by their backs only).
import { seatHeading } from "../../breakdown.js";
import { h } from "../../dom.js";
import { icon } from "../../icons.js";
import { explained } from "./actions.js";
import { seatColourOf } from "./inks.js";
import { cap, chip, requestName, typeIcon } from "./names.js";

// The help term a guild board's line explains (the tooltips, data-term).
const FACT_TERM = { EP: "EP", "RP tokens": "RP", "Leader / Camp": "leader", "Trigger slot": "trigger", Activation: "activate",
                    Grappling: "grapple", "On the board": "nourisher", "Ship's Hold": "ship's-hold", Validated: "validate", "In hand": "snow" };

/** A count with its icon: "⟨icon⟩ ×n" (a token kind on a guild board, backs in a hand). */
function tokens(id, n, term, tip, count = true) {
  return h("span", { class: `ice-tokens${id === "ice-archaeologist" ? " ice-neutral" : ""}`, "data-term": term, "data-tip": tip, "data-tip-icon": id },
    icon(id, { size: "1.25em" }), count && n !== 1 ? h("b", {}, `×${n}`) : "");
}

/** An Artifact as a small tile: its type's glyph and its Anima; face down: hatched. */
function artChip(layout, a) {
  const shape = a.shape ? ` shape ${a.shape}` : "";
  const tip = `${a.id ? "" : "A face-down Artifact: "}${a.type}, Anima ${a.anima}${shape}${a.face_down ? ", face down (used today)" : ""}`;
  return h("span", { class: `ice-art${a.face_down ? " down" : ""}`, "data-term": a.id ?? a.type,  // unseen: only its type is public
                     "data-tip": tip, "data-tip-icon": typeIcon(a.type), title: a.id ?? `${a.type} ${a.layer}` },
    icon(typeIcon(a.type), { size: "1.35em" }), h("span", { class: "anima" }, "•".repeat(a.anima)),
    a.shape ? icon(`ice-shape-${a.shape}`, { size: ".95em", class: "shape", title: `Shape ${a.shape}` }) : "");
}

export function guildBoard(ctx, p, mine, legal = []) {
  const { view, layout, act } = ctx;
  const obs = view.observation;
  const st = obs.seats[p];
  const g = layout.guilds[st.guild];
  const colour = seatColourOf(p);
  const facts = h("dl", {});
  const add = (k, ...v) => facts.append(h("dt", { "data-term": FACT_TERM[k] }, k), h("dd", {}, ...v));
  const pips = h("span", { class: "ice-ep", "data-term": "EP", "data-tip": `${st.ep} EP`, "data-tip-icon": "ice-ep" });
  for (let i = 0; i < layout.ep_max; i += 1) pips.append(h("i", { class: i < st.ep ? "on" : "" }));
  add("EP", icon("ice-ep"), pips, ` ${st.ep}`);
  add("RP tokens", icon("ice-rp"), " ", h("b", { class: "ice-rp-count" }, String(st.rp_tokens)),
    st.planning ? tokens("ice-planning", 1, "planning", "A Planning token: +1 EP tomorrow, 1 RP if unused") : "",
    st.fluent_moves ? tokens("ice-fluent", st.fluent_moves, "fluent", `${st.fluent_moves} Fluent Move tokens`) : "");
  add("Leader / Camp", icon("ice-leader", { class: "seat", size: "1.3em" }), ` ${st.leader ?? "off the board"} `,
    icon("ice-camp", { class: "seat", size: "1.1em" }), ` ${st.camp ?? "in supply"}`);
  if (st.trigger !== "none") add("Trigger slot", st.trigger);
  if (st.activation !== undefined) add("Activation", st.activation);
  if (st.grappling !== undefined) add("Grappling", tokens("ice-grappling", st.grappling, "grapple", `${st.grappling} Grappling tokens`, false), ` ${st.grappling}`);
  if (st.guild_archaeologists !== undefined) {
    add("On the board", tokens("ice-archaeologist", st.guild_archaeologists, "nourisher", `${st.guild_archaeologists} Archaeologists`, false),
      ` ${st.guild_archaeologists} Archaeologists`);
  }
  const slots = h("div", { class: "ice-slots" }, layout.types.map((t) => {
    // A click on a slot triggers its effect, or (a Prismatic, a Study token) chooses it.
    const acts = mine ? legal.filter((a) => ["trigger", "slot", "choose"].includes(a.kind) && a.type === t) : [];
    const study = st.study[t];
    return h("div", {
      class: `ice-slot${st.used_today.includes(t) ? " used" : ""}${acts.length === 1 ? " playable" : ""}`,
      style: `border-color:var(--ice-type-${t});background:color-mix(in srgb, var(--ice-type-${t}) 9%, var(--panel))`, "data-slot": t, "data-term": t, "data-tip-icon": typeIcon(t),
      "data-tip": `${st.name}'s ${cap(t)} slot${acts.length === 1 ? ` — click: ${explained(view, acts[0])}` : ""}`,
      onclick: acts.length === 1 ? () => act(acts[0]) : null,
    },
    h("span", { class: "t" }, icon(typeIcon(t), { size: "1.2em" }), h("span", { class: "name" }, cap(t)),
      study !== "none" ? h("span", { class: `ice-study${study === "flipped" ? " flipped" : ""}`, "data-term": "study-token",
        "data-tip-icon": "ice-study",
        "data-tip": study === "flipped" ? "Flipped (paid a Request)" : `1 Anima of ${t}` }, icon("ice-study", { size: "1.1em" })) : ""),
    h("span", { class: "arts" }, st.slots[t].map((a) => artChip(layout, a))));
  }));
  add("Ship's Hold", icon("ice-hold", { size: "1.2em" }), " ",
    st.ship_hold.length ? st.ship_hold.map((a) => artChip(layout, a)) : "empty");
  add("Validated", st.validated.length ? st.validated.flatMap((v, i) => [i ? ", " : "",
    h("span", { class: "ice-validated", "data-term": v.card, "data-validated": v.card }, requestName(v.card),
      ` (Day ${v.day}, ${v.rp} RP)`)]) : "none",
    st.second_request_bonuses ? ` · ${st.second_request_bonuses} second-Request bonus` : "");
  // others' Snow tiles by their backs only (all anyone may know of them), Requests as backs
  const backs = {};
  for (const b of st.snow_backs) backs[b] = (backs[b] || 0) + 1;
  add("In hand", h("span", { class: "ice-hand-backs" },
    Object.entries(backs).map(([b, n]) => h("span", { class: "ice-back-card", "data-term": b, "data-back": b,
                                                     "data-tip": `${n} Snow tile${n === 1 ? "" : "s"} with a ${b} back`,
                                                     "data-tip-icon": `ice-back-${b}` },
      icon(`ice-back-${b}`, { size: "1.1em" }), n > 1 ? h("b", {}, `×${n}`) : "")),
    st.snow_tiles ? "" : "no Snow tile", " · ",
    tokens("ice-request-back", st.requests, "request", `${st.requests} Request${st.requests === 1 ? "" : "s"}`),
    ` Request${st.requests === 1 ? "" : "s"}`));
  return h("div", { class: `ice-guild${obs.to_move.includes(p) ? " to-move" : ""}`, style: `border-color:${colour};--seat:${colour}`,
                    "data-seat": p, id: mine ? "ice-me" : null },
    h("h3", {}, icon("ice-leader", { class: "seat", size: "1.3em" }), ` ${seatHeading(view, p)} — `,
      icon(`ice-guild-${st.guild}`, { class: "seat ice-guild-icon", size: "1.25em" }), " ",
      chip(st.guild, g?.name ?? st.guild_name, "Guild board", `ice-guild-${st.guild}`),
      " (", chip(g?.leader ?? st.guild, g?.leader ?? "", "Expedition Leader", "ice-leader"), ")",
      obs.first_player === p ? h("span", { class: "muted" }, " · first player") : "",
      st.finished_today ? h("span", { class: "muted" }, " · day over") : ""),
    h("div", { class: "muted", "data-term": st.guild },
      obs.guild_abilities === false ? "First game: no guild ability." : g?.short ?? ""),
    slots, facts);
}
