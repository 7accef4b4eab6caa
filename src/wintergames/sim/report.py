"""``report.html``: one self-contained page (pictures inlined) with an arena's numbers,
its pictures and the command that produced them."""

from __future__ import annotations

import base64
import html
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from wintergames.core.registry import get_spec
from wintergames.sim.metrics import item_label, label
from wintergames.sim.stats import ordinal

STYLE = """
body { font: 15px/1.45 system-ui, sans-serif; max-width: 60rem; margin: 2rem auto;
       padding: 0 1rem; color: #1d232a; }
h1 { font-size: 1.5rem; } h2 { font-size: 1.15rem; margin-top: 2rem; }
code, pre { background: #f1f3f5; padding: .15rem .3rem; border-radius: 3px; }
pre { padding: .6rem; white-space: pre-wrap; }
table { border-collapse: collapse; margin: .5rem 0; }
th, td { border-bottom: 1px solid #d0d5da; padding: .25rem .7rem; text-align: right; }
th:first-child, td:first-child { text-align: left; }
td + td { white-space: nowrap; }
img { max-width: 100%; border: 1px solid #e2e6ea; margin: .3rem 0; }
"""


def pct(v: float) -> str:
    return f"{100 * v:.1f}%"


def signed_points(v: float) -> str:
    """A difference of shares in percentage points, signed ("+4.1", never "-0.0")."""
    return f"{round(100 * v, 1) + 0.0:+.1f}"


def interval(row: dict[str, Any]) -> str:
    """A share with its interval: "51.2% (48.0–54.2%)"."""
    return f"{pct(row['share'])} ({pct(row['ci95'][0])}–{pct(row['ci95'][1])})"


def points_interval(adv: dict[str, Any]) -> str:
    """An advantage in percentage points with its interval: "+1.2 (−1.9 to +4.2)"."""
    return (f"{signed_points(adv['value'])} ({signed_points(adv['ci95'][0])} to "
            f"{signed_points(adv['ci95'][1])})")


def mean_interval(m: dict[str, Any], digits: int = 1) -> str:
    """A mean with its interval: "21.9 (21.6–22.1)"."""
    low, high = m["ci95"]
    return f"{m['mean']:.{digits}f} ({low:.{digits}f}–{high:.{digits}f})"


def mirror_note(summary: dict[str, Any]) -> str:
    """Why a mirror match shows no win share by bot."""
    bot = next(iter(summary["bots"]))
    return (f"Every seat is played by {bot} (a mirror match): its share of the wins is "
            f"100% by construction and says nothing. How the turn positions and the seats "
            f"share the wins is the measure.")


def first_mover_sentence(positions: dict[str, Any]) -> str:
    """The first mover's share against the fair one, in words."""
    first = positions["positions"][0]
    adv = positions["first_mover_advantage"]
    return (f"The player who moves first wins {pct(first['share'])} of games against a fair "
            f"{pct(positions['fair_share'])}: an advantage of {signed_points(adv['value'])} "
            f"percentage points (95% interval {signed_points(adv['ci95'][0])} to "
            f"{signed_points(adv['ci95'][1])}).")


def first_mover_seats(positions: dict[str, Any]) -> str:
    """How often each seat moved first: "seat 1 in 497 games, seat 2 in 503"."""
    counts = positions["first_mover_seats"]
    said = [f"seat {p + 1} in {n}" for p, n in enumerate(counts)]
    return f"Moved first: {', '.join(said)} games."


def no_order_note(title: str) -> str:
    return (f"{title} has no turn order: no seat plays before another (every choice is "
            f"made at once), so the seats are the only positions.")


