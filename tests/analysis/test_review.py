"""The game review: judged from the seat's information only, graded by stated thresholds,
refusing what it cannot review, and the same in parts as in one piece."""

from __future__ import annotations

import json
import math
import random
from dataclasses import asdict
from functools import cache
from typing import Any

import pytest

import wintergames as wg
from tests.tiers import soak_only
from wintergames.analysis import (
    THRESHOLDS,
    Budget,
    Review,
    assemble,
    choice_steps,
    grade,
    judge,
    judge_steps,
    move_accuracy,
)
from wintergames.analysis.review import even_drop
from wintergames.analysis.search import flick_values, ismcts_values
from wintergames.core.testing import snapshot

GAMES = ["winter-queen", "snow-time", "winterborne", "ice", "icecool-wizards"]
TINY = Budget(iterations=12, proposals=4, samples=1)


@cache
def finished(game: str, players: int = 2, seed: int = 3) -> dict[str, Any]:
    """A finished game between a greedy and a random seat (a record)."""
    state = wg.make(game, players, seed=seed)
    bots = [wg.bots.make("greedy" if p == 0 else "random", seed=seed + p)
            for p in range(players)]
    while not state.is_over:
        p = state.to_move[0]
        state.apply(bots[p].choose(state, p), p)
    return state.record()


