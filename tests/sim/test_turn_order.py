"""Turn order: each game's own (``GameSpec.turn_order``, ``State.turn_order``), recorded for
every arena game, and the arena's win shares, scores and metrics by turn position."""

from __future__ import annotations

import csv
import json
import random
from pathlib import Path

import pytest

import wintergames as wg
from wintergames.core.state import State
from wintergames.games.winter_queen.state import WinterQueenState
from wintergames.sim import run_arena
from wintergames.sim.jobs import Outcome
from wintergames.sim.results import GAMES
from wintergames.sim.stats import summarize

# Games with a turn order, at a player count each, and the one without.
ORDERED = [("winter-queen", 3), ("winterborne", 3), ("ice", 3), ("icecool-wizards", 3),
           ("winterborne", 1), ("ice", 2)]


def _first_round(game: str, players: int, seed: int) -> tuple[list[int], State]:
    """The seats in the order they first decide alone (a step no other seat shares), in a
    random game played to the end; and the finished game."""
    state = wg.make(game, players, seed=seed)
    rng = random.Random(seed)
    seen: list[int] = []
    while not state.is_over:
        movers = state.to_move
        if len(movers) == 1 and not state.simultaneous and movers[0] not in seen:
            seen.append(movers[0])
        p = movers[0]
        actions = state.legal_actions(p)
        state.apply(actions[rng.randrange(len(actions))], p)
    return seen, state


@pytest.mark.parametrize(("game", "players"), ORDERED)
def test_the_turn_order_is_the_order_in_which_seats_first_play(game: str, players: int) -> None:
    firsts = set()
    for seed in range(4):
        start = wg.make(game, players, seed=seed).turn_order()
        seen, end = _first_round(game, players, seed)
        assert start == tuple(seen), (seed, start, seen)
        assert end.turn_order() == start  # read back the same at the end (ICE: Day 1's)
        assert sorted(start) == list(range(players))
        firsts.add(start[0])
    if game != "icecool-wizards" and players > 1:  # a first player drawn from the seed
        assert len(firsts) > 1, firsts


@pytest.mark.parametrize("game", ["winter-queen", "winterborne", "ice"])
def test_a_named_first_player_starts_the_order_and_the_rest_follow_clockwise(game: str) -> None:
    state = wg.make(game, 4 if game != "ice" else 3, seed=1, options={"first_player": "2"})
    n = state.num_players
    assert state.turn_order() == tuple((1 + k) % n for k in range(n))


def test_snow_time_has_no_turn_order() -> None:
    # every card is chosen at once, hidden: no seat plays before another
    assert wg.make("snow-time", 3, seed=1).turn_order() is None
    result = run_arena("snow-time", 3, ["random"], games=3, seed=1, workers=1, report=False)
    assert [o.order for o in result.outcomes] == [None] * 3
    assert result.summary["positions"] is None
    assert result.summary["metrics"]["vp:Fruit"]["mean_per_position"] is None


def _second_mover_wins(monkeypatch: pytest.MonkeyPatch) -> None:
    """Winter Queen as a game the second player to move always wins alone."""
    monkeypatch.setattr(WinterQueenState, "winners",
                        lambda self: [] if not self.is_over else [self.turn_order()[1]])


