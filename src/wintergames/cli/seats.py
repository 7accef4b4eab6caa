"""Reading the ``--players`` list: ``human,random,random`` or ``random:seed=4``."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from wintergames import bots
from wintergames.core.errors import InvalidOptionError
from wintergames.core.overlay import OVERLAY, flatten, read_overlay
from wintergames.core.spec import GameSpec


@dataclass
class Seat:
    kind: str  # "human" or a bot kind
    settings: dict[str, Any] = field(default_factory=dict)
    bot: bots.Bot | None = None

    @property
    def label(self) -> str:
        return self.kind


def parse_seat(text: str, seed: int, spec: GameSpec) -> Seat:
    """``kind`` or ``kind:key=value;key=value``; bots get ``seed`` unless they name one.
    A bot that cannot play ``spec``'s game is refused as the server refuses it."""
    kind, _, rest = text.partition(":")
    kind = kind.strip()
    if kind == "human":
        if rest.strip():
            raise InvalidOptionError("a human seat takes no settings")
        return Seat("human")
    # from_text checks the settings; check_seat then the game, as the server's tables do
    bot = bots.from_text(text, seed)
    settings = bots.settings_from_text(rest)
    bots.check_seat(kind, {k: v for k, v in settings.items() if k != "seed"}, spec)
    return Seat(kind, settings, bot)


def parse_seats(text: str, seed: int, spec: GameSpec) -> list[Seat]:
    """Seats from a comma-separated list, each bot seeded from ``seed`` and its seat."""
    names = [t for t in text.split(",") if t.strip()]
    if not names:
        raise InvalidOptionError("--players lists one seat per player, e.g. human,random,random")
    return [parse_seat(name, seed * 1000 + i, spec) for i, name in enumerate(names)]


def parse_options(pairs: list[str]) -> dict[str, Any]:
    """``--option key=value`` pairs as a dict; the game's spec converts and checks values.

    A what-if overlay comes as ``overlay=FILE.toml`` (its tables) and as
    ``overlay.KEY=VALUE`` (one key; these win over the file's):

    >>> parse_options(["first_player=2", "overlay.stand.vp=2"])
    {'first_player': '2', 'overlay': {'stand.vp': '2'}}
    """
    options: dict[str, Any] = {}
    keys: dict[str, Any] = {}
    for pair in pairs:
        key, eq, value = pair.partition("=")
        key, value = key.strip(), value.strip()
        if not eq:
            raise InvalidOptionError(f"--option takes key=value, not {pair!r}")
        if key == OVERLAY:
            options[OVERLAY] = flatten(read_overlay(value))
        elif key.startswith(OVERLAY + "."):
            keys[key.removeprefix(OVERLAY + ".")] = value
        else:
            options[key] = value
    if keys:
        options[OVERLAY] = {**options.get(OVERLAY, {}), **keys}
    return options
