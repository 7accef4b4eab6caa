"""Paying Request cards (RB "Request Validation", "Study", "Prismatic Artifacts", "Request
Cards", FAQ on overpaying; the kinds are C5 in components/ice.md). Expected answers are
worked by hand, and ``payments`` is checked against a brute force written here."""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations

import pytest

from wintergames.games.ice.components import IC
from wintergames.games.ice.model import PRISMATIC, TYPES, Request
from wintergames.games.ice.payment import Item, payments, pays, rp_of, study

HAR, EXA, ACH, PHI, OBL = (TYPES.index(n) for n in
                           ("harmony", "exalted", "achievement", "philosophical", "obliteration"))

_refs = iter(range(1000, 10**6))


def art(t: int, shape: int = 1, anima: int = 1, ref: int | None = None) -> Item:
    """An Artifact; Anima 1 = Surface, 2 = Deep."""
    return Item("artifact", next(_refs) if ref is None else ref, t, shape, anima)


def prism(anima: int = 1, ref: int | None = None) -> Item:
    return Item("artifact", next(_refs) if ref is None else ref, PRISMATIC, 0, anima)


def req(kind: str, *types: int, rp: int = 4, rp3: int = 0) -> Request:
    """A Request of ``kind`` costing what the printed cards of its kind cost."""
    return Request(id=f"{kind}-{types}", kind=kind, types=tuple(types), rp=rp, rp3=rp3,
                   text="", need=IC.request_cost.get(kind, 1))


MONO = req("mono", HAR, rp=6)
SHAPES = req("shapes", ACH, rp=5, rp3=9)
EITHER = req("either", EXA, HAR)
DUO = req("duo", EXA, PHI, OBL)
TRIO = req("trio", OBL, PHI, HAR, rp=5)
PRISM = req("prism", PRISMATIC, rp=5)


# --- pays: each kind by hand -------------------------------------------------------------

@pytest.mark.parametrize(("items", "ok"), [
    ([art(HAR), art(HAR, 2), art(HAR, 3)], True),          # 1 + 1 + 1
    ([art(HAR, anima=2), prism()], True),                   # Prismatic wild: 2 + 1
    ([art(HAR, anima=2), study(HAR)], True),                # Study token = 1 Anima
    ([art(HAR), prism(), study(HAR)], True),
    ([art(HAR, anima=2), study(EXA)], False),               # other Type's Study token
    ([art(HAR, anima=2), art(EXA)], False),
    ([art(HAR, anima=2), art(HAR, anima=2)], True),         # overpays 4 for 3 (FAQ)
    ([art(HAR, anima=2), art(HAR, anima=2), art(HAR)], False),   # the 1 is useless
    ([art(HAR), art(HAR), art(HAR), art(HAR)], False),      # a fourth is useless
    ([art(HAR), art(HAR)], False),                          # 2 Anima only
    ([prism(2), prism()], True),                            # Prismatics alone stand for HAR
    ([], False),
])
def test_mono(items: list[Item], ok: bool) -> None:
    assert pays(MONO, items) is ok


@pytest.mark.parametrize(("items", "ok"), [
    ([art(ACH, 1), art(ACH, 2)], True),
    ([art(ACH, 1), art(ACH, 2), art(ACH, 3)], True),
    ([art(ACH, 1, anima=2), art(ACH, 3)], True),            # Anima plays no part
    ([art(ACH, 1), art(ACH, 1)], False),                    # the same Shape twice
    ([art(ACH, 1), art(ACH, 2), art(ACH, 2)], False),
    ([art(ACH, 1), prism()], False),                        # Prismatics have no Shape
    ([art(ACH, 1), study(ACH)], False),                     # Study tokens have no Shape
    ([art(ACH, 1), art(EXA, 2)], False),
    ([art(ACH, 1)], False),
    ([art(ACH, 1), art(ACH, 2), art(ACH, 3), art(ACH, 1)], False),
])
def test_shapes(items: list[Item], ok: bool) -> None:
    assert pays(SHAPES, items) is ok


def test_shapes_rp_depends_on_the_number_of_shapes() -> None:
    assert rp_of(SHAPES, [art(ACH, 1), art(ACH, 3)]) == 5
    assert rp_of(SHAPES, [art(ACH, 3), art(ACH, 1), art(ACH, 2)]) == 9


@pytest.mark.parametrize(("items", "ok"), [
    ([art(EXA, anima=2)], True),                            # 1 Deep Artifact
    ([art(HAR), study(HAR)], True),
    ([art(EXA), prism()], True),
    ([prism(), prism()], True),
    ([art(EXA), art(HAR)], False),                          # all of T1 OR all of T2
    ([study(EXA), study(HAR)], False),
    ([art(EXA, anima=2), art(EXA)], False),                 # the 1 is useless
    ([art(EXA)], False),
    ([art(PHI, anima=2)], False),
])
def test_either(items: list[Item], ok: bool) -> None:
    assert pays(EITHER, items) is ok


