"""The random bot and the bot registry."""

from __future__ import annotations

import pytest

import wintergames as wg
from wintergames.games.winter_queen.state import WinterQueenState


def test_random_bot_is_seeded_and_legal() -> None:
    s = wg.make("winter-queen", 3, seed=2)
    picks = [wg.bots.make("random", seed=7).choose(s, 0) for _ in range(3)]
    assert len(set(picks)) == 1 and picks[0] in s.legal_actions(0)
    spread = {wg.bots.make("random", seed=k).choose(s, 0) for k in range(30)}
    assert len(spread) > 10


def test_bot_registry_errors() -> None:
    with pytest.raises(wg.InvalidOptionError, match="no bot kind 'oracle'"):
        wg.bots.make("oracle")
    with pytest.raises(wg.InvalidOptionError,
                       match=r"bot 'random' has no setting 'depth'; settings: none$"):
        wg.bots.make("random", depth=3)
    with pytest.raises(wg.InvalidOptionError,
                       match=r"bot 'greedy' has no settings 'depth', 'foo'; settings: "
                             r"follow_through, proposals, samples$"):
        wg.bots.make("greedy", foo=1, depth=3)
    s = wg.make("winter-queen", 3, seed=2)
    with pytest.raises(wg.NotYourTurnError):
        wg.bots.make("random").choose(s, 1)


def test_random_bot_choice_ignores_what_its_seat_cannot_see() -> None:
    import random

    s = wg.make("winter-queen", 3, seed=9)
    assert isinstance(s, WinterQueenState)
    bot_seed = 21
    for step in range(40):
        if s.is_over:
            break
        p = s.to_move[0]
        twin = s.determinize(p, random.Random(step))
        twin.vp = [v + 50 if q != p else v for q, v in enumerate(twin.vp)]  # unseen totals
        mine = wg.bots.make("random", seed=bot_seed).choose(s, p)
        assert wg.bots.make("random", seed=bot_seed).choose(twin, p) == mine
        s.apply(mine)
