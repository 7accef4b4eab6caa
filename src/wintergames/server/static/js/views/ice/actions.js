// ICE's actions in words: a button's label, a ring's tooltip, the prompt above the choices.
import { labelParts } from "./labels.js";
import { tileNode } from "./names.js";

/** The actions that act on a place of the board (its orange ring; grouped by place). */
export const PLACE_KINDS = new Set(["move", "fluent", "camp", "recruit", "sail", "put", "nourish"]);

const WORDS = {
  end: "End your turn", stop: "End your day (your Sunset starts)", pass: "Pass", done: "Done",
  none: "Take no Request", study: "Study (1 EP): the Study token of the Artifact under your Leader",
  plan: "Plan (1 EP): a Planning token, +1 EP tomorrow", overwork: "Overwork (1 RP): spend up to 3 EP this turn",
  excavate: "Excavate the tile under your Leader", collect: "Collect the tile (Philosophical Artifact)",
  navigate: "Navigator: go to your own Camp for free", activate: "Incandescent: arm the Artifact type under your Leader",
  rebuild: "CryoArchitect: rebuild your Camp (1 EP)", grapple: "Icewalker: use a Grappling token",
};

function tileName(layout, id) {
  const f = layout.fronts[id];
  if (f) return `${id} ${f.name}${f.talisman ? ` (${f.talisman})` : ""}`;
  const a = layout.artifacts[id];
  return a ? `${id} (${a.type}, shape ${a.shape || "—"}, Anima ${a.anima})` : id;
}

/** An action's words for its button: its tiles, Requests and Logbook cards drawn (the
 *  tooltips on the board keep describe's plain words). */
export function actionLabel(a, layout, obs = null) {
  const parts = describe(a, layout, (_, id) => `\u0000${id}\u0000`, obs).split("\u0000");
  return parts.flatMap((part, i) => (i % 2 ? [tileNode(layout, part)] : labelParts(part, layout)));
}

/** An action in words; ``obs`` (the seat's observation) adds what it costs where the
 *  cost depends on the board (an excavation, plain or with the CryoArchitect's discount:
 *  the observation's excavation_cost and cryo_excavation_cost). */
export function describe(a, layout, nameOf = tileName, obs = null) {
  switch (a.kind) {
    case "word":
      if (a.word === "excavate" && obs?.excavation_cost != null) {
        // beside "excavate cryoarchitect": the plain way keeps the discount for later
        const keep = obs.cryo_excavation_cost != null ? ", keeping the CryoArchitect's discount for later this turn" : "";
        return `${WORDS.excavate}${keep} (${obs.excavation_cost} EP)`;
      }
      return WORDS[a.word] ?? a.word;
    case "excavate": {
      const cost = obs?.cryo_excavation_cost != null ? ` (${obs.cryo_excavation_cost} EP)` : "";
      return `${WORDS.excavate} with the CryoArchitect's discount${cost}`;
    }
    case "move": return `Move to ${a.place}`;
    case "fluent": return `Fluent Move: first step to ${a.place}`;
    case "camp": return `Build a Camp on ${a.place} (1 EP)`;
    case "recruit": return `Recruit an Archaeologist on ${a.place} (1 EP)`;
    case "sail": return `Sail to ${a.place} (1 EP)`;
    case "put": return `Choose ${a.place}`;
    case "nourish": return `Nourisher: an Archaeologist onto ${a.place}`;
    case "follow": return a.count === 1 ? "1 Archaeologist follows" : `${a.count} Archaeologists follow`;
    case "play": return `Play ${nameOf(layout, a.tile)}`;
    case "drop": return `Discard ${nameOf(layout, a.tile)} (hand limit 3)`;
    case "trigger": return `Trigger ${a.type}: ${layout.glossary[`type:${a.type}`] ?? ""}`;
    case "slot": return `Into the ${a.type} slot`;
    case "choose": return `Choose ${a.type}`;
    case "take": return `Take ${a.card}: ${layout.requests[a.card]?.text ?? ""}`;
    case "discard": return `Discard ${a.card}`;
    case "validate": return `Validate ${a.card}: ${layout.requests[a.card]?.text ?? ""}`;
    case "pay": return a.item.startsWith("study-") ? `Pay with your ${a.item.slice(6)} Study token`
      : `Pay with ${nameOf(layout, a.item)}`;
    case "sell": return `Sell ${nameOf(layout, a.tile)} for 2 RP`;
    case "buy": return `Buy ${nameOf(layout, a.tile)} for 1 RP`;
    case "shift": return `Move ${nameOf(layout, a.tile)} to another slot`;
    default: return JSON.stringify(a);
  }
}

export function prompt(view, legal) {
  const obs = view.observation;
  const kinds = new Set(legal.map((a) => a.kind));
  const words = new Set(legal.filter((a) => a.kind === "word").map((a) => a.word));
  if (obs.day === 0) return "Choose a Request to discard (you keep the rest).";
  if (kinds.has("follow")) return "How many Archaeologists follow your Leader?";
  if (kinds.has("fluent") && kinds.size === 1) return "Fluent Move: the first step.";
  if (kinds.has("slot")) return "Which slot does the Prismatic Artifact go to?";
  if (kinds.has("take")) return "Take a Request from the Sunset row, or none.";
  if (kinds.has("validate") || (words.has("done") && kinds.size === 1)) return "Validate a Request, or done.";
  if (kinds.has("pay")) return "Pay the Request, item by item.";
  if (kinds.has("drop")) return "More than 3 Snow tiles: discard one.";
  if (kinds.has("discard")) return "More than 4 Requests: discard one.";
  if (words.has("collect")) return "Collect the tile with your Philosophical Artifact?";
  if (kinds.has("put") && !words.has("end")) return "Choose a place on the board (orange rings).";
  if (words.has("end") || words.has("stop")) {
    const me = obs.seats[view.seat];
    return `Your turn: ${me.ep} EP left, ${obs.spent_this_turn} spent this turn (up to ${obs.overwork ? 3 : 2}).`;
  }
  return "Your decision.";
}