@pytest.mark.parametrize(("items", "ok"), [
    ([art(EXA), art(PHI, anima=2)], True),
    ([study(OBL), prism()], True),                          # Prismatic takes EXA or PHI
    ([prism(), prism(2)], True),
    ([study(EXA), study(PHI)], True),
    ([art(EXA), art(EXA, 2)], False),                       # two of the same Type
    ([art(EXA), study(EXA)], False),
    ([art(EXA), art(HAR)], False),                          # HAR is not on the card
    ([prism(), art(HAR)], False),
    ([art(EXA), art(PHI), art(OBL)], False),                # exactly 2 items
    ([art(EXA, anima=2)], False),
])
def test_duo(items: list[Item], ok: bool) -> None:
    assert pays(DUO, items) is ok


@pytest.mark.parametrize(("items", "ok"), [
    ([art(OBL), art(PHI), art(HAR)], True),
    ([art(OBL, anima=2), study(PHI)], True),
    ([prism(2), prism()], True),
    ([art(OBL, anima=2), art(PHI, anima=2)], True),         # 2-Anima Artifact overpays 1
    ([art(OBL, anima=2), art(PHI, anima=2), art(HAR)], False),
    ([art(OBL, anima=2), art(EXA)], False),                 # EXA is not on the card
    ([art(OBL, anima=2), study(EXA)], False),
    ([art(OBL), art(OBL)], False),
])
def test_trio(items: list[Item], ok: bool) -> None:
    assert pays(TRIO, items) is ok


@pytest.mark.parametrize(("items", "ok"), [
    ([prism(2)], True),
    ([prism(), prism()], True),
    ([prism(), art(HAR)], False),                           # Prismatic Anima only
    ([prism(), study(HAR)], False),
    ([art(HAR, anima=2)], False),
    ([prism(2), prism()], False),                           # the 1 is useless
    ([prism()], False),
])
def test_prism(items: list[Item], ok: bool) -> None:
    assert pays(PRISM, items) is ok


def test_the_same_item_twice_never_pays() -> None:
    a = art(HAR, anima=2, ref=7)
    assert not pays(EITHER, [a, a]) and not pays(MONO, [a, a])
    assert not pays(DUO, [study(EXA), study(EXA)])


def test_rp_of_refuses_a_non_payment() -> None:
    assert rp_of(TRIO, [art(OBL), art(PHI), art(HAR)]) == 5
    with pytest.raises(ValueError, match="not paid"):
        rp_of(TRIO, [art(OBL), art(PHI)])


# --- payments: by hand ---------------------------------------------------------------------

def refs(p: Sequence[Item]) -> list[tuple[str, int]]:
    return [(i.kind, i.ref) for i in p]


def test_payments_mono_by_hand() -> None:
    surf_a, surf_b = art(HAR, 1, ref=3), art(HAR, 1, ref=7)   # identical: ref 3 is chosen
    deep = art(HAR, 2, anima=2, ref=50)
    wild = prism(ref=90)
    held = [surf_b, deep, wild, surf_a, study(HAR), study(EXA), art(EXA, ref=11)]
    got = payments(MONO, held)
    want = [
        {("artifact", 3), ("artifact", 50)}, {("artifact", 50), ("artifact", 90)},
        {("artifact", 50), ("study", HAR)},
        {("artifact", 3), ("artifact", 7), ("artifact", 90)},
        {("artifact", 3), ("artifact", 7), ("study", HAR)},
        {("artifact", 3), ("artifact", 90), ("study", HAR)},
    ]
    assert [len(p) for p in got] == [2, 2, 2, 3, 3, 3]   # all 3 Anima: fewest items first
    assert sorted(map(sorted, want)) == sorted(sorted(refs(p)) for p in got)


def test_a_flipped_study_token_is_simply_not_passed() -> None:
    held = [art(OBL, anima=2, ref=5), art(EXA, ref=6)]
    assert refs(payments(TRIO, [*held, study(PHI)])[0]) == [("artifact", 5), ("study", PHI)]
    assert payments(TRIO, held) == []   # PHI flipped: the caller leaves it out


def test_payments_shapes_lists_pairs_and_the_trio() -> None:
    held = [art(ACH, 1, ref=1), art(ACH, 1, anima=2, ref=2), art(ACH, 2, ref=3),
            art(ACH, 3, ref=4), prism(ref=5), study(ACH)]
    got = [refs(p) for p in payments(SHAPES, held)]
    # shape 1 Surface (1) or Deep (2), with shape 2 or 3 or both; 2 + 3 alone.
    assert len(got) == 3 * 2 + 1
    assert [("artifact", 1), ("artifact", 3), ("artifact", 4)] in got
    assert [("artifact", 2), ("artifact", 3), ("artifact", 4)] in got
    assert [("artifact", 3), ("artifact", 4)] in got


