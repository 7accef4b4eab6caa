"""Our games as OpenSpiel games.

OpenSpiel's own checks (``pyspiel.random_sim_test``, with serialization) run on every
game. Beside them, in Python, what they do not check: ``resample_from_infostate`` keeps
the seat's information state; a clone is independent; the returns pay the winners. Then
the deals (a new game per initial state, the same sequence from the same seed), the
parameters (every option of the game, refusals naming what is allowed) and
serialization in the middle of a game.
"""

from __future__ import annotations

import json
import pickle
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python import rl_environment
from open_spiel.python.algorithms import ismcts, mcts

from tests.games.icecool_wizards.helpers import act, after_flick, game, give
from wintergames.core.errors import InvalidOptionError
from wintergames.core.registry import available_games, get_spec, make
from wintergames.rl import openspiel
from wintergames.rl import pettingzoo as wz

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
        winners = state.state.winners()
        assert returns == [1 / len(winners) if p in winners else 0.0 for p in range(players)]
        assert sum(returns) == pytest.approx(1.0)
    return state


def play(state: pyspiel.State, steps: int, rng: random.Random) -> pyspiel.State:
    """``steps`` random moves (or to the end), simultaneous nodes included."""
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_simultaneous_node():
            state.apply_actions([rng.choice(state.legal_actions(p))
                                 for p in range(state.num_players())])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def dumped(state: pyspiel.State) -> str:
    """The whole truth of the state a pyspiel state plays (seed and RNG included)."""
    return json.dumps(state.state.to_json(), sort_keys=True)


# -- OpenSpiel's own checks ------------------------------------------------------------------


@pytest.mark.parametrize(("game_id", "players"), [
    ("ice", 2), ("icecool-wizards", 2), ("snow-time", 3), ("winter-queen", 3),
    ("winterborne", 2),
])
def test_pyspiel_random_sim_test_passes_with_serialization(game_id: str, players: int) -> None:
    """OpenSpiel's C++ checks: clones equal their originals, legal actions sorted and
    masked, observations for every seat, returns within bounds and summing as the type
    says, and ``serialize_game_and_state`` round trips at steps 0-9 and every power of 2."""
    game = pyspiel.load_game(openspiel.short_name(game_id), {"players": players, "seed": 2})
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize(("name", "players", "sims"), [
    ("wintergames_winter_queen", 2, 2), ("wintergames_winter_queen", 4, 1),
    ("wintergames_snow_time", 3, 2), ("wintergames_snow_time", 2, 1),
    ("wintergames_winterborne", 1, 1),
])
def test_random_simulations_resample_and_clone_as_openspiel_expects(
        name: str, players: int, sims: int) -> None:
    for seed in range(sims):
        game = pyspiel.load_game(name, {"players": players, "seed": seed})
        random_sim(game, random.Random(seed))


def test_the_game_types_say_what_each_game_is() -> None:
    sim = pyspiel.load_game("wintergames_snow_time", {"players": 3}).get_type()
    seq = pyspiel.load_game("wintergames_winter_queen", {"players": 2}).get_type()
    assert sim.dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
    assert seq.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    for kind in (sim, seq):
        # No chance nodes: a game's chance is its state's own RNG, hidden from the seats.
        assert kind.chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
        assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION


def test_a_clone_keeps_the_history_and_applying_an_action_to_a_state_is_a_function() -> None:
    game = pyspiel.load_game("wintergames_snow_time", {"players": 3, "seed": 5})
    state = play(game.new_initial_state(), 12, random.Random(5))
    twin = state.clone()
    assert twin.history() == state.history() and len(state.history()) > 12
    assert dumped(twin) == dumped(state)
    play(twin, 8, random.Random(1))
    assert dumped(twin) != dumped(state)  # the clone went on alone
    again = play(state.clone(), 8, random.Random(1))
    assert dumped(again) == dumped(twin)  # same state, same actions: the same game


def test_a_solo_game_is_general_sum_and_a_loss_to_the_balaur_returns_nothing() -> None:
    solo = pyspiel.load_game("wintergames_winterborne", {"players": 1, "seed": 3})
    duel = pyspiel.load_game("wintergames_winterborne", {"players": 2, "seed": 3})
    for each in (solo, duel):  # the type is the game's, whatever the player count
        assert each.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert solo.num_players() == 1
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