def test_a_game_the_second_mover_always_wins_shows_it_at_turn_position_two(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    _second_mover_wins(monkeypatch)
    result = run_arena("winter-queen", 2, ["random"], games=40, seed=3, out=tmp_path,
                       workers=1)
    summary = json.loads((tmp_path / "summary.json").read_text())
    positions = summary["positions"]
    assert [r["share"] for r in positions["positions"]] == [0.0, 1.0]
    assert positions["first_mover_advantage"]["value"] == -0.5
    assert positions["first_mover_advantage"]["ci95"][1] < 0  # clearly a disadvantage
    # whatever the seats: each seat moved first in some games and won as often as it was
    # second, which the seat table shows as it is
    rows = list(csv.DictReader((tmp_path / "games.csv").open()))
    firsts = [int(r["turn_order"].split(";")[0]) for r in rows]
    assert 0 < firsts.count(0) < 40
    for seat in (0, 1):
        second = sum(1 for f in firsts if f != seat)
        assert summary["seats"]["seats"][seat]["share"] == round(second / 40, 4)
    assert positions["first_mover_seats"] == [firsts.count(0), firsts.count(1)]
    assert [o.order for o in result.outcomes] == [
        tuple(int(s) for s in r["turn_order"].split(";")) for r in rows]
    page = (tmp_path / "report.html").read_text()
    assert "The player who moves first wins 0.0% of games" in page
    assert 'alt="win share by turn position"' in page and (tmp_path / "positions.png").exists()


def test_scores_and_metrics_by_position_are_the_seats_values_reordered(tmp_path: Path) -> None:
    result = run_arena("winter-queen", 3, ["greedy", "random"], games=12, seed=5,
                       out=tmp_path, workers=1, report=False)
    lines = [json.loads(line) for line in (tmp_path / GAMES).read_text().splitlines()]
    summary = result.summary
    for k in range(3):
        at_k = [line["order"][k] for line in lines]
        scores = [float(line["scores"][seat]) for line, seat in zip(lines, at_k, strict=True)]
        row = summary["positions"]["positions"][k]
        assert row["position"] == k + 1
        assert row["score"]["mean"] == round(sum(scores) / 12, 3)
        taken = [line["metrics"].get("n:take", [0, 0, 0])[seat]
                 for line, seat in zip(lines, at_k, strict=True)]
        mean = sum(taken) / 12
        sd = (sum((t - mean) ** 2 for t in taken) / 11) ** 0.5
        metric = summary["metrics"]["n:take"]
        assert metric["mean_per_position"][k] == round(mean, 3)
        low, high = metric["ci95_per_position"][k]
        assert low == pytest.approx(mean - 1.96 * sd / 12 ** 0.5, abs=1e-3)
        assert high == pytest.approx(mean + 1.96 * sd / 12 ** 0.5, abs=1e-3)


def test_a_game_recorded_without_its_turn_order_gets_it_back_from_its_seed(
        tmp_path: Path) -> None:
    first = run_arena("winterborne", 2, ["random"], games=3, seed=2, out=tmp_path,
                      workers=1, report=False)
    path = tmp_path / GAMES
    old = [json.loads(line) for line in path.read_text().splitlines()]
    for line in old:
        del line["order"]  # a run from before games kept it
    path.write_text("".join(json.dumps(line) + "\n" for line in old))
    again = run_arena("winterborne", 2, ["random"], games=3, seed=2, out=tmp_path,
                      workers=1, report=False)
    assert again.resumed == 3
    assert [o.order for o in again.outcomes] == [o.order for o in first.outcomes]
    assert all(o.order is not None for o in again.outcomes)


def _outcome(index: int, order: tuple[int, ...], winners: tuple[int, ...]) -> Outcome:
    return Outcome(index, index, ("x", "x", "x"), (1.0, 2.0, 3.0), winners, 10, 0.1,
                   (0.0,) * 3, (3, 3, 4), {"n:a": [int(order[0] == 0), 0, 1]}, order)


def test_shares_by_position_follow_the_order_not_the_seats() -> None:
    # the first mover is seat 0, 1 and 2 in turn; the third to move always wins
    games = [_outcome(i, order, (order[2],)) for i, order in
             enumerate([(0, 1, 2), (1, 2, 0), (2, 0, 1)] * 10)]
    summary = summarize(games, 3)
    assert [r["share"] for r in summary["positions"]["positions"]] == [0.0, 0.0, 1.0]
    assert [r["share"] for r in summary["seats"]["seats"]] == [0.3333] * 3
    assert summary["positions"]["first_mover_seats"] == [10, 10, 10]
    assert summary["mirror"] is True
