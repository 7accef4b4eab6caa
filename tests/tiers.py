"""The suite's two tiers (issue 37): the fast one and the soak.

``make test`` (and a bare ``pytest``: pyproject's ``addopts`` say ``-m "not soak"``) runs
every test not marked ``soak``; ``make soak`` runs them all. A long sweep keeps a slice of
its seeds in the fast tier, so that tier still plays every player count to the end through
the shared checks, and runs the rest, at full size and split into blocks the workers share,
only in the soak tier.
"""

from __future__ import annotations

from typing import Any

import pytest

soak = pytest.mark.soak


def seed_blocks(fast: int, total: int, block: int) -> list[Any]:
    """Parameters for a sweep over ``range(total)``: its first ``fast`` seeds in the fast
    tier, then the rest in blocks of ``block`` seeds, each marked ``soak``.

    >>> [p.id for p in seed_blocks(fast=4, total=20, block=8)]
    ['seeds0-4', 'seeds4-12', 'seeds12-20']
    >>> [bool(p.marks) for p in seed_blocks(fast=4, total=20, block=8)]
    [False, True, True]
    """
    if not 0 < fast <= total or block < 1:
        raise ValueError(f"a sweep needs 0 < fast <= total and block >= 1: "
                         f"{fast=}, {total=}, {block=}")
    params = [pytest.param(range(fast), id=f"seeds0-{fast}")]
    params += [pytest.param(range(start, min(start + block, total)),
                            id=f"seeds{start}-{min(start + block, total)}", marks=soak)
               for start in range(fast, total, block)]
    return params


def soak_only(*values: Any) -> list[Any]:
    """Parameters that run only in the soak tier (each marked ``soak``); a tuple is one
    set of values for several argument names, as in ``parametrize``.

    >>> [(p.values, bool(p.marks)) for p in soak_only(4, (2, "x"))]
    [((4,), True), ((2, 'x'), True)]
    """
    return [pytest.param(*v, marks=soak) if isinstance(v, tuple) else pytest.param(v, marks=soak)
            for v in values]