# -- deals -----------------------------------------------------------------------------------


def test_each_initial_state_deals_a_new_game_and_a_seed_repeats_the_sequence() -> None:
    def deals(seed: int) -> list[str]:
        game = pyspiel.load_game("wintergames_snow_time", {"players": 2, "seed": seed})
        return [dumped(game.new_initial_state()) for _ in range(5)]

    first = deals(5)
    assert len(set(first)) == 5
    assert deals(5) == first
    assert deals(6)[0] != first[0]
    # The games PettingZoo's environment of that seed deals, episode after episode: the
    # game of seed 5 itself (``wintergames play --seed 5``), then seeds drawn from 5.
    env = wz.env("snow-time", num_players=2, seed=5)
    episodes = []
    for _ in range(5):
        env.reset()
        episodes.append(json.dumps(env.game_state.to_json(), sort_keys=True))
    assert episodes == first
    assert first[0] == json.dumps(make("snow-time", 2, seed=5).to_json(), sort_keys=True)


def test_rl_environment_plays_a_new_deal_every_episode() -> None:
    game = pyspiel.load_game("wintergames_snow_time", {"players": 3, "seed": 7})
    env = rl_environment.Environment(game)
    rng = np.random.default_rng(0)
    deals, rewards = set(), []
    for _ in range(5):
        time_step = env.reset()
        deals.add(dumped(env.get_state))
        while not time_step.last():
            legal = time_step.observations["legal_actions"]
            # A seat with nothing to choose (the others' turn) may send any action.
            time_step = env.step([int(rng.choice(ok)) if ok else 0 for ok in legal])
        rewards.append(time_step.rewards)
    assert len(deals) == 5
    assert all(sum(r) == pytest.approx(1.0) for r in rewards)


def test_the_docs_example_plays_episodes_with_rl_environment(
        capsys: pytest.CaptureFixture[str]) -> None:
    text = (Path(__file__).resolve().parents[2] / "docs" / "rl.md").read_text(encoding="utf-8")
    start = text.index("```python", text.index("<!-- example:openspiel -->")) + len("```python")
    namespace: dict[str, Any] = {}
    exec(text[start:text.index("```", start)], namespace)
    printed = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in printed] == ["0", "1", "2"]
    assert sum(namespace["time_step"].rewards) == pytest.approx(1.0)


def test_a_simultaneous_game_converted_to_turn_based_passes_openspiels_checks() -> None:
    game = pyspiel.load_game("wintergames_snow_time", {"players": 3, "seed": 1})
    turns = pyspiel.convert_to_turn_based(game)
    assert turns.get_type().dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    pyspiel.random_sim_test(turns, num_sims=1, serialize=False, verbose=False)


def test_clones_made_by_openspiel_take_no_game_from_the_sequence() -> None:
    """pyspiel's C++ clone starts every copy as a new initial state: it must neither deal
    a game of its own nor move the sequence on."""
    game = pyspiel.load_game("wintergames_winter_queen", {"players": 2, "seed": 4})
    fresh = game.new_initial_state()
    copies = [fresh.clone(), fresh.child(fresh.legal_actions()[0]), fresh.clone()]
    assert all(dumped(c) == dumped(fresh) for c in copies[::2])
    assert copies[1].history() == [fresh.legal_actions()[0]]
    unused = game.new_initial_state()
    unused.clone()  # a copy of a state not yet dealt deals it, once, for both
    second = dumped(unused)
    expected = [json.dumps(make("winter-queen", 2, seed=seed).to_json(), sort_keys=True)
                for seed in (4, random.Random(4).getrandbits(63))]
    assert [dumped(fresh), second] == expected


def test_the_rng_state_saves_and_restores_where_the_deals_stand() -> None:
    game = pyspiel.load_game("wintergames_ice", {"players": 2, "seed": 9})
    for _ in range(3):
        dumped(game.new_initial_state())
    saved = game.get_rng_state()
    ahead = [dumped(game.new_initial_state()) for _ in range(2)]
    other = pyspiel.load_game("wintergames_ice", {"players": 2, "seed": 9})
    other.set_rng_state(saved)
    assert [dumped(other.new_initial_state()) for _ in range(2)] == ahead
    copy = pickle.loads(pickle.dumps(game))  # a pickled game deals on where it was
    assert dumped(copy.new_initial_state()) == dumped(game.new_initial_state())
    with pytest.raises(InvalidOptionError, match="number of games dealt"):
        game.set_rng_state("-1")


