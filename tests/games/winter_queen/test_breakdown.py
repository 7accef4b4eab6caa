"""The end screen's breakdown (issue 18): each seat's VP per spellbook effect and for
emptied stands, kept as VP are gained; the numbers are counted by hand on the board."""

from __future__ import annotations

from wintergames.games.winter_queen.scoring import score_breakdown

from .helpers import act, blank, give_book, put, stand_with, start_final_phase

EFFECTS = ("Forest Lights", "Wind Rose", "Border Guard", "Magic Clouds", "Bright Path",
           "Northern Lights", "Polar Star", "Secret Knowledge")


def by_name(row: tuple[int, ...]) -> dict[str, int]:
    """A row's non-zero VP by category name."""
    return {c: v for c, v in zip((*EFFECTS, "Stands emptied"), row, strict=True) if v}


def test_every_category_of_the_rulebook_in_its_order() -> None:
    assert score_breakdown(blank(2)).categories == (*EFFECTS, "Stands emptied")


def test_final_scoring_and_an_emptied_stand_by_source() -> None:
    s = start_final_phase(2, 1)  # Player 2 took the last floe of stand 2: 1 VP
    s.board = [-1] * 25
    put(s, a2="red", e2="red", c3="purple")
    give_book(s, 0, "SB14", a="red", b="purple")  # Border Guard / Secret Knowledge
    give_book(s, 1, "SB03", b="purple")  # Forest Lights (purple) / Bright Path
    s.stands[0] = [0] * 5  # nothing left to place: both last turns are passes
    act(s, "pass")
    act(s, "pass")
    assert s.is_over
    b = score_breakdown(s)
    # Border Guard: red on a2 and e2 (edge spaces) = 2; Secret Knowledge purple: 1 for
    # its page + 0 on own books + 2 on SB03 (placed and depicted) = 3; Bright Path from
    # the lone purple floe on c3 = 1.
    assert by_name(b.rows[0]) == {"Border Guard": 2, "Secret Knowledge": 3}
    assert by_name(b.rows[1]) == {"Bright Path": 1, "Stands emptied": 1}
    assert list(b.totals) == s.scores() == [5, 2]


def test_a_book_used_during_the_game_counts_under_its_effects() -> None:
    s = blank(3)
    put(s, a2="red", e2="red")
    give_book(s, 0, "SB12", a="red")  # Border Guard / Northern Lights
    stand_with(s, 0, yellow=1)
    act(s, "use SB12")  # Border Guard with red: a2 and e2 = 2 VP
    b = score_breakdown(s)
    assert by_name(b.rows[0]) == {"Border Guard": 2}
    assert list(b.totals) == s.scores()