def test_payments_duo_and_prism() -> None:
    held = [prism(ref=1), prism(ref=2), prism(2, ref=3), art(EXA, ref=4), study(OBL)]
    duo = {frozenset(refs(p)) for p in payments(DUO, held)}
    assert duo == {frozenset(s) for s in (
        [("artifact", 1), ("artifact", 2)], [("artifact", 1), ("artifact", 3)],
        [("artifact", 1), ("artifact", 4)], [("artifact", 1), ("study", OBL)],
        [("artifact", 3), ("artifact", 4)], [("artifact", 3), ("study", OBL)],
        [("artifact", 4), ("study", OBL)])}
    # Both 2 Anima: the single Deep Prismatic first (fewer items).
    assert [refs(p) for p in payments(PRISM, held)] == [
        [("artifact", 3)], [("artifact", 1), ("artifact", 2)]]


# --- payments: against brute force -----------------------------------------------------------

def _roles(kind: str, item: Item) -> set[int]:
    """The Types an item may stand for on a card of this kind."""
    if item.kind == "artifact" and item.type == PRISMATIC:
        return set() if kind == "shapes" else set(range(len(TYPES)))
    return {item.type}


def covers(r: Request, sub: Sequence[Item]) -> bool:
    """Whether ``sub`` meets the cost, minimal or not: the C5 table, read afresh."""
    anima = sum(i.anima for i in sub)
    types = set(r.types)
    if r.kind == "mono":
        return anima >= 3 and all(r.types[0] in _roles(r.kind, i) for i in sub)
    if r.kind == "either":
        return anima >= 2 and any(all(t in _roles(r.kind, i) for i in sub) for t in r.types)
    if r.kind == "trio":
        return anima >= 3 and all(_roles(r.kind, i) & types for i in sub)
    if r.kind == "prism":
        return anima >= 2 and all(i.type == PRISMATIC for i in sub)
    if r.kind == "duo":
        return len(sub) == 2 and any(
            a != b for a in _roles(r.kind, sub[0]) & types for b in _roles(r.kind, sub[1]) & types)
    assert r.kind == "shapes"
    return (len(sub) in (2, 3) and all(i.kind == "artifact" and i.type == r.types[0] for i in sub)
            and len({i.shape for i in sub}) == len(sub))


def brute_payments(r: Request, held: list[Item]) -> dict[tuple[tuple[str, int, int, int], ...],
                                                          list[int]]:
    """Every minimal payment over all subsets, by signature multiset -> lowest refs."""
    def sig(i: Item) -> tuple[str, int, int, int]:
        return (i.kind, i.type, i.shape, i.anima)

    out: dict[tuple[tuple[str, int, int, int], ...], list[int]] = {}
    for n in range(1, len(held) + 1):
        for sub in combinations(held, n):
            if not covers(r, sub):
                continue
            # Leaving one out must lose the card, or (SHAPES) change its RP: 3 Shapes pay 9.
            if r.kind != "shapes" and any(covers(r, sub[:k] + sub[k + 1:]) for k in range(n)):
                continue
            key = tuple(sorted(sig(i) for i in sub))
            rs = sorted(i.ref for i in sub)
            if key not in out or rs < out[key]:
                out[key] = rs
    return out


def all_requests() -> list[Request]:
    """The 41 different cards of C5, rebuilt from its table."""
    out = [req("mono", t, rp=6) for t in range(5)]
    out += [req("shapes", t, rp=5, rp3=9) for t in range(5)]
    out += [req("either", *p) for p in combinations(range(5), 2)]
    out += [req("duo", *p) for p in combinations(range(5), 3)]
    out += [req("trio", *p, rp=5) for p in combinations(range(5), 3)]
    return [*out, req("prism", PRISMATIC, rp=5)]


def random_holding(rng: random.Random, n: int) -> list[Item]:
    held: list[Item] = []
    for _ in range(n):
        t = rng.choice([*range(5), PRISMATIC, PRISMATIC])
        anima = rng.choice((1, 1, 2))
        held.append(art(t, 0 if t == PRISMATIC else rng.randint(1, 3), anima))
    held += [study(t) for t in rng.sample(range(5), rng.randint(0, 3))]
    rng.shuffle(held)
    return held


def test_payments_match_brute_force() -> None:
    rng = random.Random(11)
    cards = all_requests()
    assert len(cards) == 41
    # ... and the cards as the data files give them (each different card once).
    cards += list({(r.kind, r.types): r for r in IC.requests}.values())
    for _ in range(40):
        held = random_holding(rng, rng.randint(2, 7))
        for r in cards:
            got = payments(r, held)
            want = brute_payments(r, held)
            keys = [tuple(sorted((i.kind, i.type, i.shape, i.anima) for i in p)) for p in got]
            assert len(keys) == len(set(keys)), (r, got)          # each multiset once
            assert dict(zip(keys, (sorted(i.ref for i in p) for p in got), strict=True)) == want
            animas = [sum(i.anima for i in p) for p in got]
            assert animas == sorted(animas)                        # fewest Anima first
            assert all(pays(r, p) for p in got)


def test_unknown_kind_is_an_error() -> None:
    with pytest.raises(ValueError, match="unknown Request kind"):
        pays(req("bogus", HAR), [art(HAR)])
