// ICE's cards: your Snow tiles and Requests (a click picks one, its uses listed under the
// hand), the Decrees and the Sunset row's Requests.
import { h } from "../../dom.js";
import { icon } from "../../icons.js";
import { actionLabel, explained, PLACE_KINDS } from "./actions.js";
import { cap, frontIcon, REQUEST_KIND, requestName, TYPE_OF, typeIcon } from "./names.js";

/** The actions a card in hand takes (a Snow tile's, a Request's), not those on a place. */
function cardsFor(legal, field, id) {
  return legal.filter((a) => a[field] === id && !PLACE_KINDS.has(a.kind));
}

/** What a Request asks for, from its id (KIND-TYPES-letter) and the layout's data: the
 *  item icons, a short rule under them and its RP (a Shapes Request: for 2 / for 3). */
function requestParts(id, r) {
  const codes = id.split("-").filter((c) => TYPE_OF[c]).map((c) => TYPE_OF[c]);
  const rp = [r?.rp, r?.rp3].filter((n) => n).join("/");
  const kind = r?.kind ?? "";
  const items = kind === "mono" ? [codes[0], codes[0], codes[0]] : kind === "prism" ? ["prismatic", "prismatic"] : codes;
  const rule = { mono: "3 Anima", shapes: "2–3 Shapes", either: "2 Anima, one type", duo: "2 types", trio: "3 Anima, any mix",
                 prism: "2 Anima" }[kind] ?? kind;
  return { items, rule, rp, glue: kind === "either" ? "or" : null };
}

function requestCard(layout, id, acts, chosen, onclick, attrs = {}) {
  const r = layout.requests[id];
  const { items, rule, rp, glue } = requestParts(id, r);
  const row = h("span", { class: "items" });
  items.forEach((t, i) => {
    if (i && glue) row.append(h("span", { class: "glue" }, glue));
    row.append(icon(typeIcon(t), { size: "1.5em", title: cap(t) }));
  });
  return h("button", { class: `ice-card ice-request${acts ? " playable" : ""}${chosen ? " chosen" : ""}`, "data-term": id,
                       "data-tip-icon": "ice-request-back", disabled: !acts, onclick: acts ? onclick : null, title: r?.text ?? "", ...attrs },
    h("span", { class: "rp", "data-term": "RP" }, icon("ice-rp", { size: "1.1em" }), rp),
    row, h("span", { class: "rule" }, r?.kind === "shapes" ? [1, 2, 3].map((n) => icon(`ice-shape-${n}`, { size: "1em" })) : "",
      r?.kind === "shapes" ? " " : "", rule),
    h("span", { class: "id", "data-code": id }, `${REQUEST_KIND[id.split("-")[0]] ?? ""} Request`));
}

export function handArea(ctx, me, legal) {
  const { layout, local, act } = ctx;
  const box = h("section", { id: "ice-hand" });
  const snow = h("div", { class: "ice-cards" });
  for (const t of me.hand || []) {
    const acts = cardsFor(legal, "tile", t.id);
    const f = layout.fronts[t.id] || { name: t.front };
    snow.append(h("button", {
      class: `ice-card ice-snow${acts.length ? " playable" : ""}${local.card === t.id ? " chosen" : ""}`, "data-tile": t.id, "data-term": t.id,
      "data-tip-icon": frontIcon(t.front), title: layout.glossary[`front:${t.front}`] ?? "",
      disabled: !acts.length, onclick: acts.length ? () => { local.card = local.card === t.id ? null : t.id; ctx.rerender(); } : null,
    }, h("span", { class: "back", "data-term": t.back, "data-tip": `A ${t.back} back`, "data-tip-icon": `ice-back-${t.back}` },
      icon(`ice-back-${t.back}`, { size: "1em" })),
    h("span", { class: "face" }, icon(frontIcon(t.front), { size: "2.1em" }),
      t.talisman ? icon(typeIcon(t.talisman), { size: "1.3em", title: cap(t.talisman) }) : ""),
    h("span", { class: "id", "data-code": t.id }, f.name)));
  }
  if (!(me.hand || []).length) snow.append(h("span", { class: "muted" }, "none"));
  const reqs = h("div", { class: "ice-cards" });
  for (const id of me.request_cards || []) {
    const acts = cardsFor(legal, "card", id);
    reqs.append(requestCard(layout, id, acts.length > 0, local.card === id,
      () => { local.card = local.card === id ? null : id; ctx.rerender(); }, { "data-request": id }));
  }
  if (!(me.request_cards || []).length) reqs.append(h("span", { class: "muted" }, "none"));
  box.append(h("div", { class: "ice-row" },
    h("div", {}, h("h3", { class: "ice-section-title", "data-term": "snow" }, "Your Snow tiles"), snow),
    h("div", {}, h("h3", { class: "ice-section-title", "data-term": "request" }, "Your Requests"), reqs)));
  if (local.card) {
    const acts = [...cardsFor(legal, "tile", local.card), ...cardsFor(legal, "card", local.card)];
    const name = layout.fronts[local.card]?.name;
    box.append(h("div", { class: "ice-uses", id: "ice-uses" },
      h("b", { "data-code": local.card }, name ?? requestName(local.card), ": "),
      acts.map((a) => h("button", { class: "use", "data-tip": explained(ctx.view, a), onclick: () => act(a) },
        ...actionLabel(ctx.view, a, layout))),
      h("button", { class: "cancel", onclick: () => { local.card = null; ctx.rerender(); } }, "Cancel")));
  }
  return box;
}

/** A Decree as a card: its icon (a type, Study tokens, RP tokens, sets, shapes) and text. */
function decreeCard(layout, id) {
  const code = id.replace("DEC-", "");
  const what = TYPE_OF[code] ? [typeIcon(TYPE_OF[code])] : code === "STUDY" ? ["ice-study"] : code === "TOKENS" ? ["ice-rp"]
    : code === "SETS" ? layout.types.map(typeIcon) : code === "SHAPES" ? [1, 2, 3].map((n) => `ice-shape-${n}`) : [];
  return h("div", { class: "ice-card ice-decree", "data-decree": id, "data-term": id, "data-tip-icon": "ice-decree" },
    h("span", { class: "face" }, icon("ice-decree", { size: "1.5em" }), what.map((i) => icon(i, { size: "1.35em" }))),
    h("span", { class: "text" }, layout.decrees[id] ?? ""));
}

export function tablePanels(ctx, legal) {
  const { view, layout, act } = ctx;
  const obs = view.observation;
  const box = h("div", { class: "ice-row" });
  box.append(h("div", { class: "ice-panel", id: "ice-decrees" }, h("h3", { class: "ice-section-title", "data-term": "decree" }, "Decrees"),
    h("div", { class: "ice-cards" }, obs.decrees.map((id) => decreeCard(layout, id)))));
  if (obs.row.length) {
    box.append(h("div", { class: "ice-panel", id: "ice-row" }, h("h3", { class: "ice-section-title", "data-term": "row" }, "Sunset row"),
      h("div", { class: "ice-cards" }, obs.row.map((id) => {
        const take = legal.find((a) => a.kind === "take" && a.card === id);
        return requestCard(layout, id, Boolean(take), false, () => act(take), { "data-row": id });
      }))));
  }
  return box;
}
