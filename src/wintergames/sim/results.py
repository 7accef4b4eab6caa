"""An arena's folder: the plan it runs, every finished game appended as it ends, and the
tables written from them (CSV, and Parquet where pyarrow is installed).

``games.jsonl`` is the record: one JSON line per game, appended and flushed to disk as
each game ends, never rewritten. A run that is interrupted and started again reads it and
plays only the games it lacks. The CSV and Parquet tables are written from it at the end.
A line written before games kept their turn order (``order``) gets it back from the
game's seed, where the game sets it up.
"""

from __future__ import annotations

import csv
import json
import os
from collections.abc import Iterable
from dataclasses import asdict, replace
from pathlib import Path
from typing import Any

from wintergames.core.errors import InvalidOptionError
from wintergames.sim.jobs import Outcome, Plan, turn_order

PLAN = "plan.json"
GAMES = "games.jsonl"


def plan_json(plan: Plan) -> dict[str, Any]:
    """The plan as ``plan.json`` keeps it (as JSON reads it back: tuples are lists)."""
    fields = {"game": plan.game, "players": plan.players, "bots": list(plan.bots),
              "seed": plan.seed, "options": dict(plan.options), "seeding": plan.seeding}
    return json.loads(json.dumps(fields))


def outcome_json(o: Outcome) -> dict[str, Any]:
    fields = asdict(o)
    fields.update(bots=list(o.bots), scores=list(o.scores), winners=list(o.winners),
                  think=list(o.think), moves=list(o.moves),
                  order=None if o.order is None else list(o.order))
    return fields


def outcome_from_json(obj: dict[str, Any]) -> Outcome:
    """A game from its line (``order`` None where the line has none)."""
    order = obj.get("order")
    return Outcome(index=obj["index"], seed=obj["seed"], bots=tuple(obj["bots"]),
                   scores=tuple(obj["scores"]), winners=tuple(obj["winners"]),
                   decisions=obj["decisions"], seconds=obj["seconds"],
                   think=tuple(obj["think"]), moves=tuple(obj["moves"]),
                   metrics={k: list(v) for k, v in obj["metrics"].items()},
                   order=None if order is None else tuple(order))


def read_games(path: Path, plan: dict[str, Any]) -> dict[int, Outcome]:
    """The games of a ``games.jsonl`` by index (the first line of each index), for the run
    of ``plan`` (``plan.json``'s fields). A last line cut short by a kill is passed over;
    any other unreadable line is an error."""
    found: dict[int, Outcome] = {}
    if not path.exists():
        return found
    lines = path.read_text().splitlines()
    for number, line in enumerate(lines, 1):
        try:
            obj = json.loads(line)
            o = outcome_from_json(obj)
        except (ValueError, KeyError, TypeError) as err:
            if number == len(lines):
                break
            raise InvalidOptionError(f"{path}, line {number}: not a game ({err})") from None
        if "order" not in obj:  # recorded before games kept it: set up again from its seed
            o = replace(o, order=turn_order(plan["game"], plan["players"], o.seed,
                                             plan["options"]))
        found.setdefault(o.index, o)
    return found


