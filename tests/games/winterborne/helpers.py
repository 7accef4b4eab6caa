"""Scenario helpers for the Winterborne rules tests.

A scenario starts from a fresh 2-player game with seat 0 (the first player) to move,
then sets the fields it needs (hand, resources, figures, province boards) directly and
plays notation strings through the spec's own parser, so the tests exercise the same
path as a player typing moves.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import pytest

import wintergames as wg
from wintergames.core.errors import IllegalActionError
from wintergames.core.testing import snapshot
from wintergames.games.winterborne.components import WB
from wintergames.games.winterborne.state import WinterborneState

SPEC = wg.get_spec("winterborne")
SHAMAN, EXPLORER, WARRIOR, WHITE = 0, 1, 2, 3
OUT, CASTLE = -1, 6
GOLD, MEAT, MILITARY = 0, 1, 2
# Colours in the board's clockwise order (components.md C1).
GREEN, YELLOW, BLUE, PURPLE, RED, BLACK = range(6)


def card(card_id: str) -> int:
    """The index of a card by its printed id (a house card id names seat 0's copy)."""
    return WB.card_by_id[card_id]


def cards(*ids: str) -> list[int]:
    return [card(i) for i in ids]


def tile(spoils_id: str) -> int:
    return WB.spoils_by_id[spoils_id]


def ally(ally_id: str) -> int:
    return WB.ally_by_id[ally_id]


def section(name: str) -> int:
    return WB.section_names.index(name)


def space(name: str) -> int:
    return WB.space_names.index(name)


def fresh(hand: Sequence[str] = (), res: Sequence[int] = (0, 0, 0),
          reserve: Sequence[str] = (), seed: int = 1, **options: object) -> WinterborneState:
    """A new 2-player game, seat 0 to move, with seat 0's hand, reserve and resources set.

    The figures stand on their printed start spaces (shaman G1, explorer G3, warrior G5).
    """
    opts: dict[str, object] = {"first_player": "1", **options}
    s = wg.make("winterborne", num_players=2, seed=seed, options=opts)
    assert isinstance(s, WinterborneState)
    assert s.current == 0 and not s.pending
    s.hand[0] = cards(*hand)
    s.reserve[0] = cards(*reserve)
    s.res[0] = list(res)
    return s


def place(s: WinterborneState, **where: str) -> None:
    """Put seat 0's figures on gray spaces by name: ``place(s, shaman="G4")``;
    ``"castle"`` and ``"out"`` are accepted too."""
    names = {"shaman": SHAMAN, "explorer": EXPLORER, "warrior": WARRIOR, "white": WHITE}
    for fig, pos in where.items():
        special = {"castle": CASTLE, "out": OUT}
        s.figures[0][names[fig]] = special[pos] if pos in special else space(pos)


def top_ally(s: WinterborneState, province: int, ally_id: str) -> None:
    """Make ``ally_id`` the top (face-up) ally of ``province``'s deck."""
    a = ally(ally_id)
    deck = [x for x in s.ally_decks[province] if x != a]
    s.ally_decks[province] = [*deck, a]


def play(s: WinterborneState, *moves: str) -> None:
    """Apply each notation string in turn, parsed by the spec."""
    for move in moves:
        s.apply(SPEC.parse_action(move))


def legal(s: WinterborneState) -> set[str]:
    """The legal actions now, as notation strings."""
    return {str(a) for a in s.legal_actions()}


def refused(s: WinterborneState, move: str, words: Iterable[str] = (),
            rule: str | None = None) -> str:
    """Apply ``move``, expect a refusal whose message contains ``words`` and (when given)
    names the rule passage ``rule``, and check the state is exactly as it was. Returns
    the message."""
    before = snapshot(s)
    with pytest.raises(IllegalActionError) as info:
        s.apply(SPEC.parse_action(move))
    message = str(info.value)
    for word in words:
        assert word in message, f"{word!r} not in {message!r}"
    if rule is not None:
        assert info.value.rule == rule, f"{move!r} refused by {info.value.rule!r}, not {rule!r}"
        assert SPEC.rules is not None and rule in SPEC.rules, rule  # the passage exists
    assert snapshot(s) == before, "a refused action changed the state"
    return message
