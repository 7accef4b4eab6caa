"""Greedy, ISMCTS and the flick planner: legal, seeded, blind to what they cannot see."""

from __future__ import annotations

import random
from typing import Any

import pytest

import wintergames as wg
from wintergames.bots import IsmctsBot
from wintergames.cli.seats import parse_seats
from wintergames.core.testing import snapshot

GAMES = [("winter-queen", 2), ("winter-queen", 4), ("snow-time", 3), ("snow-time", 5),
         ("snow-time", 2), ("icecool-wizards", 2), ("winterborne", 2), ("winterborne", 1)]
CHEAP = {"greedy": {}, "ismcts": {"iterations": 25}, "flick": {"proposals": 6}}


def positions(game: str, players: int, count: int, seed: int = 1) -> list[wg.State]:
    """Positions met in a seeded random game, at every few steps."""
    state = wg.make(game, players, seed=seed)
    rng = random.Random(seed)
    found: list[wg.State] = []
    step = 0
    while not state.is_over and len(found) < count:
        if step % 5 == 2:
            found.append(state.clone())
        p = state.to_move[-1]
        state.apply(rng.choice(state.legal_actions(p)), p)
        step += 1
    return found


@pytest.mark.parametrize(("game", "players"), GAMES)
@pytest.mark.parametrize("kind", sorted(CHEAP))
def test_a_bot_plays_a_legal_action_and_the_same_one_from_the_same_seed(
        game: str, players: int, kind: str) -> None:
    for state in positions(game, players, 4):
        p = state.to_move[0]
        before = snapshot(state)
        first = wg.bots.make(kind, seed=5, **CHEAP[kind]).choose(state, p)
        again = wg.bots.make(kind, seed=5, **CHEAP[kind]).choose(state, p)
        assert first == again
        assert snapshot(state) == before  # thinking never changes the real state
        state.clone().apply(first, p)  # legal: raises otherwise (any flick in range is)


@pytest.mark.parametrize(("game", "players"), GAMES)
@pytest.mark.parametrize("kind", sorted(CHEAP))
def test_a_bot_choice_ignores_what_its_seat_cannot_see(game: str, players: int,
                                                       kind: str) -> None:
    """The twin differs only in hidden parts (deck and stack order, others' hidden
    choices, the coming draws): the seat's bot must choose the same."""
    differed = 0
    for k, state in enumerate(positions(game, players, 5)):
        for p in state.to_move:
            twin = state.determinize(p, random.Random(100 + k))
            differed += snapshot(twin) != snapshot(state)
            mine = wg.bots.make(kind, seed=11, **CHEAP[kind]).choose(state, p)
            assert wg.bots.make(kind, seed=11, **CHEAP[kind]).choose(twin, p) == mine
    assert differed  # the twins really hid something different


def test_at_a_simultaneous_step_search_never_reads_the_others_hidden_choices() -> None:
    fresh = wg.make("snow-time", 3, seed=4)
    choices = set()
    for blue in fresh.legal_actions(1)[:4]:  # blue and green choose first, hidden
        for green in fresh.legal_actions(2)[:4]:
            other = wg.make("snow-time", 3, seed=4)
            other.apply(blue, 1)
            other.apply(green, 2)
            choices.add(wg.bots.make("ismcts", seed=3, iterations=60).choose(other, 0))
    assert len(choices) == 1


def test_greedy_takes_the_best_immediate_score_in_winter_queen() -> None:
    """Against random play greedy wins every one of these seeded games."""
    wins = 0
    for seed in range(6):
        state = wg.make("winter-queen", 2, seed=seed)
        bots = [wg.bots.make("greedy", seed=seed), wg.bots.make("random", seed=seed)]
        if seed % 2:
            bots.reverse()
        while not state.is_over:
            p = state.to_move[0]
            state.apply(bots[p].choose(state, p), p)
        wins += (seed % 2) in state.winners()
    assert wins == 6


