"""PettingZoo's own test suite on every game's environments, and ours beside it."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from itertools import islice
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, parallel_api_test, seed_test, state_test

from tests.tiers import soak_only
from wintergames.core.errors import (
    IllegalActionError,
    InvalidOptionError,
    ReplayError,
    UnknownGameError,
)
from wintergames.core.registry import available_games
from wintergames.rl import pettingzoo as wz

GAMES = [s.id for s in available_games()]
# Player counts that meet a game's every kind of step: Snow Time's, ICE's and ICECOOL's
# simultaneous choices (a lone Fire discard resolves at once: ICECOOL needs 3), Snow Time's
# two colours per seat with 2 players, Winterborne alone against the Balaur too.
COUNTS = {"winterborne": (1, 2), "snow-time": (2, 3), "ice": (2,), "icecool-wizards": (2, 3)}
CASES = [(g, n) for g in GAMES for n in COUNTS.get(g, (2,))]
# What PettingZoo's api_test says of every environment whose observation is a dict with
# an action mask (its own chess_v6 included): facts of that format, not faults.
DICT_OBSERVATION = ("Observation space for each agent probably should be",
                    "Observation is not a NumPy array")


@pytest.fixture
def strict_warnings() -> Iterator[None]:
    """Any warning but the two above fails the test."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        yield
    unexpected = [str(w.message) for w in caught
                  if not str(w.message).startswith(DICT_OBSERVATION)]
    assert not unexpected, unexpected


def test_every_game_has_its_environments() -> None:
    assert sorted(wz.environments().values()) == sorted(GAMES)


# PettingZoo's own checkers play num_cycles steps: the fast tier's 400 see each game's
# opening and several of its turns, the soak's 3000 whole games and their ends.
CYCLES = [400, *soak_only(3000)]


@pytest.mark.parametrize("cycles", CYCLES)
@pytest.mark.parametrize(("game", "n"), CASES)
def test_pettingzoo_api_test(game: str, n: int, cycles: int, strict_warnings: None) -> None:
    api_test(wz.env(game, num_players=n, seed=1), num_cycles=cycles)


@pytest.mark.parametrize("cycles", CYCLES)
@pytest.mark.parametrize(("game", "n"), CASES)
def test_pettingzoo_parallel_api_test(game: str, n: int, cycles: int,
                                      strict_warnings: None) -> None:
    parallel_api_test(wz.parallel_env(game, num_players=n, seed=1), num_cycles=cycles)


@pytest.mark.parametrize(("game", "n"), CASES)
def test_pettingzoo_seed_test(game: str, n: int) -> None:
    seed_test(lambda: wz.env(game, num_players=n), num_cycles=100)


def _masked_run(env: wz.WintergamesParallel, seed: int) -> Iterator[Any]:
    """A seeded masked random run of a parallel environment, yielding all it returns."""
    rng = np.random.default_rng(seed)
    obs, infos = env.reset(seed=seed)
    yield obs, infos
    while env.agents:
        actions = {a: int(rng.choice(np.flatnonzero(obs[a]["action_mask"]))) for a in env.agents}
        out = env.step(actions)
        obs = out[0]
        yield out


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, tuple | list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, np.ndarray):
        return a.dtype == b.dtype and np.array_equal(a, b)
    return bool(a == b)


@pytest.mark.parametrize(("game", "n"), CASES)
def test_parallel_runs_repeat_from_a_seed(game: str, n: int) -> None:
    # PettingZoo's parallel_seed_test samples without the mask, which a board game
    # refuses: this is that test with the mask.
    first = list(_masked_run(wz.parallel_env(game, num_players=n), 7))
    second = list(_masked_run(wz.parallel_env(game, num_players=n), 7))
    assert len(first) == len(second) > 2
    assert all(_same(a, b) for a, b in zip(first, second, strict=True))
    # another seed, another game: its first steps already differ (no need to play it out)
    other = list(islice(_masked_run(wz.parallel_env(game, num_players=n), 8), 20))
    assert not all(_same(a, b) for a, b in zip(first, other, strict=False))


