"""End-of-game scoring (RB "End of Game: Scoring" and its example, "Decree Cards"; the
Decree kinds are C6 in components/ice.md). Expected numbers are worked by hand; the SETS
optimum is checked against a brute force written here."""

from __future__ import annotations

from functools import cache
from itertools import combinations, product

import pytest

from wintergames.games.ice.model import PRISMATIC, TYPES, Decree, Request
from wintergames.games.ice.params import DEFAULT
from wintergames.games.ice.payment import Item, pays, rp_of, study
from wintergames.games.ice.scoring import Breakdown, decree_points, final_score, sets_points

HAR, EXA, ACH, PHI, OBL = (TYPES.index(n) for n in
                           ("harmony", "exalted", "achievement", "philosophical", "obliteration"))

TOKENS = Decree("D-TOKENS", "tokens", -1, "")
STUDY = Decree("D-STUDY", "study", -1, "")
SETS = Decree("D-SETS", "sets", -1, "")
SHAPES = Decree("D-SHAPES", "shapes", -1, "")


def type_decree(t: int) -> Decree:
    return Decree(f"D-{TYPES[t]}", "type", t, "")


class Maker:
    """Artifacts with fresh refs; Anima 1 = Surface, 2 = Deep."""

    def __init__(self) -> None:
        self.next = 0

    def art(self, t: int, shape: int = 1, anima: int = 1) -> Item:
        self.next += 1
        return Item("artifact", self.next, t, shape, anima)

    def prism(self, anima: int = 1) -> Item:
        self.next += 1
        return Item("artifact", self.next, PRISMATIC, 0, anima)


def test_tokens_and_study() -> None:
    m = Maker()
    held = [m.art(HAR), m.prism(), study(EXA), study(OBL), study(PHI)]
    assert decree_points(TOKENS, held, 5, DEFAULT) == 5
    assert decree_points(TOKENS, [], 0, DEFAULT) == 0
    assert decree_points(STUDY, held, 5, DEFAULT) == 3
    assert decree_points(STUDY, held[:2], 5, DEFAULT) == 0


def test_type_counts_anima_of_artifacts_and_study_not_prismatics() -> None:
    m = Maker()
    held = [m.art(HAR, 1, 2), m.art(HAR, 2), study(HAR), m.prism(2), m.prism(), m.art(EXA, 3, 2)]
    assert decree_points(type_decree(HAR), held, 0, DEFAULT) == 2 + 1 + 1
    assert decree_points(type_decree(EXA), held, 0, DEFAULT) == 2
    assert decree_points(type_decree(OBL), held, 0, DEFAULT) == 0


@pytest.mark.parametrize(("counts", "points"), [
    ((1, 1, 1, 1, 1), 4),     # one set of 5
    ((1, 1, 1, 1, 0), 2),     # one set of 4
    ((1, 1, 1, 0, 0), 0),
    ((2, 2, 2, 2, 1), 6),     # 5-set + 4-set
    ((2, 2, 2, 2, 2), 8),     # two 5-sets
    ((3, 3, 3, 3, 0), 6),     # three 4-sets
    ((3, 3, 3, 3, 1), 8),     # 5-set + two 4-sets (three 4-sets + nothing would be 6)
    ((4, 1, 1, 1, 1), 4),     # the extra HARs form nothing
    ((2, 2, 1, 1, 1), 4),     # 5-set; the rest {HAR, EXA} is too small
    ((3, 3, 2, 2, 0), 4),     # two 4-sets; the third lacks two types
])
def test_sets_by_hand(counts: tuple[int, ...], points: int) -> None:
    m = Maker()
    # Surface and Deep mixed: a Deep Artifact is still one item of a set.
    held = [m.art(t, 1 + k % 3, 1 + k % 2) for t, c in enumerate(counts) for k in range(c)]
    held += [m.prism(), m.prism(2)]     # never count, never fill a gap
    assert decree_points(SETS, held, 0, DEFAULT) == points


def test_sets_study_tokens_count_and_prismatics_do_not() -> None:
    m = Maker()
    held = [study(HAR), study(EXA), m.art(ACH), m.art(PHI, 2, 2), m.prism(), m.prism()]
    assert decree_points(SETS, held, 0, DEFAULT) == 2           # HAR EXA ACH PHI
    assert decree_points(SETS, [*held, study(OBL)], 0, DEFAULT) == 4


@cache
def brute_sets(counts: tuple[int, ...]) -> int:
    """Try every way to take one group of 4 or 5 different types, recursively."""
    best = 0
    for size, pts in ((5, 4), (4, 2)):
        for group in combinations(range(5), size):
            if all(counts[t] > 0 for t in group):
                rest = tuple(c - (t in group) for t, c in enumerate(counts))
                best = max(best, pts + brute_sets(rest))
    return best


def test_sets_optimum_matches_brute_force() -> None:
    for counts in product(range(5), repeat=5):
        assert sets_points(counts, DEFAULT.sets_rp) == brute_sets(counts), counts