def test_ismcts_spends_a_seconds_budget_and_reports_its_iterations() -> None:
    state = positions("winter-queen", 2, 1)[0]
    bot = wg.bots.make("ismcts", seed=1, seconds=0.5)  # one game fits, even when loaded
    assert isinstance(bot, IsmctsBot)
    assert bot.choose(state, state.to_move[0]) in state.legal_actions(state.to_move[0])
    assert bot.last_iterations > 0


@pytest.mark.parametrize(("settings", "message"), [
    ({"iterations": 0}, "iterations is a whole number"),
    ({"seconds": -1}, "seconds is a number from 0.001 to 60, or none; not -1"),
    ({"rollout": "smart"}, "rollout is 'random' or 'heuristic'"),
    ({"depth": -2}, "depth is a whole number"),
    ({"depth": True}, "depth is a whole number"),
    ({"c": -0.1}, "c is a number from 0 to 10; not -0.1"),
    ({"c": "wide"}, "c is a number from 0 to 10; not 'wide'"),
    ({"proposals": 0}, "proposals is a whole number from 1 to 64"),
    ({"speed": 3}, "bot 'ismcts' has no setting 'speed'; "
                   "settings: c, depth, iterations, proposals, rollout, seconds$"),
])
def test_bad_ismcts_settings_are_refused_with_what_is_allowed(settings: dict[str, Any],
                                                               message: str) -> None:
    with pytest.raises(wg.InvalidOptionError, match=message):
        wg.bots.make("ismcts", **settings)


def test_the_players_option_takes_bot_settings() -> None:
    seats = parse_seats("human,ismcts:iterations=2000;depth=none,greedy", 1,
                        wg.get_spec("winter-queen"))
    assert [s.kind for s in seats] == ["human", "ismcts", "greedy"]
    bot = seats[1].bot
    assert bot is not None and bot.iterations == 2000 and bot.depth is None  # type: ignore[attr-defined]


def test_greedy_judges_every_candidate_against_the_same_guess_of_the_others_choices(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # The first seat to choose at a simultaneous step must guess the others' hidden cards.
    # Each candidate meets the same guess in a world (common random numbers), as the last
    # seat's candidates meet the choices already in its world: a fresh guess per candidate
    # would judge candidates on different draws.
    from wintergames.bots.greedy import GreedyBot

    state = wg.make("snow-time", 3, seed=4)
    assert state.simultaneous and state.to_move == (0, 1, 2)
    guesses: list[tuple[str, ...]] = []
    real = GreedyBot._others_choose

    def recorded(world: wg.State, player: int, rng: random.Random) -> None:
        before = len(world.log)
        real(world, player, rng)
        # "Revealed: Player 1 (red) 2, Player 2 (blue) 3, ...": the others' cards
        revealed = [e.text for e in world.log[before:] if e.text.startswith("Revealed: ")]
        assert len(revealed) == 1
        guesses.append(tuple(part for part in revealed[0][10:].split(", ")
                             if not part.startswith("Player 1 ")))

    monkeypatch.setattr(GreedyBot, "_others_choose", staticmethod(recorded))
    bot = GreedyBot(seed=3, samples=1)
    bot.choose(state, 0)
    assert len(guesses) == len(state.legal_actions(0)) > 1
    assert len(set(guesses)) == 1, guesses


def test_at_its_deadline_the_ranking_puts_the_actions_not_yet_valued_after_the_valued_ones(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # A deadline met part-way (a slow machine reached it by chance only): the actions
    # valued so far come first, the rest follow in the order they were offered.
    state = positions("winter-queen", 2, 1)[0]
    player = state.to_move[-1]
    legal = state.legal_actions(player)
    assert len(legal) > 2
    bot = IsmctsBot(seed=1)
    checks = iter([False, False, False])  # on entry, then before the first two actions
    monkeypatch.setattr(bot, "expired", lambda deadline: next(checks, True))
    ranked = bot._ranked(wg.get_spec("winter-queen"), state, player, legal, deadline=0.0)
    assert sorted(ranked[:2], key=legal.index) == legal[:2]
    assert ranked[2:] == legal[2:]
    assert repr(bot) == "<IsmctsBot ismcts>"