class Folder:
    """The folder of one run: ``open`` checks it belongs to ``plan`` (or makes it)."""

    def __init__(self, path: Path, plan: Plan) -> None:
        self.path = path
        self.plan = plan
        path.mkdir(parents=True, exist_ok=True)
        kept = path / PLAN
        if kept.exists():
            before = json.loads(kept.read_text())
            if before != plan_json(plan):
                differ = differences(before, plan_json(plan), "the folder", "this run")
                raise InvalidOptionError(
                    f"{path} holds another run ({_describe(before)}; {differ}); to add games "
                    f"to it, repeat its command with any --games, or choose another --out")
        else:
            kept.write_text(json.dumps(plan_json(plan), indent=1) + "\n")

    def done(self) -> dict[int, Outcome]:
        """The games already played, by index (``read_games``)."""
        return read_games(self.path / GAMES, plan_json(self.plan))

    def append(self, outcome: Outcome) -> None:
        """Add one finished game to the record, on disk before this returns."""
        path = self.path / GAMES
        with path.open("a") as f:
            if f.tell() and not _ends_with_newline(path):
                f.write("\n")  # a line cut short by a kill stays apart from the next
            f.write(json.dumps(outcome_json(outcome)) + "\n")
            f.flush()
            os.fsync(f.fileno())

    def write_tables(self, outcomes: Iterable[Outcome]) -> list[Path]:
        """``games.csv`` (and ``games.parquet`` with pyarrow): one row per game."""
        rows = [table_row(o) for o in sorted(outcomes, key=lambda o: o.index)]
        columns = list(dict.fromkeys(k for row in rows for k in row))
        written = [self.path / "games.csv"]
        with written[0].open("w", newline="") as f:
            writer = csv.DictWriter(f, columns)
            writer.writeheader()
            for row in rows:
                writer.writerow({k: _cell(v) for k, v in row.items()})
        try:
            import pyarrow as pa
            import pyarrow.parquet as pq
        except ImportError:  # Parquet is optional: the CSV holds the same rows
            return written
        full = [{c: row.get(c) for c in columns} for row in rows]
        pq.write_table(pa.Table.from_pylist(full), self.path / "games.parquet")
        written.append(self.path / "games.parquet")
        return written


def table_row(o: Outcome) -> dict[str, Any]:
    """A game as one flat row: lists for per-seat values, a column per metric (the sum
    over seats) and the per-seat metrics as JSON."""
    row: dict[str, Any] = {
        "index": o.index, "seed": o.seed, "bots": list(o.bots),
        "scores": [float(s) for s in o.scores], "winners": list(o.winners),
        "turn_order": None if o.order is None else list(o.order),
        "decisions": o.decisions, "seconds": o.seconds, "think": list(o.think),
        "moves": list(o.moves),
    }
    for name, values in sorted(o.metrics.items()):
        row[name] = sum(values)
    row["metrics_by_seat"] = json.dumps(o.metrics, sort_keys=True)
    return row


def _cell(value: Any) -> Any:
    return ";".join(str(v) for v in value) if isinstance(value, list) else value


def _ends_with_newline(path: Path) -> bool:
    with path.open("rb") as f:
        f.seek(-1, os.SEEK_END)
        return f.read(1) == b"\n"


def _describe(plan: dict[str, Any]) -> str:
    return (f"{plan.get('game')}, {plan.get('players')} players, bots "
            f"{','.join(plan.get('bots', []))}, seed {plan.get('seed')}")


def differences(a: dict[str, Any], b: dict[str, Any], name_a: str, name_b: str) -> str:
    """What differs between two plans (``plan.json``'s fields), each option apart:
    "options.overlay: {stand.vp=2} in the folder, none in this run".

    >>> differences({"seed": 1, "options": {"x": 1}}, {"seed": 2, "options": {}}, "A", "B")
    'seed: 1 in A, 2 in B; options.x: 1 in A, none in B'
    """
    said = []
    for key in dict.fromkeys([*a, *b]):
        if key == "options":
            continue
        if a.get(key) != b.get(key):
            said.append(f"{key}: {_shown(a.get(key))} in {name_a}, {_shown(b.get(key))} in "
                        f"{name_b}")
    opts_a, opts_b = a.get("options") or {}, b.get("options") or {}
    for key in dict.fromkeys([*opts_a, *opts_b]):
        if opts_a.get(key) != opts_b.get(key):
            said.append(f"options.{key}: {_shown(opts_a.get(key))} in {name_a}, "
                        f"{_shown(opts_b.get(key))} in {name_b}")
    return "; ".join(said) or "nothing differs"


def _shown(value: Any) -> str:
    """A plan's value in a message: ``none``, ``a,b``, an overlay as ``key=value, ...``."""
    if value is None:
        return "none"
    if isinstance(value, list):
        return ",".join(_shown(v) for v in value)
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}={_shown(v)}" for k, v in value.items()) + "}"
    return str(value).lower() if isinstance(value, bool) else str(value)
