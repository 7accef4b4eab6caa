"""What a client draws Snow Time with: the tree's levels, the track and the cards.

>>> data = layout()
>>> data["levels"], data["finish"], data["cards"][-3:]
(7, 30, ['healer', 'watcher', 'snowstorm'])
"""

from __future__ import annotations

from typing import Any

from wintergames.games.snow_time.components import ST


def layout() -> dict[str, Any]:
    return {
        "levels": ST.levels,
        "finish": ST.finish,
        "bonuses": [{"space": space, "kind": kind, "value": value}
                    for space, (kind, value) in sorted(ST.bonuses.items())],
        "colours": list(ST.colours),
        "cards": [str(n) for n in range(1, ST.characters + 1)] + list(ST.specials),
    }
