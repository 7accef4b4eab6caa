"""What every environment promises beyond PettingZoo's and Gymnasium's checks: masks are
the rules, copies are exact and independent, nothing hidden shows, refusals are clear."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from wintergames.core.errors import IllegalActionError
from wintergames.core.registry import available_games
from wintergames.core.testing import snapshot
from wintergames.rl import pettingzoo as wz
from wintergames.rl.session import Table

from .test_copies import aec_future

GAMES = [s.id for s in available_games()]
COUNTS = {"winterborne": 1, "snow-time": 3, "ice": 3}


def _step_masked(env: wz.WintergamesAEC, rng: random.Random) -> int:
    obs = env.observe(env.agent_selection)
    action = rng.choice(np.flatnonzero(obs["action_mask"]).tolist())
    env.step(action)
    return int(action)


@pytest.mark.parametrize("game", GAMES)
def test_masks_are_exactly_the_legal_actions(game: str) -> None:
    env = wz.env(game, num_players=COUNTS.get(game, 2), seed=3, illegal_action="raise")
    table, rng = env.table, random.Random(3)
    checked = 0
    while env.agents and not env.terminations[env.agent_selection]:
        if checked % 7 == 0:
            player = env.game_state.to_move[0]
            mask = env.observe(env.agent_selection)["action_mask"]
            legal = {table.spec.codec.encode(a, table.num_players, table.options)
                     for a in env.game_state.legal_actions(player)}
            assert set(np.flatnonzero(mask).tolist()) == legal
            for index in sorted(legal)[:3]:  # a few allowed ones really apply
                env.game_state.clone().apply(table.decode(index), player)
            refused = np.flatnonzero(mask == 0).tolist()
            before = snapshot(env.game_state)
            for index in rng.sample(refused, min(12, len(refused))):
                with pytest.raises(IllegalActionError):
                    env.step(index)
                assert snapshot(env.game_state) == before, "a refused action changed the game"
        checked += 1
        _step_masked(env, rng)
    assert checked > 10


@pytest.mark.parametrize("game", GAMES)
def test_a_seats_view_ignores_what_it_cannot_see(game: str) -> None:
    env = wz.env(game, num_players=COUNTS.get(game, 2), seed=5)
    rng = random.Random(5)
    for _ in range(40):
        if not env.agents or env.terminations[env.agent_selection]:
            break
        for agent in env.possible_agents:
            player = env._index[agent]
            mine = env.observe(agent)
            real = env.game_state
            env.game_state = real.determinize(player, random.Random(rng.random()))
            twin = env.observe(agent)
            env.game_state = real
            assert np.array_equal(mine["observation"], twin["observation"])
            assert np.array_equal(mine["action_mask"], twin["action_mask"])
        _step_masked(env, rng)


@pytest.mark.parametrize("game", GAMES)
def test_snapshot_and_restore_round_trip_and_stay_apart(game: str) -> None:
    env = wz.env(game, num_players=COUNTS.get(game, 2), seed=9)
    rng = random.Random(9)
    for _ in range(15):
        _step_masked(env, rng)
    snap = env.snapshot()
    at_snapshot = env.observe(env.agent_selection)

    first = aec_future(env)
    env.restore(snap)
    assert np.array_equal(env.observe(env.agent_selection)["observation"],
                          at_snapshot["observation"])
    # Break the contract on purpose: play on and mangle the restored game's state.
    second = aec_future(env)
    assert second == first
    env.game_state.log.clear()
    env.restore(snap)
    assert aec_future(env) == first, "the snapshot shared something with the environment"
    par = wz.parallel_env(game, num_players=COUNTS.get(game, 2), seed=9)
    obs, _ = par.reset(seed=9)
    psnap = par.snapshot()
    act = {a: int(np.flatnonzero(obs[a]["action_mask"])[0]) for a in par.agents}
    out1 = par.step(act)
    par.restore(psnap)
    out2 = par.step(act)
    assert all(np.array_equal(out1[0][a]["observation"], out2[0][a]["observation"])
               for a in out1[0])


@pytest.mark.parametrize("game", GAMES)
def test_rewards_pay_the_winners(game: str) -> None:
    n = COUNTS.get(game, 2)
    for reward in ("win", "score"):
        env = wz.env(game, num_players=n, seed=12, reward=reward)
        rng, totals = random.Random(12), dict.fromkeys(env.possible_agents, 0.0)
        for agent in env.agent_iter():
            obs, r, term, trunc, _ = env.last()
            totals[agent] += r
            if term or trunc:
                env.step(None)
            else:
                env.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
        state = env.game_state
        got = [totals[wz.agent_name(p)] for p in range(n)]
        winners, scores = state.winners(), state.scores()
        if reward == "win":
            assert got == [1 / len(winners) if p in winners else 0.0 for p in range(n)]
        elif n == 1:
            par = env.table.spec.par
            assert par is not None and got[0] == pytest.approx(scores[0] - par(state))
        else:
            assert sum(got) == pytest.approx(0.0)
            best = max(range(n), key=lambda p: scores[p])
            assert got[best] == max(got)
            assert got[0] == pytest.approx(scores[0] - (sum(scores) - scores[0]) / (n - 1))


def test_an_illegal_action_loses_or_raises_and_changes_nothing() -> None:
    strict = wz.env("winter-queen", num_players=2, seed=1, illegal_action="raise")
    agent = strict.agent_selection
    refused = int(np.flatnonzero(strict.observe(agent)["action_mask"] == 0)[0])
    before = strict.game_state.to_json()
    with pytest.raises(IllegalActionError) as err:
        strict.step(refused)
    assert str(err.value) and strict.game_state.to_json() == before
    assert strict.agent_selection == agent and not any(strict.terminations.values())
    loose = wz.env("winter-queen", num_players=2, seed=1)
    with pytest.warns(UserWarning, match="illegal action"):
        loose.step(refused)
    _, reward, terminated, _, info = loose.last()
    assert terminated and reward == -1.0 and info["illegal_action"] == str(err.value)
    assert loose.game_state.to_json() == before
    for bad in (10**9, -1, "a1", None, 2.5):
        with pytest.raises(IllegalActionError, match="whole numbers 0\\.\\."):
            wz.env("winter-queen", num_players=2, seed=1).step(bad)


def test_a_solo_seat_that_beats_the_game_gets_one() -> None:
    # Random play never beats the Balaur, so the win itself is checked on a stand-in.
    from typing import cast

    from wintergames.core.state import State
    from wintergames.rl.session import Table

    class Finished:
        def __init__(self, winners: list[int]) -> None:
            self._winners = winners

        def winners(self) -> list[int]:
            return self._winners

    table = Table("winterborne", 1)
    assert table.final_rewards(cast(State, Finished([0]))) == [1.0]
    assert table.final_rewards(cast(State, Finished([]))) == [0.0]
    two = Table("winter-queen", 3)
    assert two.final_rewards(cast(State, Finished([0, 2]))) == [0.5, 0.0, 0.5]


def _siblings(game: str) -> tuple[Table, Any, Any, int]:
    """Two states one action apart from one parent (the same history length), and an
    index legal for the seat to move in the first and illegal in the second."""
    table = Table(game, 2)
    rng = random.Random(0)
    for seed in range(50):
        parent = table.new_state(seed=seed)
        for _ in range(rng.randrange(12)):
            if parent.is_over:
                break
            mover = parent.to_move[0]
            parent.apply(rng.choice(parent.legal_actions(mover)), mover)
        if parent.is_over:
            continue
        mover = parent.to_move[0]
        legal = parent.legal_actions(mover)
        for x, y in ((x, y) for x in legal for y in legal if x != y):
            first, second = parent.clone(), parent.clone()
            first.apply(x, mover)
            second.apply(y, mover)
            if first.is_over or second.is_over or first.to_move != second.to_move:
                continue
            seat = first.to_move[0]
            allowed = set(np.flatnonzero(table.mask(second, seat)).tolist())
            shown = np.flatnonzero(table.mask(first, seat)).tolist()
            index = next((i for i in shown if i not in allowed), None)
            if index is not None:
                return table, first, second, index
    raise AssertionError(f"no sibling positions found in {game}")


@pytest.mark.parametrize("game", ["winter-queen", "ice"])
def test_a_step_is_checked_unless_the_last_mask_of_that_very_state_offered_it(
        game: str) -> None:
    """The environments play an index the last mask offered without the rules' second
    look; a mask of another state, or of this one before it changed, vouches for nothing."""
    table, first, second, index = _siblings(game)
    seat = second.to_move[0]
    table.mask(first, seat)  # offered in ``first``: not in ``second``
    before = snapshot(second)
    with pytest.raises(IllegalActionError):
        table.apply(second, index, seat)
    assert snapshot(second) == before
    table.mask(first, seat)
    table.apply(first, index, seat)  # offered by the last mask of this very state
    assert first.history[-1] == (seat, table.decode(index))
