"""What a client draws Winter Queen's board with: hexes, zones and the stacks' sides.

>>> cells = layout()["cells"]
>>> len(cells), cells[12]["cell"], cells[12]["zone"]
(25, 'c3', 'royal')
"""

from __future__ import annotations

from typing import Any

from wintergames.games.winter_queen.components import EFFECT_TITLES, ROYAL, WQ


def _colour(c: int) -> str | None:
    return WQ.colours[c] if c >= 0 else None


def layout() -> dict[str, Any]:
    """Cells in axial coordinates (q = column, r = row), their zones and the colours; the
    spellbooks' pages and the royal tokens' printed floes by id, so a client names a book
    by its effects (a used book has left every observation, but the log still speaks of
    it) and never shows its id (issue 21)."""
    return {
        "cells": [
            {"cell": name, "q": q, "r": r, "edge": edge,
             "zone": "royal" if zone == ROYAL else WQ.provinces[zone]}
            for name, (q, r), zone, edge in zip(WQ.cell_names, WQ.coords, WQ.zone, WQ.edge,
                                                strict=True)
        ],
        "provinces": list(WQ.provinces),
        "colours": list(WQ.colours),
        "books": {
            book.id: [{"effect": page.effect, "title": EFFECT_TITLES[page.effect],
                       "depicts": _colour(page.depicted)} for page in book.pages]
            for book in WQ.books
        },
        "royal_tokens": {token.id: _colour(token.depicts) for token in WQ.royal_tokens},
    }
