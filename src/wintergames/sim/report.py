"""``report.html``: one self-contained page (pictures inlined) with an arena's numbers,
its pictures and the command that produced them."""

from __future__ import annotations

import base64
import html
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from wintergames.core.registry import get_spec
from wintergames.sim.metrics import label

_STYLE = """
body { font: 15px/1.45 system-ui, sans-serif; max-width: 60rem; margin: 2rem auto;
       padding: 0 1rem; color: #1d232a; }
h1 { font-size: 1.5rem; } h2 { font-size: 1.15rem; margin-top: 2rem; }
code, pre { background: #f1f3f5; padding: .15rem .3rem; border-radius: 3px; }
pre { padding: .6rem; white-space: pre-wrap; }
table { border-collapse: collapse; margin: .5rem 0; }
th, td { border-bottom: 1px solid #d0d5da; padding: .25rem .7rem; text-align: right; }
th:first-child, td:first-child { text-align: left; }
img { max-width: 100%; border: 1px solid #e2e6ea; margin: .3rem 0; }
"""


def _pct(v: float) -> str:
    return f"{100 * v:.1f}%"


def signed_points(v: float) -> str:
    """A difference of shares in percentage points, signed ("+4.1", never "-0.0")."""
    return f"{round(100 * v, 1) + 0.0:+.1f}"


def per_seat(metric: dict[str, Any]) -> str:
    """A metric's means per seat, "1.20 / 0.80", or "whole game" for a metric of no seat."""
    seats = metric["mean_per_seat"]
    return "whole game" if seats is None else " / ".join(f"{v:.2f}" for v in seats)


def _interval(row: dict[str, Any]) -> str:
    return f"{_pct(row['share'])} ({_pct(row['ci95'][0])}–{_pct(row['ci95'][1])})"


def _table(head: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    cells = "".join(f"<th>{html.escape(h)}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>"
                   for row in rows)
    return f"<table><thead><tr>{cells}</tr></thead><tbody>{body}</tbody></table>"


def _image(path: Path, alt: str) -> str:
    data = base64.b64encode(path.read_bytes()).decode()
    return f'<p><img alt="{html.escape(alt)}" src="data:image/png;base64,{data}"></p>'


def write_report(folder: Path, summary: dict[str, Any], plan: dict[str, Any], command: str,
                 pictures: Sequence[Path]) -> Path:
    """Write ``folder/report.html`` and return its path."""
    spec = get_spec(plan["game"])
    pics = {p.stem: p for p in pictures}
    parts = [f"<h1>{html.escape(spec.title)}: {summary['games']} games, "
             f"{plan['players']} players</h1>",
             f"<p>Produced by</p><pre>{html.escape(command)}</pre>",
             "<h2>Win share by bot</h2>",
             _table(["bot", "win share (95% interval)", "fair share", "games",
                     f"mean {spec.score_unit} (sd)", "bot seconds per game"],
                    [[bot, _interval(r), _pct(r["fair_share"]), r["games"],
                      f"{r['score']['mean']:.1f} ({r['score']['sd']:.1f})",
                      f"{r['think_seconds_per_game']:.2f}"]
                     for bot, r in summary["bots"].items()])]
    if "win_shares" in pics:
        parts.append(_image(pics["win_shares"], "win share by bot"))
    if "scores" in pics:
        parts += ["<h2>Scores</h2>", _image(pics["scores"], "scores by bot")]
    seats = summary["seats"]
    if seats is not None:
        adv = seats["first_seat_advantage"]
        parts += ["<h2>Seat advantage</h2>",
                  f"<p>Seat 1 wins {_pct(seats['seats'][0]['share'])} of games against a fair "
                  f"{_pct(seats['fair_share'])}: an advantage of {signed_points(adv['value'])} "
                  f"percentage points (95% interval {signed_points(adv['ci95'][0])} to "
                  f"{signed_points(adv['ci95'][1])}).</p>",
                  _table(["seat", "win share (95% interval)", f"mean {spec.score_unit}"],
                         [[s["seat"], _interval(s), f"{s['score']['mean']:.1f}"]
                          for s in seats["seats"]])]
        if "seats" in pics:
            parts.append(_image(pics["seats"], "win share by seat"))
    if summary["ratings"]:
        parts += ["<h2>Ratings (OpenSkill, Plackett-Luce)</h2>",
                  _table(["bot", "mu", "sigma", "ordinal (mu − 3 sigma)"],
                         [[b, r["mu"], r["sigma"], r["ordinal"]]
                          for b, r in sorted(summary["ratings"].items(),
                                             key=lambda kv: -kv[1]["ordinal"])])]
    length = summary["length"]
    parts += ["<h2>Game length</h2>",
              f"<p>{length['decisions']['mean']:.0f} decisions a game on average (sd "
              f"{length['decisions']['sd']:.0f}, {length['decisions']['min']}–"
              f"{length['decisions']['max']}); {length['seconds']['mean']:.2f} s a game.</p>"]
    if "length" in pics:
        parts.append(_image(pics["length"], "game length"))
    rows = [[label(plan["game"], name), f"{m['mean_per_game']:.2f}",
             per_seat(m)]
            for name, m in summary["metrics"].items() if not name.startswith("item:")]
    if rows:
        parts += ["<h2>The game's metrics</h2>",
                  _table(["metric", "mean per game", "mean per seat (seat 1 / 2 / …)"], rows)]
        if "metrics" in pics:
            parts.append(_image(pics["metrics"], "metrics"))
    items = sorted(((*name[5:].partition(":")[::2], m["mean_per_game"])
                    for name, m in summary["metrics"].items() if name.startswith("item:")),
                   key=lambda row: -row[2])
    if items:
        parts += [f"<h2>{html.escape(spec.score_unit)} by card, effect or tile</h2>",
                  _table(["item", "scored by events of kind", f"mean {spec.score_unit} per game"],
                         [[item, kind, f"{v:.2f}"] for kind, item, v in items])]
    page = (f"<!doctype html><html lang='en'><head><meta charset='utf-8'>"
            f"<title>{html.escape(spec.title)} arena</title><style>{_STYLE}</style></head>"
            f"<body>{''.join(parts)}</body></html>\n")
    path = folder / "report.html"
    path.write_text(page)
    return path