def html_table(head: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    cells = "".join(f"<th>{html.escape(h)}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>"
                   for row in rows)
    return f"<table><thead><tr>{cells}</tr></thead><tbody>{body}</tbody></table>"


def paragraph(text: str) -> str:
    return f"<p>{html.escape(text)}</p>"


def _image(path: Path, alt: str) -> str:
    data = base64.b64encode(path.read_bytes()).decode()
    return f'<p><img alt="{html.escape(alt)}" src="data:image/png;base64,{data}"></p>'


def page(title: str, parts: Sequence[str]) -> str:
    """A whole self-contained page of ``parts`` (HTML)."""
    return (f"<!doctype html><html lang='en'><head><meta charset='utf-8'>"
            f"<title>{html.escape(title)}</title><style>{STYLE}</style></head>"
            f"<body>{''.join(parts)}</body></html>\n")


def _bots(summary: dict[str, Any], unit: str, pics: dict[str, Path]) -> list[str]:
    parts = ["<h2>Win share by bot</h2>"]
    if summary.get("mirror"):
        return [*parts, paragraph(mirror_note(summary))]
    parts.append(html_table(
        ["bot", "win share (95% interval)", "fair share", "games", f"mean {unit} (sd)",
         "bot seconds per game"],
        [[bot, interval(r), pct(r["fair_share"]), r["games"],
          f"{r['score']['mean']:.1f} ({r['score']['sd']:.1f})",
          f"{r['think_seconds_per_game']:.2f}"] for bot, r in summary["bots"].items()]))
    if "win_shares" in pics:
        parts.append(_image(pics["win_shares"], "win share by bot"))
    return parts


def _rows_table(rows: list[dict[str, Any]], key: str, unit: str) -> str:
    head = "turn position" if key == "position" else "seat"
    return html_table([head, "win share (95% interval)", "advantage, points (95% interval)",
                       f"mean {unit} (95% interval)"],
                      [[ordinal(r[key]) if key == "position" else r[key], interval(r),
                        points_interval(r["advantage"]), mean_interval(r["score"], 2)]
                       for r in rows])


def _order(summary: dict[str, Any], title: str, unit: str, pics: dict[str, Path]) -> list[str]:
    """Turn positions, then seats."""
    parts = ["<h2>Turn order</h2>"]
    positions = summary.get("positions")
    if positions is None:
        parts.append(paragraph(no_order_note(title)))
    else:
        parts += [paragraph(first_mover_sentence(positions)),
                  paragraph(first_mover_seats(positions)),
                  _rows_table(positions["positions"], "position", unit)]
        if "positions" in pics:
            parts.append(_image(pics["positions"], "win share by turn position"))
    seats = summary["seats"]
    parts += ["<h2>Seats</h2>",
              paragraph("Seat 1 is the first seat of the table; it plays first only where "
                        "the game's first player is seat 1."),
              _rows_table(seats["seats"], "seat", unit)]
    if "seats" in pics:
        parts.append(_image(pics["seats"], "win share by seat"))
    return parts


def plus_minus(metric: dict[str, Any], key: str) -> str:
    """A metric's means per seat or position with their half intervals: "1.20 ±0.05 / …"."""
    means, spans = metric[f"mean_per_{key}"], metric[f"ci95_per_{key}"]
    if means is None:
        return "whole game" if key == "seat" else "—"
    return " / ".join(f"{m:.2f} ±{(high - low) / 2:.2f}"
                      for m, (low, high) in zip(means, spans, strict=True))


def _metrics(summary: dict[str, Any], game: str, unit: str,
             pics: dict[str, Path]) -> list[str]:
    parts: list[str] = []
    ordered = summary.get("positions") is not None
    head = ["metric", "mean per game (95% interval)", "per seat (1 / 2 / …) ±95%"]
    if ordered:
        head.append("per turn position (1st / 2nd / …) ±95%")
    rows = [[label(game, name), mean_interval({"mean": m["mean_per_game"], "ci95": m["ci95"]},
                                              2),
             plus_minus(m, "seat"), *([plus_minus(m, "position")] if ordered else [])]
            for name, m in summary["metrics"].items() if not name.startswith("item:")]
    if rows:
        parts += ["<h2>The game's metrics</h2>", html_table(head, rows)]
        if "metrics" in pics:
            parts.append(_image(pics["metrics"], "metrics"))
    items = sorted(((*name[5:].partition(":")[::2], m)
                    for name, m in summary["metrics"].items() if name.startswith("item:")),
                   key=lambda row: -row[2]["mean_per_game"])
    if items:
        parts += [f"<h2>{html.escape(unit)} by card, effect or tile</h2>",
                  html_table(["item", "scored by events of kind",
                          f"mean {unit} per game (95% interval)"],
                         [[item_label(game, item), kind,
                           mean_interval({"mean": m["mean_per_game"], "ci95": m["ci95"]}, 2)]
                          for kind, item, m in items])]
    return parts


def write_report(folder: Path, summary: dict[str, Any], plan: dict[str, Any], command: str,
                 pictures: Sequence[Path]) -> Path:
    """Write ``folder/report.html`` and return its path."""
    spec = get_spec(plan["game"])
    unit = spec.score_unit
    pics = {p.stem: p for p in pictures}
    parts = [f"<h1>{html.escape(spec.title)}: {summary['games']} games, "
             f"{plan['players']} players</h1>",
             f"<p>Produced by</p><pre>{html.escape(command)}</pre>",
             *_bots(summary, unit, pics)]
    if "scores" in pics:
        parts += ["<h2>Scores</h2>", _image(pics["scores"], "scores")]
    if summary["seats"] is not None:
        parts += _order(summary, spec.title, unit, pics)
    if summary["ratings"]:
        parts += ["<h2>Ratings (OpenSkill, Plackett-Luce)</h2>",
                  html_table(["bot", "mu", "sigma", "ordinal (mu − 3 sigma)"],
                         [[b, r["mu"], r["sigma"], r["ordinal"]]
                          for b, r in sorted(summary["ratings"].items(),
                                             key=lambda kv: -kv[1]["ordinal"])])]
    length = summary["length"]
    parts += ["<h2>Game length</h2>",
              paragraph(f"{length['decisions']['mean']:.0f} decisions a game on average (sd "
                 f"{length['decisions']['sd']:.0f}, {length['decisions']['min']}–"
                 f"{length['decisions']['max']}); {length['seconds']['mean']:.2f} s a game.")]
    if "length" in pics:
        parts.append(_image(pics["length"], "game length"))
    parts += _metrics(summary, plan["game"], unit, pics)
    path = folder / "report.html"
    path.write_text(page(f"{spec.title} arena", parts))
    return path