def test_a_parallel_step_takes_every_seat_that_owes_a_choice() -> None:
    env = wz.parallel_env("snow-time", num_players=3, seed=2)
    obs, _ = env.reset(seed=2)
    owing = [a for a in env.agents if obs[a]["action_mask"][env.wait] == 0]
    assert len(owing) == 3, "Snow Time opens with every seat choosing a card at once"
    choice = {a: int(np.flatnonzero(obs[a]["action_mask"])[0]) for a in env.agents}
    before = env.game_state.to_json()
    # In either mode: a missing seat is malformed input, not a move that loses.
    for mode in ("lose", "raise"):
        env.illegal_action = mode
        with pytest.raises(IllegalActionError, match="no action for player_2: it owes a "
                                                     "decision at this step"):
            env.step(dict(list(choice.items())[:2]))
        with pytest.raises(IllegalActionError, match="no action for player_0, player_2: "
                                                     "they owe"):
            env.step({"player_1": choice["player_1"]})
        assert env.game_state.to_json() == before and env.agents == env.possible_agents
    env.step(choice)
    assert env.steps == 1 and env.game_state.to_json() != before


def test_a_seat_that_owes_nothing_can_only_wait() -> None:
    env = wz.parallel_env("winter-queen", num_players=2, seed=3, illegal_action="raise")
    obs, _ = env.reset(seed=3)
    mover = wz.agent_name(env.game_state.to_move[0])
    idle = next(a for a in env.agents if a != mover)
    assert obs[idle]["action_mask"].tolist() == [0] * env.wait + [1]
    move = int(np.flatnonzero(obs[mover]["action_mask"])[0])
    with pytest.raises(IllegalActionError, match=r"only action is \d+ \(wait\)"):
        env.step({mover: move, idle: move})
    with pytest.raises(IllegalActionError, match="cannot wait"):
        env.step({mover: env.wait, idle: env.wait})
    env.step({mover: move, idle: env.wait})
    assert env.steps == 1


def test_max_cycles_truncates_both_environments() -> None:
    # PettingZoo's max_cycles_test assumes every agent acts in every cycle with any action
    # of its space; in a board game a seat waits for its turn and most actions are illegal
    # (docs/rl.md). Here the limit itself: that many steps, then everyone is truncated.
    aec = wz.env("winter-queen", num_players=2, seed=4, max_cycles=5)
    seen = 0
    for _agent in aec.agent_iter():
        obs, _, terminated, truncated, _ = aec.last()
        if terminated or truncated:
            assert truncated and not terminated
            aec.step(None)
            continue
        seen += 1
        aec.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert seen == 5 and aec.agents == []
    par = wz.parallel_env("winter-queen", num_players=2, seed=4, max_cycles=5)
    obs, _ = par.reset(seed=4)
    steps = 0
    while par.agents:
        obs, _, terms, truncs, _ = par.step(
            {a: int(np.flatnonzero(obs[a]["action_mask"])[0]) for a in par.agents})
        steps += 1
    assert steps == 5 and all(truncs.values()) and not any(terms.values())


def test_versioned_names_are_modules_like_pettingzoos() -> None:
    from wintergames.rl.pettingzoo import snow_time_v1, winter_queen_v1

    env = winter_queen_v1.env(num_players=3)
    assert env.metadata["name"] == "winter_queen_v1" and len(env.possible_agents) == 3
    assert snow_time_v1.parallel_env(num_players=2).metadata["name"] == "snow_time_v1"
    with pytest.raises(AttributeError, match="chess_v6"):
        wz.__getattr__("chess_v6")


@pytest.mark.parametrize(("kwargs", "error", "words"), [
    ({"num_players": 9}, InvalidOptionError, "played by 2 to 4 players"),
    ({"options": {"colour": "red"}}, InvalidOptionError, "has no option"),
    ({"reward": "elo"}, InvalidOptionError, "reward cannot be 'elo'; allowed: win, score"),
    ({"illegal_action": "ignore"}, InvalidOptionError, "allowed: lose, raise"),
    ({"render_mode": "rgb_array"}, InvalidOptionError, "allowed: ansi, human"),
    ({"max_cycles": 0}, InvalidOptionError, "at least 1"),
    ({"max_cycles": True}, InvalidOptionError, "at least 1"),
])
def test_bad_settings_are_refused_by_name(kwargs: dict[str, Any], error: type[Exception],
                                          words: str) -> None:
    with pytest.raises(error, match=words):
        wz.env("winter-queen", **kwargs)
    with pytest.raises(error, match=words):
        wz.parallel_env("winter-queen", **kwargs)


def test_an_unknown_game_is_refused() -> None:
    with pytest.raises(UnknownGameError):
        wz.env("summer-queen")


def test_render_gives_the_text_view() -> None:
    env = wz.env("winter-queen", num_players=2, seed=5, render_mode="ansi")
    text = env.render()
    assert isinstance(text, str) and "stand" in text.lower()
    quiet = wz.env("winter-queen", num_players=2, seed=5)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert quiet.render() is None
    assert any("render_mode" in str(w.message) for w in caught)


