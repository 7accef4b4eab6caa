"""Magic Points, the rulebook's 22-point example, and ties."""

from __future__ import annotations

from wintergames.games.icecool_wizards.rules import OVER
from wintergames.games.icecool_wizards.state import IcecoolState

from .helpers import exam_of, game, give


def _take_exams(s: IcecoolState, player: int, *icons: str) -> None:
    for name in icons:
        exam = exam_of(name)
        if exam in s.exam_deck:
            s.exam_deck.remove(exam)
        else:
            s.exam_spaces[s.exam_spaces.index(exam)] = -1
        s.exams[player].append(exam)


def test_johns_22_magic_points() -> None:
    # Three different exams score 3 + 6 + 9 = 18; two face-down and two face-up lessons 4.
    s = game(2)
    _take_exams(s, 0, "F", "HW", "PSF")
    give(s, 0, "H-fire", "S-wind", down=True)
    give(s, 0, "F", "P")
    assert s.scores()[0] == 3 + 6 + 9 + 4 == 22


def test_the_most_magic_points_win() -> None:
    s = game(3)
    _take_exams(s, 1, "FH")
    give(s, 0, "F", "H")
    s.phase = OVER
    assert s.scores() == [2, 6, 0] and s.winners() == [1]


def test_a_tie_goes_to_more_exam_and_lesson_cards() -> None:
    s = game(2)
    _take_exams(s, 0, "F")  # 3 points in 1 card
    give(s, 1, "F", "H", "W")  # 3 points in 3 cards
    s.phase = OVER
    assert s.scores() == [3, 3] and s.winners() == [1]


def test_a_full_tie_is_shared() -> None:
    s = game(2)
    give(s, 0, "F", "H")
    give(s, 1, "W", "P")
    s.phase = OVER
    assert s.winners() == [0, 1]


def test_no_winner_before_the_end() -> None:
    assert game(2).winners() == []
