"""The generic checks of core/testing.py over many seeded random games, component
conservation after every action, determinize and replay."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import wintergames as wg
from tests.tiers import seed_blocks
from wintergames.core import testing
from wintergames.games.winterborne.state import WinterborneState, check_components


@pytest.mark.parametrize("n", [1, 2, 3, 4])
@pytest.mark.parametrize("seeds", seed_blocks(fast=4, total=100, block=24))
def test_generic_checks_over_100_seeded_games(n: int, seeds: range) -> None:
    games = testing.run_generic_checks("winterborne", n, seeds, deep_every=50)
    assert all(isinstance(g, WinterborneState) for g in games)
    # every game went through the seasons and ended after the third winter round
    assert all(isinstance(g, WinterborneState) and g.winter_round == 3 and g.season == 3
               for g in games)
    # "each player will have the same number of turns"
    for g in games:
        turns = {sum(1 for e in g.log if e.kind == "end" and e.player == p) for p in range(n)}
        assert len(turns) == 1, f"turns per seat differ: {turns}"
    kinds = {e.kind for g in games for e in g.log}
    assert {"season", "score", "total", "draw", "end"} <= kinds
    if n == 1:
        assert "balaur" in kinds


@settings(max_examples=60, deadline=None)
@given(
    n=st.integers(1, 4),
    seed=st.integers(0, 2**32),
    options=st.fixed_dictionaries({
        "mercenary": st.booleans(),
        "promo_wylds": st.booleans(),
        "round_power": st.booleans(),
        "banners": st.sampled_from(["first-game", "random"]),
    }),
    picks=st.lists(st.integers(0, 10**6), min_size=1, max_size=300),
)
def test_every_component_accounted_for_after_every_action(
    n: int, seed: int, options: dict[str, object], picks: list[int]
) -> None:
    s = wg.make("winterborne", n, seed=seed, options=options)
    check_components(s)
    for pick in picks:
        if s.is_over:
            break
        actions = s.legal_actions()
        s.apply(actions[pick % len(actions)])
        check_components(s)


def _broken(change: str) -> WinterborneState:
    s = wg.make("winterborne", 2, seed=3, options={"mercenary": True})
    assert isinstance(s, WinterborneState)
    check_components(s)
    if change == "a house card doubled":
        s.hand[0].append(s.hand[0][0])
    elif change == "a house card gone":
        s.deck[0].pop(0)
        s.hand[0].clear()
    elif change == "an exploration card doubled":
        s.discard[1].append(s.season_decks[0][0])
    elif change == "an exploration card gone":
        s.season_decks[0].pop()
    elif change == "a spoils tile doubled":
        s.spoils[0].append(s.prov_spoils[0][0])
    elif change == "a favor token made":
        s.favor_supply += 1
    elif change == "a picked-up card not in hand":
        s.moved.append(s.deck[0][0])
    return s


@pytest.mark.parametrize(("change", "message"), [
    ("a house card doubled", "Player 1's house cards"),
    ("a house card gone", "Player 1's house cards"),
    ("an exploration card doubled", "doubled cards"),
    ("an exploration card gone", "exploration cards"),
    ("a spoils tile doubled", "spoils"),
    ("a favor token made", "favor tokens"),
    ("a picked-up card not in hand", "picked up from the reserve, not in hand")])
def test_the_conservation_check_finds_what_was_lost_or_doubled(change: str, message: str) -> None:
    with pytest.raises(AssertionError, match=message):
        check_components(_broken(change))


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_determinize_keeps_every_seats_view(n: int) -> None:
    s = wg.make("winterborne", n, seed=21, options={"mercenary": True, "promo_wylds": True})
    bot = wg.bots.make("random", seed=4)
    rng = random.Random(5)
    checked = 0
    while not s.is_over:
        if len(s.history) % 37 == 0:
            for p in range(n):
                twin = s.determinize(p, rng)
                assert twin.observation(p) == s.observation(p)
                check_components(twin)
            checked += 1
        s.apply(bot.choose(s, s.to_move[0]))
    assert checked >= 3


def test_determinize_resamples_what_is_hidden() -> None:
    s = wg.make("winterborne", 3, seed=2)
    assert isinstance(s, WinterborneState)
    twins = [s.determinize(0, random.Random(k)) for k in range(20)]
    assert all(isinstance(t, WinterborneState) for t in twins)
    # seat 1's hand is hidden from seat 0; the season decks are face down
    assert len({tuple(sorted(t.hand[1])) for t in twins if isinstance(t, WinterborneState)}
               | {tuple(sorted(s.hand[1]))}) > 1
    assert len({tuple(t.season_decks[3]) for t in twins
                if isinstance(t, WinterborneState)}) > 1
    assert all(isinstance(t, WinterborneState) and t.hand[0] == s.hand[0] for t in twins)


@pytest.mark.parametrize("n", [1, 4])
def test_same_seed_and_actions_same_game(n: int) -> None:
    def play(seed: int) -> tuple[object, ...]:
        s = wg.make("winterborne", n, seed=seed)
        bot = wg.bots.make("random", seed=5)
        while not s.is_over:
            s.apply(bot.choose(s, s.to_move[0]))
        return testing.snapshot(s)

    assert play(8) == play(8)
    assert play(8) != play(9)


def test_replaying_the_history_gives_the_same_game() -> None:
    s = wg.make("winterborne", 2, seed=13, options={"mercenary": True})
    bot = wg.bots.make("random", seed=6)
    while not s.is_over:
        s.apply(bot.choose(s, s.to_move[0]))
    again = wg.make("winterborne", 2, seed=13, options={"mercenary": True})
    for player, action in s.history:
        again.apply(action, player)
    assert testing.snapshot(again) == testing.snapshot(s)
    assert again.scores() == s.scores()
