"""The end screen's breakdown (issue 18) on the rulebook's end-of-game example: Daniele
scores 11 RP with the Decrees (2 + 3 + 6), 24 RP from five Requests (4 + 5 + 6 + 5 + 4),
a 2 RP bonus for a second Request on Day 3 and 3 RP tokens: 40 RP."""

from __future__ import annotations

from wintergames.games.ice.scoring_state import score_breakdown

from .helpers import fresh, rulebook_40_rp


def test_the_rulebooks_40_rp_by_category() -> None:
    s = rulebook_40_rp(planning=0)  # as in test_scoring.py's worked example
    b = score_breakdown(s)
    assert b.categories == ("Decrees", "Requests", "Bonus", "RP tokens", "Planning")
    # SETS 2 (one set of 4 Types), TOKENS 3, SHAPES 6 (Harmony 2 + Exalted 4) = 11
    assert b.rows[0] == (11, 24, 2, 3, 0)
    assert b.totals[0] == s.scores()[0] == 40


def test_an_unused_planning_token_is_its_own_category() -> None:
    s = fresh(2)
    s.planning[1] = 1
    b = score_breakdown(s)
    assert b.rows[1][b.categories.index("Planning")] == 1
    assert list(b.totals) == s.scores()