# -- parameters ------------------------------------------------------------------------------


def test_every_option_is_a_parameter_with_its_default_and_type() -> None:
    for spec in available_games():
        declared = pyspiel.load_game(openspiel.short_name(spec.id)).get_type() \
            .parameter_specification
        assert set(declared) == {"players", "seed", "overlay", *(o.name for o in spec.options)}
        for option in spec.options:
            value = declared[option.name]
            if option.default == "random" and option.name == "first_player":
                assert value == -1  # seat numbers are whole numbers; random is -1
            else:
                assert value == option.default and type(value) is option.kind


def test_an_unknown_parameter_is_refused_naming_the_known_ones() -> None:
    with pytest.raises(pyspiel.SpielError) as refused:
        pyspiel.load_game("wintergames_winterborne", {"bannerz": "random"})
    assert "Unknown parameter 'bannerz'" in str(refused.value)
    assert "banners, difficulty, first_player, mercenary, overlay, players, promo_wylds, " \
           "round_power, seed" in str(refused.value)
    spec = get_spec("winterborne")
    with pytest.raises(InvalidOptionError, match="no parameter 'bannerz'; parameters: banners"):
        openspiel.WintergamesGame(spec, {"bannerz": "random"})  # as a pickled game is rebuilt


def test_a_value_the_rules_refuse_is_refused_naming_what_is_allowed() -> None:
    with pytest.raises(InvalidOptionError, match="option 'difficulty' cannot be 'brutal'; "
                                                 "allowed: 'easy', 'medium', 'hard'"):
        pyspiel.load_game("wintergames_winterborne", {"difficulty": "brutal"})
    with pytest.raises(InvalidOptionError, match="'first_player' is a seat number from 1, "
                                                 "or -1 for random; not 0"):
        pyspiel.load_game("wintergames_winter_queen", {"first_player": 0})
    with pytest.raises(InvalidOptionError, match="cannot be '3' with 2 players"):
        pyspiel.load_game("wintergames_winter_queen", {"first_player": 3})


def test_parameters_reach_the_game_in_both_forms_and_survive_the_game_string() -> None:
    by_dict = pyspiel.load_game("wintergames_winterborne", {
        "players": 3, "first_player": 2, "banners": "horn+mask+bag", "mercenary": True})
    by_text = pyspiel.load_game(
        "wintergames_winterborne(players=3,first_player=2,banners=horn+mask+bag,mercenary=True)")
    for loaded in (by_dict, by_text):
        state = loaded.new_initial_state().state
        assert state.options["banners"] == "horn+mask+bag" and state.options["mercenary"]
        assert state.options["first_player"] == "2"
        assert loaded.new_initial_state().current_player() == 1  # Player 2 is seat 1
    assert str(by_dict) == str(by_text)


def as_parameter(option: Any, value: Any) -> Any:
    """An option's value as its parameter: a seat number as a whole number and its
    ``random`` as -1; any other value as it is."""
    numbers = [c for c in option.choices or () if c != "random"]
    if numbers and all(isinstance(c, str) and c.isdigit() for c in numbers):
        return -1 if value == "random" else int(value)
    return value


@pytest.mark.parametrize("spec", available_games(), ids=lambda s: s.id)
def test_every_allowed_option_value_survives_serialization(spec: Any) -> None:
    """A game string reads ``2`` back as a number and ``true`` as a switch: every value of
    every option, as a parameter, comes back from ``serialize_game_and_state`` as it was."""
    players = max(2, spec.min_players)
    name = openspiel.short_name(spec.id)
    for option in spec.options:
        for value in option.allowed(players) or (False, True):
            game = pyspiel.load_game(name, {"players": players,
                                            option.name: as_parameter(option, value)})
            text = pyspiel.serialize_game_and_state(game, game.new_initial_state())
            back, _ = pyspiel.deserialize_game_and_state(text)
            assert back.options == game.options and str(back) == str(game)


