"""An estimate of each seat's final VP, for bots: VP so far plus what its books hold.

Books still held are scored at the end without being discarded, so a book's filled pages
count what they would score on the board as it lies now; an empty page is worth a little
while floes can still be placed.

>>> import wintergames as wg
>>> estimate(wg.make("winter-queen", 2, seed=1))
[0.0, 0.0]
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wintergames.games.winter_queen.scoring import score_page

if TYPE_CHECKING:
    from wintergames.core.state import State
    from wintergames.games.winter_queen.state import WinterQueenState

EMPTY_PAGE = 1.5  # about a third of a typical filled page
SCALE = 5.0  # VP that make a clear difference between two seats


def estimate(state: State) -> list[float]:
    s: WinterQueenState = state  # type: ignore[assignment]
    open_pages = 0.0 if s.is_over else EMPTY_PAGE
    totals = []
    for p in range(s.num_players):
        total = float(s.vp[p])
        if not s.is_over:  # at the end, held books are already in the VP
            for entry in s.books[p]:
                for side in (0, 1):
                    colour = entry[1 + side]
                    total += score_page(s, p, entry[0], side, colour)[0] if colour >= 0 \
                        else open_pages
        totals.append(total)
    return totals