def test_shapes_rulebook_example() -> None:
    """RB: "a set of 2 different Shapes scores 2 RP, a set of 3 different Shapes scores 4
    RP, and a further single unmatched Shape scores 0 RP, for a total of 6 RP"."""
    m = Maker()
    held = [m.art(HAR, 1), m.art(HAR, 2, 2),                   # 2 shapes: 2
            m.art(EXA, 1), m.art(EXA, 2), m.art(EXA, 3, 2),    # 3 shapes: 4
            m.art(ACH, 2)]                                     # single: 0
    assert decree_points(SHAPES, held, 0, DEFAULT) == 6
    # More of a Type scores nothing more: "You can score only once per Artifact type".
    held += [m.art(EXA, 1), m.art(HAR, 1), m.art(HAR, 2)]
    assert decree_points(SHAPES, held, 0, DEFAULT) == 6


def test_shapes_ignores_study_and_prismatics() -> None:
    m = Maker()
    no_shape = [m.art(OBL, 3), study(OBL), m.prism(), m.prism(2)]
    assert decree_points(SHAPES, no_shape, 0, DEFAULT) == 0
    assert decree_points(SHAPES, [m.art(OBL, 3), m.art(OBL, 1), study(PHI)], 0, DEFAULT) == 2


def test_unknown_decree_kind() -> None:
    with pytest.raises(ValueError, match="unknown Decree kind"):
        decree_points(Decree("X", "bogus", -1, ""), [], 0, DEFAULT)


def test_breakdown_adds_up() -> None:
    b = Breakdown(decrees=(1, 2, 3), requests=(4, 5), bonuses=2, tokens=3, planning=1)
    assert b.total == 21
    assert b.parts == {"decrees": 6, "requests": 9, "bonuses": 2, "tokens": 3, "planning": 1}


def test_planning_token_is_one_rp() -> None:
    assert final_score([], [], [], 0, 0, planning=True, params=DEFAULT).total == 1
    assert final_score([], [], [], 0, 0, planning=False, params=DEFAULT).total == 0


def test_rulebook_end_of_game_example() -> None:
    """RB: Daniele scores 11 RP (2 + 3 + 6) with the Decrees, 24 RP (4 + 5 + 6 + 5 + 4)
    from 5 validated Requests, a 2 RP bonus for a second Request on Day 3 and 3 RP tokens:
    40 RP (11 + 24 + 2 + 3)."""
    m = Maker()
    har1, har2 = m.art(HAR, 1), m.art(HAR, 2)
    exa1, exa2, exa3 = m.art(EXA, 1, 2), m.art(EXA, 2), m.art(EXA, 3, 2)
    ach1 = m.art(ACH, 1)
    pri_a, pri_b = m.prism(), m.prism()
    phi = study(PHI)
    # Five Requests, each paid from her collection (no item twice):
    duo = Request("R-DUO", "duo", (ACH, PHI, OBL), 4, 0, "", need=2)
    shapes = Request("R-SHA", "shapes", (HAR,), 5, 9, "", need=2)
    mono = Request("R-MONO", "mono", (EXA,), 6, 0, "", need=3)
    prism = Request("R-PRI", "prism", (PRISMATIC,), 5, 0, "", need=2)
    either = Request("R-EIT", "either", (HAR, EXA), 4, 0, "", need=2)
    paid = [(duo, [ach1, phi]),              # Achievement + Philosophical Study token
            (shapes, [har1, har2]),          # 2 Harmony Shapes: 5 (not 9)
            (mono, [exa1, exa2]),            # 2 + 1 Exalted Anima
            (prism, [pri_a, pri_b]),         # 1 + 1 Prismatic Anima
            (either, [exa3])]                # one Deep Exalted: 2 Anima
    used = [i for _, p in paid for i in p]
    assert len(used) == len(set(used))
    assert all(pays(r, p) for r, p in paid)
    validated = [(r, rp_of(r, p)) for r, p in paid]
    assert [rp for _, rp in validated] == [4, 5, 6, 5, 4]

    # Decrees at the end, over everything (the Study token unflipped again):
    #   SETS: items per type HAR 2, EXA 3, ACH 1, PHI 1 (Study), OBL 0 -> no set of 5,
    #         one set of 4 (a second would need 8 items from 4 types with 1 ACH) = 2
    #   TOKENS: 3 RP tokens = 3
    #   SHAPES: HAR {1, 2} = 2, EXA {1, 2, 3} = 4, ACH {1} unmatched = 0 -> 6
    held = [har1, har2, exa1, exa2, exa3, ach1, pri_a, pri_b, phi]
    score = final_score([SETS, TOKENS, SHAPES], held, validated, bonuses=1, rp_tokens=3,
                        planning=False, params=DEFAULT)
    assert score.decrees == (2, 3, 6)
    assert score.requests == (4, 5, 6, 5, 4)
    assert (score.bonuses, score.tokens, score.planning) == (2, 3, 0)
    assert score.total == 40