def test_an_overlay_is_toml_text_or_a_toml_files_path(tmp_path: Path) -> None:
    def finish(params: dict[str, Any]) -> int:
        game = pyspiel.load_game("wintergames_snow_time", {"players": 2, **params})
        observed = json.loads(str(game.new_initial_state()))
        return int(observed["track"]["finish"])

    path = tmp_path / "short.toml"
    path.write_text("[track]\nfinish = 20\n", encoding="utf-8")
    assert finish({}) == 30
    assert finish({"overlay": "track.finish = 20"}) == 20
    assert finish({"overlay": str(path)}) == 20
    game = pyspiel.load_game("wintergames_snow_time", {"overlay": str(path)})
    back, _ = pyspiel.deserialize_game_and_state(
        pyspiel.serialize_game_and_state(game, game.new_initial_state()))
    assert back.options["overlay"] == {"track.finish": 20}
    with pytest.raises(InvalidOptionError, match=r"has no key 'track\.finnish'"):
        pyspiel.load_game("wintergames_snow_time", {"overlay": "track.finnish = 20"})
    with pytest.raises(InvalidOptionError, match="cannot read the overlay"):
        pyspiel.load_game("wintergames_snow_time", {"overlay": str(tmp_path / "none.toml")})
    with pytest.raises(InvalidOptionError, match="read as TOML text, and it is not TOML"):
        pyspiel.load_game("wintergames_snow_time", {"overlay": "track.finish = = 3"})


# -- serialization ---------------------------------------------------------------------------


@pytest.mark.parametrize(("game_id", "players", "steps"), [
    ("winter-queen", 3, 25), ("snow-time", 3, 8), ("winterborne", 2, 200), ("ice", 2, 60),
])
def test_a_game_and_state_serialized_mid_game_play_on_exactly_as_the_original(
        game_id: str, players: int, steps: int) -> None:
    game = pyspiel.load_game(openspiel.short_name(game_id), {"players": players, "seed": 8})
    state = play(game.new_initial_state(), steps, random.Random(8))
    for p in range(players):
        state.information_state_string(p)  # the texts each seat has read travel too
    assert not state.is_terminal()
    back_game, back = pyspiel.deserialize_game_and_state(
        pyspiel.serialize_game_and_state(game, state))
    assert str(back_game) == str(game) and back.history() == state.history()
    assert dumped(back) == dumped(state)
    assert all(back.information_state_string(p) == state.information_state_string(p)
               for p in range(players))
    # the same actions from both: the same draws from the same RNG, the same game
    play(state, 40, random.Random(1))
    play(back, 40, random.Random(1))
    assert dumped(back) == dumped(state) and back.history() == state.history()


# -- observations and simultaneous steps -----------------------------------------------------


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


def test_observation_tensors_and_actions_follow_the_games_options() -> None:
    """ICE's encoding has the Curse's fields only when it is played: the adapter sizes
    and fills the tensor with the game's options, not the defaults."""
    from wintergames.rl.session import Table

    options = {"curse": "on"}
    game = pyspiel.load_game("wintergames_ice", {"players": 2, **options})
    table = Table("ice", 2, options)
    assert table.size != Table("ice", 2).size
    assert game.observation_tensor_shape() == [table.size]
    state = play(game.new_initial_state(), 30, random.Random(2))
    for player in range(2):
        tensor = np.asarray(state.observation_tensor(player), np.float32)
        assert np.array_equal(tensor, table.vector(state.state, player))
    assert game.num_distinct_actions() == table.num_actions + 1  # and the noop


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


@pytest.mark.parametrize(("game_id", "players", "options"), [
    ("winter-queen", 3, {"first_player": "2", "overlay": {"stand_emptied.vp": 3}}),
    ("ice", 2, {"curse": "on"}),
    ("snow-time", 3, {"overlay": {"fruit.die_levels": [6, 6, 6, 6, 6, 6]}}),
])
def test_a_states_options_load_the_same_game_as_parameters(
        game_id: str, players: int, options: dict[str, Any]) -> None:
    """``game_parameters`` is ``_options``' inverse: what the reference bot loads its
    searcher's game with (it used the default options, whatever the state's)."""
    state = make(game_id, players, 4, options)
    params = openspiel.game_parameters(get_spec(game_id), players, state.options)
    game = pyspiel.load_game(openspiel.short_name(game_id), params)
    assert game.options == state.options
