// What the engine says, drawn from its parts (issue 38). A log line, a prompt or a label
// arrives as {msg, rule, text, parts}: parts are words and mentions ({kind, ref, text,
// unit?, term?}). The words are the engine's, so the page says what the terminal says;
// a game view only chooses how a mention looks (its icon) through its `mention` hook,
// and never reads meaning out of the words.
import { h } from "./dom.js";

/** The nodes of `said`: each word as text, each mention as the game draws it (or as a
 *  plain named span with its tooltip term). `said.msg` null is a line from before messages
 *  existed: its words, as they were. */
export function saidNodes(said, game, layout) {
  if (!said.msg) return [said.text];
  return said.parts.map((part) => (typeof part === "string" ? part : mentionNode(part, game, layout)));
}

function mentionNode(mention, game, layout) {
  const drawn = game?.mention?.(mention, layout);
  if (drawn) return drawn;
  const attrs = { class: `said-${mention.kind}`, "data-ref": mention.ref };
  if (mention.kind === "seat") return h("span", { ...attrs, "data-seat": mention.ref }, mention.text);
  return h("span", { ...attrs, "data-term": mention.term ?? null }, mention.text);
}

// The rule passage a link opens: the table's Rules dialog takes the event (and cancels
// it); on a page without that dialog (the replay) the link opens the game's rules document
// (docs/rules/<game>.md, served as a page) at the passage. The page names its game in
// <body data-game>.
export const OPEN_RULE = "wg:rule";

/** A small link to the rule passage `rule` applies ("§"), or nothing without a rule. */
export function ruleLink(rule) {
  if (!rule) return null;
  const gameId = document.body.dataset.game || "";
  return h("a", {
    class: "rule-link", href: `/docs/rules/${gameId}.md#rule-${rule}`, title: `The rule: ${rule}`,
    "aria-label": `rule ${rule}`, "data-rule": rule,
    onclick: (event) => {
      const asked = new CustomEvent(OPEN_RULE, { detail: rule, cancelable: true });
      if (!document.dispatchEvent(asked)) event.preventDefault();
    },
  }, "§");
}

/** A log line's <li>: its words and mentions, then the link to its rule. */
export function logItem(line, game, layout, attrs = {}) {
  return h("li", { ...attrs, "data-msg": line.msg, "data-rule": line.rule }, ...saidNodes(line, game, layout),
    line.rule ? " " : null, ruleLink(line.rule));
}

/** Whether two log lines are the same line (views arrive as new JSON, never as the same
 *  objects). */
export function sameLine(a, b) {
  return a.text === b.text && a.msg === b.msg && a.rule === b.rule;
}
