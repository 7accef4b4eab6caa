"""Our games as OpenSpiel games: OpenSpiel's random-simulation checks, in Python.

``pyspiel.random_sim_test`` cannot run Python games with sampled chance (it asks the game
for its RNG state, which pyspiel's Python games cannot provide), so this test plays the
same checks: legal actions sorted, distinct and in range; applying to a clone leaves the
original alone; strings for every seat; simultaneous nodes take one action per seat;
``resample_from_infostate`` keeps the seat's information state; terminal returns are in
range and sum to the utility sum.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

from tests.games.icecool_wizards.helpers import act, after_flick, game, give
from wintergames.rl import openspiel

openspiel.register()


def check_actions(state: pyspiel.State, player: int, size: int) -> list[int]:
    legal = state.legal_actions(player)
    assert legal, f"seat {player} has no legal action at a node it must act at"
    assert legal == sorted(set(legal)) and legal[0] >= 0 and legal[-1] < size
    for action in legal[:5]:
        assert isinstance(state.action_to_string(player, action), str)
    return legal


def random_sim(game: pyspiel.Game, rng: random.Random) -> pyspiel.State:
    state = game.new_initial_state()
    size = game.num_distinct_actions()
    players = game.num_players()
    while not state.is_terminal():
        for p in range(players):
            assert isinstance(state.observation_string(p), str)
            assert isinstance(state.information_state_string(p), str)
        if state.is_simultaneous_node():
            joint = [rng.choice(check_actions(state, p, size)) for p in range(players)]
            state.apply_actions(joint)
            continue
        player = state.current_player()
        assert 0 <= player < players
        legal = check_actions(state, player, size)
        twin = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0., 1.))
        assert twin.information_state_string(player) == state.information_state_string(player)
        assert twin.legal_actions(player) == legal
        before = state.information_state_string(player)
        child = state.clone()
        child.apply_action(rng.choice(legal))
        assert state.information_state_string(player) == before
        # The game goes on from the clone: one move played, not two (an ICECOOL flick is
        # a physics run), and a clone is shown to play on to the end like its original.
        state = child
    assert len(state.history()) <= game.max_game_length()
    returns = state.returns()
    assert all(game.min_utility() <= r <= game.max_utility() for r in returns)
    if players == 1:  # solo: a win or a loss to the game itself (Winterborne's Balaur)
        assert returns in ([0.0], [1.0]) and returns == [float(bool(state.state.winners()))]
    else:
        assert sum(returns) == pytest.approx(game.utility_sum())
    return state


@pytest.mark.parametrize(("name", "players", "sims"), [
    ("wintergames_winter_queen", 2, 3), ("wintergames_winter_queen", 4, 2),
    ("wintergames_snow_time", 3, 3), ("wintergames_snow_time", 2, 2),
    ("wintergames_icecool_wizards", 2, 1),
    ("wintergames_winterborne", 2, 1), ("wintergames_winterborne", 1, 2),
])
def test_random_simulations_pass_openspiel_checks(name: str, players: int, sims: int) -> None:
    for seed in range(sims):
        game = pyspiel.load_game(name, {"players": players, "seed": seed})
        random_sim(game, random.Random(seed))


def test_the_game_types_say_what_each_game_is() -> None:
    sim = pyspiel.load_game("wintergames_snow_time", {"players": 3}).get_type()
    seq = pyspiel.load_game("wintergames_winter_queen", {"players": 2}).get_type()
    assert sim.dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
    assert seq.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    for kind in (sim, seq):
        assert kind.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
        assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION


def test_the_same_seed_and_actions_give_the_same_game() -> None:
    game = pyspiel.load_game("wintergames_winter_queen", {"players": 2, "seed": 5})
    first = random_sim(game, random.Random(1))
    second = random_sim(game, random.Random(1))
    assert first.history() == second.history() and first.returns() == second.returns()


def test_a_solo_game_is_general_sum_and_a_loss_to_the_balaur_returns_nothing() -> None:
    solo = pyspiel.load_game("wintergames_winterborne", {"players": 1, "seed": 3})
    duel = pyspiel.load_game("wintergames_winterborne", {"players": 2, "seed": 3})
    assert solo.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert solo.num_players() == 1 and duel.utility_sum() == 1.0
    state = random_sim(solo, random.Random(3))  # random play never beats the Balaur
    assert state.state.winners() == [] and state.returns() == [0.0]


def test_openspiel_search_bots_play_our_games() -> None:
    game = pyspiel.load_game("wintergames_winter_queen", {"players": 2, "seed": 2})
    state = game.new_initial_state()
    evaluator = mcts.RandomRolloutEvaluator(random_state=np.random.RandomState(1))
    bots = [ismcts.ISMCTSBot(game, evaluator, 1.0, 10, random_state=np.random.RandomState(1)),
            mcts.MCTSBot(game, 1.0, 10, evaluator, random_state=np.random.RandomState(2))]
    for bot in bots:
        action = bot.step(state)
        assert action in state.legal_actions()


def test_icecool_fire_discards_are_a_simultaneous_node() -> None:
    game_type = pyspiel.load_game("wintergames_icecool_wizards", {"players": 3}).get_type()
    assert game_type.dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
    s = game(3, seed=1)
    give(s, 0, "W-fire")
    give(s, 1, "F", "H")
    give(s, 2, "S")
    after_flick(s)
    og = pyspiel.load_game("wintergames_icecool_wizards", {"players": 3, "seed": 1})
    state = openspiel.WintergamesState(og, s)
    assert state.current_player() == 0 and not state.is_simultaneous_node()
    state.apply_action(og.spec.encode(og.spec.parse_action("cast W-fire"), 3))
    assert state.is_simultaneous_node()
    size = og.num_distinct_actions()
    joint = [check_actions(state, p, size)[0] for p in range(3)]
    assert state.legal_actions(0) == [og.noop]  # the caster has nothing to choose
    state.apply_actions(joint)
    assert state.current_player() == 0 and sum(s.lessons_up[1]) + sum(s.lessons_up[2]) == 1
    act(s, "done")


def test_a_process_that_flicked_through_openspiel_exits_cleanly() -> None:
    # Freeing the physics' pymunk objects at interpreter shutdown once called back into
    # pymunk after it was gone: every such process died with a segmentation fault.
    code = (
        "import random, pyspiel\n"
        "from wintergames.rl import openspiel\n"
        "openspiel.register()\n"
        "game = pyspiel.load_game('wintergames_icecool_wizards', {'players': 2, 'seed': 0})\n"
        "state, rng = game.new_initial_state(), random.Random(0)\n"
        "for _ in range(60):\n"
        "    if state.is_simultaneous_node():\n"
        "        state.apply_actions([rng.choice(state.legal_actions(p)) for p in (0, 1)])\n"
        "    else:\n"
        "        state.apply_action(rng.choice(state.legal_actions()))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]


def test_observation_tensors_are_the_games_encodings() -> None:
    from wintergames.core.registry import get_spec
    from wintergames.rl.session import Table

    for game_id in ("winter-queen", "snow-time"):
        game = pyspiel.load_game(openspiel.short_name(game_id), {"players": 3, "seed": 4})
        state = game.new_initial_state()
        table = Table(game_id, 3)
        size = table.size
        assert game.observation_tensor_shape() == [size]
        assert get_spec(game_id).observation_encoding is not None
        for player in range(3):
            tensor = np.asarray(state.observation_tensor(player), np.float32)
            assert np.array_equal(tensor, table.vector(state.state, player))


@pytest.mark.parametrize(("name", "players"), [("wintergames_winterborne", 2),
                                               ("wintergames_snow_time", 3)])
def test_an_information_state_is_the_observation_and_every_log_text_the_seat_may_read(
        name: str, players: int) -> None:
    """The adapter keeps the texts read between calls; the string is still, at every step
    and in every clone, the JSON of the observation and the seat's own reading of the log
    (events visible to one seat only included: Snow Time's hands, Winterborne's draws)."""
    game = pyspiel.load_game(name, {"players": players, "seed": 3})
    state, rng = game.new_initial_state(), random.Random(3)
    for step in range(150):
        if state.is_terminal():
            break
        for p in range(players):
            texts = [e.text for e in state.state.events_for(p)]
            assert state.information_state_string(p) == json.dumps(
                [state.state.observation(p), texts], sort_keys=True)
        if state.is_simultaneous_node():
            state.apply_actions([rng.choice(state.legal_actions(p)) for p in range(players)])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        if step % 5 == 0:
            state = state.clone()  # a clone carries on from what its original had read
