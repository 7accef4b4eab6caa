"""Structured scoring events (issue 19). Magic Points are counted at the end of the game
(RB "End of the Game"), so they are "final-score" events then: one per Exam card with its
points, one for a seat's face-up lessons and one for its face-down spells. Events during
play (collecting, exams, spells, trades, Fire) give no points of their own."""

from __future__ import annotations

import pytest

from wintergames import get_spec
from wintergames.core import testing
from wintergames.games.icecool_wizards.components import IW
from wintergames.games.icecool_wizards.state import IcecoolState

from .helpers import act, after_flick, exam_of, game, give
from .test_scoring import _take_exams


def scoring(s: IcecoolState) -> list[tuple[str, int | None, int, str | None, str | None]]:
    return [(e.kind, e.player, e.vp, e.category, e.item) for e in s.log if e.category]


def johns_game() -> IcecoolState:
    """The rulebook's John (seat 0: exams 3 + 6 + 9, two face-down and two face-up
    lessons) and a rival with one lesson, at the last seat's last flick of the game."""
    s = game(2)
    _take_exams(s, 0, "F", "HW", "PSF")
    give(s, 0, "H-fire", "S-wind", down=True)
    give(s, 0, "F", "P")
    give(s, 1, "W")
    s.current = 1
    s.penguins[1] = (20.0, 20.0)
    s.exam_deck = []
    s.exam_spaces[0] = -1
    after_flick(s)
    s.flicks_left = 0
    return s


def test_johns_22_magic_points_are_scored_card_by_card_at_the_end() -> None:
    s = johns_game()
    assert scoring(s) == []  # nothing is scored during play
    act(s, "done", 1)
    assert s.is_over
    assert scoring(s) == [
        ("final-score", 0, 3, "Exams", "exam F"),
        ("final-score", 0, 6, "Exams", "exam H+W"),
        ("final-score", 0, 9, "Exams", "exam P+S+F"),
        ("final-score", 0, 2, "Lessons", None),
        ("final-score", 0, 2, "Spells", None),
        ("final-score", 1, 1, "Lessons", None),
    ]
    scored = [e for e in s.log if e.kind == "final-score"]
    assert [e.text for e in scored[2:]] == [
        "Player 1 scores 9 Magic Points for the Potion + Star + Magic Fishbone exam",
        "Player 1 scores 2 Magic Points for face-up lessons: Magic Fishbone and Potion",
        "Player 1 scores 2 Magic Points for face-down spells: Hourglass (fire spell) and "
        "Star (wind spell)",
        "Player 2 scores 1 Magic Point for face-up lessons: Wand",
    ]
    assert {e.rule for e in scored} == {"end.score"}
    # the lessons are named as players call them; the codes stay in the mentions' refs
    assert [m.ref for m in scored[4].said.mentions()  # type: ignore[union-attr]
            if m.kind == "card"] == ["H-fire", "S-wind"]
    # the totals line and the winner keep their text and add nothing
    assert all(e.vp == 0 and e.category is None for e in s.log if e.kind == "end")
    testing.check_scoring_events(s)
    assert s.scores() == [22, 1]


def test_an_exam_taken_in_play_scores_once_at_the_end_and_its_lesson_not_at_all() -> None:
    s = johns_game()
    x = IW.exam_spaces.index("X2")
    s.exam_spaces[x] = exam_of("W")
    s.exams_touched = [x]
    s.apply(next(a for a in s.legal_actions(1) if a.kind == "exam"), 1)  # pays its W
    taken = s.log[-1]
    assert (taken.kind, taken.player, taken.vp, taken.category) == ("exam", 1, 0, None)
    act(s, "done", 1)
    assert s.is_over
    points = IW.exams[exam_of("W")].points
    assert [r for r in scoring(s) if r[1] == 1] == [("final-score", 1, points, "Exams",
                                                     "exam W")]
    testing.check_scoring_events(s)


@pytest.mark.parametrize("n", [2, 4])
def test_every_metric_kind_occurs_in_seeded_games(n: int) -> None:
    kinds = get_spec("icecool-wizards").metric_kinds
    assert set(kinds) == {"lost", "trade", "exam", "spell", "collect"}
    games = testing.run_breakdown_checks("icecool-wizards", n, range(3))
    seen = {e.kind for g in games for e in g.log}
    assert set(kinds) <= seen
    for g in games:
        assert {e.kind for e in g.log if e.vp} == {"final-score"}
        assert sum(e.vp for e in g.log) == sum(g.scores())
