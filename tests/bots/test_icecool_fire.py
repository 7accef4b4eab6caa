"""Bots at ICECOOL Wizards' Fire step: a simultaneous, hidden choice of a discard."""

from __future__ import annotations

import pytest

import wintergames as wg
from tests.games.icecool_wizards.helpers import act, after_flick, game, give
from wintergames.games.icecool_wizards.state import IcecoolState

CHEAP = {"greedy": {}, "ismcts": {"iterations": 40}, "flick": {"proposals": 6}}


def holding_fire() -> IcecoolState:
    """After player 1's flick: they may cast Fire; players 2 and 3 hold lessons."""
    s = game(3, seed=6)
    give(s, 0, "W-fire", "F")
    give(s, 1, "F-wind", "H")
    give(s, 2, "S", "P", "H-water")
    after_flick(s)
    return s


def fire_step() -> IcecoolState:
    """Player 1 has cast Fire; players 2 and 3 choose their discards at once."""
    s = holding_fire()
    act(s, "cast W-fire")
    assert s.simultaneous and s.to_move == (1, 2)
    return s


@pytest.mark.parametrize("kind", sorted(CHEAP))
def test_a_bot_chooses_a_legal_discard_blind_to_the_other_pending_one(kind: str) -> None:
    chosen = set()
    for other in ("discard F-wind", "discard H"):
        s = fire_step()
        act(s, other, 1)  # player 2 chose first; player 3's bot must not learn what
        action = wg.bots.make(kind, seed=3, **CHEAP[kind]).choose(s, 2)
        assert action in s.legal_actions(2)
        chosen.add(action)
    assert len(chosen) == 1


@pytest.mark.parametrize("kind", sorted(CHEAP))
def test_bots_play_through_a_fire_step_to_the_caster(kind: str) -> None:
    s = fire_step()
    for seat in (2, 1):  # any order: both owe a choice at once
        s.apply(wg.bots.make(kind, seed=1, **CHEAP[kind]).choose(s, seat), seat)
    assert not s.simultaneous and s.to_move == (0,)
    assert sum(s.lessons_up[1]) + sum(s.lessons_up[2]) == 5 - 2  # one card each went


def test_ismcts_casts_fire_and_searches_through_the_hidden_discards() -> None:
    s = holding_fire()
    bot = wg.bots.make("ismcts", seed=2, iterations=120)
    action = bot.choose(s, 0)
    assert action in s.legal_actions(0)
