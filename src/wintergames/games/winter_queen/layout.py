"""What a client draws Winter Queen's board with: hexes, zones and the stacks' sides.

>>> cells = layout()["cells"]
>>> len(cells), cells[12]["cell"], cells[12]["zone"]
(25, 'c3', 'royal')
"""

from __future__ import annotations

from typing import Any

from wintergames.games.winter_queen.components import ROYAL, WQ


def layout() -> dict[str, Any]:
    """Cells in axial coordinates (q = column, r = row), their zones and the colours."""
    return {
        "cells": [
            {"cell": name, "q": q, "r": r, "edge": edge,
             "zone": "royal" if zone == ROYAL else WQ.provinces[zone]}
            for name, (q, r), zone, edge in zip(WQ.cell_names, WQ.coords, WQ.zone, WQ.edge,
                                                strict=True)
        ],
        "provinces": list(WQ.provinces),
        "colours": list(WQ.colours),
    }
