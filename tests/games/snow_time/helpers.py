"""Hand-built Snow Time positions for scenario tests."""

from __future__ import annotations

from typing import Any

import pytest

import wintergames as wg
from wintergames.core.testing import snapshot
from wintergames.games.snow_time.actions import CODEC, PLAY
from wintergames.games.snow_time.components import ST
from wintergames.games.snow_time.state import SnowTimeState


def game(
    n: int = 5,
    seed: int = 0,
    *,
    pawns: list[int] | None = None,
    fruit: dict[int, int] | None = None,
    discard: dict[int, list[int]] | None = None,
    overlay: dict[str, Any] | None = None,
) -> SnowTimeState:
    """A new game (with the what-if ``overlay``) with the opening roll undone, then
    ``fruit`` {level: count} placed, the pawns on ``pawns`` and ``discard``
    {colour: [numbers]} in the discard."""
    s = wg.make("snow-time", n, seed=seed, options={"overlay": overlay} if overlay else None)
    assert isinstance(s, SnowTimeState)
    s.fruit = [0] * ST.levels
    s.supply = s.params.fruit
    for level, count in (fruit or {}).items():
        s.fruit[level - 1] = count
        s.supply -= count
    if pawns is not None:
        s.pawn = list(pawns)
    for k, numbers in (discard or {}).items():
        mask = sum(1 << (x - 1) for x in numbers)
        s.discard[k] |= mask
        s.hand[k] &= ~mask
    return s


def play(s: SnowTimeState, *cards: str) -> None:
    """Colour k plays ``cards[k]`` ("6", "healer", ...); "" skips a colour."""
    for k, name in enumerate(cards):
        if name:
            card = ST.card_index(name)
            assert card is not None, name
            s.apply(PLAY[k][card], s.owner[k])


def act(s: SnowTimeState, text: str) -> None:
    """Apply an action in notation for the colour it names."""
    action = CODEC.parse(text)
    s.apply(action, s.owner[action.colour])  # type: ignore[attr-defined]


def refused(s: SnowTimeState, text: str, match: str, rule: str,
            player: int | None = None) -> None:
    """``text`` (for the seat running its colour, or for ``player``) is refused with a
    message matching ``match``, naming rule passage ``rule``, and nothing changes."""
    action = CODEC.parse(text)
    seat = s.owner[action.colour] if player is None else player  # type: ignore[attr-defined]
    before = snapshot(s)
    with pytest.raises(wg.IllegalActionError, match=match) as refusal:
        s.apply(action, seat)
    assert refusal.value.rule == rule
    assert snapshot(s) == before


def fruit_before_roll(s: SnowTimeState) -> list[int]:
    """The fruit left on each level by the last resolution, before this turn's roll."""
    fruit = s.fruit.copy()
    for face in s.dice:
        fruit[s.params.die_levels[face - 1] - 1] -= 1
    return fruit


def summary(s: SnowTimeState) -> list[str]:
    """The turn-summary lines logged so far."""
    return [e.text for e in s.log if e.kind == "summary"]


def numbers(mask: int) -> list[int]:
    return [c + 1 for c in range(ST.characters) if mask >> c & 1]
