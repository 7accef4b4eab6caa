"""What a what-if overlay of Snow Time may change, and the numbers a game plays with.

``SCHEMA`` lists every rule number and component value a designer may change (the
option ``overlay``, see ``core.overlay``), each with its default read from the data
files, its meaning and its bounds. ``params_for(overlay)`` gives the ``Params`` a game
plays with: made once per distinct overlay and shared by every state that uses it (a
clone shares its original's), so the rules read a value with one attribute lookup.

Left out, as no value of them keeps the game whole: the number of characters and
levels (every card's index, action and view is sized by them), the colours, the special
cards and which are single use (names, not numbers), and where the bonus spaces lie
(moved, two kinds could share a space).

>>> params_for(None).finish, params_for({"track.finish": 40}).finish
(30, 40)
>>> params_for({"bonus.fight.value": 3}).bonus_at[7]
(0, 3)
>>> params_for({}) is params_for(None)
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from wintergames.core.overlay import OverlaySchema, Param, Value
from wintergames.games.snow_time.components import POINT_KINDS, ST

FINISH_MOST = 60  # the longest track an overlay may ask for (twice the printed one)
POINTS_MOST = 5  # the most points an overlay may make one scoring event worth
BONUS_MOST = 10  # the largest bonus an overlay may give a bonus space


def _spaces(kind: str) -> str:
    return ", ".join(str(space) for space, (k, _) in ST.bonuses.items() if k == kind)


def _points(key: str, name: str, low: int, meaning: str) -> Param:
    return Param(key, ST.points[name], meaning, low=low, high=POINTS_MOST)


SCHEMA = OverlaySchema("snow-time", [
    Param("track.finish", ST.finish,
          "the last space of the score track: the first pawn to reach it wins",
          low=1, high=FINISH_MOST),
    *(Param(f"bonus.{kind}.value", ST.bonus_values[kind],
            f"spaces a pawn moves on from a {kind} bonus space ({_spaces(kind)}) if its "
            f"colour scored {kind} points that turn", low=0, high=BONUS_MOST)
      for kind in POINT_KINDS),
    _points("fight.brawl.points", "brawl", 0,
            "fight points each character on a shared level scores per other character there"),
    _points("fight.knock_down.points", "knock_down", 0,
            "fight points a lone character scores per character it knocks off the level "
            "below"),
    _points("special.snowstorm.points", "snowstorm", 0,
            "fight points a Snowstorm's owner scores per character it blows down"),
    _points("fruit.eat.points", "fruit", 0, "fruit points per fruit eaten"),
    # At least 1, so that some point is scored in any turn a character stays in the tree
    # and every game ends, even with every other kind of point at 0.
    _points("mana.points", "mana", 1, "mana points of the character lowest in the tree"),
    Param("fruit.supply", ST.fruit, "fruit tokens in the supply at the start",
          low=0, high=4 * ST.fruit),
    Param("fruit.dice", ST.dice,
          "dice rolled at the start of each turn, each putting one fruit on the tree "
          "(fewer when the supply runs low)", low=0, high=6),
    Param("fruit.die_levels", ST.die_levels,
          f"the level each die face 1 to 6 puts its fruit on; never the top level, "
          f"{ST.levels}", low=1, high=ST.levels - 1),
    Param("special.healer.takes_back", ST.healer_takes_back,
          "the most fallen characters a revealed Healer takes back (all come back when "
          "every one has fallen)", low=0, high=ST.characters - 1),
])


@dataclass(frozen=True, slots=True)
class Params:
    """The numbers one game plays with (the printed ones, or an overlay's)."""

    finish: int  # the last space of the score track
    bonus_at: tuple[tuple[int, int] | None, ...]  # by space 0..finish: (kind, bonus) or None
    bonuses: tuple[tuple[int, str, int], ...]  # the bonus spaces: (space, kind, bonus)
    # The same as the views list them, made once: a view copies them (issue 14), which
    # costs half of building them on every observation.
    bonus_views: tuple[dict[str, Any], ...] = field(compare=False, repr=False)
    brawl_points: int  # per other character on the level
    knock_down_points: int  # per character knocked off the level below
    snowstorm_points: int  # per character blown down
    fruit_points: int  # per fruit eaten
    mana_points: int  # for the lowest character in the tree
    fruit: int  # fruit in the supply at the start
    dice: int  # dice rolled a turn (fewer when the supply is short)
    die_levels: tuple[int, ...]  # the level for die face 1..6
    healer_takes_back: int  # the most discarded characters a Healer chooses to take back


def params_for(overlay: Mapping[str, Any] | None) -> Params:
    """The ``Params`` of a game whose options hold ``overlay`` (checked here; a snapshot
    read back may hold lists where a game made in this process held tuples)."""
    key = tuple(sorted((k, tuple(v) if isinstance(v, list) else v)
                       for k, v in (overlay or {}).items()))
    return _params(key)


@lru_cache(maxsize=256)  # a sweep makes many overlays; each is a few hundred bytes
def _params(key: tuple[tuple[str, Value], ...]) -> Params:
    v = SCHEMA.values(dict(key))

    def whole(name: str) -> int:
        value = v[name]
        assert isinstance(value, int), name  # SCHEMA checked it against its default
        return value

    levels = v["fruit.die_levels"]
    assert isinstance(levels, tuple)
    finish = whole("track.finish")
    bonus_at = _bonus_at(finish, {kind: whole(f"bonus.{kind}.value") for kind in POINT_KINDS})
    bonuses = tuple((space, POINT_KINDS[b[0]], b[1])
                    for space, b in enumerate(bonus_at) if b is not None)
    return Params(
        finish=finish,
        bonus_at=bonus_at,
        bonuses=bonuses,
        bonus_views=tuple({"space": space, "kind": kind, "value": value}
                          for space, kind, value in bonuses),
        brawl_points=whole("fight.brawl.points"),
        knock_down_points=whole("fight.knock_down.points"),
        snowstorm_points=whole("special.snowstorm.points"),
        fruit_points=whole("fruit.eat.points"),
        mana_points=whole("mana.points"),
        fruit=whole("fruit.supply"),
        dice=whole("fruit.dice"),
        die_levels=tuple(int(x) for x in levels),
        healer_takes_back=whole("special.healer.takes_back"),
    )


def _bonus_at(finish: int, value: dict[str, int]) -> tuple[tuple[int, int] | None, ...]:
    """Each space's bonus, (kind, bonus), or ``None``. A bonus space at or past the last
    space is off the track: a pawn that gets there has won before any bonus is paid."""
    out: list[tuple[int, int] | None] = []
    for space in range(finish + 1):
        bonus = ST.bonus_at(space) if space < finish else None
        out.append(None if bonus is None else (POINT_KINDS.index(bonus[0]), value[bonus[0]]))
    return tuple(out)