def positions(record: dict[str, Any], seat: int,
              count: int) -> list[tuple[int, wg.State, wg.Action]]:
    """``count`` of the seat's decisions with a choice, spread over the game."""
    spec = wg.get_spec(record["game"])
    steps = choice_steps(record, seat)
    chosen = [steps[i * len(steps) // count] for i in range(count)]
    return [(step, wg.replay(record, upto=step),
             spec.action_from_json(record["actions"][step][1])) for step in chosen]


def kinds_spread(record: dict[str, Any], seat: int,
                 count: int) -> list[tuple[int, wg.State, wg.Action]]:
    """Up to ``count`` of the seat's decisions with a choice, each of another kind of move
    played where the game has several (a flick, a spell, a Fire discard...)."""
    spec = wg.get_spec(record["game"])
    chosen: dict[str, int] = {}
    for step in choice_steps(record, seat):
        kind = record["actions"][step][1]["kind"]
        if kind not in chosen and len(chosen) < count:
            chosen[kind] = step
    steps = sorted(chosen.values())
    steps += [s for s in choice_steps(record, seat)[::7] if s not in steps][:count - len(steps)]
    return [(step, wg.replay(record, upto=step),
             spec.action_from_json(record["actions"][step][1])) for step in sorted(steps)]


@pytest.mark.parametrize(("game", "players"), [
    ("winter-queen", 4), ("snow-time", 3), ("winterborne", 2), ("ice", 3),
    ("icecool-wizards", 3),
    *soak_only(("winter-queen", 2), ("snow-time", 2), ("ice", 2), ("icecool-wizards", 2))])
def test_a_judgement_ignores_what_the_seat_could_not_see(game: str, players: int) -> None:
    """The twin position differs only in what the seat cannot see (others' hands, deck
    order, the coming draws, others' hidden choices at a simultaneous step): the
    judgement must be exactly the same, for every kind of move the seat played."""
    record = finished(game, players)
    differed = 0
    for k, (step, state, played) in enumerate(kinds_spread(record, 1, 4)):
        twin = state.determinize(1, random.Random(50 + k))
        differed += snapshot(twin) != snapshot(state)
        before = snapshot(state)
        mine = judge(state, 1, played, step, TINY)
        assert judge(twin, 1, played, step, TINY) == mine
        assert snapshot(state) == before  # judging never changes the position
    assert differed  # the twins really hid something different


@pytest.mark.parametrize("game", GAMES)
def test_a_review_judges_every_real_choice_of_the_seat_and_only_those(game: str) -> None:
    record = finished(game)
    spec = wg.get_spec(game)
    expected = []
    state = wg.replay(record, upto=0)
    for step, (player, obj) in enumerate(record["actions"]):
        action = spec.action_from_json(obj)
        if player == 0 and len(state.legal_actions(0)) > 1:
            expected.append(step)
        state.apply(action, player)
    assert choice_steps(record, 0) == expected


def test_the_judged_move_is_the_one_played_and_the_numbers_hang_together() -> None:
    record = finished("snow-time")
    done = wg.review(record, 1, TINY)
    assert [d.step for d in done.decisions] == choice_steps(record, 1)
    for d in done.decisions:
        seat, obj = record["actions"][d.step]
        assert seat == 1 and d.played.action == obj
        assert 0 <= d.after <= 1 and 0 <= d.before <= 1
        assert math.isclose(sum(d.chances), 1.0) and math.isclose(sum(d.best_chances), 1.0)
        assert d.before == d.best_chances[1] and d.after == d.chances[1]
        if d.grade != "best":  # measured beside the suggested move, however little searched
            assert d.playouts == 32
    assert done.curve()[-1] == (len(record["actions"]), done.outcome)


@pytest.mark.parametrize(("drop", "best", "expected"), [
    (0.0, True, "best"), (0.0, False, "good"), (0.0499, False, "good"),
    (0.05, False, "inaccuracy"), (0.0999, False, "inaccuracy"), (0.10, False, "mistake"),
    (0.15, False, "blunder"), (0.95, False, "blunder")])
def test_grades_follow_the_stated_thresholds(drop: float, best: bool, expected: str) -> None:
    # Lichess's 0.1/0.2/0.3 of winning chances on its -1..+1 scale, in points of 0..100%
    assert THRESHOLDS == {"inaccuracy": 0.05, "mistake": 0.10, "blunder": 0.15}
    assert grade(drop, best) == expected


def test_accuracy_falls_from_100_with_the_chance_given_away() -> None:
    # Lichess's curve worked by hand: 103.1668 e^(-0.04354 x) - 3.1669, plus 1, at most 100
    assert move_accuracy(0.0) == 100.0
    assert move_accuracy(0.10) == pytest.approx(103.1668 * 0.64706 - 3.1669 + 1, abs=1e-2)
    assert move_accuracy(1.0) == 0.0
    values = [move_accuracy(x / 20) for x in range(21)]
    assert values == sorted(values, reverse=True)


def test_points_lost_between_level_seats_cost_the_search_own_odds() -> None:
    # a lead of L points with scale s is worth 1/(1+e^(-L/s)) to the search's odds
    assert even_drop(0.0, 4.0) == 0.0
    assert even_drop(4.0, 4.0) == pytest.approx(0.5 - 1 / (1 + math.e), abs=1e-9)
    assert even_drop(1e9, 4.0) == pytest.approx(0.5)


def test_the_suggested_move_is_the_one_measured_beside_the_move_played() -> None:
    """Winter Queen offers a hundred moves or more: many tie on the search's visits. The
    grade must compare the move played with the move the search chose before pairing,
    measured on the same paired playouts, never with a barely tried one."""
    record = finished("winter-queen")
    budget = Budget(iterations=60)
    pairs = max(32, budget.iterations // 4)
    compared = 0
    for step, state, played in positions(record, 1, 8):
        found = ismcts_values(state, 1, played, budget)
        best = found.best
        judged = judge(state, 1, played, step, budget)
        assert judged.best.action == best.to_json()
        if best != played:
            compared += 1
            assert found.values[best].playouts == found.values[played].playouts == pairs
            assert judged.before == found.values[best].chances[1]
    assert compared


def test_where_a_seat_may_flick_every_other_move_it_had_is_weighed_too() -> None:
    """An ICECOOL decision is judged one way whatever was played: flicks, spells and the
    rest side by side, by the flick planner."""
    record = finished("icecool-wizards", 3)
    spec = wg.get_spec("icecool-wizards")
    seen = 0
    for step in choice_steps(record, 1):
        state = wg.replay(record, upto=step)
        legal = state.legal_actions(1)
        others = [a for a in legal if a.kind not in spec.sampled_kinds]
        if not others or len(others) == len(legal):
            continue
        played = spec.action_from_json(record["actions"][step][1])
        found = flick_values(state, 1, played, TINY)
        assert set(others) <= set(found.values) and played in found.values
        assert judge(state, 1, played, step, TINY).method == "flick planner"
        seen += 1
        if seen == 2:
            break
    assert seen


def test_in_parts_the_review_is_the_same_as_in_one_piece() -> None:
    record = finished("winter-queen")
    whole = wg.review(record, 0, TINY)
    steps = choice_steps(record, 0)
    parts = [judge_steps(record, 0, steps[i:i + 3], TINY) for i in range(0, len(steps), 3)]
    pieced = assemble(record, 0, [d for part in reversed(parts) for d in part], TINY)
    assert pieced.decisions == whole.decisions
    again = wg.review(record, 0, TINY)
    assert again.decisions == whole.decisions  # the same seed, the same review
    other = wg.review(record, 0, Budget(**{**TINY.to_json(), "seed": 9}))
    assert [d.after for d in other.decisions] != [d.after for d in whole.decisions]


def test_a_review_round_trips_through_json() -> None:
    done = wg.review(finished("snow-time"), 0, TINY)
    text = json.dumps(done.to_json())
    back = Review.from_json(json.loads(text))
    assert back == done
    data = json.loads(text)
    assert data["worst"] == [d.step for d in done.worst()]
    assert data["counts"] == done.counts() and sum(data["counts"].values()) == len(done.decisions)
    drops = [d.drop for d in done.worst()]
    assert drops == sorted(drops, reverse=True)


def test_a_flick_is_judged_by_the_flick_planner_in_expected_points() -> None:
    record = finished("icecool-wizards")
    judged = judge_steps(record, 0, choice_steps(record, 0)[:12], TINY)
    spec = wg.get_spec("icecool-wizards")
    methods = set()
    for d in judged:
        flickable = any(a.kind == "flick" for a in
                        wg.replay(record, upto=d.step).legal_actions(0))
        assert (d.method == "flick planner") is flickable
        assert (d.points_played is not None) is flickable is (d.points_best is not None)
        if flickable:
            assert d.candidates > TINY.proposals  # the proposals, and the rest besides
        methods.add(d.method)
        assert d.played.action["kind"] in spec.sampled_kinds or d.played.label is not None
    assert methods == {"flick planner", "search"}


def test_an_unfinished_game_or_a_seat_not_in_it_is_refused_and_nothing_changes() -> None:
    state = wg.make("winter-queen", 2, seed=1)
    state.apply(state.legal_actions()[0])
    record = state.record()
    kept = json.dumps(record)
    with pytest.raises(wg.ReplayError, match="once the game is over; this record stops "
                                             "after 1 action with Player 2 to move"):
        wg.review(record, 0, TINY)
    with pytest.raises(wg.InvalidSeatError, match="a seat is a whole number from 0 to 1"):
        wg.review(finished("winter-queen"), 2, TINY)
    with pytest.raises(wg.InvalidSeatError):
        wg.review(finished("winter-queen"), "0", TINY)  # type: ignore[arg-type]
    assert json.dumps(record) == kept


@pytest.mark.parametrize(("settings", "message"), [
    ({"iterations": 5}, "iterations is a whole number from 10 to 20000; not 5"),
    ({"iterations": True}, "iterations is a whole number"),
    ({"samples": 0}, "samples is a whole number from 1 to 16"),
    ({"depth": 3}, "review budget has no setting 'depth'; settings: iterations, proposals"),
])
def test_a_bad_budget_is_refused_naming_what_is_allowed(settings: dict[str, Any],
                                                       message: str) -> None:
    with pytest.raises(wg.InvalidOptionError, match=message):
        Budget.from_json(settings)


def test_the_budget_round_trips() -> None:
    budget = Budget(iterations=50, seed=4)
    assert Budget.from_json(budget.to_json()) == budget
    assert asdict(budget) == budget.to_json()