def test_unseeded_resets_follow_the_last_seed() -> None:
    a, b = wz.env("winter-queen", num_players=2), wz.env("winter-queen", num_players=2)
    a.reset(seed=11)
    b.reset(seed=11)
    a.reset()
    b.reset()
    assert a.game_state.to_json() == b.game_state.to_json()
    other = wz.env("winter-queen", num_players=2, seed=11)
    assert other.game_state.to_json() != a.game_state.to_json()


def test_the_environments_seed_deals_the_first_episode() -> None:
    import wintergames as wg

    game = wg.make("winter-queen", 2, seed=9).to_json()
    for made in (wz.env("winter-queen", num_players=2, seed=9),
                 wz.parallel_env("winter-queen", num_players=2, seed=9)):
        made.reset()
        assert made.game_state.to_json() == game
        made.reset()
        assert made.game_state.to_json() != game


def test_malformed_actions_raise_in_every_mode_and_numpy_scalars_are_actions() -> None:
    for mode in ("lose", "raise"):
        env = wz.env("winter-queen", num_players=2, seed=1, illegal_action=mode)
        legal = int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0])
        for bad in (True, np.bool_(False), 10**9, -1, 2.5, "3", np.array([legal])):
            with pytest.raises(IllegalActionError, match="whole numbers"):
                env.step(bad)
        assert not any(env.terminations.values())
        env.step(np.array(legal))  # what a policy's predict() returns for one observation
        assert env.steps == 1
    par = wz.parallel_env("winter-queen", num_players=2, seed=1)
    obs, _ = par.reset(seed=1)
    with pytest.raises(IllegalActionError, match="whole numbers"):
        par.step({a: True for a in par.agents})
    par.step({a: np.int64(np.flatnonzero(obs[a]["action_mask"])[0]) for a in par.agents})
    assert par.steps == 1


def test_a_finished_parallel_episode_says_so() -> None:
    par = wz.parallel_env("winter-queen", num_players=2, seed=1, max_cycles=1)
    obs, _ = par.reset(seed=1)
    par.step({a: int(np.flatnonzero(obs[a]["action_mask"])[0]) for a in par.agents})
    with pytest.raises(IllegalActionError, match="call reset"):
        par.step({})


@pytest.mark.parametrize(("game", "n"), [("winter-queen", 3), ("winterborne", 1)])
def test_state_is_pettingzoos_global_state(game: str, n: int) -> None:
    aec, par = wz.env(game, num_players=n, seed=2), wz.parallel_env(game, num_players=n, seed=2)
    with warnings.catch_warnings():
        # its own state_test steps with unmasked random actions: the first illegal one ends
        # the episode, with our warning
        warnings.filterwarnings("ignore", message=".*illegal action")
        state_test(aec, par, num_cycles=20)
    aec.reset(seed=2)
    whole = aec.state()
    assert whole.dtype == np.float32 and aec.state_space.contains(whole)
    seats = [aec.observe(a)["observation"] for a in aec.possible_agents]
    assert np.array_equal(whole, np.concatenate(seats))
    assert aec.game_state.to_move  # the game itself, under its own name


def test_a_snapshot_is_restored_only_into_its_kind_game_and_table() -> None:
    aec = wz.env("winter-queen", num_players=2, seed=1)
    par = wz.parallel_env("winter-queen", num_players=2, seed=1)
    with pytest.raises(ReplayError, match="of a PettingZoo parallel environment; this one is "
                                          "a PettingZoo AEC environment"):
        aec.restore(par.snapshot())
    with pytest.raises(ReplayError, match=r"of Snow Time \(snow-time\); this environment "
                                          r"plays Winter Queen"):
        par.restore(wz.parallel_env("snow-time", num_players=2, seed=1).snapshot())
    with pytest.raises(ReplayError, match="3-player game"):
        aec.restore(wz.env("winter-queen", num_players=3, seed=1).snapshot())
    other = wz.env("winter-queen", num_players=2, seed=1, options={"first_player": "2"})
    with pytest.raises(ReplayError, match="other options: first_player: '2' in the snapshot, "
                                          "'random' here"):
        aec.restore(other.snapshot())


def test_a_parallel_restore_returns_observations_as_reset_does() -> None:
    par = wz.parallel_env("snow-time", num_players=3, seed=5)
    obs, infos = par.reset(seed=5)
    snap = par.snapshot()
    par.step({a: int(np.flatnonzero(obs[a]["action_mask"])[0]) for a in par.agents})
    back, back_infos = par.restore(snap)
    assert _same(back, obs) and back_infos == infos
