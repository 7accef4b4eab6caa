"""An estimate of each seat's final Magic Points, for bots.

Points so far (exams and lesson cards), plus part of every exam on the board for the
share of its icons the seat's face-up lessons already pay (Water pays any icon).

>>> import wintergames as wg
>>> estimate(wg.make("icecool-wizards", 2, seed=1))
[0.0, 0.0]
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wintergames.games.icecool_wizards.components import IW

if TYPE_CHECKING:
    from wintergames.core.state import State
    from wintergames.games.icecool_wizards.state import IcecoolState

EXAM_SHARE = 0.5  # an exam half paid for is worth a quarter of its points
SCALE = 6.0  # one two-lesson exam

ICON_OF = tuple(t.icon for t in IW.types)
WILD = frozenset(IW.spell_types("wild"))


def lesson_icons(state: IcecoolState, player: int) -> tuple[list[int], int]:
    """The seat's face-up lessons: how many of each icon, and how many wild (Water)."""
    have = [0] * len(IW.icons)
    wild = 0
    for t, count in enumerate(state.lessons_up[player]):
        if count:
            if t in WILD:
                wild += count
            else:
                have[ICON_OF[t]] += count
    return have, wild


def exam_progress(state: IcecoolState, player: int) -> float:
    """Points the seat's face-up lessons are on the way to, over the exams on the board."""
    have, wild = lesson_icons(state, player)
    vp = state.params.exam_vp  # the exams' worth in this game (an overlay may change it)
    total = 0.0
    for exam_id in state.exam_spaces:
        if exam_id < 0:
            continue
        icons = IW.exams[exam_id].icons
        paid = sum(1 for icon in icons if have[icon])
        paid = min(len(icons), paid + wild)
        total += vp[exam_id] * EXAM_SHARE * (paid / len(icons)) ** 2
    return total


def estimate(state: State) -> list[float]:
    s: IcecoolState = state  # type: ignore[assignment]
    scores = s.scores()
    if s.is_over:
        return [float(x) for x in scores]
    return [scores[p] + exam_progress(s, p) for p in range(s.num_players)]
