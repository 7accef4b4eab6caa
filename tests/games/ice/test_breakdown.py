"""The end screen's breakdown (issue 18) on the rulebook's end-of-game example: Daniele
scores 11 RP with the Decrees (2 + 3 + 6), 24 RP from five Requests (4 + 5 + 6 + 5 + 4),
a 2 RP bonus for a second Request on Day 3 and 3 RP tokens: 40 RP."""

from __future__ import annotations

from wintergames.games.ice.components import IC
from wintergames.games.ice.model import TYPES
from wintergames.games.ice.scoring_state import score_breakdown

from .helpers import fresh, give

PHI = TYPES.index("philosophical")


def request(request_id: str) -> int:
    return next(i for i, r in enumerate(IC.requests) if r.id == request_id)


def decree(decree_id: str) -> int:
    return next(i for i, d in enumerate(IC.decrees) if d.id == decree_id)


def test_the_rulebooks_40_rp_by_category() -> None:
    s = fresh(2)
    # Her collection, as in tests/games/ice/test_scoring.py's worked example: Harmony
    # Shapes 1 and 2, Exalted 1 (Deep), 2 and 3 (Deep), Achievement 1, two Prismatics,
    # and the Philosophical Study token (flipped when it paid a Request).
    for tile in ("S-HAR-1a", "S-HAR-2a", "D-EXA-1a", "S-EXA-2a", "D-EXA-3", "S-ACH-1a",
                 "S-PRI-1", "S-PRI-2"):
        give(s, 0, tile)
    s.study[0] = [0] * 5
    s.study[0][PHI] = 2
    s.decrees = [decree("DEC-SETS"), decree("DEC-TOKENS"), decree("DEC-SHAPES")]
    # The five Requests with the RP each earned when validated (day, RP).
    s.validated[0] = [request("DUO-ACH-PHI-OBL"), 1, 4, request("SHAPES-HAR"), 2, 5,
                      request("MONO-EXA"), 2, 6, request("PRISM-a"), 3, 5,
                      request("EITHER-HAR-EXA"), 3, 4]
    s.bonus2[0], s.rp[0], s.planning[0] = 1, 3, 0
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
