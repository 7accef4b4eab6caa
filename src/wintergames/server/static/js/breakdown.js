// The score breakdown at the end of a game (issue 18): each seat's score by the game's own
// scoring categories, as the server sends it once the game is over (view.breakdown:
// {categories, rows, others}, one row per seat, each summing to that seat's score, and a
// row for whoever plays against the seats without being one: Winterborne's Balaur). The
// games compute it (GameSpec.score_breakdown); this module only lays it out.
import { h } from "./dom.js";
import { PALETTE } from "./palette.js";

const sum = (row) => row.reduce((a, b) => a + b, 0);

/** A score's unit for ``count`` of it, as the game's spec words both ("1 Magic Point",
 *  "2 Magic Points", "1 VP"): ``units`` is a view, or the replay's data, that carries them. */
export function unitOf(units, count) {
  return Math.abs(count) === 1 ? units.score_unit_one : units.score_unit;
}

/** Who won, said once: the winning seats ("Ada (Player 1) wins."), or where no seat won,
 *  the one playing against them who did (a solo game's "The Balaur wins."). */
export function winnersLine(winners, breakdown, name) {
  const names = winners.map(name);
  if (!names.length) names.push(...(breakdown?.others ?? []).filter((o) => o.won).map((o) => o.name));
  return names.length ? `${names.join(" and ")} ${names.length > 1 ? "win" : "wins"}.` : "Nobody wins.";
}

/** A seat's heading on the board: the name its person typed and the seat the log speaks
 *  of, "you" on this page's own: "Ada (Player 1, you)", "Player 1 (you)", "Bob (Player 2)". */
export function seatHeading(view, i) {
  return seatWords(view.seats[i].name, view.seats[i].nickname, i === view.seat);
}

/** A seat named, from its name ("Player 1"), the name its person typed (or none) and
 *  whether it is this page's own: "Ada (Player 1, you)", "Player 1 (you)", "Bob (Player 2)". */
export function seatWords(name, nickname, mine) {
  if (nickname) return `${nickname} (${name}${mine ? ", you" : ""})`;
  return mine ? `${name} (you)` : name;
}

/** "Ada (Player 1)": the name its person typed, with the seat the log speaks of. */
export function seatLabel(view, i) {
  const seat = view.seats[i];
  return seat.nickname ? `${seat.nickname} (${seat.name})` : seat.name;
}

// The header's unit: "Total (VP)", "Total (points)".
function totalHead(view) {
  return view.score_unit ? `Total (${view.score_unit})` : "Total";
}

// A category's icon, when the game's view gives one, on a chip of the boards' light table
// in its ink: the icons are drawn for that table, whatever the page's theme. The view is
// handed the category's words and its id (the engine's: a view keys its icons on the id).
function categoryMark(iconOf, category, id) {
  const mark = iconOf?.(category, id);
  return mark ? [h("span", { class: "category-icon", style: `color:${PALETTE.themes.light.ink}` }, mark),
                 " "] : "";
}

/** Rows for a <table>: Player | each category | Total, the winners' rows marked.
 *  ``name(i)`` names seat i as the page does ("Ada (Player 1)"); ``iconOf(category)``,
 *  when the game's view gives one, draws the icon heading a category's column. */
export function breakdownRows(view, name = (i) => seatLabel(view, i), iconOf = null) {
  const b = view.breakdown;
  const head = h("tr", {},
    h("th", { scope: "col" }, "Player"),
    b.categories.map((c, k) => h("th", { scope: "col", class: "num", "data-category": c },
      categoryMark(iconOf, c, b.ids?.[k]), c)),
    h("th", { scope: "col", class: "num total" }, totalHead(view)));
  const rows = b.rows.map((row, i) => {
    const won = view.winners.includes(i);
    return h("tr", { class: won ? "winner" : "", "data-seat": i },
      // the mark is a sign with a name too, not only a colour
      h("th", { scope: "row" }, name(i),
        won ? h("span", { class: "won", title: "winner", "aria-label": "winner" }, " ★") : ""),
      row.map((v, k) => h("td", { class: "num", "data-category": b.categories[k] }, String(v))),
      h("td", { class: "num total" }, String(sum(row))));
  });
  const others = (b.others ?? []).map((o) => h("tr", { class: o.won ? "winner" : "", "data-other": o.name },
    h("th", { scope: "row" }, o.name,
      o.won ? h("span", { class: "won", title: "winner", "aria-label": "winner" }, " ★") : ""),
    o.row.map((v, k) => h("td", { class: "num", "data-category": b.categories[k] }, String(v))),
    h("td", { class: "num total" }, String(sum(o.row)))));
  return [h("thead", {}, head), h("tbody", {}, rows, others)];
}

/** The same numbers turned on their side for a narrow panel (the replay's): one row per
 *  category (its icon, when the game gives one), one column per seat, totals last. */
export function breakdownByCategory(view, name = (i) => seatLabel(view, i), iconOf = null) {
  const b = view.breakdown;
  const seats = b.rows.map((_, i) => i);
  const others = b.others ?? [];
  const head = h("tr", {}, h("th", { scope: "col" }, "Points from"),
    seats.map((i) => h("th", { scope: "col", class: `num${view.winners.includes(i) ? " winner" : ""}`,
                               "data-seat": i }, name(i))),
    others.map((o) => h("th", { scope: "col", class: `num${o.won ? " winner" : ""}`, "data-other": o.name },
                        o.name)));
  const rows = b.categories.map((c, k) => h("tr", { "data-category": c },
    h("th", { scope: "row" }, categoryMark(iconOf, c, b.ids?.[k]), c),
    seats.map((i) => h("td", { class: "num", "data-seat": i }, String(b.rows[i][k]))),
    others.map((o) => h("td", { class: "num", "data-other": o.name }, String(o.row[k])))));
  const totals = h("tr", { class: "total" }, h("th", { scope: "row" }, totalHead(view)),
    seats.map((i) => h("td", { class: "num", "data-seat": i }, String(sum(b.rows[i])))),
    others.map((o) => h("td", { class: "num", "data-other": o.name }, String(sum(o.row)))));
  return [h("thead", {}, head), h("tbody", {}, rows, totals)];
}

/** The same numbers as one line per seat, for a narrow panel:
 *  "Player 1: Exams 30 + Lessons 4 + Spells 3 = 37 Magic Points". */
export function breakdownLines(view, name = (i) => seatLabel(view, i)) {
  const b = view.breakdown;
  const unit = (n) => (view.score_unit ? ` ${unitOf(view, n)}` : "");
  const line = (who, row) => `${who}: ${
    row.map((v, k) => `${b.categories[k]} ${v}`).join(" + ")} = ${sum(row)}${unit(sum(row))}`;
  return [...b.rows.map((row, i) => line(name(i), row)),
          ...(b.others ?? []).map((o) => line(o.name, o.row))];
}
