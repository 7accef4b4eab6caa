"""OpenSpiel's ISMCTSBot as an arena entrant: reproducible, checked at the entrance, and
never a change to the game it looks at."""

from __future__ import annotations

import pytest

import wintergames as wg
from wintergames.core.errors import InvalidOptionError
from wintergames.core.testing import snapshot
from wintergames.sim import Plan, play, run_arena
from wintergames.sim.reference import OpenSpielSearch

pytest.importorskip("pyspiel", reason="OpenSpiel is in the dev and bench extras")


def test_openspiel_ismcts_plays_the_same_game_from_the_same_seeds() -> None:
    job = Plan("winter-queen", 2, ("openspiel-ismcts:simulations=8", "greedy"), seed=4).job(1)
    first, second = play(job), play(job)
    assert first.same_game(second)
    assert first.moves[1] > 5  # it played (seat 2 in game 1 after rotation)


def test_its_choice_is_legal_and_leaves_the_state_as_it_was() -> None:
    state = wg.make("winter-queen", 3, seed=5)
    bot = OpenSpielSearch("openspiel-ismcts", seed=1, simulations=6)
    for _ in range(4):
        p = state.to_move[0]
        before = snapshot(state)
        action = bot.choose(state, p)
        assert snapshot(state) == before
        assert action in state.legal_actions(p)
        state.apply(action, p)


@pytest.mark.parametrize(("bots", "game", "message"), [
    (["openspiel-ismcts:simulations=0"], "winter-queen", "simulations is a whole number"),
    (["openspiel-ismcts:depth=3"], "winter-queen", "has no setting 'depth'"),
    (["openspiel-ismcts"], "snow-time", "Snow Time has simultaneous steps"),
])
def test_a_bad_reference_bot_is_refused(bots: list[str], game: str, message: str) -> None:
    with pytest.raises(InvalidOptionError, match=message):
        run_arena(game, 3 if game == "snow-time" else 2, bots, games=1, workers=1)


def test_it_searches_the_game_of_the_states_own_options() -> None:
    """Its searcher's game is loaded with the state's options, not the defaults: a two-
    player Winter Queen with 2-floe stands and the second seat first."""
    state = wg.make("winter-queen", 2, seed=5, options={
        "first_player": "2", "overlay": {"setup.2_players.floes_per_stand": 2}})
    bot = OpenSpielSearch("openspiel-ismcts", seed=1, simulations=4)
    bot.choose(state, state.to_move[0])
    game = bot._searcher(state)[0]
    assert game.options == state.options
