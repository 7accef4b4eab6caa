"""The generic checks of core/testing.py over many seeded random games, component
conservation after every action, determinize and replay."""

from __future__ import annotations

import random

import pytest

import wintergames as wg
from tests.tiers import seed_blocks
from wintergames.core import testing
from wintergames.games.ice.conservation import check
from wintergames.games.ice.state import IceState


@pytest.mark.parametrize("n", [2, 3, 4, 5])
@pytest.mark.parametrize("seeds", seed_blocks(fast=5, total=100, block=45))
def test_generic_checks_over_100_seeded_games(n: int, seeds: range) -> None:
    games = testing.run_generic_checks("ice", n, seeds, deep_every=40)
    assert all(isinstance(g, IceState) and g.day == 4 for g in games)
    kinds = {e.kind for g in games for e in g.log}
    assert {"day", "excavate", "score", "total", "logbook"} <= kinds


@pytest.mark.parametrize("options", [
    {"first_game": True},
    {"curse": "on", "blessing": True},
    {"curse": "gentle", "logbook": "setup"},
    {"logbook": "off", "guild_1": "navigator", "guild_2": "incandescent",
     "guild_3": "icewalker", "guild_4": "nourisher", "guild_5": "cryoarchitect"},
])
def test_every_component_accounted_for_in_every_variant(options: dict[str, object]) -> None:
    n = 5 if "guild_5" in options else 3
    for seed in range(6):
        s = wg.make("ice", n, seed=seed, options=options)
        rng = random.Random(seed)
        while not s.is_over:
            p = s.to_move[0]
            actions = s.legal_actions(p)
            s.apply(actions[rng.randrange(len(actions))], p)
            assert isinstance(s, IceState)
            check(s)
        testing.check_score_breakdown(s)
        testing.check_scoring_events(s)  # the variants' RP: Gentle, Logbook, first game


@pytest.mark.parametrize("n", [2, 3, 5])
def test_determinize_keeps_every_seats_view(n: int) -> None:
    s = wg.make("ice", n, seed=21)
    bot = wg.bots.make("random", seed=4)
    rng = random.Random(5)
    checked = 0
    while not s.is_over:
        if len(s.history) % 13 == 0:
            for p in range(n):
                twin = s.determinize(p, rng)
                assert twin.observation(p) == s.observation(p)
                assert twin.legal_actions(p) == s.legal_actions(p) or p not in s.to_move
                assert isinstance(twin, IceState)
                check(twin)
            checked += 1
        s.apply(bot.choose(s, s.to_move[0]), s.to_move[0])
    assert checked >= 4


def test_determinize_resamples_what_is_hidden() -> None:
    s = wg.make("ice", 3, seed=2)
    assert isinstance(s, IceState)
    twins = [s.determinize(0, random.Random(k)) for k in range(12)]
    assert isinstance(twins[0], IceState)
    # the face-down tiles of the board and the other seats' Requests vary ...
    assert len({tuple(t.tiles) for t in twins if isinstance(t, IceState)}) > 1
    assert len({tuple(t.requests[1]) for t in twins if isinstance(t, IceState)}) > 1
    # ... the viewer's own Requests never do
    assert {tuple(t.requests[0]) for t in twins if isinstance(t, IceState)} == \
        {tuple(s.requests[0])}


def test_a_rift_axis_lies_only_under_a_rift_tile() -> None:
    """A view reads a place's axis as its tile's: the invariants reject an axis on a
    place with no tile, or under a tile without the Rift back, and accept the axes the
    setup deals."""
    s = wg.make("ice", 2, seed=3)
    assert isinstance(s, IceState)
    spec = wg.get_spec("ice")
    assert spec.check_invariants is not None
    spec.check_invariants(s)
    rifts = [slot for slot, axis in enumerate(s.rift) if axis >= 0]
    assert rifts, "the setup lays Rift tiles"
    empty = s.tiles.index(-1)
    s.rift[empty] = 1
    with pytest.raises(AssertionError, match=rf"rift\[{empty}\] is 1, but no Rift tile"):
        spec.check_invariants(s)
    s.rift[empty] = -1
    plain = next(slot for slot, t in enumerate(s.tiles) if t >= 0 and s.rift[slot] < 0)
    s.rift[plain] = 0
    with pytest.raises(AssertionError, match="no Rift tile"):
        spec.check_invariants(s)
