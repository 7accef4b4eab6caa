"""The end screen's score breakdown (issue 18): for every game and player count, seeded
random games end with each seat's categories adding up to its score; and the check
itself refuses a breakdown that does not."""

from __future__ import annotations

import dataclasses

import pytest

import wintergames as wg
from wintergames.core import testing
from wintergames.core.registry import get_spec
from wintergames.core.spec import GameSpec, ScoreBreakdown
from wintergames.core.state import State

GAMES = ["icecool-wizards", "snow-time", "winter-queen", "winterborne", "ice"]
# A random ICECOOL game simulates every flick (about 1.5 s): fewer seeds there.
SEEDS = {"icecool-wizards": 3}


# The fast tier's generic sweeps end every game in the same two checks (play_checked).
@pytest.mark.soak
@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_has_a_breakdown_that_adds_up_at_every_player_count(game_id: str) -> None:
    spec = get_spec(game_id)
    assert spec.score_breakdown is not None
    for n in spec.players_range:
        games = testing.run_breakdown_checks(game_id, n, range(SEEDS.get(game_id, 25)))
        assert all(g.is_over for g in games)
        # Not every score is zero: the sums checked are real ones.
        assert any(sum(g.scores()) for g in games), f"{game_id} {n}p: all scores 0"


def breakdown(state: State) -> ScoreBreakdown:
    made = get_spec(state.game_id).score_breakdown
    assert made is not None
    return made(state)


def _finished(game_id: str = "snow-time", n: int = 3) -> State:
    return testing.run_breakdown_checks(game_id, n, [1])[0]


def _with_breakdown(monkeypatch: pytest.MonkeyPatch, state: State,
                    made: ScoreBreakdown) -> None:
    spec: GameSpec = dataclasses.replace(get_spec(state.game_id),
                                         score_breakdown=lambda _s: made)
    monkeypatch.setattr(testing, "get_spec", lambda _id: spec)


def test_the_check_refuses_a_row_that_misses_the_score(monkeypatch: pytest.MonkeyPatch) -> None:
    s = _finished()
    rows = [list(r) for r in breakdown(s).rows]
    rows[1][0] += 1
    made = ScoreBreakdown(("Fight", "Fruit", "Mana", "Bonus"), tuple(map(tuple, rows)))
    _with_breakdown(monkeypatch, s, made)
    with pytest.raises(AssertionError, match=r"Player 2's breakdown \(Fight .*\) adds up to"):
        testing.check_score_breakdown(s)


@pytest.mark.parametrize(("categories", "why"), [
    ((), "without categories"),
    (("Fight", "fight", "Mana", "Bonus"), "repeat"),
    (("Fight", "", "Mana", "Bonus"), "not a word"),
    (("Fight", "42", "Mana", "Bonus"), "not a word"),
])
def test_the_check_refuses_bad_categories(monkeypatch: pytest.MonkeyPatch,
                                          categories: tuple[str, ...], why: str) -> None:
    s = _finished()
    rows = tuple((score, 0, 0, 0)[:len(categories)] for score in s.scores())
    _with_breakdown(monkeypatch, s, ScoreBreakdown(categories, rows))
    with pytest.raises(AssertionError, match=why):
        testing.check_score_breakdown(s)


def test_the_check_refuses_a_row_per_seat_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    s = _finished()
    _with_breakdown(monkeypatch, s, ScoreBreakdown(("Total",), ((s.scores()[0],),)))
    with pytest.raises(AssertionError, match="1 breakdown rows for 3 seats"):
        testing.check_score_breakdown(s)


def test_a_ragged_breakdown_is_refused_when_built() -> None:
    with pytest.raises(ValueError, match="Player 2's has 1 for 2 categories"):
        ScoreBreakdown(("Exams", "Lessons"), ((1, 2), (3,)))


def test_the_breakdown_is_json_and_its_totals_are_the_row_sums() -> None:
    s = wg.make("winter-queen", 2, seed=3)
    while not s.is_over:
        s.apply(s.legal_actions()[0])
    b = breakdown(s)
    assert list(b.totals) == s.scores()
    assert b.to_json() == {"categories": list(b.categories), "ids": list(b.ids),
                           "rows": [list(r) for r in b.rows]}
