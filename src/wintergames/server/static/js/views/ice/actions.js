// ICE's actions as the engine says them: each legal action's entry in the view carries its
// label (a button), its one-line explanation with its cost (a tooltip) and, for an action
// on a place, its group (what goes there). The view only draws them (said.js); it builds
// no words of its own for an action.
import { sameAction } from "../../dom.js";
import { saidNodes } from "../../said.js";
import { mention } from "./log.js";

/** The actions that act on a place of the board (its orange ring; grouped by place). */
export const PLACE_KINDS = new Set(["move", "fluent", "camp", "recruit", "sail", "put", "nourish"]);

/** A legal action's entry in the view (its label, explanation and group), by the action. */
export function entryOf(view, action) {
  return view.legal.find((l) => sameAction(l.action, action)) || null;
}

/** What an action does, its cost included: the engine's explanation (a tooltip). */
export function explained(view, action) {
  return entryOf(view, action)?.explain?.text ?? null;
}

/** A phrase of the engine (a label, a group, a prompt) drawn with ICE's icons. */
export function said(phrase, layout) {
  return phrase ? saidNodes(phrase, { mention }, layout) : [];
}

/** An action's button words: the engine's label, drawn with its icons. */
export function actionLabel(view, action, layout) {
  return said(entryOf(view, action)?.label, layout);
}
