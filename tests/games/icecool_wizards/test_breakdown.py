"""The end screen's breakdown (issue 18): exams + lessons + spells, on the rulebook's
example of John's 22 Magic Points."""

from __future__ import annotations

from wintergames.games.icecool_wizards.state import score_breakdown

from .helpers import game, give
from .test_scoring import _take_exams


def test_johns_22_magic_points_by_exams_lessons_and_spells() -> None:
    # RB: three different exams score 3 + 6 + 9 = 18; two face-down lessons (spells that
    # were cast) and two face-up lessons score 1 each.
    s = game(2)
    _take_exams(s, 0, "F", "HW", "PSF")
    give(s, 0, "H-fire", "S-wind", down=True)
    give(s, 0, "F", "P")
    give(s, 1, "W")
    b = score_breakdown(s)
    assert b.categories == ("Exams", "Lessons", "Spells")
    assert b.rows == ((18, 2, 2), (0, 1, 0))
    assert list(b.totals) == s.scores() == [22, 1]
