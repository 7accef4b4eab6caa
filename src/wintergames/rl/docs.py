"""The field tables of ``docs/rl.md``, written from the games' own encodings.

``python -m wintergames.rl.docs`` prints them; a test holds ``docs/rl.md`` to the same text,
so the documented slices are always the ones the vectors have.
"""

from __future__ import annotations

from wintergames.core.encoding import describe
from wintergames.core.registry import available_games
from wintergames.core.spec import GameSpec
from wintergames.rl.pettingzoo import env_name

BEGIN, END = "<!-- fields:begin -->", "<!-- fields:end -->"


def _shown_players(spec: GameSpec) -> int:
    return max(2, spec.min_players) if spec.max_players >= 2 else spec.min_players


def game_section(spec: GameSpec) -> str:
    """One game's heading, sizes at every player count and field table."""
    assert spec.observation_encoding is not None
    sizes = []
    for n in spec.players_range:
        options = spec.validate(n, {})
        encoding = spec.observation_encoding(n, options)
        actions = spec.codec.num_distinct(n, options)
        sizes.append(f"{n} players: {encoding.layout.size} numbers, {actions} actions")
    n = _shown_players(spec)
    encoding = spec.observation_encoding(n, spec.validate(n, {}))
    lines = [
        f"### {spec.title} (`{env_name(spec.id)}`)",
        "",
        "Sizes with the default options: " + "; ".join(sizes) + ".",
        "",
        f"Fields with {n} players and the default options:",
        "",
        "| field | slice | shape | range | meaning |",
        "|---|---|---|---|---|",
    ]
    for name, where, shape, bounds, meaning in describe(encoding.layout):
        lines.append(f"| `{name}` | {where} | {shape} | {bounds} | {meaning} |")
    if encoding.constant:
        lines += ["", "Fields that may keep one value through a game at this setting:"]
        lines += [f"- `{name}`: {why}" for name, why in sorted(encoding.constant.items())]
    return "\n".join(lines)


def fields_markdown() -> str:
    """Every game's section, between the markers ``docs/rl.md`` keeps them in."""
    sections = [game_section(s) for s in available_games() if s.observation_encoding]
    return "\n".join([BEGIN, "", "\n\n".join(sections), "", END])


if __name__ == "__main__":
    print(fields_markdown())
