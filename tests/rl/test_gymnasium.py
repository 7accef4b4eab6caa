"""Gymnasium's own checker on every game's single-agent environment, and ours beside it."""

from __future__ import annotations

import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import wintergames as wg
from wintergames.bots import RandomBot
from wintergames.core.errors import IllegalActionError, InvalidOptionError, ReplayError
from wintergames.core.registry import available_games
from wintergames.rl.gymnasium import SingleAgent, env_id, single_agent
from wintergames.rl.session import PolicyBot
from wintergames.sim.jobs import derive

GAMES = [s.id for s in available_games()]
# What check_env says on purpose: it steps with unmasked random actions, which a board game
# refuses (the episode ends, as PettingZoo's classic games do).
EXPECTED = ("illegal action",)


@pytest.mark.parametrize("game", GAMES)
def test_gymnasium_check_env(game: str) -> None:
    env = gymnasium.make(env_id(game), opponents="random")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env.unwrapped)
    unexpected = [str(w.message) for w in caught
                  if not any(e in str(w.message) for e in EXPECTED)]
    assert not unexpected, unexpected


@pytest.mark.parametrize("game", GAMES)
def test_the_agent_is_asked_only_on_its_own_turns(game: str) -> None:
    n = 1 if game == "winterborne" else 3 if game != "icecool-wizards" else 2
    env = single_agent(game, opponents="random", seat=n - 1, num_players=n)
    obs, info = env.reset(seed=4)
    rng = np.random.default_rng(4)
    steps, total = 0, 0.0
    while True:
        assert env.seat in env.game_state.to_move and info["action_mask"].any()
        assert np.array_equal(env.action_masks(), info["action_mask"].astype(bool))
        obs, reward, terminated, truncated, info = env.step(
            int(rng.choice(np.flatnonzero(info["action_mask"]))))
        steps, total = steps + 1, total + reward
        assert env.observation_space.contains(obs)
        if terminated or truncated:
            break
    assert terminated and env.game_state.is_over and steps > 5
    winners = env.game_state.winners()
    assert total == (1 / len(winners) if env.seat in winners else 0.0)
    with pytest.raises(IllegalActionError, match="reset"):
        env.step(0)


def test_seat_random_moves_the_agent_between_episodes() -> None:
    env = single_agent("winter-queen", opponents="random", seat="random", num_players=4)
    seats = set()
    for seed in range(12):
        env.reset(seed=seed)
        seats.add(env.seat)
    assert len(seats) >= 3
    env.reset(seed=3)
    first = env.seat
    env.reset(seed=3)
    assert env.seat == first


def test_opponents_and_seat_are_checked_like_a_tables_bots() -> None:
    with pytest.raises(InvalidOptionError, match="genius"):
        single_agent("winter-queen", opponents="genius")
    with pytest.raises(InvalidOptionError, match="3 players need 2 opponents"):
        single_agent("winter-queen", opponents=["random"], num_players=3)
    with pytest.raises(InvalidOptionError, match="has no setting"):
        single_agent("winter-queen", opponents="random:depth=3")
    with pytest.raises(InvalidOptionError, match=r"seat is 0\.\.1 or 'random'"):
        single_agent("winter-queen", seat=2)


def test_snapshot_restores_bots_and_game_exactly() -> None:
    env = single_agent("snow-time", opponents="greedy", num_players=3)
    _, info = env.reset(seed=8)
    rng = np.random.default_rng(8)
    for _ in range(3):
        _, *_, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
    snap = env.snapshot()

    def play(seed: int) -> list[bytes]:
        r, seen, inf = np.random.default_rng(seed), [], env.info()
        for _ in range(6):
            o, _, term, trunc, inf = env.step(int(r.choice(np.flatnonzero(inf["action_mask"]))))
            seen.append(o.tobytes())
            if term or trunc:
                break
        return seen

    first = play(1)
    env.restore(snap)
    second = play(1)
    env.restore(snap)
    assert second == first and play(1) == first


def test_make_by_id_and_by_module_path() -> None:
    env = gymnasium.make("wintergames.rl.gymnasium:" + env_id("winter-queen"),
                         opponents="random")
    assert isinstance(env.unwrapped, SingleAgent)
    assert env.unwrapped.table.spec.id == "winter-queen"


def _play(env: SingleAgent, info: dict[str, object], seed: int, steps: int) -> list[bytes]:
    """A seeded masked random agent's ``steps`` moves; the observations it saw."""
    rng, seen = np.random.default_rng(seed), []
    for _ in range(steps):
        mask = info["action_mask"]
        assert isinstance(mask, np.ndarray)
        obs, _, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(mask))))
        seen.append(obs.tobytes())
        if terminated or truncated:
            break
    return seen


def test_a_plain_policy_plays_the_opponents_on_what_its_seat_sees() -> None:
    given: list[tuple[np.ndarray, np.ndarray]] = []

    def highest(vector: np.ndarray, mask: np.ndarray) -> int:
        given.append((vector.copy(), mask.copy()))
        return int(np.flatnonzero(mask)[-1])

    env = single_agent("winter-queen", opponents=PolicyBot(highest), seat=0, num_players=3)
    _, info = env.reset(seed=6)
    _play(env, info, seed=6, steps=8)
    # Independently: replay the game; at each opponent's decision, its seat's vector by the
    # game's own encoding, and the codec indices of its legal actions.
    spec = wg.get_spec("winter-queen")
    encoding = spec.observation_encoding(3, spec.validate(3, {}))  # type: ignore[misc]
    state = wg.make("winter-queen", 3, seed=6)
    expected = []
    for player, move in env.game_state.record()["actions"]:
        action = spec.action_from_json(move)
        if player != 0:
            legal = sorted(spec.encode(a, 3) for a in state.legal_actions(player))
            expected.append((encoding.encode(state.observation(player), player), legal))
            assert spec.encode(action, 3) == legal[-1], "the opponent played another move"
        state.apply(action, player)
    assert len(given) == len(expected) > 8
    for (vector, mask), (own_vector, legal) in zip(given, expected, strict=True):
        assert np.array_equal(vector, own_vector)
        assert np.flatnonzero(mask).tolist() == legal


def test_an_entry_point_opponent_is_made_per_seat_from_the_games_seed() -> None:
    from tests.bots import entrant_fixtures

    entrant_fixtures.CALLS.clear()
    env = single_agent("snow-time", num_players=3, seat=1,
                       opponents="tests.bots.entrant_fixtures:make_policy")
    assert entrant_fixtures.CALLS == [], "made when checked: the factory ran too early"
    _, info = env.reset(seed=21)
    assert [derive(21, "bot", 0), derive(21, "bot", 2)] == entrant_fixtures.CALLS
    first = _play(env, info, seed=3, steps=6)
    _, info = env.reset(seed=21)
    assert _play(env, info, seed=3, steps=6) == first


def test_opponents_mix_names_and_objects_and_refuse_what_is_no_bot() -> None:
    mine = RandomBot(seed=2)
    env = single_agent("winter-queen", num_players=3, opponents=["greedy", mine])
    env.reset(seed=1)
    assert env.bots[1].kind == "greedy" and env.bots[2] is mine
    with pytest.raises(InvalidOptionError, match="lacks the bot interface"):
        single_agent("winter-queen", opponents=object())
    with pytest.raises(InvalidOptionError, match="no module named 'nowhere'"):
        single_agent("winter-queen", opponents="nowhere:make_bot")
    with pytest.raises(InvalidOptionError, match="7 \\(a int\\), which lacks the bot"):
        single_agent("winter-queen", opponents=7)


def test_restore_returns_the_observation_and_info_as_reset_does() -> None:
    env = single_agent("winter-queen", opponents="random", num_players=2)
    obs, info = env.reset(seed=4)
    assert np.array_equal(env.observe(), obs)
    snap = env.snapshot()
    _play(env, info, seed=1, steps=3)
    back, back_info = env.restore(snap)
    assert np.array_equal(back, obs) and np.array_equal(env.observe(), obs)
    assert back_info.keys() == info.keys() == env.info().keys()
    assert np.array_equal(back_info["action_mask"], info["action_mask"])
    assert back_info["seat"] == info["seat"]


def test_a_snapshot_of_another_game_or_table_is_refused() -> None:
    queen = single_agent("winter-queen", opponents="random", num_players=2)
    queen.reset(seed=1)
    snow = single_agent("snow-time", opponents="random", num_players=2)
    snow.reset(seed=1)
    before = queen.game_state.to_json()
    with pytest.raises(ReplayError, match=r"of Snow Time \(snow-time\); this environment "
                                          r"plays Winter Queen \(winter-queen\)"):
        queen.restore(snow.snapshot())
    three = single_agent("winter-queen", opponents="random", num_players=3)
    three.reset(seed=1)
    with pytest.raises(ReplayError, match="3-player game of Winter Queen; this environment "
                                          "seats 2"):
        queen.restore(three.snapshot())
    with pytest.raises(ReplayError, match="restore\\(\\) takes what"):
        queen.restore("a snapshot")  # type: ignore[arg-type]
    assert queen.game_state.to_json() == before
